// Helpers for the end-to-end protocol tests: build the real executable once (shared by every test
// file and run, keyed by a fingerprint of the sources) and drive engine processes over pipes.
//
// The tests run a private copy of dist/chuhan, so that another build of dist/ in the same tree
// (other developers, the match runner) cannot swap the binary under a running test.
import { type ChildProcessWithoutNullStreams, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { parseIccs, type Position } from '../engine/index';

export const ROOT = join(__dirname, '..');

function sourceFingerprint(): string {
  const hash = createHash('sha1');
  const walk = (dir: string): void => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(ts|mjs|json|nnue|html|css|svg)$/.test(name)) hash.update(p).update(readFileSync(p));
    }
  };
  for (const d of ['engine', 'protocol', 'web', 'bench', 'nets', 'scripts']) walk(join(ROOT, d));
  for (const f of ['package.json', 'package-lock.json', 'tsconfig.json', 'build.mjs']) hash.update(readFileSync(join(ROOT, f)));
  hash.update(process.version);
  return hash.digest('hex').slice(0, 16);
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Each build is a ~100 MB copy of node: drop those of older source states after half an hour. */
function removeOldBuilds(base: string, keep: string): void {
  for (const name of readdirSync(base)) {
    const p = join(base, name);
    try {
      if (name !== keep && /^[0-9a-f]{16}$/.test(name) && Date.now() - statSync(p).mtimeMs > 30 * 60_000) {
        rmSync(p, { recursive: true, force: true });
      }
    } catch {
      // removed by another run meanwhile
    }
  }
}

/**
 * Path of an executable built from the current sources. Builds (`node build.mjs`) at most once
 * per source state, under a lock that makes parallel test files wait for one build.
 */
export function builtEngine(): string {
  const base = join(tmpdir(), 'chuhan-e2e');
  mkdirSync(base, { recursive: true });
  const fingerprint = sourceFingerprint();
  const exe = join(base, fingerprint, 'chuhan');
  const ready = `${exe}.ok`;
  if (existsSync(ready)) return exe;
  const lock = join(base, 'build.lock');
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (existsSync(ready)) return exe;
      // A lock left by a killed run is broken after two minutes.
      try {
        if (Date.now() - statSync(lock).mtimeMs > 120_000) rmSync(lock, { recursive: true, force: true });
      } catch {
        // gone meanwhile
      }
      if (Date.now() > deadline) throw new Error(`timed out waiting for the build lock ${lock}`);
      sleepSync(100);
    }
  }
  try {
    if (existsSync(ready)) return exe;
    // dist/ is shared with other builds in the same tree (not under this lock): retry a build
    // that another one disturbed, and check the copy before trusting it.
    for (let attempt = 1; ; attempt++) {
      try {
        execFileSync(process.execPath, ['build.mjs'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
        mkdirSync(join(base, fingerprint), { recursive: true });
        copyFileSync(join(ROOT, 'dist', 'chuhan'), exe);
        execFileSync('chmod', ['755', exe]);
        execFileSync(exe, ['--version'], { encoding: 'utf8' });
        break;
      } catch (err) {
        if (attempt >= 3) throw err;
        sleepSync(1000 * attempt);
      }
    }
    writeFileSync(ready, fingerprint);
    removeOldBuilds(base, fingerprint);
    return exe;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export interface Received {
  line: string;
  /** performance.now() when the line arrived. */
  at: number;
}

/** An engine process on pipes, with a cursor over its output lines. */
export class EngineProcess {
  readonly proc: ChildProcessWithoutNullStreams;
  readonly received: Received[] = [];
  /** Index of the next line `expect` looks at. */
  cursor = 0;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  stderr = '';
  private partial = '';
  private waiters: Array<() => void> = [];

  constructor(command: string, args: string[] = []) {
    this.proc = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    this.proc.stdout.setEncoding('utf8');
    this.proc.stdout.on('data', (chunk: string) => {
      const at = performance.now();
      const parts = (this.partial + chunk).split('\n');
      this.partial = parts.pop()!;
      for (const p of parts) this.received.push({ line: p.replace(/\r$/, ''), at });
      this.wake();
    });
    this.proc.stderr.setEncoding('utf8');
    this.proc.stderr.on('data', (c: string) => (this.stderr += c));
    this.proc.stdin.on('error', () => {});
    this.exited = new Promise((resolve) => {
      this.proc.on('exit', (code, signal) => {
        resolve({ code, signal, at: performance.now() });
        this.wake();
      });
    });
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  get alive(): boolean {
    return this.proc.exitCode === null && this.proc.signalCode === null;
  }

  /** Writes lines (a newline is added to each); returns performance.now() after writing. */
  send(...lines: string[]): number {
    this.proc.stdin.write(lines.map((l) => `${l}\n`).join(''));
    return performance.now();
  }

  /** Writes raw text exactly as given. */
  sendRaw(text: string): number {
    this.proc.stdin.write(text);
    return performance.now();
  }

  /**
   * Waits for the next output line (from the cursor) that matches; moves the cursor past it.
   * Rejects with the output seen so far on timeout or exit.
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
      if (left <= 0 || !this.alive) {
        // Late lines may still be in the pipe after exit; look once more before failing.
        if (!this.alive) await new Promise((r) => setTimeout(r, 20));
        for (let i = this.cursor; i < this.received.length; i++) {
          if (test(this.received[i].line)) {
            this.cursor = i + 1;
            return this.received[i];
          }
        }
        const tail = this.received.slice(Math.max(this.cursor, this.received.length - 40)).map((r) => r.line);
        throw new Error(
          `no line matching ${String(match)} within ${timeoutMs} ms (${this.alive ? 'running' : 'exited'}); ` +
            `lines after the cursor:\n${tail.join('\n')}${this.stderr ? `\nstderr: ${this.stderr.slice(-2000)}` : ''}`,
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

  async quit(timeoutMs = 5000): Promise<void> {
    if (!this.alive) return;
    this.send('quit');
    const t = setTimeout(() => this.proc.kill('SIGKILL'), timeoutMs);
    await this.exited;
    clearTimeout(t);
  }

  kill(): void {
    if (this.alive) this.proc.kill('SIGKILL');
  }
}

/** Starts our engine and completes the handshake of the given dialect. */
export async function startChuhan(exe: string, dialect: 'ucci' | 'uci'): Promise<EngineProcess> {
  const e = new EngineProcess(exe);
  e.send(dialect);
  await e.expect((l) => l === `${dialect}ok`);
  return e;
}

/**
 * Runs `fn` on a freshly started engine, then quits it whatever happened (killing it should it not
 * exit), and returns what `fn` returned.
 */
export async function withChuhan<T>(exe: string, dialect: 'ucci' | 'uci', fn: (e: EngineProcess) => Promise<T>): Promise<T> {
  const e = await startChuhan(exe, dialect);
  try {
    return await fn(e);
  } finally {
    await e.quit();
    e.kill();
  }
}

export const FAIRY_STOCKFISH = '/usr/games/fairy-stockfish';

/**
 * Whether Fairy-Stockfish is installed, for tests that need it (`who` names them in messages).
 * Without it they skip with a warning, except under CI, where a missing peer fails the run: a
 * green CI must mean that the tests against the real engine ran.
 */
export function haveFairyStockfish(who: string): boolean {
  if (existsSync(FAIRY_STOCKFISH)) return true;
  if (process.env.CI)
    throw new Error(`${who}: ${FAIRY_STOCKFISH} is missing, and under CI the tests against it must run (apt-get install fairy-stockfish)`);
  console.warn(`${who}: skipped, ${FAIRY_STOCKFISH} is not installed (apt-get install fairy-stockfish)`);
  return false;
}

/**
 * Lines the protocol layer writes when one of its safety nets catches a search failure: a search
 * slow to stop (a debug line), a failed search, a restarted worker, a move that is not permitted.
 * End-to-end tests run with debug on and require that none appears, so that a broken search
 * cannot pass behind the nets.
 */
export const SAFETY_NET = /did not stop within|search failed|restarting|not permitted/;

/** The command that turns debug output on in a dialect. */
export function debugOn(dialect: 'ucci' | 'uci'): string {
  return dialect === 'ucci' ? 'setoption debug true' : 'debug on';
}

/** The safety-net lines an engine has written so far (see SAFETY_NET). */
export function safetyNetLines(e: EngineProcess): string[] {
  return e.received.map((r) => r.line).filter((l) => SAFETY_NET.test(l));
}

/**
 * How long a stopped search may take to finish before a test calls it stuck (ms): many times the
 * few milliseconds it takes, so that a busy machine that runs the search late passes, and a search
 * that does not look at its stop signal fails.
 */
const STOPPED_SEARCH_MS = 1000;
const GRACE_ANSWER = /did not stop within/;
const LATE_FINISH = /the stopped search finished (\d+) ms after the stop/;

/**
 * The safety-net lines among `lines` (debug on) that nothing explains. The session answers for a
 * stopped search after a grace of 35 ms and says so; on a busy machine the search may simply not
 * have had the processor, and then it says when it finished. A grace answer followed by a finish
 * within STOPPED_SEARCH_MS of the stop is explained; every other net line is listed, with a grace
 * answer whose search finished later than that, or not yet.
 */
export function unexplainedNets(lines: readonly string[]): string[] {
  const { out, open } = pairNets(lines);
  return [...out, ...open];
}

/** The net lines nothing explains (`out`), and the grace answers whose search has not said it finished (`open`). */
function pairNets(lines: readonly string[]): { out: string[]; open: string[] } {
  const out: string[] = [];
  const open: string[] = [];
  for (const l of lines) {
    const late = LATE_FINISH.exec(l);
    if (GRACE_ANSWER.test(l)) open.push(l);
    else if (SAFETY_NET.test(l)) out.push(l);
    else if (late !== null) {
      const grace = open.shift() ?? '(no grace answer)';
      if (Number(late[1]) > STOPPED_SEARCH_MS) out.push(`${grace} / ${l}`);
    }
  }
  return { out, open };
}

/**
 * unexplainedNets over what an engine has written, once each grace answer's search has reported
 * its finish (waited for up to 5 s, while the engine runs).
 */
export async function unexplainedNetLines(e: EngineProcess): Promise<string[]> {
  const lines = () => e.received.map((r) => r.line);
  const deadline = performance.now() + 5000;
  while (pairNets(lines()).open.length > 0 && e.alive && performance.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
  }
  return unexplainedNets(lines());
}

/** The move of a `bestmove` line, checked legal in `pos`. */
export function legalBest(line: string, pos: Position): string {
  const m = /^bestmove (\S+)/.exec(line);
  expect(m, line).not.toBeNull();
  expect(() => parseIccs(pos, m![1]), `${m![1]} legal`).not.toThrow();
  return m![1];
}
