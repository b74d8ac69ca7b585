// The engine panel: a summary of the search (depth, speed), its lines with their scores from Red's
// side in the chosen notation (in analysis each move a button that plays the line up to it), and
// the evaluation bar beside the board.
import type { Position } from '../engine/index';
import { $, h } from './dom';
import type { SearchInfo } from './engine-client';
import { type Notation, lineTexts } from './game';
import { formatScore, redScore, redShare } from './score';

/** PV moves shown per line. */
const PV_SHOWN = 10;

interface EngineView {
  mode: 'play' | 'analysis';
  /** Analysis is switched on. */
  analyse: boolean;
  /** Analysis searches the position shown (it does not when the game is over there). */
  analysing: boolean;
  /** A game review is running (analysis waits for it). */
  reviewing: boolean;
  /** A search of the engine's move is running. */
  thinking: boolean;
  /** The lines by MultiPV index (some may be missing), and the position searched. */
  lines: readonly SearchInfo[];
  pos: Position | null;
  notation: Notation;
  flipped: boolean;
  /** Plays the first moves of a line (analysis). */
  playLine(from: Position, iccs: string[]): void;
}

function formatSpeed(nps: number): string {
  return nps >= 1e6 ? `${(nps / 1e6).toFixed(1)} M nodes/s` : `${Math.round(nps / 1000)} k nodes/s`;
}

export function renderEngine(v: EngineView): void {
  const summary = $('engine-summary');
  const list = $('lines');
  list.replaceChildren();
  const pos = v.pos;
  const shown = v.lines.filter((l) => l !== undefined);
  const first = shown[0];
  if (v.mode === 'analysis') {
    summary.textContent = !v.analyse
      ? 'Analysis is off.'
      : v.reviewing
        ? 'Analysis waits while the review runs.'
        : !v.analysing
          ? 'No moves to analyse here.'
          : first === undefined
            ? 'Starting…'
            : `Depth ${first.depth} · ${formatSpeed(first.nps)}`;
  } else if (v.thinking) {
    summary.textContent = first === undefined ? 'Thinking…' : `Thinking · depth ${first.depth} · ${formatSpeed(first.nps)}`;
  } else {
    summary.textContent = first === undefined ? '' : `Last search: depth ${first.depth} · ${formatSpeed(first.nps)}`;
  }
  const bar = $('evalbar');
  bar.classList.toggle('flipped', v.flipped);
  if (pos === null || first === undefined) {
    bar.classList.add('empty');
    return;
  }
  shown.forEach((info, index) => {
    const score = redScore(info, pos.side);
    const li = h('li', { class: 'line' });
    li.appendChild(h('span', { class: 'score' }, formatScore(score)));
    // Spaces between the score and the moves (flex layout does not show them) keep the line's
    // text readable as text: copied, read aloud, or read while the panel is not laid out.
    li.append(' ');
    const moves = h('span', { class: 'pv' });
    const texts = lineTexts(pos, info.pv.slice(0, PV_SHOWN), v.notation);
    texts.forEach((text, i) => {
      if (i > 0) moves.append(' ');
      if (v.mode === 'analysis') {
        const b = h('button', { type: 'button', class: 'pv-move', title: 'Play the line up to this move' }, text);
        b.addEventListener('click', () => v.playLine(pos, info.pv.slice(0, i + 1)));
        moves.appendChild(b);
      } else moves.appendChild(h('span', { class: 'pv-move' }, text));
    });
    li.appendChild(moves);
    li.setAttribute('aria-label', `Line ${index + 1}: ${formatScore(score)}, ${texts.join(' ')}`);
    list.appendChild(li);
  });
  const share = redShare(redScore(first, pos.side));
  bar.classList.remove('empty');
  (bar.firstElementChild as HTMLElement).style.height = `${(share * 100).toFixed(1)}%`;
  bar.title = `Evaluation ${formatScore(redScore(first, pos.side))} (Red's view)`;
}
