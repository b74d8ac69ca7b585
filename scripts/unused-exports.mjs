// `npm run lint`'s unused-export check: every name a source file exports must be imported by some
// other file (or re-exported by engine/index.ts, the public API `chuhan/engine`). An export that
// nothing imports is dead code, or a name that need not be exported; this lists each one as
// `path: name` and exits 1. Default exports (configuration files) are not checked.
//
// The files are the TypeScript and JavaScript sources of engine/, protocol/, web/, bench/, scripts/,
// test/ and the top folder. Imports are read from the text as the layering test reads them
// (test/layering.test.ts): `import { a, b as c } from`, `import type`, `export { a } from`,
// `import * as ns` (the names used as `ns.name`), and dynamic `import()` destructured into names.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository (this file is in scripts/). */
const root = dirname(dirname(fileURLToPath(import.meta.url)));
const SOURCE = /\.(ts|mts|mjs|js)$/;
/** The public API: its own exports count as used, and so do the names it re-exports. */
const API = ['engine/index.ts'];
/** Exports nothing imports that are kept for a reason, as 'file: name' (none today). */
const PENDING = new Set([]);

function sourceFiles() {
  const files = [];
  const walk = (dir) => {
    for (const name of readdirSync(join(root, dir)).sort()) {
      const path = dir === '' ? name : `${dir}/${name}`;
      if (name.startsWith('.') || ['node_modules', 'dist', 'test/data'].includes(path)) continue;
      if (statSync(join(root, path)).isDirectory()) {
        if (dir !== '' || ['engine', 'protocol', 'web', 'bench', 'scripts', 'test'].includes(name)) walk(path);
      } else if (SOURCE.test(name) && !name.endsWith('.d.ts')) files.push(path);
    }
  };
  walk('');
  return files;
}

const blank = (s) => s.replace(/[^\n]/g, ' ');

/** The source without comments, template strings and `declare module` blocks (their exports are no module's), lines kept. */
function code(source) {
  let c = source
    .replace(/\/\*[\s\S]*?\*\//g, blank)
    .replace(/(^|[^:\\])\/\/.*$/gm, '$1')
    .replace(/`(?:\\[\s\S]|\$\{[^}]*\}|[^`\\])*`/g, blank);
  for (let m = /^declare module\s+['"][^'"]+['"]\s*\{/m.exec(c); m !== null; m = /^declare module\s+['"][^'"]+['"]\s*\{/m.exec(c)) {
    let depth = 0;
    let end = m.index;
    for (; end < c.length; end++) {
      if (c[end] === '{') depth++;
      else if (c[end] === '}' && --depth === 0) break;
    }
    c = c.slice(0, m.index) + blank(c.slice(m.index, end + 1)) + c.slice(end + 1);
  }
  return c;
}

function resolve(files, from, spec) {
  const base = posix.normalize(posix.join(posix.dirname(from), spec));
  for (const c of [base, `${base}.ts`, `${base}.mjs`, `${base}.js`, `${base}/index.ts`, base.replace(/\.js$/, '.ts')]) {
    if (files.has(c)) return c;
  }
  return existsSync(join(root, base)) ? base : null;
}

/** `a, b as c, type d` -> [[a, a], [b, c], [d, d]] (imported name, local or exported name). */
function names(list) {
  return list
    .split(',')
    .map((n) => n.trim().replace(/^type\s+/, ''))
    .filter((n) => n !== '')
    .map((n) => {
      const [name, as] = n.split(/\s+as\s+/);
      return [name.trim(), (as ?? name).trim()];
    });
}

const files = new Set(sourceFiles());
const text = new Map([...files].map((f) => [f, code(readFileSync(join(root, f), 'utf8'))]));

/** Exported names of each file. */
const exported = new Map();
/** `file#name` imported or re-exported by another file. */
const used = new Set();

for (const [file, src] of text) {
  const own = new Set();
  for (const m of src.matchAll(
    /^[ \t]*export\s+(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(?:function\*?|class|const|let|var|type|interface|enum)\s+([A-Za-z_$][\w$]*)/gm,
  ))
    own.add(m[1]);
  for (const m of src.matchAll(/^[ \t]*export\s+(?:type\s+)?\{([^}]*)\}(\s*from\s*['"]([^'"]+)['"])?/gm)) {
    for (const [name, as] of names(m[1])) {
      own.add(as);
      if (m[3] !== undefined) {
        const to = resolve(files, file, m[3]);
        if (to !== null) used.add(`${to}#${name}`);
      }
    }
  }
  exported.set(file, own);

  for (const m of src.matchAll(/^[ \t]*import\s+(?:type\s+)?([\s\S]*?)\s+from\s*['"]([^'"]+)['"]/gm)) {
    if (!m[2].startsWith('.')) continue;
    const to = resolve(files, file, m[2]);
    if (to === null) continue;
    const clause = m[1];
    const braces = /\{([^}]*)\}/.exec(clause);
    if (braces !== null) for (const [name] of names(braces[1])) used.add(`${to}#${name}`);
    const ns = /\*\s+as\s+([\w$]+)/.exec(clause);
    if (ns !== null) for (const u of src.matchAll(new RegExp(`\\b${ns[1]}\\.([\\w$]+)`, 'g'))) used.add(`${to}#${u[1]}`);
  }
  for (const m of src.matchAll(/(?:const|let)\s*\{([^}]*)\}\s*=\s*await\s+import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    const to = resolve(files, file, m[2]);
    if (to !== null) for (const [name] of names(m[1].replace(/:/g, ' as '))) used.add(`${to}#${name}`);
  }
}

const unused = [];
for (const [file, own] of exported) {
  if (API.includes(file)) continue;
  for (const name of own) if (!used.has(`${file}#${name}`) && !PENDING.delete(`${file}: ${name}`)) unused.push(`${file}: ${name}`);
}
// A name that is imported again, or gone, leaves the list.
for (const p of PENDING) unused.push(`${p} (listed in PENDING, but no longer an unused export: take it off the list)`);
if (unused.length > 0) {
  console.error(`unused exports (${unused.length}): nothing imports these names; remove them, or their export`);
  for (const u of unused) console.error(`  ${u}`);
  process.exit(1);
}
