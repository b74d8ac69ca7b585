// Messages between the protocol thread (search-client.ts) and the search worker (host/search-worker.ts).
// A position travels as its root FEN plus the moves made from it, so the worker rebuilds the same
// history (for repetition verdicts) that the `position` command described.
import type { HashProbe } from '../engine/tt';
import type { CurrMoveInfo, SearchInfo, SearchLimits, SearchResult } from '../engine/limits';
import type { SkillPick } from '../engine/skill';

export interface PositionSpec {
  fen: string;
  moves: number[];
}

/** What the searchers of one parallel search (Threads > 1) share besides the table and the flags. */
interface ThreadsSpec {
  /** Float64 node count per searcher (index 0 the main one). */
  nodes: SharedArrayBuffer;
  /** The search's generation in the shared table (0-63). */
  generation: number;
}

export type ToWorker =
  /**
   * The table size; with `buffer` (shared hosts), the table itself, shared by the main searcher
   * and the helpers (TranspositionTable.bytesFor(mb) bytes), else the worker allocates its own.
   */
  | { type: 'hash'; mb: number; buffer: SharedArrayBuffer | null }
  /**
   * A new game: clear the histories, and part `index` of `count` equal parts of the table (every
   * worker clears its own part of a shared table), or none of it when `table` is null.
   */
  | { type: 'clear'; table: { index: number; count: number } | null }
  /** Evaluate with the network (bytes of a network file already checked, or null for the built-in one), or with the hand-written evaluation. */
  | { type: 'evaluation'; useNetwork: boolean; network: Uint8Array | null }
  /** Tuned search parameters, every one, in option units by name (protocol/tune-options.ts). */
  | { type: 'params'; values: Record<string, number> }
  | { type: 'ping'; id: number }
  | { type: 'probe'; id: number; position: PositionSpec }
  | {
      type: 'search';
      id: number;
      position: PositionSpec;
      limits: SearchLimits;
      /**
       * SIGNAL_COUNT int32 slots, written by the protocol thread while the search polls them; null
       * where SharedArrayBuffer cannot be sent (the search then ends by the end of its worker).
       */
      signals: SharedArrayBuffer | null;
      /** Report the root move being searched (debug mode only: `info currmove`). */
      currmove: boolean;
      /** Present when helpers search with it (Threads > 1). */
      threads?: ThreadsSpec;
      /** A strength level's draw among the lines found (engine/skill.ts); absent at full strength. */
      pick?: SkillPick;
    }
  /**
   * A helper's part of search `id` (Lazy SMP): the same root and root moves, until the STOP flag
   * in `signals` (raised by the main searcher when it ends, or by the protocol). No reply.
   */
  | {
      type: 'helper';
      id: number;
      position: PositionSpec;
      excluded: number[];
      signals: SharedArrayBuffer;
      threads: ThreadsSpec;
      /** This helper's slot in threads.nodes (1..). */
      index: number;
    };

export type FromWorker =
  | { type: 'info'; id: number; info: SearchInfo }
  | { type: 'currmove'; id: number; info: CurrMoveInfo }
  | { type: 'result'; id: number; result: SearchResult }
  | { type: 'failed'; id: number; message: string }
  | { type: 'pong'; id: number }
  | { type: 'probed'; id: number; probe: HashProbe | null }
  | { type: 'warning'; message: string };
