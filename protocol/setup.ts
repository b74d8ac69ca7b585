// Builds the position a `position`/`probe` line describes: the FEN (read leniently, the way real
// GUIs write it) as the history root, then the moves made one by one so the history holds every
// position for the repetition rules. A bad FEN is an error (the caller keeps its old position);
// a bad move ends the list there, keeping the legal prefix, with a warning naming it.
import { FenError, MoveError, Position, START_FEN, parseFen, parseIccs, toFen, MAX_HISTORY } from '../engine/index';
import { clip } from './report';
import type { PositionText } from './parser';

/** Most moves kept from a `position` line, leaving room in the history for the search's plies. */
export const MAX_GAME_PLIES = MAX_HISTORY - 1024;

export interface BuiltPosition {
  /** The root FEN as the worker will read it again. */
  fen: string;
  moves: number[];
  /** The position after the moves. */
  pos: Position;
}

type SetupResult = { ok: true; built: BuiltPosition; warnings: string[] } | { ok: false; error: string; warnings: string[] };

/**
 * Rewrites the FEN fields the way the engine's reader wants them: board, side, `- -`, counters.
 * Tolerates what GUIs send: no counters, `r` for Red, glued `--`, the side fields written twice
 * (gmchess), counters out of range.
 */
function normalizeFen(fields: string[], warnings: string[]): string {
  const board = fields[0];
  const side = fields[1] ?? 'w';
  const numbers: number[] = [];
  for (const f of fields.slice(2)) {
    if (numbers.length === 2) break; // anything after the counters (gmchess repeats them)
    if (/^-+$/.test(f)) continue;
    if (/^\d+$/.test(f)) {
      numbers.push(Number(f));
      continue;
    }
    warnings.push(`FEN field '${clip(f)}' ignored`);
    break;
  }
  let halfmove = numbers[0] ?? 0;
  let fullmove = numbers[1] ?? 1;
  if (halfmove > 120) {
    warnings.push(`FEN half-move clock ${halfmove} is over 120; using 0`);
    halfmove = 0;
  }
  if (fullmove < 1 || fullmove > 100000) {
    warnings.push(`FEN move number ${fullmove} is out of range 1..100000; using 1`);
    fullmove = 1;
  }
  return `${board} ${side} - - ${halfmove} ${fullmove}`;
}

export function setupPosition(text: PositionText, what = 'position', readMove: (t: string) => string = (t) => t): SetupResult {
  const warnings: string[] = [];
  let pos: Position;
  try {
    pos = text.startpos ? parseFen(START_FEN) : parseFen(normalizeFen(text.fenFields, warnings), new Position(), { lenient: true });
  } catch (err) {
    const why = err instanceof FenError ? err.message : String(err);
    return { ok: false, error: `${what}: invalid FEN (${why}); the position is unchanged`, warnings };
  }
  const fen = toFen(pos);
  const moves: number[] = [];
  for (let i = 0; i < text.moves.length; i++) {
    const token = text.moves[i];
    if (moves.length >= MAX_GAME_PLIES) {
      warnings.push(`${what}: more than ${MAX_GAME_PLIES} moves; kept the first ${MAX_GAME_PLIES}`);
      break;
    }
    let move: number;
    try {
      move = parseIccs(pos, readMove(token));
    } catch (err) {
      const why = err instanceof MoveError ? err.message : String(err);
      warnings.push(`${what}: move ${i + 1} ${clip(why, 80)}; kept the ${i} move(s) before it`);
      break;
    }
    pos.make(move);
    moves.push(move);
  }
  return { ok: true, built: { fen, moves, pos }, warnings };
}
