// One engine process that `chuhan analyse` searches with: the chuhan executable itself, spoken to
// in UCCI over pipes, as a GUI would. Each position is searched with the game's moves before it
// (`position fen START moves …`), so the search applies the repetition rules to the game's
// history; the table is cleared before each game (`setoption newgame`), so that at a fixed node
// count with one thread a game's analysis depends only on the game.
//
// UCCI scores tell mates and results by rule apart: a mate in p plies is ±(10000 − p), a result by
// a repetition rule p plies away ±(9900 − p) (p at most 99), an evaluation at most ±9000.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { moveToIccs } from '../../engine/iccs';
import { UcciSearchReply, type PositionEval } from '../../engine/review';

/** One search limit per position. */
export type AnalyseLimit = { kind: 'nodes'; value: number } | { kind: 'depth'; value: number } | { kind: 'movetime'; value: number };

export function limitText(limit: AnalyseLimit): string {
  return limit.kind === 'movetime' ? `movetime ${limit.value} ms` : `${limit.kind} ${limit.value}`;
}

/** Milliseconds to wait for the handshake and for `readyok` (a large table takes a while to clear). */
const READY_MS = 60_000;

export class EngineClient {
  private readonly child: ChildProcessWithoutNullStreams;
  private buffer = '';
  private waiter: ((line: string) => boolean) | null = null;
  private failure: ((err: Error) => void) | null = null;
  private exited: string | null = null;
  private stderr = '';

  private constructor(command: readonly string[]) {
    this.child = spawn(command[0], command.slice(1), { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => {
      this.buffer += chunk;
      let nl: number;
      while ((nl = this.buffer.indexOf('\n')) >= 0) {
        const line = this.buffer.slice(0, nl).replace(/\r$/, '');
        this.buffer = this.buffer.slice(nl + 1);
        if (this.waiter !== null && this.waiter(line)) {
          this.waiter = null;
          this.failure = null;
        }
      }
    });
    this.child.stderr.setEncoding('utf8');
    this.child.stderr.on('data', (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-2000);
    });
    // A write to an engine that has died is reported by the exit handler.
    this.child.stdin.on('error', () => {});
    const fail = (why: string): void => {
      if (this.exited !== null) return;
      this.exited = why;
      const f = this.failure;
      this.waiter = null;
      this.failure = null;
      f?.(new Error(`the engine ${why}${this.stderr.trim() ? `: ${this.stderr.trim().split('\n').pop()}` : ''}`));
    };
    this.child.on('error', (err) => fail(`could not be started (${err.message})`));
    this.child.on('exit', (code, signal) => fail(signal !== null ? `was ended by ${signal}` : `exited with code ${code}`));
  }

  /** Starts an engine and sets it up: UCCI, the table's size in MB and the threads. */
  static async start(command: readonly string[], options: { hash: number; threads: number }): Promise<EngineClient> {
    const engine = new EngineClient(command);
    try {
      await engine.request('ucci', (line) => line.trim() === 'ucciok', READY_MS);
      engine.send(`setoption hashsize ${options.hash}`);
      engine.send(`setoption threads ${options.threads}`);
      await engine.request('isready', (line) => line.trim() === 'readyok', READY_MS);
    } catch (err) {
      engine.kill();
      throw err;
    }
    return engine;
  }

  private send(line: string): void {
    if (this.exited === null) this.child.stdin.write(line + '\n');
  }

  /** Sends `line` and waits for the line `done` accepts (or for the engine to fail). */
  private request(line: string, done: (line: string) => boolean, timeoutMs = Infinity): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (this.exited !== null) {
        reject(new Error(`the engine ${this.exited}`));
        return;
      }
      let timer: NodeJS.Timeout | undefined;
      this.waiter = (l) => {
        if (!done(l)) return false;
        if (timer !== undefined) clearTimeout(timer);
        resolve();
        return true;
      };
      this.failure = (err) => {
        if (timer !== undefined) clearTimeout(timer);
        reject(err);
      };
      if (Number.isFinite(timeoutMs)) {
        timer = setTimeout(() => {
          this.waiter = null;
          this.failure = null;
          reject(new Error(`the engine did not answer '${line}' within ${timeoutMs / 1000} s`));
        }, timeoutMs);
      }
      this.send(line);
    });
  }

  /** A new game: the table and the histories cleared. */
  async newGame(): Promise<void> {
    this.send('setoption newgame');
    await this.request('isready', (line) => line.trim() === 'readyok', READY_MS);
  }

  /** Searches the position after `moves` from `fen`; the last complete iteration's score, depth and line (engine/review.ts reads the reply). */
  async search(fen: string, moves: readonly number[], limit: AnalyseLimit): Promise<PositionEval> {
    this.send(`position fen ${fen}${moves.length > 0 ? ` moves ${moves.map(moveToIccs).join(' ')}` : ''}`);
    const reply = new UcciSearchReply();
    await this.request(`go ${limit.kind} ${limit.value}`, (line) => reply.line(line));
    const evaluation = reply.evaluation();
    if (evaluation === null) throw new Error(`the engine found no move in ${fen} after ${moves.length} move(s)`);
    return evaluation;
  }

  /** Ends the engine: `quit`, and a kill if it lingers. */
  async quit(): Promise<void> {
    if (this.exited !== null) return;
    const gone = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.send('quit');
    const timer = setTimeout(() => this.kill(), 2000);
    await gone;
    clearTimeout(timer);
  }

  kill(): void {
    if (this.exited === null) this.child.kill('SIGKILL');
  }
}
