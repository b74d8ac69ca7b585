// `chuhan match --merge A.json B.json … [A.pgn B.pgn …] [--json OUT] [--pgn OUT]`: the shards of
// one match (played with --shard K/N, see shard.ts) combined into one summary. The games of every
// shard (their results, checkpoint.ts) are put back in schedule order and fed to a fresh tally, so
// W/D/L, the pentanomial pairs, Elo ± 95%, LOS and the SPRT come out as from one run of the whole
// match; each engine's figures are the shards' combined. Refused: files that are not the runner's
// summaries, shards of different matches (the message names the field), shards split another way
// (other N), a shard given twice, and a game found in two files.
import { readFileSync, writeFileSync } from 'node:fs';
import { recordOfGame, summaryGames, type SummaryGame } from './checkpoint';
import { summaryText } from './progress';
import { makeSchedule, pairings, type ScheduledGame } from './schedule';
import { identityDifference, type MatchIdentity } from './identity';
import { pairUnit, type Shard } from './shard';
import type { SprtConfig } from './stats';
import type { EngineFigures } from './game';
import { Tally } from './summary';
import type { GameRecord } from './record';
import type { MergeRequest } from './options';

export class MergeError extends Error {}

export interface ShardSummary {
  file: string;
  identity: MatchIdentity;
  shard: Shard | null;
  planned: number;
  played: number;
  stoppedBy: string | null;
  games: SummaryGame[];
  /** Each engine's figures over the games; null when the games carry their own (older summaries). */
  figures: EngineFigures[] | null;
  /** The summary as read (engine specs, event). */
  raw: Record<string, unknown>;
}

/** The engines' names of a summary's identity. */
function identityNames(identity: MatchIdentity): string[] {
  return Array.isArray(identity.engines) ? (identity.engines as Array<{ name: string }>).map((e) => String(e.name)) : [];
}

/** Reads one shard's JSON summary; throws MergeError naming the file and the problem. */
export function readShard(file: string, text: string): ShardSummary {
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(text) as Record<string, unknown>;
  } catch (e) {
    throw new MergeError(`${file} is not JSON (${e instanceof Error ? e.message : e})`);
  }
  if (raw === null || typeof raw !== 'object' || !raw.identity || (raw.finished === undefined && !Array.isArray(raw.games))) {
    throw new MergeError(`${file} is not a match summary with its games (write it with chuhan match --json from this version)`);
  }
  const identity = raw.identity as MatchIdentity;
  let read: ReturnType<typeof summaryGames>;
  try {
    read = summaryGames(raw, identityNames(identity));
  } catch (e) {
    throw new MergeError(`${file}: ${e instanceof Error ? e.message : e}`);
  }
  return {
    file,
    identity,
    shard: (raw.shard as Shard | null) ?? null,
    planned: Number(raw.planned),
    played: Number(raw.played),
    stoppedBy: (raw.stoppedBy as string | null) ?? null,
    games: read.games,
    figures: read.figures,
    raw,
  };
}

const shardText = (s: Shard | null) => (s ? `shard ${s.k}/${s.n}` : 'the whole match');

interface Merged {
  tally: Tally;
  json: Record<string, unknown>;
  warnings: string[];
  /** Where an SPRT run in schedule order would have stopped: the decision and the game count. */
  sequential: { decision: 'H0' | 'H1'; games: number } | null;
}

/** Checks the shards against each other and combines them. Throws MergeError on a refusal. */
export function mergeShards(shards: readonly ShardSummary[]): Merged {
  if (shards.length === 0) throw new MergeError('give the shards to merge (their --json files)');
  const first = shards[0];
  const warnings: string[] = [];
  for (const s of shards.slice(1)) {
    const diff = identityDifference(first.identity, s.identity);
    if (diff) throw new MergeError(`${first.file} and ${s.file} are not shards of one match: ${diff}`);
  }
  const n = first.shard?.n ?? 1;
  const byK = new Map<number, string>();
  for (const s of shards) {
    if ((s.shard?.n ?? 1) !== n) {
      throw new MergeError(
        `${first.file} is ${shardText(first.shard)} but ${s.file} is ${shardText(s.shard)}; shards of one merge split the match the same way`,
      );
    }
    const k = s.shard?.k ?? 1;
    const seen = byK.get(k);
    if (seen !== undefined) throw new MergeError(`${seen} and ${s.file} are both ${shardText(s.shard)}; give each shard once`);
    byK.set(k, s.file);
  }
  const missing = Array.from({ length: n }, (_, i) => i + 1).filter((k) => !byK.has(k));
  if (missing.length > 0) warnings.push(`shard(s) ${missing.join(', ')} of ${n} missing: the summary covers only the shards given`);
  for (const s of shards) {
    if (s.played < s.planned)
      warnings.push(`${s.file}: ${s.played} of its ${s.planned} games played${s.stoppedBy ? ` (${s.stoppedBy})` : ''}`);
  }

  const id = first.identity as unknown as {
    gamesPerPairing: number;
    gamesTotal: number;
    openings: { count: number };
    sprt: SprtConfig | null;
  };
  const names = identityNames(first.identity);
  const pairList = pairings(names.length);
  const schedule: ScheduledGame[] = makeSchedule(names.length, id.gamesPerPairing, id.openings.count);
  if (schedule.length !== id.gamesTotal)
    throw new MergeError(`${first.file}: its schedule of ${id.gamesTotal} games does not match its settings (${schedule.length})`);

  const from = new Map<number, string>();
  const records: GameRecord[] = [];
  for (const s of shards) {
    for (const g of s.games) {
      const other = from.get(g.round);
      if (other !== undefined) throw new MergeError(`round ${g.round} is in both ${other} and ${s.file}; shards must not overlap`);
      from.set(g.round, s.file);
      const r = recordOfGame(g, schedule, names);
      if ('error' in r) throw new MergeError(`${s.file}: ${r.error}`);
      if (s.shard && pairUnit(r.record.game, pairList.length) % s.shard.n !== s.shard.k - 1) {
        throw new MergeError(`${s.file}: round ${g.round} is not a game of ${shardText(s.shard)}`);
      }
      records.push(r.record);
    }
  }
  records.sort((a, b) => a.game.index - b.game.index);
  const sprtConfig = id.sprt ?? undefined;
  const tally = new Tally(names, pairList, sprtConfig);
  let sequential: Merged['sequential'] = null;
  for (const r of records) {
    tally.add(r);
    const st = tally.sprt(0);
    if (sequential === null && st?.decision) sequential = { decision: st.decision, games: tally.played };
  }
  for (const s of shards) s.figures?.forEach((f, i) => tally.addFigures(i, f));
  const raw = first.raw;
  const json = tally.toJson({
    event: raw.event,
    date: raw.date,
    limit: raw.limit,
    engineSpecs: raw.engineSpecs,
    openings: raw.openings,
    openingCount: id.openings.count,
    planned: id.gamesTotal,
    resumed: 0,
    adjudication: raw.adjudication,
    margin: raw.margin,
    stoppedBy: null,
    merged: shards.map((s) => ({ file: s.file, shard: s.shard, played: s.games.length })),
    sprtSequential: sequential,
    shard: null,
    gamesTotal: id.gamesTotal,
    identity: first.identity,
  });
  return { tally, json, warnings, sequential };
}

/** PGN texts of shards combined in Round order; checked against the merged results. */
export function mergePgn(
  files: ReadonlyArray<{ file: string; text: string }>,
  results: ReadonlyMap<number, string>,
): { text: string; warnings: string[] } {
  const games: Array<{ round: number; text: string }> = [];
  const from = new Map<number, string>();
  for (const { file, text } of files) {
    for (const chunk of text.split(/(?=^\[Game\s)/m)) {
      if (chunk.trim() === '') continue;
      const round = /^\[Round\s+"(\d+)"\]/m.exec(chunk);
      const result = /^\[Result\s+"([^"]*)"\]/m.exec(chunk);
      if (!round) throw new MergeError(`${file}: a game has no Round tag; it is not a PGN of the match runner`);
      const r = Number(round[1]);
      const other = from.get(r);
      if (other !== undefined) throw new MergeError(`round ${r} is in both ${other} and ${file}; shards must not overlap`);
      from.set(r, file);
      const want = results.get(r);
      if (want === undefined) throw new MergeError(`${file}: round ${r} is in no summary given`);
      if (result?.[1] !== want) throw new MergeError(`${file}: round ${r} is ${result?.[1] ?? '(no result)'} but its summary says ${want}`);
      games.push({ round: r, text: chunk.replace(/\s*$/, '\n\n') });
    }
  }
  const warnings: string[] = [];
  const absent = [...results.keys()].filter((r) => !from.has(r));
  if (absent.length > 0)
    warnings.push(`${absent.length} game(s) of the summaries are in none of the PGN files (first: round ${Math.min(...absent)})`);
  games.sort((a, b) => a.round - b.round);
  return { text: games.map((g) => g.text).join(''), warnings };
}

/** The command; returns the exit code. */
export function runMerge(request: MergeRequest, out: (line: string) => void, err: (text: string) => void): number {
  const { inputs, json: jsonOut, pgn: pgnOut } = request;
  const jsonFiles = inputs.filter((f) => !/\.pgn$/i.test(f));
  const pgnFiles = inputs.filter((f) => /\.pgn$/i.test(f));
  if (jsonFiles.length === 0) {
    err(`chuhan match: --merge needs the shards' JSON summaries (a PGN alone does not say which engines, options and openings played)\n`);
    return 2;
  }
  if (pgnFiles.length > 0 && pgnOut === undefined) {
    err(`chuhan match: --merge with PGN files needs --pgn OUT for the merged games\n`);
    return 2;
  }
  try {
    const shards = jsonFiles.map((f) => {
      let text: string;
      try {
        text = readFileSync(f, 'utf8');
      } catch (e) {
        throw new MergeError(`cannot read ${f}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
      }
      return readShard(f, text);
    });
    const merged = mergeShards(shards);
    for (const w of merged.warnings) err(`chuhan match: warning: ${w}\n`);
    if (pgnOut !== undefined) {
      const results = new Map(merged.tally.records.map((r) => [r.game.index + 1, r.result as string]));
      const texts = pgnFiles.map((f) => {
        try {
          return { file: f, text: readFileSync(f, 'utf8') };
        } catch (e) {
          throw new MergeError(`cannot read ${f}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
        }
      });
      const pgn = mergePgn(texts, results);
      for (const w of pgn.warnings) err(`chuhan match: warning: ${w}\n`);
      writeFileSync(pgnOut, pgn.text);
    }
    if (jsonOut !== undefined) writeFileSync(jsonOut, JSON.stringify(merged.json, null, 2) + '\n');
    out(`merged ${shards.length} shard(s): ${merged.tally.played} of ${String(merged.json.gamesTotal)} games`);
    for (const line of summaryText(merged.json, merged.tally)) out(line);
    if (merged.sequential) out(`  SPRT in schedule order: ${merged.sequential.decision} accepted after ${merged.sequential.games} games`);
    return 0;
  } catch (e) {
    if (!(e instanceof MergeError)) throw e;
    err(`chuhan match: ${e.message}\n`);
    return 1;
  }
}
