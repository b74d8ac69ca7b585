// How a game ended, in words and as a PGN result: the rules core's judgement (checkmate,
// stalemate, perpetual check or chase, repetition, the 60-move limit), a flag fall or a resignation.
import { type Judgement, type PgnResult, RED } from '../engine/index';

export type EndReason = Judgement['reason'] | 'time' | 'resignation' | 'abandoned';

export interface GameEnd {
  result: PgnResult;
  reason: EndReason;
  text: string;
}

/** What to call each side: 'Red' and 'Black', or with who plays them ('Red (you)'). */
export type SideNames = readonly [string, string];
export const PLAIN_NAMES: SideNames = ['Red', 'Black'];

function win(winner: number): PgnResult {
  return winner === RED ? '1-0' : '0-1';
}

/** The end of the game from the judge's answer for the side to move, or null while it goes on. */
export function judgedEnd(j: Judgement, sideToMove: number, names: SideNames = PLAIN_NAMES): GameEnd | null {
  if (j.verdict === 'none') return null;
  if (j.verdict === 'draw') {
    const text = j.reason === 'move-limit' ? 'Draw: 60 moves without a capture' : 'Draw by repetition';
    return { result: '1/2-1/2', reason: j.reason, text };
  }
  const winner = j.verdict === 'win' ? sideToMove : sideToMove ^ 1;
  const loser = winner ^ 1;
  const w = names[winner];
  const l = names[loser];
  switch (j.reason) {
    case 'checkmate':
      return { result: win(winner), reason: j.reason, text: `Checkmate (绝杀): ${w} wins` };
    case 'stalemate':
      return { result: win(winner), reason: j.reason, text: `${l} has no legal move (困毙): ${w} wins` };
    case 'perpetual-check':
      return { result: win(winner), reason: j.reason, text: `${l} checked perpetually (长将), which loses: ${w} wins` };
    case 'perpetual-chase':
      return { result: win(winner), reason: j.reason, text: `${l} chased perpetually (长捉), which loses: ${w} wins` };
    default:
      return { result: win(winner), reason: j.reason, text: `${w} wins` };
  }
}

export function timeEnd(loser: number, names: SideNames): GameEnd {
  return { result: win(loser ^ 1), reason: 'time', text: `${names[loser]} lost on time: ${names[loser ^ 1]} wins` };
}

export function resignationEnd(loser: number, names: SideNames): GameEnd {
  return { result: win(loser ^ 1), reason: 'resignation', text: `${names[loser]} resigned: ${names[loser ^ 1]} wins` };
}
