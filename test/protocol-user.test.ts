// Protocol behaviour a new user runs into, against the real executable over pipes: bad depths
// never resign, a search stopped at once still answers a searched move, quit answers the running
// search first, and UCI names unknown options and its own ranges.
import { describe, beforeAll, expect, it } from 'vitest';
import { START_FEN } from '../engine/index';
import { EngineProcess, builtEngine, legalBest, startChuhan, withChuhan } from './e2e-engine';
import { position } from './helpers';

let exe: string;
beforeAll(() => {
  exe = builtEngine();
}, 180_000);

const start = position(START_FEN);

describe('bad depths never resign (UCCI)', () => {
  for (const depth of ['-5', '-1', 'abc', '']) {
    it(`go depth ${depth || '(nothing)'}: an info string, then a searched bestmove`, async () => {
      await withChuhan(exe, 'ucci', async (e) => {
        e.send('position startpos', `go depth ${depth}`.trim());
        const best = await e.expect(/^(bestmove|nobestmove)/);
        const lines = e.received.map((r) => r.line);
        expect(best.line).toMatch(/^bestmove /);
        legalBest(best.line, start);
        expect(lines.some((l) => /^info string go: .*depth/.test(l)), lines.join('\n')).toBe(true);
        expect(lines.some((l) => /^info depth 1 /.test(l))).toBe(true);
      });
    });
  }
  it('go depth 0 still answers the static score and nobestmove', async () => {
    await withChuhan(exe, 'ucci', async (e) => {
      e.send('position startpos', 'go depth 0');
      await e.expect(/^info depth 0 score -?\d+$/);
      await e.expect(/^nobestmove$/);
    });
  });
});

describe('a search stopped at once still answers a searched move', () => {
  for (const dialect of ['ucci', 'uci'] as const) {
    it(`${dialect}: go depth 30 and stop in one write, five times in a fresh process`, async () => {
      await withChuhan(exe, dialect, async (e) => {
        for (let k = 0; k < 5; k++) {
          const from = e.received.length;
          e.sendRaw('position startpos\ngo depth 30\nstop\n');
          const best = await e.expect(/^bestmove/);
          const lines = e.received.slice(from).map((r) => r.line);
          const pvs = lines.filter((l) => /^info depth \d+ .* pv /.test(l)).map((l) => /\bpv (\S+)/.exec(l)![1]);
          const move = legalBest(best.line, start);
          expect(pvs.length, lines.join('\n')).toBeGreaterThan(0);
          expect(pvs[pvs.length - 1]).toBe(move);
        }
      });
    });
  }
});

describe('quit during a search', () => {
  it('UCCI: bestmove, then bye', async () => {
    const e = await startChuhan(exe, 'ucci');
    try {
      e.send('position startpos', 'go infinite');
      await e.expect(/^info depth 1 /);
      await new Promise((r) => setTimeout(r, 300));
      e.send('quit');
      const done = await e.exited;
      expect(done.code).toBe(0);
      const tail = e.received.map((r) => r.line).filter((l) => /^(bestmove|nobestmove|bye)/.test(l));
      expect(tail).toHaveLength(2);
      legalBest(tail[0], start);
      expect(tail[1]).toBe('bye');
    } finally {
      e.kill();
    }
  });
  it('UCI: bestmove before the process ends, also right after go', async () => {
    const e = new EngineProcess(exe);
    try {
      e.sendRaw('uci\nposition startpos\ngo infinite\nquit\n');
      await e.exited;
      const best = e.received.map((r) => r.line).filter((l) => l.startsWith('bestmove'));
      expect(best).toHaveLength(1);
      legalBest(best[0], start);
    } finally {
      e.kill();
    }
  });
});

describe('options, in the words of the dialect in use', () => {
  it('UCI: an unknown option is named; UCCI stays quiet', async () => {
    await withChuhan(exe, 'uci', async (e) => {
      e.send('setoption name Hsah value 64');
      expect(await e.sync()).toEqual(['info string No such option: Hsah']);
    });
    await withChuhan(exe, 'ucci', async (e) => {
      e.send('setoption guiname XQWizard');
      expect(await e.sync()).toEqual([]);
    });
  });
  it("out-of-range values are reported with the dialect's own name and range", async () => {
    await withChuhan(exe, 'uci', async (e) => {
      e.send('setoption name Hash value 0');
      expect(await e.sync()).toEqual(['info string option Hash value 0 is out of range 1..65536; using 1']);
    });
    await withChuhan(exe, 'ucci', async (e) => {
      e.send('setoption hashsize -3');
      expect(await e.sync()).toEqual(['info string option hashsize value -3 is out of range 0..65536; using 0, which means the default, 64 MB']);
    });
  });
});
