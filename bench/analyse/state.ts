// The record of an analysis run beside its output, OUT.json: what was analysed (the input's SHA-256
// and number of games), how (the search limit, threads, table, move format, the program's
// SHA-256), which shard, and each game done so far, in the order written, with its figures and
// its length in the output. `--resume` continues from it (the output is cut back to the games it
// counts), `--merge` puts shards back together with it, and a script can read the figures from it
// without parsing the PGN. It holds no clock time: an interrupted and resumed run writes the same
// file as an uninterrupted one.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { Shard } from '../match/shard';

export const STATE_VERSION = 1;

/** What makes two runs (or two shards) the same analysis. */
interface RunSettings {
  /** `nodes 200000`, `depth 14`, `movetime 500 ms`. */
  limit: string;
  threads: number;
  hash: number;
  /** The move format written: iccs, wxf, chinese, or `own` (each game's). */
  format: string;
  /** SHA-256 of the program that searched. */
  engine: string;
}

export interface SideFigures {
  accuracy: number | null;
  averageLoss: number | null;
  inaccuracies: number;
  mistakes: number;
  blunders: number;
}

export type GameEntry =
  | {
      /** 1-based number of the game in the input. */
      game: number;
      /** Length of its text in the output, in bytes. */
      bytes: number;
      plies: number;
      red: SideFigures;
      black: SideFigures;
      /** Red's expected score in each position, the start first (3 decimals): the game's graph. */
      curve: number[];
    }
  | { game: number; refused: string };

export interface RunState {
  tool: 'chuhan analyse';
  version: number;
  input: { sha256: string; games: number };
  settings: RunSettings;
  /** `K/N`, or null for a whole run. */
  shard: string | null;
  /** Games of this run (its shard's, when sharded) in input order, and those done. */
  planned: number;
  complete: boolean;
  games: GameEntry[];
}

export const shardText = (shard: Shard | null): string | null => (shard === null ? null : `${shard.k}/${shard.n}`);

export const statePath = (out: string): string => `${out}.json`;

/** The state as written: keys in a fixed order, two-space indents. */
export function stateJson(state: RunState): string {
  return JSON.stringify(state, null, 2) + '\n';
}

/** Writes the state through a temporary file and a rename: a reader sees the old or the new. */
export function writeState(out: string, state: RunState): void {
  const path = statePath(out);
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, stateJson(state));
  renameSync(tmp, path);
}

/** The state beside `out`, null when there is none; throws an Error naming the problem. */
export function readState(out: string): RunState | null {
  const path = statePath(out);
  if (!existsSync(path)) return null;
  let state: RunState;
  try {
    state = JSON.parse(readFileSync(path, 'utf8')) as RunState;
  } catch (e) {
    throw new Error(`${path} is not the record of an analysis (${(e as Error).message})`);
  }
  if (state === null || typeof state !== 'object' || state.tool !== 'chuhan analyse' || !Array.isArray(state.games)) {
    throw new Error(`${path} is not the record of an analysis`);
  }
  if (state.version !== STATE_VERSION) throw new Error(`${path} is of version ${state.version}; this build reads version ${STATE_VERSION}`);
  return state;
}

/** The bytes of the output the state accounts for. */
export function stateBytes(state: RunState): number {
  return state.games.reduce((n, g) => n + ('bytes' in g ? g.bytes : 0), 0);
}

/** The first setting in which two runs differ, as `limit: nodes 1000 vs nodes 2000`, or null. */
export function settingsDifference(a: RunState, b: RunState): string | null {
  if (a.input.sha256 !== b.input.sha256) return 'the input (its SHA-256 differs)';
  for (const key of ['limit', 'threads', 'hash', 'format', 'engine'] as const) {
    if (a.settings[key] !== b.settings[key])
      return `${key === 'engine' ? 'the program (its SHA-256)' : key}: ${a.settings[key]} vs ${b.settings[key]}`;
  }
  return null;
}
