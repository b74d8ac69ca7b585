// The match runner's command line: commander reads the flags (matchCommand), matchOptions checks
// what they say together and makes the MatchOptions, or for `--merge` the MergeRequest.
import { basename } from 'node:path';
import { Command, CommanderError, Help } from 'commander';
import { intIn, pgnFormat, readWith, shardArg } from '../cli-args';
import { DEFAULT_DRAW, DEFAULT_RESIGN, parseAdjudication, type AdjudicationConfig } from './adjudication';
import { describeLimit, parseTimeControl, type Limit, type TimeControl } from './clock';
import { DEFAULT_TIMEOUTS, type EngineConfig, type EngineTimeouts } from '../engine-process';
import { PROTOCOLS, type Proto } from '../engine-protocol';
import type { PgnFormat } from '../../engine/pgn';
import type { SprtConfig } from './stats';
import type { Shard } from './shard';

/** An engine of a match: how to run it (the driver's EngineConfig) and the limits of its own. */
export interface MatchEngine extends EngineConfig {
  /** A node budget for every search of this engine, sent with the match's limit (`go … nodes N`). */
  nodes?: number;
  /** This engine's own clock (time odds), instead of the match's --tc. */
  tc?: TimeControl;
}

export interface MatchOptions {
  engines: MatchEngine[];
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

/** What `--engine` takes, and the merge: the end of `chuhan match --help`. */
const HELP_AFTER = `
engine SPEC (comma separated key=value):
  name=NAME  cmd=PROGRAM  arg=ARG (repeatable)  dir=WORKDIR  proto=ucci|uci|uci1
  option.NAME=VALUE (repeatable)  millisec=true|false (UCCI time unit, default: as announced)
  nodes=N            this engine also stops after N nodes a move (with the clock: go … nodes N)
  ponder=true|false  ponder on the predicted reply while the opponent thinks (default false): sets
                     the engine's Ponder option, sends 'go ponder' after 'bestmove X ponder Y',
                     'ponderhit' when Y is played (its clock runs from then), 'stop' otherwise
  tc=BASE+INC        this engine's own clock instead of --tc (time odds; as --tc, e.g. 30+0.3)

--merge SHARD.json... [SHARD.pgn...] [--json OUT] [--pgn OUT]
  combines the shards' JSON summaries into one (the same figures as one run of the whole match);
  refuses shards of different matches, naming the field that differs, and repeated shards;
  PGN files given are merged in Round order into --pgn OUT`;

/** `--merge`: the shards' files (JSON summaries and PGN files), and where the merged ones go. */
export interface MergeRequest {
  inputs: readonly string[];
  json?: string;
  pgn?: string;
}

export class UsageError extends Error {}

function parseSpec(text: string, into: Partial<MatchEngine> & { options: Array<[string, string]>; args: string[] }): void {
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
      if (v !== 'logistic' && v !== 'bayesian') throw new UsageError('model must be logistic or bayesian');
      cfg.model = v;
      continue;
    }
    const n = Number(v);
    if (!['elo0', 'elo1', 'alpha', 'beta'].includes(k) || v === undefined || !Number.isFinite(n)) {
      throw new UsageError(`bad part '${part}' (elo0=,elo1=,alpha=,beta=,model=)`);
    }
    (cfg as unknown as Record<string, number>)[k] = n;
  }
  if (!(cfg.elo1 > cfg.elo0)) throw new UsageError('elo1 must be above elo0');
  if (!(cfg.alpha > 0 && cfg.alpha < 1 && cfg.beta > 0 && cfg.beta < 1)) throw new UsageError('alpha and beta must be in (0, 1)');
  return cfg;
}

/** The options as commander reads them, before they are checked together (matchOptions). */
interface ParsedFlags {
  engine?: string[];
  each?: string[];
  tc?: Limit[];
  movetime?: Limit[];
  depth?: Limit[];
  nodes?: Limit[];
  games: number;
  concurrency: number;
  openings?: string;
  seed?: number;
  pgn?: string;
  pgnFormat: PgnFormat;
  json?: string;
  sprt?: SprtConfig;
  resume?: boolean;
  force?: boolean;
  adjudicate?: AdjudicationConfig;
  margin: number;
  maxPlies: number;
  hangTimeout: number;
  stopGrace: number;
  startupTimeout: number;
  event: string;
  quiet?: boolean;
  checkOpenings?: boolean;
  shard?: Shard;
  merge?: boolean;
}

/** A commander parser of a decimal integer from `min` up; the error is the runner's own. */
/** A repeatable flag: every value, in order. */
const collect = (v: string, earlier: string[] | undefined) => [...(earlier ?? []), v];

/** A limit flag: every use is kept, so that two limits (or one given twice) are refused. */
const limitFlag = (read: (v: string) => Limit) => (v: string, earlier: Limit[] | undefined) => [...(earlier ?? []), read(v)];

/**
 * `chuhan match`'s command line (commander). A bad value of one flag is commander's error, worded
 * as in every command; what the options say together is checked by matchOptions (UsageError).
 */
export function matchCommand(): Command {
  return new Command('chuhan match')
    .description('engine matches and round robins')
    .usage('[options] --engine SPEC --engine SPEC... (more engines: a round robin)  |  --merge SHARD.json... [SHARD.pgn...]')
    .argument('[files...]', "with --merge: the shards' JSON summaries and PGN files")
    .option('--engine <spec>', 'an engine (SPEC: below); two or more, repeated', collect)
    .option('--each <spec>', 'SPEC keys applied to every engine (repeatable)', collect)
    .option(
      '--tc <tc>',
      'the limit (one of --tc, --movetime, --depth, --nodes): a clock, BASE+INC or MOVES/BASE[+INC] in seconds, e.g. 2+0.02, 40/60+0.5, 1:30+1 (default 10+0.1)',
      limitFlag(readWith((v) => ({ kind: 'clock', tc: parseTimeControl(v) }))),
    )
    .option(
      '--movetime <ms>',
      'the limit: a fixed time a move',
      limitFlag((v) => ({ kind: 'movetime', ms: intIn(1)(v) })),
    )
    .option(
      '--depth <n>',
      'the limit: a fixed depth',
      limitFlag((v) => ({ kind: 'depth', depth: intIn(1)(v) })),
    )
    .option(
      '--nodes <n>',
      'the limit: fixed nodes',
      limitFlag((v) => ({ kind: 'nodes', nodes: intIn(1)(v) })),
    )
    .option('--games <n>', 'games per pair of engines; openings are played twice, colours swapped', intIn(1), 2)
    .option('--concurrency <n>', 'games at once, each with its own engine processes', intIn(1), 1)
    .option('--openings <file>', 'FENs / EPD / ICCS move lists, one per line (default: the initial position)')
    .option('--seed <n>', 'shuffle the openings', intIn(0))
    .option('--pgn <file>', 'write each game as it ends')
    .option('--pgn-format <format>', 'iccs, wxf or chinese', pgnFormat, 'iccs')
    .option(
      '--json <file>',
      "the summary, rewritten (atomically) after every game and at the end: as printed (per engine also ponder hits and misses, the stops sent and the slowest stop→bestmove, and its memory from /proc: largest RSS, first game against last), and every game's result: enough to resume from",
    )
    .option(
      '--resume',
      'continue the match in --pgn and/or --json, playing only the missing games: from the summary alone when the PGN is gone (new games go to a fresh PGN); refused for a summary of another match, naming the field that differs',
    )
    .option('--force', 'overwrite an existing --pgn or --json file (without it, or --resume, the match refuses)')
    .option('--sprt <spec>', 'elo0=E0,elo1=E1,alpha=A,beta=B[,model=logistic|bayesian]: stop at a decision', readWith(parseSprt))
    .option(
      '--adjudicate <spec>',
      `resign[=MOVES:CP],draw[=PLY:MOVES:CP] (defaults resign=${DEFAULT_RESIGN.moves}:${DEFAULT_RESIGN.score}, draw=${DEFAULT_DRAW.ply}:${DEFAULT_DRAW.moves}:${DEFAULT_DRAW.score})`,
      (v: string, earlier: AdjudicationConfig | undefined) => ({ ...earlier, ...readWith(parseAdjudication)(v) }),
    )
    .option('--margin <ms>', 'clock tolerance below zero before a loss on time', intIn(0), 0)
    .option('--max-plies <n>', 'draw a game after n plies', intIn(1), 1000)
    .option('--hang-timeout <ms>', 'depth/nodes/movetime searches taking longer are hangs', intIn(1), DEFAULT_TIMEOUTS.hang)
    .option('--stop-grace <ms>', "after 'stop', wait this long for bestmove before killing", intIn(0), DEFAULT_TIMEOUTS.stopGrace)
    .option('--startup-timeout <ms>', 'for the handshake and isready', intIn(1), DEFAULT_TIMEOUTS.startup)
    .option('--event <name>', 'PGN Event tag', 'Chuhan match')
    .option('--quiet', 'no progress lines')
    .option('--check-openings', "print the first engine's score for each opening position, then exit")
    .option(
      '--shard <k/n>',
      "play only shard K of N of the schedule (opening pairs stay together; Round tags keep the full match's numbers); an SPRT is only reported, decided at the merge",
      shardArg,
    )
    .option('--merge', "merge the shards' summaries given as files (below) instead of playing")
    .helpOption('-h, --help', 'show this help')
    .configureHelp({ formatHelp: (cmd, helper) => `${Help.prototype.formatHelp.call(helper, cmd, helper)}${HELP_AFTER}\n` })
    .exitOverride();
}

/** The names of the flags given on the command line, as written (`--pgn-format`). */
function givenFlags(cmd: Command): string[] {
  return cmd.options.filter((opt) => cmd.getOptionValueSource(opt.attributeName()) === 'cli').map((opt) => opt.long ?? opt.name());
}

/** The match a parsed `chuhan match` command line asks for; throws UsageError. */
export function matchOptions(cmd: Command): MatchOptions {
  const f = cmd.opts<ParsedFlags>();
  if (cmd.args.length > 0) throw new UsageError(`unexpected argument '${cmd.args[0]}' (files are for --merge)`);
  const limits = [...(f.tc ?? []), ...(f.movetime ?? []), ...(f.depth ?? []), ...(f.nodes ?? [])];
  if (limits.length > 1) throw new UsageError('give one of --tc, --movetime, --depth, --nodes');
  const o: MatchOptions = {
    engines: [],
    limit: limits[0] ?? { kind: 'clock', tc: parseTimeControl('10+0.1') },
    games: f.games,
    concurrency: f.concurrency,
    openings: f.openings,
    seed: f.seed,
    pgn: f.pgn,
    pgnFormat: f.pgnFormat,
    json: f.json,
    sprt: f.sprt,
    resume: f.resume === true,
    force: f.force === true,
    defaultLimit: limits.length === 0,
    adjudication: f.adjudicate ?? {},
    margin: f.margin,
    maxPlies: f.maxPlies,
    timeouts: { hang: f.hangTimeout, stopGrace: f.stopGrace, startup: f.startupTimeout },
    event: f.event,
    quiet: f.quiet === true,
    checkOpenings: f.checkOpenings === true,
    shard: f.shard,
  };
  const names = new Set<string>();
  for (const spec of f.engine ?? []) {
    const cfg: Partial<MatchEngine> & { options: Array<[string, string]>; args: string[] } = { options: [], args: [] };
    for (const e of f.each ?? []) parseSpec(e, cfg);
    parseSpec(spec, cfg);
    if (!cfg.cmd) throw new UsageError(`engine '${spec}' has no cmd=`);
    let name = cfg.name ?? basename(cfg.cmd);
    for (let k = 2; names.has(name); k++) name = `${cfg.name ?? basename(cfg.cmd)}#${k}`;
    names.add(name);
    o.engines.push({
      name,
      cmd: cfg.cmd,
      args: cfg.args,
      cwd: cfg.cwd,
      proto: cfg.proto ?? 'ucci',
      options: cfg.options,
      millisec: cfg.millisec,
      nodes: cfg.nodes,
      ponder: cfg.ponder,
      tc: cfg.tc,
    });
  }
  const own = o.engines.find((e) => e.tc !== undefined);
  if (own && o.limit.kind !== 'clock') {
    throw new UsageError(
      `tc= gives ${own.name} its own clock, which a match by ${describeLimit(o.limit)} does not have (give --tc for the others)`,
    );
  }
  if (o.engines.length < (o.checkOpenings ? 1 : 2)) throw new UsageError('give at least two --engine (one with --check-openings)');
  if (o.resume && !o.pgn && !o.json) throw new UsageError('--resume needs the --pgn or --json file of the match to continue');
  if (o.resume && o.force)
    throw new UsageError('give --resume (continue the match in --pgn and --json) or --force (overwrite them), not both');
  if (o.sprt && o.engines.length !== 2) throw new UsageError('--sprt is for a match of two engines');
  if (o.shard && o.checkOpenings) throw new UsageError('--shard is for playing a match, not --check-openings');
  return o;
}

/** What `--merge` asks for: the shards' files and where the merged summary and games go; throws UsageError. */
export function mergeOptions(cmd: Command): MergeRequest {
  const f = cmd.opts<ParsedFlags>();
  const other = givenFlags(cmd).filter((flag) => !['--merge', '--json', '--pgn'].includes(flag));
  if (other.length > 0) throw new UsageError(`--merge takes the shards' files, --json OUT and --pgn OUT; '${other[0]}' is not for a merge`);
  return { inputs: cmd.args, json: f.json, pgn: f.pgn };
}

/**
 * `chuhan match`'s arguments read into the match they ask for (the tests' way in); any problem,
 * commander's own included, is a UsageError.
 */
export function parseMatchArgs(argv: readonly string[]): MatchOptions {
  const cmd = matchCommand().configureOutput({ writeOut: () => {}, writeErr: () => {} });
  try {
    cmd.parse(argv as string[], { from: 'user' });
  } catch (e) {
    if (e instanceof CommanderError) throw new UsageError(e.message);
    throw e;
  }
  return matchOptions(cmd);
}
