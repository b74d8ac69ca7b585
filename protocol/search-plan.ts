// Turns a parsed `go` into SearchLimits in milliseconds for the side to move, plus what the
// protocol itself must do around the search: hold the reply (infinite analysis, pondering),
// answer `go depth 0` with a static score, and stop the search on a hard deadline if it has not
// stopped by then (a safety net under the search's own time management, so a slow or confused
// search cannot lose on time).
import type { SearchLimits } from '../engine/limits';
import { RED } from '../engine/index';
import { skillSettings, type SkillPick } from '../engine/skill';
import type { GoCommand } from './parser';

/** Deepest search asked for; deeper requests are clamped (no search gets there anyway). */
const MAX_DEPTH = 100;
/** Longest time taken from a clock, in ms (setTimeout cannot wait longer than 2^31 − 1 ms). */
const MAX_TIME_MS = 2_000_000_000;
/**
 * Deepest `go perft` served: it is counted on the session's thread, which answers nothing else
 * meanwhile (perft 4 takes about 0.1 s, perft 5 two seconds); deeper: `chuhan perft --depth N`.
 */
const MAX_PROTOCOL_PERFT = 4;
/** What a `go` whose every limit was unreadable searches for, rather than running forever. */
export const DAMAGED_GO_MOVETIME = 1000;

/**
 * UCCI `randomness`: the largest bonus, in centipawns, a root move may get (SearchLimits.rootNoise).
 * Moves within that much of the best can then be chosen, for variety in games against people.
 */
export const RANDOMNESS_CP: Readonly<Record<string, number>> = { none: 0, tiny: 4, small: 8, medium: 16, large: 32, huge: 64 };

/** The options a search plan follows (engine-options.ts). */
interface PlanOptions {
  /** Move Overhead (ms). */
  overhead: number;
  /** UCCI randomness, a key of RANDOMNESS_CP. */
  randomness: string;
  /** UCCI clock times in milliseconds (else seconds). */
  usemillisec: boolean;
  multipv: number;
  /** The strength level, 0-20 (fractional from UCI_Elo); 20 is full strength (engine/skill.ts). */
  level: number;
}

export interface SearchPlan {
  limits: SearchLimits;
  /** Milliseconds after the start (for ponder searches: after ponderhit) to raise STOP. */
  hardStop?: number;
  /** Infinite analysis: hold the reply until `stop` even if the search ends by itself. */
  infinite: boolean;
  /** UCCI `go depth 0`: report the static score and answer `nobestmove`. */
  depthZero: boolean;
  /** `go perft N` was asked for (not searched). */
  perft?: number;
  /** The clock as understood, for debug output. */
  clock?: string;
  /** Below full strength: the draw among the lines found (its seed is the session's). */
  pick?: Omit<SkillPick, 'seed'>;
  warnings: string[];
}

function whole(value: number, min: number, max: number, name: string, warnings: string[]): number {
  const n = Math.floor(value);
  if (n < min || n > max) {
    const c = n < min ? min : max;
    warnings.push(`go: ${name} ${value} is out of range ${min}..${max}; using ${c}`);
    return c;
  }
  return n;
}

export function planSearch(go: GoCommand, side: number, opts: PlanOptions, dialect: 'ucci' | 'uci'): SearchPlan {
  const warnings: string[] = [];
  const limits: SearchLimits = { overhead: opts.overhead };
  const noise = RANDOMNESS_CP[opts.randomness] ?? 0;
  if (noise > 0) limits.rootNoise = noise;
  const plan: SearchPlan = { limits, infinite: false, depthZero: false, warnings };
  if (go.perft !== undefined) {
    plan.perft = whole(go.perft, 0, MAX_PROTOCOL_PERFT, 'perft', warnings);
    if (go.perft > MAX_PROTOCOL_PERFT)
      warnings.push(`go: deeper counts with the command line: chuhan perft --depth ${Math.floor(go.perft)}`);
    return plan;
  }

  if (go.depth !== undefined) {
    // `go depth 0` is UCCI's static evaluation; a negative depth is a mistake, never a resignation.
    const d = go.depth < 0 ? whole(go.depth, 1, MAX_DEPTH, 'depth', warnings) : whole(go.depth, 0, MAX_DEPTH, 'depth', warnings);
    if (d === 0 && dialect === 'ucci') plan.depthZero = true;
    limits.depth = Math.max(d, dialect === 'ucci' ? 0 : 1);
  }
  if (go.mate !== undefined) {
    const m = whole(go.mate, 1, MAX_DEPTH, 'mate', warnings);
    limits.depth = Math.min(limits.depth ?? MAX_DEPTH, Math.min(2 * m - 1, MAX_DEPTH));
  }
  if (go.nodes !== undefined) limits.nodes = whole(go.nodes, 1, Number.MAX_SAFE_INTEGER, 'nodes', warnings);
  if (go.movetime !== undefined) limits.movetime = whole(go.movetime, 1, MAX_TIME_MS, 'movetime', warnings);

  // The mover's clock: UCCI's time/increment/movestogo (seconds unless usemillisec) or UCI's
  // wtime/btime/winc/binc (always ms, w = Red). With both, the current dialect's family wins.
  const unit = opts.usemillisec ? 1 : 1000;
  const uciTime = side === RED ? go.wtime : go.btime;
  const uciInc = side === RED ? go.winc : go.binc;
  const useUcci = go.time !== undefined && (dialect === 'ucci' || uciTime === undefined);
  let clockMs: number | undefined;
  let incMs = 0;
  if (useUcci) {
    clockMs = go.time! * unit;
    incMs = (go.increment ?? 0) * unit;
    plan.clock = `UCCI time ${go.time} increment ${go.increment ?? 0} (x${unit} ms)`;
  } else if (uciTime !== undefined) {
    clockMs = uciTime;
    incMs = uciInc ?? 0;
    plan.clock = `UCI ${side === RED ? 'wtime/winc' : 'btime/binc'} ${uciTime}/${uciInc ?? 0}`;
  } else if (go.wtime !== undefined || go.btime !== undefined) {
    warnings.push(`go: no clock for the side to move (${side === RED ? 'wtime' : 'btime'} is missing)`);
    go.damaged = true;
  }
  if (clockMs !== undefined) {
    if (clockMs < 0) warnings.push(`go: the clock shows ${clockMs} ms; playing as fast as possible`);
    const total = Math.min(Math.max(0, Math.floor(clockMs)), MAX_TIME_MS);
    const inc = Math.min(Math.max(0, Math.floor(incMs)), MAX_TIME_MS);
    // The Move Overhead is taken off in the engine's time budget (timeBudget), once; the
    // protocol's own hard deadline below allows for it too.
    const available = Math.max(1, total - opts.overhead);
    limits.time = total;
    limits.increment = inc;
    let togo: number | undefined;
    if (go.movestogo !== undefined && go.movestogo >= 1) {
      togo = whole(go.movestogo, 1, 10000, 'movestogo', warnings);
      limits.movestogo = togo;
    }
    // The hard deadline: far above what a time manager spends, far below losing on time.
    const spread = togo ?? 20;
    const cap = Math.min(available * 0.75, (available / spread) * 4 + inc * 0.75);
    plan.hardStop = Math.max(1, Math.floor(cap));
    plan.clock += `: ${total} ms + ${inc} ms${togo === undefined ? '' : ` for ${togo} moves`}, overhead ${opts.overhead} ms`;
  }
  if (limits.movetime !== undefined) plan.hardStop = Math.min(plan.hardStop ?? MAX_TIME_MS, limits.movetime);

  const bounded = limits.depth !== undefined || limits.nodes !== undefined || limits.movetime !== undefined || limits.time !== undefined;
  if (go.infinite || !bounded) {
    if (!go.infinite && go.depthUnreadable) {
      limits.depth = 1;
      warnings.push('go: no readable depth; searching depth 1');
    } else if (!go.infinite && go.damaged) {
      limits.movetime = DAMAGED_GO_MOVETIME;
      plan.hardStop = DAMAGED_GO_MOVETIME;
      warnings.push(`go: no usable limit; searching ${DAMAGED_GO_MOVETIME} ms`);
    } else {
      limits.infinite = true;
      plan.infinite = true;
      plan.hardStop = undefined;
    }
  }
  if (go.ponder) limits.ponder = true;
  if (opts.multipv > 1) limits.multipv = opts.multipv;
  // A strength level searches no deeper and no longer than its budget, with its lines to draw from.
  const skill = skillSettings(opts.level);
  if (skill !== null) {
    limits.depth = Math.min(limits.depth ?? skill.depth, skill.depth);
    limits.nodes = Math.min(limits.nodes ?? skill.nodes, skill.nodes);
    limits.multipv = Math.max(opts.multipv, skill.lines);
    plan.pick = { temperature: skill.temperature, shown: opts.multipv };
  }
  return plan;
}
