// The moves at the root of a search, each a RootMove record: its score in the iteration under way
// and in the last one, and its principal variation. The list is kept sorted by score with a stable
// sort, so that moves of equal score keep their order; with MultiPV the first `multipv` entries are
// the lines reported. With randomness (limits.rootNoise) each move gets a fixed bonus from the
// search's seed (rootBonus).

import { INFINITE } from './search-params';
import { see } from './see';
import { Position } from './position';
import { moveTo } from './types';
import { mix32 } from './zobrist';

export class RootMove {
  /** The score in the iteration under way (-INFINITE until searched with a full window). */
  score = -INFINITE;
  /** The score of the last completed iteration (the aspiration window's centre). */
  prevScore = -INFINITE;
  /** The principal variation, starting with the move itself. */
  pv: number[];

  constructor(readonly move: number) {
    this.pv = [move];
  }
}

/**
 * The root moves in their first order: the hash move `ttMove` first, then the captures by SEE,
 * then the other moves as generated.
 */
export function orderedRootMoves(pos: Position, moves: readonly number[], ttMove: number): RootMove[] {
  const keyed = moves.map((m) => {
    let k = 0;
    if (m === ttMove) k = 1e9;
    else if (pos.board[moveTo(m)] !== 0) k = 1e6 + see(pos, m);
    return { m, k };
  });
  keyed.sort((a, b) => b.k - a.k);
  return keyed.map((x) => new RootMove(x.m));
}

/** Sorts `moves[from..]` by score, best first; moves of equal score keep their order (Array.sort is stable). */
export function sortRootMoves(moves: RootMove[], from: number): void {
  const tail = moves.slice(from).sort((a, b) => b.score - a.score);
  for (let i = 0; i < tail.length; i++) moves[from + i] = tail[i];
}

/** The first best-scoring move among `moves[from..]`. */
export function bestRootMove(moves: readonly RootMove[], from: number): number {
  let bi = from;
  for (let i = from + 1; i < moves.length; i++) if (moves[i].score > moves[bi].score) bi = i;
  return moves[bi].move;
}

/** The fixed bonus of root move `m` in a search with randomness: 0..range centipawns, a hash of the seed and the move. */
export function rootBonus(m: number, seed: number, range: number): number {
  return mix32(Math.imul((m ^ seed) >>> 0, 0x9e3779b1) ^ seed) % (range + 1);
}
