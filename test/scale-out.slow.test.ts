// The scale-out recipes of docs/testing-at-scale.md (a match in shards) and bench/nnue/README.md
// (datagen in shards), run for real on this machine, each with 2 shards and the docs' own command
// lines (./chuhan, `$M`, `$D`):
//   - under Slurm: a one-node cluster started for the test (slurmctld, slurmd and a munged of its
//     own, all configured in a temporary folder, on free ports, so a system munged or Slurm is left
//     alone); the shards are a job array, the merge a job that depends on it;
//   - under GNU parallel, `parallel -j 2` on this machine.
// The merged match summary must hold every field of the unsharded run's summary, equal (but for
// the clock and memory figures, which no two runs share), and the merged PGN its games; the merged data file must be the
// unsharded file byte for byte. Every daemon the test starts is stopped by its pid, and checked
// gone. Without the tools (Debian: slurm-wlm, munge, parallel) the tests skip, except under
// CI=true, where they fail (.ci/run installs them).
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePgn } from '../engine/pgn';
import { builtEngine, ROOT } from './e2e-engine';

const exec = promisify(execFile);
const OPENINGS = join(ROOT, 'bench', 'match', 'openings.txt');
/** The match and datagen options, as the docs' `M` and `D`: tiny, fixed nodes (the result does not depend on the machine). */
const M = `--engine name=base,cmd=./chuhan --engine name=small,cmd=./chuhan,option.hashsize=1 --nodes 300 --games 4 --openings ${OPENINGS} --quiet --resume`;
const D = '--games 4 --nodes 200 --random-plies 4 --seed 5 --threads 1';

/** A program on the PATH (or in /usr/sbin, where Debian puts the daemons), or null. */
function which(name: string): string | null {
  for (const d of [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/sbin']) {
    if (d !== '' && existsSync(join(d, name))) return join(d, name);
  }
  return null;
}

const SLURM_TOOLS = ['slurmctld', 'slurmd', 'munged', 'munge', 'sbatch', 'squeue', 'sinfo', 'scontrol'];
const PARALLEL_TOOLS = ['parallel'];
function haveTools(tools: string[], packages: string): boolean {
  const missing = tools.filter((t) => which(t) === null);
  if (missing.length === 0) return true;
  const message = `scale-out test: ${missing.join(', ')} not installed (Debian: apt-get install ${packages})`;
  if (process.env.CI === 'true') throw new Error(`${message}; under CI the recipes must run (.ci/run installs them)`);
  console.warn(`${message}: skipped`);
  return false;
}
const HAVE_SLURM = haveTools(SLURM_TOOLS, 'slurm-wlm munge');
const HAVE_PARALLEL = haveTools(PARALLEL_TOOLS, 'parallel');

let exe = '';
let base = '';
let reference: { summary: Record<string, unknown>; games: string[]; data: Buffer };

/** A fresh folder with `./chuhan`, the built executable, as the docs' commands expect. */
function workDir(name: string): string {
  const dir = join(base, name);
  mkdirSync(dir);
  symlinkSync(exe, join(dir, 'chuhan'));
  return dir;
}

/** Runs a recipe's lines with bash in `dir`, with M and D set; returns its stdout. */
async function recipe(dir: string, script: string, env: NodeJS.ProcessEnv = {}): Promise<string> {
  const r = await exec('bash', ['-euo', 'pipefail', '-c', script], {
    cwd: dir,
    env: { ...process.env, M, D, ...env },
    maxBuffer: 16 << 20,
  });
  return r.stdout;
}

/** The summary without what differs between any two runs: dates, clocks, memory, the PGN's name, --concurrency. */
function comparable(summary: unknown): unknown {
  const strip = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(strip);
    if (v === null || typeof v !== 'object') return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) if (!/^(date|concurrency|pgn|memory)$|Ms$/.test(k)) out[k] = strip(x);
    return out;
  };
  return strip(summary);
}

const gamesOf = (file: string) => parsePgn(readFileSync(file, 'utf8')).map((g) => `${g.result} ${g.moves.join(' ')}`);

/** The merged match and data of a recipe against the unsharded runs. */
function expectSameAsUnsharded(matchDir: string, dataDir: string): void {
  // Every field of the unsharded summary, equal; the merge adds what it merged (`merged`: the shards).
  const merged = comparable(JSON.parse(readFileSync(join(matchDir, 'match.json'), 'utf8'))) as Record<string, unknown>;
  expect(Object.fromEntries(Object.keys(reference.summary).map((k) => [k, merged[k]]))).toEqual(reference.summary);
  const shards = merged.merged as { file: string; played: number }[] | undefined;
  if (shards !== undefined) expect(shards.map((s) => `${s.file} ${s.played}`)).toEqual(['s1.json 2', 's2.json 2']);
  expect(gamesOf(join(matchDir, 'match.pgn'))).toEqual(reference.games);
  const data = readFileSync(join(dataDir, 'gen5.bin'));
  expect(data.length).toBe(reference.data.length);
  expect(data.equals(reference.data)).toBe(true);
}

beforeAll(async () => {
  exe = builtEngine();
  base = mkdtempSync(join(tmpdir(), 'chuhan-scale-out-'));
  const m = workDir('whole-match');
  await recipe(m, './chuhan match $M --pgn match.pgn --json match.json');
  const d = workDir('whole-data');
  await recipe(d, './chuhan datagen $D --out gen5.bin');
  reference = {
    summary: comparable(JSON.parse(readFileSync(join(m, 'match.json'), 'utf8'))) as Record<string, unknown>,
    games: gamesOf(join(m, 'match.pgn')),
    data: readFileSync(join(d, 'gen5.bin')),
  };
  expect(reference.games).toHaveLength(4);
}, 300_000);

afterAll(() => {
  if (base !== '') rmSync(base, { recursive: true, force: true });
});

/** A port nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/** The pids whose parent is `pid` (slurmctld's slurmscriptd, slurmd's slurmstepd). */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) out.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/**
 * A one-node Slurm cluster in `dir`: munged on a socket of its own with a key of its own,
 * slurmctld and slurmd in the foreground (children of this process, so their pids are known and
 * they are reaped), the configuration in dir/slurm.conf (SLURM_CONF for the clients).
 */
class Cluster {
  readonly daemons: ChildProcess[] = [];
  readonly env: NodeJS.ProcessEnv;
  /** Every pid started, the daemons' own children included, to check that none is left. */
  readonly pids = new Set<number>();

  constructor(readonly dir: string) {
    this.env = { SLURM_CONF: join(dir, 'slurm.conf') };
  }

  private daemon(program: string, args: string[], log: string): ChildProcess {
    const fd = openSync(join(this.dir, log), 'a');
    const child = spawn(which(program)!, args, { stdio: ['ignore', fd, fd] });
    this.daemons.push(child);
    if (child.pid !== undefined) this.pids.add(child.pid);
    return child;
  }

  private async until(what: string, ok: () => Promise<boolean> | boolean, ms: number): Promise<void> {
    const deadline = Date.now() + ms;
    while (!(await ok())) {
      const dead = this.daemons.find((d) => d.exitCode !== null || d.signalCode !== null);
      if (dead !== undefined || Date.now() > deadline) {
        const logs = readdirSync(this.dir)
          .filter((f) => f.endsWith('.log'))
          .map((f) => `${f}:\n${readFileSync(join(this.dir, f), 'utf8').slice(-1500)}`);
        throw new Error(
          `Slurm test cluster: ${what} ${dead !== undefined ? `(${dead.spawnfile} exited)` : `not within ${ms} ms`}\n${logs.join('\n')}`,
        );
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async start(): Promise<number> {
    const t0 = performance.now();
    const dir = this.dir;
    const at = (f: string) => join(dir, f);
    mkdirSync(at('state'));
    mkdirSync(at('spool'));
    writeFileSync(at('munge.key'), randomBytes(128), { mode: 0o600 });
    // --force: munged refuses root (as CI runs) without it.
    this.daemon(
      'munged',
      [
        '--foreground',
        '--force',
        `--socket=${at('munge.sock')}`,
        `--key-file=${at('munge.key')}`,
        `--pid-file=${at('munged.pid')}`,
        `--seed-file=${at('munged.seed')}`,
        `--log-file=${at('munged.log')}`,
      ],
      'munged.out.log',
    );
    await this.until(
      'munged answering',
      () =>
        exec(which('munge')!, ['-S', at('munge.sock'), '-n']).then(
          () => true,
          () => false,
        ),
      30_000,
    );
    const host = hostname().split('.')[0];
    const [ctldPort, slurmdPort] = [await freePort(), await freePort()];
    const conf = [
      'ClusterName=chuhantest',
      `SlurmctldHost=${host}(127.0.0.1)`,
      `SlurmctldPort=${ctldPort}`,
      `SlurmdPort=${slurmdPort}`,
      'AuthType=auth/munge',
      'CredType=cred/munge',
      `AuthInfo=socket=${at('munge.sock')}`,
      'ProctrackType=proctrack/linuxproc',
      'TaskPlugin=task/none',
      'SelectType=select/cons_tres',
      'SelectTypeParameters=CR_Core',
      'JobAcctGatherType=jobacct_gather/none',
      'MpiDefault=none',
      'SlurmUser=root',
      'ReturnToService=2',
      `StateSaveLocation=${at('state')}`,
      `SlurmdSpoolDir=${at('spool')}`,
      `SlurmctldPidFile=${at('slurmctld.pid')}`,
      `SlurmdPidFile=${at('slurmd.pid')}`,
      `SlurmctldLogFile=${at('slurmctld.log')}`,
      `SlurmdLogFile=${at('slurmd.log')}`,
      `NodeName=${host} NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN`,
      `PartitionName=debug Nodes=${host} Default=YES MaxTime=INFINITE State=UP`,
    ];
    writeFileSync(at('slurm.conf'), conf.join('\n') + '\n');
    this.daemon('slurmctld', ['-D', '-f', at('slurm.conf')], 'slurmctld.out.log');
    this.daemon('slurmd', ['-D', '-f', at('slurm.conf')], 'slurmd.out.log');
    await this.until(
      'the node idle in sinfo',
      () =>
        this.run('sinfo', ['-h', '-o', '%T']).then(
          (s) => s.trim() === 'idle',
          () => false,
        ),
      60_000,
    );
    return performance.now() - t0;
  }

  /** A Slurm client command with this cluster's configuration. */
  async run(program: string, args: string[]): Promise<string> {
    return (await exec(which(program)!, args, { env: { ...process.env, ...this.env } })).stdout;
  }

  /** Waits for the jobs to leave the queue; returns `scontrol show job -o` of each (array tasks one line each). */
  async wait(jobs: string[], ms: number): Promise<string[]> {
    await this.until(
      `jobs ${jobs.join(', ')} done`,
      () =>
        this.run('squeue', ['-h', '-j', jobs.join(',')]).then(
          (s) => s.trim() === '',
          () => false,
        ),
      ms,
    );
    const lines: string[] = [];
    for (const j of jobs) lines.push(...(await this.run('scontrol', ['show', 'job', '-o', j])).trim().split('\n'));
    return lines;
  }

  /** Stops slurmd, slurmctld and munged by their pids (SIGTERM, then SIGKILL after 10 s), and whatever they started. */
  async stop(): Promise<void> {
    for (const d of this.daemons) if (d.pid !== undefined) for (const c of childrenOf(d.pid)) this.pids.add(c);
    for (const d of [...this.daemons].reverse()) {
      if (d.exitCode !== null || d.signalCode !== null) continue;
      const exited = new Promise<void>((resolve) => d.once('exit', () => resolve()));
      d.kill('SIGTERM');
      const t = setTimeout(() => d.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(t);
    }
    const deadline = Date.now() + 10_000;
    for (const pid of this.pids) {
      while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      if (alive(pid) && /slurm|munge/.test(commandOf(pid))) process.kill(pid, 'SIGKILL');
    }
  }
}

describe.skipIf(!HAVE_SLURM)('Slurm: a one-node cluster runs the shards as a job array and the merge after them', () => {
  let cluster: Cluster | undefined;
  afterAll(async () => {
    if (cluster === undefined) return;
    await cluster.stop();
    const left = [...cluster.pids].filter(alive);
    // The configuration, keys, state and logs go with the daemons (kept when one is left, to look at).
    if (left.length === 0) rmSync(cluster.dir, { recursive: true, force: true });
    expect(left, 'daemons left running').toEqual([]);
  });

  it('merges a match and a datagen run into the unsharded ones', { timeout: 300_000 }, async () => {
    cluster = new Cluster(mkdtempSync(join(tmpdir(), 'chuhan-slurm-')));
    const started = await cluster.start();
    console.log(`scale-out test: the Slurm cluster (munged, slurmctld, slurmd) took ${Math.round(started)} ms to start`);

    // docs/testing-at-scale.md, "the same as a Slurm array", with 2 shards (each line echoes its job id).
    const t0 = performance.now();
    const m = workDir('slurm-match');
    const matchJobs = await recipe(
      m,
      `
      jid=$(sbatch --parsable --array=1-2 --cpus-per-task=1 --output=s%a.log \\
        --wrap "./chuhan match $M --shard \\\${SLURM_ARRAY_TASK_ID}/2 --pgn s\\\${SLURM_ARRAY_TASK_ID}.pgn --json s\\\${SLURM_ARRAY_TASK_ID}.json")
      echo $jid
      sbatch --parsable --dependency=afterany:$jid --wrap "./chuhan match --merge s?.json s?.pgn --json match.json --pgn match.pgn"`,
      cluster.env,
    );
    // bench/nnue/README.md, "the same as a Slurm array" (one core a shard here: 2 cores in all).
    const d = workDir('slurm-data');
    const dataJobs = await recipe(
      d,
      `
      jid=$(sbatch --parsable --array=1-2 --cpus-per-task=1 --output=s%a.log \\
        --wrap "./chuhan datagen $D --shard \\\${SLURM_ARRAY_TASK_ID}/2 --out s\\\${SLURM_ARRAY_TASK_ID}.bin")
      echo $jid
      sbatch --parsable --dependency=afterok:$jid --wrap "./chuhan datagen --merge --out gen5.bin s?.bin"`,
      cluster.env,
    );
    const jobs = [...matchJobs.trim().split('\n'), ...dataJobs.trim().split('\n')].map((j) => j.trim());
    expect(jobs).toHaveLength(4);
    const states = await cluster.wait(jobs, 240_000);
    console.log(`scale-out test: the Slurm jobs (2 arrays of 2 shards, 2 merges) took ${Math.round(performance.now() - t0)} ms`);
    // 2 array tasks and a merge each: all completed with exit code 0.
    expect(states).toHaveLength(6);
    for (const s of states) expect(s, s).toMatch(/JobState=COMPLETED .*ExitCode=0:0/);
    expectSameAsUnsharded(m, d);
  });
});

describe.skipIf(!HAVE_PARALLEL)('GNU parallel: the shards two at a time on this machine', () => {
  it('merges a match and a datagen run into the unsharded ones', { timeout: 300_000 }, async () => {
    const t0 = performance.now();
    const m = workDir('parallel-match');
    await recipe(
      m,
      `
      parallel -j 2 "./chuhan match $M --shard {}/2 --pgn s{}.pgn --json s{}.json" ::: 1 2
      ./chuhan match --merge s?.json s?.pgn --json match.json --pgn match.pgn`,
    );
    const d = workDir('parallel-data');
    await recipe(
      d,
      `
      parallel -j 2 "./chuhan datagen $D --shard {}/2 --out s{}.bin" ::: 1 2
      ./chuhan datagen --merge --out gen5.bin s?.bin`,
    );
    console.log(`scale-out test: GNU parallel's shards and merges took ${Math.round(performance.now() - t0)} ms`);
    expectSameAsUnsharded(m, d);
  });
});
