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

import { MATE_BOUND } from './search-params';

/**
 * A slot is four int32 words: the high key half; move (low 16 bits) and score (high 16); static
 * evaluation (low 16), depth (next 8, signed) and flags (top 8: bound | generation << 2); one
 * word unused. A bucket of two slots is 32 bytes, so a probe touches one cache line.
 */
const SLOT_WORDS = 4;
const SLOT_BYTES = SLOT_WORDS * 4;

export class TranspositionTable {
  private data = new Int32Array(2 * SLOT_WORDS);
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
    this.data = new Int32Array(buckets * 2 * SLOT_WORDS);
    this.mask = buckets - 1;
    this.generation = 0;
  }

  get sizeMb(): number {
    return (this.data.length * 4) / (1024 * 1024);
  }

  clear(): void {
    this.data.fill(0);
    this.generation = 0;
  }

  /** Called once per search so that old entries give way. */
  newSearch(): void {
    this.generation = (this.generation + 1) & 63;
  }

  /** Looks the key up; on a hit fills the hit* fields (score already relative to `ply`) and returns true. */
  probe(keyLo: number, keyHi: number, ply: number): boolean {
    const d = this.data;
    let s = (keyLo & this.mask) << 3;
    if (d[s] !== keyHi || d[s + 2] >>> 24 === 0) {
      s += SLOT_WORDS;
      if (d[s] !== keyHi || d[s + 2] >>> 24 === 0) return false;
    }
    const w1 = d[s + 1];
    const w2 = d[s + 2];
    this.hitMove = w1 & 0xffff;
    let score = w1 >> 16;
    if (score > MATE_BOUND) score -= ply;
    else if (score < -MATE_BOUND) score += ply;
    this.hitScore = score;
    this.hitEval = (w2 << 16) >> 16;
    this.hitDepth = (w2 << 8) >> 24;
    this.hitBound = (w2 >>> 24) & 3;
    return true;
  }

  store(keyLo: number, keyHi: number, ply: number, move: number, score: number, evalScore: number, depth: number, bound: number): void {
    const d = this.data;
    const i = (keyLo & this.mask) << 3;
    if (score > MATE_BOUND) score += ply;
    else if (score < -MATE_BOUND) score -= ply;
    if (depth > 127) depth = 127;
    if (depth < -127) depth = -127;
    let s = i;
    const f0 = d[i + 2] >>> 24;
    const sameKey = d[i] === keyHi && f0 !== 0;
    if (!sameKey && f0 !== 0 && f0 >> 2 === this.generation && (d[i + 2] << 8) >> 24 > depth) s = i + SLOT_WORDS;
    // Keep a known best move when the new result has none.
    if (move === 0 && d[s] === keyHi) move = d[s + 1] & 0xffff;
    d[s] = keyHi;
    d[s + 1] = (move & 0xffff) | (score << 16);
    d[s + 2] = (evalScore & 0xffff) | ((depth & 0xff) << 16) | ((bound | (this.generation << 2)) << 24);
  }

  /** Permille of the first 1000 slots used by the current search. */
  hashfull(): number {
    const n = Math.min(1000, this.data.length / SLOT_WORDS);
    let used = 0;
    for (let i = 0; i < n; i++) {
      const f = this.data[i * SLOT_WORDS + 2] >>> 24;
      if (f !== 0 && f >> 2 === this.generation) used++;
    }
    return Math.round((used * 1000) / n);
  }
}
