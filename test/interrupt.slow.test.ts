// Ctrl-C on the long-running commands, as a user gives it: the built executable gets SIGINT (or
// its whole process group does, as from a terminal). Each must exit 130 within seconds, leave its
// output whole (nothing half-written), leave no worker process, and go on from there when run
// again: datagen continues its file into the file an uninterrupted run gives, train --resume gives
// the network of an uninterrupted training, openings --resume the suite of an uninterrupted run.
// A second SIGINT exits at once. And a tool whose reader goes away (`chuhan perft --divide | head
// -1`) ends quietly.
import { spawn, type ChildProcess } from 'node:child_process';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseOpenings } from '../bench/match/openings';
import { dataEnd, decodeHeader, encodeHeader, HEADER_BYTES, RECORD_BYTES, type DataHeader } from '../bench/nnue/data-format';
import { builtEngine } from './e2e-engine';

const exec = promisify(execFile);
let exe = '';
let dir = '';
beforeAll(() => {
  exe = builtEngine();
  dir = mkdtempSync(join(tmpdir(), 'chuhan-interrupt-'));
}, 300_000);
const at = (f: string) => join(dir, f);

interface Run {
  proc: ChildProcess;
  stderr: string;
  stdout: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

function start(args: string[], detached = false): Run {
  const proc = spawn(exe, args, { stdio: ['ignore', 'pipe', 'pipe'], detached });
  const run: Run = {
    proc,
    stderr: '',
    stdout: '',
    exited: new Promise((resolve) => proc.on('exit', (code, signal) => resolve({ code, signal, at: performance.now() }))),
  };
  proc.stderr!.on('data', (c: Buffer) => (run.stderr += c.toString()));
  proc.stdout!.on('data', (c: Buffer) => (run.stdout += c.toString()));
  return run;
}

async function until(what: string, cond: () => boolean, ms = 240_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The workers still alive a moment after the parent's exit: a SIGKILL is delivered, and an orphan
 * reaped, asynchronously, so a loaded machine may show a dying worker for a few milliseconds.
 */
async function survivors(workers: number[]): Promise<number[]> {
  const end = Date.now() + 2000;
  while (workers.some(alive) && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return workers.filter(alive);
}

/** The live (not zombie) processes whose parent is `pid`. */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === pid && fields[0] !== 'Z') out.push(Number(name));
    } catch {
      // ended meanwhile
    }
  }
  return out;
}

function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** Sends `signal` (to the process group when `group`); resolves with the exit and the seconds it took. */
async function interrupt(run: Run, group = false, times = 1): Promise<{ code: number | null; seconds: number }> {
  const t0 = performance.now();
  for (let i = 0; i < times; i++) {
    if (group) process.kill(-run.proc.pid!, 'SIGINT');
    else run.proc.kill('SIGINT');
  }
  const e = await run.exited;
  return { code: e.code, seconds: (e.at - t0) / 1000 };
}

function header(file: string): DataHeader {
  const b = readFileSync(file);
  return decodeHeader(new Uint8Array(b.subarray(0, HEADER_BYTES)), b.length);
}

/** A data file whose header is whole and whose length is exactly what its header counts. */
function expectWhole(file: string): DataHeader {
  const h = header(file);
  expect(readFileSync(file).length).toBe(dataEnd(h));
  return h;
}

const DATAGEN = ['datagen', '--nodes', '300', '--random-plies', '6', '--seed', '21', '--threads', '2'];
const gamesIn = (file: string) => (existsSync(file) && readFileSync(file).length >= HEADER_BYTES ? readFileSync(file).readUInt32LE(16) : 0);

describe('Ctrl-C', { timeout: 600_000 }, () => {
  it('datagen: exits 130 with every finished game in the file and no worker left; the same command continues it exactly', async () => {
    const run = start([...DATAGEN, '--out', at('d.bin'), '--pgn', at('d.pgn'), '--games', '1000']);
    await until('3 games in the file', () => gamesIn(at('d.bin')) >= 3);
    const workers = childrenOf(run.proc.pid!);
    expect(workers).toHaveLength(2);
    const r = await interrupt(run);
    console.log(`datagen: SIGINT -> exit ${r.code} in ${r.seconds.toFixed(2)} s`);
    expect(r.code).toBe(130);
    expect(r.seconds).toBeLessThan(5);
    expect(run.stderr).toMatch(/datagen: SIGINT: stopping; the file holds every finished game \(\d+\) and the same command continues it/);
    expect(await survivors(workers)).toEqual([]);
    const h = expectWhole(at('d.bin'));
    expect(h.games).toBeGreaterThanOrEqual(3);
    // Continued to two games more, it is the file (and PGN) of a run that never stopped.
    const more = String(h.games + 2);
    await exec(exe, [...DATAGEN, '--out', at('d.bin'), '--pgn', at('d.pgn'), '--games', more]);
    await exec(exe, [...DATAGEN, '--out', at('straight.bin'), '--pgn', at('straight.pgn'), '--games', more]);
    expect(readFileSync(at('d.bin')).equals(readFileSync(at('straight.bin')))).toBe(true);
    expect(readFileSync(at('d.pgn'), 'utf8')).toBe(readFileSync(at('straight.pgn'), 'utf8'));
  });

  it('datagen: Ctrl-C in a terminal (the whole process group), and a second SIGINT, leave no worker and a whole file', async () => {
    for (const [name, group, times] of [
      ['group', true, 1],
      ['twice', false, 2],
    ] as const) {
      const file = at(`${name}.bin`);
      const run = start([...DATAGEN, '--out', file, '--games', '1000'], group);
      await until('a game in the file', () => gamesIn(file) >= 1);
      const workers = childrenOf(run.proc.pid!);
      expect(workers).toHaveLength(2);
      const r = await interrupt(run, group, times);
      console.log(`datagen (${name}): SIGINT -> exit ${r.code} in ${r.seconds.toFixed(2)} s`);
      expect(r.code).toBe(130);
      expect(r.seconds).toBeLessThan(5);
      expect(await survivors(workers)).toEqual([]);
      const h = expectWhole(file);
      const more = await exec(exe, [...DATAGEN, '--out', file, '--games', String(h.games + 1)]);
      expect(more.stderr).toMatch(new RegExp(`continuing .* at game ${h.games} `));
    }
  });

  it('train: exits 130 with a checkpoint of the point reached; --resume gives the network of a training that never stopped', async () => {
    // 150,000 positions (records of a datagen run, repeated) read in windows of 65,536: the
    // checkpoint falls inside an epoch and a window.
    const src = readFileSync(at('straight.bin'));
    const h = header(at('straight.bin'));
    const records = src.subarray(HEADER_BYTES, dataEnd(h));
    const positions = 150_000;
    const body = Buffer.alloc(positions * RECORD_BYTES);
    for (let o = 0; o < body.length; o += records.length) records.copy(body, o, 0, Math.min(records.length, body.length - o));
    writeFileSync(at('big.bin'), Buffer.concat([encodeHeader({ ...h, positions }), body]));
    const args = [
      'train',
      '--data',
      at('big.bin'),
      '--hidden',
      '8',
      '--epochs',
      '3',
      '--batch',
      '1024',
      '--mirror',
      '--buffer',
      '65536',
      '--schedule',
      'cosine',
      '--warmup',
      '20',
    ];
    const run = start([...args, '--out', at('stopped.nnue')]);
    await until('the first epoch', () => /epoch 1\/3/.test(run.stderr));
    await new Promise((r) => setTimeout(r, 700));
    const r = await interrupt(run);
    console.log(`train: SIGINT -> exit ${r.code} in ${r.seconds.toFixed(2)} s`);
    expect(r.code).toBe(130);
    expect(r.seconds).toBeLessThan(5);
    expect(run.stderr).toMatch(
      /train: SIGINT: stopped in epoch \d; .*stopped\.nnue\.ckpt holds the training up to here and --resume goes on from it/,
    );
    expect(existsSync(at('stopped.nnue.ckpt.tmp'))).toBe(false);
    const resumed = await exec(exe, [...args, '--out', at('stopped.nnue'), '--resume']);
    expect(resumed.stderr).toMatch(/train: resuming at epoch [123]/);
    console.log(/train: resuming .*/.exec(resumed.stderr)![0]);
    await exec(exe, [...args, '--out', at('straight.nnue')]);
    expect(readFileSync(at('stopped.nnue')).equals(readFileSync(at('straight.nnue')))).toBe(true);
    expect(readFileSync(at('stopped.nnue.ckpt')).equals(readFileSync(at('straight.nnue.ckpt')))).toBe(true);
    // Another option is not resumed from that checkpoint.
    const other = await exec(exe, [...args.map((a) => (a === '1024' ? '512' : a)), '--out', at('stopped.nnue'), '--resume']).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect((other as { code: number }).code).toBe(1);
    expect((other as { stderr: string }).stderr).toMatch(/cannot resume from .*stopped\.nnue\.ckpt: it was made with batch 1024, not 512/);
  });

  it('openings: exits 130 with the suite so far, marked unfinished; --resume completes it as an uninterrupted run does', async () => {
    // 24 games to take openings from, one search of 200,000 nodes each: about 4 s on an idle 2-core
    // machine (at 40,000 nodes the whole run could end before the SIGINT).
    const pgn = at('games.pgn');
    await exec(exe, [
      'datagen',
      '--nodes',
      '100',
      '--random-plies',
      '10',
      '--seed',
      '22',
      '--threads',
      '2',
      '--games',
      '24',
      '--out',
      at('games.bin'),
      '--pgn',
      pgn,
    ]);
    const args = (out: string) => ['openings', '--pgn', pgn, '--plies', '8', '--nodes', '200000', '--max-score', '300', '--out', out];
    const run = start(args(at('stopped.epd')));
    // Interrupted once it is at work (a fixed delay may fall in the executable's start on a loaded machine).
    await until('the start line', () => /openings: \d+ games to read/.test(run.stderr));
    await new Promise((r) => setTimeout(r, 300));
    const r = await interrupt(run);
    console.log(`openings: SIGINT -> exit ${r.code} in ${r.seconds.toFixed(2)} s`);
    expect(r.code).toBe(130);
    expect(r.seconds).toBeLessThan(5);
    const text = readFileSync(at('stopped.epd'), 'utf8');
    expect(text).toMatch(/^# Unfinished: \d+ of the games read; the same command with --resume goes on\.$/m);
    parseOpenings(text);
    const resumed = await exec(exe, [...args(at('stopped.epd')), '--resume']);
    expect(resumed.stderr).toMatch(/openings: continuing .*stopped\.epd after game \d+/);
    await exec(exe, args(at('straight.epd')));
    const body = (f: string) => readFileSync(f, 'utf8').replace(/^# Made by: .*$/m, '');
    expect(body(at('stopped.epd'))).toBe(body(at('straight.epd')));
    expect(parseOpenings(readFileSync(at('straight.epd'), 'utf8')).length).toBeGreaterThan(3);
  });

  it('bench: exits 130 after the position in hand, with the summary of those searched', async () => {
    const run = start(['bench', '--verbose']);
    await until('the first position', () => /position 1\/40/.test(run.stdout));
    const r = await interrupt(run);
    console.log(`bench: SIGINT -> exit ${r.code} in ${r.seconds.toFixed(2)} s`);
    expect(r.code).toBe(130);
    expect(r.seconds).toBeLessThan(5);
    expect(run.stdout).toMatch(/Stopped after \d+ of 40 positions: the node count below is not the signature\nNodes searched: \d+/);
    // With search threads (workers of the process itself, nothing to keep): at once.
    const threads = start(['bench', '--threads', '2', '--verbose']);
    await until('the first position', () => /position 1\/40/.test(threads.stdout));
    const t = await interrupt(threads);
    console.log(`bench --threads 2: SIGINT -> exit ${t.code} in ${t.seconds.toFixed(2)} s`);
    expect(t.code).toBe(130);
    expect(t.seconds).toBeLessThan(2);
    expect(threads.stderr).toMatch(/chuhan bench: SIGINT: stopped/);
  });
});

describe('the reader goes away', () => {
  it('ends quietly when the reader of its output goes away (`chuhan perft --divide | head -1`)', async () => {
    const child = spawn(exe, ['perft', '--depth', '5', '--divide'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    // Read the first chunk, then close the pipe as `head -1` would.
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });
});
