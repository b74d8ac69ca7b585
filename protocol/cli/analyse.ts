// `chuhan analyse`: game review (bench/analyse/analyse.ts), the merge of its shards
// (bench/analyse/merge.ts), the fit of the curve from score to expected score
// (bench/analyse/fit-curve.ts) and of the win, draw and loss chances (bench/analyse/fit-wdl.ts),
// as one command of the command line.
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { Command } from 'commander';
import type { PgnFormat } from '../../engine/pgn';
import { DEFAULT_NODES, runAnalyse } from '../../bench/analyse/analyse';
import type { AnalyseLimit } from '../../bench/analyse/engine-client';
import { runFitCurve } from '../../bench/analyse/fit-curve';
import { runFitWdl } from '../../bench/analyse/fit-wdl';
import { runAnalyseMerge } from '../../bench/analyse/merge';
import type { Shard } from '../../bench/match/shard';
import { intIn, pgnFormat, shardArg } from '../../bench/cli-args';
import { MAX_HASH_MB, MAX_THREADS } from '../engine-options';

const USAGE_ERROR = 2;
const DEFAULT_HASH = 64;

interface AnalyseCliOptions {
  out?: string;
  nodes?: number;
  depth?: number;
  movetime?: number;
  threads: number;
  hash: number;
  concurrency?: number;
  format?: PgnFormat;
  resume?: boolean;
  shard?: Shard;
  merge?: boolean;
  fitCurve?: boolean;
  fitWdl?: boolean;
  svg?: string;
  limit?: number;
}

/**
 * The `analyse` command; `engine` gives the command line that starts this program as an engine,
 * `writeLine` writes a line of output (the fitted curve) to stdout.
 */
export function analyseCommand(version: string, engine: () => string[], writeLine: (line: string) => void): Command {
  return new Command('analyse')
    .description('review games: ?! ? ?? marks, better moves, accuracy')
    .summary('review games: ?! ? ?? marks, better moves, accuracy')
    .usage(
      'GAMES... --out REVIEWED.pgn [options]   |   --merge --out ALL.pgn SHARD.pgn...   |   --fit-curve|--fit-wdl DATA.bin... [--svg FILE]',
    )
    .addHelpText(
      'after',
      '\nGAMES: PGN (UTF-8 or GBK; ICCS, WXF or Chinese moves), XQF or DhtmlXQ files, told apart by their\n' +
        'content. Each move gets its evaluation, a mark where it lost enough and the better line; each side\n' +
        "its accuracy; each game its opening (docs/analyse.md). With --merge the files are the shards'\n" +
        'outputs, with --fit-curve and --fit-wdl datagen files.',
    )
    .allowExcessArguments()
    .option('--out <file>', 'the reviewed PGN to write (its record, FILE.json, beside it)')
    .option(
      '--nodes <n>',
      `search each position to n nodes (default ${DEFAULT_NODES.toLocaleString('en-US')}: the same review on any machine)`,
      intIn(1),
    )
    .option('--depth <n>', 'search each position to this depth instead', intIn(1, 100))
    .option('--movetime <ms>', 'search each position this long instead', intIn(1))
    .option(
      '--threads <n>',
      `search threads of each engine, 1 to ${MAX_THREADS} (more than 1: the review varies from run to run)`,
      intIn(1, MAX_THREADS),
      1,
    )
    .option('--hash <mb>', `hash table of each engine in MB, 1 to ${MAX_HASH_MB}`, intIn(1, MAX_HASH_MB), DEFAULT_HASH)
    .option('--concurrency <n>', 'games analysed at once, each by its own engine (default: the cores / threads)', intIn(1, 256))
    .option('--format <format>', "moves written in iccs, wxf or chinese (default: each game's own)", pgnFormat)
    .option('--resume', 'go on with the unfinished analysis in --out (stopped by Ctrl-C), with the same options')
    .option('--shard <k/n>', 'analyse only the games g with g mod N = K - 1 (merge the shards with --merge)', shardArg)
    .option('--merge', 'merge the shards given as arguments into --out')
    .option('--fit-curve', 'fit the curve from score to expected score on datagen files; prints markdown')
    .option('--fit-wdl', 'fit the chances of a win, a draw and a loss from the score on datagen files; prints markdown')
    .option('--svg <file>', 'with --fit-curve or --fit-wdl: also draw the curves and the data into this SVG file')
    .option('--limit <n>', 'with --fit-curve or --fit-wdl: read at most n positions', intIn(1))
    .exitOverride()
    .action(async (opts: AnalyseCliOptions, cmd: Command) => {
      const files = cmd.args;
      const log = (line: string): void => void process.stderr.write(line + '\n');
      const usage = (why: string): void => {
        log(`chuhan analyse: ${why}`);
        process.exitCode = USAGE_ERROR;
      };
      const given = cmd.options.map((o) => o.attributeName()).filter((k) => cmd.getOptionValueSource(k) === 'cli');
      const only = (mode: string, allowed: string[]): string[] =>
        given.filter((k) => !allowed.includes(k)).map((k) => `--${k.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())} (not with ${mode})`);
      if (opts.fitCurve || opts.fitWdl) {
        const mode = opts.fitCurve ? '--fit-curve' : '--fit-wdl';
        const extra = only(mode, [opts.fitCurve ? 'fitCurve' : 'fitWdl', 'svg', 'limit']);
        if (extra.length > 0) return usage(`drop ${extra.join(', ')}`);
        if (files.length === 0) return usage(`${mode} needs datagen files (e.g. chuhan analyse ${mode} gen11.bin)`);
        process.exitCode = (opts.fitCurve ? runFitCurve : runFitWdl)({ files, limit: opts.limit, svg: opts.svg }, writeLine, log);
        return;
      }
      if (opts.out === undefined) return usage('give --out FILE (the reviewed PGN)');
      if (opts.merge) {
        const extra = only('--merge', ['merge', 'out']);
        if (extra.length > 0) return usage(`drop ${extra.join(', ')}`);
        process.exitCode = runAnalyseMerge({ out: opts.out, shards: files }, log);
        return;
      }
      if (opts.svg !== undefined || opts.limit !== undefined) return usage('--svg and --limit go with --fit-curve or --fit-wdl');
      if (files.length === 0) return usage('name the files of the games to review (PGN, XQF or DhtmlXQ)');
      const out = opts.out;
      if (files.some((f) => resolve(f) === resolve(out))) return usage(`--out ${out} is an input; give another file`);
      const limits = (['nodes', 'depth', 'movetime'] as const).filter((k) => opts[k] !== undefined);
      if (limits.length > 1) return usage(`one limit a position: --${limits.join(' or --')}`);
      const limit: AnalyseLimit =
        opts.depth !== undefined
          ? { kind: 'depth', value: opts.depth }
          : opts.movetime !== undefined
            ? { kind: 'movetime', value: opts.movetime }
            : { kind: 'nodes', value: opts.nodes ?? DEFAULT_NODES };
      const concurrency = opts.concurrency ?? Math.max(1, Math.floor(availableParallelism() / opts.threads));
      process.exitCode = await runAnalyse(
        {
          inputs: files,
          out: opts.out,
          limit,
          threads: opts.threads,
          hash: opts.hash,
          concurrency,
          format: opts.format,
          resume: opts.resume,
          shard: opts.shard,
          annotator: `Chuhan ${version}`,
          engine: engine(),
          tty: process.stderr.isTTY === true,
        },
        log,
        (text) => void process.stderr.write(text),
      );
    });
}
