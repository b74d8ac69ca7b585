// The executable's search worker thread (started by node-worker-host.ts from the source build.mjs
// bundles): a SearchService on the thread's message port, after the warm-up. The built-in network
// comes from the thread that started it (workerData), in memory both share.
import { parentPort, workerData } from 'node:worker_threads';
import { provideThreadNetwork } from '../../engine/network';
import { SearchService } from '../search-service';
import type { FromWorker, ToWorker } from '../worker-messages';
import type { SearchWorkerData } from './node-worker-host';

const port = parentPort;
if (port === null) throw new Error('search-worker.ts must run in a worker thread');

const data = workerData as SearchWorkerData;
provideThreadNetwork(data.network);

const service = new SearchService((msg: FromWorker) => port.postMessage(msg));
port.on('message', (msg: ToWorker) => service.handle(msg));

if (data.warmup instanceof SharedArrayBuffer) service.warmUp(new Int32Array(data.warmup));
