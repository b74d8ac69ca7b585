// Placeholder search with the final API (being replaced by the real search): iterative
// deepening over a plain material alpha-beta. Do not build on its internals.

import { SearchInfo, SearchLimits, SearchResult, SIGNAL_STOP } from './limits';
import { generateLegal } from './movegen';
import { Position } from './position';
import { MAX_MOVES } from './types';

export interface HashProbe {
  move: number;
  depth: number;
  score: number;
  bound: 'exact' | 'lower' | 'upper';
}

export class Searcher {
  private buf = new Int32Array(MAX_MOVES * 64);
  private nodes = 0;
  private signals: Int32Array = new Int32Array(2);

  constructor(hashMb = 16) {
    this.setHashSize(hashMb);
  }

  setHashSize(_mb: number): void {}
  clearHash(): void {}
  probe(_pos: Position): HashProbe | null {
    return null;
  }

  search(
    pos: Position,
    limits: SearchLimits,
    signals: Int32Array,
    onInfo?: (info: SearchInfo) => void,
  ): SearchResult {
    this.signals = signals;
    this.nodes = 0;
    const t0 = Date.now();
    const n = generateLegal(pos, this.buf, 0);
    const excluded = new Set(limits.excluded ?? []);
    const root: number[] = [];
    for (let i = 0; i < n; i++) if (!excluded.has(this.buf[i])) root.push(this.buf[i]);
    if (root.length === 0 || limits.depth === 0) {
      return { bestMove: 0, ponderMove: 0, score: { cp: 0 }, depth: 0, nodes: 0, time: 0 };
    }
    let best = root[0];
    let bestScore = 0;
    const maxDepth = Math.min(limits.depth ?? 4, 4);
    for (let depth = 1; depth <= maxDepth; depth++) {
      let alpha = -100000;
      for (const m of root) {
        pos.make(m);
        const s = -this.ab(pos, depth - 1, -100000, -alpha, MAX_MOVES);
        pos.unmake();
        if (s > alpha) {
          alpha = s;
          best = m;
        }
      }
      bestScore = alpha;
      const time = Date.now() - t0;
      onInfo?.({
        depth,
        seldepth: depth,
        multipv: 1,
        score: { cp: bestScore },
        nodes: this.nodes,
        nps: Math.round((this.nodes * 1000) / Math.max(1, time)),
        time,
        hashfull: 0,
        pv: [best],
      });
      if (Atomics.load(this.signals, SIGNAL_STOP) !== 0) break;
    }
    return { bestMove: best, ponderMove: 0, score: { cp: bestScore }, depth: maxDepth, nodes: this.nodes, time: Date.now() - t0 };
  }

  private ab(pos: Position, depth: number, alpha: number, beta: number, start: number): number {
    this.nodes++;
    if (depth === 0) return pos.side === 0 ? pos.mg : -pos.mg;
    const end = generateLegal(pos, this.buf, start);
    if (end === start) return -30000;
    for (let i = start; i < end; i++) {
      pos.make(this.buf[i]);
      const s = -this.ab(pos, depth - 1, -beta, -alpha, end);
      pos.unmake();
      if (s >= beta) return s;
      if (s > alpha) alpha = s;
    }
    return alpha;
  }
}
