// The NNUE network: its inputs, its output buckets and its file format, read and written. The
// evaluator that runs a network (accumulators, catch-up, refresh cache, SIMD kernels) is
// engine/nnue.ts.
//
// Inputs: one per (piece kind, colour relative to the perspective, point) = 7 x 2 x 90 = 1,260, seen
// from each side: Red's perspective takes the board as it is; Black's flips the ranks (rank r ->
// 9 - r) and swaps the colours, so that "my chariot on my back rank" is one input for both sides.
// Each perspective has an accumulator: the hidden bias plus the first-layer column of every active
// input (int16). The output reads the side to move's accumulator first:
//   out = sum_h screlu(acc_us[h]) * w2[h] + sum_h screlu(acc_them[h]) * w2[H + h] + b2,
// with screlu(x) = clamp(x, 0, QA)^2. In the float network (bench/nnue/train.ts) the accumulator is
// x / QA and the output weights w2 / QB, so the sum above is QA^2 * QB times the float sum; b2 is
// stored times QA * QB, and the score in centipawns is (sum / QA + b2) * SCALE / (QA * QB). Sums
// are exact in doubles. Colour symmetry holds by construction.
//
// King-bucketed inputs (file version 2): the same 1,260 inputs once per bucket of the perspective's
// own king. The king keeps to the 9 points of its palace; seen from its own side those are 3 ranks
// times the centre file or a side file, and a king on the right-hand side file (file 5) has the
// whole board mirrored left to right (files f -> 8 - f) for that perspective, so that the side
// files are one case: 6 king cells. The file maps each cell to a bucket (6 buckets, or fewer where
// cells share one). Input = bucket * 1,260 + the plain input of the (mirrored) piece and point.
// Output buckets (version 2): the output layer is chosen by the number of pieces on the board
// (outputBucket), each with its own 2H weights and bias.
//
// File layout, little-endian, written by bench/nnue/train.ts. Version 1 (still read):
//   0  8 bytes  magic "CHNNUE\0\0"      8 u32 version       12 u32 inputs (1260)
//  16  u32 hidden size H                20 u32 QA            24 u32 QB     28 u32 SCALE
//  32  u32 activation (1 = SCReLU)      36 u32 FNV-1a 32 of the payload
//  40  24 bytes description (ASCII, NUL-padded)
//  64  payload: i16 b1[H], i16 w1[1260 * H] (input-major), i16 w2[2H], i32 b2
// Version 2: bytes 0-39 as version 1 (inputs = 1260 per king bucket), then
//  40  u32 input set (0 plain, 1 king-bucketed)   44 u32 king buckets K (1 when plain)
//  48  u32 output buckets B (1-16)                 52 6 bytes: the bucket of each king cell (0 when plain)
//  58  6 bytes zero                                64 32 bytes description (ASCII, NUL-padded)
//  96  payload: i16 b1[H], i16 w1[K * 1260 * H] (bucket-major, then input-major), i16 w2[B * 2H]
//      (bucket-major; us then them), i32 b2[B]
import { RED, colourOf, fileOf, flipFile, kindOf, rankOf } from './types';

const NNUE_MAGIC = 'CHNNUE\0\0';
/** The version written; version 1 files are read too. */
export const NNUE_VERSION = 2;
export const NNUE_INPUTS = 1260;
const NNUE_HEADER_BYTES = 64;
export const NNUE_V2_HEADER_BYTES = 96;
const ACTIVATION_SCRELU = 1;
const INPUTS_PLAIN = 0;
const INPUTS_KING = 1;
/** King cells: 3 palace ranks x (centre file, side file). */
const KING_CELLS = 6;
export const MAX_OUTPUT_BUCKETS = 16;
/** Pieces on a board at most. */
const MAX_PIECES = 32;

export class NetworkError extends Error {}

export interface Network {
  hidden: number;
  qa: number;
  qb: number;
  scale: number;
  description: string;
  /** The file format version it was read from, and is written as (1 or 2). */
  version: number;
  /** The king bucket of each king cell (kingCell), or null for plain inputs. */
  kingBuckets: Uint8Array | null;
  /** Output buckets by piece count (outputBucket); 1 for one output layer. */
  outputBuckets: number;
  b1: Int16Array;
  /** First layer: kingBucketCount x NNUE_INPUTS columns of H. */
  w1: Int16Array;
  /** Output layer: outputBuckets x 2H. */
  w2: Int16Array;
  /** Output bias of each output bucket. */
  b2: Int32Array;
}

/** How many king buckets a map names (1 for plain inputs). */
export function kingBucketCount(kingBuckets: Uint8Array | null): number {
  return kingBuckets === null ? 1 : Math.max(...kingBuckets) + 1;
}

/**
 * The king cell of a perspective's own king on `kingSq`: its rank counted from its own back rank
 * (0-2) times 2, plus 1 on a side file. Whether the perspective is mirrored is kingMirrored.
 */
export function kingCell(kingSq: number): number {
  const r = rankOf(kingSq);
  const rel = Math.min(2, Math.min(r, 9 - r));
  return rel * 2 + (fileOf(kingSq) === 4 ? 0 : 1);
}

/** Whether a perspective whose own king stands on `kingSq` sees the board mirrored left to right. */
export function kingMirrored(kingSq: number): boolean {
  return fileOf(kingSq) > 4;
}

/** The output bucket of a position with `pieces` pieces on the board, out of `buckets`. */
export function outputBucket(pieces: number, buckets: number): number {
  const b = Math.floor(((pieces - 2) * buckets) / (MAX_PIECES - 1));
  return b < 0 ? 0 : b >= buckets ? buckets - 1 : b;
}

/** Input index of a piece (code = kind | colour << 3) on mailbox square `sq`, seen from `perspective`. */
export function featureIndex(perspective: number, code: number, sq: number): number {
  const kind = kindOf(code);
  const colour = colourOf(code);
  const rank = perspective === RED ? rankOf(sq) : 9 - rankOf(sq);
  return ((colour === perspective ? 0 : 7) + kind - 1) * 90 + rank * 9 + fileOf(sq);
}

/**
 * Input index of a piece on `sq` seen from `perspective` whose own king stands on `kingSq`, for a
 * network with these king buckets (null: plain inputs, featureIndex).
 */
export function inputIndex(kingBuckets: Uint8Array | null, perspective: number, code: number, sq: number, kingSq: number): number {
  if (kingBuckets === null) return featureIndex(perspective, code, sq);
  const bucket = kingBuckets[kingCell(kingSq)];
  return bucket * NNUE_INPUTS + featureIndex(perspective, code, kingMirrored(kingSq) ? flipFile(sq) : sq);
}
/** The piece code and mailbox square of input `index` seen from `perspective` (featureIndex inverted). */
export function featureSquare(perspective: number, index: number): { code: number; sq: number } {
  const group = Math.floor(index / 90);
  const point = index % 90;
  const kind = (group % 7) + 1;
  const colour = group < 7 ? perspective : perspective ^ 1;
  const file = point % 9;
  const rank = perspective === RED ? Math.floor(point / 9) : 9 - Math.floor(point / 9);
  return { code: kind | (colour << 3), sq: ((rank + 3) << 4) | (file + 3) };
}

export function fnv1a(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
  return h >>> 0;
}

function payloadBytes(hidden: number, kingBuckets: number, outputBuckets: number): number {
  return 2 * hidden + 2 * kingBuckets * NNUE_INPUTS * hidden + 4 * hidden * outputBuckets + 4 * outputBuckets;
}

/** A short account of a network's shape, for messages: "h256, 6 king buckets, 8 output buckets". */
function describeShape(net: Pick<Network, 'hidden' | 'kingBuckets' | 'outputBuckets'>): string {
  const k = net.kingBuckets === null ? 'plain inputs' : `${kingBucketCount(net.kingBuckets)} king buckets`;
  return `h${net.hidden}, ${k}, ${net.outputBuckets} output bucket${net.outputBuckets === 1 ? '' : 's'}`;
}

/** Serialises a network in the file layout above, as version net.version (1 only for a plain single-output network). */
export function encodeNetwork(net: Network): Uint8Array {
  const h = net.hidden;
  const v1 = net.version === 1;
  if (v1 && (net.kingBuckets !== null || net.outputBuckets !== 1))
    throw new NetworkError(`a version 1 network file cannot hold ${describeShape(net)}`);
  const k = kingBucketCount(net.kingBuckets);
  const header = v1 ? NNUE_HEADER_BYTES : NNUE_V2_HEADER_BYTES;
  const out = new Uint8Array(header + payloadBytes(h, k, net.outputBuckets));
  const dv = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) out[i] = NNUE_MAGIC.charCodeAt(i);
  dv.setUint32(8, v1 ? 1 : NNUE_VERSION, true);
  dv.setUint32(12, NNUE_INPUTS, true);
  dv.setUint32(16, h, true);
  dv.setUint32(20, net.qa, true);
  dv.setUint32(24, net.qb, true);
  dv.setUint32(28, net.scale, true);
  dv.setUint32(32, ACTIVATION_SCRELU, true);
  const descAt = v1 ? 40 : 64;
  const descLen = v1 ? 24 : 32;
  if (!v1) {
    dv.setUint32(40, net.kingBuckets === null ? INPUTS_PLAIN : INPUTS_KING, true);
    dv.setUint32(44, k, true);
    dv.setUint32(48, net.outputBuckets, true);
    if (net.kingBuckets !== null) out.set(net.kingBuckets, 52);
  }
  for (let i = 0; i < descLen && i < net.description.length; i++) out[descAt + i] = net.description.charCodeAt(i) & 127;
  let off = header;
  for (const arr of [net.b1, net.w1, net.w2]) {
    for (let i = 0; i < arr.length; i++, off += 2) dv.setInt16(off, arr[i], true);
  }
  for (let i = 0; i < net.b2.length; i++, off += 4) dv.setInt32(off, net.b2[i], true);
  dv.setUint32(36, fnv1a(out, header), true);
  return out;
}

/** Reads a network file (version 1 or 2); throws NetworkError naming what is wrong. */
export function decodeNetwork(bytes: Uint8Array): Network {
  if (bytes.length < NNUE_HEADER_BYTES) throw new NetworkError(`network file too short for its header (${bytes.length} bytes)`);
  for (let i = 0; i < 8; i++) {
    if (bytes[i] !== NNUE_MAGIC.charCodeAt(i)) throw new NetworkError('not a Chuhan network file (bad magic)');
  }
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = dv.getUint32(8, true);
  if (version !== 1 && version !== 2) throw new NetworkError(`network file version ${version}; this engine reads versions 1 and 2`);
  const header = version === 1 ? NNUE_HEADER_BYTES : NNUE_V2_HEADER_BYTES;
  if (bytes.length < header) throw new NetworkError(`network file too short for its version ${version} header (${bytes.length} bytes)`);
  const inputs = dv.getUint32(12, true);
  if (inputs !== NNUE_INPUTS) throw new NetworkError(`network has ${inputs} inputs, expected ${NNUE_INPUTS}`);
  const hidden = dv.getUint32(16, true);
  if (hidden < 1 || hidden > 4096) throw new NetworkError(`network hidden size ${hidden} is out of range (1-4096)`);
  const qa = dv.getUint32(20, true);
  const qb = dv.getUint32(24, true);
  const scale = dv.getUint32(28, true);
  if (qa < 1 || qa > 1024 || qb < 1 || qb > 1024 || scale < 1 || scale > 10000) {
    throw new NetworkError(`network quantisation out of range (QA ${qa}, QB ${qb}, scale ${scale})`);
  }
  if (dv.getUint32(32, true) !== ACTIVATION_SCRELU) throw new NetworkError(`unknown activation ${dv.getUint32(32, true)}`);
  let kingBuckets: Uint8Array | null = null;
  let outputBuckets = 1;
  if (version === 2) {
    const inputSet = dv.getUint32(40, true);
    const k = dv.getUint32(44, true);
    outputBuckets = dv.getUint32(48, true);
    if (inputSet === INPUTS_KING) {
      if (k < 1 || k > KING_CELLS) throw new NetworkError(`network has ${k} king buckets; 1 to ${KING_CELLS} are supported`);
      kingBuckets = bytes.slice(52, 52 + KING_CELLS);
      if (kingBuckets.some((b) => b >= k))
        throw new NetworkError(`network's king-bucket map ${kingBuckets.join(',')} names a bucket beyond its ${k}`);
      for (let b = 0; b < k; b++) {
        if (!kingBuckets.includes(b))
          throw new NetworkError(`network's king-bucket map ${kingBuckets.join(',')} does not use each of its ${k} buckets`);
      }
    } else if (inputSet === INPUTS_PLAIN) {
      if (k !== 1) throw new NetworkError(`network has plain inputs but ${k} king buckets`);
    } else throw new NetworkError(`network input set ${inputSet} is not supported (0 plain, 1 king-bucketed)`);
    if (outputBuckets < 1 || outputBuckets > MAX_OUTPUT_BUCKETS) {
      throw new NetworkError(`network has ${outputBuckets} output buckets; 1 to ${MAX_OUTPUT_BUCKETS} are supported`);
    }
    for (let i = 58; i < 64; i++) {
      if (bytes[i] !== 0) throw new NetworkError(`network header byte ${i} is ${bytes[i]}, not 0 (a later format?)`);
    }
  }
  const k = kingBucketCount(kingBuckets);
  const expected = header + payloadBytes(hidden, k, outputBuckets);
  if (bytes.length !== expected) {
    const shape = describeShape({ hidden, kingBuckets, outputBuckets });
    throw new NetworkError(`network file is ${bytes.length} bytes; ${shape} needs ${expected} (truncated or corrupt)`);
  }
  const sum = fnv1a(bytes, header);
  if (sum !== dv.getUint32(36, true)) throw new NetworkError('network file checksum mismatch (corrupt)');
  let description = '';
  for (let i = version === 1 ? 40 : 64; i < header && bytes[i] !== 0; i++) description += String.fromCharCode(bytes[i]);
  let off = header;
  const read16 = (n: number): Int16Array => {
    const a = new Int16Array(n);
    for (let i = 0; i < n; i++, off += 2) a[i] = dv.getInt16(off, true);
    return a;
  };
  const b1 = read16(hidden);
  const w1 = read16(k * NNUE_INPUTS * hidden);
  const w2 = read16(outputBuckets * 2 * hidden);
  const b2 = new Int32Array(outputBuckets);
  for (let i = 0; i < outputBuckets; i++, off += 4) b2[i] = dv.getInt32(off, true);
  return { hidden, qa, qb, scale, description, version, kingBuckets, outputBuckets, b1, w1, w2, b2 };
}
