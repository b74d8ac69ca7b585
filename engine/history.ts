// Move-ordering memory: history scores, killer moves and countermoves.
//
// History is indexed by (piece code, target square) and updated with "gravity", so that the
// scores stay within +-HISTORY_MAX and recent results weigh more than old ones.

import { FOLLOWUP_HISTORY, MAX_PLY } from './search-params';

const HISTORY_MAX = 16384;

/** Points of the board numbered 0..89 (mailbox square -> index), for the compact tables. */
export const SQ90 = new Int32Array(256).fill(-1);
for (let rank = 0; rank < 10; rank++) for (let file = 0; file < 9; file++) SQ90[((rank + 3) << 4) | (file + 3)] = rank * 9 + file;

/** Base index of the continuation table for a previous move (its piece and target). */
export function contBase(prevPiece: number, prevTo: number): number {
  return (prevPiece * 90 + SQ90[prevTo]) * 16 * 90;
}

/**
 * The "gravity" update shared by the histories here and the correction history (correction.ts):
 * `entry` moves by `bonus` (clamped to +-limit), less in proportion to how far it already is in
 * that direction, so that it stays within +-limit and recent results weigh more than old ones.
 */
export function gravity(entry: number, bonus: number, limit: number): number {
  const clamped = bonus > limit ? limit : bonus < -limit ? -limit : bonus;
  return entry + clamped - (((entry * (clamped < 0 ? -clamped : clamped)) / limit) | 0);
}

export class History {
  readonly quiet = new Int32Array(16 * 256);
  readonly killers = new Int32Array(MAX_PLY * 2);
  /** Countermove: the reply that refuted the previous move, indexed by its piece and target. */
  readonly counter = new Int32Array(16 * 256);
  /**
   * Continuation history: how good a quiet move (piece, target) was as the reply to the previous
   * move (piece, target); index contBase(prev) + piece * 90 + SQ90[to].
   */
  readonly cont = new Int16Array(16 * 90 * 16 * 90);

  clear(): void {
    this.quiet.fill(0);
    this.cont.fill(0);
    this.killers.fill(0);
    this.counter.fill(0);
  }

  /** Called between searches: keep half of what was learned, drop the killers. */
  age(): void {
    for (let i = 0; i < this.quiet.length; i++) this.quiet[i] >>= 1;
    this.killers.fill(0);
  }

  update(index: number, bonus: number): void {
    this.quiet[index] = gravity(this.quiet[index], bonus, HISTORY_MAX);
  }

  updateCont(index: number, bonus: number): void {
    this.cont[index] = gravity(this.cont[index], bonus, HISTORY_MAX);
  }

  /**
   * A quiet move's history score, as the move order and the late-move reductions read it: its
   * history, plus its continuation entry after the previous move (base `cb`), plus, with
   * FOLLOWUP_HISTORY, its entry after our own move before that (base `fb`) × the
   * weight / 16. A base of -1 counts nothing.
   */
  quietScore(piece: number, to: number, cb: number, fb: number): number {
    const i = piece * 90 + SQ90[to];
    return this.quiet[piece * 256 + to] + (cb >= 0 ? this.cont[cb + i] : 0) + (fb >= 0 ? (this.cont[fb + i] * FOLLOWUP_HISTORY) >> 4 : 0);
  }

  /** Moves every entry that quietScore reads for this move by `bonus` (a malus when negative). */
  updateQuietMove(piece: number, to: number, cb: number, fb: number, bonus: number): void {
    const i = piece * 90 + SQ90[to];
    this.update(piece * 256 + to, bonus);
    if (cb >= 0) this.updateCont(cb + i, bonus);
    if (fb >= 0) this.updateCont(fb + i, bonus);
  }

  addKiller(ply: number, move: number): void {
    const k = ply * 2;
    if (this.killers[k] !== move) {
      this.killers[k + 1] = this.killers[k];
      this.killers[k] = move;
    }
  }
}
