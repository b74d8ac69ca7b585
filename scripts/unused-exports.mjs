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

/** Where a `/` starts a regular expression rather than a division: after these, or at the start. */
const REGEX_AFTER = new Set(['', '(', ',', '=', ':', '[', '!', '&', '|', '?', '{', '}', ';', '+', '-', '*', '%', '<', '>', '~', '^']);

/**
 * The source with its comments and the text of its template strings blanked, lines kept; the
 * code inside `${…}` stays code, however deep the templates nest. Quoted strings stay (import
 * paths are strings), and regular expressions are skipped whole.
 */
function stripText(source) {
  let out = '';
  /** For each `{` or `${` still open: whether it opened a template's expression. */
  const braces = [];
  let i = 0;
  let inTemplate = false;
  let last = '';
  const n = source.length;
  while (i < n) {
    const ch = source[i];
    if (inTemplate) {
      if (ch === '\\') {
        out += blank(source.slice(i, i + 2));
        i += 2;
      } else if (ch === '`') {
        out += ch;
        i++;
        inTemplate = false;
        last = '`';
      } else if (ch === '$' && source[i + 1] === '{') {
        out += '${';
        i += 2;
        braces.push(true);
        inTemplate = false;
        last = '{';
      } else {
        out += ch === '\n' ? ch : ' ';
        i++;
      }
      continue;
    }
    if (ch === '/' && source[i + 1] === '/') {
      const end = source.indexOf('\n', i);
      const stop = end < 0 ? n : end;
      out += blank(source.slice(i, stop));
      i = stop;
    } else if (ch === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end < 0 ? n : end + 2;
      out += blank(source.slice(i, stop));
      i = stop;
    } else if (ch === '"' || ch === "'") {
      let j = i + 1;
      while (j < n && source[j] !== ch && source[j] !== '\n') j += source[j] === '\\' ? 2 : 1;
      out += source.slice(i, j + 1);
      i = j + 1;
      last = ch;
    } else if (ch === '/' && REGEX_AFTER.has(last)) {
      let j = i + 1;
      let inClass = false;
      while (j < n && source[j] !== '\n' && (inClass || source[j] !== '/')) {
        if (source[j] === '\\') j++;
        else if (source[j] === '[') inClass = true;
        else if (source[j] === ']') inClass = false;
        j++;
      }
      out += blank(source.slice(i, j + 1));
      i = j + 1;
      last = 'x';
    } else if (ch === '`') {
      out += ch;
      i++;
      inTemplate = true;
    } else {
      if (ch === '{') braces.push(false);
      else if (ch === '}' && braces.pop() === true) {
        out += ch;
        i++;
        inTemplate = true;
        continue;
      }
      out += ch;
      i++;
      if (!/\s/.test(ch)) last = /[\w$]/.test(ch) ? 'x' : ch;
    }
  }
  return out;
}

/** The source without comments, template strings and `declare module` blocks (their exports are no module's), lines kept. */
function code(source) {
  let c = stripText(source);
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
