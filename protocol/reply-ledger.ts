// The replies owed to `go`: every `go` owes exactly one (`bestmove`/`nobestmove`), written in the
// order the commands came, even when a new `go` arrives before the previous search has answered.
// The ledger keeps each search until its reply is out: its search `info` lines (at most one per
// Dialect.infoIntervalMs, the last one held back written before the reply), the result held while
// pondering or analysing without end, the hard deadline, and, when the search is slow to honour
// STOP, or fails, or there is no search at all, a fallback move: the last PV's first move, else
// any permitted legal move. The reply itself carries the draw and resign decisions of UCCI.
import { MAX_MOVES, Position, generateLegal, isLegalMove } from '../engine/index';
import type { CurrMoveInfo, Score, SearchInfo, SearchResult } from '../engine/limits';
import { materialShare, wdlPerMille } from '../engine/wdl';
import type { SearchPlan } from './search-plan';
import type { Dialect } from './dialect';
import type { LineOutput } from './session-host';
import { clip, type Report } from './report';
import type { SearchClient, SearchEvents } from './search-client';

/** How long a stopped search may take to answer before the session answers for it (ms). */
const STOP_GRACE_MS = 35;
/**
 * The same while the search has not finished depth 1 (it does not stop before that, so that every
 * bestmove is a searched move; depth 1 takes milliseconds, more in a process that is still cold).
 */
const FIRST_DEPTH_GRACE_MS = 500;
/** A draw offer is accepted when the search's score for us is at most this (centipawns). */
const DRAW_ACCEPT_CP = 0;
/** With the `resign` option on, the engine resigns at or below this score (centipawns). */
const RESIGN_CP = -1500;

/** A `go` that owes its reply. */
interface Search {
  id: number;
  /** The position searched, for checking the move the search returns. */
  pos: Position;
  /** Its material, for the chances of a win, a draw and a loss (engine/wdl.ts). */
  material: number;
  excluded: number[];
  plan: SearchPlan;
  /** `go ponder` without `ponderhit` yet. */
  pondering: boolean;
  /** A draw offer is on the table (`go draw`, `ponderhit draw`). */
  drawOffered: boolean;
  stopRequested: boolean;
  /** When the stop was asked (performance.now()). */
  stoppedAt: number;
  lastInfo: SearchInfo | null;
  /** When the last search `info` line was written (performance.now()), and a line held back since. */
  infoWrittenAt: number;
  heldInfo: string | null;
  /** The search's result while the reply is held (ponder, infinite analysis). */
  held: SearchResult | null;
  /** The reply, once decided (lines are written when every earlier reply has been). */
  reply: string[] | null;
  /** The search is done with it (result or failure received). */
  finished: boolean;
  timers: Array<ReturnType<typeof setTimeout>>;
}

/** What the ledger needs from the session: where lines go, the dialect in use, and the options that shape a reply. */
interface LedgerContext {
  readonly out: LineOutput;
  readonly report: Report;
  dialect(): Dialect;
  /** Is currmove and other search detail shown (debug mode)? */
  debug(): boolean;
  /** Does the engine resign lost positions (the `resign` option)? */
  resign(): boolean;
  /** Do `info` lines carry the chances of a win, a draw and a loss (UCI_ShowWDL, UCCI `showwdl`)? */
  showWdl(): boolean;
  /** A reply was written: input held back behind it may go on. */
  answered(): void;
}

/** What `go` hands the ledger. */
interface NewSearch {
  pos: Position;
  excluded: number[];
  plan: SearchPlan;
  pondering: boolean;
  drawOffered: boolean;
}

export class ReplyLedger implements Omit<SearchEvents, 'warning'> {
  /** Searches owing a reply, oldest first. */
  private readonly owed: Search[] = [];
  private readonly byId = new Map<number, Search>();
  /** The search that `stop`/`ponderhit` act on (the newest one not yet answered). */
  private current: Search | null = null;
  /** Ids of searches that no worker runs (answered at once), negative so as not to meet the client's. */
  private localIds = -1;
  /** Called whenever a reply has been written (isready and quit wait on them). */
  private replyWaiters: Array<() => void> = [];

  constructor(
    private readonly ctx: LedgerContext,
    private readonly client: SearchClient,
  ) {}

  /** A search is running whose reply is not yet decided. */
  get thinking(): boolean {
    return this.current !== null && this.current.reply === null;
  }

  /** Every reply is out. */
  get settled(): boolean {
    return this.owed.length === 0;
  }

  /** Records a search that `go` started (its id, or null when none could start: it is answered at once). */
  open(id: number | null, search: NewSearch): void {
    const s: Search = {
      ...search,
      material: materialShare(search.pos),
      id: id ?? this.localIds--,
      stopRequested: false,
      stoppedAt: 0,
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
    if (id === null) {
      this.result(s.id, this.fallbackResult(s));
      return;
    }
    if (!s.pondering) this.armDeadline(s);
  }

  /** `stop`: stops the current search; false when there is none. */
  stopCurrent(): boolean {
    if (!this.thinking) return false;
    this.stop(this.current!);
    return true;
  }

  /** Stops the searches that would not end by themselves (held, endless or pondering): nobody is left to stop them. */
  stopEndless(all: boolean): void {
    const searches = all ? this.owed : this.current === null ? [] : [this.current];
    for (const s of searches) if (this.holds(s) || s.plan.infinite || s.pondering) this.stop(s);
  }

  /** Stops every search (quit). */
  stopAll(): void {
    for (const s of [...this.owed]) this.stop(s);
  }

  /** `ponderhit`: the current ponder search goes on with the clock. */
  ponderhit(draw: boolean): void {
    const s = this.current;
    if (s === null || s.reply !== null || !s.pondering) {
      this.ctx.report.note('ponderhit without a ponder search; ignored');
      return;
    }
    s.pondering = false;
    if (draw) s.drawOffered = true;
    this.client.ponderhit(s.id);
    this.ctx.report.debug('ponderhit: the clock runs from now');
    if (s.held !== null && !this.holds(s)) {
      this.answer(s, s.held);
      return;
    }
    this.armDeadline(s);
  }

  /** Resolves once no stopped search still owes its reply (`stop` + `isready` synchronises a GUI). */
  async stoppedAnswered(): Promise<void> {
    while (this.owed.some((s) => s.stopRequested && s.reply === null)) await this.nextReply();
  }

  /** Resolves once every reply is out. */
  async allAnswered(): Promise<void> {
    while (this.owed.length > 0) await this.nextReply();
  }

  /** Cancels every timer (the session is over). */
  close(): void {
    for (const s of this.owed) for (const t of s.timers) clearTimeout(t);
  }

  private nextReply(): Promise<void> {
    return new Promise<void>((resolve) => this.replyWaiters.push(resolve));
  }

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
        this.ctx.report.debug(`hard stop after ${ms} ms`);
        this.stop(s);
      }, ms),
    );
  }

  /** Asks a search to stop; answers with a held result at once, or for the search after a grace. */
  private stop(s: Search): void {
    if (s.reply !== null || s.stopRequested) return;
    s.stopRequested = true;
    s.stoppedAt = performance.now();
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
        this.ctx.report.debug(`the search did not stop within ${grace} ms; answering with the best move known`);
        this.answer(s, this.fallbackResult(s));
      }, grace),
    );
  }

  // ---- what the search reports (SearchEvents) --------------------------------------------------

  info(id: number, info: SearchInfo): void {
    const s = this.byId.get(id);
    if (s === undefined || s.reply !== null) return;
    if (info.multipv <= 1 && info.pv.length > 0) s.lastInfo = info;
    const dialect = this.ctx.dialect();
    const line = dialect.info(info, true, this.ctx.showWdl() ? wdlPerMille(info.score, s.material) : null);
    if (line === null || s !== this.current) return;
    const now = performance.now();
    if (now - s.infoWrittenAt >= dialect.infoIntervalMs) {
      s.infoWrittenAt = now;
      s.heldInfo = null;
      this.ctx.out.line(line);
    } else {
      s.heldInfo = line;
    }
  }

  /** `info currmove` (the worker sends these only for searches started in debug mode). */
  currmove(id: number, info: CurrMoveInfo): void {
    const s = this.byId.get(id);
    if (s === undefined || s.reply !== null || s !== this.current || !this.ctx.debug()) return;
    this.ctx.out.line(this.ctx.dialect().currmove(info));
  }

  result(id: number, result: SearchResult): void {
    const s = this.byId.get(id);
    if (s === undefined) return;
    s.finished = true;
    if (s.reply !== null) {
      // Answered already (by the grace timer); the search has finished its work now. How late it
      // was tells a search that is slow to stop from a machine too busy to run it.
      this.ctx.report.debug(`the stopped search finished ${Math.round(performance.now() - s.stoppedAt)} ms after the stop`);
      this.byId.delete(id);
      return;
    }
    if (this.holds(s)) {
      s.held = result;
      return;
    }
    this.answer(s, result);
  }

  failed(id: number, message: string): void {
    const s = this.byId.get(id);
    if (s === undefined) return;
    if (s.reply !== null) {
      s.finished = true;
      this.byId.delete(id);
      return;
    }
    this.ctx.report.note(`search failed (${clip(message, 120)}); answering with the best move known`);
    this.result(id, this.fallbackResult(s));
  }

  // ---- the reply -------------------------------------------------------------------------------

  /** The best move known without the search's answer: the last PV's first move, else any legal one. */
  private fallbackResult(s: Search): SearchResult {
    const info = s.lastInfo;
    let move = info !== null && info.pv.length > 0 ? info.pv[0] : 0;
    if (!permitted(s, move)) move = legalMoves(s.pos).find((m) => !s.excluded.includes(m)) ?? 0;
    const ponder = info !== null && info.pv[0] === move && info.pv.length > 1 ? info.pv[1] : 0;
    return {
      bestMove: move,
      ponderMove: ponder,
      score: info?.score ?? { kind: 'cp', cp: 0 },
      depth: info?.depth ?? 0,
      nodes: info?.nodes ?? 0,
      time: info?.time ?? 0,
    };
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
      for (const line of this.owed.shift()!.reply!) this.ctx.out.line(line);
    }
    const waiters = this.replyWaiters;
    this.replyWaiters = [];
    for (const w of waiters) w();
    this.ctx.answered();
  }

  private replyLines(s: Search, result: SearchResult): string[] {
    const dialect = this.ctx.dialect();
    if (s.plan.depthZero) return dialect.depthZero(result.score);
    const move = result.bestMove;
    if (move !== 0 && !permitted(s, move)) {
      const fallback = this.fallbackResult(s);
      this.ctx.report.note(
        `the search chose ${dialect.move(move)}, which is not permitted here; playing ${fallback.bestMove === 0 ? 'nothing' : dialect.move(fallback.bestMove)}`,
      );
      return this.replyLines(s, fallback);
    }
    // No legal or permitted move (or the position is already decided): say so.
    if (move === 0) return [dialect.noMove()];
    let ponder: string | null = null;
    const p = result.ponderMove !== 0 ? result.ponderMove : s.lastInfo?.pv[0] === move ? (s.lastInfo.pv[1] ?? 0) : 0;
    if (p !== 0) {
      s.pos.make(move);
      if (isLegalMove(s.pos, p)) ponder = dialect.move(p);
      s.pos.unmake();
    }
    let suffix: 'draw' | 'resign' | null = null;
    if (dialect.drawAndResign) {
      if (s.drawOffered && atMost(result.score, DRAW_ACCEPT_CP)) suffix = 'draw';
      else if (this.ctx.resign() && atMost(result.score, RESIGN_CP)) suffix = 'resign';
    }
    return [dialect.bestmove(dialect.move(move), ponder, suffix)];
  }
}

function permitted(s: Search, move: number): boolean {
  return move !== 0 && isLegalMove(s.pos, move) && !s.excluded.includes(move);
}

/** The legal moves of a position. */
export function legalMoves(pos: Position): number[] {
  const buf = new Int32Array(MAX_MOVES);
  const n = generateLegal(pos, buf, 0);
  return Array.from(buf.subarray(0, n));
}

/** Is the score for the side to move at most `cp`? A mate or rule result counts as beyond every evaluation. */
function atMost(score: Score, cp: number): boolean {
  return score.kind === 'cp' ? score.cp <= cp : score.plies <= 0;
}
