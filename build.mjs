// Builds dist/chuhan, a Node single-executable application (SEA), without any network access:
//   1. esbuild bundles protocol/main.ts (and its imports) into dist/chuhan.cjs;
//   2. `node --experimental-sea-config` turns that bundle into a preparation blob;
//   3. the running node binary is copied to dist/chuhan and the blob is injected with postject.
// Any failure ends the script with a non-zero exit code. Progress goes to stderr, so that
// `npm start` (build, then run the engine) leaves the engine's stdout clean for the protocol.
//
// Worker threads: inside a SEA, `require` only loads built-in modules, so a worker cannot be started
// from a file. When protocol/search-worker.ts exists it is bundled separately into a CommonJS string
// that replaces __CHUHAN_WORKER_SOURCE__ in the main bundle (esbuild `define`); protocol/worker-source.ts
// hands it out, to be started with `new Worker(source, { eval: true })`.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const require = createRequire(import.meta.url);
const root = dirname(fileURLToPath(import.meta.url));
const dist = join(root, 'dist');
const bundlePath = join(dist, 'chuhan.cjs');
const blobPath = join(dist, 'sea-prep.blob');
const seaConfigPath = join(dist, 'sea-config.json');
const exePath = join(dist, 'chuhan');
const workerEntry = join(root, 'protocol', 'search-worker.ts');

const SENTINEL_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
const RESOURCE_NAME = 'NODE_SEA_BLOB';

const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  minify: false,
  sourcemap: false,
  legalComments: 'none',
  logLevel: 'warning',
  // Network files (nets/*.nnue) are embedded as bytes (protocol/network.ts).
  loader: { '.nnue': 'binary' },
};

function step(name, fn) {
  const t0 = performance.now();
  const result = fn();
  const finish = (value) => {
    console.error(`build: ${name} (${Math.round(performance.now() - t0)} ms)`);
    return value;
  };
  return result instanceof Promise ? result.then(finish) : finish(result);
}

async function main() {
  const started = performance.now();
  mkdirSync(dist, { recursive: true });
  for (const f of [bundlePath, blobPath, seaConfigPath, exePath]) rmSync(f, { force: true });

  let workerSource;
  if (existsSync(workerEntry)) {
    workerSource = await step('bundle protocol/search-worker.ts', async () => {
      const r = await esbuild.build({ ...common, entryPoints: [workerEntry], write: false });
      return r.outputFiles[0].text;
    });
  }

  await step('bundle protocol/main.ts -> dist/chuhan.cjs', () =>
    esbuild.build({
      ...common,
      entryPoints: [join(root, 'protocol', 'main.ts')],
      outfile: bundlePath,
      define: workerSource === undefined ? {} : { __CHUHAN_WORKER_SOURCE__: JSON.stringify(workerSource) },
    }),
  );

  step('prepare the SEA blob', () => {
    writeFileSync(
      seaConfigPath,
      JSON.stringify({ main: bundlePath, output: blobPath, disableExperimentalSEAWarning: true }, null, 2),
    );
    execFileSync(process.execPath, ['--experimental-sea-config', seaConfigPath], { cwd: root, stdio: ['ignore', 2, 2] });
    if (!existsSync(blobPath)) throw new Error(`node did not write ${blobPath}`);
  });

  step('inject the blob into a copy of node -> dist/chuhan', () => {
    copyFileSync(process.execPath, exePath);
    chmodSync(exePath, 0o755);
    // postject's CLI rather than its API: LIEF prints harmless "Can't find string offset for section
    // name '.note...'" warnings for node's ELF binary; the output is shown only when it fails.
    const cli = join(dirname(require.resolve('postject/package.json')), 'dist', 'cli.js');
    const r = spawnSync(process.execPath, [cli, exePath, RESOURCE_NAME, blobPath, '--sentinel-fuse', SENTINEL_FUSE], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const noise = /^warning: Can't find string offset for section name/;
    const log = `${r.stdout ?? ''}${r.stderr ?? ''}`.split('\n').filter((l) => l.trim() !== '' && !noise.test(l));
    if (r.error || r.status !== 0) {
      throw new Error(`postject failed (${r.error?.message ?? `exit ${r.status}`}):\n${log.join('\n')}`);
    }
  });

  step('smoke test dist/chuhan --version', () => {
    const out = execFileSync(exePath, ['--version'], { encoding: 'utf8' }).trim();
    const expected = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
    if (out !== expected) throw new Error(`dist/chuhan --version printed "${out}", expected "${expected}"`);
  });

  console.error(`build: done in ${((performance.now() - started) / 1000).toFixed(1)} s -> dist/chuhan`);
}

main().catch((err) => {
  console.error(`build failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
