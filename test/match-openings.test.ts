// The match runner's openings reader and the openings shipped in bench/match/openings.txt.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateLegal, moveToIccs, parseFen, START_FEN, toFen } from '../engine/index';
import { OpeningError, openingsFromBytes, parseOpenings, shuffled } from '../bench/match/openings';

function finalFen(o: { fen: string; moves: number[] }): string {
  const pos = parseFen(o.fen);
  for (const m of o.moves) pos.make(m);
  return toFen(pos);
}

describe('openings file', () => {
  it('reads move lists, FENs, EPD and FEN + moves', () => {
    const text = [
      '# a comment',
      '',
      'h2e2 h7e7 e2e6 ; 顺炮 cannon takes pawn  # a trailing comment',
      '1. H2-E2 H9-G7 2. H0-G2',
      '4k4/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1 ; bare kings',
      '4k4/9/9/9/9/9/9/9/4A4/3AK4 b - - id "epd style";',
      `${START_FEN} moves h2e2 h9g7 ; fen then moves`,
    ].join('\n');
    const ops = parseOpenings(text);
    expect(ops.map((o) => o.line)).toEqual([3, 4, 5, 6, 7]);
    // startpos moves h2e2 h7e7 e2e6 (the cannon takes the central soldier) gives this FEN.
    expect(finalFen(ops[0])).toBe('rnbakabnr/9/1c2c4/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 2');
    expect(ops[0].name).toBe('顺炮 cannon takes pawn');
    expect(ops[1].moves.map(moveToIccs)).toEqual(['h2e2', 'h9g7', 'h0g2']);
    expect(ops[2]).toMatchObject({ fen: '4k4/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1', moves: [], name: 'bare kings' });
    expect(ops[3]).toMatchObject({ fen: '4k4/9/9/9/9/9/9/9/4A4/3AK4 b - - 0 1', name: 'epd style' });
    expect(ops[4].fen).toBe(START_FEN);
    expect(ops[4].moves.map(moveToIccs)).toEqual(['h2e2', 'h9g7']);
  });

  it('names the line of an illegal move or a bad FEN', () => {
    expect(() => parseOpenings('h2e2\nh2e2 h2e3')).toThrow(OpeningError);
    expect(() => parseOpenings('h2e2\nh2e2 h2e3')).toThrow(/line 2: move 2 'h2e3'/);
    expect(() => parseOpenings('h2e2 zz')).toThrow(/line 1: move 2 'zz'/);
    expect(() => parseOpenings('\n\nrnbakabnr/9/9/9/9/9/9/9/9/9 w')).toThrow(/line 3/);
  });

  it('refuses an opening that leaves no move', () => {
    // Red king d0 checked by the chariot on d5; d1 is on the same file, e0 and e1 face the black
    // king on e9: checkmate.
    const mate = '4k4/9/9/9/3r5/9/9/9/9/3K5 w - - 0 1';
    const pos = parseFen(mate);
    expect(generateLegal(pos, new Int32Array(128), 0)).toBe(0);
    expect(() => parseOpenings(mate)).toThrow(/no legal move/);
  });

  it('shuffles deterministically', () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    const a = shuffled(items, 7);
    expect(shuffled(items, 7)).toEqual(a);
    expect([...a].sort((x, y) => x - y)).toEqual(items);
    expect(a).not.toEqual(items);
    expect(shuffled(items, 8)).not.toEqual(a);
  });
});

describe('the shipped openings', () => {
  const ops = parseOpenings(readFileSync(join(__dirname, '..', 'bench', 'match', 'openings.txt'), 'utf8'));

  it('are 20 legal, distinct, named lines from the initial position', () => {
    expect(ops.length).toBe(20);
    const finals = new Set(ops.map(finalFen));
    expect(finals.size).toBe(ops.length);
    for (const o of ops) {
      expect(o.fen).toBe(START_FEN);
      expect(o.moves.length).toBeGreaterThan(0);
      expect(o.name).toMatch(/\S/);
    }
  });

  it('start with the central cannon against screen horses', () => {
    // 炮二平五 马8进7 马二进三 车9平8 = h2e2 h9g7 h0g2 i9h9.
    expect(ops[0].moves.map(moveToIccs)).toEqual(['h2e2', 'h9g7', 'h0g2', 'i9h9']);
    expect(finalFen(ops[0])).toBe('rnbakabr1/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 4 3');
  });
});

describe('game records as openings (match --openings)', () => {
  const fixture = (name: string): Uint8Array => new Uint8Array(readFileSync(join(__dirname, 'fixtures', 'records', name)));

  it("takes each game's main line, named by its opening, from XQF and PGN alike", () => {
    const [xqf] = openingsFromBytes(fixture('xqf-1.0-doc-example.xqf'), 'doc.xqf');
    expect(xqf.moves).toHaveLength(16);
    expect(xqf.name).toBe('E09 两头蛇对进右马转卒底炮');
    const [pgn] = openingsFromBytes(fixture('xqbase-download.pgn'), 'xqbase.pgn');
    expect(pgn.moves).toHaveLength(25);
    expect(pgn.name).toMatch(/^B10 /); // its own [ECCO] tag
    // A game played to its end leaves nothing to play.
    expect(() => openingsFromBytes(fixture('xqbase-ccgc-02-20.pgn'), 'ccgc.pgn')).toThrow(/^game 2: the opening leaves no legal move$/);
  });

  it('reads the line format as before, and names a game it refuses', () => {
    expect(openingsFromBytes(new TextEncoder().encode('h2e2 h9g7 ; two moves')).map((o) => o.name)).toEqual(['two moves']);
    expect(() => openingsFromBytes(new TextEncoder().encode('[Event "x"]\n1. h2e2 h2e2 *\n'), 'bad.pgn')).toThrow(
      /move 1 \(black\): 'h2e2'/,
    );
  });
});
