// Feature extractor for tuning the evaluation: a position's static evaluation written as a
// linear function of the parameters (material, left-right-tied piece-square entries for the
// middle game and the end game, the term weights of engine/evaluate.ts, tempo).
//
// Everything here is from red's point of view. The evaluation is
//   E = trunc((MG * phase + EG * (PHASE_MAX - phase)) / PHASE_MAX) + Σ term_i * W_i + s * TEMPO
// where MG = Σ over pieces ±(MATERIAL_MG[kind] + MG_TABLE[kind][class]) (red +, black −, black at
// its rank-mirrored point), EG likewise, and s = +1 when red is to move. The term counts mirror
// the terms of engine/evaluate.ts exactly (checked by `verify` in bench/tune/cli.ts); the
// horse mobility is the engine's own function, the attacker count (term 10) a separate count
// exported by engine/evaluate.ts for this purpose.

import * as P from '../../engine/eval-params';
import { attackersInHalf, horseMobility, palaceAttack } from '../../engine/evaluate';
import { Position } from '../../engine/position';
import { PHASE_MAX } from '../../engine/pst';
import { ADVISOR, BISHOP, BLACK, CANNON, KING, KNIGHT, PAWN, RED, ROOK } from '../../engine/types';

/** Point classes per kind: 10 ranks × 5 files (file f and 8 − f share a class). */
export const CLASSES = 50;
export const KINDS = 8; // index by kind 1..7; 0 unused
export const TERM_NAMES = [
  'SHELL_ADVISOR',
  'SHELL_BISHOP',
  'HOLLOW_CANNON',
  'CENTRAL_CANNON',
  'BOTTOM_CANNON',
  'HORSE_NEAR_PALACE',
  'SOLDIER_NO_ADVISOR',
  'SOLDIER_NEAR_KING',
  'ROOK_MOBILITY',
  'HORSE_MOBILITY',
  'CANNON_MOBILITY',
  'HORSE_TRAPPED',
  'ROOK_OPEN_FILE',
  'ATTACK_PAIRS',
  'ATTACK_NO_ADVISOR',
  'KING_DANGER',
] as const;
export const TERMS = TERM_NAMES.length;
/** Current values (signs as in evaluate.ts: penalties are positive weights on negative counts). */
/** The engine's current term weights, in the order of the T_* indexes below. */
export const TERM_WEIGHTS = [
  P.SHELL_ADVISOR,
  P.SHELL_BISHOP,
  P.HOLLOW_CANNON,
  P.CENTRAL_CANNON,
  P.BOTTOM_CANNON,
  P.HORSE_NEAR_PALACE,
  P.SOLDIER_NO_ADVISOR,
  P.SOLDIER_NEAR_KING,
  P.ROOK_MOBILITY,
  P.HORSE_MOBILITY,
  P.CANNON_MOBILITY,
  P.HORSE_TRAPPED,
  P.ROOK_OPEN_FILE,
  P.ATTACK_PAIRS,
  P.ATTACK_NO_ADVISOR,
  P.KING_DANGER,
];
export const T_SHELL_ADVISOR = 0;
export const T_SHELL_BISHOP = 1;
export const T_HOLLOW_CANNON = 2;
export const T_CENTRAL_CANNON = 3;
export const T_BOTTOM_CANNON = 4;
export const T_HORSE_NEAR_PALACE = 5;
export const T_SOLDIER_NO_ADVISOR = 6;
export const T_SOLDIER_NEAR_KING = 7;
export const T_ROOK_MOBILITY = 8;
export const T_HORSE_MOBILITY = 9;
export const T_CANNON_MOBILITY = 10;
export const T_HORSE_TRAPPED = 11;
export const T_ROOK_OPEN_FILE = 12;
export const T_ATTACK_PAIRS = 13;
export const T_ATTACK_NO_ADVISOR = 14;
export const T_KING_DANGER = 15;

const SLOTS = 8;
const ORTHO = [-1, 1, -16, 16];

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
  /** Red-minus-black counts multiplying each term weight. */
  terms: Float64Array;
  /** +1 red to move, −1 black. */
  stm: number;
}

/** Adds the term counts of one side (positive = good for `us`) times `sign` into `out`. */
function sideTerms(pos: Position, us: number, sign: number, out: Float64Array): void {
  const b = pos.board;
  const pl = pos.plist;
  const pc = pos.pcount;
  const them = us ^ 1;
  const uhi = us << 3;
  const thi = them << 3;

  const force = 3 * pc[ROOK | thi] + 2 * pc[KNIGHT | thi] + 2 * pc[CANNON | thi];
  out[T_SHELL_ADVISOR] -= sign * (2 - pc[ADVISOR | uhi]) * force;
  out[T_SHELL_BISHOP] -= sign * (2 - pc[BISHOP | uhi]) * force;

  const ksq = pl[(KING | uhi) * SLOTS];
  const kfile = ksq & 15;
  const code = CANNON | thi;
  for (let i = 0, n = pc[code]; i < n; i++) {
    const c = pl[code * SLOTS + i];
    if ((c & 15) === kfile) {
      const step = c > ksq ? 16 : -16;
      let between = 0;
      for (let t = ksq + step; t !== c; t += step) if (b[t] !== 0) between++;
      if (between === 0) out[T_HOLLOW_CANNON] -= sign;
      else if (between === 1) out[T_CENTRAL_CANNON] -= sign;
    } else if (c >> 4 === ksq >> 4 && ksq >> 4 === (us === RED ? 3 : 12)) {
      const step = c > ksq ? 1 : -1;
      let open = true;
      for (let t = ksq + step; t !== c; t += step) if (b[t] !== 0) open = false;
      if (open) out[T_BOTTOM_CANNON] -= sign;
    }
  }

  const kn = KNIGHT | thi;
  for (let i = 0, n = pc[kn]; i < n; i++) {
    const h = pl[kn * SLOTS + i];
    const df = (h & 15) - kfile;
    const r = us === RED ? (h >> 4) - 3 : 12 - (h >> 4);
    if (df >= -2 && df <= 2 && r <= 4 && r >= 1) out[T_HORSE_NEAR_PALACE] -= sign;
  }

  const attackers = attackersInHalf(pos, us);
  out[T_ATTACK_PAIRS] -= sign * ((attackers * (attackers - 1)) >> 1);
  out[T_ATTACK_NO_ADVISOR] -= sign * attackers * (2 - pc[ADVISOR | uhi]);

  out[T_KING_DANGER] += sign * palaceAttack(pos, us);

  const theirAdvisors = pc[ADVISOR | thi];
  const theirKFile = pl[(KING | thi) * SLOTS] & 15;
  const pw = PAWN | uhi;
  let soldierFiles = 0;
  for (let i = 0, n = pc[pw]; i < n; i++) {
    const p = pl[pw * SLOTS + i];
    soldierFiles |= 1 << (p & 15);
    const r = us === RED ? (p >> 4) - 3 : 12 - (p >> 4);
    if (r >= 5) {
      out[T_SOLDIER_NO_ADVISOR] += sign * (2 - theirAdvisors);
      const df = (p & 15) - theirKFile;
      if (r >= 7 && df >= -1 && df <= 1) out[T_SOLDIER_NEAR_KING] += sign;
    }
  }

  const rk = ROOK | uhi;
  for (let i = 0, n = pc[rk]; i < n; i++) {
    const from = pl[rk * SLOTS + i];
    let mob = 0;
    for (let d = 0; d < 4; d++) {
      const dir = ORTHO[d];
      let t = from + dir;
      while (b[t] === 0) {
        mob++;
        t += dir;
      }
      const c = b[t];
      if (c !== 0 && c >> 3 === them) mob++;
    }
    out[T_ROOK_MOBILITY] += sign * mob;
    if ((soldierFiles & (1 << (from & 15))) === 0) out[T_ROOK_OPEN_FILE] += sign;
  }
  const hn = KNIGHT | uhi;
  for (let i = 0, n = pc[hn]; i < n; i++) {
    const mob = horseMobility(b, pl[hn * SLOTS + i], us);
    out[T_HORSE_MOBILITY] += sign * mob;
    if (mob <= 1) out[T_HORSE_TRAPPED] -= sign;
  }
  const cn = CANNON | uhi;
  for (let i = 0, n = pc[cn]; i < n; i++) {
    const from = pl[cn * SLOTS + i];
    let mob = 0;
    for (let d = 0; d < 4; d++) {
      const dir = ORTHO[d];
      let t = from + dir;
      while (b[t] === 0) {
        mob++;
        t += dir;
      }
    }
    out[T_CANNON_MOBILITY] += sign * mob;
  }
}

export function extractFeatures(pos: Position): Features {
  const pieceIndex: number[] = [];
  const pieceSign: number[] = [];
  for (let colour = RED; colour <= BLACK; colour++) {
    for (let kind = KING; kind <= PAWN; kind++) {
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
  const terms = new Float64Array(TERMS);
  sideTerms(pos, RED, 1, terms);
  sideTerms(pos, BLACK, -1, terms);
  const phase = Math.min(pos.phase, PHASE_MAX);
  return { phase, pieceIndex, pieceSign, terms, stm: pos.side === RED ? 1 : -1 };
}
