// NNUE: an efficiently updatable neural-network evaluation.
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
// Accumulators are kept per ply in a ring of ACC_SLOTS, each tagged with the key and history index
// of its position, and brought up to date lazily: an evaluation finds the nearest ancestor whose
// slot is still valid (at most MAX_CATCH_UP moves back) and applies the moves since then (2 column
// updates a quiet move, 3 a capture), reading the piece moved and the piece taken from the state
// make records per ply, or refreshes from the piece lists. Make/unmake are untouched.
// Allocation-free after construction.
//
// The column updates and the output layer run as WebAssembly SIMD kernels (engine/nnue-simd.ts)
// where the runtime has them, over weights and accumulators kept in the module's memory; otherwise
// (or with { simd: false }) as the JavaScript loops below. Both give the same integers; what the
// kernels gained is in docs/testing.md.
//
// File layout (version 1, little-endian), written by bench/nnue/train.ts:
//   0  8 bytes  magic "CHNNUE\0\0"      8 u32 version       12 u32 inputs (1260)
//  16  u32 hidden size H                20 u32 QA            24 u32 QB     28 u32 SCALE
//  32  u32 activation (1 = SCReLU)      36 u32 FNV-1a 32 of the payload
//  40  24 bytes description (ASCII, NUL-padded)
//  64  payload: i16 b1[H], i16 w1[1260 * H] (input-major), i16 w2[2H], i32 b2
import { instantiateSimd, simdUsable, type SimdKernels } from './nnue-simd';
import type { Position } from './position';
import { BLACK, KING, RED, SLOTS, SOLDIER, colourOf, fileOf, kindOf, moveTo, rankOf } from './types';

const NNUE_MAGIC = 'CHNNUE\0\0';
const NNUE_VERSION = 1;
export const NNUE_INPUTS = 1260;
const NNUE_HEADER_BYTES = 64;
const ACTIVATION_SCRELU = 1;

export class NetworkError extends Error {}

export interface Network {
  hidden: number;
  qa: number;
  qb: number;
  scale: number;
  description: string;
  b1: Int16Array;
  w1: Int16Array;
  w2: Int16Array;
  b2: number;
}

/** Input index of a piece (code = kind | colour << 3) on mailbox square `sq`, seen from `perspective`. */
export function featureIndex(perspective: number, code: number, sq: number): number {
  const kind = kindOf(code);
  const colour = colourOf(code);
  const rank = perspective === RED ? rankOf(sq) : 9 - rankOf(sq);
  return ((colour === perspective ? 0 : 7) + kind - 1) * 90 + rank * 9 + fileOf(sq);
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

/** featureIndex for every (perspective, code, square): FEATURE[perspective * 4096 + code * 256 + sq]. */
const FEATURE = new Int16Array(2 * 16 * 256).fill(-1);
for (let p = RED; p <= BLACK; p++) {
  for (let code = 1; code < 16; code++) {
    if (kindOf(code) < KING || kindOf(code) > SOLDIER) continue;
    for (let rank = 0; rank < 10; rank++) {
      for (let file = 0; file < 9; file++) {
        const sq = ((rank + 3) << 4) | (file + 3);
        FEATURE[p * 4096 + code * 256 + sq] = featureIndex(p, code, sq);
      }
    }
  }
}

export function fnv1a(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
  return h >>> 0;
}

function payloadBytes(hidden: number): number {
  return 2 * hidden + 2 * NNUE_INPUTS * hidden + 4 * hidden + 4;
}

/** Serialises a network in the file layout above. */
export function encodeNetwork(net: Network): Uint8Array {
  const h = net.hidden;
  const out = new Uint8Array(NNUE_HEADER_BYTES + payloadBytes(h));
  const dv = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) out[i] = NNUE_MAGIC.charCodeAt(i);
  dv.setUint32(8, NNUE_VERSION, true);
  dv.setUint32(12, NNUE_INPUTS, true);
  dv.setUint32(16, h, true);
  dv.setUint32(20, net.qa, true);
  dv.setUint32(24, net.qb, true);
  dv.setUint32(28, net.scale, true);
  dv.setUint32(32, ACTIVATION_SCRELU, true);
  for (let i = 0; i < 24 && i < net.description.length; i++) out[40 + i] = net.description.charCodeAt(i) & 127;
  let off = NNUE_HEADER_BYTES;
  for (const arr of [net.b1, net.w1, net.w2]) {
    for (let i = 0; i < arr.length; i++, off += 2) dv.setInt16(off, arr[i], true);
  }
  dv.setInt32(off, net.b2, true);
  dv.setUint32(36, fnv1a(out, NNUE_HEADER_BYTES), true);
  return out;
}

/** Reads a network file; throws NetworkError naming what is wrong. */
export function decodeNetwork(bytes: Uint8Array): Network {
  if (bytes.length < NNUE_HEADER_BYTES) throw new NetworkError(`network file too short for its header (${bytes.length} bytes)`);
  for (let i = 0; i < 8; i++) {
    if (bytes[i] !== NNUE_MAGIC.charCodeAt(i)) throw new NetworkError('not a Chuhan network file (bad magic)');
  }
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = dv.getUint32(8, true);
  if (version !== NNUE_VERSION) throw new NetworkError(`network file version ${version}; this engine reads version ${NNUE_VERSION}`);
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
  const expected = NNUE_HEADER_BYTES + payloadBytes(hidden);
  if (bytes.length !== expected) {
    throw new NetworkError(`network file is ${bytes.length} bytes; hidden size ${hidden} needs ${expected} (truncated or corrupt)`);
  }
  const sum = fnv1a(bytes, NNUE_HEADER_BYTES);
  if (sum !== dv.getUint32(36, true)) throw new NetworkError('network file checksum mismatch (corrupt)');
  let description = '';
  for (let i = 40; i < 64 && bytes[i] !== 0; i++) description += String.fromCharCode(bytes[i]);
  let off = NNUE_HEADER_BYTES;
  const read16 = (n: number): Int16Array => {
    const a = new Int16Array(n);
    for (let i = 0; i < n; i++, off += 2) a[i] = dv.getInt16(off, true);
    return a;
  };
  const b1 = read16(hidden);
  const w1 = read16(NNUE_INPUTS * hidden);
  const w2 = read16(2 * hidden);
  const b2 = dv.getInt32(off, true);
  return { hidden, qa, qb, scale, description, b1, w1, w2, b2 };
}

const ACC_SLOTS = 256;
const MAX_CATCH_UP = 8;

interface EvaluatorOptions {
  /**
   * Use the WebAssembly SIMD kernels (engine/nnue-simd.ts) where the runtime has them and they
   * compute this network exactly; otherwise, or with false, the JavaScript loops. Both give the
   * same integers. Default true.
   */
  simd?: boolean;
}

/** The network evaluation of positions, with its accumulator stack. */
export class NnueEvaluator {
  readonly net: Network;
  /** Whether the WebAssembly SIMD kernels are in use (else the JavaScript loops). */
  readonly simd: boolean;
  private readonly h: number;
  private readonly kernels: SimdKernels | null;
  /** Whether the output's products and per-half sums fit int32 (for the JavaScript loop). */
  private readonly int32Exact: boolean;
  // One buffer (the WebAssembly memory when SIMD is in use) holds, at these byte offsets, the
  // first-layer weights, the output weights and the accumulators; the arrays below are views of it.
  private readonly w2Byte: number;
  private readonly accByte: number;
  private readonly w1: Int16Array;
  private readonly w2: Int16Array;
  /** Accumulators: slot * 2H + perspective * H. */
  private readonly acc: Int16Array;
  private readonly slotKeyLo = new Int32Array(ACC_SLOTS);
  private readonly slotKeyHi = new Int32Array(ACC_SLOTS);
  private readonly slotPly = new Int32Array(ACC_SLOTS).fill(-1);

  constructor(net: Network, options: EvaluatorOptions = {}) {
    this.net = net;
    const h = net.hidden;
    this.h = h;
    // 16-byte aligned sections (whole when H is a multiple of 8, which the SIMD kernels need).
    const align = (n: number): number => (n + 15) & ~15;
    this.w2Byte = align(2 * NNUE_INPUTS * h);
    this.accByte = this.w2Byte + align(4 * h);
    const total = this.accByte + 2 * ACC_SLOTS * 2 * h;
    let maxW2 = 0;
    for (let i = 0; i < net.w2.length; i++) maxW2 = Math.max(maxW2, Math.abs(net.w2[i]));
    this.int32Exact = h * net.qa * net.qa * maxW2 <= 2 ** 31 - 1;
    this.kernels = options.simd !== false && simdUsable(h, net.qa, net.w2) ? instantiateSimd(total) : null;
    this.simd = this.kernels !== null;
    const buffer = this.kernels !== null ? this.kernels.memory.buffer : new ArrayBuffer(total);
    this.w1 = new Int16Array(buffer, 0, NNUE_INPUTS * h);
    this.w2 = new Int16Array(buffer, this.w2Byte, 2 * h);
    this.acc = new Int16Array(buffer, this.accByte, ACC_SLOTS * 2 * h);
    this.w1.set(net.w1);
    this.w2.set(net.w2);
  }

  /** Forgets every accumulator (after a new position is set up, for example; keys make this optional). */
  reset(): void {
    this.slotPly.fill(-1);
  }

  /** Static evaluation in centipawns from the side to move's point of view. */
  evaluate(pos: Position): number {
    const slot = this.update(pos);
    const net = this.net;
    const h = this.h;
    const qa = net.qa;
    const us = slot * 2 * h + pos.side * h;
    const them = slot * 2 * h + (pos.side ^ 1) * h;
    const k = this.kernels;
    const sum = k !== null ? k.output(this.accByte + 2 * us, this.accByte + 2 * them, this.w2Byte, 2 * h, qa) : this.outputJs(us, them);
    // sum is in units of QA^2 * QB; b2 is stored in units of QA * QB.
    return Math.round(((sum / qa + net.b2) * net.scale) / (qa * net.qb));
  }

  /** The output layer's sum (before b2) in JavaScript: acc[us..] against w2[0..H), acc[them..] against w2[H..2H). */
  private outputJs(us: number, them: number): number {
    const h = this.h;
    const qa = this.net.qa;
    const w2 = this.w2;
    const acc = this.acc;
    // One loop over both halves. Where each half's sum fits int32 (H * QA^2 * max|w2| < 2^31: up
    // to H = 258 at QA 255, |w2| <= 128) the products and sums are int32 (Math.imul); otherwise
    // doubles, exact too.
    let sumUs = 0;
    let sumThem = 0;
    if (this.int32Exact) {
      for (let i = 0; i < h; i++) {
        let a = acc[us + i];
        a = a < 0 ? 0 : a > qa ? qa : a;
        let b = acc[them + i];
        b = b < 0 ? 0 : b > qa ? qa : b;
        sumUs = (sumUs + Math.imul(Math.imul(a, w2[i]), a)) | 0;
        sumThem = (sumThem + Math.imul(Math.imul(b, w2[h + i]), b)) | 0;
      }
    } else {
      for (let i = 0; i < h; i++) {
        const a = acc[us + i];
        if (a > 0) {
          const c = a < qa ? a : qa;
          sumUs += c * c * w2[i];
        }
        const b = acc[them + i];
        if (b > 0) {
          const c = b < qa ? b : qa;
          sumThem += c * c * w2[h + i];
        }
      }
    }
    return sumUs + sumThem;
  }

  /** Brings the accumulator of `pos` up to date; returns its slot. */
  private update(pos: Position): number {
    const p = pos.ply;
    const slot = p & (ACC_SLOTS - 1);
    if (this.slotPly[slot] === p && this.slotKeyLo[slot] === pos.keyLo && this.slotKeyHi[slot] === pos.keyHi) return slot;
    // The nearest ancestor with a valid accumulator.
    let q = p - 1;
    const limit = Math.max(0, p - MAX_CATCH_UP);
    for (; q >= limit; q--) {
      const s = q & (ACC_SLOTS - 1);
      if (this.slotPly[s] === q && this.slotKeyLo[s] === pos.histKeyLo[q] && this.slotKeyHi[s] === pos.histKeyHi[q]) break;
    }
    if (q < limit || p - q > MAX_CATCH_UP) {
      this.refresh(pos, slot);
      return slot;
    }
    // Replay the moves q..p-1 from the pieces make recorded for them (moved and taken), filling
    // each slot on the way (siblings will find their parent valid).
    const h2 = 2 * this.h;
    for (let i = q; i < p; i++) {
      const m = pos.histMove[i];
      const dstSlot = (i + 1) & (ACC_SLOTS - 1);
      this.applyMove((i & (ACC_SLOTS - 1)) * h2, dstSlot * h2, pos.histPiece[i], m & 255, moveTo(m), pos.histCaptured[i]);
      this.slotPly[dstSlot] = i + 1;
      this.slotKeyLo[dstSlot] = i + 1 === p ? pos.keyLo : pos.histKeyLo[i + 1];
      this.slotKeyHi[dstSlot] = i + 1 === p ? pos.keyHi : pos.histKeyHi[i + 1];
    }
    return slot;
  }

  /** The accumulators at `dst` from those at `src` and one move: `piece` from `from` to `to`, taking `captured` (0: none); piece 0 is a null move. */
  private applyMove(src: number, dst: number, piece: number, from: number, to: number, captured: number): void {
    const acc = this.acc;
    const h = this.h;
    if (piece === 0) {
      acc.copyWithin(dst, src, src + 2 * h);
      return;
    }
    const k = this.kernels;
    if (k !== null) {
      // Byte addresses: both halves in one call.
      const d = this.accByte + 2 * dst;
      const s = this.accByte + 2 * src;
      const h2 = 2 * h;
      const add0 = FEATURE[piece * 256 + to] * h2;
      const sub0 = FEATURE[piece * 256 + from] * h2;
      const add1 = FEATURE[4096 + piece * 256 + to] * h2;
      const sub1 = FEATURE[4096 + piece * 256 + from] * h2;
      if (captured === 0) k.quiet(d, s, add0, sub0, add1, sub1, h2);
      else k.capture(d, s, add0, sub0, FEATURE[captured * 256 + to] * h2, add1, sub1, FEATURE[4096 + captured * 256 + to] * h2, h2);
      return;
    }
    // Both halves in one loop (Red's at +0, Black's at +H), two neurons a step when H is even.
    const w1 = this.w1;
    const a0 = FEATURE[piece * 256 + to] * h;
    const s0 = FEATURE[piece * 256 + from] * h;
    const a1 = FEATURE[4096 + piece * 256 + to] * h;
    const s1 = FEATURE[4096 + piece * 256 + from] * h;
    const dh = dst + h;
    const sh = src + h;
    if (captured === 0) {
      let i = 0;
      for (; i + 1 < h; i += 2) {
        acc[dst + i] = acc[src + i] + w1[a0 + i] - w1[s0 + i];
        acc[dst + i + 1] = acc[src + i + 1] + w1[a0 + i + 1] - w1[s0 + i + 1];
        acc[dh + i] = acc[sh + i] + w1[a1 + i] - w1[s1 + i];
        acc[dh + i + 1] = acc[sh + i + 1] + w1[a1 + i + 1] - w1[s1 + i + 1];
      }
      for (; i < h; i++) {
        acc[dst + i] = acc[src + i] + w1[a0 + i] - w1[s0 + i];
        acc[dh + i] = acc[sh + i] + w1[a1 + i] - w1[s1 + i];
      }
    } else {
      const c0 = FEATURE[captured * 256 + to] * h;
      const c1 = FEATURE[4096 + captured * 256 + to] * h;
      let i = 0;
      for (; i + 1 < h; i += 2) {
        acc[dst + i] = acc[src + i] + w1[a0 + i] - w1[s0 + i] - w1[c0 + i];
        acc[dst + i + 1] = acc[src + i + 1] + w1[a0 + i + 1] - w1[s0 + i + 1] - w1[c0 + i + 1];
        acc[dh + i] = acc[sh + i] + w1[a1 + i] - w1[s1 + i] - w1[c1 + i];
        acc[dh + i + 1] = acc[sh + i + 1] + w1[a1 + i + 1] - w1[s1 + i + 1] - w1[c1 + i + 1];
      }
      for (; i < h; i++) {
        acc[dst + i] = acc[src + i] + w1[a0 + i] - w1[s0 + i] - w1[c0 + i];
        acc[dh + i] = acc[sh + i] + w1[a1 + i] - w1[s1 + i] - w1[c1 + i];
      }
    }
  }

  /** Computes the accumulators of `pos` from its piece lists into `slot`. */
  private refresh(pos: Position, slot: number): void {
    this.computeInto(pos, this.acc, slot * 2 * this.h);
    this.slotPly[slot] = pos.ply;
    this.slotKeyLo[slot] = pos.keyLo;
    this.slotKeyHi[slot] = pos.keyHi;
  }

  /** Both accumulators of `pos` (Red's perspective first) from its piece lists, into out[base..]. */
  private computeInto(pos: Position, out: Int16Array, base: number): void {
    const h = this.h;
    const b1 = this.net.b1;
    const w1 = this.w1;
    for (let p = 0; p < 2; p++) out.set(b1, base + p * h);
    for (let code = 1; code < 16; code++) {
      const n = pos.pcount[code];
      for (let j = 0; j < n; j++) {
        const sq = pos.plist[code * SLOTS + j];
        for (let p = 0; p < 2; p++) {
          const d = base + p * h;
          const col = FEATURE[p * 4096 + code * 256 + sq] * h;
          for (let i = 0; i < h; i++) out[d + i] += w1[col + i];
        }
      }
    }
  }

  /** The accumulators the stack holds for `pos` (both perspectives, Red's first), for tests. */
  accumulators(pos: Position): Int16Array {
    const slot = this.update(pos);
    return this.acc.slice(slot * 2 * this.h, (slot + 1) * 2 * this.h);
  }

  /** The same computed from scratch, bypassing the stack (for tests). */
  freshAccumulators(pos: Position): Int16Array {
    const out = new Int16Array(2 * this.h);
    this.computeInto(pos, out, 0);
    return out;
  }
}
