// Entry point of the evaluation fitter (bundled with esbuild, run with node; see README.md):
//   gen    --out F [--positions N] [--nodes N] [--seed S]   self-play positions (FEN per line)
//   pgn    --in F[,F...] --out F                            quiet positions of played games
//   label  --in F --out F [--depth D]                       Fairy-Stockfish scores (red's view)
//   verify --in F                                           features × current weights == evaluate
//   fit    --in F [--epochs N] [--lambda L] [--nonneg 0|1] [--out engine/eval-fitted.ts]
//                                                           fit and write the engine's fitted parameters

import { fromPgn } from './from-pgn';
import { generate } from './generate';
import { label } from './label';
import { verify } from './verify';
import { fit } from './fit';

function arg(name: string, def?: string): string {
  const i = process.argv.indexOf(`--${name}`);
  if (i >= 0 && i + 1 < process.argv.length) return process.argv[i + 1];
  if (def === undefined) throw new Error(`missing --${name}`);
  return def;
}

const log = (s: string) => console.error(s);
const cmd = process.argv[2];
if (cmd === 'gen') {
  generate(
    {
      out: arg('out'),
      openings: arg('openings', 'bench/match/openings.txt'),
      positions: Number(arg('positions', '40000')),
      nodes: Number(arg('nodes', '2000')),
      seed: Number(arg('seed', '1')),
      keep: Number(arg('keep', '0.3')),
    },
    log,
  );
} else if (cmd === 'pgn') {
  fromPgn(arg('in').split(','), arg('out'), log);
} else if (cmd === 'label') {
  await label(
    {
      input: arg('in'),
      out: arg('out'),
      engine: arg('engine', '/usr/games/fairy-stockfish'),
      depth: Number(arg('depth', '7')),
    },
    log,
  );
} else if (cmd === 'verify') {
  verify(arg('in'), log);
} else if (cmd === 'fit') {
  fit(
    {
      input: arg('in'),
      out: arg('out', 'engine/eval-fitted.ts'),
      epochs: Number(arg('epochs', '2000')),
      lambda: Number(arg('lambda', '1e-8')),
      seed: Number(arg('seed', '1')),
      nonNegativeTerms: arg('nonneg', '1') === '1',
    },
    log,
  );
} else {
  log('usage: gen | pgn | label | verify | fit (see bench/eval-fit/README.md)');
  process.exit(2);
}
