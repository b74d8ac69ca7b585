// The engine panel: a summary of the search (depth, speed), its lines with their scores from Red's
// side and the chances of a win for Red, a draw and a win for Black under each score (red, grey and
// black figures, in words on hover and for screen readers), in the chosen notation (in analysis
// each move a button that plays the line up to it), and the evaluation bar beside the board.
import type { Position } from '../engine/index';
import { materialShare } from '../engine/wdl';
import { $, h } from './dom';
import type { SearchInfo } from './engine-client';
import { type Notation, lineTexts } from './game';
import { formatCompact, t } from './i18n';
import { engineScore, formatChances, formatScore, redChances, redScore, redShare } from './score';

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

/** Nodes a second in short: `1.2M nodes/s`, 每秒 120万 节点. */
function formatSpeed(nps: number): string {
  return t('engine.speed', { n: formatCompact(nps) });
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
      ? t('engine.off')
      : v.reviewing
        ? t('engine.waits')
        : !v.analysing
          ? t('engine.nothing')
          : first === undefined
            ? t('engine.starting')
            : t('engine.depth', { depth: first.depth, speed: formatSpeed(first.nps) });
  } else if (v.thinking) {
    summary.textContent =
      first === undefined ? t('engine.thinking') : t('engine.thinkingDepth', { depth: first.depth, speed: formatSpeed(first.nps) });
  } else {
    summary.textContent = first === undefined ? '' : t('engine.last', { depth: first.depth, speed: formatSpeed(first.nps) });
  }
  const bar = $('evalbar');
  bar.classList.toggle('flipped', v.flipped);
  if (pos === null || first === undefined) {
    bar.classList.add('empty');
    return;
  }
  const material = materialShare(pos);
  shown.forEach((info, index) => {
    const score = redScore(info, pos.side);
    const chances = redChances(engineScore(info), pos.side, material);
    const li = h('li', { class: 'line' });
    const cell = h('span', { class: 'score' });
    cell.appendChild(h('span', {}, formatScore(score)));
    // A space (not shown in the flex column) keeps the score and the chances apart as text.
    cell.append(' ');
    const wdl = h('span', { class: 'wdl', title: formatChances(chances) });
    chances.forEach((c, i) => {
      if (i > 0) wdl.append(' ');
      wdl.appendChild(h('span', { class: ['red', 'draw', 'black'][i] }, String(Math.round(c / 10))));
    });
    cell.appendChild(wdl);
    li.appendChild(cell);
    // Spaces between the score and the moves (flex layout does not show them) keep the line's
    // text readable as text: copied, read aloud, or read while the panel is not laid out.
    li.append(' ');
    const moves = h('span', { class: 'pv' });
    const texts = lineTexts(pos, info.pv.slice(0, PV_SHOWN), v.notation);
    texts.forEach((text, i) => {
      if (i > 0) moves.append(' ');
      if (v.mode === 'analysis') {
        const b = h('button', { type: 'button', class: 'pv-move', title: t('engine.playLine') }, text);
        b.addEventListener('click', () => v.playLine(pos, info.pv.slice(0, i + 1)));
        moves.appendChild(b);
      } else moves.appendChild(h('span', { class: 'pv-move' }, text));
    });
    li.appendChild(moves);
    li.setAttribute(
      'aria-label',
      t('engine.line', { n: index + 1, score: formatScore(score), chances: formatChances(chances), moves: texts.join(' ') }),
    );
    list.appendChild(li);
  });
  const share = redShare(redScore(first, pos.side));
  bar.classList.remove('empty');
  (bar.firstElementChild as HTMLElement).style.height = `${(share * 100).toFixed(1)}%`;
  bar.title = t('engine.bar', { score: formatScore(redScore(first, pos.side)) });
}
