// Threads (Lazy SMP) through the real executable, at length: 200 positions searched to depth 8
// with two threads, 60 searches stopped at random moments, thread and hash changes without leaks
// (the OS thread count of the process is the independent count of helpers), and 250 searches of
// 60 ms with flat memory (the process's resident size from /proc). In the slow-timing project;
// threads.timing.test.ts has the rest.
import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START_FEN, parseFen } from '../engine/index';
import { type EngineProcess, builtEngine, legalBest, startChuhan } from './e2e-engine';
import { rng, threadTestPositions as testPositions } from './helpers';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const CORES = availableParallelism();

/** Threads of the process (the protocol thread, each search worker, and Node's own). */
function osThreads(pid: number): number {
  return readdirSync(`/proc/${pid}/task`).length;
}

/** Sets Threads and waits until every thread answers (isready pings each one). */
async function threadsSet(e: EngineProcess, n: number): Promise<void> {
  e.send(`setoption name Threads value ${n}`);
  await e.sync(30_000);
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m === null ? NaN : Number(m[1]) / 1024;
}

describe.skipIf(CORES < 2)('Threads 2 through the executable, at length', () => {
  let e: EngineProcess;
  beforeAll(async () => {
    e = await startChuhan(builtEngine(), 'uci');
    e.send('debug on', 'setoption name Threads value 2');
    await e.sync(30_000);
  }, 180_000);
  afterAll(async () => {
    await e?.quit();
    e?.kill();
  });

  it('200 positions searched to depth 8 all give legal best moves', async () => {
    const fens = testPositions();
    for (const fen of fens) {
      e.send(`position fen ${fen}`, 'go depth 8');
      const b = await e.expect(/^bestmove /, 30_000);
      legalBest(b.line, parseFen(fen));
    }
    expect(e.received.some((r) => r.line.startsWith('info string the search chose'))).toBe(false);
  }, 600_000);

  it('60 searches stopped at random moments give legal best moves', async () => {
    const fens = testPositions();
    const rand = rng(7);
    for (let i = 0; i < 60; i++) {
      const fen = fens[Math.floor(rand() * fens.length)];
      e.send(`position fen ${fen}`, 'go infinite');
      await sleep(Math.floor(rand() * 120));
      e.send('stop');
      const b = await e.expect(/^bestmove /, 5000);
      legalBest(b.line, parseFen(fen));
    }
    expect(e.received.some((r) => r.line.startsWith('info string the search chose'))).toBe(false);
  }, 300_000);

  it('threads and hash change between searches with no crash and no leaked thread', async () => {
    const pid = e.proc.pid!;
    await threadsSet(e, 1);
    await sleep(300);
    const base = osThreads(pid);
    await threadsSet(e, 2);
    const two = osThreads(pid);
    expect(two).toBeGreaterThan(base);
    for (let round = 0; round < 8; round++) {
      const n = round % 2 === 0 ? 1 : 2;
      await threadsSet(e, n);
      e.send(`setoption name Hash value ${[16, 128, 1, 64][round % 4]}`);
      e.send('position startpos moves h2e2', 'go depth 7');
      legalBest(
        (await e.expect(/^bestmove /, 30_000)).line,
        parseFen('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1'),
      );
    }
    // A change in the middle of a search takes effect at the next one.
    e.send('position startpos', 'go infinite');
    await e.expect(/^info depth/, 5000);
    e.send('setoption name Threads value 1', 'setoption name Hash value 32', 'setoption name Threads value 2');
    await sleep(100);
    e.send('stop');
    legalBest((await e.expect(/^bestmove /, 5000)).line, parseFen(START_FEN));
    await threadsSet(e, 1);
    await sleep(500);
    expect(osThreads(pid)).toBeLessThanOrEqual(base);
    await threadsSet(e, 2);
    await sleep(300);
    expect(osThreads(pid)).toBe(two);
  }, 300_000);

  it('a long run (250 searches of 60 ms) ends with legal moves, no crash and flat memory', async () => {
    const pid = e.proc.pid!;
    e.send('setoption name Hash value 16', 'ucinewgame', 'position startpos', 'go depth 1');
    legalBest((await e.expect(/^bestmove /, 10_000)).line, parseFen(START_FEN));
    await e.sync(30_000);
    const fens = testPositions();
    let rss100 = 0;
    for (let i = 0; i < 250; i++) {
      const fen = fens[i % fens.length];
      e.send(`position fen ${fen}`, 'go movetime 60');
      legalBest((await e.expect(/^bestmove /, 10_000)).line, parseFen(fen));
      if (i === 99) rss100 = rssMb(pid);
    }
    const rss250 = rssMb(pid);
    console.log(`long run with Threads 2: RSS ${rss100.toFixed(0)} MB after 100 searches, ${rss250.toFixed(0)} MB after 250`);
    expect(e.alive).toBe(true);
    // Flat: a Position made for every search (about 150 KB of history outside the JavaScript heap,
    // in each of the three isolates) once grew it by 15-27 MB over these 150 searches (166 -> 193
    // MB; -1 to +3 MB since; docs/log/threads.md).
    expect(rss250 - rss100).toBeLessThan(8);
    expect(e.received.some((r) => /search failed|exited with code|the search chose/.test(r.line))).toBe(false);
  }, 600_000);
});
