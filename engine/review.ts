// Game review (复盘): what each move of a game cost, from the engine's evaluation of every position
// of it. Pure: the evaluations come from whoever searched (`chuhan analyse` runs engine processes;
// the page can use its own worker), and this file turns them into marks, accuracy figures and an
// annotated PGN game. docs/analyse.md explains the figures.
//
// - A score is turned into an expected score (a win 1, a draw ½, a loss 0) by the curve fitted on
//   Chuhan's own self-play records (`chuhan analyse --fit-curve`): E = 1 / (1 + exp(−cp / WIN_SCALE)),
//   a mate or a result by rule 1 or 0.
// - A move's loss is the mover's expected score before it (the engine's best) less the one after
//   it: a pawn weighs much in a level position and little when one side is a chariot up. A move
//   the engine itself would play loses nothing, nor one judged by a repetition the search scores
//   before the referee would (earlyRuleResult).
// - Marks by that loss: ?! (NAG 6) from 0.05, ? (NAG 2) from 0.10, ?? (NAG 4) from 0.15, as lichess
//   draws its lines (0.1, 0.2, 0.3 in its units of 2E − 1). A mate in 3 or less let slip is at least ?!.
// - Accuracy of a move: 103.1668·exp(−0.04354·(100·loss)) − 3.1669 (lichess's formula, in percent);
//   a side's accuracy is lichess's game accuracy: the mean of a volatility-weighted mean and the
//   harmonic mean of its moves' accuracies.
// - Average loss: the mean centipawn loss of a side's moves, scores capped at ±1,000 (mates and
//   results at ±1,000), as ACPL is usually counted.
import { iccsToMoveUnchecked, moveToIccs } from './iccs';
import { pliesToMoves, type Score } from './limits';
import { isLegalMove } from './movegen';
import { parseFen } from './fen';
import type { PgnComment, PgnGame, PgnNag, PgnVariation } from './pgn';
import type { Position } from './position';
import { judge, repetitionVerdict, type JudgementReason } from './rules';
import { BLACK } from './types';
import { parseInfo, ucciToScore } from './wire';

/**
 * Centipawns per unit of the logistic from score to expected score, fitted by maximum likelihood on
 * Chuhan's self-play records (`chuhan analyse --fit-curve`: 330.6 on 2,661,838 positions of gen6a and
 * gen6b; docs/analyse.md has the fit, the data and the table).
 */
export const WIN_SCALE = 331;

type MoveMark = 'inaccuracy' | 'mistake' | 'blunder';

/** The least loss in expected score for each mark. */
const MARK_THRESHOLDS: Readonly<Record<MoveMark, number>> = { inaccuracy: 0.05, mistake: 0.1, blunder: 0.15 };

/** The NAG of each mark: $6 ?!, $2 ?, $4 ??. */
const MARK_NAGS: Readonly<Record<MoveMark, number>> = { inaccuracy: 6, mistake: 2, blunder: 4 };

/** Plies of the better line written as a variation, at most. */
const VARIATION_PLIES = 12;

/** A mate in this many plies or fewer (3 moves) that a move lets slip is marked at least ?!. */
const SURE_MATE_PLIES = 5;

/** Scores are capped here for the average centipawn loss. */
const LOSS_CAP_CP = 1000;

/** What the engine said of one position of the game, from the side to move's view. */
export type PositionEval =
  | {
      kind: 'search';
      score: Score;
      depth: number;
      /** The engine's line, its best move first. */
      pv: number[];
    }
  | {
      /** The game is over in this position, as a referee rules (checkmate, a repetition rule, …). */
      kind: 'over';
      verdict: 'win' | 'loss' | 'draw';
      reason: JudgementReason;
    };

interface MoveReview {
  /** 1 for the game's first move. */
  ply: number;
  move: number;
  side: 'red' | 'black';
  /** The mover's expected score before the move (the engine's best) and after it. */
  before: number;
  after: number;
  /** What the move cost in expected score (0 when the engine would play it too, or cannot tell). */
  loss: number;
  /** What it cost in centipawns, scores capped at ±1,000. */
  cpLoss: number;
  /** lichess's per-move accuracy, 0-100. */
  accuracy: number;
  mark: MoveMark | null;
  /** The engine's better line from the position before the move (marked moves only), else empty. */
  better: number[];
}

export interface SideReview {
  moves: number;
  /** lichess's game accuracy, 0-100 (NaN without a move). */
  accuracy: number;
  /** Mean centipawn loss per move (NaN without a move). */
  averageLoss: number;
  inaccuracies: number;
  mistakes: number;
  blunders: number;
}

export interface GameReview {
  moves: MoveReview[];
  red: SideReview;
  black: SideReview;
  /** Red's expected score in each position, the start position first: the graph. */
  redCurve: number[];
}

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

/** The expected score of a score, from the side to move's view: 0 (lost) to 1 (won). */
export function expectedScore(score: Score): number {
  if (score.kind === 'cp') return sigmoid(score.cp / WIN_SCALE);
  return score.plies > 0 ? 1 : 0;
}

/** The expected score of a position, side to move's view. */
function evalExpected(e: PositionEval): number {
  if (e.kind === 'over') return e.verdict === 'win' ? 1 : e.verdict === 'loss' ? 0 : 0.5;
  return expectedScore(e.score);
}

/** Centipawns of a position for the average loss, side to move's view, within ±1,000. */
function evalCp(e: PositionEval): number {
  if (e.kind === 'over') return e.verdict === 'win' ? LOSS_CAP_CP : e.verdict === 'loss' ? -LOSS_CAP_CP : 0;
  if (e.score.kind !== 'cp') return e.score.plies > 0 ? LOSS_CAP_CP : -LOSS_CAP_CP;
  return Math.max(-LOSS_CAP_CP, Math.min(LOSS_CAP_CP, e.score.cp));
}

/** lichess's accuracy of a move from the mover's expected scores before and after it, 0-100. */
export function moveAccuracy(before: number, after: number): number {
  if (after >= before) return 100;
  const raw = 103.1668 * Math.exp(-0.04354 * (100 * (before - after))) - 3.1669;
  return Math.max(0, Math.min(100, raw));
}

/** The mark of a move that cost `loss` in expected score (null: none). */
export function markFor(loss: number): MoveMark | null {
  if (loss >= MARK_THRESHOLDS.blunder) return 'blunder';
  if (loss >= MARK_THRESHOLDS.mistake) return 'mistake';
  if (loss >= MARK_THRESHOLDS.inaccuracy) return 'inaccuracy';
  return null;
}

function stdev(xs: readonly number[]): number {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, b) => a + (b - mean) * (b - mean), 0) / xs.length);
}

/**
 * Each move's weight in the game accuracy, as lichess weighs it: the standard deviation of the
 * expected scores (in percent) over a window around the move, from 0.5 to 12, so that moves in a
 * sharp stretch count more than moves in a dead one.
 */
function volatilityWeights(curve: readonly number[]): number[] {
  const moves = curve.length - 1;
  const percents = curve.map((e) => 100 * e);
  const size = Math.max(2, Math.min(8, Math.floor(moves / 10)));
  const windows: number[][] = [];
  const first = percents.slice(0, size);
  for (let i = 0; i < Math.min(size, percents.length) - 2; i++) windows.push(first);
  for (let i = 0; i + size <= percents.length; i++) windows.push(percents.slice(i, i + size));
  return windows.slice(0, moves).map((w) => Math.max(0.5, Math.min(12, stdev(w))));
}

function sideReview(moves: readonly MoveReview[], weights: readonly number[]): SideReview {
  const n = moves.length;
  let weighted = 0;
  let weightSum = 0;
  let inverse = 0;
  let cp = 0;
  for (const m of moves) {
    const w = weights[m.ply - 1] ?? 1;
    weighted += m.accuracy * w;
    weightSum += w;
    inverse += 1 / Math.max(1, m.accuracy);
    cp += m.cpLoss;
  }
  const count = (mark: MoveMark) => moves.filter((m) => m.mark === mark).length;
  return {
    moves: n,
    accuracy: n === 0 ? NaN : (weighted / weightSum + n / inverse) / 2,
    averageLoss: n === 0 ? NaN : cp / n,
    inaccuracies: count('inaccuracy'),
    mistakes: count('mistake'),
    blunders: count('blunder'),
  };
}

/** The engine's line from `pos`, cut at its first illegal move, at the game's end, and at VARIATION_PLIES. */
function legalLine(pos: Position, pv: readonly number[]): number[] {
  const at = pos.clone();
  const line: number[] = [];
  for (const move of pv) {
    if (line.length >= VARIATION_PLIES || !isLegalMove(at, move)) break;
    line.push(move);
    at.make(move);
    if (judge(at, { priorOccurrences: 2 }).verdict !== 'none') break;
  }
  return line;
}

/**
 * Whether `e`, the evaluation of `pos` (its game history behind it), is a result by a repetition
 * rule that the referee would not give yet: the search rules on a repetition at its first
 * recurrence, counting the game's earlier occurrences, while the referee waits for the third
 * occurrence. Where the engine's line reaches a repetition that the referee lets go on, the side
 * bound to repeat can still deviate then as it could before, and the score says nothing of what a
 * move cost (in a perpetual check, only the check that brings the third occurrence loses).
 */
function earlyRuleResult(e: PositionEval, pos: Position): boolean {
  if (e.kind !== 'search' || e.score.kind !== 'rule') return false;
  const at = pos.clone();
  for (const move of e.pv) {
    if (!isLegalMove(at, move)) return false;
    at.make(move);
    if (repetitionVerdict(at) !== 'none') return judge(at, { priorOccurrences: 2 }).verdict === 'none';
  }
  return false;
}

/**
 * Reviews a game from `fen` with `moves`, given `evals`, one for each position (the start position
 * first, the position after the last move last: moves.length + 1 of them).
 */
export function reviewGame(fen: string, moves: readonly number[], evals: readonly PositionEval[]): GameReview {
  if (evals.length !== moves.length + 1) throw new Error(`a review needs ${moves.length + 1} evaluations, not ${evals.length}`);
  const pos = parseFen(fen);
  const reviews: MoveReview[] = [];
  const redCurve: number[] = [];
  for (let i = 0; i <= moves.length; i++) {
    const e = evalExpected(evals[i]);
    redCurve.push(pos.side === BLACK ? 1 - e : e);
    if (i === moves.length) break;
    const before = evals[i];
    const after = evals[i + 1];
    const move = moves[i];
    const side = pos.side === BLACK ? 'black' : 'red';
    const next = pos.clone();
    next.make(move);
    // A move the engine plays itself loses nothing; nor can a move be judged by a repetition the
    // search scores before the referee would rule on it.
    const engineMove = before.kind === 'search' && before.pv.length > 0 && before.pv[0] === move;
    const free = engineMove || earlyRuleResult(before, pos) || earlyRuleResult(after, next);
    const eBefore = evalExpected(before);
    const eAfter = 1 - evalExpected(after);
    const loss = free ? 0 : Math.max(0, eBefore - eAfter);
    const cpLoss = free ? 0 : Math.max(0, evalCp(before) + evalCp(after));
    let mark = markFor(loss);
    // A short forced mate let slip is worth a mark even where the win is still sure (a longer one
    // may only be out of the search's sight after the move).
    const hadMate =
      before.kind === 'search' && before.score.kind === 'mate' && before.score.plies > 0 && before.score.plies <= SURE_MATE_PLIES;
    const keepsMate = after.kind === 'over' ? after.verdict === 'loss' : after.score.kind === 'mate' && after.score.plies <= 0;
    if (!free && hadMate && !keepsMate && mark === null) mark = 'inaccuracy';
    const better = mark !== null && before.kind === 'search' ? legalLine(pos, before.pv) : [];
    reviews.push({
      ply: i + 1,
      move,
      side,
      before: eBefore,
      after: eAfter,
      loss,
      cpLoss,
      accuracy: free ? 100 : moveAccuracy(eBefore, eAfter),
      mark,
      better,
    });
    pos.make(move);
  }
  const weights = volatilityWeights(redCurve);
  return {
    moves: reviews,
    red: sideReview(
      reviews.filter((m) => m.side === 'red'),
      weights,
    ),
    black: sideReview(
      reviews.filter((m) => m.side === 'black'),
      weights,
    ),
    redCurve,
  };
}

/** A score as the match runner writes it, from the given side: `+0.61`, `-M3` (mated in 3), `+R2` (a win by rule). */
export function scoreText(score: Score): string {
  if (score.kind === 'cp') return `${score.cp >= 0 ? '+' : '-'}${(Math.abs(score.cp) / 100).toFixed(2)}`;
  return `${score.plies > 0 ? '+' : '-'}${score.kind === 'mate' ? 'M' : 'R'}${Math.abs(pliesToMoves(score.plies))}`;
}

/** The same score from the other side's view. */
function negate(score: Score): Score {
  return score.kind === 'cp' ? { kind: 'cp', cp: -score.cp } : { kind: score.kind, plies: -score.plies };
}

/** The comment after a move: the evaluation of the position it leads to from the mover's view, `+0.61/18`; the reason when the game is over. */
function afterComment(e: PositionEval): string {
  if (e.kind === 'over') return e.reason;
  return `${scoreText(negate(e.score))}/${e.depth}`;
}

const fixed1 = (x: number): string => (Number.isNaN(x) ? '-' : x.toFixed(1));

/** The tags a review adds: each side's accuracy, average loss and marks. */
function reviewTags(review: GameReview): Array<[string, string]> {
  const tags: Array<[string, string]> = [];
  for (const [name, s] of [
    ['Red', review.red],
    ['Black', review.black],
  ] as const) {
    tags.push(
      [`${name}Accuracy`, fixed1(s.accuracy)],
      [`${name}AverageLoss`, Number.isNaN(s.averageLoss) ? '-' : String(Math.round(s.averageLoss))],
      [`${name}Inaccuracies`, String(s.inaccuracies)],
      [`${name}Mistakes`, String(s.mistakes)],
      [`${name}Blunders`, String(s.blunders)],
    );
  }
  return tags;
}

interface AnnotateOptions {
  /** The Annotator tag (who reviewed, with what search). */
  annotator?: string;
}

/**
 * The game with the review in it: each move's evaluation as a comment after it, marked moves with
 * their NAG and the better line as a variation (its first move with the evaluation it keeps), the
 * review's tags added after the game's own (older review tags replaced). The game's own comments
 * and variations are kept, before the review's; its NAGs give way to the review's marks.
 */
export function annotateGame(game: PgnGame, review: GameReview, evals: readonly PositionEval[], options: AnnotateOptions = {}): PgnGame {
  const added = reviewTags(review);
  if (options.annotator !== undefined) added.unshift(['Annotator', options.annotator]);
  const replaced = new Set(added.map(([k]) => k.toLowerCase()));
  const tags = [...game.tags.filter(([k]) => !replaced.has(k.toLowerCase())), ...added];
  const comments: PgnComment[] = [...(game.comments ?? [])];
  const nags: PgnNag[] = [];
  const variations: PgnVariation[] = [...(game.variations ?? [])];
  for (const m of review.moves) {
    comments.push({ ply: m.ply, text: afterComment(evals[m.ply]) });
    if (m.mark === null) continue;
    nags.push({ ply: m.ply, nag: MARK_NAGS[m.mark] });
    const before = evals[m.ply - 1];
    if (m.better.length > 0 && before.kind === 'search') {
      variations.push({ ply: m.ply, moves: m.better, comments: [{ ply: 1, text: `${scoreText(before.score)}/${before.depth}` }] });
    }
  }
  // Comments at one ply keep their order: the game's own first (a stable sort).
  comments.sort((a, b) => a.ply - b.ply);
  return { ...game, tags, comments, nags, variations };
}

/** The evaluation of a position where the game is over as a referee rules it (third occurrence), or null. */
function gameOverEval(pos: Position): PositionEval | null {
  const j = judge(pos, { priorOccurrences: 2 });
  if (j.verdict === 'none') return null;
  return { kind: 'over', verdict: j.verdict, reason: j.reason };
}

/**
 * The evaluation of every position of a game (moves.length + 1 of them), each searched with the
 * moves before it, so that the search applies the repetition rules to the game's history; the last
 * one is the result when the game is over there. `searched` is called after each position. Both
 * `chuhan analyse` (engine processes) and the page (its Web Worker) review through this.
 */
export async function evaluateGame(
  game: { fen: string; moves: readonly number[] },
  search: (fen: string, moves: readonly number[]) => Promise<PositionEval>,
  searched: (done: number, evaluation: PositionEval) => void = () => {},
): Promise<PositionEval[]> {
  const pos = parseFen(game.fen);
  const evals: PositionEval[] = [];
  for (let i = 0; i <= game.moves.length; i++) {
    const over = i === game.moves.length ? gameOverEval(pos) : null;
    const e = over ?? (await search(game.fen, game.moves.slice(0, i)));
    evals.push(e);
    searched(evals.length, e);
    if (i < game.moves.length) pos.make(game.moves[i]);
  }
  return evals;
}

/**
 * One search's reply in UCCI, read line by line as `chuhan analyse` and the page read it (UCCI
 * tells a mate from a result by rule; UCI does not): the evaluation is the last complete report
 * with a line (a bound is not one), its line led by the move the engine played.
 */
export class UcciSearchReply {
  private report: { score: Score; depth: number; pv: number[] } | null = null;
  private best = '';

  /** Reads a line of the reply; true when it ends it (`bestmove`, `nobestmove`). */
  line(text: string): boolean {
    const info = parseInfo(text);
    if (info !== null) {
      if (info.score !== undefined && info.bound !== true && info.pv !== undefined && info.pv.length > 0) {
        this.report = {
          score: ucciToScore(info.score.kind === 'cp' ? info.score.cp : 0),
          depth: info.depth ?? 0,
          pv: info.pv.map(iccsToMoveUnchecked),
        };
      }
      return false;
    }
    const words = text.trim().split(/\s+/);
    if (words[0] !== 'bestmove' && words[0] !== 'nobestmove') return false;
    this.best = words[1] ?? '';
    return true;
  }

  /** The evaluation once the reply has ended; null when the engine reported nothing and had no move. */
  evaluation(): PositionEval | null {
    const r = this.report;
    const best = this.best;
    if (r === null) return best === '' ? null : { kind: 'search', score: { kind: 'cp', cp: 0 }, depth: 0, pv: [iccsToMoveUnchecked(best)] };
    // The move played is the one that counts when the line's first move differs (never expected).
    const pv = best !== '' && best !== 'none' && (r.pv.length === 0 || moveToIccs(r.pv[0]) !== best) ? [iccsToMoveUnchecked(best)] : r.pv;
    return { kind: 'search', score: r.score, depth: r.depth, pv };
  }
}
