// The session's input: lines are handled one at a time, in the order they came. A line whose
// handling waits (isready, probe, quit) holds back the lines after it until it is done; in batch
// mode a line may also wait for the search's reply (the session says which). When the GUI closes
// the input, the session is told once every line has been handled.

interface InputHandler {
  /** Handles one line; a promise holds back the next line until it settles. */
  handle(raw: string): Promise<void> | void;
  /** Must `raw` wait (batch mode while a search is thinking)? */
  waits(raw: string): boolean;
  /** The input has ended and every line that can be handled has been: `waiting` lines remain. */
  drained(waiting: boolean): void;
}

export class InputQueue {
  private readonly lines: string[] = [];
  /** A line's handling is under way (its promise has not settled). */
  private blocked = false;
  private pumping = false;
  private closed = false;
  private stopped = false;

  constructor(private readonly handler: InputHandler) {}

  /** Takes one raw input line. */
  push(raw: string): void {
    if (this.stopped) return;
    this.lines.push(raw);
    this.pump();
  }

  /** The GUI closed the input. */
  close(): void {
    this.closed = true;
    this.pump();
  }

  /** Takes no more lines (the session is over). */
  stop(): void {
    this.stopped = true;
  }

  /** The input has ended and no line is left. */
  get ended(): boolean {
    return this.closed && this.lines.length === 0;
  }

  /** Handles the lines that can be handled now (called again whenever a reply may let one through). */
  pump(): void {
    // Not re-entrant: a reply decided while a line is handled must not start the next line early.
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (!this.blocked && !this.stopped && this.lines.length > 0 && !this.handler.waits(this.lines[0])) {
        const wait = this.handler.handle(this.lines.shift()!);
        if (wait !== undefined) {
          this.blocked = true;
          void wait.then(() => {
            this.blocked = false;
            this.pump();
          });
        }
      }
    } finally {
      this.pumping = false;
    }
    if (this.closed && !this.blocked && !this.stopped) this.handler.drained(this.lines.length > 0);
  }
}
