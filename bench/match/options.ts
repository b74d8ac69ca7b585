// The match runner's command line, parsed into MatchOptions.
import { basename } from 'node:path';
import { DEFAULT_DRAW, DEFAULT_RESIGN, parseAdjudication, type AdjudicationConfig } from './adjudication';
import { describeLimit, parseTimeControl, type Limit } from './clock';
import { PROTOCOLS, type Proto } from './engine-protocol';
import { DEFAULT_TIMEOUTS, type EngineConfig, type EngineTimeouts } from './engine-process';
import type { PgnFormat } from '../../engine/pgn';
import type { SprtConfig } from './stats';
import { parseShard, type Shard } from './shard';

export interface MatchOptions {
  engines: EngineConfig[];
  limit: Limit;
  /** Games per pairing of engines. */
  games: number;
  concurrency: number;
  openings?: string;
  /** Shuffle the openings with this seed (default: file order). */
  seed?: number;
  pgn?: string;
  pgnFormat: PgnFormat;
  json?: string;
  sprt?: SprtConfig;
  resume: boolean;
  /** Overwrite an existing --pgn file. */
  force: boolean;
  /** No --tc, --movetime, --depth or --nodes was given: the default limit is used. */
  defaultLimit: boolean;
  adjudication: AdjudicationConfig;
  margin: number;
  maxPlies: number;
  timeouts: EngineTimeouts;
  event: string;
  quiet: boolean;
  /** Instead of a match: the first engine's score of each opening's position. */
  checkOpenings: boolean;
  /** Play only this shard of the schedule. */
  shard?: Shard;
}

export const USAGE = `usage: chuhan match --engine SPEC --engine SPEC [more engines: round robin] [options]

engine SPEC (comma separated key=value):
  name=NAME  cmd=PROGRAM  arg=ARG (repeatable)  dir=WORKDIR  proto=ucci|uci|uci1
  option.NAME=VALUE (repeatable)  millisec=true|false (UCCI time unit, default: as announced)
  nodes=N            this engine also stops after N nodes a move (with the clock: go … nodes N)
  ponder=true|false  ponder on the predicted reply while the opponent thinks (default false): sets
                     the engine's Ponder option, sends 'go ponder' after 'bestmove X ponder Y',
                     'ponderhit' when Y is played (its clock runs from then), 'stop' otherwise
  tc=BASE+INC        this engine's own clock instead of --tc (time odds; as --tc, e.g. 30+0.3)
  --each SPEC        keys applied to every engine

limits (one of):
  --tc BASE+INC | MOVES/BASE[+INC]   seconds, e.g. 2+0.02, 40/60+0.5, 1:30+1
  --movetime MS  |  --depth N  |  --nodes N

  --games N          games per pair of engines (default 2); openings are played twice, colours swapped
  --concurrency N    games at once, each with its own engine processes (default 1)
  --openings FILE    FENs / EPD / ICCS move lists, one per line (default: the initial position)
  --seed N           shuffle the openings
  --pgn FILE         write each game as it ends      --pgn-format iccs|wxf|chinese (default iccs)
  --json FILE        the summary, rewritten (atomically) after every game and at the end: as
                     printed (per engine also ponder hits and misses, the stops sent and the
                     slowest stop→bestmove, and its memory from /proc: largest RSS, first game
                     against last), and every game's result: enough to resume from
  --resume           continue the match in --pgn and/or --json, playing only the missing games:
                     from the summary alone when the PGN is gone (new games go to a fresh PGN);
                     refused for a summary of another match, naming the field that differs
  --force            overwrite an existing --pgn or --json file (without it, or --resume, the
                     match refuses)
  --sprt elo0=E0,elo1=E1,alpha=A,beta=B[,model=logistic|bayesian]   stop at a decision
  --adjudicate resign[=MOVES:CP],draw[=PLY:MOVES:CP]   (defaults resign=${DEFAULT_RESIGN.moves}:${DEFAULT_RESIGN.score}, draw=${DEFAULT_DRAW.ply}:${DEFAULT_DRAW.moves}:${DEFAULT_DRAW.score})
  --margin MS        clock tolerance below zero before a loss on time (default 0)
  --max-plies N      draw a game after N plies (default 1000)
  --hang-timeout MS  depth/nodes/movetime searches taking longer are hangs (default ${DEFAULT_TIMEOUTS.hang})
  --stop-grace MS    after 'stop', wait this long for bestmove before killing (default ${DEFAULT_TIMEOUTS.stopGrace})
  --startup-timeout MS  for the handshake and isready (default ${DEFAULT_TIMEOUTS.startup})
  --event NAME       PGN Event tag
  --quiet            no progress lines
  --check-openings   print the first engine's score for each opening position, then exit
  --shard K/N        play only shard K of N of the schedule (opening pairs stay together; Round tags
                     keep the full match's numbers); an SPRT is only reported, decided at the merge

usage: chuhan match --merge SHARD.json... [SHARD.pgn...] [--json OUT] [--pgn OUT]
  combines the shards' JSON summaries into one (the same figures as one run of the whole match);
  refuses shards of different matches, naming the field that differs, and repeated shards;
  PGN files given are merged in Round order into --pgn OUT`;

export class UsageError extends Error {}

function parseSpec(text: string, into: Partial<EngineConfig> & { options: Array<[string, string]>; args: string[] }): void {
  for (const part of text.split(',')) {
    if (part.trim() === '') continue;
    const eq = part.indexOf('=');
    if (eq < 0) throw new UsageError(`engine spec '${part}' is not key=value`);
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1);
    if (key.startsWith('option.')) {
      const name = key.slice(7);
      const i = into.options.findIndex(([n]) => n === name);
      if (i >= 0) into.options.splice(i, 1);
      into.options.push([name, value]);
      continue;
    }
    switch (key) {
      case 'name':
        into.name = value;
        break;
      case 'cmd':
        into.cmd = value;
        break;
      case 'arg':
        into.args.push(value);
        break;
      case 'dir':
        into.cwd = value;
        break;
      case 'proto':
        if (!PROTOCOLS.includes(value as Proto)) throw new UsageError(`proto must be one of ${PROTOCOLS.join(', ')}, got '${value}'`);
        into.proto = value as Proto;
        break;
      case 'millisec':
        if (value !== 'true' && value !== 'false') throw new UsageError(`millisec must be true or false`);
        into.millisec = value === 'true';
        break;
      case 'nodes':
        into.nodes = int('nodes=', value, 1);
        break;
      case 'ponder':
        if (value !== 'true' && value !== 'false') throw new UsageError(`ponder must be true or false, got '${value}'`);
        into.ponder = value === 'true';
        break;
      case 'tc':
        try {
          into.tc = parseTimeControl(value);
        } catch (e) {
          throw new UsageError(`tc=: ${e instanceof Error ? e.message : e}`);
        }
        break;
      default:
        throw new UsageError(`unknown engine key '${key}' (name, cmd, arg, dir, proto, option.NAME, millisec, nodes, ponder, tc)`);
    }
  }
}

function int(flag: string, v: string | undefined, min = 0): number {
  if (v === undefined || !/^\d+$/.test(v) || Number(v) < min) throw new UsageError(`${flag} wants an integer ≥ ${min}, got '${v ?? ''}'`);
  return Number(v);
}

function parseSprt(text: string): SprtConfig {
  const cfg: SprtConfig = { elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05, model: 'logistic' };
  for (const part of text.split(',')) {
    const [k, v] = part.split('=', 2).map((s) => s.trim());
    if (k === 'model') {
      if (v !== 'logistic' && v !== 'bayesian') throw new UsageError(`sprt model must be logistic or bayesian`);
      cfg.model = v;
      continue;
    }
    const n = Number(v);
    if (!['elo0', 'elo1', 'alpha', 'beta'].includes(k) || v === undefined || !Number.isFinite(n)) {
      throw new UsageError(`bad --sprt part '${part}' (elo0=,elo1=,alpha=,beta=,model=)`);
    }
    (cfg as unknown as Record<string, number>)[k] = n;
  }
  if (!(cfg.elo1 > cfg.elo0)) throw new UsageError('--sprt needs elo1 > elo0');
  if (!(cfg.alpha > 0 && cfg.alpha < 1 && cfg.beta > 0 && cfg.beta < 1)) throw new UsageError('--sprt alpha and beta must be in (0, 1)');
  return cfg;
}

export function parseMatchArgs(argv: readonly string[]): MatchOptions {
  const specs: string[] = [];
  const each: string[] = [];
  const o: MatchOptions = {
    engines: [],
    limit: { kind: 'clock', tc: parseTimeControl('10+0.1') },
    games: 2,
    concurrency: 1,
    pgnFormat: 'iccs',
    resume: false,
    force: false,
    defaultLimit: false,
    adjudication: {},
    margin: 0,
    maxPlies: 1000,
    timeouts: { ...DEFAULT_TIMEOUTS },
    event: 'Chuhan match',
    quiet: false,
    checkOpenings: false,
  };
  let limits = 0;
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`${flag} needs a value`);
      return v;
    };
    try {
      switch (flag) {
        case '--engine':
          specs.push(value());
          break;
        case '--each':
          each.push(value());
          break;
        case '--tc':
          o.limit = { kind: 'clock', tc: parseTimeControl(value()) };
          limits++;
          break;
        case '--movetime':
          o.limit = { kind: 'movetime', ms: int(flag, value(), 1) };
          limits++;
          break;
        case '--depth':
          o.limit = { kind: 'depth', depth: int(flag, value(), 1) };
          limits++;
          break;
        case '--nodes':
          o.limit = { kind: 'nodes', nodes: int(flag, value(), 1) };
          limits++;
          break;
        case '--games':
          o.games = int(flag, value(), 1);
          break;
        case '--concurrency':
          o.concurrency = int(flag, value(), 1);
          break;
        case '--openings':
          o.openings = value();
          break;
        case '--seed':
          o.seed = int(flag, value());
          break;
        case '--pgn':
          o.pgn = value();
          break;
        case '--pgn-format': {
          const f = value().toLowerCase();
          if (f !== 'iccs' && f !== 'wxf' && f !== 'chinese') throw new UsageError('--pgn-format is iccs, wxf or chinese');
          o.pgnFormat = f;
          break;
        }
        case '--json':
          o.json = value();
          break;
        case '--sprt':
          o.sprt = parseSprt(value());
          break;
        case '--resume':
          o.resume = true;
          break;
        case '--force':
          o.force = true;
          break;
        case '--adjudicate':
          o.adjudication = { ...o.adjudication, ...parseAdjudication(value()) };
          break;
        case '--margin':
          o.margin = int(flag, value());
          break;
        case '--max-plies':
          o.maxPlies = int(flag, value(), 1);
          break;
        case '--hang-timeout':
          o.timeouts.hang = int(flag, value(), 1);
          break;
        case '--stop-grace':
          o.timeouts.stopGrace = int(flag, value());
          break;
        case '--startup-timeout':
          o.timeouts.startup = int(flag, value(), 1);
          break;
        case '--event':
          o.event = value();
          break;
        case '--quiet':
          o.quiet = true;
          break;
        case '--check-openings':
          o.checkOpenings = true;
          break;
        case '--shard':
          o.shard = parseShard(value());
          break;
        default:
          throw new UsageError(`unknown option '${flag}'`);
      }
    } catch (e) {
      if (e instanceof UsageError) throw e;
      throw new UsageError(`${flag}: ${e instanceof Error ? e.message : e}`);
    }
  }
  if (limits > 1) throw new UsageError('give one of --tc, --movetime, --depth, --nodes');
  o.defaultLimit = limits === 0;
  const names = new Set<string>();
  for (const spec of specs) {
    const cfg: Partial<EngineConfig> & { options: Array<[string, string]>; args: string[] } = { options: [], args: [] };
    for (const e of each) parseSpec(e, cfg);
    parseSpec(spec, cfg);
    if (!cfg.cmd) throw new UsageError(`engine '${spec}' has no cmd=`);
    let name = cfg.name ?? basename(cfg.cmd);
    for (let k = 2; names.has(name); k++) name = `${cfg.name ?? basename(cfg.cmd)}#${k}`;
    names.add(name);
    o.engines.push({ name, cmd: cfg.cmd, args: cfg.args, cwd: cfg.cwd, proto: cfg.proto ?? 'ucci', options: cfg.options, millisec: cfg.millisec, nodes: cfg.nodes, ponder: cfg.ponder, tc: cfg.tc });
  }
  const own = o.engines.find((e) => e.tc !== undefined);
  if (own && o.limit.kind !== 'clock') {
    throw new UsageError(`tc= gives ${own.name} its own clock, which a match by ${describeLimit(o.limit)} does not have (give --tc for the others)`);
  }
  if (o.engines.length < (o.checkOpenings ? 1 : 2)) throw new UsageError('give at least two --engine (one with --check-openings)');
  if (o.resume && !o.pgn && !o.json) throw new UsageError('--resume needs the --pgn or --json file of the match to continue');
  if (o.resume && o.force) throw new UsageError('give --resume (continue the match in --pgn and --json) or --force (overwrite them), not both');
  if (o.sprt && o.engines.length !== 2) throw new UsageError('--sprt is for a match of two engines');
  if (o.shard && o.checkOpenings) throw new UsageError('--shard is for playing a match, not --check-openings');
  return o;
}
