// The search's constants and parameters, each named once: scores, and the margins, depths and
// factors of the pruning, aspiration, history and time management (search.ts, timeman.ts).
// docs/testing.md refers to them by these names; a tuner (SPSA) can move the parameters.

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
export const ASPIRATION_DELTA = 25;
/** Past this half-width the window opens fully. */
export const ASPIRATION_MAX_DELTA = 1000;

// Pruning and reductions in negamax.

/** Reverse futility: at depth ≤ RFP_DEPTH, stand on a static evaluation this far above beta per ply. */
export const RFP_DEPTH = 7;
export const RFP_MARGIN = 85;
/** Taken off RFP_MARGIN when the evaluation improves on two plies before. */
export const RFP_IMPROVING = 25;

/** Null move: reduction NULL_R + depth / 4 + min(NULL_EVAL_R_MAX, (eval − beta) / NULL_EVAL_DIVISOR). */
export const NULL_R = 3;
export const NULL_EVAL_DIVISOR = 200;
export const NULL_EVAL_R_MAX = 2;
/**
 * Null move: allowed with this many attack units (see attackUnits); the cutoff is trusted without
 * a verification search from NULL_SAFE_UNITS up, below NULL_VERIFY_DEPTH.
 */
export const NULL_MIN_UNITS = 3;
export const NULL_SAFE_UNITS = 5;
export const NULL_VERIFY_DEPTH = 10;

/** Internal iterative reduction: without a hash move, PV and cut nodes from this depth lose a ply. */
export const IIR_DEPTH = 4;

/** Singular extension: minimum depth, and the margin below the hash score per ply of depth. */
export const SE_DEPTH = 6;
export const SE_MARGIN = 2;

/** Futility: at depth ≤ FUTILITY_DEPTH, quiet moves that do not check are pruned when eval + FUTILITY_BASE + FUTILITY_PER_DEPTH × depth ≤ alpha. */
export const FUTILITY_DEPTH = 4;
export const FUTILITY_BASE = 110;
export const FUTILITY_PER_DEPTH = 110;

/** Move-count pruning: at depth ≤ LMP_DEPTH, quiets after (LMP_BASE + depth²) (halved when not improving). */
export const LMP_DEPTH = 5;
export const LMP_BASE = 3;

/** Captures losing more than SEE_MARGIN × depth by SEE are pruned at depth ≤ SEE_DEPTH. */
export const SEE_DEPTH = 4;
export const SEE_MARGIN = 90;

/** Late-move reductions: LMR_BASE + ln(depth) × ln(moveNumber) / LMR_DIVISOR plies, less history / LMR_HISTORY_DIVISOR. */
export const LMR_BASE = 0.75;
/** Reduced from this depth on, after the first 3 moves (PV) or 2 (others). */
export const LMR_DEPTH = 3;
export const LMR_DIVISOR = 2.25;
export const LMR_HISTORY_DIVISOR = 8000;

/** History bonus of a quiet cutoff (and malus of the quiets tried before it): min(depth² × HISTORY_BONUS_SCALE, HISTORY_BONUS_MAX). */
export const HISTORY_BONUS_SCALE = 16;
export const HISTORY_BONUS_MAX = 1600;

// Quiescence.

/** Delta pruning: a capture is skipped when stand pat + the captured piece + DELTA_MARGIN ≤ alpha. */
export const DELTA_MARGIN = 200;

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
 * Without a move count, plan for this many more moves of ours. 20 (was 26) won +40.1 ± 36.9 in
 * 200 self-play games: most games end well before the clock runs down, and with 26 Chuhan
 * finished its games against Fairy-Stockfish with 20-40% of the base time unused.
 */
export const MOVES_TO_GO = 20;
/** A larger moves-to-go is read as this many. */
export const MOVES_TO_GO_MAX = 40;
/** The share of the increment added to each move's budget. */
export const INCREMENT_SHARE = 0.75;
/** The hard limit: at most this share of the usable clock (TIME_LAST_MOVE_SHARE with one move to go) and this many soft budgets. */
export const HARD_LIMIT_SHARE = 0.25;
export const TIME_LAST_MOVE_SHARE = 0.9;
export const HARD_LIMIT_BUDGETS = 3.5;
/** No new iteration once this share of the soft limit is spent (it would seldom finish). */
export const SOFT_STOP_SHARE = 0.55;
/** The soft limit stretches by TIME_UNSTABLE_FACTOR when the best move changed in the last two iterations. */
export const TIME_UNSTABLE_FACTOR = 1.5;
/** ... and by TIME_SCORE_DROP_FACTOR when the score fell by more than TIME_SCORE_DROP since the last iteration. */
export const TIME_SCORE_DROP = 30;
export const TIME_SCORE_DROP_FACTOR = 1.4;
/** Neither stretch before this depth. */
export const TIME_ADJUST_DEPTH = 4;
