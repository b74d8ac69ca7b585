// The chances of a win, a draw and a loss from a search score, as Pikafish and Stockfish print
// them (`info … wdl W D L`, per mille, side to move's view, with UCI_ShowWDL) and as the page
// shows them. Fitted on Chuhan's own self-play (`chuhan analyse --fit-wdl`, bench/analyse/
// fit-wdl.ts; docs/analyse.md has the fit, its data and its likelihood).
//
// The win and the loss curves are fitted apart, each a logistic regression of its own outcome on
// the score, and the draw is what they leave: 1 − P(win) − P(loss). How drawish a level position
// is depends on what is left on the board (a level position of the opening is drawn about one game
// in six, one with a few pieces nine in ten), so each curve's logit has the score and the
// material (m, the material on the board as a share of the start's) in it:
//   logit P(win)  = c0 + c1·m + c2·m² + (c3 + c4·m + c5·m²) · score / 100
//   logit P(loss) = d0 + d1·m + d2·m² − (d3 + d4·m + d5·m²) · score / 100
// A mate or a result decided by a repetition rule is certain: 1000 0 0, or 0 0 1000.
//
// The constants depend on the evaluation's scale: refit them (and WIN_SCALE, engine/review.ts) on
// self-play of the current build when the network or the evaluation changes much.
import type { Score } from './limits';
import type { Position } from './position';
import { BLACK, SOLDIER } from './types';

/** Each piece kind's weight in the material (types.ts numbers the kinds; the king weighs nothing). */
const MATERIAL_WEIGHTS = [0, 0, 1, 1, 3, 6, 3, 1];
/** Both sides' material at the start: 2 × (2 + 2 + 6 + 12 + 6 + 5). */
const START_MATERIAL = 66;

/** The material of a position as a share of the start's, 0 (bare kings) to 1. */
export function materialShare(pos: Position): number {
  let sum = 0;
  for (let kind = 1; kind <= SOLDIER; kind++) sum += MATERIAL_WEIGHTS[kind] * (pos.pcount[kind] + pos.pcount[kind | (BLACK << 3)]);
  return Math.min(1, sum / START_MATERIAL);
}

/** The material of the 90 points' piece codes (kind | colour << 3, 0 empty) as a share of the start's: the records of datagen. */
export function materialShareOfCodes(codes: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < codes.length; i++) sum += MATERIAL_WEIGHTS[codes[i] & 7];
  return Math.min(1, sum / START_MATERIAL);
}

/** The terms of each curve's logit, by which its six constants are multiplied: m⁰, m¹, m², then each times the score in pawns. */
export function wdlTerms(pawns: number, m: number): [number, number, number, number, number, number] {
  return [1, m, m * m, pawns, pawns * m, pawns * m * m];
}

/**
 * The fitted constants of the win and the loss curve: `chuhan analyse --fit-wdl` on 2,081,695
 * positions of self-play by the built-in network g11a at 1,000 nodes a move (docs/analyse.md).
 */
const WDL_WIN = [-5.3659, 12.3992, -7.4695, 0.9489, -1.7416, 1.1193];
const WDL_LOSS = [-5.3303, 12.5942, -7.6759, 0.9556, -1.769, 1.1422];

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

function logit(c: readonly number[], pawns: number, m: number): number {
  const t = wdlTerms(pawns, m);
  let z = 0;
  for (let i = 0; i < 6; i++) z += c[i] * t[i];
  return z;
}

/** The chances of a win, a draw and a loss (0 to 1, side to move's view) at `cp` centipawns with material `m` (materialShare). */
export function wdlChances(cp: number, m: number): [number, number, number] {
  const w = sigmoid(logit(WDL_WIN, cp / 100, m));
  const l = sigmoid(logit(WDL_LOSS, -cp / 100, m));
  const d = Math.max(0, 1 - w - l);
  // The two curves never overlap on the data they were fitted on; beyond it, the larger share gives way.
  return d > 0 ? [w, d, l] : w >= l ? [1 - l, 0, l] : [w, 0, 1 - w];
}

/** The chances per mille, as UCI's `wdl W D L` prints them: whole numbers that add up to 1000. */
export function wdlPerMille(score: Score, m: number): [number, number, number] {
  if (score.kind !== 'cp') return score.plies > 0 ? [1000, 0, 0] : [0, 0, 1000];
  const [w, , l] = wdlChances(score.cp, m);
  const win = Math.round(1000 * w);
  const loss = Math.min(1000 - win, Math.round(1000 * l));
  return [win, 1000 - win - loss, loss];
}
