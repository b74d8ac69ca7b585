// Training-data files of `chuhan datagen`: a fixed header, then fixed-size records.
//
// Header (64 bytes, little-endian):
//   0  8 bytes  magic "CHDATA\0\0"
//   8  u32      format version (1 or 2; new files are DATA_VERSION 2)
//  12  u32      record size in bytes (RECORD_BYTES)
//  16  u32      games completed (records of a game are written only once the game is over)
//  20  u16      version 2: shard K (1-based), u16 at 22 shard count N; both 0 in a whole run's file
//               (version 1: a u32 0)
//  24  f64      positions (position records) in the file
//  32  u32      seed, 36 u32 nodes per move, 40 u32 random opening plies
//  44  u32      flags: bit 0 an openings file, bit 1 (version 2) game heads before each game's positions
//  48  u32      the evaluation: 0 for the hand-written one, else the FNV-1a hash of the network file
//  52  u32      version 2: FNV-1a of the openings file (0 without one)
//  56  u32      version 2: the engine's play fingerprint (playFingerprint in datagen.ts)
//  60  u32      version 2: a shard's schedule, the games of the whole run (--games); 0 in a whole run's file
//               (version 1: bytes 52-63 are 0)
// Position record (48 bytes):
//   0  45 bytes  the 90 points, two per byte: point 2k in the low nibble, 2k+1 in the high one.
//               Point index = rank * 9 + file (rank 0 = Red's back rank, file 0 = a); the nibble is
//               the engine's piece code (kind | colour << 3: 1-7 red, 9-15 black; 0 empty).
//  45  u8       bit 0: side to move (0 Red, 1 Black); bits 1-2: game result for Red (0 loss, 1 draw, 2 win)
//  46  i16      search score in centipawns, from the side to move's point of view
// Game head (48 bytes, only in a shard's file, before the positions of each game):
//   0  u32 the game's index in the run's schedule; 4 u32 its positions (the records that follow);
//   8  u32 FNV-1a of those records; 12 u16 plies; 14 u8 result for Red (0/1/2, 3 dropped);
//  15  u8 how it ended (ENDINGS in selfplay.ts); 16-44 zero; 45 u8 GAME_HEAD_MARK (a position's
//      byte 45 uses bits 0-2 only); 46-47 zero.
// A game's records are appended together, then the header's counts are rewritten. A file cut short
// (a crash between the two) is repaired on resume by truncating to the header's count.
import { makeSquare, moveTo } from '../../engine/types';
import type { Shard } from '../match/shard';

const DATA_MAGIC = 'CHDATA\0\0';
export const DATA_VERSION = 2;
export const HEADER_BYTES = 64;
export const RECORD_BYTES = 48;
export const FLAG_OPENINGS = 1;
export const FLAG_GAME_HEADS = 2;
const GAME_HEAD_MARK = 0xf8;

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
  /** Version 2 (0 in version 1): FNV-1a of the openings file, 0 without one. */
  openings: number;
  /** Version 2 (0 in version 1): the engine's play fingerprint. */
  engine: number;
  /** Version 2: the shard this file is, null for a whole run. */
  shard: Shard | null;
  /** Version 2, a shard: the number of games in the whole run's schedule. 0 otherwise. */
  schedule: number;
}

export class DataFormatError extends Error {}

/** Mailbox square of each point index 0..89. */
export const POINT_SQUARE = new Uint8Array(90);
for (let rank = 0; rank < 10; rank++) for (let file = 0; file < 9; file++) POINT_SQUARE[rank * 9 + file] = makeSquare(file, rank);

/** Records (game heads included) after the header. */
function recordCount(h: DataHeader): number {
  return h.positions + (h.flags & FLAG_GAME_HEADS ? h.games : 0);
}

/** The file length the header accounts for. */
export function dataEnd(h: DataHeader): number {
  return HEADER_BYTES + recordCount(h) * RECORD_BYTES;
}

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
  if (h.version >= 2) {
    dv.setUint16(20, h.shard?.k ?? 0, true);
    dv.setUint16(22, h.shard?.n ?? 0, true);
    dv.setUint32(52, h.openings >>> 0, true);
    dv.setUint32(56, h.engine >>> 0, true);
    dv.setUint32(60, h.schedule >>> 0, true);
  }
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
  if (version !== 1 && version !== 2)
    throw new DataFormatError(`data format version ${version}, expected 1 or 2 (a newer chuhan wrote it?)`);
  const recordBytes = dv.getUint32(12, true);
  if (recordBytes !== RECORD_BYTES) throw new DataFormatError(`record size ${recordBytes}, expected ${RECORD_BYTES}`);
  const positions = dv.getFloat64(24, true);
  const v2 = version >= 2;
  const k = v2 ? dv.getUint16(20, true) : 0;
  const n = v2 ? dv.getUint16(22, true) : 0;
  const h: DataHeader = {
    version,
    games: dv.getUint32(16, true),
    positions,
    seed: dv.getUint32(32, true),
    nodes: dv.getUint32(36, true),
    randomPlies: dv.getUint32(40, true),
    flags: dv.getUint32(44, true),
    network: dv.getUint32(48, true),
    openings: v2 ? dv.getUint32(52, true) : 0,
    engine: v2 ? dv.getUint32(56, true) : 0,
    shard: n > 0 ? { k, n } : null,
    schedule: v2 ? dv.getUint32(60, true) : 0,
  };
  if (!v2 && h.flags & ~FLAG_OPENINGS) throw new DataFormatError(`flags ${h.flags} in a version-1 file`);
  if (h.shard !== null && (k < 1 || k > n)) throw new DataFormatError(`shard ${k}/${n}: K must be from 1 to N`);
  if ((h.shard !== null) !== ((h.flags & FLAG_GAME_HEADS) !== 0)) {
    throw new DataFormatError(h.shard ? `shard ${k}/${n} without game heads` : 'game heads in a file that is no shard');
  }
  if (!Number.isSafeInteger(positions) || positions < 0 || dataEnd(h) > size) {
    const held = Math.floor((size - HEADER_BYTES) / RECORD_BYTES);
    throw new DataFormatError(
      h.flags & FLAG_GAME_HEADS
        ? `the header counts ${h.games} games and ${positions} positions (${recordCount(h)} records) but the file holds ${held} records`
        : `the header counts ${positions} positions but the file holds ${held}`,
    );
  }
  return h;
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

interface GameHead {
  index: number;
  positions: number;
  /** FNV-1a of the game's position records. */
  hash: number;
  plies: number;
  /** Result for Red: 0 loss, 1 draw, 2 win, -1 dropped. */
  redResult: number;
  ending: number;
}

export function isGameHead(buf: Uint8Array, off: number): boolean {
  return buf[off + 45] === GAME_HEAD_MARK;
}

export function encodeGameHead(out: Uint8Array, off: number, g: GameHead): void {
  out.fill(0, off, off + RECORD_BYTES);
  const dv = new DataView(out.buffer, out.byteOffset + off, RECORD_BYTES);
  dv.setUint32(0, g.index, true);
  dv.setUint32(4, g.positions, true);
  dv.setUint32(8, g.hash >>> 0, true);
  dv.setUint16(12, Math.min(g.plies, 0xffff), true);
  dv.setUint8(14, g.redResult < 0 ? 3 : g.redResult);
  dv.setUint8(15, g.ending);
  out[off + 45] = GAME_HEAD_MARK;
}

export function decodeGameHead(buf: Uint8Array, off: number): GameHead {
  const dv = new DataView(buf.buffer, buf.byteOffset + off, RECORD_BYTES);
  const r = dv.getUint8(14);
  return {
    index: dv.getUint32(0, true),
    positions: dv.getUint32(4, true),
    hash: dv.getUint32(8, true),
    plies: dv.getUint16(12, true),
    redResult: r === 3 ? -1 : r,
    ending: dv.getUint8(15),
  };
}
