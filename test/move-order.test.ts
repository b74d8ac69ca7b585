// The move picker's order of quiet moves: the follow-up history (our own previous move's
// continuation entry) moves a quiet move up, and at FOLLOWUP_HISTORY 0 counts for nothing.
import { afterEach, describe, expect, it } from 'vitest';
import { History, SQ90, contBase } from '../engine/history';
import { parseIccs } from '../engine/iccs';
import { moveToIccs, parseFen } from '../engine/index';
import { MovePicker } from '../engine/movepick';
import { setTunable } from '../engine/search-params';
import { moveFrom, moveTo } from '../engine/types';

// The start position, with the follow-up base of a horse move b0c2 as if Red had played it two
// plies back (the picker takes the base as the search gives it).
const AFTER_TWO = parseFen('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1');

/** The quiet moves the picker hands out in AFTER_TWO, in its order. */
function quietOrder(history: History, cont: number, followup: number): string[] {
  const pos = AFTER_TWO;
  const picker = new MovePicker();
  picker.init(pos, history, 0, 0, 0, 0, cont, followup);
  const out: string[] = [];
  for (let m = picker.next(); m !== 0; m = picker.next()) if (pos.board[moveTo(m)] === 0) out.push(moveToIccs(m));
  return out;
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
