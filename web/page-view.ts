// The page's status displays, drawn from its state: the two player rows beside the board (names,
// whose move, the clocks), the status line, and which buttons are on (modes, take back, resign,
// stepping through the game, the Move field's hint).
import { RED } from '../engine/index';
import { $ } from './dom';
import { formatClock } from './game-clock';
import { t } from './i18n';
import { endText, judgedEnd } from './results';
import type { PageState } from './state';

export function renderPlayers(s: PageState): void {
  const play = s.mode === 'play' ? s.play : null;
  const now = performance.now();
  const names = s.names();
  const toMove = s.viewPos().side;
  for (const [id, side] of [
    ['player-top', s.settings.flipped ? RED : 1],
    ['player-bottom', s.settings.flipped ? 1 : RED],
  ] as const) {
    const row = $(id);
    row.classList.toggle('red', side === RED);
    row.classList.toggle('black', side !== RED);
    row.classList.toggle('to-move', s.end === null && toMove === side && s.cursor === s.game.length);
    (row.querySelector('.name') as HTMLElement).textContent = names[side];
    const clock = row.querySelector('.clock') as HTMLElement;
    if (play === null) {
      clock.textContent = '';
      clock.hidden = true;
      continue;
    }
    clock.hidden = false;
    const engineSide = play.human ^ 1;
    const timed = play.clock.timed(side, engineSide);
    const left = play.clock.timeLeft(side, now);
    clock.textContent = timed ? formatClock(left) : '–';
    clock.classList.toggle('running', play.clock.running === side);
    clock.classList.toggle('low', timed && play.clock.control.kind === 'increment' && left < 20_000);
    clock.setAttribute('aria-label', t('clock.label', { name: names[side], time: timed ? formatClock(left) : t('clock.none') }));
  }
}

export function renderStatus(s: PageState): void {
  const status = $('status');
  const names = s.names();
  const viewEnd = s.mode === 'analysis' ? judgedEnd(s.game.judgementAt(s.cursor), s.viewPos().side) : null;
  let text: string;
  if (s.end !== null) text = endText(s.end);
  else if (viewEnd !== null) text = endText(viewEnd);
  else if (s.mode === 'play' && s.play !== null) {
    const side = s.game.current.side;
    text = side === s.play.human ? t('status.yourMove', { side: t(side === RED ? 'side.red' : 'side.black') }) : t('status.thinking');
    if (s.cursor !== s.game.length) text = t('status.showing', { status: text, n: s.cursor, total: s.game.length });
  } else {
    text = t('status.analysis', { name: names[s.viewPos().side] });
  }
  status.textContent = text;
  status.classList.toggle('over', s.end !== null || viewEnd !== null);
}

export function renderControls(s: PageState): void {
  const play = s.mode === 'play';
  $('mode-play').setAttribute('aria-pressed', String(play));
  $('mode-analysis').setAttribute('aria-pressed', String(!play));
  document.body.classList.toggle('analysis', !play);
  ($('takeback') as HTMLButtonElement).disabled =
    !play || s.play === null || !s.game.moves.some((_, i) => s.game.sideAt(i) === s.play!.human);
  ($('resign') as HTMLButtonElement).disabled = !play || s.end !== null;
  $('resign').hidden = !play;
  $('takeback').hidden = !play;
  ($('nav-first') as HTMLButtonElement).disabled = s.cursor === 0;
  ($('nav-prev') as HTMLButtonElement).disabled = s.cursor === 0;
  ($('nav-next') as HTMLButtonElement).disabled = s.cursor === s.game.length;
  ($('nav-last') as HTMLButtonElement).disabled = s.cursor === s.game.length;
  $('analyse-toggle').hidden = play;
  ($('analyse-on') as HTMLInputElement).checked = s.settings.analyse;
  ($('move-input') as HTMLInputElement).placeholder = s.mayMove() ?? t('move.placeholder');
}
