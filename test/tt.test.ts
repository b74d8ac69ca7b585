// The transposition table keeps what it is given, mate scores relative to the node, and its
// replacement policy.
import { describe, expect, it } from 'vitest';
import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, TranspositionTable } from '../engine/tt';
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
});
