// Source text of the search worker, for starting it inside the single executable.
//
// In a Node single-executable application, `require` only loads built-in modules, so a worker
// cannot be started from a file path. build.mjs therefore bundles protocol/host/search-worker.ts
// into one CommonJS string and substitutes it for __CHUHAN_WORKER_SOURCE__ through esbuild's
// `define`; the worker is then started with `new Worker(workerSource(), { eval: true })`.
// `require('node:worker_threads')` itself works inside the executable (checked when this was set up).
// The source holds no network: the thread gets the built-in one's bytes as workerData
// (node-worker-host.ts), from the thread that read them.
//
// Outside the bundle (vitest, tsc) the identifier is not defined and workerSource() returns
// undefined: a caller there must start the worker another way (or run the search in-thread).
declare const __CHUHAN_WORKER_SOURCE__: string | undefined;

export function workerSource(): string | undefined {
  return typeof __CHUHAN_WORKER_SOURCE__ === 'string' ? __CHUHAN_WORKER_SOURCE__ : undefined;
}
