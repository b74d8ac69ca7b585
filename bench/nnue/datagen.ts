// `chuhan datagen`: self-play training data for the network (data-format.ts has the file layout,
// selfplay.ts the game). Games are played by worker processes (the same executable, started with
// the hidden `datagen-worker` command); worker k of N plays games k, k + N, k + 2N, ... and sends
// each finished game on its stdout. The parent writes the games in index order, so a file depends
// only on the seed and the options, not on the number of workers. An existing file is continued:
// its header must carry the same seed, node count and random plies.
//
// `--pgn FILE` also writes every game (dropped ones with the result `*`) to a PGN file, in index
// order, each game before its data; the data file is the same with or without it. Continuing
// keeps the two in step: a PGN that is ahead of the data (the run stopped between the two
// writes) is cut back to the data's games; one that is behind (or missing) is refused.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, fstatSync, ftruncateSync, openSync, readFileSync, readSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { decodeNetwork, fnv1a, NnueEvaluator } from '../../engine/nnue';
import { START_FEN } from '../../engine/fen';
import { writePgn, type PgnResult } from '../../engine/pgn';
import { Searcher } from '../../engine/search';
import { parseOpenings, type Opening } from '../match/openings';
import { DATA_VERSION, DataFormatError, decodeHeader, encodeHeader, HEADER_BYTES, RECORD_BYTES, type DataHeader } from './data-format';
import { ENDINGS, playGame, type SelfPlayOptions } from './selfplay';

export interface DatagenOptions {
  out: string;
  games?: number;
  positions?: number;
  nodes: number;
  randomPlies: number;
  seed: number;
  threads: number;
  openings?: string;
  /** Play with this network file instead of the hand-written evaluation. */
  evalfile?: string;
  /** Also write each game to this PGN file. */
  pgn?: string;
  /** Seconds between progress lines. */
  progress?: number;
}

/**
 * Frame of one game on a worker's stdout: u32 index, i32 result for Red (-1 dropped), u32 plies,
 * u32 positions, u16 moves, u16 ending (index into ENDINGS); then the records, then the moves (u16 each).
 */
const FRAME_HEADER = 20;

function loadOpenings(file: string | undefined): Opening[] | undefined {
  if (file === undefined) return undefined;
  return parseOpenings(readFileSync(file, 'utf8'));
}

/** The hidden worker command: plays games start, start + step, ... below end, writing frames to stdout. */
export function runDatagenWorker(
  opts: Omit<SelfPlayOptions, 'openings'> & { start: number; step: number; end: number; openings?: string; evalfile?: string },
): void {
  // The parent has already read and checked both files (runDatagen).
  const play: SelfPlayOptions = { ...opts, openings: loadOpenings(opts.openings) };
  const searcher = new Searcher(16);
  if (opts.evalfile !== undefined) searcher.setNetwork(new NnueEvaluator(decodeNetwork(new Uint8Array(readFileSync(opts.evalfile)))));
  const write = (buf: Uint8Array): void => {
    let off = 0;
    while (off < buf.length) off += writeSync(1, buf, off, buf.length - off);
  };
  for (let i = opts.start; i < opts.end; i += opts.step) {
    const g = playGame(i, play, searcher);
    const head = new Uint8Array(FRAME_HEADER);
    const dv = new DataView(head.buffer);
    dv.setUint32(0, g.index, true);
    dv.setInt32(4, g.redResult, true);
    dv.setUint32(8, g.plies, true);
    dv.setUint32(12, g.positions, true);
    dv.setUint16(16, g.moves.length, true);
    dv.setUint16(18, ENDINGS.indexOf(g.ending), true);
    write(head);
    if (g.records.length > 0) write(g.records);
    const moves = new Uint8Array(g.moves.length * 2);
    const mv = new DataView(moves.buffer);
    g.moves.forEach((m, k) => mv.setUint16(k * 2, m, true));
    if (moves.length > 0) write(moves);
  }
}

/** A datagen game as PGN text. */
function gamePgn(index: number, fen: string, moves: readonly number[], redResult: number, ending: string, nodes: number): string {
  const result: PgnResult = redResult < 0 ? '*' : (['0-1', '1/2-1/2', '1-0'] as const)[redResult];
  return writePgn({
    tags: [
      ['Event', 'Chuhan datagen'],
      ['Round', String(index + 1)],
      ['Red', 'chuhan'],
      ['Black', 'chuhan'],
      ['TimeControl', `nodes ${nodes}`],
      ['Termination', ending],
    ],
    fen,
    moves: [...moves],
    result,
    comments: [{ ply: moves.length, text: ending }],
  });
}

/**
 * Readies the --pgn file for a data file holding `games` games: returns the file's text cut to
 * exactly those games, or an error line when the PGN cannot match the data.
 */
export function alignPgn(path: string, games: number, dataPath: string): { text: string; cut: number } | { error: string } {
  const text = existsSync(path) && statSync(path).size > 0 ? readFileSync(path, 'utf8') : '';
  const chunks = text.split(/(?=^\[Game\s)/m).filter((c) => c.trim() !== '');
  let kept = 0;
  let end = 0;
  let offset = 0;
  for (const chunk of chunks) {
    const at = text.indexOf(chunk, offset);
    offset = at + chunk.length;
    const round = /^\[Round\s+"(\d+)"\]/m.exec(chunk);
    const complete = /(1-0|0-1|1\/2-1\/2|\*)\s*$/.test(chunk);
    if (!complete) break; // cut short while being written
    if (!round || Number(round[1]) !== kept + 1) {
      return { error: `${path}: game ${kept + 1} of the file has Round ${round ? round[1] : '(none)'}; it is not the PGN of ${dataPath}` };
    }
    if (kept === games) break;
    kept++;
    end = offset;
  }
  if (kept < games) {
    return {
      error:
        `${path} holds ${kept} game(s) but ${dataPath} holds ${games}; the PGN cannot be completed ` +
        `(continue without --pgn, or start a new --out and --pgn)`,
    };
  }
  return { text: text.slice(0, end), cut: chunks.length - kept };
}

function fmtDuration(s: number): string {
  if (!Number.isFinite(s)) return '?';
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h} h ${m} min` : `${m} min ${Math.round(s % 60)} s`;
}

export async function runDatagen(opts: DatagenOptions, log: (line: string) => void, selfCommand: string[]): Promise<number> {
  if (opts.games === undefined && opts.positions === undefined) {
    log('chuhan datagen: give --games N or --positions N');
    return 2;
  }
  const openings = (() => {
    try {
      return loadOpenings(opts.openings);
    } catch (err) {
      log(`chuhan datagen: cannot read the openings ${opts.openings}: ${(err as Error).message}`);
      return null;
    }
  })();
  if (openings === null) return 1;
  if (opts.pgn !== undefined && !existsSync(opts.out) && existsSync(opts.pgn) && statSync(opts.pgn).size > 0) {
    log(`chuhan datagen: --pgn ${opts.pgn} already holds games but ${opts.out} is new; give another --pgn or remove it`);
    return 2;
  }
  let networkHash = 0;
  if (opts.evalfile !== undefined) {
    try {
      const bytes = new Uint8Array(readFileSync(opts.evalfile));
      decodeNetwork(bytes);
      networkHash = fnv1a(bytes) || 1;
    } catch (err) {
      log(`chuhan datagen: cannot use the network ${opts.evalfile}: ${(err as Error).message}`);
      return 1;
    }
  }

  // Open or continue the output file.
  let fd: number;
  let header: DataHeader;
  const wanted = { seed: opts.seed >>> 0, nodes: opts.nodes, randomPlies: opts.randomPlies, flags: openings ? 1 : 0, network: networkHash };
  try {
    if (existsSync(opts.out)) {
      fd = openSync(opts.out, 'r+');
      const size = fstatSync(fd).size;
      const buf = new Uint8Array(HEADER_BYTES);
      readSync(fd, buf, 0, HEADER_BYTES, 0);
      header = decodeHeader(buf, size);
      for (const k of ['seed', 'nodes', 'randomPlies', 'flags', 'network'] as const) {
        if (header[k] !== wanted[k]) {
          log(`chuhan datagen: ${opts.out} was made with ${k} ${header[k]}, not ${wanted[k]}; use another --out or the same options`);
          closeSync(fd);
          return 2;
        }
      }
      const end = HEADER_BYTES + header.positions * RECORD_BYTES;
      if (size > end) {
        log(`datagen: ${opts.out}: dropping ${size - end} bytes of an unfinished write`);
        ftruncateSync(fd, end);
      }
      log(`datagen: continuing ${opts.out} at game ${header.games} (${header.positions} positions)`);
    } else {
      fd = openSync(opts.out, 'wx');
      header = { version: DATA_VERSION, games: 0, positions: 0, ...wanted };
      writeSync(fd, encodeHeader(header), 0, HEADER_BYTES, 0);
    }
  } catch (err) {
    const msg = err instanceof DataFormatError ? err.message : (err as NodeJS.ErrnoException).message;
    log(`chuhan datagen: cannot use ${opts.out}: ${msg}`);
    return 1;
  }

  let pgnFd: number | undefined;
  if (opts.pgn !== undefined) {
    const aligned = alignPgn(opts.pgn, header.games, opts.out);
    if ('error' in aligned) {
      log(`chuhan datagen: ${aligned.error}`);
      closeSync(fd);
      return 2;
    }
    try {
      if (aligned.cut > 0) log(`datagen: ${opts.pgn}: dropping ${aligned.cut} game(s) beyond the data file's ${header.games}`);
      writeFileSync(opts.pgn, aligned.text);
      pgnFd = openSync(opts.pgn, 'a');
    } catch (err) {
      log(`chuhan datagen: cannot write --pgn ${opts.pgn}: ${(err as Error).message}`);
      closeSync(fd);
      return 1;
    }
  }
  const startFen = (index: number): string => (openings && openings.length > 0 ? openings[index % openings.length].fen : START_FEN);

  const targetGames = opts.games ?? Infinity;
  const targetPositions = opts.positions ?? Infinity;
  const done = (): boolean => header.games >= targetGames || header.positions >= targetPositions;
  if (done()) {
    log(`datagen: ${opts.out} already holds ${header.games} games and ${header.positions} positions`);
    closeSync(fd);
    if (pgnFd !== undefined) closeSync(pgnFd);
    return 0;
  }
  const threads = Math.max(1, Math.min(opts.threads, availableParallelism() * 4));
  const firstGame = header.games;
  const endGame = Number.isFinite(targetGames) ? targetGames : 0x7fffffff;
  log(
    `datagen: ${threads} worker(s), ${opts.nodes} nodes a move, ${opts.randomPlies} random plies, seed ${wanted.seed}` +
      (opts.openings ? `, openings ${opts.openings} (${openings!.length})` : '') +
      (opts.evalfile ? `, network ${opts.evalfile}` : ', hand-written evaluation') +
      `; target ${Number.isFinite(targetGames) ? `${targetGames} games` : `${targetPositions} positions`}`,
  );

  const pending = new Map<number, { redResult: number; records: Uint8Array; moves: number[]; ending: string }>();
  const startTime = Date.now();
  const startPositions = header.positions;
  const startGames = header.games;
  let lastLog = startTime;
  const results = [0, 0, 0];
  let dropped = 0;
  const children: ChildProcess[] = [];
  let finished = false;

  const flush = (): void => {
    let wrote = false;
    let pos = HEADER_BYTES + header.positions * RECORD_BYTES;
    while (!done() && pending.has(header.games)) {
      const g = pending.get(header.games)!;
      pending.delete(header.games);
      if (pgnFd !== undefined) {
        const text = gamePgn(header.games, startFen(header.games), g.moves, g.redResult, g.ending, opts.nodes);
        writeSync(pgnFd, text);
      }
      if (g.records.length > 0) {
        writeSync(fd, g.records, 0, g.records.length, pos);
        pos += g.records.length;
      }
      if (g.redResult < 0) dropped++;
      else results[g.redResult]++;
      header.games++;
      header.positions += g.records.length / RECORD_BYTES;
      wrote = true;
    }
    if (wrote) writeSync(fd, encodeHeader(header), 0, HEADER_BYTES, 0);
    const now = Date.now();
    if (now - lastLog >= (opts.progress ?? 10) * 1000 || done()) {
      lastLog = now;
      const secs = (now - startTime) / 1000;
      const pps = (header.positions - startPositions) / secs;
      const gps = (header.games - startGames) / secs;
      const eta = Number.isFinite(targetGames)
        ? (targetGames - header.games) / gps
        : (targetPositions - header.positions) / pps;
      log(
        `datagen: games ${header.games} (red +${results[2]} =${results[1]} -${results[0]}, dropped ${dropped}), ` +
          `positions ${header.positions}, ${pps.toFixed(0)} positions/s, ETA ${fmtDuration(eta)}`,
      );
    }
  };

  const exitCode = await new Promise<number>((resolve) => {
    let alive = threads;
    const stopAll = (code: number): void => {
      if (finished) return;
      finished = true;
      for (const c of children) c.kill();
      resolve(code);
    };
    for (let k = 0; k < threads; k++) {
      const args = [
        ...selfCommand,
        'datagen-worker',
        `--seed=${wanted.seed}`,
        `--nodes=${opts.nodes}`,
        `--random-plies=${opts.randomPlies}`,
        `--start=${firstGame + k}`,
        `--step=${threads}`,
        `--end=${endGame}`,
        ...(opts.openings ? [`--openings=${opts.openings}`] : []),
        ...(opts.evalfile ? [`--evalfile=${opts.evalfile}`] : []),
      ];
      const child = spawn(args[0], args.slice(1), { stdio: ['ignore', 'pipe', 'inherit'] });
      children.push(child);
      let buf: Buffer = Buffer.alloc(0);
      child.stdout!.on('data', (chunk: Buffer) => {
        buf = buf.length === 0 ? chunk : Buffer.concat([buf, chunk]);
        for (;;) {
          if (buf.length < FRAME_HEADER) break;
          const index = buf.readUInt32LE(0);
          const redResult = buf.readInt32LE(4);
          const positions = buf.readUInt32LE(12);
          const moveCount = buf.readUInt16LE(16);
          const ending = ENDINGS[buf.readUInt16LE(18)] ?? '?';
          const recEnd = FRAME_HEADER + positions * RECORD_BYTES;
          const len = recEnd + moveCount * 2;
          if (buf.length < len) break;
          const moves: number[] = [];
          for (let k = 0; k < moveCount; k++) moves.push(buf.readUInt16LE(recEnd + k * 2));
          pending.set(index, { redResult, records: new Uint8Array(buf.subarray(FRAME_HEADER, recEnd)), moves, ending });
          buf = buf.subarray(len);
        }
        flush();
        if (done()) stopAll(0);
      });
      child.on('error', (err) => {
        log(`chuhan datagen: cannot start a worker (${args[0]}): ${err.message}`);
        stopAll(1);
      });
      child.on('exit', (code, signal) => {
        alive--;
        if (finished) return;
        if (code !== 0) {
          log(`chuhan datagen: worker ${k} ended with ${signal ?? `exit code ${code}`}`);
          stopAll(1);
        } else if (alive === 0) {
          flush();
          stopAll(0);
        }
      });
    }
    const onSignal = (): void => {
      log('datagen: interrupted; the file holds every finished game and can be continued');
      stopAll(130);
    };
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  });
  writeSync(fd, encodeHeader(header), 0, HEADER_BYTES, 0);
  closeSync(fd);
  if (pgnFd !== undefined) closeSync(pgnFd);
  log(`datagen: ${opts.out}: ${header.games} games, ${header.positions} positions (${((header.positions * RECORD_BYTES) / 1e6).toFixed(1)} MB)`);
  return exitCode;
}
