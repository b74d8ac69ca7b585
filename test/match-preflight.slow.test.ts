// What the match runner checks before the first game: engine commands (missing, not executable,
// no handshake) and output files (a folder that does not exist, an existing PGN); and how it
// reports: the limits it plays, one readable Elo form in the progress lines and the summary.
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runMatchCli } from '../bench/match/cli';
import { buildFakeEngine } from './fixtures/build-fake-engine';

let fake = '';
let dir = '';
beforeAll(() => {
  fake = buildFakeEngine();
  dir = mkdtempSync(join(tmpdir(), 'chuhan-preflight-'));
});

function fakeSpec(name: string, ...extra: string[]): string {
  return `name=${name},cmd=${process.execPath},${[fake, ...extra].map((a) => `arg=${a}`).join(',')},proto=ucci`;
}

async function run(args: string[]): Promise<{ code: number; out: string[]; err: string }> {
  const out: string[] = [];
  let err = '';
  const code = await runMatchCli(
    args,
    (l) => out.push(l),
    (t) => (err += t),
  );
  return { code, out, err };
}

describe('match preflight: engines', () => {
  const cases: Array<[string, () => string, RegExp]> = [
    ['a missing file', () => join(dir, 'no-such-engine'), /engine 'B': .*no-such-engine does not exist/],
    ['a command not on PATH', () => 'no-such-engine-on-path', /engine 'B': command 'no-such-engine-on-path' is not found on PATH/],
    [
      'a file that is not executable',
      () => {
        const p = join(dir, 'not-executable');
        writeFileSync(p, '#!/bin/sh\necho ucciok\n');
        chmodSync(p, 0o644);
        return p;
      },
      /engine 'B': .*not-executable is not executable/,
    ],
    ['a directory', () => dir, /engine 'B': .* is a directory/],
    ['a program that does not answer the handshake', () => '/bin/true', /engine 'B' \(\/bin\/true\) did not complete the UCCI handshake/],
  ];
  for (const [what, make, message] of cases) {
    it(`${what} ends the match before the first game, naming engine and path`, async () => {
      const pgn = join(dir, `${what.replace(/\W+/g, '-')}.pgn`);
      const r = await run([
        '--engine',
        fakeSpec('A'),
        '--engine',
        `name=B,cmd=${make()}`,
        '--depth',
        '1',
        '--games',
        '2',
        '--pgn',
        pgn,
        '--startup-timeout',
        '2000',
      ]);
      expect(r.code).not.toBe(0);
      expect(r.err).toMatch(message);
      expect(r.err.trim().split('\n')).toHaveLength(1);
      expect(r.out.join('\n')).not.toMatch(/score|games/);
      expect(existsSync(pgn)).toBe(false);
    });
  }
});

describe('match preflight: output files', () => {
  it('a --pgn in a folder that does not exist is refused before any engine starts', async () => {
    const r = await run(['--engine', fakeSpec('A'), '--engine', fakeSpec('B'), '--depth', '1', '--pgn', '/nonexistent/dir/x.pgn']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--pgn \/nonexistent\/dir\/x.pgn: the folder \/nonexistent\/dir does not exist/);
  });

  it('a --json in a folder that does not exist is refused', async () => {
    const r = await run(['--engine', fakeSpec('A'), '--engine', fakeSpec('B'), '--depth', '1', '--json', '/nonexistent/dir/x.json']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--json .*does not exist/);
  });

  it('an existing PGN is kept unless --force (or continued with --resume)', async () => {
    const pgn = join(dir, 'existing.pgn');
    writeFileSync(pgn, '[Event "precious"]\n\n1. h2e2 h9g7 *\n');
    const before = readFileSync(pgn, 'utf8');
    const args = ['--engine', fakeSpec('A'), '--engine', fakeSpec('B'), '--depth', '1', '--games', '2', '--pgn', pgn, '--quiet'];
    const refused = await run(args);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/already holds games; add --resume .* or --force/);
    expect(readFileSync(pgn, 'utf8')).toBe(before);
    const forced = await run([...args, '--force']);
    expect(forced.code).toBe(0);
    expect(readFileSync(pgn, 'utf8')).not.toContain('precious');
  });
});

describe('match reporting', () => {
  it('one readable Elo form in progress and summary when every game is won', async () => {
    const r = await run(['--engine', fakeSpec('A'), '--engine', fakeSpec('B', '--resign-always'), '--depth', '1', '--games', '2']);
    expect(r.code).toBe(0);
    const text = `${r.err}\n${r.out.join('\n')}`;
    expect(text).not.toMatch(/Infinity|NaN|± -/);
    expect(r.err).toMatch(/Elo \+inf \(every point won\)/);
    expect(r.out.join('\n')).toMatch(/Elo \+inf \(every point won\)/);
  });

  it('says which limit it plays when none is given, before the first game', async () => {
    const r = await run(['--engine', fakeSpec('A'), '--engine', fakeSpec('B', '--resign-always'), '--games', '2']);
    expect(r.code).toBe(0);
    const [first, second] = r.err.split('\n');
    expect(second).toMatch(/^chuhan match: game #1 started, A \(red\) - B \(black\)$/);
    expect(first).toMatch(/2 game\(s\) to play, A vs B, limit .*10.*\(the default; give --tc, --movetime, --depth or --nodes\)/);
    const given = await run(['--engine', fakeSpec('A'), '--engine', fakeSpec('B', '--resign-always'), '--games', '2', '--depth', '3']);
    expect(given.err.split('\n')[0]).not.toMatch(/the default/);
  });
});
