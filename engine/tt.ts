// Transposition table in parallel typed arrays.
//
// Buckets of two slots: slot 0 is depth-preferred (replaced only by a deeper or equally deep
// result, or by one from a newer search), slot 1 is always replaced. The bucket is chosen by
// the low key half, and the high half is stored to verify the hit. Mate scores are stored
// relative to the node (distance from the node, not the root) and converted back on probe.
//
// Several searchers (Lazy SMP, see search.ts) may share one table in a SharedArrayBuffer and read
// and write it without locks. Each int32 word is written whole, but two threads writing the same
// slot at once can leave a slot with words from both. So the key word is stored XORed with the two
// data words: a torn slot fails the key check (a probe then misses) unless the mixture happens to
// match, which is as unlikely as a key collision; a hash move is checked for legality before it is
// played in any case (movepick.ts).

/** The table's size when nobody sets one (the Hash option's default), in MB. */
export const DEFAULT_HASH_MB = 64;

export const BOUND_NONE = 0;
export const BOUND_UPPER = 1;
export const BOUND_LOWER = 2;
export const BOUND_EXACT = 3;

import { type Score, toScore } from './limits';
import { MATE_BOUND } from './search-params';

/**
 * Tables beyond 8 GB have more than 2^28 buckets, so a bucket's first word is computed as a
 * multiplication, not a shift (which would overflow 32 bits); the bucket index itself comes from
 * the key's low half, so at most 2^31 buckets (64 GB) can be addressed.
 */
export const MAX_TABLE_BYTES = 2 ** 31 * 2 * 4 * 4;

/**
 * A slot is four int32 words: the high key half XOR the next two words; move (low 16 bits) and score (high 16); static
 * evaluation (low 16), depth (next 8, signed) and flags (top 8: bound | generation << 2); one
 * word unused. A bucket of two slots is 32 bytes, so a probe touches one cache line.
 */
const SLOT_WORDS = 4;
const SLOT_BYTES = SLOT_WORDS * 4;

/** A table entry as the protocol reports it. */
export interface HashProbe {
  move: number;
  depth: number;
  /** The stored score as a search reports one (toScore). */
  score: Score;
  bound: 'exact' | 'lower' | 'upper';
}

export class TranspositionTable {
  private data: Int32Array<ArrayBuffer | SharedArrayBuffer> = new Int32Array(2 * SLOT_WORDS);
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

  /** Bytes of the largest power-of-two bucket count that fits in `mb` megabytes. */
  static bytesFor(mb: number): number {
    const bytes = Math.max(1, mb) * 1024 * 1024;
    let buckets = 1;
    while (buckets * 2 * 2 * SLOT_BYTES <= Math.min(bytes, MAX_TABLE_BYTES)) buckets *= 2;
    return buckets * 2 * SLOT_BYTES;
  }

  /** Reallocates to the largest power-of-two bucket count that fits in `mb` megabytes (cleared). */
  resize(mb: number): void {
    this.useBuffer(new ArrayBuffer(TranspositionTable.bytesFor(mb)));
  }

  /**
   * Uses `buffer` as the table (of bytesFor(mb) bytes; a SharedArrayBuffer to share it with other
   * searchers). Its contents are kept.
   */
  useBuffer(buffer: ArrayBuffer | SharedArrayBuffer): void {
    const buckets = buffer.byteLength / (2 * SLOT_BYTES);
    if (!Number.isInteger(buckets) || buckets < 1 || (buckets & (buckets - 1)) !== 0) {
      throw new Error(
        `a hash table buffer must hold a power-of-two number of ${2 * SLOT_BYTES}-byte buckets, not ${buffer.byteLength} bytes`,
      );
    }
    this.data = new Int32Array(buffer);
    this.mask = buckets - 1;
    this.generation = 0;
  }

  /** The table's memory (shared between searchers when it is a SharedArrayBuffer). */
  get buffer(): ArrayBuffer | SharedArrayBuffer {
    return this.data.buffer;
  }

  get sizeMb(): number {
    return (this.data.length * 4) / (1024 * 1024);
  }

  /**
   * Clears the table, or part `index` of `count` equal parts of it (so that the searchers sharing a
   * large table clear it together, each its own part).
   */
  clear(index = 0, count = 1): void {
    const buckets = this.mask + 1;
    const from = Math.floor((buckets * index) / count) * 2 * SLOT_WORDS;
    const to = Math.floor((buckets * (index + 1)) / count) * 2 * SLOT_WORDS;
    this.data.fill(0, from, to);
    this.generation = 0;
  }

  /** Called once per search so that old entries give way. */
  newSearch(): void {
    this.generation = (this.generation + 1) & 63;
  }

  /** Searchers sharing a table tag their entries with one generation per search (0-63). */
  setGeneration(generation: number): void {
    this.generation = generation & 63;
  }

  /** Looks the key up; on a hit fills the hit* fields (score already relative to `ply`) and returns true. */
  probe(keyLo: number, keyHi: number, ply: number): boolean {
    const d = this.data;
    // Each word is read once: the key check and the fields come from the same words.
    const s = (keyLo & this.mask) * SLOT_WORDS * 2;
    let w1 = d[s + 1];
    let w2 = d[s + 2];
    if ((d[s] ^ w1 ^ w2) !== keyHi || w2 >>> 24 === 0) {
      w1 = d[s + SLOT_WORDS + 1];
      w2 = d[s + SLOT_WORDS + 2];
      if ((d[s + SLOT_WORDS] ^ w1 ^ w2) !== keyHi || w2 >>> 24 === 0) return false;
    }
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

  /** The entry of the position with this key as the protocol reports it (`probe`/`pophash`), or null. */
  entry(keyLo: number, keyHi: number): HashProbe | null {
    if (!this.probe(keyLo, keyHi, 0)) return null;
    const b = this.hitBound;
    return {
      move: this.hitMove,
      depth: this.hitDepth,
      score: toScore(this.hitScore),
      bound: b === BOUND_EXACT ? 'exact' : b === BOUND_LOWER ? 'lower' : 'upper',
    };
  }

  store(keyLo: number, keyHi: number, ply: number, move: number, score: number, evalScore: number, depth: number, bound: number): void {
    const d = this.data;
    const i = (keyLo & this.mask) * SLOT_WORDS * 2;
    if (score > MATE_BOUND) score += ply;
    else if (score < -MATE_BOUND) score -= ply;
    if (depth > 127) depth = 127;
    if (depth < -127) depth = -127;
    let s = i;
    const w2 = d[i + 2];
    const f0 = w2 >>> 24;
    const sameKey = (d[i] ^ d[i + 1] ^ w2) === keyHi && f0 !== 0;
    if (!sameKey && f0 !== 0 && f0 >> 2 === this.generation && (w2 << 8) >> 24 > depth) s = i + SLOT_WORDS;
    // Keep a known best move when the new result has none.
    if (move === 0) {
      const m1 = d[s + 1];
      if ((d[s] ^ m1 ^ d[s + 2]) === keyHi) move = m1 & 0xffff;
    }
    const n1 = (move & 0xffff) | (score << 16);
    const n2 = (evalScore & 0xffff) | ((depth & 0xff) << 16) | ((bound | (this.generation << 2)) << 24);
    d[s] = keyHi ^ n1 ^ n2;
    d[s + 1] = n1;
    d[s + 2] = n2;
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
