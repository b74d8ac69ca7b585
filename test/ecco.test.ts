// The ECCO classification (engine/ecco.ts) against ElephantEye's own: the xqbase games of the first
// Chinese computer championship as xqbase publishes them carry the [ECCO] code that ElephantEye's
// ECCO library gave them, and the reader's code must be the same for each. Over larger sets of
// master games the agreement was measured against ElephantEye's procedure (docs/records.md); here,
// the rules that make it work: the mirror, set-up positions, what gives way to what.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyOpening, openingText } from '../engine/ecco';
import { START_FEN, parseFen, parseIccs } from '../engine/index';
import { PgnError, type PgnGame } from '../engine/pgn';
import { readRecords } from '../engine/records';

const FIXTURES = join(__dirname, 'fixtures', 'records');
const games = (name: string): PgnGame[] =>
  readRecords(new Uint8Array(readFileSync(join(FIXTURES, name))), name).games.filter((g): g is PgnGame => !(g instanceof PgnError));
const tag = (g: PgnGame, name: string): string | undefined => g.tags.find(([k]) => k === name)?.[1];

function iccs(moves: string, fen = START_FEN): number[] {
  const pos = parseFen(fen);
  return moves
    .split(' ')
    .filter((m) => m !== '')
    .map((m) => {
      const move = parseIccs(pos, m);
      pos.make(move);
      return move;
    });
}

describe('the ECCO code of a game', () => {
  it("is ElephantEye's for every xqbase game of the 2006 computer championship", () => {
    const all = [...games('xqbase-ccgc-01.pgn'), ...games('xqbase-ccgc-02-20.pgn'), ...games('xqbase-download.pgn')];
    expect(all).toHaveLength(21);
    const codes = all.map((g) => [tag(g, 'ECCO'), classifyOpening(g.fen, g.moves)?.code]);
    expect(codes.filter(([a, b]) => a !== b)).toEqual([]);
    // Nineteen different codes, from all five families.
    expect(new Set(codes.map(([a]) => a)).size).toBe(19);
    expect(new Set(codes.map(([a]) => a?.[0]))).toEqual(new Set(['A', 'B', 'C', 'D', 'E']));
  });

  it('reads a game that opens on the left as its mirror', () => {
    const right = classifyOpening(START_FEN, iccs('h2e2 h9g7 h0g2 i9h9 i0h0 b9c7'));
    const left = classifyOpening(START_FEN, iccs('b2e2 b9c7 b0c2 a9b9 a0b0 h9g7'));
    expect(right).toEqual(left);
    expect(right?.code.startsWith('C')).toBe(true); // 中炮对屏风马
  });

  it('names the opening and its variation', () => {
    const o = classifyOpening(START_FEN, iccs('h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 h0h6 g6g5 c3c4 h7i7 h6g6 i7i8 b2d2'));
    expect(o).toEqual({ code: 'C48', opening: '中炮过河车互进七兵对屏风马平炮兑车', variation: '红仕角炮对黑退边炮' });
    expect(openingText(o!)).toBe('C48 中炮过河车互进七兵对屏风马平炮兑车——红仕角炮对黑退边炮');
    expect(classifyOpening(START_FEN, iccs('f0e1'))).toEqual({ code: 'A01', opening: '上仕局', variation: '' });
  });

  it('has none for a set-up position or a game without moves, and A00 for the unlisted', () => {
    expect(classifyOpening('4k4/9/9/9/9/9/9/9/9/R3K4 w - - 0 1', [])).toBeNull();
    expect(classifyOpening(START_FEN, [])).toBeNull();
    const rn = '4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1';
    expect(classifyOpening(rn, iccs('a0a1', rn))).toBeNull();
    expect(classifyOpening(START_FEN, iccs('a3a4'))?.code).toBe('A08'); // 兵九进一, mirrored: 边兵局
    expect(classifyOpening(START_FEN, iccs('e0e1'))?.code).toBe('A00'); // 帅五进一: no listed opening
  });
});
