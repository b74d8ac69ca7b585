// Sharding a match across processes or machines.
//
// `--shard K/N` plays only shard K (1..N) of the full schedule. The unit of sharding is the
// opening pair (both games on one opening with colours swapped, within one pairing of engines),
// so every shard's pentanomial counts are whole pairs: pair units are numbered in schedule order
// and unit u goes to shard (u mod N) + 1. Games keep their full-schedule index (the PGN's Round),
// so shards never collide and a merge can put every game back in its place. What makes two shards
// parts of one match is identity.ts.
import type { ScheduledGame } from './schedule';

export interface Shard {
  /** 1-based. */
  k: number;
  n: number;
}

export function parseShard(text: string): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (!m) throw new Error(`wants K/N (e.g. 3/8), got '${text}'`);
  const k = Number(m[1]);
  const n = Number(m[2]);
  if (n < 1 || k < 1 || k > n) throw new Error(`${text}: K must be from 1 to N`);
  return { k, n };
}

/** The opening-pair unit of a scheduled game (0-based, in schedule order). */
export function pairUnit(game: ScheduledGame, pairingCount: number): number {
  return game.pair * pairingCount + game.pairing;
}

/** The games of shard K/N, in schedule order. */
export function shardGames(schedule: readonly ScheduledGame[], pairingCount: number, shard: Shard): ScheduledGame[] {
  return schedule.filter((g) => pairUnit(g, pairingCount) % shard.n === shard.k - 1);
}
