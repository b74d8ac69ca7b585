// `chuhan analyse --fit-curve DATA.bin...`: the curve from a search score to the expected score,
// fitted on Chuhan's own self-play records (bench/nnue/README.md has the file layout: each
// position's searched score, side to move's view, and the game's result).
//
// The model is the one engine/review.ts uses: expected score = sigmoid(score / k), the score in
// centipawns from the side to move's view, a win counting 1, a draw ½ and a loss 0. k is fitted by
// maximum likelihood (the binomial log-likelihood with the draw as half a win: the same estimate
// as a logistic regression on fractional outcomes), by Newton's method on 1/k, which converges in
// a few steps on a concave problem of one parameter. Scores beyond ±MAX_FIT_CP (rule results
// scored near ±20,000, never mates: datagen keeps no mate) are left out and counted.
//
// The report is a markdown section: k, the positions used, the log-likelihood per position
// against the same model at lichess's constant, and a table of score buckets with the observed
// and the fitted expected score; `--svg FILE` also draws them.
import { writeFileSync } from 'node:fs';
import { materialShareOfCodes } from '../../engine/wdl';
import { DataSource } from '../nnue/data-source';
import { RECORD_BYTES } from '../nnue/data-format';

/** Scores further from 0 are rule results or nearly so: not a measure of the position to fit. */
const MAX_FIT_CP = 10_000;
/** Records read from disk at a time. */
const CHUNK = 65_536;
/** lichess's slope, 0.00368208 per centipawn of Stockfish's scale: k = 1 / 0.00368208. */
const LICHESS_K = 1 / 0.00368208;

interface CurveFit {
  /** The fitted scale: expected score = 1 / (1 + exp(-score / k)). */
  k: number;
  /** Positions used, and left out (|score| beyond MAX_FIT_CP). */
  positions: number;
  excluded: number;
  /** Mean log-likelihood per position at k and at lichess's constant. */
  logLik: number;
  logLikLichess: number;
  /** The draw-aware model fitted to the same positions (not used by the review). */
  draw: { k: number; d: number; logLik: number };
  /** Results for the side to move over the positions used: wins, draws, losses. */
  wins: number;
  draws: number;
  losses: number;
  buckets: Bucket[];
  files: Array<{ file: string; positions: number; nodes: number }>;
}

interface Bucket {
  /** Scores in [from, to). */
  from: number;
  to: number;
  n: number;
  /** Mean observed score (side to move) and mean fitted expected score. */
  observed: number;
  fitted: number;
}

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

/** Mean binomial log-likelihood of outcomes `y` (0, ½, 1) given scores `s` at slope a = 1/k. */
function meanLogLik(s: Int16Array, y: Float32Array, a: number): number {
  let sum = 0;
  for (let i = 0; i < s.length; i++) {
    const p = Math.min(1 - 1e-12, Math.max(1e-12, sigmoid(a * s[i])));
    sum += y[i] * Math.log(p) + (1 - y[i]) * Math.log(1 - p);
  }
  return sum / Math.max(1, s.length);
}

/** The slope a (= 1/k) that maximises the likelihood: Newton's method from lichess's slope. */
export function fitSlope(s: ArrayLike<number>, y: ArrayLike<number>): number {
  let a = 1 / LICHESS_K;
  for (let iter = 0; iter < 50; iter++) {
    let g = 0;
    let h = 0;
    for (let i = 0; i < s.length; i++) {
      const p = sigmoid(a * s[i]);
      g += (y[i] - p) * s[i];
      h += p * (1 - p) * s[i] * s[i];
    }
    if (h === 0) break;
    const step = g / h;
    a += step;
    if (Math.abs(step) < 1e-12) break;
  }
  return a;
}

/**
 * The draw-aware model, for comparison: P(win) = sigmoid((s − d) / k), P(loss) = sigmoid((−s − d) / k),
 * a draw the rest, fitted by maximum likelihood on the three outcomes (Newton's method on a = 1/k,
 * b = d/k, the Hessian by differences of the gradient). Its expected score is
 * P(win) + P(draw) / 2. Returns k, d and the mean binomial log-likelihood of that expected score.
 */
export function fitDrawModel(s: ArrayLike<number>, y: ArrayLike<number>): { k: number; d: number; logLik: number } {
  const grad = (a: number, b: number): [number, number] => {
    let ga = 0;
    let gb = 0;
    for (let i = 0; i < s.length; i++) {
      const x = s[i];
      const pw = sigmoid(a * x - b);
      const pl = sigmoid(-a * x - b);
      if (y[i] === 1) {
        ga += (1 - pw) * x;
        gb -= 1 - pw;
      } else if (y[i] === 0) {
        ga -= (1 - pl) * x;
        gb -= 1 - pl;
      } else {
        const pd = Math.max(1e-12, 1 - pw - pl);
        ga -= ((pw * (1 - pw) - pl * (1 - pl)) * x) / pd;
        gb += (pw * (1 - pw) + pl * (1 - pl)) / pd;
      }
    }
    return [ga / s.length, gb / s.length];
  };
  let a = 1 / LICHESS_K;
  let b = 0.5;
  for (let iter = 0; iter < 40; iter++) {
    const g = grad(a, b);
    const ea = 1e-7;
    const eb = 1e-4;
    const ga = grad(a + ea, b);
    const gb = grad(a, b + eb);
    const h = [(ga[0] - g[0]) / ea, (gb[0] - g[0]) / eb, (ga[1] - g[1]) / ea, (gb[1] - g[1]) / eb];
    const det = h[0] * h[3] - h[1] * h[2];
    if (det === 0) break;
    const da = -(h[3] * g[0] - h[1] * g[1]) / det;
    const db = -(-h[2] * g[0] + h[0] * g[1]) / det;
    a += da;
    b += db;
    if (Math.abs(da) < 1e-10 && Math.abs(db) < 1e-8) break;
  }
  let sum = 0;
  for (let i = 0; i < s.length; i++) {
    const e = 0.5 + 0.5 * (sigmoid(a * s[i] - b) - sigmoid(-a * s[i] - b));
    const p = Math.min(1 - 1e-12, Math.max(1e-12, e));
    sum += y[i] * Math.log(p) + (1 - y[i]) * Math.log(1 - p);
  }
  return { k: 1 / a, d: b / a, logLik: sum / Math.max(1, s.length) };
}

/** Bucket edges in centipawns: 50 cp wide to ±400, 100 cp to ±1,000, then ±1,500, ±3,000 and beyond. */
const EDGES = [
  -MAX_FIT_CP,
  -3000,
  -1500,
  -1000,
  -900,
  -800,
  -700,
  -600,
  -500,
  -400,
  -350,
  -300,
  -250,
  -200,
  -150,
  -100,
  -50,
  0,
  50,
  100,
  150,
  200,
  250,
  300,
  350,
  400,
  500,
  600,
  700,
  800,
  900,
  1000,
  1500,
  3000,
  MAX_FIT_CP + 1,
];

/** The positions of datagen files to fit on: each one's score and result, side to move's view. */
export interface FitData {
  /** Centipawns, within ±MAX_FIT_CP. */
  scores: Int16Array;
  /** 1 won, ½ drawn, 0 lost. */
  results: Float32Array;
  /** The material on the board as a share of the start's (engine/wdl.ts: materialShare). */
  material: Float32Array;
  /** Positions left out (|score| beyond MAX_FIT_CP). */
  excluded: number;
  files: Array<{ file: string; positions: number; nodes: number }>;
}

/** Reads the records of `files` (whole runs, not shards), up to `limit` positions. Throws an Error naming a file it cannot use. */
export function readFitData(files: readonly string[], limit = Infinity): FitData {
  const source = new DataSource(files, limit);
  try {
    const total = source.size;
    const s = new Int16Array(total);
    const y = new Float32Array(total);
    const m = new Float32Array(total);
    const codes = new Uint8Array(90);
    const buf = new Uint8Array(CHUNK * RECORD_BYTES);
    const dv = new DataView(buf.buffer);
    let used = 0;
    let excluded = 0;
    for (let from = 0; from < total; from += CHUNK) {
      const count = Math.min(CHUNK, total - from);
      source.read(from, count, buf);
      for (let i = 0; i < count; i++) {
        const off = i * RECORD_BYTES;
        const score = dv.getInt16(off + 46, true);
        if (Math.abs(score) > MAX_FIT_CP) {
          excluded++;
          continue;
        }
        const side = buf[off + 45] & 1;
        const red = ((buf[off + 45] >> 1) & 3) / 2;
        s[used] = score;
        y[used] = side === 0 ? red : 1 - red;
        for (let k = 0; k < 45; k++) {
          codes[2 * k] = buf[off + k] & 15;
          codes[2 * k + 1] = buf[off + k] >> 4;
        }
        m[used] = materialShareOfCodes(codes);
        used++;
      }
    }
    return {
      scores: s.subarray(0, used),
      results: y.subarray(0, used),
      material: m.subarray(0, used),
      excluded,
      files: source.files.map((f) => ({ file: f.file, positions: f.used, nodes: f.header.nodes })),
    };
  } finally {
    source.close();
  }
}

/** Reads the records of `files` (whole runs, not shards), up to `limit` positions, and fits k. */
function fitCurve(files: readonly string[], limit = Infinity): CurveFit {
  const data = readFitData(files, limit);
  const { scores, results, excluded } = data;
  const used = scores.length;
  const a = fitSlope(scores, results);
  const k = 1 / a;
  let wins = 0;
  let draws = 0;
  for (let i = 0; i < used; i++) {
    if (results[i] === 1) wins++;
    else if (results[i] === 0.5) draws++;
  }
  const buckets: Bucket[] = [];
  for (let b = 0; b + 1 < EDGES.length; b++) buckets.push({ from: EDGES[b], to: EDGES[b + 1], n: 0, observed: 0, fitted: 0 });
  for (let i = 0; i < used; i++) {
    let b = 0;
    while (b + 1 < buckets.length && scores[i] >= buckets[b].to) b++;
    const bucket = buckets[b];
    bucket.n++;
    bucket.observed += results[i];
    bucket.fitted += sigmoid(scores[i] / k);
  }
  for (const bucket of buckets) {
    if (bucket.n > 0) {
      bucket.observed /= bucket.n;
      bucket.fitted /= bucket.n;
    }
  }
  return {
    k,
    positions: used,
    excluded,
    logLik: meanLogLik(scores, results, a),
    logLikLichess: meanLogLik(scores, results, 1 / LICHESS_K),
    draw: fitDrawModel(scores, results),
    wins,
    draws,
    losses: used - wins - draws,
    buckets: buckets.filter((b) => b.n > 0),
    files: data.files,
  };
}

const thousands = (n: number): string => n.toLocaleString('en-US');

/** The fit as markdown: the constant, the data, and the table of buckets. */
function fitReport(fit: CurveFit): string[] {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const lines = [
    `k = ${fit.k.toFixed(1)} cp: expected score = 1 / (1 + exp(−score / ${fit.k.toFixed(1)}))`,
    '',
    `Fitted on ${thousands(fit.positions)} positions (${fit.files.map((f) => `${f.file}: ${thousands(f.positions)} at ${thousands(f.nodes)} nodes a move`).join('; ')}); ` +
      `${thousands(fit.excluded)} beyond ±${thousands(MAX_FIT_CP)} cp left out. Side to move: ${pct(fit.wins / fit.positions)} won, ` +
      `${pct(fit.draws / fit.positions)} drawn, ${pct(fit.losses / fit.positions)} lost. Mean log-likelihood per position ${fit.logLik.toFixed(4)}; ` +
      `lichess's constant (k = ${LICHESS_K.toFixed(1)}) gives ${fit.logLikLichess.toFixed(4)}. The draw-aware model ` +
      `(P(win) = sigmoid((s − d)/k), P(loss) = sigmoid((−s − d)/k)) fits k = ${fit.draw.k.toFixed(1)}, d = ${fit.draw.d.toFixed(1)}, ` +
      `and its expected score ${fit.draw.logLik.toFixed(4)}.`,
    '',
    '| score (cp, side to move) | positions | observed score | fitted |',
    '|---|---:|---:|---:|',
  ];
  for (const b of fit.buckets) {
    const range = b.from === -MAX_FIT_CP ? `below ${b.to}` : b.to === MAX_FIT_CP + 1 ? `${b.from} and above` : `${b.from} to ${b.to}`;
    lines.push(`| ${range} | ${thousands(b.n)} | ${b.observed.toFixed(3)} | ${b.fitted.toFixed(3)} |`);
  }
  return lines;
}

/** An SVG plot: the fitted curve, lichess's, and each bucket's observed score at its mean's place. */
function fitSvg(fit: CurveFit): string {
  const W = 640;
  const H = 400;
  const L = 56;
  const R = 16;
  const T = 20;
  const B = 44;
  const range = 1500;
  const x = (cp: number) => L + ((cp + range) / (2 * range)) * (W - L - R);
  const y = (e: number) => T + (1 - e) * (H - T - B);
  const curve = (k: number) => {
    const pts: string[] = [];
    for (let cp = -range; cp <= range; cp += 25) pts.push(`${x(cp).toFixed(1)},${y(sigmoid(cp / k)).toFixed(1)}`);
    return pts.join(' ');
  };
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`,
    `<rect width="${W}" height="${H}" fill="white"/>`,
  ];
  for (let cp = -range; cp <= range; cp += 500) {
    parts.push(`<line x1="${x(cp)}" y1="${T}" x2="${x(cp)}" y2="${H - B}" stroke="#ddd"/>`);
    parts.push(`<text x="${x(cp)}" y="${H - B + 16}" text-anchor="middle">${cp}</text>`);
  }
  for (let e = 0; e <= 1.0001; e += 0.25) {
    parts.push(`<line x1="${L}" y1="${y(e)}" x2="${W - R}" y2="${y(e)}" stroke="#ddd"/>`);
    parts.push(`<text x="${L - 6}" y="${y(e) + 4}" text-anchor="end">${e.toFixed(2)}</text>`);
  }
  parts.push(`<text x="${(L + W - R) / 2}" y="${H - 8}" text-anchor="middle">score, centipawns (side to move)</text>`);
  parts.push(
    `<text x="14" y="${(T + H - B) / 2}" text-anchor="middle" transform="rotate(-90 14 ${(T + H - B) / 2})">expected score</text>`,
  );
  parts.push(`<polyline points="${curve(LICHESS_K)}" fill="none" stroke="#999" stroke-dasharray="5 4" stroke-width="1.5"/>`);
  parts.push(`<polyline points="${curve(fit.k)}" fill="none" stroke="#c0392b" stroke-width="2"/>`);
  for (const b of fit.buckets) {
    if (b.from < -range || b.to > range + 1) continue;
    const mid = (b.from + b.to) / 2;
    const r = Math.max(2, Math.min(6, Math.log10(b.n)));
    parts.push(`<circle cx="${x(mid).toFixed(1)}" cy="${y(b.observed).toFixed(1)}" r="${r.toFixed(1)}" fill="#2c3e50"/>`);
  }
  parts.push(`<line x1="${L + 10}" y1="${T + 12}" x2="${L + 40}" y2="${T + 12}" stroke="#c0392b" stroke-width="2"/>`);
  parts.push(`<text x="${L + 46}" y="${T + 16}">fitted, k = ${fit.k.toFixed(1)} (${thousands(fit.positions)} positions)</text>`);
  parts.push(`<line x1="${L + 10}" y1="${T + 30}" x2="${L + 40}" y2="${T + 30}" stroke="#999" stroke-dasharray="5 4" stroke-width="1.5"/>`);
  parts.push(`<text x="${L + 46}" y="${T + 34}">lichess's constant, k = ${LICHESS_K.toFixed(1)}</text>`);
  parts.push(`<circle cx="${L + 25}" cy="${T + 48}" r="4" fill="#2c3e50"/>`);
  parts.push(`<text x="${L + 46}" y="${T + 52}">observed score of each bucket of positions</text>`);
  parts.push('</svg>');
  return parts.join('\n') + '\n';
}

/** The command: fits, prints the report on `out`, writes the SVG when asked. Returns the exit code. */
export function runFitCurve(
  opts: { files: string[]; limit?: number; svg?: string },
  out: (line: string) => void,
  err: (line: string) => void,
): number {
  let fit: CurveFit;
  try {
    fit = fitCurve(opts.files, opts.limit ?? Infinity);
  } catch (e) {
    err(`chuhan analyse: ${(e as Error).message}`);
    return 1;
  }
  if (fit.positions === 0) {
    err('chuhan analyse: --fit-curve: no positions to fit in the data');
    return 1;
  }
  for (const line of fitReport(fit)) out(line);
  if (opts.svg !== undefined) {
    try {
      writeFileSync(opts.svg, fitSvg(fit));
    } catch (e) {
      err(`chuhan analyse: cannot write ${opts.svg}: ${(e as Error).message}`);
      return 1;
    }
  }
  return 0;
}
