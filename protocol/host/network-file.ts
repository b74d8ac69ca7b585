// Network files named by EvalFile (or `chuhan bench --evalfile`), read from disk and checked.
import { readFileSync } from 'node:fs';
import { checkNetwork, type CheckedNetwork } from '../../engine/network';

/** Reads and checks a network file: its bytes, or a one-line reason it cannot be used. */
export function readNetworkFile(path: string): CheckedNetwork {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(readFileSync(path));
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    return { error: e.code === 'ENOENT' ? 'no such file' : e.code === 'EISDIR' ? 'a directory, not a file' : e.message };
  }
  return checkNetwork(bytes);
}
