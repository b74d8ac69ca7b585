// The page's side of the engine: dist/chuhan.worker.js, spoken to in UCI over postMessage.
//
// One search at a time: the worker's session answers every `go` with exactly one `bestmove`, so
// each `info` line belongs to the search sent last, and its `bestmove` ends it. A search that is no
// longer wanted is cancelled: it is stopped, and its remaining lines are dropped. A new search
// waits for the cancelled one's `bestmove` before its `go` is sent: the engine then never sees a
// `go` while it searches (which it would answer with a notice), and only the newest of several
// searches asked for meanwhile is started.
import { pliesToMoves } from '../engine/limits';
import { parseInfo } from '../engine/wire';
import { t } from './i18n';

/** One `info` line of a search (UCI): score from the side to move's view. */
export interface SearchInfo {
  depth: number;
  seldepth: number;
  multipv: number;
  /** Centipawns, or null when the score is a mate. */
  cp: number | null;
  /** Moves to mate (negative: being mated), or null. */
  mate: number | null;
  nodes: number;
  nps: number;
  time: number;
  pv: string[];
}

interface SearchHandlers {
  info?(info: SearchInfo): void;
  /** The best move in ICCS, or null when the engine had none (no legal move). */
  done(best: string | null): void;
}

interface Search extends SearchHandlers {
  cancelled: boolean;
}

interface SearchRequest {
  /** The game's start position. */
  fen: string;
  /** ICCS moves from it (the engine sees the whole game, for its repetition rules). */
  moves: readonly string[];
  /** The `go` command's arguments, e.g. `infinite`, `movetime 1000`, `wtime … btime …`. */
  go: string;
  /** `setoption` pairs to send before this search (they apply from it on). */
  options?: ReadonlyArray<readonly [string, string]>;
}

/** A search's `info` line that carries a PV (engine/wire.ts reads it); null for other lines (`info string`, `currmove`). */
function searchInfo(line: string): SearchInfo | null {
  const info = parseInfo(line);
  if (info === null || info.pv === undefined || info.pv.length === 0 || !info.depth || info.score === undefined) return null;
  const score = info.score;
  return {
    depth: info.depth,
    seldepth: info.seldepth ?? 0,
    multipv: info.multipv ?? 1,
    cp: score.kind === 'cp' ? score.cp : null,
    // UCI writes no result by rule; `mate N` comes back as N moves.
    mate: score.kind === 'cp' ? null : pliesToMoves(score.plies),
    nodes: info.nodes ?? 0,
    nps: info.nps ?? 0,
    time: info.time ?? 0,
    pv: info.pv,
  };
}

export class EngineClient {
  private readonly worker: Worker;
  /** The search sent to the engine and not yet answered by its `bestmove`. */
  private running: Search | null = null;
  /** The search asked for while the running one still awaits its `bestmove`. */
  private next: { request: SearchRequest; search: Search } | null = null;
  /** Resolves once the engine has answered `isready` after its start. */
  readonly ready: Promise<void>;
  private readyResolve: () => void = () => {};
  private readonly sent = new Map<string, string>();

  /**
   * @param onMessage lines worth showing to the user (`info string`, a failed worker)
   */
  constructor(
    url: string,
    threads: number,
    private readonly onMessage: (text: string) => void,
  ) {
    this.ready = new Promise((resolve) => (this.readyResolve = resolve));
    this.worker = new Worker(url);
    this.worker.onmessage = (e: MessageEvent<string>) => this.line(String(e.data));
    this.worker.onerror = (e) => {
      e.preventDefault();
      this.onMessage(t('engine.failed', { reason: e.message || '?' }));
    };
    this.post('uci');
    this.setOption('Threads', String(threads));
    this.post('isready');
  }

  private post(line: string): void {
    this.worker.postMessage(line);
  }

  /** Sends `setoption` unless the option already has this value. */
  setOption(name: string, value: string): void {
    if (this.sent.get(name) === value) return;
    this.sent.set(name, value);
    this.post(`setoption name ${name} value ${value}`);
  }

  /** Starts a search; the one running before it, if any, is stopped and its reply dropped. */
  search(request: SearchRequest, handlers: SearchHandlers): () => void {
    this.cancelAll();
    const search: Search = { ...handlers, cancelled: false };
    this.next = { request, search };
    this.startNext();
    return () => this.cancel(search);
  }

  /** Sends the waiting search once the engine has answered every search before it. */
  private startNext(): void {
    const next = this.next;
    if (next === null || this.running !== null) return;
    this.next = null;
    const { request, search } = next;
    for (const [name, value] of request.options ?? []) this.setOption(name, value);
    this.running = search;
    this.post(`position fen ${request.fen}${request.moves.length > 0 ? ` moves ${request.moves.join(' ')}` : ''}`);
    this.post(`go ${request.go}`);
  }

  /** Stops every search and drops their replies. */
  cancelAll(): void {
    if (this.running !== null) this.cancel(this.running);
    this.next = null;
  }

  private cancel(search: Search): void {
    if (this.next?.search === search) {
      this.next = null;
      return;
    }
    if (search.cancelled || search !== this.running) return;
    search.cancelled = true;
    this.post('stop');
  }

  private line(text: string): void {
    if (text === 'readyok') {
      this.readyResolve();
      return;
    }
    if (text.startsWith('bestmove')) {
      const search = this.running;
      this.running = null;
      const move = text.split(/\s+/)[1];
      if (search !== null && !search.cancelled) search.done(move === undefined || move === '(none)' ? null : move);
      this.startNext();
      return;
    }
    if (text.startsWith('info string ')) {
      this.onMessage(text.slice('info string '.length));
      return;
    }
    const info = searchInfo(text);
    const search = this.running;
    if (info !== null && search !== null && !search.cancelled) search.info?.(info);
  }
}
