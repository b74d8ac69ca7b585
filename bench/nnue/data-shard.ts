// Sharding a datagen run across processes or machines, and what makes two data files parts of
// one run. As for matches (bench/match/shard.ts), `--shard K/N` plays only shard K of the full
// schedule; the unit here is one game: game g (0-based, in the order of the seeded schedule)
// belongs to shard (g mod N) + 1. A game is a pure function of the seed, its index and the
// options, so a shard's games are exactly the ones the whole run would play at those indexes,
// and a merge that puts them back in index order gives the whole run's file byte for byte.
//
// The run's identity is what a file's header records and what a continuation or a merge
// compares field by field: seed, nodes, random plies, openings (file hash), the evaluation (the
// network file's hash), the engine's play fingerprint, and for shards N and the schedule's size.
import { FLAG_OPENINGS, type DataHeader } from './data-format';
import type { Shard } from '../match/shard';

/** The number of games of shard `s` in a schedule of `schedule` games. */
export function shardGameCount(s: Shard, schedule: number): number {
  return schedule >= s.k ? Math.floor((schedule - s.k) / s.n) + 1 : 0;
}

/** The schedule index of the `j`-th game (0-based) of shard `s` (null: the whole run). */
export function shardGameIndex(s: Shard | null, j: number): number {
  return s === null ? j : s.k - 1 + j * s.n;
}

export const shardText = (s: Shard | null): string => (s ? `shard ${s.k}/${s.n}` : 'a whole run (no --shard)');

const hex = (v: number): string => `0x${(v >>> 0).toString(16).padStart(8, '0')}`;

/** The run fields a header carries, as a user names them, with their values in words. */
type Field = { name: string; of: (h: DataHeader) => string; version2?: boolean };

const FIELDS: Field[] = [
  { name: 'seed', of: (h) => String(h.seed) },
  { name: 'nodes', of: (h) => String(h.nodes) },
  { name: 'random plies', of: (h) => String(h.randomPlies) },
  { name: 'openings', of: (h) => (h.flags & FLAG_OPENINGS ? 'a file' : 'none') },
  { name: 'openings file', of: (h) => (h.flags & FLAG_OPENINGS ? `FNV-1a ${hex(h.openings)}` : 'none'), version2: true },
  { name: 'evaluation', of: (h) => (h.network === 0 ? 'hand-written' : `network FNV-1a ${hex(h.network)}`) },
  { name: 'engine (play fingerprint)', of: (h) => hex(h.engine), version2: true },
];

/**
 * The first run field in which `file` (as read) differs from `wanted`, as 'field: a vs b', or
 * null. Fields a version-1 file does not record are not compared.
 */
export function runDifference(file: DataHeader, wanted: DataHeader): string | null {
  for (const f of FIELDS) {
    if (f.version2 && (file.version < 2 || wanted.version < 2)) continue;
    const a = f.of(file);
    const b = f.of(wanted);
    if (a !== b) return `${f.name}: ${a} vs ${b}`;
  }
  return null;
}

/** As runDifference, and also the shard count and the schedule (for a merge). */
export function shardRunDifference(a: DataHeader, b: DataHeader): string | null {
  const d = runDifference(a, b);
  if (d !== null) return d;
  if ((a.shard?.n ?? 0) !== (b.shard?.n ?? 0)) return `shards: ${a.shard?.n ?? 'none'} vs ${b.shard?.n ?? 'none'}`;
  if (a.schedule !== b.schedule) return `schedule (--games): ${a.schedule} vs ${b.schedule}`;
  return null;
}
