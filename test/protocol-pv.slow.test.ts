// A README promise that takes a long search (the slow project; protocol-promises.test.ts has the
// others): UCI PVs are cut at 24 moves, shown with a mate 30 plies away, found at depth 22 by the
// hand-written evaluation (a network may see the mate deeper or sooner).
import { describe, expect, it } from 'vitest';
import { legalBest } from './e2e-engine';
import { position } from './helpers';
import { inProcess } from './session-harness';

/** Red's chariot against a king with both advisors and an elephant: a mate some 30 plies away. */
const LONG_MATE = '4ka3/4a4/4b4/9/9/9/9/9/9/3K1R3 w - - 0 1';

function pvLength(line: string): number {
  const at = line.indexOf(' pv ');
  return at < 0
    ? 0
    : line
        .slice(at + 4)
        .trim()
        .split(/\s+/).length;
}

describe('README promises, the PV length', () => {
  it('uci: PVs are cut at 24 moves (a mate 30 plies away shows 24)', async () => {
    const e = await inProcess('uci', { nodeLimit: undefined });
    try {
      // The hand-written evaluation: how deep the mate is found must not change with each network.
      e.send('setoption name Use NNUE value false', `position fen ${LONG_MATE}`, 'go depth 22');
      const best = await e.expect(/^bestmove/, 60_000);
      legalBest(best.line, position(LONG_MATE));
      const infos = e.received.map((r) => r.line).filter((l) => l.startsWith('info depth'));
      const last = infos.at(-1)!;
      const mate = /score mate (\d+)/.exec(last);
      expect(mate, last).not.toBeNull();
      // A mate in N moves is a line of 2N − 1 plies, longer than the 24 printed.
      expect(2 * Number(mate![1]) - 1).toBeGreaterThan(24);
      expect(pvLength(last)).toBe(24);
      expect(Math.max(...infos.map(pvLength))).toBe(24);
    } finally {
      await e.quit();
    }
  }, 90_000);
});
