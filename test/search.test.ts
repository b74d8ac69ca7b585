// The search: proven mates, deterministic bench, excluded root moves, MultiPV, randomness. The
// limits that involve the clock (node limit, stop flag, move time) are in search-time.timing.test.ts.
import { describe, expect, it } from 'vitest';
import { runBench } from '../bench/bench';
import { BENCH_POSITIONS } from '../bench/bench-positions';
import { MAX_MOVES, START_FEN, generateLegal, isLegalMove, moveToIccs, parseFen } from '../engine/index';
import { SIGNAL_COUNT, SearchInfo, pliesToMoves } from '../engine/limits';
import { Searcher } from '../engine/search';
import { readData } from './helpers';

interface MateCase {
  fen: string;
  id: string;
  dm: number;
  bm: string[];
}

function readMates(): MateCase[] {
  return readData('mates.epd')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#'))
    .map((l) => {
      const [fen, ...fields] = l.split(';');
      const get = (k: string) =>
        fields
          .find((f) => f.startsWith(k + ' '))!
          .slice(k.length + 1)
          .trim();
      return { fen, id: get('id'), dm: Number(get('dm')), bm: get('bm').split(/\s+/) };
    });
}

function solveMate(c: MateCase, ms: number): { move: string; mate: number | undefined } {
  const s = new Searcher(32);
  const pos = parseFen(c.fen);
  const r = s.search(pos, { movetime: ms }, new Int32Array(SIGNAL_COUNT));
  return { move: moveToIccs(r.bestMove), mate: r.score.kind === 'mate' ? pliesToMoves(r.score.plies) : undefined };
}

/** MATES=all (npm run mates) runs every position; the unit tests take the short ones. */
const ALL_MATES = process.env.MATES === 'all';

describe(ALL_MATES ? 'mates (all)' : 'mates (dm <= 4; all of them in npm run mates)', () => {
  const cases = readMates();
  it('reads the file', () => expect(cases.length).toBeGreaterThan(30));
  for (const c of cases.filter((c) => ALL_MATES || c.dm <= 4)) {
    it(`${c.id}: mate in ${c.dm} with ${c.bm.join('/')}`, () => {
      const r = solveMate(c, 10_000);
      expect(r.mate).toBe(c.dm);
      expect(c.bm).toContain(r.move);
    });
  }
});

describe('search behaviour', () => {
  it('bench node count is deterministic', () => {
    const a = runBench({ depth: 5 }, () => {});
    const b = runBench({ depth: 5 }, () => {});
    expect(a.nodes).toBeGreaterThan(10_000);
    expect(b.nodes).toBe(a.nodes);
  });

  it('reports progress with growing depth and a legal PV', () => {
    const s = new Searcher(16);
    const pos = parseFen(START_FEN);
    const infos: SearchInfo[] = [];
    const r = s.search(pos, { depth: 6 }, new Int32Array(SIGNAL_COUNT), (i) => infos.push(i));
    expect(infos.map((i) => i.depth)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(r.depth).toBe(6);
    expect(isLegalMove(pos, r.bestMove)).toBe(true);
    const last = infos[infos.length - 1];
    expect(last.pv[0]).toBe(r.bestMove);
    for (const m of last.pv) {
      expect(isLegalMove(pos, m)).toBe(true);
      pos.make(m);
    }
  });

  it('a search stopped inside an iteration plays a move that already beat the last best there, and reports its line', () => {
    // The first 12 bench positions, each at three node limits: the limit stops the search inside
    // an iteration. The move played is always the last line's; that line is one deeper than the
    // completed iterations only when its move is a new one, and that happens in some of them.
    let newer = 0;
    for (const { fen } of BENCH_POSITIONS.slice(0, 12)) {
      for (const nodes of [3000, 7000, 15000]) {
        const pos = parseFen(fen);
        const infos: SearchInfo[] = [];
        const r = new Searcher(16).search(pos, { nodes }, new Int32Array(SIGNAL_COUNT), (i) => infos.push(i));
        const last = infos[infos.length - 1];
        expect(last.pv[0]).toBe(r.bestMove);
        expect(isLegalMove(pos, r.bestMove)).toBe(true);
        expect(infos.map((i) => i.depth)).toEqual(infos.map((_, k) => k + 1));
        if (last.depth === r.depth + 1) {
          newer++;
          expect(last.pv[0]).not.toBe(infos[infos.length - 2].pv[0]);
        } else expect(last.depth).toBe(r.depth);
      }
    }
    expect(newer).toBeGreaterThan(0);
  });

  it('never plays an excluded root move, and answers no move when all are excluded', () => {
    const pos = parseFen(START_FEN);
    const buf = new Int32Array(MAX_MOVES);
    const n = generateLegal(pos, buf, 0);
    const all = Array.from(buf.subarray(0, n));
    const s = new Searcher(16);
    const first = s.search(pos, { depth: 4 }, new Int32Array(SIGNAL_COUNT)).bestMove;
    const r = s.search(pos, { depth: 4, excluded: [first] }, new Int32Array(SIGNAL_COUNT));
    expect(r.bestMove).not.toBe(first);
    expect(all).toContain(r.bestMove);
    const none = s.search(pos, { depth: 4, excluded: all }, new Int32Array(SIGNAL_COUNT));
    expect(none.bestMove).toBe(0);
  });

  it('MultiPV reports distinct first moves', () => {
    const s = new Searcher(16);
    const infos: SearchInfo[] = [];
    s.search(parseFen(START_FEN), { depth: 5, multipv: 3 }, new Int32Array(SIGNAL_COUNT), (i) => infos.push(i));
    const lastDepth = infos.filter((i) => i.depth === 5);
    expect(lastDepth.map((i) => i.multipv)).toEqual([1, 2, 3]);
    expect(new Set(lastDepth.map((i) => i.pv[0])).size).toBe(3);
  });

  it('a side with no legal move reports a loss and no move', () => {
    const pos = parseFen('3k5/9/9/9/9/9/9/9/3r5/2r1K4 w');
    const r = new Searcher(1).search(pos, { depth: 3 }, new Int32Array(SIGNAL_COUNT));
    expect(r.bestMove).toBe(0);
    expect(r.score).toEqual({ kind: 'mate', plies: 0 });
  });
});

describe('randomness (root-move bonus)', () => {
  const fen = START_FEN;
  const best = (noise: number, seed: number): { move: string; cp: number } => {
    const s = new Searcher(16);
    const r = s.search(parseFen(fen), { depth: 5, rootNoise: noise, noiseSeed: seed }, new Int32Array(SIGNAL_COUNT));
    return { move: moveToIccs(r.bestMove), cp: r.score.kind === 'cp' ? r.score.cp : NaN };
  };

  it('without it the move never changes; with it the seed chooses among near-equal moves, legally and reproducibly', () => {
    const pos = parseFen(fen);
    const buf = new Int32Array(MAX_MOVES);
    const legal = Array.from(buf.subarray(0, generateLegal(pos, buf, 0)), moveToIccs);
    const plain = new Set<string>();
    const noisy = new Set<string>();
    for (let seed = 1; seed <= 12; seed++) {
      plain.add(best(0, seed).move);
      const n = best(64, seed);
      noisy.add(n.move);
      expect(legal).toContain(n.move);
      // The same seed gives the same move again.
      expect(best(64, seed).move).toBe(n.move);
    }
    expect(plain.size).toBe(1);
    expect(noisy.size).toBeGreaterThan(1);
  });

  it('each root move gets a fixed bonus of 0 to the range, added to its exact score at every depth', () => {
    // A root move searched alone (every other one excluded) is searched with its window moved by
    // its bonus, so its score is exactly its score without randomness plus the bonus: the same
    // bonus at every depth, never below 0 or above the range, and another seed draws others.
    const pos = parseFen(fen);
    const buf = new Int32Array(MAX_MOVES);
    const all = Array.from(buf.subarray(0, generateLegal(pos, buf, 0)));
    const alone = (m: number, depth: number, noise: number, seed: number): number => {
      const limits = { depth, excluded: all.filter((x) => x !== m), rootNoise: noise, noiseSeed: seed };
      const r = new Searcher(1).search(parseFen(fen), limits, new Int32Array(SIGNAL_COUNT));
      expect(r.bestMove).toBe(m);
      if (r.score.kind !== 'cp') throw new Error(`${moveToIccs(m)}: expected a centipawn score, got ${JSON.stringify(r.score)}`);
      return r.score.cp;
    };
    const RANGE = 16;
    const bonuses = (seed: number, depths: number[]): number[] =>
      all.map((m) => {
        const b = alone(m, 1, RANGE, seed) - alone(m, 1, 0, seed);
        for (const depth of depths)
          expect(alone(m, depth, RANGE, seed) - alone(m, depth, 0, seed), `${moveToIccs(m)} at depth ${depth}`).toBe(b);
        return b;
      });
    const first = bonuses(5, [3]);
    for (const b of first) {
      expect(b).toBeGreaterThanOrEqual(0);
      expect(b).toBeLessThanOrEqual(RANGE);
    }
    // Drawn over the whole range: 44 moves, at least 8 distinct bonuses, both ends within reach.
    expect(new Set(first).size).toBeGreaterThanOrEqual(8);
    expect(Math.max(...first)).toBeGreaterThanOrEqual(RANGE - 2);
    expect(Math.min(...first)).toBeLessThanOrEqual(2);
    expect(bonuses(6, [])).not.toEqual(first);
  });
});
