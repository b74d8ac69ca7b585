// Static exchange evaluation: the material outcome of the capture sequence on one point,
// each side recapturing with its least valuable attacker and free to stop at any time.
// Attackers are found again on the board after every capture, because in xiangqi taking a
// piece away can open a line (chariot), remove a screen (cannon) or free a horse leg or an
// elephant eye. Pins are ignored, as usual for SEE.

import { H_FROM_A, H_FROM_B, H_LEG, ORTHO } from './attacks';
import { FILE_LINES, RANK_LINES, fileEntry, rankEntry, toggleOcc } from './lines';
import { Position } from './position';
import { ADVISOR, BISHOP, CANNON, IN_PALACE, KING, KNIGHT, OWN_HALF, PAWN, ROOK, forward, moveTo } from './types';

/** Exchange values by kind (a king is worth more than any exchange can win). */
export const SEE_VALUE = [0, 20000, 200, 200, 400, 900, 450, 100];

const DIAG = [-17, -15, 15, 17];

/**
 * The square of the least valuable piece of `side` attacking `sq` on board `b` whose occupancy
 * masks are `rankOcc` and `fileOcc`, or 0.
 */
export function leastValuableAttacker(b: Uint8Array, rankOcc: Uint16Array, fileOcc: Uint16Array, sq: number, side: number): number {
  const hi = side << 3;
  const P = PAWN | hi;
  if (b[sq - forward(side)] === P) return sq - forward(side);
  if (OWN_HALF[side * 256 + sq] === 0) {
    if (b[sq - 1] === P) return sq - 1;
    if (b[sq + 1] === P) return sq + 1;
  }
  if (IN_PALACE[side * 256 + sq]) {
    const A = ADVISOR | hi;
    for (let i = 0; i < 4; i++) if (b[sq + DIAG[i]] === A) return sq + DIAG[i];
  }
  if (OWN_HALF[side * 256 + sq]) {
    const B = BISHOP | hi;
    for (let i = 0; i < 4; i++) {
      const d = DIAG[i];
      if (b[sq + 2 * d] === B && b[sq + d] === 0) return sq + 2 * d;
    }
  }
  const N = KNIGHT | hi;
  for (let i = 0; i < 4; i++) {
    if (b[sq + H_LEG[i]] !== 0) continue;
    if (b[sq + H_FROM_A[i]] === N) return sq + H_FROM_A[i];
    if (b[sq + H_FROM_B[i]] === N) return sq + H_FROM_B[i];
  }
  // Chariots and cannons: the first and second piece on each line, from the occupancy masks
  // (see() keeps them right as it takes pieces off). A cannon is cheaper than a chariot.
  const R = ROOK | hi;
  const C = CANNON | hi;
  const re = rankEntry(rankOcc, sq);
  const fe = fileEntry(fileOcc, sq);
  const rLo = RANK_LINES.firstLo[re];
  const rHi = RANK_LINES.firstHi[re];
  const fLo = FILE_LINES.firstLo[fe];
  const fHi = FILE_LINES.firstHi[fe];
  // Any first piece can be a cannon's screen, a chariot of the same side included.
  let rook = 0;
  if (rLo !== 0) {
    const t = RANK_LINES.secondLo[re];
    if (t !== 0 && b[sq + t] === C) return sq + t;
    if (b[sq + rLo] === R) rook = sq + rLo;
  }
  if (rHi !== 0) {
    const t = RANK_LINES.secondHi[re];
    if (t !== 0 && b[sq + t] === C) return sq + t;
    if (b[sq + rHi] === R) rook = sq + rHi;
  }
  if (fLo !== 0) {
    const t = FILE_LINES.secondLo[fe];
    if (t !== 0 && b[sq + t] === C) return sq + t;
    if (b[sq + fLo] === R) rook = sq + fLo;
  }
  if (fHi !== 0) {
    const t = FILE_LINES.secondHi[fe];
    if (t !== 0 && b[sq + t] === C) return sq + t;
    if (b[sq + fHi] === R) rook = sq + fHi;
  }
  if (rook !== 0) return rook;
  if (IN_PALACE[side * 256 + sq]) {
    const K = KING | hi;
    for (let i = 0; i < 4; i++) if (b[sq + ORTHO[i]] === K) return sq + ORTHO[i];
  }
  return 0;
}

const gain = new Int32Array(40);
const savedSq = new Int32Array(40);
const savedPiece = new Int32Array(40);

/** Exchange value of a capture (or quiet move) for the side making it. */
export function see(pos: Position, move: number): number {
  const b = pos.board;
  const ro = pos.rankOcc;
  const fo = pos.fileOcc;
  const from = move & 255;
  const to = moveTo(move);
  let attackerValue = SEE_VALUE[b[from] & 7];
  let side = b[from] >> 3;
  let saved = 0;
  savedSq[saved] = from;
  savedPiece[saved++] = b[from];
  b[from] = 0;
  toggleOcc(ro, fo, from);
  let d = 0;
  gain[0] = SEE_VALUE[b[to] & 7];
  while (d < 38) {
    d++;
    side ^= 1;
    gain[d] = attackerValue - gain[d - 1];
    if (Math.max(0 - gain[d - 1], gain[d]) < 0) break;
    const next = leastValuableAttacker(b, ro, fo, to, side);
    if (next === 0) break;
    attackerValue = SEE_VALUE[b[next] & 7];
    savedSq[saved] = next;
    savedPiece[saved++] = b[next];
    b[next] = 0;
    toggleOcc(ro, fo, next);
  }
  while (--d > 0) gain[d - 1] = 0 - Math.max(0 - gain[d - 1], gain[d]);
  while (saved > 0) {
    saved--;
    const sq = savedSq[saved];
    b[sq] = savedPiece[saved];
    toggleOcc(ro, fo, sq);
  }
  return gain[0];
}

/** The moves of moves[0..n) that do not lose material by SEE (see ≥ 0), in their order. */
export function safeMoves(pos: Position, moves: Int32Array, n: number): number[] {
  const safe: number[] = [];
  for (let i = 0; i < n; i++) if (see(pos, moves[i]) >= 0) safe.push(moves[i]);
  return safe;
}
