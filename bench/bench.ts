// `chuhan bench`: searches the fixed bench positions to a fixed depth from a cleared table,
// single-threaded, and prints the node count (deterministic: the search signature) and the
// speed. Every search change states how the signature moved. BenchRun goes one position at a
// time, so that the command can stop between two (Ctrl-C, in protocol/cli/main.ts).

import { parseFen } from '../engine/index';
import type { Network } from '../engine/nnue-format';
import { NnueEvaluator } from '../engine/nnue';
import { embeddedNetwork, USE_NNUE_DEFAULT } from '../engine/network';
import { SIGNAL_COUNT } from '../engine/limits';
import { Searcher } from '../engine/search';
import { BENCH_POSITIONS } from './bench-positions';

export const BENCH_DEFAULT_DEPTH = 11;
export const BENCH_DEFAULT_HASH = 16;

interface BenchOptions {
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

interface BenchResult {
  nodes: number;
  ms: number;
  nps: number;
}

/** A bench run one position at a time, so that a command can stop between positions (Ctrl-C). */
export class BenchRun {
  private readonly depth: number;
  private readonly searcher: Searcher;
  private readonly network: Network | 'classical';
  private readonly signals = new Int32Array(SIGNAL_COUNT);
  /** Positions searched so far. */
  done = 0;
  nodes = 0;
  ms = 0;

  constructor(private readonly opts: BenchOptions) {
    this.depth = opts.depth ?? BENCH_DEFAULT_DEPTH;
    this.searcher = new Searcher(opts.hash ?? BENCH_DEFAULT_HASH);
    this.network = opts.network ?? (USE_NNUE_DEFAULT ? embeddedNetwork() : 'classical');
    if (this.network !== 'classical') this.searcher.setNetwork(new NnueEvaluator(this.network, { simd: opts.simd }));
  }

  get total(): number {
    return BENCH_POSITIONS.length;
  }

  /** Searches the next position; false once all are done. */
  step(out: (line: string) => void): boolean {
    if (this.done >= BENCH_POSITIONS.length) return false;
    const i = this.done;
    this.searcher.clearHash();
    const pos = parseFen(BENCH_POSITIONS[i].fen);
    const t0 = performance.now();
    const r = this.searcher.search(pos, { depth: this.depth }, this.signals);
    const t = performance.now() - t0;
    this.nodes += r.nodes;
    this.ms += t;
    this.done++;
    if (this.opts.verbose) out(`position ${i + 1}/${BENCH_POSITIONS.length}: nodes ${r.nodes} time ${Math.round(t)}`);
    return this.done < BENCH_POSITIONS.length;
  }

  /** The summary lines; of the positions searched so far when the run was stopped early. */
  summary(out: (line: string) => void): BenchResult {
    const nps = Math.round((this.nodes * 1000) / Math.max(this.ms, 1));
    const partial = this.done < BENCH_POSITIONS.length;
    out('===========================');
    if (partial) out(`Stopped after ${this.done} of ${BENCH_POSITIONS.length} positions: the node count below is not the signature`);
    out(`Nodes searched: ${this.nodes}`);
    out(`Nodes/second: ${nps}`);
    out(`Total time (ms): ${Math.round(this.ms)}`);
    const network = this.network;
    out(
      `Evaluation: ${network === 'classical' ? 'hand-written' : `network (${network.description || `${network.hidden} neurons a side`})`}`,
    );
    return { nodes: this.nodes, ms: this.ms, nps };
  }
}

export function runBench(opts: BenchOptions, out: (line: string) => void): BenchResult {
  const run = new BenchRun(opts);
  while (run.step(out));
  return run.summary(out);
}
