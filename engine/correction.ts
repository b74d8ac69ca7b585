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

import { Position } from './position';

/** Entries per side in each table (a power of two). */
const SIZE = 16384;
/** Entries are in 1/CORR_GRAIN centipawns and stay within +-CORR_LIMIT (so +-128 cp per table). */
const CORR_GRAIN = 8;
const CORR_LIMIT = 1024;

export class CorrectionHistory {
  readonly structure = new Int16Array(2 * SIZE);
  readonly material = new Int16Array(2 * SIZE);
  /** The indices of the current position, set by `index`. */
  structureAt = 0;
  materialAt = 0;

  clear(): void {
    this.structure.fill(0);
    this.material.fill(0);
  }

  /** Computes the two table indices of `pos` (into structureAt and materialAt) from its keys (position.ts). */
  index(pos: Position): void {
    const side = pos.side * SIZE;
    this.structureAt = side + (pos.structureKey & (SIZE - 1));
    this.materialAt = side + (pos.materialKey & (SIZE - 1));
  }

  /** The correction (centipawns) at the indices `index` last computed. */
  correction(structureAt: number, materialAt: number): number {
    return ((this.structure[structureAt] + this.material[materialAt]) / CORR_GRAIN) | 0;
  }

  /** Moves both entries toward `diff` (search result minus corrected evaluation, centipawns). */
  update(structureAt: number, materialAt: number, diff: number, depth: number): void {
    let bonus = ((diff * depth * CORR_GRAIN) / 8) | 0;
    const cap = CORR_LIMIT >> 2;
    if (bonus > cap) bonus = cap;
    else if (bonus < -cap) bonus = -cap;
    const mag = bonus < 0 ? -bonus : bonus;
    const s = this.structure[structureAt];
    this.structure[structureAt] = s + bonus - (((s * mag) / CORR_LIMIT) | 0);
    const m = this.material[materialAt];
    this.material[materialAt] = m + bonus - (((m * mag) / CORR_LIMIT) | 0);
  }
}
