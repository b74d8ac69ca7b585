// Build outputs appear whole or not at all. Each artifact is made under a temporary name in the
// same folder (`<name>.tmp-<pid>`) and then renamed over the old one, which is atomic on one file
// system: a reader (a GUI starting the engine, a test copying it) sees the old file or the new one,
// never a bare Node binary or a half-written bundle. A build that fails or is killed leaves at
// most its own temporary file, which the next build removes.
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';

const TMP = /\.tmp-(\d+)$/;

/** The temporary name under which `path` is made by this process. */
export function tempPath(path) {
  return `${path}.tmp-${process.pid}`;
}

/**
 * Makes `path` through `make(tmp)`, which writes the file or folder `tmp`; then renames it into
 * place. On failure the temporary output is removed and the old `path` stays as it was.
 */
export async function writeAtomically(path, make) {
  const tmp = tempPath(path);
  rmSync(tmp, { recursive: true, force: true });
  try {
    const result = await make(tmp);
    if (!existsSync(tmp)) throw new Error(`${basename(path)} was not written`);
    publish(tmp, path);
    return result;
  } catch (err) {
    rmSync(tmp, { recursive: true, force: true });
    throw err;
  }
}

/** Renames a finished temporary file or folder over `path`. */
function publish(tmp, path) {
  if (!existsSync(path) || !statSync(tmp).isDirectory()) {
    renameSync(tmp, path);
    return;
  }
  // A folder cannot be renamed over a non-empty one: the old folder steps aside first, so that
  // `path` is missing for the moment between two renames, but never half-made.
  const old = `${path}.old-${process.pid}`;
  rmSync(old, { recursive: true, force: true });
  renameSync(path, old);
  renameSync(tmp, path);
  rmSync(old, { recursive: true, force: true });
}

/** Removes the temporary outputs in `dir` left by builds whose process no longer runs. */
export function removeStaleTemps(dir) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const m = TMP.exec(name) ?? /\.old-(\d+)$/.exec(name);
    if (m === null) continue;
    const pid = Number(m[1]);
    if (pid !== process.pid && alive(pid)) continue;
    rmSync(join(dir, name), { recursive: true, force: true });
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}
