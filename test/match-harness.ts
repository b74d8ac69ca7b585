// Whole matches run in process for the match tests: `chuhan match` through runMatchCli, with its
// output, summary (JSON) and games (PGN) read back, and engine specs for the fake engine
// (test/fixtures/fake-engine.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parsePgn, type PgnGame } from '../engine/pgn';
import { runMatchCli } from '../bench/match/cli';

/** An engine spec running the fake engine at `fake` (its built file) with extra arguments. */
export function fakeEngineSpec(fake: string, name: string, proto: 'ucci' | 'uci' | 'uci1', ...extra: string[]): string {
  const args = [fake, ...(proto === 'uci1' ? ['--ranks10'] : []), ...extra].map((a) => `arg=${a}`).join(',');
  return `name=${name},cmd=${process.execPath},${args},proto=${proto}`;
}

export interface MatchRun {
  code: number;
  out: string[];
  err: string;
  // The summary as written (`--json`), null when there is none.
  json: any;
  games: PgnGame[];
  pgnText: string;
}

/** Runs `chuhan match args`, with `--json` (and `--pgn`, unless args name one) as `tag` in `dir`. */
export async function runMatch(dir: string, tag: string, args: string[]): Promise<MatchRun> {
  const pgn = join(dir, `${tag}.pgn`);
  const json = join(dir, `${tag}.json`);
  const out: string[] = [];
  let err = '';
  const code = await runMatchCli(
    [...args, ...(args.includes('--pgn') ? [] : ['--pgn', pgn]), '--json', json],
    (l) => out.push(l),
    (t) => (err += t),
  );
  const pgnPath = args.includes('--pgn') ? args[args.indexOf('--pgn') + 1] : pgn;
  const pgnText = existsSync(pgnPath) ? readFileSync(pgnPath, 'utf8') : '';
  return {
    code,
    out,
    err,
    json: existsSync(json) ? JSON.parse(readFileSync(json, 'utf8')) : null,
    games: parsePgn(pgnText),
    pgnText,
  };
}

/** The value of a PGN tag of a game. */
export const tag = (g: PgnGame, name: string): string | undefined => g.tags.find(([k]) => k === name)?.[1];
