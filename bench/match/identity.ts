// The match identity: what every shard's JSON summary records and what a merge compares field by
// field, so that only shards of one match are merged (see shard.ts). It is made of the engines
// (name, arguments, protocol, options, pondering, and the SHA-256 of the program file, not its path, which
// differs between machines), the limit, the openings (SHA-256 of the file, count, shuffle seed),
// games per pairing, adjudication, clock margin, ply limit and SPRT settings.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { formatTimeControl } from './clock';
import type { MatchOptions } from './options';

export function sha256File(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** SHA-256 of an engine's program file when it can be found (a path, or a command on PATH). */
const hashCache = new Map<string, string>();

export function programHash(locate: () => string): string | null {
  try {
    const path = locate();
    if (!existsSync(path) || !statSync(path).isFile()) return null;
    const key = `${path}:${statSync(path).mtimeMs}`;
    let h = hashCache.get(key);
    if (h === undefined) hashCache.set(key, (h = sha256File(path)));
    return h;
  } catch {
    return null;
  }
}

/** The identity fields, in the order a merge checks them (for its message). */
const IDENTITY_FIELDS = [
  'engines',
  'limit',
  'openings',
  'gamesPerPairing',
  'gamesTotal',
  'adjudication',
  'margin',
  'maxPlies',
  'sprt',
] as const;

export type MatchIdentity = Record<(typeof IDENTITY_FIELDS)[number], unknown>;

/** Canonical JSON (object keys sorted) for comparing identity fields. */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

/**
 * The first difference between two identities, as 'field: a vs b' (descending into the engines
 * so that the message names the engine and key), or null when they are the same match.
 */
export function identityDifference(a: MatchIdentity, b: MatchIdentity): string | null {
  for (const f of IDENTITY_FIELDS) {
    if (canonical(a[f]) === canonical(b[f])) continue;
    if (f === 'engines' && Array.isArray(a.engines) && Array.isArray(b.engines) && a.engines.length === b.engines.length) {
      for (let i = 0; i < a.engines.length; i++) {
        const x = a.engines[i] as Record<string, unknown>;
        const y = b.engines[i] as Record<string, unknown>;
        for (const key of new Set([...Object.keys(x), ...Object.keys(y)])) {
          if (canonical(x[key]) !== canonical(y[key])) {
            return `engine ${i + 1} (${String(x.name)}) ${key}: ${canonical(x[key])} vs ${canonical(y[key])}`;
          }
        }
      }
    }
    if (f === 'openings' && a.openings && b.openings) {
      const x = a.openings as Record<string, unknown>;
      const y = b.openings as Record<string, unknown>;
      for (const key of ['sha256', 'count', 'seed']) {
        if (canonical(x[key]) !== canonical(y[key])) return `openings ${key}: ${canonical(x[key])} vs ${canonical(y[key])}`;
      }
    }
    return `${f}: ${canonical(a[f])} vs ${canonical(b[f])}`;
  }
  return null;
}

/** The identity of the match `o` describes (see the file comment). */
export function matchIdentity(
  o: MatchOptions,
  limitText: string,
  openings: { sha256: string | null; count: number },
  programHashes: ReadonlyArray<string | null>,
  gamesTotal: number,
): MatchIdentity {
  return {
    engines: o.engines.map((e, i) => ({
      name: e.name,
      args: e.args,
      proto: e.proto,
      options: e.options.map(([k, v]) => `${k}=${v}`),
      millisec: e.millisec ?? null,
      // Only when given, so that summaries written before the key existed still match.
      ...(e.nodes === undefined ? {} : { nodes: e.nodes }),
      ...(e.ponder ? { ponder: true } : {}),
      ...(e.tc === undefined ? {} : { tc: formatTimeControl(e.tc) }),
      program: programHashes[i] ?? e.cmd,
    })),
    limit: limitText,
    openings: { sha256: openings.sha256, count: openings.count, seed: o.seed ?? null },
    gamesPerPairing: o.games,
    gamesTotal,
    adjudication: o.adjudication,
    margin: o.margin,
    maxPlies: o.maxPlies,
    sprt: o.sprt ?? null,
  };
}
