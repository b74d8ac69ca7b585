// `chuhan bench --threads N`: the bench positions searched to the bench depth by the engine's own
// search workers with N threads (Lazy SMP, search-client.ts), for nodes per second and time to
// depth. Several threads share one table and race, so the node count changes from run to run: it
// is no signature (plain `chuhan bench`, one thread in this thread, is). `--threads 1` runs the same
// way with one worker, the fair peer to compare with.
import { parseFen } from '../../engine/index';
import type { SearchResult } from '../../engine/limits';
import { BENCH_POSITIONS } from '../../bench/bench-positions';
import { nodeWorkerHost } from '../host/node-worker-host';
import { SearchClient } from '../search-client';

interface ThreadsBenchOptions {
  depth: number;
  hash: number;
  threads: number;
  verbose?: boolean;
  /** The evaluation, as the session hands it to the workers. */
  useNetwork: boolean;
  network: Uint8Array | null;
}

export async function runThreadsBench(
  opts: ThreadsBenchOptions,
  out: (line: string) => void,
): Promise<{ nodes: number; ms: number; nps: number }> {
  let settle: ((r: SearchResult | string) => void) | null = null;
  const client = new SearchClient(
    {
      info: () => {},
      currmove: () => {},
      result: (_id, result) => settle?.(result),
      failed: (_id, message) => settle?.(message),
      warning: (message) => out(`info string ${message}`),
    },
    opts.hash,
    nodeWorkerHost,
  );
  try {
    if (client.unavailable !== null) throw new Error(client.unavailable);
    client.setEvaluation(opts.useNetwork, opts.network);
    const running = client.setThreads(opts.threads);
    if (running !== opts.threads) throw new Error(`only ${running} of ${opts.threads} threads could start`);
    let nodes = 0;
    let ms = 0;
    for (let i = 0; i < BENCH_POSITIONS.length; i++) {
      const { fen } = BENCH_POSITIONS[i];
      parseFen(fen);
      client.clearHash();
      // Every worker has cleared and is idle (the first time: warmed up).
      if (!(await client.pingAll(60_000))) throw new Error('a search worker did not answer');
      const done = new Promise<SearchResult | string>((resolve) => (settle = resolve));
      const t0 = performance.now();
      if (client.search({ fen, moves: [] }, { depth: opts.depth }) === null) throw new Error(client.unavailable ?? 'no search worker');
      const r = await done;
      const t = performance.now() - t0;
      if (typeof r === 'string') throw new Error(`the search failed (${r})`);
      nodes += r.nodes;
      ms += t;
      if (opts.verbose) out(`position ${i + 1}/${BENCH_POSITIONS.length}: nodes ${r.nodes} time ${Math.round(t)}`);
    }
    const nps = Math.round((nodes * 1000) / Math.max(ms, 1));
    out('===========================');
    out(`Threads: ${opts.threads} (search workers; with several threads the node count varies from run to run and is not a signature)`);
    out(`Nodes searched: ${nodes}`);
    out(`Nodes/second: ${nps}`);
    out(`Total time (ms): ${Math.round(ms)} (time to depth ${opts.depth}, summed over ${BENCH_POSITIONS.length} positions)`);
    out(`Evaluation: ${opts.useNetwork ? 'network' : 'hand-written'}`);
    return { nodes, ms, nps };
  } finally {
    client.terminate();
  }
}
