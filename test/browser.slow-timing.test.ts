// dist/chuhan.worker.js and dist/engine.mjs in a real browser: headless Chromium (the system's
// /usr/bin/chromium, or $CHROMIUM; nothing is downloaded) driven by playwright-core. The browser files
// are built fresh into a scratch directory (scripts/build-web.mjs) and served from 127.0.0.1 twice:
// under /coi/ with COOP same-origin + COEP require-corp (cross-origin isolated: SharedArrayBuffer exists,
// stop goes through a shared flag) and under /plain/ without (stop ends the search worker).
// Skips without Chromium, except under CI=true (.ci/run installs it).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MOVES, START_FEN, generateLegal, isLegalMove, moveToIccs, parseFen, parseIccs } from '../engine/index';
// @ts-expect-error: a plain ES module of the build, without type declarations
import { buildWeb } from '../scripts/build-web.mjs';
import { ROOT, builtEngine } from './e2e-engine';

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const HAVE_CHROMIUM = existsSync(CHROMIUM);
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
// bestmove after stop: the middle of three stops within STOP_LIMIT_MS, and every stop within
// STOP_BOUND_MS (a stop honoured, not a search that ran on: go infinite has searched 500 ms by then).
// One stop in three may meet a busy machine (a collection, another process); CI once saw 103 ms.
const STOP_LIMIT_MS = 50;
const STOP_BOUND_MS = 250;
const BENCH_DEPTH = 9;

if (!HAVE_CHROMIUM) console.log(`browser test: skipped, no Chromium at ${CHROMIUM} (Debian: apt-get install chromium)`);

interface Line {
  t: number;
  line: string;
  index: number;
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript' };

function serve(webDir: string): Promise<{ server: Server; base: string }> {
  const server = createServer((req, res) => {
    const m = /^\/(coi|plain)\/([\w.-]+)$/.exec(req.url ?? '');
    const file = m === null ? null : [join(webDir, m[2]), join(ROOT, 'test', 'browser', m[2])].find((p) => existsSync(p));
    if (m === null || file === undefined || file === null) {
      res.writeHead(404).end();
      return;
    }
    const headers: Record<string, string> = {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': 'no-store',
    };
    if (m[1] === 'coi') {
      headers['Cross-Origin-Opener-Policy'] = 'same-origin';
      headers['Cross-Origin-Embedder-Policy'] = 'require-corp';
    }
    res.writeHead(200, headers).end(readFileSync(file));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const addr = server.address();
      resolve({ server, base: `http://127.0.0.1:${typeof addr === 'object' && addr !== null ? addr.port : 0}` });
    }),
  );
}

/** Sends a line and waits for the first later line matching `re`. */
async function ask(page: Page, line: string, re: RegExp, ms: number): Promise<{ sent: number; reply: Line }> {
  return page.evaluate(
    async ([line, source, ms]) => {
      const mark = (globalThis as PageGlobals).harness.send(line);
      const reply = await (globalThis as PageGlobals).harness.waitFor(source, mark.index, ms);
      return { sent: mark.t, reply };
    },
    [line, re.source, ms] as const,
  );
}

function moveOf(reply: Line): string {
  const m = /^bestmove (\S+)/.exec(reply.line);
  if (m === null) throw new Error(`expected a bestmove, got '${reply.line}'`);
  return m[1];
}

function nps(lines: string[]): { nodes: number; nps: number } {
  const nodes = Number(/Nodes searched: (\d+)/.exec(lines.join('\n'))?.[1]);
  const speed = Number(/Nodes\/second: (\d+)/.exec(lines.join('\n'))?.[1]);
  return { nodes, nps: speed };
}

/** The page's globals (test/browser/harness.js); only types are shared with page.evaluate callbacks. */
interface Harness {
  start(url?: string): void;
  send(line: string): { t: number; index: number };
  waitFor(source: string, from: number, ms: number): Promise<Line>;
  startMoves(): Promise<string[]>;
  mainThreadInfinite(ms: number, depth?: number): Promise<{ move: string; took: number }>;
  lines: Line[];
}
type PageGlobals = typeof globalThis & { harness: Harness; crossOriginIsolated: boolean };

describe.skipIf(!HAVE_CHROMIUM && process.env.CI !== 'true')('the browser build in headless Chromium', () => {
  let browser: Browser;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    if (!HAVE_CHROMIUM) throw new Error(`no Chromium at ${CHROMIUM} (CI=true): .ci/run should have installed chromium`);
    const webDir = mkdtempSync(join(tmpdir(), 'chuhan-web-'));
    await buildWeb(webDir);
    ({ server, base } = await serve(webDir));
    browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS, timeout: 60_000 });
  });

  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  async function open(kind: 'coi' | 'plain', worker?: string): Promise<Page> {
    const page = await browser.newPage();
    page.on('pageerror', (err) => console.log(`browser test: page error: ${err.message}`));
    await page.goto(`${base}/${kind}/index.html`);
    await page.evaluate((url) => (globalThis as PageGlobals).harness.start(url), worker);
    return page;
  }

  for (const kind of ['coi', 'plain'] as const) {
    const label = kind === 'coi' ? 'with SharedArrayBuffer (cross-origin isolated)' : 'without SharedArrayBuffer';
    it(`plays UCCI over postMessage ${label}`, async () => {
      const page = await open(kind);
      try {
        const isolated = await page.evaluate(() => ({
          coi: (globalThis as PageGlobals).crossOriginIsolated,
          sab: typeof SharedArrayBuffer,
        }));
        expect(isolated).toEqual(kind === 'coi' ? { coi: true, sab: 'function' } : { coi: false, sab: 'undefined' });

        const hello = await ask(page, 'ucci', /^ucciok$/, 30_000);
        const lines = await page.evaluate(() => (globalThis as PageGlobals).harness.lines.map((e) => e.line));
        expect(lines).toContain('id name Chuhan');
        expect(hello.reply.line).toBe('ucciok');
        await ask(page, 'isready', /^readyok$/, 30_000);

        // position + go depth 8: a legal black move after an info line at depth 8.
        await page.evaluate(() => (globalThis as PageGlobals).harness.send('position startpos moves h2e2'));
        const searched = await ask(page, 'go depth 8', /^(bestmove|nobestmove)/, 60_000);
        const after = parseFen(START_FEN);
        after.make(parseIccs(after, 'h2e2'));
        expect(isLegalMove(after, parseIccs(after, moveOf(searched.reply)))).toBe(true);
        const infos = await page.evaluate(() =>
          (globalThis as PageGlobals).harness.lines.map((e) => e.line).filter((l) => l.startsWith('info depth 8 ')),
        );
        expect(infos.length).toBeGreaterThan(0);

        // go infinite, then stop after half a second: bestmove soon after the stop (see STOP_LIMIT_MS).
        const latencies: number[] = [];
        for (let round = 0; round < 3; round++) {
          await page.evaluate(() => (globalThis as PageGlobals).harness.send('go infinite'));
          await page.waitForTimeout(500);
          const stopped = await ask(page, 'stop', /^(bestmove|nobestmove)/, 5_000);
          expect(isLegalMove(after, parseIccs(after, moveOf(stopped.reply)))).toBe(true);
          latencies.push(Math.round((stopped.reply.t - stopped.sent) * 10) / 10);
        }
        console.log(`browser test (${kind}): bestmove ${latencies.join(', ')} ms after stop`);
        for (const ms of latencies) expect(ms).toBeLessThan(STOP_BOUND_MS);
        expect([...latencies].sort((a, b) => a - b)[1]).toBeLessThan(STOP_LIMIT_MS);

        // The engine still searches after those stops (a fresh search worker without shared memory),
        // with the built-in network too (the worker fetched it once and hands it to each search worker).
        const again = await ask(page, 'go depth 5', /^(bestmove|nobestmove)/, 30_000);
        expect(isLegalMove(after, parseIccs(after, moveOf(again.reply)))).toBe(true);
        await page.evaluate(() => (globalThis as PageGlobals).harness.send('setoption usennue true'));
        const nnue = await ask(page, 'go depth 5', /^(bestmove|nobestmove)/, 30_000);
        expect(isLegalMove(after, parseIccs(after, moveOf(nnue.reply)))).toBe(true);

        // Threads 2: on an isolated page a helper (a nested worker) shares the table; elsewhere the
        // engine searches with one thread and says why.
        const cores = await page.evaluate(
          () => (globalThis as unknown as { navigator: { hardwareConcurrency: number } }).navigator.hardwareConcurrency,
        );
        if (cores >= 2) {
          await page.evaluate(() => (globalThis as PageGlobals).harness.send('setoption threads 2'));
          const threaded = await ask(page, 'go depth 8', /^(bestmove|nobestmove)/, 60_000);
          expect(isLegalMove(after, parseIccs(after, moveOf(threaded.reply)))).toBe(true);
          await page.evaluate(() => (globalThis as PageGlobals).harness.send('go infinite'));
          await page.waitForTimeout(300);
          const stopped = await ask(page, 'stop', /^(bestmove|nobestmove)/, 5_000);
          expect(isLegalMove(after, parseIccs(after, moveOf(stopped.reply)))).toBe(true);
          expect(stopped.reply.t - stopped.sent).toBeLessThan(STOP_BOUND_MS);
          const seen = await page.evaluate(() => (globalThis as PageGlobals).harness.lines.map((e) => e.line));
          const fallback = seen.filter((l) => l.startsWith('info string Threads 2: several threads need SharedArrayBuffer'));
          expect(fallback.length).toBe(kind === 'coi' ? 0 : 1);
          console.log(
            `browser test (${kind}): Threads 2 on ${cores} cores, bestmove ${Math.round(stopped.reply.t - stopped.sent)} ms after stop`,
          );
        } else console.log(`browser test (${kind}): Threads 2 not tried (navigator.hardwareConcurrency ${cores})`);
        await ask(page, 'isready', /^readyok$/, 10_000);
        const bye = await ask(page, 'quit', /^bye$/, 10_000);
        expect(bye.reply.line).toBe('bye');
        // Stopping never showed as a failure, and nothing went wrong in the worker.
        const all = await page.evaluate(() => (globalThis as PageGlobals).harness.lines.map((e) => e.line));
        expect(all.filter((l) => /failed|restart|no search|worker error|could not/.test(l))).toEqual([]);
      } finally {
        await page.close();
      }
    });
  }

  it("fetches the network from the URL after '#', and without one plays on with the hand-written evaluation, saying so", async () => {
    for (const [hash, found] of [
      [encodeURIComponent(`${base}/plain/chuhan.nnue`), true],
      ['nowhere.nnue', false],
    ] as const) {
      const page = await open('plain', `chuhan.worker.js#${hash}`);
      try {
        await ask(page, 'ucci', /^ucciok$/, 30_000);
        const evaluated = await ask(page, 'eval', /^NNUE evaluation: /, 30_000);
        const searched = await ask(page, 'go depth 4', /^(bestmove|nobestmove)/, 30_000);
        expect(isLegalMove(parseFen(START_FEN), parseIccs(parseFen(START_FEN), moveOf(searched.reply)))).toBe(true);
        const lines = await page.evaluate(() => (globalThis as PageGlobals).harness.lines.map((e) => e.line));
        const missing = lines.filter((l) => l.includes('the built-in network could not be loaded'));
        if (found) {
          expect(missing).toEqual([]);
          expect(evaluated.reply.line).toMatch(/^NNUE evaluation: [-+]?\d+ \(the built-in network/);
        } else {
          expect(missing[0]).toMatch(/^info string the built-in network could not be loaded from http:\S+\/plain\/nowhere\.nnue \(404/);
          expect(missing[0]).toContain('hand-written evaluation');
          expect(evaluated.reply.line).toMatch(/^NNUE evaluation: none \(/);
        }
        expect(lines.filter((l) => l.startsWith('worker error'))).toEqual([]);
      } finally {
        await page.close();
      }
    }
  });

  it('the ES-module core lists the 44 legal moves of the start position', async () => {
    const page = await open('coi');
    try {
      const moves = await page.evaluate(() => (globalThis as PageGlobals).harness.startMoves());
      const pos = parseFen(START_FEN);
      const buf = new Int32Array(MAX_MOVES);
      const expected = Array.from(buf.subarray(0, generateLegal(pos, buf, 0)), moveToIccs);
      expect(moves).toHaveLength(44);
      expect([...moves].sort()).toEqual([...expected].sort());
    } finally {
      await page.close();
    }
  });

  it("the ES-module core's infinite search runs on the page's main thread until stop, without Atomics.wait", async () => {
    const page = await open('coi');
    try {
      const r = await page.evaluate(() => (globalThis as PageGlobals).harness.mainThreadInfinite(300));
      expect(isLegalMove(parseFen(START_FEN), parseIccs(parseFen(START_FEN), r.move))).toBe(true);
      // It searches until the helper worker's stop flag.
      expect(r.took).toBeGreaterThanOrEqual(250);
      expect(r.took).toBeLessThan(5_000);
      // One that reaches its depth returns at once: the search never waits (the protocol session
      // holds a ponder or infinite reply until ponderhit or stop).
      const d = await page.evaluate(() => (globalThis as PageGlobals).harness.mainThreadInfinite(3000, 2));
      expect(isLegalMove(parseFen(START_FEN), parseIccs(parseFen(START_FEN), d.move))).toBe(true);
      expect(d.took).toBeLessThan(1_000);
    } finally {
      await page.close();
    }
  });

  it(`bench depth ${BENCH_DEPTH} in Chromium beside the same bench in Node`, async () => {
    const exe = builtEngine();
    const page = await open('coi');
    try {
      const runs: Array<{ where: string; nodes: number; nps: number }> = [];
      for (let round = 0; round < 2; round++) {
        const node = nps(execFileSync(exe, ['bench', '--depth', String(BENCH_DEPTH)], { encoding: 'utf8' }).split('\n'));
        runs.push({ where: 'node', ...node });
        const done = await ask(page, `bench ${BENCH_DEPTH}`, /^Total time/, 120_000);
        const lines = await page.evaluate(
          (from) => (globalThis as PageGlobals).harness.lines.filter((e) => e.index <= from).map((e) => e.line),
          done.reply.index,
        );
        runs.push({ where: 'chromium', ...nps(lines.slice(-4)) });
      }
      const best = (where: string): number => Math.max(...runs.filter((r) => r.where === where).map((r) => r.nps));
      const ratio = best('chromium') / best('node');
      console.log(
        `browser test: bench depth ${BENCH_DEPTH}: ${runs.map((r) => `${r.where} ${r.nps} nodes/s`).join(', ')}; ` +
          `best Chromium / best Node = ${(ratio * 100).toFixed(1)}%`,
      );
      // The same search in both: the node count (the bench signature) is identical.
      const signatures = new Set(runs.map((r) => r.nodes));
      expect(signatures.size).toBe(1);
      expect(runs[0].nodes).toBeGreaterThan(0);
      // The target is 80%; the test only guards against a collapse, as timings on a loaded machine vary.
      expect(ratio).toBeGreaterThan(0.5);
    } finally {
      await page.close();
    }
  });
});
