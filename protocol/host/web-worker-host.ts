// The browser's search worker: a nested Web Worker started from this very script (dist/chuhan.worker.js)
// under the name SEARCH_WORKER_NAME, which web-worker.ts reads to take the search role. With a
// cross-origin-isolated page the STOP/PONDERHIT flags are SharedArrayBuffers the search polls;
// otherwise SearchClient stops a search by ending this worker (see search-client.ts). The built-in
// network goes to each search worker from this one, which fetches it (web-worker.ts): in memory they
// share where the page is isolated, else a copy in the first message. A search worker starts at
// once, its script loading while the network is still on its way; its first message, and the ones
// after it, wait for the network.
import { networkForThreads, type ThreadNetwork } from '../../engine/network';
import type { WorkerEvents, WorkerHandle, WorkerHost } from '../session-host';
import type { FromWorker } from '../worker-messages';

export const SEARCH_WORKER_NAME = 'chuhan-search';

/** The first message to a new search worker, before any ToWorker message: its warm-up flags and the built-in network. */
export interface WarmupMessage {
  type: 'warmup';
  warmup: SharedArrayBuffer | null;
  network: ThreadNetwork;
}

/** The part of the Web Worker API used here (tsconfig has no DOM library). */
interface WebWorker {
  postMessage(msg: unknown): void;
  terminate(): void;
  onmessage: ((e: { data: unknown }) => void) | null;
  onerror: ((e: { message?: string; preventDefault(): void }) => void) | null;
  onmessageerror: ((e: unknown) => void) | null;
}
type WorkerConstructor = new (url: string, options: { name: string }) => WebWorker;

interface WorkerScope {
  Worker?: WorkerConstructor;
  location?: { href: string };
  crossOriginIsolated?: boolean;
  navigator?: { hardwareConcurrency?: number };
}

const scope = globalThis as unknown as WorkerScope;

const shared = typeof SharedArrayBuffer === 'function' && scope.crossOriginIsolated === true;

/** Settles when this worker has the built-in network, or knows it has none (web-worker.ts fetches it). */
let networkSettled: Promise<void> = Promise.resolve();

/** The search workers started from now on wait for `settled` before their first message. */
export function searchWorkersAwait(settled: Promise<void>): void {
  networkSettled = settled;
}

export const webWorkerHost: WorkerHost = {
  shared,
  cores: scope.navigator?.hardwareConcurrency ?? 1,
  start(warmup: SharedArrayBuffer | null, events: WorkerEvents): WorkerHandle {
    if (typeof scope.Worker !== 'function' || scope.location === undefined) {
      throw new Error('this browser cannot start a worker inside a worker, so there is no search');
    }
    let worker: WebWorker;
    try {
      worker = new scope.Worker(scope.location.href, { name: SEARCH_WORKER_NAME });
    } catch (err) {
      throw new Error(`the search worker could not start (${err instanceof Error ? err.message : String(err)})`);
    }
    worker.onmessage = (e) => events.message(e.data as FromWorker);
    worker.onerror = (e) => {
      e.preventDefault();
      events.died(`the search worker failed: ${e.message ?? 'unknown error'}`);
    };
    worker.onmessageerror = () => events.died('the search worker sent a message that could not be read');
    /** Messages for the worker while the network is on its way; null once it has been sent. */
    let waiting: unknown[] | null = [];
    void networkSettled.then(() => {
      if (waiting === null) return;
      const first: WarmupMessage = { type: 'warmup', warmup, network: networkForThreads(shared) };
      worker.postMessage(first);
      for (const msg of waiting) worker.postMessage(msg);
      waiting = null;
    });
    return {
      post: (msg) => (waiting === null ? worker.postMessage(msg) : void waiting.push(msg)),
      terminate: () => {
        waiting = null;
        worker.terminate();
      },
    };
  },
};
