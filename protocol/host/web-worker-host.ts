// The browser's search worker: a nested Web Worker started from this very script (dist/chuhan.worker.js)
// under the name SEARCH_WORKER_NAME, which web-worker.ts reads to take the search role. With a
// cross-origin-isolated page the STOP/PONDERHIT flags are SharedArrayBuffers the search polls;
// otherwise SearchClient stops a search by ending this worker (see search-client.ts). The built-in
// network goes to each search worker from this one, which fetched it (web-worker.ts): in memory they
// share where the page is isolated, else a copy in the first message.
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
    const first: WarmupMessage = { type: 'warmup', warmup, network: networkForThreads(shared) };
    worker.postMessage(first);
    return {
      post: (msg) => worker.postMessage(msg),
      terminate: () => worker.terminate(),
    };
  },
};
