// NNUE: an efficiently updatable neural-network evaluation. The network (its inputs, output
// buckets and file format) is engine/nnue-format.ts; this file evaluates positions with it.
//
// Accumulators are kept per ply in a ring of ACC_SLOTS, each tagged with the key and history index
// of its position, and brought up to date lazily: an evaluation finds the nearest ancestor whose
// slot is still valid (at most MAX_CATCH_UP moves back) and applies the moves since then (2 column
// updates a quiet move, 3 a capture), reading the piece moved and the piece taken from the state
// make records per ply, or refreshes from the piece lists. Make/unmake are untouched.
// Allocation-free after construction. An evaluation cache keyed by the position's two key halves
// answers positions evaluated before (the search meets many again, iteration after iteration)
// without bringing their accumulators up to date.
//
// King-bucketed networks: a king move changes its own perspective's bucket or mirror, so that
// perspective is computed again (from a refresh cache, see below); the other one is updated as for
// any piece.
//
// The column updates and the output layer run as WebAssembly SIMD kernels (engine/nnue-simd.ts)
// where the runtime has them, over weights and accumulators kept in the module's memory; otherwise
// (or with { simd: false }) as the JavaScript loops below. Both give the same integers; what the
// kernels gained is in docs/log/search.md and docs/log/speed.md.
import { featureIndex, kingBucketCount, kingCell, kingMirrored, NNUE_INPUTS, outputBucket, type Network } from './nnue-format';
import { instantiateSimd, simdUsable, type SimdKernels } from './nnue-simd';
import type { Position } from './position';
import { BLACK, KING, RED, SLOTS, SOLDIER, colourOf, flipFile, kindOf, moveTo } from './types';

/**
 * featureIndex for every (mirror, perspective, code, square), the mirror reversing the files:
 * FEATURE[mirror * 8192 + perspective * 4096 + code * 256 + sq].
 */
const FEATURE = new Int16Array(2 * 2 * 16 * 256).fill(-1);
/** The 90 mailbox squares of the board, and the point (0-89) of each square. */
const BOARD_SQUARES = new Uint8Array(90);
const SQUARE_POINT = new Uint8Array(256);
for (let rank = 0; rank < 10; rank++) {
  for (let file = 0; file < 9; file++) {
    BOARD_SQUARES[rank * 9 + file] = ((rank + 3) << 4) | (file + 3);
    SQUARE_POINT[((rank + 3) << 4) | (file + 3)] = rank * 9 + file;
  }
}
for (let p = RED; p <= BLACK; p++) {
  for (let code = 1; code < 16; code++) {
    if (kindOf(code) < KING || kindOf(code) > SOLDIER) continue;
    for (const sq of BOARD_SQUARES) {
      FEATURE[p * 4096 + code * 256 + sq] = featureIndex(p, code, sq);
      FEATURE[8192 + p * 4096 + code * 256 + sq] = featureIndex(p, code, flipFile(sq));
    }
  }
}
const ACC_SLOTS = 256;
/** Entries of the evaluation cache (a power of two), indexed by the key's high bits. */
const EVAL_CACHE_BITS = 16;
const MAX_CATCH_UP = 8;
/** No king of that colour on the board (positions made by tests): bucket 0, not mirrored. */
const NO_KING = 0;

interface EvaluatorOptions {
  /**
   * Use the WebAssembly SIMD kernels (engine/nnue-simd.ts) where the runtime has them and they
   * compute this network exactly; otherwise, or with false, the JavaScript loops. Both give the
   * same integers. Default true.
   */
  simd?: boolean;
  /** Keep a refresh cache for king-bucketed networks (default true; false for tests and measurements). */
  refreshCache?: boolean;
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
  // King-bucketed networks: the own king's square of each slot and perspective (slot * 2 + p), and
  // for each (perspective, king square) the first input of its bucket and its FEATURE block
  // (mirrored or not): KBASE[p * 256 + sq], KFEAT[p * 256 + sq].
  private readonly kinged: boolean;
  private readonly slotKing = new Uint8Array(ACC_SLOTS * 2);
  private readonly kbase = new Int32Array(512);
  private readonly kfeat = new Int32Array(512);
  // The refresh cache: for each perspective and own-king square, an accumulator half and the board
  // it was computed for (90 codes); refreshing a perspective then adds and takes away only the
  // pieces that differ. cacheAcc[(p * 90 + kingPoint) * H], cacheBoard[(p * 90 + kingPoint) * 90].
  private readonly cacheAcc: Int16Array | null;
  private readonly cacheBoard: Uint8Array | null;
  private readonly cacheByte: number;
  // The evaluation cache: the last evaluation stored in each entry, with the two key halves of its
  // position. An evaluation is a function of the position alone, so a hit gives the same number
  // the network would, without bringing the accumulator up to date.
  private readonly evalKeyLo = new Int32Array(1 << EVAL_CACHE_BITS);
  private readonly evalKeyHi = new Int32Array(1 << EVAL_CACHE_BITS);
  private readonly evalValue = new Int32Array(1 << EVAL_CACHE_BITS);

  constructor(net: Network, options: EvaluatorOptions = {}) {
    this.net = net;
    const h = net.hidden;
    this.h = h;
    const k = kingBucketCount(net.kingBuckets);
    this.kinged = net.kingBuckets !== null;
    const cached = this.kinged && options.refreshCache !== false;
    // 16-byte aligned sections (whole when H is a multiple of 8, which the SIMD kernels need).
    const align = (n: number): number => (n + 15) & ~15;
    this.w2Byte = align(2 * k * NNUE_INPUTS * h);
    this.accByte = this.w2Byte + align(4 * h * net.outputBuckets);
    this.cacheByte = this.accByte + 2 * ACC_SLOTS * 2 * h;
    const total = this.cacheByte + (cached ? 2 * 2 * 90 * h : 0);
    let maxW2 = 0;
    for (let i = 0; i < net.w2.length; i++) maxW2 = Math.max(maxW2, Math.abs(net.w2[i]));
    this.int32Exact = h * net.qa * net.qa * maxW2 <= 2 ** 31 - 1;
    this.kernels = options.simd !== false && simdUsable(h, net.qa, net.w2) ? instantiateSimd(total) : null;
    this.simd = this.kernels !== null;
    const buffer = this.kernels !== null ? this.kernels.memory.buffer : new ArrayBuffer(total);
    this.w1 = new Int16Array(buffer, 0, k * NNUE_INPUTS * h);
    this.w2 = new Int16Array(buffer, this.w2Byte, 2 * h * net.outputBuckets);
    this.acc = new Int16Array(buffer, this.accByte, ACC_SLOTS * 2 * h);
    this.cacheAcc = cached ? new Int16Array(buffer, this.cacheByte, 2 * 90 * h) : null;
    this.cacheBoard = cached ? new Uint8Array(2 * 90 * 90) : null;
    this.w1.set(net.w1);
    this.w2.set(net.w2);
    if (net.kingBuckets !== null) {
      for (let p = RED; p <= BLACK; p++) {
        for (const sq of BOARD_SQUARES) {
          this.kbase[p * 256 + sq] = net.kingBuckets[kingCell(sq)] * NNUE_INPUTS;
          this.kfeat[p * 256 + sq] = (kingMirrored(sq) ? 8192 : 0) + p * 4096;
        }
        this.kfeat[p * 256 + NO_KING] = p * 4096;
      }
    } else {
      for (let p = RED; p <= BLACK; p++) this.kfeat.fill(p * 4096, p * 256, (p + 1) * 256);
    }
    this.reset();
  }

  /** Forgets every accumulator (after a new position is set up, for example; keys make this optional). */
  reset(): void {
    this.slotPly.fill(-1);
    // An entry whose board is all 0xff differs everywhere: its first use computes it in full.
    this.cacheBoard?.fill(255);
  }

  /** Static evaluation in centipawns from the side to move's point of view. */
  evaluate(pos: Position): number {
    const e = pos.keyHi >>> (32 - EVAL_CACHE_BITS);
    if (this.evalKeyLo[e] === pos.keyLo && this.evalKeyHi[e] === pos.keyHi) return this.evalValue[e];
    const v = this.compute(pos);
    this.evalKeyLo[e] = pos.keyLo;
    this.evalKeyHi[e] = pos.keyHi;
    this.evalValue[e] = v;
    return v;
  }

  /** The network's evaluation of `pos`, from its accumulator brought up to date. */
  private compute(pos: Position): number {
    const slot = this.update(pos);
    const net = this.net;
    const h = this.h;
    const qa = net.qa;
    const us = slot * 2 * h + pos.side * h;
    const them = slot * 2 * h + (pos.side ^ 1) * h;
    let bucket = 0;
    if (net.outputBuckets > 1) {
      let pieces = 0;
      const pc = pos.pcount;
      for (let code = 1; code < 16; code++) pieces += pc[code];
      bucket = outputBucket(pieces, net.outputBuckets);
    }
    const w2 = bucket * 2 * h;
    const k = this.kernels;
    const sum =
      k !== null ? k.output(this.accByte + 2 * us, this.accByte + 2 * them, this.w2Byte + 2 * w2, 2 * h, qa) : this.outputJs(us, them, w2);
    // sum is in units of QA^2 * QB; b2 is stored in units of QA * QB.
    // | 0: never -0 (which Math.round gives for a score just below zero), a number V8 cannot
    // hold as a small integer; the evaluation cache returns +0 for it too.
    return Math.round(((sum / qa + net.b2[bucket]) * net.scale) / (qa * net.qb)) | 0;
  }

  /** The output layer's sum (before b2) in JavaScript: acc[us..] against w2[w..w+H), acc[them..] against w2[w+H..w+2H). */
  private outputJs(us: number, them: number, w: number): number {
    const h = this.h;
    const qa = this.net.qa;
    const w2 = this.w2;
    const acc = this.acc;
    const wt = w + h;
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
        sumUs = (sumUs + Math.imul(Math.imul(a, w2[w + i]), a)) | 0;
        sumThem = (sumThem + Math.imul(Math.imul(b, w2[wt + i]), b)) | 0;
      }
    } else {
      for (let i = 0; i < h; i++) {
        const a = acc[us + i];
        if (a > 0) {
          const c = a < qa ? a : qa;
          sumUs += c * c * w2[w + i];
        }
        const b = acc[them + i];
        if (b > 0) {
          const c = b < qa ? b : qa;
          sumThem += c * c * w2[wt + i];
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
    // each slot on the way (siblings will find their parent valid). A king-bucketed network
    // computes a perspective again where its king moved, from the board as it was then: the moves
    // are taken back on the position's own board first, and put again one by one as they are
    // replayed (no copy of the board).
    const h2 = 2 * this.h;
    const kinged = this.kinged;
    const board = pos.board;
    if (kinged) {
      for (let i = p - 1; i >= q; i--) {
        const m = pos.histMove[i];
        if (m === 0) continue;
        board[m & 255] = pos.histPiece[i];
        board[moveTo(m)] = pos.histCaptured[i];
      }
    }
    for (let i = q; i < p; i++) {
      const m = pos.histMove[i];
      const srcSlot = i & (ACC_SLOTS - 1);
      const dstSlot = (i + 1) & (ACC_SLOTS - 1);
      const piece = m === 0 ? 0 : pos.histPiece[i];
      const from = m & 255;
      const to = moveTo(m);
      this.applyMove(srcSlot, dstSlot, piece, from, to, pos.histCaptured[i]);
      if (kinged) {
        this.slotKing[2 * dstSlot] = this.slotKing[2 * srcSlot];
        this.slotKing[2 * dstSlot + 1] = this.slotKing[2 * srcSlot + 1];
        if (piece !== 0) {
          board[to] = piece;
          board[from] = 0;
          if (kindOf(piece) === KING) {
            // That side's king moved: its perspective is computed again on the board as it now is.
            const c = colourOf(piece);
            this.slotKing[2 * dstSlot + c] = to;
            this.refreshHalf(board, c, to, dstSlot * h2 + c * this.h);
          }
        }
      }
      this.slotPly[dstSlot] = i + 1;
      this.slotKeyLo[dstSlot] = i + 1 === p ? pos.keyLo : pos.histKeyLo[i + 1];
      this.slotKeyHi[dstSlot] = i + 1 === p ? pos.keyHi : pos.histKeyHi[i + 1];
    }
    return slot;
  }

  /** The accumulators of slot `dstSlot` from those of `srcSlot` and one move: `piece` from `from` to `to`, taking `captured` (0: none); piece 0 is a null move. */
  private applyMove(srcSlot: number, dstSlot: number, piece: number, from: number, to: number, captured: number): void {
    const acc = this.acc;
    const h = this.h;
    const src = srcSlot * 2 * h;
    const dst = dstSlot * 2 * h;
    if (piece === 0) {
      acc.copyWithin(dst, src, src + 2 * h);
      return;
    }
    // Each perspective's inputs: base + FEATURE[feat + code * 256 + sq] (its king bucket and mirror).
    const k0 = this.slotKing[2 * srcSlot];
    const k1 = 256 + this.slotKing[2 * srcSlot + 1];
    const base0 = this.kbase[k0];
    const base1 = this.kbase[k1];
    const f0 = this.kfeat[k0];
    const f1 = this.kfeat[k1];
    const kern = this.kernels;
    if (kern !== null) {
      // Byte addresses: both halves in one call.
      const d = this.accByte + 2 * dst;
      const s = this.accByte + 2 * src;
      const h2 = 2 * h;
      const add0 = (base0 + FEATURE[f0 + piece * 256 + to]) * h2;
      const sub0 = (base0 + FEATURE[f0 + piece * 256 + from]) * h2;
      const add1 = (base1 + FEATURE[f1 + piece * 256 + to]) * h2;
      const sub1 = (base1 + FEATURE[f1 + piece * 256 + from]) * h2;
      if (captured === 0) kern.quiet(d, s, add0, sub0, add1, sub1, h2);
      else
        kern.capture(
          d,
          s,
          add0,
          sub0,
          (base0 + FEATURE[f0 + captured * 256 + to]) * h2,
          add1,
          sub1,
          (base1 + FEATURE[f1 + captured * 256 + to]) * h2,
          h2,
        );
      return;
    }
    // Both halves in one loop (Red's at +0, Black's at +H), two neurons a step when H is even.
    const w1 = this.w1;
    const a0 = (base0 + FEATURE[f0 + piece * 256 + to]) * h;
    const s0 = (base0 + FEATURE[f0 + piece * 256 + from]) * h;
    const a1 = (base1 + FEATURE[f1 + piece * 256 + to]) * h;
    const s1 = (base1 + FEATURE[f1 + piece * 256 + from]) * h;
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
      const c0 = (base0 + FEATURE[f0 + captured * 256 + to]) * h;
      const c1 = (base1 + FEATURE[f1 + captured * 256 + to]) * h;
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

  /** out[at..at+H) += (sign 1) or -= (sign -1) first-layer column `col` (an input index). */
  private addColumn(out: Int16Array, at: number, col: number, sign: number): void {
    const h = this.h;
    const kern = this.kernels;
    if (kern !== null && out.buffer === this.w1.buffer) {
      const d = out.byteOffset + 2 * at;
      if (sign > 0) kern.add(d, col * 2 * h, 2 * h);
      else kern.sub(d, col * 2 * h, 2 * h);
      return;
    }
    const w1 = this.w1;
    const c = col * h;
    if (sign > 0) for (let i = 0; i < h; i++) out[at + i] += w1[c + i];
    else for (let i = 0; i < h; i++) out[at + i] -= w1[c + i];
  }

  /**
   * Perspective c's accumulator of the position on `board`, whose c king stands on `kingSq`, into
   * acc[at..at+H): from the refresh cache's entry for that king square (only the pieces that differ
   * from its board are added or taken away), or from the bias and every piece without the cache.
   */
  private refreshHalf(board: Uint8Array, c: number, kingSq: number, at: number): void {
    const h = this.h;
    const kk = c * 256 + kingSq;
    const base = this.kbase[kk];
    const feat = this.kfeat[kk];
    const cacheAcc = this.cacheAcc;
    const cacheBoard = this.cacheBoard;
    if (cacheAcc === null || cacheBoard === null) {
      this.acc.set(this.net.b1, at);
      for (const sq of BOARD_SQUARES) {
        const code = board[sq];
        if (code !== 0) this.addColumn(this.acc, at, base + FEATURE[feat + code * 256 + sq], 1);
      }
      return;
    }
    const entry = c * 90 + SQUARE_POINT[kingSq];
    const cb = entry * 90;
    const ca = entry * h;
    if (cacheBoard[cb] === 255) {
      // First use: the bias and no pieces.
      cacheAcc.set(this.net.b1, ca);
      cacheBoard.fill(0, cb, cb + 90);
    }
    for (let j = 0; j < 90; j++) {
      const sq = BOARD_SQUARES[j];
      const now = board[sq];
      const was = cacheBoard[cb + j];
      if (now === was) continue;
      if (was !== 0) this.addColumn(cacheAcc, ca, base + FEATURE[feat + was * 256 + sq], -1);
      if (now !== 0) this.addColumn(cacheAcc, ca, base + FEATURE[feat + now * 256 + sq], 1);
      cacheBoard[cb + j] = now;
    }
    this.acc.set(cacheAcc.subarray(ca, ca + h), at);
  }

  /** Computes the accumulators of `pos` from its piece lists into `slot`. */
  private refresh(pos: Position, slot: number): void {
    const at = slot * 2 * this.h;
    if (this.kinged) {
      for (let c = RED; c <= BLACK; c++) {
        const ks = pos.pcount[KING | (c << 3)] > 0 ? pos.plist[(KING | (c << 3)) * SLOTS] : NO_KING;
        this.slotKing[2 * slot + c] = ks;
        this.refreshHalf(pos.board, c, ks, at + c * this.h);
      }
    } else this.computeInto(pos, this.acc, at);
    this.slotPly[slot] = pos.ply;
    this.slotKeyLo[slot] = pos.keyLo;
    this.slotKeyHi[slot] = pos.keyHi;
  }

  /** Both accumulators of `pos` (Red's perspective first) from its piece lists, into out[base..]. */
  private computeInto(pos: Position, out: Int16Array, at: number): void {
    const h = this.h;
    const b1 = this.net.b1;
    for (let p = 0; p < 2; p++) out.set(b1, at + p * h);
    for (let c = RED; c <= BLACK; c++) {
      const ks = pos.pcount[KING | (c << 3)] > 0 ? pos.plist[(KING | (c << 3)) * SLOTS] : NO_KING;
      const base = this.kbase[c * 256 + ks];
      const feat = this.kfeat[c * 256 + ks];
      const d = at + c * h;
      for (let code = 1; code < 16; code++) {
        const n = pos.pcount[code];
        for (let j = 0; j < n; j++) this.addColumn(out, d, base + FEATURE[feat + code * 256 + pos.plist[code * SLOTS + j]], 1);
      }
    }
  }

  /** The accumulators the stack holds for `pos` (both perspectives, Red's first), for tests. */
  accumulators(pos: Position): Int16Array {
    const slot = this.update(pos);
    return this.acc.slice(slot * 2 * this.h, (slot + 1) * 2 * this.h);
  }

  /** The same computed from scratch, bypassing the stack and the refresh cache (for tests). */
  freshAccumulators(pos: Position): Int16Array {
    const out = new Int16Array(2 * this.h);
    this.computeInto(pos, out, 0);
    return out;
  }
}
