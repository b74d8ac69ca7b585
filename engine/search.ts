// The search: iterative deepening, principal-variation alpha-beta with aspiration windows,
// a transposition table, quiescence search, and the pruning and extensions listed at
// `negamax`. Allocation-free per node. Progress is reported through a callback; the protocol
// thread stops or "ponderhits" the search through a shared Int32Array.
//
// Parallel search (Lazy SMP): several Searchers, each in its own thread with its own position,
// histories and stacks, search the same root on one shared transposition table (tt.ts) and help
// each other through it. The thread plumbing is the caller's (protocol/); here a searcher only
// gets a ThreadShare. The main searcher (index 0) reports, applies the limits, counts the nodes
// of all and decides the move (its deepest completed iteration); when it ends it raises STOP,
// which ends the helpers. Helpers skip some depths (HELPER_SKIP) so that they are not all on the
// same iteration.
//
// Scores and windows are negated as `0 - x`, not `-x`: negating a zero score gives -0, which V8
// cannot hold as a small integer (optimized code deoptimizes on it, or falls back to floating
// point). Avoiding it made the bench about 3% faster, with the same tree.

import { CorrectionHistory } from './correction';
import { LAZY_MARGIN, TEMPO, evaluate, materialScore } from './evaluate';
import type { NnueEvaluator } from './nnue';
import { History, SQ90, contBase } from './history';
import { CurrMoveInfo, SearchInfo, SearchLimits, SearchResult, Score, SIGNAL_PONDERHIT, SIGNAL_STOP } from './limits';
import { MovePicker } from './movepick';
import { generateLegal, givesCheck as moveGivesCheck, quickLegal } from './movegen';
import { Position } from './position';
import { repetitionScore } from './repetition';
import { MOVE_LIMIT_PLIES } from './rules';
import { SEE_VALUE, see } from './see';
import {
  ASPIRATION_DELTA,
  ASPIRATION_DEPTH,
  ASPIRATION_MAX_DELTA,
  DELTA_MARGIN,
  DRAW,
  FUTILITY_BASE,
  FUTILITY_DEPTH,
  FUTILITY_PER_DEPTH,
  HISTORY_BONUS_MAX,
  HISTORY_BONUS_SCALE,
  IIR_DEPTH,
  INFINITE,
  LMP_BASE,
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
  RFP_DEPTH,
  RFP_IMPROVING,
  RFP_MARGIN,
  SEE_DEPTH,
  SEE_MARGIN,
  SE_DEPTH,
  SE_MARGIN,
  SOFT_STOP_SHARE,
  TIME_ADJUST_DEPTH,
  TIME_SCORE_DROP,
  TIME_SCORE_DROP_FACTOR,
  TIME_UNSTABLE_FACTOR,
  onTunableChange,
} from './search-params';
import { timeBudget } from './timeman';
import { BOUND_EXACT, BOUND_LOWER, BOUND_NONE, BOUND_UPPER, TranspositionTable } from './tt';
import { CANNON, KNIGHT, MAX_MOVES, ROOK, SLOTS, moveTo } from './types';
import { mix32 } from './zobrist';

/** What one searcher of a parallel search shares with the others. */
export interface ThreadShare {
  /** Node count of each searcher, the main one at index 0; each writes only its own slot. */
  nodes: Float64Array;
  /** This searcher's slot: 0 for the main searcher, 1.. for helpers. */
  index: number;
  /** The search's generation in the shared table (the same for every searcher of one search). */
  generation: number;
}

/**
 * Depth skipping of helper i (i >= 1, cycled over the 20 entries): it skips depth d when
 * floor((d + phase) / size) is odd. Helper 1 searches only even depths, helper 2 only odd ones,
 * helpers 3-6 go in blocks of two, and so on.
 */
const HELPER_SKIP_SIZE = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
const HELPER_SKIP_PHASE = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];

export interface HashProbe {
  move: number;
  depth: number;
  /** The stored score as a search reports one (mates in moves; rule results as toScore gives them). */
  score: Score;
  bound: 'exact' | 'lower' | 'upper';
}

/** Late-move reduction table, indexed [depth * 64 + moveNumber]; made again when LMR_BASE or LMR_DIVISOR is tuned. */
const LMR = new Int8Array(64 * 64);
function buildLmrTable(): void {
  for (let d = 1; d < 64; d++) {
    for (let n = 1; n < 64; n++) LMR[d * 64 + n] = Math.floor(LMR_BASE + (Math.log(d) * Math.log(n)) / LMR_DIVISOR);
  }
}
buildLmrTable();
onTunableChange(buildLmrTable);

export class Searcher {
  readonly tt: TranspositionTable;
  readonly history = new History();
  readonly correction = new CorrectionHistory();
  /** The network evaluation, or null for the hand-written one (evaluate.ts). */
  network: NnueEvaluator | null = null;
  private readonly pickers: MovePicker[] = [];
  private readonly pvTable = new Int32Array(MAX_PLY * MAX_PLY);
  private readonly pvLength = new Int32Array(MAX_PLY + 1);
  private readonly evalStack = new Int32Array(MAX_PLY + 2);
  private readonly moveStack = new Int32Array(MAX_PLY + 2);
  private readonly pieceStack = new Int32Array(MAX_PLY + 2);
  private readonly quietsTried = new Int32Array(MAX_PLY * MAX_MOVES);
  private readonly rootBuf = new Int32Array(MAX_MOVES);
  private readonly ruleBuf = new Int32Array(MAX_MOVES);

  private pos!: Position;
  private signals: Int32Array = new Int32Array(2);
  private nodes = 0;
  private seldepth = 0;
  private stopped = false;
  private startTime = 0;
  private softLimit = Infinity;
  private hardLimit = Infinity;
  private nodeLimit = Infinity;
  private pondering = false;
  /**
   * Depth 1 has been searched in full. Until then no signal or limit stops the search, so that
   * every move it returns has been searched (a `stop` right after `go` waits the few
   * milliseconds depth 1 takes).
   */
  private depthOneDone = false;
  /** The parallel search this searcher takes part in, or null when it searches alone. */
  private share: ThreadShare | null = null;
  private limits: SearchLimits = {};
  private rootDepth = 0;
  private onCurrMove: ((info: CurrMoveInfo) => void) | undefined;
  /** Null move is not tried above this ply (during a null-move verification search). */
  private nullMinPly = 0;

  // Root move list, kept sorted by the last iteration's results.
  private rootMoves: number[] = [];
  private rootScores: number[] = [];
  private rootPrevScores: number[] = [];
  private rootPvs: number[][] = [];
  private pvIndex = 0;
  /** Root-move bonus range in centipawns (limits.rootNoise) and its seed; 0: no bonus. */
  private rootNoise = 0;
  private noiseSeed = 0;

  constructor(hashMb: number) {
    this.tt = new TranspositionTable(hashMb);
    for (let i = 0; i <= MAX_PLY; i++) this.pickers.push(new MovePicker());
  }

  setHashSize(mb: number): void {
    this.tt.resize(mb);
  }

  /** Evaluates with this network from now on (null: the hand-written evaluation). */
  setNetwork(network: NnueEvaluator | null): void {
    this.network = network;
    network?.reset();
  }

  /**
   * The static evaluation, side to move. Both evaluations are called directly (a call through an
   * interface made the bench 14% slower): the network when one is set, else evaluate.ts.
   */
  staticEval(pos: Position): number {
    return this.network === null ? evaluate(pos) : this.network.evaluate(pos);
  }

  clearHash(): void {
    this.tt.clear();
    this.clearHistory();
  }

  /** Clears what this searcher learnt, but not the table (a helper's table is shared). */
  clearHistory(): void {
    this.network?.reset();
    this.history.clear();
    this.correction.clear();
  }

  probe(pos: Position): HashProbe | null {
    if (!this.tt.probe(pos.keyLo, pos.keyHi, 0)) return null;
    const b = this.tt.hitBound;
    return {
      move: this.tt.hitMove,
      depth: this.tt.hitDepth,
      score: toScore(this.tt.hitScore),
      bound: b === BOUND_EXACT ? 'exact' : b === BOUND_LOWER ? 'lower' : 'upper',
    };
  }

  /**
   * Searches `pos` (left unchanged) within `limits`; returns the best move found. With `share`,
   * as one searcher of a parallel search: the main one (index 0) as usual, counting every
   * searcher's nodes, and raising STOP when it ends; a helper until STOP, without reports (its
   * limits should be infinite).
   */
  search(
    pos: Position,
    limits: SearchLimits,
    signals: Int32Array,
    onInfo?: (info: SearchInfo) => void,
    onCurrMove?: (info: CurrMoveInfo) => void,
    share: ThreadShare | null = null,
  ): SearchResult {
    this.share = share;
    try {
      return this.searchAll(pos, limits, signals, onInfo, onCurrMove);
    } finally {
      if (share !== null) {
        share.nodes[share.index] = this.nodes;
        if (share.index === 0) Atomics.store(signals, SIGNAL_STOP, 1);
      }
    }
  }

  private searchAll(
    pos: Position,
    limits: SearchLimits,
    signals: Int32Array,
    onInfo?: (info: SearchInfo) => void,
    onCurrMove?: (info: CurrMoveInfo) => void,
  ): SearchResult {
    const share = this.share;
    const helper = share !== null && share.index > 0;
    // Helpers report nothing: the main searcher speaks for the search.
    if (helper) onInfo = onCurrMove = undefined;
    this.pos = pos;
    this.onCurrMove = onCurrMove;
    this.limits = limits;
    this.signals = signals;
    this.nodes = 0;
    this.seldepth = 0;
    this.stopped = false;
    this.depthOneDone = false;
    this.startTime = Date.now();
    this.pondering = limits.ponder === true;
    this.setTimeLimits();
    this.nodeLimit = limits.nodes !== undefined && limits.nodes > 0 ? limits.nodes : Infinity;
    this.nullMinPly = 0;
    this.rootNoise = Math.max(0, Math.floor(limits.rootNoise ?? 0));
    this.noiseSeed = (limits.noiseSeed ?? 0) >>> 0;
    if (share === null) this.tt.newSearch();
    else this.tt.setGeneration(share.generation);
    this.history.age();
    // A helper's moves are never played: it may stop at once.
    if (helper) this.depthOneDone = true;

    // Root moves: legal, not excluded.
    const n = generateLegal(pos, this.rootBuf, 0);
    const excluded = limits.excluded ?? [];
    this.rootMoves = [];
    for (let i = 0; i < n; i++) if (!excluded.includes(this.rootBuf[i])) this.rootMoves.push(this.rootBuf[i]);
    const empty: SearchResult = { bestMove: 0, ponderMove: 0, score: { cp: 0 }, depth: 0, nodes: 0, time: 0 };
    if (this.rootMoves.length === 0) {
      // No legal (or permitted) move: the side to move has lost.
      empty.score = { mate: 0 };
      return empty;
    }
    if (limits.depth === 0) return empty;
    this.orderRootMoves();
    this.rootScores = this.rootMoves.map(() => -INFINITE);
    this.rootPrevScores = this.rootMoves.map(() => -INFINITE);
    this.rootPvs = this.rootMoves.map((m) => [m]);

    const maxDepth = Math.min(limits.depth ?? MAX_PLY - 8, MAX_PLY - 8);
    const multiPv = Math.max(1, Math.min(limits.multipv ?? 1, this.rootMoves.length));
    let completedDepth = 0;
    let bestMove = this.rootMoves[0];
    let bestScore = -INFINITE;
    let bestPv: number[] = [bestMove];
    let lastBestChange = 0;
    let previousScore = 0;

    const skip = helper ? (share.index - 1) % HELPER_SKIP_SIZE.length : -1;
    for (let depth = 1; depth <= maxDepth; depth++) {
      if (skip >= 0 && depth > 1 && (((depth + HELPER_SKIP_PHASE[skip]) / HELPER_SKIP_SIZE[skip]) | 0) % 2 === 1) continue;
      this.rootDepth = depth;
      this.rootPrevScores = this.rootScores.slice();
      for (this.pvIndex = 0; this.pvIndex < multiPv; this.pvIndex++) {
        this.seldepth = 0;
        const prev = this.rootPrevScores[this.pvIndex];
        let delta = ASPIRATION_DELTA;
        let alpha = -INFINITE;
        let beta = INFINITE;
        if (depth >= ASPIRATION_DEPTH && prev > -MATE_BOUND && prev < MATE_BOUND) {
          alpha = Math.max(prev - delta, -INFINITE);
          beta = Math.min(prev + delta, INFINITE);
        }
        for (;;) {
          const score = this.searchRoot(depth, alpha, beta);
          this.sortRootMoves(this.pvIndex);
          if (this.stopped) break;
          if (score <= alpha) {
            beta = (alpha + beta) >> 1;
            alpha = Math.max(score - delta, -INFINITE);
          } else if (score >= beta) {
            beta = Math.min(score + delta, INFINITE);
          } else break;
          delta += delta >> 1;
          if (delta > ASPIRATION_MAX_DELTA) {
            alpha = -INFINITE;
            beta = INFINITE;
          }
        }
        this.sortRootMoves(0);
        if (this.stopped && depth > 1) break;
      }
      if (this.stopped && depth > 1) break;
      completedDepth = depth;
      this.depthOneDone = true;
      if (this.rootMoves[0] !== bestMove) lastBestChange = depth;
      bestMove = this.rootMoves[0];
      bestScore = this.rootScores[0];
      bestPv = this.rootPvs[0];
      const elapsed = Date.now() - this.startTime;
      if (onInfo) {
        const nodes = this.totalNodes();
        for (let i = 0; i < multiPv; i++) {
          onInfo({
            depth,
            seldepth: Math.max(this.seldepth, depth),
            multipv: i + 1,
            score: toScore(this.rootScores[i]),
            nodes,
            nps: Math.round((nodes * 1000) / Math.max(1, elapsed)),
            time: elapsed,
            hashfull: this.tt.hashfull(),
            pv: this.rootPvs[i],
          });
        }
      }
      if (this.stopped) break;
      // A forced mate found within the depth searched will not change.
      if (bestScore > MATE_BOUND && MATE - bestScore <= depth && !limits.infinite && !this.pondering) break;
      if (this.rootMoves.length === 1 && depth >= 4 && this.softLimit !== Infinity) break;
      // A movetime search uses its time: only a clock budget stops between iterations.
      if (!this.pondering && this.softLimit !== Infinity && this.limits.movetime === undefined) {
        let soft = this.softLimit;
        if (lastBestChange >= depth - 1 && depth > TIME_ADJUST_DEPTH) soft *= TIME_UNSTABLE_FACTOR;
        if (depth > TIME_ADJUST_DEPTH && bestScore < previousScore - TIME_SCORE_DROP) soft *= TIME_SCORE_DROP_FACTOR;
        if (elapsed > soft * SOFT_STOP_SHARE) break;
      }
      previousScore = bestScore;
    }
    // A ponder or infinite search that ends by itself (its depth reached) answers now: the
    // protocol holds the reply until ponderhit or stop (session.ts).
    const elapsed = Date.now() - this.startTime;
    return {
      bestMove,
      ponderMove: bestPv.length > 1 ? bestPv[1] : 0,
      score: toScore(bestScore),
      depth: completedDepth,
      nodes: this.totalNodes(),
      time: elapsed,
    };
  }

  /** Current node count (for the protocol's status lines). */
  get nodeCount(): number {
    return this.nodes;
  }

  /** Nodes of the whole search: this searcher's, plus the helpers' when it is the main one. */
  private totalNodes(): number {
    const share = this.share;
    if (share === null || share.index !== 0) return this.nodes;
    share.nodes[0] = this.nodes;
    let total = 0;
    for (let i = 0; i < share.nodes.length; i++) total += share.nodes[i];
    return total;
  }

  private setTimeLimits(): void {
    const budget = timeBudget(this.limits);
    this.softLimit = budget.soft;
    this.hardLimit = budget.hard;
  }

  /** Polls the shared signals and the limits; sets `stopped`. Returns true if the search must stop. */
  private checkSignals(): boolean {
    if (this.share !== null) this.share.nodes[this.share.index] = this.nodes;
    if (!this.depthOneDone) return false;
    if (Atomics.load(this.signals, SIGNAL_STOP) !== 0) {
      this.stopped = true;
      this.pondering = false;
      this.limits = { ...this.limits, infinite: false };
      return true;
    }
    if (this.pondering) {
      if (Atomics.load(this.signals, SIGNAL_PONDERHIT) === 0) return false;
      // The opponent played the expected move: the clock now runs from here.
      this.pondering = false;
      this.startTime = Date.now();
      this.setTimeLimits();
    }
    if (this.limits.infinite) return false;
    if ((this.share === null ? this.nodes : this.totalNodes()) >= this.nodeLimit) this.stopped = true;
    else if (Date.now() - this.startTime >= this.hardLimit) this.stopped = true;
    return this.stopped;
  }

  private orderRootMoves(): void {
    // Hash move first, then by a shallow static guess (captures by SEE, others by history).
    const pos = this.pos;
    const ttMove = this.tt.probe(pos.keyLo, pos.keyHi, 0) ? this.tt.hitMove : 0;
    const keyed = this.rootMoves.map((m) => {
      let k = 0;
      if (m === ttMove) k = 1e9;
      else if (pos.board[moveTo(m)] !== 0) k = 1e6 + see(pos, m);
      return { m, k };
    });
    keyed.sort((a, b) => b.k - a.k);
    this.rootMoves = keyed.map((x) => x.m);
  }

  /** Stable sort of rootMoves[from..] by their scores in this iteration. */
  private sortRootMoves(from: number): void {
    const idx: number[] = [];
    for (let i = from; i < this.rootMoves.length; i++) idx.push(i);
    idx.sort((a, b) => this.rootScores[b] - this.rootScores[a] || a - b);
    const moves = idx.map((i) => this.rootMoves[i]);
    const scores = idx.map((i) => this.rootScores[i]);
    const prev = idx.map((i) => this.rootPrevScores[i]);
    const pvs = idx.map((i) => this.rootPvs[i]);
    for (let i = 0; i < idx.length; i++) {
      this.rootMoves[from + i] = moves[i];
      this.rootScores[from + i] = scores[i];
      this.rootPrevScores[from + i] = prev[i];
      this.rootPvs[from + i] = pvs[i];
    }
  }

  private searchRoot(depth: number, alpha: number, beta: number): number {
    const pos = this.pos;
    const inCheck = pos.inCheck();
    let best = -INFINITE;
    this.pvLength[0] = 0;
    this.evalStack[0] = inCheck ? -INFINITE : this.staticEval(pos);
    this.moveStack[0] = 0;
    const alpha0 = alpha;
    for (let i = this.pvIndex; i < this.rootMoves.length; i++) {
      const m = this.rootMoves[i];
      // Root moves are reported only once the search has run a while, as GUIs expect.
      if (this.onCurrMove && Date.now() - this.startTime > 1000) this.onCurrMove({ depth, move: m, number: i + 1 });
      this.moveStack[1] = m;
      this.pieceStack[1] = pos.board[m & 255];
      const givesCheck = moveGivesCheck(pos, m);
      pos.make(m, givesCheck);
      this.nodes++;
      const newDepth = depth - 1 + (givesCheck ? 1 : 0);
      // With randomness the move's bonus b is added to its score: the child is searched with the
      // window moved by b, so bounds stay exact. Mate and rule scores keep no bonus.
      const b = this.rootNoise > 0 ? this.rootBonus(m) : 0;
      let score: number;
      if (i === this.pvIndex) {
        score = b - this.negamax(newDepth, b - beta, b - alpha, 1, true, false);
      } else {
        score = b - this.negamax(newDepth, b - 1 - alpha, b - alpha, 1, false, true);
        if (score > alpha && !this.stopped) score = b - this.negamax(newDepth, b - beta, b - alpha, 1, true, false);
      }
      if (b !== 0 && (score - b > RULE_BOUND || score - b < -RULE_BOUND)) score -= b;
      pos.unmake();
      if (this.stopped && depth > 1) return best;
      if (i === this.pvIndex || score > alpha) {
        this.rootScores[i] = score;
        const pv = [m];
        for (let k = 1; k < this.pvLength[1]; k++) pv.push(this.pvTable[MAX_PLY + k]);
        this.rootPvs[i] = pv;
      } else {
        this.rootScores[i] = -INFINITE;
      }
      if (score > best) best = score;
      if (score > alpha) {
        alpha = score;
        if (score >= beta) break;
      }
    }
    // A score with a root bonus in it is not the position's value: it is not stored.
    if (best > alpha0 && best < beta && this.pvIndex === 0 && this.rootNoise === 0) {
      const m = this.rootMoves.length > 0 ? this.bestRootMove() : 0;
      this.tt.store(pos.keyLo, pos.keyHi, 0, m, best, this.evalStack[0], depth, BOUND_EXACT);
    }
    return best;
  }

  /** The fixed bonus of root move `m` in this search, 0..rootNoise centipawns (a hash of seed and move). */
  private rootBonus(m: number): number {
    return mix32(Math.imul((m ^ this.noiseSeed) >>> 0, 0x9e3779b1) ^ this.noiseSeed) % (this.rootNoise + 1);
  }

  private bestRootMove(): number {
    let bi = this.pvIndex;
    for (let i = this.pvIndex + 1; i < this.rootMoves.length; i++) if (this.rootScores[i] > this.rootScores[bi]) bi = i;
    return this.rootMoves[bi];
  }

  /**
   * Does the side have enough free attacking pieces for null-move pruning? Passing is only a
   * fair test of a position when the side could make a useful move; with few chariots, horses
   * and cannons that can move at all, zugzwang is common in xiangqi, so the null move is off.
   * Returns the units: 2 per chariot and 1 per horse or cannon that can move; null move needs
   * NULL_MIN_UNITS, and a cutoff is verified below NULL_SAFE_UNITS (or at great depth).
   */
  private attackUnits(side: number): number {
    const pos = this.pos;
    const b = pos.board;
    const pl = pos.plist;
    const pc = pos.pcount;
    const hi = side << 3;
    let units = 0;
    for (let kind = KNIGHT; kind <= CANNON; kind++) {
      const code = kind | hi;
      for (let i = 0, n = pc[code]; i < n; i++) {
        const sq = pl[code * SLOTS + i];
        let free: boolean;
        if (kind === KNIGHT) {
          free = (b[sq - 16] === 0 && (b[sq - 33] === 0 || b[sq - 31] === 0)) ||
            (b[sq + 16] === 0 && (b[sq + 33] === 0 || b[sq + 31] === 0)) ||
            (b[sq - 1] === 0 && (b[sq - 18] === 0 || b[sq + 14] === 0)) ||
            (b[sq + 1] === 0 && (b[sq + 18] === 0 || b[sq - 14] === 0));
        } else {
          free = b[sq - 1] === 0 || b[sq + 1] === 0 || b[sq - 16] === 0 || b[sq + 16] === 0;
        }
        if (free) units += kind === ROOK ? 2 : 1;
      }
    }
    return units;
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
    if ((this.nodes & 1023) === 0 && this.checkSignals()) return 0;
    if (this.stopped) return 0;
    if (ply > this.seldepth) this.seldepth = ply;

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
        (ttBound === BOUND_EXACT ||
          (ttBound === BOUND_LOWER && ttScore >= beta) ||
          (ttBound === BOUND_UPPER && ttScore <= alpha))
      ) {
        return ttScore;
      }
    }

    // 3. Static evaluation and pruning before the move loop.
    const inCheck = pos.inCheck();
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
        this.moveStack[ply] !== 0 &&
        beta > -MATE_BOUND &&
        ply >= this.nullMinPly &&
        (units = this.attackUnits(pos.side)) >= NULL_MIN_UNITS
      ) {
        const r = NULL_R + (depth >> 2) + Math.min(NULL_EVAL_R_MAX, ((staticEval - beta) / NULL_EVAL_DIVISOR) | 0);
        pos.makeNull();
        this.moveStack[ply + 1] = 0;
        this.pieceStack[ply + 1] = 0;
        let score = 0 - this.negamax(depth - 1 - r, 0 - beta, 1 - beta, ply + 1, false, !cutNode);
        pos.unmakeNull();
        if (this.stopped) return 0;
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
      if (this.stopped) return 0;
      if (v < singularBeta) singular = true;
      else if (singularBeta >= beta) return singularBeta;
    }

    // 5. Move loop.
    const picker = this.pickers[ply];
    const hist = this.history;
    if (inCheck) picker.initEvasions(pos, hist, ttMove);
    else {
      const prevMove = this.moveStack[ply];
      const counter = prevMove !== 0 ? hist.counter[this.pieceStack[ply] * 256 + moveTo(prevMove)] : 0;
      const cb = prevMove !== 0 ? contBase(this.pieceStack[ply], moveTo(prevMove)) : -1;
      picker.init(pos, hist, ttMove, hist.killers[ply * 2], hist.killers[ply * 2 + 1], counter, cb);
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
      if (futile && !isCapture && quietCount >= lmpLimit && best > -MATE_BOUND && moveCount > 1 && picker.inQuietStage) {
        picker.skipQuiets = true;
        continue;
      }
      const givesCheck = moveGivesCheck(pos, m);

      // Low-depth pruning of late moves that do not check (never when every move so far
      // loses to a mate): move-count pruning of quiets, futility, losing captures by SEE.
      if (!pvNode && !inCheck && !givesCheck && best > -MATE_BOUND && moveCount > 1) {
        if (!isCapture) {
          if (depth <= LMP_DEPTH && quietCount >= lmpLimit) {
            picker.skipQuiets = true;
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

      this.moveStack[ply + 1] = m;
      this.pieceStack[ply + 1] = piece;
      pos.make(m, givesCheck);
      this.nodes++;
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
          const pm = this.moveStack[ply];
          const ch = pm !== 0 ? hist.cont[contBase(this.pieceStack[ply], moveTo(pm)) + piece * 90 + SQ90[to]] : 0;
          r -= ((hist.quiet[piece * 256 + to] + ch) / LMR_HISTORY_DIVISOR) | 0;
          if (r < 0) r = 0;
          if (r > newDepth - 1) r = Math.max(0, newDepth - 1);
        }
        score = 0 - this.negamax(newDepth - r, -1 - alpha, 0 - alpha, ply + 1, false, true);
        if (score > alpha && r > 0) score = 0 - this.negamax(newDepth, -1 - alpha, 0 - alpha, ply + 1, false, !cutNode);
        if (pvNode && score > alpha && score < beta) score = 0 - this.negamax(newDepth, 0 - beta, 0 - alpha, ply + 1, true, false);
      }
      pos.unmake();
      if (this.stopped) return 0;
      if (!isCapture && quietCount < MAX_MOVES) this.quietsTried[quietBase + quietCount++] = m;

      if (score > best) {
        best = score;
        if (score > alpha) {
          bestMove = m;
          alpha = score;
          if (pvNode) this.updatePv(ply, m);
          if (score >= beta) {
            if (!isCapture) this.rewardQuiet(ply, m, piece, depth, quietBase, quietCount);
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

  private rewardQuiet(ply: number, m: number, piece: number, depth: number, quietBase: number, quietCount: number): void {
    const hist = this.history;
    hist.addKiller(ply, m);
    const prevMove = this.moveStack[ply];
    if (prevMove !== 0) hist.counter[this.pieceStack[ply] * 256 + moveTo(prevMove)] = m;
    const bonus = Math.min(depth * depth * HISTORY_BONUS_SCALE, HISTORY_BONUS_MAX);
    const b = this.pos.board;
    const cb = prevMove !== 0 ? contBase(this.pieceStack[ply], moveTo(prevMove)) : -1;
    hist.update(piece * 256 + moveTo(m), bonus);
    if (cb >= 0) hist.updateCont(cb + piece * 90 + SQ90[moveTo(m)], bonus);
    for (let i = 0; i < quietCount; i++) {
      const q = this.quietsTried[quietBase + i];
      if (q === m) continue;
      const qp = b[q & 255];
      hist.update(qp * 256 + moveTo(q), -bonus);
      if (cb >= 0) hist.updateCont(cb + qp * 90 + SQ90[moveTo(q)], -bonus);
    }
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
   * its hits saved (measured in games and nodes per second, docs/testing.md).
   */
  private quiesce(alpha: number, beta: number, ply: number, qdepth: number): number {
    const pos = this.pos;
    this.pvLength[ply] = ply;
    if ((this.nodes & 1023) === 0 && this.checkSignals()) return 0;
    if (this.stopped) return 0;
    if (ply > this.seldepth) this.seldepth = ply;
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
      picker.initQuiescence(pos);
    }
    const ksq = pos.kingSquare(pos.side);
    let moveCount = 0;
    for (let m = picker.next(); m !== 0; m = picker.next()) {
      // Delta pruning: even winning the captured piece for nothing cannot reach alpha. (Before
      // the legality test, which costs more; moveCount only matters in check.)
      if (!inCheck) {
        if (standPat + SEE_VALUE[pos.board[moveTo(m)] & 7] + DELTA_MARGIN <= alpha) continue;
        if (!quickLegal(pos, m, ksq)) continue;
      }
      moveCount++;
      // In check, once one evasion holds, quiet evasions deep in quiescence are not worth it.
      if (inCheck && best > -MATE_BOUND && (qdepth > 2 || moveCount > 3) && pos.board[moveTo(m)] === 0) continue;
      this.moveStack[ply + 1] = m;
      this.pieceStack[ply + 1] = pos.board[m & 255];
      pos.make(m, moveGivesCheck(pos, m));
      this.nodes++;
      const score = 0 - this.quiesce(0 - beta, 0 - alpha, ply + 1, qdepth + 1);
      pos.unmake();
      if (this.stopped) return 0;
      if (score > best) {
        best = score;
        if (score > alpha) {
          alpha = score;
          this.updatePv(ply, m);
          if (score >= beta) break;
        }
      }
    }
    if (inCheck && moveCount === 0) return -MATE + ply;
    return best;
  }
}

/** Converts an internal score to centipawns or mate-in-moves. */
export function toScore(score: number): Score {
  if (score > MATE_BOUND) return { mate: Math.ceil((MATE - score) / 2) };
  if (score < -MATE_BOUND) return { mate: -Math.ceil((MATE + score) / 2) };
  return { cp: score };
}
