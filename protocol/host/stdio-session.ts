// The executable's session: protocol lines from a stream (stdin), replies to an Output (stdout),
// the search in a worker thread, network files from disk.
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { readNetworkFile } from './network-file';
import { nodeWorkerHost } from './node-worker-host';
import type { Output } from './output';
import { Session } from '../session';

/**
 * Runs a session on a line stream; resolves when it is over (after `quit`, or at the end of input
 * once every owed reply is written). The caller then ends the process.
 * Lines may end in LF or CRLF (Windows GUIs send CRLF); readline takes either.
 */
export function runSession(input: Readable, out: Output): Promise<void> {
  const session = new Session(out, { worker: nodeWorkerHost, readNetworkFile });
  const rl = createInterface({ input, crlfDelay: Infinity, terminal: false });
  rl.on('line', (line) => session.push(line));
  rl.on('close', () => session.close());
  input.on('error', () => session.close());
  return session.done.finally(() => rl.close());
}
