// Time management: how long to think about one move.
//
// From the clock of the side to move (remaining time, increment, moves to the next control)
// we derive a soft limit (do not start another iteration after it, stretched when the best
// move is unstable or the score falls) and a hard limit (stop the search wherever it is).
// A safety margin covers process start-up, pipe latency and the GUI's own overhead.

import { SearchLimits } from './limits';
import {
  CLOCK_RESERVE_SHARE,
  HARD_LIMIT_BUDGETS,
  HARD_LIMIT_SHARE,
  INCREMENT_SHARE,
  LOW_CLOCK_RESERVE,
  LOW_CLOCK_RESERVE_MAX_SHARE,
  MOVES_TO_GO,
  MOVES_TO_GO_MAX,
  MOVE_OVERHEAD,
  TIME_LAST_MOVE_SHARE,
} from './search-params';

export { MOVE_OVERHEAD };

interface TimeBudget {
  /** Milliseconds; Infinity when the search is not timed. */
  soft: number;
  hard: number;
}

export function timeBudget(limits: SearchLimits, overhead = limits.overhead ?? MOVE_OVERHEAD): TimeBudget {
  if (limits.infinite) return { soft: Infinity, hard: Infinity };
  if (limits.movetime !== undefined) {
    const t = Math.max(1, limits.movetime - Math.min(overhead, limits.movetime / 4));
    return { soft: t, hard: t };
  }
  if (limits.time === undefined) return { soft: Infinity, hard: Infinity };
  const time = Math.max(0, limits.time);
  const inc = Math.max(0, limits.increment ?? 0);
  const movesToGo = limits.movestogo !== undefined && limits.movestogo > 0 ? limits.movestogo : 0;
  const mtg = movesToGo > 0 ? Math.min(movesToGo, MOVES_TO_GO_MAX) : MOVES_TO_GO;
  // Kept back from every budget: 4% of the clock (CLOCK_RESERVE_SHARE). In sudden death (no
  // increment, no move count) a short clock keeps more: 2 × LOW_CLOCK_RESERVE less the clock, at
  // most 80% of it (200 ms at 400 ms, 267 ms at 333 ms), so that the clock runs down slowly
  // instead of being spent to the last milliseconds with moves still to play. With an increment
  // the same reserve lost games and saved none on time (docs/log/search.md, "Time"): there the clock
  // settles where a move spends the increment.
  const suddenDeath = inc === 0 && movesToGo === 0;
  const lowClock = suddenDeath ? Math.min(time * LOW_CLOCK_RESERVE_MAX_SHARE, 2 * LOW_CLOCK_RESERVE - time) : 0;
  const reserve = Math.max(time * CLOCK_RESERVE_SHARE, lowClock);
  const usable = Math.max(0, time - overhead - reserve);
  const base = usable / mtg + inc * INCREMENT_SHARE;
  let soft = base;
  let hard = Math.min(usable * (mtg === 1 ? TIME_LAST_MOVE_SHARE : HARD_LIMIT_SHARE), base * HARD_LIMIT_BUDGETS);
  hard = Math.max(Math.min(hard, usable), 1);
  soft = Math.max(Math.min(soft, hard), 1);
  return { soft, hard };
}
