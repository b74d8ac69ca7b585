// Static exchange evaluation against a plain recursive exchange on the real position: each side
// in turn either stops or recaptures on the point with its least valuable piece (captures from
// the pseudo-legal generator, which walks the rays itself), as SEE defines it. The search only
// asks SEE for the sign (does a capture lose material?), and SEE stops early once the sign is
// settled, so the signs are compared.
import { describe, expect, it } from 'vitest';
import { ALL_MOVES, CANNON, MAX_MOVES, CHARIOT, START_FEN, generate, generateLegal, moveToIccs, parseFen, toFen } from '../engine/index';
import { attackersTo } from '../engine/attackers';
import { Position } from '../engine/position';
import { SEE_VALUE, see } from '../engine/see';
import { rng } from './helpers';

/**
 * Every value the side to move can get from recapturing on `sq` (0 = stop), choosing among its
 * least valuable attackers in every possible way (SEE picks one of equal value by a fixed order).
 */
function exchange(pos: Position, sq: number): Set<number> {
  const buf = new Int32Array(MAX_MOVES);
  const n = generate(pos, buf, 0, ALL_MOVES);
  let least = Infinity;
  for (let i = 0; i < n; i++) {
    if (((buf[i] >> 8) & 255) === sq) least = Math.min(least, SEE_VALUE[pos.board[buf[i] & 255] & 7]);
  }
  if (least === Infinity) return new Set([0]);
  const victim = SEE_VALUE[pos.board[sq] & 7];
  const out = new Set<number>();
  for (let i = 0; i < n; i++) {
    const m = buf[i];
    if (((m >> 8) & 255) !== sq || SEE_VALUE[pos.board[m & 255] & 7] !== least) continue;
    pos.make(m);
    for (const reply of exchange(pos, sq)) out.add(Math.max(0, victim - reply));
    pos.unmake();
  }
  return out;
}

/** The values a capture can have: the victim less what the opponent then gets. */
function captureValues(pos: Position, m: number): Set<number> {
  const sq = (m >> 8) & 255;
  const victim = SEE_VALUE[pos.board[sq] & 7];
  pos.make(m);
  const out = new Set([...exchange(pos, sq)].map((v) => victim - v));
  pos.unmake();
  return out;
}

describe('static exchange evaluation', () => {
  it('has the sign of the recursive exchange (win, even, loss) for every capture in 4,000 positions of random games', () => {
    const rand = rng(777);
    const buf = new Int32Array(MAX_MOVES);
    let captures = 0;
    let losing = 0;
    let positions = 0;
    while (positions < 4000) {
      const pos = parseFen(START_FEN);
      for (let ply = 0; ply < 120 && positions < 4000; ply++) {
        positions++;
        const n = generateLegal(pos, buf, 0);
        if (n === 0) break;
        for (let i = 0; i < n; i++) {
          const m = buf[i];
          if (pos.board[(m >> 8) & 255] === 0) continue;
          const want = new Set([...captureValues(pos, m)].map(Math.sign));
          const got = Math.sign(see(pos, m));
          if (!want.has(got))
            expect({ fen: toFen(pos), move: moveToIccs(m), got }).toEqual({ fen: toFen(pos), move: moveToIccs(m), got: [...want] });
          captures++;
          if (got < 0) losing++;
        }
        pos.make(buf[Math.floor(rand() * n)]);
      }
    }
    expect(captures).toBeGreaterThan(5000);
    expect(losing).toBeGreaterThan(500);
  });

  it('finds the attackers of every enemy piece (attackersTo), least valuable first, as the pseudo-legal captures onto it say, in 3,000 positions', () => {
    // A cannon that fires over its own chariot is cheaper than the chariot: it must come first.
    const rand = rng(4711);
    const buf = new Int32Array(MAX_MOVES);
    const found = new Int32Array(16);
    let targets = 0;
    let cannonOverOwnChariot = 0;
    for (let positions = 0; positions < 3000; ) {
      const pos = parseFen(START_FEN);
      for (let ply = 0; ply < 120 && positions < 3000; ply++) {
        positions++;
        const n = generate(pos, buf, 0, ALL_MOVES);
        const attackers = new Map<number, number[]>();
        for (let i = 0; i < n; i++) {
          const to = (buf[i] >> 8) & 255;
          if (pos.board[to] === 0) continue;
          attackers.set(to, [...(attackers.get(to) ?? []), buf[i] & 255]);
        }
        for (const [sq, from] of attackers) {
          const count = attackersTo(pos, sq, pos.side, pos.occ, found, 16);
          const listed = Array.from(found.subarray(0, count));
          expect([...listed].sort(), `${toFen(pos)} target ${sq}`).toEqual([...from].sort());
          const values = listed.map((a) => SEE_VALUE[pos.board[a] & 7]);
          expect(values, `${toFen(pos)} target ${sq}`).toEqual([...values].sort((a, b) => a - b));
          targets++;
          const least = listed[0];
          // Counted when the chariot stands right in front of the cannon (a lower bound).
          const screen = least + Math.sign(sq - least) * ((sq & 15) === (least & 15) ? 16 : 1);
          if ((pos.board[least] & 7) === CANNON && (pos.board[screen] & 7) === CHARIOT && pos.board[screen] >> 3 === pos.side)
            cannonOverOwnChariot++;
        }
        const nl = generateLegal(pos, buf, 0);
        if (nl === 0) break;
        pos.make(buf[Math.floor(rand() * nl)]);
      }
    }
    expect(targets).toBeGreaterThan(5000);
    expect(cannonOverOwnChariot).toBeGreaterThan(5);
  });
});
