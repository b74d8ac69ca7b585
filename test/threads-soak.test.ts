// Threads (Lazy SMP) through the real executable, at length: 200 positions searched to depth 8
// with two threads, and 500 searches of 100 ms with flat memory (the process's resident size from
// /proc is the independent measure). Part of the slow project; threads.test.ts has the rest.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START_FEN, parseFen } from '../engine/index';
import { type EngineProcess, builtEngine, legalBest, startChuhan } from './e2e-engine';
import { threadTestPositions as testPositions } from './helpers';

const CORES = availableParallelism();

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

  it('a long run (500 searches of 100 ms) ends with legal moves, no crash and flat memory', async () => {
    const pid = e.proc.pid!;
    e.send('setoption name Hash value 16', 'ucinewgame', 'position startpos', 'go depth 1');
    legalBest((await e.expect(/^bestmove /, 10_000)).line, parseFen(START_FEN));
    await e.sync(30_000);
    const fens = testPositions();
    let rss100 = 0;
    for (let i = 0; i < 500; i++) {
      const fen = fens[i % fens.length];
      e.send(`position fen ${fen}`, 'go movetime 100');
      legalBest((await e.expect(/^bestmove /, 10_000)).line, parseFen(fen));
      if (i === 99) rss100 = rssMb(pid);
    }
    const rss500 = rssMb(pid);
    console.log(`long run with Threads 2: RSS ${rss100.toFixed(0)} MB after 100 searches, ${rss500.toFixed(0)} MB after 500`);
    expect(e.alive).toBe(true);
    expect(rss500 - rss100).toBeLessThan(40);
    expect(e.received.some((r) => /search failed|exited with code|the search chose/.test(r.line))).toBe(false);
  }, 600_000);
});
