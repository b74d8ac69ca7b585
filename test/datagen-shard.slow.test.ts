// `chuhan datagen --shard K/N` and `--merge`: the shards of a run partition its games; shards
// played by separate processes (other thread counts, one stopped and continued) merge into the
// whole run's data and PGN byte for byte; the merge refuses other runs, another split, a shard
// twice, a missing or unfinished shard, a damaged game, and names the field. Also the file format's
// versions: a version-1 file is continued as version 1 with the records a whole run gives, and the
// evaluation that plays is the built-in network unless --eval classical says otherwise.
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { fnv1a } from '../engine/nnue-format';
import { dataEnd, decodeHeader, encodeHeader, HEADER_BYTES, RECORD_BYTES, type DataHeader } from '../bench/nnue/data-format';
import { shardGameCount, shardGameIndex } from '../bench/nnue/data-shard';
import { builtEngine, ROOT } from './e2e-engine';

const exec = promisify(execFile);
let exe = '';
let dir = '';
beforeAll(() => {
  exe = builtEngine();
  dir = mkdtempSync(join(tmpdir(), 'chuhan-datagen-shard-'));
}, 300_000);

const at = (f: string) => join(dir, f);
const SETTINGS = ['--nodes', '300', '--random-plies', '6', '--seed', '9'];
const GAMES = 11;

async function chuhan(args: string[]): Promise<{ code: number; stderr: string }> {
  try {
    const r = await exec(exe, args);
    return { code: 0, stderr: r.stderr };
  } catch (e) {
    const x = e as { code: number; stderr: string };
    return { code: x.code, stderr: x.stderr };
  }
}
const datagen = (args: string[]) => chuhan(['datagen', ...SETTINGS, ...args]);

function header(file: string): DataHeader {
  const b = readFileSync(file);
  return decodeHeader(new Uint8Array(b.subarray(0, HEADER_BYTES)), b.length);
}

/** A copy of `from` with its header changed by `edit`. */
function withHeader(from: string, to: string, edit: (h: DataHeader) => void): void {
  const b = readFileSync(from);
  const h = decodeHeader(new Uint8Array(b.subarray(0, HEADER_BYTES)), b.length);
  edit(h);
  b.set(encodeHeader(h), 0);
  writeFileSync(to, b);
}

describe('the shards of a run', () => {
  it('partition its games: each game in exactly one shard, in schedule order', () => {
    for (const [games, n] of [
      [11, 3],
      [7, 7],
      [5, 8],
      [1000, 6],
    ]) {
      const seen = new Array<number>(games).fill(0);
      for (let k = 1; k <= n; k++) {
        const count = shardGameCount({ k, n }, games);
        let last = -1;
        for (let j = 0; j < count; j++) {
          const g = shardGameIndex({ k, n }, j);
          expect(g).toBeGreaterThan(last);
          expect(g % n).toBe(k - 1);
          seen[g]++;
          last = g;
        }
        expect(shardGameIndex({ k, n }, count)).toBeGreaterThanOrEqual(games);
      }
      expect(seen.every((c) => c === 1)).toBe(true);
    }
  });
});

describe('datagen --shard and --merge', { timeout: 600_000 }, () => {
  beforeAll(async () => {
    // The whole run, and the same run in three shards played by separate processes: shard 1 with
    // one worker, shard 2 with two, shard 3 stopped after one game and continued.
    const runs = await Promise.all([
      datagen(['--out', at('whole.bin'), '--pgn', at('whole.pgn'), '--games', String(GAMES), '--threads', '2']),
      datagen(['--out', at('s1.bin'), '--pgn', at('s1.pgn'), '--games', String(GAMES), '--shard', '1/3', '--threads', '1']),
      datagen(['--out', at('s2.bin'), '--pgn', at('s2.pgn'), '--games', String(GAMES), '--shard', '2/3', '--threads', '2']),
      datagen(['--out', at('s3.bin'), '--pgn', at('s3.pgn'), '--games', '3', '--shard', '3/3', '--threads', '1']),
    ]);
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    const r = await datagen(['--out', at('s3.bin'), '--pgn', at('s3.pgn'), '--games', String(GAMES), '--shard', '3/3', '--threads', '2']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/schedule goes from 3 to 11 games/);
  }, 600_000);

  it("merge into the whole run's data and PGN, byte for byte", async () => {
    const s1 = header(at('s1.bin'));
    expect(s1.shard).toEqual({ k: 1, n: 3 });
    expect([s1.games, header(at('s2.bin')).games, header(at('s3.bin')).games]).toEqual([4, 4, 3]);
    expect(s1.schedule).toBe(GAMES);
    // Given in any order, PGNs among them.
    const r = await chuhan([
      'datagen',
      '--merge',
      '--out',
      at('merged.bin'),
      '--pgn',
      at('merged.pgn'),
      at('s3.bin'),
      at('s1.pgn'),
      at('s2.bin'),
      at('s1.bin'),
      at('s3.pgn'),
      at('s2.pgn'),
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/merged 3 shards into .*merged\.bin: 11 games, \d+ positions/);
    const whole = readFileSync(at('whole.bin'));
    expect(whole.length).toBeGreaterThan(HEADER_BYTES + 200 * RECORD_BYTES);
    expect(readFileSync(at('merged.bin')).equals(whole)).toBe(true);
    expect(readFileSync(at('merged.pgn'), 'utf8')).toBe(readFileSync(at('whole.pgn'), 'utf8'));
    // The merged file is a whole run's: it continues like one.
    copyFileSync(at('merged.bin'), at('merged-more.bin'));
    expect((await datagen(['--out', at('merged-more.bin'), '--games', String(GAMES + 1), '--threads', '1'])).code).toBe(0);
    expect(header(at('merged-more.bin')).games).toBe(GAMES + 1);
  });

  const refused = async (args: string[], message: RegExp, code = 1) => {
    const r = await chuhan(['datagen', '--merge', '--out', at('refused.bin'), ...args]);
    expect(r.stderr).toMatch(message);
    expect(r.code).toBe(code);
    expect(existsSync(at('refused.bin'))).toBe(false);
    expect(existsSync(at('refused.bin.merging'))).toBe(false);
  };

  it('refuses shards of another run, naming the field', async () => {
    const other = await datagen(['--out', at('seed10.bin'), '--games', String(GAMES), '--shard', '2/3', '--threads', '2', '--seed', '10']);
    expect(other.code).toBe(0);
    await refused([at('s1.bin'), at('seed10.bin'), at('s3.bin')], /s1\.bin and .*seed10\.bin are not shards of one run: seed: 9 vs 10/);
    withHeader(at('s2.bin'), at('nodes.bin'), (h) => (h.nodes = 400));
    await refused([at('s1.bin'), at('nodes.bin'), at('s3.bin')], /not shards of one run: nodes: 300 vs 400/);
    withHeader(at('s2.bin'), at('engine.bin'), (h) => (h.engine ^= 1));
    await refused(
      [at('s1.bin'), at('engine.bin'), at('s3.bin')],
      /not shards of one run: engine \(play fingerprint\): 0x[0-9a-f]{8} vs 0x[0-9a-f]{8}/,
    );
    withHeader(at('s2.bin'), at('classical.bin'), (h) => (h.network = 0));
    await refused(
      [at('s1.bin'), at('classical.bin'), at('s3.bin')],
      /not shards of one run: evaluation: network FNV-1a 0x[0-9a-f]{8} vs hand-written/,
    );
    withHeader(at('s2.bin'), at('schedule.bin'), (h) => (h.schedule = 12));
    await refused([at('s1.bin'), at('schedule.bin'), at('s3.bin')], /not shards of one run: schedule \(--games\): 11 vs 12/);
    withHeader(at('s2.bin'), at('split4.bin'), (h) => (h.shard = { k: 2, n: 4 }));
    await refused([at('s1.bin'), at('split4.bin')], /not shards of one run: shards: 3 vs 4/);
  });

  it('refuses overlapping, missing and unfinished shards, damaged games, and files that are no shards', async () => {
    copyFileSync(at('s1.bin'), at('s1-copy.bin'));
    await refused(
      [at('s1.bin'), at('s2.bin'), at('s3.bin'), at('s1-copy.bin')],
      /s1\.bin and .*s1-copy\.bin are both shard 1\/3; give each shard once/,
    );
    await refused([at('s1.bin'), at('s3.bin')], /shard 2 of 3 missing/);
    expect((await datagen(['--out', at('s2-part.bin'), '--games', '5', '--shard', '2/3', '--threads', '1'])).code).toBe(0);
    withHeader(at('s2-part.bin'), at('s2-part.bin'), (h) => (h.schedule = GAMES));
    await refused([at('s1.bin'), at('s2-part.bin'), at('s3.bin')], /s2-part\.bin holds 2 of the 4 games of shard 2\/3; finish it/);
    // One byte of a position changed: the game no longer matches its head's hash.
    const bad = readFileSync(at('s2.bin'));
    bad[HEADER_BYTES + RECORD_BYTES + 10] ^= 0x11;
    writeFileSync(at('s2-bad.bin'), bad);
    await refused([at('s1.bin'), at('s2-bad.bin'), at('s3.bin')], /s2-bad\.bin: the records of game 2 do not match its head's hash/);
    await refused([at('s1.bin'), at('whole.bin')], /whole\.bin is the file of a whole run, not a shard/);
    await refused([at('s1.bin'), at('s2.bin'), at('s3.bin'), at('s1.pgn')], /round 1 is in none of the PGN files|needs --pgn OUT/, 2);
    await refused(
      [at('s1.bin'), at('s2.bin'), at('s3.bin'), at('s1.pgn'), at('s2.pgn'), '--pgn', at('refused.pgn')],
      /round 3 is in none of the PGN files/,
    );
    // An existing output is never overwritten.
    const r = await chuhan(['datagen', '--merge', '--out', at('whole.bin'), at('s1.bin'), at('s2.bin'), at('s3.bin')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/whole\.bin exists; a merge writes a new file/);
    expect((await chuhan(['datagen', '--merge', '--out', at('x.bin'), '--nodes', '5', at('s1.bin')])).stderr).toMatch(
      /--merge takes the shards' files, --out and --pgn; drop --nodes/,
    );
  });

  it('continues a shard only as the same shard of the same run', async () => {
    let r = await datagen(['--out', at('s1.bin'), '--games', String(GAMES), '--shard', '2/3']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/s1\.bin is shard 1\/3, not shard 2\/3/);
    r = await datagen(['--out', at('s1.bin'), '--games', String(GAMES)]);
    expect(r.stderr).toMatch(/s1\.bin is shard 1\/3, not a whole run/);
    r = await datagen(['--out', at('s1.bin'), '--games', '3', '--shard', '1/3']);
    expect(r.stderr).toMatch(/holds 4 games of shard 1\/3, more than its 1 of a 3-game run/);
    r = await datagen(['--out', at('new.bin'), '--shard', '1/3', '--positions', '1000']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--shard divides a schedule of games: give --games N/);
    r = await datagen(['--out', at('new.bin'), '--shard', '4/3', '--games', '9']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--shard.*4\/3: K must be from 1 to N/);
    // A whole run made by an engine that plays differently is not continued.
    withHeader(at('whole.bin'), at('whole-engine.bin'), (h) => (h.engine ^= 1));
    r = await datagen(['--out', at('whole-engine.bin'), '--games', String(GAMES + 1)]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/is another run \(engine \(play fingerprint\): 0x[0-9a-f]{8} vs 0x[0-9a-f]{8}\)/);
  });

  it('continues a version-1 file as version 1, with the records of the whole run', async () => {
    // The first 6 games of the whole run, as version 1 wrote them: the same records, the old header.
    const part = await datagen(['--out', at('six.bin'), '--games', '6', '--threads', '2']);
    expect(part.code).toBe(0);
    const six = readFileSync(at('six.bin'));
    const h = header(at('six.bin'));
    const v1 = Buffer.from(six);
    v1.set(encodeHeader({ ...h, version: 1 }), 0);
    v1.fill(0, 52, 64);
    v1.fill(0, 20, 24);
    // And half a game's records of an interrupted write after them.
    writeFileSync(at('v1.bin'), Buffer.concat([v1, Buffer.alloc(5 * RECORD_BYTES, 7)]));
    const r = await datagen(['--out', at('v1.bin'), '--games', String(GAMES), '--threads', '2']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/dropping 240 bytes of an unfinished write/);
    expect(r.stderr).toMatch(/continuing .*v1\.bin \(format version 1\) at game 6/);
    const out = readFileSync(at('v1.bin'));
    const whole = readFileSync(at('whole.bin'));
    expect(out.readUInt32LE(8)).toBe(1);
    expect(out.subarray(52, 64).every((b) => b === 0)).toBe(true);
    expect(out.length).toBe(whole.length);
    // Records and counts as the whole run's; only the version and the fields version 1 lacks differ.
    expect(out.subarray(HEADER_BYTES).equals(whole.subarray(HEADER_BYTES))).toBe(true);
    expect(out.subarray(16, 20).equals(whole.subarray(16, 20))).toBe(true);
    expect(out.subarray(24, 52).equals(whole.subarray(24, 52))).toBe(true);
  });

  it('plays with the built-in network unless told otherwise, and records which evaluation played', async () => {
    const net = join(ROOT, 'nets', 'chuhan.nnue');
    const builtIn = fnv1a(new Uint8Array(readFileSync(net)));
    expect(header(at('whole.bin')).network).toBe(builtIn);
    // A file begun with --evalfile nets/chuhan.nnue continues without it, and the other way round.
    expect((await datagen(['--out', at('evalfile.bin'), '--games', '2', '--threads', '1', '--evalfile', net])).code).toBe(0);
    let r = await datagen(['--out', at('evalfile.bin'), '--games', '4', '--threads', '2']);
    expect(r.code, r.stderr).toBe(0);
    // The first 4 games of the whole run.
    const four = readFileSync(at('evalfile.bin'));
    expect(
      four.subarray(HEADER_BYTES).equals(readFileSync(at('whole.bin')).subarray(HEADER_BYTES, dataEnd(header(at('evalfile.bin'))))),
    ).toBe(true);
    expect(four.length).toBeGreaterThan(HEADER_BYTES + 100 * RECORD_BYTES);
    // The hand-written evaluation plays other games, and the file says so.
    r = await datagen(['--out', at('hand.bin'), '--games', '2', '--threads', '1', '--eval', 'classical']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/the hand-written evaluation/);
    expect(header(at('hand.bin')).network).toBe(0);
    r = await datagen(['--out', at('hand.bin'), '--games', '3']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/is another run \(evaluation: hand-written vs network FNV-1a 0x[0-9a-f]{8}\)/);
    r = await datagen(['--out', at('x.bin'), '--games', '3', '--eval', 'classical', '--evalfile', net]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--evalfile plays with a network; drop --eval classical/);
  });
});
