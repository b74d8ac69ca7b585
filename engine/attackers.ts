// Which pieces attack a point: attackersTo, the one attack primitive of the engine, unrolled piece
// by piece, and the queries built on its parts (the flying general, the lines and the horse legs a
// move changes, a king attacked). Checks (Position.inCheck, movegen.ts), legality and givesCheck
// (movegen.ts), SEE (see.ts) and the chase rules (chase.ts) are all asked of them. They read the
// board and the piece counts of a position, and take the occupied points as an Occupancy (lines.ts)
// so that a trial move can empty and fill points without touching the board.

import { DIAG, ORTHO } from './attacks';
import { FILE_LINES, RANK_LINES, type Occupancy, fileEntry, occupied, rankEntry } from './lines';
import { ADVISOR, CANNON, CHARIOT, type Colour, ELEPHANT, HORSE, IN_PALACE, KING, OWN_HALF, SOLDIER, type Square, forward } from './types';

/** What the queries read of a position (Position has it): the piece code per square, the count of each code. */
interface AttackBoard {
  readonly board: Uint8Array;
  readonly pcount: Uint8Array;
}

/** Scratch for kingAttacked. */
const found = new Int32Array(2);

/**
 * The points of the pieces of side `by` that can capture on point `sq` when the points of `occ`
 * are the occupied ones, written to `out` from the least valuable up, at most `max` of them;
 * returns how many. A piece counts where the board shows it and `occ` has its point occupied, so
 * `occ` may empty points of the board; a point it fills holds whatever the board shows there.
 * The kings facing each other is no capture (see kingAttacked). The order is fixed: soldiers
 * (behind, then left and right), advisors and elephants (DIAG order), horses (by leg), then
 * on the rank's low and high side and the file's low and high side the cannons, the chariots in
 * the opposite order, and the king.
 */
export function attackersTo(pos: AttackBoard, sq: Square, by: Colour, occ: Occupancy, out: Int32Array, max: number): number {
  const b = pos.board;
  const hi = by << 3;
  let n = 0;
  const P = SOLDIER | hi;
  const back = sq - forward(by);
  if (b[back] === P && occupied(occ, back)) {
    out[n++] = back;
    if (n === max) return n;
  }
  const side = by * 256 + sq;
  if (OWN_HALF[side] === 0) {
    if (b[sq - 1] === P && occupied(occ, sq - 1)) {
      out[n++] = sq - 1;
      if (n === max) return n;
    }
    if (b[sq + 1] === P && occupied(occ, sq + 1)) {
      out[n++] = sq + 1;
      if (n === max) return n;
    }
  }
  // The four diagonal neighbours (advisor steps, elephant eyes, horse legs), occupied or not:
  // bit 0 the file to the left, bit 2 the file to the right, of the rows below and above.
  const f = (sq & 15) - 3;
  const below = (occ[(sq >> 4) - 1] << 1) >> f;
  const above = (occ[(sq >> 4) + 1] << 1) >> f;
  if (IN_PALACE[side] !== 0) {
    const A = ADVISOR | hi;
    for (let i = 0; i < 4; i++) {
      const s = sq + DIAG[i];
      if (b[s] === A && occupied(occ, s)) {
        out[n++] = s;
        if (n === max) return n;
      }
    }
  }
  if (OWN_HALF[side] !== 0 && pos.pcount[ELEPHANT | hi] !== 0) {
    const B = ELEPHANT | hi;
    // DIAG order: -17, -15, 15, 17.
    if ((below & 1) === 0 && b[sq - 34] === B && occupied(occ, sq - 34)) {
      out[n++] = sq - 34;
      if (n === max) return n;
    }
    if ((below & 4) === 0 && b[sq - 30] === B && occupied(occ, sq - 30)) {
      out[n++] = sq - 30;
      if (n === max) return n;
    }
    if ((above & 1) === 0 && b[sq + 30] === B && occupied(occ, sq + 30)) {
      out[n++] = sq + 30;
      if (n === max) return n;
    }
    if ((above & 4) === 0 && b[sq + 34] === B && occupied(occ, sq + 34)) {
      out[n++] = sq + 34;
      if (n === max) return n;
    }
  }
  const N = HORSE | hi;
  if (pos.pcount[N] !== 0) {
    // By leg (+17, +15, -15, -17); over each leg first the horse two ranks away, then the one two files away.
    if ((above & 4) === 0) {
      if (b[sq + 33] === N && occupied(occ, sq + 33)) {
        out[n++] = sq + 33;
        if (n === max) return n;
      }
      if (b[sq + 18] === N && occupied(occ, sq + 18)) {
        out[n++] = sq + 18;
        if (n === max) return n;
      }
    }
    if ((above & 1) === 0) {
      if (b[sq + 31] === N && occupied(occ, sq + 31)) {
        out[n++] = sq + 31;
        if (n === max) return n;
      }
      if (b[sq + 14] === N && occupied(occ, sq + 14)) {
        out[n++] = sq + 14;
        if (n === max) return n;
      }
    }
    if ((below & 4) === 0) {
      if (b[sq - 31] === N && occupied(occ, sq - 31)) {
        out[n++] = sq - 31;
        if (n === max) return n;
      }
      if (b[sq - 14] === N && occupied(occ, sq - 14)) {
        out[n++] = sq - 14;
        if (n === max) return n;
      }
    }
    if ((below & 1) === 0) {
      if (b[sq - 33] === N && occupied(occ, sq - 33)) {
        out[n++] = sq - 33;
        if (n === max) return n;
      }
      if (b[sq - 18] === N && occupied(occ, sq - 18)) {
        out[n++] = sq - 18;
        if (n === max) return n;
      }
    }
  }
  // The first piece on each line (a chariot's target, or a cannon's screen) and the second (a
  // cannon's target), from the line tables.
  const re = rankEntry(occ, sq);
  const fe = fileEntry(occ, sq);
  const C = CANNON | hi;
  let o = 0;
  if (pos.pcount[C] !== 0) {
    o = RANK_LINES.secondLo[re];
    if (o !== 0 && b[sq + o] === C) {
      out[n++] = sq + o;
      if (n === max) return n;
    }
    o = RANK_LINES.secondHi[re];
    if (o !== 0 && b[sq + o] === C) {
      out[n++] = sq + o;
      if (n === max) return n;
    }
    o = FILE_LINES.secondLo[fe];
    if (o !== 0 && b[sq + o] === C) {
      out[n++] = sq + o;
      if (n === max) return n;
    }
    o = FILE_LINES.secondHi[fe];
    if (o !== 0 && b[sq + o] === C) {
      out[n++] = sq + o;
      if (n === max) return n;
    }
  }
  const R = CHARIOT | hi;
  if (pos.pcount[R] !== 0) {
    o = FILE_LINES.firstHi[fe];
    if (o !== 0 && b[sq + o] === R) {
      out[n++] = sq + o;
      if (n === max) return n;
    }
    o = FILE_LINES.firstLo[fe];
    if (o !== 0 && b[sq + o] === R) {
      out[n++] = sq + o;
      if (n === max) return n;
    }
    o = RANK_LINES.firstHi[re];
    if (o !== 0 && b[sq + o] === R) {
      out[n++] = sq + o;
      if (n === max) return n;
    }
    o = RANK_LINES.firstLo[re];
    if (o !== 0 && b[sq + o] === R) {
      out[n++] = sq + o;
      if (n === max) return n;
    }
  }
  if (IN_PALACE[side] !== 0) {
    const K = KING | hi;
    for (let i = 0; i < 4; i++) {
      const s = sq + ORTHO[i];
      if (b[s] === K && occupied(occ, s)) {
        out[n++] = s;
        if (n === max) return n;
      }
    }
  }
  return n;
}

/** The point of side `by`'s king when it faces `sq` along a file with nothing between in `occ` (the flying general), else 0. */
export function facingKing(pos: AttackBoard, sq: Square, by: Colour, occ: Occupancy): Square {
  const K = KING | (by << 3);
  const fe = fileEntry(occ, sq);
  let o = FILE_LINES.firstHi[fe];
  if (o !== 0 && pos.board[sq + o] === K) return sq + o;
  o = FILE_LINES.firstLo[fe];
  if (o !== 0 && pos.board[sq + o] === K) return sq + o;
  return 0;
}

/**
 * Does side `by` attack `sq` along one of the lines `lines` (lineSide's bits, attacks.ts) in
 * `occ`: a chariot (or along the file the king, the flying general) the first piece there, or a
 * cannon the second? A piece on `ignore` does not count (the point a trial move fills: the board
 * still shows what stood there). The line part of attackersTo for the lines a move changes: a
 * move opens or closes no other line through `sq` (movegen.ts).
 */
export function lineAttacked(pos: AttackBoard, sq: Square, by: Colour, occ: Occupancy, lines: number, ignore: Square): boolean {
  const b = pos.board;
  const hi = by << 3;
  const R = CHARIOT | hi;
  const C = CANNON | hi;
  const K = KING | hi;
  let o = 0;
  if ((lines & 3) !== 0) {
    const re = rankEntry(occ, sq);
    if ((lines & 1) !== 0) {
      o = RANK_LINES.firstLo[re];
      if (o !== 0 && sq + o !== ignore && b[sq + o] === R) return true;
      o = RANK_LINES.secondLo[re];
      if (o !== 0 && sq + o !== ignore && b[sq + o] === C) return true;
    }
    if ((lines & 2) !== 0) {
      o = RANK_LINES.firstHi[re];
      if (o !== 0 && sq + o !== ignore && b[sq + o] === R) return true;
      o = RANK_LINES.secondHi[re];
      if (o !== 0 && sq + o !== ignore && b[sq + o] === C) return true;
    }
  }
  if ((lines & 12) !== 0) {
    const fe = fileEntry(occ, sq);
    if ((lines & 4) !== 0) {
      o = FILE_LINES.firstLo[fe];
      if (o !== 0 && sq + o !== ignore && (b[sq + o] === R || b[sq + o] === K)) return true;
      o = FILE_LINES.secondLo[fe];
      if (o !== 0 && sq + o !== ignore && b[sq + o] === C) return true;
    }
    if ((lines & 8) !== 0) {
      o = FILE_LINES.firstHi[fe];
      if (o !== 0 && sq + o !== ignore && (b[sq + o] === R || b[sq + o] === K)) return true;
      o = FILE_LINES.secondHi[fe];
      if (o !== 0 && sq + o !== ignore && b[sq + o] === C) return true;
    }
  }
  return false;
}

/**
 * Does a horse of side `by` stand where it attacks `sq` over the leg `leg` (a diagonal neighbour
 * of `sq`), other than on `ignore`? The horse part of attackersTo for one leg: the leg a move
 * frees.
 */
export function horseOverLeg(pos: AttackBoard, sq: Square, leg: Square, by: Colour, ignore: Square): boolean {
  const N = HORSE | (by << 3);
  const d = leg - sq;
  // Two ranks away, then two files away, over the leg.
  const a = sq + 2 * d - (d === 17 || d === -15 ? 1 : -1);
  const c = sq + 2 * d - (d === 17 || d === 15 ? 16 : -16);
  return (pos.board[a] === N && a !== ignore) || (pos.board[c] === N && c !== ignore);
}

/**
 * Would a king of side by ^ 1 on `sq` be attacked by side `by` in `occ`: by a piece that can
 * capture there (attackersTo; one on `ignore` does not count: the piece a trial move takes), or
 * by `by`'s king facing it?
 */
export function kingAttacked(pos: AttackBoard, sq: Square, by: Colour, occ: Occupancy, ignore: Square = 0): boolean {
  // With a point to ignore, a second attacker may be the one that counts.
  const n = attackersTo(pos, sq, by, occ, found, ignore === 0 ? 1 : 2);
  if (n > 1 || (n === 1 && found[0] !== ignore)) return true;
  return facingKing(pos, sq, by, occ) !== 0;
}
