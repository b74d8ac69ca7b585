// Match statistics: Elo difference with a 95% interval (trinomial over games, pentanomial over
// game pairs), likelihood of superiority, and the SPRT log-likelihood ratio.
//
// Conventions (the usual ones of engine testing tools):
// - A score s in (0,1) maps to the logistic Elo difference  elo(s) = -400 log10(1/s - 1).
// - The interval is the normal approximation on the mean score: s ± z·σ/√n with z = Φ⁻¹(0.975),
//   mapped through elo(); the reported margin is half the width of the mapped interval.
// - Trinomial: each game scores 1, ½ or 0. Pentanomial: each pair of games with the same opening
//   and colours swapped scores 0, ¼, ½, ¾ or 1 (its points / 2); pairs are the independent samples.
// - LOS = Φ((W − L)/√(W + L)) = ½(1 + erf((W − L)/√(2(W + L)))).
// - SPRT (logistic model, the generalised SPRT of Michel Van den Bergh as used by fishtest and
//   fastchess): with s0 = L(elo0), s1 = L(elo1), L(e) = 1/(1 + 10^(−e/400)), sample mean s and
//   per-sample variance v over n samples,  LLR = (s1 − s0)(2s − s0 − s1) / (2 v / n).
//   Bounds: lower = ln(β/(1−α)), upper = ln((1−β)/α). Empty result categories count 1e-3.
// - SPRT (BayesElo model, cutechess' older method): draw Elo estimated from the win and loss
//   rates; LLR = W ln(pw1/pw0) + D ln(pd1/pd0) + L ln(pl1/pl0).

interface Trinomial {
  wins: number;
  draws: number;
  losses: number;
}

/** Pair counts indexed by the pair's points times two: [0, ½, 1, 1½, 2] points. */
export type Pentanomial = [number, number, number, number, number];

export interface EloEstimate {
  /** Elo difference (NaN when there are no games; ±Infinity for a perfect score). */
  elo: number;
  /** Half width of the 95% interval (NaN when undefined). */
  margin: number;
  /** Mean score per game, 0..1. */
  score: number;
  /** Number of samples (games or pairs). */
  samples: number;
}

export interface SprtConfig {
  elo0: number;
  elo1: number;
  alpha: number;
  beta: number;
  model?: 'logistic' | 'bayesian';
}

export interface SprtState {
  llr: number;
  lower: number;
  upper: number;
  /** 'H1' when llr ≥ upper (elo1 accepted), 'H0' when llr ≤ lower, otherwise null. */
  decision: 'H0' | 'H1' | null;
}

/** erf(x), accurate to about 1e-14: Taylor series near 0, continued fraction for erfc far out. */
export function erf(x: number): number {
  if (Number.isNaN(x)) return NaN;
  if (x < 0) return -erf(-x);
  if (x < 2.5) {
    // erf(x) = 2/√π Σ (−1)^n x^(2n+1) / (n! (2n+1))
    let term = x;
    let sum = x;
    const x2 = x * x;
    for (let n = 1; n < 200; n++) {
      term *= -x2 / n;
      const add = term / (2 * n + 1);
      sum += add;
      if (Math.abs(add) < 1e-17 * Math.abs(sum)) break;
    }
    return (2 / Math.sqrt(Math.PI)) * sum;
  }
  return 1 - erfc(x);
}

/** erfc(x) for x ≥ 2.5 by the Laplace continued fraction, evaluated with Lentz's method. */
function erfc(x: number): number {
  if (x > 27) return 0;
  // erfc(x) = exp(−x²)/√π · 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + 2/(x + …)))))
  const tiny = 1e-300;
  let f = x;
  let c = x;
  let d = 0;
  for (let k = 1; k < 500; k++) {
    const a = k / 2;
    d = x + a * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = x + a / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = c * d;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return Math.exp(-x * x) / Math.sqrt(Math.PI) / f;
}

/** Standard normal distribution function Φ(x). */
function normalCdf(x: number): number {
  return 0.5 * (1 + erf(x / Math.SQRT2));
}

/** Φ⁻¹(p) by bisection on Φ (exact to double precision; only used a few times per report). */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) return p === 0 ? -Infinity : p === 1 ? Infinity : NaN;
  let lo = -40;
  let hi = 40;
  for (let i = 0; i < 200 && hi - lo > 1e-15; i++) {
    const mid = (lo + hi) / 2;
    if (normalCdf(mid) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** Logistic Elo difference of a mean score. */
export function eloFromScore(s: number): number {
  if (Number.isNaN(s)) return NaN;
  if (s <= 0) return -Infinity;
  if (s >= 1) return Infinity;
  return -400 * Math.log10(1 / s - 1);
}

/** Expected score of a logistic Elo difference. */
export function scoreFromElo(elo: number): number {
  return 1 / (1 + Math.pow(10, -elo / 400));
}

const Z95 = normalQuantile(0.975);

/** Mean and per-sample variance of a discrete distribution given as (value, count) pairs. */
function moments(values: readonly number[], counts: readonly number[]): { n: number; mean: number; variance: number } {
  let n = 0;
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    n += counts[i];
    sum += values[i] * counts[i];
  }
  if (n === 0) return { n: 0, mean: NaN, variance: NaN };
  const mean = sum / n;
  let v = 0;
  for (let i = 0; i < values.length; i++) v += counts[i] * (values[i] - mean) ** 2;
  return { n, mean, variance: v / n };
}

const TRI_VALUES = [1, 0.5, 0];
const PENTA_VALUES = [0, 0.25, 0.5, 0.75, 1];

function estimate(m: { n: number; mean: number; variance: number }): EloEstimate {
  if (m.n === 0) return { elo: NaN, margin: NaN, score: NaN, samples: 0 };
  const se = Math.sqrt(m.variance / m.n);
  const lo = m.mean - Z95 * se;
  const hi = m.mean + Z95 * se;
  const margin = (eloFromScore(hi) - eloFromScore(lo)) / 2;
  return { elo: eloFromScore(m.mean), margin, score: m.mean, samples: m.n };
}

export function eloTrinomial(t: Trinomial): EloEstimate {
  return estimate(moments(TRI_VALUES, [t.wins, t.draws, t.losses]));
}

export function eloPentanomial(p: Pentanomial): EloEstimate {
  return estimate(moments(PENTA_VALUES, p));
}

/** Likelihood of superiority (probability that the first engine is the stronger), 0..1. */
export function los(t: Trinomial): number {
  const decisive = t.wins + t.losses;
  if (decisive === 0) return 0.5;
  return 0.5 * (1 + erf((t.wins - t.losses) / Math.sqrt(2 * decisive)));
}

export function sprtBounds(alpha: number, beta: number): { lower: number; upper: number } {
  return { lower: Math.log(beta / (1 - alpha)), upper: Math.log((1 - beta) / alpha) };
}

/** Logistic-model LLR from a sample mean and per-sample variance over n samples. */
function llrLogistic(elo0: number, elo1: number, m: { n: number; mean: number; variance: number }): number {
  if (m.n === 0 || !(m.variance > 0)) return 0;
  const s0 = scoreFromElo(elo0);
  const s1 = scoreFromElo(elo1);
  return ((s1 - s0) * (2 * m.mean - s0 - s1)) / (2 * (m.variance / m.n));
}

/**
 * Empty categories get a count of 0.5 before the LLR is computed, so that a one-sided run of
 * results (all wins, say) has a variance that reflects how few games it is. With fastchess' 1e-3 a
 * single won game had a variance near 0 and an LLR of 26.6 against bounds of ±2.94 (SPRT 0/50), so
 * one game ended the test; with 0.5 it is 0.07, and a long one-sided run still decides. In large
 * samples the extra half game is negligible.
 */
const EMPTY_CATEGORY_COUNT = 0.5;

function regularize(counts: number[]): number[] {
  return counts.some((c) => c > 0) ? counts.map((c) => (c > 0 ? c : EMPTY_CATEGORY_COUNT)) : counts;
}

export function llrTrinomial(t: Trinomial, elo0: number, elo1: number): number {
  return llrLogistic(elo0, elo1, moments(TRI_VALUES, regularize([t.wins, t.draws, t.losses])));
}

export function llrPentanomial(p: Pentanomial, elo0: number, elo1: number): number {
  return llrLogistic(elo0, elo1, moments(PENTA_VALUES, regularize(p)));
}

/** BayesElo-model LLR (needs at least one win, draw and loss; 0 otherwise). */
export function llrBayesElo(t: Trinomial, elo0: number, elo1: number): number {
  const { wins: w, draws: d, losses: l } = t;
  if (w === 0 || d === 0 || l === 0) return 0;
  const n = w + d + l;
  const drawElo = 200 * Math.log10((1 - 1 / (w / n)) * (1 - 1 / (l / n)));
  const probs = (elo: number) => {
    const pw = 1 / (1 + Math.pow(10, (drawElo - elo) / 400));
    const pl = 1 / (1 + Math.pow(10, (drawElo + elo) / 400));
    return { pw, pl, pd: 1 - pw - pl };
  };
  const p0 = probs(elo0);
  const p1 = probs(elo1);
  return w * Math.log(p1.pw / p0.pw) + l * Math.log(p1.pl / p0.pl) + d * Math.log(p1.pd / p0.pd);
}

/**
 * The SPRT state. The logistic model uses the pentanomial counts when any pair is complete
 * (pairs are the independent samples), the trinomial counts otherwise.
 */
export function sprt(config: SprtConfig, t: Trinomial, p?: Pentanomial): SprtState {
  const { lower, upper } = sprtBounds(config.alpha, config.beta);
  let llr: number;
  if (config.model === 'bayesian') llr = llrBayesElo(t, config.elo0, config.elo1);
  else if (p && p.some((c) => c > 0)) llr = llrPentanomial(p, config.elo0, config.elo1);
  else llr = llrTrinomial(t, config.elo0, config.elo1);
  const decision = llr >= upper ? 'H1' : llr <= lower ? 'H0' : null;
  return { llr, lower, upper, decision };
}
