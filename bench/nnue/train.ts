// `chuhan train`: fits the float network (float-network.ts) to datagen positions and writes the
// quantised network file the engine loads (engine/nnue.ts).
//   target  t = lambda * result + (1 - lambda) * sigmoid(score / K)      (side to move; K = scale)
//   output  p = sigmoid(out * SCALE / K) = sigmoid(eval_cp / K)
//   loss    mean (p - t)^2, Adam, batches, learning rate times `gamma` each epoch
// The last `val` share of the positions (the latest games) is held out and its loss reported each
// epoch. After every epoch the network file and a checkpoint (float weights and Adam moments, for
// --resume) are written, each through a temporary file and a rename.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { encodeNetwork, featureSquare, NnueEvaluator, type Network } from '../../engine/nnue';
import { Position } from '../../engine/position';
import { RED } from '../../engine/types';
import { rng } from '../../engine/rng';
import { loadDataset, MAX_ACTIVE, withMirrors, type Dataset } from './dataset';
import { FloatNetwork, WEIGHT_CLIP } from './float-network';

export interface TrainOptions {
  data: string[];
  out: string;
  hidden: number;
  epochs: number;
  batch: number;
  lr: number;
  gamma: number;
  lambda: number;
  scale: number;
  seed: number;
  val: number;
  limit?: number;
  /** Also train on the training positions mirrored left to right (the held-out ones stay as played). */
  mirror?: boolean;
  resume?: boolean;
  description?: string;
}

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

export class Trainer {
  readonly net: FloatNetwork;
  private readonly m: Float32Array;
  private readonly v: Float32Array;
  private readonly grad: Float32Array;
  private readonly acc: Float32Array;
  private readonly dacc: Float32Array;
  step = 0;
  epoch = 0;

  constructor(net: FloatNetwork, private readonly opts: Pick<TrainOptions, 'lr' | 'gamma' | 'lambda' | 'scale' | 'batch'>) {
    this.net = net;
    const n = net.params.length;
    this.m = new Float32Array(n);
    this.v = new Float32Array(n);
    this.grad = new Float32Array(n);
    this.acc = new Float32Array(2 * net.hidden);
    this.dacc = new Float32Array(2 * net.hidden);
  }

  target(ds: Dataset, i: number): number {
    const l = this.opts.lambda;
    return l * ds.result[i] + (1 - l) * sigmoid(ds.score[i] / this.opts.scale);
  }

  /** Mean loss over the positions `idx[from..to)`, without training. */
  loss(ds: Dataset, idx: Uint32Array, from = 0, to = idx.length): number {
    let sum = 0;
    for (let j = from; j < to; j++) {
      const i = idx[j];
      const p = sigmoid(this.net.forward(ds, i, this.acc));
      const d = p - this.target(ds, i);
      sum += d * d;
    }
    return to > from ? sum / (to - from) : 0;
  }

  /** One epoch over `idx` (shuffled here with `random`); returns the mean training loss. */
  trainEpoch(ds: Dataset, idx: Uint32Array, random: () => number): number {
    for (let j = idx.length - 1; j > 0; j--) {
      const k = Math.floor(random() * (j + 1));
      const t = idx[j];
      idx[j] = idx[k];
      idx[k] = t;
    }
    const lr = this.opts.lr * Math.pow(this.opts.gamma, this.epoch);
    let total = 0;
    const net = this.net;
    const grad = this.grad;
    for (let start = 0; start < idx.length; start += this.opts.batch) {
      const end = Math.min(idx.length, start + this.opts.batch);
      grad.fill(0);
      for (let j = start; j < end; j++) {
        const i = idx[j];
        const p = sigmoid(net.forward(ds, i, this.acc));
        const d = p - this.target(ds, i);
        total += d * d;
        net.backward(ds, i, this.acc, 2 * d * p * (1 - p), grad, this.dacc);
      }
      this.adam(lr, 1 / (end - start));
    }
    this.epoch++;
    return idx.length > 0 ? total / idx.length : 0;
  }

  private adam(lr: number, gradScale: number): void {
    const b1 = 0.9;
    const b2 = 0.999;
    const eps = 1e-8;
    this.step++;
    const c1 = 1 - Math.pow(b1, this.step);
    const c2 = 1 - Math.pow(b2, this.step);
    const p = this.net.params;
    const { m, v, grad } = this;
    for (let i = 0; i < p.length; i++) {
      const g = grad[i] * gradScale;
      if (g === 0 && m[i] === 0) continue;
      m[i] = b1 * m[i] + (1 - b1) * g;
      v[i] = b2 * v[i] + (1 - b2) * g * g;
      let x = p[i] - (lr * (m[i] / c1)) / (Math.sqrt(v[i] / c2) + eps);
      if (x > WEIGHT_CLIP) x = WEIGHT_CLIP;
      else if (x < -WEIGHT_CLIP) x = -WEIGHT_CLIP;
      p[i] = x;
    }
  }

  /** Checkpoint: magic, hidden, epoch, step, then params, m and v as float32. */
  checkpoint(): Uint8Array {
    const n = this.net.params.length;
    const out = new Uint8Array(24 + 12 * n);
    const dv = new DataView(out.buffer);
    out.set(new TextEncoder().encode('CHCKPT01'), 0);
    dv.setUint32(8, this.net.hidden, true);
    dv.setUint32(12, this.epoch, true);
    dv.setFloat64(16, this.step, true);
    out.set(new Uint8Array(this.net.params.buffer, this.net.params.byteOffset, 4 * n), 24);
    out.set(new Uint8Array(this.m.buffer), 24 + 4 * n);
    out.set(new Uint8Array(this.v.buffer), 24 + 8 * n);
    return out;
  }

  restore(bytes: Uint8Array): void {
    const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const n = this.net.params.length;
    if (new TextDecoder().decode(bytes.subarray(0, 8)) !== 'CHCKPT01') throw new Error('not a training checkpoint');
    if (dv.getUint32(8, true) !== this.net.hidden || bytes.length !== 24 + 12 * n) throw new Error('checkpoint of another network size');
    this.epoch = dv.getUint32(12, true);
    this.step = dv.getFloat64(16, true);
    const f = new Float32Array(bytes.slice(24).buffer);
    this.net.params.set(f.subarray(0, n));
    this.m.set(f.subarray(n, 2 * n));
    this.v.set(f.subarray(2 * n, 3 * n));
  }
}

/** A Position holding dataset entry i (side to move and pieces), for the engine's evaluator. */
export function datasetPosition(ds: Dataset, i: number, sideToMove: number, pos = new Position()): Position {
  pos.clear();
  const base = i * MAX_ACTIVE;
  for (let j = 0; j < ds.active[i]; j++) {
    const { code, sq } = featureSquare(sideToMove, ds.us[base + j]);
    pos.put(sq, code);
  }
  pos.setSide(sideToMove);
  return pos;
}

/**
 * Mean and largest |float eval - quantised eval| in centipawns over dataset entries `idx`, the
 * quantised one computed by the engine's evaluator.
 */
export function quantizationError(net: FloatNetwork, qnet: Network, scale: number, ds: Dataset, idx: ArrayLike<number>): { mean: number; max: number } {
  const ev = new NnueEvaluator(qnet);
  const acc = new Float32Array(2 * net.hidden);
  const pos = new Position();
  let sum = 0;
  let max = 0;
  for (let j = 0; j < idx.length; j++) {
    const i = idx[j];
    const f = net.forward(ds, i, acc) * scale;
    // The dataset does not keep the side to move; evaluate from Red's side, which the inputs
    // encode as "us" when the entry was Red to move. Either choice gives the same score by symmetry.
    datasetPosition(ds, i, RED, pos);
    ev.reset();
    const q = ev.evaluate(pos);
    const e = Math.abs(f - q);
    sum += e;
    if (e > max) max = e;
  }
  return { mean: idx.length ? sum / idx.length : 0, max };
}

function writeAtomic(path: string, bytes: Uint8Array): void {
  const tmp = `${path}.tmp`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, path);
}

export function runTrain(opts: TrainOptions, log: (line: string) => void): number {
  const t0 = Date.now();
  let ds: Dataset;
  try {
    ds = loadDataset(opts.data, opts.limit);
  } catch (err) {
    log(`chuhan train: ${(err as Error).message}`);
    return 1;
  }
  if (ds.size < 2) {
    log(`chuhan train: only ${ds.size} positions in ${opts.data.join(', ')}`);
    return 1;
  }
  const played = ds.size;
  const nVal = Math.max(1, Math.floor(played * opts.val));
  const nTrain = played - nVal;
  // Mirrored copies of the training positions go after all the played ones (withMirrors).
  if (opts.mirror) ds = withMirrors(ds, nTrain);
  const mirrored = ds.size - played;
  const trainIdx = new Uint32Array(nTrain + mirrored).map((_, i) => (i < nTrain ? i : played + i - nTrain));
  const valIdx = new Uint32Array(nVal).map((_, i) => nTrain + i);
  log(
    `train: ${played} positions (${nTrain} training${mirrored > 0 ? ` and their ${mirrored} mirror images` : ''}, ${nVal} held out) ` +
      `read in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  const net = FloatNetwork.random(opts.hidden, opts.seed);
  const trainer = new Trainer(net, opts);
  const ckpt = `${opts.out}.ckpt`;
  if (opts.resume && existsSync(ckpt)) {
    try {
      trainer.restore(new Uint8Array(readFileSync(ckpt)));
    } catch (err) {
      log(`chuhan train: cannot resume from ${ckpt}: ${(err as Error).message}`);
      return 1;
    }
    log(`train: resuming after epoch ${trainer.epoch}`);
  }
  const random = rng(opts.seed ^ 0x5bd1e995);
  for (let e = 0; e < trainer.epoch; e++) random(); // a resumed run shuffles differently, but deterministically
  log(`train: epoch ${trainer.epoch}: held-out loss ${trainer.loss(ds, valIdx).toFixed(6)}`);
  while (trainer.epoch < opts.epochs) {
    const te = Date.now();
    const trainLoss = trainer.trainEpoch(ds, trainIdx, random);
    const valLoss = trainer.loss(ds, valIdx);
    const qnet = net.quantize(opts.scale, opts.description ?? `chuhan h${opts.hidden} e${trainer.epoch}`);
    writeAtomic(opts.out, encodeNetwork(qnet));
    writeAtomic(ckpt, trainer.checkpoint());
    log(
      `train: epoch ${trainer.epoch}/${opts.epochs}: training loss ${trainLoss.toFixed(6)}, held-out loss ${valLoss.toFixed(6)}, ` +
        `${((Date.now() - te) / 1000).toFixed(1)} s (${Math.round(trainIdx.length / ((Date.now() - te) / 1000))} positions/s)`,
    );
  }
  const qnet = net.quantize(opts.scale, opts.description ?? `chuhan h${opts.hidden} e${trainer.epoch}`);
  const sample = valIdx.subarray(0, Math.min(valIdx.length, 20000));
  const q = quantizationError(net, qnet, opts.scale, ds, sample);
  log(`train: quantised against float on ${sample.length} held-out positions: mean |diff| ${q.mean.toFixed(2)} cp, max ${q.max.toFixed(1)} cp`);
  log(`train: wrote ${opts.out} in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  return 0;
}
