// The board: an SVG drawing of the 9 x 10 points with the river and the palaces, the pieces on
// the points, and the user's moves by click (piece, then target) or by drag. The legal targets of
// the chosen piece are shown; which moves are legal is the engine core's answer
// (generateLegal), never the board's own. The board draws and reports moves, nothing more: the
// page decides whether a move is played.
//
// Why not chessgroundx (the board pychess.org uses): see docs/browser.md ("Why the board is written here"). In short, it
// is GPL-3.0 (the page is part of the MIT executable), and its package has no xiangqi board or
// pieces: those are image files of pychess.org's own, so the drawing would have to be written here
// anyway.
import {
  MAX_MOVES,
  NO_MOVE,
  type Position,
  RED,
  colourOf,
  fileOf,
  generateLegal,
  kindOf,
  makeSquare,
  moveFrom,
  moveTo,
  rankOf,
  squareName,
} from '../engine/index';
import { t } from './i18n';

export type PieceStyle = 'chinese' | 'western';
export type Coordinates = 'iccs' | 'wxf' | 'none';

interface BoardState {
  pos: Position;
  flipped: boolean;
  pieces: PieceStyle;
  coords: Coordinates;
  /** Whether Chinese characters can be drawn (a CJK font exists); letters otherwise. */
  cjk: boolean;
  lastMove: number;
  /** The engine's best move as an arrow, or NO_MOVE. */
  arrow: number;
  /** A review's better move in place of the move just played, as an arrow of its own colour, or NO_MOVE. */
  better: number;
  /** Whether the user may move the side to move now. */
  movable: boolean;
}

const NS = 'http://www.w3.org/2000/svg';
/** Distance between two points and the margin around the outer lines (SVG units). */
const S = 100;
const M = 90;
const BOARD_WIDTH = 8 * S + 2 * M;
const BOARD_HEIGHT = 9 * S + 2 * M;

/** Traditional characters: 帥仕相傌俥炮兵 for red, 將士象馬車砲卒 for black (index = piece kind). */
const CHARS = [
  ['', '帥', '仕', '相', '傌', '俥', '炮', '兵'],
  ['', '將', '士', '象', '馬', '車', '砲', '卒'],
];
/** Western letters, as WXF writes the pieces: king, advisor, elephant, horse, chariot, cannon, pawn. */
const LETTERS = ['', 'K', 'A', 'E', 'H', 'R', 'C', 'P'];
const PIECE_NAMES = ['', 'king', 'advisor', 'elephant', 'horse', 'chariot', 'cannon', 'soldier'];
const RED_FILES = ['九', '八', '七', '六', '五', '四', '三', '二', '一'];

function el<K extends keyof SVGElementTagNameMap>(
  name: K,
  attrs: Record<string, string | number>,
  parent?: Element,
): SVGElementTagNameMap[K] {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  parent?.appendChild(e);
  return e;
}

interface Drag {
  from: number;
  pointerId: number;
  x: number;
  y: number;
  moving: boolean;
  wasSelected: boolean;
  piece: SVGGElement | null;
}

export class BoardView {
  readonly svg: SVGSVGElement;
  private readonly grid: SVGGElement;
  private readonly marks: SVGGElement;
  private readonly pieces: SVGGElement;
  private readonly hints: SVGGElement;
  private readonly arrows: SVGGElement;
  private state: BoardState | null = null;
  /** Legal moves of the shown position by origin, then target. */
  private legal = new Map<number, Map<number, number>>();
  private selected = -1;
  private drag: Drag | null = null;
  private drawnGrid = '';

  constructor(
    host: HTMLElement,
    private readonly onMove: (move: number) => void,
  ) {
    this.svg = el('svg', { viewBox: `0 0 ${BOARD_WIDTH} ${BOARD_HEIGHT}`, class: 'board', role: 'img' });
    const defs = el('defs', {}, this.svg);
    const marker = el(
      'marker',
      { id: 'arrowhead', viewBox: '0 0 10 10', refX: 5, refY: 5, markerWidth: 3.2, markerHeight: 3.2, orient: 'auto-start-reverse' },
      defs,
    );
    el('path', { d: 'M0,0 L10,5 L0,10 z', class: 'arrow-head' }, marker);
    const betterMarker = el(
      'marker',
      { id: 'arrowhead-better', viewBox: '0 0 10 10', refX: 5, refY: 5, markerWidth: 3.2, markerHeight: 3.2, orient: 'auto-start-reverse' },
      defs,
    );
    el('path', { d: 'M0,0 L10,5 L0,10 z', class: 'arrow-head better' }, betterMarker);
    this.grid = el('g', { class: 'grid' }, this.svg);
    this.marks = el('g', { class: 'marks' }, this.svg);
    this.pieces = el('g', { class: 'pieces' }, this.svg);
    this.hints = el('g', { class: 'hints' }, this.svg);
    this.arrows = el('g', { class: 'arrows' }, this.svg);
    host.appendChild(this.svg);
    this.svg.addEventListener('pointerdown', (e) => this.down(e));
    this.svg.addEventListener('pointermove', (e) => this.move(e));
    this.svg.addEventListener('pointerup', (e) => this.up(e));
    this.svg.addEventListener('pointercancel', () => this.cancelDrag());
  }

  /** Draws a new state; a choice of piece in progress survives only if the position is the same. */
  render(state: BoardState): void {
    const samePosition =
      this.state !== null &&
      this.state.pos.keyLo === state.pos.keyLo &&
      this.state.pos.keyHi === state.pos.keyHi &&
      this.state.movable === state.movable;
    this.state = state;
    this.svg.setAttribute('aria-label', t('board.label'));
    this.cancelDrag(false);
    this.legal = new Map();
    if (state.movable) {
      const buf = new Int32Array(MAX_MOVES);
      const n = generateLegal(state.pos, buf, 0);
      for (let i = 0; i < n; i++) {
        const from = moveFrom(buf[i]);
        if (!this.legal.has(from)) this.legal.set(from, new Map());
        this.legal.get(from)!.set(moveTo(buf[i]), buf[i]);
      }
    }
    if (!samePosition || !this.legal.has(this.selected)) this.selected = -1;
    const gridKey = `${state.flipped} ${state.coords} ${state.cjk}`;
    if (gridKey !== this.drawnGrid) {
      this.drawGrid(state);
      this.drawnGrid = gridKey;
    }
    this.drawMarks(state);
    this.drawPieces(state);
    this.drawHints();
    this.drawArrow(state);
  }

  /** Redraws only the arrow (the analysis updates it many times a second; a drag goes on). */
  setArrow(move: number): void {
    if (this.state === null || this.state.arrow === move) return;
    this.state = { ...this.state, arrow: move };
    this.drawArrow(this.state);
  }

  /** The SVG point of a board point. */
  private xy(sq: number): [number, number] {
    const flipped = this.state?.flipped ?? false;
    const col = flipped ? 8 - fileOf(sq) : fileOf(sq);
    const row = flipped ? rankOf(sq) : 9 - rankOf(sq);
    return [M + col * S, M + row * S];
  }

  private drawGrid(state: BoardState): void {
    const g = this.grid;
    g.replaceChildren();
    el('rect', { x: 0, y: 0, width: BOARD_WIDTH, height: BOARD_HEIGHT, rx: 18, class: 'wood' }, g);
    el('rect', { x: M - 12, y: M - 12, width: 8 * S + 24, height: 9 * S + 24, class: 'frame' }, g);
    const line = (x1: number, y1: number, x2: number, y2: number): void => {
      el('line', { x1: M + x1 * S, y1: M + y1 * S, x2: M + x2 * S, y2: M + y2 * S, class: 'line' }, g);
    };
    for (let row = 0; row < 10; row++) line(0, row, 8, row);
    line(0, 0, 0, 9);
    line(8, 0, 8, 9);
    for (let col = 1; col < 8; col++) {
      line(col, 0, col, 4);
      line(col, 5, col, 9);
    }
    // Palaces.
    line(3, 0, 5, 2);
    line(5, 0, 3, 2);
    line(3, 7, 5, 9);
    line(5, 7, 3, 9);
    // The marks of the cannons' and soldiers' starting points.
    const points: Array<[number, number]> = [
      [1, 2],
      [7, 2],
      [1, 7],
      [7, 7],
    ];
    for (let col = 0; col < 9; col += 2) points.push([col, 3], [col, 6]);
    for (const [col, row] of points) this.pointMark(g, col, row);
    if (state.cjk) {
      const y = M + 4.5 * S;
      const river = (x: number, text: string): void => {
        const t = el('text', { x, y, class: 'river' }, g);
        t.textContent = text;
      };
      river(M + 2 * S, '楚 河');
      river(M + 6 * S, '漢 界');
    }
    this.drawCoordinates(g, state);
  }

  /** Four small corners around a point (only those inside the board). */
  private pointMark(g: SVGGElement, col: number, row: number): void {
    const x = M + col * S;
    const y = M + row * S;
    const gap = 7;
    const len = 18;
    for (const dx of [-1, 1]) {
      if ((col === 0 && dx < 0) || (col === 8 && dx > 0)) continue;
      for (const dy of [-1, 1]) {
        const cx = x + dx * gap;
        const cy = y + dy * gap;
        el('polyline', { points: `${cx + dx * len},${cy} ${cx},${cy} ${cx},${cy + dy * len}`, class: 'point-mark' }, g);
      }
    }
  }

  private drawCoordinates(g: SVGGElement, state: BoardState): void {
    if (state.coords === 'none') return;
    const label = (x: number, y: number, text: string, cls: string): void => {
      const t = el('text', { x, y, class: `coord ${cls}` }, g);
      t.textContent = text;
    };
    for (let file = 0; file < 9; file++) {
      const x = M + (state.flipped ? 8 - file : file) * S;
      if (state.coords === 'iccs') {
        label(x, BOARD_HEIGHT - 16, String.fromCharCode(97 + file), 'file');
      } else {
        // WXF files: red counts from its right (九 … 一 along its side), black from its right (1 … 9).
        const redText = state.cjk ? RED_FILES[file] : String(9 - file);
        const blackText = String(file + 1);
        label(x, state.flipped ? 38 : BOARD_HEIGHT - 16, redText, 'file red');
        label(x, state.flipped ? BOARD_HEIGHT - 16 : 38, blackText, 'file black');
      }
    }
    if (state.coords === 'iccs') {
      for (let rank = 0; rank < 10; rank++) {
        const y = M + (state.flipped ? rank : 9 - rank) * S;
        label(30, y + 10, String(rank), 'rank');
      }
    }
  }

  private drawMarks(state: BoardState): void {
    const g = this.marks;
    g.replaceChildren();
    if (state.lastMove !== NO_MOVE) {
      for (const sq of [moveFrom(state.lastMove), moveTo(state.lastMove)]) {
        const [x, y] = this.xy(sq);
        el('rect', { x: x - S / 2 + 4, y: y - S / 2 + 4, width: S - 8, height: S - 8, rx: 10, class: 'last-move' }, g);
      }
    }
    if (state.pos.inCheck()) {
      const [x, y] = this.xy(state.pos.kingSquare(state.pos.side));
      el('circle', { cx: x, cy: y, r: S * 0.52, class: 'check' }, g);
    }
  }

  private drawPieces(state: BoardState): void {
    const g = this.pieces;
    g.replaceChildren();
    const chinese = state.pieces === 'chinese' && state.cjk;
    for (let file = 0; file < 9; file++) {
      for (let rank = 0; rank < 10; rank++) {
        const sq = makeSquare(file, rank);
        const code = state.pos.board[sq];
        if (code === 0) continue;
        const colour = colourOf(code);
        const kind = kindOf(code);
        const [x, y] = this.xy(sq);
        const side = colour === RED ? 'red' : 'black';
        const piece = el(
          'g',
          {
            class: `piece ${side}${sq === this.selected ? ' selected' : ''}`,
            transform: `translate(${x},${y})`,
            'data-square': squareName(sq),
            'data-piece': `${side} ${PIECE_NAMES[kind]}`,
          },
          g,
        );
        el('circle', { r: S * 0.45, class: 'disc' }, piece);
        el('circle', { r: S * 0.37, class: 'ring' }, piece);
        const text = el('text', { y: chinese ? 17 : 16, class: chinese ? 'glyph' : 'glyph letter' }, piece);
        text.textContent = chinese ? CHARS[colour][kind] : colour === RED ? LETTERS[kind] : LETTERS[kind].toLowerCase();
      }
    }
  }

  private drawHints(): void {
    const g = this.hints;
    g.replaceChildren();
    const targets = this.legal.get(this.selected);
    if (targets === undefined || this.state === null) return;
    for (const to of targets.keys()) {
      const [x, y] = this.xy(to);
      const capture = this.state.pos.board[to] !== 0;
      el(
        'circle',
        { cx: x, cy: y, r: capture ? S * 0.47 : S * 0.13, class: capture ? 'target capture' : 'target', 'data-target': squareName(to) },
        g,
      );
    }
  }

  private drawArrow(state: BoardState): void {
    const g = this.arrows;
    g.replaceChildren();
    const draw = (move: number, cls: string, head: string, data: string): void => {
      if (move === NO_MOVE) return;
      const [x1, y1] = this.xy(moveFrom(move));
      const [x2, y2] = this.xy(moveTo(move));
      const len = Math.hypot(x2 - x1, y2 - y1);
      const k = (len - S * 0.32) / len;
      el(
        'line',
        {
          x1,
          y1,
          x2: x1 + (x2 - x1) * k,
          y2: y1 + (y2 - y1) * k,
          class: cls,
          'marker-end': `url(#${head})`,
          [data]: `${squareName(moveFrom(move))}${squareName(moveTo(move))}`,
        },
        g,
      );
    };
    draw(state.better, 'arrow better', 'arrowhead-better', 'data-better');
    draw(state.arrow, 'arrow', 'arrowhead', 'data-arrow');
  }

  /** The board point under a pointer position, or -1. */
  private pointAt(clientX: number, clientY: number): number {
    const ctm = this.svg.getScreenCTM();
    if (ctm === null) return -1;
    const p = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
    const col = Math.round((p.x - M) / S);
    const row = Math.round((p.y - M) / S);
    if (col < 0 || col > 8 || row < 0 || row > 9) return -1;
    if (Math.hypot(p.x - (M + col * S), p.y - (M + row * S)) > S * 0.55) return -1;
    const flipped = this.state?.flipped ?? false;
    return makeSquare(flipped ? 8 - col : col, flipped ? row : 9 - row);
  }

  private pieceElement(sq: number): SVGGElement | null {
    return this.pieces.querySelector(`[data-square="${squareName(sq)}"]`);
  }

  private select(sq: number): void {
    this.selected = sq;
    for (const p of this.pieces.querySelectorAll('.piece.selected')) p.classList.remove('selected');
    if (sq >= 0) this.pieceElement(sq)?.classList.add('selected');
    this.drawHints();
  }

  private down(e: PointerEvent): void {
    if (e.button !== 0 || this.state === null) return;
    const sq = this.pointAt(e.clientX, e.clientY);
    const target = this.legal.get(this.selected)?.get(sq);
    if (target !== undefined) {
      e.preventDefault();
      this.select(-1);
      this.onMove(target);
      return;
    }
    if (sq >= 0 && this.legal.has(sq)) {
      e.preventDefault();
      const wasSelected = this.selected === sq;
      this.select(sq);
      this.drag = {
        from: sq,
        pointerId: e.pointerId,
        x: e.clientX,
        y: e.clientY,
        moving: false,
        wasSelected,
        piece: this.pieceElement(sq),
      };
      this.svg.setPointerCapture(e.pointerId);
      return;
    }
    this.select(-1);
  }

  private move(e: PointerEvent): void {
    const d = this.drag;
    if (d === null || e.pointerId !== d.pointerId || d.piece === null) return;
    if (!d.moving && Math.hypot(e.clientX - d.x, e.clientY - d.y) < 5) return;
    d.moving = true;
    const ctm = this.svg.getScreenCTM();
    if (ctm === null) return;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(ctm.inverse());
    d.piece.setAttribute('transform', `translate(${p.x},${p.y}) scale(1.08)`);
    d.piece.classList.add('dragging');
    this.pieces.appendChild(d.piece); // on top of the others
  }

  private up(e: PointerEvent): void {
    const d = this.drag;
    if (d === null || e.pointerId !== d.pointerId) return;
    this.drag = null;
    if (this.svg.hasPointerCapture(e.pointerId)) this.svg.releasePointerCapture(e.pointerId);
    if (!d.moving) {
      if (d.wasSelected) this.select(-1);
      return;
    }
    const target = this.legal.get(d.from)?.get(this.pointAt(e.clientX, e.clientY));
    if (target !== undefined) {
      this.select(-1);
      this.onMove(target);
      return;
    }
    this.snapBack(d);
  }

  private snapBack(d: Drag): void {
    if (d.piece === null) return;
    const [x, y] = this.xy(d.from);
    d.piece.setAttribute('transform', `translate(${x},${y})`);
    d.piece.classList.remove('dragging');
  }

  private cancelDrag(snap = true): void {
    const d = this.drag;
    this.drag = null;
    if (d !== null && snap) this.snapBack(d);
  }
}

/** Whether the system has a font for the pieces' Chinese characters (else they would be boxes). */
export function canDrawChinese(): boolean {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 40;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (ctx === null) return true;
  const draw = (text: string): string => {
    ctx.clearRect(0, 0, 40, 40);
    ctx.font = `32px ${getComputedStyle(document.documentElement).getPropertyValue('--piece-font') || 'serif'}`;
    ctx.fillText(text, 2, 34);
    return Array.from(ctx.getImageData(0, 0, 40, 40).data).join(',');
  };
  // A private-use code point has no glyph in any ordinary font: what is drawn for it is the
  // "missing glyph" box, which is what a character without a font looks like too.
  const missing = draw('\uE000');
  return draw('帥') !== missing && draw('炮') !== missing;
}
