// Builds dist/chuhan (dist/chuhan.exe on Windows), a Node single-executable application (SEA),
// without any network access:
//   1. esbuild bundles protocol/cli/main.ts (and its imports) into dist/chuhan.cjs;
//   2. `node --experimental-sea-config` turns that bundle into a preparation blob;
//   3. the running node binary is copied to dist/chuhan and the blob is injected with postject.
//
// Cross builds: `node build.mjs --target win-x64,linux-arm64,...` (or `--target all`, which is
// `npm run build:all`) injects the same blob into the official Node binary of each platform, of the
// very version running this script, fetched once from the npm registry (see scripts/build-node-binary.mjs),
// and writes dist/chuhan-<target> (dist/chuhan-win-x64.exe). `--node <target>=<path>` uses a Node
// binary you already have instead. Mach-O binaries (darwin) are left unsigned: see docs/building.md.
// `--js-only` (the npm package's `prepack`) stops after step 1 and the browser files: the package
// runs dist/chuhan.cjs on the user's own Node (bin/chuhan.cjs), so it needs no executable.
//
// Every build also writes the browser files (scripts/build-web.mjs): dist/chuhan.worker.js, the engine as
// a Web Worker, dist/chuhan.nnue, the built-in network, dist/engine.mjs with dist/types/, the engine
// core as an ES module, and dist/web/, the page that `chuhan serve` serves. The page's own files are
// embedded into the main bundle (__CHUHAN_PAGE_FILES__, read by protocol/cli/page-files.ts). The
// network and the worker are not: the executable carries them as assets of its blob, once, and
// dist/chuhan.cjs run by node reads them beside it, as the npm package has them
// (protocol/host/bundled-file.ts). So the executable needs no other file, and every bundle holds the
// network's bytes once: the search threads get them from the thread that read them.
// Every output is written under a temporary name and renamed into place (scripts/build-output.mjs), so a
// reader never sees a half-made file: until the new dist/chuhan is whole, the old one stays.
// Any failure ends the script with a non-zero exit code. Progress goes to stderr, so that
// `npm start` (build, then run the engine) leaves the engine's stdout clean for the protocol.
//
// Worker threads: inside a SEA, `require` only loads built-in modules, so a worker cannot be started
// from a file. protocol/host/search-worker.ts is therefore bundled separately into a CommonJS string
// that replaces __CHUHAN_WORKER_SOURCE__ in the main bundle (esbuild `define`);
// protocol/host/worker-source.ts hands it out, to be started with `new Worker(source, { eval: true })`.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, InvalidArgumentError } from 'commander';
import * as esbuild from 'esbuild';
import { TARGETS, checkEmbeddedVersion, hostTarget, nodeBinary } from './scripts/build-node-binary.mjs';
import { removeStaleTemps, tempPath, writeAtomically } from './scripts/build-output.mjs';
import { buildWeb } from './scripts/build-web.mjs';

const require = createRequire(import.meta.url);
const root = dirname(fileURLToPath(import.meta.url));
const dist = join(root, 'dist');
const bundlePath = join(dist, 'chuhan.cjs');
const blobPath = join(dist, 'sea-prep.blob');
const seaConfigPath = join(dist, 'sea-config.json');
const exePath = join(dist, process.platform === 'win32' ? 'chuhan.exe' : 'chuhan');
const workerEntry = join(root, 'protocol', 'host', 'search-worker.ts');
/** The files beside dist/chuhan.cjs that it reads (protocol/host/bundled-file.ts): assets of the executable's blob. */
const BUNDLED_FILES = ['chuhan.nnue', 'chuhan.worker.js'];

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
  const args = parseArgs(process.argv.slice(2));
  mkdirSync(dist, { recursive: true });
  removeStaleTemps(dist);

  const workerSource = await step('bundle protocol/host/search-worker.ts', async () => {
    const r = await esbuild.build({ ...common, entryPoints: [workerEntry], write: false });
    return r.outputFiles[0].text;
  });

  const pageFiles = await step('browser files -> dist/chuhan.worker.js, dist/chuhan.nnue, dist/engine.mjs, dist/types/, dist/web/', () =>
    buildWeb(dist),
  );

  await step('bundle protocol/cli/main.ts -> dist/chuhan.cjs', () =>
    writeAtomically(bundlePath, (tmp) =>
      esbuild.build({
        ...common,
        entryPoints: [join(root, 'protocol', 'cli', 'main.ts')],
        outfile: tmp,
        define: {
          __CHUHAN_WORKER_SOURCE__: JSON.stringify(workerSource),
          __CHUHAN_PAGE_FILES__: JSON.stringify(pageFiles),
        },
      }),
    ),
  );

  if (args.jsOnly) {
    step('smoke test node dist/chuhan.cjs --version', () => checkVersion(process.execPath, [bundlePath], 'dist/chuhan.cjs'));
    console.error(
      `build: done in ${((performance.now() - started) / 1000).toFixed(1)} s -> dist/chuhan.cjs and the browser files (no executable)`,
    );
    return;
  }

  await step('prepare the SEA blob', () =>
    writeAtomically(blobPath, (tmp) => {
      // The configuration names this build's temporary blob, so it is this build's own file too.
      const config = tempPath(seaConfigPath);
      try {
        writeFileSync(
          config,
          JSON.stringify(
            {
              main: relative(root, bundlePath),
              output: tmp,
              disableExperimentalSEAWarning: true,
              // The files dist/chuhan.cjs reads beside it when run by node (protocol/host/bundled-file.ts).
              assets: Object.fromEntries(BUNDLED_FILES.map((name) => [name, join(dist, name)])),
            },
            null,
            2,
          ),
        );
        execFileSync(process.execPath, ['--experimental-sea-config', config], { cwd: root, stdio: ['ignore', 2, 2] });
      } finally {
        rmSync(config, { force: true });
      }
    }),
  );

  if (args.targets === null) {
    await step(`inject the blob into a copy of node -> ${rel(exePath)}`, () =>
      writeAtomically(exePath, (tmp) => {
        inject(process.execPath, tmp, hostTarget());
        smokeTest(tmp, rel(exePath));
      }),
    );
    console.error(`build: done in ${((performance.now() - started) / 1000).toFixed(1)} s -> ${rel(exePath)}`);
    return;
  }
  const failed = [];
  const skipped = [];
  for (const target of args.targets) {
    const out = join(dist, `chuhan-${target}${target.startsWith('win-') ? '.exe' : ''}`);
    try {
      const node = args.nodes.get(target) ?? (target === hostTarget() ? process.execPath : nodeBinary(target, process.version));
      if (args.nodes.has(target)) checkEmbeddedVersion(readFileSync(node), process.version, node);
      await step(`inject the blob into node ${process.version} for ${target} -> ${rel(out)}`, () =>
        writeAtomically(out, (tmp) => {
          inject(node, tmp, target);
          if (target === hostTarget()) smokeTest(tmp, rel(out));
        }),
      );
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      // `--target all` builds what this Node can make: a platform for which the registry has no
      // Node of this version is skipped, with the reason. Named explicitly, it is a failure.
      if (args.all && err?.code === 'ENOTPUBLISHED') {
        skipped.push(target);
        console.error(`build: ${target} skipped: ${message}`);
      } else {
        failed.push(target);
        console.error(`build: ${target}: ${message}`);
      }
    }
  }
  const built = args.targets.filter((t) => !failed.includes(t) && !skipped.includes(t));
  const skipNote = skipped.length > 0 ? `; skipped ${skipped.join(', ')} (no Node ${process.version} for it on the npm registry)` : '';
  console.error(`build: done in ${((performance.now() - started) / 1000).toFixed(1)} s; built ${built.join(', ') || 'nothing'}${skipNote}`);
  if (failed.length > 0) throw new Error(`could not build ${failed.join(', ')}`);
}

function rel(path) {
  return path.startsWith(root) ? path.slice(root.length + 1) : path;
}

/** Copies a Node binary to `out` and injects the blob (PE, ELF or Mach-O, by target). */
function inject(node, out, target) {
  copyFileSync(node, out);
  chmodSync(out, 0o755);
  if (target.startsWith('win-')) removeAuthenticode(out);
  // postject's CLI rather than its API: LIEF prints harmless "Can't find string offset for section
  // name '.note...'" warnings for node's ELF binary; the output is shown only when it fails.
  const cli = join(dirname(require.resolve('postject/package.json')), 'dist', 'cli.js');
  const extra = target.startsWith('darwin-') ? ['--macho-segment-name', 'NODE_SEA'] : [];
  const r = spawnSync(process.execPath, [cli, out, RESOURCE_NAME, blobPath, '--sentinel-fuse', SENTINEL_FUSE, ...extra], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const noise = /^warning: Can't find string offset for section name/;
  const log = `${r.stdout ?? ''}${r.stderr ?? ''}`.split('\n').filter((l) => l.trim() !== '' && !noise.test(l));
  if (r.error || r.status !== 0) {
    throw new Error(`postject failed (${r.error?.message ?? `exit ${r.status}`}):\n${log.join('\n')}`);
  }
  // On a Mac the result can be signed at once (Apple Silicon runs no unsigned code); elsewhere the
  // README and docs/building.md give the command for Mac users.
  if (target.startsWith('darwin-') && process.platform === 'darwin') {
    const sign = spawnSync('codesign', ['--sign', '-', '--force', out], { encoding: 'utf8' });
    if (sign.error || sign.status !== 0)
      throw new Error(`codesign --sign - ${rel(out)} failed: ${sign.error?.message ?? sign.stderr.trim()}`);
  }
}

/**
 * Node's node.exe carries Microsoft Authenticode signature data (the PE certificate table, at the
 * end of the file). The injection would leave it in place but no longer matching, so Windows
 * would report a broken signature; it is removed first, and the executable is plainly unsigned.
 * (postject itself removes the signature of a Mach-O binary; an ELF one has none.)
 */
function removeAuthenticode(path) {
  const b = readFileSync(path);
  const pe = b.readUInt32LE(0x3c);
  if (b.toString('latin1', pe, pe + 4) !== 'PE\0\0') throw new Error(`${rel(path)} is not a PE file`);
  const opt = pe + 24;
  const entry = opt + (b.readUInt16LE(opt) === 0x20b ? 112 : 96) + 4 * 8; // data directory 4: certificates
  const offset = b.readUInt32LE(entry);
  const size = b.readUInt32LE(entry + 4);
  if (size === 0) return;
  if (offset + size !== b.length) throw new Error(`${rel(path)}: the certificate table is not at the end of the file`);
  b.writeUInt32LE(0, entry);
  b.writeUInt32LE(0, entry + 4);
  writeFileSync(path, b.subarray(0, offset));
}

/** Runs `path --version` before the file is renamed to `name`, its published name. */
function smokeTest(path, name) {
  step(`smoke test ${name} --version`, () => checkVersion(path, [], name));
}

/** Runs `command ...args --version` and checks that it prints package.json's version. */
function checkVersion(command, args, name) {
  const out = execFileSync(command, [...args, '--version'], { encoding: 'utf8' }).trim();
  const expected = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
  if (out !== expected) throw new Error(`${name} --version printed "${out}", expected "${expected}"`);
}

/**
 * The command line, read by commander as every other command line of the project: `--target a,b|all`,
 * `--node target=path` (repeatable) and `--js-only`. A bad value or an unknown flag is commander's
 * one-line error, before anything is built.
 */
function parseArgs(argv) {
  const readTargets = (v, earlier) => {
    const list =
      v.trim() === 'all'
        ? TARGETS
        : v
            .split(',')
            .map((t) => t.trim())
            .filter((t) => t !== '');
    for (const t of list) {
      if (!TARGETS.includes(t)) throw new InvalidArgumentError(`unknown target '${t}' (known: ${TARGETS.join(', ')}, or all).`);
    }
    if (list.length === 0) throw new InvalidArgumentError(`expected ${TARGETS.join(', ')} or all.`);
    return { all: (earlier?.all ?? false) || v.trim() === 'all', list: [...new Set([...(earlier?.list ?? []), ...list])] };
  };
  const readNode = (v, earlier) => {
    const eq = v.indexOf('=');
    const t = v.slice(0, eq);
    if (eq < 0 || !TARGETS.includes(t) || !existsSync(v.slice(eq + 1))) {
      throw new InvalidArgumentError('expected <target>=<path of an existing node binary>.');
    }
    return new Map([...(earlier ?? []), [t, v.slice(eq + 1)]]);
  };
  const program = new Command('node build.mjs')
    .description('builds dist/: the executable for this machine (or --target), the npm files and the browser files')
    .option('--target <targets>', `the executables to build: ${TARGETS.join(',')} (any of them, comma-separated) or all`, readTargets)
    .option('--node <target=path>', "a target's Node binary, instead of the one from npm (repeatable)", readNode)
    .option('--js-only', 'the JavaScript files only: no executable')
    .helpOption('-h, --help', 'show this help')
    .allowExcessArguments(false)
    .parse(argv, { from: 'user' });
  const o = program.opts();
  const nodes = o.node ?? new Map();
  let targets = o.target?.list ?? null;
  if (targets === null && nodes.size > 0) targets = [...nodes.keys()];
  const jsOnly = o.jsOnly === true;
  if (jsOnly && targets !== null) program.error('error: --js-only builds no executable: it takes no --target or --node');
  return { targets, nodes, all: o.target?.all ?? false, jsOnly };
}

main().catch((err) => {
  console.error(`build failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
