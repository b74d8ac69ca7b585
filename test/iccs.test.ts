// ICCS move strings.
import { describe, expect, it } from 'vitest';
import { MoveError, START_FEN, moveToIccs, parseFen, parseIccs } from '../engine/index';

describe('ICCS', () => {
  const pos = parseFen(START_FEN);
  it('reads and writes a move', () => {
    expect(moveToIccs(parseIccs(pos, 'h2e2'))).toBe('h2e2');
    expect(moveToIccs(parseIccs(pos, 'H2-E2'))).toBe('h2e2');
    expect(moveToIccs(parseIccs(pos, ' b0c2 '))).toBe('b0c2');
  });
  it.each(['', 'h2', 'h2e', 'h2e22', 'j2e2', 'h2e:', 'h2h2', '0000', 'h10h9', 'h2–e2'])('rejects malformed %j', (s) => {
    try {
      parseIccs(pos, s);
      throw new Error('accepted');
    } catch (e) {
      expect(e).toBeInstanceOf(MoveError);
      expect((e as MoveError).code).toBe('malformed');
      expect((e as MoveError).message).toContain('not an ICCS move');
    }
  });
  it.each([
    ['e0e2', 'king moves two points'],
    ['h2h7', 'cannon captures without a screen'],
    ['a3a5', 'soldier moves two points'],
    ['e9e8', 'black piece while red is to move'],
    ['b0d1', 'horse leg c0 is blocked'],
    ['c3c5', 'soldier moves two points before the river'],
    ['a0a4', 'chariot jumps over its own soldier'],
  ])('rejects illegal %s (%s)', (s) => {
    try {
      parseIccs(pos, s);
      throw new Error('accepted');
    } catch (e) {
      expect(e).toBeInstanceOf(MoveError);
      expect((e as MoveError).code).toBe('illegal');
      expect((e as MoveError).message).toContain(`'${s}' is not a legal move`);
    }
  });
  it('rejects a move that would leave the king facing the other king', () => {
    const p = parseFen('4k4/9/9/9/9/9/9/9/4A4/3AK4 w');
    expect(() => parseIccs(p, 'e1f2')).toThrow(/not a legal move/);
    expect(moveToIccs(parseIccs(p, 'e0f0'))).toBe('e0f0');
  });
});
