// Strength levels (engine/skill.ts): the mapping from Elo and level to search settings is monotone,
// the draw favours close lines and never trades a forced result away, and a real search at a low
// level plays several different moves over several seeds, each legal and each one of the lines
// the search found.
import { describe, expect, it } from 'vitest';
import { MAX_MOVES, START_FEN, generateLegal, moveToIccs, parseFen, type Score, type SearchInfo } from '../engine/index';
import { SIGNAL_COUNT } from '../engine/limits';
import { Searcher } from '../engine/search';
import { FULL_STRENGTH, HIGHEST_ELO, LOWEST_ELO, LineChoice, drawLine, eloOfLevel, levelOfElo, skillSettings } from '../engine/skill';
import { position, rng } from './helpers';

const cp = (n: number): Score => ({ kind: 'cp', cp: n });

function line(multipv: number, score: Score, move: number, depth = 3): SearchInfo {
  return { depth, seldepth: depth, multipv, score, nodes: 0, nps: 0, time: 0, hashfull: 0, pv: [move] };
}

describe('levels and Elo', () => {
  it('Elo and level map onto each other, clamped to the levels 0-19', () => {
    expect(levelOfElo(LOWEST_ELO)).toBe(0);
    expect(levelOfElo(HIGHEST_ELO)).toBe(FULL_STRENGTH - 1);
    expect(levelOfElo(0)).toBe(0);
    expect(levelOfElo(9999)).toBe(FULL_STRENGTH - 1);
    for (let level = 0; level < FULL_STRENGTH; level++) expect(levelOfElo(eloOfLevel(level))).toBeCloseTo(level, 1);
  });

  it('full strength has no settings; a stronger level never searches less or draws more widely', () => {
    expect(skillSettings(FULL_STRENGTH)).toBeNull();
    let previous = skillSettings(levelOfElo(LOWEST_ELO))!;
    expect(previous.depth).toBeGreaterThanOrEqual(1);
    for (let elo = LOWEST_ELO + 5; elo <= HIGHEST_ELO; elo += 5) {
      const s = skillSettings(levelOfElo(elo))!;
      expect(s.level).toBeGreaterThan(previous.level);
      expect(s.depth).toBeGreaterThanOrEqual(previous.depth);
      expect(s.nodes).toBeGreaterThanOrEqual(previous.nodes);
      expect(s.temperature).toBeLessThanOrEqual(previous.temperature);
      expect(s.lines).toBeLessThanOrEqual(previous.lines);
      expect(s.lines).toBeGreaterThanOrEqual(2);
      previous = s;
    }
    // The strongest level is still a handicap: it draws among lines.
    expect(skillSettings(19.5)).toEqual({ ...skillSettings(19)!, level: 19.5 });
  });
});

describe('the draw among lines', () => {
  it('takes each line about in proportion to exp(-deficit / temperature)', () => {
    const lines = [cp(50), cp(30), cp(10), cp(-150)].map((score) => ({ score }));
    const random = rng(7);
    const counts = [0, 0, 0, 0];
    const n = 20_000;
    for (let i = 0; i < n; i++) counts[drawLine(lines, 40, random)]++;
    const total = 1 + Math.exp(-20 / 40) + Math.exp(-40 / 40) + Math.exp(-200 / 40);
    const expected = [1, Math.exp(-0.5), Math.exp(-1), Math.exp(-5)].map((w) => w / total);
    counts.forEach((c, i) => expect(c / n).toBeCloseTo(expected[i], 1));
    expect(counts[0]).toBeGreaterThan(counts[1]);
    expect(counts[1]).toBeGreaterThan(counts[2]);
    expect(counts[2]).toBeGreaterThan(counts[3]);
  });

  it('never gives up a mate it found, nor walks into one when another line is open', () => {
    const random = rng(3);
    for (let i = 0; i < 2000; i++) {
      expect(drawLine([{ score: { kind: 'mate', plies: 5 } }, { score: cp(900) }, { score: cp(800) }], 500, random)).toBe(0);
      expect(drawLine([{ score: cp(-300) }, { score: cp(-350) }, { score: { kind: 'mate', plies: -4 } }], 500, random)).not.toBe(2);
      expect(drawLine([{ score: { kind: 'rule', plies: 3 } }, { score: cp(0) }], 500, random)).toBe(0);
    }
    // A near-zero temperature is full strength among the lines.
    expect(drawLine([{ score: cp(10) }, { score: cp(9) }], 1e-6, random)).toBe(0);
  });

  it('draws among the deepest iteration that reported every line, and shows only the lines asked for', () => {
    const choice = new LineChoice({ temperature: 1e-6, shown: 1, seed: 1 });
    const shown = [
      line(1, cp(20), 11, 1),
      line(2, cp(10), 12, 1),
      line(1, cp(30), 13, 2),
      line(2, cp(25), 14, 2),
      line(1, cp(99), 15, 3),
    ].map((l) => choice.record(l));
    expect(shown).toEqual([true, false, true, false, true]);
    // Depth 3 reported one line of two (a search stopped in it): depth 2 is the last complete one.
    expect(choice.choose()?.pv[0]).toBe(13);
    expect(new LineChoice({ temperature: 50, shown: 1, seed: 1 }).choose()).toBeNull();
  });
});

/** The moves a real search at `level` plays from `fen` over `seeds` seeds, and the lines it found. */
function levelMoves(
  fen: string,
  moves: string[],
  level: number,
  seeds: number,
): { played: Set<string>; legal: Set<string>; found: Set<string> } {
  const s = skillSettings(level)!;
  const pos = position(fen, moves);
  const buf = new Int32Array(MAX_MOVES);
  const legal = new Set(Array.from(buf.subarray(0, generateLegal(pos, buf, 0)), moveToIccs));
  const played = new Set<string>();
  const found = new Set<string>();
  for (let seed = 1; seed <= seeds; seed++) {
    const choice = new LineChoice({ temperature: s.temperature, shown: 1, seed });
    new Searcher(1).search(pos, { depth: s.depth, nodes: s.nodes, multipv: s.lines }, new Int32Array(SIGNAL_COUNT), (info) => {
      choice.record(info);
      found.add(moveToIccs(info.pv[0]));
    });
    played.add(moveToIccs(choice.choose()!.pv[0]));
  }
  return { played, legal, found };
}

describe('a search at a low level', () => {
  const positions: Array<[string, string[]]> = [
    [START_FEN, []],
    [START_FEN, ['h2e2', 'h9g7', 'h0g2', 'i9h9']],
    ['2bakab2/6r2/2n1c1nc1/p1p2rp1p/4p4/2PN2PC1/P3P3P/6N2/3CA4/1RBAK1B1R w - - 0 1', []],
  ];
  for (const level of [0, 5]) {
    it(`level ${level}: several moves over 12 seeds, each legal and one of the lines found`, () => {
      for (const [fen, moves] of positions) {
        const { played, legal, found } = levelMoves(fen, moves, level, 12);
        expect(played.size, `${fen} ${moves.join(' ')}`).toBeGreaterThan(1);
        for (const m of played) {
          expect(legal.has(m)).toBe(true);
          expect(found.has(m)).toBe(true);
        }
      }
    });
  }

  it('the seed decides: the same seed plays the same move', () => {
    const pos = parseFen(START_FEN);
    const s = skillSettings(0)!;
    const run = (seed: number): number => {
      const choice = new LineChoice({ temperature: s.temperature, shown: 1, seed });
      new Searcher(1).search(pos, { depth: s.depth, multipv: s.lines }, new Int32Array(SIGNAL_COUNT), (info) => choice.record(info));
      return choice.choose()!.pv[0];
    };
    for (let seed = 1; seed <= 5; seed++) expect(run(seed)).toBe(run(seed));
  });
});
