// Score adjudication of the match runner.
import { describe, expect, it } from 'vitest';
import { Adjudicator, parseAdjudication, type AdjudicationVerdict } from '../bench/match/adjudication';

/** Feeds alternating Red/Black moves with the given scores (each from the mover's view). */
function feed(adj: Adjudicator, scores: Array<number | undefined>, startPly = 0) {
  let verdict: AdjudicationVerdict | null = null;
  let at = -1;
  scores.forEach((s, i) => {
    const v = adj.record(s === undefined ? undefined : { kind: 'cp', cp: s }, i % 2 === 0, startPly + i + 1);
    if (v && !verdict) {
      verdict = v;
      at = i;
    }
  });
  return { verdict, at };
}

describe('adjudication settings', () => {
  it('parses resign and draw rules with defaults', () => {
    expect(parseAdjudication('resign=4:800,draw=60:6:15')).toEqual({
      resign: { moves: 4, score: 800 },
      draw: { ply: 60, moves: 6, score: 15 },
    });
    expect(parseAdjudication('resign')).toEqual({ resign: { moves: 3, score: 1000 } });
    expect(parseAdjudication('off')).toEqual({});
    expect(() => parseAdjudication('resign=4')).toThrow();
    expect(() => parseAdjudication('draw=1:2')).toThrow();
    expect(() => parseAdjudication('resign=0:500')).toThrow();
    expect(() => parseAdjudication('bogus')).toThrow();
  });
});

describe('resign adjudication', () => {
  it('ends the game when both engines agree for N moves each', () => {
    // Red's engine says +1200, +1300, +1250 (Red winning); Black's engine says -1100, -1500, -1200
    // from Black's point of view: both agree Black is lost. Three moves each = 6 plies.
    const adj = new Adjudicator({ resign: { moves: 3, score: 1000 } });
    const r = feed(adj, [1200, -1100, 1300, -1500, 1250, -1200]);
    expect(r.verdict).toMatchObject({ winner: 'red', kind: 'resign' });
    expect(r.at).toBe(5);
  });

  it('needs every score of the run, from both engines', () => {
    // Black's engine disagrees once (thinks it is only -900): no verdict until 6 agreeing plies follow.
    const adj = new Adjudicator({ resign: { moves: 3, score: 1000 } });
    const r = feed(adj, [1200, -1100, 1300, -900, 1250, -1200, 1300, -1300, 1400]);
    expect(r.verdict).toBeNull();
    // The sixth agreeing ply (Black's engine, from its own view).
    expect(adj.record({ kind: 'cp', cp: -1500 }, false, 10)).toMatchObject({ winner: 'red' });
  });

  it('a move without a score breaks the run', () => {
    const adj = new Adjudicator({ resign: { moves: 2, score: 500 } });
    expect(feed(adj, [-600, 700, undefined, 800, -900, 650]).verdict).toBeNull();
    // Red lost: Red's engine says -600.., Black's engine says +700.. (Black winning).
    const adj2 = new Adjudicator({ resign: { moves: 2, score: 500 } });
    expect(feed(adj2, [-600, 700, -800, 900]).verdict).toMatchObject({ winner: 'black', kind: 'resign' });
  });

  it('mate scores count as decisive', () => {
    const adj = new Adjudicator({ resign: { moves: 1, score: 1000 } });
    expect(adj.record({ kind: 'mate', plies: 9 }, true, 1)).toBeNull();
    expect(adj.record({ kind: 'mate', plies: -8 }, false, 2)).toMatchObject({ winner: 'red' });
  });
});

describe('draw adjudication', () => {
  it('waits for the ply count, then wants small scores from both engines', () => {
    const adj = new Adjudicator({ draw: { ply: 10, moves: 2, score: 10 } });
    // Plies 1..8: small scores, but the game is too young.
    expect(feed(adj, [5, -3, 0, 8, -10, 2, 4, 0]).verdict).toBeNull();
    // Ply 9: still under 10 plies. Ply 10: the last four scores are all within ±10 → draw.
    expect(adj.record({ kind: 'cp', cp: 1 }, true, 9)).toBeNull();
    expect(adj.record({ kind: 'cp', cp: -2 }, false, 10)).toMatchObject({ winner: null, kind: 'draw' });
  });

  it('one large score resets the run', () => {
    const adj = new Adjudicator({ draw: { ply: 0, moves: 2, score: 10 } });
    expect(feed(adj, [5, -3, 50, 8, -1, 2]).verdict).toBeNull();
    expect(adj.record({ kind: 'cp', cp: 0 }, true, 7)).toMatchObject({ kind: 'draw' });
  });
});
