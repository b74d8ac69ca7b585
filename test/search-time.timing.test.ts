// The search's limits in real time (the timing group, so that no other file races it): a node
// limit, a raised stop flag ends even an infinite search at once, and a move time is kept.
import { describe, expect, it } from 'vitest';
import { START_FEN, parseFen } from '../engine/index';
import { SIGNAL_COUNT, SIGNAL_STOP } from '../engine/limits';
import { Searcher } from '../engine/search';

describe('search limits', () => {
  it('respects a node limit and a raised stop flag', () => {
    const s = new Searcher(16);
    const r = s.search(parseFen(START_FEN), { nodes: 20_000 }, new Int32Array(SIGNAL_COUNT));
    expect(r.nodes).toBeGreaterThanOrEqual(20_000);
    expect(r.nodes).toBeLessThanOrEqual(20_001);
    const signals = new Int32Array(SIGNAL_COUNT);
    signals[SIGNAL_STOP] = 1;
    const t0 = Date.now();
    const stopped = s.search(parseFen(START_FEN), { infinite: true }, signals);
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(stopped.bestMove).not.toBe(0);
  });

  it('keeps small node limits to the node, once depth 1 is done', () => {
    // The signals are polled every 1024 nodes; a nearer node limit brings the next poll forward,
    // so that a GUI's `go nodes 100` is not a search of 1,024 nodes.
    const depthOne = new Searcher(16).search(parseFen(START_FEN), { depth: 1 }, new Int32Array(SIGNAL_COUNT)).nodes;
    expect(depthOne).toBeGreaterThan(40);
    for (const limit of [1, depthOne + 1, 300, 500, 1000, 1025, 1500, 2047, 3000, 5000]) {
      const r = new Searcher(16).search(parseFen(START_FEN), { nodes: limit }, new Int32Array(SIGNAL_COUNT));
      expect(r.bestMove).not.toBe(0);
      expect(r.depth).toBeGreaterThanOrEqual(1);
      const floor = Math.max(limit, depthOne);
      expect(r.nodes, `go nodes ${limit}`).toBeGreaterThanOrEqual(floor);
      expect(r.nodes, `go nodes ${limit}`).toBeLessThanOrEqual(floor + 1);
    }
  });

  it('keeps to a move time', () => {
    const s = new Searcher(16);
    const t0 = Date.now();
    s.search(parseFen(START_FEN), { movetime: 300 }, new Int32Array(SIGNAL_COUNT));
    const t = Date.now() - t0;
    expect(t).toBeLessThan(600);
    expect(t).toBeGreaterThan(100);
  });
});
