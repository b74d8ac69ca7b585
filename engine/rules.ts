// Game results: checkmate and stalemate, the repetition rules (perpetual check and perpetual
// chase, the Asian (WXF) rules as the README's "Rules" section states them) and the natural move limit. One
// implementation serves both the whole-game judge (CLI, tests, adjudication) and the search,
// which calls `repetitionVerdict` at every node.
//
// Decisions (the rule book's text in our words; test/data/repetition-cases.json the adjudicated cases):
//  - A repetition is judged over the whole of it: the current position (same side to move)
//    occurred earlier within the reversible plies, and every move since its FIRST earlier
//    occurrence there is judged, as the WXF rule book and Fairy-Stockfish rule. The last cycle
//    alone can mislead: two chariots each chasing a cannon twice in turn show one chariot on one
//    cannon in the last cycle, while over the whole repetition no piece is chased with every
//    move (a draw). The search calls the same judge at a position's first recurrence, which
//    within its own plies is also the first occurrence; where the game before the root already
//    holds occurrences, it judges from the first of them, as the referee will.
//  - Only plies since the last capture can form a cycle (pos.halfmove bounds the scan); a null
//    move of the search ends the scan: a cycle through a pass is no repetition.
//  - Perpetual check: every move of one side in the cycle leaves the other side in check.
//  - Perpetual chase: one enemy piece (followed as it moves) is chased by every move of one side
//    in the cycle. A checking move may chase too (its chases count), so a side alternating
//    check and chase against different targets, or checking without threatening, is not
//    chasing perpetually ("one check, one chase" is allowed).
//  - A move of side S chases enemy piece X when, after it, some piece A of S threatens X and
//    that threat is new. A threatens X when:
//      * A can legally capture X;
//      * X is not the king (that is check) and not a soldier on its own side of the river;
//      * A is not the king and not a soldier (kings and soldiers may chase freely);
//      * A is a horse or cannon and X a chariot, or A is an advisor or elephant and X a
//        chariot, horse or cannon (these count even if X is protected); otherwise X must be
//        unprotected: once A has taken X, no enemy piece can answer by taking A. A pinned
//        piece cannot answer, nor can one whose recapture would be met by a discovered check
//        or, for the king, would walk into an attack (e.g. the flying general). The board after
//        the capture is used, so a cannon whose screen was A protects nothing. A check that
//        the chasing move itself gave is treated as answered: it does not disqualify answers.
//      * Two pieces of one kind attacking each other, where X could legally take A back, are
//        an offer to exchange, not a chase.
//    The threat is new when A (followed through the move) did not attack X's point before the
//    move (the moved piece's own attacks, or lines the move opened), or when it did but X then
//    had a protector that the move pinned (or set up a discovered check against). A move that
//    merely cuts a protector's line to X does not chase (the adjudicated cases, like
//    Fairy-Stockfish, treat it so), nor does a move that frees a pinned attacker.
//  - Verdict for the side to move: a side that checks perpetually loses unless the other side
//    also does (draw); otherwise a side that chases perpetually loses unless the other side also
//    does (draw); otherwise the repetition is a draw. Check is judged before chase, so
//    perpetual check loses against perpetual chase.
//  - Natural move limit: 120 plies without a capture is a draw, counted plainly: every ply,
//    checks included (pos.halfmove >= 120).
//  - Order in `judge`: no legal move (checkmate or stalemate, a loss) first, then repetition,
//    then the move limit.

import { CYCLE_DRAW, CYCLE_LOSS_CHASE, CYCLE_LOSS_CHECK, CYCLE_WIN_CHASE, CYCLE_WIN_CHECK, analyseCycle } from './chase';
import { generateLegal } from './movegen';
import { Position } from './position';
import { MAX_MOVES } from './types';

export type Verdict = 'win' | 'loss' | 'draw' | 'none';

export type JudgementReason = 'checkmate' | 'stalemate' | 'perpetual-check' | 'perpetual-chase' | 'repetition-draw' | 'move-limit' | 'none';

export interface Judgement {
  verdict: Verdict;
  reason: JudgementReason;
}

/** Plies without a capture after which the game is drawn. */
export const MOVE_LIMIT_PLIES = 120;

/**
 * History index of the most recent earlier occurrence of the current position (same side to
 * move) among the reversible plies at or after `sinceRoot`; -1 if none. Cost when there is
 * none: one pair of integer comparisons per two plies since the last capture.
 */
export function findRepetition(pos: Position, sinceRoot = 0): number {
  const p = pos.ply;
  let limit = p - pos.halfmove;
  if (limit < sinceRoot) limit = sinceRoot;
  if (limit < 0) limit = 0;
  const hm = pos.histMove;
  const klo = pos.histKeyLo;
  const khi = pos.histKeyHi;
  const lo = pos.keyLo;
  const hi = pos.keyHi;
  for (let q = p - 2; q >= limit; q -= 2) {
    if (hm[q] === 0 || hm[q + 1] === 0) return -1; // a null move: no repetition across it
    if (klo[q] === lo && khi[q] === hi) return q;
  }
  return -1;
}

/**
 * History index of the first occurrence of the current position in the repetition that ends
 * now: going back from the occurrence at `q` (found by findRepetition), the earliest one among
 * the same reversible plies (at or after `sinceRoot`, no null move in between). Returns `q` when
 * there is none earlier.
 */
export function firstOccurrence(pos: Position, q: number, sinceRoot = 0): number {
  let limit = pos.ply - pos.halfmove;
  if (limit < sinceRoot) limit = sinceRoot;
  if (limit < 0) limit = 0;
  const hm = pos.histMove;
  const klo = pos.histKeyLo;
  const khi = pos.histKeyHi;
  let first = q;
  for (let i = q - 2; i >= limit; i -= 2) {
    if (hm[i] === 0 || hm[i + 1] === 0) break;
    if (klo[i] === pos.keyLo && khi[i] === pos.keyHi) first = i;
  }
  return first;
}

/**
 * The repetition verdict for the side to move of `pos`, for the search: 'none' when the
 * position has not occurred before (within the reversible plies, and not before history index
 * `sinceRoot` when given); otherwise the verdict of the whole repetition, every move since the
 * first occurrence (firstOccurrence). `pos` is left as it was (analyseCycle takes the moves back
 * and makes them again).
 */
export function repetitionVerdict(pos: Position, sinceRoot = 0): Verdict {
  const q = findRepetition(pos, sinceRoot);
  if (q < 0) return 'none';
  const r = analyseCycle(pos, firstOccurrence(pos, q, sinceRoot));
  return r === CYCLE_DRAW ? 'draw' : r === CYCLE_WIN_CHECK || r === CYCLE_WIN_CHASE ? 'win' : 'loss';
}

export interface JudgeOptions {
  /**
   * How many times the position must have occurred before (same side to move, within the
   * reversible plies) for a repetition to be judged: 1 = at its first recurrence (what the
   * search uses, and the default), 2 = at the third occurrence, as referees and most GUIs rule.
   */
  priorOccurrences?: number;
}

/** Number of earlier occurrences of the current position among the reversible plies. */
export function countOccurrences(pos: Position): number {
  let n = 0;
  const limit = Math.max(0, pos.ply - pos.halfmove);
  const hm = pos.histMove;
  for (let q = pos.ply - 2; q >= limit; q -= 2) {
    if (hm[q] === 0 || hm[q + 1] === 0) break;
    if (pos.histKeyLo[q] === pos.keyLo && pos.histKeyHi[q] === pos.keyHi) n++;
  }
  return n;
}

/**
 * The result for the side to move of `pos`, its whole history since set-up considered. A
 * repetition is ruled once the position has occurred `priorOccurrences` times before, and then
 * over every move since its first occurrence (firstOccurrence; at the referee's third
 * occurrence, both cycles together).
 */
export function judge(pos: Position, options: JudgeOptions = {}): Judgement {
  if (generateLegal(pos, new Int32Array(MAX_MOVES), 0) === 0) {
    return { verdict: 'loss', reason: pos.inCheck() ? 'checkmate' : 'stalemate' };
  }
  const q = findRepetition(pos);
  if (q >= 0 && countOccurrences(pos) >= (options.priorOccurrences ?? 1)) {
    switch (analyseCycle(pos, firstOccurrence(pos, q))) {
      case CYCLE_WIN_CHECK:
        return { verdict: 'win', reason: 'perpetual-check' };
      case CYCLE_LOSS_CHECK:
        return { verdict: 'loss', reason: 'perpetual-check' };
      case CYCLE_WIN_CHASE:
        return { verdict: 'win', reason: 'perpetual-chase' };
      case CYCLE_LOSS_CHASE:
        return { verdict: 'loss', reason: 'perpetual-chase' };
      default:
        return { verdict: 'draw', reason: 'repetition-draw' };
    }
  }
  if (pos.halfmove >= MOVE_LIMIT_PLIES) return { verdict: 'draw', reason: 'move-limit' };
  return { verdict: 'none', reason: 'none' };
}
