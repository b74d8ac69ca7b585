// Transposition table in parallel typed arrays.
//
// Buckets of two slots: slot 0 is depth-preferred (replaced only by a deeper or equally deep
// result, or by one from a newer search), slot 1 is always replaced. The bucket is chosen by
// the low key half, and the high half is stored to verify the hit. Mate scores are stored
// relative to the node (distance from the node, not the root) and converted back on probe.

export const BOUND_NONE = 0;
export const BOUND_UPPER = 1;
export const BOUND_LOWER = 2;
export const BOUND_EXACT = 3;

import { MATE_BOUND } from './searchconst';

/** Bytes per slot: key 4, move 2, score 2, eval 2, depth 1, flags 1. */
const SLOT_BYTES = 12;

export class TranspositionTable {
  private keys = new Int32Array(2);
  private moves = new Uint16Array(2);
  private scores = new Int16Array(2);
  private evals = new Int16Array(2);
  private depths = new Int8Array(2);
  /** bound (2 bits) | generation << 2 */
  private flags = new Uint8Array(2);
  private mask = 0;
  private generation = 0;

  // Results of the last successful probe.
  hitMove = 0;
  hitScore = 0;
  hitEval = 0;
  hitDepth = 0;
  hitBound = BOUND_NONE;

  constructor(mb: number) {
    this.resize(mb);
  }

  /** Reallocates to the largest power-of-two bucket count that fits in `mb` megabytes (cleared). */
  resize(mb: number): void {
    const bytes = Math.max(1, mb) * 1024 * 1024;
    let buckets = 1;
    while (buckets * 2 * 2 * SLOT_BYTES <= bytes) buckets *= 2;
    const slots = buckets * 2;
    this.keys = new Int32Array(slots);
    this.moves = new Uint16Array(slots);
    this.scores = new Int16Array(slots);
    this.evals = new Int16Array(slots);
    this.depths = new Int8Array(slots);
    this.flags = new Uint8Array(slots);
    this.mask = buckets - 1;
    this.generation = 0;
  }

  get sizeMb(): number {
    return (this.keys.length * SLOT_BYTES) / (1024 * 1024);
  }

  clear(): void {
    this.keys.fill(0);
    this.moves.fill(0);
    this.scores.fill(0);
    this.evals.fill(0);
    this.depths.fill(0);
    this.flags.fill(0);
    this.generation = 0;
  }

  /** Called once per search so that old entries give way. */
  newSearch(): void {
    this.generation = (this.generation + 1) & 63;
  }

  /** Looks the key up; on a hit fills the hit* fields (score already relative to `ply`) and returns true. */
  probe(keyLo: number, keyHi: number, ply: number): boolean {
    const i = (keyLo & this.mask) << 1;
    let s = i;
    if (this.keys[s] !== keyHi || this.flags[s] === 0) {
      s = i + 1;
      if (this.keys[s] !== keyHi || this.flags[s] === 0) return false;
    }
    this.hitMove = this.moves[s];
    let score = this.scores[s];
    if (score > MATE_BOUND) score -= ply;
    else if (score < -MATE_BOUND) score += ply;
    this.hitScore = score;
    this.hitEval = this.evals[s];
    this.hitDepth = this.depths[s];
    this.hitBound = this.flags[s] & 3;
    return true;
  }

  store(keyLo: number, keyHi: number, ply: number, move: number, score: number, evalScore: number, depth: number, bound: number): void {
    const i = (keyLo & this.mask) << 1;
    if (score > MATE_BOUND) score += ply;
    else if (score < -MATE_BOUND) score -= ply;
    if (depth > 127) depth = 127;
    if (depth < -127) depth = -127;
    let s = i;
    const f0 = this.flags[i];
    const sameKey = this.keys[i] === keyHi && f0 !== 0;
    if (!sameKey && f0 !== 0 && f0 >> 2 === this.generation && this.depths[i] > depth) s = i + 1;
    // Keep a known best move when the new result has none.
    if (move === 0 && this.keys[s] === keyHi) move = this.moves[s];
    this.keys[s] = keyHi;
    this.moves[s] = move;
    this.scores[s] = score;
    this.evals[s] = evalScore;
    this.depths[s] = depth;
    this.flags[s] = bound | (this.generation << 2);
  }

  /** Permille of the first 1000 slots used by the current search. */
  hashfull(): number {
    const n = Math.min(1000, this.flags.length);
    let used = 0;
    for (let i = 0; i < n; i++) {
      const f = this.flags[i];
      if (f !== 0 && f >> 2 === this.generation) used++;
    }
    return Math.round((used * 1000) / n);
  }
}
