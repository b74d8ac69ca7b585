// The move list ("Moves"): the game's moves numbered by full move in the chosen notation, each a
// button that shows its position (with its mark when the game is reviewed: ?!, ?, ??), the one
// shown marked and kept in view, then the result; and the
// other ways to step through the game (buttons and keys).
import { type PgnResult, RED } from '../engine/index';
import { $, h } from './dom';
import type { GameRecord, Notation } from './game';
import { type Mark, markBadge } from './review-view';

/** `marks` gives a reviewed move's mark (by ply, 1 for the first move), shown after it. */
export function renderMoveList(
  list: HTMLElement,
  game: GameRecord,
  cursor: number,
  notation: Notation,
  result: PgnResult,
  marks: (ply: number) => Mark | null = () => null,
): void {
  list.replaceChildren();
  const start = game.startSide;
  const fullmove0 = Number(game.startFen.split(/\s+/)[5] ?? '1') || 1;
  let li: HTMLLIElement | null = null;
  for (let i = 0; i < game.length; i++) {
    const side = start ^ (i & 1);
    if (li === null || side === RED) {
      const number = fullmove0 + Math.floor((i + (start === RED ? 0 : 1)) / 2);
      li = h('li');
      li.appendChild(h('span', { class: 'num' }, `${number}.`));
      if (side !== RED) li.appendChild(h('span', { class: 'move empty' }, '…'));
      list.appendChild(li);
    }
    const b = h('button', { type: 'button', class: 'move', 'data-ply': String(i + 1) }, game.texts[i][notation]);
    const mark = marks(i + 1);
    if (mark !== null) {
      b.appendChild(markBadge(mark));
      b.dataset.mark = mark;
    }
    if (i + 1 === cursor) b.setAttribute('aria-current', 'true');
    li.appendChild(b);
  }
  if (result !== '*') list.appendChild(h('li', { class: 'result' }, result));
  const current = list.querySelector<HTMLElement>('[aria-current="true"]');
  if (current !== null) {
    const top = current.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - current.offsetHeight)
      list.scrollTop = top - list.clientHeight / 2;
  } else if (cursor === 0) list.scrollTop = 0;
}

/**
 * Stepping through the game: a click on a move of the list, the « ‹ › » buttons, and the arrow,
 * Home and End keys (not while typing in a field). `goTo` gets the ply, not yet clamped.
 */
export function setUpNavigation(cursor: () => number, length: () => number, goTo: (ply: number) => void): void {
  $('moves').addEventListener('click', (e) => {
    const b = (e.target as HTMLElement).closest<HTMLElement>('button[data-ply]');
    if (b !== null) goTo(Number(b.dataset.ply));
  });
  $('nav-first').addEventListener('click', () => goTo(0));
  $('nav-prev').addEventListener('click', () => goTo(cursor() - 1));
  $('nav-next').addEventListener('click', () => goTo(cursor() + 1));
  $('nav-last').addEventListener('click', () => goTo(length()));
  document.addEventListener('keydown', (e) => {
    const t = e.target as HTMLElement;
    if (t.closest('input, textarea, select') !== null || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'ArrowLeft') goTo(cursor() - 1);
    else if (e.key === 'ArrowRight') goTo(cursor() + 1);
    else if (e.key === 'Home') goTo(0);
    else if (e.key === 'End') goTo(length());
    else return;
    e.preventDefault();
  });
}
