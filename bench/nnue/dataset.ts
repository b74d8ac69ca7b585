// Training positions in memory: the records of `chuhan datagen` files (data-format.ts) turned
// into the network's active inputs for both perspectives (engine/nnue.ts featureIndex), with the
// score and result from the side to move's point of view.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { featureIndex, featureSquare, NNUE_INPUTS } from '../../engine/nnue';
import { BLACK, flipFile, RED } from '../../engine/types';
import { decodeHeader, HEADER_BYTES, POINT_SQUARE, RECORD_BYTES, recordPiece, recordRedResult, recordScore, recordSide } from './data-format';

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

/** Decodes `count` records of `buf` into `ds` from index `at`. */
export function decodeRecords(buf: Uint8Array, count: number, ds: Dataset, at: number): void {
  for (let r = 0; r < count; r++) {
    const off = r * RECORD_BYTES;
    const i = at + r;
    const side = recordSide(buf, off);
    let n = 0;
    for (let point = 0; point < 90; point++) {
      const code = recordPiece(buf, off, point);
      if (code === 0) continue;
      const sq = POINT_SQUARE[point];
      ds.us[i * MAX_ACTIVE + n] = featureIndex(side, code, sq);
      ds.them[i * MAX_ACTIVE + n] = featureIndex(side === RED ? BLACK : RED, code, sq);
      n++;
    }
    ds.active[i] = n;
    ds.score[i] = recordScore(buf, off);
    const red = recordRedResult(buf, off) / 2;
    ds.result[i] = side === RED ? red : 1 - red;
  }
}

/** Reads data files whole (at most `limit` positions in all). Throws naming the file and the problem. */
export function loadDataset(files: string[], limit = Infinity): Dataset {
  const headers = files.map((f) => {
    const fd = openSync(f, 'r');
    try {
      const head = new Uint8Array(HEADER_BYTES);
      readSync(fd, head, 0, HEADER_BYTES, 0);
      return { file: f, positions: decodeHeader(head, fstatSync(fd).size).positions };
    } catch (err) {
      throw new Error(`${f}: ${(err as Error).message}`);
    } finally {
      closeSync(fd);
    }
  });
  const total = Math.min(limit, headers.reduce((s, h) => s + h.positions, 0));
  const ds = emptyDataset(total);
  let at = 0;
  const chunk = 65536;
  const buf = new Uint8Array(chunk * RECORD_BYTES);
  for (const h of headers) {
    const fd = openSync(h.file, 'r');
    try {
      let done = 0;
      while (done < h.positions && at < total) {
        const n = Math.min(chunk, h.positions - done, total - at);
        readSync(fd, buf, 0, n * RECORD_BYTES, HEADER_BYTES + done * RECORD_BYTES);
        decodeRecords(buf, n, ds, at);
        done += n;
        at += n;
      }
    } finally {
      closeSync(fd);
    }
  }
  return ds;
}

/**
 * The input of the same piece on the point mirrored left to right (file f to 8 - f). The board,
 * the rules and both perspectives are symmetric under that mirror (the perspective flips ranks,
 * never files), so a mirrored position is as good a training position as the one played.
 */
export function mirrorFeature(index: number): number {
  return MIRROR_FEATURE[index];
}
/** mirrorFeature for every input, from the engine's featureSquare and featureIndex and flipFile. */
const MIRROR_FEATURE = new Uint16Array(NNUE_INPUTS);
for (let i = 0; i < NNUE_INPUTS; i++) {
  const { code, sq } = featureSquare(RED, i);
  MIRROR_FEATURE[i] = featureIndex(RED, code, flipFile(sq));
}

/**
 * `ds` with the mirror images of its first `count` entries appended (entry ds.size + j mirrors
 * entry j): the same scores and results, twice the positions to learn the symmetry from.
 */
export function withMirrors(ds: Dataset, count: number): Dataset {
  const out = emptyDataset(ds.size + count);
  out.us.set(ds.us);
  out.them.set(ds.them);
  out.active.set(ds.active);
  out.score.set(ds.score);
  out.result.set(ds.result);
  const base = ds.size * MAX_ACTIVE;
  for (let j = 0; j < count * MAX_ACTIVE; j++) {
    out.us[base + j] = mirrorFeature(ds.us[j]);
    out.them[base + j] = mirrorFeature(ds.them[j]);
  }
  out.active.set(ds.active.subarray(0, count), ds.size);
  out.score.set(ds.score.subarray(0, count), ds.size);
  out.result.set(ds.result.subarray(0, count), ds.size);
  return out;
}
