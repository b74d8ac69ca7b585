// Move generation against published and independently verified perft counts.
import { describe, expect, it } from 'vitest';
import { parsePerftEpd } from '../bench/perft-epd';
import { START_FEN, moveToIccs, parseFen, perft, perftDivide } from '../engine/index';
import { readData } from './helpers';

/**
 * Depths up to this many leaves run in the unit tests. .ci/run counts the rest through the
 * executable (perft.epd to 140,000,000 leaves, perft-extra.epd to 20,000,000), and
 * `npm run perft:full` every depth of both.
 */
const MAX_NODES = 200_000;

for (const file of ['perft.epd', 'perft-extra.epd']) {
  describe(file, () => {
    const entries = parsePerftEpd(readData(file));
    it('has positions', () => expect(entries.length).toBeGreaterThan(10));
    for (const entry of entries) {
      const counts = entry.counts.filter((c) => c.nodes <= MAX_NODES);
      it(`line ${entry.line}: ${entry.fen} (depths ${counts.map((c) => c.depth).join(',')})`, () => {
        const pos = parseFen(entry.fen);
        for (const { depth, nodes } of counts) expect([depth, perft(pos, depth)]).toEqual([depth, nodes]);
      });
    }
  });
}

describe('perftDivide', () => {
  it('splits the start position depth 3 over the 44 root moves and sums to the total', () => {
    const pos = parseFen(START_FEN);
    const parts = perftDivide(pos, 3);
    expect(parts.length).toBe(44);
    expect(parts.reduce((s, p) => s + p.nodes, 0)).toBe(79666);
    const names = parts.map((p) => moveToIccs(p.move));
    expect(new Set(names).size).toBe(44);
    expect(names).toContain('h2e2');
  });
  it('depth 0 counts the position itself', () => {
    expect(perft(parseFen(START_FEN), 0)).toBe(1);
  });
});
