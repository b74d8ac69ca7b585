// Engine scores as the page shows them: from Red's point of view (+ is good for Red), in pawns
// (`+0.35`) or as a mate in moves (`#3`: Red mates in 3; `#-3`: Black does), and the share of the
// evaluation bar that is Red's.
import { RED } from '../../engine/index';
import type { SearchInfo } from './engine-client';

/** The score of `info` (from the side to move's view) seen from Red's side. */
export function redScore(info: Pick<SearchInfo, 'cp' | 'mate'>, sideToMove: number): { cp: number | null; mate: number | null } {
  const sign = sideToMove === RED ? 1 : -1;
  return { cp: info.cp === null ? null : sign * info.cp, mate: info.mate === null ? null : sign * info.mate };
}

export function formatScore(score: { cp: number | null; mate: number | null }): string {
  if (score.mate !== null) return `#${score.mate}`;
  const cp = score.cp ?? 0;
  return `${cp > 0 ? '+' : cp < 0 ? '−' : ''}${(Math.abs(cp) / 100).toFixed(2)}`;
}

/** Red's share of the bar, 0 to 1: a logistic curve in centipawns (+4 pawns fills about 83%). */
export function redShare(score: { cp: number | null; mate: number | null }): number {
  if (score.mate !== null) return score.mate > 0 ? 1 : 0;
  return 1 / (1 + Math.exp(-(score.cp ?? 0) / 250));
}
