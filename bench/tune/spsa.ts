// SPSA (simultaneous perturbation stochastic approximation) as fishtest runs it, over the search's
// tunable parameters (TUNABLES in engine/search-params.ts): the algorithm and the run's state.
//
// A run has N iterations, each one game pair. With A (default 0.1·N), alpha 0.602, gamma 0.101,
// and per parameter c_end and r_end:
//   c = c_end·N^gamma,  a_end = r_end·c_end²,  a = a_end·(A + N)^alpha;
// at iteration k:  c_k = c / k^gamma,  a_k = a / (A + k)^alpha,  R_k = a_k / c_k².
// Each iteration flips a coin per parameter (flip = ±1); the "plus" engine plays theta + c_k·flip
// and the "minus" engine theta − c_k·flip (each clamped to [min, max]), a game pair on one opening
// with colours swapped; with result = plus wins − plus losses over the pair,
//   theta += R_k·c_k·result·flip, clamped to [min, max].
// Engines take integers: a value x is sent as floor(x + u), u uniform in [0, 1) and the same for
// both engines of a pair (unbiased: the value sent is x on average, and the two engines differ by
// about 2·c_k even when c_k is below 1).
//
// The state (a JSON file, written whole through a rename) holds theta, the next iteration, the
// random generator's seed and state (its position in the stream), the pairs scheduled and not yet
// applied (replayed first on resume, with the same values), the games' tally and a short trajectory
// (theta every `every` pairs, at most TRAJECTORY_POINTS points: `every` doubles when it is full), so
// that the file alone, a few KB, continues the run and tells its story. Pairs may finish out of
// order (concurrency): each update uses its own k and flips, so the updates add up whatever the order.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { Rng } from '../../engine/rng';

const STATE_VERSION = 2;

/** Points of the trajectory kept in the state: theta every `every` pairs, `every` doubling when full. */
export const TRAJECTORY_POINTS = 100;

/** A parameter being tuned, in option units (integers for the engine). */
export interface SpsaParam {
  name: string;
  /** Its value when the run started. */
  start: number;
  min: number;
  max: number;
  /** Option units per unit of the parameter (LMR_BASE: 100), for the paste block. */
  scale: number;
  cEnd: number;
  rEnd: number;
}

export interface SpsaConfig {
  /** N: iterations (game pairs) of the run. */
  pairs: number;
  /** fishtest's A (default 0.1·N). */
  A: number;
  alpha: number;
  gamma: number;
  seed: number;
  params: SpsaParam[];
  /** How the pairs are played (free-form, recorded for resume and for the record). */
  games: Record<string, unknown>;
}

/** One scheduled game pair: what both engines play. */
export interface PairSpec {
  /** Iteration number, 1..N. */
  k: number;
  /** Index into the openings (the run's seeded order). */
  opening: number;
  flips: number[];
  /** c_k of each parameter. */
  ck: number[];
  /** Integer values for the plus and the minus engine, by parameter. */
  plus: number[];
  minus: number[];
}

/** A finished pair, from the plus engine's side: each game's score (1, 0.5, 0). */
export interface PairOutcome {
  scores: number[];
  /** Games of the pair that ended by an engine failure (crash, hang, illegal move, time). */
  failures?: number;
}

export interface SpsaState {
  version: number;
  config: SpsaConfig;
  theta: number[];
  /** Pairs applied so far. */
  iteration: number;
  /** The iteration number the next new pair gets. */
  next: number;
  /** The random generator's state. */
  rng: number;
  /** Scheduled and not applied, oldest first: replayed with the same values on resume. */
  inFlight: PairSpec[];
  /** Games of the applied pairs, from the plus engine's side. */
  games: number;
  wins: number;
  draws: number;
  losses: number;
  /** Games ended by an engine failure (counted in the tally as the result the referee gave). */
  failures: number;
  /** Pairs by the plus engine's points: [0, 0.5, 1, 1.5, 2]. */
  pentanomial: number[];
  /** theta (2 decimals) after every `every` applied pairs, from the start: [iteration, ...theta]. */
  trajectory: { every: number; points: number[][] };
}

export class SpsaError extends Error {}

/** The fishtest defaults. */
export const SPSA_ALPHA = 0.602;
export const SPSA_GAMMA = 0.101;
export const SPSA_A_SHARE = 0.1;

export function newState(config: SpsaConfig): SpsaState {
  if (!Number.isInteger(config.pairs) || config.pairs < 1) throw new SpsaError(`the run needs at least one pair, got ${config.pairs}`);
  if (config.params.length === 0) throw new SpsaError('no parameters to tune');
  for (const p of config.params) {
    if (!(p.min <= p.start && p.start <= p.max)) throw new SpsaError(`${p.name}: start ${p.start} is outside ${p.min}..${p.max}`);
    if (!(p.cEnd > 0) || !(p.rEnd > 0)) throw new SpsaError(`${p.name}: c_end and r_end must be positive`);
  }
  const state: SpsaState = {
    version: STATE_VERSION,
    config,
    theta: config.params.map((p) => p.start),
    iteration: 0,
    next: 1,
    rng: config.seed >>> 0,
    inFlight: [],
    games: 0,
    wins: 0,
    draws: 0,
    losses: 0,
    failures: 0,
    pentanomial: [0, 0, 0, 0, 0],
    trajectory: { every: 1, points: [] },
  };
  recordPoint(state);
  return state;
}

/** Adds the current theta to the trajectory when the iteration falls on its step, thinning it when full. */
function recordPoint(state: SpsaState): void {
  const t = state.trajectory;
  if (state.iteration % t.every !== 0) return;
  t.points.push([state.iteration, ...state.theta.map((x) => Number(x.toFixed(2)))]);
  while (t.points.length > TRAJECTORY_POINTS) {
    t.every *= 2;
    t.points = t.points.filter((p) => p[0] % t.every === 0);
  }
}

/** c_k and a_k of parameter i at iteration k. */
export function gains(config: SpsaConfig, i: number, k: number): { ck: number; ak: number } {
  const p = config.params[i];
  const n = config.pairs;
  const c = p.cEnd * Math.pow(n, config.gamma);
  const a = p.rEnd * p.cEnd * p.cEnd * Math.pow(config.A + n, config.alpha);
  return { ck: c / Math.pow(k, config.gamma), ak: a / Math.pow(config.A + k, config.alpha) };
}

const clamp = (x: number, p: SpsaParam): number => Math.min(p.max, Math.max(p.min, x));

/** Is there a new pair to schedule? (Pairs in flight are not counted.) */
export function hasNext(state: SpsaState): boolean {
  return state.next <= state.config.pairs;
}

/**
 * Schedules the next iteration: draws its flips and rounding offsets, and the engines' values
 * around the current theta. The pair is kept in `inFlight` until applied.
 */
export function schedule(state: SpsaState, openingCount: number): PairSpec {
  if (!hasNext(state)) throw new SpsaError('every pair of the run is scheduled');
  const cfg = state.config;
  const k = state.next++;
  const rng = new Rng(state.rng);
  const flips: number[] = [];
  const ck: number[] = [];
  const plus: number[] = [];
  const minus: number[] = [];
  cfg.params.forEach((p, i) => {
    const flip = rng.next() < 0.5 ? 1 : -1;
    const u = rng.next();
    const c = gains(cfg, i, k).ck;
    flips.push(flip);
    ck.push(c);
    plus.push(Math.floor(clamp(state.theta[i] + c * flip, p) + u));
    minus.push(Math.floor(clamp(state.theta[i] - c * flip, p) + u));
  });
  state.rng = rng.state;
  const pair: PairSpec = { k, opening: openingOrder(cfg.seed, openingCount, k), flips, ck, plus, minus };
  state.inFlight.push(pair);
  return pair;
}

/** The opening of iteration k: the openings in a seeded order, round and round. */
function openingOrder(seed: number, count: number, k: number): number {
  if (count < 1) throw new SpsaError('no openings');
  const round = Math.floor((k - 1) / count);
  const order = shuffledIndices(count, (seed ^ Math.imul(round + 1, 0x9e3779b1)) >>> 0);
  return order[(k - 1) % count];
}

const orderCache = new Map<string, number[]>();

function shuffledIndices(count: number, seed: number): number[] {
  const key = `${count}:${seed}`;
  let out = orderCache.get(key);
  if (out === undefined) {
    out = Array.from({ length: count }, (_, i) => i);
    const rng = new Rng(seed);
    for (let i = count - 1; i > 0; i--) {
      const j = Math.floor(rng.next() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    if (orderCache.size > 8) orderCache.clear();
    orderCache.set(key, out);
  }
  return out;
}

/** plus wins − plus losses over a pair. */
export function pairResult(outcome: PairOutcome): number {
  return outcome.scores.reduce((s, x) => s + (x > 0.5 ? 1 : x < 0.5 ? -1 : 0), 0);
}

/** Applies a finished pair: the SPSA step, clamped, and the tally. */
export function apply(state: SpsaState, pair: PairSpec, outcome: PairOutcome): void {
  const at = state.inFlight.findIndex((p) => p.k === pair.k);
  if (at < 0) throw new SpsaError(`pair ${pair.k} is not in flight`);
  state.inFlight.splice(at, 1);
  const cfg = state.config;
  const result = pairResult(outcome);
  cfg.params.forEach((p, i) => {
    const { ck, ak } = gains(cfg, i, pair.k);
    const r = ak / (ck * ck);
    state.theta[i] = clamp(state.theta[i] + r * ck * result * pair.flips[i], p);
  });
  state.iteration++;
  state.failures += outcome.failures ?? 0;
  for (const s of outcome.scores) {
    state.games++;
    if (s > 0.5) state.wins++;
    else if (s < 0.5) state.losses++;
    else state.draws++;
  }
  if (outcome.scores.length === 2) state.pentanomial[Math.round((outcome.scores[0] + outcome.scores[1]) * 2)]++;
  recordPoint(state);
}

/** Is the run over (every pair applied)? */
export function finished(state: SpsaState): boolean {
  return state.iteration >= state.config.pairs && state.inFlight.length === 0;
}

// ---- the state file -----------------------------------------------------------------------------

/**
 * Writes the state whole: to a temporary file, then renamed over the old one (a run killed at any
 * moment leaves the last state complete). The JSON is compact but one item a line (a parameter, a
 * trajectory point), so that a committed state stays small and its diffs readable.
 */
export function saveState(path: string, state: SpsaState): void {
  const tmp = `${path}.tmp`;
  writeFileSync(tmp, formatJson(state) + '\n');
  renameSync(tmp, path);
}

/** JSON with objects and arrays of plain values on one line, and one member a line above them. */
export function formatJson(value: unknown, indent = ''): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  const flat = (v: unknown): boolean => v === null || typeof v !== 'object';
  const entries: Array<[string | null, unknown]> = Array.isArray(value)
    ? value.map((v) => [null, v])
    : Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  if (entries.every(([, v]) => flat(v))) return JSON.stringify(value);
  const inner = `${indent} `;
  const items = entries.map(([k, v]) => inner + (k === null ? '' : JSON.stringify(k) + ': ') + formatJson(v, inner));
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  return `${open}\n${items.join(',\n')}\n${indent}${close}`;
}

/** Reads and checks a state file; a SpsaError names the problem. */
export function loadState(path: string): SpsaState {
  if (!existsSync(path)) throw new SpsaError(`${path} does not exist (nothing to resume)`);
  let s: SpsaState;
  try {
    s = JSON.parse(readFileSync(path, 'utf8')) as SpsaState;
  } catch (e) {
    throw new SpsaError(`${path} is not a state file of chuhan spsa (${e instanceof Error ? e.message : e})`);
  }
  const bad = (what: string): never => {
    throw new SpsaError(`${path}: ${what}`);
  };
  if (typeof s !== 'object' || s === null) bad('not a state file of chuhan spsa');
  // Version 1 had no trajectory in the state: it starts from the state's iteration.
  if (s.version === 1 && s.trajectory === undefined) {
    s.version = STATE_VERSION;
    s.trajectory = { every: 1, points: [] };
  }
  if (s.version !== STATE_VERSION) bad(`state version ${String(s.version)}, this program reads version ${STATE_VERSION}`);
  const c = s.config;
  if (typeof c !== 'object' || c === null || !Array.isArray(c.params) || c.params.length === 0) bad('no parameters in config');
  const n = c.params.length;
  const nums = (a: unknown, what: string): void => {
    if (!Array.isArray(a) || a.length !== n || !a.every((x) => typeof x === 'number' && Number.isFinite(x)))
      bad(`${what} must hold ${n} numbers`);
  };
  nums(s.theta, 'theta');
  for (const key of ['pairs', 'A', 'alpha', 'gamma', 'seed'] as const) if (typeof c[key] !== 'number') bad(`config.${key} is missing`);
  for (const key of ['iteration', 'next', 'rng', 'games', 'wins', 'draws', 'losses', 'failures'] as const) {
    if (!Number.isInteger(s[key]) || s[key] < 0) bad(`${key} is missing or not a count`);
  }
  if (!Array.isArray(s.inFlight)) bad('inFlight is missing');
  for (const p of s.inFlight) {
    nums(p.flips, `pair ${p.k} flips`);
    nums(p.plus, `pair ${p.k} plus`);
    nums(p.minus, `pair ${p.k} minus`);
    nums(p.ck, `pair ${p.k} ck`);
  }
  const t = s.trajectory;
  if (typeof t !== 'object' || t === null || !Number.isInteger(t.every) || t.every < 1 || !Array.isArray(t.points))
    bad('trajectory is missing');
  if (!t.points.every((p) => Array.isArray(p) && p.length === n + 1 && p.every((x) => typeof x === 'number')))
    bad(`trajectory points must hold the iteration and ${n} numbers`);
  if (s.iteration + s.inFlight.length !== s.next - 1)
    bad(`iteration ${s.iteration} and ${s.inFlight.length} pair(s) in flight do not add up to ${s.next - 1} scheduled`);
  return s;
}

// ---- results ------------------------------------------------------------------------------------

/** theta in option units, rounded for the engine. */
export function rounded(state: SpsaState): number[] {
  return state.theta.map((t, i) => {
    const p = state.config.params[i];
    return Math.min(p.max, Math.max(p.min, Math.round(t)));
  });
}

/** The tuned values as lines for engine/search-params.ts (`export let NAME = value;`). */
export function pasteBlock(state: SpsaState): string[] {
  const values = rounded(state);
  return state.config.params.map((p, i) => `export let ${p.name} = ${formatScaled(values[i], p.scale)};`);
}

/** The tuned values as UCI setoption lines (for an engine started with CHUHAN_TUNE=1). */
export function setoptionLines(state: SpsaState): string[] {
  const values = rounded(state);
  return state.config.params.map((p, i) => `setoption name ${p.name} value ${values[i]}`);
}

function formatScaled(units: number, scale: number): string {
  if (scale === 1) return String(units);
  const digits = Math.round(Math.log10(scale));
  return String(Number((units / scale).toFixed(digits)));
}

/** The trajectory log's header and one row (after each applied pair). */
export function trajectoryHeader(state: SpsaState): string {
  return ['iteration', 'pair', 'result', ...state.config.params.map((p) => p.name)].join(',');
}

export function trajectoryRow(state: SpsaState, pair: number, result: number): string {
  return [state.iteration, pair, result, ...state.theta.map((t) => Number(t.toFixed(4)))].join(',');
}
