// A search "worker" on the session's own thread: the SearchService that search-worker.ts runs
// in a worker thread, run from the event loop instead. With it a whole Session (parser, options,
// dialects, reply ordering, the search) runs in one thread with no executable and no worker to
// start, which is what test/session-harness.ts does to check the protocol in milliseconds.
//
// How it differs from a worker thread, and how it stays faithful:
//   - Messages to the workers are handled one per event-loop turn, in the order they were posted
//     across all the workers of the host, so input read meanwhile comes between them as it would.
//     A helper's part of a parallel search (Threads > 1) therefore runs after the main search,
//     whose end raises STOP: it searches depth 1 and stops.
//   - Replies (FromWorker) reach the session at once, from inside the handling of the message.
//   - A search blocks the thread while it runs, so nothing else can raise its STOP or PONDERHIT
//     flag meanwhile. `onSearchProgress` is called at every progress report of a search (each
//     `info`), from inside the search, so that a caller can act while it runs (push `stop`, say).
//     `nodeLimit` bounds the nodes of every search: a search that only `stop` would end (infinite
//     analysis, pondering) then ends by itself (searched as a plain search of that many nodes), and
//     the session holds its reply until `stop` or `ponderhit`, as it does for a real search that
//     reached its depth.
//   - There is no warm-up search (it would only block the thread).
//   - The search parameters (tunable options) are module state: here they are shared with every
//     other same-thread worker of the process, where each worker thread has its own.
import { SearchService } from '../search-service';
import type { WorkerEvents, WorkerHandle, WorkerHost } from '../session-host';
import type { FromWorker, ToWorker } from '../worker-messages';

export interface SameThreadOptions {
  /** Logical processors to report (Threads is announced up to this). Default 1. */
  cores?: number;
  /** Whether the STOP/PONDERHIT flags are shared (Threads > 1 needs it). Default true. */
  shared?: boolean;
  /** Most nodes any search may take (see above). Default: no bound. */
  nodeLimit?: number;
  /**
   * Called with each message posted to a worker, before it is handled. `helper` is true for a
   * worker started while another one was running: the session's helpers (Threads > 1), since
   * SearchClient starts its main worker first, and on this host (where no worker dies) restarts it
   * only to stop a search without shared memory, where there are no helpers.
   */
  onPost?: (msg: ToWorker, helper: boolean) => void;
  /** Called at every progress report of a search, from inside it. */
  onSearchProgress?: () => void;
  /** Makes start() fail with this reason (a host where no worker can run). */
  unavailable?: string;
}

interface Queued {
  service: SearchService;
  alive: () => boolean;
  msg: ToWorker;
}

const nextTurn: (f: () => void) => void = typeof setImmediate === 'function' ? (f) => void setImmediate(f) : (f) => void setTimeout(f, 0);

export class SameThreadWorkerHost implements WorkerHost {
  readonly shared: boolean;
  readonly cores: number;
  private readonly queue: Queued[] = [];
  private scheduled = false;
  /** Workers started and not ended. */
  private live = 0;
  /** Workers started in all (helpers included, restarts included). */
  started = 0;

  constructor(private readonly options: SameThreadOptions = {}) {
    this.shared = options.shared ?? true;
    this.cores = options.cores ?? 1;
  }

  /** Workers running now (the main one and the helpers). */
  get running(): number {
    return this.live;
  }

  start(_warmup: SharedArrayBuffer | null, events: WorkerEvents): WorkerHandle {
    if (this.options.unavailable !== undefined) throw new Error(this.options.unavailable);
    const helper = this.started > 0 && this.live > 0;
    this.started++;
    this.live++;
    let ended = false;
    const progress = this.options.onSearchProgress;
    const service = new SearchService((msg: FromWorker) => {
      if (ended) return;
      events.message(msg);
      if (msg.type === 'info' && progress !== undefined) progress();
    });
    const alive = () => !ended;
    return {
      post: (msg) => {
        if (ended) return;
        this.options.onPost?.(msg, helper);
        this.queue.push({ service, alive, msg: this.bounded(msg) });
        this.schedule();
      },
      terminate: () => {
        if (ended) return;
        ended = true;
        this.live--;
      },
    };
  }

  private bounded(msg: ToWorker): ToWorker {
    const limit = this.options.nodeLimit;
    if (limit === undefined || msg.type !== 'search') return msg;
    // The search ignores a node limit while it is infinite or pondering, so it gets neither; the
    // session still holds its reply until stop or ponderhit.
    const nodes = msg.limits.nodes === undefined ? limit : Math.min(limit, msg.limits.nodes);
    return { ...msg, limits: { ...msg.limits, nodes, infinite: false, ponder: false } };
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    nextTurn(() => this.handleOne());
  }

  private handleOne(): void {
    this.scheduled = false;
    const next = this.queue.shift();
    if (next !== undefined && next.alive()) next.service.handle(next.msg);
    if (this.queue.length > 0) this.schedule();
  }
}
