// `chuhan train`: fits the float network (float-network.ts) to datagen positions and writes the
// quantised network file the engine loads (engine/nnue-format.ts).
//   target  t = lambda * result + (1 - lambda) * sigmoid(score / K)      (side to move; K = scale)
//   output  p = sigmoid(out * SCALE / K) = sigmoid(eval_cp / K)
//   loss    mean (p - t)^2, Adam, batches, the learning rate of lr-schedule.ts
// The data is read from disk a window at a time in a seeded shuffled order (training-order.ts),
// and each batch is decoded from the records when it is trained on, so memory stays bounded
// whatever the data's size. The last `val` share of the positions (the latest games) is held out
// and its loss reported each epoch. After every epoch the network file and a checkpoint
// (checkpoint.ts) are written, each through a temporary file and a rename; --resume continues
// from the checkpoint exactly as if the training had not stopped.
//
// Ctrl-C (bench/interrupt.ts): the batch in hand is finished, a checkpoint of that point is
// written, and --resume goes on from there; a second Ctrl-C exits at once.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { decodeNetwork, encodeNetwork, featureSquare, fnv1a, kingBucketCount, type Network } from '../../engine/nnue-format';
import { NnueEvaluator } from '../../engine/nnue';
import { Position } from '../../engine/position';
import { onInterrupt, yieldToSignals } from '../interrupt';
import { canonical } from '../match/identity';
import { rng } from '../../engine/rng';
import { CheckpointError, decodeCheckpoint, encodeCheckpoint, type CheckpointState } from './checkpoint';
import { RECORD_BYTES } from './data-format';
import { DataSource } from './data-source';
import { decodeRecord, decodeRecords, emptyDataset, MAX_ACTIVE, type Dataset } from './dataset';
import { FloatNetwork, WEIGHT_CLIP, type NetworkShape } from './float-network';
import { learningRate, type LrScheduleKind } from './lr-schedule';
import { TrainingOrder } from './training-order';

export interface TrainOptions {
  data: string[];
  out: string;
  hidden: number;
  /** King buckets of the inputs (engine/nnue-format.ts; default none: plain inputs). */
  kingBuckets?: Uint8Array | null;
  /** Output buckets by piece count (default 1). */
  outputBuckets?: number;
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
  /** A network file of the same shape to start from (fine-tuning) instead of random weights. */
  init?: string;
  description?: string;
  /** The learning-rate schedule (default step: lr * gamma^epoch). */
  schedule?: LrScheduleKind;
  /** Batches of linear warm-up (default 0). */
  warmup?: number;
  /** Cosine: the rate at the end (default 0). */
  lrMin?: number;
  /** Positions whose records are held at once (default DEFAULT_BUFFER). */
  buffer?: number;
  /**
   * The output weights stay within plus or minus this (default WEIGHT_CLIP, as every weight). At
   * 0.5 or less every output weight fits the finer output scale QB 256 (W2_QUANT_MAX / 256): half
   * the rounding step of QB 128.
   */
  outputClip?: number;
  /** Positions read together when the data exceeds the buffer (default CHUNK; smaller in tests). */
  chunk?: number;
}

/** Positions held in memory by default: 4 M records of 48 bytes, 192 MB. */
export const DEFAULT_BUFFER = 4_000_000;
/** Positions read from disk together, the unit of the shuffled order when the data exceeds the buffer. */
export const CHUNK = 65536;
/** Held-out positions decoded at a time. */
const VAL_CHUNK = 65536;

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

/** "chuhan h128 e2", or with king and output buckets "chuhan h256 k6 o8 e2". */
function defaultDescription(shape: NetworkShape, epoch: number): string {
  const k = shape.kingBuckets === null ? '' : ` k${kingBucketCount(shape.kingBuckets)}`;
  const o = shape.outputBuckets === 1 ? '' : ` o${shape.outputBuckets}`;
  return `chuhan h${shape.hidden}${k}${o} e${epoch}`;
}

/** The architecture the options ask for. */
function trainShape(opts: Pick<TrainOptions, 'hidden' | 'kingBuckets' | 'outputBuckets'>): NetworkShape {
  return { hidden: opts.hidden, kingBuckets: opts.kingBuckets ?? null, outputBuckets: opts.outputBuckets ?? 1 };
}

export class Trainer {
  readonly net: FloatNetwork;
  readonly m: Float32Array;
  readonly v: Float32Array;
  private readonly grad: Float32Array;
  private readonly acc: Float32Array;
  private readonly dacc: Float32Array;
  /** Adam steps taken. */
  step = 0;

  constructor(
    net: FloatNetwork,
    private readonly opts: Pick<TrainOptions, 'lambda' | 'scale' | 'outputClip'>,
  ) {
    this.net = net;
    const n = net.params.length;
    this.m = new Float32Array(n);
    this.v = new Float32Array(n);
    this.grad = new Float32Array(n);
    this.acc = new Float32Array(2 * net.hidden);
    this.dacc = new Float32Array(2 * net.hidden);
  }

  /** An empty dataset of `size` entries decoded for this network's inputs. */
  dataset(size: number): Dataset {
    return emptyDataset(size, this.net.shape.kingBuckets);
  }

  target(ds: Dataset, i: number): number {
    const l = this.opts.lambda;
    return l * ds.result[i] + (1 - l) * sigmoid(ds.score[i] / this.opts.scale);
  }

  /** `sum` plus the losses of entries [from, to) of `ds`, without training. */
  lossSum(ds: Dataset, from = 0, to = ds.size, sum = 0): number {
    for (let i = from; i < to; i++) {
      const d = sigmoid(this.net.forward(ds, i, this.acc)) - this.target(ds, i);
      sum += d * d;
    }
    return sum;
  }

  /** Mean loss over the entries `idx` of `ds`, without training. */
  loss(ds: Dataset, idx: ArrayLike<number>): number {
    let sum = 0;
    for (let j = 0; j < idx.length; j++) sum = this.lossSum(ds, idx[j], idx[j] + 1, sum);
    return idx.length > 0 ? sum / idx.length : 0;
  }

  /** One Adam step on the batch of entries [from, to) of `ds` at rate `lr`; returns their summed loss. */
  trainBatch(ds: Dataset, from: number, to: number, lr: number): number {
    const net = this.net;
    const grad = this.grad;
    grad.fill(0);
    let total = 0;
    for (let i = from; i < to; i++) {
      const p = sigmoid(net.forward(ds, i, this.acc));
      const d = p - this.target(ds, i);
      total += d * d;
      net.backward(ds, i, this.acc, 2 * d * p * (1 - p), grad, this.dacc);
    }
    this.adam(lr, 1 / (to - from));
    return total;
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
    const clip = this.opts.outputClip;
    if (clip !== undefined && clip < WEIGHT_CLIP) clipWeights(this.net.w2, clip);
  }
}

/** Clamps every weight of `w` to [-clip, clip]. */
function clipWeights(w: Float32Array, clip: number): void {
  for (let i = 0; i < w.length; i++) {
    if (w[i] > clip) w[i] = clip;
    else if (w[i] < -clip) w[i] = -clip;
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

/** A Position holding dataset entry i as decoded: its pieces and side to move (any input set). */
function entryPosition(ds: Dataset, i: number, pos = new Position()): Position {
  pos.clear();
  const base = i * MAX_ACTIVE;
  for (let j = 0; j < ds.active[i]; j++) pos.put(ds.square[base + j], ds.code[base + j]);
  pos.setSide(ds.side[i]);
  return pos;
}

/**
 * Mean and largest |float eval - quantised eval| in centipawns over dataset entries `idx`, the
 * quantised one computed by the engine's evaluator.
 */
export function quantizationError(
  net: FloatNetwork,
  qnet: Network,
  scale: number,
  ds: Dataset,
  idx: ArrayLike<number>,
): { mean: number; max: number } {
  const ev = new NnueEvaluator(qnet);
  const acc = new Float32Array(2 * net.hidden);
  const pos = new Position();
  let sum = 0;
  let max = 0;
  for (let j = 0; j < idx.length; j++) {
    const i = idx[j];
    const f = net.forward(ds, i, acc) * scale;
    entryPosition(ds, i, pos);
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

/** The network a training starts from (--init), and the checksum of its file for the checkpoint's identity. */
interface InitNetwork {
  file: string;
  net: Network;
  fnv: number;
}

/**
 * Reads the --init network; throws naming the first way it cannot start the training's shape and
 * scale: the same shape, or one it grows into (FloatNetwork.grownFrom: more neurons, king buckets
 * from plain inputs, output buckets from one).
 */
function readInitNetwork(file: string, opts: TrainOptions): InitNetwork {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(readFileSync(file));
  } catch (err) {
    throw new Error(`cannot read it (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  const net = decodeNetwork(bytes);
  const shape = trainShape(opts);
  const buckets = (k: Uint8Array | null): string => (k === null ? 'plain inputs' : `king buckets ${Array.from(k).join(',')}`);
  if (net.hidden > shape.hidden)
    throw new Error(`a network of ${net.hidden} neurons a side, more than ${shape.hidden} (--hidden ${net.hidden})`);
  if (net.kingBuckets !== null && buckets(net.kingBuckets) !== buckets(shape.kingBuckets))
    throw new Error(`a network with ${buckets(net.kingBuckets)}, not ${buckets(shape.kingBuckets)} (--king-buckets)`);
  if (net.outputBuckets !== 1 && net.outputBuckets !== shape.outputBuckets)
    throw new Error(`a network of ${net.outputBuckets} output buckets, not ${shape.outputBuckets} (--output-buckets)`);
  if (net.scale !== opts.scale) throw new Error(`a network of scale ${net.scale}, not ${opts.scale} (--scale)`);
  return { file, net, fnv: fnv1a(bytes) };
}

/** Does the --init network have the training's shape (else it is grown into it)? */
function sameShape(net: Network, shape: NetworkShape): boolean {
  return (
    net.hidden === shape.hidden && net.outputBuckets === shape.outputBuckets && (net.kingBuckets === null) === (shape.kingBuckets === null)
  );
}

const mb = (bytes: number): string => `${Math.round(bytes / 1e6)} MB`;

export async function runTrain(opts: TrainOptions, log: (line: string) => void): Promise<number> {
  const t0 = Date.now();
  const ckptPath = `${opts.out}.ckpt`;
  const buffer = opts.buffer ?? DEFAULT_BUFFER;
  const schedule = {
    lr: opts.lr,
    gamma: opts.gamma,
    schedule: opts.schedule ?? 'step',
    warmup: opts.warmup ?? 0,
    lrMin: opts.lrMin ?? 0,
    epochs: opts.epochs,
  } as const;

  let init: InitNetwork | null = null;
  if (opts.init !== undefined) {
    try {
      init = readInitNetwork(opts.init, opts);
    } catch (err) {
      log(`chuhan train: --init ${opts.init}: ${(err as Error).message}`);
      return 1;
    }
  }
  let ckpt: CheckpointState | null = null;
  if (opts.resume) {
    if (!existsSync(ckptPath)) log(`train: --resume: no checkpoint ${ckptPath} yet; starting from the beginning`);
    else {
      try {
        ckpt = decodeCheckpoint(new Uint8Array(readFileSync(ckptPath)), FloatNetwork.paramCount(trainShape(opts)));
        if (ckpt.hidden !== opts.hidden)
          throw new CheckpointError(`a checkpoint of a network with ${ckpt.hidden} neurons, not ${opts.hidden}`);
      } catch (err) {
        log(`chuhan train: cannot resume from ${ckptPath}: ${(err as Error).message}`);
        return 1;
      }
    }
  }
  const counts = (ckpt?.identity?.data as Array<{ positions: number }> | undefined)?.map((d) => d.positions);
  if (counts !== undefined && counts.length !== opts.data.length) {
    log(`chuhan train: cannot resume from ${ckptPath}: it was made on ${counts.length} data file(s), not ${opts.data.length}`);
    return 1;
  }
  let source: DataSource;
  try {
    source = new DataSource(opts.data, opts.limit ?? Infinity, counts);
  } catch (err) {
    log(`chuhan train: ${(err as Error).message}`);
    return 1;
  }
  try {
    return await train(opts, source, init, ckpt, buffer, schedule, log, t0);
  } finally {
    source.close();
  }
}

async function train(
  opts: TrainOptions,
  source: DataSource,
  init: InitNetwork | null,
  ckpt: CheckpointState | null,
  buffer: number,
  schedule: Parameters<typeof learningRate>[0],
  log: (line: string) => void,
  t0: number,
): Promise<number> {
  const ckptPath = `${opts.out}.ckpt`;
  const played = source.size;
  if (played < 2) {
    log(`chuhan train: only ${played} positions in ${opts.data.join(', ')}`);
    return 1;
  }
  const nVal = Math.max(1, Math.floor(played * opts.val));
  const nTrain = played - nVal;
  const mirror = opts.mirror === true;
  const chunk = opts.chunk ?? CHUNK;
  const shape = trainShape(opts);

  // What a resumed training must share with the one that wrote the checkpoint.
  const identity: Record<string, unknown> = {
    data: source.files.map((f) => ({ file: basename(f.file), run: f.run, positions: f.used })),
    hidden: opts.hidden,
    // Named only for the shapes beyond today's, so that earlier checkpoints still resume.
    ...(shape.kingBuckets !== null ? { kingBuckets: Array.from(shape.kingBuckets) } : {}),
    ...(shape.outputBuckets !== 1 ? { outputBuckets: shape.outputBuckets } : {}),
    ...(init !== null ? { init: { file: basename(init.file), fnv: init.fnv } } : {}),
    ...(opts.outputClip !== undefined ? { outputClip: opts.outputClip } : {}),
    seed: opts.seed,
    batch: opts.batch,
    val: opts.val,
    mirror,
    buffer,
    chunk,
    lambda: opts.lambda,
    scale: opts.scale,
    lr: opts.lr,
    schedule: schedule.schedule,
    warmup: schedule.warmup,
    ...(schedule.schedule === 'step' ? { gamma: opts.gamma } : { lrMin: schedule.lrMin, epochs: opts.epochs }),
  };
  if (ckpt?.identity) {
    for (const key of new Set([...Object.keys(identity), ...Object.keys(ckpt.identity)])) {
      const was = canonical(ckpt.identity[key]);
      const now = canonical(identity[key]);
      if (was !== now) {
        const made =
          ckpt.identity[key] === undefined
            ? `without ${key}, not with ${now}`
            : identity[key] === undefined
              ? `with ${key} ${was}, not without it`
              : `with ${key} ${was}, not ${now}`;
        log(`chuhan train: cannot resume from ${ckptPath}: it was made ${made}; give the same options (or start again without --resume)`);
        return 1;
      }
    }
  } else if (ckpt) log(`train: ${ckptPath} is a checkpoint of an earlier version; its options cannot be checked`);

  const order = new TrainingOrder({ nTrain, played, mirror, buffer, chunk }, rng(opts.seed ^ 0x5bd1e995));
  const held = order.whole ? nTrain : Math.min(nTrain, order.perWindow * chunk);
  log(
    `train: ${played} positions (${nTrain} training${mirror ? ` and their ${nTrain} mirror images` : ''}, ${nVal} held out) in ${source.files.length} file(s); ` +
      (order.whole
        ? `all training positions in memory (${mb(held * RECORD_BYTES)} of records)`
        : `read in shuffled windows of ${held} positions (${mb(held * RECORD_BYTES)} of records), ${order.chunks} chunks of ${chunk}`),
  );
  const net =
    init === null
      ? FloatNetwork.random(shape, opts.seed)
      : sameShape(init.net, shape)
        ? FloatNetwork.fromNetwork(init.net)
        : FloatNetwork.grownFrom(init.net, shape, opts.seed);
  if (init !== null && !ckpt)
    log(
      `train: starting from the weights of ${init.file} (${init.net.description})` +
        (sameShape(init.net, shape) ? '' : `, grown to ${defaultDescription(shape, 0).replace(/^chuhan | e0$/g, '')}`),
    );
  if (opts.outputClip !== undefined && !ckpt) clipWeights(net.w2, opts.outputClip);
  const trainer = new Trainer(net, opts);
  let epoch = 0;
  let startWindow = 0;
  let startBatch = 0;
  let lossSum = 0;
  let lossCount = 0;
  if (ckpt) {
    net.params.set(ckpt.params);
    trainer.m.set(ckpt.m);
    trainer.v.set(ckpt.v);
    trainer.step = ckpt.step;
    epoch = ckpt.epoch;
    startWindow = ckpt.window;
    startBatch = ckpt.batch;
    lossSum = ckpt.lossSum;
    lossCount = ckpt.lossCount;
    // The shuffles of the epochs before, drawn again (no data is read).
    for (let e = 0; e < epoch; e++) for (const w of order.beginEpoch()) order.skipWindow(w);
    log(
      `train: resuming at epoch ${epoch + 1}${startWindow > 0 || startBatch > 0 ? `, window ${startWindow + 1}, batch ${startBatch + 1}` : ''} (${trainer.step} steps done)`,
    );
  }

  let stop = false;
  const interrupt = onInterrupt(() => (stop = true));
  const save = (e: number, window: number, batch: number): void =>
    writeAtomic(
      ckptPath,
      encodeCheckpoint({
        hidden: opts.hidden,
        epoch: e,
        window,
        batch,
        step: trainer.step,
        lossSum,
        lossCount,
        identity,
        params: net.params,
        m: trainer.m,
        v: trainer.v,
      }),
    );
  const stopped = (e: number, window: number, batch: number): number => {
    save(e, window, batch);
    log(`train: ${interrupt.signal}: stopped in epoch ${e + 1}; ${ckptPath} holds the training up to here and --resume goes on from it`);
    return interrupt.code;
  };

  try {
    // Held-out loss, over the positions nTrain..played, a chunk at a time (null: interrupted).
    const valBuf = new Uint8Array(Math.min(VAL_CHUNK, nVal) * RECORD_BYTES);
    const valDs = trainer.dataset(Math.min(VAL_CHUNK, nVal));
    const heldOutLoss = async (): Promise<number | null> => {
      let sum = 0;
      for (let from = nTrain; from < played; from += VAL_CHUNK) {
        const n = Math.min(VAL_CHUNK, played - from);
        source.read(from, n, valBuf);
        decodeRecords(valBuf, n, valDs, 0);
        sum = trainer.lossSum(valDs, 0, n, sum);
        await yieldToSignals();
        if (stop) return null;
      }
      return sum / nVal;
    };
    if (!ckpt) {
      const l = await heldOutLoss();
      if (l === null) return stopped(0, 0, 0);
      log(`train: epoch 0: held-out loss ${l.toFixed(6)}`);
    }

    // The records of the current window, and where each of its chunks starts in them.
    let records = new Uint8Array(0);
    const chunkStart = new Int32Array(order.chunks);
    let loaded = false;
    const load = (window: Uint32Array): void => {
      if (order.whole && loaded) return;
      if (records.length < held * RECORD_BYTES) records = new Uint8Array(held * RECORD_BYTES);
      let at = 0;
      for (const c of window) {
        const r = order.chunkRange(c);
        source.read(r.from, r.to - r.from, records, at * RECORD_BYTES);
        chunkStart[c] = at - r.from;
        at += r.to - r.from;
      }
      loaded = true;
    };
    const batchDs = trainer.dataset(opts.batch);

    for (; epoch < opts.epochs; epoch++) {
      const te = Date.now();
      const windows = order.beginEpoch();
      let done = 0;
      for (let w = 0; w < startWindow; w++) {
        order.skipWindow(windows[w]);
        done += order.windowSize(windows[w]);
      }
      if (startWindow === 0 && startBatch === 0) {
        lossSum = 0;
        lossCount = 0;
      }
      for (let w = startWindow; w < windows.length; w++) {
        load(windows[w]);
        const entries = order.windowEntries(windows[w]);
        done += Math.min(entries.length, startBatch * opts.batch);
        for (let b = startBatch; b * opts.batch < entries.length; b++) {
          if (stop) return stopped(epoch, w, b);
          const from = b * opts.batch;
          const n = Math.min(opts.batch, entries.length - from);
          for (let j = 0; j < n; j++) {
            const e = entries[from + j];
            const mirrored = e >= played;
            const p = mirrored ? e - played : e;
            const c = order.whole ? 0 : Math.floor(p / chunk);
            decodeRecord(records, (chunkStart[c] + p) * RECORD_BYTES, batchDs, j, mirrored);
          }
          lossSum += trainer.trainBatch(batchDs, 0, n, learningRate(schedule, epoch, done, order.entries, trainer.step + 1));
          lossCount += n;
          done += n;
          await yieldToSignals();
        }
        startBatch = 0;
      }
      startWindow = 0;
      if (stop) return stopped(epoch, windows.length, 0);
      const valLoss = await heldOutLoss();
      if (valLoss === null) return stopped(epoch, windows.length, 0);
      const qnet = net.quantize(opts.scale, opts.description ?? defaultDescription(shape, epoch + 1));
      writeAtomic(opts.out, encodeNetwork(qnet));
      const trainLoss = lossCount > 0 ? lossSum / lossCount : 0;
      const secs = (Date.now() - te) / 1000;
      lossSum = 0;
      lossCount = 0;
      save(epoch + 1, 0, 0);
      log(
        `train: epoch ${epoch + 1}/${opts.epochs}: training loss ${trainLoss.toFixed(6)}, held-out loss ${valLoss.toFixed(6)}, ` +
          `${secs.toFixed(1)} s (${Math.round(order.entries / secs)} positions/s)`,
      );
    }
  } finally {
    interrupt.dispose();
  }

  const qnet = net.quantize(opts.scale, opts.description ?? defaultDescription(shape, epoch));
  const sampleSize = Math.min(nVal, 20000);
  const sample = trainer.dataset(sampleSize);
  const sampleBuf = new Uint8Array(sampleSize * RECORD_BYTES);
  source.read(nTrain, sampleSize, sampleBuf);
  decodeRecords(sampleBuf, sampleSize, sample, 0);
  const q = quantizationError(
    net,
    qnet,
    opts.scale,
    sample,
    Uint32Array.from({ length: sampleSize }, (_, i) => i),
  );
  log(
    `train: quantised against float on ${sampleSize} held-out positions: mean |diff| ${q.mean.toFixed(2)} cp, max ${q.max.toFixed(1)} cp`,
  );
  log(`train: wrote ${opts.out} in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  return 0;
}
