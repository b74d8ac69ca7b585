// Ordered, never-lost output lines.
//
// On POSIX, writes to a pipe are asynchronous in Node: the bytes wait in the stream's buffer until
// the reader takes them, which can be much later when the GUI is slow. Lines therefore all go
// through one stream in call order (so they never interleave), and flush() resolves only when the
// last of them has been handed to the operating system, so the process can end without losing one.
// A reader that has gone away (EPIPE) ends the process quietly: nobody is left to answer.
import type { Writable } from 'node:stream';
import type { LineOutput } from '../session-host';

export class Output implements LineOutput {
  private lastWrite: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly stream: Writable,
    private readonly onClosed: () => void = () => process.exit(0),
  ) {
    stream.on('error', () => this.close());
  }

  /** Queues one line (without its newline) for writing. */
  line(text: string): void {
    if (this.closed) return;
    this.lastWrite = new Promise<void>((resolve) => {
      this.stream.write(`${text}\n`, () => resolve());
    });
  }

  /** Resolves once every line written so far has left the process (or the reader is gone). */
  flush(): Promise<void> {
    return this.closed ? Promise.resolve() : this.lastWrite;
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    this.onClosed();
  }
}
