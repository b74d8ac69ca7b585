// Material and piece-square values, kept as incremental sums by Position.
//
// The material values and the placement tables are in eval-fitted.ts (written by the fitter,
// bench/eval-fit). Each table is written from red's point of view, rank 9 (the far side) in the
// first row, file a first, so it reads like the board. Black uses the rank-mirrored point and the
// negated value, so every sum is "red minus black" and the evaluation is colour-symmetric
// by construction. PSQ_MG / PSQ_EG hold material + placement for the middle game and the
// end game; the evaluation blends them by PHASE.

import {
  MATERIAL_EG,
  MATERIAL_MG,
  T_ADVISOR_EG,
  T_ADVISOR_MG,
  T_ELEPHANT_EG,
  T_ELEPHANT_MG,
  T_CANNON_EG,
  T_CANNON_MG,
  T_KING_EG,
  T_KING_MG,
  T_HORSE_EG,
  T_HORSE_MG,
  T_SOLDIER_EG,
  T_SOLDIER_MG,
  T_CHARIOT_EG,
  T_CHARIOT_MG,
} from './eval-fitted';
import { BLACK, KING, SOLDIER, PIECE_CODES, RED, makeSquare } from './types';

export { MATERIAL_EG, MATERIAL_MG };

/** Phase weight by kind; the start position has PHASE_MAX. */
export const PHASE_WEIGHT = [0, 0, 0, 0, 1, 2, 1, 0];
export const PHASE_MAX = 2 * (2 * 1 + 2 * 2 + 2 * 1);

const MG_TABLES: number[][] = [[], T_KING_MG, T_ADVISOR_MG, T_ELEPHANT_MG, T_HORSE_MG, T_CHARIOT_MG, T_CANNON_MG, T_SOLDIER_MG];
const EG_TABLES: number[][] = [[], T_KING_EG, T_ADVISOR_EG, T_ELEPHANT_EG, T_HORSE_EG, T_CHARIOT_EG, T_CANNON_EG, T_SOLDIER_EG];

export const PSQ_MG = new Int32Array(PIECE_CODES * 256);
export const PSQ_EG = new Int32Array(PIECE_CODES * 256);

function buildPsq(): void {
  PSQ_MG.fill(0);
  PSQ_EG.fill(0);
  for (let kind = KING; kind <= SOLDIER; kind++) {
    for (let rank = 0; rank < 10; rank++) {
      for (let file = 0; file < 9; file++) {
        const i = (9 - rank) * 9 + file;
        const mg = MATERIAL_MG[kind] + MG_TABLES[kind][i];
        const eg = MATERIAL_EG[kind] + EG_TABLES[kind][i];
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
