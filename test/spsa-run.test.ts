// `chuhan spsa` with the real executable (the slow project; spsa.test.ts has the rest): a few pairs
// at very few nodes write state and log and print the values, --resume and --print behave, and
// Ctrl-C exits at once with no engine left behind and a state the run resumes to its end.
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadState, pasteBlock } from '../bench/tune/spsa';
import { runSpsaCli } from '../bench/tune/spsa-cli';
import { ROOT, builtEngine } from './e2e-engine';

const OPENINGS = join(ROOT, 'bench', 'match', 'openings-1k.epd');

describe('chuhan spsa with the real executable', () => {
  let exe = '';
  let dir = '';
  beforeAll(() => {
    exe = builtEngine();
    dir = mkdtempSync(join(tmpdir(), 'chuhan-spsa-e2e-'));
  });

  it('plays a few pairs at very few nodes, writes state and log, prints the values; --resume and --print', async () => {
    const state = join(dir, 'run.json');
    const args = ['--engine', exe, '--state', state, '--pairs', '3', '--nodes', '200', '--concurrency', '1', '--params', 'RFP_MARGIN,LMR_BASE,NULL_R', '--openings', OPENINGS, '--hash', '4'];
    const out: string[] = [];
    let err = '';
    const code = await runSpsaCli(args, (l) => out.push(l), (t) => (err += t));
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
    expect(await runSpsaCli(args, () => {}, () => {})).toBe(2);
    let err2 = '';
    expect(await runSpsaCli(['--state', state, '--resume', '--nodes', '500'], () => {}, (t) => (err2 += t))).toBe(2);
    expect(err2).toMatch(/drop --nodes/);
    // One process per run: a lock held by a live process refuses; one left by a dead process is taken over.
    const sleeper = spawn('sleep', ['30']);
    try {
      writeFileSync(`${state}.lock`, `${sleeper.pid}\n`);
      let err3 = '';
      expect(await runSpsaCli(['--state', state, '--resume'], () => {}, (t) => (err3 += t))).toBe(1);
      expect(err3).toMatch(new RegExp(`another chuhan spsa \\(pid ${sleeper.pid}\\) is running`));
    } finally {
      sleeper.kill();
    }
    await new Promise((r) => sleeper.on('exit', r));
    let err4 = '';
    expect(await runSpsaCli(args, () => {}, (t) => (err4 += t))).toBe(2);
    expect(err4).toMatch(/already holds a run/);
    expect(existsSync(`${state}.lock`)).toBe(false);
    const printed: string[] = [];
    expect(await runSpsaCli(['--state', state, '--print'], (l) => printed.push(l), () => {})).toBe(0);
    expect(printed).toContain('setoption name NULL_R value ' + String(Math.round(s.theta[2])));
  });

  it('Ctrl-C: exits at once, leaves no engine behind, and the run resumes to its end', async () => {
    // A copy under a unique path, so that its processes can be found.
    const engine = join(dir, 'chuhan-ctrlc');
    copyFileSync(exe, engine);
    execFileSync('chmod', ['755', engine]);
    const state = join(dir, 'ctrlc.json');
    const cli = spawn(exe, ['spsa', '--engine', engine, '--state', state, '--pairs', '4', '--nodes', '500', '--concurrency', '1', '--openings', OPENINGS, '--hash', '4', '--params', 'RFP_MARGIN'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
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
    const left = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).split('\n').filter((l) => l.startsWith(engine));
    expect(left).toEqual([]);
    const s = loadState(state);
    expect(s.iteration).toBeGreaterThanOrEqual(1);
    expect(s.iteration).toBeLessThan(4);
    expect(s.iteration + s.inFlight.length).toBe(s.next - 1);
    expect(existsSync(`${state}.tmp`)).toBe(false);

    let err = '';
    expect(await runSpsaCli(['--state', state, '--resume'], () => {}, (t) => (err += t))).toBe(0);
    expect(err).toMatch(new RegExp(`resuming at pair ${s.iteration + 1}`));
    const done = loadState(state);
    expect([done.iteration, done.games, done.inFlight.length]).toEqual([4, 8, 0]);
    const csv = readFileSync(join(dir, 'ctrlc.csv'), 'utf8').trim().split('\n');
    expect(csv.slice(1).map((l) => Number(l.split(',')[0]))).toEqual([1, 2, 3, 4]);
  });
});
