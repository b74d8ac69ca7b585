// The protocol state machine: reads command lines, keeps the position, the options and the search
// in progress, and answers in the dialect chosen by the handshake (`ucci`, `uci`, or `uci` then
// `ucci` for VinXiangQi; undecided sessions answer like UCI).
//
// Every `go` owes exactly one reply (`bestmove`/`nobestmove`), `isready` a `readyok`, `probe` a
// `pophash`, UCCI's `quit` a `bye`. Replies are written in the order the commands came, even when
// a new `go` arrives before the previous search has answered. The search runs in a worker thread,
// so `stop`, `isready` and `ponderhit` are served at once while it thinks; should the search be
// slow to honour STOP, the session answers for it with the best move known so far.
//
// Nothing here needs Node: the output is a LineOutput, and the worker and files come from a
// SessionHost, so the same session runs the executable (host/stdio-session.ts) and the browser
// worker (host/web-worker.ts).
import {
  MAX_MOVES,
  Position,
  START_FEN,
  generateLegal,
  isLegalMove,
  moveToIccs,
  parseFen,
  parseIccs,
  toFen,
} from '../engine/index';
import {
  type CurrMoveInfo,
  type Score,
  type SearchInfo,
  type SearchResult,
} from '../engine/limits';
import type { HashProbe } from '../engine/tt';
import { NnueEvaluator, type Network } from '../engine/nnue';
import { embeddedNetwork } from '../engine/network';
import { planSearch, type SearchPlan } from './clock';
import type { Dialect } from './dialect';
import { EMBEDDED_NETWORK, clip, defaultOptions, optionSpecs, setOption, type OptionValues } from './options';
import { commandWord, parseLine, type Command, type GoCommand, type PositionText } from './parser';
import { SearchClient } from './search-client';
import type { LineOutput, SessionHost } from './session-host';
import { setTunableOption, withTunableOptions } from './tune-options';
import { setupPosition, type BuiltPosition } from './setup';
import { ucciScore } from '../engine/wire';
import { UCCI } from './ucci';
import { UCI, UCI10 } from './uci';
import { boardLines, evalLines, perftLines } from './inspect';

/** How long a stopped search may take to answer before the session answers for it (ms). */
export const STOP_GRACE_MS = 35;
/**
 * The same while the search has not finished depth 1 (it does not stop before that, so that every
 * bestmove is a searched move; depth 1 takes milliseconds, more in a process that is still cold).
 */
export const FIRST_DEPTH_GRACE_MS = 500;
/** How long `isready` waits for an idle worker's answer before replying anyway (ms). */
const PING_TIMEOUT_MS = 2000;
const PROBE_TIMEOUT_MS = 1000;
/** A draw offer is accepted when the search's score for us is at most this (centipawns). */
export const DRAW_ACCEPT_CP = 0;
/** With the `resign` option on, the engine resigns at or below this score (centipawns). */
export const RESIGN_CP = -1500;

interface Search {
  id: number;
  /** The position searched, for checking the move the search returns. */
  pos: Position;
  excluded: number[];
  plan: SearchPlan;
  /** `go ponder` without `ponderhit` yet. */
  pondering: boolean;
  /** A draw offer is on the table (`go draw`, `ponderhit draw`). */
  drawOffered: boolean;
  stopRequested: boolean;
  lastInfo: SearchInfo | null;
  /** When the last search `info` line was written (performance.now()), and a line held back since. */
  infoWrittenAt: number;
  heldInfo: string | null;
  /** The search's result while the reply is held (ponder, infinite analysis). */
  held: SearchResult | null;
  /** The reply, once decided (lines are written when every earlier reply has been). */
  reply: string[] | null;
  /** The worker is done with it (result or failure received). */
  finished: boolean;
  timers: Array<ReturnType<typeof setTimeout>>;
}

export class Session {
  private dialect: Dialect = UCI;
  private cyclone = false;
  /** Seeds the root-move bonuses of `randomness`: new for every search, random for every session. */
  private noiseSeed = (Math.random() * 0x100000000) >>> 0;
  private readonly options: OptionValues = defaultOptions();
  private root: BuiltPosition = Session.startPosition();
  private banned: number[] = [];
  private readonly client: SearchClient;
  /** Searches owing a reply, oldest first. */
  private readonly owed: Search[] = [];
  private readonly byId = new Map<number, Search>();
  /** The search that `stop`/`ponderhit` act on (the newest one not yet answered). */
  private current: Search | null = null;
  private localIds = -1;

  /** Called whenever a reply has been written (isready waits on stopping searches). */
  private replyWaiters: Array<() => void> = [];

  private readonly queue: string[] = [];
  private blocked = false;
  private pumping = false;
  private endOfInput = false;
  /** The network file the worker has (EMBEDDED_NETWORK for the built-in one). */
  private networkFile = EMBEDDED_NETWORK;
  /** The network read from networkFile, or null for the built-in one. */
  private loadedNetwork: Network | null = null;
  private finished = false;
  private resolveDone: () => void = () => {};
  /** Resolves when the session is over (after `quit`, or at the end of input once all replies are out). */
  readonly done: Promise<void>;

  constructor(
    private readonly out: LineOutput,
    private readonly host: SessionHost,
  ) {
    this.done = new Promise((resolve) => (this.resolveDone = resolve));
    this.client = new SearchClient(
      {
        info: (id, info) => this.onInfo(id, info),
        currmove: (id, info) => this.onCurrMove(id, info),
        result: (id, result) => this.onResult(id, result),
        failed: (id, message) => this.onFailed(id, message),
        warning: (message) => this.note(message),
      },
      this.options.hash,
      host.worker,
    );
    if (this.options.usennue) this.client.setEvaluation(true, null);
  }

  private static startPosition(): BuiltPosition {
    return { fen: START_FEN, moves: [], pos: parseFen(START_FEN) };
  }

  // ---- input ----------------------------------------------------------------------------------

  /** Takes one raw input line; lines are handled in order, some waiting for the worker. */
  push(raw: string): void {
    if (this.finished) return;
    this.queue.push(raw);
    this.pump();
  }

  /** The GUI closed our input: finish what is owed (stopping endless searches), then end. */
  close(): void {
    this.endOfInput = true;
    this.pump();
  }

  private pump(): void {
    // Not re-entrant: a reply decided while a line is handled must not start the next line early.
    if (this.pumping) return;
    this.pumping = true;
    try {
      this.drainQueue();
    } finally {
      this.pumping = false;
    }
    this.checkEndOfInput();
  }

  private drainQueue(): void {
    while (!this.blocked && !this.finished && this.queue.length > 0) {
      const raw = this.queue[0];
      // Batch mode: while thinking, input waits for the reply (only stop and isready go through).
      if (this.options.batch && this.thinking()) {
        const word = commandWord(raw);
        if (word !== 'stop' && word !== 'isready') break;
      }
      this.queue.shift();
      const wait = this.handle(raw);
      if (wait !== undefined) {
        this.blocked = true;
        void wait.then(() => {
          this.blocked = false;
          this.pump();
        });
      }
    }
  }

  private checkEndOfInput(): void {
    if (this.endOfInput && !this.blocked && !this.finished) {
      if (this.queue.length === 0) {
        // Nobody is left to send stop: end held and endless searches now.
        for (const s of this.owed) if (this.holds(s) || s.plan.infinite || s.pondering) this.stop(s);
        if (this.owed.length === 0) void this.finish();
      } else if (this.current !== null) {
        // Batch input is waiting behind a search that may never end by itself.
        if (this.current.plan.infinite || this.current.pondering) this.stop(this.current);
      }
    }
  }

  private thinking(): boolean {
    return this.current !== null && this.current.reply === null;
  }

  private handle(raw: string): Promise<void> | void {
    const { command, warnings } = parseLine(raw);
    if (this.options.debug && command.kind !== 'empty') this.note(`received: ${clip(raw.trim(), 100)}`);
    for (const w of warnings) this.note(w);
    return this.execute(command);
  }

  private execute(c: Command): Promise<void> | void {
    switch (c.kind) {
      case 'empty':
        return;
      case 'handshake':
        this.dialect = c.dialect === 'ucci' ? UCCI : this.uciDialect();
        this.cyclone = false;
        for (const line of withTunableOptions(this.dialect.handshake(optionSpecs(this.host.worker.cores)), this.dialect.name)) this.out.line(line);
        return;
      case 'ucicyclone':
        this.dialect = this.uciDialect();
        this.cyclone = true;
        return;
      case 'isready':
        return this.isready();
      case 'setoption':
        return this.setoption(c.name, c.value);
      case 'position':
        if (c.bare && this.dialect.name === 'uci' && !this.cyclone) {
          this.cyclone = true;
          this.debug('UCI-Cyclone form (position without the word position)');
        }
        return this.position(c.position);
      case 'banmoves':
        return this.banmoves(c.moves);
      case 'go':
        return this.go(c.go);
      case 'ponderhit':
        return this.ponderhit(c.draw);
      case 'stop':
        if (this.current !== null && this.current.reply === null) {
          this.stop(this.current);
        } else {
          const reply = this.dialect.stopWhileIdle();
          if (reply !== null) this.out.line(reply);
        }
        return;
      case 'probe':
        if (c.error !== undefined) {
          this.note(c.error);
          this.out.line('pophash');
          return;
        }
        return this.probe(c.position);
      case 'quit':
        return this.quit();
      case 'newgame':
        return this.newGame();
      case 'debug':
        this.options.debug = c.on;
        return;
      case 'display':
        for (const line of boardLines(this.root.pos, this.dialect.ranksFrom)) this.out.line(line);
        return;
      case 'eval':
        for (const line of evalLines(this.root.pos)) this.out.line(line);
        for (const line of this.networkEvalLines()) this.out.line(line);
        return;
      case 'unknown':
        this.note(`unknown command '${clip(c.word)}'`);
        return;
      case 'error':
        this.note(c.message);
        return;
    }
  }

  /** UCI with the ranks chosen by the `Ranks` option. */
  private uciDialect(): Dialect {
    return this.options.ranks === '1-10' ? UCI10 : UCI;
  }

  // ---- output helpers -------------------------------------------------------------------------

  /** An `info string` (made safe for UCCI GUIs that react to certain words). */
  private note(text: string): void {
    this.out.line(this.dialect.infoString(text));
  }

  private debug(text: string): void {
    if (this.options.debug) this.note(text);
  }

  // ---- commands -------------------------------------------------------------------------------

  private async isready(): Promise<void> {
    // After `stop`, the stopped search's bestmove comes first (it is due within STOP_GRACE_MS),
    // so that `stop` + `isready` is a clean synchronisation point for a GUI.
    while (this.owed.some((s) => s.stopRequested && s.reply === null)) {
      await new Promise<void>((resolve) => this.replyWaiters.push(resolve));
    }
    // While the worker is busy, readyok goes out at once; when it is idle, a round trip to it and
    // to every helper first makes sure they are alive, warmed up and have applied earlier option
    // changes (a new hash size, say).
    if (!this.client.busy && this.client.unavailable === null) await this.client.pingAll(PING_TIMEOUT_MS);
    this.out.line('readyok');
  }

  private setoption(name: string, value: string): void {
    const tuned = setTunableOption(name, value);
    if (tuned !== null) {
      for (const w of tuned.warnings) this.note(w);
      this.client.setParams(tuned.values);
      return;
    }
    const r = setOption(this.options, name, value, this.dialect.name, this.host.worker.cores);
    for (const w of r.warnings) this.note(w);
    if (r.spec === undefined) {
      // UCI engines say so (Stockfish's wording); UCCI GUIs send options nobody announced.
      if (this.dialect.name === 'uci') this.note(`No such option: ${clip(name)}`);
      else this.debug(`option '${clip(name)}' is not one of ours; ignored`);
      return;
    }
    if (r.shown !== undefined) this.debug(`option ${r.spec.ucci ?? r.spec.uci} = ${r.shown}`);
    if (r.spec.key === 'variant' && this.dialect.name === 'uci' && this.options.variant === 'xiangqi' && this.options.ranks !== '1-10') {
      this.options.ranks = '1-10';
      this.note('UCI_Variant xiangqi: moves now use ranks 1-10 (setoption name Ranks value 0-9 for ranks 0-9)');
    }
    if (r.spec.key === 'variant' || r.spec.key === 'ranks') {
      if (this.dialect.name === 'uci') this.dialect = this.uciDialect();
      return;
    }
    if (!r.changed) return;
    if (r.spec.key === 'hash') this.client.setHash(this.options.hash);
    if (r.spec.key === 'threads') this.applyThreads();
    if (r.spec.key === 'usennue' || r.spec.key === 'evalfile') this.applyEvaluation(r.spec.key);
    if (r.spec.key === 'newgame') this.newGame();
  }

  /** Starts or ends helper threads for the next searches (Threads); says so when fewer run. */
  private applyThreads(): void {
    const asked = this.options.threads;
    const running = this.client.setThreads(asked);
    if (running < asked) {
      const why = this.host.worker.shared
        ? 'helper threads could not start'
        : 'several threads need SharedArrayBuffer, which a browser gives only to a cross-origin-isolated page';
      this.note(`Threads ${asked}: ${why}; searching with ${running} thread${running === 1 ? '' : 's'}`);
    }
    this.debug(`search threads: ${running} (the main search and ${this.client.helperCount} helper${this.client.helperCount === 1 ? '' : 's'})`);
  }

  /**
   * Hands the evaluation options to the worker. A network file is read and checked here first: one
   * that cannot be used is reported, and the network in use stays (EvalFile goes back to it).
   */
  private applyEvaluation(changed: 'usennue' | 'evalfile'): void {
    let bytes: Uint8Array | null = null;
    const file = this.options.evalfile;
    if (file !== EMBEDDED_NETWORK) {
      const r = this.host.readNetworkFile(file);
      if ('error' in r) {
        this.options.evalfile = this.networkFile;
        this.note(`EvalFile ${clip(file, 80)}: ${r.error}; still using ${this.networkFile === EMBEDDED_NETWORK ? 'the built-in network' : clip(this.networkFile, 80)}`);
        if (changed === 'evalfile') return;
        if (this.networkFile !== EMBEDDED_NETWORK) {
          const again = this.host.readNetworkFile(this.networkFile);
          bytes = 'error' in again ? null : again.bytes;
        }
      } else {
        bytes = r.bytes;
        this.networkFile = file;
        this.loadedNetwork = r.network;
        this.note(`network ${clip(file, 80)} loaded (${r.network.hidden} neurons a side${r.network.description ? `, ${r.network.description}` : ''})${this.options.usennue ? '' : '; set Use NNUE (usennue) to evaluate with it'}`);
      }
    } else {
      this.networkFile = EMBEDDED_NETWORK;
      this.loadedNetwork = null;
    }
    this.client.setEvaluation(this.options.usennue, bytes);
    this.debug(`evaluation: ${this.options.usennue ? `network ${this.networkFile}` : 'hand-written'}`);
  }

  /** `eval`'s last lines: which evaluation the search uses, and the network's score. */
  private networkEvalLines(): string[] {
    const name = this.networkFile === EMBEDDED_NETWORK ? 'the built-in network' : `network ${this.networkFile}`;
    const score = new NnueEvaluator(this.loadedNetwork ?? embeddedNetwork()).evaluate(this.root.pos);
    const shown = `${score > 0 ? '+' : ''}${score}`;
    return this.options.usennue
      ? [`NNUE evaluation: ${shown} (${name}, the side to move); the search uses this one`]
      : [`NNUE evaluation: ${shown} (${name}, the side to move); the search uses the hand-written one above (Use NNUE switches)`];
  }

  private newGame(): void {
    this.client.clearHash();
    this.root = Session.startPosition();
    this.banned = [];
    this.debug('new game: hash cleared, start position set');
  }

  private position(text: PositionText): void {
    const r = setupPosition(text, 'position', (t) => this.dialect.readMove(t));
    for (const w of r.warnings) this.note(w);
    if (!r.ok) {
      this.note(r.error);
      return;
    }
    this.root = r.built;
    this.banned = [];
    this.debug(`position ${toFen(r.built.pos)} after ${r.built.moves.length} move(s); no banned moves`);
  }

  private banmoves(tokens: string[]): void {
    const pos = this.root.pos;
    const banned: number[] = [];
    for (const t of tokens) {
      try {
        const m = parseIccs(pos, this.dialect.readMove(t));
        if (!banned.includes(m)) banned.push(m);
      } catch {
        this.note(`banmoves: '${clip(t)}' is not a legal move here; ignored`);
      }
    }
    this.banned = banned;
    this.debug(`banned moves: ${banned.length === 0 ? 'none' : banned.map((m) => this.dialect.move(m)).join(' ')}`);
  }

  private go(go: GoCommand): void {
    if (this.thinking()) {
      this.note('go while searching: the current search is stopped and answered first');
      this.stop(this.current!);
    }
    const pos = this.root.pos;
    const plan = planSearch(go, pos.side, this.options, this.dialect.name);
    if (plan.limits.rootNoise !== undefined) {
      this.noiseSeed = (Math.imul(this.noiseSeed, 1664525) + 1013904223) >>> 0;
      plan.limits.noiseSeed = this.noiseSeed;
    }
    for (const w of plan.warnings) this.note(w);
    if (plan.perft !== undefined) {
      // Counted here, as Pikafish does: the session answers nothing else meanwhile.
      for (const line of perftLines(pos, plan.perft, (m) => this.dialect.move(m))) this.out.line(line);
      return;
    }
    const excluded = [...this.banned];
    if (go.searchmoves !== undefined) {
      const allowed = new Set<number>();
      for (const t of go.searchmoves) {
        try {
          allowed.add(parseIccs(pos, this.dialect.readMove(t)));
        } catch {
          this.note(`go searchmoves: '${clip(t)}' is not a legal move here; ignored`);
        }
      }
      for (const m of legalMoves(pos)) if (!allowed.has(m) && !excluded.includes(m)) excluded.push(m);
    }
    if (excluded.length > 0) plan.limits.excluded = excluded;
    if (this.options.debug) {
      this.note(`go limits ${JSON.stringify({ ...plan.limits, overhead: undefined })}${plan.clock === undefined ? '' : `; clock ${plan.clock}`}; threads ${this.client.helperCount + 1}`);
      if (plan.hardStop !== undefined) this.note(`go hard stop after ${plan.hardStop} ms`);
    }

    const started = this.client.search({ fen: this.root.fen, moves: this.root.moves }, plan.limits, this.options.debug);
    const s: Search = {
      id: started ?? this.localIds--,
      pos,
      excluded,
      plan,
      pondering: go.ponder,
      drawOffered: go.draw,
      stopRequested: false,
      lastInfo: null,
      infoWrittenAt: -Infinity,
      heldInfo: null,
      held: null,
      reply: null,
      finished: false,
      timers: [],
    };
    this.owed.push(s);
    this.byId.set(s.id, s);
    this.current = s;
    if (started === null) {
      this.note(`no search available (${this.client.unavailable ?? 'unknown reason'}); answering with a legal move`);
      this.onResult(s.id, this.fallbackResult(s));
      return;
    }
    if (!s.pondering) this.armDeadline(s);
    if (this.endOfInput && this.queue.length === 0 && (plan.infinite || s.pondering)) this.stop(s);
  }

  private ponderhit(draw: boolean): void {
    const s = this.current;
    if (s === null || s.reply !== null || !s.pondering) {
      this.note('ponderhit without a ponder search; ignored');
      return;
    }
    s.pondering = false;
    if (draw) s.drawOffered = true;
    this.client.ponderhit(s.id);
    this.debug('ponderhit: the clock runs from now');
    if (s.held !== null && !this.holds(s)) {
      this.answer(s, s.held);
      return;
    }
    this.armDeadline(s);
  }

  private async probe(text: PositionText | null): Promise<void> {
    let target: BuiltPosition = this.root;
    if (text !== null) {
      const r = setupPosition(text, 'probe', (t) => this.dialect.readMove(t));
      for (const w of r.warnings) this.note(w);
      if (!r.ok) {
        this.note(r.error);
        this.out.line('pophash');
        return;
      }
      target = r.built;
    }
    if (this.client.busy) {
      this.note('probe while searching: the hash table is in use, so no entry is reported');
      this.out.line('pophash');
      return;
    }
    const entry = await this.client.probe({ fen: target.fen, moves: target.moves }, PROBE_TIMEOUT_MS);
    this.out.line(formatPophash(target.pos, entry));
  }

  private async quit(): Promise<void> {
    // A search still running is stopped and answered first, as Stockfish-family engines do.
    for (const s of [...this.owed]) this.stop(s);
    this.client.stopAll();
    while (this.owed.length > 0) await new Promise<void>((resolve) => this.replyWaiters.push(resolve));
    const bye = this.dialect.bye();
    if (bye !== null) this.out.line(bye);
    await this.finish();
  }

  private async finish(): Promise<void> {
    if (this.finished) return;
    this.finished = true;
    for (const s of this.owed) for (const t of s.timers) clearTimeout(t);
    this.client.terminate();
    await this.out.flush();
    this.resolveDone();
  }

  // ---- the search in progress -----------------------------------------------------------------

  /** Is the reply of `s` held back (pondering, or infinite analysis not yet stopped)? */
  private holds(s: Search): boolean {
    return !s.stopRequested && (s.pondering || s.plan.infinite);
  }

  private armDeadline(s: Search): void {
    const ms = s.plan.hardStop;
    if (ms === undefined) return;
    s.timers.push(
      setTimeout(() => {
        if (s.reply !== null) return;
        this.debug(`hard stop after ${ms} ms`);
        this.stop(s);
      }, ms),
    );
  }

  /** Asks a search to stop; answers with a held result at once, or for the search after a grace. */
  private stop(s: Search): void {
    if (s.reply !== null || s.stopRequested) return;
    s.stopRequested = true;
    const willAnswer = this.client.stop(s.id);
    if (s.held !== null) {
      this.answer(s, s.held);
      return;
    }
    if (!willAnswer) {
      // The search was abandoned (no shared memory to signal it): answer for it now.
      s.finished = true;
      this.answer(s, this.fallbackResult(s));
      return;
    }
    const grace = s.lastInfo === null ? FIRST_DEPTH_GRACE_MS : STOP_GRACE_MS;
    s.timers.push(
      setTimeout(() => {
        if (s.reply !== null) return;
        this.debug(`the search did not stop within ${grace} ms; answering with the best move known`);
        this.answer(s, this.fallbackResult(s));
      }, grace),
    );
  }

  private onInfo(id: number, info: SearchInfo): void {
    const s = this.byId.get(id);
    if (s === undefined || s.reply !== null) return;
    if (info.multipv <= 1 && info.pv.length > 0) s.lastInfo = info;
    const line = this.dialect.info(info, true);
    if (line === null || s !== this.current) return;
    const now = performance.now();
    if (now - s.infoWrittenAt >= this.dialect.infoIntervalMs) {
      s.infoWrittenAt = now;
      s.heldInfo = null;
      this.out.line(line);
    } else {
      s.heldInfo = line;
    }
  }

  /** `info currmove` (the worker sends these only for searches started in debug mode). */
  private onCurrMove(id: number, info: CurrMoveInfo): void {
    const s = this.byId.get(id);
    if (s === undefined || s.reply !== null || s !== this.current || !this.options.debug) return;
    this.out.line(this.dialect.currmove(info));
  }

  private onResult(id: number, result: SearchResult): void {
    const s = this.byId.get(id);
    if (s === undefined) return;
    s.finished = true;
    if (s.reply !== null) {
      // Answered already (by the grace timer); the search has finished its work now.
      this.byId.delete(id);
      return;
    }
    if (this.holds(s)) {
      s.held = result;
      return;
    }
    this.answer(s, result);
  }

  private onFailed(id: number, message: string): void {
    const s = this.byId.get(id);
    if (s === undefined) return;
    if (s.reply !== null) {
      s.finished = true;
      this.byId.delete(id);
      return;
    }
    this.note(`search failed (${clip(message, 120)}); answering with the best move known`);
    this.onResult(id, this.fallbackResult(s));
  }

  /** The best move known without the search's answer: the last PV's first move, else any legal one. */
  private fallbackResult(s: Search): SearchResult {
    const info = s.lastInfo;
    let move = info !== null && info.pv.length > 0 ? info.pv[0] : 0;
    if (!this.permitted(s, move)) move = legalMoves(s.pos).find((m) => !s.excluded.includes(m)) ?? 0;
    const ponder = info !== null && info.pv[0] === move && info.pv.length > 1 ? info.pv[1] : 0;
    return {
      bestMove: move,
      ponderMove: ponder,
      score: info?.score ?? { cp: 0 },
      depth: info?.depth ?? 0,
      nodes: info?.nodes ?? 0,
      time: info?.time ?? 0,
    };
  }

  private permitted(s: Search, move: number): boolean {
    return move !== 0 && isLegalMove(s.pos, move) && !s.excluded.includes(move);
  }

  /** Decides the reply of `s` from a result and writes every reply that is now due, in order. */
  private answer(s: Search, result: SearchResult): void {
    if (s.reply !== null) return;
    for (const t of s.timers) clearTimeout(t);
    s.timers = [];
    s.reply = this.replyLines(s, result);
    if (s.heldInfo !== null) s.reply.unshift(s.heldInfo);
    if (s === this.current) this.current = null;
    // A search answered early stays known until its result arrives, so that result is recognised.
    if (s.finished) this.byId.delete(s.id);
    while (this.owed.length > 0 && this.owed[0].reply !== null) {
      for (const line of this.owed.shift()!.reply!) this.out.line(line);
    }
    const waiters = this.replyWaiters;
    this.replyWaiters = [];
    for (const w of waiters) w();
    this.pump();
  }

  private replyLines(s: Search, result: SearchResult): string[] {
    if (s.plan.depthZero) return this.dialect.depthZero(result.score);
    let move = result.bestMove;
    if (move !== 0 && !this.permitted(s, move)) {
      const fallback = this.fallbackResult(s);
      this.note(`the search chose ${this.dialect.move(move)}, which is not permitted here; playing ${fallback.bestMove === 0 ? 'nothing' : this.dialect.move(fallback.bestMove)}`);
      return this.replyLines(s, fallback);
    }
    if (move === 0) {
      // No legal or permitted move (or the position is already decided): say so.
      return [this.dialect.noMove()];
    }
    let ponder: string | null = null;
    const p = result.ponderMove !== 0 ? result.ponderMove : s.lastInfo?.pv[0] === move ? (s.lastInfo.pv[1] ?? 0) : 0;
    if (p !== 0) {
      s.pos.make(move);
      if (isLegalMove(s.pos, p)) ponder = this.dialect.move(p);
      s.pos.unmake();
    }
    let suffix: 'draw' | 'resign' | null = null;
    if (this.dialect.drawAndResign) {
      if (s.drawOffered && acceptsDraw(result.score)) suffix = 'draw';
      else if (this.options.resign && resigns(result.score)) suffix = 'resign';
    }
    return [this.dialect.bestmove(this.dialect.move(move), ponder, suffix)];
  }
}

function legalMoves(pos: Position): number[] {
  const buf = new Int32Array(MAX_MOVES);
  const n = generateLegal(pos, buf, 0);
  return Array.from(buf.subarray(0, n));
}

/** Accept a draw only when the search sees no advantage for us. */
function acceptsDraw(score: Score): boolean {
  if (score.mate !== undefined) return score.mate < 0;
  return (score.cp ?? 0) <= DRAW_ACCEPT_CP;
}

function resigns(score: Score): boolean {
  if (score.mate !== undefined) return score.mate < 0;
  return (score.cp ?? 0) <= RESIGN_CP;
}

/** `pophash [bestmove m] [lowerbound v depth d] [upperbound v depth d]`, scores UCCI-style. */
export function formatPophash(pos: Position, entry: HashProbe | null): string {
  if (entry === null) return 'pophash';
  let line = 'pophash';
  if (entry.move !== 0 && isLegalMove(pos, entry.move)) line += ` bestmove ${moveToIccs(entry.move)}`;
  const v = ucciScore(entry.score);
  if (entry.bound !== 'upper') line += ` lowerbound ${v} depth ${entry.depth}`;
  if (entry.bound !== 'lower') line += ` upperbound ${v} depth ${entry.depth}`;
  return line;
}
