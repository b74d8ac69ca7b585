// Move generation into preallocated Int32Array buffers, and the legality and check tests.
//
// One generator serves every stage of the search: `generate` appends the pseudo-legal moves of
// the side to move onto the targets it is asked for (QUIETS: empty points, CAPTURES: the other
// side's pieces, or both), piece kind by piece kind in a fixed order: chariots and cannons by the
// line tables (lines.ts), the other kinds by one walker over their step tables (stepMoves).
// Pseudo-legal moves follow every piece rule (palace, river, horse legs, elephant eyes, cannon
// screens).
//
// Legality of a whole list (generateLegal), out of check: the position is summed up once
// (markPins: our pieces pinned to the king by a chariot, a cannon, the facing king or over a
// horse leg, and the empty points where a new screen would give a cannon check). A move of a piece
// other than the king that neither leaves nor enters a marked point is legal without a trial; any
// other is tried in the position's occupancy masks (Position.occ, flipped and flipped back), and
// only what it can have changed is asked about: the lines from the king through its two points
// (lineAttacked, attackers.ts) and the horses over a leg it frees (horseOverLeg). The search asks
// one move at a time (quickLegal), where a move off the king's rank and file and its horse legs
// needs no trial. A king move, and any move in check, is tried and the king asked about in full
// (kingAttacked); in check, only the king's moves and the moves that could answer the checker are
// tried (filterEvasions). givesCheck is decided the same way, with the moved piece's own attack.

import { attackersTo, horseOverLeg, kingAttacked, lineAttacked } from './attackers';
import { DIAG, ORTHO, horseLeg, lineSide, pieceAttacks, piecesBetween } from './attacks';
import { FILE_LINES, RANK_LINES, fileEntry, flipMove, rankEntry } from './lines';
import { Position } from './position';
import {
  ADVISOR,
  BLACK,
  CANNON,
  CHARIOT,
  ELEPHANT,
  HORSE,
  IN_BOARD,
  IN_PALACE,
  KING,
  type Colour,
  type Move,
  OWN_HALF,
  type Piece,
  RED,
  SLOTS,
  SOLDIER,
  type Square,
  colourOf,
  forward,
  kindOf,
  moveTo,
} from './types';

/**
 * generate's targets: moves onto empty points, captures, or both. DEFENDS, the points held by the
 * side's own pieces, is no move: horseSteps lists them for the evaluation.
 */
export const QUIETS = 1;
export const CAPTURES = 2;
export const ALL_MOVES = QUIETS | CAPTURES;
export const DEFENDS = 4;

// Step tables, 0-terminated, 8 entries per square (per colour where the rule depends on it), and
// for the pieces a point can block the blocking point of each step.
const KING_T = new Uint8Array(2 * 256 * 8);
const ADVISOR_T = new Uint8Array(2 * 256 * 8);
const ELEPHANT_T = new Uint8Array(2 * 256 * 8);
const ELEPHANT_EYE = new Uint8Array(2 * 256 * 8);
const HORSE_T = new Uint8Array(256 * 8);
const HORSE_LEG = new Uint8Array(256 * 8);
const SOLDIER_T = new Uint8Array(2 * 256 * 8);

const HORSE_STEPS = [-33, -31, -18, 14, 33, 31, 18, -14];
const HORSE_LEGS = [-16, -16, -1, -1, 16, 16, 1, 1];

(function buildTables() {
  for (let sq = 0; sq < 256; sq++) {
    if (!IN_BOARD[sq]) continue;
    let n = 0;
    for (let i = 0; i < 8; i++) {
      const t = sq + HORSE_STEPS[i];
      if (t >= 0 && t < 256 && IN_BOARD[t]) {
        HORSE_T[sq * 8 + n] = t;
        HORSE_LEG[sq * 8 + n] = sq + HORSE_LEGS[i];
        n++;
      }
    }
    for (let colour = RED; colour <= BLACK; colour++) {
      const base = (colour * 256 + sq) * 8;
      if (IN_PALACE[colour * 256 + sq]) {
        n = 0;
        for (const d of ORTHO) if (IN_PALACE[colour * 256 + sq + d]) KING_T[base + n++] = sq + d;
        n = 0;
        for (const d of DIAG) if (IN_PALACE[colour * 256 + sq + d]) ADVISOR_T[base + n++] = sq + d;
      }
      if (OWN_HALF[colour * 256 + sq]) {
        n = 0;
        for (const d of DIAG) {
          const t = sq + 2 * d;
          if (t >= 0 && t < 256 && IN_BOARD[t] && OWN_HALF[colour * 256 + t]) {
            ELEPHANT_T[base + n] = t;
            ELEPHANT_EYE[base + n] = sq + d;
            n++;
          }
        }
      }
      n = 0;
      const f = sq + forward(colour);
      if (IN_BOARD[f]) SOLDIER_T[base + n++] = f;
      if (!OWN_HALF[colour * 256 + sq]) {
        if (IN_BOARD[sq - 1]) SOLDIER_T[base + n++] = sq - 1;
        if (IN_BOARD[sq + 1]) SOLDIER_T[base + n++] = sq + 1;
      }
    }
  }
})();

/**
 * Appends the pseudo-legal moves of the side to move onto `target` (QUIETS, CAPTURES or
 * ALL_MOVES) to buf from index n; returns the new end. The order: chariots, cannons, horses,
 * soldiers, elephants, advisors, king; a chariot's or cannon's moves line by line (the rank's low
 * and high side, then the file's), each line's slides before its capture.
 */
export function generate(pos: Position, buf: Int32Array, n: number, target: number): number {
  const b = pos.board;
  const pl = pos.plist;
  const pc = pos.pcount;
  const occ = pos.occ;
  const us = pos.side;
  const hi = us << 3;
  const cbase = us * 256 * 8;
  const them = us ^ 1;
  const quiets = (target & QUIETS) !== 0;
  const captures = (target & CAPTURES) !== 0;
  // The step pieces' targets (stepMoves): empty points, and the other side's pieces.
  const empty = target & QUIETS;
  const colours = captures ? 1 << them : 0;
  // Along each line a chariot or cannon slides up to the first piece (lines.ts); a chariot takes
  // that piece, a cannon the second one. A stop at the edge or at one of our pieces, or a second
  // piece missing (offset 0: the mover itself), takes nothing.
  for (let code = CHARIOT | hi; code <= (CANNON | hi); code++) {
    const rank = code === (CHARIOT | hi) ? RANK_STOP : RANK_SECOND;
    const file = code === (CHARIOT | hi) ? FILE_STOP : FILE_SECOND;
    for (let i = 0, cnt = pc[code]; i < cnt; i++) {
      const from = pl[code * SLOTS + i];
      const re = rankEntry(occ, from) * 2;
      const fe = fileEntry(occ, from) * 2;
      for (let d = 0; d < 4; d++) {
        if (quiets) {
          const stop = from + (d < 2 ? RANK_STOP[re + d] : FILE_STOP[fe + d - 2]);
          const dm = ORTHO[d] * 256;
          for (let m = from + (from << 8) + dm, end = from + (stop << 8); m !== end; m += dm) buf[n++] = m;
        }
        if (captures) {
          const to = from + (d < 2 ? rank[re + d] : file[fe + d - 2]);
          if (colourOf(b[to]) === them) buf[n++] = from | (to << 8);
        }
      }
    }
  }
  for (let i = 0, code = HORSE | hi, cnt = pc[code]; i < cnt; i++) {
    n = stepMoves(b, pl[code * SLOTS + i], HORSE_T, HORSE_LEG, 255, 0, empty, colours, buf, n);
  }
  for (let i = 0, code = SOLDIER | hi, cnt = pc[code]; i < cnt; i++) {
    n = stepMoves(b, pl[code * SLOTS + i], SOLDIER_T, SOLDIER_T, 0, cbase, empty, colours, buf, n);
  }
  for (let i = 0, code = ELEPHANT | hi, cnt = pc[code]; i < cnt; i++) {
    n = stepMoves(b, pl[code * SLOTS + i], ELEPHANT_T, ELEPHANT_EYE, 255, cbase, empty, colours, buf, n);
  }
  for (let i = 0, code = ADVISOR | hi, cnt = pc[code]; i < cnt; i++) {
    n = stepMoves(b, pl[code * SLOTS + i], ADVISOR_T, ADVISOR_T, 0, cbase, empty, colours, buf, n);
  }
  return stepMoves(b, pl[(KING | hi) * SLOTS], KING_T, KING_T, 0, cbase, empty, colours, buf, n);
}

/**
 * Appends the quiet moves of the side to move that give check (givesCheck) to buf from index n;
 * returns the new end. The same moves in the same order as generate(QUIETS) filtered by
 * givesCheck, with far fewer questions asked. A chariot or cannon slides over empty points only,
 * so a slide along the enemy king's rank or file never changes how many pieces stand between
 * it and the king, nor uncovers anything: it never checks. Any other slide either lands on the
 * king's rank or file (at most one point of the slide's line: asked) or lands off them, where the
 * moved piece attacks nothing of the king's and all that counts is what leaving `from` uncovers
 * (the same for every such point: asked once). A piece off the king's lines and horse legs
 * uncovers nothing (clearOfKing). Elephants, advisors and the king can check only by what they
 * uncover or screen, horses and soldiers also by their own attack.
 */
export function generateQuietChecks(pos: Position, buf: Int32Array, n: number): number {
  const pl = pos.plist;
  const pc = pos.pcount;
  const occ = pos.occ;
  const us = pos.side;
  const hi = us << 3;
  const cbase = us * 256 * 8;
  const k = pos.kingSquare(us ^ 1);
  const kFile = k & 15;
  const kRank = k & 0xf0;
  for (let code = CHARIOT | hi; code <= (CANNON | hi); code++) {
    for (let i = 0, cnt = pc[code]; i < cnt; i++) {
      const from = pl[code * SLOTS + i];
      const re = rankEntry(occ, from) * 2;
      const fe = fileEntry(occ, from) * 2;
      const near = !clearOfKing(k, from, from);
      const onRank = (from & 0xf0) === kRank;
      const onFile = (from & 15) === kFile;
      // What leaving `from` uncovers, once asked: -1 not yet, 0 nothing, 1 a check.
      let uncovers = -1;
      for (let d = 0; d < 4; d++) {
        if (d < 2 ? onRank : onFile) continue;
        const step = ORTHO[d];
        const stop = from + (d < 2 ? RANK_STOP[re + d] : FILE_STOP[fe + d - 2]);
        // The point of this slide's line on the king's file (a rank slide) or rank (a file slide).
        const cross = d < 2 ? (from & 0xf0) | kFile : kRank | (from & 15);
        if (!near) {
          if ((cross - from) * step > 0 && (stop - cross) * step > 0) {
            const m = from | (cross << 8);
            if (givesCheck(pos, m)) buf[n++] = m;
          }
          continue;
        }
        for (let t = from + step; t !== stop; t += step) {
          const m = from | (t << 8);
          if (t === cross) {
            if (givesCheck(pos, m)) buf[n++] = m;
            continue;
          }
          if (uncovers < 0) uncovers = givesCheck(pos, m) ? 1 : 0;
          if (uncovers !== 0) buf[n++] = m;
        }
      }
    }
  }
  for (let i = 0, code = HORSE | hi, cnt = pc[code]; i < cnt; i++) {
    n = stepChecks(pos, k, pl[code * SLOTS + i], HORSE_T, HORSE_LEG, 255, 0, HORSE, buf, n);
  }
  for (let i = 0, code = SOLDIER | hi, cnt = pc[code]; i < cnt; i++) {
    n = stepChecks(pos, k, pl[code * SLOTS + i], SOLDIER_T, SOLDIER_T, 0, cbase, SOLDIER, buf, n);
  }
  for (let i = 0, code = ELEPHANT | hi, cnt = pc[code]; i < cnt; i++) {
    n = stepChecks(pos, k, pl[code * SLOTS + i], ELEPHANT_T, ELEPHANT_EYE, 255, cbase, 0, buf, n);
  }
  for (let i = 0, code = ADVISOR | hi, cnt = pc[code]; i < cnt; i++) {
    n = stepChecks(pos, k, pl[code * SLOTS + i], ADVISOR_T, ADVISOR_T, 0, cbase, 0, buf, n);
  }
  return stepChecks(pos, k, pl[(KING | hi) * SLOTS], KING_T, KING_T, 0, cbase, 0, buf, n);
}

/**
 * stepMoves onto empty points, keeping the moves that give check against the king on `k`
 * (generateQuietChecks). A move clear of the king checks only by the moved piece's own attack:
 * `direct` is HORSE or SOLDIER for the kinds that have one against a king, 0 for the others
 * (elephants, advisors, the king), and only a point at a horse's or a soldier's reach of the king
 * is asked about.
 */
function stepChecks(
  pos: Position,
  k: Square,
  from: Square,
  table: Uint8Array,
  blocks: Uint8Array,
  blockable: number,
  base: number,
  direct: number,
  buf: Int32Array,
  n: number,
): number {
  const b = pos.board;
  for (let i = base + from * 8, end = i + 8; i < end; i++) {
    const t = table[i];
    if (t === 0) break;
    if (b[t] !== 0 || (b[blocks[i]] & blockable) !== 0) continue;
    if (clearOfKing(k, from, t)) {
      if (direct === 0) continue;
      const df = (t & 15) - (k & 15);
      const dr = (t >> 4) - (k >> 4);
      if (direct === HORSE ? df * dr !== 2 && df * dr !== -2 : df * df + dr * dr !== 1) continue;
    }
    const m = from | (t << 8);
    if (givesCheck(pos, m)) buf[n++] = m;
  }
  return n;
}

/**
 * How a stepping kind moves, as generate passes it to stepMoves (isPseudoLegal reads it here): its
 * step table, the point that blocks each step, whether the table is per colour.
 */
interface StepRule {
  readonly table: Uint8Array;
  /** The point that stops each step when occupied (horse legs, elephant eyes); for the others, any table. */
  readonly blocks: Uint8Array;
  /** 255 when a piece on a point of `blocks` stops the step, 0 when nothing can. */
  readonly blockable: number;
  readonly perColour: boolean;
}
const STEP_RULES: StepRule[] = [];
STEP_RULES[KING] = { table: KING_T, blocks: KING_T, blockable: 0, perColour: true };
STEP_RULES[ADVISOR] = { table: ADVISOR_T, blocks: ADVISOR_T, blockable: 0, perColour: true };
STEP_RULES[ELEPHANT] = { table: ELEPHANT_T, blocks: ELEPHANT_EYE, blockable: 255, perColour: true };
STEP_RULES[HORSE] = { table: HORSE_T, blocks: HORSE_LEG, blockable: 255, perColour: false };
STEP_RULES[SOLDIER] = { table: SOLDIER_T, blocks: SOLDIER_T, blockable: 0, perColour: true };

/** The line tables' first and second pieces, each direction's pair side by side: [entry * 2 + (0 low, 1 high)]. */
function interleave(lo: Int16Array, hi: Int16Array): Int16Array {
  const t = new Int16Array(lo.length * 2);
  for (let e = 0; e < lo.length; e++) {
    t[2 * e] = lo[e];
    t[2 * e + 1] = hi[e];
  }
  return t;
}
const RANK_FIRST = interleave(RANK_LINES.firstLo, RANK_LINES.firstHi);
const RANK_STOP = interleave(RANK_LINES.stopLo, RANK_LINES.stopHi);
const FILE_STOP = interleave(FILE_LINES.stopLo, FILE_LINES.stopHi);
const RANK_SECOND = interleave(RANK_LINES.secondLo, RANK_LINES.secondHi);
const FILE_FIRST = interleave(FILE_LINES.firstLo, FILE_LINES.firstHi);
const FILE_SECOND = interleave(FILE_LINES.secondLo, FILE_LINES.secondHi);

/**
 * Appends the moves of the piece on `from` by a step table (8 entries a point from
 * `base`, 0-ended) to buf from index n; returns the new end. A step lands on an empty point when
 * `empty` is not 0, on a piece when its colour's bit is set in `colours` (no table of targets: a
 * load the optimizing compiler checks again at every step). A step is stopped by a piece on its
 * point of `blocks` (horse legs, elephant eyes) when `blockable` is 255; with 0 (kings, advisors,
 * soldiers) nothing stops it, whatever `blocks` says.
 */
function stepMoves(
  b: Uint8Array,
  from: Square,
  table: Uint8Array,
  blocks: Uint8Array,
  blockable: number,
  base: number,
  empty: number,
  colours: number,
  buf: Int32Array,
  n: number,
): number {
  for (let k = base + from * 8, end = k + 8; k < end; k++) {
    const t = table[k];
    if (t === 0) break;
    const c = b[t];
    if ((c === 0 ? empty !== 0 : ((colours >> (c >> 3)) & 1) !== 0) && (b[blocks[k]] & blockable) === 0) buf[n++] = from | (t << 8);
  }
  return n;
}

/**
 * The horse on `from`, of side `us`: appends to buf from index n its jumps whose leg is free onto
 * `target` (QUIETS, CAPTURES, DEFENDS, or several), as moves; returns the new end. For the
 * evaluation's horse terms.
 */
export function horseSteps(b: Uint8Array, from: Square, us: Colour, target: number, buf: Int32Array, n: number): number {
  const colours = ((target & CAPTURES) !== 0 ? 1 << (us ^ 1) : 0) | ((target & DEFENDS) !== 0 ? 1 << us : 0);
  return stepMoves(b, from, HORSE_T, HORSE_LEG, 255, 0, target & QUIETS, colours, buf, n);
}

/**
 * Is the move `from`-`to` clear of the king on `k`: `from` off its rank and file and not one of
 * its horse legs (a diagonal neighbour), `to` off its rank and file? Then the move opens and
 * closes no line through the king and frees no horse leg: it can attack the king only with the
 * moved piece itself.
 */
function clearOfKing(k: Square, from: Square, to: Square): boolean {
  const kf = k & 15;
  const kr = k >> 4;
  const d = from - k;
  return (from & 15) !== kf && from >> 4 !== kr && d !== 15 && d !== 17 && d !== -15 && d !== -17 && (to & 15) !== kf && to >> 4 !== kr;
}

/** Is `s` one of the diagonal neighbours of `k` (a leg of the horses that attack `k`)? */
function onLeg(k: Square, s: Square): boolean {
  const d = s - k;
  return d === 15 || d === 17 || d === -15 || d === -17;
}

/**
 * Does the pseudo-legal move `m` of the side to move give check (the kings facing each other
 * counted)? Decided without making the move; the enemy king is not in check before it. A move
 * clear of the enemy king (clearOfKing) can check only with a horse or soldier moved. Any other is
 * tried in the occupancy masks (restored after): the moved piece's own attack from its new point,
 * and what it uncovers along the lines from the king through its two points and over a horse leg
 * it frees.
 */
export function givesCheck(pos: Position, m: Move): boolean {
  const us = pos.side;
  const k = pos.kingSquare(us ^ 1);
  const from = m & 255;
  const to = moveTo(m);
  const p = pos.board[from];
  const kind = kindOf(p);
  if (clearOfKing(k, from, to)) return (kind === HORSE || kind === SOLDIER) && pieceAttacks(p, to, k, pos.occ);
  return attackedAfter(pos, from, to, k, us, p);
}

/**
 * Is the pseudo-legal move `move` legal: is the mover's king safe after it? The mover is the piece
 * on its origin (the side to move, or for the chase rules the side whose capture is weighed).
 */
export function isLegal(pos: Position, move: Move): boolean {
  const from = move & 255;
  const to = moveTo(move);
  const p = pos.board[from];
  const us = colourOf(p);
  const k = kindOf(p) === KING ? to : pos.kingSquare(us);
  const occ = pos.occ;
  const capture = pos.board[to] !== 0;
  flipMove(occ, from, to, capture);
  // The piece taken on `to` attacks nothing any more.
  const safe = !kingAttacked(pos, k, us ^ 1, occ, capture ? to : 0);
  flipMove(occ, from, to, capture);
  return safe;
}

/**
 * isLegal for a side not in check whose king is on `ksq`. A non-king move can expose the king only
 * along the lines from it through the move's two points, or over a horse leg it frees: only those
 * are asked about, in the occupancy masks with the move tried (restored after). A move clear of
 * the king (clearOfKing) needs no test.
 */
export function quickLegal(pos: Position, m: Move, ksq: Square): boolean {
  const from = m & 255;
  const to = moveTo(m);
  if (clearOfKing(ksq, from, to)) return true;
  if (from === ksq) return isLegal(pos, m);
  return !attackedAfter(pos, from, to, ksq, pos.side ^ 1, 0);
}

/**
 * Is the king on `k` attacked by side `by` once the move `from`-`to` is made, where the move can
 * only have changed the lines from the king through its two points, a horse leg it frees and, when
 * `mover` is the moved piece of side `by` (a check test; 0 for a legality test), that piece's own
 * attack from `to`? Tried in the occupancy masks, flipped back before it returns. The king is not
 * attacked before the move.
 */
function attackedAfter(pos: Position, from: Square, to: Square, k: Square, by: Colour, mover: Piece): boolean {
  const occ = pos.occ;
  const capture = pos.board[to] !== 0;
  flipMove(occ, from, to, capture);
  // The piece taken on `to` attacks nothing any more; the kings facing each other count.
  const attacked =
    (mover !== 0 &&
      (kindOf(mover) === KING ? (to & 15) === (k & 15) && piecesBetween(occ, to, k) === 0 : pieceAttacks(mover, to, k, occ))) ||
    lineAttacked(pos, k, by, occ, lineSide(k, from) | lineSide(k, to), to) ||
    (onLeg(k, from) && horseOverLeg(pos, k, from, by, to));
  flipMove(occ, from, to, capture);
  return attacked;
}

/** Per point, the stamp of the last legality summary that marked it (markPins). */
const pinMarks = new Int32Array(256);
let pinStamp = 0;

/**
 * The legality summary of the side to move, not in check, its king on `k`, computed once for all
 * its moves: marks in pinMarks, with a new stamp (returned; 0 when nothing is marked), the points
 * that a move of a piece other than the king must not leave or enter untried:
 *  - a piece of ours pinned: the one piece between the king and an enemy chariot (on the file,
 *    or the enemy king), either of the two pieces between the king and an enemy cannon, or a
 *    piece on the leg of an enemy horse that would attack the king over it;
 *  - the empty points between the king and an enemy cannon with nothing between them, where a
 *    piece would become the cannon's screen.
 * Any other non-king move leaves as many pieces before each enemy chariot and cannon on every
 * line through the king and frees no horse leg: it cannot expose the king.
 */
function markPins(pos: Position, k: Square): number {
  const b = pos.board;
  const occ = pos.occ;
  const us = pos.side;
  const hi = (us ^ 1) << 3;
  const C = CANNON | hi;
  let stamp = 0;
  const re = rankEntry(occ, k) * 2;
  const fe = fileEntry(occ, k) * 2;
  for (let d = 0; d < 4; d++) {
    const first = d < 2 ? RANK_FIRST[re + d] : FILE_FIRST[fe + d - 2];
    if (first === 0) continue;
    const p1 = k + first;
    const c1 = b[p1];
    if (c1 === C && first !== ORTHO[d]) {
      if (stamp === 0) stamp = newPinStamp();
      for (let s = k + ORTHO[d]; s !== p1; s += ORTHO[d]) pinMarks[s] = stamp;
    }
    const second = d < 2 ? RANK_SECOND[re + d] : FILE_SECOND[fe + d - 2];
    if (second === 0) continue;
    const p2 = k + second;
    const c2 = b[p2];
    if (c2 === (CHARIOT | hi) || (c2 === (KING | hi) && d >= 2)) {
      if (colourOf(c1) === us) {
        if (stamp === 0) stamp = newPinStamp();
        pinMarks[p1] = stamp;
      }
      continue;
    }
    // The third piece: the first one beyond p2.
    const third = d < 2 ? RANK_FIRST[rankEntry(occ, p2) * 2 + d] : FILE_FIRST[fileEntry(occ, p2) * 2 + d - 2];
    if (third !== 0 && b[p2 + third] === C) {
      if (stamp === 0) stamp = newPinStamp();
      if (colourOf(c1) === us) pinMarks[p1] = stamp;
      if (colourOf(c2) === us) pinMarks[p2] = stamp;
    }
  }
  for (let i = 0; i < 4; i++) {
    const leg = k + DIAG[i];
    if (colourOf(b[leg]) === us && horseOverLeg(pos, k, leg, us ^ 1, 0)) {
      if (stamp === 0) stamp = newPinStamp();
      pinMarks[leg] = stamp;
    }
  }
  return stamp;
}

function newPinStamp(): number {
  if (++pinStamp === 0x40000000) {
    pinMarks.fill(0);
    pinStamp = 1;
  }
  return pinStamp;
}

/**
 * Keeps only the legal moves among buf[start..end) (pseudo-legal moves of the side to move, in
 * generate's order), compacting them in place (order kept); returns the new end. Out of check,
 * the legality summary (markPins) settles the moves of every piece but the king, trying only
 * those from or to a marked point; the king's moves, last in the list, are each tried in full.
 */
function filterLegal(pos: Position, buf: Int32Array, start: number, end: number): number {
  if (pos.inCheck()) return filterEvasions(pos, buf, start, end);
  const k = pos.kingSquare(pos.side);
  const stamp = markPins(pos, k);
  let kingMoves = end;
  while (kingMoves > start && (buf[kingMoves - 1] & 255) === k) kingMoves--;
  let n = kingMoves;
  if (stamp !== 0) {
    n = start;
    for (let i = start; i < kingMoves; i++) {
      const m = buf[i];
      const from = m & 255;
      const to = moveTo(m);
      if ((pinMarks[from] !== stamp && pinMarks[to] !== stamp) || !attackedAfter(pos, from, to, k, pos.side ^ 1, 0)) buf[n++] = m;
    }
  }
  for (let i = kingMoves; i < end; i++) {
    const m = buf[i];
    if (isLegal(pos, m)) buf[n++] = m;
  }
  return n;
}

const checker = new Int32Array(1);

/**
 * Keeps only the legal moves among buf[start..end), the pseudo-legal moves of a side in check,
 * compacting them in place (order kept); returns the new end. Only the king's moves, and the
 * other moves that could deal with one checker (take it, stand between it and the king, take or
 * move away a checking cannon's screen, block a checking horse's leg), are tried: the rest cannot
 * answer that check.
 */
export function filterEvasions(pos: Position, buf: Int32Array, start: number, end: number): number {
  const b = pos.board;
  const us = pos.side;
  const k = pos.kingSquare(us);
  // The checker, for a chariot or cannon the line between (`lo`..`hi` exclusive, on the king's
  // rank or file) and a cannon's screen, for a horse its leg.
  let target = 0;
  let lo = 0;
  let hi = 0;
  let onRank = false;
  let screen = 0;
  let leg = 0;
  if (attackersTo(pos, k, us ^ 1, pos.occ, checker, 1) === 1) {
    target = checker[0];
    const kind = kindOf(b[target]);
    if (kind === CHARIOT || kind === CANNON) {
      onRank = target >> 4 === k >> 4;
      lo = target < k ? target : k;
      hi = target < k ? k : target;
      if (kind === CANNON) {
        const step = onRank ? (target > k ? 1 : -1) : target > k ? 16 : -16;
        screen = k + step;
        while (b[screen] === 0) screen += step;
      }
    } else if (kind === HORSE) leg = horseLeg(target, k);
  }
  let n = start;
  for (let i = start; i < end; i++) {
    const m = buf[i];
    const from = m & 255;
    const to = moveTo(m);
    if (target !== 0 && from !== k && to !== target && to !== leg && from !== screen) {
      // Not on the line between the king and a checking chariot or cannon: no answer.
      if (lo === 0 || to <= lo || to >= hi || (onRank ? to >> 4 !== k >> 4 : (to & 15) !== (k & 15))) continue;
    }
    if (isLegal(pos, m)) buf[n++] = m;
  }
  return n;
}

/** Appends all legal moves; returns the new end. */
export function generateLegal(pos: Position, buf: Int32Array, n: number): number {
  return filterLegal(pos, buf, n, generate(pos, buf, n, ALL_MOVES));
}

/** Is the move possible for the side to move under the piece rules (not checking king safety)? */
export function isPseudoLegal(pos: Position, move: Move): boolean {
  const from = move & 255;
  const to = moveTo(move);
  if (from === to || !IN_BOARD[from] || !IN_BOARD[to] || move >>> 16 !== 0) return false;
  const b = pos.board;
  const p = b[from];
  const us = pos.side;
  if (p === 0 || colourOf(p) !== us) return false;
  const c = b[to];
  if (c !== 0 && colourOf(c) === us) return false;
  const kind = kindOf(p);
  if (kind === CHARIOT) return piecesBetween(pos.occ, from, to) === 0;
  if (kind === CANNON) return piecesBetween(pos.occ, from, to) === (c === 0 ? 0 : 1);
  const rule = STEP_RULES[kind];
  const n = stepMoves(b, from, rule.table, rule.blocks, rule.blockable, rule.perColour ? us * 256 * 8 : 0, QUIETS, 1 << (us ^ 1), steps, 0);
  for (let i = 0; i < n; i++) if (steps[i] === move) return true;
  return false;
}

/** Scratch for isPseudoLegal. */
const steps = new Int32Array(8);

/** Is the move legal for the side to move (any integer accepted; garbage gives false)? */
export function isLegalMove(pos: Position, move: Move): boolean {
  return isPseudoLegal(pos, move) && isLegal(pos, move);
}
