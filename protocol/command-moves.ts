// Lists of moves in a command (`banmoves`, `go searchmoves`), read against the position: the legal
// ones, and one message for all the others however many there are, so that a line of a megabyte
// of junk draws one line of output, not hundreds of thousands.
import { parseIccs, type Position } from '../engine/index';
import { clip } from './report';

/** How many of the unusable tokens a message names before it counts the rest. */
const NAMED = 3;

interface MoveList {
  /** The legal moves, each once, in the order given. */
  moves: number[];
  /** The message about the tokens that are not legal moves here, or null when there are none. */
  message: string | null;
}

/** Reads `tokens` as moves in `pos` (`readMove` turns a token into ICCS); `what` names the command in the message. */
export function readMoveList(pos: Position, tokens: readonly string[], readMove: (t: string) => string, what: string): MoveList {
  const moves: number[] = [];
  const bad: string[] = [];
  // Each distinct token is read once (a line may repeat one a hundred thousand times).
  const read = new Map<string, number | null>();
  for (const t of tokens) {
    let m = read.get(t);
    if (m === undefined) {
      try {
        m = parseIccs(pos, readMove(t));
      } catch {
        m = null;
      }
      read.set(t, m);
    }
    if (m === null) bad.push(t);
    else if (!moves.includes(m)) moves.push(m);
  }
  return { moves, message: bad.length === 0 ? null : badMovesMessage(what, bad) };
}

function badMovesMessage(what: string, bad: string[]): string {
  if (bad.length === 1) return `${what}: '${clip(bad[0])}' is not a legal move here; ignored`;
  const named = bad.slice(0, NAMED).map((t) => `'${clip(t)}'`);
  const more = bad.length - named.length;
  const list =
    more === 0 ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)}` : `${named.join(', ')} and ${more.toLocaleString('en-US')} more`;
  return `${what}: ${list} are not legal moves here; ignored`;
}
