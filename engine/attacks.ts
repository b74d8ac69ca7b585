// Attack tests on the raw board array. Off-board entries hold WALL, so every ray stops by
// itself and no bounds test is needed in the loops.
//
// Only chariots, cannons, horses, soldiers and the facing king can ever reach a king (advisors
// and elephants never leave their own half), so `kingAttacked` looks for exactly those.
// `kingAttackedOcc` is the same test for a Position's board, reading the chariot and cannon
// lines from the occupancy masks (lines.ts); `kingAttacked` serves boards without masks.

import { FILE_LINES, RANK_LINES, fileEntry, rankEntry } from './lines';
import { ADVISOR, BISHOP, CANNON, KING, KNIGHT, OWN_HALF, PAWN, ROOK, forward } from './types';

export const WALL = 32;

/** Orthogonal steps; the last two are vertical (along a file). */
export const ORTHO = [-1, 1, -16, 16];
/** Diagonal neighbours of a point: the legs of the horses that can attack it. */
export const H_LEG = [17, 15, -15, -17];
/** For each leg above, the two horse points that use it to attack the point. */
export const H_FROM_A = [33, 31, -31, -33];
export const H_FROM_B = [18, 14, -14, -18];

/** Is the point `sq` attacked by side `by`, for king-safety purposes (rook, cannon, horse, soldier, facing king)? */
export function kingAttacked(b: Uint8Array, sq: number, by: number): boolean {
  const hi = by << 3;
  const R = ROOK | hi;
  const C = CANNON | hi;
  const K = KING | hi;
  for (let d = 0; d < 4; d++) {
    const dir = ORTHO[d];
    let t = sq + dir;
    while (b[t] === 0) t += dir;
    const p = b[t];
    if (p === R || (p === K && d >= 2)) return true;
    if (p === WALL) continue;
    t += dir;
    while (b[t] === 0) t += dir;
    if (b[t] === C) return true;
  }
  return leaperAttacks(b, sq, by);
}

/**
 * kingAttacked for a board whose occupancy masks are `ro` and `fo`: the chariot, cannon and
 * facing-king lines come from the line tables instead of walks along the rays.
 */
export function kingAttackedOcc(b: Uint8Array, ro: Uint16Array, fo: Uint16Array, sq: number, by: number): boolean {
  const hi = by << 3;
  const R = ROOK | hi;
  const C = CANNON | hi;
  const re = rankEntry(ro, sq);
  const fe = fileEntry(fo, sq);
  let o = RANK_LINES.firstLo[re];
  if (o !== 0 && b[sq + o] === R) return true;
  o = RANK_LINES.firstHi[re];
  if (o !== 0 && b[sq + o] === R) return true;
  o = FILE_LINES.firstLo[fe];
  if (o !== 0 && (b[sq + o] === R || b[sq + o] === (KING | hi))) return true;
  o = FILE_LINES.firstHi[fe];
  if (o !== 0 && (b[sq + o] === R || b[sq + o] === (KING | hi))) return true;
  o = RANK_LINES.secondLo[re];
  if (o !== 0 && b[sq + o] === C) return true;
  o = RANK_LINES.secondHi[re];
  if (o !== 0 && b[sq + o] === C) return true;
  o = FILE_LINES.secondLo[fe];
  if (o !== 0 && b[sq + o] === C) return true;
  o = FILE_LINES.secondHi[fe];
  if (o !== 0 && b[sq + o] === C) return true;
  return leaperAttacks(b, sq, by);
}

/** Does a horse or a soldier of side `by` attack the point `sq`? */
export function leaperAttacks(b: Uint8Array, sq: number, by: number): boolean {
  const hi = by << 3;
  const N = KNIGHT | hi;
  for (let i = 0; i < 4; i++) {
    if (b[sq + H_LEG[i]] === 0 && (b[sq + H_FROM_A[i]] === N || b[sq + H_FROM_B[i]] === N)) return true;
  }
  const P = PAWN | hi;
  if (b[sq - forward(by)] === P) return true;
  if (OWN_HALF[by * 256 + sq] === 0 && (b[sq - 1] === P || b[sq + 1] === P)) return true;
  return false;
}

/** Does a piece of the given kind and colour standing on `from` attack `to` (pseudo-legally, ignoring pins)? */
export function pieceAttacks(b: Uint8Array, from: number, to: number): boolean {
  const p = b[from];
  const kind = p & 7;
  const colour = p >> 3;
  const df = (to & 15) - (from & 15);
  const dr = (to >> 4) - (from >> 4);
  switch (kind) {
    case KING:
      // Includes the flying-general "attack" along an open file.
      if ((df === 0 && (dr === 1 || dr === -1)) || (dr === 0 && (df === 1 || df === -1))) return true;
      if (df === 0 && (b[to] & 7) === KING) return countBetween(b, from, to) === 0;
      return false;
    case ROOK:
      if (df !== 0 && dr !== 0) return false;
      return countBetween(b, from, to) === 0;
    case CANNON:
      if (df !== 0 && dr !== 0) return false;
      return countBetween(b, from, to) === 1;
    case KNIGHT: {
      const adf = df < 0 ? -df : df;
      const adr = dr < 0 ? -dr : dr;
      if (adf === 1 && adr === 2) return b[from + (dr > 0 ? 16 : -16)] === 0;
      if (adf === 2 && adr === 1) return b[from + (df > 0 ? 1 : -1)] === 0;
      return false;
    }
    case PAWN:
      if (to === from + forward(colour)) return true;
      return dr === 0 && (df === 1 || df === -1) && OWN_HALF[colour * 256 + from] === 0;
    case ADVISOR:
      return (df === 1 || df === -1) && (dr === 1 || dr === -1);
    case BISHOP:
      return (df === 2 || df === -2) && (dr === 2 || dr === -2) && b[(from + to) >> 1] === 0;
  }
  return false;
}

/** Number of pieces strictly between two points on one rank or file. */
export function countBetween(b: Uint8Array, from: number, to: number): number {
  const step = (to & 15) === (from & 15) ? (to > from ? 16 : -16) : to > from ? 1 : -1;
  let n = 0;
  for (let t = from + step; t !== to; t += step) if (b[t] !== 0) n++;
  return n;
}
