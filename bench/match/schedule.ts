// Which games a match plays: every pairing of engines (one for a match, all pairs for a round
// robin), `games` games per pairing, in pairs of two games on the same opening with colours
// swapped. Games are interleaved across pairings, so a round robin progresses evenly.
export interface ScheduledGame {
  /** 0-based position in the schedule; the PGN's Round tag is index + 1. */
  index: number;
  /** 0-based index of the pairing. */
  pairing: number;
  /** The pairing's engines (indices into the engine list); `a` plays Red in the first game of each pair. */
  a: number;
  b: number;
  /** 0-based index of the opening pair within the pairing. */
  pair: number;
  /** Index into the openings list. */
  opening: number;
  red: number;
  black: number;
}

export function pairings(engineCount: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let i = 0; i < engineCount; i++) for (let j = i + 1; j < engineCount; j++) out.push([i, j]);
  return out;
}

export function makeSchedule(engineCount: number, gamesPerPairing: number, openingCount: number): ScheduledGame[] {
  if (engineCount < 2) throw new Error('a match needs at least two engines');
  if (openingCount < 1) throw new Error('no openings');
  const ps = pairings(engineCount);
  const out: ScheduledGame[] = [];
  const pairsPerPairing = Math.ceil(gamesPerPairing / 2);
  for (let pair = 0; pair < pairsPerPairing; pair++) {
    for (let k = 0; k < ps.length; k++) {
      const [a, b] = ps[k];
      for (let g = 0; g < 2 && pair * 2 + g < gamesPerPairing; g++) {
        out.push({
          index: out.length,
          pairing: k,
          a,
          b,
          pair,
          opening: pair % openingCount,
          red: g === 0 ? a : b,
          black: g === 0 ? b : a,
        });
      }
    }
  }
  return out;
}
