// The evaluation is colour-symmetric and left-right symmetric, on many positions from random games.
import { describe, expect, it } from 'vitest';
import { MAX_MOVES, START_FEN, generateLegal, parseFen, toFen } from '../engine/index';
import { TEMPO, evaluate, palaceAttack } from '../engine/evaluate';
import { BLACK, RED } from '../engine/types';
import { rng } from './helpers';

/** Mirror top to bottom and swap colours (and the side to move). */
function flipColours(fen: string): string {
  const [board, side, ...rest] = fen.split(' ');
  const rows = board
    .split('/')
    .reverse()
    .map((r) => r.replace(/[a-z]/gi, (c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())));
  return [rows.join('/'), side === 'w' ? 'b' : 'w', ...rest].join(' ');
}

/** Mirror left to right. */
function flipFiles(fen: string): string {
  const [board, ...rest] = fen.split(' ');
  const rows = board.split('/').map((r) => r.split('').reverse().join(''));
  return [rows.join('/'), ...rest].join(' ');
}

function randomPositions(count: number, seed: number): string[] {
  const rand = rng(seed);
  const buf = new Int32Array(MAX_MOVES);
  const out: string[] = [];
  while (out.length < count) {
    const pos = parseFen(START_FEN);
    for (let ply = 0; ply < 160 && out.length < count; ply++) {
      const n = generateLegal(pos, buf, 0);
      if (n === 0) break;
      pos.make(buf[Math.floor(rand() * n)]);
      if (ply % 3 === 0) out.push(toFen(pos));
    }
  }
  return out;
}

describe('evaluation symmetry', () => {
  const fens = randomPositions(3000, 4242);
  it("mirroring top to bottom with colours swapped gives the same score for the side to move (the negated score from red's view)", () => {
    const bad: string[] = [];
    for (const fen of fens) {
      const a = evaluate(parseFen(fen));
      const b = evaluate(parseFen(flipColours(fen)));
      if (a !== b) bad.push(`${fen}: ${a} vs ${b}`);
    }
    expect(bad).toEqual([]);
  });
  it('mirroring left to right changes nothing', () => {
    const bad: string[] = [];
    for (const fen of fens) {
      const a = evaluate(parseFen(fen));
      const b = evaluate(parseFen(flipFiles(fen)));
      if (a !== b) bad.push(`${fen}: ${a} vs ${b}`);
    }
    expect(bad).toEqual([]);
  });
  it('from the other side, the same position scores the negation (tempo aside)', () => {
    // Same board, other side to move: the scores are opposite up to twice the tempo bonus.
    const pos = parseFen(START_FEN);
    const other = parseFen(START_FEN.replace(' w ', ' b '));
    expect(evaluate(pos) + evaluate(other)).toBe(2 * TEMPO);
  });
});

// KING_DANGER's fitted weight is 0 today, so this term adds nothing to the engine's score. It is
// tested all the same because the fitter reads it through the trace (bench/eval-fit/features.ts) and
// refits its weight on every run: a wrong count here would mislead every future fit.
describe('king danger (term 11)', () => {
  it('counts the pieces that reach the enemy palace, by the definition in palaceAttack', () => {
    // Red chariot e4 sees e7, e8 and the king on e9 (3 points, 3 + 3 units); red horse d6 jumps
    // to e8 (leg d7 free) and f7 (leg e6 free): 2 + 2 units. (3 + 3 + 2 + 2)^2 / 4 = 25.
    const pos = parseFen('4k4/9/9/3N5/9/4R4/9/9/9/3K5 b - - 0 1');
    expect(palaceAttack(pos, RED)).toBe(25);
    expect(palaceAttack(pos, BLACK)).toBe(0);
    // The same with colours swapped.
    const flipped = parseFen(flipColours('4k4/9/9/3N5/9/4R4/9/9/9/3K5 b - - 0 1'));
    expect(palaceAttack(flipped, BLACK)).toBe(25);
    // One attacker alone counts as nothing: the horse's legs to e8 and f7 are blocked, the chariot on f4 sees f7-f9.
    const lone = parseFen('4k4/9/3a5/3Np4/9/5R3/9/9/9/3K5 b - - 0 1');
    expect(palaceAttack(lone, RED)).toBe(0);
    // A cannon needs exactly one screen: behind the soldier on e6 it reaches e7, e8 and e9.
    const cannon = parseFen('4k4/9/9/4p4/9/3N5/4C4/9/9/3K5 b - - 0 1');
    // Horse d4 reaches no palace point; the cannon alone is not enough.
    expect(palaceAttack(cannon, RED)).toBe(0);
    const cannonAndRook = parseFen('4k4/9/9/4p4/9/9/4C4/9/9/3K1R3 b - - 0 1');
    // Chariot f0 sees f1..f9 up the file: f7, f8, f9 of the palace (3 + 3); cannon 2 + 3 = 5.
    expect(palaceAttack(cannonAndRook, RED)).toBe(Math.floor((6 + 5) ** 2 / 4));
  });
});
