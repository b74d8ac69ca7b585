// Networks of random weights for the network tests: any shape the file format holds.
import { kingBucketCount, NNUE_INPUTS, type Network } from '../engine/nnue-format';
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

