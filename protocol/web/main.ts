// The page to play and analyse with Chuhan in a browser (served by `chuhan serve`, or from
// dist/web/): the board, a game against the engine with clocks, analysis with three lines, the
// move list, FEN, PGN and links. The engine is dist/chuhan.worker.js (UCI over postMessage); the
// rules, notation and PGN are the engine core's (engine/index.ts), bundled into this script.
//
// Two modes. Play: a game against the engine, the person on one side, clocks running, the result
// announced by the rules core's judge. Analyse: both sides are moved by hand, and the engine
// searches the position shown with MultiPV 3.
import { version } from '../../package.json';
import {
  MoveError,
  NO_MOVE,
  type PgnGame,
  type PgnResult,
  type Position,
  RED,
  START_FEN,
  parseIccs,
  parseMoveText,
  parsePgn,
} from '../../engine/index';
import { BoardView, canDrawChinese } from './board-view';
import { EngineClient, type SearchInfo } from './engine-client';
import { analysisOptions, playOptions } from './engine-options';
import { GameRecord, lineTexts } from './game';
import { DEFAULT_TIME_CONTROL, GameClock, TIME_CONTROLS, formatClock, timeControl } from './game-clock';
import { gameFromLink, positionLink } from './link';
import { type PgnChoice, download, gameLabel, gameToPgn, readPgnFile, recordOf } from './pgn-io';
import { type GameEnd, PLAIN_NAMES, type SideNames, judgedEnd, resignationEnd, timeEnd } from './results';
import { formatScore, redScore, redShare } from './score';
import { type Mode, type Settings, loadSettings, loadState, saveState } from './storage';

function $<T extends HTMLElement = HTMLElement>(id: string): T {
  const e = document.getElementById(id);
  if (e === null) throw new Error(`the page has no element #${id}`);
  return e as T;
}

function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

const ISOLATED = globalThis.crossOriginIsolated === true && typeof SharedArrayBuffer === 'function';
const CORES = Math.max(1, navigator.hardwareConcurrency || 1);
/** The engine's own limit is the core count (at most 64); without SharedArrayBuffer it is 1. */
const MAX_THREADS = ISOLATED ? Math.min(CORES, 64) : 1;
/** Threads when the setting is 'automatic' (0): a core is left for the page, at most 4. */
const AUTO_THREADS = Math.max(1, Math.min(CORES - 1, 4, MAX_THREADS));
/** PV moves shown per line. */
const PV_SHOWN = 10;

interface Play {
  human: number;
  clock: GameClock;
}

class Page {
  private game = new GameRecord();
  private cursor = 0;
  private mode: Mode = 'play';
  private play: Play | null = null;
  private end: GameEnd | null = null;
  private tags: Array<[string, string]> = [];
  private settings: Settings;
  private readonly cjk: boolean;
  private readonly board: BoardView;
  private readonly engine: EngineClient;
  /** The engine's current or last search: its lines by MultiPV index, and the position searched. */
  private lines: SearchInfo[] = [];
  private linesPos: Position | null = null;
  private thinking = false;
  /** What the analysis searches now ('' when it does not). */
  private analysed = '';
  private pgnGames: PgnGame[] = [];
  private view: { game: GameRecord; length: number; cursor: number; pos: Position } | null = null;
  private lastSave = 0;

  constructor() {
    this.settings = loadSettings();
    if (this.settings.threads > MAX_THREADS) this.settings.threads = 0;
    this.cjk = canDrawChinese();
    this.board = new BoardView($('board-host'), (move) => this.userMove(move));
    this.engine = new EngineClient('chuhan.worker.js', this.threads(), (text) => this.engineMessage(text));
  }

  start(): void {
    $('version').textContent = version;
    if (!ISOLATED) {
      this.notice(
        'This page is not cross-origin isolated, so the browser gives it no SharedArrayBuffer: the engine searches with one thread, ' +
          'and stopping a search restarts the engine (with an empty hash table). Served by chuhan serve, or with the headers ' +
          'Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp over https or localhost, it has both.',
        'isolation',
      );
    }
    if (!this.cjk) {
      document.body.classList.add('no-cjk');
      this.notice('No font with Chinese characters was found, so the pieces are shown as letters (K A E H R C P). Choose WXF or ICCS for the move list under "Board, notation and engine".', 'font');
    }
    this.setUpControls();
    this.restore();
    this.refresh();
    setInterval(() => this.tick(), 100);
    addEventListener('pagehide', () => this.save());
    // An analysis left running in a hidden tab would use the cores for nothing.
    document.addEventListener('visibilitychange', () => {
      if (this.mode !== 'analysis') return;
      if (document.hidden) this.stopSearch();
      else this.refresh();
    });
  }

  // -----------------------------------------------------------------------------------------
  // State

  private restore(): void {
    const fromLink = gameFromLink(location.search, (text) => this.notice(text));
    if (fromLink !== null || location.search !== '') history.replaceState(null, '', location.pathname);
    if (fromLink !== null) {
      this.startAnalysis(fromLink, fromLink.length);
      return;
    }
    const saved = loadState((text) => this.notice(text));
    if (saved === null) {
      this.newGame(RED, DEFAULT_TIME_CONTROL, START_FEN);
      return;
    }
    let game: GameRecord;
    try {
      game = GameRecord.fromIccs(saved.startFen, saved.moves);
    } catch (e) {
      this.notice(`The saved game could not be restored (${e instanceof Error ? e.message : String(e)}); a new one starts.`);
      this.newGame(RED, DEFAULT_TIME_CONTROL, START_FEN);
      return;
    }
    this.game = game;
    this.cursor = saved.cursor;
    this.tags = saved.tags;
    this.end = saved.end;
    if (saved.mode === 'play' && saved.play !== null) {
      this.mode = 'play';
      this.play = { human: saved.play.human, clock: new GameClock(timeControl(saved.play.control), saved.play.left) };
      this.cursor = game.length;
      this.continuePlay();
    } else {
      this.mode = 'analysis';
      this.play = null;
    }
  }

  private save(): void {
    const now = performance.now();
    this.lastSave = now;
    const play = this.play;
    saveState({
      startFen: this.game.startFen,
      moves: this.game.iccs(),
      cursor: this.cursor,
      mode: this.mode,
      play: play === null ? null : { human: play.human, control: play.clock.control.id, left: [play.clock.timeLeft(0, now), play.clock.timeLeft(1, now)] },
      end: this.end,
      tags: this.tags,
      settings: this.settings,
    });
  }

  private threads(): number {
    return this.settings.threads === 0 ? AUTO_THREADS : this.settings.threads;
  }

  /** The position shown (after `cursor` moves). */
  private viewPos(): Position {
    const v = this.view;
    if (v !== null && v.game === this.game && v.length === this.game.length && v.cursor === this.cursor) return v.pos;
    const pos = this.game.positionAt(this.cursor);
    this.view = { game: this.game, length: this.game.length, cursor: this.cursor, pos };
    return pos;
  }

  private names(): SideNames {
    if (this.mode !== 'play' || this.play === null) return PLAIN_NAMES;
    return this.play.human === RED ? ['Red (you)', 'Black (Chuhan)'] : ['Red (Chuhan)', 'Black (you)'];
  }

  private result(): PgnResult {
    if (this.end !== null) return this.end.result;
    return judgedEnd(this.game.judgementAt(), this.game.current.side)?.result ?? '*';
  }

  // -----------------------------------------------------------------------------------------
  // Games against the engine

  private newGame(human: number, control: string, fen: string): void {
    this.stopSearch();
    this.game = new GameRecord(fen);
    this.cursor = 0;
    this.mode = 'play';
    this.end = null;
    this.tags = [];
    this.play = { human, clock: new GameClock(timeControl(control)) };
    this.settings.flipped = human !== RED;
    this.lines = [];
    this.continuePlay();
  }

  /** After a move or a restore: the result, else the engine's turn or the person's clock. */
  private continuePlay(): void {
    const play = this.play;
    if (play === null) return;
    const now = performance.now();
    if (this.end === null) this.end = judgedEnd(this.game.judgementAt(), this.game.current.side, this.names());
    if (this.end !== null) {
      play.clock.stop(now);
      return;
    }
    const side = this.game.current.side;
    if (side === play.human) {
      // No clock runs before the game's first move.
      if (this.game.length > 0) play.clock.start(side, now);
      else play.clock.stop(now);
      return;
    }
    this.engineMove();
  }

  private engineMove(): void {
    const play = this.play;
    if (play === null) return;
    const side = this.game.current.side;
    const now = performance.now();
    play.clock.start(side, now);
    this.thinking = true;
    this.lines = [];
    this.linesPos = this.game.current.clone();
    const game = this.game;
    this.engine.search(
      { fen: game.startFen, moves: game.iccs(), go: play.clock.goCommand(now), options: playOptions() },
      {
        info: (info) => {
          this.lines[info.multipv - 1] = info;
          this.renderEngine();
        },
        done: (best) => {
          this.thinking = false;
          if (this.game !== game || this.play !== play) return;
          const t = performance.now();
          if (play.clock.control.kind === 'increment' && play.clock.timeLeft(side, t) <= 0) {
            this.end = timeEnd(side, this.names());
          } else if (best !== null) {
            play.clock.moved(side, t);
            try {
              game.play(parseIccs(game.current, best));
            } catch (e) {
              this.notice(`The engine's move '${best}' could not be played: ${e instanceof Error ? e.message : String(e)}`);
            }
            this.cursor = game.length;
          }
          this.continuePlay();
          this.refresh();
        },
      },
    );
  }

  private stopSearch(): void {
    this.engine.cancelAll();
    this.thinking = false;
    this.analysed = '';
  }

  private takeback(): void {
    const play = this.play;
    if (this.mode !== 'play' || play === null) return;
    // Back to the person's last move, and that move taken back too.
    let ply = this.game.length - 1;
    while (ply >= 0 && this.game.sideAt(ply) !== play.human) ply--;
    if (ply < 0) return;
    this.stopSearch();
    play.clock.stop(performance.now());
    this.game.truncate(ply);
    this.cursor = ply;
    this.end = null;
    this.lines = [];
    this.continuePlay();
    this.refresh();
  }

  private resign(): void {
    const play = this.play;
    if (this.mode !== 'play' || play === null || this.end !== null) return;
    this.stopSearch();
    play.clock.stop(performance.now());
    this.end = resignationEnd(play.human, this.names());
    this.refresh();
  }

  private tick(): void {
    const play = this.play;
    if (this.mode === 'play' && play !== null && this.end === null && play.clock.running >= 0) {
      const side = play.clock.running;
      const now = performance.now();
      if (play.clock.control.kind === 'increment' && play.clock.timeLeft(side, now) <= 0) {
        this.stopSearch();
        play.clock.stop(now);
        this.end = timeEnd(side, this.names());
        this.refresh();
        return;
      }
      if (now - this.lastSave > 1000) this.save();
    }
    this.renderPlayers();
  }

  // -----------------------------------------------------------------------------------------
  // Analysis

  private startAnalysis(game: GameRecord, cursor: number): void {
    this.stopSearch();
    this.game = game;
    this.cursor = cursor;
    this.mode = 'analysis';
    this.play = null;
    this.end = null;
    this.lines = [];
  }

  /** Analysis mode: keeps the engine searching the position shown (or not, when switched off). */
  private syncAnalysis(): void {
    if (this.mode !== 'analysis') return;
    const moves = this.game.iccs().slice(0, this.cursor);
    const over = judgedEnd(this.game.judgementAt(this.cursor), this.viewPos().side) !== null;
    const key = this.settings.analyse && !over ? `${this.game.startFen}|${moves.join(' ')}|${this.settings.threads}` : '';
    if (key === this.analysed) return;
    this.stopSearch();
    this.lines = [];
    this.linesPos = null;
    this.analysed = key;
    if (key === '') return;
    const pos = this.viewPos().clone();
    this.linesPos = pos;
    this.thinking = true;
    this.engine.search(
      { fen: this.game.startFen, moves, go: 'infinite', options: analysisOptions() },
      {
        info: (info) => {
          this.lines[info.multipv - 1] = info;
          this.renderEngine();
          this.board.setArrow(this.bestArrow());
        },
        done: () => {
          this.thinking = false;
        },
      },
    );
  }

  // -----------------------------------------------------------------------------------------
  // Moves from the person

  /** Whether the person may move in the position shown; the reason when not. */
  private mayMove(): string | null {
    if (this.mode === 'analysis') return null;
    if (this.play === null) return 'Start a game or switch to analysis.';
    if (this.end !== null) return 'The game is over: start a new game, or analyse this one.';
    if (this.cursor !== this.game.length) return 'You are looking at an earlier move: go to the last one to play on.';
    if (this.game.current.side !== this.play.human) return "It is Chuhan's move.";
    return null;
  }

  private userMove(move: number): void {
    if (this.mayMove() !== null) return;
    if (this.mode === 'analysis') {
      this.analysisMove(move);
      this.refresh();
      return;
    }
    const play = this.play!;
    this.game.play(move);
    this.cursor = this.game.length;
    play.clock.moved(play.human, performance.now());
    this.continuePlay();
    this.refresh();
  }

  private typedMove(text: string): void {
    const error = $('move-error');
    error.textContent = '';
    const t = text.trim();
    if (t === '') return;
    const why = this.mayMove();
    if (why !== null) {
      error.textContent = why;
      return;
    }
    let move: number;
    try {
      move = parseMoveText(this.viewPos(), t);
    } catch (e) {
      error.textContent = e instanceof MoveError ? `${e.message}.` : `'${t}' cannot be read as a move.`;
      return;
    }
    ($('move-input') as HTMLInputElement).value = '';
    this.userMove(move);
  }

  private goTo(ply: number): void {
    this.cursor = Math.max(0, Math.min(ply, this.game.length));
    this.refresh();
  }

  // -----------------------------------------------------------------------------------------
  // Drawing

  private refresh(): void {
    this.renderBoard();
    this.renderPlayers();
    this.renderMoves();
    this.renderStatus();
    this.renderControls();
    this.syncAnalysis();
    this.renderEngine();
    const fen = $('fen') as HTMLInputElement;
    if (document.activeElement !== fen) fen.value = this.game.fenAt(this.cursor);
    this.save();
  }

  /** The analysis' best move in the position shown, or NO_MOVE. */
  private bestArrow(): number {
    const best = this.mode === 'analysis' && this.linesPos !== null ? this.lines[0]?.pv[0] : undefined;
    if (best === undefined) return NO_MOVE;
    try {
      return parseIccs(this.viewPos(), best);
    } catch {
      return NO_MOVE;
    }
  }

  private renderBoard(): void {
    const pos = this.viewPos();
    this.board.render({
      pos,
      flipped: this.settings.flipped,
      pieces: this.settings.pieces,
      coords: this.settings.coords,
      cjk: this.cjk,
      lastMove: this.cursor > 0 ? this.game.moves[this.cursor - 1] : NO_MOVE,
      arrow: this.bestArrow(),
      movable: this.mayMove() === null,
    });
  }

  private renderPlayers(): void {
    const play = this.mode === 'play' ? this.play : null;
    const now = performance.now();
    const names = this.names();
    const toMove = this.viewPos().side;
    for (const [id, side] of [['player-top', this.settings.flipped ? RED : 1], ['player-bottom', this.settings.flipped ? 1 : RED]] as const) {
      const row = $(id);
      row.classList.toggle('red', side === RED);
      row.classList.toggle('black', side !== RED);
      row.classList.toggle('to-move', this.end === null && toMove === side && this.cursor === this.game.length);
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
      clock.setAttribute('aria-label', `${names[side]}: ${timed ? formatClock(left) : 'no clock'}`);
    }
  }

  private renderMoves(): void {
    const list = $('moves');
    const notation = this.settings.notation;
    list.replaceChildren();
    const start = this.game.startSide;
    const fullmove0 = Number(this.game.startFen.split(/\s+/)[5] ?? '1') || 1;
    let li: HTMLLIElement | null = null;
    for (let i = 0; i < this.game.length; i++) {
      const side = start ^ (i & 1);
      if (li === null || side === RED) {
        const number = fullmove0 + Math.floor((i + (start === RED ? 0 : 1)) / 2);
        li = h('li');
        li.appendChild(h('span', { class: 'num' }, `${number}.`));
        if (side !== RED) li.appendChild(h('span', { class: 'move empty' }, '…'));
        list.appendChild(li);
      }
      const b = h('button', { type: 'button', class: 'move', 'data-ply': String(i + 1) }, this.game.texts[i][notation]);
      if (i + 1 === this.cursor) b.setAttribute('aria-current', 'true');
      li.appendChild(b);
    }
    if (this.result() !== '*') list.appendChild(h('li', { class: 'result' }, this.result()));
    const current = list.querySelector<HTMLElement>('[aria-current="true"]');
    if (current !== null) {
      const top = current.offsetTop - list.offsetTop;
      if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - current.offsetHeight) list.scrollTop = top - list.clientHeight / 2;
    } else if (this.cursor === 0) list.scrollTop = 0;
  }

  private renderStatus(): void {
    const status = $('status');
    const names = this.names();
    const viewEnd = this.mode === 'analysis' ? judgedEnd(this.game.judgementAt(this.cursor), this.viewPos().side) : null;
    let text: string;
    if (this.end !== null) text = this.end.text;
    else if (viewEnd !== null) text = viewEnd.text;
    else if (this.mode === 'play' && this.play !== null) {
      const side = this.game.current.side;
      text = side === this.play.human ? `Your move (${side === RED ? 'Red' : 'Black'})` : 'Chuhan is thinking…';
      if (this.cursor !== this.game.length) text += ` – showing move ${this.cursor} of ${this.game.length}`;
    } else {
      text = `Analysis: ${names[this.viewPos().side]} to move`;
    }
    status.textContent = text;
    status.classList.toggle('over', this.end !== null || viewEnd !== null);
  }

  private renderControls(): void {
    const play = this.mode === 'play';
    $('mode-play').setAttribute('aria-pressed', String(play));
    $('mode-analysis').setAttribute('aria-pressed', String(!play));
    document.body.classList.toggle('analysis', !play);
    ($('takeback') as HTMLButtonElement).disabled = !play || this.play === null || !this.game.moves.some((_, i) => this.game.sideAt(i) === this.play!.human);
    ($('resign') as HTMLButtonElement).disabled = !play || this.end !== null;
    $('resign').hidden = !play;
    $('takeback').hidden = !play;
    ($('nav-first') as HTMLButtonElement).disabled = this.cursor === 0;
    ($('nav-prev') as HTMLButtonElement).disabled = this.cursor === 0;
    ($('nav-next') as HTMLButtonElement).disabled = this.cursor === this.game.length;
    ($('nav-last') as HTMLButtonElement).disabled = this.cursor === this.game.length;
    $('analyse-toggle').hidden = play;
    ($('analyse-on') as HTMLInputElement).checked = this.settings.analyse;
    ($('move-input') as HTMLInputElement).placeholder = this.mayMove() ?? 'Type a move: h2e2, C2.5 or 炮二平五';
  }

  private renderEngine(): void {
    const summary = $('engine-summary');
    const list = $('lines');
    list.replaceChildren();
    const pos = this.linesPos;
    const shown = this.lines.filter((l) => l !== undefined);
    const first = shown[0];
    if (this.mode === 'analysis') {
      summary.textContent = !this.settings.analyse ? 'Analysis is off.' : this.analysed === '' ? 'No moves to analyse here.' : first === undefined ? 'Starting…' : `Depth ${first.depth} · ${formatSpeed(first.nps)}`;
    } else if (this.thinking) {
      summary.textContent = first === undefined ? 'Thinking…' : `Thinking · depth ${first.depth} · ${formatSpeed(first.nps)}`;
    } else {
      summary.textContent = first === undefined ? '' : `Last search: depth ${first.depth} · ${formatSpeed(first.nps)}`;
    }
    const bar = $('evalbar');
    bar.classList.toggle('flipped', this.settings.flipped);
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
      const texts = lineTexts(pos, info.pv.slice(0, PV_SHOWN), this.settings.notation);
      texts.forEach((text, i) => {
        if (i > 0) moves.append(' ');
        if (this.mode === 'analysis') {
          const b = h('button', { type: 'button', class: 'pv-move', title: 'Play the line up to this move' }, text);
          b.addEventListener('click', () => this.playLine(pos, info.pv.slice(0, i + 1)));
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

  /** Plays an analysis line's first moves from the position it was searched in. */
  private playLine(from: Position, iccs: string[]): void {
    if (this.mode !== 'analysis' || from.keyLo !== this.viewPos().keyLo || from.keyHi !== this.viewPos().keyHi) return;
    const moves: number[] = [];
    const scratch = from.clone();
    for (const text of iccs) {
      try {
        const m = parseIccs(scratch, text);
        moves.push(m);
        scratch.make(m);
      } catch {
        break;
      }
    }
    for (const m of moves) this.analysisMove(m);
    this.refresh();
  }

  /** A move in analysis: along the game when it is the next move, else the game's rest is replaced. */
  private analysisMove(move: number): void {
    if (this.cursor < this.game.length && this.game.moves[this.cursor] === move) {
      this.cursor++;
      return;
    }
    this.game.truncate(this.cursor);
    this.game.play(move);
    this.cursor = this.game.length;
    this.end = null;
  }

  // -----------------------------------------------------------------------------------------
  // Messages

  private notice(text: string, id?: string): void {
    const box = $('notices');
    if (id !== undefined && box.querySelector(`[data-notice="${id}"]`) !== null) return;
    const n = h('div', { class: 'notice', role: 'alert', ...(id === undefined ? {} : { 'data-notice': id }) });
    n.appendChild(h('span', {}, text));
    const close = h('button', { type: 'button', class: 'close', 'aria-label': 'Dismiss' }, '×');
    close.addEventListener('click', () => n.remove());
    n.appendChild(close);
    box.appendChild(n);
  }

  private engineMessage(text: string): void {
    $('engine-message').textContent = text;
  }

  private ioMessage(text: string, error = false): void {
    const m = $('io-message');
    m.textContent = text;
    m.classList.toggle('error', error);
  }

  private copy(text: string, what: string, field?: HTMLInputElement | HTMLTextAreaElement): void {
    const fallback = (): void => {
      if (field !== undefined) {
        field.focus();
        field.select();
      }
      this.ioMessage(`${what} selected: copy it with Ctrl-C (the browser refused to copy it).`);
    };
    if (navigator.clipboard === undefined) {
      fallback();
      return;
    }
    navigator.clipboard.writeText(text).then(() => this.ioMessage(`${what} copied.`), fallback);
  }

  // -----------------------------------------------------------------------------------------
  // Controls

  private setUpControls(): void {
    $('move-form').addEventListener('submit', (e) => {
      e.preventDefault();
      this.typedMove(($('move-input') as HTMLInputElement).value);
    });
    $('moves').addEventListener('click', (e) => {
      const b = (e.target as HTMLElement).closest<HTMLElement>('button[data-ply]');
      if (b !== null) this.goTo(Number(b.dataset.ply));
    });
    $('nav-first').addEventListener('click', () => this.goTo(0));
    $('nav-prev').addEventListener('click', () => this.goTo(this.cursor - 1));
    $('nav-next').addEventListener('click', () => this.goTo(this.cursor + 1));
    $('nav-last').addEventListener('click', () => this.goTo(this.game.length));
    $('flip').addEventListener('click', () => {
      this.settings.flipped = !this.settings.flipped;
      this.refresh();
    });
    document.addEventListener('keydown', (e) => {
      const t = e.target as HTMLElement;
      if (t.closest('input, textarea, select') !== null || e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === 'ArrowLeft') this.goTo(this.cursor - 1);
      else if (e.key === 'ArrowRight') this.goTo(this.cursor + 1);
      else if (e.key === 'Home') this.goTo(0);
      else if (e.key === 'End') this.goTo(this.game.length);
      else return;
      e.preventDefault();
    });

    // Modes and games.
    $('mode-analysis').addEventListener('click', () => {
      if (this.mode === 'analysis') return;
      // A game that ended by time or resignation keeps its result; one in progress is left.
      const end = this.end;
      this.startAnalysis(this.game, this.cursor);
      if (end !== null && end.result !== '*') this.end = end;
      this.refresh();
    });
    $('mode-play').addEventListener('click', () => {
      if (this.mode === 'play') return;
      this.showNewGame(true);
    });
    $('new-game').addEventListener('click', () => this.showNewGame(true));
    $('new-game-cancel').addEventListener('click', () => this.showNewGame(false));
    const select = $('time-control') as HTMLSelectElement;
    for (const t of TIME_CONTROLS) select.appendChild(h('option', { value: t.id }, t.label));
    select.value = DEFAULT_TIME_CONTROL;
    $('new-game-form').addEventListener('submit', (e) => {
      e.preventDefault();
      const form = e.target as HTMLFormElement;
      const side = (form.elements.namedItem('side') as RadioNodeList).value === 'black' ? 1 : RED;
      const fromPosition = ($('from-position') as HTMLInputElement).checked;
      this.showNewGame(false);
      this.newGame(side, select.value, fromPosition ? this.game.fenAt(this.cursor) : START_FEN);
      this.refresh();
    });
    $('takeback').addEventListener('click', () => this.takeback());
    $('resign').addEventListener('click', () => this.resign());
    $('analyse-on').addEventListener('change', (e) => {
      this.settings.analyse = (e.target as HTMLInputElement).checked;
      this.refresh();
    });

    // FEN, PGN, link.
    $('fen-set').addEventListener('click', () => {
      const text = ($('fen') as HTMLInputElement).value;
      try {
        this.startAnalysis(new GameRecord(text), 0);
        this.ioMessage('Position set up for analysis.');
      } catch (e) {
        this.ioMessage(`This FEN cannot be used: ${e instanceof Error ? e.message : String(e)}.`, true);
        return;
      }
      this.refresh();
    });
    $('fen').addEventListener('keydown', (e) => {
      if (e.key === 'Enter') $('fen-set').click();
    });
    $('fen-copy').addEventListener('click', () => this.copy(this.game.fenAt(this.cursor), 'FEN', $('fen') as HTMLInputElement));
    const pgnText = $('pgn') as HTMLTextAreaElement;
    const format = (): PgnChoice => ($('pgn-format') as HTMLSelectElement).value as PgnChoice;
    $('pgn-show').addEventListener('click', () => {
      pgnText.value = this.pgn(format());
      this.ioMessage('');
    });
    $('pgn-load').addEventListener('click', () => this.loadPgn(pgnText.value));
    $('pgn-copy').addEventListener('click', () => {
      pgnText.value = this.pgn(format());
      this.copy(pgnText.value, 'PGN', pgnText);
    });
    $('pgn-download').addEventListener('click', () => {
      const d = new Date();
      const stamp = `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}-${String(d.getHours()).padStart(2, '0')}${String(d.getMinutes()).padStart(2, '0')}`;
      download(this.pgn(format()), `chuhan-${stamp}.pgn`);
    });
    $('pgn-file').addEventListener('change', async (e) => {
      const input = e.target as HTMLInputElement;
      const file = input.files?.[0];
      if (file === undefined) return;
      try {
        pgnText.value = await readPgnFile(file);
      } catch (err) {
        this.ioMessage(`${file.name} cannot be read: ${err instanceof Error ? err.message : String(err)}`, true);
        return;
      } finally {
        input.value = '';
      }
      this.loadPgn(pgnText.value, file.name);
    });
    $('pgn-games').addEventListener('change', (e) => {
      const game = this.pgnGames[Number((e.target as HTMLSelectElement).value)];
      if (game !== undefined) this.openPgnGame(game);
    });
    $('link-copy').addEventListener('click', () => {
      const link = $('link') as HTMLInputElement;
      link.value = positionLink(location.href, this.game.startFen, this.game.iccs().slice(0, this.cursor));
      this.copy(link.value, 'Link', link);
    });

    // Settings.
    const bind = <K extends 'pieces' | 'coords' | 'notation'>(id: string, key: K): void => {
      const s = $(id) as HTMLSelectElement;
      s.value = this.settings[key];
      s.addEventListener('change', () => {
        Object.assign(this.settings, { [key]: s.value });
        this.refresh();
      });
    };
    bind('set-pieces', 'pieces');
    bind('set-coords', 'coords');
    bind('set-notation', 'notation');
    const threads = $('set-threads') as HTMLSelectElement;
    threads.appendChild(h('option', { value: '0' }, `Automatic (${AUTO_THREADS})`));
    for (let n = 1; n <= MAX_THREADS; n++) threads.appendChild(h('option', { value: String(n) }, String(n)));
    threads.value = String(this.settings.threads);
    threads.disabled = MAX_THREADS === 1;
    $('threads-note').textContent = ISOLATED ? `This device has ${CORES} logical cores.` : 'Several threads need SharedArrayBuffer, which this page does not have.';
    threads.addEventListener('change', () => {
      this.settings.threads = Number(threads.value);
      this.engine.setOption('Threads', String(this.threads()));
      this.refresh();
    });
  }

  private showNewGame(show: boolean): void {
    const form = $('new-game-form');
    form.hidden = !show;
    if (show) ($('new-game-start') as HTMLButtonElement).focus();
  }

  private pgn(choice: PgnChoice): string {
    const names = this.names();
    const d = new Date();
    const date = `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, '0')}.${String(d.getDate()).padStart(2, '0')}`;
    const tags: Array<[string, string]> =
      this.tags.length > 0
        ? this.tags
        : [
            ['Event', this.mode === 'play' ? 'Game against Chuhan' : 'Analysis'],
            ['Site', 'Chuhan page'],
            ['Date', date],
            ['Red', this.mode === 'play' && this.play !== null ? (this.play.human === RED ? 'You' : `Chuhan ${version}`) : names[0]],
            ['Black', this.mode === 'play' && this.play !== null ? (this.play.human === RED ? `Chuhan ${version}` : 'You') : names[1]],
          ];
    return gameToPgn(this.game, tags, this.result(), choice);
  }

  private loadPgn(text: string, source = 'The PGN'): void {
    let games: PgnGame[];
    try {
      games = parsePgn(text);
    } catch (e) {
      this.ioMessage(`${source} cannot be read: ${e instanceof Error ? e.message : String(e)}.`, true);
      return;
    }
    if (games.length === 0) {
      this.ioMessage(`${source} has no game in it.`, true);
      return;
    }
    this.pgnGames = games;
    const chooser = $('pgn-games') as HTMLSelectElement;
    chooser.replaceChildren(...games.map((g, i) => h('option', { value: String(i) }, gameLabel(g, i))));
    chooser.hidden = games.length < 2;
    this.openPgnGame(games[0]);
    this.ioMessage(games.length === 1 ? `Game loaded (${games[0].moves.length} moves).` : `${games.length} games: the first is loaded; choose another above.`);
  }

  private openPgnGame(game: PgnGame): void {
    const record = recordOf(game);
    this.startAnalysis(record, record.length);
    this.tags = game.tags;
    this.end = game.result === '*' ? null : { result: game.result, reason: 'abandoned', text: `Result: ${game.result}` };
    this.refresh();
  }
}

function formatSpeed(nps: number): string {
  return nps >= 1e6 ? `${(nps / 1e6).toFixed(1)} M nodes/s` : `${Math.round(nps / 1000)} k nodes/s`;
}

new Page().start();
