// The page of `chuhan serve` in a real browser: the built executable serves it on a free port,
// headless Chromium (the system's /usr/bin/chromium, or $CHROMIUM, through playwright-core; nothing
// is downloaded) opens it, and a person's actions are played through it: a move typed into the
// field labelled "Move", clicks and drags on the board, PGN in and out, a game to checkmate. The
// engine core (engine/index.ts) is the independent judge of what the page shows: legal moves,
// notation, PGN. The static copy the build writes (scripts/build-web.mjs, dist/web/) is opened too,
// without the isolation headers; and the page with the browser set to Chinese (zh-CN), in Chinese
// throughout. Skips without Chromium, except under CI=true.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_MOVES,
  START_FEN,
  generateLegal,
  moveFrom,
  moveTo,
  moveToIccs,
  parseChinese,
  parseFen,
  parseIccs,
  parsePgn,
  squareName,
} from '../engine/index';
// @ts-expect-error: a plain ES module of the build, without type declarations
import { buildWeb } from '../scripts/build-web.mjs';
import { builtEngine } from './e2e-engine';

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
/** Red mates at once with i0i9 (the chariot on a8 holds rank 8): 1-0 by checkmate. */
const MATE_IN_ONE = '4k4/R8/9/9/9/9/9/9/9/3K4R w - - 0 1';

if (!HAVE_CHROMIUM) console.log(`page test: skipped, no Chromium at ${CHROMIUM} (Debian: apt-get install chromium)`);

/** The page's globals used in page.evaluate callbacks (tsconfig has no DOM library). */
interface PageElement {
  textContent: string | null;
  getAttribute(name: string): string | null;
  click(): void;
}
interface PageGlobals {
  crossOriginIsolated: boolean;
  document: { querySelector(selector: string): PageElement | null };
}
/** The DOM used to read every text of the page. */
interface PageNode {
  nodeType: number;
  textContent: string | null;
}
interface PageDocument {
  querySelectorAll(
    selector: string,
  ): Iterable<PageNode & { childNodes: Iterable<PageNode>; getAttribute(name: string): string | null; closest(s: string): unknown }>;
}

/** A page with everything that would count as a failure collected. */
interface Opened {
  page: Page;
  context: BrowserContext;
  problems: string[];
}

/** The ICCS moves of a list of Chinese move texts from the start position (the core reads them). */
function chineseToIccs(texts: string[], fen = START_FEN): string[] {
  const pos = parseFen(fen);
  return texts.map((t) => {
    const m = parseChinese(pos, t);
    pos.make(m);
    return moveToIccs(m);
  });
}

describe.skipIf(!HAVE_CHROMIUM && process.env.CI !== 'true')('the page of chuhan serve in headless Chromium', () => {
  let browser: Browser;
  let serve: ChildProcess;
  let base: string;

  beforeAll(async () => {
    if (!HAVE_CHROMIUM) throw new Error(`no Chromium at ${CHROMIUM} (CI=true): .ci/run should have installed chromium`);
    const exe = builtEngine();
    serve = spawn(exe, ['serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    base = await new Promise<string>((resolve, reject) => {
      let out = '';
      serve.stdout!.setEncoding('utf8').on('data', (c: string) => {
        out += c;
        const m = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
        if (m !== null) resolve(m[1]);
      });
      serve.on('exit', (code) => reject(new Error(`chuhan serve exited (${code}): ${out}`)));
    });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS, timeout: 60_000 });
  });

  afterAll(async () => {
    await browser?.close();
    serve?.kill('SIGINT');
  });

  /** Opens the page in a browser whose language is `locale` (English unless told). */
  async function open(url = base, viewport = { width: 1280, height: 900 }, locale = 'en-US'): Promise<Opened> {
    const context = await browser.newContext({ viewport, acceptDownloads: true, locale });
    const page = await context.newPage();
    const problems: string[] = [];
    const origin = new URL(url).origin;
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error' || /Refused to|Content Security Policy/.test(m.text())) problems.push(`console: ${m.text()}`);
    });
    page.on('request', (r) => {
      if (!r.url().startsWith(origin) && !r.url().startsWith('blob:') && !r.url().startsWith('data:'))
        problems.push(`request outside the page: ${r.url()}`);
    });
    page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
    await page.goto(url);
    return { page, context, problems };
  }

  const moveList = (page: Page) => page.getByRole('list', { name: 'Moves' });
  const moveTexts = (page: Page) => moveList(page).locator('button.move').allInnerTexts();
  const moveField = (page: Page) => page.getByLabel('Move', { exact: true });

  /**
   * Waits until the move list shows these moves. A failure names what the page said (the panel's
   * message, the status line) and any page error, so that a failure far away can be read.
   */
  async function expectMoves(page: Page, expected: string[], problems: string[], timeout = 10_000): Promise<void> {
    const t0 = Date.now();
    let shown: string[] = [];
    while (Date.now() - t0 < timeout) {
      shown = await moveTexts(page);
      if (JSON.stringify(shown) === JSON.stringify(expected)) return;
      await page.waitForTimeout(50);
    }
    const said = async (selector: string): Promise<string> =>
      (await page.locator(selector).count()) > 0 ? await page.locator(selector).innerText() : '(absent)';
    throw new Error(
      `the move list shows ${JSON.stringify(shown)}, not ${JSON.stringify(expected)}, after ${timeout} ms; ` +
        `panel message ${JSON.stringify(await said('#io-message'))}, status ${JSON.stringify(await said('#status'))}, problems ${JSON.stringify(problems)}`,
    );
  }

  /** The centre of a piece or target on the board. */
  async function centre(page: Page, selector: string): Promise<{ x: number; y: number }> {
    const box = await page.locator(selector).boundingBox();
    if (box === null) throw new Error(`${selector} is not on the board`);
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }

  async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
    await page.mouse.move(to.x, to.y, { steps: 4 });
    await page.mouse.up();
  }

  it('plays h2e2 typed into the field labelled Move; the engine answers; the game survives a reload', async () => {
    const { page, context, problems } = await open();
    try {
      const isolated = await page.evaluate(() => ({
        coi: (globalThis as unknown as PageGlobals).crossOriginIsolated,
        sab: typeof SharedArrayBuffer,
      }));
      expect(isolated).toEqual({ coi: true, sab: 'function' });
      await expect.poll(() => page.locator('#status').innerText()).toBe('Your move (Red)');

      await moveField(page).fill('h2e2');
      const t0 = Date.now();
      await moveField(page).press('Enter');
      await expect.poll(() => moveList(page).innerText()).toContain('炮二平五');
      await expect.poll(() => moveTexts(page), { timeout: 60_000, interval: 200 }).toHaveLength(2);
      const answered = Date.now() - t0;
      const texts = await moveTexts(page);
      expect(texts[0]).toBe('炮二平五');
      // The answer is a legal black move, by the core's reading of its Chinese text.
      const [, reply] = chineseToIccs(texts);
      const after = parseFen(START_FEN);
      after.make(parseIccs(after, 'h2e2'));
      expect(() => parseIccs(after, reply)).not.toThrow();
      await expect.poll(() => page.locator('#status').innerText()).toBe('Your move (Red)');
      // The engine's thinking was shown: a score and its line in Chinese.
      const line = await page.getByRole('list', { name: 'Engine lines' }).locator('li').first().innerText();
      expect(line).toMatch(/^[+−]?\d+\.\d\d|^#-?\d+/);
      expect(await page.locator('#engine-summary').innerText()).toMatch(/depth \d+/);
      // Both clocks: red's running, each showing minutes and seconds.
      const clocks = await page.locator('.clock').allInnerTexts();
      expect(clocks).toHaveLength(2);
      for (const c of clocks) expect(c).toMatch(/^\d+:\d\d$/);
      console.log(`page test: the engine answered h2e2 with ${reply} (${texts[1]}) ${answered} ms after Enter (5+3 clock)`);

      // A reload keeps the game and the clocks (black's is stopped, so exactly), and it goes on.
      const blackClock = page.locator('#player-top .clock');
      const blackLeft = await blackClock.innerText();
      await page.reload();
      await expect.poll(() => moveTexts(page)).toEqual(texts);
      await expect.poll(() => page.locator('#status').innerText()).toBe('Your move (Red)');
      expect(await blackClock.innerText()).toBe(blackLeft);
      await moveField(page).fill('i9');
      await moveField(page).press('Enter');
      expect(await page.locator('#move-error').innerText()).toMatch(/not|cannot/);
      expect(await moveTexts(page)).toHaveLength(2);
      // Take back: the engine's answer and the person's move go.
      await page.getByRole('button', { name: 'Take back' }).click();
      await expect.poll(() => moveTexts(page)).toEqual([]);
      expect(await page.locator('#status').innerText()).toBe('Your move (Red)');
      expect(problems, problems.join(' | ')).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('moves by click and by drag with the legal targets shown, and analyses with three lines', async () => {
    const { page, context, problems } = await open();
    try {
      await page.getByRole('button', { name: 'Analyse' }).click();
      // Click the red cannon on h2: its targets are the core's legal moves from h2.
      await page.locator('[data-square="h2"]').click();
      const pos = parseFen(START_FEN);
      const buf = new Int32Array(MAX_MOVES);
      const legal = Array.from(buf.subarray(0, generateLegal(pos, buf, 0)))
        .filter((m) => squareName(moveFrom(m)) === 'h2')
        .map((m) => squareName(moveTo(m)));
      const shown = await page.locator('[data-target]').evaluateAll((els) => els.map((e) => e.getAttribute('data-target')));
      expect([...shown].sort()).toEqual([...legal].sort());
      expect(legal).toContain('e2');
      // The target dots let clicks through to the board, which finds the point under the pointer.
      const e2 = await centre(page, '[data-target="e2"]');
      await page.mouse.click(e2.x, e2.y);
      await expect.poll(() => moveTexts(page)).toEqual(['炮二平五']);

      // Drag the black horse from h9 to g7 (the file of the elephant on g9, the rank of the cannon on h7).
      const g7 = { x: (await centre(page, '[data-square="g9"]')).x, y: (await centre(page, '[data-square="h7"]')).y };
      await drag(page, await centre(page, '[data-square="h9"]'), g7);
      await expect.poll(() => moveTexts(page)).toEqual(['炮二平五', '马８进７']);
      expect(await page.locator('[data-square="g7"]').getAttribute('data-piece')).toBe('black horse');

      // A drag to a point the chariot cannot reach (a5, behind its own soldier) plays nothing.
      const a0 = await centre(page, '[data-square="a0"]');
      const a3 = await centre(page, '[data-square="a3"]');
      await drag(page, a0, { x: a3.x, y: a3.y + ((a3.y - a0.y) * 2) / 3 });
      await page.waitForTimeout(200);
      expect(await moveTexts(page)).toEqual(['炮二平五', '马８进７']);
      expect(await page.locator('[data-square="a0"]').getAttribute('data-piece')).toBe('red chariot');

      // Analysis: three lines in Chinese with scores and the chances under them (percent: Red, a
      // draw, Black; engine/wdl.ts of the same score, in words on hover), an arrow for the best
      // move, the bar.
      const lines = page.getByRole('list', { name: 'Engine lines' }).locator('li');
      await expect.poll(() => lines.count(), { timeout: 30_000 }).toBe(3);
      for (const text of await lines.allInnerTexts()) {
        const m = /^([+−]?\d+\.\d\d|#-?\d+)\s+(\d+) (\d+) (\d+)\s+[车马相仕帅炮兵][一二三四五六七八九][进退平]/.exec(text);
        expect(m, text).not.toBeNull();
        const sum = Number(m![2]) + Number(m![3]) + Number(m![4]);
        expect(sum, text).toBeGreaterThanOrEqual(99);
        expect(sum, text).toBeLessThanOrEqual(101);
      }
      expect(await lines.first().locator('.wdl').getAttribute('title')).toMatch(/^Red wins \d+%, draw \d+%, Black wins \d+%$/);
      await expect.poll(() => page.locator('[data-arrow]').count()).toBe(1);
      expect(await page.locator('#evalbar').getAttribute('class')).not.toContain('empty');
      // The arrow is the first line's first move; clicking that move plays it. (Read and clicked
      // in one turn of the page: the lines change with every depth.)
      const seen = await page.evaluate(() => {
        const doc = (globalThis as unknown as PageGlobals).document;
        const first = doc.querySelector('#lines li button.pv-move')!;
        const arrow = doc.querySelector('[data-arrow]')!.getAttribute('data-arrow');
        const text = first.textContent!;
        first.click();
        return { arrow, text };
      });
      await expect.poll(() => moveTexts(page)).toEqual(['炮二平五', '马８进７', seen.text]);
      expect(chineseToIccs(await moveTexts(page))[2]).toBe(seen.arrow);
      // Clicking a move in the list shows that position.
      await moveList(page).getByRole('button', { name: '炮二平五' }).click();
      await expect.poll(() => page.locator('[data-square="e2"]').getAttribute('data-piece')).toBe('red cannon');
      expect(await page.locator('[data-square="h9"]').count()).toBe(1);
      expect(problems, problems.join(' | ')).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('writes and reads PGN in Chinese and ICCS, downloads it, opens a GBK file and a link', async () => {
    const moves = ['h2e2', 'h9g7', 'h0g2', 'i9h9'];
    const { page, context, problems } = await open(`${base}?moves=${moves.join('+')}`);
    try {
      await expectMoves(page, ['炮二平五', '马８进７', '马二进三', '车９平８'], problems);
      await page.getByText('FEN, PGN and link').click();
      const pgn = page.getByLabel('PGN', { exact: true });
      const format = page.getByLabel('PGN move format');
      const setUpStart = async (): Promise<void> => {
        await page.getByLabel('FEN', { exact: true }).fill(START_FEN);
        await page.getByRole('button', { name: 'Set up this FEN' }).click();
        await expectMoves(page, [], problems);
      };
      const load = page.getByRole('button', { name: 'Load', exact: true });
      for (const [choice, sample] of [
        ['chinese', '1. 炮二平五 马８进７'],
        ['iccs', '1. H2-E2 H9-G7'],
        ['wxf', '1. C2.5 H8+7'],
      ] as const) {
        await format.selectOption(choice);
        await page.getByRole('button', { name: 'Show this game' }).click();
        const text = await pgn.inputValue();
        expect(text).toContain(sample);
        // The core reads back exactly the moves played.
        expect(parsePgn(text)[0].moves.map(moveToIccs)).toEqual(moves);
        await setUpStart();
        await pgn.fill(text);
        await load.click();
        await expectMoves(page, ['炮二平五', '马８进７', '马二进三', '车９平８'], problems);
      }

      // Download.
      await format.selectOption('chinese');
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PGN' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^chuhan-\d{8}-\d{4}\.pgn$/);
      const saved = readFileSync((await download.path())!, 'utf8');
      expect(saved).toContain('[Format "Chinese"]');
      expect(parsePgn(saved)[0].moves.map(moveToIccs)).toEqual(moves);

      // A GBK file through the picker, as ElephantEye and XQWizard write them.
      const gbk = Buffer.from(
        '5b47616d6520224368696e657365204368657373225d0a' + // [Game "Chinese Chess"]
          '5b5265642022d0edd2f8b4a8225d0a' + // [Red "许银川"]
          '312e20c5dab6fec6bdcee520c2eda3b8bdf8a3b70a' + // 1. 炮二平五 马８进７
          '322e20c2edb6febdf8c8fd20b3b5a3b9c6bda3b80a' + // 2. 马二进三 车９平８
          '2a0a', // *
        'hex',
      );
      expect(new TextDecoder('gb18030').decode(gbk)).toContain('许银川');
      // The panel stays where it is while the moves go and the engine's lines come back: nothing
      // moves under the pointer while the engine thinks.
      const loadAt = async (): Promise<number> =>
        (await load.boundingBox())!.y + (await page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY));
      const before = await loadAt();
      await setUpStart();
      expect(await loadAt()).toBe(before);
      await expect.poll(() => page.getByRole('list', { name: 'Engine lines' }).locator('li').count(), { timeout: 30_000 }).toBe(3);
      expect(await loadAt()).toBe(before);
      await page.locator('#pgn-file').setInputFiles({ name: 'xu.pgn', mimeType: 'application/octet-stream', buffer: gbk });
      await expectMoves(page, ['炮二平五', '马８进７', '马二进三', '车９平８'], problems);
      expect(await pgn.inputValue()).toContain('许银川');

      // A bad PGN is named, and the game shown stays.
      await pgn.fill('1. h2e2 h2e2');
      await load.click();
      expect(await page.locator('#io-message').innerText()).toMatch(/cannot be read: .*h2e2/);
      expect(await moveTexts(page)).toHaveLength(4);

      // The link to the position after the second move opens it.
      await moveList(page).getByRole('button', { name: '马８进７' }).click();
      await page.getByRole('button', { name: 'Copy a link to this position' }).click();
      const link = await page.getByLabel('Link', { exact: true }).inputValue();
      expect(link).toBe(`${base}?moves=h2e2+h9g7`);
      const other = await context.newPage();
      await other.goto(link);
      await expect.poll(() => moveTexts(other)).toEqual(['炮二平五', '马８进７']);
      expect(other.url()).toBe(base); // the query is dropped once read
      expect(problems, problems.join(' | ')).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('opens an XQF file dropped on the board, ready for review; says what a dropped image is', async () => {
    const { page, context, problems } = await open();
    try {
      /** Drops a file on the board, as a person drags one from their folder. */
      const drop = async (name: string, bytes: Buffer): Promise<void> => {
        const transfer = await page.evaluateHandle(
          ({ name, data }) => {
            const g = globalThis as unknown as {
              DataTransfer: new () => { items: { add(file: unknown): void } };
              File: new (parts: unknown[], name: string) => unknown;
            };
            const t = new g.DataTransfer();
            t.items.add(new g.File([new Uint8Array(data)], name));
            return t;
          },
          { name, data: [...bytes] },
        );
        const board = page.locator('#board-host');
        await board.dispatchEvent('dragover', { dataTransfer: transfer });
        await board.dispatchEvent('drop', { dataTransfer: transfer });
      };
      // XQStudio's format description prints this file and lists its moves (test/fixtures/records).
      await drop('1997.XQF', readFileSync(join(__dirname, 'fixtures', 'records', 'xqf-1.0-doc-example.xqf')));
      const listed =
        '兵七进一 马８进７ 兵三进一 炮２平３ 相七进五 马２进１ 马八进七 车１平２ 车九平八 车２进４ 炮八平九 车２平８ 炮二进五 炮３平８ 马二进三 车９平８';
      await expectMoves(page, listed.split(' '), problems);
      expect(await page.getByRole('button', { name: 'Review' }).isEnabled()).toBe(true);
      expect(await page.locator('#player-bottom .name').innerText()).toContain('柳大华');
      // Its opening by the ECCO classification (ElephantEye's too: 兵七进一 马８进７ 兵三进一 炮２平３).
      expect(await page.locator('#opening').innerText()).toBe('E09 两头蛇对进右马转卒底炮');
      // Not a game: one line that says what it is, and the game stays.
      await drop('board.png', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
      await expect.poll(() => page.locator('#io-message').innerText()).toBe('board.png cannot be read: not a game record: a PNG image.');
      expect(await moveTexts(page)).toHaveLength(16);
      expect(problems, problems.join(' | ')).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('ends a game by checkmate, the person mating and then the engine; plays at a level', async () => {
    const { page, context, problems } = await open();
    try {
      await page.getByText('FEN, PGN and link').click();
      await page.getByLabel('FEN', { exact: true }).fill(MATE_IN_ONE);
      await page.getByRole('button', { name: 'Set up this FEN' }).click();
      const startFrom = async (side: 'red' | 'black'): Promise<void> => {
        await page.getByRole('button', { name: 'New game' }).click();
        await page.locator(`input[name="side"][value="${side}"]`).check();
        await page.locator('#time-control').selectOption('move-1');
        await page.getByLabel('Start from the position on the board').check();
        await page.getByRole('button', { name: 'Start', exact: true }).click();
      };
      await startFrom('red');
      await expect.poll(() => page.locator('#status').innerText()).toBe('Your move (Red)');
      // Drag the chariot from i0 to i9 (on the black king's rank).
      const i0 = await centre(page, '[data-square="i0"]');
      const e9 = await centre(page, '[data-square="e9"]');
      await drag(page, i0, { x: i0.x, y: e9.y });
      await expect.poll(() => page.locator('#status').innerText()).toBe('Checkmate (绝杀): Red (you) wins');
      expect(await moveList(page).innerText()).toContain('1-0');
      expect(await page.getByRole('button', { name: 'Resign' }).isDisabled()).toBe(true);
      await moveField(page).fill('e9e8');
      await moveField(page).press('Enter');
      expect(await page.locator('#move-error').innerText()).toContain('The game is over');

      // From the same position with the person as Black: the engine finds the mate.
      await page.getByRole('button', { name: 'First position' }).click();
      await startFrom('black');
      await expect.poll(() => page.locator('#status').innerText(), { timeout: 30_000 }).toBe('Checkmate (绝杀): Red (Chuhan) wins');
      expect(chineseToIccs(await moveTexts(page), MATE_IN_ONE)).toEqual(['i0i9']);
      expect(await moveList(page).innerText()).toContain('1-0');

      // A game at level 0 (the engine's Skill Level 0: depth 1, a draw among four lines): the
      // engine answers with a legal move from a depth-1 search, the next game offers the level
      // again (after a reload too), and analysis runs at full strength.
      await page.getByRole('button', { name: 'New game' }).click();
      await page.locator('input[name="side"][value="black"]').check();
      await page.locator('#time-control').selectOption('5+3');
      await page.locator('#level').selectOption('0');
      await page.getByLabel('Start from the position on the board').uncheck();
      await page.getByRole('button', { name: 'Start', exact: true }).click();
      await expect.poll(() => moveTexts(page), { timeout: 30_000 }).toHaveLength(1);
      expect(chineseToIccs(await moveTexts(page))).toHaveLength(1);
      expect(await page.locator('#engine-summary').innerText()).toMatch(/^Last search: depth 1 /);
      await page.reload();
      await page.getByRole('button', { name: 'New game' }).click();
      expect(await page.locator('#level').inputValue()).toBe('0');
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('button', { name: 'Analyse' }).click();
      await expect.poll(() => page.locator('#engine-summary').innerText(), { timeout: 30_000 }).toMatch(/^Depth ([4-9]|\d\d) /);
      expect(problems, problems.join(' | ')).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('reviews a loaded game: progress, the graph and the marks, a click on the graph, the PGN of chuhan analyse, a phone', async () => {
    // 6. 马八进七?? leaves the chariot on h6 to Black's (test/analyse.test.ts has the same game).
    const pgnText = [
      '[Event "Review test"]',
      '[Red "甲"]',
      '[Black "乙"]',
      '[Result "*"]',
      '1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 马２进３ 4. 兵七进一 卒７进１',
      '5. 车二进六 炮８平９ 6. 马八进七 车８进３ 7. 马七进六 *',
      '',
    ].join('\n');
    const { page, context, problems } = await open();
    try {
      await page.getByRole('button', { name: 'Analyse' }).click();
      await page.getByText('FEN, PGN and link').click();
      await page.getByLabel('PGN', { exact: true }).fill(pgnText);
      await page.getByRole('button', { name: 'Load', exact: true }).click();
      await expect.poll(() => moveTexts(page)).toHaveLength(13);
      await page.getByLabel('PGN move format').selectOption('iccs');

      // Review: the progress shows at once, then each side's figures, the graph and the marks.
      const t0 = Date.now();
      await page.getByRole('button', { name: 'Review', exact: true }).click();
      expect(await page.locator('#review-progress-text').innerText()).toMatch(/^Position \d+ of 14/);
      expect(await page.getByRole('progressbar', { name: 'Review progress' }).getAttribute('max')).toBe('14');
      expect(await page.locator('#engine-summary').innerText()).toBe('Analysis waits while the review runs.');
      await expect.poll(() => page.locator('#review-sides').isVisible(), { timeout: 120_000, interval: 200 }).toBe(true);
      const took = Date.now() - t0;
      expect(await page.locator('#review-progress-row').isVisible()).toBe(false);
      const sides = await page.locator('#review-sides-body tr').allInnerTexts();
      expect(sides).toHaveLength(2);
      expect(sides[0]).toMatch(/^Red\s+\d+\.\d%\s+\d+\s+\d+\s+1\s+\d+$/); // Red: one blunder
      const dots = page.locator('#review-graph svg .graph-mark');
      expect(await dots.count()).toBeGreaterThanOrEqual(1);
      const blunder = page.locator('#review-graph .graph-mark.blunder[data-ply="11"]');
      expect(await blunder.count()).toBe(1);
      const marked = moveList(page).locator('button.move[data-mark]');
      expect(await marked.count()).toBe(await dots.count());
      const listed = moveList(page).locator('button.move[data-ply="11"]');
      expect(await listed.getAttribute('data-mark')).toBe('blunder');
      expect(await listed.innerText()).toMatch(/^马八进七\s*\?\?/);
      // The same colour in the graph and the move list.
      type Styles = { getComputedStyle(e: unknown): { fill: string; backgroundColor: string } };
      const dotColour = await blunder.evaluate((e) => (globalThis as unknown as Styles).getComputedStyle(e).fill);
      const badgeColour = await listed
        .locator('.nag')
        .evaluate((e) => (globalThis as unknown as Styles).getComputedStyle(e).backgroundColor);
      expect(dotColour).toMatch(/^rgb\(/);
      expect(dotColour).toBe(badgeColour);

      // A click on the graph at the mark lands on that move: the list, the board, the better move.
      await page.getByRole('button', { name: 'First position' }).click();
      await expect.poll(() => moveList(page).locator('[aria-current="true"]').count()).toBe(0);
      await page.locator('#review-graph').scrollIntoViewIfNeeded();
      const at = await centre(page, '#review-graph .graph-mark.blunder');
      await page.mouse.click(at.x, at.y);
      await expect.poll(() => moveList(page).locator('[aria-current="true"]').getAttribute('data-ply')).toBe('11');
      expect(await page.locator('[data-square="c2"]').getAttribute('data-piece')).toBe('red horse');
      const better = await page.locator('[data-better]').getAttribute('data-better');
      expect(better?.slice(0, 2)).toBe('h6'); // the chariot saves itself
      const detail = await page.locator('#review-detail').innerText();
      expect(detail).toMatch(/^6\. 马八进七\s*\?\?/);
      expect(detail).toMatch(/Blunder: Red's winning chances \d+% → \d+%/);
      expect(detail).toMatch(/^6\. 马八进七\s*\?\?[^\n]*\n\(blunder\)\s+[+−]\d+\.\d\d · Red wins \d+%, draw \d+%, Black wins \d+%/);
      expect(detail).toMatch(/Better [+−]\d+\.\d\d:\s+车二/);
      // The marks are reachable from the keyboard too: from the first position, the first mark.
      const firstMarked = await marked.first().getAttribute('data-ply');
      await page.getByRole('button', { name: 'First position' }).click();
      await page.getByRole('button', { name: 'Next mark ›' }).click();
      await expect.poll(() => moveList(page).locator('[aria-current="true"]').getAttribute('data-ply')).toBe(firstMarked);

      // The reviewed PGN is the one chuhan analyse writes at the same node count, byte for byte.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download reviewed PGN' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^chuhan-review-\d{8}-\d{4}\.pgn$/);
      const fromPage = readFileSync((await download.path())!, 'utf8');
      const dir = mkdtempSync(join(tmpdir(), 'chuhan-review-'));
      writeFileSync(join(dir, 'game.pgn'), pgnText);
      const cli = spawnSync(
        builtEngine(),
        ['analyse', join(dir, 'game.pgn'), '--out', join(dir, 'cli.pgn'), '--nodes', '60000', '--format', 'iccs', '--concurrency', '1'],
        { encoding: 'utf8' },
      );
      expect(cli.status, cli.stderr).toBe(0);
      expect(fromPage).toBe(readFileSync(join(dir, 'cli.pgn'), 'utf8'));
      expect(fromPage).toContain('[Annotator "Chuhan ');
      expect(fromPage).toMatch(/\n6\. B0-C2 \$4\n\{-\d+\.\d\d\/\d+\}\n\(6\. H6-/);
      expect(parsePgn(fromPage)[0].moves.map(moveToIccs)).toEqual(parsePgn(pgnText)[0].moves.map(moveToIccs));

      // A reload keeps the review.
      await page.reload();
      await expect.poll(() => moveList(page).locator('button.move[data-mark="blunder"]').count()).toBe(1);
      expect(await page.locator('#review-sides').isVisible()).toBe(true);

      // On a phone-sized screen the review goes under the board, fits the width, and a tap works.
      await page.setViewportSize({ width: 390, height: 844 });
      await expect.poll(() => page.locator('#review-slot-board #review').count()).toBe(1);
      expect(
        await page.evaluate(
          () => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth,
        ),
      ).toBeLessThanOrEqual(390);
      await page.locator('#review-graph').scrollIntoViewIfNeeded();
      const graph = (await page.locator('#review-graph').boundingBox())!;
      expect(graph.x).toBeGreaterThanOrEqual(0);
      expect(graph.x + graph.width).toBeLessThanOrEqual(390);
      await page.mouse.click(graph.x + 2, graph.y + graph.height / 2);
      await expect.poll(() => moveList(page).locator('[aria-current="true"]').count()).toBe(0);

      // Cancel: a second review stops at once, and the Review button is back.
      await page.getByRole('button', { name: 'Close the review' }).click();
      expect(await moveList(page).locator('button.move[data-mark]').count()).toBe(0);
      await page.getByRole('button', { name: 'Review', exact: true }).click();
      await page.getByRole('button', { name: 'Cancel', exact: true }).click();
      expect(await page.locator('#review').isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: 'Review', exact: true }).isVisible()).toBe(true);
      expect(problems, problems.join(' | ')).toEqual([]);
      console.log(`page test: 14 positions reviewed at 60,000 nodes in ${took} ms; the PGN is chuhan analyse's`);
    } finally {
      await context.close();
    }
  });

  it('speaks Chinese to a browser set to zh-CN, in every label, and in 繁體 once chosen, kept through a reload', async () => {
    const { page, context, problems } = await open(`${base}?moves=h2e2`, { width: 1280, height: 900 }, 'zh-CN');
    try {
      expect(await page.evaluate(() => (globalThis as unknown as { navigator: { languages: string[] } }).navigator.languages)).toEqual([
        'zh-CN',
      ]);
      expect(await page.locator('html').getAttribute('lang')).toBe('zh-Hans');
      expect(await page.title()).toContain('中国象棋');
      // The labels a person acts on, by the names a screen reader gives them.
      for (const name of ['对弈', '分析', '新局', '复盘', '翻转棋盘', '起始局面', '上一步', '走子']) {
        expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(1);
      }
      expect(await page.locator('#status').innerText()).toBe('分析：轮到黑方走');
      // A move typed in Chinese into the field labelled 着法; the engine's lines in Chinese.
      await page.getByLabel('着法', { exact: true }).fill('马８进７');
      await page.getByRole('button', { name: '走子', exact: true }).click();
      await expect
        .poll(() => page.getByRole('list', { name: '着法记录' }).locator('button.move').allInnerTexts())
        .toEqual(['炮二平五', '马８进７']);
      const lines = page.getByRole('list', { name: '引擎变例' }).locator('li');
      await expect.poll(() => lines.count(), { timeout: 30_000 }).toBe(3);
      expect(await lines.first().innerText()).toMatch(
        /^([+−]?\d+\.\d\d|[红黑]\d+步杀)\s+\d+ \d+ \d+\s+[车马相仕帅炮兵][一二三四五六七八九][进退平]/,
      );
      expect(await lines.first().locator('.wdl').getAttribute('title')).toMatch(/^红胜 \d+%，和 \d+%，黑胜 \d+%$/);
      await expect.poll(() => page.locator('#engine-summary').innerText()).toMatch(/^深度 \d+ · 每秒 [\d.]+万? ?节点$/);
      expect(await lines.first().locator('button').first().getAttribute('title')).toBe('走出此变例，直到这一步');
      await page.getByRole('button', { name: '新局', exact: true }).click();
      expect(await page.getByLabel('用时').locator('option:checked').innerText()).toBe('5 分钟 + 每步 3 秒');
      await page.getByRole('button', { name: '取消', exact: true }).click();
      // No word of English left: every text of the page, shown or hidden (the review's panel, the
      // forms, the choices), and every tooltip, label and placeholder. The names of formats stay,
      // and the engine's own `info string` messages (#engine-message) are the engine's.
      const english = await page.evaluate(() => {
        const doc = (globalThis as unknown as { document: PageDocument }).document;
        const texts: string[] = [];
        for (const e of doc.querySelectorAll('body *')) {
          if (e.closest('#engine-message, script') !== null) continue;
          for (const n of e.childNodes) if (n.nodeType === 3) texts.push(n.textContent ?? '');
          for (const a of ['title', 'aria-label', 'placeholder']) texts.push(e.getAttribute(a) ?? '');
        }
        return texts.join(' ');
      });
      // A command and a file are named as they are typed.
      const words = [...english.replace(/chuhan analyse|docs\/analyse\.md/g, '').matchAll(/[A-Za-z]{3,}/g)].map((m) => m[0]);
      const names = new Set(['Chuhan', 'FEN', 'PGN', 'XQF', 'ECCO', 'ICCS', 'WXF', 'English']);
      expect(words.filter((w) => !names.has(w))).toEqual([]);

      // The reader switches to Traditional characters: the page and the move list follow, and stay so.
      await page.getByLabel('语言').selectOption('zh-Hant');
      expect(await page.locator('html').getAttribute('lang')).toBe('zh-Hant');
      expect(await page.getByRole('button', { name: '覆盤', exact: true }).count()).toBe(1);
      expect(await page.getByRole('list', { name: '著法記錄' }).locator('button.move').allInnerTexts()).toEqual(['炮二平五', '馬８進７']);
      await page.reload();
      expect(await page.locator('html').getAttribute('lang')).toBe('zh-Hant');
      expect(await page.locator('#status').innerText()).toBe('分析：輪到紅方走');
      expect(await page.getByLabel('語言').inputValue()).toBe('zh-Hant');
      expect(problems, problems.join(' | ')).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the static copy (dist/web) works without the isolation headers and says what it lacks', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chuhan-page-'));
    await buildWeb(dir);
    const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };
    const server: Server = createServer((req, res) => {
      const name = (req.url ?? '/').split('?')[0].slice(1) || 'index.html';
      const file = join(dir, 'web', name);
      if (!/^[\w.-]+$/.test(name) || !existsSync(file)) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const addr = server.address();
    const url = `http://127.0.0.1:${typeof addr === 'object' && addr !== null ? addr.port : 0}/`;
    const { page, context, problems } = await open(url, { width: 390, height: 844 });
    try {
      expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).crossOriginIsolated)).toBe(false);
      expect(await page.getByRole('alert').filter({ hasText: 'SharedArrayBuffer' }).innerText()).toMatch(/one thread/);
      expect(await page.locator('#set-threads').isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Analyse' }).click();
      const lines = page.getByRole('list', { name: 'Engine lines' }).locator('li');
      await expect.poll(() => lines.count(), { timeout: 30_000 }).toBe(3);
      // Stopping restarts the engine here; it still answers for the next position.
      await moveField(page).fill('炮二平五');
      await moveField(page).press('Enter');
      await expect.poll(() => moveTexts(page)).toEqual(['炮二平五']);
      await expect
        .poll(() => lines.allInnerTexts(), { timeout: 30_000 })
        .toSatisfy((all: string[]) => all.length === 3 && all.every((l) => /[车马象士将炮卒][１-９][进退平]/.test(l)));
      expect(problems, problems.join(' | ')).toEqual([]);
    } finally {
      await context.close();
      server.close();
    }
  });
});
