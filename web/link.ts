// A link to a position: the page's address with `?fen=…&moves=…` (the start FEN, left out for the
// initial position, and the moves in ICCS separated by spaces). Opening such a link shows that
// position for analysis; moves may be written in any notation the core reads.
import { START_FEN, parseFen, parseMoveText, toFen } from '../engine/index';
import { GameRecord } from './game';
import { reasonOf, t } from './i18n';

/** The link to the position after `moves` from `startFen`. */
export function positionLink(base: string, startFen: string, moves: readonly string[]): string {
  const url = new URL(base);
  url.search = '';
  url.hash = '';
  if (startFen !== toFen(parseFen(START_FEN))) url.searchParams.set('fen', startFen);
  if (moves.length > 0) url.searchParams.set('moves', moves.join(' '));
  return url.toString();
}

/**
 * The game a link's query describes, or null when it names none. A bad FEN or move is reported
 * through `problem` (what writes the message, in the page's language); the moves before a bad one are kept.
 */
export function gameFromLink(search: string, problem: (text: () => string) => void): GameRecord | null {
  const params = new URLSearchParams(search);
  const fen = params.get('fen');
  const moves = params.get('moves');
  if (fen === null && moves === null) return null;
  let game: GameRecord;
  try {
    game = new GameRecord(fen ?? START_FEN);
  } catch (e) {
    problem(() => t('notice.linkFen', { reason: reasonOf(e) }));
    return null;
  }
  const words = (moves ?? '').split(/[\s,]+/).filter((w) => w !== '');
  for (let i = 0; i < words.length; i++) {
    try {
      game.play(parseMoveText(game.current, words[i]));
    } catch {
      const move = words[i];
      const n = i + 1;
      problem(() => t('notice.linkMove', { n, move }));
      break;
    }
  }
  return game;
}
