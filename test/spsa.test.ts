// The SPSA tuner (bench/tune/spsa*.ts): fishtest's gains, convergence on a synthetic objective
// with a known optimum, clamping, the state file and an interrupted run resumed to the same
// trajectory, the state's own short trajectory and its size, what makes a state portable (paths,
// the engine's identity on resume, commits of the state file alone), and the tunable parameters
// set by setoption changing the search. `chuhan spsa` with the real executable is in
// spsa-run.slow.test.ts (the slow project).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../engine/rng';
import {
  TRAJECTORY_POINTS,
  apply,
  formatJson,
  gains,
  loadState,
  newState,
  pasteBlock,
  saveState,
  schedule,
  setoptionLines,
  type PairOutcome,
  type PairSpec,
  type SpsaConfig,
  type SpsaParam,
  type SpsaState,
} from '../bench/tune/spsa';
import { SpsaRun, type PairPlayer } from '../bench/tune/spsa-run';
import { StateCommitter } from '../bench/tune/spsa-commit';
import { checkoutTop, portablePath, resolveStored, resumeEngine, resumeOpenings, type RunFiles } from '../bench/tune/spsa-portable';
import { sha256File } from '../bench/match/identity';
import { TUNABLES } from '../engine/search-params';
import { EngineProcess, builtEngine } from './e2e-engine';

function param(name: string, start: number, min: number, max: number, cEnd: number, rEnd = 0.002): SpsaParam {
  return { name, start, min, max, scale: 1, cEnd, rEnd };
}

function config(params: SpsaParam[], pairs: number, seed = 1): SpsaConfig {
  return { pairs, A: 0.1 * pairs, alpha: 0.602, gamma: 0.101, seed, params, games: {} };
}

/**
 * Game pairs decided by a known Elo landscape: a parameter vector scores
 * −eloScale·Σ((x − optimum) / width)², and each game is a draw with probability 0.3, else won by
 * the plus engine with the logistic probability of the Elo difference. Seeded; the outcome of a
 * pair depends only on its values and its iteration number, whatever the order pairs are played.
 */
class ModelPlayer implements PairPlayer {
  aborted = false;
  /** Called as each pair starts (the resume test aborts from here). */
  onPlay: (pair: PairSpec) => void = () => {};

  constructor(
    private readonly optimum: number[],
    private readonly width: number[],
    private readonly seed: number,
    private readonly eloScale = 400,
  ) {}

  elo(values: number[]): number {
    return -this.eloScale * values.reduce((s, x, i) => s + ((x - this.optimum[i]) / this.width[i]) ** 2, 0);
  }

  outcome(pair: PairSpec): PairOutcome {
    const rng = new Rng((this.seed ^ Math.imul(pair.k, 0x9e3779b1)) >>> 0);
    const diff = this.elo(pair.plus) - this.elo(pair.minus);
    const win = 1 / (1 + Math.pow(10, -diff / 400));
    const scores = [0, 1].map(() => {
      if (rng.next() < 0.3) return 0.5;
      return rng.next() < win ? 1 : 0;
    });
    return { scores };
  }

  async play(_slot: number, pair: PairSpec): Promise<PairOutcome> {
    this.onPlay(pair);
    // Finish in the next macrotask: pairs in different slots interleave, in a fixed order.
    await new Promise((resolve) => setImmediate(resolve));
    return this.outcome(pair);
  }

  abort(): void {
    this.aborted = true;
  }

  async close(): Promise<void> {}
}

/** Runs to the end (or to an abort), recording theta after every applied pair. */
async function runModel(
  state: SpsaState,
  player: ModelPlayer,
  concurrency: number,
  trajectory: number[][],
  file?: string,
  openings = 100,
): Promise<SpsaRun> {
  const run = new SpsaRun(state, player, openings, {
    onPair: (s) => {
      trajectory.push(s.theta.slice());
      if (file !== undefined) saveState(file, s);
    },
  });
  await run.run(concurrency);
  if (file !== undefined) saveState(file, state);
  return run;
}

const distance = (theta: number[], optimum: number[], width: number[]): number =>
  Math.sqrt(theta.reduce((s, x, i) => s + ((x - optimum[i]) / width[i]) ** 2, 0));

describe('SPSA gains (fishtest parameterisation)', () => {
  it('c_k falls from c_end·N^gamma to c_end, a_k from a to a_end = r_end·c_end², at iteration N', () => {
    const cfg = config([param('X', 100, 0, 200, 8, 0.002)], 5000);
    const first = gains(cfg, 0, 1);
    const last = gains(cfg, 0, 5000);
    expect(last.ck).toBeCloseTo(8, 10);
    expect(last.ak).toBeCloseTo(0.002 * 64, 10);
    expect(first.ck).toBeCloseTo(8 * Math.pow(5000, 0.101), 10);
    // a = a_end·(A + N)^alpha, a_1 = a / (A + 1)^alpha with A = 500.
    expect(first.ak).toBeCloseTo(0.128 * Math.pow(5500 / 501, 0.602), 10);
  });

  it('one update is theta + R_k·c_k·result·flip', () => {
    const state = newState(config([param('X', 100, 0, 200, 8), param('Y', 50, 0, 100, 4)], 1000));
    const pair = schedule(state, 10);
    apply(state, pair, { scores: [1, 1] });
    for (let i = 0; i < 2; i++) {
      const { ck, ak } = gains(state.config, i, 1);
      expect(state.theta[i]).toBeCloseTo(state.config.params[i].start + (ak / (ck * ck)) * ck * 2 * pair.flips[i], 12);
    }
    expect(state.iteration).toBe(1);
    expect([state.wins, state.draws, state.losses, state.games]).toEqual([2, 0, 0, 2]);
    expect(state.pentanomial).toEqual([0, 0, 0, 0, 1]);
  });

  it('the engines get integers around theta ± c_k: apart by about 2·c_k, even when c_k is below 1', () => {
    const state = newState(config([param('D', 5, 1, 10, 0.2)], 100));
    for (let i = 0; i < 100; i++) {
      const pair = schedule(state, 10);
      expect(Number.isInteger(pair.plus[0]) && Number.isInteger(pair.minus[0])).toBe(true);
      const gap = (pair.plus[0] - pair.minus[0]) * pair.flips[0];
      // 2·c_k is 0.32-0.4 here: the gap is 0 or 1, never the wrong way.
      expect(gap === 0 || gap === 1).toBe(true);
      apply(state, pair, { scores: [0.5, 0.5] });
    }
  });
});

describe('SPSA on a synthetic objective with a known optimum', () => {
  // r_end 0.01 (fishtest's 0.002 is made for the few Elo of real parameters and 100,000 games).
  const optimum = [130, 20, 6];
  const width = [100, 40, 4];
  const params = [param('MARGIN', 70, 0, 300, 10, 0.01), param('BONUS', 50, 0, 100, 4, 0.01), param('DEPTH', 3, 1, 12, 0.5, 0.01)];

  for (const concurrency of [1, 2]) {
    it(`moves theta toward the optimum (concurrency ${concurrency}, three seeds)`, async () => {
      for (const seed of [1, 2, 3]) {
        const state = newState(config(params, 3000, seed));
        const player = new ModelPlayer(optimum, width, seed * 7919);
        const start = distance(state.theta, optimum, width);
        await runModel(state, player, concurrency, []);
        expect(state.iteration).toBe(3000);
        expect(state.inFlight).toEqual([]);
        // From 1.22 (in widths) to about 0.05-0.14 with these seeds.
        expect(distance(state.theta, optimum, width)).toBeLessThan(start * 0.2);
        expect(Math.abs(state.theta[0] - optimum[0])).toBeLessThan(10);
        expect(Math.abs(state.theta[1] - optimum[1])).toBeLessThan(8);
        expect(Math.abs(state.theta[2] - optimum[2])).toBeLessThan(1);
      }
    });
  }

  it("clamps theta and the engines' values to [min, max]: an optimum beyond max pins theta at max", async () => {
    const capped = [param('MARGIN', 70, 0, 100, 10, 0.01), param('BONUS', 50, 30, 100, 4, 0.01), param('DEPTH', 3, 1, 12, 0.5, 0.01)];
    const state = newState(config(capped, 2000, 5));
    const player = new ModelPlayer(optimum, width, 11);
    const seen: PairSpec[] = [];
    player.onPlay = (pair) => seen.push(pair);
    const trajectory: number[][] = [];
    await runModel(state, player, 1, trajectory);
    for (const theta of trajectory) theta.forEach((x, i) => expect(x >= capped[i].min && x <= capped[i].max).toBe(true));
    for (const pair of seen) {
      for (let i = 0; i < 3; i++) {
        for (const v of [pair.plus[i], pair.minus[i]]) expect(v >= capped[i].min && v <= capped[i].max).toBe(true);
      }
    }
    // Pushed against the bounds: theta reaches them exactly and stays near them.
    expect(trajectory.some((t) => t[0] === 100)).toBe(true);
    expect(trajectory.some((t) => t[1] === 30)).toBe(true);
    expect(state.theta[0]).toBeGreaterThan(95);
    expect(state.theta[1]).toBeLessThan(33);
  });
});

describe('SPSA state: save, load, resume', () => {
  const optimum = [130, 20, 6];
  const width = [100, 40, 4];
  const params = [param('MARGIN', 70, 0, 300, 10), param('BONUS', 50, 0, 100, 4), param('DEPTH', 3, 1, 12, 0.5)];
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'chuhan-spsa-'));
  });

  for (const concurrency of [1, 2]) {
    it(`an interrupted run resumed gives the uninterrupted trajectory (concurrency ${concurrency})`, async () => {
      const whole: number[][] = [];
      const straight = newState(config(params, 400, 9));
      await runModel(straight, new ModelPlayer(optimum, width, 3), concurrency, whole);

      // The same run, aborted while pair 150 is being played (pairs in flight dropped), then
      // resumed from its state file, twice over.
      const file = join(dir, `resume-${concurrency}.json`);
      const parts: number[][] = [];
      let state = newState(config(params, 400, 9));
      for (const stopAt of [150, 290, Infinity]) {
        const player = new ModelPlayer(optimum, width, 3);
        let run: SpsaRun | null = null;
        player.onPlay = (pair) => {
          if (pair.k === stopAt) run?.abort();
        };
        run = new SpsaRun(state, player, 100, {
          onPair: (s) => {
            parts.push(s.theta.slice());
            saveState(file, s);
          },
        });
        await run.run(concurrency);
        saveState(file, state);
        if (stopAt !== Infinity) {
          expect(run.wasAborted).toBe(true);
          expect(state.inFlight.length).toBeGreaterThan(0);
        }
        state = loadState(file);
      }
      expect(parts).toEqual(whole);
      expect(state.theta).toEqual(straight.theta);
      expect(state.rng).toBe(straight.rng);
      expect(state.trajectory).toEqual(straight.trajectory);
      expect([state.games, state.wins, state.draws, state.losses]).toEqual([
        straight.games,
        straight.wins,
        straight.draws,
        straight.losses,
      ]);
      expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    });
  }

  it('keeps a short trajectory: theta every `every` pairs, at most TRAJECTORY_POINTS, from the start', () => {
    const s = newState(config(params, 1000, 4));
    const model = new ModelPlayer(optimum, width, 2);
    const thetas: number[][] = [s.theta.slice()];
    while (s.next <= 1000) {
      const pair = schedule(s, 100);
      apply(s, pair, model.outcome(pair));
      thetas.push(s.theta.slice());
      expect(s.trajectory.points.length).toBeLessThanOrEqual(TRAJECTORY_POINTS);
    }
    // 1000 pairs: every 16 pairs (63 points, 0 to 992).
    expect(s.trajectory.every).toBe(16);
    expect(s.trajectory.points.map((p) => p[0])).toEqual(Array.from({ length: 63 }, (_, i) => i * 16));
    for (const [it, ...theta] of s.trajectory.points) expect(theta).toEqual(thetas[it].map((x) => Number(x.toFixed(2))));
  });

  it('a state of 24 parameters after 10,000 pairs, 2 in flight, is a small file, read back whole', () => {
    const many = Array.from({ length: 24 }, (_, i) => param(`PARAMETER_${i}`, 100 + i, 0, 1000, 20));
    const s = newState(config(many, 10_000, 6));
    const rng = new Rng(8);
    while (s.next <= 10_000) {
      const pair = schedule(s, 1000);
      apply(s, pair, { scores: [rng.next() < 0.5 ? 1 : 0, 0.5] });
    }
    s.config.pairs = 10_002;
    schedule(s, 1000);
    schedule(s, 1000);
    const file = join(dir, 'big.json');
    saveState(file, s);
    const size = statSync(file).size;
    expect(size).toBeLessThan(30_000);
    expect(s.trajectory.points.length).toBeGreaterThan(TRAJECTORY_POINTS / 2);
    expect(loadState(file)).toEqual(s);
    // One item a line: a point of the trajectory, a parameter.
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('\n   [0,100,101,102,');
    expect(text).toContain('\n   {"name":"PARAMETER_0","start":100,');
  });

  it('formatJson is JSON: parsed back to the same value', () => {
    const v = { a: 1, b: [1, 2, [3, { c: 'x"y' }]], d: { e: null, f: [] }, g: [], h: {}, i: 'z', j: undefined };
    expect(JSON.parse(formatJson(v))).toEqual(JSON.parse(JSON.stringify(v)));
    expect(formatJson([1.5, -2e-7, 'q'])).toBe('[1.5,-2e-7,"q"]');
  });

  it('reads a state of version 1 (no trajectory): its trajectory starts there', () => {
    const s = newState(config(params, 10));
    apply(s, schedule(s, 10), { scores: [1, 0] });
    const old = { ...s, version: 1, trajectory: undefined };
    const file = join(dir, 'v1.json');
    writeFileSync(file, JSON.stringify(old));
    const read = loadState(file);
    expect(read.version).toBe(2);
    expect(read.trajectory).toEqual({ every: 1, points: [] });
    apply(read, schedule(read, 10), { scores: [0.5, 0.5] });
    expect(read.trajectory.points.map((p) => p[0])).toEqual([2]);
  });

  it('refuses a file that is no state, naming the problem', () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"version": 1, "config": {"params": []}}');
    expect(() => loadState(bad)).toThrow(/no parameters/);
    writeFileSync(bad, 'not json');
    expect(() => loadState(bad)).toThrow(/not a state file/);
    const s = newState(config(params, 10));
    schedule(s, 10);
    s.inFlight = [];
    saveState(bad, s);
    expect(() => loadState(bad)).toThrow(/do not add up/);
    expect(() => loadState(join(dir, 'none.json'))).toThrow(/does not exist/);
  });

  it('prints the values for engine/search-params.ts and as setoption lines, scaled ones as fractions', () => {
    const lmr = TUNABLES.find((t) => t.name === 'LMR_BASE')!;
    const s = newState(config([param('RFP_MARGIN', 85, 30, 200, 8), { ...param('LMR_BASE', 75, 0, 200, 8), scale: lmr.scale }], 10));
    s.theta = [91.4, 81.6];
    expect(pasteBlock(s)).toEqual(['export let RFP_MARGIN = 91;', 'export let LMR_BASE = 0.82;']);
    expect(setoptionLines(s)).toEqual(['setoption name RFP_MARGIN value 91', 'setoption name LMR_BASE value 82']);
  });
});

describe('tunable parameters set by setoption change the search', () => {
  let exe = '';
  beforeAll(() => {
    exe = builtEngine();
  });

  /** Node count of a fixed-depth search from a fresh table and history. */
  async function nodes(e: EngineProcess, depth: number): Promise<number> {
    e.send('ucinewgame', 'position startpos moves h2e2 h9g7 h0g2', `go depth ${depth}`);
    const lines: string[] = [];
    for (;;) {
      const r = await e.expect(() => true, 60_000);
      if (r.line.startsWith('bestmove')) break;
      lines.push(r.line);
    }
    const last = lines.filter((l) => new RegExp(`^info depth ${depth} `).test(l)).pop();
    expect(last).toBeDefined();
    return Number(/ nodes (\d+)/.exec(last!)![1]);
  }

  it('with CHUHAN_TUNE=1: announced, and RFP_MARGIN and LMR_BASE change the node count, which returns when set back', async () => {
    const e = new EngineProcess('/usr/bin/env', ['CHUHAN_TUNE=1', exe]);
    try {
      e.send('uci');
      await e.expect((l) => l === 'uciok');
      const handshake = e.received.map((r) => r.line);
      expect(handshake).toContain('option name RFP_MARGIN type spin default 85 min 30 max 200');
      expect(handshake).toContain('option name LMR_BASE type spin default 75 min 0 max 200');
      const base = await nodes(e, 9);
      e.send('setoption name RFP_MARGIN value 40');
      const lower = await nodes(e, 9);
      expect(lower).not.toBe(base);
      e.send('setoption name RFP_MARGIN value 85');
      expect(await nodes(e, 9)).toBe(base);
      e.send('setoption name LMR_BASE value 150');
      const moreReduced = await nodes(e, 9);
      expect(moreReduced).not.toBe(base);
      e.send('setoption name LMR_BASE value 75');
      expect(await nodes(e, 9)).toBe(base);
      e.send('setoption name RFP_MARGIN value 999');
      await e.expect((l) => l === 'info string option RFP_MARGIN value 999 is out of range 30..200; using 200');
    } finally {
      await e.quit();
      e.kill();
    }
  });

  it('without it: the handshake is as always and the names are unknown options', async () => {
    const e = new EngineProcess(exe);
    try {
      e.send('uci');
      await e.expect((l) => l === 'uciok');
      expect(e.received.some((r) => r.line.includes('RFP_MARGIN'))).toBe(false);
      e.send('setoption name RFP_MARGIN value 40');
      await e.expect((l) => l === 'info string No such option: RFP_MARGIN');
    } finally {
      await e.quit();
      e.kill();
    }
  });
});

describe('a portable state: paths, the engine on resume, commits of the state file', () => {
  let dir = '';
  let engine = '';
  const files = (): RunFiles => ({
    engine,
    engineSha256: sha256File(engine),
    engineBench: 4_000_000,
    engineCommit: 'abc-dirty',
    openings: 'bench/match/openings-1k.epd',
    openingsSha256: sha256File(join(checkoutTop()!, 'bench/match/openings-1k.epd')),
  });
  const noBench = async (): Promise<number | null> => {
    throw new Error('no bench needed');
  };
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'chuhan-spsa-portable-'));
    engine = join(dir, 'engine');
    writeFileSync(engine, '#!/bin/sh\necho engine one\n', { mode: 0o755 });
  });

  it('keeps paths inside the checkout relative to its top, others absolute, and resolves them back', () => {
    const top = checkoutTop()!;
    expect(top).toBeTruthy();
    expect(portablePath(join(top, 'bench', 'match', 'openings-1k.epd'))).toBe('bench/match/openings-1k.epd');
    expect(portablePath('bench/match/openings-1k.epd')).toBe('bench/match/openings-1k.epd');
    expect(portablePath(engine)).toBe(engine);
    expect(resolveStored('bench/match/openings-1k.epd')).toBe(join(top, 'bench', 'match', 'openings-1k.epd'));
    expect(resolveStored(engine)).toBe(engine);
  });

  it("the engine on resume: the state's path, or --engine with the same SHA-256 (then kept); a missing one asks for --engine", async () => {
    const f = files();
    const notes: string[] = [];
    expect(await resumeEngine(f, undefined, false, 5, noBench, (l) => notes.push(l))).toBe(engine);
    const copy = join(dir, 'rebuilt');
    copyFileSync(engine, copy);
    expect(await resumeEngine(f, copy, false, 5, noBench, (l) => notes.push(l))).toBe(copy);
    expect(f.engine).toBe(copy);
    const gone = { ...files(), engine: join(dir, 'gone') };
    await expect(resumeEngine(gone, undefined, false, 5, noBench, () => {})).rejects.toThrow(
      /does not exist here .*give --engine PATH, the same build \(SHA-256 .*bench 4000000, built from commit abc-dirty\)/,
    );
    await expect(resumeEngine(files(), join(dir, 'gone'), false, 5, noBench, () => {})).rejects.toThrow(/--engine .*gone does not exist/);
    expect(notes).toEqual([]);
  });

  it("another binary: refused naming engineSha256; with --accept-engine taken when its bench is the run's, refused naming engineBench when not", async () => {
    const other = join(dir, 'other');
    writeFileSync(other, '#!/bin/sh\necho engine two\n', { mode: 0o755 });
    await expect(resumeEngine(files(), other, false, 5, noBench, () => {})).rejects.toThrow(
      /^engineSha256 differs: .*add --accept-engine .*its bench signature must be 4000000/,
    );
    await expect(
      resumeEngine(
        files(),
        other,
        true,
        5,
        async () => 4_000_001,
        () => {},
      ),
    ).rejects.toThrow(/^engineBench differs: .*4000001 nodes .*4000000/);
    await expect(
      resumeEngine(
        files(),
        other,
        true,
        5,
        async () => null,
        () => {},
      ),
    ).rejects.toThrow(/gave no node count/);
    const f = files();
    const benched: string[] = [];
    const notes: string[] = [];
    expect(
      await resumeEngine(
        f,
        other,
        true,
        5,
        async (p) => (benched.push(p), 4_000_000),
        (l) => notes.push(l),
      ),
    ).toBe(other);
    expect(benched).toEqual([other]);
    expect(f.engineSha256).toBe(sha256File(other));
    expect(f.engine).toBe(other);
    expect(f.engineAccepted).toEqual([{ iteration: 5, sha256: sha256File(other) }]);
    expect(notes.at(-1)).toMatch(/accepted .*other: SHA-256 .*bench 4000000 as the run's/);
    // With no bench signature in the state, on the flag alone.
    const g = { ...files(), engineBench: null };
    expect(await resumeEngine(g, other, true, 7, noBench, () => {})).toBe(other);
  });

  it('the openings on resume: relative to the checkout, or --openings with the same SHA-256; another file refused naming openingsSha256', () => {
    const f = files();
    const top = checkoutTop()!;
    expect(resumeOpenings(f, undefined)).toBe(join(top, 'bench/match/openings-1k.epd'));
    const copy = join(dir, 'openings.epd');
    copyFileSync(join(top, 'bench/match/openings-1k.epd'), copy);
    expect(resumeOpenings(f, copy)).toBe(copy);
    expect(f.openings).toBe(copy);
    writeFileSync(copy, 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w\n');
    expect(() => resumeOpenings(files(), copy)).toThrow(/^openingsSha256 differs/);
    expect(() => resumeOpenings({ ...files(), openings: 'no/such.epd' }, undefined)).toThrow(/do not exist here .*give --openings PATH/);
  });

  it('--commit-every: commits the state file alone, leaving what else is staged; an unchanged state makes no commit', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'chuhan-spsa-git-'));
    const git = (...args: string[]): string => execFileSync('git', args, { cwd: repo, encoding: 'utf8' }).trim();
    git('init', '-q');
    git('config', 'user.name', 'test');
    git('config', 'user.email', 'test@example.com');
    writeFileSync(join(repo, 'other.txt'), 'staged by someone else\n');
    git('add', 'other.txt');
    const state = join(repo, 'run.json');
    const s = newState(config([param('X', 100, 0, 200, 8)], 10));
    saveState(state, s);
    const warnings: string[] = [];
    const notes: string[] = [];
    const c = new StateCommitter(
      state,
      30,
      (l) => warnings.push(l),
      (l) => notes.push(l),
    );
    await c.now('spsa: run started');
    expect(git('log', '--format=%s')).toBe('spsa: run started');
    expect(git('show', '--name-only', '--format=', 'HEAD')).toBe('run.json');
    expect(git('diff', '--cached', '--name-only')).toBe('other.txt');
    // Not yet 30 minutes: maybe() does nothing; now() with no change makes no commit.
    apply(s, schedule(s, 10), { scores: [1, 1] });
    saveState(state, s);
    c.maybe(() => 'spsa: run at pair 1 of 10');
    await c.now('spsa: run stopped at pair 1 of 10');
    await c.now('spsa: run stopped at pair 1 of 10');
    expect(git('log', '--format=%s').split('\n')).toEqual(['spsa: run stopped at pair 1 of 10', 'spsa: run started']);
    expect(JSON.parse(git('show', 'HEAD:run.json')).iteration).toBe(1);
    expect(git('diff', '--cached', '--name-only')).toBe('other.txt');
    expect([warnings, c.commits]).toEqual([[], 2]);
    // Outside a work tree: a warning, and the run goes on.
    const loose = mkdtempSync(join(tmpdir(), 'chuhan-spsa-nogit-'));
    const w: string[] = [];
    saveState(join(loose, 'run.json'), s);
    await new StateCommitter(
      join(loose, 'run.json'),
      30,
      (l) => w.push(l),
      () => {},
    ).now('x');
    expect(w[0]).toMatch(/could not commit .*run\.json \(git add: .*\); trying again in a minute/);
  });
});
