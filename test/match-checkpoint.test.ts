// The `--json` summary as a checkpoint (checkpoint.ts, resume.ts): rounds as ranges and one
// character a game, the size of a long match's summary, and `--resume` with the fake engine in
// process: from the summary alone, from the PGN and the summary when one is ahead of the other,
// and the refusals (files of two runs, games they disagree on, a summary of another match or
// shard). The real thing, a runner killed with SIGKILL and resumed, is match-resume.slow.test.ts.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeOutcome, formatRounds, gamesOfFinished, outcomeCode, parseRounds } from '../bench/match/checkpoint';
import { emptySideStats, TERMINATIONS, type Result } from '../bench/match/game';
import { matchIdentity } from '../bench/match/identity';
import { mergeShards, readShard } from '../bench/match/merge';
import { parseMatchArgs } from '../bench/match/options';
import { makeSchedule, pairings } from '../bench/match/schedule';
import { Tally } from '../bench/match/summary';
import { buildFakeEngine } from './fixtures/build-fake-engine';
import { fakeEngineSpec, runMatch, tag, type MatchRun } from './match-harness';
import { rng } from './helpers';

const OPENINGS = join(__dirname, '..', 'bench', 'match', 'openings.txt');

let fake = '';
let dir = '';
beforeAll(() => {
  fake = buildFakeEngine();
  dir = mkdtempSync(join(tmpdir(), 'chuhan-checkpoint-'));
});

describe('the codes of a summary', () => {
  it('rounds as ascending ranges, both ways', () => {
    expect(formatRounds([1, 2, 3, 5, 7, 8])).toBe('1-3,5,7-8');
    expect(formatRounds([])).toBe('');
    expect(parseRounds('1-3,5,7-8')).toEqual([1, 2, 3, 5, 7, 8]);
    expect(parseRounds('')).toEqual([]);
    for (const bad of ['3,2', '0', '4-2', '1-3,3', 'x']) expect(() => parseRounds(bad), bad).toThrow(/not a range/);
  });

  it('one character for every result and termination, each its own', () => {
    const seen = new Set<string>();
    for (const termination of TERMINATIONS) {
      for (const result of ['1-0', '0-1', '1/2-1/2'] as Result[]) {
        const c = outcomeCode(result, termination);
        expect(c).toHaveLength(1);
        expect(decodeOutcome(c)).toEqual({ result, termination });
        seen.add(c);
      }
    }
    expect(seen.size).toBe(TERMINATIONS.length * 3);
    // Fixed for summaries already written: the first and the last.
    expect(outcomeCode('1-0', 'checkmate')).toBe('A');
    expect(outcomeCode('1/2-1/2', 'no-bestmove')).toBe('s');
    expect(decodeOutcome('/')).toBeNull();
    expect(() => gamesOfFinished({ rounds: '1-2', results: 'A' })).toThrow(/2 rounds but 1 results/);
  });

  it('a summary of 20,000 games is small', () => {
    const names = ['A', 'B'];
    const tally = new Tally(names, pairings(2));
    const random = rng(3);
    for (const game of makeSchedule(2, 20_000, 1000)) {
      const x = random();
      const result: Result = x < 0.3 ? '1-0' : x < 0.7 ? '1/2-1/2' : '0-1';
      const side = { ...emptySideStats(), moves: 40, time: 4000, maxRssKb: 60_000 + game.index };
      tally.add({
        game,
        result,
        termination: result === '1/2-1/2' ? 'move-limit' : 'checkmate',
        reason: '',
        red: side,
        black: side,
        plies: 80,
      });
    }
    const json = tally.toJson({});
    const text = JSON.stringify(json, null, 2);
    expect(text.length).toBeLessThan(25_000);
    expect((json.finished as { rounds: string }).rounds).toBe('1-20000');
    expect((json.engines as Array<{ memory: unknown }>)[0].memory).toMatchObject({
      firstRound: 1,
      lastRound: 20_000,
      firstGameKb: 60_000,
      lastGameKb: 79_999,
    });
  });
});

describe('--resume from the summary', () => {
  const spec = (name: string, ...extra: string[]) => fakeEngineSpec(fake, name, 'ucci', ...extra);
  const ARGS = () => [
    '--engine',
    spec('A', '--seed', '5'),
    '--engine',
    spec('B', '--seed', '6'),
    '--depth',
    '1',
    '--games',
    '6',
    '--openings',
    OPENINGS,
    '--quiet',
  ];
  const run = (name: string, args: string[]): Promise<MatchRun> => runMatch(dir, name, args);
  const at = (f: string) => join(dir, f);
  /** What must come out the same from a resumed match as from the whole match (thinking time: to the ms as the PGN rounds it). */
  const counts = (j: Record<string, any>) => ({
    played: j.played,
    results: j.results,
    terminations: j.terminations,
    pairings: j.pairings,
    finished: j.finished,
    engines: j.engines.map((e: Record<string, unknown>) => ({ ...e, timeMs: undefined, avgTimePerMoveMs: undefined })),
  });

  let full: MatchRun;
  let pgnText = '';
  let jsonText = '';
  /** The files of the whole match under `name` (its PGN cut to `pgnGames` games, none: absent). */
  const setUp = (name: string, pgnGames: number | null, json: (j: any) => any = (j) => j) => {
    const games = pgnText.split(/(?=^\[Game )/m);
    rmSync(at(`${name}.pgn`), { force: true });
    if (pgnGames !== null) writeFileSync(at(`${name}.pgn`), games.slice(0, pgnGames).join(''));
    writeFileSync(at(`${name}.json`), JSON.stringify(json(JSON.parse(jsonText))));
  };
  /** The summary with only the first `n` games of `finished` (or those from `from` on). */
  const firstGames =
    (n: number, from = 0) =>
    (j: any) => ({
      ...j,
      finished: {
        rounds: formatRounds(parseRounds(j.finished.rounds).slice(from, from + n)),
        results: j.finished.results.slice(from, from + n),
      },
    });

  beforeAll(async () => {
    full = await run('whole', ARGS());
    pgnText = full.pgnText;
    jsonText = readFileSync(at('whole.json'), 'utf8');
  });

  it('holds every game as its round and one character, as in the PGN', () => {
    expect(full.code).toBe(0);
    expect(full.json.finished.rounds).toBe('1-6');
    const games = gamesOfFinished(full.json.finished);
    for (const g of full.games) {
      const mine = games.find((x) => x.round === Number(tag(g, 'Round')))!;
      expect(mine.result).toBe(g.result);
      expect(mine.termination).toBe(tag(g, 'Termination'));
    }
    expect(full.json.games).toBeUndefined();
  });

  it('continues from the summary alone when the PGN is gone', async () => {
    setUp('gone', null);
    const r = await run('gone', [...ARGS(), '--resume']);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/gone\.pgn is not there: the 6 finished games count from .*gone\.json/);
    expect(r.err).toMatch(/resuming .*gone\.json: 6 of 6 games already played/);
    expect(counts(r.json)).toEqual(counts(full.json));
    expect(r.json.resumed).toBe(6);
    expect(r.games).toEqual([]);
  });

  it('takes the summary when the PGN lacks games, and says which', async () => {
    setUp('cut', 3);
    const r = await run('cut', [...ARGS(), '--resume']);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/cut\.pgn lacks 3 of the finished games \(rounds 4-6\): they count from .*cut\.json/);
    expect(counts(r.json)).toEqual(counts(full.json));
  });

  it('takes the PGN when the summary is behind it (killed between the two writes)', async () => {
    setUp('behind', 6, firstGames(3));
    const r = await run('behind', [...ARGS(), '--resume']);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/resuming .*behind\.pgn and .*behind\.json: 6 of 6 games already played/);
    expect(counts(r.json)).toEqual(counts(full.json));
  });

  it('refuses a PGN and a summary of two runs, or that disagree on a game', async () => {
    setUp('two', 3, firstGames(3, 3));
    const two = await run('two', [...ARGS(), '--resume']);
    expect(two.code).toBe(1);
    expect(two.err).toMatch(/two\.pgn and .*two\.json are not of one run \(rounds 1-3 only in the PGN, 4-6 only in the summary\)/);
    const flip = (j: any) => {
      const g = gamesOfFinished(j.finished)[1];
      const other: Result = g.result === '1-0' ? '0-1' : '1-0';
      return {
        ...j,
        finished: {
          ...j.finished,
          results: j.finished.results.slice(0, 1) + outcomeCode(other, g.termination) + j.finished.results.slice(2),
        },
      };
    };
    setUp('flip', 6, flip);
    const flipped = await run('flip', [...ARGS(), '--resume']);
    expect(flipped.code).toBe(1);
    expect(flipped.err).toMatch(/round 2 is (1-0|0-1|1\/2-1\/2) in .*flip\.pgn but (1-0|0-1) in .*flip\.json/);
  });

  it('refuses the summary of another match or shard, naming the field, without a stack trace', async () => {
    setUp('other', null);
    const deeper = await run('other', [...ARGS().map((a) => (a === '1' ? '2' : a)), '--resume']);
    expect(deeper.code).toBe(1);
    expect(deeper.err).toMatch(/cannot resume from .*other\.json: it is the summary of another match: limit: "depth 1" vs "depth 2"/);
    expect(deeper.err).not.toMatch(/\n\s+at /);
    const seeded = await run('other', [...ARGS(), '--seed', '4', '--resume']);
    expect(seeded.err).toMatch(/another match: openings seed: null vs 4/);
    const shard = await run('other', [...ARGS(), '--shard', '1/2', '--resume']);
    expect(shard.code).toBe(1);
    expect(shard.err).toMatch(/it is the summary of the whole match, this run plays shard 1\/2/);
    // The refused summary is left as it was.
    expect(JSON.parse(readFileSync(at('other.json'), 'utf8')).played).toBe(6);
  });

  it('an existing summary is kept unless --force (or continued with --resume)', async () => {
    setUp('kept', null);
    const before = readFileSync(at('kept.json'), 'utf8');
    const r = await run('kept', ARGS());
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--json .*kept\.json already holds a summary; add --resume to continue that match or --force to overwrite it/);
    expect(readFileSync(at('kept.json'), 'utf8')).toBe(before);
  });

  it('an SPRT decided in the summary: says so and plays nothing', async () => {
    // B resigns on every move: A wins every game, and the test accepts H1 early.
    const args = [
      '--engine',
      spec('A'),
      '--engine',
      spec('B', '--resign-always'),
      '--depth',
      '1',
      '--games',
      '200',
      '--sprt',
      'elo0=0,elo1=10',
      '--quiet',
    ];
    const first = await run('sprt', args);
    expect(first.json.stoppedBy).toMatch(/SPRT H1/);
    rmSync(at('sprt.pgn'));
    const again = await run('sprt', [...args, '--resume']);
    expect(again.code).toBe(0);
    expect(again.err).toMatch(/the games already played decide the SPRT H1 accepted \(LLR [\d.]+\); nothing to play/);
    expect(again.json.played).toBe(first.json.played);
    expect(again.json.stoppedBy).toMatch(/SPRT H1/);
    expect(existsSync(at('sprt.pgn')) ? readFileSync(at('sprt.pgn'), 'utf8') : '').toBe('');
  });
});

describe('--merge of older summaries', () => {
  it('still reads their list of games', () => {
    const o = parseMatchArgs(['--engine', 'name=A,cmd=x', '--engine', 'name=B,cmd=x', '--nodes', '100', '--games', '2']);
    const identity = matchIdentity(o, 'nodes 100', { sha256: null, count: 1 }, ['h', 'h'], 2);
    const game = (round: number, red: string, black: string, result: Result) => ({
      round,
      red,
      black,
      result,
      termination: 'checkmate',
      plies: 20,
      redMoves: 10,
      redTimeMs: 100,
      blackMoves: 10,
      blackTimeMs: 50,
      redMaxRssKb: 1000 + round,
      blackMaxRssKb: 2000 + round,
    });
    const raw = { identity, shard: null, planned: 2, played: 2, games: [game(1, 'A', 'B', '1-0'), game(2, 'B', 'A', '1-0')] };
    const m = mergeShards([readShard('old.json', JSON.stringify(raw))]);
    expect(m.json.finished).toEqual({ rounds: '1-2', results: 'AA' });
    const a = (m.json.engines as Array<Record<string, any>>)[0];
    expect([a.wins, a.losses, a.moves, a.timeMs]).toEqual([1, 1, 20, 150]);
    expect(a.memory).toMatchObject({ firstGameKb: 1001, lastGameKb: 2002, firstRound: 1, lastRound: 2 });
  });
});
