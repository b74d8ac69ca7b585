// `chuhan analyse --fit-wdl DATA.bin...`: the chances of a win, a draw and a loss from a search
// score, fitted on Chuhan's own self-play records (the data of --fit-curve, fit-curve.ts: each
// position's searched score, the game's result, side to move's view, and the material on the
// board).
//
// The model is engine/wdl.ts's: the win and the loss curves fitted apart, each a logistic
// regression of its own outcome (won or not, lost or not) on the terms wdlTerms gives (the score,
// the material m and m², and their products), by maximum likelihood: Newton's method with the step
// halved until the likelihood grows, a concave problem. The draw share is what the two leave.
//
// The report is a markdown section: the constants for engine/wdl.ts, the data, the mean
// log-likelihood per position of the three outcomes against simpler models (the same curves on
// the score alone, the symmetric draw model of fit-curve.ts, the base rates) and of the expected
// score (a draw half a win) against the single curve of the review (fit-curve.ts), and tables of
// the observed and fitted shares by score, for the whole data and by material; `--svg FILE` draws
// the curves at three amounts of material with the observed shares.
import { writeFileSync } from 'node:fs';
import { wdlTerms } from '../../engine/wdl';
import { type FitData, fitDrawModel, fitSlope, readFitData } from './fit-curve';

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));
const clip = (p: number): number => Math.min(1 - 1e-12, Math.max(1e-12, p));
/** log sigmoid(z), exact for large |z|. */
const logSigmoid = (z: number): number => Math.min(0, z) - Math.log1p(Math.exp(-Math.abs(z)));

/**
 * A logistic regression: the coefficients c maximising Σ log P(yes_i) with P = sigmoid(c · x_i),
 * `x` holding `k` terms a row. Newton's method from c = 0, each step halved until the likelihood
 * grows.
 */
export function fitLogit(x: Float64Array, k: number, yes: ArrayLike<number>): number[] {
  const n = yes.length;
  const c = new Float64Array(k);
  const z = (coef: ArrayLike<number>, i: number): number => {
    let v = 0;
    for (let j = 0; j < k; j++) v += coef[j] * x[i * k + j];
    return v;
  };
  const logLik = (coef: ArrayLike<number>): number => {
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const v = z(coef, i);
      sum += yes[i] === 1 ? logSigmoid(v) : logSigmoid(-v);
    }
    return sum;
  };
  let current = logLik(c);
  for (let iter = 0; iter < 100; iter++) {
    const g = new Float64Array(k);
    const h = new Float64Array(k * k);
    for (let i = 0; i < n; i++) {
      const p = sigmoid(z(c, i));
      const r = yes[i] - p;
      const w = p * (1 - p);
      for (let a = 0; a < k; a++) {
        const xa = x[i * k + a];
        g[a] += r * xa;
        for (let b = 0; b <= a; b++) h[a * k + b] += w * xa * x[i * k + b];
      }
    }
    for (let a = 0; a < k; a++) for (let b = a + 1; b < k; b++) h[a * k + b] = h[b * k + a];
    const step = solve(h, g, k);
    if (step === null) break;
    let next = c.map((v, j) => v + step[j]);
    let nextLik = logLik(next);
    for (let halving = 0; halving < 40 && !(nextLik >= current); halving++) {
      for (let j = 0; j < k; j++) step[j] /= 2;
      next = c.map((v, j) => v + step[j]);
      nextLik = logLik(next);
    }
    c.set(next);
    current = nextLik;
    if (step.every((s) => Math.abs(s) < 1e-10)) break;
  }
  return Array.from(c);
}

/** The solution of h · s = g (k × k, Gaussian elimination with partial pivoting), or null when h is singular. */
function solve(h: Float64Array, g: Float64Array, k: number): number[] | null {
  const a = Array.from({ length: k }, (_, r) => [...h.subarray(r * k, r * k + k), g[r]]);
  for (let col = 0; col < k; col++) {
    let pivot = col;
    for (let r = col + 1; r < k; r++) if (Math.abs(a[r][col]) > Math.abs(a[pivot][col])) pivot = r;
    if (Math.abs(a[pivot][col]) < 1e-300) return null;
    [a[col], a[pivot]] = [a[pivot], a[col]];
    for (let r = 0; r < k; r++) {
      if (r === col) continue;
      const f = a[r][col] / a[col][col];
      for (let j = col; j <= k; j++) a[r][j] -= f * a[col][j];
    }
  }
  return a.map((row, r) => row[k] / row[r]);
}

/** The terms of every position for the win curve (score as it is) or the loss curve (score negated); `scoreOnly` keeps the first and fourth. */
function terms(data: FitData, sign: 1 | -1, scoreOnly: boolean): Float64Array {
  const n = data.scores.length;
  const k = scoreOnly ? 2 : 6;
  const x = new Float64Array(n * k);
  for (let i = 0; i < n; i++) {
    const t = wdlTerms((sign * data.scores[i]) / 100, data.material[i]);
    if (scoreOnly) {
      x[i * 2] = t[0];
      x[i * 2 + 1] = t[3];
    } else x.set(t, i * 6);
  }
  return x;
}

/** The two curves fitted apart: constants for engine/wdl.ts (WDL_WIN, WDL_LOSS), or for [1, score in pawns] alone. */
function fitWdlCurves(data: FitData, scoreOnly = false): { win: number[]; loss: number[] } {
  const won = Float64Array.from(data.results, (y) => (y === 1 ? 1 : 0));
  const lost = Float64Array.from(data.results, (y) => (y === 0 ? 1 : 0));
  const k = scoreOnly ? 2 : 6;
  return { win: fitLogit(terms(data, 1, scoreOnly), k, won), loss: fitLogit(terms(data, -1, scoreOnly), k, lost) };
}

type Chances = (cp: number, m: number) => [number, number, number];

/** The chances the fitted constants give (as engine/wdl.ts computes them, for any constants). */
function chancesOf(win: readonly number[], loss: readonly number[]): Chances {
  const logit = (c: readonly number[], pawns: number, m: number): number => {
    const t = wdlTerms(pawns, m);
    return c.length === 2 ? c[0] + c[1] * pawns : t.reduce((sum, v, j) => sum + c[j] * v, 0);
  };
  return (cp, m) => {
    const w = sigmoid(logit(win, cp / 100, m));
    const l = sigmoid(logit(loss, -cp / 100, m));
    return [w, Math.max(0, 1 - w - l), l];
  };
}

interface Bucket {
  from: number;
  to: number;
  n: number;
  /** Shares won, drawn and lost: observed, and fitted (the model's mean over the bucket's positions). */
  observed: [number, number, number];
  fitted: [number, number, number];
}

/** Bucket edges in centipawns. */
const EDGES = [-Infinity, -1500, -1000, -800, -600, -400, -300, -200, -100, 0, 100, 200, 300, 400, 600, 800, 1000, 1500, Infinity];
/** Bands of material for the tables and the plot: the opening's, a middlegame's, an endgame's. */
const BANDS: ReadonlyArray<[number, number, string]> = [
  [0.75, 1.01, 'material 75% to 100% of the start'],
  [0.4, 0.75, 'material 40% to 75%'],
  [0, 0.4, 'material below 40%'],
];

function buckets(data: FitData, model: Chances, inBand: (m: number) => boolean): Bucket[] {
  const out: Bucket[] = [];
  for (let b = 0; b + 1 < EDGES.length; b++) out.push({ from: EDGES[b], to: EDGES[b + 1], n: 0, observed: [0, 0, 0], fitted: [0, 0, 0] });
  const { scores: s, results: y, material } = data;
  for (let i = 0; i < s.length; i++) {
    if (!inBand(material[i])) continue;
    let b = 0;
    while (b + 1 < out.length && s[i] >= out[b].to) b++;
    const bucket = out[b];
    bucket.n++;
    bucket.observed[y[i] === 1 ? 0 : y[i] === 0 ? 2 : 1]++;
    const p = model(s[i], material[i]);
    for (let k = 0; k < 3; k++) bucket.fitted[k] += p[k];
  }
  for (const bucket of out)
    for (let k = 0; k < 3; k++) {
      bucket.observed[k] /= Math.max(1, bucket.n);
      bucket.fitted[k] /= Math.max(1, bucket.n);
    }
  return out.filter((b) => b.n > 0);
}

/** Mean log-likelihood of the outcomes under `model`. */
function trinomial(data: FitData, model: Chances): number {
  const { scores: s, results: y, material } = data;
  let sum = 0;
  for (let i = 0; i < s.length; i++) {
    const [w, d, l] = model(s[i], material[i]);
    sum += Math.log(clip(y[i] === 1 ? w : y[i] === 0 ? l : d));
  }
  return sum / Math.max(1, s.length);
}

/** Mean binomial log-likelihood of the results as a score (a draw half a win) under the expected score `e`. */
function binomial(data: FitData, e: (cp: number, m: number) => number): number {
  const { scores: s, results: y, material } = data;
  let sum = 0;
  for (let i = 0; i < s.length; i++) {
    const p = clip(e(s[i], material[i]));
    sum += y[i] * Math.log(p) + (1 - y[i]) * Math.log(1 - p);
  }
  return sum / Math.max(1, s.length);
}

interface WdlFit {
  win: number[];
  loss: number[];
  model: Chances;
  positions: number;
  excluded: number;
  rates: [number, number, number];
  /** Mean log-likelihood per position of the three outcomes. */
  logLik: { material: number; scoreOnly: number; symmetric: number; rates: number };
  symmetric: { k: number; d: number };
  /** Mean binomial log-likelihood of the expected score: this model, and the single curve at its fitted k. */
  expected: { material: number; single: number; k: number };
  /** Positions whose fitted draw share came out below 0 (set to 0). */
  overlapping: number;
  all: Bucket[];
  /** The positions in each band of material: how many, their mean material, their buckets. */
  bands: Array<{ label: string; n: number; mean: number; buckets: Bucket[] }>;
  files: FitData['files'];
}

function fitWdl(data: FitData): WdlFit {
  const { win, loss } = fitWdlCurves(data);
  const model = chancesOf(win, loss);
  const plain = fitWdlCurves(data, true);
  const n = data.scores.length;
  const rates: [number, number, number] = [0, 0, 0];
  let overlapping = 0;
  for (let i = 0; i < n; i++) {
    const y = data.results[i];
    rates[y === 1 ? 0 : y === 0 ? 2 : 1] += 1 / n;
    const [w, , l] = model(data.scores[i], data.material[i]);
    if (w + l > 1) overlapping++;
  }
  const symmetric = fitDrawModel(data.scores, data.results);
  const symmetricModel: Chances = (cp) => {
    const w = sigmoid((cp - symmetric.d) / symmetric.k);
    const l = sigmoid((-cp - symmetric.d) / symmetric.k);
    return [w, 1 - w - l, l];
  };
  const a = fitSlope(data.scores, data.results);
  return {
    win,
    loss,
    model,
    positions: n,
    excluded: data.excluded,
    rates,
    logLik: {
      material: trinomial(data, model),
      scoreOnly: trinomial(data, chancesOf(plain.win, plain.loss)),
      symmetric: trinomial(data, symmetricModel),
      rates: trinomial(data, () => rates),
    },
    symmetric: { k: symmetric.k, d: symmetric.d },
    expected: {
      material: binomial(data, (cp, m) => {
        const [w, d] = model(cp, m);
        return w + d / 2;
      }),
      single: binomial(data, (cp) => sigmoid(a * cp)),
      k: 1 / a,
    },
    overlapping,
    all: buckets(data, model, () => true),
    bands: BANDS.map(([lo, hi, label]) => {
      const inBand = (m: number): boolean => m >= lo && m < hi;
      const bs = buckets(data, model, inBand);
      const n = bs.reduce((sum, b) => sum + b.n, 0);
      const mean = data.material.reduce((sum, m) => (inBand(m) ? sum + m : sum), 0) / Math.max(1, n);
      return { label, n, mean, buckets: bs };
    }),
    files: data.files,
  };
}

const thousands = (n: number): string => n.toLocaleString('en-US');
const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

function bucketTable(bs: readonly Bucket[]): string[] {
  const lines = [
    '| score (cp, side to move) | positions | won | fitted | drawn | fitted | lost | fitted |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const b of bs) {
    const range = b.from === -Infinity ? `below ${b.to}` : b.to === Infinity ? `${b.from} and above` : `${b.from} to ${b.to}`;
    lines.push(
      `| ${range} | ${thousands(b.n)} | ${[0, 1, 2].map((k) => `${b.observed[k].toFixed(3)} | ${b.fitted[k].toFixed(3)}`).join(' | ')} |`,
    );
  }
  return lines;
}

/** The fit as markdown: the constants, the data, the likelihoods, and the tables. */
function wdlReport(fit: WdlFit): string[] {
  const c = (v: number[]): string => `[${v.map((x) => x.toFixed(4)).join(', ')}]`;
  const lines = [
    `WDL_WIN = ${c(fit.win)}`,
    `WDL_LOSS = ${c(fit.loss)}`,
    '',
    `Fitted on ${thousands(fit.positions)} positions (${fit.files.map((f) => `${f.file}: ${thousands(f.positions)} at ${thousands(f.nodes)} nodes a move`).join('; ')}); ` +
      `${thousands(fit.excluded)} beyond ±10,000 cp left out. Side to move: ${pct(fit.rates[0])} won, ${pct(fit.rates[1])} drawn, ${pct(fit.rates[2])} lost. ` +
      `The two curves overlap (a draw share below 0, taken as 0) in ${thousands(fit.overlapping)} positions.`,
    '',
    'Mean log-likelihood per position:',
    '',
    '| model | constants | win, draw or loss | expected score (a draw ½) |',
    '|---|---:|---:|---:|',
    `| win and loss curves apart, score and material | 12 | ${fit.logLik.material.toFixed(4)} | ${fit.expected.material.toFixed(4)} |`,
    `| win and loss curves apart, score alone | 4 | ${fit.logLik.scoreOnly.toFixed(4)} | |`,
    `| symmetric draw model, k = ${fit.symmetric.k.toFixed(1)}, d = ${fit.symmetric.d.toFixed(1)} | 2 | ${fit.logLik.symmetric.toFixed(4)} | |`,
    `| single curve (the review's), k = ${fit.expected.k.toFixed(1)} | 1 | | ${fit.expected.single.toFixed(4)} |`,
    `| the base rates, no score | 2 | ${fit.logLik.rates.toFixed(4)} | |`,
    '',
    'All positions:',
    '',
    ...bucketTable(fit.all),
  ];
  for (const band of fit.bands) lines.push('', `${band.label} (${thousands(band.n)} positions):`, '', ...bucketTable(band.buckets));
  return lines;
}

/** An SVG plot: the fitted win, draw and loss curves at each band's mean material, with the band's observed shares. */
function wdlSvg(fit: WdlFit): string {
  const W = 760;
  const H = 310;
  const panel = (W - 40) / 3;
  const T = 40;
  const B = 44;
  const range = 1000;
  const colours = ['#c0392b', '#7f8c8d', '#2c3e50'];
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="11">`,
    `<rect width="${W}" height="${H}" fill="white"/>`,
  ];
  fit.bands.forEach((band, p) => {
    const L = 36 + p * panel;
    const Rx = L + panel - 28;
    const x = (cp: number) => L + ((cp + range) / (2 * range)) * (Rx - L);
    const y = (v: number) => T + (1 - v) * (H - T - B);
    parts.push(`<text x="${(L + Rx) / 2}" y="${T - 22}" text-anchor="middle" font-weight="bold">${band.label}</text>`);
    parts.push(
      `<text x="${(L + Rx) / 2}" y="${T - 8}" text-anchor="middle">${thousands(band.n)} positions, curves at m = ${band.mean.toFixed(2)}</text>`,
    );
    for (let cp = -range; cp <= range; cp += 500) {
      parts.push(`<line x1="${x(cp)}" y1="${T}" x2="${x(cp)}" y2="${H - B}" stroke="#ddd"/>`);
      if (Math.abs(cp) < range) parts.push(`<text x="${x(cp)}" y="${H - B + 14}" text-anchor="middle">${cp}</text>`);
    }
    for (let v = 0; v <= 1.0001; v += 0.25) {
      parts.push(`<line x1="${L}" y1="${y(v)}" x2="${Rx}" y2="${y(v)}" stroke="#ddd"/>`);
      if (p === 0) parts.push(`<text x="${L - 4}" y="${y(v) + 4}" text-anchor="end">${v.toFixed(2)}</text>`);
    }
    for (let k = 0; k < 3; k++) {
      const pts: string[] = [];
      for (let cp = -range; cp <= range; cp += 20) pts.push(`${x(cp).toFixed(1)},${y(fit.model(cp, band.mean)[k]).toFixed(1)}`);
      parts.push(`<polyline points="${pts.join(' ')}" fill="none" stroke="${colours[k]}" stroke-width="2"/>`);
      for (const b of band.buckets) {
        if (b.from < -range || b.to > range) continue;
        const r = Math.max(1.5, Math.min(4.5, Math.log10(b.n) - 0.5));
        parts.push(
          `<circle cx="${x((b.from + b.to) / 2).toFixed(1)}" cy="${y(b.observed[k]).toFixed(1)}" r="${r.toFixed(1)}" fill="${colours[k]}"/>`,
        );
      }
    }
  });
  parts.push(
    `<text x="${W / 2}" y="${H - 10}" text-anchor="middle">score, centipawns (side to move); the share of games won (red), drawn (grey), lost (black)</text>`,
  );
  parts.push('</svg>');
  return parts.join('\n') + '\n';
}

/** The command: fits, prints the report on `out`, writes the SVG when asked. Returns the exit code. */
export function runFitWdl(
  opts: { files: string[]; limit?: number; svg?: string },
  out: (line: string) => void,
  err: (line: string) => void,
): number {
  let fit: WdlFit;
  try {
    const data = readFitData(opts.files, opts.limit ?? Infinity);
    if (data.scores.length === 0) {
      err('chuhan analyse: --fit-wdl: no positions to fit in the data');
      return 1;
    }
    fit = fitWdl(data);
  } catch (e) {
    err(`chuhan analyse: ${(e as Error).message}`);
    return 1;
  }
  for (const line of wdlReport(fit)) out(line);
  if (opts.svg !== undefined) {
    try {
      writeFileSync(opts.svg, wdlSvg(fit));
    } catch (e) {
      err(`chuhan analyse: cannot write ${opts.svg}: ${(e as Error).message}`);
      return 1;
    }
  }
  return 0;
}
