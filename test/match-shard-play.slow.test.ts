// Two shards of a match played by separate processes (the built engine against itself at fixed
// nodes, 8 games) merge into the per-game results of the unsharded match, byte for byte in the PGN;
// a shard of another match is refused by name. The slow project (match-shard.test.ts has the rest).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parsePgn } from '../engine/pgn';
import { canonical } from '../bench/match/identity';
import { builtEngine } from './e2e-engine';

const run = promisify(execFile);
const OPENINGS = join(__dirname, '..', 'bench', 'match', 'openings.txt');
const dir = mkdtempSync(join(tmpdir(), 'chuhan-shard-play-'));

describe('two shards in separate processes', () => {
  it('merge into the per-game results of the unsharded match', { timeout: 600_000 }, async () => {
    const exe = builtEngine();
    const common = [
      'match',
      '--engine',
      `name=base,cmd=${exe}`,
      '--engine',
      `name=small,cmd=${exe},option.hashsize=1`,
      '--nodes',
      '1000',
      '--games',
      '8',
      '--openings',
      OPENINGS,
      '--quiet',
      '--force',
    ];
    const at = (f: string) => join(dir, f);
    await run(exe, [...common, '--pgn', at('full.pgn'), '--json', at('full.json')]);
    await Promise.all([1, 2].map((k) => run(exe, [...common, '--shard', `${k}/2`, '--pgn', at(`s${k}.pgn`), '--json', at(`s${k}.json`)])));
    const merged = await run(exe, [
      'match',
      '--merge',
      at('s1.json'),
      at('s2.json'),
      at('s1.pgn'),
      at('s2.pgn'),
      '--json',
      at('m.json'),
      '--pgn',
      at('m.pgn'),
    ]);
    expect(merged.stdout).toMatch(/merged 2 shard\(s\): 8 of 8 games/);
    const full = JSON.parse(readFileSync(at('full.json'), 'utf8'));
    const m = JSON.parse(readFileSync(at('m.json'), 'utf8'));
    const s1 = JSON.parse(readFileSync(at('s1.json'), 'utf8'));
    expect(s1.finished.rounds).toBe('1-2,5-6');
    for (const k of ['finished', 'results', 'terminations', 'pairings']) expect(canonical(m[k]), k).toBe(canonical(full[k]));
    // The merged PGN holds the same moves, game by game.
    const moves = (f: string) => parsePgn(readFileSync(at(f), 'utf8')).map((g) => `${g.result} ${g.moves.join(',')}`);
    expect(moves('m.pgn')).toEqual(moves('full.pgn'));
    // A shard of another match (other option) is refused, naming the option.
    await run(exe, [
      ...common.map((a) => a.replace('hashsize=1', 'hashsize=2')),
      '--shard',
      '2/2',
      '--pgn',
      at('x.pgn'),
      '--json',
      at('x.json'),
    ]);
    const bad = await run(exe, ['match', '--merge', at('s1.json'), at('x.json')]).catch((e: { code: number; stderr: string }) => e);
    expect((bad as { code: number }).code).toBe(1);
    expect((bad as { stderr: string }).stderr).toMatch(
      /not shards of one match: engine 2 \(small\) options: \["hashsize=1"\] vs \["hashsize=2"\]/,
    );
  });
});
