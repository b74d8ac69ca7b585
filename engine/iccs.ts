// ICCS move strings: `h2e2` (UCCI), also read in the PGN form `H2-E2`.

import { isLegalMove } from './movegen';
import { Position } from './position';
import { type Move, fileOf, makeMove, makeSquare, moveFrom, moveTo, rankOf } from './types';

export type MoveErrorCode = 'malformed' | 'illegal';

export class MoveError extends Error {
  constructor(
    readonly code: MoveErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'MoveError';
  }
}

const ICCS_RE = /^([a-i])([0-9])-?([a-i])([0-9])$/;

/** Reads the squares of an ICCS string without looking at a position; returns 0 if malformed. */
export function iccsToMoveUnchecked(text: string): Move {
  const m = ICCS_RE.exec(text.trim().toLowerCase());
  if (!m) return 0;
  const from = makeSquare(m[1].charCodeAt(0) - 97, Number(m[2]));
  const to = makeSquare(m[3].charCodeAt(0) - 97, Number(m[4]));
  if (from === to) return 0;
  return makeMove(from, to);
}

/** Parses an ICCS move and checks that it is legal in `pos`. Throws MoveError. */
export function parseIccs(pos: Position, text: string): Move {
  const move = iccsToMoveUnchecked(text);
  if (move === 0) throw new MoveError('malformed', `'${text}' is not an ICCS move (like h2e2)`);
  if (!isLegalMove(pos, move)) throw new MoveError('illegal', `'${text}' is not a legal move in this position`);
  return move;
}

export function moveToIccs(move: Move): string {
  const from = moveFrom(move);
  const to = moveTo(move);
  return String.fromCharCode(97 + fileOf(from)) + rankOf(from) + String.fromCharCode(97 + fileOf(to)) + rankOf(to);
}
