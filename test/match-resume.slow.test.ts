// A match killed with SIGKILL (a lost machine, not a Ctrl-C) resumes from its JSON summary alone,
// its PGN deleted, and ends with the counts of the same match played without a break; a summary
// of another match is refused, naming the field. The built engine against itself at fixed nodes,
// one game at a time, so that every game comes out the same in both runs. The slow project
// (match-checkpoint.test.ts has the rest, with the fake engine).
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parsePgn } from '../engine/pgn';
import { builtEngine } from './e2e-engine';
import { tag } from './match-harness';

const run = promisify(execFile);
const OPENINGS = join(__dirname, '..', 'bench', 'match', 'openings.txt');
const dir = mkdtempSync(join(tmpdir(), 'chuhan-match-resume-'));
const at = (f: string) => join(dir, f);
const GAMES = 8;

/** The summary at `path`, or null while there is none (it is replaced whole, never half written). */
function summary(path: string): any {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null;
}

/** What a resumed match must end with as the uninterrupted one does. */
const counts = (j: any) => ({
  played: j.played,
  results: j.results,
  terminations: j.terminations,
  finished: j.finished,
  pairings: j.pairings,
  engines: j.engines.map((e: any) => [e.name, e.games, e.points, e.wins, e.draws, e.losses, e.moves]),
});

describe('a match killed with SIGKILL', () => {
  it('resumes from its summary alone and ends with the counts of an uninterrupted run', { timeout: 600_000 }, async () => {
    const exe = builtEngine();
    const match = (...more: string[]) => [
      'match',
      '--engine',
      `name=base,cmd=${exe}`,
      '--engine',
      `name=small,cmd=${exe},option.hashsize=1`,
      '--nodes',
      '400',
      '--games',
      String(GAMES),
      '--openings',
      OPENINGS,
      '--quiet',
      ...more,
    ];
    await run(exe, match('--pgn', at('whole.pgn'), '--json', at('whole.json')));
    const whole = summary(at('whole.json'));
    expect(whole.played).toBe(GAMES);

    // The same match, killed (with its engines: the process group) once three games are finished.
    const runner = spawn(exe, match('--pgn', at('cut.pgn'), '--json', at('cut.json')), { detached: true, stdio: 'ignore' });
    const exited = new Promise((resolve) => runner.on('exit', resolve));
    for (;;) {
      if ((summary(at('cut.json'))?.played ?? 0) >= 3) break;
      expect(runner.exitCode, 'the match ended before it was killed').toBeNull();
      await new Promise((r) => setTimeout(r, 20));
    }
    process.kill(-runner.pid!, 'SIGKILL');
    await exited;
    const killed = summary(at('cut.json'));
    expect(killed.played).toBeGreaterThanOrEqual(3);
    expect(killed.played).toBeLessThan(GAMES);
    expect(killed.stoppedBy).toBeNull();

    rmSync(at('cut.pgn'));
    const resumed = await run(exe, match('--pgn', at('cut.pgn'), '--json', at('cut.json'), '--resume'));
    expect(resumed.stderr).toMatch(new RegExp(`resuming .*cut\\.json: ${killed.played} of ${GAMES} games already played`));
    const end = summary(at('cut.json'));
    expect(end.resumed).toBe(killed.played);
    expect(counts(end)).toEqual(counts(whole));
    // The fresh PGN holds the games played after the resume, as the uninterrupted run played them.
    const byRound = (file: string) =>
      new Map(parsePgn(readFileSync(at(file), 'utf8')).map((g) => [tag(g, 'Round'), `${g.result} ${g.moves.join(',')}`]));
    const after = byRound('cut.pgn');
    const uninterrupted = byRound('whole.pgn');
    expect(after.size).toBe(GAMES - killed.played);
    for (const [round, game] of after) expect(game, `round ${round}`).toBe(uninterrupted.get(round));

    // The summary of another match (another node count) is refused, naming the field.
    const other = await run(
      exe,
      match('--json', at('cut.json'), '--resume').map((a) => (a === '400' ? '500' : a)),
    ).catch((e: { code: number; stderr: string }) => e);
    expect((other as { code: number }).code).toBe(1);
    expect((other as { stderr: string }).stderr).toMatch(
      /cannot resume from .*cut\.json: it is the summary of another match: limit: "nodes 400" vs "nodes 500"/,
    );
    expect((other as { stderr: string }).stderr).not.toMatch(/\n\s+at /);
  });
});
