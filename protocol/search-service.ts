// The search worker's work, whatever runs it: owns the Searcher (and so the hash table) and runs
// one search at a time. The protocol side keeps reading input meanwhile; it raises STOP/PONDERHIT
// in the search's shared flags, and this side posts info lines and the result back as messages (it
// never writes output itself, so all output stays in one ordered stream).
// host/search-worker.ts runs it in a Node worker thread, host/web-worker.ts in a nested Web Worker.
import { Position, parseFen } from '../engine/index';
import { Searcher } from '../engine/search';
import { SIGNAL_COUNT, SIGNAL_STOP, type CurrMoveInfo, type SearchInfo, type SearchResult } from '../engine/limits';
import { decodeNetwork } from '../engine/nnue-format';
import { NnueEvaluator } from '../engine/nnue';
import { setTunable } from '../engine/search-params';
import { LineChoice } from '../engine/skill';
import { embeddedNetwork, USE_NNUE_DEFAULT } from '../engine/network';
import { DEFAULT_HASH_MB } from '../engine/tt';
import type { FromWorker, PositionSpec, ToWorker } from './worker-messages';

/**
 * Sets up `pos` (the service's one Position, reused: a Position holds about 150 KB of game history
 * outside the JavaScript heap, and one made for every search piled up between the rare full
 * collections of a worker whose heap stays small).
 */
function buildPosition(spec: PositionSpec, pos: Position): Position {
  parseFen(spec.fen, pos, { lenient: true });
  for (const m of spec.moves) pos.make(m);
  return pos;
}

function describe(err: unknown): string {
  return err instanceof Error ? `${err.name}: ${err.message}` : String(err);
}

/**
 * Warm-up: a fresh worker runs its code in V8's interpreter, and its first real search would reach
 * far less depth than a warm one while the compiler catches up (the figures are in docs/protocol.md,
 * "Warm-up at start"). So the worker first searches a fixed middlegame for up to WARMUP_MS with a table of its own,
 * before it reads any message: `isready` waits for it (readiness is what it asks about), while
 * `go` and a hash probe stop it at once through the shared flag (search-client.ts raises it when
 * it sends them). Without shared memory there is no warm-up (nothing could stop it).
 * The real searcher, its table and its history are untouched.
 */
const WARMUP_MS = 1000;
const WARMUP_FEN = '2bakab2/6r2/2n1c1nc1/p1p2rp1p/4p4/2PN2PC1/P3P3P/6N2/3CA4/1RBAK1B1R w - - 0 1';

export class SearchService {
  private searcher: Searcher | null = null;
  /** The position of every search and probe, set up again each time. */
  private readonly position = new Position();
  private hashMb = DEFAULT_HASH_MB;
  /** The shared table's memory (Threads > 1 hosts), or null for a table of the worker's own. */
  private hashBuffer: SharedArrayBuffer | null = null;
  /** The network evaluator, when the network evaluates (null: the hand-written evaluation). */
  private network: NnueEvaluator | null = null;

  constructor(private readonly post: (msg: FromWorker) => void) {}

  /** Runs the warm-up search (call before handling any message). */
  warmUp(stop: Int32Array): void {
    if (Atomics.load(stop, SIGNAL_STOP) !== 0) return;
    try {
      // With the evaluation the engine starts with, so that its code is the code warmed up.
      const warm = new Searcher(1);
      if (USE_NNUE_DEFAULT) warm.setNetwork(new NnueEvaluator(embeddedNetwork()));
      warm.search(parseFen(WARMUP_FEN, new Position()), { movetime: WARMUP_MS }, stop);
    } catch (err) {
      this.post({ type: 'warning', message: `warm-up search failed (${describe(err)})` });
    }
  }

  /** The searcher is made on first use, so that a hash size sent right after start-up is allocated once. */
  private getSearcher(): Searcher {
    if (this.searcher === null) {
      this.searcher = new Searcher(this.hashBuffer === null ? this.hashMb : 1);
      if (this.hashBuffer !== null) this.searcher.tt.useBuffer(this.hashBuffer);
      this.searcher.setNetwork(this.network);
    }
    return this.searcher;
  }

  /**
   * The currmove reporter of one search: at most one message per root move per iteration, even when
   * the search goes over the root moves again at the same depth (aspiration re-searches, MultiPV).
   */
  private currMoveReporter(id: number): (info: CurrMoveInfo) => void {
    let depth = -1;
    const seen = new Set<number>();
    return (info) => {
      if (info.depth !== depth) {
        depth = info.depth;
        seen.clear();
      }
      if (seen.has(info.move)) return;
      seen.add(info.move);
      this.post({ type: 'currmove', id, info: { depth: info.depth, move: info.move, number: info.number } });
    };
  }

  /**
   * A strength level's move: the line drawn among those found (engine/skill.ts). When it is not the
   * search's best, it is reported as the first line, as the line the move comes from.
   */
  private drawn(choice: LineChoice, result: SearchResult, report: (info: SearchInfo) => void): SearchResult {
    const line = choice.choose();
    if (line === null || line.pv[0] === result.bestMove) return result;
    report({ ...line, multipv: 1 });
    return { ...result, bestMove: line.pv[0], ponderMove: line.pv[1] ?? 0, score: line.score };
  }

  handle(msg: ToWorker): void {
    const post = this.post;
    switch (msg.type) {
      case 'hash':
        try {
          if (this.searcher !== null) {
            if (msg.buffer === null) this.searcher.setHashSize(msg.mb);
            else this.searcher.tt.useBuffer(msg.buffer);
          }
          this.hashMb = msg.mb;
          this.hashBuffer = msg.buffer;
        } catch (err) {
          const kept = this.searcher === null ? this.hashMb : this.searcher.tt.sizeMb;
          post({ type: 'warning', message: `could not resize the hash table to ${msg.mb} MB (${describe(err)}); it stays at ${kept} MB` });
        }
        break;
      case 'clear':
        try {
          this.searcher?.clearHistory();
          // A shared table is cleared even by a worker that has not searched yet (a helper just started).
          const searcher = this.hashBuffer === null ? this.searcher : this.getSearcher();
          if (msg.table !== null) searcher?.tt.clear(msg.table.index, msg.table.count);
        } catch (err) {
          post({ type: 'warning', message: `could not clear the hash table (${describe(err)})` });
        }
        break;
      case 'evaluation':
        try {
          this.network = msg.useNetwork ? new NnueEvaluator(msg.network === null ? embeddedNetwork() : decodeNetwork(msg.network)) : null;
          this.searcher?.setNetwork(this.network);
        } catch (err) {
          post({ type: 'warning', message: `could not load the network (${describe(err)}); evaluation unchanged` });
        }
        break;
      case 'params':
        try {
          for (const [name, value] of Object.entries(msg.values)) setTunable(name, value);
        } catch (err) {
          post({ type: 'warning', message: `could not set the search parameters (${describe(err)})` });
        }
        break;
      case 'ping':
        post({ type: 'pong', id: msg.id });
        break;
      case 'probe':
        try {
          const pos = buildPosition(msg.position, this.position);
          post({ type: 'probed', id: msg.id, probe: this.getSearcher().tt.entry(pos.keyLo, pos.keyHi) });
        } catch (err) {
          post({ type: 'warning', message: `probe failed (${describe(err)})` });
          post({ type: 'probed', id: msg.id, probe: null });
        }
        break;
      case 'search': {
        // Without shared memory the flags are this worker's own: nobody else can raise them.
        const signals = msg.signals === null ? new Int32Array(SIGNAL_COUNT) : new Int32Array(msg.signals);
        try {
          const pos = buildPosition(msg.position, this.position);
          const choice = msg.pick === undefined ? null : new LineChoice(msg.pick);
          const report = (info: SearchInfo): void => post({ type: 'info', id: msg.id, info: { ...info, pv: Array.from(info.pv) } });
          const result = this.getSearcher().search(
            pos,
            msg.limits,
            signals,
            choice === null
              ? report
              : (info) => {
                  if (choice.record(info)) report(info);
                },
            msg.currmove ? this.currMoveReporter(msg.id) : undefined,
            msg.threads === undefined ? null : { nodes: new Float64Array(msg.threads.nodes), index: 0, generation: msg.threads.generation },
          );
          post({ type: 'result', id: msg.id, result: choice === null ? result : this.drawn(choice, result, report) });
        } catch (err) {
          if (msg.threads !== undefined) Atomics.store(signals, SIGNAL_STOP, 1);
          post({ type: 'failed', id: msg.id, message: describe(err) });
        }
        break;
      }
      case 'helper':
        try {
          const share = { nodes: new Float64Array(msg.threads.nodes), index: msg.index, generation: msg.threads.generation };
          this.getSearcher().search(
            buildPosition(msg.position, this.position),
            { infinite: true, excluded: msg.excluded },
            new Int32Array(msg.signals),
            undefined,
            undefined,
            share,
          );
        } catch (err) {
          post({ type: 'warning', message: `helper search ${msg.index} failed (${describe(err)})` });
        }
        break;
    }
  }
}
