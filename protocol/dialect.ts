// What differs between UCCI and UCI output, behind one interface (see ucci.ts and uci.ts): the
// handshake block, option lines, score and info formatting, and the replies that only one
// dialect has (`nobestmove`, `bye`, draw/resign suffixes). The text a match runner reads back (moves
// with ranks 1-10, scores, info lines) is engine/wire.ts.
import type { CurrMoveInfo, Score, SearchInfo } from '../engine/limits';
import type { Wdl } from '../engine/wire';
import { version } from '../package.json';
import type { AnyOption } from './option';

export const ENGINE_NAME = 'Chuhan';
export const ENGINE_VERSION = version;
export const ENGINE_AUTHOR = 'the Chuhan developers';

/** Longest PV printed: GUIs such as gmchess read output in 1 KiB chunks, so lines stay short. */
export const MAX_PV_PRINTED = 24;

export interface Dialect {
  readonly name: 'ucci' | 'uci';
  /** Rank numbers of moves: 0-9 (ICCS), or 1-10 (Fairy-Stockfish's plain UCI, cutechess). */
  readonly ranksFrom: 0 | 1;
  /** A move as this dialect writes it. */
  move(m: number): string;
  /** A move as the GUI wrote it, in ICCS (ranks 0-9); text that is no move comes back unchanged. */
  readMove(text: string): string;
  /** The id and option lines and the closing `ucciok`/`uciok`. */
  handshake(options: readonly AnyOption[]): string[];
  /** One `info` line for a search report, with `wdl W D L` when given; null when this dialect does not show it. */
  info(info: SearchInfo, showMultipv: boolean, wdl: Wdl | null): string | null;
  /** The `info currmove M currmovenumber N` line (debug mode). */
  currmove(info: CurrMoveInfo): string;
  /** What `go depth 0` answers (UCCI: the static score and `nobestmove`). */
  depthZero(score: Score): string[];
  bestmove(move: string, ponder: string | null, suffix: 'draw' | 'resign' | null): string;
  /** The reply when there is no legal or permitted move. */
  noMove(): string;
  /** The reply to `stop` when nothing is being searched, or null for none. */
  stopWhileIdle(): string | null;
  /** The reply to `quit`, or null for none. */
  bye(): string | null;
  infoString(text: string): string;
  /**
   * Least time between two search `info` lines (ms), 0 for no limit. gmchess reads 1024 bytes at a
   * time and drops a read that fills its buffer, so a fast search must not pile up a kilobyte of
   * lines in the pipe ahead of its `bestmove`; the last line held back is written before the reply.
   */
  readonly infoIntervalMs: number;
  /** Does this dialect carry draw offers and resignations in `bestmove`? */
  readonly drawAndResign: boolean;
}
