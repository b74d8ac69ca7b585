// What makes an SPSA state file portable: a run continues from the state file alone, in a fresh
// clone on another machine (bench/tune/README.md, "Committed runs").
//   - Paths in the state (the engine, the openings) are kept relative to the top of the git
//     checkout `chuhan spsa` runs in when they lie inside it (`bench/match/openings-1k.epd`), and
//     resolved against the checkout it runs in later; other paths are kept absolute.
//   - The engine is known by its SHA-256 (checked on resume), its bench signature (the node count
//     of `chuhan bench`, which is the search: a rebuild of the same sources with another Node gives
//     another SHA-256 and the same signature), the commit of the checkout the run was started in
//     (where to rebuild it from) and, when it is a copy of the running build, its Node version.
//   - On resume `--engine PATH` names the engine anew (the old path need not exist): accepted when
//     its SHA-256 is the run's; another binary only with --accept-engine, and then only when its
//     bench signature is the run's.
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { sha256File } from '../match/identity';
import { SpsaError } from './spsa';

/** The engine and openings of a run, as the state keeps them (part of config.games). */
export interface RunFiles {
  /** The engine: a path relative to the checkout's top, or absolute. */
  engine: string;
  engineSha256: string;
  /** Nodes of `ENGINE bench` (the search's signature), or null when it could not be measured. */
  engineBench?: number | null;
  /** HEAD of the checkout the run was started in, with "-dirty" when tracked files had changes. */
  engineCommit?: string | null;
  /** The engine's Node version, when it is a copy of the build that started the run. */
  engineNode?: string | null;
  /** Other builds taken on with --accept-engine: from which iteration, their SHA-256. */
  engineAccepted?: Array<{ iteration: number; sha256: string }>;
  openings: string;
  openingsSha256: string;
}

/** The top of the git checkout holding `dir` (a directory with .git), or null. */
export function checkoutTop(dir = process.cwd()): string | null {
  for (let d = resolve(dir); ; d = dirname(d)) {
    if (existsSync(join(d, '.git'))) return d;
    if (dirname(d) === d) return null;
  }
}

/** How the state keeps a path given on the command line: relative to the checkout's top when inside it. */
export function portablePath(path: string): string {
  const abs = resolve(path);
  const top = checkoutTop();
  if (top === null) return abs;
  const rel = relative(top, abs);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return abs;
  return rel.split(sep).join('/');
}

/** A path from the state, on this machine: a relative one against the checkout's top (else the current directory). */
export function resolveStored(path: string): string {
  return isAbsolute(path) ? path : resolve(checkoutTop() ?? process.cwd(), path);
}

/** The bench signature of an engine: the node count of `ENGINE bench`, or null if it did not give one. */
export function benchSignature(engine: string): Promise<number | null> {
  const env = { ...process.env };
  delete env.CHUHAN_TUNE;
  return new Promise((done) => {
    execFile(engine, ['bench'], { encoding: 'utf8', env, maxBuffer: 1 << 20 }, (error, stdout, stderr) => {
      const m = /Nodes searched:\s*(\d+)/.exec(`${stdout}\n${stderr}`);
      done(error !== null || m === null ? null : Number(m[1]));
    });
  });
}

/** HEAD of the checkout `chuhan spsa` runs in, "-dirty" when tracked files have changes; null outside one. */
export function checkoutCommit(): string | null {
  const top = checkoutTop();
  if (top === null) return null;
  const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: top, encoding: 'utf8' });
  if (head.status !== 0) return null;
  const status = spawnSync('git', ['--no-optional-locks', 'status', '--porcelain', '--untracked-files=no'], { cwd: top, encoding: 'utf8' });
  return `${head.stdout.trim()}${status.status === 0 && status.stdout.trim() !== '' ? '-dirty' : ''}`;
}

/** The Node version of an engine that is a byte copy of the running executable (a single-executable build), else null. */
export function engineNode(engineSha256: string, self: string | null): string | null {
  if (self === null) return null;
  try {
    return sha256File(self) === engineSha256 ? process.versions.node : null;
  } catch {
    return null;
  }
}

function describeBuild(f: RunFiles): string {
  const parts = [`SHA-256 ${f.engineSha256.slice(0, 16)}…`];
  if (typeof f.engineBench === 'number') parts.push(`bench ${f.engineBench}`);
  if (f.engineCommit) parts.push(`built from commit ${f.engineCommit}`);
  if (f.engineNode) parts.push(`Node ${f.engineNode}`);
  return parts.join(', ');
}

/**
 * The engine of a resumed run: `given` (--engine) or the state's own path. Accepted when its
 * SHA-256 is the run's; another binary only with `accept`, and then only when its bench signature
 * is the one recorded (then the state takes its SHA-256 and path). Returns the path to run, and
 * updates `files` when the engine is named anew. A SpsaError names the field that differs.
 */
export async function resumeEngine(
  files: RunFiles,
  given: string | undefined,
  accept: boolean,
  iteration: number,
  bench: (path: string) => Promise<number | null>,
  note: (line: string) => void,
): Promise<string> {
  const path = given !== undefined ? resolve(given) : resolveStored(files.engine);
  if (!existsSync(path) || !statSync(path).isFile()) {
    if (given !== undefined) throw new SpsaError(`--engine ${given} does not exist`);
    throw new SpsaError(
      `the run's engine ${files.engine} does not exist here (${path}); give --engine PATH, the same build (${describeBuild(files)}), e.g. rebuilt from that commit`,
    );
  }
  const sha = sha256File(path);
  if (sha === files.engineSha256) {
    if (given !== undefined) files.engine = portablePath(path);
    return path;
  }
  if (!accept) {
    throw new SpsaError(
      `engineSha256 differs: ${path} (SHA-256 ${sha.slice(0, 16)}…) is not the build the run started with (${describeBuild(files)}); ` +
        `give that build, or add --accept-engine to go on with this one if its search is the same${typeof files.engineBench === 'number' ? ` (its bench signature must be ${files.engineBench})` : ''}`,
    );
  }
  if (typeof files.engineBench === 'number') {
    note(`the engine differs from the run's (SHA-256): measuring its bench signature (${path} bench)`);
    const b = await bench(path);
    if (b === null)
      throw new SpsaError(
        `--accept-engine: ${path} bench gave no node count, so its search cannot be compared with the run's (bench ${files.engineBench})`,
      );
    if (b !== files.engineBench) {
      throw new SpsaError(
        `engineBench differs: ${path} searches ${b} nodes in bench, the run's engine ${files.engineBench}: not the same search, which --accept-engine does not take (start a new run for it)`,
      );
    }
    note(`accepted ${path}: SHA-256 ${sha.slice(0, 16)}…, bench ${b} as the run's`);
  } else {
    note(`accepted ${path} (SHA-256 ${sha.slice(0, 16)}…) on --accept-engine alone: the state records no bench signature to compare`);
  }
  files.engineAccepted = [...(files.engineAccepted ?? []), { iteration, sha256: sha }];
  files.engineSha256 = sha;
  files.engine = portablePath(path);
  return path;
}

/** The openings of a resumed run: `given` (--openings) or the state's path; the file must be the run's (SHA-256). */
export function resumeOpenings(files: RunFiles, given: string | undefined): string {
  const path = given !== undefined ? resolve(given) : resolveStored(files.openings);
  if (!existsSync(path)) {
    if (given !== undefined) throw new SpsaError(`--openings ${given} does not exist`);
    throw new SpsaError(
      `the run's openings ${files.openings} do not exist here (${path}); give --openings PATH (the same file, SHA-256 ${files.openingsSha256.slice(0, 16)}…)`,
    );
  }
  const sha = sha256File(path);
  if (sha !== files.openingsSha256)
    throw new SpsaError(`openingsSha256 differs: ${path} is not the openings file the run started with (${files.openings})`);
  if (given !== undefined) files.openings = portablePath(path);
  return path;
}
