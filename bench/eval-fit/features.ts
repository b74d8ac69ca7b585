// Feature extractor for tuning the evaluation: a position's static evaluation written as a
// linear function of the parameters (material, left-right-tied piece-square entries for the
// middle game and the end game, and the term weights of engine/eval-params.ts, tempo included).
//
// Everything here is from red's point of view. The evaluation is
//   E = trunc((MG * phase + EG * (PHASE_MAX - phase)) / PHASE_MAX) + Σ terms[w] * WEIGHTS[w]
// where MG = Σ over pieces ±(MATERIAL_MG[kind] + MG_TABLES[kind][class]) (red +, black −, black at
// its rank-mirrored point), EG likewise. The term counts are the engine's own: evaluate's trace
// (engine/evaluate.ts), so there is no second implementation of the terms here.

import { WEIGHT_NAMES } from '../../engine/eval-params';
import { evaluate, newTrace } from '../../engine/evaluate';
import { Position } from '../../engine/position';
import { PHASE_MAX } from '../../engine/pst';
import { BLACK, KING, SOLDIER, RED, SLOTS } from '../../engine/types';

/** Point classes per kind: 10 ranks × 5 files (file f and 8 − f share a class). */
export const CLASSES = 50;
export const KINDS = 8; // index by kind 1..7; 0 unused
/** The term weights, TEMPO included, in the order of Features.terms. */
export const TERM_NAMES = WEIGHT_NAMES;
export const TERMS = TERM_NAMES.length;

/** Class of a red-view point (file 0..8, rank 0..9 from red's back rank). */
export function pointClass(file: number, rank: number): number {
  return rank * 5 + (file <= 4 ? file : 8 - file);
}

export interface Features {
  /** Phase clipped to PHASE_MAX. */
  phase: number;
  /** kind * CLASSES + class, one entry per piece. */
  pieceIndex: number[];
  /** +1 for red pieces, −1 for black. */
  pieceSign: number[];
  /** Red's-view counts multiplying each term weight, in TERM_NAMES order. */
  terms: Float64Array;
}

export function extractFeatures(pos: Position): Features {
  const pieceIndex: number[] = [];
  const pieceSign: number[] = [];
  for (let colour = RED; colour <= BLACK; colour++) {
    for (let kind = KING; kind <= SOLDIER; kind++) {
      const code = kind | (colour << 3);
      for (let i = 0, n = pos.pcount[code]; i < n; i++) {
        const sq = pos.plist[code * SLOTS + i];
        const file = (sq & 15) - 3;
        let rank = (sq >> 4) - 3;
        if (colour === BLACK) rank = 9 - rank;
        pieceIndex.push(kind * CLASSES + pointClass(file, rank));
        pieceSign.push(colour === RED ? 1 : -1);
      }
    }
  }
  const trace = newTrace();
  evaluate(pos, trace);
  const terms = Float64Array.from(TERM_NAMES, (w) => trace[w]);
  const phase = Math.min(pos.phase, PHASE_MAX);
  return { phase, pieceIndex, pieceSign, terms };
}
