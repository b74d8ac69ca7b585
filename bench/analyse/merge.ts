// `chuhan analyse --merge --out ALL.pgn S1.pgn … SN.pgn`: the shards of one analysis (`--shard
// K/N`) put back into input order. Each shard's record (S.pgn.json) says which games it holds and
// how long each one's text is; the merged PGN and its record are those one unsharded run writes,
// byte for byte. Refused, naming the file and the reason: a file without its record, a shard of
// another analysis (the input, the limit, the threads, the table, the format or the program),
// another N, a shard given twice or missing, an unfinished shard (its command with --resume
// finishes it), a shard file shorter or longer than its record says.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { parseShard } from '../match/shard';
import { readState, settingsDifference, stateBytes, stateJson, statePath, type GameEntry, type RunState } from './state';

export function runAnalyseMerge(opts: { out: string; shards: readonly string[] }, log: (line: string) => void): number {
  const fail = (why: string): number => {
    log(`chuhan analyse --merge: ${why}`);
    return 1;
  };
  if (opts.shards.length === 0) return fail("name the shards' PGN files (their records FILE.json beside them)");
  const shards: Array<{ file: string; state: RunState; text: Buffer; k: number; n: number }> = [];
  for (const file of opts.shards) {
    let state: RunState | null;
    try {
      state = readState(file);
    } catch (e) {
      return fail((e as Error).message);
    }
    if (state === null) return fail(`${file} has no record ${statePath(file)} beside it: is it the output of chuhan analyse --shard?`);
    if (state.shard === null) return fail(`${file} is a whole analysis, not a shard`);
    const { k, n } = parseShard(state.shard);
    if (!state.complete)
      return fail(
        `${file} (shard ${state.shard}) is unfinished: ${state.games.length} of ${state.planned} games; finish it with its command and --resume`,
      );
    let text: Buffer;
    try {
      text = readFileSync(file);
    } catch (e) {
      return fail(`cannot read ${file}: ${(e as Error).message}`);
    }
    if (text.length !== stateBytes(state)) return fail(`${file} holds ${text.length} bytes, but its record counts ${stateBytes(state)}`);
    const first = shards[0];
    if (first !== undefined) {
      const diff = settingsDifference(first.state, state);
      if (diff !== null) return fail(`${file} is a shard of another analysis than ${first.file} (${diff})`);
      if (n !== first.n) return fail(`${file} is shard ${k}/${n}, ${first.file} one of ${first.n}`);
    }
    const twice = shards.find((s) => s.k === k);
    if (twice !== undefined) return fail(`${file} and ${twice.file} are both shard ${k}/${n}`);
    shards.push({ file, state, text, k, n });
  }
  const n = shards[0].n;
  const missing = Array.from({ length: n }, (_, i) => i + 1).filter((k) => !shards.some((s) => s.k === k));
  if (missing.length > 0) return fail(`shard${missing.length > 1 ? 's' : ''} ${missing.map((k) => `${k}/${n}`).join(', ')} missing`);

  const games = shards[0].state.input.games;
  const cursor = new Map(shards.map((s) => [s.k, { s, entry: 0, offset: 0 }]));
  const parts: Buffer[] = [];
  const entries: GameEntry[] = [];
  for (let g = 0; g < games; g++) {
    const c = cursor.get((g % n) + 1)!;
    const entry = c.s.state.games[c.entry++];
    if (entry === undefined || entry.game !== g + 1)
      return fail(`${c.s.file} does not hold game ${g + 1} where shard ${c.s.k}/${n} should`);
    if ('bytes' in entry) {
      parts.push(c.s.text.subarray(c.offset, c.offset + entry.bytes));
      c.offset += entry.bytes;
    }
    entries.push(entry);
  }
  const merged: RunState = { ...shards[0].state, shard: null, planned: games, complete: true, games: entries };
  try {
    const tmp = `${opts.out}.tmp-${process.pid}`;
    writeFileSync(tmp, Buffer.concat(parts));
    renameSync(tmp, opts.out);
    const tmpState = `${statePath(opts.out)}.tmp-${process.pid}`;
    writeFileSync(tmpState, stateJson(merged));
    renameSync(tmpState, statePath(opts.out));
  } catch (e) {
    return fail(`cannot write ${opts.out}: ${(e as Error).message}`);
  }
  const refused = entries.filter((e) => 'refused' in e).length;
  log(`analyse: ${opts.out}: ${n} shards merged, ${games - refused} game(s)${refused > 0 ? `, ${refused} refused` : ''}`);
  return 0;
}
