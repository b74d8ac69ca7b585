// The executable's search worker: a worker thread started from the source that build.mjs bundles
// into the executable (worker-source.ts), with the warm-up flag and the built-in network as
// workerData. The network's bytes are this thread's, read once and shared with every search thread
// (one SharedArrayBuffer), so the worker's source holds no copy of its own.
import { availableParallelism, totalmem } from 'node:os';
import { Worker } from 'node:worker_threads';
import { networkForThreads, type ThreadNetwork } from '../../engine/network';
import type { WorkerEvents, WorkerHandle, WorkerHost } from '../session-host';
import { workerSource } from './worker-source';
import type { FromWorker } from '../worker-messages';

/** What a search thread is started with (search-worker.ts reads it). */
export interface SearchWorkerData {
  warmup: SharedArrayBuffer | null;
  network: ThreadNetwork;
}

export const nodeWorkerHost: WorkerHost = {
  shared: true,
  cores: availableParallelism(),
  memory: totalmem(),
  start(warmup: SharedArrayBuffer | null, events: WorkerEvents): WorkerHandle {
    const source = workerSource();
    if (source === undefined) throw new Error('the search worker exists only in the built executable (run node build.mjs)');
    let worker: Worker;
    try {
      const workerData: SearchWorkerData = { warmup, network: networkForThreads(true) };
      worker = new Worker(source, { eval: true, workerData });
    } catch (err) {
      throw new Error(`the search worker could not start (${err instanceof Error ? err.message : String(err)})`);
    }
    worker.on('message', (msg: FromWorker) => events.message(msg));
    worker.on('error', (err) => events.died(`the search worker failed: ${err.message}`));
    worker.on('exit', (code) => events.died(`the search worker exited with code ${code}`));
    return {
      post: (msg) => worker.postMessage(msg),
      terminate: () => void worker.terminate(),
    };
  },
};
