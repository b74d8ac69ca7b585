// `npm start` (node scripts/start.mjs): makes sure dist/chuhan is built from the current sources,
// building it only when a source is newer than the executable (a GUI that starts the engine with
// `npm start --silent` gets `ucciok` at once instead of after a rebuild). Two starts at once do not
// race on dist/: the check and the build run under a lock (a folder made atomically), so the second
// start waits for the first one's build and then finds the executable fresh. Progress goes to
// stderr only.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What a build reads, as paths in the repository (folders whole). */
const SOURCES = [
  'engine',
  'protocol',
  'web',
  'bench',
  'nets',
  'package.json',
  'package-lock.json',
  'build.mjs',
  'scripts/build-web.mjs',
  'scripts/build-output.mjs',
  'scripts/build-node-binary.mjs',
];
/** A lock older than this was left by a killed start and is taken over (ms). */
const STALE_LOCK_MS = 120_000;

/** The newest source file under root (path and mtime), skipping what a build does not read. */
function newestSource(root) {
  let newest = { path: null, mtime: 0 };
  const visit = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p)) visit(join(p, name));
    } else if (st.mtimeMs > newest.mtime) newest = { path: p, mtime: st.mtimeMs };
  };
  for (const s of SOURCES) visit(join(root, s));
  return newest;
}

/** Why dist/chuhan must be built, or null when it is newer than every source. */
function staleReason(root) {
  const exe = join(root, 'dist', 'chuhan');
  if (!existsSync(exe)) return 'dist/chuhan does not exist';
  const src = newestSource(root);
  return src.mtime > statSync(exe).mtimeMs ? `${src.path.slice(root.length + 1)} is newer than dist/chuhan` : null;
}

function sleep(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function withLock(root, fn) {
  const dist = join(root, 'dist');
  mkdirSync(dist, { recursive: true });
  const lock = join(dist, '.start.lock');
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      try {
        if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
      } catch {
        // released meanwhile
      }
      sleep(100);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function ensureBuilt(root) {
  return withLock(root, () => {
    const reason = staleReason(root);
    if (reason === null) return 0;
    process.stderr.write(`start: building (${reason})\n`);
    const r = spawnSync(process.execPath, [join(root, 'build.mjs')], { cwd: root, stdio: ['ignore', 2, 2] });
    return r.status ?? 1;
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // The repository is the folder above scripts/.
  process.exitCode = ensureBuilt(dirname(dirname(fileURLToPath(import.meta.url))));
}
