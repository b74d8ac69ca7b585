// The tuner's features are the evaluation's own trace: features × current parameters must give
// evaluate exactly, the trace must not change the score, and its counts must be the terms'
// definitions (checked by hand on a small position, where weight-0 terms are visible too).
import { describe, expect, it } from 'vitest';
import { MAX_MOVES, RED, START_FEN, generateLegal, parseFen, toFen } from '../engine/index';
import { evaluate, newTrace } from '../engine/evaluate';
import { WEIGHT_NAMES } from '../engine/eval-params';
import { extractFeatures } from '../bench/tune/features';
import { currentParams, evalExact } from '../bench/tune/params';
import { rng } from './helpers';

describe('tuner features', () => {
  it('features × current parameters == evaluate on 2,000 random positions, and every term fires', () => {
    const rand = rng(777);
    const buf = new Int32Array(MAX_MOVES);
    const p = currentParams();
    const bad: string[] = [];
    const fired = new Set<string>();
    let count = 0;
    while (count < 2000) {
      const pos = parseFen(START_FEN);
      for (let ply = 0; ply < 160 && count < 2000; ply++) {
        const n = generateLegal(pos, buf, 0);
        if (n === 0) break;
        pos.make(buf[Math.floor(rand() * n)]);
        const e = evaluate(pos);
        const red = pos.side === RED ? e : -e;
        const f = extractFeatures(pos);
        if (evalExact(p, f) !== red) bad.push(toFen(pos));
        if (evaluate(pos, newTrace()) !== e) bad.push(`traced ${toFen(pos)}`);
        WEIGHT_NAMES.forEach((w, i) => f.terms[i] !== 0 && fired.add(w));
        count++;
      }
    }
    expect(bad.slice(0, 5)).toEqual([]);
    // CENTRAL_CANNON (one screen between cannon and king) is a check, seldom seen on random play.
    expect(WEIGHT_NAMES.filter((w) => !fired.has(w) && w !== 'CENTRAL_CANNON')).toEqual([]);
  });

  it('the trace counts each term by its definition, weight-0 terms included', () => {
    // Red: cannon a0, king e0. Black: king d9, chariot i9.
    const trace = newTrace();
    evaluate(parseFen('3k4r/9/9/9/9/9/9/9/9/C3K4 w - - 0 1'), trace);
    const nonzero = Object.fromEntries(Object.entries(trace).filter(([, v]) => v !== 0));
    expect(nonzero).toEqual({
      TEMPO: 1, // red to move
      CANNON_MOBILITY: 12, // b0 c0 d0, a1..a9
      ROOK_MOBILITY: -13, // black: h9 g9 f9 e9, i8..i0
      ROOK_OPEN_FILE: -1, // black has no soldier on file i
      SHELL_ADVISOR: -2, // red lacks 2 advisors against force 3 (chariot), black 2 against 2 (cannon)
      SHELL_BISHOP: -2,
    });
  });
});
