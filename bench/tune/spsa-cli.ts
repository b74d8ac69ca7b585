// `chuhan spsa`: tunes the search's parameters by SPSA in self-play (see bench/tune/README.md).
//
//   chuhan spsa --state run.json [--engine PATH] [--pairs 20000] [--nodes 8000 | --tc 2+0.02]
//               [--concurrency 2] [--openings bench/match/openings-1k.epd] [--params all] ...
//   chuhan spsa --state run.json --resume [--engine PATH]   continue exactly where it stopped
//   chuhan spsa --state run.json --print         the values so far, nothing played
//
// Progress goes to stderr, one line per pair and theta every --report pairs; the state file is
// written whole after every pair, the trajectory log (CSV, optional output) gets a row. The state
// file alone continues the run, on another machine too (spsa-portable.ts), and --commit-every
// commits it to git as the run goes (spsa-commit.ts). Ctrl-C (SIGTERM, SIGHUP) drops the pairs in
// progress (they are replayed on resume), kills the engines and saves the state. At the end: the
// tuned values as a block for engine/search-params.ts and as setoption lines.
import { appendFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { Command, CommanderError, Option } from 'commander';
import { findTunable, SPSA_R_END, TUNABLES, TUNE_ENV, type TunableGroup } from '../../engine/search-params';
import { DEFAULT_DRAW, DEFAULT_RESIGN, parseAdjudication, type AdjudicationConfig } from '../match/adjudication';
import { describeLimit, parseTimeControl, type Limit } from '../match/clock';
import { DEFAULT_TIMEOUTS, EngineStartError } from '../engine-process';
import { parseOpenings, type Opening } from '../match/openings';
import { checkEngine, PreflightError } from '../match/preflight';
import { sha256File } from '../match/identity';
import {
  SPSA_A_SHARE,
  SPSA_ALPHA,
  SPSA_GAMMA,
  SpsaError,
  finished,
  loadState,
  newState,
  pairResult,
  pasteBlock,
  rounded,
  saveState,
  setoptionLines,
  trajectoryHeader,
  trajectoryRow,
  type PairOutcome,
  type PairSpec,
  type SpsaConfig,
  type SpsaState,
} from './spsa';
import { intIn, numberIn, positiveNumber } from '../cli-args';
import { EnginePairPlayer, TUNE_ENVIRONMENT } from './spsa-games';
import { SpsaRun } from './spsa-run';
import { StateCommitter, commitProblem } from './spsa-commit';
import {
  benchSignature,
  checkoutCommit,
  engineNode,
  portablePath,
  resolveStored,
  resumeEngine,
  resumeOpenings,
  type RunFiles,
} from './spsa-portable';

const DEFAULT_PAIRS = 20000;
const DEFAULT_NODES = 8000;
const DEFAULT_OPENINGS = 'bench/match/openings-1k.epd';
const DEFAULT_HASH = 16;

/** What a run is played with, kept in the state (and checked on resume): the files (spsa-portable.ts) and the games. */
interface GamesConfig extends RunFiles {
  limit: string;
  openingCount: number;
  options: Array<[string, string]>;
  adjudication: AdjudicationConfig;
  maxPlies: number;
  /** Pairs at a time (a resumed run keeps it unless --concurrency says otherwise). */
  concurrency: number;
  /** --commit-every, minutes (0 or absent: off); a resumed run keeps it unless given. */
  commitEvery?: number;
}

interface CliOptions {
  state: string;
  engine?: string;
  log?: string;
  pairs: number;
  nodes?: number;
  tc?: string;
  concurrency: number;
  openings: string;
  params: string;
  cEnd?: string;
  rEnd: number;
  a?: number;
  alpha: number;
  gamma: number;
  seed: number;
  hash: number;
  option: string[];
  adjudicate: string;
  maxPlies: number;
  report: number;
  hangTimeout: number;
  startupTimeout: number;
  resume?: boolean;
  acceptEngine?: boolean;
  commitEvery?: number;
  force?: boolean;
  print?: boolean;
  quiet?: boolean;
}

/**
 * Options that define a run: given with --resume they would contradict the state file. (--engine
 * and --openings may be given: they name the same files on this machine, checked by SHA-256.)
 */
const RUN_OPTIONS = [
  'pairs',
  'nodes',
  'tc',
  'params',
  'cEnd',
  'rEnd',
  'a',
  'alpha',
  'gamma',
  'seed',
  'hash',
  'option',
  'adjudicate',
  'maxPlies',
];

/** `chuhan spsa`'s command line. */
export function spsaCommand(): Command {
  const names = namesOf('search').join(', ');
  const clockNames = namesOf('clock').join(', ');
  const trialNames = namesOf('trial').join(', ');
  return new Command('chuhan spsa')
    .description("tune the search parameters by SPSA (fishtest's recipe) in self-play game pairs")
    .requiredOption('--state <file>', 'state file of the run (JSON), written after every pair')
    .option(
      '--engine <path>',
      "engine to tune, a Chuhan build (default: this executable); with --resume, the run's build where it is on this machine",
    )
    .option('--log <file>', 'trajectory log, CSV: iteration, pair, result, each theta (default: the state file with .csv)')
    .option('--pairs <n>', 'N, iterations of one game pair each', intIn(1), DEFAULT_PAIRS)
    .option('--nodes <n>', `fixed nodes per move (the default, ${DEFAULT_NODES})`, intIn(1))
    .option('--tc <tc>', 'a clock instead of fixed nodes, e.g. 2+0.02 (seconds)')
    .option('--concurrency <n>', 'pairs played at once, each with its own two engines (a resumed run keeps its own)', intIn(1, 64), 2)
    .option('--openings <file>', "openings, one per line, as for match (kept relative to the checkout's top)", DEFAULT_OPENINGS)
    .option(
      '--params <names>',
      `parameters to tune, comma separated, or all: ${names}; the clock's, for timed games (--tc) and never in all: ${clockNames}${
        trialNames === '' ? '' : `; changes on trial (0: off), never in all: ${trialNames}`
      }`,
      'all',
    )
    .option('--c-end <list>', 'c_end overrides, NAME=X,... in option units (default: the table in engine/search-params.ts)')
    .option('--r-end <x>', "r_end of every parameter (fishtest's default)", positiveNumber, SPSA_R_END)
    .addOption(new Option('--a <x>', `fishtest's A (default ${SPSA_A_SHARE} x pairs)`).argParser(numberIn(0)))
    .option('--alpha <x>', "fishtest's alpha", positiveNumber, SPSA_ALPHA)
    .option('--gamma <x>', "fishtest's gamma", positiveNumber, SPSA_GAMMA)
    .option('--seed <n>', "seed of the flips and of the openings' order", intIn(0, 0xffffffff), 1)
    .option('--hash <mb>', 'hash of each engine, MB', intIn(1, 1024), DEFAULT_HASH)
    .addOption(
      new Option('--option <name=value>', 'another engine option (repeatable), e.g. "EvalFile=net.nnue"')
        .argParser((v: string, all: string[]) => [...all, v])
        .default([], 'none'),
    )
    .option(
      '--adjudicate <spec>',
      `score adjudication, as for match, or off (resign,draw is resign=${DEFAULT_RESIGN.moves}:${DEFAULT_RESIGN.score},draw=${DEFAULT_DRAW.ply}:${DEFAULT_DRAW.moves}:${DEFAULT_DRAW.score})`,
      'resign,draw',
    )
    .option('--max-plies <n>', 'draw a game after this many plies', intIn(1), 1000)
    .option('--report <n>', 'print theta every n pairs', intIn(1), 100)
    .option('--hang-timeout <ms>', 'a move taking this much longer than its limit is a hang', intIn(1), DEFAULT_TIMEOUTS.hang)
    .option('--startup-timeout <ms>', 'for the handshake and isready', intIn(1), DEFAULT_TIMEOUTS.startup)
    .option('--resume', 'continue the run in --state exactly where it stopped (the state file is all it needs)')
    .option(
      '--accept-engine',
      "with --resume: go on with an --engine whose SHA-256 differs from the run's, if its bench signature is the run's (a rebuild of the same search)",
    )
    .option(
      '--commit-every <minutes>',
      'git commit the state file (only it) every so many minutes and when the run stops; 0: off (a resumed run keeps its own)',
      numberIn(0),
    )
    .option('--force', 'overwrite an existing --state (and its log)')
    .option('--print', 'print the values in --state (paste block and setoption lines) and exit')
    .option('--quiet', 'no progress lines')
    .helpOption('-h, --help', 'show this help')
    .exitOverride();
}

/** The executable running this code, when it is a single-executable build (the default engine). */
function selfExecutable(): string | null {
  try {
    return (require('node:sea') as { isSea(): boolean }).isSea() ? process.execPath : null;
  } catch {
    return null;
  }
}

function parseCEnd(text: string | undefined): Map<string, number> {
  const out = new Map<string, number>();
  if (text === undefined) return out;
  for (const part of text.split(',').filter((p) => p.trim() !== '')) {
    const [name, value] = part.split('=', 2).map((s) => s.trim());
    const spec = findTunable(name);
    const x = Number(value);
    if (spec === undefined) throw new SpsaError(`--c-end: no tunable parameter '${name}'`);
    if (value === undefined || !Number.isFinite(x) || x <= 0) throw new SpsaError(`--c-end ${part}: expected ${name}=X with X > 0`);
    out.set(spec.name, x);
  }
  return out;
}

/** The names of the tunable parameters of one group, in table order. */
function namesOf(group: TunableGroup): string[] {
  return TUNABLES.filter((t) => t.group === group).map((t) => t.name);
}

/** The parameters `--params` names: `all` is every search parameter, the clock's and those on trial left out. */
export function selectParams(text: string): string[] {
  if (text.trim().toLowerCase() === 'all') return namesOf('search');
  const out: string[] = [];
  for (const name of text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')) {
    const spec = findTunable(name);
    if (spec === undefined)
      throw new SpsaError(`--params: no tunable parameter '${name}' (they are ${TUNABLES.map((t) => t.name).join(', ')})`);
    if (out.includes(spec.name)) throw new SpsaError(`--params: ${spec.name} is listed twice`);
    out.push(spec.name);
  }
  if (out.length === 0) throw new SpsaError('--params: no parameter named');
  return out;
}

function limitOf(text: string): Limit {
  const m = /^nodes (\d+)$/.exec(text);
  return m !== null ? { kind: 'nodes', nodes: Number(m[1]) } : { kind: 'clock', tc: parseTimeControl(text) };
}

function loadOpenings(path: string): Opening[] {
  if (!existsSync(path)) throw new SpsaError(`--openings ${path} does not exist`);
  const list = parseOpenings(readFileSync(path, 'utf8'));
  if (list.length === 0) throw new SpsaError(`--openings ${path} has no openings`);
  return list;
}

/** A new run's state from the command line (its bench signature is measured after the handshake). */
function newRun(o: CliOptions, engine: string): SpsaState {
  if (o.nodes !== undefined && o.tc !== undefined) throw new SpsaError('give --nodes or --tc, not both');
  const limit: Limit =
    o.tc !== undefined ? { kind: 'clock', tc: parseTimeControl(o.tc) } : { kind: 'nodes', nodes: o.nodes ?? DEFAULT_NODES };
  const cEnd = parseCEnd(o.cEnd);
  const selected = selectParams(o.params);
  for (const name of cEnd.keys()) if (!selected.includes(name)) throw new SpsaError(`--c-end names ${name}, which --params leaves out`);
  const params = selected.map((name) => {
    const t = findTunable(name)!;
    return { name: t.name, start: t.default, min: t.min, max: t.max, scale: t.scale, cEnd: cEnd.get(name) ?? t.cEnd, rEnd: o.rEnd };
  });
  const options: Array<[string, string]> = [
    ['Hash', String(o.hash)],
    ['Threads', '1'],
  ];
  for (const kv of o.option) {
    const eq = kv.indexOf('=');
    if (eq <= 0) throw new SpsaError(`--option ${kv}: expected NAME=VALUE`);
    const name = kv.slice(0, eq).trim();
    if (findTunable(name) !== undefined && params.some((p) => p.name === findTunable(name)!.name))
      throw new SpsaError(`--option ${kv}: ${name} is being tuned`);
    options.push([name, kv.slice(eq + 1)]);
  }
  let adjudication: AdjudicationConfig;
  try {
    adjudication = parseAdjudication(o.adjudicate);
  } catch (e) {
    throw new SpsaError(`--adjudicate: ${e instanceof Error ? e.message : e}`);
  }
  const openings = loadOpenings(o.openings);
  const engineSha256 = sha256File(engine);
  const games: GamesConfig = {
    engine: portablePath(engine),
    engineSha256,
    engineBench: null,
    engineCommit: checkoutCommit(),
    engineNode: engineNode(engineSha256, selfExecutable()),
    limit: limit.kind === 'nodes' ? `nodes ${limit.nodes}` : (o.tc ?? ''),
    openings: portablePath(o.openings),
    openingsSha256: sha256File(o.openings),
    openingCount: openings.length,
    options,
    adjudication,
    maxPlies: o.maxPlies,
    concurrency: o.concurrency,
    commitEvery: o.commitEvery ?? 0,
  };
  const config: SpsaConfig = {
    pairs: o.pairs,
    A: o.a ?? SPSA_A_SHARE * o.pairs,
    alpha: o.alpha,
    gamma: o.gamma,
    seed: o.seed,
    params,
    games: games as unknown as Record<string, unknown>,
  };
  return newState(config);
}

/**
 * The trajectory log on resume: rows past the state (written after its last save) and a line cut
 * short are dropped; a missing last row is written from the state. The log is optional output
 * (the state keeps a short trajectory of its own): a missing one starts again.
 */
function reconcileLog(path: string, state: SpsaState, note: (line: string) => void): void {
  const header = trajectoryHeader(state);
  if (!existsSync(path)) {
    writeFileSync(path, `${header}\n`);
    if (state.iteration > 0) {
      note(`no trajectory log ${path} (optional: the state keeps a short trajectory); a new one starts at iteration ${state.iteration}`);
      appendFileSync(path, `${trajectoryRow(state, 0, 0)}\n`);
    }
    return;
  }
  const text = readFileSync(path, 'utf8');
  // The last element is empty after a final newline, or a row cut short: dropped either way.
  const lines = text.split('\n');
  lines.pop();
  if (lines[0] !== header) throw new SpsaError(`${path} is not this run's trajectory log (its header differs)`);
  const keep = [lines[0]];
  let last = 0;
  for (const line of lines.slice(1)) {
    const it = Number(line.split(',')[0]);
    if (!Number.isInteger(it) || line.split(',').length !== header.split(',').length || it > state.iteration) continue;
    keep.push(line);
    last = it;
  }
  if (last < state.iteration) keep.push(trajectoryRow(state, 0, 0));
  if (keep.length !== lines.length || !text.endsWith('\n')) writeFileSync(path, keep.join('\n') + '\n');
}

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return h > 0 ? `${h}h${String(m).padStart(2, '0')}m` : `${m}m${String(Math.floor(seconds % 60)).padStart(2, '0')}s`;
}

function thetaLine(state: SpsaState): string {
  return state.config.params.map((p, i) => `${p.name} ${Number(state.theta[i].toFixed(2))}`).join(', ');
}

/** The summary and the tuned values, for stdout (`engine`: where the run's engine is on this machine). */
function resultLines(state: SpsaState, enginePath?: string): string[] {
  const cfg = state.config;
  const lines = [
    `spsa: ${state.iteration} of ${cfg.pairs} pairs, ${state.games} games; plus engine +${state.wins} =${state.draws} -${state.losses}, pairs by its points [0, 1/2, 1, 3/2, 2]: [${state.pentanomial.join(', ')}]${state.failures > 0 ? `; ${state.failures} game(s) ended by an engine failure` : ''}`,
    'parameter: start -> now (min..max, c_end, r_end)',
  ];
  const now = rounded(state);
  cfg.params.forEach((p, i) => {
    lines.push(
      `  ${p.name}: ${p.start} -> ${now[i]} (theta ${Number(state.theta[i].toFixed(3))}; ${p.min}..${p.max}, c_end ${p.cEnd}, r_end ${p.rEnd})`,
    );
  });
  lines.push(
    '',
    '// engine/search-params.ts (confirm by an SPRT before committing):',
    ...pasteBlock(state),
    '',
    '# UCI, for an engine started with CHUHAN_TUNE=1:',
    ...setoptionLines(state),
  );
  const stored = (cfg.games as unknown as Partial<GamesConfig>).engine;
  const engine = enginePath ?? (stored === undefined ? undefined : resolveStored(stored));
  if (engine !== undefined) {
    const options = cfg.params.map((p, i) => `option.${p.name}=${now[i]}`).join(',');
    lines.push(
      '',
      '# chuhan match, the tuned side (against the same build without them):',
      `--engine name=tuned,cmd=/usr/bin/env,arg=${TUNE_ENV}=1,arg=${engine},${options}`,
    );
  }
  return lines;
}

/**
 * Runs `chuhan spsa` with its arguments. Progress goes to `err`, the results to `out`. Resolves to
 * the exit code (0 done or stopped, 130 interrupted, 1 failure, 2 usage).
 */
export async function runSpsaCli(argv: readonly string[], out: (line: string) => void, errOut?: (text: string) => void): Promise<number> {
  const err = errOut ?? ((t: string) => void process.stderr.write(t));
  const cmd = spsaCommand();
  cmd.configureOutput({ writeOut: (t) => out(t.replace(/\n$/, '')), writeErr: (t) => err(t) });
  let o: CliOptions;
  try {
    cmd.parse(argv as string[], { from: 'user' });
    o = cmd.opts<CliOptions>();
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 2;
    throw e;
  }
  const fail = (message: string, code = 2): number => {
    err(`chuhan spsa: ${message}\n`);
    return code;
  };

  if (o.print) {
    try {
      for (const line of resultLines(loadState(o.state))) out(line);
      return 0;
    } catch (e) {
      return fail(e instanceof Error ? e.message : String(e), 1);
    }
  }

  // One process per run: two resuming the same state would each play and apply its pairs.
  const lock = `${o.state}.lock`;
  const holder = takeLock(lock);
  if (holder !== null) return fail(`another chuhan spsa (pid ${holder}) is running ${o.state}`, 1);
  try {
    return await runLocked(o, cmd, out, err, fail);
  } finally {
    rmSync(lock, { force: true });
  }
}

/** Creates the lock file with our pid; returns the pid of a live process that holds it, or null when we have it. */
function takeLock(path: string): number | null {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, `${process.pid}\n`, { flag: 'wx' });
      return null;
    } catch {
      let pid = NaN;
      try {
        pid = Number(readFileSync(path, 'utf8').trim());
      } catch {
        continue;
      }
      let alive = false;
      try {
        alive = Number.isInteger(pid) && pid > 0 && pid !== process.pid && process.kill(pid, 0);
      } catch {
        alive = false;
      }
      if (alive) return pid;
      // Left by a run that was killed: taken over.
      rmSync(path, { force: true });
    }
  }
  return null;
}

async function runLocked(
  o: CliOptions,
  cmd: Command,
  out: (line: string) => void,
  err: (text: string) => void,
  fail: (message: string, code?: number) => number,
): Promise<number> {
  let state: SpsaState;
  let engine: string;
  let openingsPath: string;
  const log = o.log ?? o.state.replace(/(\.json)?$/, '.csv');
  const note = (line: string): void => {
    if (!o.quiet) err(`chuhan spsa: ${line}\n`);
  };
  const warn = (line: string): void => err(`chuhan spsa: warning: ${line}\n`);
  const given = (k: string): boolean => cmd.getOptionValueSource(k) === 'cli';
  if (o.acceptEngine && !o.resume) return fail('--accept-engine goes with --resume (a new run takes the --engine it is given)');
  try {
    if (o.resume) {
      const contradicting = RUN_OPTIONS.filter(given);
      if (contradicting.length > 0) {
        return fail(
          `--resume continues the run as ${o.state} describes it; drop ${contradicting.map((k) => `--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`).join(', ')}`,
        );
      }
      state = loadState(o.state);
      const files = state.config.games as unknown as GamesConfig;
      engine = await resumeEngine(files, o.engine, o.acceptEngine === true, state.iteration, benchSignature, note);
      openingsPath = resumeOpenings(files, given('openings') ? o.openings : undefined);
      reconcileLog(log, state, note);
    } else {
      if (existsSync(o.state) && !o.force)
        return fail(`${o.state} already holds a run; add --resume to continue it or --force to start again`);
      const self = o.engine ?? selfExecutable();
      if (self === null) return fail('give --engine PATH (the engine to tune)');
      if (!existsSync(self)) return fail(`--engine ${self} does not exist`);
      engine = resolve(self);
      openingsPath = resolve(o.openings);
      state = newRun(o, engine);
    }
  } catch (e) {
    if (e instanceof SpsaError) return fail(e.message, o.resume ? 1 : 2);
    throw e;
  }

  const games = state.config.games as unknown as GamesConfig;
  if (given('commitEvery')) games.commitEvery = o.commitEvery;
  const commitEvery = games.commitEvery ?? 0;
  if (commitEvery > 0) {
    const problem = await commitProblem(resolve(o.state));
    if (problem !== null) return fail(`--commit-every: ${problem}`);
  }
  const names = state.config.params.map((p) => p.name);
  // Which theta each pair starts from depends on how many run at once: a resumed run keeps its own.
  const concurrency = o.resume && !given('concurrency') && Number.isInteger(games.concurrency) ? games.concurrency : o.concurrency;
  // Long timeouts let a run be paused (SIGSTOP, as the background self-play is during quiet runs)
  // without a move or a handshake caught in the pause counting as a failure.
  const timeouts = { ...DEFAULT_TIMEOUTS, hang: o.hangTimeout, startup: o.startupTimeout };
  // The engine must take every tuned parameter as an option (a build with tunable parameters).
  try {
    const tuned: Array<[string, string]> = state.config.params.map((p) => [p.name, String(p.start)]);
    const check = await checkEngine(
      { name: 'engine', cmd: engine, args: [], env: TUNE_ENVIRONMENT, proto: 'uci', options: [...games.options, ...tuned] },
      timeouts,
    );
    const unannounced = (name: string): boolean => check.warnings.some((w) => w.includes(`option '${name}'`));
    const missing = names.filter(unannounced);
    if (missing.length > 0)
      return fail(`${engine} does not announce ${missing.join(', ')} with CHUHAN_TUNE=1 (not a build with these tunable parameters)`, 1);
    for (const w of check.warnings) if (!names.some((n) => w.includes(`option '${n}'`))) warn(w);
  } catch (e) {
    if (e instanceof PreflightError) return fail(e.message, 1);
    throw e;
  }

  if (!o.resume) {
    // The engine's identity beyond its bytes: the search's node count, which a rebuild keeps.
    note(`measuring the engine's bench signature (${engine} bench)`);
    games.engineBench = await benchSignature(engine);
    if (games.engineBench === null)
      warn(
        `${engine} bench gave no node count: the state records no bench signature, and a resume with another build of it cannot be checked`,
      );
    saveState(o.state, state);
    writeFileSync(log, `${trajectoryHeader(state)}\n`);
  }
  const cfg = state.config;
  const runName = basename(o.state).replace(/\.json$/, '');
  const committer = commitEvery > 0 ? new StateCommitter(resolve(o.state), commitEvery, warn, note) : null;
  if (finished(state)) {
    await committer?.now(`spsa: ${runName} finished, ${cfg.pairs} pairs`);
    for (const line of resultLines(state, engine)) out(line);
    return 0;
  }
  if (!o.resume) await committer?.now(`spsa: ${runName} started, ${cfg.pairs} pairs`);

  const openings = loadOpenings(openingsPath);
  const limit = limitOf(games.limit);
  const player = new EnginePairPlayer(
    { cmd: engine, args: [], options: games.options },
    names,
    openings,
    { limit, margin: 0, adjudication: games.adjudication, maxPlies: games.maxPlies, hangTimeout: timeouts.hang },
    timeouts,
    (f) => err(`chuhan spsa: pair ${f.pair}: the ${f.engine} engine failed: ${f.reason}\n`),
  );
  const startedAt = performance.now();
  const startIteration = state.iteration;
  if (!o.quiet) {
    err(
      `chuhan spsa: ${o.resume ? `resuming at pair ${state.iteration + 1}` : 'starting'}: ${cfg.pairs} pairs, ${names.length} parameters, ` +
        `${describeLimit(limit)}, ${concurrency} pair(s) at a time, ${games.openingCount} openings, engine ${engine}` +
        `${typeof games.engineBench === 'number' ? ` (bench ${games.engineBench})` : ''}` +
        `${state.inFlight.length > 0 ? `; ${state.inFlight.length} pair(s) left in flight are played again first` : ''}` +
        `${commitEvery > 0 ? `; the state is committed every ${commitEvery} min` : ''}\n`,
    );
  }
  const run = new SpsaRun(state, player, openings.length, {
    onPair: (s: SpsaState, pair: PairSpec, outcome: PairOutcome) => {
      saveState(o.state, s);
      appendFileSync(log, `${trajectoryRow(s, pair.k, pairResult(outcome))}\n`);
      committer?.maybe(() => `spsa: ${runName} at pair ${s.iteration} of ${cfg.pairs}`);
      if (!o.quiet) {
        const done = s.iteration - startIteration;
        const rate = done / ((performance.now() - startedAt) / 1000);
        const left = cfg.pairs - s.iteration;
        err(
          `spsa: [${s.iteration}/${cfg.pairs}] pair ${pair.k}: plus ${outcome.scores.reduce((a, b) => a + b, 0)}-${outcome.scores.length - outcome.scores.reduce((a, b) => a + b, 0)} ` +
            `| ${s.games} games, plus +${s.wins} =${s.draws} -${s.losses} | ${(rate * 3600).toFixed(0)} pairs/h, ${duration(left / rate)} left\n`,
        );
        if (s.iteration % o.report === 0) err(`spsa: theta after ${s.iteration} pairs: ${thetaLine(s)}\n`);
      }
      return player.startFailure();
    },
  });
  const onSignal = (): void => run.abort('interrupted');
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  for (const s of signals) process.on(s, onSignal);
  let failure: unknown = null;
  try {
    await run.run(concurrency);
  } catch (e) {
    failure = e;
    run.abort(`error: ${e instanceof Error ? e.message : e}`);
  } finally {
    for (const s of signals) process.removeListener(s, onSignal);
  }
  saveState(o.state, state);
  await committer?.now(
    finished(state)
      ? `spsa: ${runName} finished, ${cfg.pairs} pairs`
      : `spsa: ${runName} stopped at pair ${state.iteration} of ${cfg.pairs}`,
  );
  for (const line of resultLines(state, engine)) out(line);
  if (run.stopReason !== null)
    out(
      `stopped: ${run.stopReason}${state.inFlight.length > 0 ? ` (${state.inFlight.length} pair(s) in flight are played again on --resume)` : ''}`,
    );
  if (failure !== null)
    return fail(failure instanceof EngineStartError ? failure.message : failure instanceof Error ? failure.message : String(failure), 1);
  if (run.stopReason === 'interrupted') return 130;
  return run.stopReason !== null ? 1 : 0;
}
