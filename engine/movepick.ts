// Staged move ordering. A picker hands out pseudo-legal moves one at a time, generating
// each group only when the previous ones are exhausted, so a cutoff on the hash move costs
// no generation at all:
//   hash move -> captures that do not lose material (MVV-LVA order, SEE-checked) ->
//   killer 1 -> killer 2 -> countermove -> quiet moves by history -> losing captures.
// Quiescence: the captures that do not lose material, then (QS_CHECKS, on trial) at its first ply
// the quiet checks that keep the moved piece.
// In check, all evasions are generated at once and only the legal ones kept (captures first,
// then by history). Out of check, the caller tests legality (quickLegal) before making a move.

import { History } from './history';
import { ALL_MOVES, CAPTURES, QUIETS, filterEvasions, generate, generateQuietChecks, isLegal, isPseudoLegal } from './movegen';
import { Position } from './position';
import { see, SEE_VALUE } from './see';
import { MAX_MOVES, kindOf, moveTo } from './types';

const STAGE_TT = 0;
const STAGE_GEN_CAPTURES = 1;
const STAGE_GOOD_CAPTURES = 2;
const STAGE_KILLER1 = 3;
const STAGE_KILLER2 = 4;
const STAGE_COUNTER = 5;
const STAGE_GEN_QUIETS = 6;
const STAGE_QUIETS = 7;
const STAGE_BAD_CAPTURES = 8;
const STAGE_EVASIONS_GEN = 10;
const STAGE_EVASIONS = 11;
const STAGE_QS_GEN = 20;
const STAGE_QS = 21;
const STAGE_QS_CHECKS_GEN = 22;
const STAGE_QS_CHECKS = 23;
const STAGE_DONE = 99;

/** Attacker order for MVV-LVA: cheaper attackers first. */
const ATTACKER_ORDER = [0, 6, 1, 2, 3, 5, 4, 0];

export class MovePicker {
  private readonly moves = new Int32Array(MAX_MOVES * 2);
  private readonly scores = new Int32Array(MAX_MOVES * 2);
  private readonly bad = new Int32Array(MAX_MOVES);
  private nBad = 0;
  private badIdx = 0;
  private n = 0;
  private idx = 0;
  private stage = STAGE_DONE;
  private pos!: Position;
  private history!: History;
  ttMove = 0;
  private killer1 = 0;
  private killer2 = 0;
  private counter = 0;
  /**
   * Set by the search to drop the quiet moves not handed out yet (move-count pruning): the picker
   * then goes on with the bad captures. Reset by init/initEvasions.
   */
  skipQuiets = false;

  /** Continuation-history base of the previous move, or -1. */
  private cont = -1;
  /** ... and of our own move before it (follow-up history), or -1. */
  private followup = -1;

  /** Main search, not in check. */
  init(pos: Position, history: History, ttMove: number, killer1: number, killer2: number, counter: number, cont = -1, followup = -1): void {
    this.pos = pos;
    this.cont = cont;
    this.followup = followup;
    this.history = history;
    this.ttMove = ttMove !== 0 && isPseudoLegal(pos, ttMove) ? ttMove : 0;
    this.killer1 = killer1;
    this.killer2 = killer2;
    this.counter = counter;
    this.nBad = 0;
    this.badIdx = 0;
    this.skipQuiets = false;
    this.evasions = false;
    this.stage = STAGE_TT;
  }

  /** In check: every evasion, hash move first. */
  initEvasions(pos: Position, history: History, ttMove: number): void {
    this.pos = pos;
    this.history = history;
    this.ttMove = ttMove !== 0 && isPseudoLegal(pos, ttMove) ? ttMove : 0;
    this.stage = STAGE_TT;
    this.killer1 = this.killer2 = this.counter = 0;
    this.nBad = 0;
    this.skipQuiets = false;
    this.evasions = true;
  }

  /**
   * Quiescence: captures only, SEE-losing ones dropped, and those of a piece worth at most
   * `floor` (SEE_VALUE) dropped before their SEE is asked (delta pruning; the search moves the
   * floor with alpha through `qsFloor`). The default floor drops nothing.
   */
  initQuiescence(pos: Position, history: History, floor = -1, checks = false): void {
    this.pos = pos;
    this.history = history;
    this.ttMove = 0;
    this.stage = STAGE_QS_GEN;
    this.evasions = false;
    this.qsFloor = floor;
    this.qsChecks = checks;
    this.cont = -1;
    this.followup = -1;
  }

  /** With initQuiescence's `checks`: after the captures, the quiet checks that keep the moved piece (SEE ≥ 0). */
  private qsChecks = false;

  /** Quiescence captures of a piece worth at most this (SEE_VALUE) are dropped (initQuiescence). */
  qsFloor = -1;

  private evasions = false;

  /**
   * The next move, or 0 when there are none left. `checksOnly` tells the picker that the search
   * will prune every quiet move that does not give check (futility): if the quiet moves are
   * generated during this call, only the checking ones are kept.
   */
  next(checksOnly = false): number {
    for (;;) {
      switch (this.stage) {
        case STAGE_TT:
          if (this.evasions) {
            this.stage = STAGE_EVASIONS_GEN;
            if (this.ttMove !== 0 && isLegal(this.pos, this.ttMove)) return this.ttMove;
            break;
          }
          this.stage = STAGE_GEN_CAPTURES;
          if (this.ttMove !== 0) return this.ttMove;
          break;
        case STAGE_GEN_CAPTURES:
          this.generateCaptures();
          this.stage = STAGE_GOOD_CAPTURES;
          break;
        case STAGE_GOOD_CAPTURES: {
          while (this.idx < this.n) {
            const m = this.pickBest();
            if (m === this.ttMove) continue;
            const b = this.pos.board;
            // Only captures by a more valuable piece can lose material.
            if (SEE_VALUE[kindOf(b[m & 255])] > SEE_VALUE[kindOf(b[moveTo(m)])] && see(this.pos, m) < 0) {
              this.bad[this.nBad++] = m;
              continue;
            }
            return m;
          }
          this.stage = STAGE_KILLER1;
          break;
        }
        case STAGE_KILLER1:
          this.stage = STAGE_KILLER2;
          if (this.validQuiet(this.killer1)) return this.killer1;
          break;
        case STAGE_KILLER2:
          this.stage = STAGE_COUNTER;
          if (this.killer2 !== this.killer1 && this.validQuiet(this.killer2)) return this.killer2;
          break;
        case STAGE_COUNTER:
          this.stage = STAGE_GEN_QUIETS;
          if (this.counter !== this.killer1 && this.counter !== this.killer2 && this.validQuiet(this.counter)) {
            return this.counter;
          }
          break;
        case STAGE_GEN_QUIETS:
          if (this.skipQuiets) {
            this.stage = STAGE_BAD_CAPTURES;
            break;
          }
          this.generateQuiets(checksOnly);
          this.stage = STAGE_QUIETS;
          break;
        case STAGE_QUIETS:
          while (this.idx < this.n && !this.skipQuiets) {
            const m = this.pickBest();
            if (m === this.ttMove || m === this.killer1 || m === this.killer2 || m === this.counter) continue;
            return m;
          }
          this.stage = STAGE_BAD_CAPTURES;
          break;
        case STAGE_BAD_CAPTURES:
          if (this.badIdx < this.nBad) return this.bad[this.badIdx++];
          this.stage = STAGE_DONE;
          break;
        case STAGE_EVASIONS_GEN: {
          // Only a few of the pseudo-legal moves answer the check: keep just those, so that
          // the ordering below works on a short list.
          const mv = this.moves;
          let n = 0;
          for (let i = 0, end = filterEvasions(this.pos, mv, 0, generate(this.pos, mv, 0, ALL_MOVES)); i < end; i++) {
            if (mv[i] !== this.ttMove) mv[n++] = mv[i];
          }
          this.n = n;
          this.scoreEvasions();
          this.idx = 0;
          this.stage = STAGE_EVASIONS;
          break;
        }
        case STAGE_EVASIONS:
          if (this.idx < this.n) return this.pickBest();
          this.stage = STAGE_DONE;
          break;
        case STAGE_QS_GEN:
          this.generateCaptures();
          this.stage = STAGE_QS;
          break;
        case STAGE_QS:
          while (this.idx < this.n) {
            const m = this.pickBest();
            const b = this.pos.board;
            const victim = SEE_VALUE[kindOf(b[moveTo(m)])];
            if (victim <= this.qsFloor || (SEE_VALUE[kindOf(b[m & 255])] > victim && see(this.pos, m) < 0)) continue;
            return m;
          }
          this.stage = this.qsChecks ? STAGE_QS_CHECKS_GEN : STAGE_DONE;
          break;
        case STAGE_QS_CHECKS_GEN:
          this.generateQuiets(true);
          this.stage = STAGE_QS_CHECKS;
          break;
        case STAGE_QS_CHECKS:
          while (this.idx < this.n) {
            const m = this.pickBest();
            if (see(this.pos, m) < 0) continue;
            return m;
          }
          this.stage = STAGE_DONE;
          break;
        default:
          return 0;
      }
    }
  }

  /** True once the picker has moved past the hash move, good captures and killers. */
  get inQuietStage(): boolean {
    return this.stage === STAGE_QUIETS || this.stage === STAGE_BAD_CAPTURES;
  }

  /** The captures, scored for MVV-LVA, to be handed out from the first. */
  private generateCaptures(): void {
    this.n = generate(this.pos, this.moves, 0, CAPTURES);
    this.scoreCaptures();
    this.idx = 0;
  }

  /** The quiet moves (only the checking ones with `checksOnly`), scored by history, to be handed out from the first. */
  private generateQuiets(checksOnly: boolean): void {
    this.n = checksOnly ? generateQuietChecks(this.pos, this.moves, 0) : generate(this.pos, this.moves, 0, QUIETS);
    this.scoreQuiets();
    this.idx = 0;
  }

  private validQuiet(m: number): boolean {
    return m !== 0 && m !== this.ttMove && this.pos.board[moveTo(m)] === 0 && isPseudoLegal(this.pos, m);
  }

  private scoreCaptures(): void {
    const b = this.pos.board;
    for (let i = 0; i < this.n; i++) {
      const m = this.moves[i];
      this.scores[i] = SEE_VALUE[kindOf(b[moveTo(m)])] * 8 - ATTACKER_ORDER[kindOf(b[m & 255])];
    }
  }

  private scoreQuiets(): void {
    const b = this.pos.board;
    const hist = this.history;
    const cb = this.cont;
    const fb = this.followup;
    for (let i = 0; i < this.n; i++) {
      const m = this.moves[i];
      this.scores[i] = hist.quietScore(b[m & 255], moveTo(m), cb, fb);
    }
  }

  private scoreEvasions(): void {
    const b = this.pos.board;
    const h = this.history.quiet;
    for (let i = 0; i < this.n; i++) {
      const m = this.moves[i];
      const victim = b[moveTo(m)];
      this.scores[i] =
        victim !== 0 ? 1_000_000 + SEE_VALUE[kindOf(victim)] * 8 - ATTACKER_ORDER[kindOf(b[m & 255])] : h[b[m & 255] * 256 + moveTo(m)];
    }
  }

  /** Selection sort step: moves the best remaining move to idx and returns it. */
  private pickBest(): number {
    const s = this.scores;
    const mv = this.moves;
    let best = this.idx;
    let bs = s[best];
    for (let i = best + 1, n = this.n; i < n; i++) {
      const v = s[i];
      if (v > bs) {
        bs = v;
        best = i;
      }
    }
    const m = mv[best];
    const sc = s[best];
    mv[best] = mv[this.idx];
    s[best] = s[this.idx];
    mv[this.idx] = m;
    s[this.idx] = sc;
    this.idx++;
    return m;
  }
}
