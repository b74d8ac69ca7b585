// The networks the engine can evaluate with: the one built into the executable and the browser
// worker (nets/chuhan.nnue, embedded by esbuild's binary loader; vitest loads it the same way, see
// vitest.config.ts), and network files named by the EvalFile option, checked here before the worker
// gets them (reading them is the host's part: protocol/host/network-file.ts in the executable; a
// browser has no files to name). Not part of engine/index.ts, so that dist/engine.mjs stays small.
import { decodeNetwork, NetworkError, type Network } from './nnue-format';
import builtIn from '../nets/chuhan.nnue';

/**
 * Whether the network evaluates by default (the hand-written evaluation otherwise): yes since the
 * gen1 network beat the hand-written evaluation in games (docs/log/network.md). The session's Use NNUE
 * option, the search worker, bench and the openings builder all start from it.
 */
export const USE_NNUE_DEFAULT = true;

let cached: Network | null = null;

/** The built-in network, decoded once. */
export function embeddedNetwork(): Network {
  if (cached === null) cached = decodeNetwork(builtIn);
  return cached;
}

/** The built-in network file's bytes (datagen hashes them to record which network played). */
export function embeddedNetworkBytes(): Uint8Array {
  return builtIn;
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
