// The field labelled "Move": a move typed in ICCS (`h2e2`), WXF (`C2.5`) or Chinese (`炮二平五`) and
// played with Enter, for the keyboard (and the page's tests). Text that is no move here, or a move
// when none may be played, is explained under the field.
import { MoveError, type Position, parseMoveText } from '../engine/index';
import { $ } from './dom';
import { t } from './i18n';

interface MoveEntryHost {
  /** Why no move may be played now, or null. */
  mayMove(): string | null;
  /** The position the move is played in. */
  position(): Position;
  play(move: number): void;
}

export function setUpMoveEntry(host: MoveEntryHost): void {
  const input = $('move-input') as HTMLInputElement;
  const error = $('move-error');
  $('move-form').addEventListener('submit', (e) => {
    e.preventDefault();
    error.textContent = '';
    const text = input.value.trim();
    if (text === '') return;
    const why = host.mayMove();
    if (why !== null) {
      error.textContent = why;
      return;
    }
    let move: number;
    try {
      move = parseMoveText(host.position(), text);
    } catch (err) {
      error.textContent = t(err instanceof MoveError && err.code === 'illegal' ? 'move.illegal' : 'move.malformed', { text });
      return;
    }
    input.value = '';
    host.play(move);
  });
}
