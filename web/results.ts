// How a game ended, as a PGN result and in words: the rules core's judgement (checkmate,
// stalemate, perpetual check or chase, repetition, the 60-move limit), a flag fall or a
// resignation. The words are written when shown (endText), in the page's language, with the
// sides named as in the game: 'Red (you)' and 'Black (Chuhan)' in a game against the engine.
import { BLACK, type Judgement, type PgnResult, RED } from '../engine/index';
import { t } from './i18n';

export type EndReason = Judgement['reason'] | 'time' | 'resignation' | 'abandoned';

export interface GameEnd {
  result: PgnResult;
  reason: EndReason;
  /** The person's side (0 red, 1 black) in a game against the engine, else null. */
  human: number | null;
}

/** What to call each side: 'Red' and 'Black', or with who plays them ('Red (you)') when `human` is a side. */
export function sideNames(human: number | null): readonly [string, string] {
  if (human === null) return [t('side.red'), t('side.black')];
  return human === RED ? [t('side.redYou'), t('side.blackEngine')] : [t('side.redEngine'), t('side.blackYou')];
}

function win(winner: number): PgnResult {
  return winner === RED ? '1-0' : '0-1';
}

/** The end of the game from the judge's answer for the side to move, or null while it goes on. */
export function judgedEnd(j: Judgement, sideToMove: number, human: number | null = null): GameEnd | null {
  if (j.verdict === 'none') return null;
  if (j.verdict === 'draw') return { result: '1/2-1/2', reason: j.reason, human };
  return { result: win(j.verdict === 'win' ? sideToMove : sideToMove ^ 1), reason: j.reason, human };
}

export function timeEnd(loser: number, human: number | null): GameEnd {
  return { result: win(loser ^ 1), reason: 'time', human };
}

export function resignationEnd(loser: number, human: number | null): GameEnd {
  return { result: win(loser ^ 1), reason: 'resignation', human };
}

/** The end in words, in the page's language. */
export function endText(end: GameEnd): string {
  if (end.reason === 'abandoned' || end.result === '*') return t('end.result', { result: end.result });
  if (end.result === '1/2-1/2') return t(end.reason === 'move-limit' ? 'end.moveLimit' : 'end.repetition');
  const names = sideNames(end.human);
  const winner = end.result === '1-0' ? RED : BLACK;
  const sides = { winner: names[winner], loser: names[winner ^ 1] };
  switch (end.reason) {
    case 'checkmate':
      return t('end.checkmate', sides);
    case 'stalemate':
      return t('end.stalemate', sides);
    case 'perpetual-check':
      return t('end.perpetualCheck', sides);
    case 'perpetual-chase':
      return t('end.perpetualChase', sides);
    case 'time':
      return t('end.time', sides);
    case 'resignation':
      return t('end.resignation', sides);
    default:
      return t('end.wins', sides);
  }
}
