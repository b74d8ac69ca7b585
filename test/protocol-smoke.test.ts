// The real executable over pipes, for what only it shows: the same handshake as the session in
// process, a search by its worker thread, quit and the end of input ending the process, bytes on
// stdin that are not text, CRLF line ends, and a reader slower than the engine. The protocol's
// details are tested in process (protocol-conformance, -robustness, -messages, -options); the
// answer times (stop, isready, quit) in protocol-latency.timing.test.ts.
import { availableParallelism } from 'node:os';
import { beforeAll, describe, expect, it } from 'vitest';
import { START_FEN } from '../engine/index';
import {
  EngineProcess,
  builtEngine,
  legalBest,
  safetyNetLines,
  startChuhan,
  unexplainedNetLines,
  unexplainedNets,
  withChuhan,
} from './e2e-engine';
import { position } from './helpers';
import { inProcess } from './session-harness';

let exe: string;
beforeAll(() => {
  exe = builtEngine();
}, 180_000);

const start = position(START_FEN);

describe('the executable', () => {
  for (const dialect of ['ucci', 'uci'] as const) {
    it(`${dialect}: the handshake is the in-process session's, line for line`, async () => {
      const e = await startChuhan(exe, dialect);
      const local = await inProcess(dialect, { cores: availableParallelism() });
      try {
        expect(e.received.map((r) => r.line)).toEqual(local.received.map((r) => r.line));
      } finally {
        await e.quit();
        await local.quit();
      }
    });

    it(`${dialect}: a search in the worker thread reports its depths and answers a legal move`, async () => {
      await withChuhan(exe, dialect, async (e) => {
        e.send('position startpos moves h2e2', 'go depth 5');
        const best = await e.expect(/^bestmove /, 30_000);
        legalBest(best.line, position(START_FEN, ['h2e2']));
        const depths = e.received.map((r) => /^info depth (\d+) /.exec(r.line)?.[1]).filter((d) => d !== undefined);
        // UCCI writes at most one report per 100 ms, the last one always.
        expect(depths.map(Number).every((d, i, all) => i === 0 || d > all[i - 1])).toBe(true);
        expect(depths.at(-1)).toBe('5');
        if (dialect === 'uci') expect(depths).toEqual(['1', '2', '3', '4', '5']);
        expect(await unexplainedNetLines(e)).toEqual([]);
      });
    });

    it(`${dialect}: go depth 30 and stop in one write, five times in a fresh process, each answer searched`, async () => {
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

  it('quit: UCCI says bye and exits 0; UCI exits 0 in silence', async () => {
    const a = await startChuhan(exe, 'ucci');
    a.send('quit');
    await a.expect((l) => l === 'bye');
    expect((await a.exited).code).toBe(0);
    const b = await startChuhan(exe, 'uci');
    b.send('quit');
    expect((await b.exited).code).toBe(0);
    expect(b.take()).toEqual([]);
    expect(a.stderr + b.stderr).toBe('');
  });

  it('quit during a search: bestmove, then bye, then exit 0; also right after go', async () => {
    const e = await startChuhan(exe, 'ucci');
    try {
      e.send('position startpos', 'go infinite');
      await e.expect(/^info depth 1 /);
      e.send('quit');
      expect((await e.exited).code).toBe(0);
      const tail = e.received.map((r) => r.line).filter((l) => /^(bestmove|nobestmove|bye)/.test(l));
      expect(tail).toHaveLength(2);
      legalBest(tail[0], start);
      expect(tail[1]).toBe('bye');
    } finally {
      e.kill();
    }
    const f = new EngineProcess(exe);
    try {
      f.sendRaw('uci\nposition startpos\ngo infinite\nquit\n');
      expect((await f.exited).code).toBe(0);
      const best = f.received.map((r) => r.line).filter((l) => l.startsWith('bestmove'));
      expect(best).toHaveLength(1);
      legalBest(best[0], start);
    } finally {
      f.kill();
    }
  });

  it('end of input: the owed bestmove is written, an infinite search is stopped, then exit 0', async () => {
    const e = new EngineProcess(exe);
    e.send('ucci', 'position startpos', 'go depth 4');
    e.proc.stdin.end();
    legalBest((await e.expect(/^bestmove/)).line, start);
    expect((await e.exited).code).toBe(0);
    const f = new EngineProcess(exe);
    f.send('uci', 'position startpos', 'go infinite');
    await f.expect(/^info depth/);
    f.proc.stdin.end();
    legalBest((await f.expect(/^bestmove/)).line, start);
    expect((await f.exited).code).toBe(0);
  });

  it('CRLF and lone CR line ends, tabs and blank lines', async () => {
    await withChuhan(exe, 'ucci', async (e) => {
      e.sendRaw('\r\n\n   \n\t\t\nisready\r\n');
      await e.expect((l) => l === 'readyok');
      e.sendRaw('position\tstartpos \t moves\th2e2   h9g7\r\n  GO   depth\t2 \r\n');
      legalBest((await e.expect(/^bestmove/)).line, position(START_FEN, ['h2e2', 'h9g7']));
      // A lone CR ends a line too (readline's rule), so this is two commands.
      e.sendRaw('position startpos\rgo depth 1\r\n');
      legalBest((await e.expect(/^bestmove/)).line, start);
      expect(e.stderr).toBe('');
    });
  });

  it('bytes that are not text: NUL, invalid UTF-8, random bytes and a 1 MB line, each followed by a readyok', async () => {
    await withChuhan(exe, 'uci', async (e) => {
      const chunks: Array<number[] | string> = [
        [0x69, 0x73, 0x00, 0x72, 0x65, 0x61, 0x64, 0x79, 0x0a], // is\0ready
        [0x67, 0x6f, 0x20, 0xff, 0xfe, 0x20, 0x64, 0x65, 0x70, 0x74, 0x68, 0x20, 0x32, 0x0a], // go \xff\xfe depth 2
        [0xc0, 0x80, 0xed, 0xa0, 0x80, 0xf4, 0x90, 0x80, 0x80, 0x0a],
        Array.from({ length: 4000 }, (_, i) => (i * 7919 + 13) % 256),
        `go ${'x '.repeat(1 << 19)}\n`,
        `${'\u4e2d'.repeat(1 << 20)}\n`,
      ];
      for (const c of chunks) {
        e.proc.stdin.write(typeof c === 'string' ? c : Buffer.from(c));
        e.sendRaw('\n');
        await e.sync(30_000);
      }
      e.send('stop', 'position startpos', 'go depth 3');
      legalBest((await e.expect(/^bestmove [a-i]\d/)).line, start);
      expect(e.alive).toBe(true);
      expect(e.stderr).toBe('');
      expect(safetyNetLines(e).filter((l) => !/did not stop within/.test(l))).toEqual([]);
    });
  });

  it('a slow reader loses no line, and the engine exits only after writing them all', async () => {
    const e = new EngineProcess(exe);
    e.proc.stdout.pause();
    // About 100 kB of replies: more than a pipe holds, so the engine must keep the rest.
    const n = 600;
    for (let i = 0; i < n; i++) e.send('ucci');
    e.send('quit');
    await new Promise((r) => setTimeout(r, 800));
    expect(e.alive).toBe(true); // still waiting to write
    e.proc.stdout.resume();
    const exit = await e.exited;
    await new Promise((r) => setTimeout(r, 50));
    expect(exit.code).toBe(0);
    const lines = e.received.map((r) => r.line);
    expect(lines.filter((l) => l === 'ucciok')).toHaveLength(n);
    expect(lines[lines.length - 1]).toBe('bye');
    const block = lines.indexOf('ucciok') + 1;
    for (let i = 0; i < n; i++) expect(lines[i * block]).toBe('id name Chuhan');
  });
});

describe('the safety nets a test holds against the engine', () => {
  const grace = 'info string the search did not stop within 35 ms; answering with the best move known';
  const finished = (ms: number) => `info string the stopped search finished ${ms} ms after the stop`;

  it('a grace answer is explained by its search finishing soon after, and only then', () => {
    expect(unexplainedNets([grace, 'bestmove h2e2', finished(48)])).toEqual([]);
    expect(unexplainedNets([grace, 'bestmove h2e2'])).toEqual([grace]);
    expect(unexplainedNets([grace, finished(4000)])).toEqual([`${grace} / ${finished(4000)}`]);
    // Two grace answers, one finish: the second stays open.
    expect(unexplainedNets([grace, finished(40), grace])).toEqual([grace]);
  });

  it('the other nets are never explained', () => {
    const failed = 'info string search failed (boom); answering with the best move known';
    expect(unexplainedNets([failed, finished(10)])).toEqual([failed]);
  });
});
