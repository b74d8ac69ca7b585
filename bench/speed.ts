// `chuhan speed`: Chuhan's speed beside another engine's in one run, so that a shared or noisy
// machine still gives a fair ratio. Each round times perft from the start position and the bench
// in Chuhan (in this process) and in the other engine (a UCI child process: Fairy-Stockfish's
// `go perft N` and `bench xiangqi HASH 1 DEPTH FILE depth` on the same bench positions), the
// engine that goes first alternating from round to round. It prints each round's times, nodes per
// second and ratios, then the medians; the two perft counts must agree (exit code 1 if not).

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { START_FEN, parseFen, perft } from '../engine/index';
import { BENCH_DEFAULT_DEPTH, BENCH_DEFAULT_HASH, BenchRun } from './bench';
import { BENCH_POSITIONS } from './bench-positions';

export const SPEED_DEFAULTS = {
  against: '/usr/games/fairy-stockfish',
  rounds: 3,
  perftDepth: 5,
  depth: BENCH_DEFAULT_DEPTH,
  /** The other engine's bench depth: Fairy-Stockfish's tree to depth 13 takes about as long as Chuhan's to 11. */
  againstDepth: 13,
  hash: BENCH_DEFAULT_HASH,
};

type SpeedOptions = Partial<typeof SPEED_DEFAULTS>;

/** One engine's run of one measure. */
interface Timed {
  nodes: number;
  ms: number;
}

const nps = (t: Timed): number => (t.nodes * 1000) / Math.max(t.ms, 1e-3);
const seconds = (ms: number): string => (ms / 1000).toFixed(3);
const millions = (x: number): string => (x / 1e6).toFixed(2);
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1 ? s[(s.length - 1) >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Chuhan's perft from the start position, in this process. */
function chuhanPerft(depth: number): Timed {
  const pos = parseFen(START_FEN);
  const t0 = performance.now();
  const nodes = perft(pos, depth);
  return { nodes, ms: performance.now() - t0 };
}

/** Chuhan's bench, in this process (as `chuhan bench`: its own node count and search time). */
function chuhanBench(depth: number, hash: number): Timed {
  const run = new BenchRun({ depth, hash });
  while (run.step(() => {}));
  return { nodes: run.nodes, ms: run.ms };
}

/**
 * Starts the other engine, says `uci` and sets the xiangqi variant, then writes `command` and
 * collects its output (stdout and stderr) until `done` matches a line. Resolves with the lines
 * after the command and the milliseconds from writing it to that line.
 */
function otherEngine(path: string, command: string, done: RegExp): Promise<{ lines: string[]; ms: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(path, [], { stdio: ['pipe', 'pipe', 'pipe'] });
    const lines: string[] = [];
    let t0 = 0;
    let pending = '';
    let finished = false;
    const finish = (err: Error | null, ms = 0): void => {
      if (finished) return;
      finished = true;
      child.stdin.end('quit\n');
      if (err) {
        child.kill();
        reject(err);
      } else resolve({ lines, ms });
    };
    const onData = (chunk: Buffer): void => {
      if (finished) return;
      pending += chunk.toString('utf8');
      let nl: number;
      while ((nl = pending.indexOf('\n')) >= 0) {
        const line = pending.slice(0, nl).trim();
        pending = pending.slice(nl + 1);
        if (t0 === 0) {
          if (line === 'uciok') {
            child.stdin.write('setoption name UCI_Variant value xiangqi\nisready\n');
          } else if (line === 'readyok') {
            t0 = performance.now();
            child.stdin.write(command + '\n');
          }
          continue;
        }
        lines.push(line);
        if (done.test(line)) {
          finish(null, performance.now() - t0);
          return;
        }
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', (err) => finish(err));
    child.on('exit', (code) => finish(new Error(`${path} ended (exit code ${code}) before it answered '${command}'`)));
    child.stdin.on('error', () => {});
    child.stdin.write('uci\n');
  });
}

async function otherPerft(path: string, depth: number): Promise<Timed> {
  const { lines, ms } = await otherEngine(path, `position startpos\ngo perft ${depth}`, /^Nodes searched\s*:/);
  return { nodes: Number(/(\d+)/.exec(lines[lines.length - 1])![1]), ms };
}

/** The other engine's bench on the bench positions: its own node count and total time. */
async function otherBench(path: string, depth: number, hash: number, fenFile: string): Promise<Timed> {
  const { lines } = await otherEngine(path, `bench xiangqi ${hash} 1 ${depth} ${fenFile} depth`, /^Nodes\/second\s*:/);
  const field = (name: string): number => {
    const line = lines.find((l) => l.startsWith(name));
    const m = line === undefined ? null : /:\s*(\d+)/.exec(line);
    if (m === null) throw new Error(`${path}: no '${name}' line in its bench output`);
    return Number(m[1]);
  };
  return { nodes: field('Nodes searched'), ms: field('Total time (ms)') };
}

/** `chuhan speed`; returns the exit code (0; 1 when the perft counts differ; 2 when the other engine cannot be run). */
export async function runSpeed(options: SpeedOptions, out: (line: string) => void): Promise<number> {
  const o = { ...SPEED_DEFAULTS, ...options };
  const dir = mkdtempSync(join(tmpdir(), 'chuhan-speed-'));
  const fenFile = join(dir, 'bench.fen');
  writeFileSync(fenFile, BENCH_POSITIONS.map((p) => p.fen).join('\n') + '\n');
  out(
    `speed: Chuhan beside ${o.against}, ${o.rounds} round${o.rounds === 1 ? '' : 's'}: perft ${o.perftDepth} from the start position; ` +
      `the ${BENCH_POSITIONS.length} bench positions, Chuhan to depth ${o.depth}, the other to depth ${o.againstDepth}, ${o.hash} MB, one thread`,
  );
  const perftRatios: number[] = [];
  const benchRatios: number[] = [];
  try {
    for (let round = 1; round <= o.rounds; round++) {
      const chuhanFirst = round % 2 === 1;
      let ours: Timed;
      let theirs: Timed;
      if (chuhanFirst) {
        ours = chuhanPerft(o.perftDepth);
        theirs = await otherPerft(o.against, o.perftDepth);
      } else {
        theirs = await otherPerft(o.against, o.perftDepth);
        ours = chuhanPerft(o.perftDepth);
      }
      if (ours.nodes !== theirs.nodes) {
        out(`round ${round}: perft ${o.perftDepth} counts differ: Chuhan ${ours.nodes}, the other ${theirs.nodes}`);
        return 1;
      }
      perftRatios.push(ours.ms / theirs.ms);
      out(
        `round ${round} perft ${o.perftDepth}: ${ours.nodes} nodes; Chuhan ${seconds(ours.ms)} s, ${millions(nps(ours))} M nodes/s; ` +
          `other ${seconds(theirs.ms)} s, ${millions(nps(theirs))} M nodes/s; time ratio ${(ours.ms / theirs.ms).toFixed(3)}`,
      );
      if (chuhanFirst) {
        ours = chuhanBench(o.depth, o.hash);
        theirs = await otherBench(o.against, o.againstDepth, o.hash, fenFile);
      } else {
        theirs = await otherBench(o.against, o.againstDepth, o.hash, fenFile);
        ours = chuhanBench(o.depth, o.hash);
      }
      benchRatios.push(nps(ours) / nps(theirs));
      out(
        `round ${round} bench: Chuhan ${ours.nodes} nodes ${seconds(ours.ms)} s, ${millions(nps(ours))} M nodes/s; ` +
          `other ${theirs.nodes} nodes ${seconds(theirs.ms)} s, ${millions(nps(theirs))} M nodes/s; nodes/s ratio ${(nps(ours) / nps(theirs)).toFixed(3)}`,
      );
    }
  } catch (err) {
    out(`speed: ${err instanceof Error ? err.message : String(err)}`);
    return 2;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  out(
    `perft ${o.perftDepth} time, Chuhan / other: median ${median(perftRatios).toFixed(3)} (rounds ${perftRatios.map((r) => r.toFixed(3)).join(', ')})`,
  );
  out(
    `bench nodes/s, Chuhan / other: median ${median(benchRatios).toFixed(3)} (rounds ${benchRatios.map((r) => r.toFixed(3)).join(', ')})`,
  );
  return 0;
}
