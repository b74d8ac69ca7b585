// `chuhan analyse GAMES... --out REVIEWED.pgn`: game review on the command line. The games are
// those of every file given, in order, whatever their format (PGN, XQF, DhtmlXQ: the one reader,
// engine/records.ts). Every position of every game is searched by engine processes
// (engine-client.ts), `--concurrency` games at a time; engine/review.ts turns the evaluations into
// the marks, the better lines and the accuracy figures, and the games are written in input order,
// each once it and every game before it are done, in the notation each was read in (Chinese for
// XQF and DhtmlXQ) unless `--format` says otherwise, with the opening's ECCO code and name.
// OUT.json (state.ts) records the run, so that Ctrl-C keeps the finished games and `--resume` goes
// on; `--shard K/N` analyses the games g (0-based) with g mod N = K − 1, and `--merge` (merge.ts)
// puts the shards together. A file or a game the reader refuses is reported with its number and the
// reason, in one line, and the others are analysed.
import { createHash } from 'node:crypto';
import { closeSync, existsSync, ftruncateSync, openSync, readFileSync, statSync, writeSync } from 'node:fs';
import { openingOfTags, openingText, withOpeningTags } from '../../engine/ecco';
import { PgnError, writePgn, type PgnFormat, type PgnGame } from '../../engine/pgn';
import { RecordError } from '../../engine/record-error';
import { readRecords } from '../../engine/records';
import { annotateGame, evaluateGame, reviewGame, type GameReview, type PositionEval, type SideReview } from '../../engine/review';
import { onInterrupt } from '../interrupt';
import type { Shard } from '../match/shard';
import { EngineClient, limitText, type AnalyseLimit } from './engine-client';
import { Progress } from './progress';
import {
  readState,
  settingsDifference,
  shardText,
  stateBytes,
  STATE_VERSION,
  statePath,
  writeState,
  type GameEntry,
  type RunState,
  type SideFigures,
} from './state';

interface AnalyseOptions {
  /** The files of the games, read in order. */
  inputs: string[];
  out: string;
  limit: AnalyseLimit;
  threads: number;
  hash: number;
  concurrency: number;
  /** The move format written; each game's own by default. */
  format?: PgnFormat;
  resume?: boolean;
  shard?: Shard;
  /** The Annotator tag: the program and its version. */
  annotator: string;
  /** The command line that starts the engine (the program itself). */
  engine: string[];
  /** Seconds between progress lines when stderr is not a terminal. */
  progressSeconds?: number;
  /** Draw a progress bar (stderr is a terminal). */
  tty?: boolean;
}

/** The default search of each position: enough for a sound review, about a second a position on a busy core. */
export const DEFAULT_NODES = 300_000;

/** The SHA-256 of a file, hex. */
function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The program file behind an engine command line (the executable, or the script node runs). */
function programFile(command: readonly string[]): string {
  return command[command.length - 1];
}

const round1 = (x: number): number | null => (Number.isNaN(x) ? null : Math.round(x * 10) / 10);

function figures(s: SideReview): SideFigures {
  return {
    accuracy: round1(s.accuracy),
    averageLoss: round1(s.averageLoss),
    inaccuracies: s.inaccuracies,
    mistakes: s.mistakes,
    blunders: s.blunders,
  };
}

/** `Red 91.3% (?! 1, ? 0, ?? 0)`. */
function sideLine(name: string, s: SideFigures): string {
  return `${name} ${s.accuracy === null ? '-' : `${s.accuracy.toFixed(1)}%`} (?! ${s.inaccuracies}, ? ${s.mistakes}, ?? ${s.blunders})`;
}

function gameName(game: PgnGame, number: number): string {
  const tag = (name: string) => game.tags.find(([k]) => k.toLowerCase() === name)?.[1];
  const red = tag('red');
  const black = tag('black');
  return red !== undefined || black !== undefined ? `game ${number} (${red ?? '?'} - ${black ?? '?'})` : `game ${number}`;
}

/** A game of the input: read, or refused with the reason (a whole file refused counts as one). */
type InputGame = PgnGame | { refused: string };

/**
 * The games of the input files in order, and the SHA-256 that names the input (the file's own for
 * one file, of the files' hashes for several). Null, with the reason logged, when a file cannot be read.
 */
function readInputs(files: readonly string[], log: (line: string) => void): { games: InputGame[]; sha256: string } | null {
  const games: InputGame[] = [];
  const hashes: string[] = [];
  for (const file of files) {
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(readFileSync(file));
    } catch (e) {
      const x = e as NodeJS.ErrnoException;
      log(`chuhan analyse: cannot read ${file}: ${x.code === 'ENOENT' ? 'no such file' : x.code === 'EISDIR' ? 'a directory' : x.message}`);
      return null;
    }
    hashes.push(sha256(bytes));
    try {
      for (const g of readRecords(bytes, file).games) {
        if (g instanceof PgnError) {
          games.push({ refused: files.length > 1 ? `${file}: ${g.message}` : g.message });
        } else {
          for (const w of g.warnings ?? []) log(`analyse: ${file}: ${w}`);
          games.push(g);
        }
      }
    } catch (e) {
      if (!(e instanceof RecordError)) throw e;
      games.push({ refused: e.message });
    }
  }
  return { games, sha256: hashes.length === 1 ? hashes[0] : sha256(new TextEncoder().encode(hashes.join('\n'))) };
}

/** The reviewed game's PGN text. */
function reviewedText(
  game: PgnGame,
  evals: readonly PositionEval[],
  review: GameReview,
  format: PgnFormat | undefined,
  annotator: string,
): string {
  const own = format === undefined;
  return writePgn(annotateGame(game, review, evals, { annotator }), format ?? game.format ?? 'chinese', {
    traditional: own && game.traditional === true,
  });
}

export async function runAnalyse(
  opts: AnalyseOptions,
  log: (line: string) => void,
  err: (text: string) => void = (t) => log(t.replace(/\n$/, '')),
): Promise<number> {
  const input = readInputs(opts.inputs, log);
  if (input === null) return 1;
  const entries = input.games;
  const inputName = opts.inputs.length === 1 ? opts.inputs[0] : `${opts.inputs.length} files`;
  if (entries.length === 0) {
    log(`chuhan analyse: ${inputName} holds no game`);
    return 1;
  }
  const shard = opts.shard ?? null;
  const mine = entries.map((_, g) => g).filter((g) => shard === null || g % shard.n === shard.k - 1);
  let engineHash: string;
  try {
    engineHash = sha256(readFileSync(programFile(opts.engine)));
  } catch (e) {
    log(`chuhan analyse: cannot read the program ${programFile(opts.engine)}: ${(e as Error).message}`);
    return 1;
  }
  const fresh: RunState = {
    tool: 'chuhan analyse',
    version: STATE_VERSION,
    input: { sha256: input.sha256, games: entries.length },
    settings: { limit: limitText(opts.limit), threads: opts.threads, hash: opts.hash, format: opts.format ?? 'own', engine: engineHash },
    shard: shardText(shard),
    planned: mine.length,
    complete: false,
    games: [],
  };

  // A new run, or the one recorded beside the output continued.
  let state = fresh;
  let previous: RunState | null = null;
  try {
    previous = readState(opts.out);
  } catch (e) {
    log(`chuhan analyse: ${(e as Error).message}`);
    return 1;
  }
  if (opts.resume) {
    if (previous === null || !existsSync(opts.out)) {
      log(`chuhan analyse: nothing to resume in ${opts.out}; starting it`);
    } else {
      const diff =
        settingsDifference(previous, fresh) ??
        (previous.shard !== fresh.shard ? `shard: ${previous.shard ?? 'none'} vs ${fresh.shard ?? 'none'}` : null);
      if (diff !== null) {
        log(`chuhan analyse: cannot resume ${opts.out}: it is another analysis (${diff}); give the same options, or another --out`);
        return 2;
      }
      const have = statSync(opts.out).size;
      const want = stateBytes(previous);
      if (have < want) {
        log(
          `chuhan analyse: cannot resume ${opts.out}: it holds ${have} bytes, fewer than the ${want} its record ${statePath(opts.out)} counts`,
        );
        return 1;
      }
      state = { ...previous, planned: mine.length };
    }
  } else if (previous !== null && !previous.complete && existsSync(opts.out)) {
    log(
      `chuhan analyse: ${opts.out} holds an unfinished analysis (${previous.games.length} of ${previous.planned} games); ` +
        'add --resume to go on with it, or remove it (and its .json) to start again',
    );
    return 2;
  }

  let fd: number;
  try {
    fd = openSync(opts.out, state === fresh ? 'w' : 'r+');
    const keep = stateBytes(state);
    if (state !== fresh) {
      if (statSync(opts.out).size > keep)
        log(`analyse: ${opts.out}: dropping ${statSync(opts.out).size - keep} bytes of an unfinished write`);
      ftruncateSync(fd, keep);
      log(`analyse: resuming ${opts.out}: ${state.games.length} of ${mine.length} games done`);
    }
    writeState(opts.out, state);
  } catch (e) {
    log(`chuhan analyse: cannot write ${opts.out}: ${(e as Error).message}`);
    return 1;
  }
  let offset = stateBytes(state);

  // The work: this run's games not yet done, in input order.
  const todo = mine.slice(state.games.length);
  const positionsOf = (g: number): number => {
    const e = entries[g];
    return 'refused' in e ? 0 : e.moves.length + 1;
  };
  const progress = new Progress({
    games: mine.length,
    gamesDone: state.games.length,
    positions: todo.reduce((n, g) => n + positionsOf(g), 0),
    tty: opts.tty === true,
    seconds: opts.progressSeconds ?? 10,
    write: err,
  });
  let refused = state.games.filter((g) => 'refused' in g).length;
  const finished = new Map<number, { entry: GameEntry; text: string }>();

  /** Writes the finished games that come next in order, then the record. */
  const flush = (): void => {
    let wrote = false;
    for (;;) {
      const next = mine[state.games.length];
      const f = next === undefined ? undefined : finished.get(next);
      if (f === undefined) break;
      finished.delete(next);
      if (f.text.length > 0) {
        const buf = Buffer.from(f.text, 'utf8');
        writeSync(fd, buf, 0, buf.length, offset);
        offset += buf.length;
      }
      state.games.push(f.entry);
      wrote = true;
    }
    if (state.games.length === mine.length) state.complete = true;
    if (wrote) writeState(opts.out, state);
  };

  // Refused games are done at once: their number and the reason.
  for (const g of todo) {
    const e = entries[g];
    if ('refused' in e) {
      progress.note(`analyse: game ${g + 1}: refused: ${e.refused}`);
      finished.set(g, { entry: { game: g + 1, refused: e.refused }, text: '' });
      refused++;
      progress.gameDone();
    }
  }
  flush();
  const queue = todo.filter((g) => !('refused' in entries[g]));

  let stopping: number | null = null;
  let failure: string | null = null;
  const engines: EngineClient[] = [];
  const interrupt = onInterrupt(
    (signal) => {
      stopping = interrupt.code;
      progress.note(`analyse: ${signal}: stopping; ${opts.out} keeps every finished game, and the same command with --resume goes on`);
      for (const e of engines) e.kill();
    },
    () => {
      for (const e of engines) e.kill();
    },
  );

  /** An engine's failure: an engine ended by a signal sent to it (SIGINT, SIGTERM) stops the run as a Ctrl-C does. */
  const failed = (e: unknown): void => {
    if (stopping !== null) return;
    const signal = /killed by (SIGINT|SIGTERM)/.exec((e as Error).message);
    if (signal !== null) {
      stopping = signal[1] === 'SIGINT' ? 130 : 143;
      progress.note(`analyse: an engine was ended by ${signal[1]}; stopping, ${opts.out} keeps every finished game`);
      for (const x of engines) x.kill();
    } else failure ??= (e as Error).message;
  };

  const worker = async (): Promise<void> => {
    let engine: EngineClient;
    try {
      engine = await EngineClient.start(opts.engine, { hash: opts.hash, threads: opts.threads });
    } catch (e) {
      failed(e);
      return;
    }
    engines.push(engine);
    if (stopping !== null) engine.kill();
    try {
      while (stopping === null && failure === null && queue.length > 0) {
        const g = queue.shift()!;
        const game = entries[g] as PgnGame;
        await engine.newGame();
        const evals = await evaluateGame(
          game,
          (fen, moves) => engine.search(fen, moves, opts.limit),
          () => progress.positionDone(),
        );
        const review = reviewGame(game.fen, game.moves, evals);
        const named = withOpeningTags(game);
        const text = reviewedText(named, evals, review, opts.format, `${opts.annotator}, ${limitText(opts.limit)} a position`);
        const opening = openingOfTags(named.tags);
        const entry: GameEntry = {
          game: g + 1,
          bytes: Buffer.byteLength(text, 'utf8'),
          plies: game.moves.length,
          red: figures(review.red),
          black: figures(review.black),
          curve: review.redCurve.map((e) => Math.round(e * 1000) / 1000),
        };
        progress.gameDone();
        const openingNote = opening === null ? '' : ` ${openingText(opening)}:`;
        progress.note(`analyse: ${gameName(game, g + 1)}:${openingNote} ${sideLine('Red', entry.red)}, ${sideLine('Black', entry.black)}`);
        finished.set(g, { entry, text });
        flush();
      }
    } catch (e) {
      failed(e);
    } finally {
      await engine.quit();
    }
  };

  const workers = Math.max(1, Math.min(opts.concurrency, queue.length));
  if (queue.length > 0) {
    log(
      `analyse: ${queue.length} game(s) of ${inputName}${shard ? ` (shard ${shardText(shard)})` : ''}, ${limitText(opts.limit)} a position, ` +
        `${workers} engine(s) of ${opts.threads} thread(s) and ${opts.hash} MB`,
    );
  }
  try {
    if (queue.length > 0) await Promise.all(Array.from({ length: workers }, () => worker()));
  } finally {
    interrupt.dispose();
    progress.end();
    flush();
    closeSync(fd);
  }
  if (failure !== null) {
    log(`chuhan analyse: ${failure}; ${opts.out} keeps the ${state.games.length} game(s) finished, and --resume goes on`);
    return 1;
  }
  if (stopping !== null) return stopping;
  const analysed = state.games.length - refused;
  log(`analyse: ${opts.out}: ${analysed} game(s) reviewed${refused > 0 ? `, ${refused} refused` : ''}`);
  return refused > 0 ? 1 : 0;
}
