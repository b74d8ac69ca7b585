// Cycle analysis: who checked and who chased with every move of a repetition (the rules are
// stated at the head of rules.ts). The position itself is walked: the cycle's moves are taken back
// and made again one by one, reading the check each move gave from the state make recorded, and
// asking attackersTo (attackers.ts) who attacks what. A capture the rules consider (a chase, the answer
// to it) is tried in the position's occupancy masks and taken back; the board is never changed
// but by make and unmake, and the position is left as it was. Everything here runs only when a position has
// recurred.

import { attackersTo, facingKing } from './attackers';
import { pieceAttacks } from './attacks';
import { type Occupancy, flipMove } from './lines';
import { isLegal } from './movegen';
import { Position } from './position';
import {
  ADVISOR,
  CANNON,
  CHARIOT,
  type Colour,
  ELEPHANT,
  HORSE,
  KING,
  OWN_HALF,
  SLOTS,
  SOLDIER,
  type Square,
  colourOf,
  kindOf,
  makeMove,
  moveTo,
} from './types';

// Outcome codes of a cycle, for the side to move.
export const CYCLE_DRAW = 1;
export const CYCLE_WIN_CHECK = 2;
export const CYCLE_LOSS_CHECK = 3;
export const CYCLE_WIN_CHASE = 4;
export const CYCLE_LOSS_CHASE = 5;

const PROT_NONE = 0; // no piece of the defender reaches the point
const PROT_FAKE = 1; // some do, but none can answer (pinned, or facing a discovered check)
const PROT_REAL = 2;

const PAIR_NONE = 0; // no chase: the capture is impossible or illegal, or x is protected
const PAIR_STRONG = 1; // x is worth more than a (chariot by horse/cannon; by advisor/elephant)
const PAIR_LOOSE = 2; // x unprotected: nothing reaches it
const PAIR_FAKE = 3; // x unprotected: its protectors cannot answer

/** The kinds that can chase (kings and soldiers chase freely). */
const CHASERS = [ADVISOR, ELEPHANT, HORSE, CHARIOT, CANNON];
/** The kinds that can be chased (a soldier only across the river). */
const CHASED = [ADVISOR, ELEPHANT, HORSE, CHARIOT, CANNON, SOLDIER];

/** The analysis of each position's cycles, made on first use and kept, so that judging allocates nothing. */
const analyses = new WeakMap<Position, CycleAnalysis>();

/** Judges the moves from history index q to now (one cycle or several); returns a CYCLE_* code. */
export function analyseCycle(pos: Position, q: number): number {
  let analysis = analyses.get(pos);
  if (analysis === undefined) {
    analysis = new CycleAnalysis(pos);
    analyses.set(pos, analysis);
  }
  return analysis.run(q);
}

class CycleAnalysis {
  /** Per colour: points of the enemy pieces chased by every move so far (count -1 = no move yet). */
  private readonly chased = [new Int32Array(16), new Int32Array(16)];
  private readonly chasedCount = new Int32Array(2);
  /** Enemy pieces chased by the move being judged. */
  private readonly moveChased = new Int32Array(16);
  /** The checks standing when the move being judged was made (answers to a chase may ignore these). */
  private checkers = new Int32Array(16);
  private nCheckers = 0;
  /** Where the checkers of the position before a move are noted while those after it are kept. */
  private spareCheckers = new Int32Array(16);
  private readonly found = new Int32Array(16);

  constructor(private readonly pos: Position) {}

  run(q: number): number {
    const pos = this.pos;
    const p = pos.ply;
    for (let i = p; i > q; i--) pos.unmake();
    let checkAll0 = true;
    let checkAll1 = true;
    this.chasedCount[0] = -1;
    this.chasedCount[1] = -1;
    for (let i = q; i < p; i++) {
      const col = pos.side;
      const m = pos.histMove[i];
      const from = m & 255;
      const to = moveTo(m);
      pos.redo();
      if (!pos.inCheck()) {
        if (col === 0) checkAll0 = false;
        else checkAll1 = false;
      }
      // The other side's chased pieces: follow the piece that moved.
      const other = this.chased[col ^ 1];
      for (let k = 0, n = this.chasedCount[col ^ 1]; k < n; k++) if (other[k] === from) other[k] = to;
      // This side's chases: intersect with the pieces chased by its earlier moves.
      const nNew = this.chasesOfMove(col, from, to);
      const own = this.chased[col];
      if (this.chasedCount[col] < 0) {
        own.set(this.moveChased.subarray(0, nNew));
        this.chasedCount[col] = nNew;
      } else {
        let n = 0;
        for (let k = 0, c = this.chasedCount[col]; k < c; k++) {
          const x = own[k];
          for (let t = 0; t < nNew; t++) {
            if (this.moveChased[t] === x) {
              own[n++] = x;
              break;
            }
          }
        }
        this.chasedCount[col] = n;
      }
    }
    const us = pos.side;
    const usCheck = us === 0 ? checkAll0 : checkAll1;
    const themCheck = us === 0 ? checkAll1 : checkAll0;
    if (usCheck !== themCheck) return usCheck ? CYCLE_LOSS_CHECK : CYCLE_WIN_CHECK;
    if (usCheck) return CYCLE_DRAW;
    const usChase = this.chasedCount[us] > 0;
    const themChase = this.chasedCount[us ^ 1] > 0;
    if (usChase !== themChase) return usChase ? CYCLE_LOSS_CHASE : CYCLE_WIN_CHASE;
    return CYCLE_DRAW;
  }

  /**
   * The enemy pieces chased by the move from -> to of side col, just made; returns their count
   * in moveChased.
   */
  private chasesOfMove(col: Colour, from: Square, to: Square): number {
    const pos = this.pos;
    const b = pos.board;
    const them = col ^ 1;
    let n = 0;
    this.noteCheckers(them);
    for (const vk of CHASED) {
      const vcode = vk | (them << 3);
      for (let i = 0, nv = pos.pcount[vcode]; i < nv; i++) {
        const x = pos.plist[vcode * SLOTS + i];
        if (vk === SOLDIER && OWN_HALF[them * 256 + x] === 1) continue;
        if (this.chasedBy(col, x, from, to, b)) this.moveChased[n++] = x;
      }
    }
    return n;
  }

  /** Does a piece of side col threaten x newly after the move from -> to (see rules.ts)? */
  private chasedBy(col: Colour, x: Square, from: Square, to: Square, b: Uint8Array): boolean {
    const pos = this.pos;
    for (const ak of CHASERS) {
      const acode = ak | (col << 3);
      for (let j = 0, na = pos.pcount[acode]; j < na; j++) {
        const a = pos.plist[acode * SLOTS + j];
        const kind = this.classify(a, x);
        if (kind === PAIR_NONE) continue;
        // Only a new threat is a chase: take the move back and look at the position before it.
        const prev = a === to ? from : a;
        pos.unmake();
        let fresh: boolean;
        if (!pieceAttacks(b[prev], prev, x, pos.occ)) {
          fresh = true; // a new attack (the piece moved, or a line opened)
        } else if (kind === PAIR_FAKE) {
          // The attack stood before: new only if x then had a real protector that this move
          // pinned or turned into one facing a discovered check.
          const saved = this.checkers;
          const nSaved = this.nCheckers;
          this.checkers = this.spareCheckers;
          this.noteCheckers(col ^ 1);
          fresh = this.protection(prev, x) === PROT_REAL;
          this.spareCheckers = this.checkers;
          this.checkers = saved;
          this.nCheckers = nSaved;
        } else {
          fresh = false; // an old attack; a protector merely cut off does not make a chase
        }
        pos.redo();
        if (fresh) return true;
      }
    }
    return false;
  }

  /** Records the checks standing against side `col`'s king (the facing king included). */
  private noteCheckers(col: Colour): void {
    this.nCheckers = this.kingAttackers(col, this.pos.occ, this.checkers);
  }

  /** The pieces of col ^ 1 attacking side `col`'s king in `occ`, the facing king included; returns the count. */
  private kingAttackers(col: Colour, occ: Occupancy, out: Int32Array): number {
    const pos = this.pos;
    const k = pos.kingSquare(col);
    let n = attackersTo(pos, k, col ^ 1, occ, out, 15);
    const facing = facingKing(pos, k, col ^ 1, occ);
    if (facing !== 0) out[n++] = facing;
    return n;
  }

  /** Classifies the threat of the piece on a against the piece on x (kinds already screened). */
  private classify(a: Square, x: Square): number {
    const b = this.pos.board;
    if (!pieceAttacks(b[a], a, x, this.pos.occ) || !isLegal(this.pos, makeMove(a, x))) return PAIR_NONE;
    const ak = kindOf(b[a]);
    const xk = kindOf(b[x]);
    if ((ak === HORSE || ak === CANNON) && xk === CHARIOT) return PAIR_STRONG;
    if ((ak === ADVISOR || ak === ELEPHANT) && (xk === CHARIOT || xk === HORSE || xk === CANNON)) return PAIR_STRONG;
    // Mutual attack of two pieces of one kind: an offer to exchange, unless x cannot take.
    if (xk === ak && pieceAttacks(b[x], x, a, this.pos.occ) && this.answerOk(x, a)) return PAIR_NONE;
    const prot = this.protection(a, x);
    return prot === PROT_REAL ? PAIR_NONE : prot === PROT_NONE ? PAIR_LOOSE : PAIR_FAKE;
  }

  /**
   * Protection of the piece on x against its capture by the piece on a: the capture is tried in
   * the occupancy, and every piece of the defender that then reaches x is asked whether it
   * can answer.
   */
  private protection(a: Square, x: Square): number {
    const pos = this.pos;
    const occ = pos.occ;
    const def = colourOf(pos.board[x]);
    flipMove(occ, a, x, true);
    let result = PROT_NONE;
    for (let code = (def << 3) | KING; code <= ((def << 3) | SOLDIER) && result !== PROT_REAL; code++) {
      for (let i = 0, n = pos.pcount[code]; i < n; i++) {
        const q = pos.plist[code * SLOTS + i];
        if (q === x || !pieceAttacks(code, q, x, occ)) continue;
        if (this.answerOk(q, x)) {
          result = PROT_REAL;
          break;
        }
        result = PROT_FAKE;
      }
    }
    flipMove(occ, a, x, true);
    return result;
  }

  /**
   * Does the capture from -> to count as a possible answer of the defending side, in the
   * occupancy as it stands (a capture being tried)? A king capture must be legal. Another piece must not expose its king
   * to an attack that was not already on the board (`checkers`): a pinned piece, or one whose
   * capture would be met by a discovered check, cannot answer; a check the chasing move itself
   * gave is treated as answered.
   */
  private answerOk(from: Square, to: Square): boolean {
    const pos = this.pos;
    const p = pos.board[from];
    if (kindOf(p) === KING) return isLegal(pos, makeMove(from, to));
    const occ = pos.occ;
    const col = colourOf(p);
    flipMove(occ, from, to, true);
    let ok = true;
    const found = this.found;
    const n = this.kingAttackers(col, occ, found);
    for (let i = 0; i < n && ok; i++) {
      // The piece taken on `to` attacks nothing any more.
      if (found[i] === to) continue;
      let known = false;
      for (let j = 0; j < this.nCheckers; j++) if (this.checkers[j] === found[i]) known = true;
      if (!known) ok = false;
    }
    flipMove(occ, from, to, true);
    return ok;
  }
}
