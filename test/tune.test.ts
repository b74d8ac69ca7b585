// The tuner's feature extractor reproduces the evaluation exactly with the current parameters.
import { describe, expect, it } from 'vitest';
import { MAX_MOVES, RED, START_FEN, generateLegal, parseFen, toFen } from '../engine/index';
import { evaluate } from '../engine/evaluate';
import { extractFeatures } from '../bench/tune/features';
import { currentParams, evalExact } from '../bench/tune/params';
import { rng } from './helpers';

describe('tuner features', () => {
  it('features × current parameters == evaluate on 2,000 random positions', () => {
    const rand = rng(777);
    const buf = new Int32Array(MAX_MOVES);
    const p = currentParams();
    const bad: string[] = [];
    let count = 0;
    while (count < 2000) {
      const pos = parseFen(START_FEN);
      for (let ply = 0; ply < 160 && count < 2000; ply++) {
        const n = generateLegal(pos, buf, 0);
        if (n === 0) break;
        pos.make(buf[Math.floor(rand() * n)]);
        const e = evaluate(pos);
        const red = pos.side === RED ? e : -e;
        if (evalExact(p, extractFeatures(pos)) !== red) bad.push(toFen(pos));
        count++;
      }
    }
    expect(bad.slice(0, 5)).toEqual([]);
  });
});
