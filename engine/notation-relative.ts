// What WXF and Chinese notation (notation-wxf.ts, notation-chinese.ts) share, the conventions being
// those of engine/notation.ts: the board seen from the mover (its file numbers, forward and back),
// a move described that way for output, and for input the readings of a text, each a way to find
// the moving piece and its destination, resolved to the one legal move they name.

import { MoveError } from './iccs';
import { isLegal, isPseudoLegal } from './movegen';
import type { Position } from './position';
import {
  ADVISOR,
  CANNON,
  CHARIOT,
  type Colour,
  COLOUR_NAMES,
  ELEPHANT,
  HORSE,
  KIND_NAMES,
  KING,
  type Kind,
  type Move,
  RED,
  SOLDIER,
  type Square,
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

export type Dir = '+' | '-' | '.';

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
function piecesOnFile(pos: Position, side: Colour, kind: Kind, own: number): Square[] {
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
function tandemGroups(pos: Position, side: Colour, kind: Kind): Square[][] {
  const groups: number[][] = [];
  for (let own = 1; own <= 9; own++) {
    const g = piecesOnFile(pos, side, kind, own);
    if (g.length >= 2) groups.push(g);
  }
  return groups;
}

// ---------------------------------------------------------------------------------------------
// Output: the move relative to the mover

interface Described {
  kind: Kind;
  side: Colour;
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

/** Chinese markers of n soldiers on one file, front to rear (convention E). */
const ZH_FILE_MARKERS: ZhMarker[][] = [
  [],
  [],
  ['front', 'rear'],
  ['front', 'middle', 'rear'],
  ['front', 'midFront', 'midRear', 'rear'],
  ['front', 'midFront', 'middle', 'midRear', 'rear'],
];

export function describeMove(pos: Position, move: Move, who: string): Described {
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

// ---------------------------------------------------------------------------------------------
// Input: readings

/** Picks one piece out of a file's pieces listed front to rear, or undefined. */
export type Pick = (group: number[]) => number | undefined;

export const pickIndex =
  (i: number): Pick =>
  (g) =>
    g[i];
export const pickFront: Pick = (g) => g[0];
export const pickRear: Pick = (g) => g[g.length - 1];
export const pickMiddle: Pick = (g) => (g.length === 3 ? g[1] : g.length === 5 ? g[2] : undefined);
export const pickMidFront: Pick = (g) => (g.length >= 4 ? g[1] : undefined);
export const pickMidRear: Pick = (g) => (g.length >= 4 ? g[g.length - 2] : undefined);
/** `+` in symbols: the front one; with four or five on the file, the second (convention B). */
export const pickSymPlus: Pick = (g) => (g.length >= 4 ? g[1] : g[0]);
export const pickSymMinus: Pick = (g) => (g.length >= 4 ? g[g.length - 2] : g[g.length - 1]);
/** `++` / `--` (convention B, four or five soldiers on a file). */
export const pickOuterFront: Pick = (g) => (g.length >= 4 ? g[0] : undefined);
export const pickOuterRear: Pick = (g) => (g.length >= 4 ? g[g.length - 1] : undefined);

/** How a reading finds the moving piece(s). */
export type Selector =
  /** Pieces on an own file number; `middle`: if 3 or 5 stand there, only the middle one (convention B). */
  | { by: 'file'; file: number; middle?: boolean }
  /** A pick inside one named file, or inside every file holding two or more (file 0). */
  | { by: 'marker'; file: number; pick: Pick }
  /** Index in the convention-A list of all tandem pieces. */
  | { by: 'global'; index: number };

export interface Reading {
  tier: number;
  kind: Kind;
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
export function resolve(pos: Position, text: string, readings: Reading[], notation: string): number {
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
// Input: text

/** An ASCII digit 1-9 (a file number or a distance). */
export const isDigit = (c: string): boolean => c >= '1' && c <= '9';

/** Full-width forms to ASCII (NFKC), whitespace removed. */
export function normalise(text: string): string {
  return text.normalize('NFKC').replace(/\s+/g, '');
}
