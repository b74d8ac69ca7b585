// The evaluation fitter (bench/eval-fit/): its features are the evaluation's own trace, so features
// × current parameters must give evaluate exactly, the trace must not change the score, and its
// counts must be the terms' definitions (checked by hand on a small position, where weight-0 terms
// are visible too). The positions taken from played games are read from GBK files as from UTF-8
// ones.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_MOVES, RED, START_FEN, generateLegal, parseFen, toFen } from '../engine/index';
import { evaluate, newTrace } from '../engine/evaluate';
import { WEIGHT_NAMES } from '../engine/eval-params';
import { extractFeatures } from '../bench/eval-fit/features';
import { currentParams, evalExact } from '../bench/eval-fit/params';
import { fromPgn } from '../bench/eval-fit/from-pgn';
import { DATA, rng } from './helpers';

describe("the fitter's features", () => {
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
      CHARIOT_MOBILITY: -13, // black: h9 g9 f9 e9, i8..i0
      CHARIOT_OPEN_FILE: -1, // black has no soldier on file i
      SHELL_ADVISOR: -2, // red lacks 2 advisors against force 3 (chariot), black 2 against 2 (cannon)
      SHELL_ELEPHANT: -2,
    });
  });
});

describe("the fitter's positions from played games (pgn)", () => {
  it('reads a GBK file as ElephantEye writes it: the positions of the same game written in ICCS', () => {
    const gbk = join(DATA, 'gbk-game.pgn');
    // The fixture is GBK, not UTF-8 (it was UTF-8 only that the fitter read before).
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(readFileSync(gbk))).toThrow();
    const dir = mkdtempSync(join(tmpdir(), 'chuhan-eval-fit-'));
    try {
      const iccs = join(dir, 'iccs.pgn');
      writeFileSync(iccs, '[Format "ICCS"]\n1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 4. c3c4 g6g5 *\n');
      const log: string[] = [];
      fromPgn([gbk], join(dir, 'gbk.fen'), (s) => log.push(s));
      fromPgn([iccs], join(dir, 'iccs.fen'), (s) => log.push(s));
      const fromGbk = readFileSync(join(dir, 'gbk.fen'), 'utf8');
      expect(fromGbk.split('\n').filter((l) => l !== '').length).toBeGreaterThan(2);
      expect(fromGbk).toBe(readFileSync(join(dir, 'iccs.fen'), 'utf8'));
      expect(log[0]).toMatch(/^1 games, \d+ quiet positions/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
