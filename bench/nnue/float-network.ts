// The float network the trainer optimises, its forward and backward passes, and its quantisation
// into the engine's int16 network (engine/nnue-format.ts has the layout, engine/nnue.ts the integer
// forward pass).
//   acc = b1 + sum of w1 columns of the active inputs (one accumulator per perspective; with king
//         buckets the inputs already name the bucket, dataset.ts)
//   out = sum_h screlu(acc_us[h]) w2[o][h] + sum_h screlu(acc_them[h]) w2[o][H + h] + b2[o],
//         screlu(x) = clamp(x, 0, 1)^2, o the output bucket of the position's piece count
//   eval (centipawns) = out * SCALE
import { kingBucketCount, NNUE_INPUTS, NNUE_VERSION, outputBucket, type Network } from '../../engine/nnue-format';
import { simdMaxOutputWeight } from '../../engine/nnue-simd';
import { rng } from '../../engine/rng';
import { MAX_ACTIVE, type Dataset } from './dataset';

const QA = 255;
/** The smallest output scale; quantize() takes a finer one (up to QB_MAX) when the output weights allow. */
export const QB = 64;
export const QB_MAX = 1024;
/**
 * The largest quantised output weight: the engine's SIMD output computes clamp(acc, 0, QA) * w2 in
 * int16, exact while QA * |w2| <= 32767 (128 at QA 255; engine/nnue-simd.ts).
 */
export const W2_QUANT_MAX = simdMaxOutputWeight(QA);
/** Weights stay within this bound, so that int16 accumulators of 32 pieces cannot overflow and QB-scaled output weights fit. */
export const WEIGHT_CLIP = 1.98;

/**
 * The output scale for output weights `w2`: the largest power of two from QB to QB_MAX at which
 * every weight still rounds to at most W2_QUANT_MAX. Trained output weights are small (the first
 * network's reach 0.2), so at QB = 64 they took only 5-13 steps and the rounding cost centipawns;
 * the scale is stored in the network file, which the engine reads.
 */
export function outputScale(w2: ArrayLike<number>): number {
  let max = 0;
  for (let i = 0; i < w2.length; i++) max = Math.max(max, Math.abs(w2[i]));
  let qb = QB;
  while (qb < QB_MAX && Math.round(max * qb * 2) <= W2_QUANT_MAX) qb *= 2;
  return qb;
}

/** A network's architecture: first-layer width, king buckets (null: plain inputs), output buckets. */
export interface NetworkShape {
  hidden: number;
  kingBuckets: Uint8Array | null;
  outputBuckets: number;
}

/** The king-bucket counts `chuhan train --king-buckets` offers (0: plain inputs). */
export const KING_BUCKET_CHOICES = [0, 2, 3, 6];

/**
 * The king-bucket map of each choice (engine/nnue-format.ts kingCell: rank from the back x 2 + side
 * file): 6 one per cell, 3 by rank, 2 centre file or side file; 0 gives null (plain inputs).
 */
export function kingBucketMap(n: number): Uint8Array | null {
  if (n === 0) return null;
  if (n === 6) return Uint8Array.of(0, 1, 2, 3, 4, 5);
  if (n === 3) return Uint8Array.of(0, 0, 1, 1, 2, 2);
  if (n === 2) return Uint8Array.of(0, 1, 0, 1, 0, 1);
  throw new Error(`no king-bucket map of ${n} buckets (${KING_BUCKET_CHOICES.join(', ')})`);
}

/** The plain shape of today's networks at width `hidden`. */
const plainShape = (hidden: number): NetworkShape => ({ hidden, kingBuckets: null, outputBuckets: 1 });

export class FloatNetwork {
  readonly hidden: number;
  readonly shape: NetworkShape;
  /** All parameters in one array: w1 (input-major, K x NNUE_INPUTS x H), b1 (H), w2 (B x 2H), b2 (B). */
  readonly params: Float32Array;
  readonly w1: Float32Array;
  readonly b1: Float32Array;
  readonly w2: Float32Array;
  readonly b2: Float32Array;

  constructor(shape: NetworkShape | number, params?: Float32Array) {
    this.shape = typeof shape === 'number' ? plainShape(shape) : shape;
    const hidden = this.shape.hidden;
    this.hidden = hidden;
    const n = FloatNetwork.paramCount(this.shape);
    this.params = params ?? new Float32Array(n);
    if (this.params.length !== n) throw new Error(`expected ${n} parameters, got ${this.params.length}`);
    const p = this.params;
    let off = 0;
    this.w1 = p.subarray(off, (off += kingBucketCount(this.shape.kingBuckets) * NNUE_INPUTS * hidden));
    this.b1 = p.subarray(off, (off += hidden));
    this.w2 = p.subarray(off, (off += 2 * hidden * this.shape.outputBuckets));
    this.b2 = p.subarray(off, (off += this.shape.outputBuckets));
  }

  static paramCount(shape: NetworkShape | number): number {
    const s = typeof shape === 'number' ? plainShape(shape) : shape;
    const h = s.hidden;
    return kingBucketCount(s.kingBuckets) * NNUE_INPUTS * h + h + (2 * h + 1) * s.outputBuckets;
  }

  /** Seeded initialisation: first layer small (32 active inputs), output layer by fan-in. */
  static random(shape: NetworkShape | number, seed: number): FloatNetwork {
    const net = new FloatNetwork(shape);
    const hidden = net.hidden;
    const r = rng(seed);
    const uniform = (a: number): number => (r() * 2 - 1) * a;
    for (let i = 0; i < net.w1.length; i++) net.w1[i] = uniform(0.15);
    for (let i = 0; i < hidden; i++) net.b1[i] = 0.1 + uniform(0.05);
    const a2 = 1 / Math.sqrt(2 * hidden);
    for (let i = 0; i < net.w2.length; i++) net.w2[i] = uniform(a2);
    net.b2.fill(0);
    return net;
  }

  /**
   * The float network an engine network stands for: each weight divided by its quantisation step,
   * so that quantize() at the same output scale gives the network back exactly. Training from it
   * fine-tunes a network (chuhan train --init) instead of starting from random weights.
   */
  static fromNetwork(qnet: Network): FloatNetwork {
    const net = new FloatNetwork({ hidden: qnet.hidden, kingBuckets: qnet.kingBuckets, outputBuckets: qnet.outputBuckets });
    for (let i = 0; i < net.w1.length; i++) net.w1[i] = qnet.w1[i] / qnet.qa;
    for (let i = 0; i < net.b1.length; i++) net.b1[i] = qnet.b1[i] / qnet.qa;
    for (let i = 0; i < net.w2.length; i++) net.w2[i] = qnet.w2[i] / qnet.qb;
    for (let i = 0; i < net.b2.length; i++) net.b2[i] = qnet.b2[i] / (qnet.qa * qnet.qb);
    return net;
  }

  /**
   * `qnet` grown into the larger `shape` (chuhan train --init with more neurons, king buckets or
   * output buckets than the file has), evaluating as it did: every king bucket starts as its
   * plain first layer (exactly so but for the mirrored side file, where the plain layer sees the
   * board unmirrored), every output bucket as its one output layer, and each new neuron with a
   * seeded random first layer, as in random(), and output weights of 0, so that it adds nothing
   * until training gives it a use. Throws when `shape` is not a growth of the network's.
   */
  static grownFrom(qnet: Network, shape: NetworkShape, seed: number): FloatNetwork {
    const from = FloatNetwork.fromNetwork(qnet);
    const h0 = qnet.hidden;
    const h = shape.hidden;
    const k0 = kingBucketCount(qnet.kingBuckets);
    const k = kingBucketCount(shape.kingBuckets);
    const o0 = qnet.outputBuckets;
    const o = shape.outputBuckets;
    if (h < h0) throw new Error(`cannot shrink ${h0} neurons a side to ${h}`);
    if (k0 !== 1 && (shape.kingBuckets === null || Array.from(qnet.kingBuckets!).join() !== Array.from(shape.kingBuckets).join()))
      throw new Error('king buckets grow only from plain inputs');
    if (o0 !== 1 && o0 !== o) throw new Error(`output buckets grow only from one, not from ${o0} to ${o}`);
    const net = new FloatNetwork(shape);
    const r = rng(seed);
    const uniform = (a: number): number => (r() * 2 - 1) * a;
    for (let kb = 0; kb < k; kb++) {
      const src = k0 === 1 ? 0 : kb;
      for (let i = 0; i < NNUE_INPUTS; i++) {
        const to = (kb * NNUE_INPUTS + i) * h;
        const at = (src * NNUE_INPUTS + i) * h0;
        for (let j = 0; j < h; j++) net.w1[to + j] = j < h0 ? from.w1[at + j] : uniform(0.15);
      }
    }
    for (let j = 0; j < h; j++) net.b1[j] = j < h0 ? from.b1[j] : 0.1 + uniform(0.05);
    for (let ob = 0; ob < o; ob++) {
      const src = o0 === 1 ? 0 : ob;
      for (let side = 0; side < 2; side++) {
        for (let j = 0; j < h0; j++) net.w2[ob * 2 * h + side * h + j] = from.w2[src * 2 * h0 + side * h0 + j];
      }
      net.b2[ob] = from.b2[src];
    }
    return net;
  }

  /** Fills the two accumulators (acc[0..H) us, acc[H..2H) them) of position i; returns the output. */
  forward(ds: Dataset, i: number, acc: Float32Array): number {
    const h = this.hidden;
    const w1 = this.w1;
    const b1 = this.b1;
    const w2 = this.w2;
    for (let k = 0; k < h; k++) {
      acc[k] = b1[k];
      acc[h + k] = b1[k];
    }
    const base = i * MAX_ACTIVE;
    const n = ds.active[i];
    const o = outputBucket(n, this.shape.outputBuckets);
    const wo = o * 2 * h;
    for (let j = 0; j < n; j++) {
      const cu = ds.us[base + j] * h;
      const ct = ds.them[base + j] * h;
      for (let k = 0; k < h; k++) {
        acc[k] += w1[cu + k];
        acc[h + k] += w1[ct + k];
      }
    }
    let out = this.b2[o];
    for (let k = 0; k < 2 * h; k++) {
      let a = acc[k];
      a = a < 0 ? 0 : a > 1 ? 1 : a;
      out += a * a * w2[wo + k];
    }
    return out;
  }

  /**
   * Adds d(loss)/d(params) of position i to `grad`, given d(loss)/d(out) = g and the accumulators
   * of the forward pass.
   */
  backward(ds: Dataset, i: number, acc: Float32Array, g: number, grad: Float32Array, dacc: Float32Array): void {
    const h = this.hidden;
    const w2 = this.w2;
    const outs = this.shape.outputBuckets;
    const o = outputBucket(ds.active[i], outs);
    const gw1 = 0;
    const gb1 = this.w1.length;
    const gw2 = gb1 + h + o * 2 * h;
    const gb2 = gb1 + h + outs * 2 * h;
    const wo = o * 2 * h;
    grad[gb2 + o] += g;
    for (let k = 0; k < 2 * h; k++) {
      const a = acc[k];
      if (a <= 0) {
        dacc[k] = 0;
        continue;
      }
      const c = a > 1 ? 1 : a;
      grad[gw2 + k] += g * c * c;
      dacc[k] = a >= 1 ? 0 : g * w2[wo + k] * 2 * a;
    }
    for (let k = 0; k < h; k++) grad[gb1 + k] += dacc[k] + dacc[h + k];
    const base = i * MAX_ACTIVE;
    const n = ds.active[i];
    for (let j = 0; j < n; j++) {
      const cu = gw1 + ds.us[base + j] * h;
      const ct = gw1 + ds.them[base + j] * h;
      for (let k = 0; k < h; k++) {
        grad[cu + k] += dacc[k];
        grad[ct + k] += dacc[h + k];
      }
    }
  }

  /** The engine's int16 network (engine/nnue-format.ts); `qb` defaults to the finest that fits (outputScale). */
  quantize(scale: number, description: string, qb = outputScale(this.w2)): Network {
    const h = this.hidden;
    const q16 = (x: number, s: number): number => Math.max(-32767, Math.min(32767, Math.round(x * s)));
    const w1 = new Int16Array(this.w1.length);
    for (let i = 0; i < w1.length; i++) w1[i] = q16(this.w1[i], QA);
    const b1 = new Int16Array(h);
    for (let i = 0; i < h; i++) b1[i] = q16(this.b1[i], QA);
    const w2 = new Int16Array(this.w2.length);
    for (let i = 0; i < w2.length; i++) w2[i] = q16(this.w2[i], qb);
    const b2 = Int32Array.from(this.b2, (b) => Math.round(b * QA * qb));
    const { kingBuckets, outputBuckets } = this.shape;
    return { hidden: h, qa: QA, qb, scale, description, version: NNUE_VERSION, kingBuckets, outputBuckets, b1, w1, w2, b2 };
  }
}
