// `npm run test:cross`: the cross-built executables, run for real where this machine can run them:
// the Windows file under Wine (test/wine.e2e.ts) and the Linux arm64 file under qemu-user
// (test/arm64.e2e.ts). The global setup builds them all once with `node build.mjs --target all`.
// It is not part of `npm test`, because the build fetches the Node binaries of the other platforms
// (about 30 MB each) from the npm registry on first use; .ci/run runs it.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/wine.e2e.ts', 'test/arm64.e2e.ts'],
    globalSetup: ['test/cross-build.setup.ts'],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: 'forks',
  },
});
