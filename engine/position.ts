// The board state in typed arrays: a padded 16x16 mailbox, per-kind piece lists, the
// Zobrist key in two int32 halves, incremental material/placement sums, and the game
// history (moves, captured pieces, keys, capture clock) that make/unmake push and pop.
// make/unmake allocate nothing.

import { kingAttackedOcc, WALL } from './attacks';
import { toggleOcc } from './lines';
import { PHASE_WEIGHT, PSQ_EG, PSQ_MG } from './pst';
import { ADVISOR, BISHOP, IN_BOARD, KING, MAX_HISTORY, PAWN, PIECE_CODES, RED, SLOTS, moveTo } from './types';
import { SIDE_HI, SIDE_LO, ZOBRIST_HI, ZOBRIST_LO } from './zobrist';

/** -1 for the codes whose squares make up structureKey (advisors, elephants, soldiers), else 0. */
const STRUCTURE_MASK = new Int32Array(PIECE_CODES);
for (const kind of [ADVISOR, BISHOP, PAWN]) STRUCTURE_MASK[kind] = STRUCTURE_MASK[kind | 8] = -1;

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
  /** Occupied points of each rank (indexed by mailbox row, bit = file) and file (by mailbox column, bit = rank); see lines.ts. */
  readonly rankOcc = new Uint16Array(16);
  readonly fileOcc = new Uint16Array(16);
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
  readonly histMove = new Int32Array(MAX_HISTORY);
  readonly histCaptured = new Uint8Array(MAX_HISTORY);
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
    this.rankOcc.fill(0);
    this.fileOcc.fill(0);
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
  }

  /** Puts a piece on an empty point (set-up only; keeps every incremental field right). */
  put(sq: number, code: number): void {
    this.board[sq] = code;
    const slot = this.pcount[code]++;
    this.structureKey ^= ZOBRIST_LO[code * 256 + sq] & STRUCTURE_MASK[code];
    this.materialKey ^= materialTerm(code, slot) ^ materialTerm(code, slot + 1);
    this.plist[code * SLOTS + slot] = sq;
    this.pindex[sq] = slot;
    toggleOcc(this.rankOcc, this.fileOcc, sq);
    this.keyLo ^= ZOBRIST_LO[code * 256 + sq];
    this.keyHi ^= ZOBRIST_HI[code * 256 + sq];
    this.mg += PSQ_MG[code * 256 + sq];
    this.eg += PSQ_EG[code * 256 + sq];
    this.phase += PHASE_WEIGHT[code & 7];
  }

  /** Sets the side to move (set-up only), keeping the key right. */
  setSide(side: number): void {
    if (side !== this.side) {
      this.side = side;
      this.keyLo ^= SIDE_LO;
      this.keyHi ^= SIDE_HI;
    }
  }

  kingSquare(colour: number): number {
    return this.plist[(KING | (colour << 3)) * SLOTS];
  }

  /** Count of pieces of one code. */
  count(code: number): number {
    return this.pcount[code];
  }

  /** Square of the i-th piece of one code. */
  pieceSquare(code: number, i: number): number {
    return this.plist[code * SLOTS + i];
  }

  inCheck(): boolean {
    return kingAttackedOcc(this.board, this.rankOcc, this.fileOcc, this.plist[(KING | (this.side << 3)) * SLOTS], this.side ^ 1);
  }

  /** Makes a (legal or pseudo-legal) move. */
  make(move: number): void {
    const b = this.board;
    const from = move & 255;
    const to = moveTo(move);
    const p = b[from];
    const c = b[to];
    const ply = this.ply;
    this.histMove[ply] = move;
    this.histCaptured[ply] = c;
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
      this.phase -= PHASE_WEIGHT[c & 7];
      this.halfmove = 0;
    } else {
      this.halfmove++;
      toggleOcc(this.rankOcc, this.fileOcc, to);
    }
    toggleOcc(this.rankOcc, this.fileOcc, from);
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
    toggleOcc(this.rankOcc, this.fileOcc, from);
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
      this.phase += PHASE_WEIGHT[c & 7];
    } else {
      toggleOcc(this.rankOcc, this.fileOcc, to);
    }
    this.halfmove = this.histHalfmove[ply];
    this.keyLo = this.histKeyLo[ply];
    this.keyHi = this.histKeyHi[ply];
  }

  /** Passes the move (for null-move pruning). Never call it in check. */
  makeNull(): void {
    const ply = this.ply;
    this.histMove[ply] = 0;
    this.histCaptured[ply] = 0;
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
    this.ply = 0;
  }

  /** Copies everything, history included, from another position. */
  copyFrom(o: Position): void {
    this.board.set(o.board);
    this.plist.set(o.plist);
    this.pcount.set(o.pcount);
    this.pindex.set(o.pindex);
    this.rankOcc.set(o.rankOcc);
    this.fileOcc.set(o.fileOcc);
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
    this.histCaptured.set(o.histCaptured.subarray(0, o.ply));
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
