// Entry point of the evaluation fitter, bundled by build.sh and run with node (see README.md):
//   gen     self-play positions (FEN per line)
//   pgn     quiet positions of played games
//   label   Fairy-Stockfish scores (red's view)
//   verify  features × current weights == evaluate
//   fit     fit and write the engine's fitted parameters
// `node cli.cjs --help` and `node cli.cjs COMMAND --help` list the options. A usage error exits 2,
// as `chuhan` does.

import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { intIn, numberIn } from '../cli-args';
import { fromPgn } from './from-pgn';
import { generate } from './generate';
import { label } from './label';
import { verify } from './verify';
import { fit } from './fit';

const log = (s: string): void => console.error(s);

function buildProgram(): Command {
  const program = new Command('eval-fit')
    .description("fits the hand-written evaluation's parameters to positions scored by Fairy-Stockfish")
    .helpOption('-h, --help', 'show this help')
    .helpCommand('help [command]', 'show the help of one command')
    .exitOverride();

  program
    .command('gen')
    .description('self-play positions of our own search, the quiet ones kept (FEN per line)')
    .requiredOption('--out <file>', 'positions to append to')
    .option('--openings <file>', 'openings to start from, as for chuhan match', 'bench/match/openings.txt')
    .option('--positions <n>', 'stop after this many positions', intIn(1), 40000)
    .option('--nodes <n>', 'search nodes a move', intIn(1), 2000)
    .option('--seed <n>', 'seed of the random moves and of the positions kept', intIn(0), 1)
    .option('--keep <p>', 'probability of keeping a quiet position', numberIn(0, 1), 0.3)
    .exitOverride()
    .action((opts: { out: string; openings: string; positions: number; nodes: number; seed: number; keep: number }) => {
      generate(opts, log);
    });

  program
    .command('pgn')
    .description('the quiet positions of played games (PGN, UTF-8 or GBK), deduplicated (FEN per line)')
    .requiredOption('--in <files>', 'PGN files, separated by commas')
    .requiredOption('--out <file>', 'positions to append to')
    .exitOverride()
    .action((opts: { in: string; out: string }) => {
      fromPgn(opts.in.split(','), opts.out, log);
    });

  program
    .command('label')
    .description("Fairy-Stockfish's score of each position (red's view); resumable")
    .requiredOption('--in <file>', 'positions, FEN per line')
    .requiredOption('--out <file>', 'labelled positions: FEN <tab> score')
    .option('--engine <path>', 'Fairy-Stockfish', '/usr/games/fairy-stockfish')
    .option('--depth <n>', 'search depth of each label', intIn(1), 7)
    .exitOverride()
    .action(async (opts: { in: string; out: string; engine: string; depth: number }) => {
      await label({ input: opts.in, out: opts.out, engine: opts.engine, depth: opts.depth }, log);
    });

  program
    .command('verify')
    .description("checks that features × the engine's current parameters give evaluate exactly; exits 1 on a mismatch")
    .requiredOption('--in <file>', 'positions, FEN (and anything after a tab) per line')
    .exitOverride()
    .action((opts: { in: string }) => {
      if (!verify(opts.in, log)) process.exitCode = 1;
    });

  program
    .command('fit')
    .description("fits the parameters to labelled positions and writes the engine's fitted parameters")
    .requiredOption('--in <file>', 'labelled positions (label --out)')
    .option('--out <file>', 'the parameter module to write', 'engine/eval-fitted.ts')
    .option('--epochs <n>', 'epochs of Adam, full batch', intIn(1), 2000)
    .option('--lambda <x>', 'weight of the pull toward the current values', numberIn(0), 1e-8)
    .option('--seed <n>', 'seed of the held-out split', intIn(0), 1)
    .addOption(
      new Option('--nonneg <0|1>', '1: term weights and TEMPO stay 0 or more; 0: free')
        .argParser((value: string) => {
          if (value !== '0' && value !== '1') throw new InvalidArgumentError('expected 0 or 1.');
          return value === '1';
        })
        .default(true, '1'),
    )
    .exitOverride()
    .action((opts: { in: string; out: string; epochs: number; lambda: number; seed: number; nonneg: boolean }) => {
      fit({ input: opts.in, out: opts.out, epochs: opts.epochs, lambda: opts.lambda, seed: opts.seed, nonNegativeTerms: opts.nonneg }, log);
    });

  return program;
}

buildProgram()
  .parseAsync(process.argv)
  .catch((err: unknown) => {
    // commander has printed its message (or the help); anything else is one line, no stack trace.
    if (err instanceof CommanderError) process.exitCode = err.exitCode === 0 ? 0 : 2;
    else {
      log(`eval-fit: ${err instanceof Error ? err.message : String(err)}`);
      process.exitCode = 1;
    }
  });
