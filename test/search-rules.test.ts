// The search and the rules that depend on the game's history: perpetual check and chase, and the
// 60-move limit. Each score's sign is checked against judge(), the referee's function.
import { describe, expect, it } from 'vitest';
import { generateLegal, judge, MAX_MOVES, parseIccs, type Position } from '../engine/index';
import { SIGNAL_COUNT } from '../engine/limits';
import { repetitionScore } from '../engine/repetition';
import { Searcher } from '../engine/search';
import { DRAW, RULE_WIN } from '../engine/search-params';
import { position, readData } from './helpers';

interface RepetitionCase {
  id: string;
  fen: string;
  moves: string[];
  expected: string;
  note: string;
}
const CASES: RepetitionCase[] = JSON.parse(readData('repetition-cases.json'));
const signals = new Int32Array(SIGNAL_COUNT);
const buf = new Int32Array(MAX_MOVES);

/** Searches only `move` at the root of `pos`; returns the search's score in centipawns (mates as ±30000, rule results as ±(RULE_WIN − plies)). */
function scoreOf(pos: Position, move: number, depth: number): number {
  const n = generateLegal(pos, buf, 0);
  const excluded: number[] = [];
  for (let i = 0; i < n; i++) if (buf[i] !== move) excluded.push(buf[i]);
  const r = new Searcher(1).search(pos, { depth, excluded }, signals);
  expect(r.bestMove).toBe(move);
  if (r.score.kind === 'cp') return r.score.cp;
  const sign = r.score.plies > 0 ? 1 : -1;
  return r.score.kind === 'mate' ? sign * 30000 : sign * (RULE_WIN - Math.abs(r.score.plies));
}

/** The sign a score must have for the side that moved into `after`, from judge()'s verdict there. */
function expectedSign(after: Position): number {
  const v = judge(after).verdict;
  return v === 'win' ? -1 : v === 'loss' ? 1 : 0;
}

describe('repetition in the search (the adjudicated cases of repetition-cases.json)', () => {
  it('repetitionScore gives the verdict of judge() with the rule-win magnitude, or null', () => {
    let decided = 0;
    for (const c of CASES) {
      if (c.moves.length === 0) continue;
      const pos = position(c.fen, c.moves);
      const s = repetitionScore(pos, 3);
      const v = judge(pos).verdict;
      if (v === 'none') {
        expect(s, c.id).toBeNull();
        continue;
      }
      decided++;
      expect(s, c.id).toBe(v === 'draw' ? DRAW : v === 'win' ? RULE_WIN - 3 : -RULE_WIN + 3);
      // Before the cycle closes, nothing is decided yet.
      expect(repetitionScore(position(c.fen, c.moves.slice(0, 3)), 3), c.id).toBeNull();
    }
    expect(decided).toBeGreaterThanOrEqual(100);
  });

  for (const c of CASES) {
    if (c.moves.length < 4) continue;
    it(`${c.id}: the move that completes the cycle scores as judge() rules it`, () => {
      const before = position(c.fen, c.moves.slice(0, -1));
      const last = parseIccs(before, c.moves[c.moves.length - 1]);
      const after = position(c.fen, c.moves);
      const sign = expectedSign(after);
      const score = scoreOf(before, last, 4);
      if (sign > 0) expect(score).toBeGreaterThanOrEqual(RULE_WIN - 10);
      else if (sign < 0) expect(score).toBeLessThanOrEqual(-RULE_WIN + 10);
      else expect(score).toBe(0);
    });
  }
});

describe("the search's own perpetual check", () => {
  // Black's chariot has checked Red's king from d1 to d0 and back; the position after h1h0 has
  // occurred once. Repeating h1h0 would make Black's checks a perpetual check over the whole
  // repetition, which loses; with nothing else lost (no mate threat against Black), Black must
  // play something else. The perpetual-check losses of issue 32 (docs/log/perpetual-checks.md)
  // all came from positions where every other move was mated; this is the other side of that line.
  const FEN = '4k4/R8/9/9/9/9/9/9/3K3r1/9 w - - 0 1';
  const HISTORY = ['d1d0', 'h1h0', 'd0d1', 'h0h1', 'd1d0'];
  it('does not repeat the checks when another move is not lost', () => {
    const pos = position(FEN, HISTORY);
    const repeat = parseIccs(pos, 'h1h0');
    const after = position(FEN, [...HISTORY, 'h1h0']);
    expect(judge(after)).toEqual({ verdict: 'win', reason: 'perpetual-check' });
    expect(scoreOf(pos, repeat, 6)).toBe(-(RULE_WIN - 1));
    for (const depth of [4, 8, 12]) {
      const r = new Searcher(1).search(pos, { depth }, signals);
      expect(r.bestMove, `depth ${depth}`).not.toBe(repeat);
      expect(r.score.kind, `depth ${depth}`).not.toBe('rule');
    }
  });
});

describe('the 60-move limit in the search', () => {
  // Red mates with b0b9 on the 120th ply without a capture: still a mate, as judge() rules.
  const MATE_ON_LIMIT = '4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 119 1';

  it('a mate on the last ply before the limit is a mate, not a draw', () => {
    const pos = position(MATE_ON_LIMIT);
    const mate = parseIccs(pos, 'b0b9');
    const after = position(MATE_ON_LIMIT, ['b0b9']);
    expect(after.halfmove).toBe(120);
    expect(judge(after)).toEqual({ verdict: 'loss', reason: 'checkmate' });
    expect(expectedSign(after)).toBe(1);
    expect(scoreOf(pos, mate, 3)).toBe(30000);
    const r = new Searcher(1).search(position(MATE_ON_LIMIT), { depth: 4 }, signals);
    expect(r.score).toEqual({ kind: 'mate', plies: 1 });
  });

  it('any other move reaches the limit with moves left: a draw, as judge() rules', () => {
    const pos = position(MATE_ON_LIMIT);
    const quiet = parseIccs(pos, 'a8a7');
    const after = position(MATE_ON_LIMIT, ['a8a7']);
    expect(judge(after)).toEqual({ verdict: 'draw', reason: 'move-limit' });
    expect(scoreOf(pos, quiet, 3)).toBe(0);
  });
});
