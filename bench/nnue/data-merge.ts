// `chuhan datagen --merge --out ALL.bin S1.bin S2.bin … [S1.pgn S2.pgn … --pgn ALL.pgn]`: the
// shards of one datagen run (played with --shard K/N, see data-shard.ts) put back together. Game g
// of the run is the next game of shard (g mod N) + 1, so the games are taken from the shards in
// turn and written in schedule order, game heads dropped: the result is byte for byte the file
// of the whole run (`chuhan datagen --games G` with the same options), and the PGN the whole
// run's PGN. Refused, naming the file and the field: files that are not shards, shards of
// different runs, shards split another way, a shard given twice, a missing or unfinished shard,
// a game head out of place or a game whose records do not match its head's hash. The output is
// written to a temporary file and renamed, so a merge stopped midway leaves nothing.
// runDatagenCommand routes the command line between a run and a merge.
import { closeSync, existsSync, fstatSync, openSync, readFileSync, readSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { fnv1a } from '../../engine/nnue-format';
import { onInterrupt, yieldToSignals } from '../interrupt';
import {
  DataFormatError,
  decodeGameHead,
  decodeHeader,
  encodeHeader,
  FLAG_GAME_HEADS,
  HEADER_BYTES,
  isGameHead,
  RECORD_BYTES,
  type DataHeader,
} from './data-format';
import { pgnGames, runDatagen, type DatagenOptions } from './datagen';
import { shardGameCount, shardRunDifference, shardText } from './data-shard';

class DataMergeError extends Error {}

interface ShardFile {
  file: string;
  header: DataHeader;
}

function readHeader(file: string): DataHeader {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (e) {
    throw new DataMergeError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  try {
    const head = new Uint8Array(HEADER_BYTES);
    readSync(fd, head, 0, HEADER_BYTES, 0);
    return decodeHeader(head, fstatSync(fd).size);
  } catch (e) {
    throw new DataMergeError(`${file}: ${e instanceof DataFormatError ? e.message : (e as Error).message}`);
  } finally {
    closeSync(fd);
  }
}

/** Checks the shards against each other: the header of the merged file, or a DataMergeError. */
function checkShards(shards: readonly ShardFile[]): DataHeader {
  if (shards.length === 0) throw new DataMergeError('give the shards to merge (their data files)');
  for (const s of shards) {
    if (s.header.shard === null) {
      throw new DataMergeError(
        `${s.file} is ${s.header.version === 1 ? 'a version-1 data file' : 'the file of a whole run'}, not a shard (chuhan datagen --shard K/N)`,
      );
    }
  }
  const first = shards[0];
  for (const s of shards.slice(1)) {
    const diff = shardRunDifference(first.header, s.header);
    if (diff !== null) throw new DataMergeError(`${first.file} and ${s.file} are not shards of one run: ${diff}`);
  }
  const n = first.header.shard!.n;
  const byK = new Map<number, string>();
  for (const s of shards) {
    const seen = byK.get(s.header.shard!.k);
    if (seen !== undefined) throw new DataMergeError(`${seen} and ${s.file} are both ${shardText(s.header.shard)}; give each shard once`);
    byK.set(s.header.shard!.k, s.file);
  }
  const missing = Array.from({ length: n }, (_, i) => i + 1).filter((k) => !byK.has(k));
  if (missing.length > 0) {
    throw new DataMergeError(
      `shard${missing.length > 1 ? 's' : ''} ${missing.join(', ')} of ${n} missing: the run's games interleave, so every shard is needed`,
    );
  }
  const schedule = first.header.schedule;
  for (const s of shards) {
    const want = shardGameCount(s.header.shard!, schedule);
    if (s.header.games !== want) {
      throw new DataMergeError(
        `${s.file} holds ${s.header.games} of the ${want} games of ${shardText(s.header.shard)}; finish it (the same datagen command continues it), then merge`,
      );
    }
  }
  return {
    ...first.header,
    games: schedule,
    positions: shards.reduce((sum, s) => sum + s.header.positions, 0),
    flags: first.header.flags & ~FLAG_GAME_HEADS,
    shard: null,
    schedule: 0,
  };
}

/** Shard PGN texts combined in Round order; every game of the run exactly once. */
function mergeDataPgn(files: ReadonlyArray<{ file: string; text: string }>, games: number): string {
  const byRound = new Map<number, { file: string; text: string }>();
  for (const { file, text } of files) {
    for (const g of pgnGames(text)) {
      if (g.round === null) throw new DataMergeError(`${file}: a game has no Round tag; it is not a PGN of chuhan datagen`);
      if (!g.complete) throw new DataMergeError(`${file}: game ${g.round} is cut short; continue its shard with --pgn first`);
      const other = byRound.get(g.round);
      if (other !== undefined) throw new DataMergeError(`round ${g.round} is in both ${other.file} and ${file}; shards must not overlap`);
      if (g.round > games) throw new DataMergeError(`${file}: round ${g.round} is beyond the run's ${games} games`);
      byRound.set(g.round, { file, text: g.text });
    }
  }
  const parts: string[] = [];
  for (let r = 1; r <= games; r++) {
    const g = byRound.get(r);
    if (g === undefined) throw new DataMergeError(`round ${r} is in none of the PGN files; give every shard's PGN`);
    parts.push(g.text);
  }
  return parts.join('');
}

function readExact(fd: number, n: number, at: number, file: string): Uint8Array {
  const buf = new Uint8Array(n);
  let got = 0;
  while (got < n) {
    const r = readSync(fd, buf, got, n - got, at + got);
    if (r === 0) throw new DataMergeError(`${file}: ends at byte ${at + got}, inside a game its header counts`);
    got += r;
  }
  return buf;
}

interface DataMergeOptions {
  out: string;
  inputs: string[];
  pgn?: string;
}

/** The command; returns the exit code (2: usage, 1: a refusal or an unreadable file, 130: Ctrl-C). */
async function runDataMerge(opts: DataMergeOptions, log: (line: string) => void): Promise<number> {
  const dataFiles = opts.inputs.filter((f) => !/\.pgn$/i.test(f));
  const pgnFiles = opts.inputs.filter((f) => /\.pgn$/i.test(f));
  if (pgnFiles.length > 0 && opts.pgn === undefined) {
    log('chuhan datagen: --merge with PGN files needs --pgn OUT for the merged games');
    return 2;
  }
  if (pgnFiles.length === 0 && opts.pgn !== undefined) {
    log("chuhan datagen: --merge --pgn OUT needs the shards' PGN files");
    return 2;
  }
  for (const f of [opts.out, ...(opts.pgn ? [opts.pgn] : [])]) {
    if (existsSync(f)) {
      log(`chuhan datagen: ${f} exists; a merge writes a new file (remove it or name another)`);
      return 2;
    }
  }
  const tmp = `${opts.out}.merging`;
  const pgnTmp = opts.pgn === undefined ? undefined : `${opts.pgn}.merging`;
  let stop = false;
  const interrupt = onInterrupt(() => (stop = true));
  let out: number | undefined;
  const fds: number[] = [];
  try {
    const shards = dataFiles.map((file) => ({ file, header: readHeader(file) }));
    const merged = checkShards(shards);
    shards.sort((a, b) => a.header.shard!.k - b.header.shard!.k);
    if (pgnTmp !== undefined) {
      const texts = pgnFiles.map((file) => {
        try {
          return { file, text: readFileSync(file, 'utf8') };
        } catch (e) {
          throw new DataMergeError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
        }
      });
      writeFileSync(pgnTmp, mergeDataPgn(texts, merged.games));
    }
    for (const s of shards) fds.push(openSync(s.file, 'r'));
    const at = shards.map(() => HEADER_BYTES);
    out = openSync(tmp, 'w');
    writeSync(out, encodeHeader(merged), 0, HEADER_BYTES, 0);
    let outPos = HEADER_BYTES;
    const block = new Uint8Array(4 << 20);
    let used = 0;
    let positions = 0;
    const n = shards.length;
    for (let g = 0; g < merged.games; g++) {
      if (g % 2048 === 0) {
        await yieldToSignals();
        if (stop) break;
      }
      const s = g % n;
      const file = shards[s].file;
      const headBytes = readExact(fds[s], RECORD_BYTES, at[s], file);
      if (!isGameHead(headBytes, 0))
        throw new DataMergeError(`${file}: no game head where game ${g + 1} of the run should begin (byte ${at[s]})`);
      const head = decodeGameHead(headBytes, 0);
      if (head.index !== g)
        throw new DataMergeError(`${file}: the game head at byte ${at[s]} is game ${head.index + 1}, not game ${g + 1}`);
      const records = readExact(fds[s], head.positions * RECORD_BYTES, at[s] + RECORD_BYTES, file);
      if (fnv1a(records) !== head.hash)
        throw new DataMergeError(`${file}: the records of game ${g + 1} do not match its head's hash (a damaged file)`);
      at[s] += RECORD_BYTES + records.length;
      positions += head.positions;
      if (used + records.length > block.length) {
        writeSync(out, block, 0, used, outPos);
        outPos += used;
        used = 0;
      }
      if (records.length > block.length) {
        writeSync(out, records, 0, records.length, outPos);
        outPos += records.length;
      } else {
        block.set(records, used);
        used += records.length;
      }
    }
    if (stop) {
      closeSync(out);
      out = undefined;
      rmSync(tmp, { force: true });
      if (pgnTmp) rmSync(pgnTmp, { force: true });
      log(`datagen: ${interrupt.signal}: merge stopped, nothing written`);
      return interrupt.code;
    }
    writeSync(out, block, 0, used, outPos);
    if (positions !== merged.positions)
      throw new DataMergeError(`the shards' games hold ${positions} positions but their headers count ${merged.positions}`);
    closeSync(out);
    out = undefined;
    renameSync(tmp, opts.out);
    if (opts.pgn !== undefined && pgnTmp !== undefined) renameSync(pgnTmp, opts.pgn);
    log(
      `datagen: merged ${n} shards into ${opts.out}: ${merged.games} games, ${merged.positions} positions` +
        (opts.pgn ? `; the games in ${opts.pgn}` : ''),
    );
    return 0;
  } catch (e) {
    if (out !== undefined) closeSync(out);
    rmSync(tmp, { force: true });
    if (pgnTmp) rmSync(pgnTmp, { force: true });
    if (!(e instanceof DataMergeError)) throw e;
    log(`chuhan datagen: ${e.message}`);
    return 1;
  } finally {
    for (const fd of fds) closeSync(fd);
    interrupt.dispose();
  }
}

/**
 * `chuhan datagen` as the command line gives it: a run (runDatagen), or with --merge the merge of
 * the files given. `given` names the options the user typed (attribute names), for the refusal of
 * run options in a merge.
 */
export async function runDatagenCommand(
  opts: DatagenOptions & { merge?: boolean },
  files: readonly string[],
  given: readonly string[],
  log: (line: string) => void,
  selfCommand: string[],
): Promise<number> {
  if (opts.merge) {
    const extra = given
      .filter((k) => !['out', 'merge', 'pgn'].includes(k))
      .map((k) => `--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`);
    if (extra.length > 0) {
      log(`chuhan datagen: --merge takes the shards' files, --out and --pgn; drop ${extra.join(', ')}`);
      return 2;
    }
    if (files.length === 0) {
      log("chuhan datagen: --merge needs the shards' data files");
      return 2;
    }
    return runDataMerge({ out: opts.out, inputs: [...files], pgn: opts.pgn }, log);
  }
  if (files.length > 0) {
    log(`chuhan datagen: '${files[0]}' is not an option; files are given only to --merge`);
    return 2;
  }
  return runDatagen(opts, log, selfCommand);
}
