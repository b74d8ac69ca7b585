// Bad invocations of the built executable: each exits non-zero with one line on stderr that
// names the problem, and never a stack trace.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtEngine } from './e2e-engine';

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
        [['bench', '--hash', '65536', '--depth', '1'], /^chuhan bench: --hash 65536: a table of 64 GB is more than this machine's memory \([\d.]+ GB\)$/],
        [['bench', '--hash', '65536', '--threads', '2', '--depth', '1'], /^chuhan bench: --hash 65536: a table of 64 GB is more than this machine's memory/],
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
  [['pgn', '@/empty.pgn', '--format', 'iccs'], /empty.pgn has no games/],
  [['pgn', '@/blank.pgn', '--format', 'wxf'], /blank.pgn has no games/],
  [['pgn', '@/missing.pgn', '--format', 'iccs'], /cannot read .*missing.pgn/],
  [['pgn', '@/empty.pgn', '--format', 'klingon'], /iccs, wxf or chinese/],
  [['match', '--engine', `cmd=${ENGINE},proto=uci1`, '--engine', 'cmd=/no/such/engine', '--depth', '1'], /engine 'engine': \/no\/such\/engine does not exist/],
  [['match', '--engine', `cmd=${ENGINE},proto=uci1`, '--engine', `cmd=${ENGINE},proto=uci1`, '--depth', '1', '--pgn', '/nonexistent/dir/x.pgn'], /--pgn .*does not exist/],
  [['match', '--games', 'many'], /--games/],
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
      // One line naming the problem (the match runner may add its usage text after it).
      if (args[0] !== 'match' || !/--games/.test(err)) expect(err.split('\n'), err).toHaveLength(1);
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
