// Board geometry for attacks, and the piece rules as a test of one piece against one point.
//
// Off-board entries of the mailbox hold WALL, so every ray stops by itself. Which pieces attack a
// point is attackersTo's question (attackers.ts); `pieceAttacks` here asks it of one
// piece, for a piece that stands somewhere the board does not show yet (a trial move) or for the
// chase rules (rules.ts). Both read the occupied points from an Occupancy (lines.ts).

import { type Occupancy, occupied } from './lines';
import {
  ADVISOR,
  CANNON,
  CHARIOT,
  ELEPHANT,
  HORSE,
  IN_PALACE,
  KING,
  OWN_HALF,
  type Piece,
  SOLDIER,
  type Square,
  colourOf,
  forward,
  kindOf,
} from './types';

export const WALL = 32;

/** Orthogonal steps; the last two are vertical (along a file). */
export const ORTHO = [-1, 1, -16, 16];
/** Diagonal neighbours of a point: advisor steps, elephant eyes, and the legs of the horses that can attack it. */
export const DIAG = [-17, -15, 15, 17];

/**
 * Which of the four lines from `k` the point `s` lies on, as a bit: 1 the rank toward lower files,
 * 2 toward higher files, 4 the file toward lower ranks, 8 toward higher ranks; 0 when on none.
 */
export function lineSide(k: Square, s: Square): number {
  if (k >> 4 === s >> 4) return s < k ? 1 : s > k ? 2 : 0;
  if ((k & 15) === (s & 15)) return s < k ? 4 : 8;
  return 0;
}

/**
 * Pieces strictly between two points on one rank or file in `occ`: 0, 1, 2, or 3 for three or
 * more; -1 when the points share no rank or file (or are one point).
 */
export function piecesBetween(occ: Occupancy, from: Square, to: Square): number {
  let mask: number;
  let a: number;
  let b: number;
  if (from >> 4 === to >> 4) {
    mask = occ[from >> 4];
    a = from & 15;
    b = to & 15;
  } else if ((from & 15) === (to & 15)) {
    mask = occ[16 + (from & 15)];
    a = from >> 4;
    b = to >> 4;
  } else return -1;
  if (a > b) {
    const t = a;
    a = b;
    b = t;
  }
  if (a === b) return -1;
  // Bits a+1 .. b-1 of the line (bit i = mailbox index i + 3).
  mask &= ((1 << (b - 3)) - 1) & ~((1 << (a - 2)) - 1);
  let n = 0;
  for (; mask !== 0 && n < 3; n++) mask &= mask - 1;
  return n;
}

/**
 * Can a piece `code` standing on `from` capture on `to`, by the piece rules (palace, river, horse
 * legs, elephant eyes, cannon screens) with the points of `occ` occupied? King safety aside, and
 * the kings facing each other aside (a king takes only a neighbour in its palace).
 */
export function pieceAttacks(code: Piece, from: Square, to: Square, occ: Occupancy): boolean {
  const colour = colourOf(code);
  const df = (to & 15) - (from & 15);
  const dr = (to >> 4) - (from >> 4);
  switch (kindOf(code)) {
    case KING:
      return IN_PALACE[colour * 256 + to] === 1 && ((df === 0 && (dr === 1 || dr === -1)) || (dr === 0 && (df === 1 || df === -1)));
    case ADVISOR:
      return IN_PALACE[colour * 256 + to] === 1 && (df === 1 || df === -1) && (dr === 1 || dr === -1);
    case ELEPHANT:
      return OWN_HALF[colour * 256 + to] === 1 && (df === 2 || df === -2) && (dr === 2 || dr === -2) && !occupied(occ, (from + to) >> 1);
    case HORSE: {
      const adf = df < 0 ? -df : df;
      const adr = dr < 0 ? -dr : dr;
      if (adf === 1 && adr === 2) return !occupied(occ, from + (dr > 0 ? 16 : -16));
      if (adf === 2 && adr === 1) return !occupied(occ, from + (df > 0 ? 1 : -1));
      return false;
    }
    case SOLDIER:
      if (to === from + forward(colour)) return true;
      return dr === 0 && (df === 1 || df === -1) && OWN_HALF[colour * 256 + from] === 0;
    case CHARIOT:
      return piecesBetween(occ, from, to) === 0;
    case CANNON:
      return piecesBetween(occ, from, to) === 1;
  }
  return false;
}

/** The leg of a horse on `from` that attacks `to` (the point next to it on the long side of the jump). */
export function horseLeg(from: Square, to: Square): Square {
  const dr = (to >> 4) - (from >> 4);
  if (dr === 2 || dr === -2) return from + (dr > 0 ? 16 : -16);
  return from + ((to & 15) > (from & 15) ? 1 : -1);
}
