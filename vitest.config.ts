import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Three projects (README, "The tests"):
//   unit    the fast part, files in parallel: rules, search, tools, and the protocol on the Session
//           in process (test/session-harness.ts), with a few smoke tests of the real executable;
//   timing  also fast, run after unit one file at a time: assertions on wall-clock time (answer
//           times, clocks, searches racing input), which other files running beside them on a
//           small machine would make flaky;
//   slow    games, soaks, fuzzing, the browser and the long tools, after the others, one file at a
//           time for the same reason.
// `npm test` runs unit and timing; `npm run test:all` (and .ci/run) all three; `npm run test:slow`
// the slow one.

const TIMING = [
  'test/protocol-latency.test.ts',
  'test/protocol-clock.test.ts',
  'test/search-time.test.ts',
  'test/threads.test.ts',
];

const SLOW = [
  // Games against Fairy-Stockfish, matches, and soaks.
  'test/e2e-fairy-game.test.ts',
  'test/match-runner.test.ts',
  'test/protocol-currmove.test.ts',
  'test/protocol-pv.test.ts',
  'test/threads-soak.test.ts',
  'test/protocol-fuzz.test.ts',
  // A real browser.
  'test/browser.test.ts',
  'test/page.test.ts',
  // Rebuilds of the executable, and tools run for minutes.
  'test/build-atomic.test.ts',
  'test/perft-fairy.test.ts',
  'test/datagen-shard.test.ts',
  'test/datagen-pgn.test.ts',
  'test/interrupt.test.ts',
  'test/train-stream.test.ts',
  'test/nnue-train.test.ts',
  'test/match-shard-play.test.ts',
  'test/spsa-run.test.ts',
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
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: [...TIMING, ...SLOW], sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'timing', include: TIMING, fileParallelism: false, sequence: { groupOrder: 1 } } },
      { extends: true, test: { name: 'slow', include: SLOW, fileParallelism: false, sequence: { groupOrder: 2 } } },
    ],
  },
});
