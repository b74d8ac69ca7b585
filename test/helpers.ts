// Shared test helpers: repository data files, a deterministic random generator, and positions
// reached by moves.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_MOVES, START_FEN, generateLegal, judge, parseFen, parseIccs, toFen, type Position } from '../engine/index';
import { BENCH_POSITIONS } from '../bench/bench-positions';
import { rng as seeded } from '../engine/rng';

export const DATA = join(__dirname, 'data');

export function readData(name: string): string {
  return readFileSync(join(DATA, name), 'utf8');
}

export { rng } from '../engine/rng';

/** A position reached from a FEN (read leniently) by ICCS moves, history kept. */
export function position(fen: string, moves: string[] = []): Position {
  const pos = parseFen(fen, undefined, { lenient: true });
  for (const m of moves) pos.make(parseIccs(pos, m));
  return pos;
}

/**
 * Random games from the start position, with takebacks and null moves: `visit` at every position
 * reached. `choose` picks the move to play among the `n` legal ones in `moves` (default: one at
 * random); a game is started again when it ends or passes 300 plies.
 */
export function randomWalk(
  steps: number,
  seed: number,
  visit: (pos: Position) => void,
  choose: (pos: Position, moves: Int32Array, n: number, random: () => number) => number = (_pos, moves, n, random) =>
    moves[Math.floor(random() * n)],
): void {
  const random = seeded(seed);
  const buf = new Int32Array(MAX_MOVES);
  let pos = parseFen(START_FEN);
  for (let i = 0; i < steps; i++) {
    const n = generateLegal(pos, buf, 0);
    if (n === 0 || pos.ply > 300) {
      pos = parseFen(START_FEN);
      continue;
    }
    const r = random();
    if (r < 0.15 && pos.ply > 0) pos.unmake();
    else if (r < 0.18 && !pos.inCheck()) pos.makeNull();
    else pos.make(choose(pos, buf, n, random));
    visit(pos);
  }
}

/** The 40 bench positions and 160 from seeded random games (4 to 60 plies, games not over). */
export function threadTestPositions(): string[] {
  const fens = BENCH_POSITIONS.map((p) => p.fen);
  const rand = seeded(21);
  const buf = new Int32Array(MAX_MOVES);
  while (fens.length < 200) {
    const pos = parseFen(START_FEN);
    const plies = 4 + Math.floor(rand() * 57);
    let ok = true;
    for (let i = 0; i < plies && ok; i++) {
      const n = generateLegal(pos, buf, 0);
      if (n === 0) ok = false;
      else pos.make(buf[Math.floor(rand() * n)]);
    }
    if (ok && generateLegal(pos, buf, 0) > 0 && judge(pos).verdict === 'none') fens.push(toFen(pos));
  }
  return fens;
}
