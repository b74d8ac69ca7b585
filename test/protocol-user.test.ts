// Protocol behaviour a new user runs into, in process (test/session-harness.ts): a bad depth never
// resigns or answers without a search, and UCCI's go depth 0 answers the static score. (A search
// stopped at once and quit during a search, which need the worker thread, are in
// protocol-smoke.test.ts; the options' messages in protocol-messages.test.ts.)
import { describe, expect, it } from 'vitest';
import { START_FEN } from '../engine/index';
import { legalBest } from './e2e-engine';
import { position } from './helpers';
import { inProcess } from './session-harness';

const start = position(START_FEN);

describe('bad depths never resign (UCCI)', () => {
  for (const depth of ['-5', '-1', 'abc', '']) {
    it(`go depth ${depth || '(nothing)'}: a message, then a bestmove searched to depth 1`, async () => {
      const e = await inProcess('ucci');
      e.send('position startpos', `go depth ${depth}`.trim());
      const best = await e.expect(/^(bestmove|nobestmove)/);
      const lines = e.received.map((r) => r.line);
      expect(best.line).toMatch(/^bestmove /);
      legalBest(best.line, start);
      expect(
        lines.filter((l) => l.startsWith('info string go: ')),
        lines.join('\n'),
      ).toHaveLength(depth === '-5' || depth === '-1' ? 1 : 2);
      expect(e.lastSearch().depth).toBe(1);
      expect(lines.some((l) => /^info depth 1 /.test(l))).toBe(true);
      await e.quit();
    });
  }
  it('go depth 0 still answers the static score and nobestmove', async () => {
    const e = await inProcess('ucci');
    e.send('position startpos', 'go depth 0');
    await e.expect(/^info depth 0 score -?\d+$/);
    await e.expect(/^nobestmove$/);
    await e.quit();
  });
});
