// `chuhan pgn FILE... --format iccs|wxf|chinese [--traditional] [-o out.pgn]`: every game of the
// files as PGN in one notation. A file may be PGN (UTF-8, GBK/GB18030 or UTF-16, as ElephantEye,
// XQWizard and xqbase write it), XQF (XQStudio) or DhtmlXQ text, told apart by their content
// (engine/records.ts); output is UTF-8. A file or a game that cannot be read gets one line on
// stderr, and the others are converted.

import { readFileSync, writeFileSync } from 'node:fs';
import { type PgnFormat, PgnError, type PgnGame, writePgn } from '../../engine/pgn';
import { RecordError } from '../../engine/record-error';
import { readRecords } from '../../engine/records';

export interface PgnCliOptions {
  inputs: string[];
  output?: string;
  format: PgnFormat;
  traditional?: boolean;
}

const PGN_FORMATS: readonly PgnFormat[] = ['iccs', 'wxf', 'chinese'];

/**
 * Runs the converter: `out` receives the converted PGN line by line when there is no output file,
 * `err` (default `out`) the error messages. Returns 0; 1 when a file or a game could not be read
 * (the others are converted); 2 on a usage error or when nothing could be read or written.
 */
export async function runPgnCli(opts: PgnCliOptions, out: (line: string) => void, err: (line: string) => void = out): Promise<number> {
  if (!PGN_FORMATS.includes(opts.format)) {
    err(`pgn: unknown format '${String(opts.format)}' (use iccs, wxf or chinese)`);
    return 2;
  }
  const texts: string[] = [];
  let refused = 0;
  let unreadable = 0;
  for (const input of opts.inputs) {
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(readFileSync(input));
    } catch (e) {
      const x = e as NodeJS.ErrnoException;
      err(`pgn: cannot read ${input}: ${x.code === 'ENOENT' ? 'no such file' : x.code === 'EISDIR' ? 'a directory' : x.message}`);
      unreadable++;
      continue;
    }
    let games: Array<PgnGame | PgnError>;
    try {
      games = readRecords(bytes, input).games;
    } catch (e) {
      if (!(e instanceof RecordError)) throw e;
      err(`pgn: ${e.message}`);
      refused++;
      continue;
    }
    for (const g of games) {
      if (g instanceof PgnError) {
        err(`pgn: ${input}: ${g.message}`);
        refused++;
        continue;
      }
      for (const w of g.warnings ?? []) err(`pgn: ${input}: ${w}`);
      try {
        texts.push(writePgn(g, opts.format, { traditional: opts.traditional }));
      } catch (e) {
        if (!(e instanceof PgnError)) throw e;
        err(`pgn: ${input}: ${e.message}`);
        refused++;
      }
    }
  }
  if (texts.length === 0) {
    if (unreadable === 0 && refused === 0) err(`pgn: no game in ${opts.inputs.join(', ')}`);
    return unreadable > 0 && refused === 0 ? 2 : 1;
  }
  const result = texts.join('');
  if (opts.output !== undefined) {
    try {
      writeFileSync(opts.output, result, 'utf8');
    } catch (e) {
      err(`pgn: cannot write ${opts.output}: ${(e as Error).message}`);
      return 2;
    }
  } else {
    const lines = result.split('\n');
    if (lines[lines.length - 1] === '') lines.pop();
    for (const line of lines) out(line);
  }
  return unreadable > 0 ? 2 : refused > 0 ? 1 : 0;
}
