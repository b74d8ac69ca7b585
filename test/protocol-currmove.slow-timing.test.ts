// `info currmove` in debug mode, over pipes against the real executable: with debug on, a search
// that runs past one second reports the root move it is searching (UCCI in ElephantEye's form
// `info currmove h2e2 currmovenumber 3`, UCI in Pikafish's `info depth D currmove M currmovenumber N`),
// at most once per root move per iteration and never after the bestmove; with debug off, never.
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_MOVES, START_FEN, generateLegal, moveToIccs, parseFen } from '../engine/index';
import { type EngineProcess, builtEngine, startChuhan } from './e2e-engine';

const START_MOVES = (() => {
  const buf = new Int32Array(MAX_MOVES);
  const n = generateLegal(parseFen(START_FEN), buf, 0);
  return new Set(Array.from(buf.subarray(0, n), moveToIccs));
})();

const FORMAT = {
  ucci: /^info currmove (\S+) currmovenumber (\d+)$/,
  uci: /^info depth (\d+) currmove (\S+) currmovenumber (\d+)$/,
};

interface Run {
  /** The currmove lines, with milliseconds since `go` was sent. */
  currmoves: Array<{ line: string; ms: number }>;
  /** Every line from `go` to the bestmove, and the bestmove line. */
  lines: string[];
  bestmove: string;
}

/** `go movetime 2500` from the start position; collects the output up to the bestmove. */
async function search(e: EngineProcess): Promise<Run> {
  await e.sync();
  const from = e.cursor;
  const t0 = e.send('position startpos', 'go movetime 2500');
  const best = await e.expect(/^bestmove /, 8000);
  const slice = e.received.slice(from, e.received.indexOf(best));
  const currmoves = slice.filter((r) => /\bcurrmove\b/.test(r.line)).map((r) => ({ line: r.line, ms: r.at - t0 }));
  // Anything that follows the bestmove must not be a currmove (checked after a short wait).
  await new Promise((r) => setTimeout(r, 150));
  const after = e.take();
  expect(
    after.filter((l) => /\bcurrmove\b/.test(l)),
    'currmove after bestmove',
  ).toEqual([]);
  return { currmoves, lines: slice.map((r) => r.line), bestmove: best.line };
}

describe('info currmove in debug mode', () => {
  let exe: string;
  beforeAll(() => {
    exe = builtEngine();
  }, 180_000);

  for (const dialect of ['ucci', 'uci'] as const) {
    it(`${dialect}: reported with debug on, absent with debug off`, async () => {
      const on = await startChuhan(exe, dialect);
      const off = await startChuhan(exe, dialect);
      try {
        on.send(dialect === 'ucci' ? 'setoption debug true' : 'debug on');
        off.send(dialect === 'ucci' ? 'setoption debug false' : 'debug off');
        // Both searches at once, to keep the test short.
        const [withDebug, without] = await Promise.all([search(on), search(off)]);

        // Debug on: at least one line, every one well formed, naming a legal root move.
        expect(withDebug.currmoves.length, withDebug.lines.slice(-20).join('\n')).toBeGreaterThan(0);
        const seen = new Set<string>();
        for (const { line, ms } of withDebug.currmoves) {
          const m = FORMAT[dialect].exec(line);
          expect(m, line).not.toBeNull();
          const [move, number] = dialect === 'ucci' ? [m![1], Number(m![2])] : [m![2], Number(m![3])];
          expect(START_MOVES.has(move), `${move} is a legal move of the start position`).toBe(true);
          expect(number).toBeGreaterThanOrEqual(1);
          expect(number).toBeLessThanOrEqual(START_MOVES.size);
          // Only once the search has run for a second.
          expect(ms, line).toBeGreaterThanOrEqual(900);
          if (dialect === 'uci') {
            // No flood: one line per root move per iteration.
            const key = `${m![1]} ${move}`;
            expect(seen.has(key), `repeated: ${line}`).toBe(false);
            seen.add(key);
          }
        }
        if (dialect === 'ucci') {
          // Without a depth on the line, bound the count: one per root move per iteration.
          const depths = withDebug.lines.map((l) => /^info depth (\d+)/.exec(l)).filter((x) => x !== null);
          const maxDepth = Math.max(1, ...depths.map((x) => Number(x![1])));
          expect(withDebug.currmoves.length).toBeLessThanOrEqual(START_MOVES.size * (maxDepth + 1));
        }
        // The search still answers with a legal move.
        expect(START_MOVES.has(withDebug.bestmove.split(' ')[1]), withDebug.bestmove).toBe(true);

        // Debug off: none at all, and the same kind of answer.
        expect(without.currmoves.map((c) => c.line)).toEqual([]);
        expect(START_MOVES.has(without.bestmove.split(' ')[1]), without.bestmove).toBe(true);
      } finally {
        await Promise.all([on.quit(), off.quit()]);
        on.kill();
        off.kill();
      }
    }, 20_000);
  }
});
