// The layers import one way (README, "Layout"):
//   engine/          rules, search, evaluation, and the text both ends of a pipe share: imports only
//                    engine/ (not even nets/: the hosts hand it the network's bytes, so that no bundle
//                    holds them twice); no package, no Node global, so that it runs in a browser or a
//                    worker;
//   protocol/        the UCCI/UCI session, its parser, dialects and options: imports engine/ and
//                    protocol/ (and package.json, for the version); no package, no Node global;
//   protocol/host/   where the session runs (stdio and a worker thread, a Web Worker): Node may be
//                    used, and the tools (the web worker's `bench` command);
//   protocol/cli/    the command line, the one place that dispatches to the tools;
//   web/             the page, at the top: imports engine/ and web/ (and package.json, for the
//                    version), no package, no Node global; the engine it talks to is the worker
//                    bundle (chuhan.worker.js), started by its URL, never imported; nothing but
//                    test/ and the build imports web/;
//   bench/           the tools: import engine/ and bench/, never protocol/ or test/;
//   scripts/         the build's parts, with build.mjs and the configuration files at the top:
//                    anything;
//   test/            anything.
// No file imports itself through a circle of files, anywhere. Imports are read from the source
// (type-only imports count), so each check runs on the real tree and, as its negative control, on
// the tree with one offending file added. The bundle checks have esbuild resolve engine/,
// protocol/ and the page for the browser, where a Node built-in anywhere in the graph cannot be
// resolved.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..');
const ENGINE = join(ROOT, 'engine');

/** Source files by repository path (`engine/search.ts`). */
type Tree = Map<string, string>;

const SOURCE = /\.(ts|mts|cts|mjs|cjs|js)$/;

/** The top folders read; the files at the top are read too. */
const FOLDERS = ['engine', 'protocol', 'web', 'bench', 'scripts', 'test', 'nets'];

function readTree(): Tree {
  const tree: Tree = new Map();
  const walk = (dir: string): void => {
    for (const name of readdirSync(join(ROOT, dir)).sort()) {
      const path = dir === '' ? name : `${dir}/${name}`;
      if (['node_modules', 'dist', '.git', 'test/data'].includes(path) || name.startsWith('.')) continue;
      if (statSync(join(ROOT, path)).isDirectory()) {
        if (dir !== '' || FOLDERS.includes(name)) walk(path);
      } else if (SOURCE.test(name)) tree.set(path, readFileSync(join(ROOT, path), 'utf8'));
    }
  };
  walk('');
  return tree;
}

/**
 * The module specifiers a source imports: static imports and re-exports (type-only ones too), bare
 * `import 'x'`, dynamic `import('x')` and `require('x')`. Statements start a line; comment lines are
 * skipped, and text inside strings does not start a line.
 */
function specifiers(source: string): string[] {
  const code = source
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '))
    .split('\n')
    .filter((line) => !line.trim().startsWith('//'))
    .join('\n');
  const found: string[] = [];
  for (const re of [
    /^[ \t]*(?:import|export)\b[^;'"`]*?\bfrom\s*['"]([^'"\n]+)['"]/gm,
    /^[ \t]*import\s*['"]([^'"\n]+)['"]/gm,
    /\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g,
    /\brequire\(\s*['"]([^'"\n]+)['"]\s*\)/g,
  ]) {
    for (const m of code.matchAll(re)) found.push(m[1]);
  }
  return found;
}

interface Import {
  from: string;
  spec: string;
  /** The repository path imported, or null for a package or Node built-in (a bare specifier). */
  to: string | null;
}

/** A relative specifier resolved as the bundlers do (extension and index optional). */
function resolve(tree: Tree, from: string, spec: string): string {
  const base = posix.normalize(posix.join(posix.dirname(from), spec));
  for (const c of [base, `${base}.ts`, `${base}.mjs`, `${base}.js`, `${base}/index.ts`]) {
    if (tree.has(c)) return c;
    const abs = join(ROOT, c);
    if (!SOURCE.test(c) && existsSync(abs) && statSync(abs).isFile()) return c;
  }
  return base;
}

function importsOf(tree: Tree): Import[] {
  const all: Import[] = [];
  for (const [from, source] of tree) {
    for (const spec of specifiers(source)) {
      all.push({ from, spec, to: spec.startsWith('.') ? resolve(tree, from, spec) : null });
    }
  }
  return all;
}

type Layer = 'engine' | 'protocol' | 'host' | 'cli' | 'web' | 'bench' | 'scripts' | 'test' | 'nets' | 'root';

function layerOf(path: string): Layer {
  if (path.startsWith('protocol/host/')) return 'host';
  if (path.startsWith('protocol/cli/')) return 'cli';
  const top = path.split('/')[0];
  return (['engine', 'protocol', 'web', 'bench', 'scripts', 'test', 'nets'] as const).find((l) => l === top) ?? 'root';
}

const EVERY_LAYER: Layer[] = ['engine', 'protocol', 'host', 'cli', 'web', 'bench', 'scripts', 'test', 'nets', 'root'];

/** What each layer may import; root files a layer may import are named (the build scripts may import anything). */
const MAY_IMPORT: Record<Layer, { layers: Layer[]; rootFiles?: string[]; packages: boolean }> = {
  engine: { layers: ['engine'], packages: false },
  protocol: { layers: ['engine', 'protocol'], rootFiles: ['package.json'], packages: false },
  host: { layers: ['engine', 'protocol', 'host', 'bench'], packages: true },
  cli: { layers: ['engine', 'protocol', 'host', 'cli', 'bench'], rootFiles: ['package.json'], packages: true },
  web: { layers: ['engine', 'web'], rootFiles: ['package.json'], packages: false },
  bench: { layers: ['engine', 'bench'], packages: true },
  scripts: { layers: EVERY_LAYER, packages: true },
  test: { layers: EVERY_LAYER, packages: true },
  nets: { layers: [], packages: false },
  root: { layers: EVERY_LAYER, packages: true },
};

/** Imports that cross a layer boundary the wrong way, as `from -> to` lines. */
function layerViolations(tree: Tree): string[] {
  const out: string[] = [];
  for (const { from, spec, to } of importsOf(tree)) {
    const rule = MAY_IMPORT[layerOf(from)];
    if (to === null) {
      if (!rule.packages) out.push(`${from} -> package ${spec}`);
      continue;
    }
    const target = layerOf(to);
    const ok = target === 'root' ? (rule.rootFiles ?? []).includes(to) || rule.layers.includes('root') : rule.layers.includes(target);
    if (!ok) out.push(`${from} -> ${to}`);
  }
  return out;
}

/** Node's modules and globals, in engine/, protocol/ outside its hosts and command line, and web/. */
const NODE_ONLY =
  /from\s+['"](node:|fs|path|os|child_process|worker_threads|readline|process)['"]|\brequire\(|\bprocess\.|\bBuffer\b|__dirname/;

function nodeViolations(tree: Tree): string[] {
  const out: string[] = [];
  for (const [path, source] of tree) {
    if (!['engine', 'protocol', 'web'].includes(layerOf(path))) continue;
    source.split('\n').forEach((line, i) => {
      if (!line.trim().startsWith('//') && NODE_ONLY.test(line)) out.push(`${path}:${i + 1}: ${line.trim()}`);
    });
  }
  return out;
}

/** Every circle of files that import each other (strongly connected components), each sorted. */
function circles(tree: Tree): string[][] {
  const edges = new Map<string, string[]>();
  for (const path of tree.keys()) edges.set(path, []);
  for (const { from, to } of importsOf(tree)) if (to !== null && tree.has(to)) edges.get(from)?.push(to);
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || edges.get(v)?.includes(v)) found.push(component.sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** The real tree with some files added or replaced. */
function withFiles(tree: Tree, files: Record<string, string>): Tree {
  return new Map([...tree, ...Object.entries(files)]);
}

const TREE = readTree();

describe('reading imports', () => {
  it('finds every form of import, and none in comments or strings', () => {
    const source = [
      "import { a } from './a';",
      "import type { B } from '../b';",
      'import {',
      '  c,',
      '  d,',
      "} from './cd';",
      "export { e } from './e';",
      "export * from './f';",
      "import './g';",
      "const h = await import('./h');",
      "const i = require('node:i');",
      "// import { x } from './comment';",
      "/* import { y } from './block'; */",
      'const s = "import { z } from \'./string\'";',
    ].join('\n');
    expect(specifiers(source).sort()).toEqual(['../b', './a', './cd', './e', './f', './g', './h', 'node:i']);
  });

  it('reads the whole tree, with the imports between its folders', () => {
    expect([...TREE.keys()].filter((p) => p.startsWith('engine/')).length).toBeGreaterThan(25);
    const all = importsOf(TREE);
    expect(all.some((i) => i.from === 'protocol/session.ts' && i.to === 'engine/index.ts')).toBe(true);
    expect(all.some((i) => i.from === 'bench/analyse/engine-client.ts' && i.to === 'bench/engine-process.ts')).toBe(true);
    expect(all.some((i) => i.from === 'protocol/cli/main.ts' && i.to === 'bench/bench.ts')).toBe(true);
    // The page and the build's parts, each a folder at the top.
    expect([...TREE.keys()].filter((p) => p.startsWith('web/')).length).toBeGreaterThan(15);
    expect(all.some((i) => i.from === 'web/main.ts' && i.to === 'engine/index.ts')).toBe(true);
    expect(all.some((i) => i.from === 'test/page-game.test.ts' && i.to === 'web/game.ts')).toBe(true);
    expect(all.some((i) => i.from === 'build.mjs' && i.to === 'scripts/build-web.mjs')).toBe(true);
    expect([...TREE.keys()].some((p) => p.startsWith('protocol/web/'))).toBe(false);
  });
});

describe('layers import one way', () => {
  it('every import keeps to its layer', () => {
    expect(layerViolations(TREE)).toEqual([]);
  });

  it.each([
    ['engine/ imports protocol/', 'engine/probe.ts', "import { clip } from '../protocol/report';", 'engine/probe.ts -> protocol/report.ts'],
    ['engine/ imports a package', 'engine/probe.ts', "import { Command } from 'commander';", 'engine/probe.ts -> package commander'],
    ['engine/ embeds the network', 'engine/probe.ts', "import bytes from '../nets/chuhan.nnue';", 'engine/probe.ts -> nets/chuhan.nnue'],
    ['protocol/ imports Node', 'protocol/probe.ts', "import { readFileSync } from 'node:fs';", 'protocol/probe.ts -> package node:fs'],
    [
      'protocol/ imports a host',
      'protocol/probe.ts',
      "import { Output } from './host/output';",
      'protocol/probe.ts -> protocol/host/output.ts',
    ],
    ['protocol/ imports a tool', 'protocol/probe.ts', "import { runBench } from '../bench/bench';", 'protocol/probe.ts -> bench/bench.ts'],
    [
      'a host imports the command line',
      'protocol/host/probe.ts',
      "import '../cli/main';",
      'protocol/host/probe.ts -> protocol/cli/main.ts',
    ],
    [
      'bench/ imports protocol/',
      'bench/probe.ts',
      "import type { AnyOption } from '../protocol/option';",
      'bench/probe.ts -> protocol/option.ts',
    ],
    [
      'bench/ imports test/',
      'bench/match/probe.ts',
      "import { rng } from '../../test/helpers';",
      'bench/match/probe.ts -> test/helpers.ts',
    ],
    ['web/ imports protocol/', 'web/probe.ts', "import { cleanLine } from '../protocol/parser';", 'web/probe.ts -> protocol/parser.ts'],
    [
      'web/ imports the worker host',
      'web/probe.ts',
      "import '../protocol/host/web-worker';",
      'web/probe.ts -> protocol/host/web-worker.ts',
    ],
    ['web/ imports a tool', 'web/probe.ts', "import { runBench } from '../bench/bench';", 'web/probe.ts -> bench/bench.ts'],
    ['web/ imports a package', 'web/probe.ts', "import { Command } from 'commander';", 'web/probe.ts -> package commander'],
    ['engine/ imports web/', 'engine/probe.ts', "import { GameRecord } from '../web/game';", 'engine/probe.ts -> web/game.ts'],
    ['protocol/ imports web/', 'protocol/probe.ts', "import type { GameRecord } from '../web/game';", 'protocol/probe.ts -> web/game.ts'],
    ['a host imports web/', 'protocol/host/probe.ts', "import '../../web/main';", 'protocol/host/probe.ts -> web/main.ts'],
    [
      'the command line imports web/',
      'protocol/cli/probe.ts',
      "import { GameRecord } from '../../web/game';",
      'protocol/cli/probe.ts -> web/game.ts',
    ],
    ['bench/ imports web/', 'bench/match/probe.ts', "import { GameRecord } from '../../web/game';", 'bench/match/probe.ts -> web/game.ts'],
  ])('and fails when %s', (_name, path, source, violation) => {
    expect(layerViolations(withFiles(TREE, { [path]: source }))).toEqual([violation]);
  });
});

describe('engine/, protocol/ and web/ use nothing from Node', () => {
  it('no Node module or global outside protocol/host/ and protocol/cli/, nor in the page', () => {
    expect(nodeViolations(TREE)).toEqual([]);
  });

  it.each([
    ['engine/probe.ts', 'export const argv = process.argv;'],
    ['protocol/probe.ts', "export const bytes = Buffer.from('x');"],
    ['web/probe.ts', 'export const here = __dirname;'],
  ])('and fails on %s', (path, source) => {
    expect(nodeViolations(withFiles(TREE, { [path]: source }))).toEqual([`${path}:1: ${source}`]);
  });

  it('while a host may', () => {
    expect(nodeViolations(withFiles(TREE, { 'protocol/host/probe.ts': 'export const argv = process.argv;' }))).toEqual([]);
  });
});

describe('no file circle', () => {
  it('anywhere in the tree', () => {
    expect(circles(TREE)).toEqual([]);
  });

  it('and fails on two files that import each other, type imports included', () => {
    const tree = withFiles(TREE, {
      'bench/match/probe-a.ts': "import type { B } from './probe-b';\nexport type A = B;",
      'bench/match/probe-b.ts': "import { a } from './probe-a';\nexport const b = a;",
    });
    expect(circles(tree)).toEqual([['bench/match/probe-a.ts', 'bench/match/probe-b.ts']]);
  });

  it('and on a longer circle through real files', () => {
    // engine/types.ts is imported, directly or not, by every engine file that index.ts exports.
    const tree = withFiles(TREE, { 'engine/types.ts': `${TREE.get('engine/types.ts')}\nimport './index';\n` });
    const found = circles(tree);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('engine/types.ts');
    expect(found[0]).toContain('engine/index.ts');
  });
});

/** Bundles `contents` (as a module in `dir`) for the browser; the errors esbuild reports. */
async function browserBundleErrors(contents: string, dir = ENGINE): Promise<string[]> {
  try {
    await build({
      stdin: { contents, resolveDir: dir, loader: 'ts' },
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      logLevel: 'silent',
    });
    return [];
  } catch (err) {
    return ((err as { errors?: { text: string }[] }).errors ?? [{ text: String(err) }]).map((e) => e.text);
  }
}

describe('engine/, protocol/ and the page bundle for the browser', () => {
  it('esbuild resolves every import of engine/ with platform browser', async () => {
    expect(await browserBundleErrors("export * from './index';")).toEqual([]);
    // Every file of engine/, including any that index.ts does not reach.
    const all = readdirSync(ENGINE)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
      .map((f) => `import './${f}';`);
    expect(all.length).toBeGreaterThan(25);
    expect(await browserBundleErrors(all.join('\n'))).toEqual([]);
  });

  it('and every file of protocol/ outside its hosts and command line', async () => {
    const dir = join(ROOT, 'protocol');
    const all = readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => `import './${f}';`);
    expect(all.length).toBeGreaterThan(10);
    expect(await browserBundleErrors(all.join('\n'), dir)).toEqual([]);
  });

  it('and every file of web/, the page', async () => {
    const dir = join(ROOT, 'web');
    const all = readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => `import './${f}';`);
    expect(all.length).toBeGreaterThan(15);
    expect(await browserBundleErrors(all.join('\n'), dir)).toEqual([]);
  });

  it('and a Node built-in would fail that bundle', async () => {
    const errors = await browserBundleErrors("export * from './index'; export { readFileSync } from 'node:fs';");
    expect(errors.some((e) => e.includes('node:fs'))).toBe(true);
  });
});
