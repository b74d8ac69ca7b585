import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

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
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    pool: 'forks',
  },
});
