// The review panel: the progress of a review as it runs, then each side's accuracy and marks, the
// evaluation graph across the moves (Red's expected score in every position, drawn as SVG here; a
// click or a tap goes to that move), and what the review says of the move shown: its evaluation
// with the chances of a win for Red, a draw and a win for Black (engine/wdl.ts), its mark and the
// better line, whose moves play it from the position before. The marks' colours
// are the same in the graph, the move list and the table (page.css: --inaccuracy, --mistake,
// --blunder). What the figures mean is engine/review.ts's (docs/analyse.md).
import { type JudgementReason, RED, moveToIccs } from '../engine/index';
import { pliesToMoves } from '../engine/limits';
import { materialShare } from '../engine/wdl';
import { type GameReview, type PositionEval, type SideReview, expectedScore } from '../engine/review';
import { $, h } from './dom';
import { type GameRecord, type Notation, lineTexts } from './game';
import { formatNumber, formatPercent, plural, t } from './i18n';
import { formatChances, formatRuleScore, formatScore, redChances } from './score';
import type { StringKey } from './strings/en';

export type Mark = NonNullable<GameReview['moves'][number]['mark']>;
const MARKS: readonly Mark[] = ['inaccuracy', 'mistake', 'blunder'];
const MARK_GLYPHS: Readonly<Record<Mark, string>> = { inaccuracy: '?!', mistake: '?', blunder: '??' };
/** Each mark's name, its name within a sentence, and its column in the table. */
const MARK_NAMES: Readonly<Record<Mark, [StringKey, StringKey, StringKey]>> = {
  inaccuracy: ['mark.inaccuracy', 'mark.inaccuracy.lower', 'marks.inaccuracy'],
  mistake: ['mark.mistake', 'mark.mistake.lower', 'marks.mistake'],
  blunder: ['mark.blunder', 'mark.blunder.lower', 'marks.blunder'],
};
/** Why a game is over, in words. */
const REASONS: Readonly<Record<Exclude<JudgementReason, 'none'>, StringKey>> = {
  checkmate: 'reason.checkmate',
  stalemate: 'reason.stalemate',
  'perpetual-check': 'reason.perpetualCheck',
  'perpetual-chase': 'reason.perpetualChase',
  'repetition-draw': 'reason.repetition',
  'move-limit': 'reason.moveLimit',
};

/** A mark as the move list and the table show it: the glyph in its colour, its name for screen readers. */
export function markBadge(mark: Mark): HTMLElement {
  const badge = h('span', { class: `nag ${mark}`, title: t(MARK_NAMES[mark][0]) });
  badge.appendChild(h('span', { 'aria-hidden': 'true' }, MARK_GLYPHS[mark]));
  badge.appendChild(h('span', { class: 'visually-hidden' }, ` (${t(MARK_NAMES[mark][1])})`));
  return badge;
}

/** An evaluation from Red's side, as the page writes scores: `+0.42`, `#3` (Red mates in 3), `R−2` (Black wins by rule in 2), or why the game is over. */
function evalText(e: PositionEval, sideToMove: number): string {
  if (e.kind === 'over') return e.reason === 'none' ? '' : t(REASONS[e.reason]);
  const sign = sideToMove === RED ? 1 : -1;
  const s = e.score;
  if (s.kind === 'cp') return formatScore({ cp: sign * s.cp, mate: null });
  const moves = sign * pliesToMoves(s.plies);
  return s.kind === 'mate' ? formatScore({ cp: null, mate: moves }) : formatRuleScore(moves);
}

/** What the panel shows. */
interface ReviewPanelView {
  /** Positions evaluated and of how many; `secondsLeft` while it runs (NaN: not known yet). */
  running: { done: number; total: number; secondsLeft: number } | null;
  /** The figures, once the review is done. */
  review: GameReview | null;
  /** Evaluations so far, the start position first. */
  evals: readonly PositionEval[];
  /** The reviewed game, and whether it is the game shown. */
  game: GameRecord;
  applies: boolean;
  cursor: number;
  notation: Notation;
  nodes: number;
}

interface ReviewPanelHost {
  goTo(ply: number): void;
  cancel(): void;
  close(): void;
  download(): void;
  /** Shows the reviewed game again (after a move in analysis left it). */
  back(): void;
  /** Plays the first `count` moves of the better line at `ply` (from the position before it). */
  playBetter(ply: number, count: number): void;
}

const SVG = 'http://www.w3.org/2000/svg';
const GRAPH_HEIGHT = 96;
const PAD = 6;

function svg<K extends keyof SVGElementTagNameMap>(
  name: K,
  attrs: Record<string, string | number>,
  parent?: Element,
): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  parent?.appendChild(e);
  return e;
}

export class ReviewPanel {
  private readonly graph = $('review-graph');
  private view: ReviewPanelView | null = null;
  private width = 0;

  constructor(private readonly host: ReviewPanelHost) {
    $('review-cancel').addEventListener('click', () => host.cancel());
    $('review-close').addEventListener('click', () => host.close());
    $('review-download').addEventListener('click', () => host.download());
    $('review-back').addEventListener('click', () => host.back());
    $('review-prev').addEventListener('click', () => this.jump(-1));
    $('review-next').addEventListener('click', () => this.jump(1));
    // A click or a tap on the graph goes to the move under it; a drag along it scrubs.
    const at = (e: PointerEvent): void => {
      const v = this.view;
      if (v === null || v.game.length === 0) return;
      const box = this.graph.getBoundingClientRect();
      const x = (e.clientX - box.left) * (this.width / Math.max(1, box.width));
      const ply = Math.round(((x - PAD) / Math.max(1, this.width - 2 * PAD)) * v.game.length);
      host.goTo(Math.max(0, Math.min(v.game.length, ply)));
    };
    this.graph.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      this.graph.setPointerCapture(e.pointerId);
      at(e);
    });
    this.graph.addEventListener('pointermove', (e) => {
      if (this.graph.hasPointerCapture(e.pointerId)) at(e);
    });
    new ResizeObserver(() => {
      if (this.view !== null && this.graph.clientWidth !== this.width) this.drawGraph(this.view);
    }).observe(this.graph);
  }

  /** Draws the panel, or hides it (null). */
  render(v: ReviewPanelView | null): void {
    this.view = v;
    const panel = $('review');
    panel.hidden = v === null;
    if (v === null) return;
    const running = v.running;
    $('review-progress-row').hidden = running === null;
    if (running !== null) {
      const bar = $('review-progress') as HTMLProgressElement;
      bar.max = running.total;
      bar.value = running.done;
      const at = { n: Math.min(running.done + 1, running.total), total: running.total };
      $('review-progress-text').textContent = Number.isFinite(running.secondsLeft)
        ? t('review.left', { ...at, s: Math.max(1, Math.round(running.secondsLeft)) })
        : t('review.position', at);
    }
    $('review-nodes').textContent = t('review.nodes', { n: v.nodes });
    const review = v.review;
    const sides = $('review-sides');
    sides.hidden = review === null;
    if (review !== null) this.renderSides(review);
    $('review-left').hidden = v.applies;
    $('review-graph').hidden = !v.applies;
    $('review-detail').hidden = !v.applies;
    $('review-actions').hidden = review === null;
    $('review-nav').hidden = review === null || !v.applies;
    if (v.applies) {
      this.drawGraph(v);
      this.renderDetail(v);
    }
    if (review !== null) {
      const marked = review.moves.filter((m) => m.mark !== null).map((m) => m.ply);
      ($('review-prev') as HTMLButtonElement).disabled = !marked.some((p) => p < v.cursor);
      ($('review-next') as HTMLButtonElement).disabled = !marked.some((p) => p > v.cursor);
    }
  }

  /** To the previous (-1) or next (+1) marked move. */
  private jump(direction: -1 | 1): void {
    const v = this.view;
    if (v === null || v.review === null) return;
    const marked = v.review.moves.filter((m) => m.mark !== null).map((m) => m.ply);
    const target = direction > 0 ? marked.find((p) => p > v.cursor) : marked.reverse().find((p) => p < v.cursor);
    if (target !== undefined) this.host.goTo(target);
  }

  private renderSides(review: GameReview): void {
    const body = $('review-sides-body');
    body.replaceChildren();
    for (const [name, side, cls] of [
      [t('side.red'), review.red, 'red'],
      [t('side.black'), review.black, 'black'],
    ] as Array<[string, SideReview, string]>) {
      const tr = h('tr');
      const th = h('th', { scope: 'row' });
      th.appendChild(h('span', { class: `side-dot ${cls}` }));
      th.append(name);
      tr.appendChild(th);
      tr.appendChild(
        h(
          'td',
          { class: 'accuracy', title: t('review.accuracyTip') },
          Number.isNaN(side.accuracy)
            ? '–'
            : formatNumber(side.accuracy / 100, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }),
        ),
      );
      for (const mark of MARKS) {
        const n = mark === 'inaccuracy' ? side.inaccuracies : mark === 'mistake' ? side.mistakes : side.blunders;
        tr.appendChild(
          h(
            'td',
            {
              class: `count ${mark}${n > 0 ? ' some' : ''}`,
              title: plural(`marks.${mark}`, n),
            },
            String(n),
          ),
        );
      }
      tr.appendChild(
        h(
          'td',
          { class: 'loss', title: t('review.avgLossTip') },
          Number.isNaN(side.averageLoss) ? '–' : String(Math.round(side.averageLoss)),
        ),
      );
      body.appendChild(tr);
    }
  }

  private drawGraph(v: ReviewPanelView): void {
    const host = this.graph;
    const W = Math.max(120, host.clientWidth || 400);
    this.width = W;
    const H = GRAPH_HEIGHT;
    const n = Math.max(1, v.game.length);
    const x = (ply: number): number => PAD + (ply / n) * (W - 2 * PAD);
    const y = (e: number): number => PAD + (1 - e) * (H - 2 * PAD);
    const mid = y(0.5);
    const curve = v.review?.redCurve ?? v.evals.map((e, i) => redExpected(e, v.game.sideAt(i)));
    // The graph is a slider over the positions: ← → Home End step through the game (move-list.ts).
    host.setAttribute('aria-valuemax', String(v.game.length));
    host.setAttribute('aria-valuenow', String(v.cursor));
    host.setAttribute('aria-valuetext', positionText(v));
    $('review-graph-summary').textContent = graphLabel(v);
    const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, width: W, height: H, class: 'graph', 'aria-hidden': 'true' });
    svg('rect', { x: 0, y: 0, width: W, height: H, class: 'graph-bg' }, root);
    if (curve.length > 0) {
      const points = curve.map((e, i) => `${x(i).toFixed(1)},${y(e).toFixed(1)}`);
      const area = `M${x(0).toFixed(1)},${mid} L${points.join(' L')} L${x(curve.length - 1).toFixed(1)},${mid} Z`;
      const defs = svg('defs', {}, root);
      const above = svg('clipPath', { id: 'graph-above' }, defs);
      svg('rect', { x: 0, y: 0, width: W, height: mid }, above);
      const below = svg('clipPath', { id: 'graph-below' }, defs);
      svg('rect', { x: 0, y: mid, width: W, height: H - mid }, below);
      svg('path', { d: area, class: 'graph-red', 'clip-path': 'url(#graph-above)' }, root);
      svg('path', { d: area, class: 'graph-black', 'clip-path': 'url(#graph-below)' }, root);
      svg('line', { x1: 0, y1: mid, x2: W, y2: mid, class: 'graph-mid' }, root);
      svg('polyline', { points: points.join(' '), class: 'graph-curve' }, root);
    } else {
      svg('line', { x1: 0, y1: mid, x2: W, y2: mid, class: 'graph-mid' }, root);
    }
    svg('line', { x1: x(v.cursor), y1: 0, x2: x(v.cursor), y2: H, class: 'graph-cursor' }, root);
    for (const m of v.review?.moves ?? []) {
      if (m.mark === null) continue;
      const dot = svg(
        'circle',
        { cx: x(m.ply), cy: y(curve[m.ply]), r: m.ply === v.cursor ? 6 : 4.5, class: `graph-mark ${m.mark}`, 'data-ply': m.ply },
        root,
      );
      svg('title', {}, dot).textContent = `${v.game.moveLabel(m.ply)} ${v.game.texts[m.ply - 1][v.notation]}${MARK_GLYPHS[m.mark]}`;
    }
    host.replaceChildren(root);
  }

  private renderDetail(v: ReviewPanelView): void {
    const box = $('review-detail');
    box.replaceChildren();
    const p = v.cursor;
    const e = v.evals[p];
    if (e === undefined) {
      box.textContent = v.running !== null ? t('review.notYet') : '';
      return;
    }
    const chances = h('span', { class: 'detail-wdl' }, ` · ${formatChances(chancesAt(v, p, e))}`);
    if (p === 0) {
      box.append(t('review.start', { eval: evalText(e, v.game.sideAt(0)) }), chances);
      return;
    }
    const head = h('p', { class: 'detail-move' });
    head.appendChild(h('strong', {}, `${v.game.moveLabel(p)} ${v.game.texts[p - 1][v.notation]}`));
    const m = v.review?.moves[p - 1];
    if (m?.mark) head.appendChild(markBadge(m.mark));
    head.append(` ${evalText(e, v.game.sideAt(p))}`, chances);
    box.appendChild(head);
    if (m === undefined || m.mark === null) return;
    const before = v.evals[p - 1];
    const mover = t(m.side === 'red' ? 'side.red' : 'side.black');
    const why = { mark: t(MARK_NAMES[m.mark][0]), side: mover, before: formatPercent(m.before), after: formatPercent(m.after) };
    box.appendChild(h('p', { class: 'detail-why' }, t('review.why', why)));
    if (m.better.length === 0) return;
    const line = h('p', { class: 'detail-better' });
    line.append(`${t('review.better', { eval: evalText(before, v.game.sideAt(p - 1)) })} `);
    const pos = v.game.positionAt(p - 1);
    const texts = lineTexts(pos, m.better.map(moveToIccs), v.notation);
    texts.forEach((text, i) => {
      if (i > 0) line.append(' ');
      const b = h('button', { type: 'button', class: i === 0 ? 'pv-move better-move' : 'pv-move', title: t('review.playBetter') }, text);
      b.addEventListener('click', () => this.host.playBetter(p, i + 1));
      line.appendChild(b);
    });
    box.appendChild(line);
  }
}

/** The chances per mille of a win for Red, a draw and a win for Black in position `p` of the reviewed game. */
function chancesAt(v: ReviewPanelView, p: number, e: PositionEval): [number, number, number] {
  const side = v.game.sideAt(p);
  if (e.kind === 'search') return redChances(e.score, side, materialShare(v.game.positionAt(p)));
  const mover: [number, number, number] = e.verdict === 'win' ? [1000, 0, 0] : e.verdict === 'loss' ? [0, 0, 1000] : [0, 1000, 0];
  return side === RED ? mover : [mover[2], mover[1], mover[0]];
}

/** Red's expected score in one evaluation (while the review runs, before reviewGame has the curve). */
function redExpected(e: PositionEval, sideToMove: number): number {
  const mover = e.kind === 'over' ? (e.verdict === 'win' ? 1 : e.verdict === 'loss' ? 0 : 0.5) : expectedScore(e.score);
  return sideToMove === RED ? mover : 1 - mover;
}

/** The position at the cursor in words, for the graph's slider: `after 6. 马八进七, a blunder: −12.50`. */
function positionText(v: ReviewPanelView): string {
  const p = v.cursor;
  const e = v.evals[p];
  const score = e === undefined ? t('review.notEvaluated') : evalText(e, v.game.sideAt(p));
  if (p === 0) return t('review.atStart', { score });
  const mark = v.review?.moves[p - 1]?.mark;
  const move = `${v.game.moveLabel(p)} ${v.game.texts[p - 1][v.notation]}`;
  return mark ? t('review.afterMarked', { move, mark: t(MARK_NAMES[mark][1]), score }) : t('review.after', { move, score });
}

function graphLabel(v: ReviewPanelView): string {
  const r = v.review;
  if (r === null) return t('review.graphRunning', { n: v.evals.length, total: v.game.length + 1 });
  const marks = r.moves.filter((m) => m.mark !== null).length;
  const ends = { moves: v.game.length, from: formatPercent(r.redCurve[0]), to: formatPercent(r.redCurve[r.redCurve.length - 1]) };
  return plural('review.graphDone', marks, { ...ends, marks });
}
