// The search's constants and parameters, each named once: scores, and the margins, depths and
// factors of the pruning, aspiration, history and time management (tree-search.ts, search.ts,
// timeman.ts).
// The measurement log (docs/log/) refers to them by these names.
//
// The parameters declared `let` are tunable at run time (TUNABLES at the end, set with
// setTunable): importers read them as ES live bindings, so the search reads the current value
// without any change of its own, and at their defaults it runs exactly as with constants (the
// bundle declares both kinds alike). The SPSA tuner (bench/tune/spsa.ts) moves them through UCI
// options that the engine announces only when asked (protocol/tune-options.ts).

// Scores and limits.

/** Deepest ply the search can reach (root = 0). */
export const MAX_PLY = 128;
/** Score of being mated at the root; a mate found at ply p scores -(MATE - p). */
export const MATE = 30000;
/** Scores beyond this are mates. */
export const MATE_BOUND = MATE - MAX_PLY - 1;
/**
 * Win or loss by a rule (perpetual check or chase), kept below the mate range: a repetition the
 * opponent is forced into at ply p scores RULE_WIN - p, one this side is forced into -(RULE_WIN - p).
 */
export const RULE_WIN = 20000;
/** Scores beyond this (and within MATE_BOUND) are rule results. */
export const RULE_BOUND = RULE_WIN - MAX_PLY - 1;
export const INFINITE = 32000;
export const DRAW = 0;

// Iterative deepening and aspiration windows.

/** Aspiration windows from this depth on, around the previous iteration's score. */
export const ASPIRATION_DEPTH = 5;
/** First half-width of the window; it grows by half on each failure. */
export let ASPIRATION_DELTA = 25;
/** Past this half-width the window opens fully. */
export const ASPIRATION_MAX_DELTA = 1000;

// Pruning and reductions in negamax.

/** Reverse futility: at depth ≤ RFP_DEPTH, stand on a static evaluation this far above beta per ply. */
export let RFP_DEPTH = 7;
export let RFP_MARGIN = 85;
/** Taken off RFP_MARGIN when the evaluation improves on two plies before. */
export let RFP_IMPROVING = 25;

/** Null move: reduction NULL_R + depth / 4 + min(NULL_EVAL_R_MAX, (eval − beta) / NULL_EVAL_DIVISOR). */
export let NULL_R = 3;
export let NULL_EVAL_DIVISOR = 200;
export let NULL_EVAL_R_MAX = 2;
/**
 * Null move: allowed with this many attack units (see attackUnits); the cutoff is trusted without
 * a verification search from NULL_SAFE_UNITS up, below NULL_VERIFY_DEPTH.
 */
export const NULL_MIN_UNITS = 3;
export const NULL_SAFE_UNITS = 5;
export const NULL_VERIFY_DEPTH = 10;

/** Internal iterative reduction: without a hash move, PV and cut nodes from this depth lose a ply. */
export let IIR_DEPTH = 4;

/** Singular extension: minimum depth, and the margin below the hash score per ply of depth. */
export let SE_DEPTH = 6;
export let SE_MARGIN = 2;

/** Futility: at depth ≤ FUTILITY_DEPTH, quiet moves that do not check are pruned when eval + FUTILITY_BASE + FUTILITY_PER_DEPTH × depth ≤ alpha. */
export let FUTILITY_DEPTH = 4;
export let FUTILITY_BASE = 110;
export let FUTILITY_PER_DEPTH = 110;

/** Move-count pruning: at depth ≤ LMP_DEPTH, quiets after (LMP_BASE + depth²) (halved when not improving). */
export let LMP_DEPTH = 5;
export let LMP_BASE = 3;

/** Captures losing more than SEE_MARGIN × depth by SEE are pruned at depth ≤ SEE_DEPTH. */
export let SEE_DEPTH = 4;
export let SEE_MARGIN = 90;

/** Late-move reductions: LMR_BASE + ln(depth) × ln(moveNumber) / LMR_DIVISOR plies, less history / LMR_HISTORY_DIVISOR. */
export let LMR_BASE = 0.75;
/** Reduced from this depth on, after the first 3 moves (PV) or 2 (others). */
export let LMR_DEPTH = 3;
export let LMR_DIVISOR = 2.25;
export let LMR_HISTORY_DIVISOR = 8000;

/** History bonus of a quiet cutoff (and malus of the quiets tried before it): min(depth² × HISTORY_BONUS_SCALE, HISTORY_BONUS_MAX). */
export let HISTORY_BONUS_SCALE = 16;
export let HISTORY_BONUS_MAX = 1600;
/**
 * Follow-up history: the continuation history of our own previous move (two plies back) joins
 * that of the opponent's last move, × FOLLOWUP_HISTORY / 16, in the quiet moves' order and their
 * late-move reductions, and learns from the same cutoffs; at 0 it is neither read nor updated.
 * 16 passed an SPRT(0, 5) at 10,000 nodes a move against 0 (docs/log/search.md).
 */
export let FOLLOWUP_HISTORY = 16;

// Quiescence.

/** Delta pruning: a capture is skipped when stand pat + the captured piece + DELTA_MARGIN ≤ alpha. */
export let DELTA_MARGIN = 200;
/**
 * On trial: at the first ply of quiescence, after the captures, the quiet moves that give check
 * and do not lose the moved piece (SEE ≥ 0), so that a quiet check that mates or wins at the edge
 * of the main search is seen there. 0: captures only, as without it.
 */
export let QS_CHECKS = 0;
/**
 * On trial: move-count pruning passes over the quiet moves that do not check, one by one, instead
 * of ending the quiet moves at the first of them past the limit, so that a quiet check late in
 * the order is still searched (it used to be searched only if it came before that move).
 * 0: the quiet moves end there, as without it.
 */
export let LMP_CHECKS = 0;

// Time management (timeman.ts, and the stops between iterations in search.ts).

/** Milliseconds kept in reserve on every move for latency outside the search, unless limits.overhead says otherwise. */
export const MOVE_OVERHEAD = 30;
/** Sets the reserve on short clocks in sudden death: none at twice this clock, more below (see timeBudget). */
export const LOW_CLOCK_RESERVE = 300;
/** The share of the clock always kept back. */
export const CLOCK_RESERVE_SHARE = 0.04;
/** At most this share of the clock is kept back on a short clock in sudden death. */
export const LOW_CLOCK_RESERVE_MAX_SHARE = 0.8;
/**
 * Without a move count, plan for this many more moves of ours: most games end well before the
 * clock runs down (20 replaced 26, which left base time unused; docs/log/search.md).
 */
export let MOVES_TO_GO = 20;
/** A larger moves-to-go is read as this many. */
export const MOVES_TO_GO_MAX = 40;
/** The share of the increment added to each move's budget. */
export const INCREMENT_SHARE = 0.75;
/** The hard limit: at most this share of the usable clock (TIME_LAST_MOVE_SHARE with one move to go) and this many soft budgets. */
export const HARD_LIMIT_SHARE = 0.25;
export const TIME_LAST_MOVE_SHARE = 0.9;
export const HARD_LIMIT_BUDGETS = 3.5;
/** No new iteration once this share of the soft limit is spent (it would seldom finish). */
export let SOFT_STOP_SHARE = 0.55;
/** The soft limit stretches by TIME_UNSTABLE_FACTOR when the best move changed in the last two iterations. */
export const TIME_UNSTABLE_FACTOR = 1.5;
/** ... and by TIME_SCORE_DROP_FACTOR when the score fell by more than TIME_SCORE_DROP since the last iteration. */
export const TIME_SCORE_DROP = 30;
export const TIME_SCORE_DROP_FACTOR = 1.4;
/** Neither stretch before this depth. */
export const TIME_ADJUST_DEPTH = 4;

// Tuning: the parameters above that an SPSA run may move, with their ranges and step sizes (the
// clock's, MOVES_TO_GO and SOFT_STOP_SHARE, only in timed games; the changes on trial only when
// named).

/**
 * One tunable parameter. Values are in option units, integers: the parameter itself for the
 * integer ones, the parameter × `scale` for the fractional ones (LMR_BASE 0.75 is 75).
 */
interface TunableSpec {
  /** The parameter's name here, also its UCI option name. */
  readonly name: string;
  /** The built-in value, in option units. */
  readonly default: number;
  readonly min: number;
  readonly max: number;
  /** Option units per unit of the parameter (1 for the integer ones). */
  readonly scale: number;
  /**
   * SPSA (fishtest's parameterisation): c_end, the perturbation at the end of a run, in option
   * units (about 1/20 of the range, or the least step that changes play), and r_end, the learning
   * rate at the end (a_end = r_end × c_end²).
   */
  readonly cEnd: number;
  readonly rEnd: number;
  /**
   * `search`: a parameter of the search, tuned by `chuhan spsa --params all`. `clock`: a
   * time-management parameter; it acts only on searches with a clock, so it is tuned in timed
   * games and named on its own, never by `all`. `trial`: the weight of a change on trial, whose
   * default 0 leaves the search as it was; set by option for an SPRT, never moved by `all`.
   */
  readonly group: TunableGroup;
}

export type TunableGroup = 'search' | 'clock' | 'trial';

/** fishtest's default r_end. */
export const SPSA_R_END = 0.002;

interface Tunable {
  spec: TunableSpec;
  set(value: number): void;
}

function tunable(
  name: string,
  value: number,
  min: number,
  max: number,
  cEnd: number,
  set: (v: number) => void,
  scale = 1,
  group: TunableGroup = 'search',
): Tunable {
  return { spec: { name, default: Math.round(value * scale), min, max, scale, cEnd, rEnd: SPSA_R_END, group }, set };
}

const TABLE: readonly Tunable[] = [
  tunable('ASPIRATION_DELTA', ASPIRATION_DELTA, 8, 80, 3, (v) => (ASPIRATION_DELTA = v)),
  tunable('RFP_DEPTH', RFP_DEPTH, 3, 12, 0.5, (v) => (RFP_DEPTH = v)),
  tunable('RFP_MARGIN', RFP_MARGIN, 30, 200, 8, (v) => (RFP_MARGIN = v)),
  tunable('RFP_IMPROVING', RFP_IMPROVING, 0, 80, 4, (v) => (RFP_IMPROVING = v)),
  tunable('NULL_R', NULL_R, 1, 6, 0.5, (v) => (NULL_R = v)),
  tunable('NULL_EVAL_DIVISOR', NULL_EVAL_DIVISOR, 60, 500, 20, (v) => (NULL_EVAL_DIVISOR = v)),
  tunable('NULL_EVAL_R_MAX', NULL_EVAL_R_MAX, 0, 5, 0.5, (v) => (NULL_EVAL_R_MAX = v)),
  tunable('IIR_DEPTH', IIR_DEPTH, 2, 10, 0.5, (v) => (IIR_DEPTH = v)),
  tunable('SE_DEPTH', SE_DEPTH, 4, 12, 0.5, (v) => (SE_DEPTH = v)),
  tunable('SE_MARGIN', SE_MARGIN, 1, 8, 0.5, (v) => (SE_MARGIN = v)),
  tunable('FUTILITY_DEPTH', FUTILITY_DEPTH, 1, 8, 0.5, (v) => (FUTILITY_DEPTH = v)),
  tunable('FUTILITY_BASE', FUTILITY_BASE, 20, 300, 12, (v) => (FUTILITY_BASE = v)),
  tunable('FUTILITY_PER_DEPTH', FUTILITY_PER_DEPTH, 30, 300, 12, (v) => (FUTILITY_PER_DEPTH = v)),
  tunable('LMP_DEPTH', LMP_DEPTH, 2, 10, 0.5, (v) => (LMP_DEPTH = v)),
  tunable('LMP_BASE', LMP_BASE, 0, 12, 0.5, (v) => (LMP_BASE = v)),
  tunable('SEE_DEPTH', SEE_DEPTH, 1, 10, 0.5, (v) => (SEE_DEPTH = v)),
  tunable('SEE_MARGIN', SEE_MARGIN, 20, 250, 10, (v) => (SEE_MARGIN = v)),
  tunable('LMR_BASE', LMR_BASE, 0, 200, 8, (v) => (LMR_BASE = v / 100), 100),
  tunable('LMR_DEPTH', LMR_DEPTH, 1, 6, 0.5, (v) => (LMR_DEPTH = v)),
  tunable('LMR_DIVISOR', LMR_DIVISOR, 120, 400, 12, (v) => (LMR_DIVISOR = v / 100), 100),
  tunable('LMR_HISTORY_DIVISOR', LMR_HISTORY_DIVISOR, 2000, 24000, 800, (v) => (LMR_HISTORY_DIVISOR = v)),
  tunable('HISTORY_BONUS_SCALE', HISTORY_BONUS_SCALE, 4, 64, 2, (v) => (HISTORY_BONUS_SCALE = v)),
  tunable('HISTORY_BONUS_MAX', HISTORY_BONUS_MAX, 400, 6400, 200, (v) => (HISTORY_BONUS_MAX = v)),
  tunable('FOLLOWUP_HISTORY', FOLLOWUP_HISTORY, 0, 32, 2, (v) => (FOLLOWUP_HISTORY = v)),
  tunable('DELTA_MARGIN', DELTA_MARGIN, 50, 500, 20, (v) => (DELTA_MARGIN = v)),
  // On trial.
  tunable('QS_CHECKS', QS_CHECKS, 0, 1, 1, (v) => (QS_CHECKS = v), 1, 'trial'),
  tunable('LMP_CHECKS', LMP_CHECKS, 0, 1, 1, (v) => (LMP_CHECKS = v), 1, 'trial'),
  // The clock's: timeman.ts and the stop between iterations in search.ts.
  tunable('MOVES_TO_GO', MOVES_TO_GO, 10, 40, 2, (v) => (MOVES_TO_GO = v), 1, 'clock'),
  tunable('SOFT_STOP_SHARE', SOFT_STOP_SHARE, 30, 100, 5, (v) => (SOFT_STOP_SHARE = v / 100), 100, 'clock'),
];

/** The tunable parameters, in the order above. */
export const TUNABLES: readonly TunableSpec[] = TABLE.map((t) => t.spec);

const BY_NAME = new Map(TABLE.map((t) => [t.spec.name, t] as const));
const current = new Map(TABLE.map((t) => [t.spec.name, t.spec.default]));
const listeners: Array<() => void> = [];

/** The spec of a tunable parameter by its name (case-insensitive), or undefined. */
export function findTunable(name: string): TunableSpec | undefined {
  return BY_NAME.get(name.toUpperCase())?.spec;
}

/**
 * Sets a tunable parameter, in option units: rounded to an integer and clamped to its range.
 * Returns the value set. Throws a RangeError for an unknown name or a value that is no number.
 */
export function setTunable(name: string, value: number): number {
  const t = BY_NAME.get(name.toUpperCase());
  if (t === undefined) throw new RangeError(`no tunable parameter '${name}'`);
  if (!Number.isFinite(value)) throw new RangeError(`${t.spec.name}: ${value} is not a number`);
  const v = Math.min(t.spec.max, Math.max(t.spec.min, Math.round(value)));
  if (current.get(t.spec.name) !== v) {
    current.set(t.spec.name, v);
    t.set(v);
    for (const f of listeners) f();
  }
  return v;
}

/** The current value of every tunable parameter, in option units, by name. */
export function tunableValues(): Record<string, number> {
  return Object.fromEntries(current);
}

/** Calls `listener` after any tunable parameter changes (for tables derived from them). */
export function onTunableChange(listener: () => void): void {
  listeners.push(listener);
}

/** The environment variable with which the engine offers the tunable parameters as options (protocol/tune-options.ts). */
export const TUNE_ENV = 'CHUHAN_TUNE';
