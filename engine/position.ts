// The board state in typed arrays: a padded 16x16 mailbox, per-kind piece lists, the occupancy
// masks, the Zobrist key in two int32 halves, incremental material/placement sums, and per ply of
// the game the state that make/unmake push and pop (the move, the piece that moved, the piece it
// took, whether it gave check, the key before it, the capture clock), as Stockfish's StateInfo.
// make/unmake allocate nothing.
//
// Which pieces attack a point (attackersTo, the one attack primitive of the engine, and the queries
// built on it) is attackers.ts, which reads a position's board and piece counts.

import { kingAttacked } from './attackers';
import { WALL } from './attacks';
import { type Occupancy, flipMove, newOccupancy, toggleOcc } from './lines';
import { PHASE_WEIGHT, PSQ_EG, PSQ_MG } from './pst';
import {
  ADVISOR,
  type Colour,
  ELEPHANT,
  IN_BOARD,
  KING,
  MAX_HISTORY,
  type Move,
  PIECE_CODES,
  type Piece,
  RED,
  SLOTS,
  SOLDIER,
  type Square,
  kindOf,
  moveTo,
} from './types';
import { SIDE_HI, SIDE_LO, ZOBRIST_HI, ZOBRIST_LO } from './zobrist';

/** -1 for the codes whose squares make up structureKey (advisors, elephants, soldiers), else 0. */
const STRUCTURE_MASK = new Int32Array(PIECE_CODES);
for (const kind of [ADVISOR, ELEPHANT, SOLDIER]) STRUCTURE_MASK[kind] = STRUCTURE_MASK[kind | 8] = -1;

/** histCheck's value for a position whose check has not been looked at yet. */
const CHECK_UNKNOWN = 2;

/** The material key's term for `count` pieces of `code` (0 for the kings' codes, whose counts never change). */
function materialTerm(code: number, count: number): number {
  return code >= 2 ? ZOBRIST_HI[code * 256 + count] : 0;
}

export class Position {
  /** Piece code per square; WALL off the board. */
  readonly board = new Uint8Array(256);
  /** Squares of the pieces of each code: plist[code * SLOTS + i], i < pcount[code]. */
  readonly plist = new Uint8Array(PIECE_CODES * SLOTS);
  readonly pcount = new Uint8Array(PIECE_CODES);
  /** Slot of the piece on each square in its code's list. */
  readonly pindex = new Uint8Array(256);
  /**
   * The occupied points as rank and file masks (lines.ts). A query about a trial move (a legality
   * or check test, an exchange of SEE, a capture the chase rules consider) empties and fills points
   * in it and restores them before it returns; the board array itself is only changed by make and
   * unmake.
   */
  readonly occ: Occupancy = newOccupancy();
  side = RED;
  keyLo = 0;
  keyHi = 0;
  /**
   * Keys for the correction history (correction.ts): the squares of the advisors, elephants and
   * soldiers of both sides (XOR of their ZOBRIST_LO entries), and the count of each piece code
   * from 2 up (XOR of ZOBRIST_HI[code * 256 + count]).
   */
  structureKey = 0;
  materialKey = 0;
  /** Material + placement, red minus black, middle game and end game. */
  mg = 0;
  eg = 0;
  /** Sum of PHASE_WEIGHT over the pieces on the board. */
  phase = 0;
  /** Plies since the last capture (the 60-move rule counts these). */
  halfmove = 0;
  /** Full-move number of the position's FEN (advanced as moves are made). */
  fullmove = 1;

  /** Number of moves made since the position was set up (index into the history stacks). */
  ply = 0;
  /** Per move made (index = ply before it): the move (0 for a null move), the piece that moved, the piece it took (or 0). */
  readonly histMove = new Int32Array(MAX_HISTORY);
  readonly histPiece = new Uint8Array(MAX_HISTORY);
  readonly histCaptured = new Uint8Array(MAX_HISTORY);
  /** Per position (index = ply): whether its side to move is in check (1 or 0; CHECK_UNKNOWN until asked). */
  private readonly histCheck = new Uint8Array(MAX_HISTORY + 1);
  readonly histHalfmove = new Int32Array(MAX_HISTORY);
  /** Key of the position before the move at the same index; index `ply` is the current key once stored. */
  readonly histKeyLo = new Int32Array(MAX_HISTORY + 1);
  readonly histKeyHi = new Int32Array(MAX_HISTORY + 1);

  constructor() {
    this.clear();
  }

  /** Empties the board and the history. */
  clear(): void {
    const b = this.board;
    for (let sq = 0; sq < 256; sq++) b[sq] = IN_BOARD[sq] ? 0 : WALL;
    this.pcount.fill(0);
    this.pindex.fill(0);
    this.plist.fill(0);
    this.occ.fill(0);
    this.side = RED;
    this.keyLo = 0;
    this.keyHi = 0;
    this.structureKey = 0;
    let m = 0;
    for (let code = 0; code < PIECE_CODES; code++) m ^= materialTerm(code, 0);
    this.materialKey = m;
    this.mg = 0;
    this.eg = 0;
    this.phase = 0;
    this.halfmove = 0;
    this.fullmove = 1;
    this.ply = 0;
    this.histCheck[0] = CHECK_UNKNOWN;
  }

  /** Puts a piece on an empty point (set-up only; keeps every incremental field right). */
  put(sq: Square, code: Piece): void {
    this.board[sq] = code;
    const slot = this.pcount[code]++;
    this.structureKey ^= ZOBRIST_LO[code * 256 + sq] & STRUCTURE_MASK[code];
    this.materialKey ^= materialTerm(code, slot) ^ materialTerm(code, slot + 1);
    this.plist[code * SLOTS + slot] = sq;
    this.pindex[sq] = slot;
    toggleOcc(this.occ, sq);
    this.histCheck[this.ply] = CHECK_UNKNOWN;
    this.keyLo ^= ZOBRIST_LO[code * 256 + sq];
    this.keyHi ^= ZOBRIST_HI[code * 256 + sq];
    this.mg += PSQ_MG[code * 256 + sq];
    this.eg += PSQ_EG[code * 256 + sq];
    this.phase += PHASE_WEIGHT[kindOf(code)];
  }

  /** Sets the side to move (set-up only), keeping the key right. */
  setSide(side: Colour): void {
    if (side !== this.side) {
      this.side = side;
      this.keyLo ^= SIDE_LO;
      this.keyHi ^= SIDE_HI;
      this.histCheck[this.ply] = CHECK_UNKNOWN;
    }
  }

  kingSquare(colour: Colour): Square {
    return this.plist[(KING | (colour << 3)) * SLOTS];
  }

  /** Count of pieces of one code. */
  count(code: Piece): number {
    return this.pcount[code];
  }

  /** Square of the i-th piece of one code. */
  pieceSquare(code: Piece, i: number): Square {
    return this.plist[code * SLOTS + i];
  }

  /** Is the side to move in check? Recorded by make when its caller knew, else looked at once and kept. */
  inCheck(): boolean {
    let check = this.histCheck[this.ply];
    if (check === CHECK_UNKNOWN) {
      const us = this.side;
      check = kingAttacked(this, this.plist[(KING | (us << 3)) * SLOTS], us ^ 1, this.occ) ? 1 : 0;
      this.histCheck[this.ply] = check;
    }
    return check === 1;
  }

  /**
   * Makes a (legal or pseudo-legal) move. `givesCheck`, when the caller knows it, is recorded as
   * the new side to move's check (else inCheck looks when asked).
   */
  make(move: Move, givesCheck?: boolean): void {
    const b = this.board;
    const from = move & 255;
    const to = moveTo(move);
    const p = b[from];
    const c = b[to];
    const ply = this.ply;
    this.histMove[ply] = move;
    this.histPiece[ply] = p;
    this.histCaptured[ply] = c;
    this.histCheck[ply + 1] = givesCheck === undefined ? CHECK_UNKNOWN : givesCheck ? 1 : 0;
    this.histHalfmove[ply] = this.halfmove;
    this.histKeyLo[ply] = this.keyLo;
    this.histKeyHi[ply] = this.keyHi;
    this.ply = ply + 1;

    let lo = this.keyLo ^ SIDE_LO;
    let hi = this.keyHi ^ SIDE_HI;
    if (c !== 0) {
      // Remove the captured piece from its list: the last piece of the code takes its slot.
      const base = c * SLOTS;
      const last = --this.pcount[c];
      const slot = this.pindex[to];
      const moved = this.plist[base + last];
      this.plist[base + slot] = moved;
      this.pindex[moved] = slot;
      this.structureKey ^= ZOBRIST_LO[c * 256 + to] & STRUCTURE_MASK[c];
      this.materialKey ^= materialTerm(c, last) ^ materialTerm(c, last + 1);
      lo ^= ZOBRIST_LO[c * 256 + to];
      hi ^= ZOBRIST_HI[c * 256 + to];
      this.mg -= PSQ_MG[c * 256 + to];
      this.eg -= PSQ_EG[c * 256 + to];
      this.phase -= PHASE_WEIGHT[kindOf(c)];
      this.halfmove = 0;
    } else {
      this.halfmove++;
    }
    flipMove(this.occ, from, to, c !== 0);
    b[to] = p;
    b[from] = 0;
    const slot = this.pindex[from];
    this.pindex[to] = slot;
    this.plist[p * SLOTS + slot] = to;
    const pf = p * 256 + from;
    const pt = p * 256 + to;
    this.keyLo = lo ^ ZOBRIST_LO[pf] ^ ZOBRIST_LO[pt];
    this.keyHi = hi ^ ZOBRIST_HI[pf] ^ ZOBRIST_HI[pt];
    this.structureKey ^= (ZOBRIST_LO[pf] ^ ZOBRIST_LO[pt]) & STRUCTURE_MASK[p];
    this.mg += PSQ_MG[pt] - PSQ_MG[pf];
    this.eg += PSQ_EG[pt] - PSQ_EG[pf];
    if (this.side !== RED) this.fullmove++;
    this.side ^= 1;
  }

  /** Takes back the last move made. */
  unmake(): void {
    const ply = --this.ply;
    const move = this.histMove[ply];
    const b = this.board;
    const from = move & 255;
    const to = moveTo(move);
    const p = b[to];
    const c = this.histCaptured[ply];
    this.side ^= 1;
    if (this.side !== RED) this.fullmove--;
    b[from] = p;
    flipMove(this.occ, from, to, c !== 0);
    const slot = this.pindex[to];
    this.pindex[from] = slot;
    this.plist[p * SLOTS + slot] = from;
    const pf = p * 256 + from;
    const pt = p * 256 + to;
    this.mg -= PSQ_MG[pt] - PSQ_MG[pf];
    this.eg -= PSQ_EG[pt] - PSQ_EG[pf];
    this.structureKey ^= (ZOBRIST_LO[pf] ^ ZOBRIST_LO[pt]) & STRUCTURE_MASK[p];
    b[to] = c;
    if (c !== 0) {
      const cslot = this.pcount[c]++;
      this.structureKey ^= ZOBRIST_LO[c * 256 + to] & STRUCTURE_MASK[c];
      this.materialKey ^= materialTerm(c, cslot) ^ materialTerm(c, cslot + 1);
      this.plist[c * SLOTS + cslot] = to;
      this.pindex[to] = cslot;
      this.mg += PSQ_MG[c * 256 + to];
      this.eg += PSQ_EG[c * 256 + to];
      this.phase += PHASE_WEIGHT[kindOf(c)];
    }
    this.halfmove = this.histHalfmove[ply];
    this.keyLo = this.histKeyLo[ply];
    this.keyHi = this.histKeyHi[ply];
  }

  /** Makes again the move unmake took back last, with what was recorded about it (the cycle analysis walks a game so). */
  redo(): void {
    const check = this.histCheck[this.ply + 1];
    this.make(this.histMove[this.ply]);
    this.histCheck[this.ply] = check;
  }

  /** Passes the move (for null-move pruning). Never call it in check. */
  makeNull(): void {
    const ply = this.ply;
    this.histMove[ply] = 0;
    this.histPiece[ply] = 0;
    this.histCaptured[ply] = 0;
    // Never made in check, so the other side is not in check after it either.
    this.histCheck[ply + 1] = 0;
    this.histHalfmove[ply] = this.halfmove;
    this.histKeyLo[ply] = this.keyLo;
    this.histKeyHi[ply] = this.keyHi;
    this.ply = ply + 1;
    this.keyLo ^= SIDE_LO;
    this.keyHi ^= SIDE_HI;
    this.halfmove++;
    if (this.side !== RED) this.fullmove++;
    this.side ^= 1;
  }

  unmakeNull(): void {
    const ply = --this.ply;
    this.side ^= 1;
    if (this.side !== RED) this.fullmove--;
    this.halfmove = this.histHalfmove[ply];
    this.keyLo = this.histKeyLo[ply];
    this.keyHi = this.histKeyHi[ply];
  }

  /** Forgets the move history (keeps the position); used when a game's history is no longer wanted. */
  resetHistory(): void {
    this.histCheck[0] = this.histCheck[this.ply];
    this.ply = 0;
  }

  /** Copies everything, history included, from another position. */
  copyFrom(o: Position): void {
    this.board.set(o.board);
    this.plist.set(o.plist);
    this.pcount.set(o.pcount);
    this.pindex.set(o.pindex);
    this.occ.set(o.occ);
    this.side = o.side;
    this.keyLo = o.keyLo;
    this.keyHi = o.keyHi;
    this.structureKey = o.structureKey;
    this.materialKey = o.materialKey;
    this.mg = o.mg;
    this.eg = o.eg;
    this.phase = o.phase;
    this.halfmove = o.halfmove;
    this.fullmove = o.fullmove;
    this.ply = o.ply;
    this.histMove.set(o.histMove.subarray(0, o.ply));
    this.histPiece.set(o.histPiece.subarray(0, o.ply));
    this.histCaptured.set(o.histCaptured.subarray(0, o.ply));
    this.histCheck.set(o.histCheck.subarray(0, o.ply + 1));
    this.histHalfmove.set(o.histHalfmove.subarray(0, o.ply));
    this.histKeyLo.set(o.histKeyLo.subarray(0, o.ply + 1));
    this.histKeyHi.set(o.histKeyHi.subarray(0, o.ply + 1));
  }

  clone(): Position {
    const p = new Position();
    p.copyFrom(this);
    return p;
  }
}

/** Computes the key of a position from scratch (for tests and validation). */
export function computeKey(pos: Position): [number, number] {
  let lo = 0;
  let hi = 0;
  for (let sq = 0; sq < 256; sq++) {
    const c = pos.board[sq];
    if (c !== 0 && c !== WALL) {
      lo ^= ZOBRIST_LO[c * 256 + sq];
      hi ^= ZOBRIST_HI[c * 256 + sq];
    }
  }
  if (pos.side !== RED) {
    lo ^= SIDE_LO;
    hi ^= SIDE_HI;
  }
  return [lo, hi];
}

/** Computes the correction-history keys of a position from scratch (for tests): [structure, material]. */
export function computeCorrectionKeys(pos: Position): [number, number] {
  let structure = 0;
  let material = 0;
  for (let sq = 0; sq < 256; sq++) {
    const c = pos.board[sq];
    if (c !== 0 && c !== WALL) structure ^= ZOBRIST_LO[c * 256 + sq] & STRUCTURE_MASK[c];
  }
  for (let code = 0; code < PIECE_CODES; code++) material ^= materialTerm(code, pos.pcount[code]);
  return [structure, material];
}
