// The text both ends of a pipe share (engine/wire.ts): what Chuhan's dialects write, the match
// runner reads back as written, and moves with ranks 1-10 are Fairy-Stockfish's numbering.
import { describe, expect, it } from 'vitest';
import { START_FEN, parseFen, parseIccs } from '../engine/index';
import type { SearchInfo } from '../engine/limits';
import { fromRanks10, parseInfo, toRanks10, ucciInfo, uciInfo } from '../engine/wire';
import { UCCI } from '../protocol/ucci';
import { UCI, UCI10 } from '../protocol/uci';

/** A principal variation from the start: h2e2 h9g7 h0g2. */
const PV: number[] = [];
const pos = parseFen(START_FEN);
for (const text of ['h2e2', 'h9g7', 'h0g2']) {
  const m = parseIccs(pos, text);
  PV.push(m);
  pos.make(m);
}

function report(score: SearchInfo['score']): SearchInfo {
  return { depth: 9, seldepth: 14, multipv: 1, score, nodes: 123456, nps: 654321, time: 189, hashfull: 12, pv: [] };
}

describe('ranks 1-10', () => {
  it('are the ICCS ranks plus one, both ways, on every point (Fairy-Stockfish: h2e2 = h3e3, a9a8 = a10a9)', () => {
    expect(toRanks10('h2e2')).toBe('h3e3');
    expect(toRanks10('a9a8')).toBe('a10a9');
    expect(fromRanks10('h10g8')).toBe('h9g7');
    for (const f of 'abcdefghi') {
      for (let r = 0; r <= 9; r++) {
        const iccs = `${f}${r}e${9 - r}`;
        expect(fromRanks10(toRanks10(iccs) ?? '')).toBe(iccs);
      }
    }
  });
  it('are null for text that is no move of that numbering', () => {
    expect(toRanks10('h10e2')).toBeNull();
    expect(toRanks10('bestmove')).toBeNull();
    expect(fromRanks10('h0e0')).toBeNull();
    expect(fromRanks10('h11e1')).toBeNull();
  });
});

describe('info lines', () => {
  it('every reader reads back what each dialect writes: depth, seldepth, the line, score, nodes, speed, time and the moves', () => {
    const info = { ...report({ kind: 'cp', cp: -37 }), pv: PV };
    const cases: Array<[string, string | null, string[], { multipv?: number }]> = [
      ['ucci', UCCI.info(info, false, null), ['h2e2', 'h9g7', 'h0g2'], {}],
      ['uci', UCI.info(info, true, null), ['h2e2', 'h9g7', 'h0g2'], { multipv: 1 }],
      ['uci ranks 1-10', UCI10.info(info, false, null), ['h3e3', 'h10g8', 'h1g3'], {}],
    ];
    for (const [name, line, pv, multipv] of cases) {
      expect(parseInfo(line ?? ''), name).toEqual({
        depth: 9,
        seldepth: 14,
        ...multipv,
        score: { kind: 'cp', cp: -37 },
        nodes: 123456,
        nps: 654321,
        time: 189,
        pv,
      });
    }
  });
  it('UCI mates are read as mates in moves (as plies: 2N − 1 to mate, 2N to be mated); UCCI writes a mate in p plies as 10000 - p, read as that number', () => {
    expect(parseInfo(uciInfo(report({ kind: 'mate', plies: -6 }), [], false))?.score).toEqual({ kind: 'mate', plies: -6 });
    expect(parseInfo(uciInfo(report({ kind: 'mate', plies: 3 }), [], true))?.score).toEqual({ kind: 'mate', plies: 3 });
    // Mate in 2 moves is 3 plies: 9997 (ElephantEye's convention).
    expect(parseInfo(ucciInfo(report({ kind: 'mate', plies: 3 }), []))?.score).toEqual({ kind: 'cp', cp: 9997 });
    expect(parseInfo(ucciInfo(report({ kind: 'mate', plies: -4 }), []))?.score).toEqual({ kind: 'cp', cp: -9996 });
  });
});
