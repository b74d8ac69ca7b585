// Checks made before the first game of a match, so that a typo ends the match at once with a
// message that names the problem, instead of being scored as crashes (a won match for the other
// side) or failing after the engines have started:
//   - every engine command exists, is a file and is executable, and answers the handshake;
//   - every output file (--pgn, --json) can be written, and an existing PGN is overwritten only
//     with --force (or continued with --resume).
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { delimiter, dirname, isAbsolute, join, resolve } from 'node:path';
import { EngineProcess, type EngineConfig, type EngineTimeouts } from './engine-process';
import type { MatchOptions } from './options';

/** A problem found before the first game; the message is one line for the user. */
export class PreflightError extends Error {}

/** Where `cmd` would be run from: a path as given (relative to cwd), or the first hit on PATH. */
function locate(cfg: EngineConfig): string {
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

/** Checks that the engine's command can be run and that it completes the handshake. */
export async function checkEngine(cfg: EngineConfig, timeouts: EngineTimeouts): Promise<void> {
  const path = locate(cfg);
  if (statSync(path).isDirectory()) throw new PreflightError(`engine '${cfg.name}': ${path} is a directory, not a program`);
  try {
    accessSync(path, constants.X_OK);
  } catch {
    throw new PreflightError(`engine '${cfg.name}': ${path} is not executable (chmod +x ${path})`);
  }
  const engine = new EngineProcess(cfg, timeouts);
  try {
    await engine.start();
  } catch (e) {
    throw new PreflightError(`engine '${cfg.name}' (${path}) did not complete the ${cfg.proto.startsWith('uci') && cfg.proto !== 'ucci' ? 'UCI' : 'UCCI'} handshake: ${e instanceof Error ? e.message : e}`);
  } finally {
    await engine.quit();
  }
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
  if (o.json !== undefined) checkWritable(o.json, '--json');
}

/** Checks every engine, one after the other (each starts and quits once). */
export async function checkEngines(o: MatchOptions): Promise<void> {
  for (const cfg of o.engines) await checkEngine(cfg, o.timeouts);
}
