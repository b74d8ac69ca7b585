// Checks made before the first game of a match, so that a typo ends the match at once with a
// message that names the problem, instead of being scored as crashes (a won match for the other
// side) or failing after the engines have started:
//   - every engine command exists, is a file and is executable, and answers the handshake;
//   - every output file (--pgn, --json) can be written, and an existing PGN or summary is
//     overwritten only with --force (or continued with --resume).
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { delimiter, dirname, isAbsolute, join, resolve } from 'node:path';
import { EngineProcess, type EngineConfig, type EngineTimeouts } from '../engine-process';
import type { MatchOptions } from './options';

/** A problem found before the first game; the message is one line for the user. */
export class PreflightError extends Error {}

/** Where `cmd` would be run from: a path as given (relative to cwd), or the first hit on PATH. */
export function locate(cfg: EngineConfig): string {
  const base = cfg.cwd ?? process.cwd();
  if (cfg.cmd.includes('/') || cfg.cmd.includes('\\') || isAbsolute(cfg.cmd)) {
    const path = resolve(base, cfg.cmd);
    if (!existsSync(path)) throw new PreflightError(`engine '${cfg.name}': ${path} does not exist`);
    return path;
  }
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir === '') continue;
    const path = join(dir, cfg.cmd);
    if (existsSync(path)) return path;
  }
  throw new PreflightError(`engine '${cfg.name}': command '${cfg.cmd}' is not found on PATH`);
}

/**
 * Checks that the engine's command can be run and that it completes the handshake. Returns
 * warnings: options given to the engine that it did not announce (and so probably ignores).
 */
export async function checkEngine(cfg: EngineConfig, timeouts: EngineTimeouts): Promise<{ warnings: string[]; idName: string }> {
  const path = locate(cfg);
  if (statSync(path).isDirectory()) throw new PreflightError(`engine '${cfg.name}': ${path} is a directory, not a program`);
  try {
    accessSync(path, constants.X_OK);
  } catch {
    throw new PreflightError(`engine '${cfg.name}': ${path} is not executable (chmod +x ${path})`);
  }
  const engine = new EngineProcess(cfg, timeouts);
  const warnings: string[] = [];
  try {
    await engine.start();
    for (const [name] of cfg.options) {
      if (!engine.announced.has(name.toLowerCase())) {
        const known = [...engine.announced].join(', ') || 'none';
        warnings.push(
          `engine '${cfg.name}' does not announce option '${name}' in its handshake, so the setting is probably ignored (it announces: ${known})`,
        );
      }
    }
    if (cfg.ponder && !engine.announced.has('ponder')) {
      warnings.push(
        `engine '${cfg.name}' has ponder=true but does not announce a Ponder option: it may not support 'go ponder' (the runner ponders with it all the same)`,
      );
    }
  } catch (e) {
    throw new PreflightError(
      `engine '${cfg.name}' (${path}) did not complete the ${cfg.proto.startsWith('uci') && cfg.proto !== 'ucci' ? 'UCI' : 'UCCI'} handshake: ${e instanceof Error ? e.message : e}`,
    );
  } finally {
    await engine.quit();
  }
  return { warnings, idName: engine.idName };
}

/** Checks that a file can be created or written, without writing it. */
function checkWritable(path: string, flag: string): void {
  if (existsSync(path)) {
    if (statSync(path).isDirectory()) throw new PreflightError(`${flag} ${path} is a directory`);
    try {
      accessSync(path, constants.W_OK);
    } catch {
      throw new PreflightError(`${flag} ${path} cannot be written`);
    }
    return;
  }
  checkFolder(path, flag);
}

/** Checks that a file can be created in the folder of `path`. */
function checkFolder(path: string, flag: string): void {
  const dir = dirname(resolve(path));
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new PreflightError(`${flag} ${path}: the folder ${dir} does not exist`);
  try {
    accessSync(dir, constants.W_OK);
  } catch {
    throw new PreflightError(`${flag} ${path}: the folder ${dir} cannot be written`);
  }
}

/** Checks --pgn and --json before anything is played. */
export function checkOutputs(o: MatchOptions): void {
  if (o.pgn !== undefined) {
    checkWritable(o.pgn, '--pgn');
    if (!o.resume && !o.force && existsSync(o.pgn) && statSync(o.pgn).size > 0) {
      throw new PreflightError(`--pgn ${o.pgn} already holds games; add --resume to continue that match or --force to overwrite it`);
    }
  }
  if (o.json !== undefined) {
    checkWritable(o.json, '--json');
    // It is replaced through a temporary file beside it (checkpoint.ts).
    checkFolder(o.json, '--json');
    if (!o.resume && !o.force && existsSync(o.json) && statSync(o.json).size > 0) {
      throw new PreflightError(`--json ${o.json} already holds a summary; add --resume to continue that match or --force to overwrite it`);
    }
  }
}

/** Checks every engine, one after the other (each starts and quits once): warnings, and each engine's `id name`. */
export async function checkEngines(o: MatchOptions): Promise<{ warnings: string[]; idNames: string[] }> {
  const warnings: string[] = [];
  const idNames: string[] = [];
  for (const cfg of o.engines) {
    const r = await checkEngine(cfg, o.timeouts);
    warnings.push(...r.warnings);
    idNames.push(r.idName);
  }
  return { warnings, idNames };
}

/**
 * Warnings about the fairness of the games: more engine threads at once than the machine has
 * cores (timed games), and fixed-node games between different programs.
 */
export function fairnessWarnings(o: MatchOptions, cores: number, idNames: readonly string[]): string[] {
  const out: string[] = [];
  const threadsOf = (cfg: EngineConfig) => {
    const t = cfg.options.find(([n]) => n.toLowerCase() === 'threads');
    const v = t ? Number(t[1]) : 1;
    return Number.isInteger(v) && v > 0 ? v : 1;
  };
  // In each game one engine thinks at a time, and the other too while it ponders.
  let perGame = 0;
  for (const a of o.engines) {
    for (const b of o.engines) if (a !== b) perGame = Math.max(perGame, threadsOf(a) + (b.ponder ? threadsOf(b) : 0));
  }
  const busy = o.concurrency * perGame;
  const pondering = o.engines.some((e) => e.ponder);
  const timed = o.limit.kind === 'clock' || o.limit.kind === 'movetime';
  if (timed && busy > cores) {
    out.push(
      `--concurrency ${o.concurrency} x ${perGame} thread(s) per ${pondering ? 'game (pondering included)' : 'engine'} = ${busy} searching threads on ${cores} core(s): ` +
        `timed games are distorted (engines get less time than their clock says); ` +
        (perGame > cores
          ? 'fewer threads or no pondering would fit'
          : `lower --concurrency to ${Math.max(1, Math.floor(cores / perGame))}`),
    );
  } else if (timed && busy === cores && cores > 1) {
    out.push(
      `--concurrency ${o.concurrency} x ${perGame} thread(s) uses all ${cores} cores; the runner and the system share them ` +
        `(measured: 10% lower speed at concurrency 2 on two cores), so keep timed results to this setting`,
    );
  }
  if (o.limit.kind === 'nodes') {
    // Engines that give the same `id name` (builds of one engine) count nodes alike.
    const distinct = new Set(o.engines.map((e, i) => idNames[i] || `${e.cmd} ${e.args.join(' ')}`));
    if (distinct.size > 1) {
      out.push(
        `--nodes pairs different engines (${o.engines.map((e, i) => `${e.name}: ${idNames[i] || e.cmd}`).join(', ')}): engines count nodes differently, ` +
          `so a fixed node count is not equal thinking time; use timed games between different engines ` +
          `(fixed nodes are for self-play of changes that leave the speed alone)`,
      );
    }
  }
  return out;
}
