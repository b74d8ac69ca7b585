// `chuhan pgn <file> --format iccs|wxf|chinese [--traditional] [-o out.pgn]`: converts the moves of
// every game of a PGN file to one notation. Input may be UTF-8 (with or without a BOM) or, as
// ElephantEye and XQWizard write it, GBK / GB18030 (decodePgnBytes in engine/pgn.ts); output is
// UTF-8.

import { readFileSync, writeFileSync } from 'node:fs';
import { PgnError, type PgnFormat, decodePgnBytes, parsePgn, writePgnGames } from '../../engine/pgn';

export interface PgnCliOptions {
  input: string;
  output?: string;
  format: PgnFormat;
  traditional?: boolean;
}

const PGN_FORMATS: readonly PgnFormat[] = ['iccs', 'wxf', 'chinese'];

/**
 * Runs the converter: `out` receives the converted PGN line by line when there is no output file,
 * `err` (default `out`) the error messages. Returns 0, 1 on an unreadable game, 2 on a usage or I/O error.
 */
export async function runPgnCli(opts: PgnCliOptions, out: (line: string) => void, err: (line: string) => void = out): Promise<number> {
  if (!PGN_FORMATS.includes(opts.format)) {
    err(`pgn: unknown format '${String(opts.format)}' (use iccs, wxf or chinese)`);
    return 2;
  }
  let text: string;
  try {
    text = decodePgnBytes(readFileSync(opts.input));
  } catch (e) {
    err(`pgn: cannot read ${opts.input}: ${(e as Error).message}`);
    return 2;
  }
  let result: string;
  try {
    const games = parsePgn(text);
    if (games.length === 0) {
      err(`pgn: ${opts.input} has no games`);
      return 1;
    }
    result = writePgnGames(games, opts.format, { traditional: opts.traditional });
  } catch (e) {
    if (e instanceof PgnError) {
      err(`pgn: ${opts.input}: ${e.message}`);
      return 1;
    }
    throw e;
  }
  if (opts.output !== undefined) {
    try {
      writeFileSync(opts.output, result, 'utf8');
    } catch (e) {
      err(`pgn: cannot write ${opts.output}: ${(e as Error).message}`);
      return 2;
    }
    return 0;
  }
  const lines = result.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  for (const line of lines) out(line);
  return 0;
}
