// The networks the engine can evaluate with: the built-in one (nets/chuhan.nnue), and network files
// named by the EvalFile option, checked here before the worker gets them (reading them is the host's
// part: protocol/host/network-file.ts in the executable; a browser has no files to name). The
// built-in network's bytes are not in this module: each host hands them over once
// (provideBuiltInNetwork), so that a bundle holds them once. The command line reads them from the
// executable or the package (protocol/host/bundled-file.ts), a search thread gets them from the
// thread that read them, the browser worker fetches them (protocol/host/web-worker.ts), and the tests
// read nets/chuhan.nnue (test/setup-network.ts). Not part of engine/index.ts, so that
// dist/engine.mjs stays small.
import { decodeNetwork, NetworkError, type Network } from './nnue-format';

/**
 * Whether the network evaluates by default (the hand-written evaluation otherwise): yes since the
 * gen1 network beat the hand-written evaluation in games (docs/log/network.md). The session's Use NNUE
 * option, the search worker, bench and the openings builder all start from it.
 */
export const USE_NNUE_DEFAULT = true;

/** Where the built-in network's bytes come from, read on first use; null until a host says. */
let source: (() => Uint8Array) | null = null;
let bytes: Uint8Array | null = null;
let cached: Network | null = null;

/**
 * Says where the built-in network's bytes come from; `read` runs once, when they are first needed,
 * and may throw an Error that says why there are none (the evaluation then stays hand-written).
 */
export function provideBuiltInNetwork(read: () => Uint8Array): void {
  source = read;
  bytes = null;
  cached = null;
  forThreads = null;
}

/** The built-in network file's bytes (datagen hashes them to record which network played). */
export function embeddedNetworkBytes(): Uint8Array {
  if (bytes === null) {
    if (source === null) throw new Error('no built-in network was provided to this thread');
    bytes = source();
  }
  return bytes;
}

/** The built-in network, decoded once. */
export function embeddedNetwork(): Network {
  if (cached === null) cached = decodeNetwork(embeddedNetworkBytes());
  return cached;
}

/**
 * The built-in network as the thread that read it hands it to a search thread: in memory both
 * share, or the bytes themselves (the message carries a copy), or the one-line reason there are none.
 */
export type ThreadNetwork = SharedArrayBuffer | Uint8Array | { error: string };

let forThreads: ThreadNetwork | null = null;

/** The built-in network for this thread's search threads, made once: in shared memory where `shared`. */
export function networkForThreads(shared: boolean): ThreadNetwork {
  if (forThreads === null) {
    try {
      const own = embeddedNetworkBytes();
      if (shared) {
        const buffer = new SharedArrayBuffer(own.length);
        new Uint8Array(buffer).set(own);
        forThreads = buffer;
      } else forThreads = own;
    } catch (err) {
      forThreads = { error: err instanceof Error ? err.message : String(err) };
    }
  }
  return forThreads;
}

/** In a search thread: the built-in network is the one its starting thread handed over. */
export function provideThreadNetwork(network: ThreadNetwork): void {
  provideBuiltInNetwork(() => {
    // (No `instanceof SharedArrayBuffer`: a page that is not cross-origin isolated has no such name.)
    if (network instanceof Uint8Array) return network;
    if ('error' in network) throw new Error(network.error);
    return new Uint8Array(network);
  });
}

/** A network file that can be used: its bytes and the network they decode to, or a one-line reason. */
export type CheckedNetwork = { bytes: Uint8Array; network: Network } | { error: string };

/** Checks the bytes of a network file. */
export function checkNetwork(bytes: Uint8Array): CheckedNetwork {
  try {
    return { bytes, network: decodeNetwork(bytes) };
  } catch (err) {
    return { error: err instanceof NetworkError ? err.message : String(err) };
  }
}
