// Command-line entry of the `chuhan` executable.
//   chuhan            the engine on stdin/stdout (UCCI or UCI, chosen by the first command)
//   chuhan perft ...  move-generation counts (see bench/perft-cli.ts)
//   chuhan bench ...  fixed-depth search of the bench positions (see bench/bench.ts)
//   chuhan speed ...  perft and the bench beside Fairy-Stockfish, with ratios (see bench/speed.ts)
//   chuhan judge ...  game result after moves (see protocol/cli/judge.ts)
//   chuhan pgn ...    game records (PGN, XQF, DhtmlXQ) to PGN (see protocol/cli/pgn-convert.ts)
//   chuhan match ...  engine-vs-engine matches (see bench/match/cli.ts)
//   chuhan openings . an opening suite from played games (see bench/match/build-openings.ts)
//   chuhan datagen .. self-play training data for the network (see bench/nnue/datagen.ts)
//   chuhan train ...  fits a network to that data (see bench/nnue/train.ts)
//   chuhan spsa ...   tunes the search parameters by SPSA (see bench/tune/spsa-cli.ts)
//   chuhan serve ...  serves the page for play and analysis in a browser (see protocol/cli/serve.ts)
//   chuhan analyse .  game review: marks, better lines, accuracy (see protocol/cli/analyse.ts)
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { version } from '../../package.json';
import { runPerftCli } from '../../bench/perft-cli';
import { SPEED_DEFAULTS, runSpeed } from '../../bench/speed';
import { BENCH_DEFAULT_DEPTH, BENCH_DEFAULT_HASH, BenchRun } from '../../bench/bench';
import { onInterrupt, yieldToSignals } from '../../bench/interrupt';
import { runJudgeCli } from './judge';
import { analyseCommand } from './analyse';
import { SERVE_DEFAULT_HOST, SERVE_DEFAULT_PORT, runServeCli } from './serve';
import { runMatchCli } from '../../bench/match/cli';
import { matchCommand } from '../../bench/match/options';
import { runSpsaCli, spsaCommand } from '../../bench/tune/spsa-cli';
import { runBuildOpenings } from '../../bench/match/build-openings';
import { runDatagenWorker, type DatagenOptions, type EvalKind } from '../../bench/nnue/datagen';
import { runDatagenCommand } from '../../bench/nnue/data-merge';
import { evalKind, intIn, numberIn, pgnFormat, positiveNumber, shardArg } from '../../bench/cli-args';
import { CHUNK, DEFAULT_BUFFER, runTrain, type TrainOptions } from '../../bench/nnue/train';
import { LR_SCHEDULES, type LrScheduleKind } from '../../bench/nnue/lr-schedule';
import { type PgnCliOptions, runPgnCli } from './pgn-convert';
import { availableParallelism, totalmem } from 'node:os';
import { MAX_OUTPUT_BUCKETS, type Network } from '../../engine/nnue-format';
import { KING_BUCKET_CHOICES, kingBucketMap } from '../../bench/nnue/float-network';
import { embeddedNetwork, provideBuiltInNetwork, USE_NNUE_DEFAULT } from '../../engine/network';
import { bundledFile } from '../host/bundled-file';
import { readNetworkFile } from '../host/network-file';
import { MAX_HASH_MB, MAX_THREADS } from '../engine-options';
import { tableNotAllocated, tableTooLarge } from '../search-client';
import { TranspositionTable } from '../../engine/tt';
import { runThreadsBench } from './bench-threads';
import { Output } from '../host/output';
import { runSession } from '../host/stdio-session';

/** Exit code of a usage error (bad option, bad value). */
const USAGE_ERROR = 2;

let stdoutGuarded = false;

/**
 * A tool command's output (its lines, and commander's help and errors): a reader that stops
 * reading early (`chuhan perft --divide | head`, `chuhan analyse --help | head`) ends the command
 * quietly, as command-line tools do; any other write error is reported on stderr. The engine's
 * session guards its own output (protocol/host/output.ts).
 */
function guardStdout(): void {
  if (stdoutGuarded) return;
  stdoutGuarded = true;
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') process.stderr.write(`chuhan: cannot write the output: ${err.message}\n`);
    process.exit(err.code === 'EPIPE' ? 0 : 1);
  });
}

/** Writes one line of a tool command's output. */
function writeLine(line: string): void {
  guardStdout();
  process.stdout.write(line + '\n');
}

/**
 * A command whose tool reads its arguments itself, with commander too (`tool` is its commander
 * command, `run` runs it on the arguments): `chuhan help NAME` and `chuhan NAME --help` show the
 * tool's own help.
 */
function toolCommand(
  program: Command,
  name: string,
  description: string,
  tool: () => Command,
  run: (args: string[], out: (line: string) => void) => Promise<number>,
): void {
  program
    .command(name)
    .description(description)
    .helpOption(false)
    .configureHelp({ formatHelp: () => tool().helpInformation() })
    .allowUnknownOption()
    .allowExcessArguments()
    .argument('[args...]', `${name} options`)
    .exitOverride()
    .action(async (_args: string[], _opts: unknown, cmd: Command) => {
      process.exitCode = await run(cmd.args, writeLine);
    });
}

/** The command line that starts this program again (the executable, or node and the script). */
function selfCommand(): string[] {
  let sea = false;
  try {
    sea = (require('node:sea') as { isSea(): boolean }).isSea();
  } catch {
    sea = false;
  }
  return sea ? [process.execPath] : [process.execPath, ...process.execArgv, process.argv[1]];
}

/** Deepest perft and bench depths accepted (perft 8 from the start already takes hours). */
const MAX_PERFT_DEPTH = 12;
const MAX_BENCH_DEPTH = 64;

/** Edit distance, for suggesting the command meant by a typo. */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = d[0];
    d[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const t = d[j];
      d[j] = Math.min(d[j] + 1, d[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = t;
    }
  }
  return d[b.length];
}

/**
 * The first argument when it is a word that names no command (`chuhan perf`): commander would
 * take it for an argument of the engine itself and complain about something else.
 */
function unknownCommand(program: Command, argv: readonly string[]): string | null {
  const word = argv[2];
  if (word === undefined || word.startsWith('-')) return null;
  const names = [...program.commands.flatMap((c) => [c.name(), ...c.aliases()]), 'help'];
  if (names.includes(word)) return null;
  const nearest = [...names].sort((x, y) => editDistance(word, x) - editDistance(word, y))[0];
  const hint =
    nearest !== undefined && editDistance(word, nearest) <= Math.max(2, nearest.length / 2) ? ` (did you mean '${nearest}'?)` : '';
  return `chuhan: unknown command '${word}'${hint}; the commands are ${names.join(', ')} (see chuhan --help)`;
}

interface PerftOptions {
  depth?: number;
  fen?: string;
  divide?: boolean;
  epd?: string;
  maxNodes?: number;
}

function buildProgram(): Command {
  const program = new Command();
  program
    .name('chuhan')
    .description('Chuhan (楚漢), a xiangqi engine. Without a command it speaks UCCI or UCI on stdin/stdout.')
    .version(version, '-V, --version', 'print the version and exit')
    .helpOption('-h, --help', 'show this help')
    .exitOverride()
    .action(async () => {
      // The session owns stdout from here: ordered lines, flushed before the process ends.
      const output = new Output(process.stdout);
      await runSession(process.stdin, output);
      // Every reply is written; the worker and an open stdin must not keep the process alive.
      process.exit(0);
    });

  program
    .command('perft')
    .description('count the leaf nodes of the legal move tree')
    .option('--depth <n>', `search depth, 0 to ${MAX_PERFT_DEPTH}`, intIn(0, MAX_PERFT_DEPTH))
    .option('--fen <fen>', 'start position (default: the initial position)')
    .option('--divide', 'print the count below each root move')
    .option('--epd <file>', 'check every position and count of an EPD file')
    .option('--max-nodes <n>', 'skip EPD entries whose expected count is larger', intIn(0))
    .exitOverride()
    .action(async (opts: PerftOptions) => {
      const conflicts = opts.epd === undefined ? [] : (['depth', 'fen', 'divide'] as const).filter((k) => opts[k] !== undefined);
      if (conflicts.length > 0) {
        process.stderr.write(
          `chuhan perft: --epd takes depths and positions from the file; drop ${conflicts.map((k) => `--${k}`).join(' and ')}\n`,
        );
        process.exitCode = USAGE_ERROR;
        return;
      }
      process.exitCode = await runPerftCli(opts, writeLine);
    });

  program
    .command('pgn')
    .description('game records (PGN, XQF, DhtmlXQ) to PGN in ICCS, WXF or Chinese')
    .summary('game records (PGN, XQF, DhtmlXQ) to PGN')
    .usage('FILE... --format iccs|wxf|chinese [options]')
    .addHelpText('after', '\nFILE: PGN (UTF-8 or GBK), XQF or DhtmlXQ, told apart by their content (docs/records.md).')
    .allowExcessArguments()
    .requiredOption('--format <format>', 'move format to write: iccs, wxf or chinese', pgnFormat)
    .option('--traditional', 'Chinese moves in traditional characters')
    .option('-o, --output <file>', 'write to this file instead of stdout')
    .exitOverride()
    .action(async (opts: Omit<PgnCliOptions, 'inputs'>, cmd: Command) => {
      const toStderr = (line: string): void => void process.stderr.write(line + '\n');
      if (cmd.args.length === 0) {
        toStderr('chuhan pgn: name the files to convert (PGN, XQF or DhtmlXQ)');
        process.exitCode = USAGE_ERROR;
        return;
      }
      process.exitCode = await runPgnCli({ inputs: cmd.args, ...opts }, writeLine, toStderr);
    });

  program
    .command('judge')
    .description('win, loss, draw or none after moves (side to move)')
    .option('--fen <fen>', 'start position (default: the initial position)')
    .option('--moves <moves>', 'ICCS moves separated by spaces, e.g. "h2e2 h9g7"')
    .exitOverride()
    .action(async (opts: { fen?: string; moves?: string }) => {
      process.exitCode = await runJudgeCli(opts, writeLine, (line) => process.stderr.write(line + '\n'));
    });

  program
    .command('bench')
    .description('search the bench positions to a depth (nodes, nps)')
    .option('--depth <n>', `search depth, 1 to ${MAX_BENCH_DEPTH} (default ${BENCH_DEFAULT_DEPTH})`, intIn(1, MAX_BENCH_DEPTH))
    .option('--hash <mb>', `hash size in MB, 1 to ${MAX_HASH_MB} (default ${BENCH_DEFAULT_HASH})`, intIn(1, MAX_HASH_MB))
    .option('--verbose', 'print a line per position')
    .option('--eval <kind>', `evaluation: nnue or classical (default ${USE_NNUE_DEFAULT ? 'nnue' : 'classical'}, as the engine)`, evalKind)
    .option('--evalfile <file>', 'network file for --eval nnue (default: the built-in network)')
    .option('--no-simd', 'with --eval nnue: the JavaScript loops instead of WebAssembly SIMD (same nodes, to compare speed)')
    .option(
      '--threads <n>',
      `search with the engine's workers and n threads, 1 to ${MAX_THREADS} (speed and time to depth; the node count is no signature)`,
      intIn(1, MAX_THREADS),
    )
    .exitOverride()
    .action(
      async (opts: {
        depth?: number;
        hash?: number;
        verbose?: boolean;
        eval?: string;
        evalfile?: string;
        simd?: boolean;
        threads?: number;
      }) => {
        let network: Network | 'classical' = 'classical';
        let networkBytes: Uint8Array | null = null;
        const kind = opts.eval ?? (USE_NNUE_DEFAULT ? 'nnue' : 'classical');
        if (opts.evalfile !== undefined && kind !== 'nnue') {
          process.stderr.write('chuhan bench: --evalfile needs --eval nnue\n');
          process.exitCode = USAGE_ERROR;
          return;
        }
        if (kind === 'nnue') {
          if (opts.evalfile === undefined) network = embeddedNetwork();
          else {
            const r = readNetworkFile(opts.evalfile);
            if ('error' in r) {
              process.stderr.write(`chuhan bench: ${opts.evalfile}: ${r.error}\n`);
              process.exitCode = 1;
              return;
            }
            network = r.network;
            networkBytes = r.bytes;
          }
        }
        // A table the machine cannot hold is refused with the reason, as the engine's Hash option does.
        const hashMb = opts.hash ?? BENCH_DEFAULT_HASH;
        const hashBytes = TranspositionTable.bytesFor(hashMb);
        const tooLarge = tableTooLarge(hashBytes, totalmem());
        if (tooLarge !== undefined) {
          process.stderr.write(`chuhan bench: --hash ${hashMb}: ${tooLarge}\n`);
          process.exitCode = 1;
          return;
        }
        if (opts.threads !== undefined) {
          if (opts.simd === false) {
            process.stderr.write("chuhan bench: --no-simd does not apply to --threads (the workers use the engine's evaluation)\n");
            process.exitCode = USAGE_ERROR;
            return;
          }
          // The workers are threads of this process: a Ctrl-C ends them with it, and a bench has nothing to keep.
          const interrupt = onInterrupt((signal) => {
            process.stderr.write(`chuhan bench: ${signal}: stopped\n`);
            process.exit(interrupt.code);
          });
          try {
            await runThreadsBench(
              {
                depth: opts.depth ?? BENCH_DEFAULT_DEPTH,
                hash: opts.hash ?? BENCH_DEFAULT_HASH,
                threads: opts.threads,
                verbose: opts.verbose,
                useNetwork: kind === 'nnue',
                network: networkBytes,
              },
              writeLine,
            );
          } catch (err) {
            process.stderr.write(`chuhan bench: ${err instanceof Error ? err.message : String(err)}\n`);
            process.exitCode = 1;
          } finally {
            interrupt.dispose();
          }
          return;
        }
        // One position at a time, letting a Ctrl-C in between: the summary of the positions searched.
        let run: BenchRun;
        try {
          run = new BenchRun({ ...opts, network });
        } catch (err) {
          if (!(err instanceof RangeError)) throw err;
          process.stderr.write(`chuhan bench: --hash ${hashMb}: ${tableNotAllocated(hashBytes, err)}\n`);
          process.exitCode = 1;
          return;
        }
        const interrupt = onInterrupt(() => {});
        try {
          while (interrupt.signal === null && run.step(writeLine)) await yieldToSignals();
        } finally {
          interrupt.dispose();
        }
        run.summary(writeLine);
        if (interrupt.signal !== null) process.exitCode = interrupt.code;
      },
    );

  program
    .command('speed')
    .description('perft and the bench beside Fairy-Stockfish, with ratios')
    .option('--against <path>', `the other engine, a UCI xiangqi engine with go perft and bench (default ${SPEED_DEFAULTS.against})`)
    .option('--rounds <n>', `rounds, each engine going first in turn (default ${SPEED_DEFAULTS.rounds})`, intIn(1, 100))
    .option('--perft-depth <n>', `perft depth from the start position (default ${SPEED_DEFAULTS.perftDepth})`, intIn(1, MAX_PERFT_DEPTH))
    .option('--depth <n>', `Chuhan's bench depth (default ${SPEED_DEFAULTS.depth})`, intIn(1, MAX_BENCH_DEPTH))
    .option('--against-depth <n>', `the other engine's bench depth (default ${SPEED_DEFAULTS.againstDepth})`, intIn(1, MAX_BENCH_DEPTH))
    .exitOverride()
    .action(async (opts: { against?: string; rounds?: number; perftDepth?: number; depth?: number; againstDepth?: number }) => {
      process.exitCode = await runSpeed(opts, writeLine);
    });

  program
    .command('datagen')
    .description('self-play positions to train a network on')
    .usage('[options]   |   --merge --out ALL.bin SHARD.bin... [SHARD.pgn... --pgn ALL.pgn]')
    .allowExcessArguments()
    .requiredOption('--out <file>', 'data file to write, or to continue when it exists')
    .option('--games <n>', "stop after this many games in the file (with --shard: the whole run's games)", intIn(1))
    .option('--positions <n>', 'stop once the file holds this many positions', intIn(1))
    .option('--nodes <n>', 'search nodes per move', intIn(1), 5000)
    .option('--random-plies <n>', 'random opening plies before the search plays', intIn(0), 8)
    .option('--seed <n>', 'seed of the random plies', intIn(0), 1)
    .option('--threads <n>', 'worker processes', intIn(1), availableParallelism())
    .option('--openings <file>', 'start from these openings (as for match) before the random plies')
    .option(
      '--eval <kind>',
      `the evaluation that plays: nnue or classical (default ${USE_NNUE_DEFAULT ? 'nnue' : 'classical'}, as the engine)`,
      evalKind,
    )
    .option('--evalfile <file>', 'play with this network (default: the built-in network)')
    .option('--shard <k/n>', "play only shard K of N of the run's games (with --games; merge the shards with --merge)", shardArg)
    .option('--merge', "merge the shards given as arguments into --out (the whole run's file)")
    .option(
      '--pgn <file>',
      'also write every game to this PGN file, in game order (kept in step when continuing); with --merge the merged PGN',
    )
    .exitOverride()
    .action(async (opts: DatagenOptions & { merge?: boolean; pgn?: string }, cmd: Command) => {
      const given = cmd.options.map((o) => o.attributeName()).filter((k) => cmd.getOptionValueSource(k) === 'cli');
      const log = (line: string): void => void process.stderr.write(line + '\n');
      process.exitCode = await runDatagenCommand(opts, cmd.args, given, log, selfCommand());
    });

  program
    .command('train')
    .description('train a network on datagen files')
    .requiredOption('--data <files...>', 'datagen files to train on')
    .requiredOption('--out <file>', 'network file to write (a checkpoint goes beside it, FILE.ckpt)')
    .option('--hidden <n>', 'neurons per perspective (128, 256 or 512: a multiple of 8 evaluates with WebAssembly SIMD)', intIn(1), 128)
    .option(
      '--king-buckets <n>',
      `inputs per bucket of the own king's palace point: ${KING_BUCKET_CHOICES.join(', ')} buckets (0: plain inputs, the default)`,
      (value: string) => {
        const n = Number(value);
        if (!KING_BUCKET_CHOICES.includes(n)) throw new InvalidArgumentError(`expected one of ${KING_BUCKET_CHOICES.join(', ')}.`);
        return kingBucketMap(n);
      },
    )
    .option(
      '--output-buckets <n>',
      `output layers chosen by the number of pieces, 1 to ${MAX_OUTPUT_BUCKETS}`,
      intIn(1, MAX_OUTPUT_BUCKETS),
      1,
    )
    .option('--epochs <n>', 'epochs', intIn(1), 12)
    .option('--batch <n>', 'positions per batch', intIn(1), 16384)
    .option('--lr <x>', 'Adam learning rate', positiveNumber, 0.002)
    .option('--gamma <x>', 'learning-rate factor per epoch of --schedule step', positiveNumber, 0.8)
    .option('--lambda <x>', 'weight of the game result in the target, 0-1', numberIn(0, 1), 0.25)
    .option('--scale <n>', 'centipawns per unit of network output, also the sigmoid scale', intIn(1), 400)
    .option('--val <x>', 'held-out share of the positions, taken from the end', numberIn(0, 1), 0.05)
    .option('--limit <n>', 'read at most this many positions', intIn(1))
    .option('--mirror', 'also train on the training positions mirrored left to right (twice the positions)')
    .option('--seed <n>', 'seed of the initial weights and the shuffles', intIn(0), 1)
    .option(
      '--schedule <kind>',
      `learning rate: step (lr x gamma each epoch, the default) or cosine (lr down to --lr-min over the epochs)`,
      (value: string) => {
        const v = value.trim().toLowerCase() as LrScheduleKind;
        if (!LR_SCHEDULES.includes(v)) throw new InvalidArgumentError(`expected ${LR_SCHEDULES.join(' or ')}.`);
        return v;
      },
    )
    .option('--warmup <n>', 'batches of linear learning-rate warm-up', intIn(0), 0)
    .option('--lr-min <x>', 'with --schedule cosine: the learning rate at the end', numberIn(0), 0)
    .option(
      '--buffer <n>',
      'positions held in memory, read from disk in shuffled chunks when the data holds more',
      intIn(CHUNK),
      DEFAULT_BUFFER,
    )
    .option(
      '--output-clip <x>',
      'keep the output weights within +-x (default 1.98, as every weight; 0.5 lets them take the finer output scale QB 256)',
      numberIn(0.01, 1.98),
    )
    .option(
      '--init <net>',
      'start from the weights of this network file instead of random ones (fine-tuning on new data); a smaller shape grows into the one asked: more neurons, king or output buckets',
    )
    .option('--resume', 'continue from FILE.ckpt')
    .exitOverride()
    .action(async (opts: TrainOptions) => {
      process.exitCode = await runTrain(opts, (line) => void process.stderr.write(line + '\n'));
    });

  program
    .command('datagen-worker', { hidden: true })
    .requiredOption('--seed <n>', '', intIn(0))
    .requiredOption('--nodes <n>', '', intIn(1))
    .requiredOption('--random-plies <n>', '', intIn(0))
    .requiredOption('--start <n>', '', intIn(0))
    .requiredOption('--step <n>', '', intIn(1))
    .requiredOption('--end <n>', '', intIn(0))
    .option('--openings <file>')
    .option('--eval <kind>', '', evalKind)
    .option('--evalfile <file>')
    .exitOverride()
    .action(
      (opts: {
        seed: number;
        nodes: number;
        randomPlies: number;
        start: number;
        step: number;
        end: number;
        openings?: string;
        eval?: EvalKind;
        evalfile?: string;
      }) => {
        runDatagenWorker(opts);
      },
    );

  toolCommand(program, 'match', 'engine matches and round robins (see match --help)', matchCommand, runMatchCli);
  toolCommand(program, 'spsa', 'SPSA tuning of the search parameters (spsa --help)', spsaCommand, runSpsaCli);

  program
    .command('openings')
    .description('an opening suite from played games (PGN)')
    .requiredOption('--pgn <files...>', 'PGN files of played games')
    .requiredOption('--plies <n>', 'take the position after this many plies', intIn(1, 1000))
    .requiredOption('--out <file>', 'suite to write (FEN lines, as match --openings reads)')
    .option('--nodes <n>', 'search nodes for the score of each position', intIn(1, 1_000_000_000), 20000)
    .option('--max-score <cp>', 'keep positions scored within +-cp', intIn(0, 30000), 80)
    .option('--limit <n>', 'stop after this many positions', intIn(1, Number.MAX_SAFE_INTEGER))
    .option('--resume', 'go on from an unfinished suite in --out (stopped by Ctrl-C), with the same options')
    .exitOverride()
    .action(
      async (opts: { pgn: string[]; plies: number; out: string; nodes: number; maxScore: number; limit?: number; resume?: boolean }) => {
        const command = ['chuhan', ...process.argv.slice(2).filter((a) => a !== '--resume')].join(' ');
        process.exitCode = await runBuildOpenings({ ...opts, command }, (line) => void process.stderr.write(line + '\n'));
      },
    );

  program
    .command('serve')
    .description('serve the page to play and analyse in a browser')
    .option('--port <n>', 'port, 0 to 65535 (0: any free one)', intIn(0, 65535), SERVE_DEFAULT_PORT)
    .option('--host <host>', 'address to listen on (0.0.0.0: every interface)', SERVE_DEFAULT_HOST)
    .exitOverride()
    .action(async (opts: { port: number; host: string }) => {
      process.exitCode = await runServeCli(opts, writeLine, (line) => void process.stderr.write(line + '\n'));
    });

  program.addCommand(analyseCommand(version, selfCommand, writeLine));

  program.helpCommand('help [command]', 'show the help of chuhan or of one command');
  return program;
}

async function main(): Promise<void> {
  // The built-in network, read when first needed: from the executable, or from beside the bundle.
  provideBuiltInNetwork(() => bundledFile('chuhan.nnue'));
  try {
    const program = buildProgram();
    // Any argument means a command (or --help, --version), not the engine's session.
    if (process.argv.length > 2) guardStdout();
    const unknown = unknownCommand(program, process.argv);
    if (unknown !== null) {
      process.stderr.write(`${unknown}\n`);
      process.exitCode = USAGE_ERROR;
      return;
    }
    await program.parseAsync(process.argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      // commander has already printed the message (or the help / version text).
      process.exitCode = err.exitCode === 0 ? 0 : USAGE_ERROR;
      return;
    }
    // One line, never a stack trace: the message names the problem.
    process.stderr.write(`chuhan: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  }
}

void main();
