// The Windows executable, for real, under Wine (`npm run test:cross`, run by .ci/run): takes
// dist/chuhan-win-x64.exe from the run's `node build.mjs --target all` (test/cross-build.setup.ts), then
// runs test/wine/driver.cjs with the Windows node.exe of the same version under Wine, so that the
// engine talks over Windows pipes as it does under a Windows GUI (a Unix pipe into a Wine process
// makes Node's process.stdout throw EBADF). Input lines end in CRLF.
//
// Wine needs a prefix set to Windows 10 (Node 20 refuses Wine's default, Windows 7). It is made once
// in $CHUHAN_WINEPREFIX, else <tmpdir>/chuhan-wine-prefix, about 10 s. Skips when wine is missing,
// except under CI (CI=true), where .ci/run has installed it and a missing wine is a failure.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { START_FEN, isLegalMove, parseFen, parseIccs } from '../engine/index';
// @ts-expect-error: a plain ES module of the build, without type declarations
import { nodeBinary } from '../scripts/build-node-binary.mjs';
import { ROOT } from './e2e-engine';

const WINE = ['/usr/bin/wine', '/usr/bin/wine64'].find((p) => existsSync(p));
const PREFIX = process.env.CHUHAN_WINEPREFIX ?? join(tmpdir(), 'chuhan-wine-prefix');
const env = { ...process.env, WINEPREFIX: PREFIX, WINEDEBUG: '-all' };

interface Event {
  t: number;
  sent?: string;
  recv?: string;
  mark?: string;
  stderr?: string;
}
interface Transcript {
  perft: string | null;
  perftError: string | null;
  events: Event[];
  exitCode: number | string | null;
  error: string | null;
}

function timed<T>(what: string, fn: () => T): T {
  const t0 = performance.now();
  const r = fn();
  console.log(`wine test: ${what} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return r;
}

if (WINE === undefined) console.log('wine test: skipped, no /usr/bin/wine (Debian: apt-get install wine wine64)');

describe.skipIf(WINE === undefined && process.env.CI !== 'true')('chuhan-win-x64.exe under Wine', () => {
  let transcript: Transcript;

  beforeAll(() => {
    if (WINE === undefined) throw new Error('wine is not installed (CI=true): .ci/run should have installed wine64');
    const build = inject('crossBuild');
    if (build.status !== 0) throw new Error(`node build.mjs --target all failed:\n${build.stderr}`);
    const marker = join(PREFIX, 'chuhan-win10');
    if (!existsSync(marker)) {
      timed(`Wine prefix ${PREFIX} set to Windows 10`, () => {
        mkdirSync(PREFIX, { recursive: true });
        const r = spawnSync(WINE!, ['winecfg', '/v', 'win10'], { env, stdio: 'ignore', timeout: 180_000 });
        if (r.status !== 0) throw new Error(`wine winecfg /v win10 failed (${r.error?.message ?? `exit ${r.status}`})`);
        writeFileSync(marker, 'win10\n');
      });
    }
    const dir = mkdtempSync(join(tmpdir(), 'chuhan-wine-'));
    const exe = join(dir, 'chuhan.exe');
    copyFileSync(join(ROOT, 'dist', 'chuhan-win-x64.exe'), exe);
    const out = join(dir, 'transcript.json');
    const log = join(dir, 'driver.log');
    const node: string = nodeBinary('win-x64', process.version);
    const driver = join(ROOT, 'test', 'wine', 'driver.cjs');
    timed('driver session under Wine', () =>
      spawnSync(WINE!, ['cmd', '/c', `${node} ${driver} ${exe} ${out} > ${log} 2>&1`], { env, stdio: 'ignore', timeout: 180_000 }),
    );
    if (!existsSync(out)) {
      throw new Error(`the driver wrote no transcript; its output: ${existsSync(log) ? readFileSync(log, 'utf8') : '(none)'}`);
    }
    transcript = JSON.parse(readFileSync(out, 'utf8')) as Transcript;
  });

  it('perft --depth 3 gives 79,666', () => {
    expect(transcript.perftError).toBeNull();
    expect(transcript.perft).toMatch(/^perft 3 nodes 79666 /);
  });

  it('plays a UCCI session over Windows pipes with CRLF lines', () => {
    const recv = transcript.events.filter((e) => e.recv !== undefined).map((e) => e.recv!);
    expect(transcript.error, JSON.stringify(transcript.events.slice(-10))).toBeNull();
    expect(transcript.events.filter((e) => e.stderr !== undefined)).toEqual([]);
    expect(recv).toContain('id name Chuhan');
    expect(recv.indexOf('ucciok')).toBeGreaterThan(recv.indexOf('id name Chuhan'));

    const bestmoves = transcript.events.filter((e) => e.recv?.startsWith('bestmove '));
    expect(bestmoves).toHaveLength(2);
    // go depth 6 after h2e2 h9g7: a legal red move, after an info line at depth 6.
    const infos = recv.filter((l) => l.startsWith('info depth '));
    expect(infos.some((l) => l.startsWith('info depth 6 '))).toBe(true);
    const pos = parseFen(START_FEN);
    pos.make(parseIccs(pos, 'h2e2'));
    pos.make(parseIccs(pos, 'h9g7'));
    expect(isLegalMove(pos, parseIccs(pos, bestmoves[0].recv!.split(' ')[1]))).toBe(true);

    // go infinite after h2e2, stopped after a second: a legal black move, promptly.
    const pos2 = parseFen(START_FEN);
    pos2.make(parseIccs(pos2, 'h2e2'));
    expect(isLegalMove(pos2, parseIccs(pos2, bestmoves[1].recv!.split(' ')[1]))).toBe(true);
    const stopAt = transcript.events.find((e) => e.mark === 'stop sent')!.t;
    const latency = bestmoves[1].t - stopAt;
    console.log(`wine test: bestmove ${latency} ms after stop`);
    expect(latency).toBeGreaterThanOrEqual(0);
    expect(latency).toBeLessThan(500);

    expect(recv.filter((l) => l === 'readyok')).toHaveLength(2);
    expect(recv.at(-1)).toBe('bye');
    expect(transcript.exitCode).toBe(0);
  });
});
