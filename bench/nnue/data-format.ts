// Training-data files of `chuhan datagen`: a fixed header, then fixed-size position records.
//
// Header (64 bytes, little-endian):
//   0  8 bytes  magic "CHDATA\0\0"
//   8  u32      format version (DATA_VERSION)
//  12  u32      record size in bytes (RECORD_BYTES)
//  16  u32      games completed (records of a game are written only once the game is over)
//  20  u32      reserved (0)
//  24  f64      positions (records) in the file
//  32  u32      seed, 36 u32 nodes per move, 40 u32 random opening plies, 44 u32 flags (bit 0: openings file)
//  48  u32      the evaluation: 0 for the hand-written one, else the FNV-1a hash of the network file
//  52  12 bytes reserved (0)
// Record (48 bytes):
//   0  45 bytes  the 90 points, two per byte: point 2k in the low nibble, 2k+1 in the high one.
//               Point index = rank * 9 + file (rank 0 = Red's back rank, file 0 = a); the nibble is
//               the engine's piece code (kind | colour << 3: 1-7 red, 9-15 black; 0 empty).
//  45  u8       bit 0: side to move (0 Red, 1 Black); bits 1-2: game result for Red (0 loss, 1 draw, 2 win)
//  46  i16      search score in centipawns, from the side to move's point of view
// A game's records are appended together, then the header's counts are rewritten. A file cut short
// (a crash between the two) is repaired on resume by truncating to the header's count.
import { makeSquare, moveTo } from '../../engine/types';

export const DATA_MAGIC = 'CHDATA\0\0';
export const DATA_VERSION = 1;
export const HEADER_BYTES = 64;
export const RECORD_BYTES = 48;

export interface DataHeader {
  version: number;
  games: number;
  positions: number;
  seed: number;
  nodes: number;
  randomPlies: number;
  flags: number;
  /** 0: the hand-written evaluation played; else the network file's FNV-1a hash. */
  network: number;
}

export class DataFormatError extends Error {}

/** Mailbox square of each point index 0..89. */
export const POINT_SQUARE = new Uint8Array(90);
for (let rank = 0; rank < 10; rank++) for (let file = 0; file < 9; file++) POINT_SQUARE[rank * 9 + file] = makeSquare(file, rank);

export function encodeHeader(h: DataHeader): Uint8Array {
  const buf = new Uint8Array(HEADER_BYTES);
  const dv = new DataView(buf.buffer);
  for (let i = 0; i < 8; i++) buf[i] = DATA_MAGIC.charCodeAt(i);
  dv.setUint32(8, h.version, true);
  dv.setUint32(12, RECORD_BYTES, true);
  dv.setUint32(16, h.games, true);
  dv.setFloat64(24, h.positions, true);
  dv.setUint32(32, h.seed >>> 0, true);
  dv.setUint32(36, h.nodes, true);
  dv.setUint32(40, h.randomPlies, true);
  dv.setUint32(44, h.flags, true);
  dv.setUint32(48, h.network >>> 0, true);
  return buf;
}

/** Reads a header; throws DataFormatError naming what is wrong. `size` is the file's length. */
export function decodeHeader(buf: Uint8Array, size: number): DataHeader {
  if (buf.length < HEADER_BYTES || size < HEADER_BYTES) throw new DataFormatError(`too short for a header (${size} bytes)`);
  for (let i = 0; i < 8; i++) {
    if (buf[i] !== DATA_MAGIC.charCodeAt(i)) throw new DataFormatError('not a Chuhan training-data file (bad magic)');
  }
  const dv = new DataView(buf.buffer, buf.byteOffset, HEADER_BYTES);
  const version = dv.getUint32(8, true);
  if (version !== DATA_VERSION) throw new DataFormatError(`data format version ${version}, expected ${DATA_VERSION}`);
  const recordBytes = dv.getUint32(12, true);
  if (recordBytes !== RECORD_BYTES) throw new DataFormatError(`record size ${recordBytes}, expected ${RECORD_BYTES}`);
  const positions = dv.getFloat64(24, true);
  if (!Number.isSafeInteger(positions) || HEADER_BYTES + positions * RECORD_BYTES > size) {
    throw new DataFormatError(`the header counts ${positions} positions but the file holds ${Math.floor((size - HEADER_BYTES) / RECORD_BYTES)}`);
  }
  return {
    version,
    games: dv.getUint32(16, true),
    positions,
    seed: dv.getUint32(32, true),
    nodes: dv.getUint32(36, true),
    randomPlies: dv.getUint32(40, true),
    flags: dv.getUint32(44, true),
    network: dv.getUint32(48, true),
  };
}

/** Writes one record at `off`: the board, side, result for Red (0/1/2) and score (side to move). */
export function encodeRecord(out: Uint8Array, off: number, board: Uint8Array, side: number, redResult: number, score: number): void {
  for (let k = 0; k < 45; k++) {
    out[off + k] = (board[POINT_SQUARE[2 * k]] & 15) | ((board[POINT_SQUARE[2 * k + 1]] & 15) << 4);
  }
  out[off + 45] = (side & 1) | ((redResult & 3) << 1);
  const s = Math.max(-32767, Math.min(32767, Math.round(score)));
  out[off + 46] = s & 255;
  out[off + 47] = moveTo(s);
}

export function recordPiece(buf: Uint8Array, off: number, point: number): number {
  const b = buf[off + (point >> 1)];
  return point & 1 ? b >> 4 : b & 15;
}
export function recordSide(buf: Uint8Array, off: number): number {
  return buf[off + 45] & 1;
}
/** Result for Red: 0 loss, 1 draw, 2 win. */
export function recordRedResult(buf: Uint8Array, off: number): number {
  return (buf[off + 45] >> 1) & 3;
}
export function recordScore(buf: Uint8Array, off: number): number {
  const v = buf[off + 46] | (buf[off + 47] << 8);
  return v >= 32768 ? v - 65536 : v;
}
