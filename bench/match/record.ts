// A finished game as a PGN game and back. Besides the usual tags, the runner writes what it needs
// to resume a match: Round (the game's place in the schedule), Termination, and the engines'
// thinking time (RedTimeMs/RedMoves, BlackTimeMs/BlackMoves) and, where there is something to
// say, the figures of SIDE_FIGURES (ponder hits and misses, stops, memory). Each engine move has a
// comment as cutechess writes it, `{+0.35/12 0.236s}`: the engine's last exact score from its own
// side (pawns, `+M5` a mate in 5 moves), its depth and its time. The
// explanation of the result is the last comment, after the last move.
import { emptySideStats, isTermination, type GameOutcome, type MoveThought, type Result, type SideStats, type Termination } from './game';
import { pliesToMoves } from '../../engine/limits';
import { writePgn, type PgnComment, type PgnFormat, type PgnGame } from '../../engine/pgn';
import type { ScheduledGame } from './schedule';

export interface RecordMeta {
  event: string;
  site: string;
  /** yyyy.mm.dd */
  date: string;
  timeControl: string;
  /** Each engine's own clock (`tc=`), by engine index, when one has one: written as RedTimeControl and BlackTimeControl. */
  clocks?: readonly string[];
  names: readonly string[];
  openingNames: readonly string[];
}

/** A finished game as the match tallies it, resumes it and merges it. */
export interface GameRecord {
  game: ScheduledGame;
  result: Result;
  termination: Termination;
  reason: string;
  red: SideStats;
  black: SideStats;
  /** Plies in the game, opening included. */
  plies: number;
}

/**
 * The per-side figures of a game beyond moves and time, as tag suffixes (`RedPonderHits`), and as
 * the game fields of older JSON summaries (`redPonderHits`, checkpoint.ts reads them). Tags are
 * written only when non-zero (measured); a missing tag or field reads as 0 (the memory as not
 * measured).
 */
const SIDE_FIGURES: ReadonlyArray<[string, Exclude<keyof SideStats, 'moves' | 'time'>]> = [
  ['ClockMs', 'clockMs'],
  ['PonderHits', 'ponderHits'],
  ['PonderMisses', 'ponderMisses'],
  ['Stops', 'stops'],
  ['StopMaxMs', 'maxStopMs'],
  ['StopsUnanswered', 'stopsUnanswered'],
  ['MaxRssKb', 'maxRssKb'],
];

const round1 = (x: number) => Math.round(x * 10) / 10;

/** The figures of one side as `[suffix, value]`, those with something to say. */
function sideFigures(s: SideStats): Array<[string, number]> {
  const out: Array<[string, number]> = [];
  for (const [suffix, key] of SIDE_FIGURES) {
    const v = s[key];
    if (v !== null && v !== 0) out.push([suffix, round1(v)]);
  }
  return out;
}

/** A side's stats from the values `read` gives for `Moves`, `TimeMs` and each figure suffix. */
export function sideFrom(read: (suffix: string) => number | undefined): SideStats {
  const s = emptySideStats();
  s.moves = read('Moves') ?? 0;
  s.time = read('TimeMs') ?? 0;
  for (const [suffix, key] of SIDE_FIGURES) {
    const v = read(suffix);
    if (key === 'maxRssKb') s.maxRssKb = v ?? null;
    else s[key] = v ?? 0;
  }
  return s;
}

export function pgnDate(d = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}.${p(d.getMonth() + 1)}.${p(d.getDate())}`;
}

/** The comment on an engine's move: `+0.35/12 0.236s`, without the score or depth it did not report. */
function moveComment(t: MoveThought): string {
  const time = `${Math.round(t.ms) / 1000}s`;
  const s = t.score;
  if (s === undefined) return time;
  let score: string;
  if (s.kind === 'cp') score = `${s.cp >= 0 ? '+' : '-'}${(Math.abs(s.cp) / 100).toFixed(2)}`;
  else {
    const m = pliesToMoves(s.plies);
    // A mate (or rule result) on the board at the root (0 plies) is a loss for the side to move.
    score = `${s.plies > 0 ? '+' : '-'}${s.kind === 'mate' ? 'M' : 'R'}${Math.abs(m)}`;
  }
  return `${score}${t.depth !== undefined ? `/${t.depth}` : ''} ${time}`;
}

function toPgnGame(game: ScheduledGame, outcome: GameOutcome, meta: RecordMeta): PgnGame {
  const tags: Array<[string, string]> = [
    ['Event', meta.event],
    ['Site', meta.site],
    ['Date', meta.date],
    ['Round', String(game.index + 1)],
    ['Red', meta.names[game.red]],
    ['Black', meta.names[game.black]],
  ];
  const opening = meta.openingNames[game.opening];
  if (opening) tags.push(['Opening', opening]);
  tags.push(['TimeControl', meta.timeControl]);
  if (meta.clocks) tags.push(['RedTimeControl', meta.clocks[game.red]], ['BlackTimeControl', meta.clocks[game.black]]);
  tags.push(
    ['Termination', outcome.termination],
    ['PlyCount', String(outcome.moves.length)],
    ['RedMoves', String(outcome.red.moves)],
    ['RedTimeMs', String(Math.round(outcome.red.time))],
    ['BlackMoves', String(outcome.black.moves)],
    ['BlackTimeMs', String(Math.round(outcome.black.time))],
  );
  for (const [colour, side] of [
    ['Red', outcome.red],
    ['Black', outcome.black],
  ] as const) {
    for (const [suffix, v] of sideFigures(side)) tags.push([colour + suffix, String(v)]);
  }
  return {
    tags,
    fen: outcome.fen,
    moves: outcome.moves,
    result: outcome.result,
    comments: [...thoughtComments(outcome.thoughts), { ply: outcome.moves.length, text: outcome.reason }],
  };
}

function thoughtComments(thoughts: readonly MoveThought[]): PgnComment[] {
  const out: PgnComment[] = [];
  thoughts.forEach((t, i) => out.push({ ply: i + 1, text: moveComment(t) }));
  return out;
}

export function formatGame(game: ScheduledGame, outcome: GameOutcome, meta: RecordMeta, format: PgnFormat): string {
  return writePgn(toPgnGame(game, outcome, meta), format);
}

export function toRecord(game: ScheduledGame, outcome: GameOutcome): GameRecord {
  return {
    game,
    result: outcome.result,
    termination: outcome.termination,
    reason: outcome.reason,
    red: outcome.red,
    black: outcome.black,
    plies: outcome.moves.length,
  };
}

/**
 * A record from a game the runner wrote earlier, checked against the schedule; null with a
 * reason when it does not belong to this match.
 */
export function recordFromPgn(
  pgn: PgnGame,
  schedule: readonly ScheduledGame[],
  names: readonly string[],
): { record: GameRecord } | { error: string } {
  const tag = (name: string) => pgn.tags.find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
  const round = Number(tag('Round'));
  if (!Number.isInteger(round) || round < 1) return { error: `no usable Round tag ('${tag('Round')}')` };
  const game = schedule[round - 1];
  if (!game) return { error: `round ${round} is beyond this match's ${schedule.length} games` };
  if (tag('Red') !== names[game.red] || tag('Black') !== names[game.black]) {
    return { error: `round ${round} was ${tag('Red')} - ${tag('Black')}, this match has ${names[game.red]} - ${names[game.black]}` };
  }
  if (pgn.result === '*') return { error: `round ${round} has no result` };
  const termination = tag('Termination') ?? 'checkmate';
  if (!isTermination(termination)) return { error: `round ${round} has the termination '${termination}', which this runner does not know` };
  const num = (name: string) => {
    const t = tag(name);
    const v = Number(t);
    return t !== undefined && t.trim() !== '' && Number.isFinite(v) ? v : undefined;
  };
  return {
    record: {
      game,
      result: pgn.result as Result,
      termination,
      reason: '',
      red: sideFrom((suffix) => num('Red' + suffix)),
      black: sideFrom((suffix) => num('Black' + suffix)),
      plies: pgn.moves.length,
    },
  };
}
