// The parameter vector being tuned, its layout, the current values (read from the engine's own
// tables, so they are exactly what the engine uses) and the evaluation of a feature vector.

import { WEIGHTS } from '../../engine/eval-params';
import { MATERIAL_EG, MATERIAL_MG, PHASE_MAX, PSQ_EG, PSQ_MG } from '../../engine/pst';
import { KING, SOLDIER, RED, makeSquare } from '../../engine/types';
import { CLASSES, Features, KINDS, TERMS, TERM_NAMES, pointClass } from './features';

export const OFF_MG = 0;
export const OFF_EG = KINDS * CLASSES;
export const OFF_MAT_MG = 2 * KINDS * CLASSES;
export const OFF_MAT_EG = OFF_MAT_MG + KINDS;
export const OFF_TERMS = OFF_MAT_EG + KINDS;
export const NPARAMS = OFF_TERMS + TERMS;

/** The engine's current parameters. */
export function currentParams(): Float64Array {
  const p = new Float64Array(NPARAMS);
  for (let kind = KING; kind <= SOLDIER; kind++) {
    p[OFF_MAT_MG + kind] = MATERIAL_MG[kind];
    p[OFF_MAT_EG + kind] = MATERIAL_EG[kind];
    for (let rank = 0; rank < 10; rank++) {
      for (let file = 0; file <= 4; file++) {
        const sq = makeSquare(file, rank);
        const code = kind | (RED << 3);
        const c = kind * CLASSES + pointClass(file, rank);
        p[OFF_MG + c] = PSQ_MG[code * 256 + sq] - MATERIAL_MG[kind];
        p[OFF_EG + c] = PSQ_EG[code * 256 + sq] - MATERIAL_EG[kind];
      }
    }
  }
  for (let i = 0; i < TERMS; i++) p[OFF_TERMS + i] = WEIGHTS[TERM_NAMES[i]];
  return p;
}

/** The evaluation from red's view, as the engine computes it (integer parameters, truncation). */
export function evalExact(p: Float64Array, f: Features): number {
  let mg = 0;
  let eg = 0;
  for (let i = 0; i < f.pieceIndex.length; i++) {
    const idx = f.pieceIndex[i];
    const kind = (idx / CLASSES) | 0;
    mg += f.pieceSign[i] * (p[OFF_MAT_MG + kind] + p[OFF_MG + idx]);
    eg += f.pieceSign[i] * (p[OFF_MAT_EG + kind] + p[OFF_EG + idx]);
  }
  let e = ((mg * f.phase + eg * (PHASE_MAX - f.phase)) / PHASE_MAX) | 0;
  for (let t = 0; t < TERMS; t++) e += f.terms[t] * p[OFF_TERMS + t];
  return e;
}
