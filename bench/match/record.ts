// A finished game as a PGN game and back. Besides the usual tags, the runner writes what it needs
// to resume a match: Round (the game's place in the schedule), Termination, and the engines'
// thinking time (RedTimeMs/RedMoves, BlackTimeMs/BlackMoves). The explanation of the result
// is the comment after the last move.
import type { GameOutcome, Result, Termination } from './game';
import { writePgn, type PgnFormat, type PgnGame } from '../../engine/pgn';
import type { GameRecord } from './summary';
import type { ScheduledGame } from './schedule';

export interface RecordMeta {
  event: string;
  site: string;
  /** yyyy.mm.dd */
  date: string;
  timeControl: string;
  names: readonly string[];
  openingNames: readonly string[];
}

export function pgnDate(d = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}.${p(d.getMonth() + 1)}.${p(d.getDate())}`;
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
  tags.push(
    ['TimeControl', meta.timeControl],
    ['Termination', outcome.termination],
    ['PlyCount', String(outcome.moves.length)],
    ['RedMoves', String(outcome.red.moves)],
    ['RedTimeMs', String(Math.round(outcome.red.time))],
    ['BlackMoves', String(outcome.black.moves)],
    ['BlackTimeMs', String(Math.round(outcome.black.time))],
  );
  return {
    tags,
    fen: outcome.fen,
    moves: outcome.moves,
    result: outcome.result,
    comments: [{ ply: outcome.moves.length, text: outcome.reason }],
  };
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
  const num = (name: string) => {
    const v = Number(tag(name));
    return Number.isFinite(v) ? v : 0;
  };
  return {
    record: {
      game,
      result: pgn.result as Result,
      termination: (tag('Termination') ?? 'checkmate') as Termination,
      reason: '',
      red: { moves: num('RedMoves'), time: num('RedTimeMs') },
      black: { moves: num('BlackMoves'), time: num('BlackTimeMs') },
      plies: pgn.moves.length,
    },
  };
}
