// The browser files of a build, written into `outDir` (dist/ for build.mjs, a scratch directory
// for test/browser.slow-timing.test.ts):
//   chuhan.worker.js  the engine as one classic Web Worker speaking UCCI/UCI over postMessage
//                     (protocol/host/web-worker.ts, bundled with the protocol and the engine), which
//                     fetches the built-in network at start;
//   chuhan.nnue       the built-in network (nets/chuhan.nnue), the one copy of its bytes that the
//                     worker, the executable (an asset of its blob) and the npm package all use;
//   engine.mjs        the engine core as an ES module (engine/index.ts: FEN, legal moves, notation,
//                     PGN, the Searcher), exported by package.json as chuhan/engine;
//   types/            its declarations (tsc -p tsconfig.engine.json; types/index.d.ts is the entry),
//                     with `.js` added to their relative imports, as Node's ES module resolution
//                     (TypeScript's `nodenext`) requires of a package's declarations;
//   web/              the page to play and analyse (from web/): index.html, page.css, favicon.svg,
//                     page.js (web/main.ts bundled with the engine core) and copies of
//                     chuhan.worker.js and chuhan.nnue, to host anywhere (with COOP/COEP headers for
//                     threads).
// buildWeb returns the page's own files keyed by URL path, which build.mjs embeds into the
// executable for `chuhan serve` (protocol/cli/page-files.ts); the worker and the network it serves
// from the files the executable carries once (protocol/host/bundled-file.ts).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { writeAtomically } from './build-output.mjs';

const require = createRequire(import.meta.url);
/** The repository (this file is in scripts/). */
const root = dirname(dirname(fileURLToPath(import.meta.url)));

const common = {
  bundle: true,
  target: 'es2022',
  minify: false,
  sourcemap: false,
  legalComments: 'none',
  logLevel: 'warning',
};

/** The page's static files (copied as they are) and their Content-Types. */
const PAGE_STATIC = { 'index.html': 'text/html; charset=utf-8', 'page.css': 'text/css; charset=utf-8', 'favicon.svg': 'image/svg+xml' };
const SCRIPT_TYPE = 'text/javascript; charset=utf-8';

export async function buildWeb(outDir) {
  mkdirSync(outDir, { recursive: true });
  await writeAtomically(join(outDir, 'chuhan.nnue'), (tmp) => copyFileSync(join(root, 'nets', 'chuhan.nnue'), tmp));
  // Each file is written under a temporary name and renamed into place (build-output.mjs).
  await writeAtomically(join(outDir, 'chuhan.worker.js'), (tmp) =>
    esbuild.build({
      ...common,
      platform: 'browser',
      format: 'iife',
      entryPoints: [join(root, 'protocol', 'host', 'web-worker.ts')],
      outfile: tmp,
    }),
  );
  await writeAtomically(join(outDir, 'engine.mjs'), (tmp) =>
    esbuild.build({
      ...common,
      platform: 'neutral',
      format: 'esm',
      entryPoints: [join(root, 'engine', 'index.ts')],
      outfile: tmp,
    }),
  );
  await writeAtomically(join(outDir, 'types'), (types) => {
    const tsc = join(dirname(require.resolve('typescript/package.json')), 'bin', 'tsc');
    const r = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.engine.json'), '--outDir', types], {
      cwd: root,
      encoding: 'utf8',
    });
    if (r.error || r.status !== 0) throw new Error(`tsc -p tsconfig.engine.json failed:\n${r.stdout ?? ''}${r.stderr ?? ''}`);
    if (!existsSync(join(types, 'index.d.ts'))) throw new Error(`tsc wrote no ${join(types, 'index.d.ts')}`);
    addJsExtensions(types);
  });
  return buildPage(outDir);
}

/**
 * engine/ imports its modules without an extension (`from './position'`), and tsc keeps the
 * specifiers as written: a consumer resolving `chuhan/engine` as Node does (`moduleResolution`
 * node16 or nodenext) needs `./position.js`, which bundler resolution takes as well.
 */
function addJsExtensions(types) {
  for (const name of readdirSync(types)) {
    if (!name.endsWith('.d.ts')) continue;
    const path = join(types, name);
    const text = readFileSync(path, 'utf8');
    const fixed = text.replace(/(\bfrom\s+|\bimport\s*\(\s*)(['"])(\.\.?\/[^'"]+?)(?<!\.js)\2/g, '$1$2$3.js$2');
    if (fixed !== text) writeFileSync(path, fixed);
  }
}

/** Writes outDir/web/ (whole, as the other outputs) and returns its files as { '/index.html': { type, body }, ... }. */
async function buildPage(outDir) {
  return writeAtomically(join(outDir, 'web'), async (web) => {
    mkdirSync(web, { recursive: true });
    await esbuild.build({
      ...common,
      minify: true,
      platform: 'browser',
      format: 'esm',
      entryPoints: [join(root, 'web', 'main.ts')],
      outfile: join(web, 'page.js'),
    });
    for (const name of Object.keys(PAGE_STATIC)) copyFileSync(join(root, 'web', name), join(web, name));
    for (const name of ['chuhan.worker.js', 'chuhan.nnue']) copyFileSync(join(outDir, name), join(web, name));
    const files = {};
    const types = { ...PAGE_STATIC, 'page.js': SCRIPT_TYPE };
    for (const [name, type] of Object.entries(types)) files[`/${name}`] = { type, body: readFileSync(join(web, name), 'utf8') };
    return files;
  });
}
