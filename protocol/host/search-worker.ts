// The executable's search worker thread (started by node-worker-host.ts from the source build.mjs
// bundles): a SearchService on the thread's message port, after the warm-up.
import { parentPort, workerData } from 'node:worker_threads';
import { SearchService } from '../search-service';
import type { FromWorker, ToWorker } from '../worker-messages';

const port = parentPort;
if (port === null) throw new Error('search-worker.ts must run in a worker thread');

const service = new SearchService((msg: FromWorker) => port.postMessage(msg));
port.on('message', (msg: ToWorker) => service.handle(msg));

const data = workerData as { warmup?: SharedArrayBuffer | null } | undefined;
if (data?.warmup instanceof SharedArrayBuffer) service.warmUp(new Int32Array(data.warmup));
