// The edge fuzz in process (test/fuzz-edges.ts on the Session of test/session-harness.ts): random
// bytes, megabyte lines, NUL and bytes that are not UTF-8, positions of 10,000 moves, and
// go/stop/ponderhit/isready interleaved at random delays. After every step the session must answer
// isready; nothing may throw, no safety net may fire, every line written must be a protocol line,
// and at the end every search has been answered. Each seed is printed when its run fails; rerun
// one with FUZZ_SEED=<seed>, and a longer run with FUZZ_STEPS=<n>. protocol-fuzz.slow.test.ts (the slow
// project) runs it longer with a fresh seed every time, and a short run through the executable.
import { describe, it, onTestFailed } from 'vitest';
import { edgeFuzz } from './fuzz-edges';

/** The seed run by default (fixed, so that the fast suite is deterministic). */
const SEEDS = process.env.FUZZ_SEED !== undefined ? [Number(process.env.FUZZ_SEED)] : [1];
const STEPS = Number(process.env.FUZZ_STEPS ?? 15);

describe('the edge fuzz, in process', () => {
  for (const seed of SEEDS) {
    it(`seed ${seed}: ${STEPS} steps, isready answered after each`, async () => {
      onTestFailed(() =>
        console.log(`edge fuzz failed with seed ${seed}: rerun with FUZZ_SEED=${seed} npx vitest run test/protocol-edges.test.ts`),
      );
      console.log(`edge fuzz, seed ${seed}: ${await edgeFuzz(seed, STEPS)}`);
    }, 120_000);
  }
});
