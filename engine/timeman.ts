// Time management: how long to think about one move.
//
// From the clock of the side to move (remaining time, increment, moves to the next control)
// we derive a soft limit (do not start another iteration after it, stretched when the best
// move is unstable or the score falls) and a hard limit (stop the search wherever it is).
// A safety margin covers process start-up, pipe latency and the GUI's own overhead.

import { SearchLimits } from './limits';

export interface TimeBudget {
  /** Milliseconds; Infinity when the search is not timed. */
  soft: number;
  hard: number;
}

/** Milliseconds kept in reserve on every move for latency outside the search, unless limits.overhead says otherwise. */
export const MOVE_OVERHEAD = 30;
/** Sets the reserve on short clocks: none at twice this clock, more below (see timeBudget). */
export const LOW_CLOCK_RESERVE = 300;

export function timeBudget(limits: SearchLimits, overhead = limits.overhead ?? MOVE_OVERHEAD): TimeBudget {
  if (limits.infinite) return { soft: Infinity, hard: Infinity };
  if (limits.movetime !== undefined) {
    const t = Math.max(1, limits.movetime - Math.min(overhead, limits.movetime / 4));
    return { soft: t, hard: t };
  }
  if (limits.time === undefined) return { soft: Infinity, hard: Infinity };
  const time = Math.max(0, limits.time);
  const inc = Math.max(0, limits.increment ?? 0);
  // Without a move count, plan for this many more moves of ours. 20 (was 26) won +40.1 ± 36.9 in
  // 200 self-play games: most games end well before the clock runs down, and with 26 Chuhan
  // finished its games against Fairy-Stockfish with 20-40% of the base time unused.
  const mtg = limits.movestogo !== undefined && limits.movestogo > 0 ? Math.min(limits.movestogo, 40) : 20;
  // Kept back from every budget: 4% of the clock, and on a short clock more: 2 × LOW_CLOCK_RESERVE
  // less the clock (so nothing at 600 ms, 200 ms at 400 ms), but at most 80% of the clock (267 ms
  // at 333 ms). With an increment the clock settles where a move's spending equals the increment;
  // the reserve lifts that level (at 5 s + 50 ms from about 200 to about 400 ms, at 2 s + 20 ms
  // from 70 to 330), so that a busy machine's scheduling stall (200 ms and more with several
  // engines on two cores) on top of a move's hard limit still leaves time on the clock. Clocks of
  // 600 ms and more, where the game is decided, are budgeted as before.
  const reserve = Math.max(time * 0.04, Math.min(time * 0.8, 2 * LOW_CLOCK_RESERVE - time));
  const usable = Math.max(0, time - overhead - reserve);
  const base = usable / mtg + inc * 0.75;
  let soft = base;
  let hard = Math.min(usable * (mtg === 1 ? 0.9 : 0.25), base * 3.5);
  hard = Math.max(Math.min(hard, usable), 1);
  soft = Math.max(Math.min(soft, hard), 1);
  return { soft, hard };
}
