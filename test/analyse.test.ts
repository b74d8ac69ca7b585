// Game review (engine/review.ts, bench/analyse/): the curve from score to expected score, the marks
// and the accuracy figures, the annotated PGN and its reading back, the PGN reader going on after a
// bad game, and games with known answers reviewed by the engine's own search (in process, at
// fixed nodes, 25,000 a position, 200,000 for the mate): a chariot left to be taken for nothing, a mate in 2 missed, a perpetual check
// walked into, a quiet level game of good moves.
import { describe, expect, it } from 'vitest';
import { ucciToScore } from '../engine/wire';
import { duration } from '../bench/analyse/progress';
import { fitDrawModel, fitSlope } from '../bench/analyse/fit-curve';
import { parseFen, toFen } from '../engine/fen';
import { moveToIccs } from '../engine/iccs';
import { SIGNAL_COUNT, type Score } from '../engine/limits';
import { embeddedNetwork } from '../engine/network';
import { NnueEvaluator } from '../engine/nnue';
import { parseMoveText } from '../engine/notation';
import { parsePgn, parsePgnEach, PgnError, writePgn, type PgnFormat, type PgnGame } from '../engine/pgn';
import {
  annotateGame,
  evaluateGame,
  expectedScore,
  markFor,
  moveAccuracy,
  reviewGame,
  scoreText,
  UcciSearchReply,
  WIN_SCALE,
  type GameReview,
  type PositionEval,
} from '../engine/review';
import { Searcher } from '../engine/search';
import { rng } from './helpers';

const cp = (x: number): Score => ({ kind: 'cp', cp: x });

/** What a move from `before` to `after` (both the mover's view, centipawns) costs in expected score. */
const cost = (before: number, after: number): number => expectedScore(cp(before)) - expectedScore(cp(after));

describe('the curve and the marks', () => {
  it('weighs a pawn in a level position, and hardly at all a chariot up', () => {
    expect(expectedScore(cp(0))).toBe(0.5);
    expect(expectedScore(cp(WIN_SCALE))).toBeCloseTo(1 / (1 + Math.exp(-1)), 12);
    expect(expectedScore(cp(-300)) + expectedScore(cp(300))).toBeCloseTo(1, 12);
    expect(expectedScore({ kind: 'mate', plies: 3 })).toBe(1);
    expect(expectedScore({ kind: 'mate', plies: -2 })).toBe(0);
    expect(expectedScore({ kind: 'rule', plies: 1 })).toBe(1);
    expect(cost(0, -100)).toBeGreaterThan(4 * cost(1000, 900));
  });

  it('marks a piece lost in a level position, and not a pawn or two lost a chariot up', () => {
    expect(markFor(cost(0, -900))).toBe('blunder'); // a chariot
    expect(markFor(cost(0, -400))).toBe('blunder'); // a horse
    expect(markFor(cost(30, -150))).not.toBeNull(); // nearly two pawns
    expect(markFor(cost(1000, 800))).toBeNull();
    expect(markFor(cost(1200, 900))).toBeNull();
    expect(markFor(cost(-1000, -1300))).toBeNull();
    expect(markFor(0.049)).toBeNull();
    expect([markFor(0.05), markFor(0.1), markFor(0.15)]).toEqual(['inaccuracy', 'mistake', 'blunder']);
  });

  it("gives lichess's move accuracy", () => {
    expect(moveAccuracy(0.6, 0.6)).toBeCloseTo(100, 3);
    expect(moveAccuracy(0.6, 0.7)).toBe(100);
    expect(moveAccuracy(0.6, 0.5)).toBeCloseTo(103.1668 * Math.exp(-0.4354) - 3.1669, 9);
    expect(moveAccuracy(1, 0)).toBe(0);
  });

  it('fits the slope by maximum likelihood', () => {
    // Outcomes drawn from the model at k = 250 give back about 250.
    const random = rng(5);
    const s: number[] = [];
    const y: number[] = [];
    for (let i = 0; i < 40_000; i++) {
      const score = Math.round((random() - 0.5) * 2000);
      s.push(score);
      const p = 1 / (1 + Math.exp(-score / 250));
      y.push(random() < p ? 1 : 0);
    }
    expect(1 / fitSlope(s, y)).toBeGreaterThan(235);
    expect(1 / fitSlope(s, y)).toBeLessThan(265);
    // And the draw-aware model from its own outcomes: k = 250, d = 200.
    const w: number[] = [];
    for (const score of s) {
      const u = random();
      const win = 1 / (1 + Math.exp(-(score - 200) / 250));
      const loss = 1 / (1 + Math.exp(-(-score - 200) / 250));
      w.push(u < win ? 1 : u < win + loss ? 0 : 0.5);
    }
    const draw = fitDrawModel(s, w);
    expect(draw.k).toBeGreaterThan(230);
    expect(draw.k).toBeLessThan(270);
    expect(draw.d).toBeGreaterThan(180);
    expect(draw.d).toBeLessThan(220);
  });

  it('reads UCCI scores: mates, results by rule and evaluations', () => {
    expect(ucciToScore(37)).toEqual(cp(37));
    expect(ucciToScore(-9000)).toEqual(cp(-9000));
    expect(ucciToScore(9997)).toEqual({ kind: 'mate', plies: 3 });
    expect(ucciToScore(-9996)).toEqual({ kind: 'mate', plies: -4 });
    expect(ucciToScore(9899)).toEqual({ kind: 'rule', plies: 1 });
    expect(ucciToScore(-9898)).toEqual({ kind: 'rule', plies: -2 });
    expect(scoreText(cp(61))).toBe('+0.61');
    expect(scoreText(cp(-5))).toBe('-0.05');
    expect(scoreText({ kind: 'mate', plies: 3 })).toBe('+M2');
    expect(scoreText({ kind: 'mate', plies: -4 })).toBe('-M2');
    expect(scoreText({ kind: 'rule', plies: 1 })).toBe('+R1');
    expect(duration(3725)).toBe('1 h 02 min');
    expect(duration(187)).toBe('3 min 07 s');
    expect(duration(NaN)).toBe('?');
  });

  it('reads a search reply in UCCI: the last complete report, its line led by the move played', () => {
    const read = (lines: string[]): PositionEval | null => {
      const reply = new UcciSearchReply();
      for (const [i, l] of lines.entries()) expect(reply.line(l), l).toBe(i === lines.length - 1);
      return reply.evaluation();
    };
    const iccs = (e: PositionEval | null) => (e?.kind === 'search' ? { ...e, pv: e.pv.map(moveToIccs) } : e);
    expect(
      iccs(
        read([
          'info depth 5 seldepth 9 score 40 time 3 nodes 900 nps 1 hashfull 0 pv h2e2 h9g7',
          'info depth 6 score 9000 lowerbound pv b2e2',
          'info string x',
          'bestmove h2e2 ponder h9g7',
        ]),
      ),
    ).toEqual({ kind: 'search', score: cp(40), depth: 5, pv: ['h2e2', 'h9g7'] });
    expect(iccs(read(['info depth 3 score 9897 pv h2e2 h9g7', 'bestmove b2e2']))).toEqual({
      kind: 'search',
      score: { kind: 'rule', plies: 3 },
      depth: 3,
      pv: ['b2e2'],
    });
    expect(iccs(read(['bestmove h0g2']))).toEqual({ kind: 'search', score: cp(0), depth: 0, pv: ['h0g2'] });
    expect(read(['nobestmove'])).toBeNull();
  });
});

/** A game from `fen` by moves in any notation. */
function game(fen: string, texts: string[], tags: Array<[string, string]> = []): PgnGame {
  const pos = parseFen(fen);
  const moves = texts.map((t) => {
    const m = parseMoveText(pos, t);
    pos.make(m);
    return m;
  });
  return { tags, fen: toFen(parseFen(fen)), moves, result: '*' };
}

const START = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';

describe('the annotated PGN', () => {
  // Hand-made evaluations: the fourth move drops a horse.
  const g = game(START, ['h2e2', 'h9g7', 'h0g2', 'g6g5'], [['Event', 'review']]);
  // Each line is read from its own position along the game.
  const line = (plies: number, texts: string[]): number[] => {
    const pos = parseFen(START);
    for (const m of g.moves.slice(0, plies)) pos.make(m);
    return texts.map((t) => {
      const m = parseMoveText(pos, t);
      pos.make(m);
      return m;
    });
  };
  const search = (score: number, pv: number[], depth = 12): PositionEval => ({ kind: 'search', score: cp(score), depth, pv });
  const evals: PositionEval[] = [
    search(30, line(0, ['h2e2', 'h9g7'])),
    search(-25, line(1, ['h9g7', 'h0g2'])),
    search(28, line(2, ['h0g2', 'i9h9'])),
    search(-30, line(3, ['i9h9', 'i0h0', 'b9c7'])),
    search(420, line(4, ['c3c4']), 11),
  ];
  let review: GameReview;

  it('marks the move that lost the horse, with the better line', () => {
    review = reviewGame(g.fen, g.moves, evals);
    expect(review.moves.map((m) => m.mark)).toEqual([null, null, null, 'blunder']);
    expect(review.moves[3].better.map(moveToIccs)).toEqual(['i9h9', 'i0h0', 'b9c7']);
    expect(review.moves.slice(0, 3).every((m) => m.loss === 0 && m.accuracy === 100)).toBe(true);
    expect(review.red.blunders + review.black.blunders).toBe(1);
    expect(review.black.blunders).toBe(1);
    expect(review.black.averageLoss).toBeCloseTo((0 + (-30 + 420)) / 2, 9);
    expect(review.red.accuracy).toBeCloseTo(100, 3);
    expect(review.black.accuracy).toBeLessThan(60);
    expect(review.redCurve).toHaveLength(5);
    expect(review.redCurve[4]).toBeCloseTo(expectedScore(cp(420)), 12);
  });

  for (const format of ['iccs', 'wxf', 'chinese'] as PgnFormat[]) {
    it(`writes and reads back in ${format}`, () => {
      const text = writePgn(annotateGame(g, review, evals, { annotator: 'Chuhan test' }), format);
      expect(text).toContain('[Annotator "Chuhan test"]');
      expect(text).toContain('[BlackBlunders "1"]');
      expect(text).toContain('[RedAccuracy "100.0"]');
      expect(text).toContain('[BlackAverageLoss "195"]');
      expect(text).toContain('$4');
      expect(text).toMatch(/\{-4\.20\/11\}/);
      // The better line, from Black's second move, with the evaluation it keeps.
      expect(text).toMatch(/\(2\.\.\. \S+ \{-0\.30\/12\} 3\. \S+ \S+\)/);
      const [back] = parsePgn(text);
      expect(back.moves).toEqual(g.moves);
      expect(back.comments?.filter((c) => c.ply > 0).map((c) => c.text)).toEqual(['+0.25/12', '-0.28/12', '+0.30/12', '-4.20/11']);
      expect(back.tags).toContainEqual(['BlackBlunders', '1']);
    });
  }

  it("replaces an earlier review's tags, keeps the game's own comments", () => {
    const again = annotateGame({ ...g, comments: [{ ply: 2, text: 'mine' }], tags: [...g.tags, ['RedAccuracy', '1.0']] }, review, evals);
    expect(again.tags.filter(([k]) => k === 'RedAccuracy')).toEqual([['RedAccuracy', '100.0']]);
    expect(again.comments!.filter((c) => c.ply === 2).map((c) => c.text)).toEqual(['mine', '-0.28/12']);
  });
});

describe('reading a file with a bad game', () => {
  it('refuses that game with its number and the reason, and reads the others', () => {
    const text = [
      '[Event "one"]\n1. h2e2 h9g7 *\n',
      '[Event "two"]\n1. h2e2 h9g7 2. h2h9 *\n',
      '[Event "three"]\n[FEN "not a fen"]\n1. h2e2 *\n',
      '[Event "four"]\n1. C2.5 N8+7 1-0\n',
    ].join('\n');
    const each = parsePgnEach(text);
    expect(each).toHaveLength(4);
    expect(each[0]).not.toBeInstanceOf(PgnError);
    expect(each[1]).toBeInstanceOf(PgnError);
    expect((each[1] as PgnError).game).toBe(2);
    expect((each[1] as PgnError).message).toMatch(/move 2 \(red\)/);
    expect((each[2] as PgnError).game).toBe(3);
    expect((each[2] as PgnError).message).toMatch(/FEN/);
    expect((each[3] as PgnGame).moves).toHaveLength(2);
    expect((each[3] as PgnGame).result).toBe('1-0');
    expect(() => parsePgn(text)).toThrow(/game 2/);
  });
});

describe('games with known answers', () => {
  // The engine's own search, in process, at a fixed node count, with the network it plays with.
  const NODES = 25_000;
  const searcher = new Searcher(16);
  searcher.setNetwork(new NnueEvaluator(embeddedNetwork()));
  const signals = new Int32Array(SIGNAL_COUNT);
  const searchWith =
    (nodes: number) =>
    async (fen: string, moves: readonly number[]): Promise<PositionEval> => {
      const pos = parseFen(fen);
      for (const m of moves) pos.make(m);
      let pv: number[] = [];
      const r = searcher.search(pos, { nodes }, signals, (info) => (pv = info.pv));
      return { kind: 'search', score: r.score, depth: r.depth, pv: pv.length > 0 ? pv : [r.bestMove] };
    };
  const reviewed = async (g: PgnGame, nodes = NODES): Promise<{ review: GameReview; text: string; evals: PositionEval[] }> => {
    searcher.clearHash();
    const evals = await evaluateGame(g, searchWith(nodes));
    const review = reviewGame(g.fen, g.moves, evals);
    const text = writePgn(annotateGame(g, review, evals), 'iccs');
    expect(parsePgn(text)[0].moves).toEqual(g.moves);
    return { review, text, evals };
  };
  const marks = (r: GameReview) => r.moves.map((m) => m.mark);
  /** Ten moves of the central cannon against the screen horses, up to 5. 车二进六 炮８平９, where both games below go on. */
  const OPENING = ['炮二平五', '马８进７', '马二进三', '车９平８', '车一平二', '马２进３', '兵七进一', '卒７进１', '车二进六', '炮８平９'];

  it('marks ?? the move that leaves a chariot to be taken, the saving move beside it', async () => {
    // 5. 车二进六 炮８平９ attacks the chariot on h6 with the chariot behind the cannon; 6. 马八进七?? leaves it.
    const g = game(START, [...OPENING, '马八进七', '车８进３', '马七进六']);
    const { review, text } = await reviewed(g);
    const blunder = review.moves[10];
    expect(moveToIccs(blunder.move)).toBe('b0c2');
    expect(blunder.mark).toBe('blunder');
    expect(marks(review).filter((m) => m === 'blunder')).toHaveLength(1);
    // The saving move moves the chariot (away, or to take Black's).
    expect(moveToIccs(blunder.better[0]).slice(0, 2)).toBe('h6');
    expect(text).toMatch(/6\. B0-C2 \$4\n\{-\d+\.\d\d\/\d+\}\n\(6\. H6-/);
    expect(review.red.blunders).toBe(1);
  });

  it('marks a mate in 2 missed', async () => {
    // Red mates with 马六进七 (d5c7) and the chariot; 炮五进二 takes nothing and lets Black off.
    const g = game('r1bakab2/7R1/9/p1p5p/2RNC4/c8/P5n1P/9/9/2BAKAB2 w - - 0 20', ['e5e7']);
    // The mate takes the search to depth 9 or 10, which 25,000 nodes reach with some networks
    // and not others: 200,000 reach it with each network so far.
    const { review, evals, text } = await reviewed(g, 200_000);
    expect(evals[0]).toMatchObject({ kind: 'search', score: { kind: 'mate', plies: 3 } });
    expect(review.moves[0].mark).not.toBeNull();
    expect(moveToIccs(review.moves[0].better[0])).toBe('d5c7');
    expect(review.moves[0].better).toHaveLength(3);
    expect(text).toMatch(/\(20\. D5-C7 \{\+M2\/\d+\} 20\.\.\. \S+ 21\. \S+\)/);
  });

  it('marks ?? the check that walks into a perpetual-check loss, and only that one', async () => {
    // Red, a chariot and more up, checks from i9 and i8 until the position comes a third time:
    // the side that checks perpetually loses (Asian rules).
    const g = game('2b5R/3k5/4b4/p1p6/9/9/P7P/6N2/9/R2AKA3 w - - 0 30', ['i9i8', 'd8d9', 'i8i9', 'd9d8', 'i9i8', 'd8d9', 'i8i9', 'd9d8']);
    const { review, evals, text } = await reviewed(g);
    expect(evals[8]).toEqual({ kind: 'over', verdict: 'loss', reason: 'perpetual-check' });
    const last = review.moves[6];
    expect(last.mark).toBe('blunder');
    expect(last.better.length).toBeGreaterThan(0);
    expect(last.better[0]).not.toBe(last.move);
    // The checks before it cost nothing yet: Red could still deviate after each (the search
    // scores the repetition at its first recurrence, the referee rules at the third occurrence).
    expect(marks(review)).toEqual([null, null, null, null, null, null, 'blunder', null]);
    expect(text).toMatch(/\{perpetual-check\}\n\*\n/);
  });

  it('finds no ?? in a quiet, level game of good moves', async () => {
    const g = game(START, [...OPENING, '车二平三', '炮９退１', '马八进七', '士４进５', '马七进六', '炮９平７', '车三平四']);
    const { review } = await reviewed(g);
    expect(marks(review)).not.toContain('blunder');
    expect(review.red.accuracy).toBeGreaterThan(80);
    expect(review.black.accuracy).toBeGreaterThan(80);
    // Level throughout: Red's expected score stays within 0.3 to 0.7.
    for (const e of review.redCurve) expect(Math.abs(e - 0.5)).toBeLessThan(0.2);
  });
});
