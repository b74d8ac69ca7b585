// A build never shows a half-made file (scripts/build-output.mjs): while `node build.mjs` rebuilds
// dist/ in a scratch copy of the tree, a reader that keeps reading the executable and the bundles
// only ever finds the previous build's bytes or the new build's, never a bare Node binary or a
// bundle cut short. A control writer that makes its file in place, as the build once did, is caught by
// the same reader.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './e2e-engine';

const ARTIFACTS = ['chuhan', 'chuhan.cjs', 'chuhan.nnue', 'chuhan.worker.js', 'engine.mjs', 'types/index.d.ts', 'web/page.js'];

function hashOf(path: string): string | null {
  try {
    return createHash('sha256').update(readFileSync(path)).digest('hex');
  } catch {
    return null; // absent, or between the two renames of a folder
  }
}

/** Reads every artifact over and over until `done()`; the set of contents seen for each. */
async function watch(dist: string, names: string[], done: () => boolean): Promise<Map<string, Map<string, number>>> {
  const seen = new Map(names.map((n) => [n, new Map<string, number>()]));
  while (!done()) {
    for (const n of names) {
      const h = hashOf(join(dist, n));
      if (h !== null) seen.get(n)!.set(h, (seen.get(n)!.get(h) ?? 0) + 1);
    }
    await new Promise((r) => setTimeout(r, 1));
  }
  return seen;
}

function snapshot(dist: string, names: string[]): Map<string, string | null> {
  return new Map(names.map((n) => [n, hashOf(join(dist, n))]));
}

describe('atomic build output', () => {
  let tree: string;

  beforeAll(() => {
    tree = mkdtempSync(join(tmpdir(), 'chuhan-atomic-'));
    const files = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
      .stdout.split('\0')
      .filter((f) => f !== '');
    for (const f of files) {
      if (f.startsWith('test/') || f.startsWith('docs/') || !existsSync(join(ROOT, f))) continue;
      mkdirSync(dirname(join(tree, f)), { recursive: true });
      copyFileSync(join(ROOT, f), join(tree, f));
    }
    symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'));
    const first = spawnSync(process.execPath, ['build.mjs'], { cwd: tree, encoding: 'utf8' });
    if (first.status !== 0) throw new Error(`the first build failed: ${first.stderr}`);
  });

  afterAll(() => rmSync(tree, { recursive: true, force: true }));

  it('a reader during a rebuild sees only whole files, the old ones or the new ones', async () => {
    const dist = join(tree, 'dist');
    const before = snapshot(dist, ARTIFACTS);
    let exited = false;
    const build = spawn(process.execPath, ['build.mjs'], { cwd: tree, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    build.stderr.on('data', (d) => (stderr += d));
    const code = new Promise<number | null>((resolve) => build.on('exit', (c) => ((exited = true), resolve(c))));
    const seen = await watch(dist, ARTIFACTS, () => exited);
    expect(await code, stderr).toBe(0);
    const after = snapshot(dist, ARTIFACTS);
    for (const name of ARTIFACTS) {
      const whole = new Set([before.get(name), after.get(name)]);
      const foreign = [...seen.get(name)!.keys()].filter((h) => !whole.has(h));
      expect(foreign, `${name}: contents that are neither the old build nor the new one`).toEqual([]);
    }
    // The reader really did look during the build, the executable many times.
    expect([...seen.get('chuhan')!.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(10);
    // Nothing temporary is left behind.
    expect(readdirSync(dist).filter((f) => /\.(tmp|old)-\d+$/.test(f))).toEqual([]);
  });

  it('the same reader catches a file made in place (control)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chuhan-inplace-'));
    const target = join(dir, 'chuhan');
    const finalBytes = Buffer.concat([readFileSync(process.execPath), Buffer.from('injected program')]);
    writeFileSync(target, finalBytes);
    const before = hashOf(target);
    let finished = false;
    // The old way: first the plain Node binary, then the finished file, written over it in place.
    const writer = (async () => {
      copyFileSync(process.execPath, target);
      await new Promise((r) => setTimeout(r, 300));
      writeFileSync(target, finalBytes);
      finished = true;
    })();
    const seen = await watch(dir, ['chuhan'], () => finished);
    await writer;
    const foreign = [...seen.get('chuhan')!.keys()].filter((h) => h !== before && h !== hashOf(target));
    expect(foreign.length).toBeGreaterThan(0);
    rmSync(dir, { recursive: true, force: true });
  });
});
