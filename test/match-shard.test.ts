// Sharding a match and merging the shards: the split of the schedule, the refusals of a merge,
// the merged arithmetic against one tally of the same games. Also the runner's warnings:
// concurrency beyond the cores, fixed nodes between different engines, options an engine does not
// announce. Two shards played by separate processes are in match-shard-play.slow.test.ts (slow).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parsePgn } from '../engine/pgn';
import { runMatchCli } from '../bench/match/cli';
import { mergePgn, mergeShards, MergeError, readShard, type ShardSummary } from '../bench/match/merge';
import { parseMatchArgs } from '../bench/match/options';
import { fairnessWarnings } from '../bench/match/preflight';
import { makeSchedule, pairings } from '../bench/match/schedule';
import { canonical, matchIdentity } from '../bench/match/identity';
import { parseShard, shardGames } from '../bench/match/shard';
import { Tally } from '../bench/match/summary';
import type { GameRecord } from '../bench/match/record';
import { emptySideStats, type Result } from '../bench/match/game';
import { buildFakeEngine } from './fixtures/build-fake-engine';
import { rng } from './helpers';

let dir = '';
let fake = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'chuhan-shard-'));
  fake = buildFakeEngine();
});

describe('shards of the schedule', () => {
  it('parses K/N and rejects what is not one', () => {
    expect(parseShard('3/8')).toEqual({ k: 3, n: 8 });
    expect(() => parseShard('0/8')).toThrow(/1 to N/);
    expect(() => parseShard('9/8')).toThrow(/1 to N/);
    expect(() => parseShard('3')).toThrow(/K\/N/);
  });

  for (const [engines, games, n] of [
    [2, 20, 3],
    [2, 7, 2],
    [3, 10, 4],
    [2, 4, 8],
  ] as const) {
    it(`${engines} engines, ${games} games a pairing, ${n} shards: a partition keeping opening pairs together`, () => {
      const schedule = makeSchedule(engines, games, 5);
      const pc = pairings(engines).length;
      const parts = Array.from({ length: n }, (_, k) => shardGames(schedule, pc, { k: k + 1, n }));
      const all = parts
        .flat()
        .map((g) => g.index)
        .sort((a, b) => a - b);
      expect(all).toEqual(schedule.map((g) => g.index));
      for (const part of parts) {
        for (const g of part) {
          // Its partner (same pairing and pair, other colours) is in the same shard.
          const partner = schedule.find((h) => h !== g && h.pairing === g.pairing && h.pair === g.pair);
          if (partner) expect(part).toContain(partner);
        }
      }
      // Balanced to within one pair.
      const sizes = parts.map((p) => p.length);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(2);
    });
  }
});

/** Random results for a schedule, as the records a runner would tally. */
function randomRecords(engines: number, games: number, seed: number): GameRecord[] {
  const random = rng(seed);
  return makeSchedule(engines, games, 7).map((game) => {
    const x = random();
    const result: Result = x < 0.4 ? '1-0' : x < 0.75 ? '1/2-1/2' : '0-1';
    return {
      game,
      result,
      termination: result === '1/2-1/2' ? 'repetition-draw' : 'checkmate',
      reason: '',
      red: { ...emptySideStats(), moves: 30, time: 300 },
      black: { ...emptySideStats(), moves: 30, time: 330 },
      plies: 60,
    };
  });
}

const SPRT = { elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05, model: 'logistic' as const };

/** Shard summaries as the runner writes them, from records and an options line. */
function shardSummaries(records: GameRecord[], argv: string[], n: number, names: string[]): ShardSummary[] {
  const o = parseMatchArgs(argv);
  const total = records.length;
  const pc = pairings(names.length).length;
  const schedule = records.map((r) => r.game);
  return Array.from({ length: n }, (_, k) => {
    const shard = { k: k + 1, n };
    const mine = new Set(shardGames(schedule, pc, shard).map((g) => g.index));
    const tally = new Tally(names, pairings(names.length), o.sprt);
    // Finished out of order, as with concurrency.
    for (const r of records.filter((x) => mine.has(x.game.index)).reverse()) tally.add(r);
    const identity = matchIdentity(
      o,
      'nodes 1000',
      { sha256: 'abc', count: 7 },
      names.map(() => 'hash'),
      total,
    );
    const json = tally.toJson({ planned: mine.size, stoppedBy: null, shard, gamesTotal: total, identity });
    return readShard(`s${k + 1}.json`, JSON.stringify(json));
  });
}

const ARGV = [
  '--engine',
  'name=A,cmd=x',
  '--engine',
  'name=B,cmd=x,option.Hash=64',
  '--nodes',
  '1000',
  '--games',
  '40',
  '--sprt',
  'elo0=0,elo1=5',
];

describe('merging shards', () => {
  it('gives the figures of one tally of all the games', () => {
    const records = randomRecords(2, 40, 11);
    const whole = new Tally(['A', 'B'], pairings(2), SPRT);
    for (const r of records) whole.add(r);
    const merged = mergeShards(shardSummaries(records, ARGV, 3, ['A', 'B']));
    const w = whole.toJson({});
    for (const key of ['played', 'results', 'terminations', 'pairings', 'engines', 'finished']) {
      expect(canonical(merged.json[key]), key).toBe(canonical(w[key]));
    }
    // Sanity against the counts themselves.
    const p = (merged.json.pairings as Array<{ wins: number; draws: number; losses: number; pentanomial: number[] }>)[0];
    const aPoints = records.reduce((s, r) => s + (r.result === '1/2-1/2' ? 0.5 : (r.result === '1-0') === (r.game.red === 0) ? 1 : 0), 0);
    expect(p.wins + p.draws / 2).toBe(aPoints);
    expect(p.pentanomial.reduce((a, b) => a + b, 0)).toBe(20);
  });

  it('merges a round robin too', () => {
    const names = ['A', 'B', 'C'];
    const argv = ['--engine', 'name=A,cmd=x', '--engine', 'name=B,cmd=x', '--engine', 'name=C,cmd=x', '--nodes', '1000', '--games', '6'];
    const records = randomRecords(3, 6, 5);
    const whole = new Tally(names, pairings(3));
    for (const r of records) whole.add(r);
    const merged = mergeShards(shardSummaries(records, argv, 4, names));
    expect(canonical(merged.json.pairings)).toBe(canonical(whole.toJson({}).pairings));
  });

  it('reports where an SPRT in schedule order decides', () => {
    // Every game won by A: the SPRT accepts H1 early.
    const records = randomRecords(2, 400, 3).map((r) => ({ ...r, result: (r.game.red === 0 ? '1-0' : '0-1') as Result }));
    const argv = ARGV.map((a) => (a === '40' ? '400' : a));
    const merged = mergeShards(shardSummaries(records, argv, 2, ['A', 'B']));
    expect(merged.sequential?.decision).toBe('H1');
    const t = new Tally(['A', 'B'], pairings(2), SPRT);
    let at = 0;
    for (const r of records) {
      t.add(r);
      if (t.sprt(0)?.decision) {
        at = t.played;
        break;
      }
    }
    expect(merged.sequential?.games).toBe(at);
  });

  const base = () => shardSummaries(randomRecords(2, 40, 11), ARGV, 2, ['A', 'B']);
  const other = (argv: string[]) => shardSummaries(randomRecords(2, 40, 11), argv, 2, ['A', 'B'])[1];
  const refuse = (shards: ShardSummary[], message: RegExp) => {
    expect(() => mergeShards(shards)).toThrow(MergeError);
    expect(() => mergeShards(shards)).toThrow(message);
  };

  it('refuses shards of a match with other engine options, naming the engine and key', () => {
    refuse(
      [base()[0], other(ARGV.map((a) => a.replace('Hash=64', 'Hash=128')))],
      /engine 2 \(B\) options: \["Hash=64"\] vs \["Hash=128"\]/,
    );
  });

  it('refuses another limit, another number of games, another SPRT', () => {
    const [a] = base();
    const b = base()[1];
    b.identity = { ...b.identity, limit: 'nodes 2000' };
    refuse([a, b], /limit: "nodes 1000" vs "nodes 2000"/);
    refuse([a, other(ARGV.map((x) => (x === '40' ? '42' : x)))], /gamesPerPairing: 40 vs 42/);
    refuse([a, other(ARGV.map((x) => (x === 'elo0=0,elo1=5' ? 'elo0=0,elo1=10' : x)))], /sprt:/);
  });

  it('refuses other openings and another engine program', () => {
    const [a, b] = base();
    refuse(
      [a, { ...b, identity: { ...b.identity, openings: { sha256: 'def', count: 7, seed: null } } }],
      /openings sha256: "abc" vs "def"/,
    );
    const engines = (b.identity.engines as Array<Record<string, unknown>>).map((e, i) => (i === 0 ? { ...e, program: 'other' } : e));
    refuse([a, { ...b, identity: { ...b.identity, engines } }], /engine 1 \(A\) program: "hash" vs "other"/);
  });

  it('refuses a shard given twice, shards split another way, and overlapping games', () => {
    const [a, b] = base();
    refuse([a, b, { ...a, file: 'copy.json' }], /s1\.json and copy\.json are both shard 1\/2/);
    const three = shardSummaries(randomRecords(2, 40, 11), ARGV, 3, ['A', 'B']);
    refuse([a, three[1]], /s1\.json is shard 1\/2 but s2\.json is shard 2\/3/);
    // A shard that claims a game of another shard.
    const stolen = { ...b, games: [...b.games, a.games[0]] };
    refuse([a, stolen], /round 1 is in both s1\.json and s2\.json/);
    refuse([{ ...stolen, file: 'b.json' }], /b\.json: round 1 is not a game of shard 2\/2/);
  });

  it('refuses a file that is not a shard summary', () => {
    expect(() => readShard('x.json', '{"played": 3}')).toThrow(/x\.json is not a match summary/);
    expect(() => readShard('y.json', 'not json')).toThrow(/y\.json is not JSON/);
  });

  it('warns about missing shards and merges what it has', () => {
    const three = shardSummaries(randomRecords(2, 40, 11), ARGV, 3, ['A', 'B']);
    const m = mergeShards([three[0], three[2]]);
    expect(m.warnings.join('\n')).toMatch(/shard\(s\) 2 of 3 missing/);
    expect(m.tally.played).toBe(three[0].games.length + three[2].games.length);
  });

  it('merges PGN in Round order and refuses a PGN game that disagrees with its summary', () => {
    const game = (round: number, result: string) => `[Game "Chinese Chess"]\n[Round "${round}"]\n[Result "${result}"]\n\n${result}\n`;
    const results = new Map([
      [1, '1-0'],
      [2, '0-1'],
      [3, '1/2-1/2'],
    ]);
    const m = mergePgn(
      [
        { file: 'b.pgn', text: game(3, '1/2-1/2') + game(2, '0-1') },
        { file: 'a.pgn', text: game(1, '1-0') },
      ],
      results,
    );
    expect([...m.text.matchAll(/Round "(\d+)"/g)].map((x) => x[1])).toEqual(['1', '2', '3']);
    expect(() => mergePgn([{ file: 'a.pgn', text: game(1, '0-1') }], results)).toThrow(/a\.pgn: round 1 is 0-1 but its summary says 1-0/);
    expect(() =>
      mergePgn(
        [
          { file: 'a.pgn', text: game(1, '1-0') },
          { file: 'b.pgn', text: game(1, '1-0') },
        ],
        results,
      ),
    ).toThrow(/round 1 is in both a\.pgn and b\.pgn/);
  });

  it('says what is wrong with a merge command line', async () => {
    let err = '';
    const code = await runMatchCli(
      ['--merge', 'a.pgn'],
      () => {},
      (t) => (err += t),
    );
    expect(code).toBe(2);
    expect(err).toMatch(/needs the shards' JSON summaries/);
    err = '';
    expect(
      await runMatchCli(
        ['--merge', join(dir, 'missing.json')],
        () => {},
        (t) => (err += t),
      ),
    ).toBe(1);
    expect(err).toMatch(/cannot read .*missing\.json: ENOENT/);
  });
});

describe('a shard on the command line', () => {
  it("plays its own pairs with full-schedule rounds, and will not resume another shard's PGN", async () => {
    const spec = (name: string) => `name=${name},cmd=${process.execPath},arg=${fake},proto=uci`;
    const args = ['--engine', spec('A'), '--engine', spec('B'), '--nodes', '50', '--games', '8', '--quiet'];
    const pgn = join(dir, 'cli-s1.pgn');
    let err = '';
    expect(
      await runMatchCli(
        [...args, '--shard', '1/2', '--pgn', pgn, '--json', join(dir, 'cli-s1.json')],
        () => {},
        (t) => (err += t),
      ),
    ).toBe(0);
    const rounds = parsePgn(readFileSync(pgn, 'utf8')).map((g) => Number(g.tags.find(([k]) => k === 'Round')![1]));
    expect(rounds.sort((a, b) => a - b)).toEqual([1, 2, 5, 6]);
    const json = JSON.parse(readFileSync(join(dir, 'cli-s1.json'), 'utf8'));
    expect(json.shard).toEqual({ k: 1, n: 2 });
    expect(json.planned).toBe(4);
    expect(json.gamesTotal).toBe(8);
    err = '';
    expect(
      await runMatchCli(
        [...args, '--shard', '2/2', '--pgn', pgn, '--resume'],
        () => {},
        (t) => (err += t),
      ),
    ).toBe(1);
    expect(err).toMatch(/cannot resume from .*cli-s1\.pgn: round 1 is not a game of shard 2\/2/);
    err = '';
    expect(
      await runMatchCli(
        [...args, '--shard', '3/2'],
        () => {},
        (t) => (err += t),
      ),
    ).toBe(2);
    expect(err).toMatch(/^error: option '--shard <k\/n>' argument '3\/2' is invalid\. 3\/2: K must be from 1 to N/);
  });
});

describe('warnings before the match', () => {
  const opts = (extra: string[], a = 'name=A,cmd=x', b = 'name=B,cmd=x') => parseMatchArgs(['--engine', a, '--engine', b, ...extra]);

  it('concurrency x threads beyond the cores, for timed games only', () => {
    expect(fairnessWarnings(opts(['--tc', '2+0.02', '--concurrency', '3']), 2, ['x', 'x']).join()).toMatch(
      /3 searching threads on 2 core\(s\).*lower --concurrency to 2/,
    );
    expect(fairnessWarnings(opts(['--tc', '2+0.02', '--concurrency', '2'], 'name=A,cmd=x,option.Threads=2'), 2, ['x', 'x']).join()).toMatch(
      /4 searching threads on 2 core/,
    );
    expect(fairnessWarnings(opts(['--tc', '2+0.02', '--concurrency', '2']), 2, ['x', 'x']).join()).toMatch(
      /uses all 2 cores.*10% lower speed/,
    );
    expect(fairnessWarnings(opts(['--tc', '2+0.02', '--concurrency', '1']), 2, ['x', 'x'])).toEqual([]);
    expect(fairnessWarnings(opts(['--nodes', '1000', '--concurrency', '8']), 2, ['x', 'x'])).toEqual([]);
    // A pondering engine searches while the other thinks: 2 threads pondering + 1 thinking.
    const ponder = opts(['--tc', '2+0.02', '--concurrency', '1'], 'name=A,cmd=x,option.Threads=2,ponder=true');
    expect(fairnessWarnings(ponder, 2, ['x', 'x']).join()).toMatch(
      /1 x 3 thread\(s\) per game \(pondering included\) = 3 searching threads on 2 core.*fewer threads or no pondering would fit/,
    );
    expect(fairnessWarnings(opts(['--tc', '2+0.02'], 'name=A,cmd=x,ponder=true'), 4, ['x', 'x'])).toEqual([]);
  });

  it('fixed nodes between engines of different names', () => {
    expect(fairnessWarnings(opts(['--nodes', '1000']), 8, ['Chuhan 0.1', 'Pikafish']).join()).toMatch(
      /--nodes pairs different engines .*count nodes differently/,
    );
    expect(fairnessWarnings(opts(['--nodes', '1000']), 8, ['Chuhan 0.1', 'Chuhan 0.1'])).toEqual([]);
    expect(fairnessWarnings(opts(['--tc', '1+0.01']), 8, ['Chuhan 0.1', 'Pikafish'])).toEqual([]);
  });

  it('an option the engine does not announce, in the runner output', async () => {
    let err = '';
    const spec = (name: string, proto: string, extra: string) => `name=${name},cmd=${process.execPath},arg=${fake},proto=${proto}${extra}`;
    const code = await runMatchCli(
      [
        '--engine',
        spec('U', 'ucci', ',option.Hash Size=64'),
        '--engine',
        spec('V', 'uci', ',option.hash=64'),
        '--nodes',
        '100',
        '--games',
        '2',
        '--quiet',
        '--json',
        join(dir, 'warn.json'),
      ],
      () => {},
      (t) => (err += t),
    );
    expect(code).toBe(0);
    expect(err).toMatch(/warning: engine 'U' does not announce option 'Hash Size'.*announces: usemillisec, newgame/);
    // The UCI engine announces Hash (names compare without case).
    expect(err).not.toMatch(/engine 'V' does not announce/);
    // Both are the fake engine (same id name): no fixed-node warning.
    expect(err).not.toMatch(/--nodes pairs/);
  });
});
