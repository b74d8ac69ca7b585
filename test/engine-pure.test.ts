// engine/ must run in a browser or a worker: no Node modules, no Node globals. The regex check
// reads each file; the bundle check has esbuild resolve engine/index.ts and everything it imports
// for the browser, where a Node built-in anywhere in the graph cannot be resolved.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const ENGINE = join(__dirname, '..', 'engine');
const NODE_ONLY = /from\s+['"](node:|fs|path|os|child_process|worker_threads|readline|process)['"]|\brequire\(|\bprocess\.|\bBuffer\b|__dirname/;

describe('engine/ is pure TypeScript', () => {
  for (const file of readdirSync(ENGINE).filter((f) => f.endsWith('.ts'))) {
    it(`${file} uses nothing from Node`, () => {
      const offending = readFileSync(join(ENGINE, file), 'utf8')
        .split('\n')
        .filter((line) => !line.trim().startsWith('//') && NODE_ONLY.test(line));
      expect(offending).toEqual([]);
    });
  }
});

/** Bundles `contents` (as a module in engine/) for the browser; the errors esbuild reports. */
async function browserBundleErrors(contents: string): Promise<string[]> {
  try {
    await build({
      stdin: { contents, resolveDir: ENGINE, loader: 'ts' },
      bundle: true,
      platform: 'browser',
      format: 'esm',
      // engine/network.ts embeds nets/chuhan.nnue as bytes, as build-web.mjs does.
      loader: { '.nnue': 'binary' },
      write: false,
      logLevel: 'silent',
    });
    return [];
  } catch (err) {
    return ((err as { errors?: { text: string }[] }).errors ?? [{ text: String(err) }]).map((e) => e.text);
  }
}

describe('engine/index.ts bundles for the browser', () => {
  it('esbuild resolves every import of engine/ with platform browser', async () => {
    expect(await browserBundleErrors("export * from './index';")).toEqual([]);
    // Every file of engine/, including any that index.ts does not reach.
    const all = readdirSync(ENGINE).filter((f) => f.endsWith('.ts')).map((f) => `import './${f}';`);
    expect(all.length).toBeGreaterThan(20);
    expect(await browserBundleErrors(all.join('\n'))).toEqual([]);
  });

  it('and a Node built-in would fail that bundle', async () => {
    const errors = await browserBundleErrors("export * from './index'; export { readFileSync } from 'node:fs';");
    expect(errors.some((e) => e.includes('node:fs'))).toBe(true);
  });
});
