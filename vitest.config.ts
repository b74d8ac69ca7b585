import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Four projects (docs/tests.md, "Four projects"), each file in one by its name:
//   unit         test/**/NAME.test.ts, the fast part, files in parallel: rules, search, tools, and
//                the protocol on the Session in process (test/session-harness.ts), with a few smoke
//                tests of the real executable;
//   timing       NAME.timing.test.ts, also fast, run after unit one file at a time: assertions on
//                wall-clock time (answer times, clocks, searches racing input), which other files
//                running beside them on a small machine would make flaky;
//   slow         NAME.slow.test.ts, after those, files in parallel: fuzzing, rebuilds of the
//                executable, tools run for minutes and Ctrl-C on them, the executable's command
//                line beyond the smoke tests, the npm package, the shards under Slurm;
//   slow-timing  NAME.slow-timing.test.ts, last, one file at a time: games against Fairy-Stockfish
//                and matches (clocks), soaks, the browser and the page, debug output after a
//                second of search.
// `npm test` runs unit and timing; `npm run test:all` (and .ci/run) all four; `npm run test:slow`
// the two slow ones. A new file goes into a group by the name it is given.

const TIMING = 'test/**/*.timing.test.ts';
const SLOW = 'test/**/*.slow.test.ts';
const SLOW_TIMING = 'test/**/*.slow-timing.test.ts';

export default defineConfig({
  test: {
    // The built-in network, as each host provides it (engine/network.ts).
    setupFiles: ['test/setup-network.ts'],
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
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: [TIMING, SLOW, SLOW_TIMING],
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      { extends: true, test: { name: 'timing', include: [TIMING], fileParallelism: false, isolate: false, sequence: { groupOrder: 1 } } },
      { extends: true, test: { name: 'slow', include: [SLOW], sequence: { groupOrder: 2 } } },
      { extends: true, test: { name: 'slow-timing', include: [SLOW_TIMING], fileParallelism: false, sequence: { groupOrder: 3 } } },
    ],
  },
});
