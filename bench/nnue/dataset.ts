// Training positions decoded for the network: the records of `chuhan datagen` files
// (data-format.ts) turned into the network's active inputs for both perspectives (engine/nnue-format.ts
// featureIndex, or inputIndex for king-bucketed networks), with the score and result from the side
// to move's point of view. The trainer
// decodes one batch at a time from the records it holds (data-source.ts reads them), so that
// memory holds 48 bytes a position, not the 135 of a decoded one.
import { featureIndex, featureSquare, kingCell, kingMirrored, NNUE_INPUTS } from '../../engine/nnue-format';
import { BLACK, KING, RED, flipFile, kindOf } from '../../engine/types';
import { POINT_SQUARE, RECORD_BYTES, recordRedResult, recordScore, recordSide } from './data-format';

/** At most this many pieces on a board (16 a side). */
export const MAX_ACTIVE = 32;

export interface Dataset {
  size: number;
  /** Active inputs, MAX_ACTIVE per position: side to move's perspective, then the other one. */
  us: Uint16Array;
  them: Uint16Array;
  active: Uint8Array;
  /** Search score in centipawns, side to move. */
  score: Int16Array;
  /** Game result for the side to move: 0 loss, 0.5 draw, 1 win. */
  result: Float32Array;
  /** The king buckets of the network the inputs are for (engine/nnue-format.ts), or null for plain inputs. */
  kingBuckets: Uint8Array | null;
  /** The side to move, and the code and mailbox square of each piece as decoded (mirrored or not). */
  side: Uint8Array;
  code: Uint8Array;
  square: Uint8Array;
}

export function emptyDataset(size: number, kingBuckets: Uint8Array | null = null): Dataset {
  return {
    size,
    us: new Uint16Array(size * MAX_ACTIVE),
    them: new Uint16Array(size * MAX_ACTIVE),
    active: new Uint8Array(size),
    score: new Int16Array(size),
    result: new Float32Array(size),
    kingBuckets,
    side: new Uint8Array(size),
    code: new Uint8Array(size * MAX_ACTIVE),
    square: new Uint8Array(size * MAX_ACTIVE),
  };
}

/**
 * Decodes the record at byte `off` of `buf` into entry `i` of `ds`; `mirror` takes its mirror
 * image left to right (MIRROR_FEATURE of every input, the same score and result).
 */
export function decodeRecord(buf: Uint8Array, off: number, ds: Dataset, i: number, mirror = false): void {
  const side = recordSide(buf, off);
  const base = i * MAX_ACTIVE;
  const codes = ds.code;
  const squares = ds.square;
  // The pieces, mirrored if asked; POINT_SQUARE[point] is each one's square.
  const point = POINT_OF;
  let n = 0;
  let redKing = -1;
  let blackKing = -1;
  for (let k = 0; k < 45; k++) {
    const b = buf[off + k];
    if (b === 0) continue;
    const lo = b & 15;
    if (lo !== 0) {
      const p = mirror ? MIRROR_POINT[2 * k] : 2 * k;
      codes[base + n] = lo;
      point[n++] = p;
      if (lo === KING) redKing = p;
      else if (lo === (KING | 8)) blackKing = p;
    }
    const hi = b >> 4;
    if (hi !== 0) {
      const p = mirror ? MIRROR_POINT[2 * k + 1] : 2 * k + 1;
      codes[base + n] = hi;
      point[n++] = p;
      if (hi === KING) redKing = p;
      else if (hi === (KING | 8)) blackKing = p;
    }
  }
  // Inputs of (code, point) for each perspective: FEATURES's block of that perspective, mirrored
  // where its own king stands on the right-hand file, plus the first input of its king bucket.
  const kb = ds.kingBuckets;
  let usBase = side * 2 * 16 * 90;
  let themBase = (side ^ 1) * 2 * 16 * 90;
  let usOff = 0;
  let themOff = 0;
  if (kb !== null) {
    const usKing = side === RED ? redKing : blackKing;
    const themKing = side === RED ? blackKing : redKing;
    if (usKing >= 0) {
      usOff = kb[KING_CELL[usKing]] * NNUE_INPUTS;
      usBase += KING_MIRROR[usKing] * 16 * 90;
    }
    if (themKing >= 0) {
      themOff = kb[KING_CELL[themKing]] * NNUE_INPUTS;
      themBase += KING_MIRROR[themKing] * 16 * 90;
    }
  }
  const us = ds.us;
  const them = ds.them;
  for (let j = 0; j < n; j++) {
    const at = codes[base + j] * 90 + point[j];
    us[base + j] = usOff + FEATURES[usBase + at];
    them[base + j] = themOff + FEATURES[themBase + at];
    squares[base + j] = POINT_SQUARE[point[j]];
  }
  ds.active[i] = n;
  ds.side[i] = side;
  ds.score[i] = recordScore(buf, off);
  const red = recordRedResult(buf, off) / 2;
  ds.result[i] = side === RED ? red : 1 - red;
}

/** Decodes `count` records of `buf` into `ds` from index `at`. */
export function decodeRecords(buf: Uint8Array, count: number, ds: Dataset, at: number, mirror = false): void {
  for (let r = 0; r < count; r++) decodeRecord(buf, r * RECORD_BYTES, ds, at + r, mirror);
}

/** Scratch: the points of the pieces of the record being decoded. */
const POINT_OF = new Uint8Array(90);
/** The point mirrored left to right, the king cell of a king on a point, and whether it mirrors its perspective. */
const MIRROR_POINT = new Uint8Array(90);
const KING_CELL = new Uint8Array(90);
const KING_MIRROR = new Uint8Array(90);
for (let p = 0; p < 90; p++) {
  MIRROR_POINT[p] = p - (p % 9) + 8 - (p % 9);
  KING_CELL[p] = kingCell(POINT_SQUARE[p]);
  KING_MIRROR[p] = kingMirrored(POINT_SQUARE[p]) ? 1 : 0;
}

/**
 * For every input, the input of the same piece on the point mirrored left to right (file f to
 * 8 - f), from the engine's featureSquare and featureIndex and flipFile. The board, the rules and
 * both perspectives are symmetric under that mirror (the perspective flips ranks, never files),
 * so a mirrored position is as good a training position as the one played.
 */
const MIRROR_FEATURE = new Uint16Array(NNUE_INPUTS);
for (let i = 0; i < NNUE_INPUTS; i++) {
  const { code, sq } = featureSquare(RED, i);
  MIRROR_FEATURE[i] = featureIndex(RED, code, flipFile(sq));
}

/**
 * The input of piece `code` on record point `point` seen from `perspective`, mirrored or not, at
 * ((perspective * 2 + mirrored) * 16 + code) * 90 + point: the engine's featureIndex (then
 * MIRROR_FEATURE) for every case, looked up by the decoder.
 */
const FEATURES = new Uint16Array(2 * 2 * 16 * 90);
for (const perspective of [RED, BLACK]) {
  for (let code = 1; code < 16; code++) {
    if (kindOf(code) === 0) continue;
    for (let point = 0; point < 90; point++) {
      const f = featureIndex(perspective, code, POINT_SQUARE[point]);
      FEATURES[(perspective * 2 * 16 + code) * 90 + point] = f;
      FEATURES[((perspective * 2 + 1) * 16 + code) * 90 + point] = MIRROR_FEATURE[f];
    }
  }
}
