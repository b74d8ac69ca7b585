// Messages between the protocol thread (search-client.ts) and the search worker (search-worker.ts).
// A position travels as its root FEN plus the moves made from it, so the worker rebuilds the same
// history (for repetition verdicts) that the `position` command described.
import type { HashProbe } from '../engine/search';
import type { CurrMoveInfo, SearchInfo, SearchLimits, SearchResult } from '../engine/limits';

export interface PositionSpec {
  fen: string;
  moves: number[];
}

export type ToWorker =
  | { type: 'hash'; mb: number }
  | { type: 'clear' }
  /** Evaluate with the network (bytes of a network file already checked, or null for the built-in one), or with the hand-written evaluation. */
  | { type: 'evaluation'; useNetwork: boolean; network: Uint8Array | null }
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
    };

export type FromWorker =
  | { type: 'info'; id: number; info: SearchInfo }
  | { type: 'currmove'; id: number; info: CurrMoveInfo }
  | { type: 'result'; id: number; result: SearchResult }
  | { type: 'failed'; id: number; message: string }
  | { type: 'pong'; id: number }
  | { type: 'probed'; id: number; probe: HashProbe | null }
  | { type: 'warning'; message: string };
