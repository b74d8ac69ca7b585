// Shared test helpers: repository data files, a deterministic random generator, and positions
// reached by moves.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseFen, parseIccs, type Position } from '../engine/index';

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
