// The evaluation is colour-symmetric and left-right symmetric, on many positions from random games.
import { describe, expect, it } from 'vitest';
import { MAX_MOVES, START_FEN, generateLegal, parseFen, toFen } from '../engine/index';
import { TEMPO, evaluate } from '../engine/evaluate';
import { rng } from './helpers';

/** Mirror top to bottom and swap colours (and the side to move). */
function flipColours(fen: string): string {
  const [board, side, ...rest] = fen.split(' ');
  const rows = board.split('/').reverse().map((r) => r.replace(/[a-z]/gi, (c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())));
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
