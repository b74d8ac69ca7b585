// Score adjudication: the runner may end a game early when both engines' scores agree.
//   resign: for `moves` consecutive moves of each engine, every score says the same side is lost
//           by at least `score` centipawns → that side loses.
//   draw:   once the game has `ply` plies (opening included), for `moves` consecutive moves of
//           each engine every score is within ±`score` → draw.
// A move without a score (no `info … score`, or only bounds) breaks both runs.
import { pliesToMoves, type Score } from '../../engine/limits';

/** Centipawn value of a score for comparisons: mates map beyond ±100000 (rule results below them). */
export function scoreValue(s: Score): number {
  if (s.kind === 'cp') return s.cp;
  const m = pliesToMoves(s.plies);
  const decided = s.kind === 'mate' ? 200000 : 150000;
  return m > 0 ? decided - m : -decided - m;
}

export interface AdjudicationConfig {
  resign?: { moves: number; score: number };
  draw?: { ply: number; moves: number; score: number };
}

export type AdjudicationVerdict = { winner: 'red' | 'black' | null; kind: 'resign' | 'draw'; text: string };

export const DEFAULT_RESIGN = { moves: 3, score: 1000 };
export const DEFAULT_DRAW = { ply: 80, moves: 8, score: 10 };

/** Parses `resign`, `resign=N:S`, `draw`, `draw=P:N:S`, comma separated; `off` for none. */
export function parseAdjudication(text: string): AdjudicationConfig {
  const cfg: AdjudicationConfig = {};
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')) {
    if (part === 'off') continue;
    const [key, value] = part.split('=', 2);
    const nums = value === undefined ? [] : value.split(':').map((v) => Number(v));
    if (nums.some((n) => !Number.isFinite(n) || n < 0)) throw new Error(`bad adjudication value '${part}'`);
    if (key === 'resign') {
      if (value !== undefined && nums.length !== 2) throw new Error(`adjudication 'resign' wants resign=MOVES:CP, got '${part}'`);
      cfg.resign = value === undefined ? { ...DEFAULT_RESIGN } : { moves: nums[0], score: nums[1] };
      if (cfg.resign.moves < 1) throw new Error(`adjudication '${part}': moves must be at least 1`);
    } else if (key === 'draw') {
      if (value !== undefined && nums.length !== 3) throw new Error(`adjudication 'draw' wants draw=PLY:MOVES:CP, got '${part}'`);
      cfg.draw = value === undefined ? { ...DEFAULT_DRAW } : { ply: nums[0], moves: nums[1], score: nums[2] };
      if (cfg.draw.moves < 1) throw new Error(`adjudication '${part}': moves must be at least 1`);
    } else {
      throw new Error(`unknown adjudication '${part}' (resign=MOVES:CP, draw=PLY:MOVES:CP)`);
    }
  }
  return cfg;
}

export class Adjudicator {
  /** Red's point of view, one entry per ply played by the engines; null = no score. */
  private readonly scores: Array<number | null> = [];

  constructor(readonly config: AdjudicationConfig) {}

  /**
   * Records the score the mover reported with its move (from its own point of view) and returns
   * a verdict once the game may be ended. `gamePly` is the number of plies played in the game
   * after this move, opening included; `moverIsRed` tells whose score it is.
   */
  record(score: Score | undefined, moverIsRed: boolean, gamePly: number): AdjudicationVerdict | null {
    const v = score === undefined ? null : scoreValue(score);
    this.scores.push(v === null ? null : moverIsRed ? v : -v);
    const { resign, draw } = this.config;
    if (resign) {
      const last = this.lastScores(2 * resign.moves);
      if (last) {
        if (last.every((s) => s <= -resign.score)) {
          return {
            winner: 'black',
            kind: 'resign',
            text: `both engines scored Red at -${resign.score} or worse for ${resign.moves} moves`,
          };
        }
        if (last.every((s) => s >= resign.score)) {
          return {
            winner: 'red',
            kind: 'resign',
            text: `both engines scored Black at -${resign.score} or worse for ${resign.moves} moves`,
          };
        }
      }
    }
    if (draw && gamePly >= draw.ply) {
      const last = this.lastScores(2 * draw.moves);
      if (last && last.every((s) => Math.abs(s) <= draw.score)) {
        return { winner: null, kind: 'draw', text: `both scores within ±${draw.score} for ${draw.moves} moves` };
      }
    }
    return null;
  }

  private lastScores(n: number): number[] | null {
    if (this.scores.length < n) return null;
    const last = this.scores.slice(-n);
    return last.every((s) => s !== null) ? (last as number[]) : null;
  }
}
