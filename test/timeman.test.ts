// The time manager's budgets, played out over whole games on a simulated clock: whatever a move
// takes up to its hard limit (plus the latency the overhead stands for), the clock must not run
// out, and with an increment at least the move overhead must stay on the clock beyond a move's
// hard limit. (With an increment, a larger reserve on short clocks, 300 ms beyond the hard limit,
// was dropped: it cost 28 Elo in 602 games at 2 s + 0.02 s, and without it no game was lost on
// time. Sudden death keeps it, so that 120 moves fit in 60 s.)
import { describe, expect, it } from 'vitest';
import { selectParams } from '../bench/tune/spsa-cli';
import { setTunable, TUNABLES, tunableValues } from '../engine/search-params';
import { MOVE_OVERHEAD, timeBudget } from '../engine/timeman';

/** What the clock must still hold after a move's hard limit, with an increment. */
const MIN_SLACK_MS = MOVE_OVERHEAD;

interface Played {
  /** Smallest (clock − hard limit) seen before a move. */
  minSlack: number;
  /** The clock after the last move. */
  final: number;
}

/** Plays `moves` moves from `base` ms + `inc` ms, each taking its `take` limit plus the latency. */
function play(base: number, inc: number, moves: number, take: 'soft' | 'hard', latency = 10): Played {
  let clock = base;
  let minSlack = Infinity;
  for (let i = 0; i < moves; i++) {
    const b = timeBudget({ time: clock, increment: inc });
    expect(b.soft).toBeGreaterThanOrEqual(1);
    expect(b.soft).toBeLessThanOrEqual(b.hard);
    minSlack = Math.min(minSlack, clock - b.hard);
    clock -= b[take] + latency;
    expect(clock).toBeGreaterThan(0);
    clock += inc;
  }
  return { minSlack, final: clock };
}

describe('timeBudget', () => {
  it('movetime: the given time less a share of the overhead; infinite and untimed: no limit', () => {
    expect(timeBudget({ movetime: 1000 })).toEqual({ soft: 1000 - MOVE_OVERHEAD, hard: 1000 - MOVE_OVERHEAD });
    expect(timeBudget({ movetime: 40 }).hard).toBe(30);
    expect(timeBudget({ infinite: true, time: 1000 }).hard).toBe(Infinity);
    expect(timeBudget({ depth: 5 }).soft).toBe(Infinity);
  });

  for (const [base, inc] of [
    [2000, 20],
    [5000, 50],
    [6000, 50],
    [10_000, 100],
    [60_000, 1000],
  ]) {
    for (const take of ['soft', 'hard'] as const) {
      it(`${base / 1000} s + ${inc} ms, every move taking its ${take} limit: ${MIN_SLACK_MS} ms stay beyond the hard limit`, () => {
        const r = play(base, inc, 400, take);
        expect(r.minSlack).toBeGreaterThanOrEqual(MIN_SLACK_MS);
        // ...and the clock is used: no more than a second and a fifth of the base is left unused.
        expect(r.final).toBeLessThan(1000 + base / 5);
      });
    }
  }

  it('sudden death: 120 moves of soft limits fit in 60 s, and an early move gets a real share', () => {
    const r = play(60_000, 0, 120, 'soft');
    expect(r.final).toBeGreaterThan(0);
    expect(timeBudget({ time: 60_000 }).soft).toBeGreaterThan(2000);
    // A move count of 0 is no move count, for the reserve as for the share of the clock.
    expect(timeBudget({ time: 400, movestogo: 0 })).toEqual(timeBudget({ time: 400 }));
  });

  it('moves to go: the last move before the control may use most of the clock, and 10 moves fit in 10 s', () => {
    const b = timeBudget({ time: 10_000, movestogo: 1 });
    expect(b.hard).toBeGreaterThan(7000);
    expect(b.hard).toBeLessThan(9000);
    let clock = 10_000;
    for (let togo = 10; togo >= 1; togo--) clock -= timeBudget({ time: clock, movestogo: togo }).soft + 10;
    expect(clock).toBeGreaterThan(200);
  });
});

describe('the clock parameters are tunable (CHUHAN_TUNE=1 options, chuhan spsa --params)', () => {
  it('MOVES_TO_GO divides the usable clock; set back, the budget is as before', () => {
    const limits = { time: 60_000, increment: 600 };
    const before = timeBudget(limits);
    // usable = 60,000 − 30 overhead − 4% reserve (2,400) = 57,570 ms; soft = usable / moves + ¾ × 600.
    expect(before.soft).toBeCloseTo(57_570 / 20 + 450, 6);
    expect(setTunable('MOVES_TO_GO', 30)).toBe(30);
    try {
      expect(timeBudget(limits).soft).toBeCloseTo(57_570 / 30 + 450, 6);
    } finally {
      setTunable('MOVES_TO_GO', 20);
    }
    expect(timeBudget(limits)).toEqual(before);
  });

  it("are the clock's: chuhan spsa --params all leaves them out, and takes them by name", () => {
    const clock = TUNABLES.filter((t) => t.group === 'clock').map((t) => [t.name, t.default, t.scale]);
    expect(clock).toEqual([
      ['MOVES_TO_GO', 20, 1],
      ['SOFT_STOP_SHARE', 55, 100],
    ]);
    const all = selectParams('all');
    expect(all).toHaveLength(TUNABLES.filter((t) => t.group === 'search').length);
    expect(all).not.toContain('MOVES_TO_GO');
    expect(all).not.toContain('SOFT_STOP_SHARE');
    expect(selectParams('soft_stop_share, MOVES_TO_GO')).toEqual(['SOFT_STOP_SHARE', 'MOVES_TO_GO']);
    expect(setTunable('soft_stop_share', 70)).toBe(70);
    expect(tunableValues().SOFT_STOP_SHARE).toBe(70);
    setTunable('SOFT_STOP_SHARE', 55);
  });
});
