// The executable's search worker: a worker thread started from the source that build.mjs bundles
// into the executable (worker-source.ts), with the warm-up flag as workerData.
import { availableParallelism, totalmem } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { WorkerEvents, WorkerHandle, WorkerHost } from '../session-host';
import { workerSource } from './worker-source';
import type { FromWorker } from '../worker-messages';

export const nodeWorkerHost: WorkerHost = {
  shared: true,
  cores: availableParallelism(),
  memory: totalmem(),
  start(warmup: SharedArrayBuffer | null, events: WorkerEvents): WorkerHandle {
    const source = workerSource();
    if (source === undefined) throw new Error('the search worker exists only in the built executable (run node build.mjs)');
    let worker: Worker;
    try {
      worker = new Worker(source, { eval: true, workerData: { warmup } });
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
