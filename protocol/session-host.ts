// What the protocol session needs from where it runs: where its lines go, how to start its search
// worker, and how to read a file named by an option. The executable (host/stdio-session.ts: stdout,
// a worker thread from the bundled source, node:fs) and the browser (host/web-worker.ts:
// postMessage, a nested Web Worker, no files) differ only here; session.ts, search-client.ts and
// evaluation.ts use these interfaces.
import type { CheckedNetwork } from '../engine/network';
import type { FromWorker, ToWorker } from './worker-messages';

/** Where the session's lines go: stdout in the executable (host/output.ts), postMessage in the web worker. */
export interface LineOutput {
  /** Queues one line (without its newline) for writing. */
  line(text: string): void;
  /** Resolves once every line written so far has left (or nobody is left to read them). */
  flush(): Promise<void>;
}

export interface WorkerEvents {
  message(msg: FromWorker): void;
  /** The worker failed or ended; no more messages will come from it. */
  died(why: string): void;
}

export interface WorkerHandle {
  post(msg: ToWorker): void;
  terminate(): void;
}

export interface WorkerHost {
  /**
   * SharedArrayBuffer can be sent to the worker, so a running search sees STOP and PONDERHIT flags
   * at once. Without it (a browser page that is not cross-origin isolated) the only way to stop a
   * search is to end its worker.
   */
  readonly shared: boolean;
  /** Logical processors of the machine (the most useful search threads). */
  readonly cores: number;
  /** Bytes of memory of the machine, where known: a larger hash table is refused. */
  readonly memory?: number;
  /**
   * Starts a search worker. `warmup` is the flag buffer of its warm-up search (shared hosts only).
   * Throws an Error whose message says why, when no worker can run.
   */
  start(warmup: SharedArrayBuffer | null, events: WorkerEvents): WorkerHandle;
}

export interface SessionHost {
  worker: WorkerHost;
  /** Reads and checks the network file an EvalFile option names (a one-line reason when it cannot). */
  readNetworkFile(path: string): CheckedNetwork;
}
