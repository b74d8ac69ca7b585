// The page side of test/browser.slow-timing.test.ts: starts dist/chuhan.worker.js as a page would,
// and keeps every line it posts with the page's clock, so the test can wait for replies and time
// them.
'use strict';
window.harness = {
  worker: null,
  lines: [],
  waiters: [],
  start(url = 'chuhan.worker.js') {
    this.lines = [];
    this.waiters = [];
    this.worker = new Worker(url);
    this.worker.onmessage = (e) => {
      const entry = { t: performance.now(), line: e.data, index: this.lines.length };
      this.lines.push(entry);
      for (const w of [...this.waiters]) {
        if (entry.index >= w.from && w.re.test(entry.line)) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(entry);
        }
      }
    };
    this.worker.onerror = (e) => this.lines.push({ t: performance.now(), line: `worker error: ${e.message}`, index: this.lines.length });
  },
  /** Posts a command line; returns the time it was posted and the index the reply will have. */
  send(line) {
    const mark = { t: performance.now(), index: this.lines.length };
    this.worker.postMessage(line);
    return mark;
  },
  /** The first line from `from` on that matches `source`, within `ms`. */
  waitFor(source, from, ms) {
    const re = new RegExp(source);
    const seen = this.lines.find((e) => e.index >= from && re.test(e.line));
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const w = { re, from, resolve };
      this.waiters.push(w);
      setTimeout(() => {
        if (this.waiters.includes(w)) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          reject(
            new Error(
              `no line matching /${source}/ within ${ms} ms; last lines: ${this.lines
                .slice(-5)
                .map((e) => e.line)
                .join(' | ')}`,
            ),
          );
        }
      }, ms);
    });
  },
  /**
   * An infinite search on this page's main thread (to `depth` when given), stopped by a helper
   * worker through a shared flag after `ms`: the search polls the flag and never calls
   * Atomics.wait (which throws on a window's thread). Returns the best move and how long it took.
   */
  async mainThreadInfinite(ms, depth) {
    const core = await import('./engine.mjs');
    const signals = new Int32Array(new SharedArrayBuffer(core.SIGNAL_COUNT * 4));
    const src = `onmessage = (e) => setTimeout(() => { Atomics.store(new Int32Array(e.data.buf), e.data.slot, 1); postMessage('set'); }, e.data.ms);`;
    const helper = new Worker(URL.createObjectURL(new Blob([src], { type: 'text/javascript' })));
    await new Promise((resolve) => {
      helper.onmessage = resolve;
      helper.postMessage({ buf: signals.buffer, slot: core.SIGNAL_STOP, ms: 1 });
    });
    Atomics.store(signals, core.SIGNAL_STOP, 0);
    helper.onmessage = null;
    helper.postMessage({ buf: signals.buffer, slot: core.SIGNAL_STOP, ms });
    const t0 = performance.now();
    const result = new core.Searcher(1).search(
      core.parseFen(core.START_FEN),
      depth === undefined ? { infinite: true } : { depth, infinite: true },
      signals,
    );
    const took = performance.now() - t0;
    helper.terminate();
    return { move: core.moveToIccs(result.bestMove), took };
  },
  /** The legal moves of the start position in ICCS, from the ES-module core. */
  async startMoves() {
    const core = await import('./engine.mjs');
    const pos = core.parseFen(core.START_FEN);
    const buf = new Int32Array(core.MAX_MOVES);
    const n = core.generateLegal(pos, buf, 0);
    return Array.from(buf.subarray(0, n), (m) => core.moveToIccs(m));
  },
};
