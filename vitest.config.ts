import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * Test files whose assertions involve wall-clock time (clocks, stop latency, searches racing
 * input). They run one at a time after all the others, so that a larger CI machine running many
 * files at once cannot make them flaky.
 */
const TIMING = [
  'test/e2e-fairy-game.test.ts',
  'test/protocol-latency.test.ts',
  'test/protocol-currmove.test.ts',
  'test/protocol-fuzz.test.ts',
  'test/search.test.ts',
  'test/protocol-overhead.test.ts',
  'test/browser.test.ts',
  'test/page.test.ts',
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
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: TIMING, sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'timing', include: TIMING, fileParallelism: false, sequence: { groupOrder: 1 } } },
    ],
  },
});
