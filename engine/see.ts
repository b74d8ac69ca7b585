// Static exchange evaluation: the material outcome of the capture sequence on one point,
// each side recapturing with its least valuable attacker and free to stop at any time.
// Attackers are found again (attackersTo, attackers.ts) after every capture, because in xiangqi taking
// a piece away can open a line (chariot), remove a screen (cannon) or free a horse leg or an
// elephant eye. Pins are ignored, as usual for SEE.

import { attackersTo } from './attackers';
import { toggleOcc } from './lines';
import { Position } from './position';
import { type Move, colourOf, kindOf, moveTo } from './types';

/** Exchange values by kind (a king is worth more than any exchange can win). */
export const SEE_VALUE = [0, 20000, 200, 200, 400, 900, 450, 100];

const gain = new Int32Array(40);
const taken = new Int32Array(40);
const next = new Int32Array(1);

/** Exchange value of a capture (or quiet move) for the side making it. */
export function see(pos: Position, move: Move): number {
  const b = pos.board;
  // The pieces that have gone to `to` are taken off the occupancy, and put back at the end.
  const occ = pos.occ;
  const from = move & 255;
  const to = moveTo(move);
  let attackerValue = SEE_VALUE[kindOf(b[from])];
  let side = colourOf(b[from]);
  let n = 0;
  taken[n++] = from;
  toggleOcc(occ, from);
  let d = 0;
  gain[0] = SEE_VALUE[kindOf(b[to])];
  while (d < 38) {
    d++;
    side ^= 1;
    gain[d] = attackerValue - gain[d - 1];
    if (Math.max(0 - gain[d - 1], gain[d]) < 0) break;
    // The least valuable attacker comes first.
    if (attackersTo(pos, to, side, occ, next, 1) === 0) break;
    const sq = next[0];
    attackerValue = SEE_VALUE[kindOf(b[sq])];
    taken[n++] = sq;
    toggleOcc(occ, sq);
  }
  while (--d > 0) gain[d - 1] = 0 - Math.max(0 - gain[d - 1], gain[d]);
  while (n > 0) toggleOcc(occ, taken[--n]);
  return gain[0];
}

/** The moves of moves[0..n) that do not lose material by SEE (see ≥ 0), in their order. */
export function safeMoves(pos: Position, moves: Int32Array, n: number): Move[] {
  const safe: Move[] = [];
  for (let i = 0; i < n; i++) if (see(pos, moves[i]) >= 0) safe.push(moves[i]);
  return safe;
}
