// Not a test: makes the README's pictures of the page, docs/img/page-*.png, from dist/chuhan
// (`npm run build` first; $CHUHAN names another executable) and headless Chromium, as the page
// tests run them:
//   node test/browser/screenshots.mjs                 all of them
//   node test/browser/screenshots.mjs review          only those whose name holds `review`
// The game shown is a common opening (中炮对屏风马); the engine's lines differ from run to run.
// The review is of a game between two of Chuhan's levels (14 as Red, 10 as Black), reviewed at the
// page's default of 60,000 nodes a position (12 to 25 s here), shown at its first blunder.
// The page in Chinese: the same review with the browser set to zh-CN (page-zh-review.png), and the
// game on a phone set to zh-TW (page-zh-tw-phone.png), the others with the browser set to en-US.
// The pieces are drawn in the first CJK font the system has (Debian: fonts-arphic-ukai), the
// Chinese labels in a CJK sans-serif font (Debian: fonts-noto-cjk).
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const out = join(root, 'docs', 'img');
const MOVES = 'h2e2 h9g7 h0g2 i9h9 i0h0 g6g5 h0h6 b9c7 c3c4 h7i7 h6g6 i7i8 b0c2 f9e8 b2a2'.split(' ');
/** Chuhan at level 14 (Red) against level 10 (Black), to checkmate in 117 plies. */
const REVIEW_MOVES = (
  'c3c4 f9e8 b2d2 h9g7 h0g2 b7c7 d0e1 b9a7 g3g4 h7i7 g2f4 a9b9 b0c2 b9b5 c2d4 i9h9 i0h0 c7e7 g0e2 i6i5 f4g6 e7e3 h2h7 ' +
  'i7i8 d4e6 g7e6 h7e7 c9e7 h0h9 e6g7 h9h3 e3e6 d2d0 b5f5 a0b0 f5f6 b0b7 f6g6 h3g3 c6c5 c4c5 i5i4 b7a7 i4h4 c5d5 g6g4 ' +
  'g3f3 g4d4 f3f8 i8i7 f8g8 g7h5 a7a6 e6e3 g8g3 e3e4 d5e5 i7i5 a6h6 h5f4 g3f3 i5g5 f3e3 e4e2 c0e2 d4d1 h6f6 d1d3 e3e4 ' +
  'f4e2 e1d2 d3d2 f0e1 d2c2 e5e6 g5b5 e4b4 b5c5 b4h4 c5b5 h4b4 b5d5 e0f0 c2c3 b4e4 e2g1 e4e5 d5d3 e5e3 g1i2 f6h6 i2g1 ' +
  'h6g6 c3a3 g6g1 d3c3 g1g4 c3c0 d0d3 c0c8 i3i4 a3a5 g4g6 c8b8 e6e7 g9e7 e3e7 a5f5 f0e0 b8d8 d3d9 e9d9 e7e8 f5f9 g6d6 ' +
  'f9f6 d6d8'
).split(' ');
const only = process.argv[2] ?? '';
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

/** A game against the engine in local storage: the person red, the engine (black) to move; moves in `notation`. */
function savedGame(left, notation = 'chinese') {
  return JSON.stringify({
    version: 1,
    startFen: 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1',
    moves: MOVES,
    cursor: MOVES.length,
    mode: 'play',
    play: { human: 0, control: '10+5', left },
    end: null,
    tags: [],
    settings: { pieces: 'chinese', coords: 'wxf', notation, flipped: false, threads: 0, analyse: true },
  });
}

const serve = spawn(process.env.CHUHAN ?? join(root, 'dist', 'chuhan'), ['serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
const base = await new Promise((resolve, reject) => {
  let text = '';
  serve.stdout.setEncoding('utf8').on('data', (c) => {
    text += c;
    const m = /(http:\/\/\S+\/)/.exec(text);
    if (m) resolve(m[1]);
  });
  serve.on('exit', (code) => reject(new Error(`chuhan serve exited (${code})`)));
});
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: FLAGS });
mkdirSync(out, { recursive: true });
try {
  for (const shot of [
    { name: 'page-play.png', viewport: { width: 1280, height: 860 }, scale: 1, play: true },
    { name: 'page-analysis.png', viewport: { width: 1280, height: 860 }, scale: 1, play: false },
    { name: 'page-phone.png', viewport: { width: 390, height: 844 }, scale: 2, play: true },
    { name: 'page-zh-tw-phone.png', viewport: { width: 390, height: 844 }, scale: 2, play: true, locale: 'zh-TW' },
  ]) {
    if (!shot.name.includes(only)) continue;
    const context = await browser.newContext({
      locale: shot.locale ?? 'en-US',
      viewport: shot.viewport,
      deviceScaleFactor: shot.scale,
      isMobile: shot.scale > 1,
      hasTouch: shot.scale > 1,
    });
    const notation = shot.locale === 'zh-TW' ? 'traditional' : 'chinese';
    if (shot.play)
      await context.addInitScript((saved) => localStorage.setItem('chuhan-page', saved), savedGame([548_000, 561_000], notation));
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
    await page.goto(shot.play ? base : `${base}?moves=${MOVES.join('+')}`);
    await page.waitForTimeout(shot.play ? 3_000 : 8_000);
    await page.screenshot({ path: join(out, shot.name) });
    console.log(`wrote docs/img/${shot.name}`);
    await context.close();
  }
  if ('page-review.png page-review-phone.png page-zh-review.png'.includes(only)) await reviewShots();
} finally {
  await browser.close();
  serve.kill('SIGINT');
}

/**
 * The review: run once on the desktop page (docs/img/page-review.png), at the game's first blunder;
 * the phone's page and the page in Chinese open with the same local storage, so they show the same
 * review and move.
 */
async function reviewShots() {
  const desktop = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 1000 } });
  const page = await desktop.newPage();
  page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
  await page.goto(`${base}?moves=${REVIEW_MOVES.join('+')}`);
  const t0 = Date.now();
  await page.getByRole('button', { name: 'Review', exact: true }).click();
  await page.locator('#review-sides').waitFor({ state: 'visible', timeout: 900_000 });
  console.log(`reviewed ${REVIEW_MOVES.length} plies in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  const ply = await page.locator('#moves button.move[data-mark="blunder"]').first().getAttribute('data-ply');
  await page.locator(`#moves button.move[data-ply="${ply}"]`).click();
  await page.mouse.move(0, 0); // no button under the pointer, none shown hovered
  await page.waitForTimeout(8_000);
  await showMove(page);
  await page.screenshot({ path: join(out, 'page-review.png') });
  console.log('wrote docs/img/page-review.png');
  const saved = await page.evaluate(() => ({ page: localStorage.getItem('chuhan-page'), review: localStorage.getItem('chuhan-review') }));
  await desktop.close();
  const restore = (s) => {
    localStorage.setItem('chuhan-page', s.page);
    localStorage.setItem('chuhan-review', s.review);
  };
  const phone = await browser.newContext({
    locale: 'en-US',
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  await phone.addInitScript(restore, saved);
  const small = await phone.newPage();
  await small.goto(base);
  await small.waitForTimeout(8_000);
  await small.screenshot({ path: join(out, 'page-review-phone.png') });
  console.log('wrote docs/img/page-review-phone.png');
  await phone.close();
  const chinese = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 1000 } });
  await chinese.addInitScript(restore, saved);
  const zh = await chinese.newPage();
  await zh.goto(base);
  await zh.mouse.move(0, 0);
  await zh.waitForTimeout(8_000);
  await showMove(zh);
  await zh.screenshot({ path: join(out, 'page-zh-review.png') });
  console.log('wrote docs/img/page-zh-review.png');
  await chinese.close();
}

/** The page at its top, the move shown near the top of the list, where the window shows it with the marks around it. */
async function showMove(page) {
  await page.evaluate(() => {
    scrollTo(0, 0);
    const list = document.getElementById('moves');
    const current = list.querySelector('[aria-current="true"]');
    list.scrollTop = current.offsetTop - list.offsetTop - 3 * current.offsetHeight;
  });
}
