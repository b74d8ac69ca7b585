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

import { kingAttacked, pieceAttacks, WALL } from './attacks';
import { generateLegal } from './movegen';
import { Position } from './position';
import {
  ADVISOR,
  BISHOP,
  CANNON,
  IN_PALACE,
  KING,
  KNIGHT,
  MAX_MOVES,
  OWN_HALF,
  PAWN,
  ROOK,
  forward,
  moveTo,
} from './types';

export type Verdict = 'win' | 'loss' | 'draw' | 'none';

export type JudgementReason =
  | 'checkmate'
  | 'stalemate'
  | 'perpetual-check'
  | 'perpetual-chase'
  | 'repetition-draw'
  | 'move-limit'
  | 'none';

export interface Judgement {
  verdict: Verdict;
  reason: JudgementReason;
}

/** Plies without a capture after which the game is drawn. */
export const MOVE_LIMIT_PLIES = 120;

// Outcome codes of a cycle, for the side to move.
const CYCLE_DRAW = 1;
const CYCLE_WIN_CHECK = 2;
const CYCLE_LOSS_CHECK = 3;
const CYCLE_WIN_CHASE = 4;
const CYCLE_LOSS_CHASE = 5;

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
 * first occurrence (firstOccurrence). `pos` is only read.
 */
export function repetitionVerdict(pos: Position, sinceRoot = 0): Verdict {
  const q = findRepetition(pos, sinceRoot);
  if (q < 0) return 'none';
  const r = analyseCycle(pos, firstOccurrence(pos, q, sinceRoot));
  return r === CYCLE_DRAW ? 'draw' : r === CYCLE_WIN_CHECK || r === CYCLE_WIN_CHASE ? 'win' : 'loss';
}

const judgeBuf = new Int32Array(MAX_MOVES * 2);

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
  if (generateLegal(pos, judgeBuf, 0) === 0) {
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

// ---------------------------------------------------------------------------------------------
// Cycle analysis. Works on a scratch copy of the board: the cycle's moves are taken back on the
// copy and replayed one by one, so `pos` itself is never modified. Everything here runs only
// when a position has recurred.

const board = new Uint8Array(256);
/** Squares of the pieces of each colour on the scratch board (rebuilt after every move). */
const pieces = [new Uint8Array(16), new Uint8Array(16)];
const pieceCount = new Int32Array(2);
const kingSq = new Int32Array(2);
/** Per colour: squares of the enemy pieces chased by every move so far (count -1 = no move yet). */
const chased = [new Int32Array(16), new Int32Array(16)];
const chasedCount = new Int32Array(2);
/** Enemy pieces chased by the move being examined. */
const moveChased = new Int32Array(16);
/** Checks on the board when a position was reached (their recapture test ignores these). */
const checkers = new Int32Array(16);
const savedCheckers = new Int32Array(16);
let nCheckers = 0;
const scratchAttackers = new Int32Array(16);

// Diagonal neighbours of a point (horse legs) and the two horse points using each leg.
const H_LEG = [17, 15, -15, -17];
const H_FROM_A = [33, 31, -31, -33];
const H_FROM_B = [18, 14, -14, -18];
const ORTHO = [-1, 1, -16, 16];

function collectPieces(): void {
  pieceCount[0] = 0;
  pieceCount[1] = 0;
  for (let sq = 51; sq < 205; sq++) {
    const c = board[sq];
    if (c === 0 || c === WALL) continue;
    const col = c >> 3;
    pieces[col][pieceCount[col]++] = sq;
    if ((c & 7) === KING) kingSq[col] = sq;
  }
}

/** Squares of the pieces of side `by` that attack `sq` as they would a king; returns the count. */
function attackersOf(sq: number, by: number, out: Int32Array): number {
  const hi = by << 3;
  let n = 0;
  for (let d = 0; d < 4; d++) {
    const dir = ORTHO[d];
    let t = sq + dir;
    while (board[t] === 0) t += dir;
    const p = board[t];
    if (p === (ROOK | hi) || (p === (KING | hi) && d >= 2)) out[n++] = t;
    if (p === WALL) continue;
    t += dir;
    while (board[t] === 0) t += dir;
    if (board[t] === (CANNON | hi)) out[n++] = t;
  }
  const N = KNIGHT | hi;
  for (let i = 0; i < 4; i++) {
    if (board[sq + H_LEG[i]] !== 0) continue;
    if (board[sq + H_FROM_A[i]] === N) out[n++] = sq + H_FROM_A[i];
    if (board[sq + H_FROM_B[i]] === N) out[n++] = sq + H_FROM_B[i];
  }
  const P = PAWN | hi;
  if (board[sq - forward(by)] === P) out[n++] = sq - forward(by);
  if (OWN_HALF[by * 256 + sq] === 0) {
    if (board[sq - 1] === P) out[n++] = sq - 1;
    if (board[sq + 1] === P) out[n++] = sq + 1;
  }
  return n;
}

/** Records the checks standing against side `col`'s king. */
function noteCheckers(col: number): void {
  nCheckers = attackersOf(kingSq[col], col ^ 1, checkers);
}

/** Can the piece on `from` capture on `to` under the piece rules (king safety aside)? */
function reaches(from: number, to: number): boolean {
  const p = board[from];
  const col = p >> 3;
  switch (p & 7) {
    case KING:
      if (!IN_PALACE[col * 256 + to]) return false;
      return to - from === 1 || from - to === 1 || to - from === 16 || from - to === 16;
    case ADVISOR:
      return IN_PALACE[col * 256 + to] === 1 && pieceAttacks(board, from, to);
    case BISHOP:
      return OWN_HALF[col * 256 + to] === 1 && pieceAttacks(board, from, to);
    default:
      return pieceAttacks(board, from, to);
  }
}

/** Is the capture from -> to legal for the capturing side (its king not attacked afterwards)? */
function captureLegal(from: number, to: number): boolean {
  const p = board[from];
  const c = board[to];
  const col = p >> 3;
  board[to] = p;
  board[from] = 0;
  const safe = !kingAttacked(board, (p & 7) === KING ? to : kingSq[col], col ^ 1);
  board[from] = p;
  board[to] = c;
  return safe;
}

/**
 * Does the capture from -> to count as a possible answer of the defending side? A king capture
 * must be legal. Another piece must not expose its king to an attack that was not already on
 * the board (`checkers`): a pinned piece, or one whose capture would be met by a discovered
 * check, cannot answer; a check the chasing move itself gave is treated as answered.
 */
function answerOk(from: number, to: number): boolean {
  const p = board[from];
  const c = board[to];
  const col = p >> 3;
  board[to] = p;
  board[from] = 0;
  let ok: boolean;
  if ((p & 7) === KING) {
    ok = !kingAttacked(board, to, col ^ 1);
  } else {
    ok = true;
    const n = attackersOf(kingSq[col], col ^ 1, scratchAttackers);
    for (let i = 0; i < n && ok; i++) {
      let known = false;
      for (let j = 0; j < nCheckers; j++) if (checkers[j] === scratchAttackers[i]) known = true;
      if (!known) ok = false;
    }
  }
  board[from] = p;
  board[to] = c;
  return ok;
}

const PROT_NONE = 0; // no piece of the defender reaches the point
const PROT_FAKE = 1; // some do, but none can answer (pinned, or facing a discovered check)
const PROT_REAL = 2;

/** Protection of the piece on x against its capture by the piece on a (the capture is made and taken back). */
function protection(a: number, x: number): number {
  const ap = board[a];
  const xp = board[x];
  const def = xp >> 3;
  board[x] = ap;
  board[a] = 0;
  let result = PROT_NONE;
  const list = pieces[def];
  for (let i = 0, n = pieceCount[def]; i < n; i++) {
    const q = list[i];
    if (q === x || q === a) continue;
    if (!reaches(q, x)) continue;
    if (answerOk(q, x)) {
      result = PROT_REAL;
      break;
    }
    result = PROT_FAKE;
  }
  board[a] = ap;
  board[x] = xp;
  return result;
}

const PAIR_NONE = 0; // no chase: the capture is impossible or illegal, or x is protected
const PAIR_STRONG = 1; // x is worth more than a (chariot by horse/cannon; by advisor/elephant)
const PAIR_LOOSE = 2; // x unprotected: nothing reaches it
const PAIR_FAKE = 3; // x unprotected: its protectors cannot answer

/** Classifies the threat of the piece on a against the piece on x (kinds already screened). */
function classify(a: number, x: number): number {
  if (!reaches(a, x) || !captureLegal(a, x)) return PAIR_NONE;
  const ak = board[a] & 7;
  const xk = board[x] & 7;
  if ((ak === KNIGHT || ak === CANNON) && xk === ROOK) return PAIR_STRONG;
  if ((ak === ADVISOR || ak === BISHOP) && (xk === ROOK || xk === KNIGHT || xk === CANNON)) return PAIR_STRONG;
  // Mutual attack of two pieces of one kind: an offer to exchange, unless x cannot take.
  if (xk === ak && reaches(x, a) && answerOk(x, a)) return PAIR_NONE;
  const prot = protection(a, x);
  return prot === PROT_REAL ? PAIR_NONE : prot === PROT_NONE ? PAIR_LOOSE : PAIR_FAKE;
}

/** Can a piece of this code chase / be chased? */
function canChase(code: number): boolean {
  const k = code & 7;
  return k !== KING && k !== PAWN;
}
function chaseable(code: number, sq: number): boolean {
  const k = code & 7;
  return k !== KING && !(k === PAWN && OWN_HALF[(code >> 3) * 256 + sq] === 1);
}

/**
 * The enemy pieces chased by the move from -> to of side col, just made on the scratch board
 * (piece lists current); returns their count in moveChased.
 */
function chasesOfMove(col: number, from: number, to: number): number {
  const them = col ^ 1;
  let n = 0;
  noteCheckers(them);
  const atk = pieces[col];
  const vic = pieces[them];
  for (let i = 0, nv = pieceCount[them]; i < nv; i++) {
    const x = vic[i];
    if (!chaseable(board[x], x)) continue;
    let isChased = false;
    for (let j = 0, na = pieceCount[col]; j < na && !isChased; j++) {
      const a = atk[j];
      if (!canChase(board[a])) continue;
      const kind = classify(a, x);
      if (kind === PAIR_NONE) continue;
      // Only a new threat is a chase: take the move back and look at the position before it.
      const prev = a === to ? from : a;
      const p = board[to];
      board[from] = p;
      board[to] = 0;
      if ((p & 7) === KING) kingSq[col] = from;
      let fresh: boolean;
      if (!reaches(prev, x)) {
        fresh = true; // a new attack (the piece moved, or a line opened)
      } else if (kind === PAIR_FAKE) {
        // The attack stood before: new only if x then had a real protector that this move
        // pinned or turned into one facing a discovered check.
        const saved = nCheckers;
        savedCheckers.set(checkers);
        noteCheckers(them);
        fresh = protection(prev, x) === PROT_REAL;
        checkers.set(savedCheckers);
        nCheckers = saved;
      } else {
        fresh = false; // an old attack; a protector merely cut off does not make a chase
      }
      board[to] = p;
      board[from] = 0;
      if ((p & 7) === KING) kingSq[col] = to;
      if (fresh) isChased = true;
    }
    if (isChased) moveChased[n++] = x;
  }
  return n;
}

/** Judges the moves from history index q to now (one cycle or several); returns a CYCLE_* code. */
function analyseCycle(pos: Position, q: number): number {
  const p = pos.ply;
  board.set(pos.board);
  const hm = pos.histMove;
  for (let i = p - 1; i >= q; i--) {
    const m = hm[i];
    const from = m & 255;
    const to = moveTo(m);
    board[from] = board[to];
    board[to] = 0;
  }
  let checkAll0 = true;
  let checkAll1 = true;
  chasedCount[0] = -1;
  chasedCount[1] = -1;
  for (let i = q; i < p; i++) {
    const col = pos.side ^ ((p - i) & 1);
    const m = hm[i];
    const from = m & 255;
    const to = moveTo(m);
    board[to] = board[from];
    board[from] = 0;
    collectPieces();
    if (!kingAttacked(board, kingSq[col ^ 1], col)) {
      if (col === 0) checkAll0 = false;
      else checkAll1 = false;
    }
    // The other side's chased pieces: follow the piece that moved.
    const other = chased[col ^ 1];
    for (let k = 0, n = chasedCount[col ^ 1]; k < n; k++) if (other[k] === from) other[k] = to;
    // This side's chases: intersect with the pieces chased by its earlier moves.
    const nNew = chasesOfMove(col, from, to);
    const own = chased[col];
    if (chasedCount[col] < 0) {
      own.set(moveChased.subarray(0, nNew));
      chasedCount[col] = nNew;
    } else {
      let n = 0;
      for (let k = 0, c = chasedCount[col]; k < c; k++) {
        const x = own[k];
        for (let t = 0; t < nNew; t++) {
          if (moveChased[t] === x) {
            own[n++] = x;
            break;
          }
        }
      }
      chasedCount[col] = n;
    }
  }
  const us = pos.side;
  const usCheck = us === 0 ? checkAll0 : checkAll1;
  const themCheck = us === 0 ? checkAll1 : checkAll0;
  if (usCheck !== themCheck) return usCheck ? CYCLE_LOSS_CHECK : CYCLE_WIN_CHECK;
  if (usCheck) return CYCLE_DRAW;
  const usChase = chasedCount[us] > 0;
  const themChase = chasedCount[us ^ 1] > 0;
  if (usChase !== themChase) return usChase ? CYCLE_LOSS_CHASE : CYCLE_WIN_CHASE;
  return CYCLE_DRAW;
}
