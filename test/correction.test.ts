// Correction history: which positions share an entry, and how the entries learn.
import { describe, expect, it } from 'vitest';
import { CorrectionHistory } from '../engine/correction';
import { parseFen, parseIccs, Position } from '../engine/index';

const START = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';

function indices(fen: string, moves: string[] = []): [number, number] {
  const pos = parseFen(fen, new Position());
  for (const m of moves) pos.make(parseIccs(pos, m));
  const ch = new CorrectionHistory();
  ch.index(pos);
  return [ch.structureAt, ch.materialAt];
}

describe('correction history', () => {
  it('shares the structure entry between positions whose soldiers, advisors and elephants stand alike', () => {
    const start = indices(START);
    // Horses and chariots out and back, cannons moved: the same structure and material.
    const [s, m] = indices(START, ['b0c2', 'b9c7', 'h2e2', 'h7e7']);
    expect([s, m]).toEqual(start);
    // A soldier step changes the structure, not the material.
    const [s2, m2] = indices(START, ['c3c4', 'c6c5']);
    expect(s2).not.toBe(start[0]);
    expect(m2).toBe(start[1]);
    // An advisor move changes it too.
    expect(indices(START, ['d0e1', 'd9e8'])[0]).not.toBe(start[0]);
  });

  it('keys the material entry by the counts of each kind, and both by the side to move', () => {
    const start = indices(START);
    // Cannon takes horse (h2h9), chariot takes cannon back: material changes.
    const afterTrade = indices(START, ['h2h9', 'i9h9']);
    expect(afterTrade[1]).not.toBe(start[1]);
    // The same material with the other side to move uses the other half of the tables.
    const blackToMove = indices(START.replace(' w ', ' b '));
    expect(blackToMove[0]).not.toBe(start[0]);
    expect(blackToMove[1]).not.toBe(start[1]);
  });

  it('moves toward the search results, weighted by depth, and stays bounded', () => {
    const ch = new CorrectionHistory();
    const [s, m] = [5, 77];
    expect(ch.correction(s, m)).toBe(0);
    ch.update(s, m, 40, 4);
    const after1 = ch.correction(s, m);
    expect(after1).toBeGreaterThan(0);
    // Deeper results move it further.
    const deep = new CorrectionHistory();
    deep.update(s, m, 40, 8);
    expect(deep.correction(s, m)).toBeGreaterThan(after1);
    // Repeated huge errors saturate: each table holds at most 128 cp.
    for (let i = 0; i < 1000; i++) ch.update(s, m, 5000, 20);
    expect(ch.correction(s, m)).toBeLessThanOrEqual(256);
    expect(ch.correction(s, m)).toBeGreaterThan(200);
    for (let i = 0; i < 1000; i++) ch.update(s, m, -5000, 20);
    expect(ch.correction(s, m)).toBeGreaterThanOrEqual(-256);
    expect(ch.correction(s, m)).toBeLessThan(-200);
    // Other entries are untouched; clear resets.
    expect(ch.correction(s + 1, m + 1)).toBe(0);
    ch.clear();
    expect(ch.correction(s, m)).toBe(0);
  });
});
