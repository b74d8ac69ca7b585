// `chuhan spsa` with the real executable (the slow project; spsa.test.ts has the rest): a few pairs
// at very few nodes write state and log and print the values, --resume and --print behave,
// Ctrl-C exits at once with no engine left behind and a state the run resumes to its end, and a
// run killed with kill -9 continues from its state file alone, in a fresh directory with nothing
// else of it, to exactly the parameters of the same run uninterrupted.
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadState, pasteBlock } from '../bench/tune/spsa';
import { runSpsaCli } from '../bench/tune/spsa-cli';
import { ROOT, builtEngine } from './e2e-engine';

const OPENINGS = join(ROOT, 'bench', 'match', 'openings-1k.epd');

/** `chuhan spsa ARGS` as a process of its own: its stderr so far, and its exit code. */
function spsa(
  exe: string,
  args: string[],
  cwd = ROOT,
): { stderr: () => string; exited: Promise<number | null>; kill: (signal: NodeJS.Signals) => void } {
  const child = spawn(exe, ['spsa', ...args], { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { stderr: () => stderr, exited, kill: (signal) => child.kill(signal) };
}

/** Processes whose command line starts with `path`. */
function processesOf(path: string): string[] {
  return execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
    .split('\n')
    .filter((l) => l.startsWith(path));
}

describe('chuhan spsa with the real executable', () => {
  let exe = '';
  let dir = '';
  beforeAll(() => {
    exe = builtEngine();
    dir = mkdtempSync(join(tmpdir(), 'chuhan-spsa-e2e-'));
  });

  it('plays a few pairs at very few nodes, writes state and log, prints the values; --resume and --print', async () => {
    const state = join(dir, 'run.json');
    const args = [
      '--engine',
      exe,
      '--state',
      state,
      '--pairs',
      '3',
      '--nodes',
      '200',
      '--concurrency',
      '1',
      '--params',
      'RFP_MARGIN,LMR_BASE,NULL_R',
      '--openings',
      OPENINGS,
      '--hash',
      '4',
    ];
    const out: string[] = [];
    let err = '';
    const code = await runSpsaCli(
      args,
      (l) => out.push(l),
      (t) => (err += t),
    );
    expect(code, err).toBe(0);
    const s = loadState(state);
    expect(s.iteration).toBe(3);
    expect(s.games).toBe(6);
    expect(s.wins + s.draws + s.losses).toBe(6);
    expect(s.config.params.map((p) => p.name)).toEqual(['RFP_MARGIN', 'LMR_BASE', 'NULL_R']);
    const csv = readFileSync(join(dir, 'run.csv'), 'utf8').trim().split('\n');
    expect(csv[0]).toBe('iteration,pair,result,RFP_MARGIN,LMR_BASE,NULL_R');
    expect(csv.slice(1).map((l) => Number(l.split(',')[0]))).toEqual([1, 2, 3]);
    expect(err).toMatch(/spsa: \[3\/3\]/);
    expect(out).toContain(`export let LMR_BASE = ${pasteBlock(s)[1].split(' = ')[1].replace(';', '')};`);
    expect(out.filter((l) => l.startsWith('setoption name '))).toHaveLength(3);

    // A second start without --resume or --force refuses; --resume of a finished run only reports.
    expect(
      await runSpsaCli(
        args,
        () => {},
        () => {},
      ),
    ).toBe(2);
    let err2 = '';
    expect(
      await runSpsaCli(
        ['--state', state, '--resume', '--nodes', '500'],
        () => {},
        (t) => (err2 += t),
      ),
    ).toBe(2);
    expect(err2).toMatch(/drop --nodes/);
    // One process per run: a lock held by a live process refuses; one left by a dead process is taken over.
    const sleeper = spawn('sleep', ['30']);
    try {
      writeFileSync(`${state}.lock`, `${sleeper.pid}\n`);
      let err3 = '';
      expect(
        await runSpsaCli(
          ['--state', state, '--resume'],
          () => {},
          (t) => (err3 += t),
        ),
      ).toBe(1);
      expect(err3).toMatch(new RegExp(`another chuhan spsa \\(pid ${sleeper.pid}\\) is running`));
    } finally {
      sleeper.kill();
    }
    await new Promise((r) => sleeper.on('exit', r));
    let err4 = '';
    expect(
      await runSpsaCli(
        args,
        () => {},
        (t) => (err4 += t),
      ),
    ).toBe(2);
    expect(err4).toMatch(/already holds a run/);
    expect(existsSync(`${state}.lock`)).toBe(false);
    const printed: string[] = [];
    expect(
      await runSpsaCli(
        ['--state', state, '--print'],
        (l) => printed.push(l),
        () => {},
      ),
    ).toBe(0);
    expect(printed).toContain('setoption name NULL_R value ' + String(Math.round(s.theta[2])));
  });

  it('Ctrl-C: exits at once, leaves no engine behind, and the run resumes to its end', async () => {
    // A copy under a unique path, so that its processes can be found.
    const engine = join(dir, 'chuhan-ctrlc');
    copyFileSync(exe, engine);
    execFileSync('chmod', ['755', engine]);
    const state = join(dir, 'ctrlc.json');
    const cli = spawn(
      exe,
      [
        'spsa',
        '--engine',
        engine,
        '--state',
        state,
        '--pairs',
        '4',
        '--nodes',
        '500',
        '--concurrency',
        '1',
        '--openings',
        OPENINGS,
        '--hash',
        '4',
        '--params',
        'RFP_MARGIN',
      ],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    let stdout = '';
    cli.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    cli.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    const exited = new Promise<number | null>((resolve) => cli.on('exit', (code) => resolve(code)));
    // Wait for the first pair, then interrupt with pairs in flight.
    const deadline = Date.now() + 60_000;
    while (!/spsa: \[1\/4\]/.test(stderr) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(stderr).toMatch(/spsa: \[1\/4\]/);
    const sent = Date.now();
    cli.kill('SIGINT');
    const code = await exited;
    expect(code, stderr).toBe(130);
    expect(Date.now() - sent).toBeLessThan(5000);
    expect(stdout).toMatch(/stopped: interrupted/);
    const left = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
      .split('\n')
      .filter((l) => l.startsWith(engine));
    expect(left).toEqual([]);
    const s = loadState(state);
    expect(s.iteration).toBeGreaterThanOrEqual(1);
    expect(s.iteration).toBeLessThan(4);
    expect(s.iteration + s.inFlight.length).toBe(s.next - 1);
    expect(existsSync(`${state}.tmp`)).toBe(false);

    let err = '';
    expect(
      await runSpsaCli(
        ['--state', state, '--resume'],
        () => {},
        (t) => (err += t),
      ),
    ).toBe(0);
    expect(err).toMatch(new RegExp(`resuming at pair ${s.iteration + 1}`));
    const done = loadState(state);
    expect([done.iteration, done.games, done.inFlight.length]).toEqual([4, 8, 0]);
    const csv = readFileSync(join(dir, 'ctrlc.csv'), 'utf8').trim().split('\n');
    expect(csv.slice(1).map((l) => Number(l.split(',')[0]))).toEqual([1, 2, 3, 4]);
  });

  it("kill -9, everything but the state file deleted, resumed in a fresh process from the state alone: the uninterrupted run's theta exactly", async () => {
    const pairs = 6;
    // Openings as the documented command gives them, relative to the checkout (kept so in the state).
    const run = [
      '--pairs',
      String(pairs),
      '--nodes',
      '300',
      '--concurrency',
      '1',
      '--params',
      'RFP_MARGIN,LMR_BASE',
      '--openings',
      'bench/match/openings-1k.epd',
      '--hash',
      '4',
      '--seed',
      '11',
      '--r-end',
      '0.05',
    ];
    const whole = join(dir, 'whole');
    const killed = join(dir, 'killed');
    const fresh = join(dir, 'fresh');
    for (const d of [whole, killed, fresh]) mkdirSync(d);
    // The killed run plays with its own copy of the engine, deleted with the rest of it.
    const engine = join(killed, 'chuhan');
    copyFileSync(exe, engine);
    execFileSync('chmod', ['755', engine]);
    // The two runs side by side (fixed nodes, one pair at a time: the games do not depend on timing).
    const a = spsa(exe, ['--engine', exe, '--state', join(whole, 'run.json'), ...run]);
    const b = spsa(exe, ['--engine', engine, '--state', join(killed, 'run.json'), ...run]);
    const deadline = Date.now() + 90_000;
    while (!/spsa: \[2\/6\]/.test(b.stderr()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(b.stderr()).toMatch(/spsa: \[2\/6\]/);
    b.kill('SIGKILL');
    await b.exited;
    // Its engines, left without their parent, end on their own (their input closed).
    const gone = Date.now() + 15_000;
    while (processesOf(engine).length > 0 && Date.now() < gone) await new Promise((r) => setTimeout(r, 50));
    expect(processesOf(engine)).toEqual([]);
    const left = loadState(join(killed, 'run.json'));
    expect(left.iteration).toBeGreaterThanOrEqual(2);
    expect(left.iteration).toBeLessThan(pairs);
    expect(readdirSync(killed).sort()).toEqual(expect.arrayContaining(['chuhan', 'run.csv', 'run.json', 'run.json.lock']));

    // A fresh machine: the state file and nothing else of the run.
    copyFileSync(join(killed, 'run.json'), join(fresh, 'run.json'));
    rmSync(killed, { recursive: true, force: true });
    expect(readdirSync(fresh)).toEqual(['run.json']);
    // Its engine is gone: the resume asks for one, naming the build.
    const missing = spsa(exe, ['--state', join(fresh, 'run.json'), '--resume']);
    expect(await missing.exited).toBe(1);
    expect(missing.stderr()).toMatch(
      /the run's engine .*killed\/chuhan does not exist here .*give --engine PATH, the same build \(SHA-256 [0-9a-f]{16}…, bench \d+/,
    );
    // Another binary is refused, naming the field.
    const other = spsa(exe, ['--state', join(fresh, 'run.json'), '--resume', '--engine', '/bin/true']);
    expect(await other.exited).toBe(1);
    expect(other.stderr()).toMatch(/engineSha256 differs: \/bin\/true .*--accept-engine/);
    // The same build elsewhere (as rebuilt on another machine), from another directory of the checkout.
    const resumed = spsa(exe, ['--state', join(fresh, 'run.json'), '--resume', '--engine', exe], join(ROOT, 'bench'));
    expect(await resumed.exited, resumed.stderr()).toBe(0);
    expect(resumed.stderr()).toMatch(new RegExp(`resuming at pair ${left.iteration + 1}: `));
    expect(await a.exited, a.stderr()).toBe(0);

    const straight = loadState(join(whole, 'run.json'));
    const done = loadState(join(fresh, 'run.json'));
    expect(done.iteration).toBe(pairs);
    expect(done.theta).toEqual(straight.theta);
    expect(done.theta).not.toEqual(done.config.params.map((p) => p.start));
    expect(done.rng).toBe(straight.rng);
    expect(done.trajectory).toEqual(straight.trajectory);
    expect([done.games, done.wins, done.draws, done.losses, done.pentanomial]).toEqual([
      straight.games,
      straight.wins,
      straight.draws,
      straight.losses,
      straight.pentanomial,
    ]);
    const games = done.config.games as { engine: string; openings: string; engineBench: number };
    expect([games.engine, games.openings]).toEqual([exe, 'bench/match/openings-1k.epd']);
    expect(games.engineBench).toBe((straight.config.games as { engineBench: number }).engineBench);
    expect(games.engineBench).toBeGreaterThan(0);
  });
});
