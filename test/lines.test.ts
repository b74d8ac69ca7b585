// The line tables (engine/lines.ts) against plain walks along the rays, on the boards of random
// games: for every piece and every direction, the first piece met, the second one, and the
// empty points before the first.
import { describe, expect, it } from 'vitest';
import { MAX_MOVES, START_FEN, generateLegal, parseFen } from '../engine/index';
import { WALL } from '../engine/attacks';
import { FILE_LINES, RANK_LINES, fileEntry, rankEntry } from '../engine/lines';
import { Position } from '../engine/position';
import { rng } from './helpers';

/** Offsets of the first and second piece from `sq` along `dir` (0 when absent) and the empties before the first. */
function walk(b: Uint8Array, sq: number, dir: number): [number, number, number] {
  let t = sq + dir;
  let empties = 0;
  while (b[t] === 0) {
    empties++;
    t += dir;
  }
  if (b[t] === WALL) return [0, 0, empties];
  const first = t - sq;
  t += dir;
  while (b[t] === 0) t += dir;
  return [first, b[t] === WALL ? 0 : t - sq, empties];
}

function check(pos: Position): number {
  const b = pos.board;
  let checked = 0;
  for (let sq = 0; sq < 256; sq++) {
    if (b[sq] === 0 || b[sq] === WALL) continue;
    const re = rankEntry(pos.occ, sq);
    const fe = fileEntry(pos.occ, sq);
    const lo = walk(b, sq, -1);
    const hi = walk(b, sq, 1);
    const down = walk(b, sq, -16);
    const up = walk(b, sq, 16);
    const got = [
      [RANK_LINES.firstLo[re], RANK_LINES.secondLo[re]],
      [RANK_LINES.firstHi[re], RANK_LINES.secondHi[re]],
      [FILE_LINES.firstLo[fe], FILE_LINES.secondLo[fe]],
      [FILE_LINES.firstHi[fe], FILE_LINES.secondHi[fe]],
      [RANK_LINES.empties[re], FILE_LINES.empties[fe]],
    ];
    const want = [
      [lo[0], lo[1]],
      [hi[0], hi[1]],
      [down[0], down[1]],
      [up[0], up[1]],
      [lo[2] + hi[2], down[2] + up[2]],
    ];
    if (JSON.stringify(got) !== JSON.stringify(want)) expect({ sq, got }).toEqual({ sq, want });
    checked++;
  }
  return checked;
}

describe('line tables', () => {
  it('give the same first and second pieces and empty counts as walking the rays, on 3,000 positions of random games', () => {
    const rand = rng(2024);
    const buf = new Int32Array(MAX_MOVES);
    let positions = 0;
    let pieces = 0;
    while (positions < 3000) {
      const pos = parseFen(START_FEN);
      for (let ply = 0; ply < 150 && positions < 3000; ply++) {
        pieces += check(pos);
        positions++;
        const n = generateLegal(pos, buf, 0);
        if (n === 0) break;
        pos.make(buf[Math.floor(rand() * n)]);
      }
    }
    expect(pieces).toBeGreaterThan(30_000);
  });
});
