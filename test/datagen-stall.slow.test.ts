// `chuhan datagen` whose parent falls behind its workers: the workers' pipes fill up, and the run
// still ends with every game, as a run that was never held up. The parent is stopped (SIGSTOP) for
// seconds while a worker plays fast games (some 4 KB a game against a pipe of 64 KB): before the
// worker waited for room, its write failed with EAGAIN and the run ended with "worker 0 ended with
// exit code 1".
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeHeader, HEADER_BYTES } from '../bench/nnue/data-format';
import { builtEngine } from './e2e-engine';

const exec = promisify(execFile);
let exe = '';
let dir = '';
beforeAll(() => {
  exe = builtEngine();
  dir = mkdtempSync(join(tmpdir(), 'chuhan-datagen-stall-'));
}, 300_000);

const SETTINGS = ['--nodes', '50', '--random-plies', '6', '--seed', '5', '--threads', '1'];
const GAMES = 1500;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function games(file: string): number {
  const b = readFileSync(file);
  return decodeHeader(new Uint8Array(b.subarray(0, HEADER_BYTES)), b.length).games;
}

describe('datagen with a parent that falls behind', () => {
  it('loses no game and no worker while the parent is stopped', async () => {
    const out = join(dir, 'stalled.bin');
    const child = spawn(exe, ['datagen', ...SETTINGS, '--games', String(GAMES), '--out', out], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    // The worker is playing once the parent has said how it plays.
    for (let i = 0; i < 600 && !stderr.includes('worker(s)'); i++) await sleep(50);
    expect(stderr).toContain('worker(s)');
    child.kill('SIGSTOP');
    await sleep(5000);
    child.kill('SIGCONT');
    const code = await exited;
    expect(stderr).not.toMatch(/EAGAIN|ended with/);
    expect(code).toBe(0);
    expect(games(out)).toBe(GAMES);

    // The same games as a run that nothing held up, byte for byte.
    const calm = join(dir, 'calm.bin');
    await exec(exe, ['datagen', ...SETTINGS, '--games', String(GAMES), '--out', calm]);
    expect(readFileSync(out).equals(readFileSync(calm))).toBe(true);
  }, 180_000);
});
