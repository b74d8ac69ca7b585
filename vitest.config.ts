import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Four projects (docs/tests.md, "Four projects"):
//   unit         the fast part, files in parallel: rules, search, tools, and the protocol on the
//                Session in process (test/session-harness.ts), with a few smoke tests of the real
//                executable;
//   timing       also fast, run after unit one file at a time: assertions on wall-clock time (answer
//                times, clocks, searches racing input), which other files running beside them on a
//                small machine would make flaky;
//   slow         after those, files in parallel: fuzzing, rebuilds of the executable, tools run
//                for minutes, and Ctrl-C on them;
//   slow-timing  last, one file at a time: games against Fairy-Stockfish and matches (clocks),
//                soaks, the browser and the page, debug output after a second of search.
// `npm test` runs unit and timing; `npm run test:all` (and .ci/run) all four; `npm run test:slow`
// the two slow ones.

const TIMING = [
  'test/protocol-latency.test.ts',
  'test/protocol-clock.test.ts',
  'test/search-time.test.ts',
  'test/threads.test.ts',
];

const SLOW = [
  'test/protocol-fuzz.test.ts',
  'test/protocol-pv.test.ts',
  'test/perft-fairy.test.ts',
  'test/build-atomic.test.ts',
  'test/datagen-shard.test.ts',
  'test/datagen-pgn.test.ts',
  'test/train-stream.test.ts',
  'test/nnue-train.test.ts',
  'test/match-shard-play.test.ts',
  'test/analyse-cli.test.ts',
  'test/match-resume.test.ts',
  // The executable and the command line beyond the smoke tests (protocol-smoke.test.ts stays in
  // unit): the CLI's errors, serve, start's rebuilds, the match preflight, big machines, the
  // GUI checks; and the second network's exhaustive agreement checks.
  'test/cli-errors.test.ts',
  'test/serve.test.ts',
  'test/start.test.ts',
  'test/match-preflight.test.ts',
  'test/machine-limits.test.ts',
  'test/protocol-uci2wb.test.ts',
  'test/protocol-gmchess.test.ts',
  'test/nnue-king.test.ts',
  // Ctrl-C on the tools: their bounds (exit within 5 s, a run longer than the 1.5 s before the
  // SIGINT) hold beside another file.
  'test/interrupt.test.ts',
  'test/spsa-run.test.ts',
  // The npm package packed, installed into a fresh project and used there (issue 44).
  'test/package.test.ts',
  // The shards of a match and of datagen under a one-node Slurm cluster and GNU parallel (issue 44).
  'test/scale-out.test.ts',
];

const SLOW_TIMING = [
  'test/e2e-fairy-game.test.ts',
  'test/match-runner.test.ts',
  'test/match-ponder.test.ts',
  'test/threads-soak.test.ts',
  'test/browser.test.ts',
  'test/page.test.ts',
  'test/protocol-currmove.test.ts',
];

export default defineConfig({
  // Network files are imported as bytes, as esbuild's binary loader does in build.mjs.
  plugins: [
    {
      name: 'nnue-bytes',
      load(id) {
        if (!id.endsWith('.nnue')) return null;
        const b64 = readFileSync(id).toString('base64');
        return `export default new Uint8Array(Buffer.from(${JSON.stringify(b64)}, 'base64'));`;
      },
    },
  ],
  test: {
    testTimeout: 120_000,
    // Hooks build the executable or the browser files and start Chromium: slow on a loaded machine.
    hookTimeout: 180_000,
    pool: 'forks',
    // One file per core (vitest's default leaves one core out, which on 2 cores runs one file at a time).
    maxWorkers: availableParallelism(),
    projects: [
      // unit and timing share each worker's module cache between files (isolate: false): the engine's
      // code is imported and compiled once per worker rather than once per file, which makes the
      // fast part about a quarter faster. Their files keep no state at module level that another
      // file could see.
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: [...TIMING, ...SLOW, ...SLOW_TIMING], isolate: false, sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'timing', include: TIMING, fileParallelism: false, isolate: false, sequence: { groupOrder: 1 } } },
      { extends: true, test: { name: 'slow', include: SLOW, sequence: { groupOrder: 2 } } },
      { extends: true, test: { name: 'slow-timing', include: SLOW_TIMING, fileParallelism: false, sequence: { groupOrder: 3 } } },
    ],
  },
});
