// What big machines ask of the engine: hash tables of many GB (accepted where the memory is there,
// refused with the reason where not, the old table kept), and more threads than cores (a warning,
// then a working search). In process, a Session drives a search service on its own thread, so
// that a refused table is seen in what the workers are sent; through the executable, the
// process's own memory map and threads are the independent witnesses.
import { readFileSync, readdirSync } from 'node:fs';
import { totalmem } from 'node:os';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseFen, START_FEN } from '../engine/index';
import { TranspositionTable } from '../engine/tt';
import { SearchService } from '../protocol/search-service';
import { Session } from '../protocol/session';
import type { WorkerHost } from '../protocol/session-host';
import type { ToWorker } from '../protocol/worker-messages';
import { builtEngine, legalBest, startChuhan } from './e2e-engine';

const GB = 2 ** 30;

/** A host whose search workers run on this thread (between test steps), sharing memory; records what each is sent. */
function sameThreadHost(memory: number | undefined): { host: WorkerHost; sent: ToWorker[] } {
  const sent: ToWorker[] = [];
  const host: WorkerHost = {
    shared: true,
    cores: 2,
    memory,
    start(_warmup, events) {
      const service = new SearchService((msg) => queueMicrotask(() => events.message(msg)));
      return {
        post: (msg) => {
          sent.push(msg);
          queueMicrotask(() => service.handle(msg));
        },
        terminate: () => {},
      };
    },
  };
  return { host, sent };
}

/** A UCI session on that host; `run` pushes lines and returns the lines written up to the next readyok. */
function inProcess(memory: number | undefined) {
  const lines: string[] = [];
  const { host, sent } = sameThreadHost(memory);
  const session = new Session(
    { line: (t) => lines.push(t), flush: () => Promise.resolve() },
    { worker: host, readNetworkFile: () => ({ error: 'no files here' }) },
  );
  session.push('uci');
  const run = async (...input: string[]): Promise<string[]> => {
    const from = lines.length;
    for (const l of [...input, 'isready']) session.push(l);
    for (let i = 0; i < 2000 && !lines.slice(from).includes('readyok'); i++) await new Promise((r) => setTimeout(r, 5));
    return lines.slice(from);
  };
  /** Table sizes (MB) and buffer bytes the workers were told to use, in order. */
  const tables = () => sent.flatMap((m) => (m.type === 'hash' ? [{ mb: m.mb, bytes: m.buffer?.byteLength }] : []));
  return { session, run, tables, sent };
}

/** Whether this machine refuses one 64 GB allocation (less memory, and Linux's overcommit does not promise it). */
function cannotHold64Gb(): boolean {
  let overcommit = '0';
  try {
    overcommit = readFileSync('/proc/sys/vm/overcommit_memory', 'utf8').trim();
  } catch {
    // not Linux
  }
  return totalmem() < 32 * GB && overcommit !== '1';
}

describe('Hash on machines large and small', () => {
  it('announces up to 65536 MB in both dialects', () => {
    for (const [hello, option] of [
      ['uci', 'option name Hash type spin default 64 min 1 max 65536'],
      ['ucci', 'option hashsize type spin min 0 max 65536 default 64'],
    ]) {
      const lines: string[] = [];
      const session = new Session(
        { line: (t) => lines.push(t), flush: () => Promise.resolve() },
        { worker: sameThreadHost(undefined).host, readNetworkFile: () => ({ error: '' }) },
      );
      session.push(hello);
      expect(lines).toContain(option);
      session.push('quit');
    }
  });

  it('a table larger than the machine memory is refused with the reason; the old table stays and searches', async () => {
    const { run, tables } = inProcess(2 * GB);
    expect(await run('setoption name Hash value 1024')).toEqual(['readyok']);
    expect(tables().at(-1)).toEqual({ mb: 1024, bytes: 1024 * 2 ** 20 });
    expect(await run('setoption name Hash value 4096')).toEqual([
      "info string option Hash 4096: a table of 4 GB is more than this machine's memory (2 GB); left at 1024",
      'readyok',
    ]);
    // No new table went to the worker, and asking again is refused again (the value stayed 1024).
    expect(tables().at(-1)).toEqual({ mb: 1024, bytes: 1024 * 2 ** 20 });
    expect(await run('setoption name Hash value 4096')).toHaveLength(2);
    const out = await run('position startpos', 'go depth 4');
    expect(out.find((l) => l.startsWith('bestmove'))).toMatch(/^bestmove \w{4}/);
    legalBest(out.find((l) => l.startsWith('bestmove'))!, parseFen(START_FEN));
  });

  it.skipIf(!cannotHold64Gb())(
    'a table the machine cannot allocate is refused with the allocator reason; the old table stays',
    async () => {
      // No memory figure: the allocation itself is tried, and fails on this machine.
      const { run, tables } = inProcess(undefined);
      expect(await run('setoption name Hash value 16')).toEqual(['readyok']);
      expect(await run('setoption name Hash value 65536')).toEqual([
        'info string option Hash 65536: a table of 64 GB could not be allocated (Array buffer allocation failed); left at 16',
        'readyok',
      ]);
      expect(tables().at(-1)).toEqual({ mb: 16, bytes: TranspositionTable.bytesFor(16) });
      const out = await run('position startpos', 'go depth 4');
      expect(out.some((l) => l.startsWith('bestmove '))).toBe(true);
    },
  );
});

describe('Clear Hash on a large table', () => {
  it('clears a table a search has used, and leaves a fresh one alone (it is all zeros; clearing would commit its memory)', async () => {
    const { run, sent } = inProcess(undefined);
    await run('setoption name Hash value 16', 'ucinewgame');
    const clears = () => sent.flatMap((m) => (m.type === 'clear' ? [m.table] : []));
    expect(clears()).toEqual([null]);
    const hash = sent.filter((m) => m.type === 'hash').at(-1);
    const words = new Int32Array(hash!.type === 'hash' ? hash!.buffer! : new SharedArrayBuffer(4));
    await run('position startpos', 'go depth 5');
    expect(words.some((w) => w !== 0)).toBe(true);
    await run('ucinewgame');
    expect(clears()).toEqual([null, { index: 0, count: 1 }]);
    expect(words.every((w) => w === 0)).toBe(true);
    // Nothing searched since: the next new game leaves it alone.
    await run('ucinewgame');
    expect(clears()).toEqual([null, { index: 0, count: 1 }, null]);
  });
});

/**
 * The writable regions of a process's address space (/proc/PID/maps), by their address range, with
 * their sizes in bytes. A table is one such region, counted in full at once, touched or not.
 */
function writableRegions(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of readFileSync(`/proc/${pid}/maps`, 'utf8').trim().split('\n')) {
    const [range, perms] = line.split(' ');
    if (!perms.startsWith('rw')) continue;
    const [from, to] = range.split('-').map((x) => BigInt(`0x${x}`));
    out.set(range, Number(to - from));
  }
  return out;
}

describe.skipIf(process.platform !== 'linux')('big machines through the executable', () => {
  let exe: string;
  beforeAll(() => {
    exe = builtEngine();
  }, 180_000);

  it.skipIf(totalmem() < 8 * GB)(
    'Hash 4096 is accepted where memory allows: the process maps 4 GB more, and searches',
    async () => {
      const e = await startChuhan(exe, 'uci');
      try {
        await e.sync(30_000);
        const before = writableRegions(e.proc.pid!);
        e.send('setoption name Hash value 4096');
        expect((await e.sync(30_000)).filter((l) => l.startsWith('info string'))).toEqual([]);
        // A new writable region holds the whole table. (The total address space is no measure: V8
        // reserves and releases 8-10 GB regions for WebAssembly memories as they come and go, and CI
        // once saw it 6 GB smaller after the 4 GB table than before.)
        const added = [...writableRegions(e.proc.pid!)].filter(([range]) => !before.has(range)).map(([, size]) => size);
        expect(Math.max(0, ...added)).toBeGreaterThanOrEqual(TranspositionTable.bytesFor(4096));
        e.send('position startpos', 'go depth 6');
        legalBest((await e.expect(/^bestmove /, 30_000)).line, parseFen(START_FEN));
      } finally {
        await e.quit();
        e.kill();
      }
    },
    60_000,
  );

  it.skipIf(totalmem() >= 64 * GB)(
    'Hash beyond the machine memory is refused with the reason, and the engine plays on',
    async () => {
      const e = await startChuhan(exe, 'ucci');
      try {
        e.send('setoption hashsize 65536');
        const out = await e.sync(30_000);
        expect(out).toHaveLength(1);
        expect(out[0]).toMatch(
          /^info string option hashsize 65536: a table of 64 GB is more than this machine's memory \([\d.]+ GB\); left at 64$/,
        );
        e.send('position startpos', 'go depth 5');
        legalBest((await e.expect(/^bestmove /, 30_000)).line, parseFen(START_FEN));
      } finally {
        await e.quit();
        e.kill();
      }
    },
    60_000,
  );

  it('Threads 16 on a machine with fewer cores: one warning, 16 search threads, a legal move, quick stop and quit', async () => {
    const cores = (await import('node:os')).availableParallelism();
    const e = await startChuhan(exe, 'uci');
    try {
      const pid = e.proc.pid!;
      const base = readdirSync(`/proc/${pid}/task`).length;
      e.send('debug on', 'setoption name Threads value 16');
      const out = (await e.sync(60_000)).filter((l) => /^info string (Threads|search threads)/.test(l));
      const warning = `info string Threads 16 is more than the ${cores} logical processor${cores === 1 ? '' : 's'} of this machine: the threads take turns on them, and each searches slower`;
      expect(out).toEqual([...(cores < 16 ? [warning] : []), 'info string search threads: 16 (the main search and 15 helpers)']);
      // Each helper is one more OS thread of the process (nothing else starts threads meanwhile).
      expect(readdirSync(`/proc/${pid}/task`).length - base).toBeGreaterThanOrEqual(15);
      e.send('position startpos', 'go depth 7');
      legalBest((await e.expect(/^bestmove /, 60_000)).line, parseFen(START_FEN));
      e.send('position startpos moves h2e2', 'go infinite');
      await e.expect(/^info depth/, 10_000);
      await new Promise((r) => setTimeout(r, 500));
      const t0 = e.send('stop');
      const stopped = await e.expect(/^bestmove /, 5000);
      // Setting the same value again says nothing; the warning comes once.
      e.send('setoption name Threads value 16');
      expect((await e.sync()).filter((l) => l.startsWith('info string Threads'))).toEqual([]);
      const t1 = e.send('quit');
      const exit = await e.exited;
      console.log(
        `Threads 16 on ${cores} cores: stop -> bestmove ${(stopped.at - t0).toFixed(0)} ms, quit -> exit ${(exit.at - t1).toFixed(0)} ms`,
      );
      expect(exit.code).toBe(0);
      expect(stopped.at - t0).toBeLessThan(1000);
      expect(exit.at - t1).toBeLessThan(2000);
    } finally {
      e.kill();
    }
  }, 120_000);
});
