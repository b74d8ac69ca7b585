// The page's game logic without a browser (web/: game.ts, results.ts, game-clock.ts,
// link.ts, score.ts): what the page announces at the end of a game must be the rules core's
// verdict on the adjudicated repetition cases, the 60-move limit and mates, in English and in
// Chinese; the clocks count as a person expects; a link brings back its position.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BLACK, RED, START_FEN, parseFen, parseIccs, toFen } from '../engine/index';
import { GameRecord, lineTexts } from '../web/game';
import { GameClock, formatClock, timeControl } from '../web/game-clock';
import { gameFromLink, positionLink } from '../web/link';
import { setLang } from '../web/i18n';
import { endText, judgedEnd, timeEnd } from '../web/results';
import { formatScore, redScore, redShare } from '../web/score';

// The page's language is module state: every test ends in English, as the next file expects.
afterEach(() => setLang('en'));

interface RepetitionCase {
  id: string;
  fen: string;
  moves: string[];
  expected: string;
  expected_abs: string;
  comment: string;
}

const CASES = JSON.parse(readFileSync(join(__dirname, 'data', 'repetition-cases.json'), 'utf8')) as RepetitionCase[];

describe('the result the page announces', () => {
  it('agrees with every adjudicated repetition case that reaches a third occurrence', () => {
    let decided = 0;
    const reasons = new Set<string>();
    for (const c of CASES) {
      if (!['win', 'loss', 'draw'].includes(c.expected)) continue;
      let game: GameRecord;
      try {
        game = GameRecord.fromIccs(c.fen, c.moves);
      } catch {
        continue; // a study position the strict FEN reader refuses (elephants on odd points)
      }
      const end = judgedEnd(game.judgementAt(), game.current.side);
      if (end === null) continue; // the position occurred only twice: play goes on
      decided++;
      reasons.add(end.reason);
      const expected = c.expected_abs === 'red wins' ? '1-0' : c.expected_abs === 'black wins' ? '0-1' : '1/2-1/2';
      expect(end.result, `${c.id}: ${c.comment}`).toBe(expected);
      if (end.result === '1-0') expect(endText(end), c.id).toMatch(/Red wins$/);
      if (end.result === '0-1') expect(endText(end), c.id).toMatch(/Black wins$/);
    }
    console.log(`page results: ${decided} adjudicated cases reach a third occurrence, each announced as adjudicated`);
    // Enough cases, of each kind, to mean something.
    expect(decided).toBeGreaterThanOrEqual(30);
    expect([...reasons].sort()).toEqual(['perpetual-chase', 'perpetual-check', 'repetition-draw']);
  });

  it('names checkmate, stalemate (a loss) and the 60-move limit', () => {
    const mate = GameRecord.fromIccs('4k4/R8/9/9/9/9/9/9/9/3K4R w - - 0 1', ['i0i9']);
    const mated = judgedEnd(mate.judgementAt(), mate.current.side, RED)!;
    expect(mated).toEqual({ result: '1-0', reason: 'checkmate', human: RED });
    expect(endText(mated)).toBe('Checkmate (绝杀): Red (you) wins');
    // Black's king on d9 has no move and is not in check: stalemate, which loses.
    const stale = GameRecord.fromIccs('3k5/9/2R6/9/9/9/9/9/9/4K4 w - - 0 1', ['c7c8']);
    expect(judgedEnd(stale.judgementAt(), stale.current.side)).toMatchObject({ result: '1-0', reason: 'stalemate' });
    // 119 plies without a capture, then one more: a draw.
    const limit = GameRecord.fromIccs('3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 119 80', ['e1f1']);
    const drawn = judgedEnd(limit.judgementAt(), limit.current.side)!;
    expect(drawn).toEqual({ result: '1/2-1/2', reason: 'move-limit', human: null });
    expect(endText(drawn)).toBe('Draw: 60 moves without a capture');
    expect(judgedEnd(GameRecord.fromIccs(START_FEN, ['h2e2']).judgementAt(), BLACK)).toBeNull();
    expect(endText(timeEnd(RED, RED))).toBe('Red (you) lost on time: Black (Chuhan) wins');
    // The same ends in Chinese, in the words xiangqi programs use.
    setLang('zh-Hans');
    expect(endText(mated)).toBe('绝杀：红方（你）胜');
    expect(endText(drawn)).toBe('和棋：60 回合未吃子');
    expect(endText(timeEnd(BLACK, RED))).toBe('黑方（楚汉）超时：红方（你）胜');
    setLang('zh-Hant');
    expect(endText(mated)).toBe('絕殺：紅方（你）勝');
    expect(endText(judgedEnd(stale.judgementAt(), stale.current.side)!)).toBe('黑方無子可動（困斃）：紅方勝');
  });

  it('keeps every move in Chinese, WXF and ICCS, and takes moves back', () => {
    const game = GameRecord.fromIccs(START_FEN, ['h2e2', 'h9g7', 'h0g2']);
    expect(game.texts.map((t) => t.chinese)).toEqual(['炮二平五', '马８进７', '马二进三']);
    expect(game.texts.map((t) => t.traditional)).toEqual(['炮二平五', '馬８進７', '馬二進三']);
    expect(game.texts.map((t) => t.wxf)).toEqual(['C2.5', 'H8+7', 'H2+3']);
    game.truncate(1);
    expect(game.iccs()).toEqual(['h2e2']);
    expect(game.fenAt(1)).toBe(toFen(game.current));
    expect(game.fenAt(0)).toBe(START_FEN);
    expect(() => game.play(parseIccs(parseFen(START_FEN), 'h2e2'))).toThrow(/not a legal move/);
    // An engine line in Chinese, cut at the first move that is not legal.
    expect(lineTexts(game.current, ['h9g7', 'h0g2', 'a0a9'], 'chinese')).toEqual(['马８进７', '马二进三']);
  });

  it('numbers moves as the move list does (the review names moves so)', () => {
    const game = GameRecord.fromIccs(START_FEN, ['h2e2', 'h9g7', 'h0g2']);
    expect([1, 2, 3].map((ply) => game.moveLabel(ply))).toEqual(['1.', '1. …', '2.']);
    // From a FEN with Black to move at move 20.
    const black = GameRecord.fromIccs('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 0 20', ['h9g7', 'h0g2']);
    expect([1, 2].map((ply) => black.moveLabel(ply))).toEqual(['20. …', '21.']);
  });
});

describe('the clocks of a game against the engine', () => {
  it('runs one side at a time and adds the increment after a move', () => {
    const clock = new GameClock(timeControl('5+3'));
    clock.start(RED, 1_000);
    expect(clock.timeLeft(RED, 11_000)).toBe(290_000);
    expect(clock.timeLeft(BLACK, 11_000)).toBe(300_000);
    clock.moved(RED, 11_000);
    expect(clock.left).toEqual([293_000, 300_000]);
    clock.start(BLACK, 11_000);
    expect(clock.goCommand(12_000)).toBe('wtime 293000 btime 299000 winc 3000 binc 3000');
    expect(clock.timeLeft(BLACK, 400_000)).toBe(0);
  });

  it('gives the engine a fixed time a move and leaves the person untimed', () => {
    const clock = new GameClock(timeControl('move-5'));
    clock.start(BLACK, 0);
    expect(clock.goCommand(0)).toBe('movetime 5000');
    expect(clock.timed(RED, BLACK)).toBe(false);
    expect(clock.timed(BLACK, BLACK)).toBe(true);
    clock.moved(BLACK, 4_000);
    clock.start(BLACK, 10_000);
    expect(clock.timeLeft(BLACK, 10_000)).toBe(5_000);
  });

  it('formats the time as a person reads it', () => {
    expect(formatClock(300_000)).toBe('5:00');
    expect(formatClock(59_001)).toBe('1:00');
    expect(formatClock(9_450)).toBe('0:09.4');
    expect(formatClock(3_600_000 + 61_000)).toBe('1:01:01');
    expect(timeControl('no such control').id).toBe('5+3');
  });
});

describe('links and scores', () => {
  it('a link brings back its position, in any notation, and names a bad move', () => {
    const link = positionLink('http://127.0.0.1:8080/?old=1#x', START_FEN, ['h2e2', 'h9g7']);
    expect(link).toBe('http://127.0.0.1:8080/?moves=h2e2+h9g7');
    expect(gameFromLink(new URL(link).search, () => {})!.iccs()).toEqual(['h2e2', 'h9g7']);
    expect(gameFromLink('?moves=炮二平五+H8%2B7', () => {})!.iccs()).toEqual(['h2e2', 'h9g7']);
    const fen = '4k4/R8/9/9/9/9/9/9/9/3K4R w - - 0 1';
    const other = positionLink('http://h/', fen, []);
    expect(gameFromLink(new URL(other).search, () => {})!.startFen).toBe(fen);
    const problems: Array<() => string> = [];
    expect(gameFromLink('?moves=h2e2+h2e2+h9g7', (p) => problems.push(p))!.iccs()).toEqual(['h2e2']);
    expect(problems[0]()).toMatch(/move 2, 'h2e2', cannot be played/);
    expect(gameFromLink('?fen=nonsense', (p) => problems.push(p))).toBeNull();
    expect(problems[1]()).toBe("The link's FEN cannot be used: the board does not have 10 ranks.");
    // The message is written when shown, in the language of the page then.
    setLang('zh-Hans');
    expect(problems[1]()).toBe('链接中的 FEN 无法使用：棋盘不是 10 行。');
    expect(gameFromLink('', () => {})).toBeNull();
  });

  it("shows scores from red's side", () => {
    expect(formatScore(redScore({ cp: 35, mate: null }, RED))).toBe('+0.35');
    expect(formatScore(redScore({ cp: 35, mate: null }, BLACK))).toBe('−0.35');
    expect(formatScore(redScore({ cp: null, mate: 3 }, BLACK))).toBe('#-3');
    setLang('zh-Hans');
    expect(formatScore(redScore({ cp: null, mate: 3 }, BLACK))).toBe('黑3步杀');
    expect(formatScore(redScore({ cp: -1250, mate: null }, BLACK))).toBe('+12.50');
    setLang('zh-Hant');
    expect(formatScore(redScore({ cp: null, mate: 2 }, RED))).toBe('紅2步殺');
    expect(redShare({ cp: 0, mate: null })).toBe(0.5);
    expect(redShare({ cp: null, mate: -2 })).toBe(0);
    expect(redShare({ cp: 400, mate: null })).toBeGreaterThan(0.8);
  });
});
