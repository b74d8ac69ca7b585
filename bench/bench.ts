// `chuhan bench`: searches the fixed bench positions to a fixed depth from a cleared table,
// single-threaded, and prints the node count (deterministic: the search signature) and the
// speed. Every search change states how the signature moved.

import { parseFen } from '../engine/index';
import { NnueEvaluator, type Network } from '../engine/nnue';
import { embeddedNetwork, USE_NNUE_DEFAULT } from '../engine/network';
import { SIGNAL_COUNT } from '../engine/limits';
import { Searcher } from '../engine/search';
import { BENCH_POSITIONS } from './bench-positions';

export const BENCH_DEFAULT_DEPTH = 11;
export const BENCH_DEFAULT_HASH = 16;

export interface BenchOptions {
  depth?: number;
  hash?: number;
  /** Print a line per position. */
  verbose?: boolean;
  /**
   * The evaluation: a network, or 'classical' for the hand-written one. Default: the engine's own
   * (the built-in network when USE_NNUE_DEFAULT), so that the bench signature is that of the engine.
   */
  network?: Network | 'classical';
  /** With the network: false takes the JavaScript loops instead of WebAssembly SIMD (to compare them). */
  simd?: boolean;
}

export interface BenchResult {
  nodes: number;
  ms: number;
  nps: number;
}

export function runBench(opts: BenchOptions, out: (line: string) => void): BenchResult {
  const depth = opts.depth ?? BENCH_DEFAULT_DEPTH;
  const searcher = new Searcher(opts.hash ?? BENCH_DEFAULT_HASH);
  const network = opts.network ?? (USE_NNUE_DEFAULT ? embeddedNetwork() : 'classical');
  if (network !== 'classical') searcher.setNetwork(new NnueEvaluator(network, { simd: opts.simd }));
  const signals = new Int32Array(SIGNAL_COUNT);
  let nodes = 0;
  let ms = 0;
  BENCH_POSITIONS.forEach(({ fen }, i) => {
    searcher.clearHash();
    const pos = parseFen(fen);
    const t0 = performance.now();
    const r = searcher.search(pos, { depth }, signals);
    const t = performance.now() - t0;
    nodes += r.nodes;
    ms += t;
    if (opts.verbose) out(`position ${i + 1}/${BENCH_POSITIONS.length}: nodes ${r.nodes} time ${Math.round(t)}`);
  });
  const nps = Math.round((nodes * 1000) / Math.max(ms, 1));
  out('===========================');
  out(`Nodes searched: ${nodes}`);
  out(`Nodes/second: ${nps}`);
  out(`Total time (ms): ${Math.round(ms)}`);
  out(`Evaluation: ${network === 'classical' ? 'hand-written' : `network (${network.description || `${network.hidden} neurons a side`})`}`);
  return { nodes, ms, nps };
}
