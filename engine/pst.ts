// Material and piece-square values, kept as incremental sums by Position.
//
// Each table is written from red's point of view, rank 9 (the far side) in the first row,
// file a first, so it reads like the board. Black uses the rank-mirrored point and the
// negated value, so every sum is "red minus black" and the evaluation is colour-symmetric
// by construction. PSQ_MG / PSQ_EG hold material + placement for the middle game and the
// end game; the evaluation blends them by PHASE.

import { BLACK, KING, PAWN, PIECE_CODES, RED, makeSquare } from './types';

/** Material, middle game and end game, by kind. */
export const MATERIAL_MG = [0, 0, 120, 120, 400, 900, 450, 70];
export const MATERIAL_EG = [0, 0, 100, 100, 440, 950, 420, 110];

/** Phase weight by kind; the start position has PHASE_MAX. */
export const PHASE_WEIGHT = [0, 0, 0, 0, 1, 2, 1, 0];
export const PHASE_MAX = 2 * (2 * 1 + 2 * 2 + 2 * 1);

// prettier-ignore
const T_KING = [
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, -9, -12, -9, 0, 0, 0,
  0, 0, 0, -4, -6, -4, 0, 0, 0,
  0, 0, 0, 2, 6, 2, 0, 0, 0,
];
// prettier-ignore
const T_ADVISOR = [
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, -2, 0, -2, 0, 0, 0,
  0, 0, 0, 0, 4, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
];
// prettier-ignore
const T_BISHOP = [
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, -2, 0, 0, 0, -2, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  -3, 0, 0, 0, 5, 0, 0, 0, -3,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
];
// prettier-ignore
const T_KNIGHT = [
  4, 8, 16, 12, 4, 12, 16, 8, 4,
  4, 10, 28, 16, 8, 16, 28, 10, 4,
  12, 14, 16, 20, 18, 20, 16, 14, 12,
  8, 24, 18, 24, 20, 24, 18, 24, 8,
  6, 16, 14, 18, 16, 18, 14, 16, 6,
  4, 12, 16, 14, 12, 14, 16, 12, 4,
  2, 6, 8, 6, 10, 6, 8, 6, 2,
  4, 2, 8, 8, 4, 8, 8, 2, 4,
  0, 2, 4, 4, -2, 4, 4, 2, 0,
  0, -4, 0, 0, 0, 0, 0, -4, 0,
];
// prettier-ignore
const T_ROOK = [
  6, 8, 6, 12, 14, 12, 6, 8, 6,
  6, 12, 10, 16, 28, 16, 10, 12, 6,
  6, 8, 6, 14, 16, 14, 6, 8, 6,
  6, 12, 12, 16, 16, 16, 12, 12, 6,
  8, 10, 10, 14, 16, 14, 10, 10, 8,
  8, 12, 12, 14, 16, 14, 12, 12, 8,
  4, 8, 6, 14, 12, 14, 6, 8, 4,
  -2, 8, 4, 12, 12, 12, 4, 8, -2,
  4, 8, 6, 12, 0, 12, 6, 8, 4,
  -6, 6, 4, 12, 0, 12, 4, 6, -6,
];
// prettier-ignore
const T_CANNON = [
  4, 4, 0, -5, -6, -5, 0, 4, 4,
  2, 2, 0, -4, -7, -4, 0, 2, 2,
  1, 1, 0, -5, -4, -5, 0, 1, 1,
  0, 3, 3, 2, 4, 2, 3, 3, 0,
  0, 0, 0, 0, 4, 0, 0, 0, 0,
  -1, 0, 3, 0, 4, 0, 3, 0, -1,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  1, 0, 4, 3, 5, 3, 4, 0, 1,
  0, 1, 2, 2, 2, 2, 2, 1, 0,
  0, 0, 1, 3, 3, 3, 1, 0, 0,
];
// prettier-ignore
const T_PAWN = [
  0, 3, 6, 9, 12, 9, 6, 3, 0,
  18, 36, 56, 80, 120, 80, 56, 36, 18,
  14, 26, 42, 60, 80, 60, 42, 26, 14,
  10, 20, 30, 34, 40, 34, 30, 20, 10,
  6, 12, 18, 18, 20, 18, 18, 12, 6,
  2, 0, 8, 0, 8, 0, 8, 0, 2,
  0, 0, -2, 0, 4, 0, -2, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
];

const TABLES: number[][] = [[], T_KING, T_ADVISOR, T_BISHOP, T_KNIGHT, T_ROOK, T_CANNON, T_PAWN];
/** End-game placement is scaled from the middle-game table, except for soldiers. */
const EG_SCALE = [0, 1, 1, 1, 0.6, 0.5, 0.4, 1];

export const PSQ_MG = new Int32Array(PIECE_CODES * 256);
export const PSQ_EG = new Int32Array(PIECE_CODES * 256);

export function buildPsq(): void {
  PSQ_MG.fill(0);
  PSQ_EG.fill(0);
  for (let kind = KING; kind <= PAWN; kind++) {
    const t = TABLES[kind];
    for (let rank = 0; rank < 10; rank++) {
      for (let file = 0; file < 9; file++) {
        const v = t[(9 - rank) * 9 + file];
        const mg = MATERIAL_MG[kind] + v;
        const eg = MATERIAL_EG[kind] + Math.round(v * EG_SCALE[kind]);
        const redSq = makeSquare(file, rank);
        const blackSq = makeSquare(file, 9 - rank);
        PSQ_MG[(kind | (RED << 3)) * 256 + redSq] = mg;
        PSQ_EG[(kind | (RED << 3)) * 256 + redSq] = eg;
        PSQ_MG[(kind | (BLACK << 3)) * 256 + blackSq] = -mg;
        PSQ_EG[(kind | (BLACK << 3)) * 256 + blackSq] = -eg;
      }
    }
  }
}
buildPsq();

