// `--resume`: the games already finished count, and only the others are played. They are read
// from the PGN file and from the JSON summary (checkpoint.ts), whichever there are:
//   - the PGN: a game cut short while being written (the runner was killed) is dropped, and the
//     file is rewritten without it so that new games append cleanly; games of another match
//     (other players in a round) are refused;
//   - the summary: refused when it is of another match (the message names the identity field that
//     differs, as a merge does) or of another shard;
//   - both: the one holding the other's games and more is taken (the runner writes the PGN first,
//     so a kill between the two leaves the PGN one game ahead; a PGN deleted or cut short leaves
//     the summary ahead). They must agree on the games they share, and two files that each hold
//     games the other lacks are refused: they are not one run.
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { parsePgn, type PgnGame } from '../../engine/pgn';
import { formatRounds, recordOfGame, summaryGames } from './checkpoint';
import { identityDifference, type MatchIdentity } from './identity';
import { recordFromPgn } from './record';
import type { ScheduledGame } from './schedule';
import type { Shard } from './shard';
import type { EngineFigures } from './game';
import type { GameRecord } from './record';

interface ResumeState {
  records: GameRecord[];
  /** Problems met (dropped fragments, games of another match), for the user. */
  warnings: string[];
}

/** Splits a PGN text into games at each `[Game ` tag line (the runner's games start with it). */
function chunks(text: string): string[] {
  const parts = text.split(/(?=^\[Game\s)/m);
  return parts.filter((p) => p.trim() !== '');
}

function loadResume(path: string, schedule: readonly ScheduledGame[], names: readonly string[]): ResumeState {
  const state: ResumeState = { records: [], warnings: [] };
  if (!existsSync(path)) return state;
  const text = readFileSync(path, 'utf8');
  const keep: string[] = [];
  const seen = new Set<number>();
  let dropped = false;
  for (const chunk of chunks(text)) {
    let games: PgnGame[] = [];
    let problem = '';
    try {
      games = parsePgn(chunk);
    } catch (e) {
      problem = e instanceof Error ? e.message : String(e);
    }
    const complete = /(1-0|0-1|1\/2-1\/2)\s*$/.test(chunk);
    if (problem !== '' || games.length !== 1 || !complete) {
      state.warnings.push(
        complete && problem !== ''
          ? `dropped an unreadable game: ${problem}`
          : 'dropped an incomplete game (the runner was stopped while writing it)',
      );
      dropped = true;
      continue;
    }
    const r = recordFromPgn(games[0], schedule, names);
    if ('error' in r) {
      throw new Error(`cannot resume from ${path}: ${r.error}`);
    }
    const round = r.record.game.index + 1;
    if (seen.has(round)) {
      state.warnings.push(`round ${round} appears twice; the first is kept`);
      dropped = true;
      continue;
    }
    seen.add(round);
    keep.push(chunk.replace(/\s*$/, '\n\n'));
    state.records.push(r.record);
  }
  if (dropped) writeFileSync(path, keep.join(''));
  return state;
}

/** A summary file to resume from, read and checked against this run; null when there is none. */
function loadSummary(
  path: string,
  identity: MatchIdentity,
  shard: Shard | null,
  schedule: readonly ScheduledGame[],
  names: readonly string[],
): { records: GameRecord[]; figures: EngineFigures[] | null } | null {
  if (!existsSync(path) || statSync(path).size === 0) return null;
  const refuse = (why: string) => new Error(`cannot resume from ${path}: ${why}`);
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  } catch (e) {
    throw refuse(`it is not JSON (${e instanceof Error ? e.message : e})`);
  }
  if (raw === null || typeof raw !== 'object' || !raw.identity || (raw.finished === undefined && !Array.isArray(raw.games))) {
    throw refuse('it is not a match summary with its games');
  }
  const diff = identityDifference(raw.identity as MatchIdentity, identity);
  if (diff) throw refuse(`it is the summary of another match: ${diff} (the summary's vs this run's)`);
  const theirs = (raw.shard as Shard | null) ?? null;
  const shardText = (s: Shard | null) => (s ? `shard ${s.k}/${s.n}` : 'the whole match');
  if (shardText(theirs) !== shardText(shard)) throw refuse(`it is the summary of ${shardText(theirs)}, this run plays ${shardText(shard)}`);
  let read: ReturnType<typeof summaryGames>;
  try {
    read = summaryGames(raw, names);
  } catch (e) {
    throw refuse(e instanceof Error ? e.message : String(e));
  }
  const records = read.games.map((g) => {
    const r = recordOfGame(g, schedule, names);
    if ('error' in r) throw refuse(r.error);
    return r.record;
  });
  return { records, figures: read.figures };
}

/** What a resumed match starts from. */
interface Resumed {
  records: GameRecord[];
  /** Each engine's figures over the records, when they come from a summary (the records have none). */
  figures: EngineFigures[] | null;
  /** The file(s) the games come from, for the message. */
  source: string;
  /** For the user: dropped fragments, files behind the other. */
  warnings: string[];
}

/** The rounds of records, ascending. */
const roundsOf = (records: readonly GameRecord[]) => records.map((r) => r.game.index + 1).sort((a, b) => a - b);

/** The games finished so far, from `pgn` and `json` (see the file comment). Throws with the reason to refuse. */
export function resumeMatch(
  files: { pgn?: string; json?: string },
  identity: MatchIdentity | null,
  shard: Shard | null,
  schedule: readonly ScheduledGame[],
  names: readonly string[],
): Resumed {
  const pgn = files.pgn ? loadResume(files.pgn, schedule, names) : null;
  const warnings = pgn ? pgn.warnings.map((w) => `${files.pgn}: ${w}`) : [];
  const summary = files.json && identity ? loadSummary(files.json, identity, shard, schedule, names) : null;
  const fromPgn: Resumed = { records: pgn?.records ?? [], figures: null, source: files.pgn ?? '', warnings };
  if (!summary) return fromPgn;
  const fromSummary: Resumed = { records: summary.records, figures: summary.figures, source: files.json!, warnings };
  if (!pgn || pgn.records.length === 0) {
    if (files.pgn && summary.records.length > 0) {
      const state = existsSync(files.pgn) ? 'has none of them' : 'is not there';
      warnings.push(
        `${files.pgn} ${state}: the ${summary.records.length} finished games count from ${files.json}, and the PGN holds the games played from now`,
      );
    }
    return fromSummary;
  }
  const inSummary = new Map(summary.records.map((r) => [r.game.index + 1, r.result]));
  const inPgn = new Map(pgn.records.map((r) => [r.game.index + 1, r.result]));
  for (const [round, result] of inPgn) {
    const other = inSummary.get(round);
    if (other !== undefined && other !== result)
      throw new Error(`cannot resume: round ${round} is ${result} in ${files.pgn} but ${other} in ${files.json}`);
  }
  const onlyPgn = roundsOf(pgn.records).filter((r) => !inSummary.has(r));
  const onlySummary = roundsOf(summary.records).filter((r) => !inPgn.has(r));
  if (onlyPgn.length > 0 && onlySummary.length > 0) {
    throw new Error(
      `cannot resume: ${files.pgn} and ${files.json} are not of one run (rounds ${formatRounds(onlyPgn)} only in the PGN, ` +
        `${formatRounds(onlySummary)} only in the summary); move one of them away to resume from the other`,
    );
  }
  if (onlySummary.length > 0) {
    warnings.push(
      `${files.pgn} lacks ${onlySummary.length} of the finished games (rounds ${formatRounds(onlySummary)}): they count from ${files.json}`,
    );
    return fromSummary;
  }
  return { ...fromPgn, source: `${files.pgn} and ${files.json}` };
}
