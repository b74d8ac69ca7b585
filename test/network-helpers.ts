// For the network tests: networks of random weights of any shape the file format holds, and a
// short training run on a tiny dataset.
import { kingBucketCount, NNUE_INPUTS, type Network } from '../engine/nnue-format';
import type { Dataset } from '../bench/nnue/dataset';
import type { Trainer } from '../bench/nnue/train';
import { rng } from './helpers';

/** A network of random weights of the given shape (evaluations differ from the built-in one's). */
export function randomShapedNetwork(hidden: number, kingBuckets: Uint8Array | null, outputBuckets: number, seed: number): Network {
  const random = rng(seed);
  const int = (lo: number, hi: number): number => lo + Math.floor(random() * (hi - lo + 1));
  const k = kingBucketCount(kingBuckets);
  return {
    hidden,
    qa: 255,
    qb: 64,
    scale: 400,
    description: `random h${hidden}`,
    version: 2,
    kingBuckets,
    outputBuckets,
    b1: new Int16Array(hidden).map(() => int(-100, 200)),
    w1: new Int16Array(k * NNUE_INPUTS * hidden).map(() => int(-60, 60)),
    w2: new Int16Array(outputBuckets * 2 * hidden).map(() => int(-128, 128)),
    b2: new Int32Array(outputBuckets).map(() => int(-50000, 50000)),
  };
}

interface TinyTraining {
  /** Held-out loss before and after. */
  before: number;
  after: number;
  /** Training loss before and after. */
  trainBefore: number;
  trainAfter: number;
}

/**
 * Trains on the first `trainIdx.length` entries of `ds` (the training entries come first, in
 * played order): 8 epochs of batches of 64, the step 0.01 falling by 0.9 an epoch. Prints and
 * returns the held-out (`valIdx`) and training losses before and after.
 */
export function trainTiny(label: string, trainer: Trainer, ds: Dataset, trainIdx: Uint32Array, valIdx: Uint32Array): TinyTraining {
  const before = trainer.loss(ds, valIdx);
  const trainBefore = trainer.loss(ds, trainIdx);
  for (let e = 0; e < 8; e++) {
    for (let b = 0; b < trainIdx.length; b += 64) trainer.trainBatch(ds, b, Math.min(trainIdx.length, b + 64), 0.01 * Math.pow(0.9, e));
  }
  const after = trainer.loss(ds, valIdx);
  const trainAfter = trainer.loss(ds, trainIdx);
  console.log(
    `${label}: held-out loss ${before.toFixed(5)} -> ${after.toFixed(5)}, training loss ${trainBefore.toFixed(5)} -> ${trainAfter.toFixed(5)}`,
  );
  return { before, after, trainBefore, trainAfter };
}
