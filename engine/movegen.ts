// Move generation into preallocated Int32Array buffers.
//
// Pseudo-legal moves follow every piece rule (palace, river, horse legs, elephant eyes,
// cannon screens). Legality is then settled by a cheap filter: when the side to move is not
// in check, a non-king move whose origin is not on the king's rank or file nor diagonally
// next to it (a horse leg), and whose target is not on the king's rank or file, cannot
// expose the king: it changes no ray through the king and unblocks no horse leg. For the
// remaining non-king moves only the touched lines and legs are looked at (attackedAfter);
// king moves are tried on the board and tested with kingAttacked. In check, only the king's
// moves and the moves that could answer the checker are tried on the board (filterEvasions).

import { H_FROM_A, H_FROM_B, H_LEG, kingAttacked, kingAttackedOcc, ORTHO, WALL } from './attacks';
import { FILE_LINES, RANK_LINES, fileEntry, rankEntry } from './lines';
import { Position } from './position';
import {
  ADVISOR,
  BISHOP,
  BLACK,
  CANNON,
  IN_BOARD,
  IN_PALACE,
  KING,
  KNIGHT,
  OWN_HALF,
  PAWN,
  RED,
  ROOK,
  SLOTS,
  forward,
  moveTo,
} from './types';


// Target tables, 0-terminated, 8 entries per square (per colour where the rule depends on it).
const KING_T = new Uint8Array(2 * 256 * 8);
const ADVISOR_T = new Uint8Array(2 * 256 * 8);
const BISHOP_T = new Uint8Array(2 * 256 * 8);
const BISHOP_EYE = new Uint8Array(2 * 256 * 8);
/** Horse targets of each point (0-terminated, 8 per point) and the leg point of each. */
export const KNIGHT_T = new Uint8Array(256 * 8);
export const KNIGHT_LEG = new Uint8Array(256 * 8);
const PAWN_T = new Uint8Array(2 * 256 * 8);

const KNIGHT_STEPS = [-33, -31, -18, 14, 33, 31, 18, -14];
const KNIGHT_LEGS = [-16, -16, -1, -1, 16, 16, 1, 1];
const DIAG = [-17, -15, 15, 17];

(function buildTables() {
  for (let sq = 0; sq < 256; sq++) {
    if (!IN_BOARD[sq]) continue;
    let n = 0;
    for (let i = 0; i < 8; i++) {
      const t = sq + KNIGHT_STEPS[i];
      if (t >= 0 && t < 256 && IN_BOARD[t]) {
        KNIGHT_T[sq * 8 + n] = t;
        KNIGHT_LEG[sq * 8 + n] = sq + KNIGHT_LEGS[i];
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
            BISHOP_T[base + n] = t;
            BISHOP_EYE[base + n] = sq + d;
            n++;
          }
        }
      }
      n = 0;
      const f = sq + forward(colour);
      if (IN_BOARD[f]) PAWN_T[base + n++] = f;
      if (!OWN_HALF[colour * 256 + sq]) {
        if (IN_BOARD[sq - 1]) PAWN_T[base + n++] = sq - 1;
        if (IN_BOARD[sq + 1]) PAWN_T[base + n++] = sq + 1;
      }
    }
  }
})();

/** Appends all pseudo-legal moves of the side to move to buf from index n; returns the new end. */
export function generatePseudo(pos: Position, buf: Int32Array, n: number): number {
  const b = pos.board;
  const pl = pos.plist;
  const pc = pos.pcount;
  const us = pos.side;
  const them = us ^ 1;
  const hi = us << 3;
  const cbase = us * 256 * 8;

  // Chariots
  let code = ROOK | hi;
  for (let i = 0, cnt = pc[code]; i < cnt; i++) {
    const from = pl[code * SLOTS + i];
    for (let d = 0; d < 4; d++) {
      const dir = ORTHO[d];
      let t = from + dir;
      while (b[t] === 0) {
        buf[n++] = from | (t << 8);
        t += dir;
      }
      if (b[t] >> 3 === them) buf[n++] = from | (t << 8);
    }
  }
  // Cannons
  code = CANNON | hi;
  for (let i = 0, cnt = pc[code]; i < cnt; i++) {
    const from = pl[code * SLOTS + i];
    for (let d = 0; d < 4; d++) {
      const dir = ORTHO[d];
      let t = from + dir;
      while (b[t] === 0) {
        buf[n++] = from | (t << 8);
        t += dir;
      }
      if (b[t] === WALL) continue;
      t += dir;
      while (b[t] === 0) t += dir;
      if (b[t] >> 3 === them) buf[n++] = from | (t << 8);
    }
  }
  // Horses
  code = KNIGHT | hi;
  for (let i = 0, cnt = pc[code]; i < cnt; i++) {
    const from = pl[code * SLOTS + i];
    for (let k = from * 8, end = k + 8; k < end; k++) {
      const t = KNIGHT_T[k];
      if (t === 0) break;
      if (b[KNIGHT_LEG[k]] !== 0) continue;
      const c = b[t];
      if (c === 0 || c >> 3 === them) buf[n++] = from | (t << 8);
    }
  }
  // Soldiers
  code = PAWN | hi;
  for (let i = 0, cnt = pc[code]; i < cnt; i++) {
    const from = pl[code * SLOTS + i];
    for (let k = cbase + from * 8, end = k + 8; k < end; k++) {
      const t = PAWN_T[k];
      if (t === 0) break;
      const c = b[t];
      if (c === 0 || c >> 3 === them) buf[n++] = from | (t << 8);
    }
  }
  // Elephants
  code = BISHOP | hi;
  for (let i = 0, cnt = pc[code]; i < cnt; i++) {
    const from = pl[code * SLOTS + i];
    for (let k = cbase + from * 8, end = k + 8; k < end; k++) {
      const t = BISHOP_T[k];
      if (t === 0) break;
      if (b[BISHOP_EYE[k]] !== 0) continue;
      const c = b[t];
      if (c === 0 || c >> 3 === them) buf[n++] = from | (t << 8);
    }
  }
  // Advisors
  code = ADVISOR | hi;
  for (let i = 0, cnt = pc[code]; i < cnt; i++) {
    const from = pl[code * SLOTS + i];
    for (let k = cbase + from * 8, end = k + 8; k < end; k++) {
      const t = ADVISOR_T[k];
      if (t === 0) break;
      const c = b[t];
      if (c === 0 || c >> 3 === them) buf[n++] = from | (t << 8);
    }
  }
  // King
  code = KING | hi;
  if (pc[code] !== 0) {
    const from = pl[code * SLOTS];
    for (let k = cbase + from * 8, end = k + 8; k < end; k++) {
      const t = KING_T[k];
      if (t === 0) break;
      const c = b[t];
      if (c === 0 || c >> 3 === them) buf[n++] = from | (t << 8);
    }
  }
  return n;
}

/** Appends the pseudo-legal captures of the side to move; returns the new end. */
export function generateCaptures(pos: Position, buf: Int32Array, n: number): number {
  const b = pos.board;
  const pl = pos.plist;
  const pc = pos.pcount;
  const us = pos.side;
  const them = us ^ 1;
  const hi = us << 3;
  const cbase = us * 256 * 8;

  // Chariots and cannons: the first and second piece on each line, from the occupancy tables.
  const ro = pos.rankOcc;
  const fo = pos.fileOcc;
  let code = ROOK | hi;
  for (let i = 0, cnt = pc[code]; i < cnt; i++) {
    const from = pl[code * SLOTS + i];
    const re = rankEntry(ro, from);
    const fe = fileEntry(fo, from);
    n = lineCapture(b, from, RANK_LINES.firstLo[re], them, buf, n);
    n = lineCapture(b, from, RANK_LINES.firstHi[re], them, buf, n);
    n = lineCapture(b, from, FILE_LINES.firstLo[fe], them, buf, n);
    n = lineCapture(b, from, FILE_LINES.firstHi[fe], them, buf, n);
  }
  code = CANNON | hi;
  for (let i = 0, cnt = pc[code]; i < cnt; i++) {
    const from = pl[code * SLOTS + i];
    const re = rankEntry(ro, from);
    const fe = fileEntry(fo, from);
    n = lineCapture(b, from, RANK_LINES.secondLo[re], them, buf, n);
    n = lineCapture(b, from, RANK_LINES.secondHi[re], them, buf, n);
    n = lineCapture(b, from, FILE_LINES.secondLo[fe], them, buf, n);
    n = lineCapture(b, from, FILE_LINES.secondHi[fe], them, buf, n);
  }
  code = KNIGHT | hi;
  for (let i = 0, cnt = pc[code]; i < cnt; i++) {
    const from = pl[code * SLOTS + i];
    for (let k = from * 8, end = k + 8; k < end; k++) {
      const t = KNIGHT_T[k];
      if (t === 0) break;
      if (b[t] !== 0 && b[t] >> 3 === them && b[KNIGHT_LEG[k]] === 0) buf[n++] = from | (t << 8);
    }
  }
  n = capturesFromTable(b, pl, pc, PAWN | hi, PAWN_T, cbase, them, buf, n);
  code = BISHOP | hi;
  for (let i = 0, cnt = pc[code]; i < cnt; i++) {
    const from = pl[code * SLOTS + i];
    for (let k = cbase + from * 8, end = k + 8; k < end; k++) {
      const t = BISHOP_T[k];
      if (t === 0) break;
      if (b[t] !== 0 && b[t] >> 3 === them && b[BISHOP_EYE[k]] === 0) buf[n++] = from | (t << 8);
    }
  }
  n = capturesFromTable(b, pl, pc, ADVISOR | hi, ADVISOR_T, cbase, them, buf, n);
  n = capturesFromTable(b, pl, pc, KING | hi, KING_T, cbase, them, buf, n);
  return n;
}

/** Appends from-(from+offset) when the line table found a piece there (offset ≠ 0) and it belongs to `them`. */
function lineCapture(b: Uint8Array, from: number, offset: number, them: number, buf: Int32Array, n: number): number {
  if (offset !== 0) {
    const t = from + offset;
    if (b[t] >> 3 === them) buf[n++] = from | (t << 8);
  }
  return n;
}

function capturesFromTable(
  b: Uint8Array,
  pl: Uint8Array,
  pc: Uint8Array,
  code: number,
  table: Uint8Array,
  cbase: number,
  them: number,
  buf: Int32Array,
  n: number,
): number {
  for (let i = 0, cnt = pc[code]; i < cnt; i++) {
    const from = pl[code * SLOTS + i];
    for (let k = cbase + from * 8, end = k + 8; k < end; k++) {
      const t = table[k];
      if (t === 0) break;
      const c = b[t];
      if (c !== 0 && c >> 3 === them) buf[n++] = from | (t << 8);
    }
  }
  return n;
}

/**
 * Is the point `k` attacked by side `by` along the one direction `dir` (a chariot, or the king
 * on a file, as the first piece; a cannon as the second)?
 */
function rayAttacked(b: Uint8Array, k: number, dir: number, by: number): boolean {
  const hi = by << 3;
  let t = k + dir;
  while (b[t] === 0) t += dir;
  const p = b[t];
  if (p === (ROOK | hi) || (p === (KING | hi) && (dir === 16 || dir === -16))) return true;
  if (p === WALL) return false;
  t += dir;
  while (b[t] === 0) t += dir;
  return b[t] === (CANNON | hi);
}

/** The step from `k` toward `sq` when they share a rank or file (0 otherwise or when equal). */
function lineStep(k: number, sq: number): number {
  if ((k & 15) === (sq & 15)) return sq > k ? 16 : sq < k ? -16 : 0;
  if (k >> 4 === sq >> 4) return sq > k ? 1 : -1;
  return 0;
}

/**
 * Before the move `from`-`to`, side `by` did not attack `k`; does it afterwards? The board
 * already shows the move (attackedAfter below applies it). Only lines and horse legs the move
 * touched can have changed: the rank or file through `from` (a piece moved off it) and through
 * `to` (a piece moved onto it, perhaps a new cannon screen or a checking chariot), a horse leg
 * freed at `from`, and the moved piece's own attack from `to`.
 */
function attackedOnBoard(b: Uint8Array, k: number, from: number, to: number, by: number): boolean {
  const dir = lineStep(k, from);
  if (dir !== 0 && rayAttacked(b, k, dir, by)) return true;
  const dirTo = lineStep(k, to);
  if (dirTo !== 0 && dirTo !== dir && rayAttacked(b, k, dirTo, by)) return true;
  const d = from - k;
  if (d === 17 || d === 15 || d === -15 || d === -17) {
    // `from` was a horse leg: the horses that jump through it.
    const N = KNIGHT | (by << 3);
    if (b[k + 2 * d - (d === 17 || d === -15 ? 1 : -1)] === N) return true; // two ranks away
    if (b[k + 2 * d - (d === 17 || d === 15 ? 16 : -16)] === N) return true; // two files away
  }
  const p = b[to];
  if (p >> 3 !== by) return false;
  const kind = p & 7;
  if (kind === KNIGHT) {
    const e = k - to;
    let leg = 0;
    if (e === 33 || e === 31) leg = 16;
    else if (e === -33 || e === -31) leg = -16;
    else if (e === 18 || e === -14) leg = 1;
    else if (e === -18 || e === 14) leg = -1;
    return leg !== 0 && b[to + leg] === 0;
  }
  if (kind === PAWN) {
    if (to + forward(by) === k) return true;
    return OWN_HALF[by * 256 + to] === 0 && (to + 1 === k || to - 1 === k);
  }
  return false;
}

/**
 * Is the move `from`-`to` clear of the king on `k`: `from` off its rank and file and not one of
 * its horse legs (a diagonal neighbour), `to` off its rank and file? Then the move opens and
 * closes no ray through the king and frees no horse leg (attackedOnBoard looks at nothing else
 * but the moved piece's own attack).
 */
function clearOfKing(k: number, from: number, to: number): boolean {
  const kf = k & 15;
  const kr = k >> 4;
  const d = from - k;
  return (
    (from & 15) !== kf &&
    from >> 4 !== kr &&
    d !== 15 &&
    d !== 17 &&
    d !== -15 &&
    d !== -17 &&
    (to & 15) !== kf &&
    to >> 4 !== kr
  );
}

/** attackedOnBoard for the move `from`-`to`, applied to the board array and taken back. */
function attackedAfter(b: Uint8Array, k: number, from: number, to: number, by: number): boolean {
  const p = b[from];
  const c = b[to];
  b[to] = p;
  b[from] = 0;
  const attacked = attackedOnBoard(b, k, from, to, by);
  b[from] = p;
  b[to] = c;
  return attacked;
}

/**
 * Does the pseudo-legal move `m` of the side to move give check? Decided without making the
 * move: the enemy king is not in check before it, so only the lines and legs the move touches
 * (see attackedOnBoard) are looked at, on the board array with the move applied.
 */
export function givesCheck(pos: Position, m: number): boolean {
  const us = pos.side;
  const b = pos.board;
  const k = pos.plist[(KING | ((us ^ 1) << 3)) * SLOTS];
  const from = m & 255;
  const to = moveTo(m);
  // Most moves touch none of those: a chariot, cannon, king, advisor or elephant move that is
  // clear of the enemy king's lines and legs checks nothing.
  const kind = b[from] & 7;
  if (kind !== KNIGHT && kind !== PAWN && clearOfKing(k, from, to)) return false;
  return attackedAfter(b, k, from, to, us);
}

/** Tries a pseudo-legal move on the board and tells whether the mover's king is then safe. */
export function isLegal(pos: Position, move: number): boolean {
  const b = pos.board;
  const from = move & 255;
  const to = moveTo(move);
  const p = b[from];
  const c = b[to];
  const us = pos.side;
  b[to] = p;
  b[from] = 0;
  const k = (p & 7) === KING ? to : pos.plist[(KING | (us << 3)) * SLOTS];
  const safe = !kingAttacked(b, k, us ^ 1);
  b[from] = p;
  b[to] = c;
  return safe;
}

/**
 * Keeps only the legal moves among buf[start..end) (pseudo-legal moves of the side to move),
 * compacting them in place; returns the new end.
 */
export function filterLegal(pos: Position, buf: Int32Array, start: number, end: number): number {
  const us = pos.side;
  const ksq = pos.plist[(KING | (us << 3)) * SLOTS];
  const check = kingAttackedOcc(pos.board, pos.rankOcc, pos.fileOcc, ksq, us ^ 1);
  if (check) return filterEvasions(pos, buf, start, end);
  let n = start;
  for (let i = start; i < end; i++) {
    const m = buf[i];
    if (quickLegal(pos, m, ksq, check)) buf[n++] = m;
  }
  return n;
}

/**
 * Keeps only the legal moves among buf[start..end), the pseudo-legal moves of a side in check,
 * compacting them in place (order kept); returns the new end. Only the king's moves, and the
 * other moves that could deal with one checker found first (take it, stand between it and the
 * king, take or move away a checking cannon's screen, block a checking horse's leg), are tried
 * on the board: the rest cannot answer that check.
 */
export function filterEvasions(pos: Position, buf: Int32Array, start: number, end: number): number {
  const b = pos.board;
  const us = pos.side;
  const them = us ^ 1;
  const thi = them << 3;
  const k = pos.plist[(KING | (us << 3)) * SLOTS];
  // One checker: its point, for a chariot or cannon the line between (`lo`..`hi` exclusive, on
  // the king's rank or file) and a cannon's screen, for a horse its leg.
  let target = 0;
  let lo = 0;
  let hi = 0;
  let onRank = false;
  let screen = 0;
  let leg = 0;
  const re = rankEntry(pos.rankOcc, k);
  const fe = fileEntry(pos.fileOcc, k);
  const R = ROOK | thi;
  const C = CANNON | thi;
  for (let d = 0; d < 4 && target === 0; d++) {
    const tables = d < 2 ? RANK_LINES : FILE_LINES;
    const e = d < 2 ? re : fe;
    const first = d & 1 ? tables.firstHi[e] : tables.firstLo[e];
    const second = d & 1 ? tables.secondHi[e] : tables.secondLo[e];
    if (first !== 0 && b[k + first] === R) target = k + first;
    else if (second !== 0 && b[k + second] === C) {
      target = k + second;
      screen = k + first;
    }
    if (target !== 0) {
      onRank = d < 2;
      lo = target < k ? target : k;
      hi = target < k ? k : target;
    }
  }
  if (target === 0) {
    const N = KNIGHT | thi;
    for (let i = 0; i < 4 && target === 0; i++) {
      const l = k + H_LEG[i];
      if (b[l] !== 0) continue;
      if (b[k + H_FROM_A[i]] === N) target = k + H_FROM_A[i];
      else if (b[k + H_FROM_B[i]] === N) target = k + H_FROM_B[i];
      if (target !== 0) leg = l;
    }
  }
  if (target === 0) {
    const P = PAWN | thi;
    if (b[k - forward(them)] === P) target = k - forward(them);
    else if (b[k - 1] === P) target = k - 1;
    else if (b[k + 1] === P) target = k + 1;
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
  return filterLegal(pos, buf, n, generatePseudo(pos, buf, n));
}

/** Is the move possible for the side to move under the piece rules (not checking king safety)? */
export function isPseudoLegal(pos: Position, move: number): boolean {
  const from = move & 255;
  const to = moveTo(move);
  if (from === to || !IN_BOARD[from] || !IN_BOARD[to] || move >>> 16 !== 0) return false;
  const b = pos.board;
  const p = b[from];
  const us = pos.side;
  if (p === 0 || p >> 3 !== us) return false;
  const c = b[to];
  if (c !== 0 && c >> 3 === us) return false;
  const cbase = (us * 256 + from) * 8;
  switch (p & 7) {
    case KING:
      return inTable(KING_T, cbase, to);
    case ADVISOR:
      return inTable(ADVISOR_T, cbase, to);
    case BISHOP:
      for (let k = cbase; k < cbase + 8 && BISHOP_T[k] !== 0; k++) {
        if (BISHOP_T[k] === to) return b[BISHOP_EYE[k]] === 0;
      }
      return false;
    case KNIGHT:
      for (let k = from * 8; k < from * 8 + 8 && KNIGHT_T[k] !== 0; k++) {
        if (KNIGHT_T[k] === to) return b[KNIGHT_LEG[k]] === 0;
      }
      return false;
    case PAWN:
      return inTable(PAWN_T, cbase, to);
    case ROOK:
    case CANNON: {
      let step: number;
      if ((from & 15) === (to & 15)) step = to > from ? 16 : -16;
      else if (from >> 4 === to >> 4) step = to > from ? 1 : -1;
      else return false;
      let between = 0;
      for (let t = from + step; t !== to; t += step) if (b[t] !== 0) between++;
      if ((p & 7) === ROOK) return between === 0;
      return c === 0 ? between === 0 : between === 1;
    }
  }
  return false;
}

function inTable(table: Uint8Array, base: number, to: number): boolean {
  for (let k = base; k < base + 8; k++) {
    const t = table[k];
    if (t === 0) return false;
    if (t === to) return true;
  }
  return false;
}

/** Is the move legal for the side to move (any integer accepted; garbage gives false)? */
export function isLegalMove(pos: Position, move: number): boolean {
  return isPseudoLegal(pos, move) && isLegal(pos, move);
}

/** Appends the pseudo-legal non-captures of the side to move; returns the new end. */
export function generateQuiets(pos: Position, buf: Int32Array, n: number): number {
  const b = pos.board;
  const pl = pos.plist;
  const pc = pos.pcount;
  const us = pos.side;
  const hi = us << 3;
  const cbase = us * 256 * 8;
  // Chariots and cannons slide the same way when not capturing.
  for (let code = ROOK | hi; code <= (CANNON | hi); code++) {
    for (let i = 0, cnt = pc[code]; i < cnt; i++) {
      const from = pl[code * SLOTS + i];
      for (let d = 0; d < 4; d++) {
        const dir = ORTHO[d];
        for (let t = from + dir; b[t] === 0; t += dir) buf[n++] = from | (t << 8);
      }
    }
  }
  let code = KNIGHT | hi;
  for (let i = 0, cnt = pc[code]; i < cnt; i++) {
    const from = pl[code * SLOTS + i];
    for (let k = from * 8, end = k + 8; k < end; k++) {
      const t = KNIGHT_T[k];
      if (t === 0) break;
      if (b[t] === 0 && b[KNIGHT_LEG[k]] === 0) buf[n++] = from | (t << 8);
    }
  }
  n = quietsFromTable(b, pl, pc, PAWN | hi, PAWN_T, cbase, buf, n);
  code = BISHOP | hi;
  for (let i = 0, cnt = pc[code]; i < cnt; i++) {
    const from = pl[code * SLOTS + i];
    for (let k = cbase + from * 8, end = k + 8; k < end; k++) {
      const t = BISHOP_T[k];
      if (t === 0) break;
      if (b[t] === 0 && b[BISHOP_EYE[k]] === 0) buf[n++] = from | (t << 8);
    }
  }
  n = quietsFromTable(b, pl, pc, ADVISOR | hi, ADVISOR_T, cbase, buf, n);
  n = quietsFromTable(b, pl, pc, KING | hi, KING_T, cbase, buf, n);
  return n;
}

function quietsFromTable(
  b: Uint8Array,
  pl: Uint8Array,
  pc: Uint8Array,
  code: number,
  table: Uint8Array,
  cbase: number,
  buf: Int32Array,
  n: number,
): number {
  for (let i = 0, cnt = pc[code]; i < cnt; i++) {
    const from = pl[code * SLOTS + i];
    for (let k = cbase + from * 8, end = k + 8; k < end; k++) {
      const t = table[k];
      if (t === 0) break;
      if (b[t] === 0) buf[n++] = from | (t << 8);
    }
  }
  return n;
}

/**
 * Legality of a pseudo-legal move given the mover's king square and whether it is in check:
 * the same cheap filter as filterLegal, then the board test where needed.
 */
export function quickLegal(pos: Position, m: number, ksq: number, check: boolean): boolean {
  if (!check) {
    const from = m & 255;
    const to = moveTo(m);
    if (clearOfKing(ksq, from, to)) return true;
    // Not in check and not a king move: only the lines and legs the move touches can matter.
    const b = pos.board;
    if ((b[from] & 7) !== KING) return !attackedAfter(b, ksq, from, to, pos.side ^ 1);
  }
  return isLegal(pos, m);
}
