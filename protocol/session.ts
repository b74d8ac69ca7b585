// The protocol state machine. For now a placeholder that only does the handshake of each dialect
// (UCCI and UCI), `isready` and `quit`; positions and searches come with the engine.
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

export type Dialect = 'ucci' | 'uci' | null;

export const ENGINE_NAME = 'Chuhan';
export const ENGINE_AUTHOR = 'the Chuhan developers';

export class Session {
  dialect: Dialect = null;
  done = false;

  constructor(private readonly out: (line: string) => void) {}

  /** Handles one input line. Returns false once the session has ended (after `quit`). */
  handleLine(raw: string): boolean {
    if (this.done) return false;
    const line = raw.trim();
    if (line === '') return true;
    const [command] = line.split(/\s+/, 1);
    switch (command) {
      case 'ucci':
        this.dialect = 'ucci';
        this.out(`id name ${ENGINE_NAME}`);
        this.out(`id author ${ENGINE_AUTHOR}`);
        this.out('ucciok');
        break;
      case 'uci':
        this.dialect = 'uci';
        this.out(`id name ${ENGINE_NAME}`);
        this.out(`id author ${ENGINE_AUTHOR}`);
        this.out('uciok');
        break;
      case 'isready':
        this.out('readyok');
        break;
      case 'quit':
        // UCCI acknowledges `quit` with `bye`; UCI just exits.
        if (this.dialect !== 'uci') this.out('bye');
        this.done = true;
        return false;
      default:
        this.out(`info string unknown command: ${line}`);
    }
    return true;
  }
}

/**
 * Runs a session over a line stream until `quit` or the end of input, whichever comes first.
 * Resolves once the session is over; the caller decides how the process ends.
 */
export async function runSession(input: Readable, out: (line: string) => void): Promise<void> {
  const session = new Session(out);
  const rl = createInterface({ input, crlfDelay: Infinity, terminal: false });
  try {
    for await (const line of rl) {
      if (!session.handleLine(line)) break;
    }
  } finally {
    rl.close();
  }
}
