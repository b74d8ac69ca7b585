// What the README promises about the protocol, checked on the Session in process
// (test/session-harness.ts): the resign option, searchmoves, go mate N, go nodes, the order of
// bestmove and readyok after stop, decided scores of repetition results and an unknown first
// line. The one promise about two search threads runs the real executable; PVs cut at 24 moves
// (a search to depth 22) are in protocol-pv.slow.test.ts, in the slow project.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START_FEN, judge } from '../engine/index';
import { builtEngine, legalBest, startChuhan } from './e2e-engine';
import { position } from './helpers';
import { InProcessEngine, inProcess, withInProcess } from './session-harness';

/** eleeye-batch-197 of test/data/mates.epd: Red mates in 3 moves, starting with f6f7. */
const MATE_IN_3 = '2Ra5/2n1a4/4k4/5R1N1/NP1np4/9/9/9/6p2/r3cKBr1 w - - 0 1';

describe('README promises, UCCI', () => {
  let e: InProcessEngine;
  beforeAll(async () => {
    e = await inProcess('ucci');
  });
  afterAll(async () => {
    await e?.quit();
  });

  it('resign: off by default; with setoption resign true, a lost position answers bestmove … resign', async () => {
    // After f6f7 Black is mated in two more moves whatever it plays.
    const lost = position(MATE_IN_3, ['f6f7']);
    e.send(`position fen ${MATE_IN_3} moves f6f7`, 'go depth 6');
    const plain = await e.expect(/^bestmove/);
    legalBest(plain.line, lost);
    expect(plain.line).not.toMatch(/resign/);
    e.send('setoption resign true', `position fen ${MATE_IN_3} moves f6f7`, 'go depth 6');
    const resigned = await e.expect(/^bestmove/);
    legalBest(resigned.line, lost);
    expect(resigned.line).toMatch(/^bestmove \S+( ponder \S+)? resign$/);
    // The winning side does not resign.
    e.send(`position fen ${MATE_IN_3}`, 'go depth 6');
    expect((await e.expect(/^bestmove/)).line).not.toMatch(/resign/);
    e.send('setoption resign false');
    await e.sync();
  });

  it('go mate 3 finds the mate within 2·3−1 = 5 plies', async () => {
    const from = e.received.length;
    e.send('setoption newgame', `position fen ${MATE_IN_3}`, 'go mate 3');
    const best = await e.expect(/^bestmove/);
    expect(legalBest(best.line, position(MATE_IN_3))).toBe('f6f7');
    const infos = e.received
      .slice(from, e.cursor)
      .map((r) => r.line)
      .filter((l) => l.startsWith('info depth'));
    const depths = infos.map((l) => Number(/^info depth (\d+)/.exec(l)![1]));
    expect(Math.max(...depths)).toBeLessThanOrEqual(5);
    // UCCI mate scores are 10000 less the plies to mate: mate in 5 plies.
    expect(infos.at(-1)).toMatch(/ score 9995 /);
  });

  it('searchmoves: only the listed moves are searched', async () => {
    e.send('position startpos', 'go depth 5 searchmoves a0a1 i3i4');
    const best = legalBest((await e.expect(/^bestmove/)).line, position(START_FEN));
    expect(['a0a1', 'i3i4']).toContain(best);
    // A list with one move answers that move, even a poor one.
    e.send('position startpos', 'go depth 5 searchmoves b2b9');
    expect(legalBest((await e.expect(/^bestmove/)).line, position(START_FEN))).toBe('b2b9');
  });

  it('go nodes N: ends by itself within N nodes, and the same search twice gives the same result', async () => {
    const results: string[][] = [];
    for (let i = 0; i < 2; i++) {
      const from = e.received.length;
      e.send('setoption newgame', 'position startpos moves h2e2 h9g7', 'go nodes 30000');
      const best = await e.expect(/^bestmove/, 20_000);
      legalBest(best.line, position(START_FEN, ['h2e2', 'h9g7']));
      const lines = e.received.slice(from, e.cursor).map((r) => r.line);
      const infos = lines.filter((l) => l.startsWith('info depth'));
      expect(infos.length).toBeGreaterThan(0);
      for (const l of infos) expect(Number(/ nodes (\d+)/.exec(l)![1])).toBeLessThanOrEqual(30000);
      // UCCI sends info lines at most so often, so which depths are shown depends on the clock;
      // the last one and the move do not. Time and nps vary.
      results.push([infos.at(-1)!.replace(/ time \d+| nps \d+/g, ''), best.line]);
    }
    expect(results[1]).toEqual(results[0]);
  });

  it('isready right after stop comes after the stopped search’s bestmove', async () => {
    for (let i = 0; i < 5; i++) {
      e.send('position startpos', 'go infinite');
      e.duringSearch('stop', 'isready');
      const best = await e.expect(/^(bestmove|nobestmove)/);
      legalBest(best.line, position(START_FEN));
      const ready = await e.expect((l) => l === 'readyok');
      expect(e.received.indexOf(ready)).toBeGreaterThan(e.received.indexOf(best));
    }
  });

  it('without shared memory, stop ends the search worker: bestmove first, then a fresh worker that searches', async () => {
    // A page that is not cross-origin isolated: the search cannot see a STOP flag, so the session
    // ends its worker. Starting the next one costs a browser a fetch and a compile of the script,
    // so it must come after the bestmove has gone out, not before.
    await withInProcess(
      'ucci',
      async (f) => {
        // Workers started when the last bestmove was written.
        let startedAtBestmove = 0;
        f.onLine = (line) => {
          if (/^(bestmove|nobestmove)/.test(line)) startedAtBestmove = f.host.started;
        };
        for (let round = 1; round <= 3; round++) {
          f.send('position startpos', 'go infinite');
          f.duringSearch('stop');
          legalBest((await f.expect(/^(bestmove|nobestmove)/)).line, position(START_FEN));
          // The worker of this round, not yet its successor.
          expect(startedAtBestmove).toBe(round);
          await f.sync();
          expect(f.host.started).toBe(round + 1);
          expect(f.host.running).toBe(1);
        }
        f.send('position startpos moves h2e2', 'go depth 4');
        const after = position(START_FEN, ['h2e2']);
        legalBest((await f.expect(/^(bestmove|nobestmove)/)).line, after);
        expect(f.received.map((r) => r.line).filter((l) => /restart|failed|no search/.test(l))).toEqual([]);
      },
      { shared: false, nodeLimit: 20_000 },
    );
  });
});

/**
 * Red to move, in check from the chariot on h0, threatens b7b9 mate. Black can only stop it by
 * checking again and again: Red's king steps between d0 and d1 (the e-file is shut by the flying
 * general), and the checks repeat. Black's perpetual check loses by rule, so Red wins by it.
 */
const FORCED_PERPETUAL = '4k4/R8/1R7/9/9/9/9/9/9/3K3r1 w - - 0 1';

describe('README promises: a result decided by a repetition rule is a decided score', () => {
  for (const dialect of ['ucci', 'uci'] as const) {
    it(`${dialect}: the winner by the opponent's forced perpetual check sees a win, the loser a loss`, async () => {
      const e = await inProcess(dialect);
      try {
        for (const [moves, sign] of [
          [[], 1],
          [['d0d1'], -1],
        ] as const) {
          const from = e.received.length;
          e.send(`position fen ${FORCED_PERPETUAL}${moves.length ? ` moves ${moves.join(' ')}` : ''}`, 'go depth 10');
          const best = await e.expect(/^bestmove/);
          legalBest(best.line, position(FORCED_PERPETUAL, [...moves]));
          const last = e.received
            .slice(from, e.cursor)
            .map((r) => r.line)
            .filter((l) => l.startsWith('info depth'))
            .at(-1)!;
          // The PV is the repetition: played out, the referee's rules end it by Black's perpetual check.
          const pv = / pv (.*)$/.exec(last)![1].trim().split(/\s+/);
          const end = position(FORCED_PERPETUAL, [...moves, ...pv]);
          expect(judge(end), last).toEqual({ verdict: end.side === 0 ? 'win' : 'loss', reason: 'perpetual-check' });
          if (dialect === 'ucci') {
            const s = Number(/ score (-?\d+) /.exec(last)![1]);
            // Inside ±(9000, 10000): beyond any evaluation, below any mate; ElephantEye's 9900 − plies.
            expect(s * sign, last).toBeGreaterThan(9800);
            expect(s * sign, last).toBeLessThan(9900);
            expect(s, last).toBe(sign * (9900 - pv.length));
          } else {
            const m = / score mate (-?\d+) /.exec(last);
            expect(m, last).not.toBeNull();
            expect(Number(m![1]), last).toBe(sign * Math.ceil(pv.length / 2));
            expect(Number(m![1]) * sign).toBeGreaterThan(0);
          }
        }
      } finally {
        await e.quit();
      }
    });
  }
});

describe('README promises: no self-inflicted perpetual check, with one thread or two', () => {
  // As test/search-rules.test.ts: Black has checked from h1/h0 and h1h0 would repeat the checks
  // (Black's perpetual check, a loss); nothing else is lost. The game's moves come over the
  // protocol, so the repetition must be seen across the game history, by every thread: with two,
  // through the executable, whose helper thread searches beside the main one.
  const FEN = '4k4/R8/9/9/9/9/9/9/3K3r1/9 w - - 0 1';
  const MOVES = ['d1d0', 'h1h0', 'd0d1', 'h0h1', 'd1d0'];
  it('Threads 1: Black does not play the repeating check h1h0', async () => {
    const e = await inProcess('uci', { nodeLimit: undefined });
    for (const go of ['go depth 10', 'go movetime 300']) {
      e.send(`position fen ${FEN} moves ${MOVES.join(' ')}`, go);
      expect(legalBest((await e.expect(/^bestmove/)).line, position(FEN, MOVES)), go).not.toBe('h1h0');
    }
    await e.quit();
  });
  it('Threads 2, the executable: Black does not play the repeating check h1h0', async () => {
    const e = await startChuhan(builtEngine(), 'uci');
    try {
      e.send('setoption name Threads value 2');
      for (const go of ['go depth 10', 'go movetime 300']) {
        e.send(`position fen ${FEN} moves ${MOVES.join(' ')}`, go);
        expect(legalBest((await e.expect(/^bestmove/)).line, position(FEN, MOVES)), go).not.toBe('h1h0');
      }
    } finally {
      await e.quit();
      e.kill();
    }
  }, 180_000);
});

describe('README promises, the first line and the PV length', () => {
  for (const dialect of ['ucci', 'uci'] as const) {
    it(`${dialect}: an unknown first line does not end the session`, async () => {
      const e = new InProcessEngine();
      e.send('hello engine', dialect);
      await e.expect((l) => l === `${dialect}ok`);
      e.send('position startpos', 'go depth 3');
      legalBest((await e.expect(/^bestmove/)).line, position(START_FEN));
      expect(e.ended).toBe(false);
      await e.quit();
    });
  }
});
