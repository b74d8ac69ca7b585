// What the protocol hands to the search, and what the search reports back.
// Times are in milliseconds whatever the protocol's units were.

import { MATE, MATE_BOUND, RULE_BOUND, RULE_WIN } from './search-params';

export interface SearchLimits {
  /** Fixed depth in plies. */
  depth?: number;
  /** Stop after about this many nodes. */
  nodes?: number;
  /** Think exactly this long. */
  movetime?: number;
  /** Clock of the side to move: remaining time, increment, moves to the next control. */
  time?: number;
  increment?: number;
  movestogo?: number;
  /** Search until told to stop (also what a ponder search does until ponderhit). */
  infinite?: boolean;
  /**
   * Pondering: search as if infinite until the signal PONDERHIT is raised, then apply the clock
   * limits counting from that moment.
   */
  ponder?: boolean;
  /** Root moves that must not be played (UCCI `banmoves`). */
  excluded?: number[];
  /** Number of principal variations to report (MultiPV). */
  multipv?: number;
  /**
   * Milliseconds kept back on every timed move for pipe and GUI latency (the Move Overhead option);
   * timeBudget's MOVE_OVERHEAD when absent. Applied there and nowhere else.
   */
  overhead?: number;
  /**
   * Randomness (UCCI `randomness`): each root move gets a fixed bonus of 0 to this many
   * centipawns, drawn from `noiseSeed` and the move, so that among moves of about equal value the
   * choice varies from game to game. Absent or 0: none (the search is deterministic).
   */
  rootNoise?: number;
  noiseSeed?: number;
}

/**
 * A score, from the side to move's view:
 *   cp    centipawns;
 *   mate  a forced mate `plies` plies away: positive when the side to move mates, zero or negative
 *         when it is mated (0: it is mated now);
 *   rule  a result decided by a repetition rule `plies` plies away (the opponent forced into a
 *         perpetual check or chase, or this side): positive a win, zero or negative a loss.
 * The protocol reports rule results in the mate range (engine/wire.ts).
 */
export type Score = { kind: 'cp'; cp: number } | { kind: 'mate'; plies: number } | { kind: 'rule'; plies: number };

/** Plies to a mate or a rule result as moves, as UCI counts them: ⌈plies / 2⌉, negative when losing. */
export function pliesToMoves(plies: number): number {
  return plies > 0 ? Math.ceil(plies / 2) : -Math.ceil(-plies / 2);
}

/** Converts a score of the search (search-params.ts) to a Score: centipawns, a mate or a rule result, and the plies to it. */
export function toScore(score: number): Score {
  if (score > MATE_BOUND) return { kind: 'mate', plies: MATE - score };
  if (score < -MATE_BOUND) return { kind: 'mate', plies: -(MATE + score) };
  if (score > RULE_BOUND && score <= RULE_WIN) return { kind: 'rule', plies: RULE_WIN - score };
  if (score < -RULE_BOUND && score >= -RULE_WIN) return { kind: 'rule', plies: -(RULE_WIN + score) };
  return { kind: 'cp', cp: score };
}

export interface SearchInfo {
  depth: number;
  seldepth: number;
  /** 1-based index of this line when MultiPV > 1. */
  multipv: number;
  score: Score;
  nodes: number;
  nps: number;
  /** Milliseconds since the search started. */
  time: number;
  /** Transposition-table fill in permille. */
  hashfull: number;
  pv: number[];
}

/** The root move being searched (UCCI/UCI `info currmove M currmovenumber N`, shown in debug mode). */
export interface CurrMoveInfo {
  depth: number;
  move: number;
  /** 1-based position of the move in this iteration's order. */
  number: number;
}

export interface SearchResult {
  /** 0 when there is no legal or permitted move (or depth 0 was asked for). */
  bestMove: number;
  /** Expected reply, 0 if unknown. */
  ponderMove: number;
  score: Score;
  depth: number;
  nodes: number;
  time: number;
}

/**
 * Indexes into the shared Int32Array of signals between the protocol thread and the search:
 * the protocol writes them (Atomics.store) while the search polls them.
 */
export const SIGNAL_STOP = 0;
export const SIGNAL_PONDERHIT = 1;
export const SIGNAL_COUNT = 2;
