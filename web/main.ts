// The page to play and analyse with Chuhan in a browser (served by `chuhan serve`, or from
// dist/web/): the board, a game against the engine with clocks, analysis with three lines, the
// move list, FEN, PGN and links. The engine is dist/chuhan.worker.js (UCI over postMessage); the
// rules, notation and PGN are the engine core's (engine/index.ts), bundled into this script.
//
// Two modes. Play: a game against the engine at a chosen strength, the person on one side, clocks
// running, the result announced by the rules core's judge. Analyse: both sides are moved by hand,
// and the engine searches the position shown with MultiPV 3 at full strength.
//
// A game review (复盘) of the game shown, after a game or in analysis: review-runner.ts searches
// every position in a worker of its own, engine/review.ts judges the moves (as `chuhan analyse`
// does), review-view.ts draws the panel and the graph.
//
// The page speaks English, Simplified or Traditional Chinese (i18n.ts, web/strings/): the
// browser's language, or the one chosen in the header, kept with the settings.
//
// This file holds the flow of games and analysis; what the page shows is in state.ts, and the
// panels are their own files: the player rows, status line and buttons (page-view.ts), the move
// list (move-list.ts), the engine's lines (engine-lines.ts), FEN, PGN and link (io-panel.ts), the
// settings (settings-panel.ts), the new-game form (new-game-form.ts), DOM helpers (dom.ts).
import { version } from '../package.json';
import {
  NO_MOVE,
  type PgnGame,
  type Position,
  RED,
  START_FEN,
  classifyOpening,
  openingOfTags,
  openingText,
  parseIccs,
  withOpeningTags,
  writePgn,
} from '../engine/index';
import { annotateGame, reviewGame } from '../engine/review';
import { FULL_STRENGTH } from '../engine/skill';
import { BoardView, canDrawChinese } from './board-view';
import { $, applyStrings, h, notice, relabelNotices } from './dom';
import { EngineClient } from './engine-client';
import { renderEngine } from './engine-lines';
import { analysisOptions, playOptions } from './option-sets';
import { GameRecord } from './game';
import { DEFAULT_TIME_CONTROL, GameClock, timeControl } from './game-clock';
import { type Lang, LANG_NAMES, LANGS, browserLang, reasonOf, setLang, t } from './i18n';
import { IoPanel } from './io-panel';
import { gameFromLink, positionLink } from './link';
import { setUpMoveEntry } from './move-entry';
import { renderMoveList, setUpNavigation } from './move-list';
import { NewGameForm } from './new-game-form';
import { type PgnChoice, download, gameToPgn, recordOf, timestamp } from './pgn-io';
import { renderControls, renderPlayers, renderStatus } from './page-view';
import { judgedEnd, resignationEnd, timeEnd } from './results';
import { ReviewCancelled, ReviewRunner } from './review-runner';
import { ReviewPanel } from './review-view';
import { ISOLATED, MAX_THREADS, relabelSettings, setUpSettings, threadsOf } from './settings-panel';
import { PageState, type ReviewState } from './state';
import { loadReview, loadSettings, loadState, saveReview, saveState } from './storage';

class Page extends PageState {
  private readonly cjk: boolean;
  private readonly board: BoardView;
  private readonly engine: EngineClient;
  private readonly io: IoPanel;
  private readonly newGameForm: NewGameForm;
  private readonly reviewRunner = new ReviewRunner('chuhan.worker.js');
  private readonly reviewPanel: ReviewPanel;
  private lastSave = 0;

  constructor() {
    // The language first, so that everything is written in it; a Traditional Chinese reader's
    // move list is in Traditional characters unless the reader chose otherwise.
    const lang = browserLang(navigator.languages);
    super(loadSettings(lang === 'zh-Hant' ? 'traditional' : 'chinese'));
    setLang(this.settings.lang ?? lang);
    applyStrings();
    if (this.settings.threads > MAX_THREADS) this.settings.threads = 0;
    this.cjk = canDrawChinese();
    this.board = new BoardView($('board-host'), (move) => this.userMove(move));
    this.engine = new EngineClient('chuhan.worker.js', threadsOf(this.settings), (text) => this.engineMessage(text));
    this.io = new IoPanel({
      fen: () => this.game.fenAt(this.cursor),
      pgn: (choice) => this.pgn(choice),
      link: () => positionLink(location.href, this.game.startFen, this.game.iccs().slice(0, this.cursor)),
      setUp: (fen) => {
        this.startAnalysis(new GameRecord(fen), 0);
        this.dropReview();
        this.refresh();
      },
      open: (game) => this.openPgnGame(game),
    });
    this.reviewPanel = new ReviewPanel({
      goTo: (ply) => this.goTo(ply),
      cancel: () => this.closeReview(),
      close: () => this.closeReview(),
      download: () => this.downloadReview(),
      back: () => this.backToReview(),
      playBetter: (ply, count) => this.playBetter(ply, count),
    });
    this.newGameForm = new NewGameForm((c) => {
      this.newGame(c.human, c.control, c.level, c.fromPosition ? this.game.fenAt(this.cursor) : START_FEN);
      this.refresh();
    });
    this.acceptDroppedFiles();
  }

  /**
   * A game file (PGN, XQF, DhtmlXQ) dropped on the board opens as the picker would; one dropped
   * anywhere else does nothing (rather than the browser leaving the page to show it).
   */
  private acceptDroppedFiles(): void {
    const board = $('board-host');
    const files = (e: DragEvent): boolean => e.dataTransfer?.types.includes('Files') === true;
    for (const type of ['dragover', 'drop'] as const) {
      document.addEventListener(type, (e) => {
        if (files(e)) e.preventDefault();
      });
    }
    board.addEventListener('dragover', (e) => {
      if (!files(e)) return;
      e.dataTransfer!.dropEffect = 'copy';
      board.classList.add('dropping');
    });
    board.addEventListener('dragleave', () => board.classList.remove('dropping'));
    board.addEventListener('drop', (e) => {
      board.classList.remove('dropping');
      const file = e.dataTransfer?.files[0];
      if (file === undefined) return;
      void this.io.openFile(file).then((opened) => {
        if (!opened) ($('io') as HTMLDetailsElement).open = true; // where it says why
      });
    });
  }

  start(): void {
    $('footer').textContent = t('page.footer', { version });
    if (!ISOLATED) notice(() => t('notice.isolation'), 'isolation');
    if (!this.cjk) {
      document.body.classList.add('no-cjk');
      notice(() => t('notice.font', { settings: t('settings.title') }), 'font');
    }
    this.setUpLanguage();
    this.setUpControls();
    this.restore();
    this.restoreReview();
    this.placeReview();
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
    const fromLink = gameFromLink(location.search, (text) => notice(text));
    if (fromLink !== null || location.search !== '') history.replaceState(null, '', location.pathname);
    if (fromLink !== null) {
      this.startAnalysis(fromLink, fromLink.length);
      return;
    }
    const saved = loadState(() => notice(() => t('notice.unreadable')));
    if (saved === null) {
      this.newGame(RED, DEFAULT_TIME_CONTROL, FULL_STRENGTH, START_FEN);
      return;
    }
    let game: GameRecord;
    try {
      game = GameRecord.fromIccs(saved.startFen, saved.moves);
    } catch (e) {
      notice(() => t('notice.restore', { reason: reasonOf(e) }));
      this.newGame(RED, DEFAULT_TIME_CONTROL, FULL_STRENGTH, START_FEN);
      return;
    }
    this.game = game;
    this.cursor = saved.cursor;
    this.tags = saved.tags;
    this.end = saved.end;
    if (saved.mode === 'play' && saved.play !== null) {
      this.mode = 'play';
      this.play = {
        human: saved.play.human,
        clock: new GameClock(timeControl(saved.play.control), saved.play.left),
        level: saved.play.level,
      };
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
    saveState(this.saved(now));
  }

  // -----------------------------------------------------------------------------------------
  // Games against the engine

  private newGame(human: number, control: string, level: number, fen: string): void {
    this.stopSearch();
    this.dropReview();
    this.game = new GameRecord(fen);
    this.cursor = 0;
    this.mode = 'play';
    this.end = null;
    this.tags = [];
    this.play = { human, clock: new GameClock(timeControl(control)), level };
    this.settings.flipped = human !== RED;
    this.lines = [];
    this.continuePlay();
  }

  /** After a move or a restore: the result, else the engine's turn or the person's clock. */
  private continuePlay(): void {
    const play = this.play;
    if (play === null) return;
    const now = performance.now();
    if (this.end === null) this.end = judgedEnd(this.game.judgementAt(), this.game.current.side, play.human);
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
      { fen: game.startFen, moves: game.iccs(), go: play.clock.goCommand(now), options: playOptions(play.level) },
      {
        info: (info) => {
          this.lines[info.multipv - 1] = info;
          this.renderEngine();
        },
        done: (best) => {
          this.thinking = false;
          if (this.game !== game || this.play !== play) return;
          const now = performance.now();
          if (play.clock.control.kind === 'increment' && play.clock.timeLeft(side, now) <= 0) {
            this.end = timeEnd(side, play.human);
          } else if (best !== null) {
            play.clock.moved(side, now);
            try {
              game.play(parseIccs(game.current, best));
            } catch (e) {
              notice(() => t('notice.engineMove', { move: best, reason: reasonOf(e) }));
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
    this.end = resignationEnd(play.human, play.human);
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
        this.end = timeEnd(side, play.human);
        this.refresh();
        return;
      }
      if (now - this.lastSave > 1000) this.save();
    }
    renderPlayers(this);
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
    const key =
      this.settings.analyse && !over && !this.reviewing() ? `${this.game.startFen}|${moves.join(' ')}|${this.settings.threads}` : '';
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

  private goTo(ply: number): void {
    this.cursor = Math.max(0, Math.min(ply, this.game.length));
    this.refresh();
  }

  // -----------------------------------------------------------------------------------------
  // Drawing

  private refresh(): void {
    this.renderBoard();
    renderPlayers(this);
    this.renderMoves();
    renderStatus(this);
    renderControls(this);
    this.syncAnalysis();
    this.renderEngine();
    this.renderReview();
    this.io.showFen(this.game.fenAt(this.cursor));
    this.save();
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
      better: this.betterArrow(),
      movable: this.mayMove() === null,
    });
  }

  /**
   * The game's opening: the one its file names, else the ECCO classification's (none from a set-up
   * position). One line, its height kept when empty, so that nothing below moves as it changes.
   */
  private renderOpening(): void {
    const o = openingOfTags(this.tags) ?? classifyOpening(this.game.startFen, this.game.moves);
    const line = $('opening');
    line.textContent = o === null ? '\u00a0' : openingText(o);
    line.title = o === null ? '' : openingText(o);
  }

  private renderMoves(): void {
    this.renderOpening();
    const result = this.reviewApplies() ? (this.review?.result ?? null) : null;
    renderMoveList(
      $('moves'),
      this.game,
      this.cursor,
      this.settings.notation,
      this.result(),
      (ply) => result?.moves[ply - 1]?.mark ?? null,
    );
  }

  private renderEngine(): void {
    renderEngine({
      mode: this.mode,
      analyse: this.settings.analyse,
      analysing: this.analysed !== '',
      reviewing: this.reviewing(),
      thinking: this.thinking,
      lines: this.lines,
      pos: this.linesPos,
      notation: this.settings.notation,
      flipped: this.settings.flipped,
      playLine: (from, iccs) => this.playLine(from, iccs),
    });
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

  private engineMessage(text: string): void {
    $('engine-message').textContent = text;
  }

  // -----------------------------------------------------------------------------------------
  // Language

  /** The chooser in the header: each language by its own name; a choice is kept with the settings. */
  private setUpLanguage(): void {
    const chooser = $('lang') as HTMLSelectElement;
    for (const l of LANGS) chooser.appendChild(h('option', { value: l, lang: l }, LANG_NAMES[l]));
    chooser.value = document.documentElement.lang;
    chooser.addEventListener('change', () => this.switchLanguage(chooser.value as Lang));
  }

  /** Writes the whole page again in `lang`; Chinese moves follow the script (简体 or 繁體). */
  private switchLanguage(lang: Lang): void {
    this.settings.lang = lang;
    if (lang === 'zh-Hant' && this.settings.notation === 'chinese') this.settings.notation = 'traditional';
    if (lang === 'zh-Hans' && this.settings.notation === 'traditional') this.settings.notation = 'chinese';
    ($('set-notation') as HTMLSelectElement).value = this.settings.notation;
    setLang(lang);
    applyStrings();
    $('footer').textContent = t('page.footer', { version });
    relabelNotices();
    relabelSettings();
    this.newGameForm.relabel();
    this.io.message('');
    $('move-error').textContent = '';
    this.refresh();
  }

  // -----------------------------------------------------------------------------------------
  // Controls

  private setUpControls(): void {
    setUpMoveEntry({ mayMove: () => this.mayMove(), position: () => this.viewPos(), play: (move) => this.userMove(move) });
    $('flip').addEventListener('click', () => {
      this.settings.flipped = !this.settings.flipped;
      this.refresh();
    });
    setUpNavigation(
      () => this.cursor,
      () => this.game.length,
      (ply) => this.goTo(ply),
    );

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
      this.showNewGame();
    });
    $('new-game').addEventListener('click', () => this.showNewGame());
    $('takeback').addEventListener('click', () => this.takeback());
    $('resign').addEventListener('click', () => this.resign());
    $('review-start').addEventListener('click', () => this.startReview());
    $('analyse-on').addEventListener('change', (e) => {
      this.settings.analyse = (e.target as HTMLInputElement).checked;
      this.refresh();
    });
    setUpSettings(
      this.settings,
      () => this.refresh(),
      (threads) => this.engine.setOption('Threads', String(threads)),
    );
  }

  /** The new-game form, offering the clock and level of the game last played. */
  private showNewGame(): void {
    const play = this.play;
    this.newGameForm.show(true, play === null ? undefined : { control: play.clock.control.id, level: play.level });
  }

  private pgn(choice: PgnChoice): string {
    return gameToPgn(this.game, this.pgnTags(), this.result(), choice);
  }

  /** The game's PGN tags: those it came with, else the page's own. */
  private pgnTags(): Array<[string, string]> {
    const names = this.names();
    const d = new Date();
    const date = `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, '0')}.${String(d.getDate()).padStart(2, '0')}`;
    return this.tags.length > 0
      ? this.tags
      : [
          ['Event', t(this.mode === 'play' ? 'pgn.event' : 'pgn.analysis')],
          ['Site', t('pgn.site')],
          ['Date', date],
          ['Red', this.mode === 'play' && this.play !== null ? (this.play.human === RED ? t('pgn.you') : `Chuhan ${version}`) : names[0]],
          ['Black', this.mode === 'play' && this.play !== null ? (this.play.human === RED ? `Chuhan ${version}` : t('pgn.you')) : names[1]],
        ];
  }

  private openPgnGame(game: PgnGame): void {
    const record = recordOf(game);
    this.startAnalysis(record, record.length);
    this.dropReview();
    this.tags = game.tags;
    this.end = game.result === '*' ? null : { result: game.result, reason: 'abandoned', human: null };
    this.refresh();
  }

  // -----------------------------------------------------------------------------------------
  // Game review

  /** Whether the game shown may be reviewed: one with moves, in analysis or once a game against the engine is over. */
  private mayReview(): boolean {
    return this.game.length > 0 && (this.mode === 'analysis' || this.end !== null);
  }

  /** Reviews the game shown: every position searched in the review's own worker, the graph filled in as it goes. */
  private startReview(): void {
    if (!this.mayReview()) return;
    // The tags first: a game against the engine names who played which side.
    const tags = this.pgnTags();
    if (this.mode === 'play') {
      const end = this.end;
      this.startAnalysis(this.game, this.cursor);
      this.end = end;
    }
    this.stopSearch();
    const nodes = this.settings.reviewNodes;
    const game = GameRecord.fromIccs(this.game.startFen, this.game.iccs());
    const end = this.end ?? judgedEnd(game.judgementAt(), game.current.side);
    const review: ReviewState = { game, tags, end, nodes, evals: [], result: null, started: performance.now() };
    this.review = review;
    saveReview(null);
    // The Review button goes while the review runs: the keyboard's focus goes on to Cancel, and
    // from there to the graph once the review is done.
    const focused = document.activeElement === $('review-start');
    this.refresh();
    if (focused) $('review-cancel').focus();
    this.reviewRunner
      .run(game.startFen, game.moves, nodes, (p) => {
        if (this.review !== review) return;
        review.evals = [...p.evals];
        this.renderReview();
      })
      .then((evals) => {
        if (this.review !== review) return;
        review.evals = evals;
        review.result = reviewGame(game.startFen, game.moves, evals);
        review.started = null;
        saveReview({ startFen: game.startFen, moves: game.iccs(), tags: review.tags, end: review.end, nodes, evals });
        const cancelFocused = document.activeElement === $('review-cancel');
        this.refresh();
        if (cancelFocused) $('review-graph').focus();
      })
      .catch((e: unknown) => {
        if (e instanceof ReviewCancelled || this.review !== review) return;
        this.review = null;
        notice(() => t('notice.reviewStopped', { reason: reasonOf(e) }));
        this.refresh();
      });
  }

  /** Ends the review: a running one is cancelled, a finished one forgotten. */
  private dropReview(): void {
    if (this.review === null) return;
    this.review = null;
    this.reviewRunner.cancel();
    saveReview(null);
  }

  /** Cancel or close: the review goes, and the keyboard's focus back to the Review button. */
  private closeReview(): void {
    this.dropReview();
    this.refresh();
    const button = $('review-start');
    if (!button.hidden) button.focus();
  }

  /** A review saved before a reload, for the game it was made of. */
  private restoreReview(): void {
    const saved = loadReview();
    if (saved === null) return;
    try {
      const game = GameRecord.fromIccs(saved.startFen, saved.moves);
      const result = reviewGame(game.startFen, game.moves, saved.evals);
      this.review = { game, tags: saved.tags, end: saved.end, nodes: saved.nodes, evals: saved.evals, result, started: null };
    } catch {
      saveReview(null);
    }
  }

  /** The review panel goes under the board on a narrow screen, beside it (at the top of the side column) on a wide one. */
  private placeReview(): void {
    const narrow = matchMedia('(max-width: 860px)');
    const place = (): void => {
      $(narrow.matches ? 'review-slot-board' : 'review-slot-side').appendChild($('review'));
      this.renderReview();
    };
    narrow.addEventListener('change', place);
    place();
  }

  private renderReview(): void {
    const r = this.review;
    const button = $('review-start') as HTMLButtonElement;
    button.hidden = !this.mayReview() || (r !== null && (r.started !== null || this.reviewApplies()));
    if (r === null) {
      this.reviewPanel.render(null);
      return;
    }
    const running = r.started === null ? null : { done: r.evals.length, total: r.game.length + 1, secondsLeft: NaN };
    if (running !== null && running.done > 0 && r.started !== null) {
      running.secondsLeft = ((performance.now() - r.started) / 1000 / running.done) * (running.total - running.done);
    }
    const applies = this.reviewApplies();
    this.reviewPanel.render({
      running,
      review: r.result,
      evals: r.evals,
      game: r.game,
      applies,
      cursor: applies ? this.cursor : 0,
      notation: this.settings.notation,
      nodes: r.nodes,
    });
  }

  /** The reviewed game as PGN, with the comments, marks, better lines and tags `chuhan analyse` writes. */
  private reviewedPgn(choice: PgnChoice): string | null {
    const r = this.review;
    if (r === null || r.result === null) return null;
    const game: PgnGame = { tags: r.tags, fen: r.game.startFen, moves: [...r.game.moves], result: r.end?.result ?? '*' };
    const annotated = annotateGame(withOpeningTags(game), r.result, r.evals, {
      annotator: `Chuhan ${version}, nodes ${r.nodes} a position`,
    });
    return writePgn(annotated, choice === 'traditional' ? 'chinese' : choice, { traditional: choice === 'traditional' });
  }

  private downloadReview(): void {
    const text = this.reviewedPgn(($('pgn-format') as HTMLSelectElement).value as PgnChoice);
    if (text !== null) download(text, `chuhan-review-${timestamp()}.pgn`);
  }

  /** Back to the reviewed game, at the move where the game shown left it. */
  private backToReview(): void {
    const r = this.review;
    if (r === null) return;
    const shown = this.game.iccs();
    const reviewed = r.game.iccs();
    let same = 0;
    if (this.game.startFen === r.game.startFen)
      while (same < shown.length && same < reviewed.length && shown[same] === reviewed[same]) same++;
    this.startAnalysis(GameRecord.fromIccs(r.game.startFen, reviewed), same);
    this.tags = r.tags;
    this.end = r.end;
    this.refresh();
  }

  /** Plays the first `count` moves of the better line at move `ply` of the reviewed game, in analysis. */
  private playBetter(ply: number, count: number): void {
    const r = this.review;
    const line = r?.result?.moves[ply - 1]?.better;
    if (r === null || line === undefined || !this.reviewApplies() || this.mode !== 'analysis') return;
    this.cursor = ply - 1;
    for (const m of line.slice(0, count)) this.analysisMove(m);
    this.refresh();
  }
}

new Page().start();
