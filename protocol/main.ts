// Command-line entry of the `chuhan` executable.
//   chuhan            the engine on stdin/stdout (UCCI or UCI, chosen by the first command)
//   chuhan perft ...  move-generation counts (see bench/perft.ts)
//   chuhan bench ...  fixed-depth search of the bench positions (see bench/bench.ts)
//   chuhan judge ...  game result after moves (see bench/judge-cli.ts)
//   chuhan pgn ...    PGN move-format conversion (see bench/pgn-cli.ts)
//   chuhan match ...  engine-vs-engine matches (see bench/match/cli.ts)
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { version } from '../package.json';
import { runPerftCli } from '../bench/perft';
import { BENCH_DEFAULT_DEPTH, BENCH_DEFAULT_HASH, runBench } from '../bench/bench';
import { runJudgeCli } from '../bench/judge-cli';
import { runMatchCli } from '../bench/match/cli';
import { PGN_FORMATS, type PgnCliOptions, runPgnCli } from '../bench/pgn-cli';
import { MAX_HASH_MB } from './options';
import { Output } from './output';
import { runSession } from './session';

/** Exit code of a usage error (bad option, bad value). */
const USAGE_ERROR = 2;

let stdoutGuarded = false;

/**
 * Writes one line of a tool command's output. A reader that stops reading early (`chuhan perft
 * --divide | head`) ends the command quietly, as command-line tools do; any other write error
 * is reported on stderr.
 */
function writeLine(line: string): void {
  if (!stdoutGuarded) {
    stdoutGuarded = true;
    process.stdout.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EPIPE') process.stderr.write(`chuhan: cannot write the output: ${err.message}\n`);
      process.exit(err.code === 'EPIPE' ? 0 : 1);
    });
  }
  process.stdout.write(line + '\n');
}

/** A commander option parser for a decimal integer in min..max (every numeric flag has one). */
function intIn(min: number, max: number): (value: string) => number {
  return (value: string) => {
    const n = Number(value.trim());
    if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
      throw new InvalidArgumentError(`expected an integer from ${min} to ${max}.`);
    }
    return n;
  };
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
  const hint = nearest !== undefined && editDistance(word, nearest) <= Math.max(2, nearest.length / 2) ? ` (did you mean '${nearest}'?)` : '';
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
    .option('--max-nodes <n>', 'skip EPD entries whose expected count is larger', intIn(0, Number.MAX_SAFE_INTEGER))
    .exitOverride()
    .action(async (opts: PerftOptions) => {
      const conflicts = opts.epd === undefined ? [] : (['depth', 'fen', 'divide'] as const).filter((k) => opts[k] !== undefined);
      if (conflicts.length > 0) {
        process.stderr.write(`chuhan perft: --epd takes depths and positions from the file; drop ${conflicts.map((k) => `--${k}`).join(' and ')}\n`);
        process.exitCode = USAGE_ERROR;
        return;
      }
      process.exitCode = await runPerftCli(opts, writeLine);
    });

  program
    .command('pgn')
    .description('convert PGN moves to ICCS, WXF or Chinese notation')
    .argument('<file>', 'PGN file to read (UTF-8 or GBK)')
    .requiredOption('--format <format>', 'move format to write: iccs, wxf or chinese', (value: string) => {
      const f = value.trim().toLowerCase();
      if (!(PGN_FORMATS as readonly string[]).includes(f)) {
        throw new InvalidArgumentError('expected iccs, wxf or chinese.');
      }
      return f;
    })
    .option('--traditional', 'Chinese moves in traditional characters')
    .option('-o, --output <file>', 'write to this file instead of stdout')
    .exitOverride()
    .action(async (file: string, opts: Omit<PgnCliOptions, 'input'>) => {
      const toStderr = (line: string): void => void process.stderr.write(line + '\n');
      process.exitCode = await runPgnCli({ input: file, ...opts }, writeLine, toStderr);
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
    .description('fixed-depth search of the bench positions (nodes, nps)')
    .option('--depth <n>', `search depth, 1 to ${MAX_BENCH_DEPTH} (default ${BENCH_DEFAULT_DEPTH})`, intIn(1, MAX_BENCH_DEPTH))
    .option('--hash <mb>', `hash size in MB, 1 to ${MAX_HASH_MB} (default ${BENCH_DEFAULT_HASH})`, intIn(1, MAX_HASH_MB))
    .option('--verbose', 'print a line per position')
    .exitOverride()
    .action((opts: { depth?: number; hash?: number; verbose?: boolean }) => {
      runBench(opts, writeLine);
    });

  program
    .command('match')
    .description('engine matches and round robins (see match --help)')
    .helpOption(false)
    .allowUnknownOption()
    .allowExcessArguments()
    .argument('[args...]', 'match options')
    .exitOverride()
    .action(async (_args: string[], _opts: unknown, cmd: Command) => {
      process.exitCode = await runMatchCli(cmd.args, writeLine);
    });

  program.helpCommand('help [command]', 'show the help of chuhan or of one command');
  return program;
}

async function main(): Promise<void> {
  try {
    const program = buildProgram();
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
