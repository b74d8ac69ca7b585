// The search changes on trial (engine/search-params.ts, group 'trial'): at 0 the move order and
// the search are those without them; set, they act (the order, the tree), and a search fills
// their tables.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runBench } from '../bench/bench';
import { History, SQ90, captureIndex, contBase } from '../engine/history';
import { parseIccs } from '../engine/iccs';
import { moveToIccs, parseFen } from '../engine/index';
import { SIGNAL_COUNT } from '../engine/limits';
import { MovePicker } from '../engine/movepick';
import type { Position } from '../engine/position';
import { Searcher } from '../engine/search';
import { TUNABLES, setTunable } from '../engine/search-params';
import { kindOf, moveFrom, moveTo } from '../engine/types';

/** Deep enough for pruning from depth 5 in the bench. */
const BENCH_DEPTH = 7;

// Red to move can take a black soldier with the chariot (a0a5) or with the horse (c0b2).
const TWO_CAPTURES = '4k4/9/9/9/p8/9/9/1p7/9/R1NK5 w - - 0 1';

/** The moves the picker hands out in `pos` (captures or quiet moves), in its order. */
function pickedOrder(pos: Position, history: History, captures: boolean, cont = -1, followup = -1): string[] {
  const picker = new MovePicker();
  picker.init(pos, history, 0, 0, 0, 0, cont, followup);
  const out: string[] = [];
  for (let m = picker.next(); m !== 0; m = picker.next()) if ((pos.board[moveTo(m)] !== 0) === captures) out.push(moveToIccs(m));
  return out;
}

function captureOrder(history: History): string[] {
  return pickedOrder(parseFen(TWO_CAPTURES), history, true);
}

describe('capture history (on trial)', () => {
  afterEach(() => {
    setTunable('CAPTURE_HISTORY', 0);
  });

  it('orders captures of the same victim by the entry only when CAPTURE_HISTORY is set', () => {
    const history = new History();
    const pos = parseFen(TWO_CAPTURES);
    // Most valuable victim, then least valuable attacker: the horse's capture comes first.
    expect(captureOrder(history)).toEqual(['c0b2', 'a0a5']);
    const m = parseIccs(pos, 'a0a5');
    const to = moveTo(m);
    history.updateCapture(captureIndex(pos.board[moveFrom(m)], to, kindOf(pos.board[to])), 16000);
    expect(captureOrder(history)).toEqual(['c0b2', 'a0a5']);
    setTunable('CAPTURE_HISTORY', 8);
    expect(captureOrder(history)).toEqual(['a0a5', 'c0b2']);
  });

  it('a search fills the table when CAPTURE_HISTORY is set, and leaves it empty at 0', () => {
    const start = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
    const s = new Searcher(16);
    s.search(parseFen(start), { depth: 8 }, new Int32Array(SIGNAL_COUNT));
    expect(s.history.capture.every((v) => v === 0)).toBe(true);
    setTunable('CAPTURE_HISTORY', 8);
    s.clearHash();
    s.search(parseFen(start), { depth: 8 }, new Int32Array(SIGNAL_COUNT));
    expect(s.history.capture.some((v) => v !== 0)).toBe(true);
  });
});

// The start position, with the follow-up base of a horse move b0c2 as if Red had played it two
// plies back (the picker takes the base as the search gives it).
const AFTER_TWO = parseFen('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1');

function quietOrder(history: History, cont: number, followup: number): string[] {
  return pickedOrder(AFTER_TWO, history, false, cont, followup);
}

describe('follow-up history', () => {
  afterEach(() => {
    setTunable('FOLLOWUP_HISTORY', 16);
  });

  it('orders quiet moves by the follow-up entry, unless FOLLOWUP_HISTORY is 0', () => {
    const history = new History();
    const pos = AFTER_TWO;
    const ours = parseIccs(pos, 'b0c2');
    const fb = contBase(pos.board[moveFrom(ours)], moveTo(ours));
    const before = quietOrder(history, -1, fb);
    const last = before[before.length - 1];
    const m = parseIccs(pos, last);
    history.updateCont(fb + pos.board[moveFrom(m)] * 90 + SQ90[moveTo(m)], 16000);
    expect(quietOrder(history, -1, fb)[0]).toBe(last);
    setTunable('FOLLOWUP_HISTORY', 0);
    expect(quietOrder(history, -1, fb)).toEqual(before);
  });
});

/** A value that turns each change on trial on, for the tests below. */
const ON: Record<string, number> = { CAPTURE_HISTORY: 8 };

describe('every change on trial leaves the search as it is at 0', () => {
  const trials = TUNABLES.filter((t) => t.group === 'trial');

  it('has a value to turn it on here, and 0 by default', () => {
    expect(trials.map((t) => t.name).sort()).toEqual(Object.keys(ON).sort());
    for (const t of trials) expect(t.default).toBe(0);
  });

  // The bench without any trial, once for the file (the bench is deterministic).
  let base = 0;
  beforeAll(() => {
    base = runBench({ depth: BENCH_DEPTH }, () => {}).nodes;
  });

  it.each(Object.entries(ON))('%s: set to %i another tree, back at 0 the same bench nodes', (name, value) => {
    try {
      setTunable(name, value);
      expect(runBench({ depth: BENCH_DEPTH }, () => {}).nodes).not.toBe(base);
    } finally {
      setTunable(name, 0);
    }
    expect(runBench({ depth: BENCH_DEPTH }, () => {}).nodes).toBe(base);
  });
});
