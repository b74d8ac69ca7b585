// Chinese notation in simplified and traditional characters (炮二平五, 马８进７, 前车进四), to and
// from our integer moves; the conventions, written and read, are in engine/notation.ts.

import type { Position } from './position';
import {
  type Dir,
  describeMove,
  isDigit,
  normalise,
  type Pick,
  pickFront,
  pickIndex,
  pickMiddle,
  pickMidFront,
  pickMidRear,
  pickRear,
  type Reading,
  resolve,
  type Selector,
} from './notation-relative';
import { ADVISOR, CANNON, CHARIOT, ELEPHANT, HORSE, KING, type Kind, type Move, RED, SOLDIER } from './types';

export interface ChineseOptions {
  /** Traditional characters (帥 馬 車 進 後) instead of simplified ones. */
  traditional?: boolean;
}

const ZH_PIECES_SIMPLIFIED = [' 帅仕相马车炮兵', ' 将士象马车炮卒'];
const ZH_PIECES_TRADITIONAL = [' 帥仕相馬車炮兵', ' 將士象馬車炮卒'];
const ZH_NUMERALS = ' 一二三四五六七八九';
const FULLWIDTH_DIGITS = '０１２３４５６７８９';

const ZH_MARKER_WORDS: Record<string, [string, string]> = {
  front: ['前', '前'],
  middle: ['中', '中'],
  rear: ['后', '後'],
  midFront: ['中前', '中前'],
  midRear: ['中后', '中後'],
};

/** The move in Chinese, e.g. 炮二平五, 马８进７, 前车进四, 中前兵平四 (see engine/notation.ts for the conventions). */
export function moveToChinese(pos: Position, move: Move, options: ChineseOptions = {}): string {
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
// Input

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
  | { t: 'P'; kind: Kind }
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
  const add = (tier: number, kind: Kind, select: Selector): void => {
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
