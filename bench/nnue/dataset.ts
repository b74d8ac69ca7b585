// Training positions decoded for the network: the records of `chuhan datagen` files
// (data-format.ts) turned into the network's active inputs for both perspectives (engine/nnue.ts
// featureIndex), with the score and result from the side to move's point of view. The trainer
// decodes one batch at a time from the records it holds (data-source.ts reads them), so that
// memory holds 48 bytes a position, not the 135 of a decoded one.
import { featureIndex, featureSquare, NNUE_INPUTS } from '../../engine/nnue';
import { BLACK, RED, flipFile, kindOf } from '../../engine/types';
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
}

export function emptyDataset(size: number): Dataset {
  return {
    size,
    us: new Uint16Array(size * MAX_ACTIVE),
    them: new Uint16Array(size * MAX_ACTIVE),
    active: new Uint8Array(size),
    score: new Int16Array(size),
    result: new Float32Array(size),
  };
}

/**
 * Decodes the record at byte `off` of `buf` into entry `i` of `ds`; `mirror` takes its mirror
 * image left to right (MIRROR_FEATURE of every input, the same score and result).
 */
export function decodeRecord(buf: Uint8Array, off: number, ds: Dataset, i: number, mirror = false): void {
  const side = recordSide(buf, off);
  // Inputs of (code, point) for the side to move and for the other side: FEATURES's blocks.
  const usBase = ((side * 2 + (mirror ? 1 : 0)) * 16) * 90;
  const themBase = (((side ^ 1) * 2 + (mirror ? 1 : 0)) * 16) * 90;
  const base = i * MAX_ACTIVE;
  const us = ds.us;
  const them = ds.them;
  let n = 0;
  for (let k = 0; k < 45; k++) {
    const b = buf[off + k];
    if (b === 0) continue;
    const lo = b & 15;
    if (lo !== 0) {
      const at = lo * 90 + 2 * k;
      us[base + n] = FEATURES[usBase + at];
      them[base + n] = FEATURES[themBase + at];
      n++;
    }
    const hi = b >> 4;
    if (hi !== 0) {
      const at = hi * 90 + 2 * k + 1;
      us[base + n] = FEATURES[usBase + at];
      them[base + n] = FEATURES[themBase + at];
      n++;
    }
  }
  ds.active[i] = n;
  ds.score[i] = recordScore(buf, off);
  const red = recordRedResult(buf, off) / 2;
  ds.result[i] = side === RED ? red : 1 - red;
}

/** Decodes `count` records of `buf` into `ds` from index `at`. */
export function decodeRecords(buf: Uint8Array, count: number, ds: Dataset, at: number, mirror = false): void {
  for (let r = 0; r < count; r++) decodeRecord(buf, r * RECORD_BYTES, ds, at + r, mirror);
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
      FEATURES[((perspective * 2) * 16 + code) * 90 + point] = f;
      FEATURES[((perspective * 2 + 1) * 16 + code) * 90 + point] = MIRROR_FEATURE[f];
    }
  }
}
