// Occupancy masks and the line tables over them.
//
// An Occupancy holds one bit mask per rank (9 bits, one per file) and per file (10 bits, one per
// rank) of the occupied points: occ[row] for the mailbox row `sq >> 4` and occ[16 + col] for the
// mailbox column `sq & 15` (rows and columns off the board stay 0). Position keeps one for its
// board, and the attack queries take one as a parameter, so that they can be asked about the board
// with points emptied or filled (a trial move, the exchanges of SEE). For a piece at index i of a line with occupancy `occ` (its
// own bit is ignored), the tables below give, in each direction, the step to the first piece
// (what a chariot can capture) and to the second one (what a cannon can capture), and the
// number of empty points up to the first piece. One lookup replaces a walk along the ray.
//
//   rank line: index = file (0..8), table entry (file << 9) | occ, steps in mailbox units (±1)
//   file line: index = rank (0..9), table entry (rank << 10) | occ, steps in mailbox units (±16)
// A step of 0 means there is no such piece in that direction.

import type { Square } from './types';

/** The occupied points of a board as rank and file masks (see above). */
export type Occupancy = Uint16Array;

export function newOccupancy(): Occupancy {
  return new Uint16Array(32);
}

/** Flips the point `sq` in `occ` (occupied <-> empty). */
export function toggleOcc(occ: Occupancy, sq: Square): void {
  occ[sq >> 4] ^= 1 << ((sq & 15) - 3);
  occ[16 + (sq & 15)] ^= 1 << ((sq >> 4) - 3);
}

/**
 * Flips in `occ` the points a move from `from` to `to` changes: `from` and, unless the move takes
 * a piece (`capture`), `to`. Flipped twice, `occ` is as it was: a query about a trial move flips,
 * asks, and flips back.
 */
export function flipMove(occ: Occupancy, from: Square, to: Square, capture: boolean): void {
  toggleOcc(occ, from);
  if (!capture) toggleOcc(occ, to);
}

/** Is the point `sq` occupied in `occ`? */
export function occupied(occ: Occupancy, sq: Square): boolean {
  return ((occ[sq >> 4] >> ((sq & 15) - 3)) & 1) !== 0;
}

/** Tables for one kind of line (ranks or files). */
interface LineTables {
  /** Mailbox offset to the first piece toward lower / higher indices (0 = none). */
  readonly firstLo: Int16Array;
  readonly firstHi: Int16Array;
  /** Mailbox offset to the second piece (the cannon's target) in each direction (0 = none). */
  readonly secondLo: Int16Array;
  readonly secondHi: Int16Array;
  /**
   * Mailbox offset to where a slide stops in each direction: the first piece, or one step past
   * the edge of the board when there is none (a slide's moves go up to it, not onto it).
   */
  readonly stopLo: Int16Array;
  readonly stopHi: Int16Array;
  /** Empty points before the first piece, both directions together. */
  readonly empties: Uint8Array;
}

function buildLine(length: number, unit: number): LineTables {
  const size = length << length;
  const t: LineTables = {
    firstLo: new Int16Array(size),
    firstHi: new Int16Array(size),
    secondLo: new Int16Array(size),
    secondHi: new Int16Array(size),
    stopLo: new Int16Array(size),
    stopHi: new Int16Array(size),
    empties: new Uint8Array(size),
  };
  for (let i = 0; i < length; i++) {
    for (let occ = 0; occ < 1 << length; occ++) {
      const e = (i << length) | occ;
      let empties = 0;
      for (const dir of [-1, 1]) {
        let found = 0;
        for (let j = i + dir; j >= 0 && j < length; j += dir) {
          if ((occ & (1 << j)) === 0) {
            if (found === 0) empties++;
            continue;
          }
          const offset = (j - i) * unit;
          if (found === 0) {
            if (dir < 0) t.firstLo[e] = offset;
            else t.firstHi[e] = offset;
          } else {
            if (dir < 0) t.secondLo[e] = offset;
            else t.secondHi[e] = offset;
            break;
          }
          found++;
        }
      }
      t.stopLo[e] = t.firstLo[e] !== 0 ? t.firstLo[e] : (-1 - i) * unit;
      t.stopHi[e] = t.firstHi[e] !== 0 ? t.firstHi[e] : (length - i) * unit;
      t.empties[e] = empties;
    }
  }
  return t;
}

export const RANK_LINES = buildLine(9, 1);
export const FILE_LINES = buildLine(10, 16);

/** Table entry of the point `sq` in its rank. */
export function rankEntry(occ: Occupancy, sq: Square): number {
  return (((sq & 15) - 3) << 9) | occ[sq >> 4];
}
/** Table entry of the point `sq` in its file. */
export function fileEntry(occ: Occupancy, sq: Square): number {
  return (((sq >> 4) - 3) << 10) | occ[16 + (sq & 15)];
}
