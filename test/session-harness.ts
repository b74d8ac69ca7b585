// The protocol Session in process: the same Session the executable runs, with its search on the
// test's own thread (protocol/host/same-thread-worker-host.ts), so parser, option, conformance and
// protocol-detail tests take milliseconds instead of a 95 MB executable per file.
//
// The interface follows EngineProcess (test/e2e-engine.ts): send lines, then `expect` a reply or
// `sync` (isready … readyok), with a cursor over the output. Besides the output, the harness sees
// what the session hands its search: every message posted to the workers (the hash size, the
// evaluation, the search limits that planSearch made from `go` and the options), so a test can
// assert on those instead of on debug wording.
//
// A search runs on this thread, so it blocks while it searches: lines sent meanwhile are read
// after it ends, as a GUI's lines queue up behind a busy engine. To act while a search runs (a
// `stop`, an `isready`), queue lines with `duringSearch`: they are read at its next progress report,
// from inside the search. Every search is bounded by `nodeLimit` (default 200,000 nodes), so
// `go infinite` ends by itself and the session holds its reply until `stop`, as it does for a real
// search that reached its depth.
import { parseFen, type Position } from '../engine/index';
import type { SearchLimits } from '../engine/limits';
import { readNetworkFile } from '../protocol/host/network-file';
import { SameThreadWorkerHost, type SameThreadOptions } from '../protocol/host/same-thread-worker-host';
import { Session } from '../protocol/session';
import type { SessionHost } from '../protocol/session-host';
import type { ToWorker } from '../protocol/worker-messages';
import type { Received } from './e2e-engine';

export interface HarnessOptions extends Omit<SameThreadOptions, 'onPost' | 'onSearchProgress'> {
  /** Reads network files (default: from disk, as the executable does). */
  readNetworkFile?: SessionHost['readNetworkFile'];
}

interface Posted {
  msg: ToWorker;
  /** Posted to a helper worker (Threads > 1). */
  helper: boolean;
}

type SearchMessage = Extract<ToWorker, { type: 'search' }>;

const DEFAULT_NODE_LIMIT = 200_000;

export class InProcessEngine {
  readonly session: Session;
  readonly host: SameThreadWorkerHost;
  readonly received: Received[] = [];
  /** Every message the session posted to its search workers, in order. */
  readonly posted: Posted[] = [];
  /** Index of the next line `expect` looks at. */
  cursor = 0;
  /** Called with each output line as it is written. */
  onLine: ((line: string) => void) | null = null;
  /** True once the session is over (quit, or end of input with nothing owed). */
  ended = false;
  private partial = '';
  private readonly decoder = new TextDecoder('utf-8');
  private during: string[] = [];
  private waiters: Array<() => void> = [];

  constructor(options: HarnessOptions = {}) {
    const { readNetworkFile: read, ...host } = options;
    this.host = new SameThreadWorkerHost({
      nodeLimit: DEFAULT_NODE_LIMIT,
      ...host,
      onPost: (msg, helper) => this.posted.push({ msg, helper }),
      onSearchProgress: () => {
        const lines = this.during;
        this.during = [];
        for (const l of lines) this.session.push(l);
      },
    });
    this.session = new Session(
      {
        line: (text) => {
          this.received.push({ line: text, at: performance.now() });
          this.onLine?.(text);
          this.wake();
        },
        flush: () => Promise.resolve(),
      },
      { worker: this.host, readNetworkFile: read ?? readNetworkFile },
    );
    void this.session.done.then(() => {
      this.ended = true;
      this.wake();
    });
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  /** Pushes lines into the session, each as one input line; returns performance.now(). */
  send(...lines: string[]): number {
    for (const l of lines) this.session.push(l);
    return performance.now();
  }

  /**
   * Raw input, split as the executable's readline splits stdin: at LF, CRLF or a lone CR (a line
   * without its end waits for the next call).
   */
  sendRaw(text: string): number {
    const parts = (this.partial + text).split(/\r\n|\n|\r(?!$)/);
    this.partial = parts.pop()!;
    for (const p of parts) this.session.push(p);
    return performance.now();
  }

  /**
   * Raw bytes, decoded as the executable decodes stdin (UTF-8, a sequence that is not UTF-8 read as
   * U+FFFD, a character split between two calls joined), then split as sendRaw splits.
   */
  sendBytes(bytes: Uint8Array): number {
    return this.sendRaw(this.decoder.decode(bytes, { stream: true }));
  }

  /** Lines read at the next progress report of a search (while it runs), in order. */
  duringSearch(...lines: string[]): void {
    this.during.push(...lines);
  }

  /** End of input (the GUI closed the pipe). */
  close(): void {
    if (this.partial !== '') this.session.push(this.partial);
    this.partial = '';
    this.session.close();
  }

  /**
   * Waits for the next output line (from the cursor) that matches; moves the cursor past it.
   * Rejects with the output seen so far on timeout or once the session is over.
   */
  async expect(match: RegExp | ((line: string) => boolean), timeoutMs = 10_000): Promise<Received> {
    const test = typeof match === 'function' ? match : (l: string) => match.test(l);
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      for (let i = this.cursor; i < this.received.length; i++) {
        if (test(this.received[i].line)) {
          this.cursor = i + 1;
          return this.received[i];
        }
      }
      const left = deadline - performance.now();
      if (left <= 0 || this.ended) {
        const tail = this.received.slice(Math.max(this.cursor, this.received.length - 40)).map((r) => r.line);
        throw new Error(
          `no line matching ${String(match)} within ${timeoutMs} ms (${this.ended ? 'session over' : 'running'}); lines after the cursor:\n${tail.join('\n')}`,
        );
      }
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(left, 1000));
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** Lines from the cursor to the end of what has arrived; moves the cursor to the end. */
  take(): string[] {
    const lines = this.received.slice(this.cursor).map((r) => r.line);
    this.cursor = this.received.length;
    return lines;
  }

  /** Sends isready and returns every line before readyok (the cursor moves past it). */
  async sync(timeoutMs = 10_000): Promise<string[]> {
    const from = this.cursor;
    this.send('isready');
    const r = await this.expect((l) => l === 'readyok', timeoutMs);
    return this.received.slice(from, this.received.indexOf(r)).map((x) => x.line);
  }

  /** Sends lines, then isready; returns the lines in between. */
  async run(...lines: string[]): Promise<string[]> {
    this.send(...lines);
    return this.sync();
  }

  /** Sends quit and waits for the session to end. */
  async quit(): Promise<void> {
    if (this.ended) return;
    this.send('quit');
    await this.session.done;
  }

  /** The messages posted to the main worker since index `from` of `posted`. */
  toMain(from = 0): ToWorker[] {
    return this.posted
      .slice(from)
      .filter((p) => !p.helper)
      .map((p) => p.msg);
  }

  /** Every search started so far: its position and limits (what planSearch made of each `go`). */
  searchMessages(): SearchMessage[] {
    return this.toMain().flatMap((m) => (m.type === 'search' ? [m] : []));
  }

  /** The limits of every search started so far. */
  searches(): SearchLimits[] {
    return this.searchMessages().map((m) => m.limits);
  }

  /** The limits of the last search started. */
  lastSearch(): SearchLimits {
    return this.lastSearchMessage().limits;
  }

  lastSearchMessage(): SearchMessage {
    const all = this.searchMessages();
    if (all.length === 0) throw new Error('no search was started');
    return all[all.length - 1];
  }

  /** The position the last search was given, rebuilt from its root FEN and moves (history kept). */
  lastSearchPosition(): Position {
    const spec = this.lastSearchMessage().position;
    const pos = parseFen(spec.fen, undefined, { lenient: true });
    for (const m of spec.moves) pos.make(m);
    return pos;
  }
}

/** A fresh in-process session after the handshake of `dialect` (its block consumed). */
export async function inProcess(dialect: 'ucci' | 'uci', options: HarnessOptions = {}): Promise<InProcessEngine> {
  const e = new InProcessEngine(options);
  e.send(dialect);
  await e.expect((l) => l === `${dialect}ok`);
  return e;
}

/** Runs `fn` on a fresh in-process session after the handshake, then quits it; returns what `fn` returned. */
export async function withInProcess<T>(
  dialect: 'ucci' | 'uci',
  fn: (e: InProcessEngine) => Promise<T>,
  options: HarnessOptions = {},
): Promise<T> {
  const e = await inProcess(dialect, options);
  try {
    return await fn(e);
  } finally {
    await e.quit();
  }
}
