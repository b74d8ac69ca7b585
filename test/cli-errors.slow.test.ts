// Bad invocations of the built executable: each exits non-zero with one line on stderr that
// names the problem, and never a stack trace; and every command's --help and unknown flag.
import { type SpawnSyncReturns, execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, builtEngine } from './e2e-engine';

let exe: string;
let dir: string;
beforeAll(() => {
  exe = builtEngine();
  dir = mkdtempSync(join(tmpdir(), 'chuhan-cli-'));
  writeFileSync(join(dir, 'empty.pgn'), '');
  writeFileSync(join(dir, 'blank.pgn'), '\n\n   \n');
  writeFileSync(join(dir, 'perft.epd'), '');
}, 180_000);

const ENGINE = '/usr/games/fairy-stockfish';
/** A 64 GB table is more than the machine's memory here (on a bigger machine the bench would run). */
const HASH_BEYOND_MEMORY: Array<[string[], RegExp]> =
  totalmem() < 64 * 2 ** 30
    ? [
        [
          ['bench', '--hash', '65536', '--depth', '1'],
          /^chuhan bench: --hash 65536: a table of 64 GB is more than this machine's memory \([\d.]+ GB\)$/,
        ],
        [
          ['bench', '--hash', '65536', '--threads', '2', '--depth', '1'],
          /^chuhan bench: --hash 65536: a table of 64 GB is more than this machine's memory/,
        ],
      ]
    : [];
const BAD: Array<[string[], RegExp]> = [
  ...HASH_BEYOND_MEMORY,
  [['bench', '--hash', '99999', '--depth', '2'], /--hash.*99999.*from 1 to 65536/],
  [['bench', '--hash', '0'], /--hash.*from 1 to 65536/],
  [['bench', '--depth', '1000'], /--depth.*from 1 to 64/],
  [['bench', '--depth', '-3'], /--depth.*integer/],
  [['perft', '--depth', '99'], /--depth.*from 0 to 12/],
  [['perft', '--depth', 'x'], /--depth.*integer/],
  [['perft', '--max-nodes', '1.5', '--epd', 'x'], /--max-nodes.*integer/],
  [['perft', '--depth', '3', '--epd', '@/perft.epd'], /--epd .* drop --depth/],
  [['perf', '--depth', '3'], /unknown command 'perf' \(did you mean 'perft'\?\)/],
  [['bnech'], /unknown command 'bnech' \(did you mean 'bench'\?\)/],
  [['xyzzy'], /unknown command 'xyzzy'/],
  [['pgn', '@/empty.pgn', '--format', 'iccs'], /empty\.pgn: an empty file/],
  [['pgn', '@/blank.pgn', '--format', 'wxf'], /blank\.pgn: only blank text, no game/],
  [['pgn', '@/missing.pgn', '--format', 'iccs'], /cannot read .*missing.pgn/],
  [['pgn', '@/empty.pgn', '--format', 'klingon'], /iccs, wxf or chinese/],
  [['pgn', '--format', 'iccs'], /^chuhan pgn: name the files to convert \(PGN, XQF or DhtmlXQ\)$/],
  [
    ['match', '--engine', `cmd=${ENGINE},proto=uci1`, '--engine', 'cmd=/no/such/engine', '--depth', '1'],
    /engine 'engine': \/no\/such\/engine does not exist/,
  ],
  [
    [
      'match',
      '--engine',
      `cmd=${ENGINE},proto=uci1`,
      '--engine',
      `cmd=${ENGINE},proto=uci1`,
      '--depth',
      '1',
      '--pgn',
      '/nonexistent/dir/x.pgn',
    ],
    /--pgn .*does not exist/,
  ],
  // A bad flag value reads as in every other command (commander's wording, one line).
  [['match', '--games', 'many'], /^error: option '--games <n>' argument 'many' is invalid\. expected an integer 1 or more\.$/],
  [['perft', '--depth', 'many'], /^error: option '--depth <n>' argument 'many' is invalid\. expected an integer from 0 to 12\.$/],
  [['match', '--sprt', 'elo0=5,elo1=0'], /^error: option '--sprt <spec>' argument 'elo0=5,elo1=0' is invalid\. elo1 must be above elo0\.$/],
  [['judge', '--moves', 'h2e2 zz99'], /zz99/],
];

describe('bad invocations', () => {
  for (const [args, message] of BAD) {
    it(`chuhan ${args.join(' ')}`, () => {
      const real = args.map((a) => a.replace(/^@/, dir));
      const r = spawnSync(exe, real, { encoding: 'utf8', timeout: 30_000 });
      const err = r.stderr.trim();
      expect(r.status, `stdout: ${r.stdout}\nstderr: ${r.stderr}`).not.toBe(0);
      expect(r.status).not.toBeNull();
      expect(err, r.stdout).toMatch(message);
      expect(err).not.toMatch(/\n\s+at |Error:|node:internal/);
      // One line naming the problem.
      expect(err.split('\n'), err).toHaveLength(1);
    });
  }

  it('chuhan help prints the help and exits 0', () => {
    const r = spawnSync(exe, ['help'], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/Commands:/);
    const sub = spawnSync(exe, ['help', 'perft'], { encoding: 'utf8' });
    expect(sub.status).toBe(0);
    expect(sub.stdout).toMatch(/--depth/);
  });
});

// One way to read a command line: chuhan, each of its commands and the evaluation fitter
// (bench/eval-fit/cli.ts, bundled by its build.sh) read their arguments with commander, so each
// answers `--help` (exit 0; `help NAME` prints the same) and refuses an unknown flag with
// commander's one line (exit 2). The commands are those `--help` lists, so a new one is checked
// by being registered. Commander names a missing required option before an unknown flag: each
// command gets the ones it requires.
describe('every command reads its command line alike', () => {
  const FLAG = '--no-such-flag';
  const UNKNOWN = `error: unknown option '${FLAG}'`;

  /** The rows of a commander help's "Commands:" section, but `help`. */
  function commandsOf(help: string): string[] {
    const lines = help.split('\n');
    const start = lines.findIndex((l) => /^Commands:/.test(l));
    return lines
      .slice(start + 1)
      .map((l) => /^ {2}([a-z][\w-]*)/.exec(l)?.[1])
      .filter((name): name is string => name !== undefined && name !== 'help');
  }

  function check(run: (args: string[]) => SpawnSyncReturns<string>, usage: string, command: string | null, required: string[]): void {
    const name = command === null ? [] : [command];
    const help = run([...name, '--help']);
    expect(help.status, `${usage} --help: ${help.stderr}`).toBe(0);
    expect(help.stdout).toMatch(new RegExp(`^Usage: ${usage}${command === null ? '' : ` ${command}`} `));
    if (command !== null) {
      const viaHelp = run(['help', command]);
      expect(viaHelp.status).toBe(0);
      expect(viaHelp.stdout, `help ${command}`).toBe(help.stdout);
    }
    const bad = run([...name, ...required, FLAG]);
    expect(bad.status, `${usage} ${[...name, ...required, FLAG].join(' ')}: ${bad.stdout}${bad.stderr}`).toBe(2);
    expect(bad.stderr.trim()).toBe(UNKNOWN);
  }

  it('chuhan and each of its commands', () => {
    const REQUIRED: Record<string, string[]> = {
      pgn: ['--format', 'iccs'],
      datagen: ['--out', 'x.bin'],
      train: ['--data', 'x.bin', '--out', 'x.nnue'],
      openings: ['--pgn', 'x.pgn', '--plies', '8', '--out', 'x.txt'],
      spsa: ['--state', 'x.json'],
    };
    const run = (args: string[]) => spawnSync(exe, args, { encoding: 'utf8', timeout: 30_000, cwd: dir });
    const commands = commandsOf(run(['--help']).stdout);
    expect(commands).toEqual(
      expect.arrayContaining(['perft', 'bench', 'judge', 'pgn', 'match', 'spsa', 'openings', 'serve', 'datagen', 'train']),
    );
    check(run, 'chuhan', null, []);
    for (const command of commands) check(run, 'chuhan', command, REQUIRED[command] ?? []);
  });

  // `chuhan analyse --help | head`: a reader that has gone away before the help is written
  // ends the command quietly (exit 0, nothing on stderr), never with an EPIPE stack trace.
  it('a reader gone before the help is written ends each command quietly', async () => {
    const commands = commandsOf(spawnSync(exe, ['--help'], { encoding: 'utf8', cwd: dir }).stdout);
    for (const args of [['--help'], ...commands.map((c) => [c, '--help'])]) {
      const child = spawn(exe, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.destroy();
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const status = await new Promise<number | null>((done) => child.on('close', (code) => done(code)));
      expect({ args, status, stderr }).toEqual({ args, status: 0, stderr: '' });
    }
  });

  it('the evaluation fitter and each of its commands', () => {
    const fitDir = mkdtempSync(join(tmpdir(), 'chuhan-eval-fit-'));
    execFileSync('sh', ['bench/eval-fit/build.sh'], { cwd: ROOT, env: { ...process.env, FIT_DIR: fitDir }, stdio: 'pipe' });
    const REQUIRED: Record<string, string[]> = {
      gen: ['--out', 'x.fen'],
      pgn: ['--in', 'x.pgn', '--out', 'x.fen'],
      label: ['--in', 'x.fen', '--out', 'x.lab'],
      verify: ['--in', 'x.fen'],
      fit: ['--in', 'x.lab'],
    };
    const run = (args: string[]) =>
      spawnSync(process.execPath, [join(fitDir, 'cli.cjs'), ...args], { encoding: 'utf8', timeout: 30_000, cwd: dir });
    const commands = commandsOf(run(['--help']).stdout);
    expect(commands).toEqual(Object.keys(REQUIRED));
    check(run, 'eval-fit', null, []);
    for (const command of commands) check(run, 'eval-fit', command, REQUIRED[command]);
  });
});
