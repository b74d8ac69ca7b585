// Relative (file) notation: WXF symbols (`C2.5`, `H8+7`, `R++4`) and Chinese in simplified and
// traditional characters (炮二平五, 马８进７, 前车进四), to and from our integer moves.
//
// Output, one canonical form per notation:
// - WXF: `<letter><identifier><direction><target>` with the WXF letters K A E H R C P, directions
//   `+` (forward) `-` (back) `.` (sideways). Two chariots, horses or cannons on one file are told
//   apart by `+`/`-` after the letter (`R++4`, `C-.5`). Soldiers follow convention A (xqbase,
//   ElephantEye, XQWizard): collect every friendly soldier standing on a file that holds two or
//   more of them, order them from the mover's file 1 to file 9 and front to rear within a file;
//   two of them are `P+`/`P-`, three `P+`/`P.`/`P-`, four or five `Pa`…`Pe`.
// - Chinese: `<piece><file><action><number>` (炮二平五) or `<marker><piece><action><number>`
//   (前车进四). Red writes Chinese numerals, black full-width digits (马８进７). Simplified uses
//   帅仕相马车炮兵 / 将士象马车炮卒, traditional 帥仕相馬車炮兵 / 將士象馬車炮卒 with 進/後.
//   Identical chariots, horses, cannons on one file: 前/后. Soldiers, when only one file holds two
//   or more (convention E of the project's rules): 2 前/后; 3 前/中/后; 4 前/中前/中后/后;
//   5 前/中前/中/中后/后. When two files hold two or more (necessarily 2+2 or 2+3 soldiers), the
//   soldiers are numbered across both files as in convention A: 一兵 … 五兵 (一卒 … 五卒), the
//   marker numeral being Chinese for both colours.
//
// Input accepts every variant we know of: 进/進, 后/後, 马/馬/傌, 车/車/俥, 炮/砲/包, 帅/帥, 将/將,
// ASCII and full-width digits, 一…九 and 壹…玖, xqbase letters (B, N) and WXF letters (E, H) in
// either case, old ICCS letters G and M, number-pad digits 1–7 for K…P, `=` for sideways, the
// sideways sign left out (`C25`), the marker before or after the letter (`+R+1`, `R++1`), and the
// soldier conventions A (`Pa`, `P.`, 一兵), B (`P7.6` for the middle of three, `++`/`--`, `3+.4`,
// `33.4`), C (前/二/三/四/五 on one file, 前兵九平八, 前九平八, `+9.8`), D (`15+1`) and E.
// Every reading of the text is turned into candidate moves and only legal ones count: the text
// must name exactly one legal move. Readings are tried in two tiers (the usual meaning first, the
// rarer conventions and lenient readings second) so that a convention never shadows a legal move
// of the more common one; see `parseReadings`.

import { MoveError, parseIccs } from './iccs';
import { isLegal, isPseudoLegal } from './movegen';
import { Position } from './position';
import {
  ADVISOR,
  CANNON,
  CHARIOT,
  COLOUR_NAMES,
  ELEPHANT,
  HORSE,
  KIND_NAMES,
  KING,
  RED,
  SOLDIER,
  colourOf,
  fileOf,
  kindOf,
  makeMove,
  makeSquare,
  moveFrom,
  moveTo,
  rankOf,
  squareName,
} from './types';

export interface ChineseOptions {
  /** Traditional characters (帥 馬 車 進 後) instead of simplified ones. */
  traditional?: boolean;
}

type Dir = '+' | '-' | '.';

// ---------------------------------------------------------------------------------------------
// Geometry relative to the mover

/** The mover's own file number 1..9 of an absolute file 0..8 (red counts from file i, black from a). */
function ownFile(side: number, file: number): number {
  return side === RED ? 9 - file : file + 1;
}
/** The absolute file 0..8 of the mover's file number 1..9. */
function absFile(side: number, own: number): number {
  return side === RED ? 9 - own : own - 1;
}
/** How far forward a rank is for the mover (0 = own back rank). */
function fwdRank(side: number, rank: number): number {
  return side === RED ? rank : 9 - rank;
}

/** Squares of the mover's pieces of one kind on one of its own file numbers, front to rear. */
function piecesOnFile(pos: Position, side: number, kind: number, own: number): number[] {
  const file = absFile(side, own);
  const code = kind | (side << 3);
  const out: number[] = [];
  for (let rank = 0; rank < 10; rank++) {
    const sq = makeSquare(file, rank);
    if (pos.board[sq] === code) out.push(sq);
  }
  out.sort((a, b) => fwdRank(side, rankOf(b)) - fwdRank(side, rankOf(a)));
  return out;
}

/**
 * The files holding two or more of the mover's pieces of one kind, from the mover's file 1 to 9,
 * each listed front to rear (the order of convention A).
 */
function tandemGroups(pos: Position, side: number, kind: number): number[][] {
  const groups: number[][] = [];
  for (let own = 1; own <= 9; own++) {
    const g = piecesOnFile(pos, side, kind, own);
    if (g.length >= 2) groups.push(g);
  }
  return groups;
}

// ---------------------------------------------------------------------------------------------
// Output

const WXF_LETTERS = ' KAEHRCP';
const ZH_PIECES_SIMPLIFIED = [' 帅仕相马车炮兵', ' 将士象马车炮卒'];
const ZH_PIECES_TRADITIONAL = [' 帥仕相馬車炮兵', ' 將士象馬車炮卒'];
const ZH_NUMERALS = ' 一二三四五六七八九';
const FULLWIDTH_DIGITS = '０１２３４５６７８９';

interface Described {
  kind: number;
  side: number;
  dir: Dir;
  target: number;
  /** Own file number of the moving piece. */
  file: number;
  /** Marker in WXF (`+`, `-`, `.`, `a`…`e`), or '' when the file number identifies the piece. */
  wxfMarker: string;
  /** Marker in Chinese: a marker word (前, 中前 …) or a 1-based number across two files; '' for the file number. */
  zhMarker: ZhMarker | '';
}

type ZhMarker = 'front' | 'middle' | 'rear' | 'midFront' | 'midRear' | 1 | 2 | 3 | 4 | 5;

const ZH_MARKER_WORDS: Record<string, [string, string]> = {
  front: ['前', '前'],
  middle: ['中', '中'],
  rear: ['后', '後'],
  midFront: ['中前', '中前'],
  midRear: ['中后', '中後'],
};

/** Chinese markers of n soldiers on one file, front to rear (convention E). */
const ZH_FILE_MARKERS: ZhMarker[][] = [
  [],
  [],
  ['front', 'rear'],
  ['front', 'middle', 'rear'],
  ['front', 'midFront', 'midRear', 'rear'],
  ['front', 'midFront', 'middle', 'midRear', 'rear'],
];

function describeMove(pos: Position, move: number, who: string): Described {
  if (!isPseudoLegal(pos, move) || !isLegal(pos, move)) {
    const name = squareName(moveFrom(move)) + squareName(moveTo(move));
    throw new MoveError('illegal', `${who}: the move ${name} is not legal in this position`);
  }
  const from = moveFrom(move);
  const to = moveTo(move);
  const code = pos.board[from];
  const kind = kindOf(code);
  const side = colourOf(code);
  const x1 = fileOf(from);
  const x2 = fileOf(to);
  const dy = fwdRank(side, rankOf(to)) - fwdRank(side, rankOf(from));
  const dir: Dir = dy === 0 ? '.' : dy > 0 ? '+' : '-';
  const diagonal = kind === ADVISOR || kind === ELEPHANT || kind === HORSE;
  const target = diagonal || dir === '.' ? ownFile(side, x2) : Math.abs(dy);
  const file = ownFile(side, x1);
  let wxfMarker = '';
  let zhMarker: ZhMarker | '' = '';
  if (kind === CHARIOT || kind === HORSE || kind === CANNON) {
    const same = piecesOnFile(pos, side, kind, file);
    if (same.length === 2) {
      const front = same[0] === from;
      wxfMarker = front ? '+' : '-';
      zhMarker = front ? 'front' : 'rear';
    }
  } else if (kind === SOLDIER) {
    const groups = tandemGroups(pos, side, SOLDIER);
    const all = groups.flat();
    const index = all.indexOf(from);
    if (index >= 0) {
      const n = all.length;
      wxfMarker = n === 2 ? '+-'[index] : n === 3 ? '+.-'[index] : 'abcde'[index];
      if (groups.length === 1) {
        zhMarker = ZH_FILE_MARKERS[n][index];
      } else {
        zhMarker = (index + 1) as ZhMarker;
      }
    }
  }
  return { kind, side, dir, target, file, wxfMarker, zhMarker };
}

/** The move in WXF symbols, e.g. `C2.5`, `H8+7`, `R++4`, `Pa.2` (see the header for the conventions). */
export function moveToWxf(pos: Position, move: number): string {
  const d = describeMove(pos, move, 'WXF');
  return WXF_LETTERS[d.kind] + (d.wxfMarker || String(d.file)) + d.dir + String(d.target);
}

/** The move in Chinese, e.g. 炮二平五, 马８进７, 前车进四, 中前兵平四 (see the header for the conventions). */
export function moveToChinese(pos: Position, move: number, options: ChineseOptions = {}): string {
  const d = describeMove(pos, move, 'Chinese');
  const trad = options.traditional ? 1 : 0;
  const piece = (trad ? ZH_PIECES_TRADITIONAL : ZH_PIECES_SIMPLIFIED)[d.side][d.kind];
  const num = (n: number): string => (d.side === RED ? ZH_NUMERALS[n] : FULLWIDTH_DIGITS[n]);
  const action = d.dir === '+' ? (trad ? '進' : '进') : d.dir === '-' ? '退' : '平';
  if (d.zhMarker === '') return piece + num(d.file) + action + num(d.target);
  const marker = typeof d.zhMarker === 'number' ? ZH_NUMERALS[d.zhMarker] : ZH_MARKER_WORDS[d.zhMarker][trad];
  return marker + piece + action + num(d.target);
}

// ---------------------------------------------------------------------------------------------
// Input: readings

/** Picks one piece out of a file's pieces listed front to rear, or undefined. */
type Pick = (group: number[]) => number | undefined;

const pickIndex =
  (i: number): Pick =>
  (g) =>
    g[i];
const pickFront: Pick = (g) => g[0];
const pickRear: Pick = (g) => g[g.length - 1];
const pickMiddle: Pick = (g) => (g.length === 3 ? g[1] : g.length === 5 ? g[2] : undefined);
const pickMidFront: Pick = (g) => (g.length >= 4 ? g[1] : undefined);
const pickMidRear: Pick = (g) => (g.length >= 4 ? g[g.length - 2] : undefined);
/** `+` in symbols: the front one; with four or five on the file, the second (convention B). */
const pickSymPlus: Pick = (g) => (g.length >= 4 ? g[1] : g[0]);
const pickSymMinus: Pick = (g) => (g.length >= 4 ? g[g.length - 2] : g[g.length - 1]);
/** `++` / `--` (convention B, four or five soldiers on a file). */
const pickOuterFront: Pick = (g) => (g.length >= 4 ? g[0] : undefined);
const pickOuterRear: Pick = (g) => (g.length >= 4 ? g[g.length - 1] : undefined);

/** How a reading finds the moving piece(s). */
type Selector =
  /** Pieces on an own file number; `middle`: if 3 or 5 stand there, only the middle one (convention B). */
  | { by: 'file'; file: number; middle?: boolean }
  /** A pick inside one named file, or inside every file holding two or more (file 0). */
  | { by: 'marker'; file: number; pick: Pick }
  /** Index in the convention-A list of all tandem pieces. */
  | { by: 'global'; index: number };

interface Reading {
  tier: number;
  kind: number;
  select: Selector;
  dir: Dir;
  target: number;
}

function sources(pos: Position, side: number, r: Reading): number[] {
  const s = r.select;
  switch (s.by) {
    case 'file': {
      const g = piecesOnFile(pos, side, r.kind, s.file);
      const m = s.middle ? pickMiddle(g) : undefined;
      return m === undefined ? g : [m];
    }
    case 'marker': {
      const groups = s.file !== 0 ? [piecesOnFile(pos, side, r.kind, s.file)] : tandemGroups(pos, side, r.kind);
      const out: number[] = [];
      for (const g of groups) {
        if (g.length < 2) continue;
        const sq = s.pick(g);
        if (sq !== undefined) out.push(sq);
      }
      return out;
    }
    case 'global': {
      const sq = tandemGroups(pos, side, r.kind).flat()[s.index];
      return sq === undefined ? [] : [sq];
    }
  }
}

/** The destination of a piece on `from` under a reading, or 0 if the reading makes no sense for it. */
function destination(side: number, from: number, r: Reading): number {
  const x1 = fileOf(from);
  const y1 = rankOf(from);
  const up = side === RED ? 1 : -1;
  const sign = r.dir === '+' ? up : -up;
  let x2: number;
  let y2: number;
  switch (r.kind) {
    case KING:
    case CHARIOT:
    case CANNON:
    case SOLDIER:
      if (r.dir === '.') {
        x2 = absFile(side, r.target);
        y2 = y1;
      } else {
        x2 = x1;
        y2 = y1 + sign * r.target;
      }
      break;
    case HORSE:
    case ELEPHANT:
    case ADVISOR: {
      if (r.dir === '.') return 0;
      x2 = absFile(side, r.target);
      const dx = Math.abs(x2 - x1);
      let dy: number;
      if (r.kind === HORSE) {
        if (dx !== 1 && dx !== 2) return 0;
        dy = 3 - dx;
      } else {
        if (dx !== (r.kind === ELEPHANT ? 2 : 1)) return 0;
        dy = dx;
      }
      y2 = y1 + sign * dy;
      break;
    }
    default:
      return 0;
  }
  if (y2 < 0 || y2 > 9 || (x2 === x1 && y2 === y1)) return 0;
  return makeSquare(x2, y2);
}

/**
 * Resolves readings to the one legal move they name. Tier 0 readings are tried first; tier 1
 * only when tier 0 gives no legal move. Throws MoveError naming the problem.
 */
function resolve(pos: Position, text: string, readings: Reading[], notation: string): number {
  const side = pos.side;
  const colour = COLOUR_NAMES[side];
  if (readings.length === 0) throw new MoveError('malformed', `'${text}' is not a ${notation} move`);
  let anySource = false;
  let leavesCheck = false;
  for (const tier of [0, 1]) {
    const found = new Set<number>();
    for (const r of readings) {
      if (r.tier !== tier) continue;
      for (const from of sources(pos, side, r)) {
        anySource = true;
        const to = destination(side, from, r);
        if (to === 0) continue;
        const move = makeMove(from, to);
        if (!isPseudoLegal(pos, move)) continue;
        if (!isLegal(pos, move)) {
          leavesCheck = true;
          continue;
        }
        found.add(move);
      }
    }
    if (found.size === 1) return found.values().next().value as number;
    if (found.size > 1) {
      const names = [...found].map((m) => squareName(moveFrom(m)) + squareName(moveTo(m))).join(', ');
      throw new MoveError('illegal', `'${text}' is ambiguous: it could be any of ${names}`);
    }
  }
  const first = readings[0];
  const piece = `${colour} ${KIND_NAMES[first.kind]}`;
  if (!anySource) {
    const where =
      first.select.by === 'file'
        ? `on file ${first.select.file}`
        : first.select.by === 'marker' && first.select.file !== 0
          ? `marked that way on file ${first.select.file}`
          : 'that the marker can name';
    throw new MoveError('illegal', `'${text}': there is no ${piece} ${where}`);
  }
  if (leavesCheck) throw new MoveError('illegal', `'${text}' would leave the ${colour} king in check`);
  throw new MoveError('illegal', `'${text}': no ${piece} can make that move here`);
}

// ---------------------------------------------------------------------------------------------
// Input: WXF / xqbase symbols

const LETTER_KINDS: Record<string, number> = {
  K: KING,
  A: ADVISOR,
  G: ADVISOR,
  B: ELEPHANT,
  E: ELEPHANT,
  M: ELEPHANT,
  N: HORSE,
  H: HORSE,
  R: CHARIOT,
  C: CANNON,
  P: SOLDIER,
};

const isDigit = (c: string): boolean => c >= '1' && c <= '9';

/** Readings of a WXF / xqbase symbol move (already NFKC-normalised, without spaces). */
function symbolReadings(s: string): Reading[] {
  if (s.length === 3 && LETTER_KINDS[s[0].toUpperCase()] !== undefined && isDigit(s[1]) && isDigit(s[2])) {
    s = s[0] + s[1] + '.' + s[2]; // `C25`: some books leave the sideways sign out
  }
  if (s.length !== 4 || !'+-.='.includes(s[2]) || !isDigit(s[3])) return [];
  const dir = (s[2] === '=' ? '.' : s[2]) as Dir;
  const target = Number(s[3]);
  const c0 = s[0];
  const c1 = s[1];
  const out: Reading[] = [];
  const add = (tier: number, kind: number, select: Selector): void => {
    out.push({ tier, kind, select, dir, target });
  };
  // A marker symbol (`+`, `-`, `.`, `a`…`e`) with its kind, in either order.
  const addMarker = (m: string, kind: number): void => {
    if (m === '+') {
      add(0, kind, { by: 'marker', file: 0, pick: pickSymPlus });
      add(1, kind, { by: 'marker', file: 0, pick: pickFront });
    } else if (m === '-') {
      add(0, kind, { by: 'marker', file: 0, pick: pickSymMinus });
      add(1, kind, { by: 'marker', file: 0, pick: pickRear });
    } else if (m === '.') {
      add(0, kind, { by: 'marker', file: 0, pick: pickMiddle });
    } else {
      const i = 'abcde'.indexOf(m.toLowerCase());
      if (i >= 0) add(0, kind, { by: 'global', index: i });
    }
  };
  const k0 = LETTER_KINDS[c0.toUpperCase()];
  const k1 = LETTER_KINDS[c1.toUpperCase()];
  if (k0 !== undefined && isDigit(c1)) {
    if (k0 === SOLDIER) {
      // Convention B: with three or five soldiers on the file, the plain file number is the middle one.
      add(0, SOLDIER, { by: 'file', file: Number(c1), middle: true });
      add(1, SOLDIER, { by: 'file', file: Number(c1) });
    } else {
      add(0, k0, { by: 'file', file: Number(c1) }); // C2.5
    }
  }
  if (k0 !== undefined && !isDigit(c1)) addMarker(c1, k0); // R++4, Pa.2, P..6
  if (k1 !== undefined && !isDigit(c0)) addMarker(c0, k1); // +R+1, aP.2
  if ((c0 === '+' || c0 === '-') && c1 === c0) {
    add(0, SOLDIER, { by: 'marker', file: 0, pick: c0 === '+' ? pickOuterFront : pickOuterRear }); // B: ++.4
  }
  if (isDigit(c0) && (c1 === '+' || c1 === '-')) {
    add(0, SOLDIER, { by: 'marker', file: Number(c0), pick: c1 === '+' ? pickFront : pickRear }); // B: 3+.4
  }
  if ((c0 === '+' || c0 === '-') && isDigit(c1)) {
    add(0, SOLDIER, { by: 'marker', file: Number(c1), pick: c0 === '+' ? pickFront : pickRear }); // C: +9.8
  }
  if (isDigit(c0) && isDigit(c1)) {
    const n0 = Number(c0);
    const d = { by: 'marker' as const, file: Number(c1), pick: pickIndex(n0 - 1) }; // D: 15+1
    if (c0 === c1) {
      add(0, SOLDIER, { by: 'marker', file: n0, pick: pickMiddle }); // B: 33.4
      add(1, SOLDIER, d);
    } else if (n0 <= 5) {
      add(0, SOLDIER, d);
    }
    if (n0 <= 7) add(1, n0, { by: 'file', file: Number(c1) }); // number pad: 62.5 = C2.5
  }
  return out;
}

/** Parses a WXF / xqbase symbol move (`C2.5`, `H8+7`, `N8+7`, `+R+1`, `R++1`, `Pa.2`, `3+.2`, `C2=5` …). */
export function parseWxf(pos: Position, text: string): number {
  const s = normalise(text);
  return resolve(pos, text, symbolReadings(s), 'WXF');
}

// ---------------------------------------------------------------------------------------------
// Input: Chinese

const ZH_PIECE_KINDS: Record<string, number> = {
  帅: KING,
  帥: KING,
  将: KING,
  將: KING,
  仕: ADVISOR,
  士: ADVISOR,
  相: ELEPHANT,
  象: ELEPHANT,
  马: HORSE,
  馬: HORSE,
  傌: HORSE,
  车: CHARIOT,
  車: CHARIOT,
  俥: CHARIOT,
  炮: CANNON,
  砲: CANNON,
  包: CANNON,
  兵: SOLDIER,
  卒: SOLDIER,
};
const ZH_NUMBER_VALUES: Record<string, number> = {
  一: 1,
  二: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
  壹: 1,
  贰: 2,
  貳: 2,
  叁: 3,
  參: 3,
  叄: 3,
  肆: 4,
  伍: 5,
  陆: 6,
  陸: 6,
  柒: 7,
  捌: 8,
  玖: 9,
};
const ZH_DIRS: Record<string, Dir> = { 进: '+', 進: '+', 退: '-', 平: '.' };

type ZhToken =
  | { t: 'P'; kind: number }
  | { t: 'N'; n: number }
  | { t: 'M'; m: 'front' | 'middle' | 'rear' | 'midFront' | 'midRear' }
  | { t: 'D'; d: Dir };

function zhTokens(s: string): ZhToken[] | null {
  const out: ZhToken[] = [];
  for (const ch of s) {
    const kind = ZH_PIECE_KINDS[ch];
    if (kind !== undefined) {
      out.push({ t: 'P', kind });
      continue;
    }
    if (isDigit(ch)) {
      out.push({ t: 'N', n: Number(ch) });
      continue;
    }
    const n = ZH_NUMBER_VALUES[ch];
    if (n !== undefined) {
      out.push({ t: 'N', n });
      continue;
    }
    const d = ZH_DIRS[ch];
    if (d !== undefined) {
      out.push({ t: 'D', d });
      continue;
    }
    if (ch === '前' || ch === '后' || ch === '後') {
      const m = ch === '前' ? 'front' : 'rear';
      const prev = out[out.length - 1];
      if (prev && prev.t === 'M' && prev.m === 'middle') prev.m = m === 'front' ? 'midFront' : 'midRear';
      else out.push({ t: 'M', m });
      continue;
    }
    if (ch === '中') {
      out.push({ t: 'M', m: 'middle' });
      continue;
    }
    return null;
  }
  return out;
}

const ZH_PICKS: Record<string, Pick> = {
  front: pickFront,
  middle: pickMiddle,
  rear: pickRear,
  midFront: pickMidFront,
  midRear: pickMidRear,
};

function chineseReadings(s: string): Reading[] {
  const toks = zhTokens(s);
  if (toks === null) return [];
  const shape = toks.map((t) => t.t).join('');
  const last = toks[toks.length - 1];
  const dirTok = toks[toks.length - 2];
  if (!last || last.t !== 'N' || !dirTok || dirTok.t !== 'D') return [];
  const dir = dirTok.d;
  const target = last.n;
  const out: Reading[] = [];
  const add = (tier: number, kind: number, select: Selector): void => {
    out.push({ tier, kind, select, dir, target });
  };
  const t0 = toks[0];
  const t1 = toks[1];
  const t2 = toks[2];
  if (shape === 'PNDN' && t0.t === 'P' && t1.t === 'N') {
    // 炮二平五. A file number on a file with 3 or 5 soldiers names the middle one (as in WXF B).
    if (t0.kind === SOLDIER) {
      add(0, SOLDIER, { by: 'file', file: t1.n, middle: true });
      add(1, SOLDIER, { by: 'file', file: t1.n });
    } else {
      add(0, t0.kind, { by: 'file', file: t1.n });
    }
  } else if (shape === 'MPDN' && t0.t === 'M' && t1.t === 'P') {
    add(0, t1.kind, { by: 'marker', file: 0, pick: ZH_PICKS[t0.m] }); // 前车进四, 中前兵平四
  } else if (shape === 'NPDN' && t0.t === 'N' && t1.t === 'P') {
    if (t0.n <= 5) {
      add(0, t1.kind, { by: 'global', index: t0.n - 1 }); // A: 一兵平二
      add(1, t1.kind, { by: 'marker', file: 0, pick: pickIndex(t0.n - 1) }); // C: 二兵 of one file
    }
  } else if (shape === 'MPNDN' && t0.t === 'M' && t1.t === 'P' && t2.t === 'N') {
    add(0, t1.kind, { by: 'marker', file: t2.n, pick: ZH_PICKS[t0.m] }); // C: 前兵九平八
  } else if (shape === 'MNDN' && t0.t === 'M' && t1.t === 'N') {
    add(0, SOLDIER, { by: 'marker', file: t1.n, pick: ZH_PICKS[t0.m] }); // C: 前九平八
  } else if (shape === 'NPNDN' && t0.t === 'N' && t1.t === 'P' && t2.t === 'N') {
    add(0, t1.kind, { by: 'marker', file: t2.n, pick: pickIndex(t0.n - 1) }); // 二兵九平八
  }
  return out;
}

/** Parses a move in Chinese notation, simplified or traditional (炮二平五, 馬８進７, 前车进一 …). */
export function parseChinese(pos: Position, text: string): number {
  const s = normalise(text);
  return resolve(pos, text, chineseReadings(s), 'Chinese');
}

// ---------------------------------------------------------------------------------------------
// Any notation

/** Full-width forms to ASCII (NFKC), whitespace removed. */
function normalise(text: string): string {
  return text.normalize('NFKC').replace(/\s+/g, '');
}

const CJK = /[\u3400-\u9fff]/;
const ICCS_LIKE = /^[a-i][0-9]-?[a-i][0-9]$/i;

export type MoveNotation = 'iccs' | 'wxf' | 'chinese';

/** Which notation a move text is written in (by its characters; not checked further). */
export function detectNotation(text: string): MoveNotation {
  const s = normalise(text);
  if (CJK.test(s)) return 'chinese';
  if (ICCS_LIKE.test(s)) return 'iccs';
  return 'wxf';
}

/** Parses a move in any notation: ICCS (`h2e2`, `H2-E2`), WXF / xqbase symbols or Chinese. */
export function parseMoveText(pos: Position, text: string): number {
  switch (detectNotation(text)) {
    case 'chinese':
      return parseChinese(pos, text);
    case 'iccs':
      return parseIccs(pos, normalise(text));
    default:
      return parseWxf(pos, text);
  }
}
