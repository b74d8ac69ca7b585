// dist/chuhan.worker.js: Chuhan as a classic Web Worker speaking UCCI/UCI over postMessage, the
// interface web GUIs use for stockfish.js: post a command line as a string (several lines may be
// separated by newlines), and every output line comes back as one string message.
//
//   const engine = new Worker('chuhan.worker.js');
//   engine.onmessage = (e) => console.log(e.data);
//   engine.postMessage('ucci');
//
// The same script plays two roles. Started by the page, it runs the protocol session (session.ts,
// the one used by the executable). That session starts the search in a nested worker of this same
// script, named SEARCH_WORKER_NAME, which runs the search service (search-service.ts). So the
// protocol worker stays free to read `stop`, `isready` and `ponderhit` while the search thinks.
// Nothing ever blocks, on the page's main thread or elsewhere (the engine never calls Atomics.wait).
//
// `stop`: on a cross-origin-isolated page (COOP same-origin + COEP require-corp) the search polls a
// SharedArrayBuffer flag and bestmove comes within milliseconds. Elsewhere SharedArrayBuffer does not
// exist: stop ends the search worker and the session answers at once with the best move of the last
// completed iteration; a fresh search worker is started (the hash table starts empty again, and
// there is no warm-up). Ponder searches then end only by stop or their hard time limit. Threads > 1
// (helper search workers sharing the table) also needs SharedArrayBuffer: without it the session
// searches with one thread and says so.
//
// One extra command besides the protocol: `bench [depth]` runs the bench of `chuhan bench` in this
// worker and posts its lines (the same node count as the executable at the same depth).
// After `quit` the worker closes itself.
//
// The built-in network is a file of its own, chuhan.nnue, fetched once when the worker starts:
// beside this script (as `chuhan serve` and dist/web/ have it), or from the URL written after `#`
// in the worker's URL (`new Worker('chuhan.worker.js#/nets/chuhan.nnue')`, where a bundler put it).
// The session answers at once; its search worker starts meanwhile and gets the bytes from this one
// when they are here (web-worker-host.ts), and `eval` or `bench` posted before then waits for them,
// with every line after it. Without the file the engine says so in an `info string` and evaluates
// with its hand-written evaluation.
import { BENCH_DEFAULT_DEPTH, runBench } from '../../bench/bench';
import { provideBuiltInNetwork, provideThreadNetwork } from '../../engine/network';
import { SearchService } from '../search-service';
import { Session } from '../session';
import type { LineOutput } from '../session-host';
import { SEARCH_WORKER_NAME, searchWorkersAwait, type WarmupMessage, webWorkerHost } from './web-worker-host';
import type { ToWorker } from '../worker-messages';

interface Scope {
  name?: string;
  location: { href: string };
  postMessage(msg: unknown): void;
  onmessage: ((e: { data: unknown }) => void) | null;
  close(): void;
}
const scope = globalThis as unknown as Scope;

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function runSearchRole(): void {
  const service = new SearchService((msg) => scope.postMessage(msg));
  scope.onmessage = (e) => {
    const msg = e.data as ToWorker | WarmupMessage;
    if (msg.type === 'warmup') {
      provideThreadNetwork(msg.network);
      if (msg.warmup !== null) service.warmUp(new Int32Array(msg.warmup));
      return;
    }
    service.handle(msg);
  };
}

/** Where the built-in network is: the URL after `#` in this script's URL, else chuhan.nnue beside it. */
function networkUrl(): string {
  const href = scope.location.href;
  const hash = href.indexOf('#');
  let given = hash < 0 ? '' : href.slice(hash + 1);
  try {
    given = decodeURIComponent(given);
  } catch {
    // Not percent-encoded after all: the URL as written.
  }
  try {
    return new URL(given === '' ? 'chuhan.nnue' : given, href).href;
  } catch {
    return given; // no URL: the fetch fails, and the engine says so
  }
}

async function fetchNetwork(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`.trim());
  return new Uint8Array(await response.arrayBuffer());
}

function runProtocolRole(): void {
  const out: LineOutput = {
    line: (text) => scope.postMessage(text),
    flush: () => Promise.resolve(),
  };
  const url = networkUrl();
  let settled = false;
  const network = fetchNetwork(url).then(
    (bytes) => provideBuiltInNetwork(() => bytes),
    (err: unknown) => {
      const why = `the built-in network could not be loaded from ${url} (${describe(err)})`;
      provideBuiltInNetwork(() => {
        throw new Error(why);
      });
      out.line(`info string ${why}; the engine evaluates with its hand-written evaluation`);
    },
  );
  searchWorkersAwait(network);
  const session = new Session(out, {
    worker: webWorkerHost,
    readNetworkFile: () => ({ error: 'a browser engine cannot read files (the built-in network is used with usennue)' }),
  });
  void session.done.then(() => scope.close());

  const take = (text: string): void => {
    for (const line of text.split(/\r\n|\n|\r/)) {
      const bench = /^\s*bench(?:\s+(\S+))?\s*$/.exec(line);
      if (bench === null) {
        session.push(line);
        continue;
      }
      const depth = bench[1] === undefined ? BENCH_DEFAULT_DEPTH : Number(bench[1]);
      if (!Number.isInteger(depth) || depth < 1 || depth > 64) {
        out.line(`info string bench: the depth must be a whole number from 1 to 64, not '${bench[1]}'`);
        continue;
      }
      try {
        runBench({ depth }, (text) => out.line(text));
      } catch (err) {
        out.line(`info string bench: ${describe(err)}`);
      }
    }
  };
  /** Lines held behind an `eval` or `bench` that came before the network, in order; null when none are. */
  let held: string[] | null = null;
  void network.then(() => {
    settled = true;
    const lines = held ?? [];
    held = null;
    for (const text of lines) take(text);
  });
  scope.onmessage = (e) => {
    if (typeof e.data !== 'string') {
      out.line(`info string chuhan.worker.js takes command lines as strings; got a message of type ${typeof e.data}`);
      return;
    }
    if (held === null && !settled && /^\s*(eval|bench)\b/m.test(e.data)) held = [];
    if (held !== null) held.push(e.data);
    else take(e.data);
  };
}

if (scope.name === SEARCH_WORKER_NAME) runSearchRole();
else runProtocolRole();
