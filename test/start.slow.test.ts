// `npm start` (scripts/start.mjs): builds only when a source is newer than dist/chuhan, and two
// starts at once build once. Run on a scratch copy of scripts/start.mjs whose build.mjs is a
// stand-in that takes a while and logs each build.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './e2e-engine';

const FAKE_BUILD = `
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
appendFileSync('builds.log', 'build\\n');
await new Promise((r) => setTimeout(r, 600));
mkdirSync('dist', { recursive: true });
writeFileSync('dist/chuhan', '#!/bin/sh\\n');
`;

function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'chuhan-start-'));
  mkdirSync(join(dir, 'scripts'));
  copyFileSync(join(ROOT, 'scripts', 'start.mjs'), join(dir, 'scripts', 'start.mjs'));
  writeFileSync(join(dir, 'scripts', 'build-web.mjs'), 'export {};\n');
  writeFileSync(join(dir, 'build.mjs'), FAKE_BUILD);
  writeFileSync(join(dir, 'package.json'), '{"type":"module"}\n');
  for (const folder of ['engine', 'web']) {
    mkdirSync(join(dir, folder));
    writeFileSync(join(dir, folder, 'a.ts'), 'export {};\n');
  }
  return dir;
}

function start(dir: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const c = spawn(process.execPath, ['scripts/start.mjs'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let stdout = '';
    c.stderr.on('data', (d) => (stderr += d));
    c.stdout.on('data', (d) => (stdout += d));
    c.on('close', (code) => {
      expect(stdout).toBe(''); // stdout stays the engine's
      resolve({ code, stderr });
    });
  });
}

const builds = (dir: string) =>
  existsSync(join(dir, 'builds.log')) ? readFileSync(join(dir, 'builds.log'), 'utf8').split('\n').filter(Boolean).length : 0;

describe('npm start', () => {
  it('builds when dist/chuhan is missing, once for two starts at once, then not again', async () => {
    const dir = scratch();
    const [a, b] = await Promise.all([start(dir), start(dir)]);
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(builds(dir)).toBe(1);
    expect(`${a.stderr}${b.stderr}`).toMatch(/dist\/chuhan does not exist/);
    const t0 = performance.now();
    expect((await start(dir)).code).toBe(0);
    expect(builds(dir)).toBe(1);
    expect(performance.now() - t0).toBeLessThan(3000);
  });

  it('rebuilds when a source is newer than dist/chuhan, naming it', async () => {
    const dir = scratch();
    await start(dir);
    // The engine, the page (web/) and the build's own scripts are sources.
    const sources = ['engine/a.ts', 'web/a.ts', 'scripts/build-web.mjs'];
    for (const [i, source] of sources.entries()) {
      const later = new Date(Date.now() + 5000 * (i + 1));
      utimesSync(join(dir, source), later, later);
      const r = await start(dir);
      expect(r.stderr).toContain(`${source} is newer than dist/chuhan`);
      expect(builds(dir)).toBe(2 + i);
    }
  });
});
