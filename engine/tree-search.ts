// The tree search: principal-variation alpha-beta from the root moves down (searchRoot, negamax)
// with the pruning and extensions listed at `negamax`, and quiescence. Allocation-free per node.
//
// Two classes, each owning its state, meet at a narrow interface (rather than one worker class as
// Stockfish's `Search::Worker`, or a subclass reaching into its base's fields):
//  - TreeSearch (here) owns everything a node touches: the position under search, the table,
//    the histories, the stacks, the node count, the root moves and the line under search. Its
//    driver starts a search (`start`), searches one window at a time (`searchRoot`) and reads the
//    results (`nodes`, `seldepth`, `stopped`, the root moves' scores and lines).
//  - The driver (Searcher, search.ts) owns what a search is asked for: iterative deepening, the
//    aspiration windows and MultiPV lines, the limits, the clock, the signals and the share of a
//    parallel search. The tree asks it only two things (SearchDriver): whether to stop, every
//    so many nodes, and the root move being searched (for `info currmove`).
// So each file holds one job and can be read alone, and the node code sees only its own fields.
//
// Scores and windows are negated as `0 - x`, not `-x`: negating a zero score gives -0, which V8
// cannot hold as a small integer (optimized code deoptimizes on it, or falls back to floating
// point); the bench measured faster so, with the same tree (docs/log/search.md).

import { CorrectionHistory } from './correction';
import { LAZY_MARGIN, TEMPO, attackUnits, evaluate, materialScore } from './evaluate';
import type { NnueEvaluator } from './nnue';
import { History, contBase } from './history';
import { MovePicker } from './movepick';
import { generateLegal, givesCheck as moveGivesCheck, quickLegal } from './movegen';
import { Position } from './position';
import { repetitionScore } from './repetition';
import { RootMove, bestRootMove, rootBonus } from './root-moves';
import { MOVE_LIMIT_PLIES } from './rules';
import { see } from './see';
import {
  DELTA_MARGIN,
  FOLLOWUP_HISTORY,
  DRAW,
  FUTILITY_BASE,
  FUTILITY_DEPTH,
  FUTILITY_PER_DEPTH,
  HISTORY_BONUS_MAX,
  HISTORY_BONUS_SCALE,
  IIR_DEPTH,
  INFINITE,
  LMP_BASE,
  LMP_CHECKS,
  LMP_DEPTH,
  LMR_BASE,
  LMR_DEPTH,
  LMR_DIVISOR,
  LMR_HISTORY_DIVISOR,
  MATE,
  MATE_BOUND,
  MAX_PLY,
  RULE_BOUND,
  NULL_EVAL_DIVISOR,
  NULL_EVAL_R_MAX,
  NULL_MIN_UNITS,
  NULL_R,
  NULL_SAFE_UNITS,
  NULL_VERIFY_DEPTH,
  QS_CHECKS,
  RFP_DEPTH,
  RFP_IMPROVING,
  RFP_MARGIN,
  SEE_DEPTH,
  SEE_MARGIN,
  SE_DEPTH,
  SE_MARGIN,
  onTunableChange,
} from './search-params';
import { BOUND_EXACT, BOUND_LOWER, BOUND_NONE, BOUND_UPPER, TranspositionTable } from './tt';
import { MAX_MOVES, moveTo } from './types';

/** Late-move reduction table, indexed [depth * 64 + moveNumber]; made again when LMR_BASE or LMR_DIVISOR is tuned. */
const LMR = new Int8Array(64 * 64);
function buildLmrTable(): void {
  for (let d = 1; d < 64; d++) {
    for (let n = 1; n < 64; n++) LMR[d * 64 + n] = Math.floor(LMR_BASE + (Math.log(d) * Math.log(n)) / LMR_DIVISOR);
  }
}
buildLmrTable();
onTunableChange(buildLmrTable);

/** What the tree search asks of its driver (search.ts) while it runs. */
export interface SearchDriver {
  /**
   * Polled once `nodes` (this search's node count) reaches the point the last poll set: returns
   * the number of nodes to search before the next poll, or 0 when the search must stop now.
   */
  poll(nodes: number): number;
  /** The root move `move`, number `number` in the list, is about to be searched at `depth`. */
  rootMove(depth: number, move: number, number: number): void;
}

/**
 * One searcher's tree search: its table, histories and stacks, and the state of the search under
 * way (position, node count, root moves, the line being searched). The driver (search.ts) starts a
 * search and calls searchRoot once per window.
 */
export class TreeSearch {
  readonly tt: TranspositionTable;
  readonly history = new History();
  readonly correction = new CorrectionHistory();
  /** The network evaluation, or null for the hand-written one (evaluate.ts). */
  network: NnueEvaluator | null = null;
  private readonly driver: SearchDriver;
  private readonly pickers: MovePicker[] = [];
  private readonly pvTable = new Int32Array(MAX_PLY * MAX_PLY);
  private readonly pvLength = new Int32Array(MAX_PLY + 1);
  private readonly evalStack = new Int32Array(MAX_PLY + 2);
  private readonly quietsTried = new Int32Array(MAX_PLY * MAX_MOVES);
  private readonly ruleBuf = new Int32Array(MAX_MOVES);

  private pos!: Position;
  /** Nodes searched since `start` (the driver reads them as `nodes`). */
  private nodeCount = 0;
  /** The driver is polled at the first node once `nodeCount` reaches this. */
  private nextPoll = 0;
  /** The deepest ply reached since the line began (beginLine). */
  private maxPly = 0;
  /** Set when the driver said stop: every node then returns at once, its score meaningless. */
  private halted = false;
  private rootDepth = 0;
  /** Null move is not tried above this ply (during a null-move verification search). */
  private nullMinPly = 0;

  /** The root moves, sorted by the driver after each window (root-moves.ts). */
  private rootMoves: RootMove[] = [];
  /**
   * A move that beat the line's first move in the iteration under way (searched in full, its
   * score above alpha), or 0: the driver may play it when the search stops inside the iteration.
   */
  newBest = 0;
  /** The MultiPV line being searched: root moves before it are the better lines already found. */
  private pvIndex = 0;
  /** Root-move bonus range in centipawns (limits.rootNoise) and its seed; 0: no bonus. */
  private rootNoise = 0;
  private noiseSeed = 0;

  constructor(hashMb: number, driver: SearchDriver) {
    this.tt = new TranspositionTable(hashMb);
    this.driver = driver;
    for (let i = 0; i <= MAX_PLY; i++) this.pickers.push(new MovePicker());
  }

  /** Nodes searched since `start`. */
  get nodes(): number {
    return this.nodeCount;
  }

  /** The deepest ply reached since the line began. */
  get seldepth(): number {
    return this.maxPly;
  }

  /** Whether the driver stopped the search (the last window's scores are then incomplete). */
  get stopped(): boolean {
    return this.halted;
  }

  /**
   * Starts a search of `pos` over `rootMoves` (searchRoot records each move's score and line in
   * its RootMove); with a root-move bonus of up to `rootNoise` centipawns from `noiseSeed`.
   */
  start(pos: Position, rootMoves: RootMove[], rootNoise: number, noiseSeed: number): void {
    this.pos = pos;
    this.rootMoves = rootMoves;
    this.rootNoise = rootNoise;
    this.noiseSeed = noiseSeed;
    this.nodeCount = 0;
    this.nextPoll = 0;
    this.maxPly = 0;
    this.halted = false;
    this.nullMinPly = 0;
    this.pvIndex = 0;
  }

  /** Begins the MultiPV line `pvIndex` (the root moves before it are the better lines already found). */
  beginLine(pvIndex: number): void {
    this.pvIndex = pvIndex;
    this.maxPly = 0;
    this.newBest = 0;
  }

  /**
   * The static evaluation, side to move. Both evaluations are called directly (a call through an
   * interface made the bench much slower, docs/log/search.md): the network when one is set, else
   * evaluate.ts.
   */
  staticEval(pos: Position): number {
    return this.network === null ? evaluate(pos) : this.network.evaluate(pos);
  }

  /** Polls the driver; sets `halted` when it says stop. Returns true if the search must stop. */
  private poll(): boolean {
    const next = this.driver.poll(this.nodeCount);
    if (next === 0) this.halted = true;
    else this.nextPoll = this.nodeCount + next;
    return this.halted;
  }

  /**
   * Searches the root moves of the line under way (beginLine) at `depth` with the window
   * (alpha, beta); records each move's score and line in its RootMove.
   */
  searchRoot(depth: number, alpha: number, beta: number): number {
    const pos = this.pos;
    this.rootDepth = depth;
    const inCheck = pos.inCheck();
    let best = -INFINITE;
    this.pvLength[0] = 0;
    this.evalStack[0] = inCheck ? -INFINITE : this.staticEval(pos);
    const alpha0 = alpha;
    const rootMoves = this.rootMoves;
    for (let i = this.pvIndex; i < rootMoves.length; i++) {
      const rm = rootMoves[i];
      const m = rm.move;
      // Root moves are reported only once the search has run a while, as GUIs expect.
      this.driver.rootMove(depth, m, i + 1);
      const givesCheck = moveGivesCheck(pos, m);
      pos.make(m, givesCheck);
      this.nodeCount++;
      const newDepth = depth - 1 + (givesCheck ? 1 : 0);
      // With randomness the move's bonus b is added to its score: the child is searched with the
      // window moved by b, so bounds stay exact. Mate and rule scores keep no bonus.
      const b = this.rootNoise > 0 ? rootBonus(m, this.noiseSeed, this.rootNoise) : 0;
      let score: number;
      if (i === this.pvIndex) {
        score = b - this.negamax(newDepth, b - beta, b - alpha, 1, true, false);
      } else {
        score = b - this.negamax(newDepth, b - 1 - alpha, b - alpha, 1, false, true);
        if (score > alpha && !this.halted) score = b - this.negamax(newDepth, b - beta, b - alpha, 1, true, false);
      }
      if (b !== 0 && (score - b > RULE_BOUND || score - b < -RULE_BOUND)) score -= b;
      pos.unmake();
      if (this.halted && depth > 1) return best;
      // The first move failing low undoes what an earlier window of this depth found.
      if (i !== this.pvIndex) {
        if (score > alpha) this.newBest = m;
      } else if (score <= alpha) this.newBest = 0;
      if (i === this.pvIndex || score > alpha) {
        rm.score = score;
        const pv = [m];
        for (let k = 1; k < this.pvLength[1]; k++) pv.push(this.pvTable[MAX_PLY + k]);
        rm.pv = pv;
      } else {
        rm.score = -INFINITE;
      }
      if (score > best) best = score;
      if (score > alpha) {
        alpha = score;
        if (score >= beta) break;
      }
    }
    // A score with a root bonus in it is not the position's value: it is not stored.
    if (best > alpha0 && best < beta && this.pvIndex === 0 && this.rootNoise === 0) {
      const m = rootMoves.length > 0 ? bestRootMove(rootMoves, this.pvIndex) : 0;
      this.tt.store(pos.keyLo, pos.keyHi, 0, m, best, this.evalStack[0], depth, BOUND_EXACT);
    }
    return best;
  }

  /**
   * Principal-variation search. Steps:
   *  1. rules: 60-move limit, repetition verdicts (Asian rules), mate-distance pruning;
   *  2. transposition-table cutoff (non-PV nodes);
   *  3. static evaluation, corrected by the correction history (correction.ts); reverse
   *     futility pruning; null move (not in check, verified when the side to move has few
   *     attacking pieces);
   *  4. internal iterative reduction when there is no hash move;
   *  5. the move loop: check extension, late-move pruning, futility and SEE pruning,
   *     late-move reductions, PVS re-searches;
   *  6. no legal move = loss (mate or stalemate); store the result.
   */
  private negamax(depth: number, alpha: number, beta: number, ply: number, pvNode: boolean, cutNode: boolean, excluded = 0): number {
    const pos = this.pos;
    this.pvLength[ply] = ply;
    if (depth <= 0) return this.quiesce(alpha, beta, ply, 0);
    if (this.halted || (this.nodeCount >= this.nextPoll && this.poll())) return 0;
    if (ply > this.maxPly) this.maxPly = ply;

    // 1. Rules and mate distance.
    const ruled = this.ruleScore(ply);
    if (ruled !== null) return ruled;
    const mateAlpha = Math.max(alpha, -MATE + ply);
    const mateBeta = Math.min(beta, MATE - ply - 1);
    if (mateAlpha >= mateBeta) return mateAlpha;

    // 2. Transposition table.
    const tt = this.tt;
    let ttMove = 0;
    let ttHit = false;
    let ttScore = 0;
    let ttEval = 0;
    let ttBound = BOUND_NONE;
    let ttDepth = -128;
    if (excluded === 0 && tt.probe(pos.keyLo, pos.keyHi, ply)) {
      ttHit = true;
      ttMove = tt.hitMove;
      ttScore = tt.hitScore;
      ttEval = tt.hitEval;
      ttBound = tt.hitBound;
      ttDepth = tt.hitDepth;
      if (
        !pvNode &&
        ttDepth >= depth &&
        (ttBound === BOUND_EXACT || (ttBound === BOUND_LOWER && ttScore >= beta) || (ttBound === BOUND_UPPER && ttScore <= alpha))
      ) {
        return ttScore;
      }
    }

    // 3. Static evaluation and pruning before the move loop.
    const inCheck = pos.inCheck();
    // The move that led here and the piece it moved, as make recorded them (0 after a null move).
    const prevMove = pos.histMove[pos.ply - 1];
    const prevPiece = pos.histPiece[pos.ply - 1];
    // Our own move before it (follow-up history): its continuation base, or -1.
    const fb = this.followupBase();
    let staticEval: number;
    let rawEval = 0;
    let corrEval = 0;
    if (inCheck) staticEval = -INFINITE;
    else {
      rawEval = ttHit && ttEval !== 0 ? ttEval : this.staticEval(pos);
      // The evaluation corrected by what searches of similar positions found (correction.ts).
      corrEval = rawEval + this.correction.correction(pos, ply);
      if (corrEval >= MATE_BOUND) corrEval = MATE_BOUND - 1;
      else if (corrEval <= -MATE_BOUND) corrEval = 1 - MATE_BOUND;
      staticEval = corrEval;
      // The hash score is a better estimate when its bound points the right way.
      if (ttHit && (ttBound === BOUND_EXACT || (ttBound === BOUND_LOWER ? ttScore > staticEval : ttScore < staticEval))) {
        if (ttScore > -MATE_BOUND && ttScore < MATE_BOUND) staticEval = ttScore;
      }
    }
    this.evalStack[ply] = staticEval;
    const improving = !inCheck && ply >= 2 && staticEval > this.evalStack[ply - 2];

    let units = 0;
    if (!pvNode && !inCheck && excluded === 0) {
      // Reverse futility: far above beta at low depth.
      if (depth <= RFP_DEPTH && staticEval - (RFP_MARGIN - (improving ? RFP_IMPROVING : 0)) * depth >= beta && staticEval < MATE_BOUND) {
        return staticEval;
      }
      // Null move.
      if (
        depth >= 2 &&
        staticEval >= beta &&
        prevMove !== 0 &&
        beta > -MATE_BOUND &&
        ply >= this.nullMinPly &&
        (units = attackUnits(pos, pos.side)) >= NULL_MIN_UNITS
      ) {
        const r = NULL_R + (depth >> 2) + Math.min(NULL_EVAL_R_MAX, ((staticEval - beta) / NULL_EVAL_DIVISOR) | 0);
        pos.makeNull();
        let score = 0 - this.negamax(depth - 1 - r, 0 - beta, 1 - beta, ply + 1, false, !cutNode);
        pos.unmakeNull();
        if (this.halted) return 0;
        if (score >= beta) {
          if (score >= MATE_BOUND) score = beta;
          if (depth < 3 || (units >= NULL_SAFE_UNITS && depth < NULL_VERIFY_DEPTH)) return score;
          // With few attackers, or very deep: verify with a reduced search in which this side
          // may not pass for a while, so that a zugzwang is seen.
          this.nullMinPly = ply + ((3 * (depth - r)) >> 2);
          const v = this.negamax(depth - r, beta - 1, beta, ply, false, false);
          this.nullMinPly = 0;
          if (v >= beta) return score;
        }
      }
    }

    // 4. Internal iterative reduction.
    if (ttMove === 0 && excluded === 0 && depth >= IIR_DEPTH && (pvNode || cutNode)) depth--;

    // Singular extension: when the hash move is the only good move here (every other move,
    // searched to half depth, stays clearly below its score), it is searched one ply deeper.
    // When even the other moves beat beta, the node fails high at once (multi-cut).
    let singular = false;
    if (
      depth >= SE_DEPTH &&
      excluded === 0 &&
      ttMove !== 0 &&
      ttDepth >= depth - 3 &&
      (ttBound & BOUND_LOWER) !== 0 &&
      ttScore > -MATE_BOUND &&
      ttScore < MATE_BOUND &&
      ply < 2 * this.rootDepth
    ) {
      const singularBeta = ttScore - SE_MARGIN * depth;
      const v = this.negamax((depth - 1) >> 1, singularBeta - 1, singularBeta, ply, false, cutNode, ttMove);
      if (this.halted) return 0;
      if (v < singularBeta) singular = true;
      else if (singularBeta >= beta) return singularBeta;
    }

    // 5. Move loop.
    const picker = this.pickers[ply];
    const hist = this.history;
    // Continuation-history base of the previous move (the order and LMR read it), or -1.
    const cb = prevMove !== 0 ? contBase(prevPiece, moveTo(prevMove)) : -1;
    if (inCheck) picker.initEvasions(pos, hist, ttMove);
    else {
      const counter = prevMove !== 0 ? hist.counter[prevPiece * 256 + moveTo(prevMove)] : 0;
      picker.init(pos, hist, ttMove, hist.killers[ply * 2], hist.killers[ply * 2 + 1], counter, cb, fb);
    }
    const us = pos.side;
    const ksq = pos.kingSquare(us);
    const b = pos.board;
    let best = -INFINITE;
    let bestMove = 0;
    let moveCount = 0;
    let quietCount = 0;
    const quietBase = ply * MAX_MOVES;
    const alphaOrig = alpha;
    const lmpLimit = (LMP_BASE + depth * depth) >> (improving ? 0 : 1);
    // Futility below prunes every quiet move that does not check once one legal move has been
    // counted and not every move so far loses to a mate (alpha does not move in a non-PV node):
    // the picker then keeps only the checking quiet moves, instead of handing out the others to
    // be tested for legality and pruned one by one.
    const futile = !pvNode && !inCheck && depth <= FUTILITY_DEPTH && staticEval + FUTILITY_BASE + FUTILITY_PER_DEPTH * depth <= alpha;

    for (let m = picker.next(); m !== 0; m = picker.next(futile && moveCount !== 0 && best > -MATE_BOUND)) {
      if (m === excluded) continue;
      if (!inCheck && !quickLegal(pos, m, ksq)) continue;
      const to = moveTo(m);
      const piece = b[m & 255];
      const isCapture = b[to] !== 0;
      moveCount++;
      // Futile node: the picker hands out checking quiet moves only. Move-count pruning would
      // have ended the quiet moves at the first non-checking one past the limit: end them here.
      // (With LMP_CHECKS, move-count pruning keeps the checks: so does this.)
      if (
        LMP_CHECKS === 0 &&
        futile &&
        !isCapture &&
        quietCount >= lmpLimit &&
        best > -MATE_BOUND &&
        moveCount > 1 &&
        picker.inQuietStage
      ) {
        picker.skipQuiets = true;
        continue;
      }
      const givesCheck = moveGivesCheck(pos, m);

      // Low-depth pruning of late moves that do not check (never when every move so far
      // loses to a mate): move-count pruning of quiets, futility, losing captures by SEE.
      if (!pvNode && !inCheck && !givesCheck && best > -MATE_BOUND && moveCount > 1) {
        if (!isCapture) {
          if (depth <= LMP_DEPTH && quietCount >= lmpLimit) {
            if (LMP_CHECKS === 0) picker.skipQuiets = true;
            continue;
          }
          // The futility test above (alpha does not move in a non-PV node).
          if (futile) continue;
        } else if (depth <= SEE_DEPTH && see(pos, m) < -SEE_MARGIN * depth) continue;
      }

      // Check extension, for checks that do not simply give the checking piece away.
      let extension = 0;
      if (singular && m === ttMove) extension = 1;
      else if (givesCheck && ply < 2 * this.rootDepth) extension = see(pos, m) >= 0 ? 1 : 0;

      pos.make(m, givesCheck);
      this.nodeCount++;
      const newDepth = depth - 1 + extension;
      let score: number;
      if (moveCount === 1) {
        score = 0 - this.negamax(newDepth, 0 - beta, 0 - alpha, ply + 1, pvNode, false);
      } else {
        let r = 0;
        if (depth >= LMR_DEPTH && !isCapture && !givesCheck && moveCount > (pvNode ? 3 : 2)) {
          r = LMR[Math.min(depth, 63) * 64 + Math.min(moveCount, 63)];
          if (pvNode) r--;
          if (cutNode) r++;
          if (!improving && depth > 6) r++;
          if (m === hist.killers[ply * 2] || m === hist.killers[ply * 2 + 1]) r--;
          r -= (hist.quietScore(piece, to, cb, fb) / LMR_HISTORY_DIVISOR) | 0;
          if (r < 0) r = 0;
          if (r > newDepth - 1) r = Math.max(0, newDepth - 1);
        }
        score = 0 - this.negamax(newDepth - r, -1 - alpha, 0 - alpha, ply + 1, false, true);
        if (score > alpha && r > 0) score = 0 - this.negamax(newDepth, -1 - alpha, 0 - alpha, ply + 1, false, !cutNode);
        if (pvNode && score > alpha && score < beta) score = 0 - this.negamax(newDepth, 0 - beta, 0 - alpha, ply + 1, true, false);
      }
      pos.unmake();
      if (this.halted) return 0;
      if (!isCapture && quietCount < MAX_MOVES) this.quietsTried[quietBase + quietCount++] = m;

      if (score > best) {
        best = score;
        if (score > alpha) {
          bestMove = m;
          alpha = score;
          if (pvNode) this.updatePv(ply, m);
          if (score >= beta) {
            if (!isCapture) this.rewardQuiet(ply, m, piece, depth, quietBase, quietCount, cb, fb);
            break;
          }
        }
      }
    }

    // 6. No legal move: the side to move has lost (checkmate or stalemate).
    if (moveCount === 0) return -MATE + ply;
    // A search without one move says nothing about the position: not stored.
    if (excluded !== 0) return best;

    const bound = best >= beta ? BOUND_LOWER : best > alphaOrig ? BOUND_EXACT : BOUND_UPPER;
    // Correction history learns from results on the far side of the evaluation, except where a
    // capture decided them (material the evaluation could not see) or a mate score stands.
    if (
      !inCheck &&
      (bestMove === 0 || b[moveTo(bestMove)] === 0) &&
      best > -MATE_BOUND &&
      best < MATE_BOUND &&
      (bound === BOUND_EXACT || (bound === BOUND_LOWER ? best > corrEval : best < corrEval))
    ) {
      this.correction.update(ply, best - corrEval, depth);
    }
    tt.store(pos.keyLo, pos.keyHi, ply, bestMove, best, rawEval, depth, bound);
    return best;
  }

  /** A quiet cutoff: killer, countermove, and the histories (bases cb and fb, as the node read them). */
  private rewardQuiet(
    ply: number,
    m: number,
    piece: number,
    depth: number,
    quietBase: number,
    quietCount: number,
    cb: number,
    fb: number,
  ): void {
    const hist = this.history;
    hist.addKiller(ply, m);
    // The move that led here and the piece it moved, as make recorded them (0 after a null move).
    const prevMove = this.pos.histMove[this.pos.ply - 1];
    const prevPiece = this.pos.histPiece[this.pos.ply - 1];
    if (prevMove !== 0) hist.counter[prevPiece * 256 + moveTo(prevMove)] = m;
    const bonus = Math.min(depth * depth * HISTORY_BONUS_SCALE, HISTORY_BONUS_MAX);
    const b = this.pos.board;
    hist.updateQuietMove(piece, moveTo(m), cb, fb, bonus);
    for (let i = 0; i < quietCount; i++) {
      const q = this.quietsTried[quietBase + i];
      if (q !== m) hist.updateQuietMove(b[q & 255], moveTo(q), cb, fb, -bonus);
    }
  }

  /**
   * With FOLLOWUP_HISTORY, the continuation base of the side to move's own previous move (two
   * plies back; none after a null move or before the game's second move); otherwise -1.
   */
  private followupBase(): number {
    const pos = this.pos;
    if (FOLLOWUP_HISTORY === 0 || pos.ply < 2) return -1;
    const m = pos.histMove[pos.ply - 2];
    return m !== 0 ? contBase(pos.histPiece[pos.ply - 2], moveTo(m)) : -1;
  }

  private updatePv(ply: number, m: number): void {
    const base = ply * MAX_PLY;
    this.pvTable[base + ply] = m;
    const childLen = this.pvLength[ply + 1];
    const childBase = (ply + 1) * MAX_PLY;
    let k = ply + 1;
    for (; k < childLen; k++) this.pvTable[base + k] = this.pvTable[childBase + k];
    this.pvLength[ply] = Math.max(k, ply + 1);
  }

  /**
   * The score a node gets from the rules alone (60-move limit, repetition verdicts), or the
   * static evaluation at the ply limit; null when the search must go on.
   */
  private ruleScore(ply: number): number | null {
    const pos = this.pos;
    // In judge()'s order: a mate or stalemate first (the search finds those itself), then a
    // repetition, then the move limit, which draws only a side that still has a move.
    const rep = repetitionScore(pos, ply);
    if (rep !== null) return rep;
    if (pos.halfmove >= MOVE_LIMIT_PLIES) return generateLegal(pos, this.ruleBuf, 0) > 0 ? DRAW : -MATE + ply;
    if (ply >= MAX_PLY - 4) return this.staticEval(pos);
    return null;
  }

  /**
   * Quiescence: stand pat, then captures that do not lose material; all evasions in check. It
   * keeps out of the hash table: a probe at every quiescence node cost more in cache misses than
   * its hits saved (measured in games and nodes per second, docs/log/search.md).
   */
  private quiesce(alpha: number, beta: number, ply: number, qdepth: number): number {
    const pos = this.pos;
    this.pvLength[ply] = ply;
    if (this.halted || (this.nodeCount >= this.nextPoll && this.poll())) return 0;
    if (ply > this.maxPly) this.maxPly = ply;
    const ruled = this.ruleScore(ply);
    if (ruled !== null) return ruled;
    const inCheck = pos.inCheck();
    let best = -INFINITE;
    let standPat = 0;
    const picker = this.pickers[ply];
    if (inCheck) {
      picker.initEvasions(pos, this.history, 0);
    } else {
      // Lazy evaluation: the terms beyond material and placement seldom move the score by more
      // than LAZY_MARGIN. Far above beta, stand pat on material; far below alpha, the full
      // evaluation could not raise alpha, so the upper estimate stands in for it (it is at most
      // alpha, and it only makes delta pruning more careful).
      if (this.network === null) {
        const lazy = materialScore(pos) + TEMPO;
        if (lazy - LAZY_MARGIN >= beta) return lazy;
        standPat = lazy + LAZY_MARGIN <= alpha ? lazy + LAZY_MARGIN : this.staticEval(pos);
      } else standPat = this.staticEval(pos);
      if (standPat >= beta) return standPat;
      if (standPat > alpha) alpha = standPat;
      best = standPat;
      // Delta pruning, in the picker before the SEE and the legality test, which cost more: a
      // capture is dropped when even winning the captured piece for nothing cannot reach alpha
      // (standPat + its value + DELTA_MARGIN <= alpha). moveCount only matters in check.
      picker.initQuiescence(pos, this.history, alpha - standPat - DELTA_MARGIN, QS_CHECKS !== 0 && qdepth === 0);
    }
    const ksq = pos.kingSquare(pos.side);
    let moveCount = 0;
    for (let m = picker.next(); m !== 0; m = picker.next()) {
      if (!inCheck && !quickLegal(pos, m, ksq)) continue;
      moveCount++;
      // In check, once one evasion holds, quiet evasions deep in quiescence are not worth it.
      if (inCheck && best > -MATE_BOUND && (qdepth > 2 || moveCount > 3) && pos.board[moveTo(m)] === 0) continue;
      pos.make(m, moveGivesCheck(pos, m));
      this.nodeCount++;
      const score = 0 - this.quiesce(0 - beta, 0 - alpha, ply + 1, qdepth + 1);
      pos.unmake();
      if (this.halted) return 0;
      if (score > best) {
        best = score;
        if (score > alpha) {
          alpha = score;
          this.updatePv(ply, m);
          if (score >= beta) break;
          if (!inCheck) picker.qsFloor = alpha - standPat - DELTA_MARGIN;
        }
      }
    }
    if (inCheck && moveCount === 0) return -MATE + ply;
    return best;
  }
}
