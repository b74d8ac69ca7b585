// Repetition inside the search tree. A position that occurred before (the game's moves before
// the root included) with the same side to move is scored at its first recurrence by the
// Asian rules in rules.ts, judged over every move since the position's first occurrence (the
// game's earlier occurrences included): the side that checked (or, failing that, chased) with
// every move loses; otherwise it is a draw. Rule wins are scored below the mate range, so
// they never pose as a forced mate, and nearer ones are preferred.

import { Position } from './position';
import { repetitionVerdict } from './rules';
import { DRAW, RULE_WIN } from './search-params';

/** Score of a repetition for the side to move, or null when the position is not a repetition. */
export function repetitionScore(pos: Position, ply: number): number | null {
  const v = repetitionVerdict(pos);
  if (v === 'none') return null;
  if (v === 'draw') return DRAW;
  return v === 'win' ? RULE_WIN - ply : -RULE_WIN + ply;
}
