// Correction history: the search's memory of how far the static evaluation has been off in
// positions like the current one. Two tables, each indexed by the side to move and a key:
//  - structure: where the soldiers, advisors and elephants of both sides stand (the slow-moving
//    skeleton of a position, which the hand-written terms judge only in part);
//  - material: how many pieces of each kind each side has (so that, say, an ending the
//    evaluation calls won but the search keeps finding drawn is marked down).
// When a node's search result lies on the far side of its static evaluation (a fail high above
// it, a fail low below it, or an exact score), the difference, weighted by depth, moves both
// entries; the evaluation the search prunes with is the raw one plus both corrections.
// Entries are kept within +-CORR_LIMIT by the same "gravity" update as the move histories.

import { gravity } from './history';
import { Position } from './position';
import { MAX_PLY } from './search-params';

/** Entries per side in each table (a power of two). */
const SIZE = 16384;
/** Entries are in 1/CORR_GRAIN centipawns and stay within +-CORR_LIMIT (so +-128 cp per table). */
const CORR_GRAIN = 8;
const CORR_LIMIT = 1024;

export class CorrectionHistory {
  readonly structure = new Int16Array(2 * SIZE);
  readonly material = new Int16Array(2 * SIZE);
  /** The two table indices of the position at each ply, set by `correction`. */
  private readonly at = new Int32Array((MAX_PLY + 2) * 2);

  clear(): void {
    this.structure.fill(0);
    this.material.fill(0);
  }

  /**
   * The correction (centipawns) for `pos`, searched at `ply`, from its keys (position.ts); the
   * table indices are kept for `update` at the same ply.
   */
  correction(pos: Position, ply: number): number {
    const side = pos.side * SIZE;
    const si = side + (pos.structureKey & (SIZE - 1));
    const mi = side + (pos.materialKey & (SIZE - 1));
    this.at[ply * 2] = si;
    this.at[ply * 2 + 1] = mi;
    return ((this.structure[si] + this.material[mi]) / CORR_GRAIN) | 0;
  }

  /** The table indices `correction` last used at `ply`: [structure, material] (for tests). */
  indices(ply: number): number[] {
    return [this.at[ply * 2], this.at[ply * 2 + 1]];
  }

  /**
   * Moves the entries of the position `correction` saw at `ply` toward `diff` (search result
   * minus corrected evaluation, centipawns), by more for deeper searches.
   */
  update(ply: number, diff: number, depth: number): void {
    let bonus = ((diff * depth * CORR_GRAIN) / 8) | 0;
    const cap = CORR_LIMIT >> 2;
    if (bonus > cap) bonus = cap;
    else if (bonus < -cap) bonus = -cap;
    const si = this.at[ply * 2];
    const mi = this.at[ply * 2 + 1];
    this.structure[si] = gravity(this.structure[si], bonus, CORR_LIMIT);
    this.material[mi] = gravity(this.material[mi], bonus, CORR_LIMIT);
  }
}
