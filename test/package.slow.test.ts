// The npm package as a user gets it: `npm pack` (whose prepack builds the JavaScript outputs, no
// executable) makes the tarball, which is installed offline into a fresh project (the package has
// no dependencies: commander and the rest are inside dist/chuhan.cjs). There: `npx chuhan` through
// a UCCI handshake and `go depth 5`, `npx chuhan bench` and `perft`; the README's `chuhan/engine`
// example type-checked (strict, TypeScript's `nodenext` resolution, the repository's tsc) and run;
// the README's `chuhan/worker` example bundled with esbuild and run in headless Chromium to a
// `bestmove`. Also what the tarball holds (no sources or tests), its unpacked size against the
// README's figure and the 6 MB budget. Chromium as in browser.slow-timing.test.ts: skipped
// without it, except under CI=true.
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import * as esbuild from 'esbuild';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MOVES, START_FEN, generateLegal, isLegalMove, moveToIccs, parseFen, parseIccs } from '../engine/index';

const run = promisify(execFile);
const ROOT = join(__dirname, '..');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const HAVE_CHROMIUM = existsSync(CHROMIUM);
/** The budget of the issue that made the package (44): the unpacked size stays under 6 MB. */
const MAX_UNPACKED = 6_000_000;

/** The environment of a user's shell: none of npm's script variables (which would point npx at this repository), never the registry. */
function userEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^npm_/i.test(k)) env[k] = v;
  env.npm_config_offline = 'true';
  env.npm_config_update_notifier = 'false';
  return env;
}

/** The README's fenced code block that contains `marker`. */
function readmeExample(marker: string): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]).filter((b) => b.includes(marker));
  expect(blocks.length, `one js block of the README with ${marker}`).toBe(1);
  return blocks[0];
}

let dir = '';
let project = '';
let packed: { filename: string; unpackedSize: number; files: { path: string }[] };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'chuhan-package-'));
  const t0 = performance.now();
  const pack = await run('npm', ['pack', '--json', '--pack-destination', dir], { cwd: ROOT, env: userEnv(), maxBuffer: 16 << 20 });
  packed = JSON.parse(pack.stdout)[0];
  project = join(dir, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'uses-chuhan', private: true, type: 'module' }));
  await run('npm', ['install', '--no-audit', '--no-fund', join(dir, packed.filename)], { cwd: project, env: userEnv() });
  console.log(
    `package test: npm pack and install took ${Math.round(performance.now() - t0)} ms; ${packed.filename}, ${packed.unpackedSize} bytes unpacked`,
  );
}, 300_000);

afterAll(() => {
  if (dir !== '') rmSync(dir, { recursive: true, force: true });
});

describe('the npm package', () => {
  it('holds the bundle, the worker, the engine module and its types, and nothing else', () => {
    const paths = packed.files.map((f) => f.path).sort();
    const other = paths.filter((p) => !/^dist\/types\/[\w-]+\.d\.ts$/.test(p));
    expect(other).toEqual([
      'CHANGELOG.md',
      'LICENSE',
      'README.md',
      'bin/chuhan.cjs',
      'dist/chuhan.cjs',
      'dist/chuhan.nnue',
      'dist/chuhan.worker.js',
      'dist/engine.mjs',
      'package.json',
    ]);
    expect(paths).toContain('dist/types/index.d.ts');
    expect(packed.unpackedSize).toBeLessThan(MAX_UNPACKED);
    // The README states the unpacked size as npm prints it (MB of 10^6 bytes, one decimal).
    const stated = /unpacked size ([\d.]+) MB/.exec(readFileSync(join(ROOT, 'README.md'), 'utf8'));
    expect(stated, 'the README says "unpacked size N.N MB"').not.toBeNull();
    expect(
      Math.abs(Number(stated![1]) * 1e6 - packed.unpackedSize),
      `README ${stated![1]} MB, the package ${packed.unpackedSize} bytes`,
    ).toBeLessThan(150_000);
    const pkg = JSON.parse(readFileSync(join(project, 'node_modules', 'chuhan', 'package.json'), 'utf8'));
    expect(pkg.dependencies ?? {}).toEqual({});
    expect(readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8')).toContain(`## ${pkg.version} `);
  });

  it("holds the network's bytes once: dist/chuhan.nnue, and no copy in the bundles, raw or base64", () => {
    const network = readFileSync(join(ROOT, 'nets', 'chuhan.nnue'));
    // A stretch of the weights, and its base64 as esbuild's binary loader would embed it.
    const raw = network.subarray(4096, 4096 + 192);
    const b64 = Buffer.from(
      network
        .subarray(0, 6144)
        .toString('base64')
        .slice(4096, 4096 + 256),
    );
    const copies = packed.files.map((f) => {
      const bytes = readFileSync(join(project, 'node_modules', 'chuhan', f.path));
      let n = 0;
      for (const needle of [raw, b64]) for (let at = bytes.indexOf(needle); at >= 0; at = bytes.indexOf(needle, at + 1)) n++;
      return [f.path, n] as const;
    });
    expect(copies.filter(([, n]) => n > 0)).toEqual([['dist/chuhan.nnue', 1]]);
    expect(readFileSync(join(project, 'node_modules', 'chuhan', 'dist', 'chuhan.nnue')).equals(network)).toBe(true);
  });

  it('npx chuhan: a UCCI session to a bestmove at depth 5', async () => {
    const child = spawn('npx', ['chuhan'], { cwd: project, env: userEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const waitFor = async (re: RegExp, ms: number): Promise<string> => {
      const deadline = Date.now() + ms;
      while (Date.now() < deadline) {
        const m = re.exec(out);
        if (m !== null) return m[0];
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no ${re} within ${ms} ms; stdout:\n${out}\nstderr:\n${err}`);
    };
    try {
      child.stdin.write('ucci\n');
      await waitFor(/^ucciok$/m, 30_000);
      expect(out).toMatch(/^id name Chuhan$/m);
      child.stdin.write('isready\nposition startpos moves h2e2\ngo depth 5\n');
      const best = await waitFor(/^bestmove \S+/m, 60_000);
      expect(out).toMatch(/^info depth 5 /m);
      const pos = parseFen(START_FEN);
      pos.make(parseIccs(pos, 'h2e2'));
      expect(isLegalMove(pos, parseIccs(pos, best.split(' ')[1]))).toBe(true);
      child.stdin.write('quit\n');
      await waitFor(/^bye$/m, 10_000);
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('npx chuhan bench --depth 5 and perft', async () => {
    const bench = await run('npx', ['chuhan', 'bench', '--depth', '5'], { cwd: project, env: userEnv() });
    expect(Number(/^Nodes searched: (\d+)$/m.exec(bench.stdout)?.[1])).toBeGreaterThan(0);
    const perft = await run('npx', ['chuhan', 'perft', '--depth', '3'], { cwd: project, env: userEnv() });
    expect(perft.stdout).toMatch(/^perft 3 nodes 79666 /m);
  });

  it("the README's chuhan/engine example: type-checked and run, the 44 moves of the start", async () => {
    writeFileSync(join(project, 'moves.mjs'), readmeExample("from 'chuhan/engine'"));
    // Strict, with Node's own resolution of ES modules (the package's exports, .js specifiers).
    const tsconfig = {
      compilerOptions: {
        module: 'nodenext',
        target: 'es2022',
        lib: ['es2022', 'dom'],
        types: [],
        strict: true,
        allowJs: true,
        checkJs: true,
        noEmit: true,
      },
      files: ['moves.mjs'],
    };
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(tsconfig));
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const checked = await run(process.execPath, [tsc, '-p', project]).catch((e: { stdout: string }) => e);
    expect(checked.stdout).toBe('');
    // The negative control: the same checker refuses a wrong call.
    writeFileSync(join(project, 'moves.mjs'), "import { generateLegal } from 'chuhan/engine';\ngenerateLegal(0);\n");
    const refused = await run(process.execPath, [tsc, '-p', project]).catch((e: { stdout: string }) => e);
    expect(refused.stdout).toMatch(/moves\.mjs.*error TS/);

    writeFileSync(join(project, 'moves.mjs'), readmeExample("from 'chuhan/engine'"));
    const ran = await run(process.execPath, ['moves.mjs'], { cwd: project });
    const [count, iccs, chinese] = ran.stdout.trim().split('\n');
    const pos = parseFen(START_FEN);
    const buf = new Int32Array(MAX_MOVES);
    const n = generateLegal(pos, buf, 0);
    expect(n).toBe(44);
    expect(count).toBe('44');
    expect(iccs).toBe(Array.from(buf.subarray(0, n), moveToIccs).join(' '));
    expect(chinese.split(' ')).toHaveLength(44);
  });

  describe.skipIf(!HAVE_CHROMIUM && process.env.CI !== 'true')(
    "the README's chuhan/worker example, bundled with esbuild, in Chromium",
    () => {
      let server: Server | undefined;
      afterAll(() => server?.close());

      it('runs to a bestmove', async () => {
        if (!HAVE_CHROMIUM) throw new Error(`no Chromium at ${CHROMIUM} (CI=true): .ci/run should have installed chromium`);
        writeFileSync(join(project, 'page.js'), readmeExample("from 'chuhan/worker'"));
        writeFileSync(
          join(project, 'index.html'),
          '<!doctype html><meta charset="utf-8"><title>chuhan/worker</title><script type="module" src="out/page.js"></script>\n',
        );
        // As the README says: the worker and the network are files of their own (esbuild's file loader), their URLs imported.
        await esbuild.build({
          absWorkingDir: project,
          entryPoints: ['page.js'],
          bundle: true,
          format: 'esm',
          outdir: 'out',
          publicPath: '/out',
          loader: { '.worker.js': 'file', '.nnue': 'file' },
          logLevel: 'error',
        });
        const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.nnue': 'application/octet-stream' };
        server = createServer((req, res) => {
          const path = req.url === '/' ? '/index.html' : (req.url ?? '');
          const file = join(project, path);
          if (!/^\/(index\.html|out\/[\w.-]+\.(js|nnue))$/.test(path) || !existsSync(file)) return void res.writeHead(404).end();
          res.writeHead(200, { 'Content-Type': types[extname(file)] }).end(readFileSync(file));
        });
        const port = await new Promise<number>((resolve) =>
          server!.listen(0, '127.0.0.1', () => resolve((server!.address() as { port: number }).port)),
        );
        const browser = await chromium.launch({
          executablePath: CHROMIUM,
          args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
          timeout: 60_000,
        });
        try {
          const page = await browser.newPage();
          const lines: string[] = [];
          page.on('console', (m) => lines.push(m.text()));
          page.on('pageerror', (e) => lines.push(`page error: ${e.message}`));
          await page.goto(`http://127.0.0.1:${port}/`);
          const deadline = Date.now() + 60_000;
          while (!lines.some((l) => l.startsWith('bestmove')) && Date.now() < deadline) await page.waitForTimeout(100);
          expect(lines).toContain('ucciok');
          const best = lines.find((l) => l.startsWith('bestmove'));
          expect(best, lines.slice(-20).join('\n')).toBeDefined();
          const pos = parseFen(START_FEN);
          pos.make(parseIccs(pos, 'h2e2'));
          expect(isLegalMove(pos, parseIccs(pos, best!.split(' ')[1]))).toBe(true);
          expect(lines.filter((l) => l.startsWith('page error'))).toEqual([]);
          // The worker found the network where the example says it is.
          expect(lines.filter((l) => l.includes('network could not be loaded'))).toEqual([]);
        } finally {
          await browser.close();
        }
      });
    },
  );
});
