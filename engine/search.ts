// The search: iterative deepening over the tree search (tree-search.ts), with aspiration windows,
// MultiPV (root-moves.ts), the time and node limits (timeman.ts), and the signals through which the
// protocol thread stops or "ponderhits" a search (a shared Int32Array). Progress is reported
// through callbacks.
//
// Parallel search (Lazy SMP): several Searchers, each in its own thread with its own position,
// histories and stacks, search the same root on one shared transposition table (tt.ts) and help
// each other through it. The thread plumbing is the caller's (protocol/); here a searcher only
// gets a ThreadShare. The main searcher (index 0) reports, applies the limits, counts the nodes
// of all and decides the move (its deepest completed iteration); when it ends it raises STOP,
// which ends the helpers. Helpers skip some depths (HELPER_SKIP_SIZE, HELPER_SKIP_PHASE) so that
// they are not all on the same iteration.

import type { History } from './history';
import type { NnueEvaluator } from './nnue';
import { CurrMoveInfo, SearchInfo, SearchLimits, SearchResult, SIGNAL_PONDERHIT, SIGNAL_STOP, toScore } from './limits';
import { generateLegal } from './movegen';
import { Position } from './position';
import { orderedRootMoves, sortRootMoves } from './root-moves';
import {
  ASPIRATION_DELTA,
  ASPIRATION_DEPTH,
  ASPIRATION_MAX_DELTA,
  INFINITE,
  MATE,
  MATE_BOUND,
  MAX_PLY,
  SOFT_STOP_SHARE,
  TIME_ADJUST_DEPTH,
  TIME_SCORE_DROP,
  TIME_SCORE_DROP_FACTOR,
  TIME_UNSTABLE_FACTOR,
} from './search-params';
import { timeBudget } from './timeman';
import type { TranspositionTable } from './tt';
import { type SearchDriver, TreeSearch } from './tree-search';
import type { RootMove } from './root-moves';
import { MAX_MOVES } from './types';

/** What one searcher of a parallel search shares with the others. */
interface ThreadShare {
  /** Node count of each searcher, the main one at index 0; each writes only its own slot. */
  nodes: Float64Array;
  /** This searcher's slot: 0 for the main searcher, 1.. for helpers. */
  index: number;
  /** The search's generation in the shared table (the same for every searcher of one search). */
  generation: number;
}

/** Nodes between two polls of the signals and the clock (fewer when a node limit is near). */
const POLL_NODES = 1024;

/**
 * Depth skipping of helper i (i >= 1, cycled over the 20 entries): it skips depth d when
 * floor((d + phase) / size) is odd. Helper 1 searches only even depths, helper 2 only odd ones,
 * helpers 3-6 go in blocks of two, and so on.
 */
const HELPER_SKIP_SIZE = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
const HELPER_SKIP_PHASE = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];

export class Searcher {
  /** The tree search this driver runs; it polls the driver through `poll` and `rootMove`. */
  private readonly tree: TreeSearch;
  private readonly rootBuf = new Int32Array(MAX_MOVES);
  private signals: Int32Array = new Int32Array(2);
  private softLimit = Infinity;
  private hardLimit = Infinity;
  private nodeLimit = Infinity;
  private pondering = false;
  private startTime = 0;
  private onCurrMove: ((info: CurrMoveInfo) => void) | undefined;
  /**
   * Depth 1 has been searched in full. Until then no signal or limit stops the search, so that
   * every move it returns has been searched (a `stop` right after `go` waits the few
   * milliseconds depth 1 takes).
   */
  private depthOneDone = false;
  /** The parallel search this searcher takes part in, or null when it searches alone. */
  private share: ThreadShare | null = null;
  private limits: SearchLimits = {};

  constructor(hashMb: number) {
    const driver: SearchDriver = { poll: (nodes) => this.poll(nodes), rootMove: (d, m, n) => this.rootMove(d, m, n) };
    this.tree = new TreeSearch(hashMb, driver);
  }

  /** The transposition table (shared between the searchers of a parallel search). */
  get tt(): TranspositionTable {
    return this.tree.tt;
  }

  /** The move-ordering histories this searcher has learnt. */
  get history(): History {
    return this.tree.history;
  }

  setHashSize(mb: number): void {
    this.tt.resize(mb);
  }

  /** Evaluates with this network from now on (null: the hand-written evaluation). */
  setNetwork(network: NnueEvaluator | null): void {
    this.tree.network = network;
    network?.reset();
  }

  clearHash(): void {
    this.tt.clear();
    this.clearHistory();
  }

  /** Clears what this searcher learnt, but not the table (a helper's table is shared). */
  clearHistory(): void {
    this.tree.network?.reset();
    this.tree.history.clear();
    this.tree.correction.clear();
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
        share.nodes[share.index] = this.tree.nodes;
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
    const tree = this.tree;
    this.onCurrMove = onCurrMove;
    this.limits = limits;
    this.signals = signals;
    this.depthOneDone = false;
    this.startTime = Date.now();
    this.pondering = limits.ponder === true;
    this.setTimeLimits();
    this.nodeLimit = limits.nodes !== undefined && limits.nodes > 0 ? limits.nodes : Infinity;
    if (share === null) this.tt.newSearch();
    else this.tt.setGeneration(share.generation);
    tree.history.age();
    // A helper's moves are never played: it may stop at once.
    if (helper) this.depthOneDone = true;

    // Root moves: legal, not excluded.
    const n = generateLegal(pos, this.rootBuf, 0);
    const excluded = limits.excluded ?? [];
    const legal: number[] = [];
    for (let i = 0; i < n; i++) if (!excluded.includes(this.rootBuf[i])) legal.push(this.rootBuf[i]);
    // Hash move first, then captures by SEE. The tree search starts even when there is nothing to
    // search, so that its node count is this search's (0).
    const searching = legal.length > 0 && limits.depth !== 0;
    const rootMoves: RootMove[] = searching
      ? orderedRootMoves(pos, legal, this.tt.probe(pos.keyLo, pos.keyHi, 0) ? this.tt.hitMove : 0)
      : [];
    tree.start(pos, rootMoves, Math.max(0, Math.floor(limits.rootNoise ?? 0)), (limits.noiseSeed ?? 0) >>> 0);
    const empty: SearchResult = { bestMove: 0, ponderMove: 0, score: { kind: 'cp', cp: 0 }, depth: 0, nodes: 0, time: 0 };
    if (legal.length === 0) {
      // No legal (or permitted) move: the side to move has lost.
      empty.score = { kind: 'mate', plies: 0 };
      return empty;
    }
    if (!searching) return empty;

    const maxDepth = Math.min(limits.depth ?? MAX_PLY - 8, MAX_PLY - 8);
    const multiPv = Math.max(1, Math.min(limits.multipv ?? 1, rootMoves.length));
    let completedDepth = 0;
    let bestMove = rootMoves[0].move;
    let bestScore = -INFINITE;
    let bestPv: number[] = [bestMove];
    let lastBestChange = 0;
    let previousScore = 0;

    const skip = helper ? (share.index - 1) % HELPER_SKIP_SIZE.length : -1;
    for (let depth = 1; depth <= maxDepth; depth++) {
      if (skip >= 0 && depth > 1 && (((depth + HELPER_SKIP_PHASE[skip]) / HELPER_SKIP_SIZE[skip]) | 0) % 2 === 1) continue;
      for (const rm of rootMoves) rm.prevScore = rm.score;
      for (let pvIndex = 0; pvIndex < multiPv; pvIndex++) {
        tree.beginLine(pvIndex);
        const prev = rootMoves[pvIndex].prevScore;
        let delta = ASPIRATION_DELTA;
        let alpha = -INFINITE;
        let beta = INFINITE;
        if (depth >= ASPIRATION_DEPTH && prev > -MATE_BOUND && prev < MATE_BOUND) {
          alpha = Math.max(prev - delta, -INFINITE);
          beta = Math.min(prev + delta, INFINITE);
        }
        for (;;) {
          const score = tree.searchRoot(depth, alpha, beta);
          sortRootMoves(rootMoves, pvIndex);
          if (tree.stopped) break;
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
        sortRootMoves(rootMoves, 0);
        if (tree.stopped && depth > 1) break;
      }
      if (tree.stopped && depth > 1) {
        // Stopped inside the iteration (node limit, hard limit, stop): a move that has already
        // beaten the last best in it, searched in full, is played, and reported as this depth's
        // line. Without it a stop threw away what the last iteration found: +39.6 ± 15.7 Elo at
        // 10,000 nodes a move (docs/log/search.md). A search to a fixed depth never stops here.
        const found = multiPv === 1 && tree.newBest !== 0 && tree.newBest !== bestMove;
        const rm = found ? rootMoves.find((r) => r.move === tree.newBest) : undefined;
        if (rm !== undefined) {
          bestMove = rm.move;
          bestScore = rm.score;
          bestPv = rm.pv;
          if (onInfo) onInfo(this.lineInfo(depth, 1, rm, Date.now() - this.startTime, this.totalNodes()));
        }
        break;
      }
      completedDepth = depth;
      this.depthOneDone = true;
      if (rootMoves[0].move !== bestMove) lastBestChange = depth;
      bestMove = rootMoves[0].move;
      bestScore = rootMoves[0].score;
      bestPv = rootMoves[0].pv;
      const elapsed = Date.now() - this.startTime;
      if (onInfo) {
        const nodes = this.totalNodes();
        for (let i = 0; i < multiPv; i++) onInfo(this.lineInfo(depth, i + 1, rootMoves[i], elapsed, nodes));
      }
      if (tree.stopped) break;
      // A forced mate found within the depth searched will not change.
      if (bestScore > MATE_BOUND && MATE - bestScore <= depth && !limits.infinite && !this.pondering) break;
      if (rootMoves.length === 1 && depth >= 4 && this.softLimit !== Infinity) break;
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

  /** The report of one line (MultiPV index `multipv`, from 1) at `depth`: the root move's score and PV. */
  private lineInfo(depth: number, multipv: number, rm: RootMove, elapsed: number, nodes: number): SearchInfo {
    return {
      depth,
      seldepth: Math.max(this.tree.seldepth, depth),
      multipv,
      score: toScore(rm.score),
      nodes,
      nps: Math.round((nodes * 1000) / Math.max(1, elapsed)),
      time: elapsed,
      hashfull: this.tt.hashfull(),
      pv: rm.pv,
    };
  }

  /** Nodes of the whole search: this searcher's, plus the helpers' when it is the main one. */
  private totalNodes(): number {
    const share = this.share;
    const nodes = this.tree.nodes;
    if (share === null || share.index !== 0) return nodes;
    share.nodes[0] = nodes;
    let total = 0;
    for (let i = 0; i < share.nodes.length; i++) total += share.nodes[i];
    return total;
  }

  private setTimeLimits(): void {
    const budget = timeBudget(this.limits);
    this.softLimit = budget.soft;
    this.hardLimit = budget.hard;
  }

  /** A root move is about to be searched: reported once the search has run a while, as GUIs expect. */
  private rootMove(depth: number, move: number, number: number): void {
    if (this.onCurrMove && Date.now() - this.startTime > 1000) this.onCurrMove({ depth, move, number });
  }

  /**
   * The tree search's poll (SearchDriver.poll), at `nodes` searched by this searcher: checks the
   * shared signals and the limits. Returns the nodes to search before the next poll, or 0 when the
   * search must stop.
   */
  private poll(nodes: number): number {
    if (this.share !== null) this.share.nodes[this.share.index] = nodes;
    // The next poll: in POLL_NODES nodes, or sooner when a node limit is nearer, so that
    // `go nodes 100` searches 100 nodes (after depth 1), not the next multiple of POLL_NODES.
    const searched = this.share === null ? nodes : this.totalNodes();
    const next = Math.max(1, Math.min(POLL_NODES, this.nodeLimit - searched));
    if (!this.depthOneDone) return next;
    if (Atomics.load(this.signals, SIGNAL_STOP) !== 0) {
      this.pondering = false;
      this.limits = { ...this.limits, infinite: false };
      return 0;
    }
    if (this.pondering) {
      if (Atomics.load(this.signals, SIGNAL_PONDERHIT) === 0) return next;
      // The opponent played the expected move: the clock now runs from here.
      this.pondering = false;
      this.startTime = Date.now();
      this.setTimeLimits();
    }
    if (this.limits.infinite) return next;
    if (searched >= this.nodeLimit) return 0;
    if (Date.now() - this.startTime >= this.hardLimit) return 0;
    return next;
  }
}
