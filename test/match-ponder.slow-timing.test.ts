// Pondering in the match runner (engine key ponder=true), and the figures a soak reads from the
// summary: ponder hits and misses, stops and the slowest stop→bestmove, the engines' resident
// memory. Against the fake engine (what it was sent is in its log) and against real engines:
// Chuhan and Fairy-Stockfish, both pondering.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runMatchCli } from '../bench/match/cli';
import { parseMatchArgs } from '../bench/match/options';
import { buildFakeEngine } from './fixtures/build-fake-engine';
import { fakeEngineSpec, runMatch, tag, type MatchRun } from './match-harness';
import { builtEngine, FAIRY_STOCKFISH, haveFairyStockfish } from './e2e-engine';

const HAVE_FSF = haveFairyStockfish('match-ponder');
const HAVE_PROC = existsSync('/proc/self/status');

let fake = '';
let dir = '';
beforeAll(() => {
  fake = buildFakeEngine();
  dir = mkdtempSync(join(tmpdir(), 'chuhan-ponder-'));
});

/** An engine spec running the fake engine with extra arguments. */
const fakeSpec = (name: string, proto: 'ucci' | 'uci' | 'uci1', ...extra: string[]): string => fakeEngineSpec(fake, name, proto, ...extra);
const run = (name: string, args: string[]): Promise<MatchRun> => runMatch(dir, name, args);

const lines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l !== '');
/** `go … wtime W btime B …` → [W, B]. */
const clocksOf = (line: string) => [Number(/wtime (\d+)/.exec(line)![1]), Number(/btime (\d+)/.exec(line)![1])];

describe('pondering with the fake engine', () => {
  it('parses ponder= and refuses other values', () => {
    const args = (b: string) => parseMatchArgs(['--engine', 'name=A,cmd=x', '--engine', b]);
    expect(args('name=B,cmd=x,ponder=true').engines.map((e) => e.ponder)).toEqual([undefined, true]);
    expect(args('name=B,cmd=x,ponder=false').engines[1].ponder).toBe(false);
    expect(() => args('name=B,cmd=x,ponder=yes')).toThrow(/ponder must be true or false, got 'yes'/);
  });

  it('every prediction right: ponderhit each time, and the time pondering is not charged', async () => {
    // Both play a move fixed by the position and the ply, and A predicts exactly that. B thinks 150 ms a move, which A
    // spends pondering: charged, it would cost A 150 ms a move.
    const log = join(dir, 'hits.log');
    const r = await run('hits', [
      '--engine',
      `${fakeSpec('A', 'uci', '--pick', 'ply', '--ponder', 'right', '--log', log)},ponder=true`,
      '--engine',
      fakeSpec('B', 'uci', '--pick', 'ply', '--delay', '150'),
      '--tc',
      '1+0.1',
      '--games',
      '1',
      '--max-plies',
      '16',
    ]);
    expect(r.code).toBe(0);
    const g = r.games[0];
    expect(tag(g, 'Termination')).toBe('max-plies');
    const a = r.json.engines[0];
    // A (Red) moved 8 times and pondered after each: 7 hits, and the game ended on B's 8th move
    // while A pondered (stopped then).
    expect(a.moves).toBe(8);
    expect(a.ponderHits).toBe(7);
    expect(a.ponderMisses).toBe(0);
    expect(a.stops).toBe(1);
    expect(r.json.engines[1].ponderHits + r.json.engines[1].ponderMisses).toBe(0);
    expect(Number(tag(g, 'RedPonderHits'))).toBe(7);
    expect(tag(g, 'RedPonderMisses')).toBeUndefined();
    const sent = lines(log);
    expect(sent).toContain('setoption name Ponder value true');
    const ponders = sent.filter((l) => l.startsWith('go ponder'));
    expect(ponders.length).toBe(8);
    expect(sent.filter((l) => l === 'ponderhit').length).toBe(7);
    expect(sent.filter((l) => l === 'stop').length).toBe(1);
    // Each ponder position is the game so far plus the predicted reply (no position on a hit).
    const positions = sent.filter((l) => l.startsWith('position'));
    expect(positions.length).toBe(9);
    expect(positions[1].split(' moves ')[1].split(' ').length).toBe(2);
    expect(positions[7].split(' moves ')[1].split(' ').length).toBe(14);
    // A's clock in each `go ponder` (wtime: A is Red) grows by about the increment: only the few
    // ms from ponderhit to bestmove were charged, never B's 150 ms of thinking.
    const own = ponders.map((l) => clocksOf(l)[0]);
    for (let k = 1; k < own.length; k++) {
      expect(own[k] - own[k - 1]).toBeGreaterThan(60);
      expect(own[k] - own[k - 1]).toBeLessThanOrEqual(100);
    }
    // B's clock in A's `go ponder` is B's time as B starts thinking: it shrinks by about 150 − 100.
    const opp = ponders.map((l) => clocksOf(l)[1]);
    expect(opp[opp.length - 1]).toBeLessThan(opp[0]);
    expect(Number(tag(g, 'RedTimeMs'))).toBeLessThan(8 * 60);
    expect(Number(tag(g, 'BlackTimeMs'))).toBeGreaterThanOrEqual(8 * 150);
    expect(r.out.join('\n')).toMatch(/A: .*\n {2}ponder hits 7, misses 0 \(100\.0% hits\)/);
  });

  it('every prediction wrong: stop, the answer discarded, then the real position; stops timed and counted', async () => {
    for (const proto of ['uci1', 'ucci'] as const) {
      const log = join(dir, `miss-${proto}.log`);
      const r = await run(`miss-${proto}`, [
        '--engine',
        fakeSpec('B', 'uci', '--pick', 'ply', '--delay', '20'),
        '--engine',
        `${fakeSpec('A', proto, '--pick', 'ply', '--ponder', 'wrong', '--log', log)},ponder=true`,
        '--tc',
        '2+0.05',
        '--games',
        '1',
        '--max-plies',
        '12',
      ]);
      expect(r.code).toBe(0);
      const g = r.games[0];
      expect(tag(g, 'Termination')).toBe('max-plies');
      const a = r.json.engines[1];
      // A (Black) moved 6 times, pondered after each of the first 5 and missed each time; its
      // sixth move ended the game before anything was pondered.
      expect(a.ponderHits).toBe(0);
      expect(a.ponderMisses).toBe(5);
      expect(a.stops).toBe(5);
      expect(a.stopsUnanswered).toBe(0);
      expect(a.slowestStopMs).toBeGreaterThanOrEqual(0);
      expect(a.slowestStopMs).toBeLessThan(500);
      expect(Number(tag(g, 'BlackPonderMisses'))).toBe(5);
      expect(Number(tag(g, 'BlackStops'))).toBe(5);
      const sent = lines(log);
      expect(sent).toContain(proto === 'ucci' ? 'setoption ponder true' : 'setoption name Ponder value true');
      expect(sent.filter((l) => l === 'stop').length).toBe(5);
      expect(sent.filter((l) => l === 'ponderhit').length).toBe(0);
      // After each stop: isready (anything the engine writes before readyok is discarded), the
      // position as played and a plain go.
      sent.forEach((l, i) => {
        if (l !== 'stop') return;
        expect(sent[i + 1]).toBe('isready');
        expect(sent[i + 2]).toMatch(/^position /);
        expect(sent[i + 3]).toMatch(/^go (wtime|time) /);
      });
      if (proto === 'ucci')
        expect(sent.find((l) => l.startsWith('go ponder'))).toMatch(/^go ponder time \d+ increment 50 opptime \d+ oppincrement 50$/);
      expect(r.out.join('\n')).toMatch(/ponder hits 0, misses 5 \(0\.0% hits\); stops 5, slowest stop→bestmove [\d.]+ ms/);
    }
  });

  it('a second answer to a stop (an engine that had just answered) is not read as the next move', async () => {
    // After the discarded answer the runner waits for readyok: the stray nobestmove goes with it.
    const r = await run('stop-twice', [
      '--engine',
      fakeSpec('B', 'ucci', '--pick', 'ply'),
      '--engine',
      `${fakeSpec('A', 'ucci', '--pick', 'ply', '--ponder', 'wrong', '--stop-twice')},ponder=true`,
      '--depth',
      '1',
      '--games',
      '1',
      '--max-plies',
      '12',
    ]);
    expect(tag(r.games[0], 'Termination')).toBe('max-plies');
    expect(r.json.engines[1].ponderMisses).toBe(5);
    expect(r.json.engines[1].noBestmove).toBe(0);
  });

  it('a game that ends while an engine ponders stops it; memory is sampled', async () => {
    // A (Red) ponders after each of its 5 moves: 4 misses, and the game ends at the ply limit on
    // B's move while A ponders the fifth time: 5 stops.
    const log = join(dir, 'end.log');
    const r = await run('end', [
      '--engine',
      `${fakeSpec('A', 'uci', '--pick', 'ply', '--ponder', 'wrong', '--log', log)},ponder=true`,
      '--engine',
      fakeSpec('B', 'uci', '--pick', 'ply'),
      '--depth',
      '1',
      '--games',
      '1',
      '--max-plies',
      '10',
    ]);
    expect(r.code).toBe(0);
    expect(tag(r.games[0], 'Termination')).toBe('max-plies');
    const a = r.json.engines[0];
    expect(a.ponderMisses).toBe(4);
    expect(a.stops).toBe(5);
    expect(lines(log).filter((l) => l === 'stop').length).toBe(5);
    expect(lines(log).at(-1)).toBe('quit');
    if (HAVE_PROC) {
      // A node process: tens of MB.
      for (const e of r.json.engines) {
        expect(e.memory.maxKb).toBeGreaterThan(10_000);
        expect(e.memory.maxKb).toBeLessThan(2_000_000);
        expect(e.memory.firstGameKb).toBe(e.memory.lastGameKb);
        expect(e.memory.growthPct).toBe(0);
      }
      expect(Number(tag(r.games[0], 'RedMaxRssKb'))).toBe(a.memory.maxKb);
      expect(r.out.join('\n')).toMatch(/RSS max [\d.]+ MB, first game [\d.]+ MB, last [\d.]+ MB \(\+0%\)/);
    }
  });

  it('a stop sent when a clock runs out is timed and counted too', async () => {
    // Thinks until told to stop on its first move: stopped when its 200 ms are up (a loss on time).
    const r = await run('flag', [
      '--engine',
      fakeSpec('Slow', 'uci', '--slow-at', '1'),
      '--engine',
      fakeSpec('Good', 'uci'),
      '--tc',
      '0.2+0',
      '--games',
      '1',
    ]);
    expect(tag(r.games[0], 'Termination')).toBe('time-forfeit');
    const e = r.json.engines[0];
    expect(e.stops).toBe(1);
    expect(e.stopsUnanswered).toBe(0);
    expect(e.slowestStopMs).toBeLessThan(200);
    expect(Number(tag(r.games[0], 'RedStops'))).toBe(1);
    expect(r.out.join('\n')).toMatch(/Slow: .*\n {2}stops 1, slowest stop→bestmove [\d.]+ ms/);
  });

  it('a crash or a hang while pondering loses like one while thinking', async () => {
    const crash = await run('ponder-crash', [
      '--engine',
      `${fakeSpec('A', 'uci', '--ponder', 'right', '--die-pondering', '2')},ponder=true`,
      '--engine',
      fakeSpec('B', 'uci', '--delay', '30'),
      '--tc',
      '2+0.05',
      '--games',
      '2',
    ]);
    expect(crash.code).toBe(0);
    // The process dies on its second ponder search in each game (restarted for game 2).
    expect(crash.games.map((g) => tag(g, 'Termination'))).toEqual(['crash', 'crash']);
    expect(crash.games[0].result).toBe('0-1');
    expect(crash.games[1].result).toBe('1-0');
    expect(crash.json.engines[0].crashes).toBe(2);
    expect(crash.games[0].comments?.at(-1)?.text).toMatch(/^Red \(A\) crashed while pondering: exited with code 3/);
    const hang = await run('ponder-hang', [
      '--engine',
      fakeSpec('B', 'uci', '--delay', '30'),
      '--engine',
      `${fakeSpec('A', 'uci', '--ponder', 'wrong', '--deaf-pondering', '1')},ponder=true`,
      '--tc',
      '2+0.05',
      '--stop-grace',
      '200',
      '--games',
      '1',
    ]);
    expect(tag(hang.games[0], 'Termination')).toBe('hang');
    expect(hang.games[0].result).toBe('1-0');
    expect(hang.json.engines[1].hangs).toBe(1);
    expect(hang.json.engines[1].stopsUnanswered).toBe(1);
  });

  it('an engine that answers while pondering has its answer used on a hit, and no stop on a miss', async () => {
    const log = join(dir, 'early.log');
    const r = await run('early', [
      '--engine',
      `${fakeSpec('A', 'uci', '--pick', 'ply', '--ponder', 'right', '--ponder-early', '--log', log)},ponder=true`,
      '--engine',
      fakeSpec('B', 'uci', '--pick', 'ply', '--delay', '50'),
      '--depth',
      '1',
      '--games',
      '1',
      '--max-plies',
      '8',
    ]);
    expect(r.code).toBe(0);
    expect(tag(r.games[0], 'Termination')).toBe('max-plies');
    // Four ponder searches, each answered at once: three hits, the fourth at the end of the game.
    expect(r.json.engines[0].ponderHits).toBe(3);
    expect(r.json.engines[0].stops).toBe(0);
    const sent = lines(log);
    expect(sent.filter((l) => l === 'ponderhit' || l === 'stop')).toEqual([]);
    expect(sent.filter((l) => l.startsWith('go ')).length).toBe(5);
  });

  it('resume and merge keep the figures', async () => {
    const pgn = join(dir, 'resume.pgn');
    const args = [
      '--engine',
      `${fakeSpec('A', 'uci', '--ponder', 'wrong')},ponder=true`,
      '--engine',
      fakeSpec('B', 'uci'),
      '--depth',
      '1',
      '--games',
      '2',
      '--max-plies',
      '10',
      '--pgn',
      pgn,
    ];
    const first = await run('resume-a', args);
    const again = await run('resume-b', [...args, '--resume']);
    expect(again.json.resumed).toBe(2);
    for (const key of ['ponderMisses', 'stops', 'memory']) expect(again.json.engines[0][key]).toEqual(first.json.engines[0][key]);
    expect(again.json.engines[0].ponderMisses).toBeGreaterThan(0);
    const merged = join(dir, 'merged.json');
    expect(
      await runMatchCli(
        ['--merge', join(dir, 'resume-a.json'), '--json', merged],
        () => {},
        () => {},
      ),
    ).toBe(0);
    const m = JSON.parse(readFileSync(merged, 'utf8'));
    for (const key of ['ponderMisses', 'stops', 'slowestStopMs', 'memory']) expect(m.engines[0][key]).toEqual(first.json.engines[0][key]);
  });
});

describe.skipIf(!HAVE_FSF)('pondering with real engines', () => {
  it('Chuhan and Fairy-Stockfish, both pondering, play with hits, misses and no failure', async () => {
    const chuhan = builtEngine();
    const r = await run('real', [
      '--engine',
      `name=chuhan,cmd=${chuhan},proto=uci,option.Hash=16,ponder=true`,
      '--engine',
      `name=fsf,cmd=${FAIRY_STOCKFISH},proto=uci1,option.Hash=16,ponder=true`,
      '--tc',
      '1+0.05',
      '--games',
      '2',
      '--max-plies',
      '40',
      '--openings',
      join(__dirname, '..', 'bench', 'match', 'openings.txt'),
    ]);
    expect(r.code).toBe(0);
    for (const g of r.games) expect(['illegal-move', 'crash', 'hang', 'no-bestmove', 'time-forfeit']).not.toContain(tag(g, 'Termination'));
    for (const e of r.json.engines) {
      // Each pondered after nearly every move (about 20 a game): the predictions hit and miss.
      expect(e.ponderHits + e.ponderMisses).toBeGreaterThan(10);
      expect(e.stops).toBeGreaterThanOrEqual(e.ponderMisses);
      expect(e.stopsUnanswered).toBe(0);
      if (e.ponderMisses > 0) expect(e.slowestStopMs).toBeLessThan(1000);
      if (HAVE_PROC) expect(e.memory.maxKb).toBeGreaterThan(16_000);
    }
    const all = r.json.engines.reduce((s: number, e: { ponderHits: number }) => s + e.ponderHits, 0);
    expect(all).toBeGreaterThan(0);
  });
});
