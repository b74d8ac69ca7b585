// Ctrl-C for the long-running commands (datagen, train, openings, bench), as `chuhan match` does
// it: the first SIGINT (or SIGTERM) asks the command to stop cleanly (finish or drop the unit of
// work in hand, write nothing half-made, end its workers, exit 128 + the signal's number: 130 for
// SIGINT); a second one ends the process at once, after killing the workers it names.
//
// A handler runs only when the event loop turns, so a command that computes synchronously must
// yield between its units of work (`await yieldToSignals()`) for the first signal to be seen.
import { constants } from 'node:os';

interface Interrupt {
  /** The signal received, or null. */
  readonly signal: NodeJS.Signals | null;
  /** 128 + the signal's number (130 for SIGINT), or 0 while none came. */
  readonly code: number;
  /** Removes the handlers (the command is over). */
  dispose(): void;
}

const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM'];

/**
 * Installs the handlers: `stop` on the first signal, then `kill` (end every worker now) and
 * process.exit on the second.
 */
export function onInterrupt(stop: (signal: NodeJS.Signals) => void, kill: () => void = () => {}): Interrupt {
  let signal: NodeJS.Signals | null = null;
  const codeOf = (s: NodeJS.Signals) => 128 + (constants.signals[s] ?? 2);
  const handler = (s: NodeJS.Signals): void => {
    if (signal === null) {
      signal = s;
      stop(s);
      return;
    }
    try {
      kill();
    } finally {
      process.exit(codeOf(signal));
    }
  };
  for (const s of SIGNALS) process.on(s, handler);
  return {
    get signal() {
      return signal;
    },
    get code() {
      return signal === null ? 0 : codeOf(signal);
    },
    dispose() {
      for (const s of SIGNALS) process.removeListener(s, handler);
    },
  };
}

/** Lets pending signal handlers (and other events) run. */
export function yieldToSignals(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
