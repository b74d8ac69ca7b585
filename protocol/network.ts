// The networks the engine can evaluate with: the one built into the executable (nets/chuhan.nnue,
// embedded by esbuild's binary loader; vitest loads it the same way, see vitest.config.ts), and
// network files named by the EvalFile option, read and checked here before the worker gets them.
import { readFileSync } from 'node:fs';
import { decodeNetwork, NetworkError, type Network } from '../engine/nnue';
import builtIn from '../nets/chuhan.nnue';

let cached: Network | null = null;

/** The built-in network, decoded once. */
export function embeddedNetwork(): Network {
  if (cached === null) cached = decodeNetwork(builtIn);
  return cached;
}

/** Its description (trained from what, which epoch), for messages. */
export function embeddedDescription(): string {
  return embeddedNetwork().description;
}

/** Reads and checks a network file: its bytes, or a one-line reason it cannot be used. */
export function readNetworkFile(path: string): { bytes: Uint8Array; network: Network } | { error: string } {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(readFileSync(path));
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    return { error: e.code === 'ENOENT' ? 'no such file' : e.code === 'EISDIR' ? 'a directory, not a file' : e.message };
  }
  try {
    return { bytes, network: decodeNetwork(bytes) };
  } catch (err) {
    return { error: err instanceof NetworkError ? err.message : String(err) };
  }
}
