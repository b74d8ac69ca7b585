// Not a test: makes the README's pictures of the page, docs/img/page-*.png, from dist/chuhan
// (`npm run build` first) and headless Chromium, as the page tests run them:
//   node test/browser/screenshots.mjs
// The game shown is a common opening (中炮对屏风马); the engine's lines differ from run to run.
// The pieces are drawn in the first CJK font the system has (Debian: fonts-arphic-ukai).
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const out = join(root, 'docs', 'img');
const MOVES = 'h2e2 h9g7 h0g2 i9h9 i0h0 g6g5 h0h6 b9c7 c3c4 h7i7 h6g6 i7i8 b0c2 f9e8 b2a2'.split(' ');
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** A game against the engine in local storage: the person red, the engine (black) to move. */
function savedGame(left) {
  return JSON.stringify({
    version: 1,
    startFen: 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1',
    moves: MOVES,
    cursor: MOVES.length,
    mode: 'play',
    play: { human: 0, control: '10+5', left },
    end: null,
    tags: [],
    settings: { pieces: 'chinese', coords: 'wxf', notation: 'chinese', flipped: false, threads: 0, analyse: true },
  });
}

const serve = spawn(join(root, 'dist', 'chuhan'), ['serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
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
  ]) {
    const context = await browser.newContext({ viewport: shot.viewport, deviceScaleFactor: shot.scale, isMobile: shot.scale > 1, hasTouch: shot.scale > 1 });
    if (shot.play) await context.addInitScript((saved) => localStorage.setItem('chuhan-page', saved), savedGame([548_000, 561_000]));
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
    await page.goto(shot.play ? base : `${base}?moves=${MOVES.join('+')}`);
    await page.waitForTimeout(shot.play ? 3_000 : 8_000);
    await page.screenshot({ path: join(out, shot.name) });
    console.log(`wrote docs/img/${shot.name}`);
    await context.close();
  }
} finally {
  await browser.close();
  serve.kill('SIGINT');
}
