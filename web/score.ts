// Engine scores as the page shows them: from Red's point of view (+ is good for Red), in pawns
// (`+0.35`) or as a mate in moves (`#3`: Red mates in 3; `#-3`: Black does; 红3步杀 and 黑3步杀 in
// Chinese), the share of the evaluation bar that is Red's, and the chances of a win for Red, a
// draw and a win for Black (engine/wdl.ts, what the engine prints as `wdl` with UCI_ShowWDL).
import { RED } from '../engine/index';
import type { Score as EngineScore } from '../engine/limits';
import { wdlPerMille } from '../engine/wdl';
import { formatNumber, formatPercent, t } from './i18n';

/** A score: centipawns, or moves to mate (negative: being mated); the other is null. */
interface Score {
  cp: number | null;
  mate: number | null;
}

/** A score from the side to move's view (as UCI gives it) seen from Red's side. */
export function redScore(info: Score, sideToMove: number): Score {
  const sign = sideToMove === RED ? 1 : -1;
  return { cp: info.cp === null ? null : sign * info.cp, mate: info.mate === null ? null : sign * info.mate };
}

export function formatScore(score: Score): string {
  if (score.mate !== null) return t(score.mate > 0 ? 'score.redMates' : 'score.blackMates', { n: Math.abs(score.mate) });
  const cp = score.cp ?? 0;
  return `${cp > 0 ? '+' : cp < 0 ? '−' : ''}${formatNumber(Math.abs(cp) / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** A result decided by a repetition rule `moves` moves away, from Red's side (negative: Black wins): `R+2`. */
export function formatRuleScore(moves: number): string {
  return t(moves < 0 ? 'score.blackByRule' : 'score.redByRule', { n: Math.abs(moves) });
}

/** Red's share of the bar, 0 to 1: a logistic curve in centipawns (+4 pawns fills about 83%). */
export function redShare(score: Score): number {
  if (score.mate !== null) return score.mate > 0 ? 1 : 0;
  return 1 / (1 + Math.exp(-(score.cp ?? 0) / 250));
}

/** The chances per mille of a win for Red, a draw and a win for Black, from a score of the side to move and the material (engine/wdl.ts: materialShare). */
export function redChances(score: EngineScore, sideToMove: number, material: number): [number, number, number] {
  const [w, d, l] = wdlPerMille(score, material);
  return sideToMove === RED ? [w, d, l] : [l, d, w];
}

/** A UCI score (centipawns or moves to mate) as the engine core's Score; a mate's length does not matter to the chances. */
export function engineScore(info: Score): EngineScore {
  return info.mate !== null ? { kind: 'mate', plies: info.mate > 0 ? 1 : -1 } : { kind: 'cp', cp: info.cp ?? 0 };
}

/** The chances in words: `Red wins 45%, draw 30%, Black wins 25%`. */
export function formatChances([red, draw, black]: readonly [number, number, number]): string {
  return t('wdl.chances', { red: formatPercent(red / 1000), draw: formatPercent(draw / 1000), black: formatPercent(black / 1000) });
}
