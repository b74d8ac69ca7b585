// FEN reading and writing: round trips, the lenient forms GUIs send, and one test per kind of bad input.
import { describe, expect, it } from 'vitest';
import { parsePerftEpd } from '../bench/perft-epd';
import { FenError, FenErrorCode, START_FEN, parseFen, toFen } from '../engine/index';
import { readData } from './helpers';

function errorOf(fen: string): FenError {
  try {
    parseFen(fen);
  } catch (e) {
    if (e instanceof FenError) return e;
    throw e;
  }
  throw new Error(`FEN was accepted: ${fen}`);
}

function expectError(fen: string, code: FenErrorCode, message: RegExp): void {
  const e = errorOf(fen);
  expect(e.code).toBe(code);
  expect(e.message).toMatch(message);
}

describe('FEN round trips', () => {
  it('writes back every perft position exactly', () => {
    const entries = [...parsePerftEpd(readData('perft.epd')), ...parsePerftEpd(readData('perft-extra.epd'))];
    expect(entries.length).toBeGreaterThan(50);
    for (const { fen } of entries) {
      const full = fen.split(/\s+/).length === 6 ? fen : `${fen} - - 0 1`;
      expect(toFen(parseFen(fen))).toBe(full);
    }
  });
  it('keeps the move counters', () => {
    const fen = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 17 42';
    expect(toFen(parseFen(fen))).toBe(fen);
  });
});

describe('lenient forms', () => {
  const board = START_FEN.split(' ')[0];
  it.each([
    [`${board} w`, 'w'],
    [`${board} r`, 'w'],
    [`${board} R - - 0 1`, 'w'],
    [`${board} W`, 'w'],
    [`${board} B`, 'b'],
    [`${board} w -- 0 1`, 'w'],
    [`  ${board}   w  - -  0 1 \r`, 'w'],
    [board, 'w'],
  ])('accepts %j', (fen, side) => {
    expect(toFen(parseFen(fen)).split(' ')[1]).toBe(side);
  });
  it('reads the E and H aliases and writes B and N', () => {
    const fen = 'rhbakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKABHR w - - 0 1';
    expect(toFen(parseFen(fen))).toBe(START_FEN);
  });
});

describe('bad FENs name the problem', () => {
  it('empty', () => expectError('   ', 'empty', /empty/));
  it('too few ranks', () => expectError('rnbakabnr/9/1c5c1/p1p1p1p1p/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w', 'ranks', /9 ranks, expected 10/));
  it('too many ranks', () => expectError('rnbakabnr/9/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w', 'ranks', /11 ranks/));
  it('too few files', () =>
    expectError('rnbakabnr/9/1c5c1/p1p1p1p1p/9/8/P1P1P1P1P/1C5C1/9/RNBAKABNR w', 'files', /rank 4 .* covers 8 files/));
  it('too many files', () => expectError('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w', 'files', /rank 0 .* 10 files/));
  it('unknown letter', () =>
    expectError('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5Q1/9/RNBAKABNR w', 'letter', /unknown piece letter 'Q' on rank 2/));
  it('bad side', () => expectError(`${START_FEN.split(' ')[0]} x - - 0 1`, 'side', /side to move 'x'/));
  it('garbage field', () => expectError(`${START_FEN.split(' ')[0]} w - - zero 1`, 'field', /unexpected field 'zero'/));
  it('half-move clock out of range', () => expectError(`${START_FEN.split(' ')[0]} w - - 500 1`, 'counter', /half-move clock 500/));
  it('missing red king', () => expectError('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w', 'kings', /no red king/));
  it('two black kings', () => expectError('rnbkkabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w', 'kings', /2 black kings/));
  it('king outside its palace', () =>
    expectError('rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/k8/RNBAKABNR w', 'placement', /black king on a1, outside its palace/));
  it('advisor outside its palace', () =>
    expectError('rnbakabnr/9/1c5c1/p1p1p1p1p/9/4A4/P1P1P1P1P/1C5C1/9/RNB1KABNR w', 'placement', /red advisor on e4, outside its palace/));
  it('elephant on a point it can never reach', () =>
    expectError(
      'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1CB2C3/9/RN1AKABNR w',
      'placement',
      /red elephant on c2, a point an elephant can never reach/,
    ));
  it('elephant across the river', () =>
    expectError('rnbakabnr/9/1c5c1/p1p1p1p1p/2B6/9/P1P1P1P1P/1C5C1/9/RN1AKABNR w', 'placement', /red elephant on c5/));
  it('soldier behind its starting rank', () =>
    expectError(
      'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/2P1P1P1P/1C5C1/P8/RNBAKABNR w',
      'placement',
      /red soldier on a1, a point a soldier can never reach/,
    ));
  it('black soldier behind its starting rank', () =>
    expectError('rnbakabnr/p8/1c5c1/2p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w', 'placement', /black soldier on a8/));
  it('too many chariots', () =>
    expectError('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2R2C1/9/RNBAKABNR w', 'too-many', /3 red chariots, at most 2/));
  it('too many soldiers', () =>
    expectError('rnbakabnr/9/1c5c1/p1p1p1p1p/9/P8/P1P1P1P1P/1C5C1/9/RNBAKABNR w', 'too-many', /6 red soldiers, at most 5/));
  it('the side not to move is in check', () =>
    expectError('rnbakabnr/9/1c5c1/p1p1R1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN1 w', 'opponent-in-check', /black \(not to move\) in check/));
  it('kings facing each other', () => expectError('3k5/9/9/9/9/9/9/9/9/3K5 w', 'kings-facing', /facing each other on the d-file/));
  it('lenient mode accepts unreachable elephants and soldiers, not misplaced kings', () => {
    const fen = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/2P1P1P1P/1CB2C3/P8/RN1AKABNR w - - 0 1';
    expect(() => parseFen(fen)).toThrow(FenError);
    expect(toFen(parseFen(fen, undefined, { lenient: true }))).toBe(fen);
    expect(() => parseFen('rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/k8/RNBAKABNR w', undefined, { lenient: true })).toThrow(
      /outside its palace/,
    );
  });
  it('leaves the target position untouched on error', () => {
    const pos = parseFen(START_FEN);
    expect(() => parseFen('3k5/9/9/9/9/9/9/9/9/3K5 w', pos)).toThrow(FenError);
    expect(toFen(pos)).toBe(START_FEN);
  });
});
