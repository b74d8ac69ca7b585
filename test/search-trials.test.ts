// The search changes on trial (engine/search-params.ts, group 'trial'): each is 0 by default, and
// at 0 the search is the one without it; set, it acts (another tree). A change joins ON below
// when it joins the group, and leaves both when its SPRT decides it (docs/log/search.md).
import { describe, expect, it } from 'vitest';
import { runBench } from '../bench/bench';
import { TUNABLES, setTunable } from '../engine/search-params';

/** Deep enough for pruning from depth 5 in the bench. */
const BENCH_DEPTH = 7;

/** A value that turns each change on trial on. */
const ON: Record<string, number> = { QS_CHECKS: 1, LMP_CHECKS: 1 };

describe('every change on trial leaves the search as it is at 0', () => {
  const trials = TUNABLES.filter((t) => t.group === 'trial');

  it('has a value to turn it on here, and 0 by default', () => {
    expect(trials.map((t) => t.name).sort()).toEqual(Object.keys(ON).sort());
    for (const t of trials) expect(t.default).toBe(0);
  });

  // The bench without any trial, once for the file (the bench is deterministic).
  let untried: number | undefined;
  const baseNodes = (): number => (untried ??= runBench({ depth: BENCH_DEPTH }, () => {}).nodes);

  for (const [name, value] of Object.entries(ON)) {
    it(`${name}: set to ${value} another tree, back at 0 the same bench nodes`, () => {
      const base = baseNodes();
      try {
        setTunable(name, value);
        expect(runBench({ depth: BENCH_DEPTH }, () => {}).nodes).not.toBe(base);
      } finally {
        setTunable(name, 0);
      }
      expect(runBench({ depth: BENCH_DEPTH }, () => {}).nodes).toBe(base);
    });
  }
});
