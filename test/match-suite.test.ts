// `chuhan openings`: an opening suite from played games (positions after N plies, each once, a
// mirror image counting as the same, within a score window), and the shipped 1k suite: readable
// by the match runner, large enough, no position twice.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFen, parseIccs, START_FEN, toFen, type PgnGame, type Position } from '../engine/index';
import { buildSuite, canonicalKey } from '../bench/match/build-openings';
import { parseOpenings } from '../bench/match/openings';
import { makeSchedule } from '../bench/match/schedule';

function game(moves: string, result: PgnGame['result'] = '1-0', round = 1): PgnGame {
  const pos = parseFen(START_FEN);
  const codes = moves.split(' ').map((m) => {
    const c = parseIccs(pos, m);
    pos.make(c);
    return c;
  });
  return { tags: [['Round', String(round)]], fen: START_FEN, moves: codes, result };
}

describe('building an opening suite', () => {
  it('a position and its mirror image share a key; the side to move does not', () => {
    const a = parseFen(START_FEN);
    a.make(parseIccs(a, 'h2e2'));
    const b = parseFen(START_FEN);
    b.make(parseIccs(b, 'b2e2'));
    expect(toFen(a)).not.toBe(toFen(b));
    expect(canonicalKey(toFen(a))).toBe(canonicalKey(toFen(b)));
    expect(canonicalKey(START_FEN)).not.toBe(canonicalKey(START_FEN.replace(' w ', ' b ')));
  });

  it('takes the position after N plies once, inside the window, and says why the others were left', () => {
    const games = [
      game('h2e2 h9g7 h0g2 i9h9 a0a1', '1-0', 1),
      game('h2e2 h9g7 h0g2 i9h9 i0h0', '0-1', 2), // same 4 plies: a repeat
      game('b2e2 b9c7 b0c2 a9b9 a0b0', '1/2-1/2', 3), // the mirror image of game 1
      game('c3c4 h9g7 h0g2 i9h9 i0h0', '1-0', 4), // scored outside the window
      game('h2e2 h9g7 h0g2', '1-0', 5), // too short
      game('g3g4 c6c5 b0c2 b9c7 a0b0', '*', 6), // unfinished
      game('g3g4 c6c5 b0c2 b9c7 a0b0', '1-0', 7),
    ];
    const after = (moves: string[]) => {
      const p = parseFen(START_FEN);
      for (const m of moves) p.make(parseIccs(p, m));
      return toFen(p);
    };
    const lopsided = after(['c3c4', 'h9g7', 'h0g2', 'i9h9']);
    const scored: string[] = [];
    // Red to move after 4 plies: -30 for the side to move is -30 for Red.
    const score = (pos: Position) => {
      scored.push(toFen(pos));
      return toFen(pos) === lopsided ? 200 : -30;
    };
    const { entries, stats } = buildSuite([{ file: 'g.pgn', games }], 4, 80, score);
    expect(stats).toEqual({ games: 7, unfinished: 1, short: 1, over: 0, duplicates: 2, outside: 1, kept: 2 });
    // Repeats are not searched again.
    expect(scored).toHaveLength(3);
    expect(entries.map((e) => e.name)).toEqual(['g.pgn:1 -30', 'g.pgn:7 -30']);
    // Each line reads back as the same position.
    const lines = entries.map((e) => `${e.fen} ; ${e.name}`).join('\n');
    const back = parseOpenings(lines);
    expect(back.map((o) => o.fen)).toEqual(entries.map((e) => e.fen));
    expect(back.map((o) => o.name)).toEqual(['g.pgn:1 -30', 'g.pgn:7 -30']);
    expect(entries[0].fen).toBe(after(['h2e2', 'h9g7', 'h0g2', 'i9h9']));
  });

  it('stops at the limit', () => {
    const games = [game('h2e2 h9g7 h0g2', '1-0', 1), game('b2e2 h9g7 h0g2', '1-0', 2), game('c3c4 h9g7 h0g2', '1-0', 3)];
    // Black to move after 3 plies: -30 for the side to move is +30 for Red.
    expect(buildSuite([{ file: 'g.pgn', games }], 2, 80, () => 0, 2).entries).toHaveLength(2);
    expect(buildSuite([{ file: 'g.pgn', games: [game('h2e2 h9g7 h0g2 i9h9')] }], 3, 80, () => -30).entries[0].red).toBe(30);
  });
});

describe('the shipped suite bench/match/openings-1k.epd', () => {
  const read = () => readFileSync(join(__dirname, '..', 'bench', 'match', 'openings-1k.epd'), 'utf8');

  it('holds at least 1,000 positions, none twice (mirror images included), and says how it was made', () => {
    const text = read();
    const openings = parseOpenings(text);
    expect(openings.length).toBeGreaterThanOrEqual(1000);
    const keys = new Set(openings.map((o) => canonicalKey(o.fen)));
    expect(keys.size).toBe(openings.length);
    expect(text).toMatch(/^# Made by: chuhan openings /m);
    for (const o of openings) expect(o.moves).toEqual([]);
  });

  it('gives a 2,000-game match 1,000 distinct opening pairs', () => {
    const openings = parseOpenings(read());
    const schedule = makeSchedule(2, 2000, openings.length);
    expect(new Set(schedule.map((g) => g.opening)).size).toBe(1000);
  });
});
