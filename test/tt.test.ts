// The transposition table keeps what it is given, mate scores relative to the node, and its
// replacement policy.
import { describe, expect, it } from 'vitest';
import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, MAX_TABLE_BYTES, TranspositionTable } from '../engine/tt';
import { MATE } from '../engine/search-params';

describe('transposition table', () => {
  it('stores and returns every field, negative values included', () => {
    const tt = new TranspositionTable(1);
    const cases: Array<[number, number, number, number, number]> = [
      // move, score, eval, depth, bound
      [0x5a3c, 123, -45, 7, BOUND_EXACT],
      [0xffff, -32000, 32000, -3, BOUND_UPPER],
      [1, 0, 0, 127, BOUND_LOWER],
    ];
    cases.forEach(([move, score, ev, depth, bound], i) => {
      tt.store(i * 7919, 1000 + i, 0, move, score, ev, depth, bound);
      expect(tt.probe(i * 7919, 1000 + i, 0)).toBe(true);
      expect([tt.hitMove, tt.hitScore, tt.hitEval, tt.hitDepth, tt.hitBound]).toEqual([move, score, ev, depth, bound]);
    });
    expect(tt.probe(0, 999, 0)).toBe(false);
  });
  it('keeps mate scores relative to the node', () => {
    const tt = new TranspositionTable(1);
    // Mate found 5 plies below a node at ply 3 (score MATE - 8 from the root).
    tt.store(42, 42, 3, 0, MATE - 8, 0, 4, BOUND_EXACT);
    expect(tt.probe(42, 42, 10)).toBe(true);
    expect(tt.hitScore).toBe(MATE - 15);
    tt.store(43, 43, 3, 0, -(MATE - 8), 0, 4, BOUND_EXACT);
    tt.probe(43, 43, 1);
    expect(tt.hitScore).toBe(-(MATE - 6));
  });
  it('keeps the deeper entry of the current search and puts the shallower one beside it', () => {
    const tt = new TranspositionTable(1);
    tt.newSearch();
    tt.store(5, 100, 0, 11, 10, 0, 9, BOUND_EXACT);
    tt.store(5, 200, 0, 22, 20, 0, 2, BOUND_EXACT); // same bucket, other key, shallower
    expect(tt.probe(5, 100, 0) && tt.hitMove).toBe(11);
    expect(tt.probe(5, 200, 0) && tt.hitMove).toBe(22);
    expect(tt.hashfull()).toBeGreaterThan(0);
    tt.clear();
    expect(tt.probe(5, 100, 0)).toBe(false);
  });
  it('cleared in parts (as the searchers sharing a table do), every bucket is cleared once, and only its own part by each', () => {
    const tt = new TranspositionTable(1);
    const words = new Int32Array(tt.buffer);
    for (const count of [1, 2, 3, 7, 16]) {
      words.fill(-1);
      const cleared = new Uint8Array(words.length);
      for (let index = 0; index < count; index++) {
        const before = Int32Array.from(words);
        tt.clear(index, count);
        // The words this part zeroed: a contiguous run no earlier part touched.
        const mine = before.map((w, i) => (w !== 0 && words[i] === 0 ? 1 : 0));
        const first = mine.indexOf(1);
        const last = mine.lastIndexOf(1);
        expect(mine.slice(first, last + 1).every((x) => x === 1)).toBe(true);
        for (let i = first; i <= last; i++) cleared[i]++;
      }
      expect(words.every((w) => w === 0)).toBe(true);
      expect(cleared.every((c) => c === 1)).toBe(true);
    }
  });
  it('a torn slot (words of two entries mixed, as two threads writing at once can leave it) is a miss', () => {
    const tt = new TranspositionTable(1);
    tt.newSearch();
    const words = new Int32Array(tt.buffer);
    // Two entries for keys of the same bucket, the second into slot 1 (the first is deeper).
    tt.store(8, 0x1234567, 0, 0x0a0b, 55, 10, 9, BOUND_EXACT);
    const a = Array.from(words.subarray(64, 68));
    tt.store(8, 0x7654321, 0, 0x0c0d, -70, -20, 3, BOUND_LOWER);
    expect(tt.probe(8, 0x1234567, 0) && tt.hitMove).toBe(0x0a0b);
    expect(tt.probe(8, 0x7654321, 0) && tt.hitMove).toBe(0x0c0d);
    const slot1 = 64 + 4;
    const b = Array.from(words.subarray(slot1, slot1 + 4));
    // Slot 1 gets B's key word with A's data words, then A's key word with B's move and A's flags.
    for (const mix of [
      [b[0], a[1], a[2]],
      [a[0], b[1], a[2]],
      [b[0], b[1], a[2]],
      [a[0], a[1], b[2]],
    ]) {
      words.set(mix, slot1);
      expect(tt.probe(8, 0x7654321, 0)).toBe(false);
      expect(tt.probe(8, 0x1234567, 0) && tt.hitMove).toBe(0x0a0b);
    }
    // Whole again: found again.
    words.set(b, slot1);
    expect(tt.probe(8, 0x7654321, 0) && tt.hitScore).toBe(-70);
  });

  it('can live in a SharedArrayBuffer that another table uses too', () => {
    const buffer = new SharedArrayBuffer(TranspositionTable.bytesFor(1));
    const one = new TranspositionTable(1);
    const two = new TranspositionTable(1);
    one.useBuffer(buffer);
    two.useBuffer(buffer);
    one.setGeneration(5);
    two.setGeneration(5);
    one.store(77, 99, 0, 0x1111, 12, 3, 6, BOUND_UPPER);
    expect(two.probe(77, 99, 0)).toBe(true);
    expect([two.hitMove, two.hitScore, two.hitEval, two.hitDepth, two.hitBound]).toEqual([0x1111, 12, 3, 6, BOUND_UPPER]);
    expect(two.hashfull()).toBeGreaterThan(0);
    expect(() => one.useBuffer(new SharedArrayBuffer(1000))).toThrow(/power-of-two number of 32-byte buckets/);
  });

  it('addresses every bucket of a table beyond 8 GB, where a shifted index would overflow', () => {
    // 16 GB, of which only the pages written are ever touched (the memory is committed lazily).
    const bytes = TranspositionTable.bytesFor(16 * 1024);
    expect(bytes).toBe(16 * 1024 ** 3);
    let buffer: ArrayBuffer;
    try {
      buffer = new ArrayBuffer(bytes);
    } catch (err) {
      // A machine that cannot reserve 16 GB of address space: nothing to test here.
      console.log(`tt test: 16 GB table not tested (${err instanceof Error ? err.message : String(err)})`);
      return;
    }
    const tt = new TranspositionTable(1);
    tt.useBuffer(buffer);
    // Keys whose bucket lies beyond 2^28 (the 8 GB mark) and near the top, and one at the bottom.
    const keys = [0x1fff_ffff, 0x1000_0000, 0x1234_5678, 0];
    keys.forEach((k, i) => tt.store(k, 77 + i, 0, 100 + i, 10 * i, 0, 5, BOUND_EXACT));
    keys.forEach((k, i) => {
      expect(tt.probe(k, 77 + i, 0)).toBe(true);
      expect(tt.hitMove).toBe(100 + i);
    });
    // The top bucket is the last 32 bytes of the buffer: the words were written there.
    const words = new Int32Array(buffer);
    expect(words[words.length - 8 + 1] & 0xffff).toBe(100);
  });

  it('sizes a table to the largest power of two that fits, up to the 64 GB its keys can address', () => {
    expect(TranspositionTable.bytesFor(1)).toBe(1024 ** 2);
    expect(TranspositionTable.bytesFor(1500)).toBe(1024 ** 3);
    expect(TranspositionTable.bytesFor(4096)).toBe(4 * 1024 ** 3);
    expect(MAX_TABLE_BYTES).toBe(64 * 1024 ** 3);
    expect(TranspositionTable.bytesFor(1024 * 1024)).toBe(MAX_TABLE_BYTES);
  });
});
