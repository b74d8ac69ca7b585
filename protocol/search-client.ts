// The protocol thread's side of the search worker: starts it (through a WorkerHost: a worker
// thread in the executable, a nested Web Worker in the browser), sends it work, routes its
// messages, and restarts it if it dies, so that every search still gets an answer (the session
// supplies a fallback move).
//
// Stopping: each search gets STOP/PONDERHIT flags in a SharedArrayBuffer that the search polls.
// Where SharedArrayBuffer cannot be sent (a browser page that is not cross-origin isolated), the
// flags are local and a search is stopped by ending its worker and starting a fresh one after the
// answer: the session answers with the best move of the last completed iteration, and the hash
// table is lost.
//
// Threads (Lazy SMP): with Threads > 1 the client also keeps Threads - 1 helper workers, started
// when the option is set and reused by every search. All of them get one transposition table in a
// SharedArrayBuffer, allocated here, and each search's STOP/PONDERHIT flags; the main worker
// reports, decides the move and raises STOP when it ends, which ends the helpers. Without shared
// memory there are no helpers (Threads falls back to 1).
import type { HashProbe } from '../engine/tt';
import {
  SIGNAL_COUNT,
  SIGNAL_PONDERHIT,
  SIGNAL_STOP,
  type CurrMoveInfo,
  type SearchInfo,
  type SearchLimits,
  type SearchResult,
} from '../engine/limits';
import type { SkillPick } from '../engine/skill';
import { TranspositionTable } from '../engine/tt';
import { MAX_THREADS } from './engine-options';
import type { WorkerHandle, WorkerHost } from './session-host';
import type { FromWorker, PositionSpec, ToWorker } from './worker-messages';

export interface SearchEvents {
  info(id: number, info: SearchInfo): void;
  /** The root move being searched (only for searches started with `currmove`). */
  currmove(id: number, info: CurrMoveInfo): void;
  result(id: number, result: SearchResult): void;
  /** The search ended without a result (an exception in the search, or the worker died). */
  failed(id: number, message: string): void;
  warning(message: string): void;
}

type Reply = (msg: FromWorker | null) => void;

/**
 * The time one thread may take to clear 1 GB of table: 1.3 s on the 2-core development machine for
 * memory never touched before (the system's page faults cost most), 0.13 s when it is resident.
 */
const CLEAR_MS_PER_GB = 5000;

/** Bytes as MB, or GB from 1 GB on (`64 MB`, `16 GB`, `23.4 GB`). */
function sizeText(bytes: number): string {
  const gb = bytes / 2 ** 30;
  return gb >= 1 ? `${Number(gb.toFixed(1))} GB` : `${Math.round(bytes / 2 ** 20)} MB`;
}

/** Why a table of `bytes` cannot be had on a machine of `memory` bytes (unknown: undefined), or undefined. */
export function tableTooLarge(bytes: number, memory: number | undefined): string | undefined {
  return memory !== undefined && bytes > memory
    ? `a table of ${sizeText(bytes)} is more than this machine's memory (${sizeText(memory)})`
    : undefined;
}

/** Why allocating a table of `bytes` failed with `err`. */
export function tableNotAllocated(bytes: number, err: unknown): string {
  return `a table of ${sizeText(bytes)} could not be allocated (${err instanceof Error ? err.message : String(err)})`;
}

interface Helper {
  worker: WorkerHandle;
  /** Its warm-up's stop flag, raised by its first search. */
  warmup: Int32Array;
}

export class SearchClient {
  private worker: WorkerHandle | null = null;
  private nextId = 1;
  /** Searches posted to the worker and not yet answered, in order. */
  private readonly running = new Set<number>();
  /** STOP and PONDERHIT flags of each running search (shared with the worker when the host allows). */
  private readonly signals = new Map<number, Int32Array>();
  /** Waiting ping/probe requests by id; called with null if the worker dies first. */
  private readonly replies = new Map<number, Reply>();
  private hashMb: number;
  private evaluation: { useNetwork: boolean; network: Uint8Array | null } | null = null;
  private params: Record<string, number> | null = null;
  private restarts = 0;
  /** The worker's warm-up stop flag (see host/search-worker.ts), raised by the first search or probe. */
  private warmup: Int32Array | null = null;
  /**
   * stop() ended the worker and a fresh one is owed. It is started once the answer has gone out
   * (a task later), or by the next work if that comes first: starting a worker costs the browser
   * a fetch and a compile of the whole script, which would otherwise delay the bestmove.
   */
  private startOwed = false;
  /** Why the worker cannot run, once starting it has failed. */
  unavailable: string | null = null;
  /** The helper workers (Threads - 1 of them, when the host shares memory). */
  private readonly helpers: Helper[] = [];
  private threads = 1;
  private helperRestarts = 0;
  /** The shared table's memory (shared hosts; else each worker allocates its own), handed to every worker. */
  private tableBuffer: SharedArrayBuffer | null = null;
  private generation = 0;
  /** A search has run on the table since it was made or cleared. */
  private tableUsed = false;
  /** How long the workers' last clear of the table may take (ms), until the next pingAll. */
  private clearingMs = 0;

  constructor(
    private readonly events: SearchEvents,
    hashMb: number,
    private readonly host: WorkerHost,
  ) {
    this.hashMb = hashMb;
    this.tableBuffer = host.shared ? new SharedArrayBuffer(TranspositionTable.bytesFor(hashMb)) : null;
    this.start();
  }

  /**
   * A new table of `mb` MB for the next searches. Returns why not when it cannot be had (larger
   * than the machine's memory, or the allocation failed): the old table then stays in use. Where
   * the worker allocates its own table (hosts without shared memory), it reports a failure itself.
   */
  setHash(mb: number): string | undefined {
    const bytes = TranspositionTable.bytesFor(mb);
    const memory = this.host.memory;
    const tooLarge = tableTooLarge(bytes, memory);
    if (tooLarge !== undefined) return tooLarge;
    if (this.host.shared) {
      try {
        this.tableBuffer = new SharedArrayBuffer(bytes);
      } catch (err) {
        return tableNotAllocated(bytes, err);
      }
    }
    this.hashMb = mb;
    // A new shared table is all zeros (a worker's own table is made anew too, unless that fails there).
    if (this.host.shared) this.tableUsed = false;
    this.send(this.hashMessage());
    this.toHelpers(this.hashMessage());
    return undefined;
  }

  private hashMessage(): ToWorker {
    return { type: 'hash', mb: this.hashMb, buffer: this.tableBuffer };
  }

  /** Number of helper workers running now (Threads - 1 once setThreads has run). */
  get helperCount(): number {
    return this.helpers.length;
  }

  /**
   * Sets the number of search threads for the next searches: starts or ends helper workers (a
   * running search keeps the helpers it had, less any ended). Returns the number in effect: 1
   * where memory cannot be shared, fewer if helpers cannot start.
   */
  setThreads(n: number): number {
    this.threads = Math.max(1, Math.min(MAX_THREADS, Math.floor(n)));
    if (!this.host.shared) this.threads = 1;
    while (this.helpers.length > this.threads - 1) this.helpers.pop()!.worker.terminate();
    while (this.helpers.length < this.threads - 1) if (!this.startHelper()) break;
    return this.helpers.length + 1;
  }

  private startHelper(): boolean {
    const warmup = new Int32Array(new SharedArrayBuffer(SIGNAL_COUNT * Int32Array.BYTES_PER_ELEMENT));
    let helper: Helper | null = null;
    try {
      const worker = this.host.start(warmup.buffer as SharedArrayBuffer, {
        message: (msg) => {
          if (helper !== null && this.helpers.includes(helper)) this.receiveFromHelper(msg);
        },
        died: (why) => {
          if (helper === null) return;
          const i = this.helpers.indexOf(helper);
          if (i < 0) return;
          this.helpers.splice(i, 1);
          if (++this.helperRestarts <= 20) {
            this.events.warning(`${why.replace('search worker', 'helper search worker')}; restarting it`);
            this.startHelper();
          } else
            this.events.warning(
              `${why.replace('search worker', 'helper search worker')}; searching with ${this.helpers.length + 1} thread(s)`,
            );
        },
      });
      helper = { worker, warmup };
    } catch (err) {
      this.events.warning(`a helper search thread could not start (${err instanceof Error ? err.message : String(err)})`);
      return false;
    }
    this.helpers.push(helper);
    helper.worker.post(this.hashMessage());
    if (this.evaluation !== null) helper.worker.post({ type: 'evaluation', ...this.evaluation });
    if (this.params !== null) helper.worker.post({ type: 'params', values: this.params });
    return true;
  }

  private receiveFromHelper(msg: FromWorker): void {
    if (msg.type === 'warning') this.events.warning(msg.message);
    else if (msg.type === 'pong') {
      const reply = this.replies.get(msg.id);
      this.replies.delete(msg.id);
      reply?.(msg);
    }
  }

  private toHelpers(msg: ToWorker): void {
    for (const h of this.helpers) h.worker.post(msg);
  }

  /** True while the worker has searches to finish (including ones the session has given up on). */
  get busy(): boolean {
    return this.running.size > 0;
  }

  private start(): void {
    let worker: WorkerHandle;
    const warmup = this.host.shared ? new Int32Array(new SharedArrayBuffer(SIGNAL_COUNT * Int32Array.BYTES_PER_ELEMENT)) : null;
    try {
      worker = this.host.start(warmup === null ? null : (warmup.buffer as SharedArrayBuffer), {
        message: (msg) => {
          if (this.worker === worker) this.receive(msg);
        },
        died: (why) => this.died(worker, why),
      });
    } catch (err) {
      this.unavailable = err instanceof Error ? err.message : String(err);
      return;
    }
    this.warmup = warmup;
    this.worker = worker;
    this.send(this.hashMessage());
    if (this.evaluation !== null) this.send({ type: 'evaluation', ...this.evaluation });
    if (this.params !== null) this.send({ type: 'params', values: this.params });
  }

  private died(worker: WorkerHandle, why: string): void {
    if (this.worker !== worker) return;
    this.worker = null;
    for (const id of [...this.running]) {
      // Its helpers must not search on.
      const flags = this.signals.get(id);
      if (flags !== undefined) Atomics.store(flags, SIGNAL_STOP, 1);
      this.forget(id);
      this.events.failed(id, why);
    }
    for (const [id, reply] of [...this.replies]) {
      this.replies.delete(id);
      reply(null);
    }
    // Restart, but do not spin forever on a worker that cannot live.
    if (++this.restarts <= 20) {
      this.events.warning(`${why}; restarting it`);
      this.start();
    } else {
      this.unavailable = `${why}; giving up after ${this.restarts - 1} restarts`;
      this.events.warning(this.unavailable);
    }
  }

  private receive(msg: FromWorker): void {
    switch (msg.type) {
      case 'info':
        if (this.running.has(msg.id)) this.events.info(msg.id, msg.info);
        break;
      case 'currmove':
        if (this.running.has(msg.id)) this.events.currmove(msg.id, msg.info);
        break;
      case 'result':
        if (this.forget(msg.id)) this.events.result(msg.id, msg.result);
        break;
      case 'failed':
        if (this.forget(msg.id)) this.events.failed(msg.id, msg.message);
        break;
      case 'pong':
      case 'probed': {
        const reply = this.replies.get(msg.id);
        this.replies.delete(msg.id);
        reply?.(msg);
        break;
      }
      case 'warning':
        this.events.warning(msg.message);
        break;
    }
  }

  private send(msg: ToWorker): boolean {
    this.startIfOwed();
    if (this.worker === null) return false;
    // Work that is waited on ends the warm-up; option changes and pings wait behind it.
    if ((msg.type === 'search' || msg.type === 'probe') && this.warmup !== null) Atomics.store(this.warmup, SIGNAL_STOP, 1);
    this.worker.post(msg);
    return true;
  }

  private forget(id: number): boolean {
    this.signals.delete(id);
    return this.running.delete(id);
  }

  /**
   * Starts a search and returns its id; null when no worker is available (the caller must answer
   * itself). With `currmove`, the worker also reports each root move as it is searched; with
   * `pick`, it plays a strength level's move (engine/skill.ts).
   */
  search(position: PositionSpec, limits: SearchLimits, currmove = false, pick?: SkillPick): number | null {
    this.startIfOwed();
    if (this.worker === null) return null;
    const id = this.nextId++;
    const buffer = this.host.shared ? new SharedArrayBuffer(SIGNAL_COUNT * Int32Array.BYTES_PER_ELEMENT) : null;
    this.tableUsed = true;
    this.running.add(id);
    this.signals.set(id, buffer === null ? new Int32Array(SIGNAL_COUNT) : new Int32Array(buffer));
    if (buffer === null || this.helpers.length === 0) {
      this.send({ type: 'search', id, position, limits, signals: buffer, currmove, pick });
      return id;
    }
    this.generation = (this.generation + 1) & 63;
    const threads = {
      nodes: new SharedArrayBuffer((this.helpers.length + 1) * Float64Array.BYTES_PER_ELEMENT),
      generation: this.generation,
    };
    this.send({ type: 'search', id, position, limits, signals: buffer, currmove, threads, pick });
    const excluded = limits.excluded ?? [];
    this.helpers.forEach((h, i) => {
      Atomics.store(h.warmup, SIGNAL_STOP, 1);
      h.worker.post({ type: 'helper', id, position, excluded, signals: buffer, threads, index: i + 1 });
    });
    return id;
  }

  /**
   * Raises STOP for a search. Returns true when its result will still come; false when the search
   * had to be abandoned (no shared flags: its worker is ended and a fresh one started) or is unknown.
   */
  stop(id: number): boolean {
    const flags = this.signals.get(id);
    if (flags === undefined) return false;
    Atomics.store(flags, SIGNAL_STOP, 1);
    if (this.host.shared) return true;
    // The search cannot see the flag: end the worker (quietly, this is no failure) and start anew.
    const worker = this.worker;
    this.worker = null;
    for (const running of [...this.running]) this.forget(running);
    for (const [rid, reply] of [...this.replies]) {
      this.replies.delete(rid);
      reply(null);
    }
    worker?.terminate();
    this.startOwed = true;
    setTimeout(() => this.startIfOwed(), 0);
    return false;
  }

  private startIfOwed(): void {
    if (!this.startOwed) return;
    this.startOwed = false;
    this.start();
  }

  /**
   * At quit: raises STOP for every running search, and ends the helper workers at once instead of
   * letting them finish their batch of nodes. Their results are not needed, and a Node process
   * exits only once every worker thread has wound down (its compiler jobs too), so the helpers wind
   * down while the main search answers. The main worker is ended by terminate().
   */
  quit(): void {
    for (const flags of this.signals.values()) Atomics.store(flags, SIGNAL_STOP, 1);
    while (this.helpers.length > 0) this.helpers.pop()!.worker.terminate();
  }

  /** Raises PONDERHIT (without shared flags the search keeps pondering until it is stopped). */
  ponderhit(id: number): void {
    const flags = this.signals.get(id);
    if (flags !== undefined) Atomics.store(flags, SIGNAL_PONDERHIT, 1);
  }

  /** The evaluation for the next searches (see ToWorker 'evaluation'); kept across worker restarts. */
  setEvaluation(useNetwork: boolean, network: Uint8Array | null): void {
    this.evaluation = { useNetwork, network };
    this.send({ type: 'evaluation', useNetwork, network });
    this.toHelpers({ type: 'evaluation', useNetwork, network });
  }

  /** Tuned search parameters for the next searches (protocol/tune-options.ts); kept across worker restarts. */
  setParams(values: Record<string, number>): void {
    this.params = values;
    this.send({ type: 'params', values });
    this.toHelpers({ type: 'params', values });
  }

  /**
   * A new game: every worker clears its histories and its part of the table, in parallel (a table
   * of many GB takes seconds for one thread). A table that no search has used since it was made or
   * last cleared is left alone: it is all zeros, and clearing it would only commit its memory.
   */
  clearHash(): void {
    const used = this.tableUsed;
    this.tableUsed = false;
    const count = this.helpers.length + 1;
    if (used) this.clearingMs += Math.ceil((TranspositionTable.bytesFor(this.hashMb) / 2 ** 30 / count) * CLEAR_MS_PER_GB);
    this.send({ type: 'clear', table: used ? { index: 0, count } : null });
    this.helpers.forEach((h, i) => h.worker.post({ type: 'clear', table: used ? { index: i + 1, count } : null }));
  }

  /**
   * Round trip to the main worker and every helper (each is warmed up once it answers, and has
   * done what it was sent before); false if one fails. After a clear of the table, each worker
   * gets the time its part may take on top of `timeoutMs`.
   */
  pingAll(timeoutMs: number): Promise<boolean> {
    timeoutMs += this.clearingMs;
    this.clearingMs = 0;
    const helpers = this.helpers.map((h) => this.request((id) => ({ type: 'ping', id }), timeoutMs, h.worker));
    return Promise.all([this.ping(timeoutMs), ...helpers.map((p) => p.then((m) => m !== null))]).then((all) => all.every((x) => x));
  }

  /** Round trip to the worker; resolves false on timeout or if there is no worker. */
  ping(timeoutMs: number): Promise<boolean> {
    return this.request((id) => ({ type: 'ping', id }), timeoutMs).then((m) => m !== null);
  }

  /** Looks a position up in the worker's hash table; null when absent, unavailable or too slow. */
  probe(position: PositionSpec, timeoutMs: number): Promise<HashProbe | null> {
    return this.request((id) => ({ type: 'probe', id, position }), timeoutMs).then((m) =>
      m !== null && m.type === 'probed' ? m.probe : null,
    );
  }

  private request(make: (id: number) => ToWorker, timeoutMs: number, to?: WorkerHandle): Promise<FromWorker | null> {
    if (to === undefined) {
      this.startIfOwed();
      if (this.worker === null) return Promise.resolve(null);
      to = this.worker;
    }
    const worker = to;
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.replies.delete(id);
        resolve(null);
      }, timeoutMs);
      this.replies.set(id, (msg) => {
        clearTimeout(timer);
        resolve(msg);
      });
      const msg = make(id);
      if (worker === this.worker) this.send(msg);
      else worker.post(msg);
    });
  }

  /** Ends the worker (at quit); no events follow. */
  terminate(): void {
    const w = this.worker;
    this.worker = null;
    this.startOwed = false;
    this.running.clear();
    this.signals.clear();
    w?.terminate();
    while (this.helpers.length > 0) this.helpers.pop()!.worker.terminate();
  }
}
