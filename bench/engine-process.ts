// One engine process, as the tools drive it (the match runner, the tuner's games, the game review):
// spawn, handshake, options, new game, one search at a time (`position … moves …`, `go …`) with
// the caller's own timing, hang and crash detection, restart, quit; pondering as a GUI does it
// (`go ponder`, then `ponderhit` or `stop`), the time each `stop` takes to be answered, and the
// process's resident memory. The search's `info` lines are read with engine/wire.ts (the last
// exact score and depth), and a caller that wants more reads every line itself (the review).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { Score } from '../engine/limits';
import { parseInfo } from '../engine/wire';
import {
  type BestMove,
  handshake,
  moveFromWire,
  newGameCommands,
  parseBestmove,
  parseOptionLine,
  positionCommand,
  setoption,
  type Proto,
} from './engine-protocol';

export interface EngineConfig {
  name: string;
  cmd: string;
  args: string[];
  cwd?: string;
  /** Variables added to the runner's environment for the engine (chuhan spsa: CHUHAN_TUNE=1). */
  env?: Record<string, string>;
  proto: Proto;
  /** Options set after the handshake, in order. */
  options: Array<[string, string]>;
  /** UCCI: force milliseconds (true) or seconds (false); default: ms if `usemillisec` is announced. */
  millisec?: boolean;
  /** Ponder on the predicted reply (`bestmove X ponder Y`) while the opponent thinks. */
  ponder?: boolean;
}

export interface EngineTimeouts {
  /** For `uciok`/`ucciok` and `readyok`, ms. */
  startup: number;
  /** After `stop` is sent to an engine that overran its time: how long to wait for `bestmove`, ms. */
  stopGrace: number;
  /** For searches without a clock (depth, nodes, movetime): how long past the limit counts as a hang, ms. */
  hang: number;
}

export const DEFAULT_TIMEOUTS: EngineTimeouts = { startup: 10_000, stopGrace: 1_000, hang: 30_000 };

export type GoOutcome =
  | {
      kind: 'move';
      raw: string;
      /** ICCS, or null when the engine wrote something that is not a move string. */
      iccs: string | null;
      /** The predicted reply (`ponder Y`) in ICCS, or null. */
      ponder: string | null;
      draw: boolean;
      resign: boolean;
      elapsed: number;
      /** The last exact score and depth the engine reported during this search. */
      score?: Score;
      depth?: number;
      /** When the runner sent `stop` (the clock ran out): ms from `stop` to `bestmove`. */
      stopMs?: number;
    }
  | { kind: 'none'; raw: string; elapsed: number; stopMs?: number }
  | { kind: 'crash'; elapsed: number; detail: string }
  | { kind: 'hang'; elapsed: number };

/** How a ponder search ended when the runner stopped it (a miss, or the end of the game). */
type StopOutcome =
  /** `stop` answered after `ms`. */
  | { kind: 'stopped'; ms: number }
  /** The engine had already answered (it did not hold its reply), so no `stop` was sent. */
  | { kind: 'answered' }
  | { kind: 'crash'; detail: string }
  /** No answer within the stop grace: the process was killed. */
  | { kind: 'hang'; ms: number };

/** The last exact score a search reported, and its depth. */
interface Seen {
  score?: Score;
  depth?: number;
}

/** What is known of a ponder search while it runs. */
interface PonderState extends Seen {
  /** The reply of an engine that answered without waiting for `ponderhit` or `stop`. */
  early: GoOutcome | null;
  /** Set when the process died (or was killed) while pondering. */
  crash: string | null;
}

export class EngineStartError extends Error {}

/** How long to keep the tail of an engine's stderr for messages. */
const STDERR_TAIL = 2000;

/** `C`: the caller's own description of the engine, which holds the driver's (a match's engine adds its limits). */
export class EngineProcess<C extends EngineConfig = EngineConfig> {
  private child: ChildProcessWithoutNullStreams | null = null;
  private buffer = '';
  private lineHandler: ((line: string, at: number) => void) | null = null;
  private exitHandler: ((detail: string) => void) | null = null;
  /** Ends the wait of a pending go() or handshake at once when the runner kills the process. */
  private cancelWait: (() => void) | null = null;
  private stderrTail = '';
  private exited = true;
  private exitDetail = '';
  /** Lower-cased option names the engine announced. */
  readonly announced = new Set<string>();
  ucciMillis = false;
  /** Processes started (the first start included). */
  starts = 0;
  /** Times the process died or hung while the runner was waiting for it. */
  crashes = 0;
  /** Failed starts in a row (reset by a successful start). */
  startFailures = 0;
  /** The engine's `id name`, once known. */
  idName = '';
  /** The ponder search in progress, if any. */
  private ponderState: PonderState | null = null;

  constructor(
    readonly config: C,
    readonly timeouts: EngineTimeouts = DEFAULT_TIMEOUTS,
  ) {}

  get alive(): boolean {
    return this.child !== null && !this.exited;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** A ponder search is running (started, and neither `ponderhit` nor `stop` sent yet). */
  get pondering(): boolean {
    return this.ponderState !== null;
  }

  /**
   * Resident memory of the engine process (VmRSS of /proc/<pid>/status, all its threads), kB;
   * null where there is no /proc or the process is not running.
   */
  rssKb(): number | null {
    const pid = this.pid;
    if (!this.alive || pid === undefined) return null;
    try {
      const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      return m ? Number(m[1]) : null;
    } catch {
      return null;
    }
  }

  /** Spawns the process and runs the handshake; throws EngineStartError on failure. */
  async start(): Promise<void> {
    try {
      await this.startOnce();
      this.startFailures = 0;
    } catch (e) {
      this.startFailures++;
      this.kill();
      throw e;
    }
  }

  private async startOnce(): Promise<void> {
    this.kill();
    this.ponderState = null;
    this.starts++;
    this.buffer = '';
    this.stderrTail = '';
    this.exitDetail = '';
    this.announced.clear();
    const child = spawn(this.config.cmd, this.config.args, {
      cwd: this.config.cwd,
      env: this.config.env === undefined ? process.env : { ...process.env, ...this.config.env },
      stdio: ['pipe', 'pipe', 'pipe'],
      // Its own process group: a Ctrl-C meant for the runner does not kill the engines mid-game
      // (the runner ends them itself); an engine left behind still sees its stdin close.
      detached: true,
    });
    this.child = child;
    this.exited = false;
    child.stdin.on('error', () => {
      /* EPIPE when the engine has died: noticed through 'exit'. */
    });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => this.onData(chunk));
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-STDERR_TAIL);
    });
    const onGone = (detail: string) => {
      if (this.child !== child || this.exited) return;
      this.exited = true;
      this.exitDetail = detail;
      const h = this.exitHandler;
      this.exitHandler = null;
      this.lineHandler = null;
      h?.(detail);
    };
    child.on('error', (err) => onGone(`cannot run '${this.config.cmd}': ${err.message}`));
    // 'close' comes after the last output has been read; 'exit' (with a short delay, in case a
    // child of the engine keeps the pipes open) covers the rest.
    const describe = (code: number | null, signal: NodeJS.Signals | null) => (signal ? `killed by ${signal}` : `exited with code ${code}`);
    child.on('close', (code, signal) => onGone(describe(code, signal)));
    child.on('exit', (code, signal) => setTimeout(() => onGone(describe(code, signal)), 200).unref());

    const { command, reply } = handshake(this.config.proto);
    this.send(command);
    await this.waitLine(
      (line) => {
        if (line.startsWith('id name ')) this.idName = line.slice(8).trim();
        const opt = parseOptionLine(line, this.config.proto);
        if (opt !== null) this.announced.add(opt.toLowerCase());
        return line.trim() === reply;
      },
      this.timeouts.startup,
      `'${reply}'`,
    );
    // Only for ranks 1-10: an engine such as Chuhan takes UCI_Variant xiangqi to mean that dialect.
    if (this.config.proto === 'uci1') {
      this.send(setoption(this.config.proto, 'UCI_Variant', 'xiangqi'));
    }
    if (this.config.proto === 'ucci') {
      this.ucciMillis = this.config.millisec ?? this.announced.has('usemillisec');
      if (this.announced.has('usemillisec')) this.send(`setoption usemillisec ${this.ucciMillis}`);
    }
    // As a GUI does: the engine may plan its time for pondering (UCI `Ponder`, UCCI `ponder`),
    // unless the option is given explicitly.
    const given = new Set(this.config.options.map(([n]) => n.toLowerCase()));
    if (this.config.ponder && this.announced.has('ponder') && !given.has('ponder')) {
      this.send(setoption(this.config.proto, this.config.proto === 'ucci' ? 'ponder' : 'Ponder', 'true'));
    }
    for (const [name, value] of this.config.options) this.send(setoption(this.config.proto, name, value));
    await this.ready();
  }

  /** Starts the process if it is not running. */
  async ensureStarted(): Promise<void> {
    if (!this.alive) await this.start();
  }

  /** `isready` → `readyok`. */
  async ready(): Promise<void> {
    this.send('isready');
    await this.waitLine((line) => line.trim() === 'readyok', this.timeouts.startup, `'readyok'`);
  }

  async newGame(): Promise<void> {
    for (const c of newGameCommands(this.config.proto, this.announced)) this.send(c);
    await this.ready();
  }

  /**
   * Sends the position and `go`, and waits for `bestmove`. `allowance` is how long the engine may
   * think (ms) before the runner sends `stop` (Infinity: never); after that it waits `stopGrace`
   * more and then kills the process (a hang). The elapsed time runs from writing `go` to reading
   * `bestmove`. `listen`, if given, reads every line of the search's reply, `bestmove` included.
   */
  go(fen: string, moves: readonly string[], goCmd: string, allowance: number, listen?: (line: string) => void): Promise<GoOutcome> {
    if (this.ponderState) throw new Error(`${this.config.name}: go while pondering`);
    return this.search(
      () => {
        this.send(positionCommand(this.config.proto, fen, moves));
        this.send(goCmd);
      },
      allowance,
      undefined,
      listen,
    );
  }

  /**
   * Starts a ponder search: the position with the engine's move and its predicted reply
   * (`moves` ends with both), and `go ponder …` (`goCmd`). Its answer is held until ponderhit()
   * or stopPonder(); meanwhile the runner's other engine thinks.
   */
  startPonder(fen: string, moves: readonly string[], goCmd: string): void {
    if (this.ponderState) throw new Error(`${this.config.name}: already pondering`);
    const st: PonderState = { early: null, crash: null };
    this.ponderState = st;
    if (!this.alive) {
      st.crash = `not running (${this.exitDetail || 'never started'})`;
      return;
    }
    this.lineHandler = (line) => {
      if (st.early) return;
      const bm = this.reply(line, st);
      if (bm !== null) st.early = this.outcome(bm, 0, st);
    };
    this.exitHandler = (detail) => {
      this.crashes++;
      st.crash = this.describeExit(detail);
    };
    this.cancelWait = () => {
      st.crash ??= 'killed by the runner';
    };
    this.send(positionCommand(this.config.proto, fen, moves));
    this.send(goCmd);
  }

  /** Why the process died while pondering (noticed at once), or null. */
  ponderFailure(): string | null {
    return this.ponderState?.crash ?? null;
  }

  /**
   * The opponent played the predicted reply: `ponderhit`, then as go(): the engine's time and
   * `allowance` run from the ponderhit. An engine that answered while pondering (not holding its
   * reply, as UCI requires) has its answer played, after 0 ms.
   */
  ponderhit(allowance: number): Promise<GoOutcome> {
    const st = this.endPonder();
    if (st.crash !== null) return Promise.resolve({ kind: 'crash', elapsed: 0, detail: st.crash });
    if (st.early) return Promise.resolve(st.early);
    return this.search(() => this.send('ponderhit'), allowance, st);
  }

  /** Ends the ponder search (a miss, or the game is over): `stop`, and its `bestmove` is read and discarded. */
  stopPonder(): Promise<StopOutcome> {
    const st = this.endPonder();
    if (st.crash !== null) return Promise.resolve({ kind: 'crash', detail: st.crash });
    if (st.early) return Promise.resolve({ kind: 'answered' });
    return new Promise((resolve) => {
      let done = false;
      let t0 = 0;
      let timer: NodeJS.Timeout | undefined;
      const finish = (o: StopOutcome) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        this.lineHandler = null;
        this.exitHandler = null;
        this.cancelWait = null;
        resolve(o);
      };
      // After the answer, `isready` → `readyok` (lines before it discarded): an engine that
      // answered just as `stop` went out may answer that too (a UCCI engine writes `nobestmove`
      // to a `stop` when idle), which the next search must not read as its own.
      let answeredMs: number | null = null;
      this.lineHandler = (line, at) => {
        if (answeredMs === null) {
          if (!parseBestmove(line, this.config.proto)) return;
          answeredMs = at - t0;
          clearTimeout(timer);
          timer = setTimeout(giveUp, this.timeouts.startup);
          this.send('isready');
        } else if (line.trim() === 'readyok') {
          finish({ kind: 'stopped', ms: answeredMs });
        }
      };
      this.exitHandler = (detail) => {
        this.crashes++;
        finish({ kind: 'crash', detail: this.describeExit(detail) });
      };
      this.cancelWait = () => finish({ kind: 'crash', detail: 'killed by the runner' });
      this.send('stop');
      t0 = performance.now();
      const giveUp = () => {
        this.crashes++;
        this.cancelWait = null;
        this.kill();
        finish({ kind: 'hang', ms: performance.now() - t0 });
      };
      timer = setTimeout(giveUp, this.timeouts.stopGrace);
    });
  }

  private endPonder(): PonderState {
    const st = this.ponderState;
    if (!st) throw new Error(`${this.config.name}: not pondering`);
    this.ponderState = null;
    this.lineHandler = null;
    this.exitHandler = null;
    this.cancelWait = null;
    return st;
  }

  /** Reads a line of a search's reply: an exact score goes to `seen`; the `bestmove` (or `nobestmove`) that ends it is returned. */
  private reply(line: string, seen: Seen): BestMove | null {
    const info = parseInfo(line);
    if (info === null) return parseBestmove(line, this.config.proto);
    if (info.score && !info.bound) {
      seen.score = info.score;
      seen.depth = info.depth ?? seen.depth;
    }
    return null;
  }

  /** The outcome of a search answered by `bm` after `elapsed` ms (and `stopMs` after the runner's `stop`). */
  private outcome(bm: BestMove, elapsed: number, seen: Seen, stopMs?: number): GoOutcome {
    const stopped = stopMs === undefined ? {} : { stopMs };
    if (bm.kind === 'none') return { kind: 'none', raw: bm.raw, elapsed, ...stopped };
    const ponder = bm.ponder === undefined ? null : moveFromWire(bm.ponder, this.config.proto);
    return {
      kind: 'move',
      raw: bm.raw,
      iccs: bm.iccs,
      ponder,
      draw: bm.draw,
      resign: bm.resign,
      elapsed,
      score: seen.score,
      depth: seen.depth,
      ...stopped,
    };
  }

  /**
   * Waits for `bestmove` after `begin` has written the command that starts the clock (`go` or
   * `ponderhit`); `from` carries the score and depth a ponder search reported before.
   */
  private search(
    begin: () => void,
    allowance: number,
    from?: { score?: Score; depth?: number },
    listen?: (line: string) => void,
  ): Promise<GoOutcome> {
    return new Promise((resolve) => {
      if (!this.alive) {
        resolve({ kind: 'crash', elapsed: 0, detail: `not running (${this.exitDetail || 'never started'})` });
        return;
      }
      const seen: Seen = { score: from?.score, depth: from?.depth };
      let stopTimer: NodeJS.Timeout | undefined;
      let hangTimer: NodeJS.Timeout | undefined;
      let done = false;
      let t0 = 0;
      /** When the runner sent `stop`, if it did. */
      let stopAt: number | undefined;
      const finish = (o: GoOutcome) => {
        if (done) return;
        done = true;
        clearTimeout(stopTimer);
        clearTimeout(hangTimer);
        this.lineHandler = null;
        this.exitHandler = null;
        this.cancelWait = null;
        resolve(o);
      };
      this.cancelWait = () => finish({ kind: 'crash', elapsed: performance.now() - t0, detail: 'killed by the runner' });
      this.lineHandler = (line, at) => {
        listen?.(line);
        const bm = this.reply(line, seen);
        if (bm !== null) finish(this.outcome(bm, at - t0, seen, stopAt === undefined ? undefined : at - stopAt));
      };
      this.exitHandler = (detail) => {
        this.crashes++;
        finish({ kind: 'crash', elapsed: performance.now() - t0, detail: this.describeExit(detail) });
      };
      begin();
      t0 = performance.now();
      if (allowance === Infinity) return;
      stopTimer = setTimeout(() => {
        this.send('stop');
        stopAt = performance.now();
        hangTimer = setTimeout(() => {
          this.crashes++;
          const elapsed = performance.now() - t0;
          this.cancelWait = null;
          this.kill();
          finish({ kind: 'hang', elapsed });
        }, this.timeouts.stopGrace);
      }, Math.max(0, allowance) + 1);
    });
  }

  /** Sends `quit` and gives the process a moment to leave, then kills it. */
  async quit(waitMs = 1000): Promise<void> {
    if (!this.alive) return;
    const child = this.child!;
    const gone = new Promise<void>((resolve) => {
      if (this.exited) resolve();
      child.once('exit', () => resolve());
    });
    this.send('quit');
    const timer = new Promise<void>((resolve) => setTimeout(resolve, waitMs).unref());
    await Promise.race([gone, timer]);
    this.kill();
  }

  /** Kills the process (if running); a go() or handshake waiting on it ends at once. */
  kill(): void {
    const child = this.child;
    const cancel = this.cancelWait;
    this.cancelWait = null;
    if (child && !this.exited) {
      this.exited = true;
      this.exitDetail = 'killed by the runner';
      this.exitHandler = null;
      this.lineHandler = null;
      child.kill('SIGKILL');
    }
    cancel?.();
  }

  send(line: string): void {
    if (this.alive) this.child!.stdin.write(line + '\n');
  }

  stderr(): string {
    return this.stderrTail;
  }

  private describeExit(detail: string): string {
    const tail = this.stderrTail.trim().split('\n').slice(-3).join(' | ');
    return tail ? `${detail}; stderr: ${tail}` : detail;
  }

  private onData(chunk: string): void {
    const at = performance.now();
    this.buffer += chunk;
    let nl: number;
    while ((nl = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, nl).replace(/\r$/, '');
      this.buffer = this.buffer.slice(nl + 1);
      this.lineHandler?.(line, at);
    }
  }

  /** Waits for a line that satisfies `accept`; throws EngineStartError on timeout or exit. */
  private waitLine(accept: (line: string) => boolean, timeout: number, what: string): Promise<void> {
    return new Promise((resolve, reject) => {
      if (!this.alive) {
        reject(new EngineStartError(`${this.config.name}: ${this.describeExit(this.exitDetail || 'not running')}`));
        return;
      }
      const timer = setTimeout(() => {
        this.lineHandler = null;
        this.exitHandler = null;
        this.cancelWait = null;
        this.kill();
        reject(new EngineStartError(`${this.config.name}: no ${what} within ${timeout} ms`));
      }, timeout);
      this.lineHandler = (line) => {
        if (accept(line)) {
          clearTimeout(timer);
          this.lineHandler = null;
          this.exitHandler = null;
          this.cancelWait = null;
          resolve();
        }
      };
      this.exitHandler = (detail) => {
        clearTimeout(timer);
        this.cancelWait = null;
        reject(new EngineStartError(`${this.config.name}: ${this.describeExit(detail)} before ${what}`));
      };
      this.cancelWait = () => {
        clearTimeout(timer);
        reject(new EngineStartError(`${this.config.name}: killed by the runner before ${what}`));
      };
    });
  }
}
