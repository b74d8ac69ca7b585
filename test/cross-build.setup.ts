// Global setup of `npm run test:cross`: `node build.mjs --target all` once, for every test file of
// the run. Its exit code and stderr are handed to the tests (inject('crossBuild')), which check that
// it built what Node publishes and skipped the rest with the reason.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

interface CrossBuild {
  status: number | null;
  stderr: string;
  seconds: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    crossBuild: CrossBuild;
  }
}

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export default function setup(project: TestProject): void {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['build.mjs', '--target', 'all'], { cwd: ROOT, encoding: 'utf8' });
  const seconds = (performance.now() - t0) / 1000;
  process.stderr.write(r.stderr);
  console.log(`cross build: node build.mjs --target all, exit ${r.status}, ${seconds.toFixed(1)} s`);
  project.provide('crossBuild', { status: r.status, stderr: r.stderr, seconds });
}
