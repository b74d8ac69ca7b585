// Whole matches with the runner: engine failures (crash, illegal move, hang, loss on time, no
// move), adjudication, round robin, SPRT stop, resume, and a short Fairy-Stockfish match.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parsePgn } from '../engine/pgn';
import { judge } from '../engine/rules';
import { parseFen, parseIccs, RED } from '../engine/index';
import { countOccurrences, findRepetition } from '../engine/rules';
import { EngineProcess } from '../bench/engine-process';
import { parseTimeControl } from '../bench/match/clock';
import { playGame, type GameSettings } from '../bench/match/game';
import { position, readData } from './helpers';
import { runMatchCli } from '../bench/match/cli';
import { parseOpenings } from '../bench/match/openings';
import { buildFakeEngine } from './fixtures/build-fake-engine';
import { fakeEngineSpec, runMatch, tag, type MatchRun } from './match-harness';
import { FAIRY_STOCKFISH, haveFairyStockfish } from './e2e-engine';

const FSF = FAIRY_STOCKFISH;
const HAVE_FSF = haveFairyStockfish('match-runner');
const OPENINGS = join(__dirname, '..', 'bench', 'match', 'openings.txt');

let fake = '';
let dir = '';
beforeAll(() => {
  fake = buildFakeEngine();
  dir = mkdtempSync(join(tmpdir(), 'chuhan-match-'));
});

/** An engine spec running the fake engine with extra arguments. */
const fakeSpec = (name: string, proto: 'ucci' | 'uci' | 'uci1', ...extra: string[]): string => fakeEngineSpec(fake, name, proto, ...extra);
const run = (name: string, args: string[]): Promise<MatchRun> => runMatch(dir, name, args);

/** Checks that the summary's counts add up and agree with the PGN. */
function checkConsistent(r: MatchRun, expectedGames: number): void {
  const j = r.json;
  expect(j.played).toBe(expectedGames);
  expect(r.games.length).toBe(expectedGames);
  expect(j.results.redWins + j.results.blackWins + j.results.draws).toBe(expectedGames);
  expect(r.games.filter((g) => g.result === '1-0').length).toBe(j.results.redWins);
  expect(r.games.filter((g) => g.result === '0-1').length).toBe(j.results.blackWins);
  expect(Object.values(j.terminations as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(expectedGames);
  for (const p of j.pairings) expect(p.wins + p.draws + p.losses).toBe(p.games);
  // With a clock, each side's RedClockMs/BlackClockMs is what its clock had been given up to its
  // last move, and the summary's share of the clock used sums the games' tags.
  const sums = new Map<string, { given: number; used: number }>();
  for (const g of r.games) {
    for (const side of ['Red', 'Black']) {
      const limit = tag(g, `${side}TimeControl`) ?? tag(g, 'TimeControl') ?? '';
      // A match by movetime, depth or nodes has no clock.
      if (/^(movetime|depth|nodes) /.test(limit)) continue;
      const tc = parseTimeControl(limit);
      // The tests' clocks are base + increment (no periods).
      expect(tc.moves).toBe(0);
      const moves = Number(tag(g, `${side}Moves`) ?? 0);
      const given = Number(tag(g, `${side}ClockMs`) ?? 0);
      expect(given, `round ${tag(g, 'Round')} ${side}`).toBe(moves > 0 ? tc.base + tc.inc * (moves - 1) : 0);
      const s = sums.get(tag(g, side)!) ?? { given: 0, used: 0 };
      s.given += given;
      if (given > 0) s.used += Number(tag(g, `${side}TimeMs`) ?? 0);
      sums.set(tag(g, side)!, s);
    }
  }
  for (const e of j.engines) {
    const s = sums.get(e.name) ?? { given: 0, used: 0 };
    expect(e.clockMs).toBe(s.given);
    // Each game's time is rounded in its tag: the sums agree within a millisecond a game.
    expect(Math.abs(e.clockUsedMs - s.used)).toBeLessThanOrEqual(expectedGames);
    // clockUsedMs is rounded to the millisecond, the share to four places.
    if (s.given > 0) expect(Math.abs(e.clockShare - e.clockUsedMs / e.clockMs)).toBeLessThanOrEqual(0.5 / e.clockMs + 0.00005);
    else expect(e.clockShare).toBeNull();
  }
  const rounds = r.games.map((g) => Number(tag(g, 'Round'))).sort((a, b) => a - b);
  expect(rounds).toEqual(Array.from({ length: expectedGames }, (_, i) => i + 1));
  // Every game that ended on the board really ended there, by our own rules.
  for (const g of r.games) {
    const t = tag(g, 'Termination')!;
    if (['checkmate', 'stalemate', 'perpetual-check', 'perpetual-chase', 'repetition-draw', 'move-limit'].includes(t)) {
      const pos = parseFen(g.fen);
      for (const m of g.moves) pos.make(m);
      expect(judge(pos).reason, `round ${tag(g, 'Round')}`).toBe(t);
    }
  }
}

describe('match runner with fake engines', () => {
  it('plays a match with paired openings, PGN and summary', async () => {
    const r = await run('basic', [
      '--engine',
      fakeSpec('A', 'ucci', '--seed', '3'),
      '--engine',
      fakeSpec('B', 'uci1', '--seed', '4'),
      '--tc',
      '5+0.05',
      '--games',
      '6',
      '--concurrency',
      '2',
      '--openings',
      OPENINGS,
    ]);
    expect(r.code).toBe(0);
    checkConsistent(r, 6);
    const openings = parseOpenings(readFileSync(OPENINGS, 'utf8'));
    const byRound = new Map(r.games.map((g) => [Number(tag(g, 'Round')), g]));
    // Games 1 and 2 share the first opening with colours swapped.
    for (const [x, y] of [
      [1, 2],
      [3, 4],
      [5, 6],
    ]) {
      const gx = byRound.get(x)!;
      const gy = byRound.get(y)!;
      expect(tag(gx, 'Opening')).toBe(tag(gy, 'Opening'));
      expect(tag(gx, 'Red')).toBe(tag(gy, 'Black'));
      const plies = openings[(x - 1) / 2].moves.length;
      expect(gx.moves.slice(0, plies)).toEqual(openings[(x - 1) / 2].moves);
      expect(gy.moves.slice(0, plies)).toEqual(openings[(x - 1) / 2].moves);
    }
    expect(tag(byRound.get(1)!, 'Opening')).toMatch(/中炮对屏风马/);
    expect(tag(byRound.get(1)!, 'Red')).toBe('A');
    const p = r.json.pairings[0];
    expect(p.pentanomial.reduce((a: number, b: number) => a + b, 0)).toBe(3);
    expect(r.json.finished.rounds).toBe('1-6');
    expect(r.json.engines[0].moves).toBeGreaterThan(0);
    expect(r.json.engines[0].avgTimePerMoveMs).toBeGreaterThanOrEqual(0);
    expect(r.err).toMatch(/\[6\/6\]/);
    expect(r.out[0]).toMatch(/^A vs B: 6 games/);
  });

  it('a crash loses the game, the engine is restarted and the match goes on', async () => {
    const once = join(dir, 'died-once');
    const r = await run('crash', [
      '--engine',
      fakeSpec('Crashy', 'uci', '--die-at', '3', '--die-once', once),
      '--engine',
      fakeSpec('Steady', 'ucci'),
      '--tc',
      '5+0.05',
      '--games',
      '4',
      '--openings',
      OPENINGS,
    ]);
    expect(r.code).toBe(0);
    checkConsistent(r, 4);
    const g1 = r.games.find((g) => tag(g, 'Round') === '1')!;
    expect(tag(g1, 'Termination')).toBe('crash');
    expect(g1.result).toBe('0-1'); // Crashy had Red in game 1
    expect(r.json.engines[0].crashes).toBe(1);
    expect(r.json.terminations.crash).toBe(1);
    // The other games were played out on the board.
    expect(r.games.filter((g) => tag(g, 'Termination') === 'crash').length).toBe(1);
  });

  it('an illegal move, a hang, a loss on time and a missing move each lose, counted apart', async () => {
    const r = await run('failures', [
      // One process per engine and slot: the N-th `go` counts across games.
      '--engine',
      fakeSpec('Bad', 'uci1', '--illegal-at', '2'),
      '--engine',
      fakeSpec('Good', 'uci', '--seed', '9'),
      '--tc',
      '5+0.05',
      '--games',
      '1',
    ]);
    checkConsistent(r, 1);
    expect(tag(r.games[0], 'Termination')).toBe('illegal-move');
    expect(r.games[0].result).toBe('0-1');
    expect(r.json.engines[0].illegalMoves).toBe(1);
    // The illegal move is not in the record: Bad made one move, Good one.
    expect(r.games[0].moves.length).toBe(2);

    const hang = await run('hang', [
      '--engine',
      fakeSpec('Good', 'ucci'),
      '--engine',
      fakeSpec('Hangs', 'ucci', '--hang-at', '1'),
      '--tc',
      '0.3+0',
      '--stop-grace',
      '200',
      '--games',
      '2',
    ]);
    checkConsistent(hang, 2);
    // Game 1: Hangs is Black, never answers, is stopped and killed; game 2 it is restarted (and hangs again).
    expect(hang.games.map((g) => tag(g, 'Termination'))).toEqual(['hang', 'hang']);
    expect(hang.json.engines[1].hangs).toBe(2);

    const slow = await run('slow', [
      '--engine',
      fakeSpec('Slow', 'uci', '--slow-at', '1'),
      '--engine',
      fakeSpec('Good', 'uci'),
      '--tc',
      '0.2+0',
      '--games',
      '1',
    ]);
    checkConsistent(slow, 1);
    expect(tag(slow.games[0], 'Termination')).toBe('time-forfeit');
    expect(slow.json.engines[0].timeForfeits).toBe(1);
    // The runner charged about the whole 200 ms (it answered right after 'stop').
    expect(Number(tag(slow.games[0], 'RedTimeMs'))).toBeGreaterThanOrEqual(200);

    const none = await run('none', [
      '--engine',
      fakeSpec('Good', 'ucci'),
      '--engine',
      fakeSpec('Silent', 'ucci', '--nobest-at', '1'),
      '--depth',
      '1',
      '--games',
      '1',
    ]);
    checkConsistent(none, 1);
    expect(tag(none.games[0], 'Termination')).toBe('no-bestmove');
    expect(none.json.engines[1].noBestmove).toBe(1);
  });

  it('with a margin, a small overrun is not a loss on time', async () => {
    // Every move takes at least 70 ms; the clock starts at 50 ms with 100 ms added per move.
    // Without a margin the first move already overdraws the clock (50 − 70 < 0).
    const strict = await run('strict', [
      '--engine',
      fakeSpec('Slow', 'uci', '--delay', '70'),
      '--engine',
      fakeSpec('Fast', 'uci'),
      '--tc',
      '0.05+0.1',
      '--games',
      '1',
    ]);
    expect(tag(strict.games[0], 'Termination')).toBe('time-forfeit');
    expect(Number(tag(strict.games[0], 'RedMoves'))).toBe(1);
    expect(strict.games[0].moves.length).toBe(0);
    // With 100 ms of margin the first move is tolerated, and the increment keeps the clock positive after.
    const lenient = await run('lenient', [
      '--engine',
      fakeSpec('Slow', 'uci', '--delay', '70'),
      '--engine',
      fakeSpec('Fast', 'uci'),
      '--tc',
      '0.05+0.1',
      '--margin',
      '100',
      '--games',
      '1',
    ]);
    expect(tag(lenient.games[0], 'Termination')).not.toBe('time-forfeit');
    expect(Number(tag(lenient.games[0], 'RedMoves'))).toBeGreaterThan(1);
  });

  it('time odds: an engine with tc= plays on its own clock, told both clocks as they are', async () => {
    // Slow needs 70 ms a move: on the match's 0.05 s + 0.1 s it forfeits at once (above); on its own
    // 5 s + 0.1 s it does not, while Fast keeps the match's clock.
    const log = join(dir, 'odds.log');
    const r = await run('odds', [
      '--engine',
      `${fakeSpec('Slow', 'uci', '--delay', '70', '--log', log)},tc=5+0.1`,
      '--engine',
      fakeSpec('Fast', 'uci'),
      '--tc',
      '0.05+0.1',
      '--games',
      '2',
      '--max-plies',
      '12',
    ]);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/limit 0\.05\+0\.1 \(own clock: Slow 5\+0\.1\)/);
    for (const g of r.games) {
      expect(tag(g, 'Termination')).not.toBe('time-forfeit');
      expect(tag(g, 'TimeControl')).toBe('0.05+0.1');
      const slowIsRed = tag(g, 'Red') === 'Slow';
      expect(tag(g, 'RedTimeControl')).toBe(slowIsRed ? '5+0.1' : '0.05+0.1');
      expect(tag(g, 'BlackTimeControl')).toBe(slowIsRed ? '0.05+0.1' : '5+0.1');
    }
    // Slow's first search of each game: its own 5 s and Fast's 50 ms (Slow is Red in game 1, Black in 2).
    const goes = readFileSync(log, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('go '));
    expect(goes[0]).toMatch(/^go wtime 5000 btime 50 winc 100 binc 100\b/);
    expect(goes.find((l) => /btime 5000\b/.test(l) && /wtime \d+/.test(l))).toMatch(/^go wtime \d{1,3} btime 5000 winc 100 binc 100\b/);
    expect(r.json.engineSpecs[0].tc).toBe('5+0.1');
    // A clock for one engine needs a clock for the match; a bad one is named.
    const errs: string[] = [];
    expect(
      await runMatchCli(
        ['--engine', 'cmd=x,tc=30+0.3', '--engine', 'cmd=y', '--depth', '3'],
        () => {},
        (t) => errs.push(t),
      ),
    ).toBe(2);
    expect(
      await runMatchCli(
        ['--engine', 'cmd=x,tc=fast', '--engine', 'cmd=y'],
        () => {},
        (t) => errs.push(t),
      ),
    ).toBe(2);
    expect(errs.join('')).toMatch(/tc= gives x its own clock, which a match by depth 3 does not have/);
    expect(errs.join('')).toMatch(/tc=: bad .*'fast'/);
  });

  it('adjudicates by agreeing scores', async () => {
    // Both engines report Red at +2000 on every move: Red wins after 2 moves each.
    const resign = await run('adj-resign', [
      '--engine',
      fakeSpec('A', 'ucci', '--red-score', '2000'),
      '--engine',
      fakeSpec('B', 'uci', '--red-score', '2000'),
      '--depth',
      '1',
      '--games',
      '2',
      '--adjudicate',
      'resign=2:1000',
    ]);
    checkConsistent(resign, 2);
    for (const g of resign.games) {
      expect(tag(g, 'Termination')).toBe('adjudication-resign');
      expect(g.result).toBe('1-0');
      expect(g.moves.length).toBe(4);
      // Each move's comment gives its engine's score from its own side (Red's +20, Black's −20),
      // its depth and its time; the result's explanation comes last.
      const notes = g.comments!.map((c) => `${c.ply} ${c.text.replace(/ \d+(\.\d+)?s$/, ' Ts')}`);
      expect(notes.slice(0, 4)).toEqual(['1 +20.00/1 Ts', '2 -20.00/1 Ts', '3 +20.00/1 Ts', '4 -20.00/1 Ts']);
      expect(notes[4]).toMatch(/^4 Red wins by adjudication/);
    }
    // Scores near zero: a draw once the game has 10 plies.
    const draw = await run('adj-draw', [
      '--engine',
      fakeSpec('A', 'ucci', '--score', '3'),
      '--engine',
      fakeSpec('B', 'uci1', '--score', '-4'),
      '--depth',
      '1',
      '--games',
      '2',
      '--adjudicate',
      'draw=10:2:5',
    ]);
    checkConsistent(draw, 2);
    for (const g of draw.games) {
      expect(tag(g, 'Termination')).toBe('adjudication-draw');
      expect(g.result).toBe('1/2-1/2');
      expect(g.moves.length).toBe(10);
    }
    expect(draw.json.pairings[0].pentanomial).toEqual([0, 0, 1, 0, 0]);
  });

  it('plays a round robin', async () => {
    const r = await run('rr', [
      '--engine',
      fakeSpec('A', 'ucci', '--seed', '1'),
      '--engine',
      fakeSpec('B', 'uci', '--seed', '2'),
      '--engine',
      fakeSpec('C', 'uci1', '--seed', '3'),
      '--depth',
      '1',
      '--games',
      '2',
      '--concurrency',
      '2',
      '--openings',
      OPENINGS,
    ]);
    checkConsistent(r, 6);
    expect(r.json.pairings.map((p: { engines: string[] }) => p.engines.join('-'))).toEqual(['A-B', 'A-C', 'B-C']);
    for (const e of r.json.engines) expect(e.games).toBe(4);
    const points = r.json.engines.reduce((s: number, e: { points: number }) => s + e.points, 0);
    expect(points).toBe(6);
  });

  it('stops at an SPRT decision', async () => {
    // B resigns on every move: A wins every game, and the test accepts H1 early.
    const r = await run('sprt', [
      '--engine',
      fakeSpec('A', 'ucci'),
      '--engine',
      fakeSpec('B', 'ucci', '--resign-always'),
      '--depth',
      '1',
      '--games',
      '200',
      '--sprt',
      'elo0=0,elo1=10,alpha=0.05,beta=0.05',
    ]);
    expect(r.code).toBe(0);
    expect(r.json.stoppedBy).toMatch(/SPRT H1/);
    expect(r.json.played).toBeLessThan(200);
    expect(r.json.pairings[0].wins).toBe(r.json.played);
    expect(r.json.pairings[0].sprt.decision).toBe('H1');
    expect(r.json.pairings[0].sprt.llr).toBeGreaterThanOrEqual(r.json.pairings[0].sprt.upper);
    expect(r.err).toMatch(/LLR/);
    checkConsistent(r, r.json.played);
  });

  it('resumes from the PGN without replaying or losing games', async () => {
    const pgn = join(dir, 'resume.pgn');
    const args = [
      '--engine',
      fakeSpec('A', 'ucci', '--seed', '5'),
      '--engine',
      fakeSpec('B', 'uci', '--seed', '6'),
      '--depth',
      '1',
      '--games',
      '6',
      '--openings',
      OPENINGS,
      '--pgn',
      pgn,
      '--pgn-format',
      'chinese',
    ];
    const full = await run('resume-a', args);
    checkConsistent(full, 6);
    expect(full.pgnText).toMatch(/\[Format "Chinese"\]\n1\. 炮二平五 马８进７/);
    // Keep games 1-3 as written, and half of the fourth as if the runner had been killed.
    const parts = full.pgnText.split(/(?=^\[Game )/m);
    const kept = parts.slice(0, 3).join('');
    writeFileSync(pgn, kept + parts[3].slice(0, Math.floor(parts[3].length / 2)));
    const resumed = await run('resume-b', [...args, '--resume']);
    expect(resumed.code).toBe(0);
    expect(resumed.err).toMatch(/dropped an incomplete game/);
    expect(resumed.err).toMatch(/3 of 6 games already played/);
    expect(resumed.json.resumed).toBe(3);
    checkConsistent(resumed, 6);
    expect(resumed.pgnText.startsWith(kept)).toBe(true);
    // Finished games kept their results; the summary counts all six.
    const before = parsePgn(kept);
    for (const g of before) {
      const again = resumed.games.find((x) => tag(x, 'Round') === tag(g, 'Round'))!;
      expect(again.result).toBe(g.result);
      expect(again.moves).toEqual(g.moves);
    }
    // Nothing left to play: a second resume plays no game.
    const idle = await run('resume-c', [...args, '--resume']);
    expect(idle.json.resumed).toBe(6);
    checkConsistent(idle, 6);
    // A PGN of another match is refused.
    const other = await run('resume-d', [
      '--engine',
      fakeSpec('X', 'ucci'),
      '--engine',
      fakeSpec('Y', 'ucci'),
      '--depth',
      '1',
      '--games',
      '6',
      '--pgn',
      pgn,
      '--resume',
    ]);
    expect(other.code).toBe(1);
    expect(other.err).toMatch(/round 1 was A - B/);
  });

  it('reports usage errors', async () => {
    const errs: string[] = [];
    const code = await runMatchCli(
      ['--engine', 'cmd=x', '--tc', 'nonsense'],
      () => {},
      (t) => errs.push(t),
    );
    expect(code).toBe(2);
    expect(errs.join('')).toMatch(/--tc/);
    expect(
      await runMatchCli(
        ['--engine', 'cmd=x'],
        () => {},
        () => {},
      ),
    ).toBe(2);
    expect(
      await runMatchCli(
        ['--engine', 'cmd=x,proto=xboard', '--engine', 'cmd=y'],
        () => {},
        () => {},
      ),
    ).toBe(2);
  });
});

describe("the referee rules repetition-cases.json's adjudicated cases", () => {
  interface RepetitionCase {
    id: string;
    fen: string;
    moves: string[];
    expected: string;
    note: string;
  }
  const CASES: RepetitionCase[] = JSON.parse(readData('repetition-cases.json'));
  const strict = (c: RepetitionCase): boolean => ['win', 'loss', 'draw'].includes(c.expected) && !/informative only/i.test(c.note);

  it('each case, played on to its third occurrence as a game opening, ends as the case says', async () => {
    // The referee rules at the third occurrence: a case that ends at the second has its last
    // cycle played once more. The game ends before either engine is asked for a move.
    const engines: [EngineProcess, EngineProcess] = [
      new EngineProcess({ name: 'A', cmd: process.execPath, args: [fake], proto: 'ucci', options: [] }),
      new EngineProcess({ name: 'B', cmd: process.execPath, args: [fake], proto: 'ucci', options: [] }),
    ];
    const settings: GameSettings = { limit: { kind: 'depth', depth: 1 }, margin: 0, adjudication: {}, maxPlies: 1000, hangTimeout: 5000 };
    let played = 0;
    try {
      for (const c of CASES) {
        if (c.moves.length === 0) continue;
        // A few composed cases put pieces where no game can (read leniently by the rules tests);
        // the runner starts games only from real positions.
        try {
          parseFen(c.fen);
        } catch {
          continue;
        }
        let moves = c.moves;
        const end = position(c.fen, moves);
        if (countOccurrences(end) < 2) moves = [...moves, ...moves.slice(findRepetition(end))];
        const start = position(c.fen);
        const opening = {
          fen: c.fen,
          moves: moves.map((m) => {
            const code = parseIccs(start, m);
            start.make(code);
            return code;
          }),
          name: c.id,
          line: 0,
        };
        const out = await playGame(engines, opening, settings);
        played++;
        expect(out.moves.length, c.id).toBe(moves.length);
        expect(['perpetual-check', 'perpetual-chase', 'repetition-draw'], c.id).toContain(out.termination);
        if (!strict(c)) continue;
        const redToMove = start.side === RED;
        const want = c.expected === 'draw' ? '1/2-1/2' : (c.expected === 'win') === redToMove ? '1-0' : '0-1';
        expect(out.result, c.id).toBe(want);
      }
    } finally {
      for (const e of engines) e.kill();
    }
    expect(played).toBeGreaterThanOrEqual(100);
  });
});

describe.skipIf(!HAVE_FSF)('match runner with Fairy-Stockfish', () => {
  it("writes a proven mate's score in each move's comment as cutechess does (+M3, then +M2, +M1)", async () => {
    // eleeye-batch-197 of mates.epd: Red mates in 3 moves (proven), whatever Black plays.
    const line = readData('mates.epd')
      .split('\n')
      .find((l) => l.includes('id eleeye-batch-197;'))!;
    const openings = join(dir, 'mate3.epd');
    writeFileSync(openings, line.split(';')[0] + '\n');
    const r = await run('fsf-mate', [
      '--engine',
      `name=fsf,cmd=${FSF},proto=uci1,option.Hash=16`,
      '--engine',
      `name=fsf2,cmd=${FSF},proto=uci1,option.Hash=16`,
      '--depth',
      '12',
      '--games',
      '1',
      '--openings',
      openings,
    ]);
    expect(r.code).toBe(0);
    const g = r.games[0];
    expect(g.result).toBe('1-0');
    expect(tag(g, 'Termination')).toBe('checkmate');
    const moveNotes = g.comments!.slice(0, -1);
    expect(g.comments!.at(-1)!.text).toBe('Red wins by checkmate');
    const red = moveNotes.filter((c) => c.ply % 2 === 1).map((c) => c.text);
    expect(red.map((t) => t.split('/')[0])).toEqual(['+M3', '+M2', '+M1']);
    for (const t of red) expect(t).toMatch(/^\+M\d\/\d+ \d+(\.\d+)?s$/);
    // Black's moves: a mate against it, from its own side.
    const black = moveNotes.filter((c) => c.ply % 2 === 0).map((c) => c.text.split('/')[0]);
    expect(black).toEqual(['-M2', '-M1']);
  });

  it('plays FSF (UCI, ranks 1–10) against FSF (UCCI) with no referee disagreement', async () => {
    const r = await run('fsf', [
      '--engine',
      `name=fsf-uci,cmd=${FSF},proto=uci1,option.Hash=16`,
      '--engine',
      `name=fsf-ucci,cmd=${FSF},proto=ucci,option.Hash=16`,
      '--nodes',
      '3000',
      '--games',
      '2',
      '--openings',
      OPENINGS,
      '--adjudicate',
      'resign=3:800,draw=60:6:10',
    ]);
    expect(r.code).toBe(0);
    checkConsistent(r, 2);
    for (const g of r.games) {
      expect(['illegal-move', 'crash', 'hang', 'no-bestmove', 'time-forfeit']).not.toContain(tag(g, 'Termination'));
      expect(g.moves.length).toBeGreaterThan(4);
    }
  });
});
