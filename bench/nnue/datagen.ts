// `chuhan datagen`: self-play training data for the network (data-format.ts has the file layout,
// selfplay.ts the game). Games are played by worker processes (the same executable, started with
// the hidden `datagen-worker` command); worker k of N plays games k, k + N, k + 2N, ... and sends
// each finished game on its stdout. The parent writes the games in index order, so a file depends
// only on the seed and the options, not on the number of workers. An existing file is continued:
// its header must carry the same run (data-shard.ts: seed, nodes, random plies, openings,
// evaluation, the engine's play fingerprint).
//
// The games are played with the engine's own evaluation by default (the built-in network), or the
// network file `--evalfile`, or the hand-written evaluation (`--eval classical`); the header
// records which (the FNV-1a hash of the network file).
//
// `--shard K/N --games G` plays only the games g < G with g mod N = K - 1, into a file whose games
// each carry a game head; `chuhan datagen --merge` (data-merge.ts) interleaves the shards back into
// the file of the whole run.
//
// `--pgn FILE` also writes every game (dropped ones with the result `*`) to a PGN file, in index
// order, each game before its data; the data file is the same with or without it. Continuing
// keeps the two in step: a PGN that is ahead of the data (the run stopped between the two
// writes) is cut back to the data's games; one that is behind (or missing) is refused.
//
// Ctrl-C (bench/interrupt.ts): the workers are ended, the finished games are in the file, and the
// same command continues it; a second Ctrl-C exits at once.
import { spawn, type ChildProcess } from 'node:child_process';
import {
  closeSync,
  existsSync,
  fstatSync,
  ftruncateSync,
  openSync,
  readFileSync,
  readSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { availableParallelism } from 'node:os';
import { decodeNetwork, fnv1a } from '../../engine/nnue-format';
import { NnueEvaluator } from '../../engine/nnue';
import { START_FEN } from '../../engine/fen';
import { writePgn, type PgnResult } from '../../engine/pgn';
import { Searcher } from '../../engine/search';
import { embeddedNetworkBytes, USE_NNUE_DEFAULT } from '../../engine/network';
import { onInterrupt } from '../interrupt';
import { parseOpenings, type Opening } from '../match/openings';
import type { Shard } from '../match/shard';
import {
  DATA_VERSION,
  DataFormatError,
  dataEnd,
  decodeHeader,
  encodeGameHead,
  encodeHeader,
  FLAG_GAME_HEADS,
  FLAG_OPENINGS,
  HEADER_BYTES,
  RECORD_BYTES,
  type DataHeader,
} from './data-format';
import { runDifference, shardGameCount, shardGameIndex, shardText } from './data-shard';
import { ENDINGS, playFingerprint, playGame, type SelfPlayOptions } from './selfplay';

export type EvalKind = 'nnue' | 'classical';

export interface DatagenOptions {
  out: string;
  games?: number;
  positions?: number;
  nodes: number;
  randomPlies: number;
  seed: number;
  threads: number;
  openings?: string;
  /** The evaluation that plays (default: the engine's, the built-in network). */
  eval?: EvalKind;
  /** Play with this network file. */
  evalfile?: string;
  /** Play only this shard of the run's games (needs `games`). */
  shard?: Shard;
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

/** The evaluation a run plays with: the network file's bytes (null: hand-written) and how to name it. */
interface PlayEvaluation {
  bytes: Uint8Array | null;
  /** What the header records: 0, or the network file's FNV-1a hash. */
  hash: number;
  label: string;
  /** The worker's options for it. */
  workerArgs: string[];
}

/** The evaluation `opts` asks for, read and checked; a one-line error (and exit code) otherwise. */
function playEvaluation(opts: { eval?: EvalKind; evalfile?: string }): PlayEvaluation | { error: string; code: number } {
  const kind = opts.eval ?? (opts.evalfile !== undefined || USE_NNUE_DEFAULT ? 'nnue' : 'classical');
  if (kind === 'classical') {
    if (opts.evalfile !== undefined) return { error: '--evalfile plays with a network; drop --eval classical', code: 2 };
    return { bytes: null, hash: 0, label: 'the hand-written evaluation', workerArgs: ['--eval=classical'] };
  }
  if (opts.evalfile === undefined) {
    const bytes = embeddedNetworkBytes();
    return {
      bytes,
      hash: fnv1a(bytes) || 1,
      label: `the built-in network (${decodeNetwork(bytes).description})`,
      workerArgs: ['--eval=nnue'],
    };
  }
  try {
    const bytes = new Uint8Array(readFileSync(opts.evalfile));
    decodeNetwork(bytes);
    return { bytes, hash: fnv1a(bytes) || 1, label: `the network ${opts.evalfile}`, workerArgs: [`--evalfile=${opts.evalfile}`] };
  } catch (err) {
    return { error: `cannot use the network ${opts.evalfile}: ${(err as Error).message}`, code: 1 };
  }
}

function searcherFor(bytes: Uint8Array | null): Searcher {
  const searcher = new Searcher(16);
  if (bytes !== null) searcher.setNetwork(new NnueEvaluator(decodeNetwork(bytes)));
  return searcher;
}

/** How long a worker waits before it writes again to a full pipe. */
const PIPE_FULL_WAIT_MS = 5;

/** The hidden worker command: plays games start, start + step, ... below end, writing frames to stdout. */
export function runDatagenWorker(
  opts: Omit<SelfPlayOptions, 'openings'> & {
    start: number;
    step: number;
    end: number;
    openings?: string;
    eval?: EvalKind;
    evalfile?: string;
  },
): void {
  // The parent has already read and checked both files (runDatagen).
  const play: SelfPlayOptions = { ...opts, openings: loadOpenings(opts.openings) };
  const evaluation = playEvaluation(opts);
  if ('error' in evaluation) throw new Error(evaluation.error);
  const searcher = searcherFor(evaluation.bytes);
  // A word nobody sets, for the waits on a full pipe (Atomics.wait with a timeout: a sleep).
  const pause = new Int32Array(new SharedArrayBuffer(4));
  const write = (buf: Uint8Array): void => {
    let off = 0;
    while (off < buf.length) {
      try {
        off += writeSync(1, buf, off, buf.length - off);
      } catch (e) {
        // The pipe to the parent is non-blocking: when the parent falls behind (a busy or stopped
        // process) it is full, and the frame waits until there is room again.
        if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
        Atomics.wait(pause, 0, 0, PIPE_FULL_WAIT_MS);
      }
    }
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

/** The games of a datagen PGN text, each with its Round and whether it is complete. */
export function pgnGames(text: string): Array<{ text: string; round: number | null; complete: boolean }> {
  const out: Array<{ text: string; round: number | null; complete: boolean }> = [];
  let offset = 0;
  for (const chunk of text.split(/(?=^\[Game\s)/m)) {
    const at = offset;
    offset += chunk.length;
    if (chunk.trim() === '') continue;
    const round = /^\[Round\s+"(\d+)"\]/m.exec(chunk);
    out.push({ text: text.slice(at, offset), round: round ? Number(round[1]) : null, complete: /(1-0|0-1|1\/2-1\/2|\*)\s*$/.test(chunk) });
  }
  return out;
}

/**
 * Readies the --pgn file for a data file holding `games` games: returns the file's text cut to
 * exactly those games, or an error line when the PGN cannot match the data. `roundOf(j)` is the
 * Round of the data file's j-th game (j + 1, or a shard's schedule index + 1).
 */
function alignPgn(
  path: string,
  games: number,
  dataPath: string,
  roundOf: (j: number) => number = (j) => j + 1,
): { text: string; cut: number } | { error: string } {
  const text = existsSync(path) && statSync(path).size > 0 ? readFileSync(path, 'utf8') : '';
  const chunks = pgnGames(text);
  let kept = 0;
  let end = 0;
  for (const chunk of chunks) {
    if (!chunk.complete) break; // cut short while being written
    if (chunk.round !== roundOf(kept)) {
      return {
        error: `${path}: game ${kept + 1} of the file has Round ${chunk.round ?? '(none)'}, not ${roundOf(kept)}; it is not the PGN of ${dataPath}`,
      };
    }
    if (kept === games) break;
    kept++;
    end += chunk.text.length;
  }
  if (kept < games) {
    return {
      error:
        `${path} holds ${kept} game(s) but ${dataPath} holds ${games}; the PGN cannot be completed ` +
        `(continue without --pgn, or start a new --out and --pgn)`,
    };
  }
  // The chunks are consecutive from the start of the text.
  return { text: text.slice(0, end), cut: chunks.length - kept };
}

function fmtDuration(s: number): string {
  if (!Number.isFinite(s)) return '?';
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h} h ${m} min` : `${m} min ${Math.round(s % 60)} s`;
}

const sameShard = (a: Shard | null, b: Shard | null): boolean => (a === null ? b === null : b !== null && a.k === b.k && a.n === b.n);

export async function runDatagen(opts: DatagenOptions, log: (line: string) => void, selfCommand: string[]): Promise<number> {
  const shard = opts.shard ?? null;
  if (shard !== null) {
    if (opts.games === undefined) {
      log(
        "chuhan datagen: --shard divides a schedule of games: give --games N (the whole run's games; each shard plays about N/K of them)",
      );
      return 2;
    }
    if (opts.positions !== undefined) {
      log(
        "chuhan datagen: --shard stops at the schedule's games, not at a position count: drop --positions (about 115 positions a game at 2,000 nodes)",
      );
      return 2;
    }
  } else if (opts.games === undefined && opts.positions === undefined) {
    log('chuhan datagen: give --games N or --positions N');
    return 2;
  }
  const evaluation = playEvaluation(opts);
  if ('error' in evaluation) {
    log(`chuhan datagen: ${evaluation.error}`);
    return evaluation.code;
  }
  let openings: Opening[] | undefined;
  let openingsHash = 0;
  try {
    openings = loadOpenings(opts.openings);
    if (opts.openings !== undefined) openingsHash = fnv1a(new Uint8Array(readFileSync(opts.openings))) || 1;
  } catch (err) {
    log(`chuhan datagen: cannot read the openings ${opts.openings}: ${(err as Error).message}`);
    return 1;
  }
  if (opts.pgn !== undefined && !existsSync(opts.out) && existsSync(opts.pgn) && statSync(opts.pgn).size > 0) {
    log(`chuhan datagen: --pgn ${opts.pgn} already holds games but ${opts.out} is new; give another --pgn or remove it`);
    return 2;
  }

  // What this run writes in a new file's header; a file to continue must carry the same run.
  const wanted: DataHeader = {
    version: DATA_VERSION,
    games: 0,
    positions: 0,
    seed: opts.seed >>> 0,
    nodes: opts.nodes,
    randomPlies: opts.randomPlies,
    flags: (openings ? FLAG_OPENINGS : 0) | (shard ? FLAG_GAME_HEADS : 0),
    network: evaluation.hash,
    openings: openingsHash,
    engine: playFingerprint(searcherFor(evaluation.bytes)),
    shard,
    schedule: shard ? opts.games! : 0,
  };

  // Open or continue the output file.
  let fd: number;
  let header: DataHeader;
  try {
    if (existsSync(opts.out)) {
      fd = openSync(opts.out, 'r+');
      const size = fstatSync(fd).size;
      const buf = new Uint8Array(HEADER_BYTES);
      readSync(fd, buf, 0, HEADER_BYTES, 0);
      header = decodeHeader(buf, size);
      const refuse = (why: string): number => {
        log(`chuhan datagen: ${opts.out} ${why}`);
        closeSync(fd);
        return 2;
      };
      if (!sameShard(header.shard, shard)) {
        return refuse(`is ${shardText(header.shard)}, not ${shardText(shard)}; give the same --shard or another --out`);
      }
      const diff = runDifference(header, wanted);
      if (diff !== null) return refuse(`is another run (${diff}); use another --out or the same options and build`);
      if (shard !== null) {
        const mine = shardGameCount(shard, opts.games!);
        if (header.games > mine)
          return refuse(`holds ${header.games} games of ${shardText(shard)}, more than its ${mine} of a ${opts.games}-game run`);
        if (header.schedule !== opts.games)
          log(`datagen: ${opts.out}: the run's schedule goes from ${header.schedule} to ${opts.games} games`);
        header.schedule = opts.games!;
      }
      const end = dataEnd(header);
      if (size > end) {
        log(`datagen: ${opts.out}: dropping ${size - end} bytes of an unfinished write`);
        ftruncateSync(fd, end);
      }
      log(`datagen: continuing ${opts.out} (format version ${header.version}) at game ${header.games} (${header.positions} positions)`);
    } else {
      fd = openSync(opts.out, 'wx');
      header = { ...wanted };
      writeSync(fd, encodeHeader(header), 0, HEADER_BYTES, 0);
    }
  } catch (err) {
    const msg = err instanceof DataFormatError ? err.message : (err as NodeJS.ErrnoException).message;
    log(`chuhan datagen: cannot use ${opts.out}: ${msg}`);
    return 1;
  }

  const roundOf = (j: number): number => shardGameIndex(shard, j) + 1;
  let pgnFd: number | undefined;
  if (opts.pgn !== undefined) {
    const aligned = alignPgn(opts.pgn, header.games, opts.out, roundOf);
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

  // Targets, in the file's own games (a shard's share of the schedule).
  const targetGames = shard ? shardGameCount(shard, opts.games!) : (opts.games ?? Infinity);
  const targetPositions = opts.positions ?? Infinity;
  const done = (): boolean => header.games >= targetGames || header.positions >= targetPositions;
  const closeAll = (): void => {
    writeSync(fd, encodeHeader(header), 0, HEADER_BYTES, 0);
    closeSync(fd);
    if (pgnFd !== undefined) closeSync(pgnFd);
  };
  if (done()) {
    log(`datagen: ${opts.out} already holds ${header.games} games and ${header.positions} positions`);
    closeAll();
    return 0;
  }
  const step = shard?.n ?? 1;
  const threads = Math.max(1, Math.min(opts.threads, availableParallelism() * 4, targetGames - header.games));
  const endGame = shard ? opts.games! : Number.isFinite(targetGames) ? targetGames : 0x7fffffff;
  log(
    `datagen: ${threads} worker(s), ${opts.nodes} nodes a move, ${opts.randomPlies} random plies, seed ${wanted.seed}` +
      (opts.openings ? `, openings ${opts.openings} (${openings!.length})` : '') +
      `, ${evaluation.label}` +
      (shard
        ? `; ${shardText(shard)}: ${targetGames} of the run's ${opts.games} games`
        : `; target ${Number.isFinite(targetGames) ? `${targetGames} games` : `${targetPositions} positions`}`),
  );

  const pending = new Map<number, { redResult: number; plies: number; ending: number; records: Uint8Array; moves: number[] }>();
  const startTime = Date.now();
  const startPositions = header.positions;
  const startGames = header.games;
  let lastLog = startTime;
  const results = [0, 0, 0];
  let dropped = 0;
  const children: ChildProcess[] = [];

  const flush = (): void => {
    let wrote = false;
    let pos = dataEnd(header);
    for (;;) {
      if (done()) break;
      const index = shardGameIndex(shard, header.games);
      const g = pending.get(index);
      if (g === undefined) break;
      pending.delete(index);
      if (pgnFd !== undefined)
        writeSync(pgnFd, gamePgn(index, startFen(index), g.moves, g.redResult, ENDINGS[g.ending] ?? '?', opts.nodes));
      let bytes = g.records;
      if (shard !== null) {
        bytes = new Uint8Array(RECORD_BYTES + g.records.length);
        const positions = g.records.length / RECORD_BYTES;
        encodeGameHead(bytes, 0, { index, positions, hash: fnv1a(g.records), plies: g.plies, redResult: g.redResult, ending: g.ending });
        bytes.set(g.records, RECORD_BYTES);
      }
      if (bytes.length > 0) {
        writeSync(fd, bytes, 0, bytes.length, pos);
        pos += bytes.length;
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
      const eta = Number.isFinite(targetGames) ? (targetGames - header.games) / gps : (targetPositions - header.positions) / pps;
      log(
        `datagen: ${shard ? `${shardText(shard)}: ` : ''}games ${header.games} (red +${results[2]} =${results[1]} -${results[0]}, dropped ${dropped}), ` +
          `positions ${header.positions}, ${pps.toFixed(0)} positions/s, ETA ${fmtDuration(eta)}`,
      );
    }
  };

  let finished = false;
  let exitCode = 0;
  let settle: () => void = () => {};
  const over = new Promise<void>((resolve) => (settle = resolve));
  let running = 0;
  /** Ends the run: every worker is sent SIGTERM, and the run is over once all have exited. */
  const stopAll = (code: number): void => {
    if (finished) return;
    finished = true;
    exitCode = code;
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill();
    if (running === 0) settle();
    // A worker is in the middle of a search and has no handler: SIGTERM ends it at once. Should
    // one not end, it is killed.
    else setTimeout(() => children.forEach((c) => c.exitCode === null && c.signalCode === null && c.kill('SIGKILL')), 3000).unref();
  };
  const interrupt = onInterrupt(
    (signal) => {
      log(`datagen: ${signal}: stopping; the file holds every finished game (${header.games}) and the same command continues it`);
      stopAll(interrupt.code);
    },
    () => {
      for (const c of children) c.kill('SIGKILL');
    },
  );

  for (let t = 0; t < threads; t++) {
    const args = [
      ...selfCommand,
      'datagen-worker',
      `--seed=${wanted.seed}`,
      `--nodes=${opts.nodes}`,
      `--random-plies=${opts.randomPlies}`,
      `--start=${shardGameIndex(shard, header.games + t)}`,
      `--step=${threads * step}`,
      `--end=${endGame}`,
      ...(opts.openings ? [`--openings=${opts.openings}`] : []),
      ...evaluation.workerArgs,
    ];
    const child = spawn(args[0], args.slice(1), { stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(child);
    running++;
    let buf: Buffer = Buffer.alloc(0);
    child.stdout!.on('data', (chunk: Buffer) => {
      if (finished) return;
      buf = buf.length === 0 ? chunk : Buffer.concat([buf, chunk]);
      for (;;) {
        if (buf.length < FRAME_HEADER) break;
        const index = buf.readUInt32LE(0);
        const redResult = buf.readInt32LE(4);
        const plies = buf.readUInt32LE(8);
        const positions = buf.readUInt32LE(12);
        const moveCount = buf.readUInt16LE(16);
        const ending = buf.readUInt16LE(18);
        const recEnd = FRAME_HEADER + positions * RECORD_BYTES;
        const len = recEnd + moveCount * 2;
        if (buf.length < len) break;
        const moves: number[] = [];
        for (let k = 0; k < moveCount; k++) moves.push(buf.readUInt16LE(recEnd + k * 2));
        pending.set(index, { redResult, plies, ending, records: new Uint8Array(buf.subarray(FRAME_HEADER, recEnd)), moves });
        buf = buf.subarray(len);
      }
      flush();
      if (done()) stopAll(0);
    });
    child.on('error', (err) => {
      log(`chuhan datagen: cannot start a worker (${args[0]}): ${err.message}`);
      stopAll(1);
    });
    child.on('close', (code, signal) => {
      running--;
      if (!finished) {
        if (signal === 'SIGINT' || signal === 'SIGTERM') {
          // Ctrl-C in a terminal reaches the workers too (one process group).
          log(`datagen: worker ${t} ended by ${signal}; stopping, the file holds every finished game (${header.games})`);
          stopAll(signal === 'SIGINT' ? 130 : 143);
        } else if (code !== 0) {
          log(`chuhan datagen: worker ${t} ended with ${signal ?? `exit code ${code}`}`);
          stopAll(1);
        } else if (running === 0) {
          flush();
          stopAll(0);
        }
      }
      if (finished && running === 0) settle();
    });
  }
  await over;
  interrupt.dispose();
  closeAll();
  log(
    `datagen: ${opts.out}: ${header.games} games, ${header.positions} positions (${((header.positions * RECORD_BYTES) / 1e6).toFixed(1)} MB)`,
  );
  return exitCode;
}
