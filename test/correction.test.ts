// Correction history: which positions share an entry, and how the entries learn.
import { describe, expect, it } from 'vitest';
import { CorrectionHistory } from '../engine/correction';
import { START_FEN as START } from '../engine/index';
import { position } from './helpers';

/** The table indices of a position: [structure, material]. */
function indices(fen: string, moves: string[] = []): number[] {
  const ch = new CorrectionHistory();
  ch.correction(position(fen, moves), 3);
  return ch.indices(3);
}

describe('correction history', () => {
  it('shares the structure entry between positions whose soldiers, advisors and elephants stand alike', () => {
    const start = indices(START);
    // Horses out, cannons moved: the same structure and material.
    expect(indices(START, ['b0c2', 'b9c7', 'h2e2', 'h7e7'])).toEqual(start);
    // A soldier step changes the structure, not the material.
    const soldiers = indices(START, ['c3c4', 'c6c5']);
    expect(soldiers[0]).not.toBe(start[0]);
    expect(soldiers[1]).toBe(start[1]);
    // An advisor move changes it too.
    expect(indices(START, ['d0e1', 'd9e8'])[0]).not.toBe(start[0]);
  });

  it('keys the material entry by the counts of each kind, and both entries by the side to move', () => {
    const start = indices(START);
    // Cannon takes horse, chariot takes the cannon back: the material entry changes.
    const trade = indices(START, ['h2h9', 'i9h9']);
    expect(trade[0]).toBe(start[0]);
    expect(trade[1]).not.toBe(start[1]);
    // The same position with black to move uses the other half of both tables.
    const black = indices(START.replace(' w ', ' b '));
    expect(black[0]).not.toBe(start[0]);
    expect(black[1]).not.toBe(start[1]);
  });

  it('moves toward the search results, weighted by depth, and stays bounded', () => {
    const pos = position(START, ['h2e2']);
    const ch = new CorrectionHistory();
    expect(ch.correction(pos, 1)).toBe(0);
    ch.update(1, 40, 4);
    const after1 = ch.correction(pos, 1);
    expect(after1).toBeGreaterThan(0);
    // Deeper results move it further.
    const deep = new CorrectionHistory();
    deep.correction(pos, 1);
    deep.update(1, 40, 8);
    expect(deep.correction(pos, 1)).toBeGreaterThan(after1);
    // Repeated huge errors saturate: each table holds at most 128 cp.
    for (let i = 0; i < 1000; i++) ch.update(1, 5000, 20);
    expect(ch.correction(pos, 1)).toBeLessThanOrEqual(256);
    expect(ch.correction(pos, 1)).toBeGreaterThan(200);
    for (let i = 0; i < 1000; i++) ch.update(1, -5000, 20);
    expect(ch.correction(pos, 1)).toBeGreaterThanOrEqual(-256);
    expect(ch.correction(pos, 1)).toBeLessThan(-200);
    // Another ply's position is looked up on its own; after a soldier move it shares only the
    // material entry (black to move in both).
    expect(ch.correction(position(START, ['h2e2', 'c6c5', 'b0c2']), 2)).toBeLessThan(-100);
    expect(ch.correction(position(START, ['h2e2', 'c6c5', 'b0c2']), 2)).toBeGreaterThanOrEqual(-128);
    expect(ch.indices(1)).not.toEqual(ch.indices(2));
    ch.clear();
    expect(ch.correction(pos, 1)).toBe(0);
  });
});
