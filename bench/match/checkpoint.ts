// The `--json` summary as a checkpoint. It is rewritten after every finished game, through a
// temporary file and a rename, so that a runner killed at any moment (`kill -9`, a lost machine)
// leaves the summary of the games finished so far, never half a file; `--resume` continues from it
// alone when the PGN is gone, and `--merge` combines shards from it.
//
// What it takes to continue a match exactly is small: which games of the schedule are finished
// (with concurrency they finish out of order) and the result and termination of each, from which
// every count follows (W/D/L by engine and pairing, results by colour, terminations, failures, the
// pentanomial pairs, so the SPRT); and each engine's figures that do not follow from results
// (moves, thinking time, ponder hits and misses, stops, memory), carried as sums, maxima and the
// memory of its first and last game by round. The games are `finished`: the rounds as ranges
// ("1-40,43,45-46") and one character per game, in round order, for its result and termination
// (outcomeCode): 20,000 games take 20 kB.
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import {
  emptySideStats,
  isTermination,
  TERMINATIONS,
  type EngineFigures,
  type Result,
  type RssAt,
  type SideStats,
  type Termination,
} from './game';
import { sideFrom, type GameRecord } from './record';
import type { ScheduledGame } from './schedule';

/**
 * The character of a game is OUTCOME_ALPHABET at 3 × (its termination's place in TERMINATIONS,
 * an order fixed for this) + (its result's place in RESULTS): room for 21 terminations.
 */
const RESULTS: readonly Result[] = ['1-0', '0-1', '1/2-1/2'];
const OUTCOME_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** One character for a game's result and termination. */
export function outcomeCode(result: Result, termination: Termination): string {
  const t = TERMINATIONS.indexOf(termination);
  const r = RESULTS.indexOf(result);
  if (t < 0 || r < 0) throw new Error(`no code for ${result} by ${termination}`);
  return OUTCOME_ALPHABET[t * 3 + r];
}

/** The result and termination a character stands for, or null when it stands for none. */
export function decodeOutcome(code: string): { result: Result; termination: Termination } | null {
  const i = OUTCOME_ALPHABET.indexOf(code);
  if (code.length !== 1 || i < 0 || i >= TERMINATIONS.length * 3) return null;
  return { result: RESULTS[i % 3], termination: TERMINATIONS[Math.floor(i / 3)] };
}

/** Ascending round numbers as ranges: [1, 2, 3, 5] → "1-3,5". */
export function formatRounds(rounds: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < rounds.length; ) {
    let j = i;
    while (j + 1 < rounds.length && rounds[j + 1] === rounds[j] + 1) j++;
    parts.push(j === i ? String(rounds[i]) : `${rounds[i]}-${rounds[j]}`);
    i = j + 1;
  }
  return parts.join(',');
}

/** The rounds of formatRounds' text, ascending; throws on anything else. */
export function parseRounds(text: string): number[] {
  const out: number[] = [];
  if (text.trim() === '') return out;
  for (const part of text.split(',')) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    const from = m ? Number(m[1]) : NaN;
    const to = m?.[2] !== undefined ? Number(m[2]) : from;
    if (!m || from < 1 || to < from || (out.length > 0 && from <= out[out.length - 1])) {
      throw new Error(`'${part}' is not a range of rounds in ascending order`);
    }
    for (let r = from; r <= to; r++) out.push(r);
  }
  return out;
}

/** A finished game as a summary gives it. */
export interface SummaryGame {
  round: number;
  result: Result;
  termination: Termination;
  /** Red and Black by name, and each side's figures: only in the `games` list of older summaries. */
  players?: [string, string];
  red?: SideStats;
  black?: SideStats;
  plies?: number;
}

/** The `finished` field of a summary: the games in round order. */
export function finishedField(games: ReadonlyArray<{ round: number; result: Result; termination: Termination }>): {
  rounds: string;
  results: string;
} {
  const sorted = games.slice().sort((a, b) => a.round - b.round);
  return { rounds: formatRounds(sorted.map((g) => g.round)), results: sorted.map((g) => outcomeCode(g.result, g.termination)).join('') };
}

/** The games of a `finished` field; throws with the problem. */
export function gamesOfFinished(finished: unknown): SummaryGame[] {
  const f = finished as { rounds?: unknown; results?: unknown } | null;
  const codes = f?.results;
  if (typeof f?.rounds !== 'string' || typeof codes !== 'string') throw new Error('its finished games are not rounds and results');
  const rounds = parseRounds(f.rounds);
  if (rounds.length !== codes.length) throw new Error(`its finished games have ${rounds.length} rounds but ${codes.length} results`);
  return rounds.map((round, i) => {
    const outcome = decodeOutcome(codes[i]);
    if (!outcome) throw new Error(`round ${round} has the result code '${codes[i]}', which stands for none`);
    return { round, ...outcome };
  });
}

const RESULT_SET: ReadonlySet<string> = new Set(RESULTS);

/** A game of the `games` list of a summary written before `finished` existed. */
function legacyGame(g: Record<string, unknown>): SummaryGame {
  const round = g.round as number;
  if (!Number.isInteger(round) || round < 1 || !RESULT_SET.has(g.result as string)) {
    throw new Error(`a game entry has no usable round or result (${JSON.stringify(g).slice(0, 80)})`);
  }
  const num = (name: string) => (typeof g[name] === 'number' && Number.isFinite(g[name]) ? (g[name] as number) : undefined);
  return {
    round,
    result: g.result as Result,
    termination: g.termination as Termination,
    players: [String(g.red), String(g.black)],
    red: sideFrom((suffix) => num('red' + suffix)),
    black: sideFrom((suffix) => num('black' + suffix)),
    plies: num('plies') ?? 0,
  };
}

/**
 * The finished games of a summary and each engine's figures over them (in engine order); null
 * figures for an older summary, whose `games` list carries each game's. Throws with the problem.
 */
export function summaryGames(
  raw: Record<string, unknown>,
  names: readonly string[],
): { games: SummaryGame[]; figures: EngineFigures[] | null } {
  if (raw.finished === undefined && Array.isArray(raw.games)) {
    return { games: (raw.games as Array<Record<string, unknown>>).map(legacyGame), figures: null };
  }
  const games = gamesOfFinished(raw.finished);
  const entries = Array.isArray(raw.engines) ? (raw.engines as Array<Record<string, unknown>>) : [];
  const figures = names.map((name, i) => {
    const f = entries[i]?.name === name ? figuresOfEntry(entries[i]) : null;
    if (!f) throw new Error(`it has no figures for engine ${i + 1} (${name})`);
    return f;
  });
  return { games, figures };
}

/** The record of a summary's game in `schedule`, or why it is not a game of it. */
export function recordOfGame(
  g: SummaryGame,
  schedule: readonly ScheduledGame[],
  names: readonly string[],
): { record: GameRecord } | { error: string } {
  const game = schedule[g.round - 1];
  if (!game) return { error: `round ${g.round} is beyond the match's ${schedule.length} games` };
  if (g.players && (g.players[0] !== names[game.red] || g.players[1] !== names[game.black])) {
    return { error: `round ${g.round} was ${g.players[0]} - ${g.players[1]}, the schedule has ${names[game.red]} - ${names[game.black]}` };
  }
  if (!isTermination(g.termination))
    return { error: `round ${g.round} has the termination '${g.termination}', which this runner does not know` };
  const none = emptySideStats();
  return {
    record: {
      game,
      result: g.result,
      termination: g.termination,
      reason: '',
      red: g.red ?? none,
      black: g.black ?? none,
      plies: g.plies ?? 0,
    },
  };
}

/** An engine's figures as its entry in a summary gives them (Tally.toJson), or null if it has none. */
function figuresOfEntry(entry: Record<string, unknown>): EngineFigures | null {
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  const moves = num(entry.moves);
  const timeMs = num(entry.timeMs);
  if (moves === null || timeMs === null) return null;
  const memory = entry.memory as Record<string, unknown> | null | undefined;
  const at = (round: unknown, kb: unknown): RssAt | null =>
    num(round) !== null && num(kb) !== null ? { round: num(round)!, kb: num(kb)! } : null;
  return {
    moves,
    time: timeMs,
    clockMs: num(entry.clockMs) ?? 0,
    clockUsed: num(entry.clockUsedMs) ?? 0,
    ponderHits: num(entry.ponderHits) ?? 0,
    ponderMisses: num(entry.ponderMisses) ?? 0,
    stops: num(entry.stops) ?? 0,
    maxStopMs: num(entry.slowestStopMs) ?? 0,
    stopsUnanswered: num(entry.stopsUnanswered) ?? 0,
    maxRssKb: memory ? num(memory.maxKb) : null,
    firstRss: memory ? at(memory.firstRound, memory.firstGameKb) : null,
    lastRss: memory ? at(memory.lastRound, memory.lastGameKb) : null,
  };
}

/**
 * Writes `text` to `path` so that a reader (or a runner killed meanwhile) sees either the old file
 * or the new one: a temporary file in the same folder, flushed to disk, renamed over `path`. The
 * folder is not synced: a rename lost in a power cut leaves the previous summary, one game behind,
 * which resumes just as well.
 */
export function writeFileAtomic(path: string, text: string): void {
  const tmp = `${path}.tmp-${process.pid}`;
  const fd = openSync(tmp, 'w');
  try {
    writeFileSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}
