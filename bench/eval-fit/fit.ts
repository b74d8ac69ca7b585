// The fit: minimise mean (σ(K·eval) − σ(K·α·label))² + λ·Σ (p − p0)² over the parameters with
// Adam (full batch), K = 1/300. α rescales Fairy-Stockfish's centipawns to ours: it is chosen
// first, on the current parameters, as the value that fits them best, so that the tuned
// evaluation keeps the engine's scale. 10% of the positions are held out.

import { writeFileSync } from 'node:fs';
import { CLASSES, KINDS, TERMS } from './features';
import { Dataset, loadDataset } from './labelled-positions';
import { rng } from '../../engine/rng';
import { NPARAMS, OFF_EG, OFF_MAT_EG, OFF_MAT_MG, OFF_MG, OFF_TERMS, currentParams } from './params';
import { emitResult, summary } from './emit';
import { KING, SOLDIER } from '../../engine/types';
import { OVERRIDES } from '../../engine/eval-overrides';

interface FitOptions {
  input: string;
  out: string;
  epochs: number;
  lambda: number;
  seed: number;
  /** Keep the term weights at zero or above (the sign each term was written with). */
  nonNegativeTerms: boolean;
}

const K = 1 / 300;
const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** Continuous evaluation (red's view) of position i. */
function evalAt(d: Dataset, p: Float64Array, i: number): number {
  let mg = 0;
  let eg = 0;
  for (let j = d.start[i], e = d.start[i + 1]; j < e; j++) {
    const idx = d.index[j];
    const kind = (idx / CLASSES) | 0;
    const s = d.sign[j];
    mg += s * (p[OFF_MAT_MG + kind] + p[OFF_MG + idx]);
    eg += s * (p[OFF_MAT_EG + kind] + p[OFF_EG + idx]);
  }
  const f = d.phase[i];
  let v = f * mg + (1 - f) * eg;
  const tb = i * TERMS;
  for (let t = 0; t < TERMS; t++) v += d.terms[tb + t] * p[OFF_TERMS + t];
  return v;
}

function loss(d: Dataset, p: Float64Array, rows: Int32Array, alpha: number): number {
  let sum = 0;
  for (const i of rows) {
    const r = sigmoid(K * evalAt(d, p, i)) - sigmoid(K * alpha * d.label[i]);
    sum += r * r;
  }
  return sum / rows.length;
}

/** Adds the gradient of the mean data loss over `rows` into g. */
function gradient(d: Dataset, p: Float64Array, rows: Int32Array, alpha: number, g: Float64Array): void {
  const scale = 1 / rows.length;
  for (const i of rows) {
    const s = sigmoid(K * evalAt(d, p, i));
    const dv = 2 * (s - sigmoid(K * alpha * d.label[i])) * s * (1 - s) * K * scale;
    const f = d.phase[i];
    for (let j = d.start[i], e = d.start[i + 1]; j < e; j++) {
      const idx = d.index[j];
      const kind = (idx / CLASSES) | 0;
      const a = dv * d.sign[j] * f;
      const b = dv * d.sign[j] * (1 - f);
      g[OFF_MG + idx] += a;
      g[OFF_MAT_MG + kind] += a;
      g[OFF_EG + idx] += b;
      g[OFF_MAT_EG + kind] += b;
    }
    const tb = i * TERMS;
    for (let t = 0; t < TERMS; t++) g[OFF_TERMS + t] += dv * d.terms[tb + t];
  }
}

/** Parameters that are not fitted: king material, and table entries no piece of that kind reaches. */
function frozenMask(d: Dataset): Uint8Array {
  const used = new Uint8Array(KINDS * CLASSES);
  for (let j = 0; j < d.index.length; j++) used[d.index[j]] = 1;
  const frozen = new Uint8Array(NPARAMS);
  for (let c = 0; c < KINDS * CLASSES; c++) {
    if (!used[c]) frozen[OFF_MG + c] = frozen[OFF_EG + c] = 1;
  }
  frozen[OFF_MAT_MG + KING] = frozen[OFF_MAT_EG + KING] = 1;
  for (const k of [0]) frozen[OFF_MAT_MG + k] = frozen[OFF_MAT_EG + k] = 1;
  return frozen;
}

export function fit(opts: FitOptions, log: (s: string) => void): void {
  const d = loadDataset(opts.input);
  const random = rng(opts.seed);
  const train: number[] = [];
  const test: number[] = [];
  for (let i = 0; i < d.n; i++) (random() < 0.1 ? test : train).push(i);
  const tr = Int32Array.from(train);
  const te = Int32Array.from(test);
  log(`positions ${d.n}: train ${tr.length}, held out ${te.length}`);
  const buckets = [0, 0, 0, 0, 0];
  for (let i = 0; i < d.n; i++) buckets[Math.min(4, Math.floor(d.phase[i] * 5))]++;
  log(`phase fifths (end game .. full): ${buckets.join(' ')}`);

  const p0 = currentParams();
  // α: the label scale that fits the current evaluation best (golden-section on the training set).
  let lo = 0.3;
  let hi = 3;
  for (let it = 0; it < 40; it++) {
    const m1 = lo + (hi - lo) * 0.382;
    const m2 = lo + (hi - lo) * 0.618;
    if (loss(d, p0, tr, m1) < loss(d, p0, tr, m2)) hi = m2;
    else lo = m1;
  }
  const alpha = Math.round(((lo + hi) / 2) * 1000) / 1000;
  const before = { train: loss(d, p0, tr, alpha), test: loss(d, p0, te, alpha) };
  log(`alpha ${alpha}; loss before: train ${before.train.toFixed(6)} held-out ${before.test.toFixed(6)}`);

  const frozen = frozenMask(d);
  const p = Float64Array.from(p0);
  const m = new Float64Array(NPARAMS);
  const v = new Float64Array(NPARAMS);
  const g = new Float64Array(NPARAMS);
  const b1 = 0.9;
  const b2 = 0.999;
  for (let epoch = 1; epoch <= opts.epochs; epoch++) {
    g.fill(0);
    gradient(d, p, tr, alpha, g);
    const lr = 0.05 + 0.95 * 0.5 * (1 + Math.cos((Math.PI * epoch) / opts.epochs)); // 1 → 0.05 cp
    for (let k = 0; k < NPARAMS; k++) {
      if (frozen[k]) continue;
      const gk = g[k] + 2 * opts.lambda * (p[k] - p0[k]);
      m[k] = b1 * m[k] + (1 - b1) * gk;
      v[k] = b2 * v[k] + (1 - b2) * gk * gk;
      const mh = m[k] / (1 - Math.pow(b1, epoch));
      const vh = v[k] / (1 - Math.pow(b2, epoch));
      p[k] -= (lr * mh) / (Math.sqrt(vh) + 1e-12);
    }
    // Constraints: material stays positive and at least a third of its current value.
    for (let kind = KING + 1; kind <= SOLDIER; kind++) {
      for (const off of [OFF_MAT_MG, OFF_MAT_EG]) {
        const min = Math.max(10, p0[off + kind] / 3);
        if (p[off + kind] < min) p[off + kind] = min;
      }
    }
    if (opts.nonNegativeTerms) for (let t = OFF_TERMS; t < NPARAMS; t++) if (p[t] < 0) p[t] = 0;
    if (epoch % 200 === 0 || epoch === opts.epochs) {
      log(`epoch ${epoch}: train ${loss(d, p, tr, alpha).toFixed(6)} held-out ${loss(d, p, te, alpha).toFixed(6)}`);
    }
  }
  const rounded = p.map((x) => Math.round(x));
  const after = { train: loss(d, rounded, tr, alpha), test: loss(d, rounded, te, alpha) };
  log(`loss after (integers): train ${after.train.toFixed(6)} held-out ${after.test.toFixed(6)}`);
  log(summary(p0, rounded));
  writeFileSync(
    opts.out,
    emitResult(rounded, { alpha, before, after, n: d.n, nTrain: tr.length, nTest: te.length, lambda: opts.lambda, epochs: opts.epochs }),
  );
  log(`wrote ${opts.out}`);
  const kept = Object.entries(OVERRIDES).map(([w, v]) => `${w} ${v}`);
  if (kept.length > 0) log(`hand-set in engine/eval-overrides.ts, still in force over the fit: ${kept.join(', ')}`);
}
