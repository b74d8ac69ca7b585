// `chuhan analyse`, the built executable: a file of 20 games (ICCS, WXF and Chinese movetext)
// reviewed by 2 engines at once, read back by `chuhan pgn`; Ctrl-C in the middle (to the whole
// process group, as a terminal sends it) and `--resume` give the file of an uninterrupted run, byte
// for byte, at fixed nodes; two shards merged give it too; a bad game is refused by number and the
// others reviewed, from a GBK file; and the usage errors.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { START_FEN, parseFen } from '../engine/fen';
import { generateLegal } from '../engine/movegen';
import { parsePgn, writePgn, type PgnFormat, type PgnGame } from '../engine/pgn';
import { judge } from '../engine/rules';
import { MAX_MOVES } from '../engine/types';
import { builtEngine } from './e2e-engine';
import { DATA, rng } from './helpers';

const exec = promisify(execFile);
let exe = '';
let dir = '';
const at = (f: string) => join(dir, f);
const SEARCH = ['--nodes', '3000', '--hash', '16'];

/** 20 games from the start position, 14 to 29 plies of seeded random moves, in the three notations. */
function games(): PgnGame[] {
  const random = rng(43);
  const buf = new Int32Array(MAX_MOVES);
  const out: PgnGame[] = [];
  const formats: PgnFormat[] = ['iccs', 'wxf', 'chinese'];
  for (let g = 0; g < 20; g++) {
    const pos = parseFen(START_FEN);
    const moves: number[] = [];
    const plies = 14 + Math.floor(random() * 16);
    while (moves.length < plies && judge(pos, { priorOccurrences: 2 }).verdict === 'none') {
      const n = generateLegal(pos, buf, 0);
      const m = buf[Math.floor(random() * n)];
      moves.push(m);
      pos.make(m);
    }
    out.push({
      tags: [
        ['Event', `random ${g + 1}`],
        ['Round', String(g + 1)],
      ],
      fen: START_FEN,
      moves,
      result: '*',
      format: formats[g % 3],
    });
  }
  return out;
}

/** The fields of /proc/PID/stat after the name: state, parent, … (null once the process is gone). */
function stat(pid: number | string): string[] | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

const alive = (pid: number): boolean => {
  const s = stat(pid);
  return s !== null && s[0] !== 'Z';
};

/** The live processes whose parent is `pid`. */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .map(Number)
    .filter((p) => {
      const s = stat(p);
      return s !== null && Number(s[1]) === pid && s[0] !== 'Z';
    });
}

async function chuhan(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const r = await exec(exe, args, { maxBuffer: 64 << 20 });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const x = e as { code: number; stdout: string; stderr: string };
    return { code: x.code, stdout: x.stdout, stderr: x.stderr };
  }
}

beforeAll(async () => {
  exe = builtEngine();
  dir = mkdtempSync(join(tmpdir(), 'chuhan-analyse-'));
  writeFileSync(
    at('games.pgn'),
    games()
      .map((g) => writePgn(g, g.format))
      .join(''),
  );
  // The uninterrupted run every other run is compared with.
  const t0 = performance.now();
  const r = await chuhan(['analyse', at('games.pgn'), '--out', at('whole.pgn'), ...SEARCH, '--concurrency', '2']);
  console.log(`analyse: 20 games, 2 engines: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  expect(r.stderr).toMatch(/analyse: .*whole\.pgn: 20 game\(s\) reviewed/);
  expect(r.code).toBe(0);
}, 600_000);

describe('chuhan analyse', () => {
  it('reviews 20 games with 2 engines into a PGN that chuhan pgn reads back', async () => {
    const input = parsePgn(readFileSync(at('games.pgn'), 'utf8'));
    const text = readFileSync(at('whole.pgn'), 'utf8');
    const out = parsePgn(text);
    expect(out).toHaveLength(20);
    out.forEach((g, i) => {
      expect(g.moves).toEqual(input[i].moves);
      expect(g.format).toBe(input[i].format);
      expect(g.tags.find(([k]) => k === 'Event')?.[1]).toBe(`random ${i + 1}`);
      for (const tag of [
        'Annotator',
        'RedAccuracy',
        'BlackAccuracy',
        'RedAverageLoss',
        'BlackAverageLoss',
        'RedBlunders',
        'BlackBlunders',
      ]) {
        expect(
          g.tags.some(([k]) => k === tag),
          `${tag} in game ${i + 1}`,
        ).toBe(true);
      }
      // An evaluation after every move.
      expect(g.comments!.filter((c) => c.ply > 0).map((c) => c.ply)).toEqual(g.moves.map((_, k) => k + 1));
    });
    expect(text).toContain('[Annotator "Chuhan');
    expect(text).toMatch(/ \$4\n/);
    expect(text).toMatch(/^\(\d+\.(\.\.)? /m);
    const record = JSON.parse(readFileSync(at('whole.pgn.json'), 'utf8'));
    expect(record).toMatchObject({ complete: true, planned: 20, shard: null, settings: { limit: 'nodes 3000', threads: 1, hash: 16 } });
    expect(record.games.map((g: { game: number }) => g.game)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    record.games.forEach((g: { curve: number[]; plies: number }, i: number) => {
      expect(g.plies).toBe(input[i].moves.length);
      expect(g.curve).toHaveLength(g.plies + 1);
      for (const e of g.curve) expect(e >= 0 && e <= 1).toBe(true);
    });
    for (const format of ['iccs', 'wxf', 'chinese']) {
      const r = await chuhan(['pgn', at('whole.pgn'), '--format', format, '-o', at(`back-${format}.pgn`)]);
      expect(r.code, r.stderr).toBe(0);
      expect(parsePgn(readFileSync(at(`back-${format}.pgn`), 'utf8'))).toHaveLength(20);
    }
  });

  it('keeps the finished games on Ctrl-C, and --resume gives the file of an uninterrupted run', async () => {
    // A terminal's Ctrl-C reaches the whole process group: the command and its engines.
    const proc = spawn(exe, ['analyse', at('games.pgn'), '--out', at('cut.pgn'), ...SEARCH, '--concurrency', '2'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stderr = '';
    proc.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
    const done = (): number => {
      try {
        return (JSON.parse(readFileSync(at('cut.pgn.json'), 'utf8')) as { games: unknown[] }).games.length;
      } catch {
        return 0;
      }
    };
    const end = Date.now() + 240_000;
    while (done() < 3 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    const engines = childrenOf(proc.pid!);
    expect(engines).toHaveLength(2);
    process.kill(-proc.pid!, 'SIGINT');
    const t0 = performance.now();
    expect(await exited, stderr).toBe(130);
    console.log(`analyse: SIGINT after ${done()} games -> exit 130 in ${((performance.now() - t0) / 1000).toFixed(2)} s`);
    expect(done()).toBeGreaterThanOrEqual(3);
    expect(done()).toBeLessThan(20);
    expect(stderr).not.toMatch(/at .*\.(ts|js|cjs):\d+/);
    const gone = Date.now() + 2000;
    while (engines.some(alive) && Date.now() < gone) await new Promise((r) => setTimeout(r, 20));
    expect(engines.filter(alive)).toEqual([]);
    // What is in the file is whole: the games the record counts.
    const kept = parsePgn(readFileSync(at('cut.pgn'), 'utf8'));
    expect(kept).toHaveLength(done());
    // Without --resume an unfinished analysis is not overwritten.
    const again = await chuhan(['analyse', at('games.pgn'), '--out', at('cut.pgn'), ...SEARCH]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/holds an unfinished analysis .*add --resume/);
    // Another limit is another analysis.
    const other = await chuhan(['analyse', at('games.pgn'), '--out', at('cut.pgn'), '--nodes', '4000', '--hash', '16', '--resume']);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/cannot resume .*limit: nodes 3000 vs nodes 4000/);
    const resumed = await chuhan(['analyse', at('games.pgn'), '--out', at('cut.pgn'), ...SEARCH, '--concurrency', '2', '--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/resuming .*cut\.pgn: \d+ of 20 games done/);
    expect(readFileSync(at('cut.pgn'))).toEqual(readFileSync(at('whole.pgn')));
    expect(readFileSync(at('cut.pgn.json'))).toEqual(readFileSync(at('whole.pgn.json')));
  });

  it('analyses shards that merge into the file of one run', async () => {
    const [a, b] = await Promise.all([
      chuhan(['analyse', at('games.pgn'), '--out', at('s1.pgn'), ...SEARCH, '--concurrency', '1', '--shard', '1/2']),
      chuhan(['analyse', at('games.pgn'), '--out', at('s2.pgn'), ...SEARCH, '--concurrency', '1', '--shard', '2/2']),
    ]);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    expect(parsePgn(readFileSync(at('s1.pgn'), 'utf8')).map((g) => g.tags.find(([k]) => k === 'Round')?.[1])).toEqual([
      '1',
      '3',
      '5',
      '7',
      '9',
      '11',
      '13',
      '15',
      '17',
      '19',
    ]);
    const missing = await chuhan(['analyse', '--merge', '--out', at('merged.pgn'), at('s1.pgn')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/shard 2\/2 missing/);
    const twice = await chuhan(['analyse', '--merge', '--out', at('merged.pgn'), at('s1.pgn'), at('s1.pgn')]);
    expect(twice.stderr).toMatch(/both shard 1\/2/);
    const other = await chuhan(['analyse', '--merge', '--out', at('merged.pgn'), at('s1.pgn'), at('whole.pgn')]);
    expect(other.stderr).toMatch(/whole analysis, not a shard/);
    const merged = await chuhan(['analyse', '--merge', '--out', at('merged.pgn'), at('s2.pgn'), at('s1.pgn')]);
    expect(merged.code, merged.stderr).toBe(0);
    expect(readFileSync(at('merged.pgn'))).toEqual(readFileSync(at('whole.pgn')));
    expect(readFileSync(at('merged.pgn.json'))).toEqual(readFileSync(at('whole.pgn.json')));
  });

  it('refuses a bad game by its number and reason, and reviews the others of a GBK file', async () => {
    const gbk = readFileSync(join(DATA, 'gbk-game.pgn'));
    const bad = Buffer.from('[Event "bad"]\n1. h2e2 h9g7 2. h2h9 *\n\n', 'utf8');
    // GBK bytes throughout: the bad game's text is ASCII, which GBK shares.
    writeFileSync(at('mixed.pgn'), Buffer.concat([gbk, Buffer.from('\n'), bad, gbk]));
    const r = await chuhan(['analyse', at('mixed.pgn'), '--out', at('mixed-out.pgn'), ...SEARCH]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/analyse: game 2: refused: game 2, move 2 \(red\): .*h2h9/);
    expect(r.stderr).toMatch(/2 game\(s\) reviewed, 1 refused/);
    expect(r.stderr).not.toMatch(/at .*\.(ts|js|cjs):\d+/);
    const out = parsePgn(readFileSync(at('mixed-out.pgn'), 'utf8'));
    expect(out).toHaveLength(2);
    expect(out[0].format).toBe('chinese');
    expect(out[0].tags).toContainEqual(['Event', '中炮对屏风马']);
    expect(JSON.parse(readFileSync(at('mixed-out.pgn.json'), 'utf8')).games[1]).toMatchObject({
      game: 2,
      refused: expect.stringContaining('h2h9'),
    });
  });

  it('reviews a batch of files, each game in its own notation; a file it cannot read gets a line and the others go on', async () => {
    const fixtures = join(__dirname, 'fixtures', 'records');
    const xqf = readFileSync(join(fixtures, 'xqf-1.0-doc-example.xqf'));
    const noise = Buffer.alloc(1 << 20);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const batch: Array<[string, Buffer | string]> = [
      ['doc.xqf', xqf],
      ['cut.xqf', xqf.subarray(0, 1030)],
      ['iccs.pgn', '[Event "no Format tag"]\n1. h2e2 h9g7 2. h0g2 i9h9 *\n'],
      ['board.png', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')],
      ['empty.pgn', ''],
      ['noise.bin', noise],
      ['page.html', '<p>[DhtmlXQ][DhtmlXQ_red]甲[/DhtmlXQ_red][DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][/DhtmlXQ]</p>'],
    ];
    for (const [name, bytes] of batch) writeFileSync(at(name), bytes);
    const r = await chuhan(['analyse', ...batch.map(([name]) => at(name)), '--out', at('batch.pgn'), ...SEARCH]);
    expect(r.code).toBe(1);
    const refused = r.stderr.split('\n').filter((l) => l.includes('refused:'));
    expect(refused.map((l) => l.replace(dir + '/', ''))).toEqual([
      'analyse: game 2: refused: cut.xqf (XQF 1.0): a truncated XQF file: it ends inside its first record',
      'analyse: game 4: refused: board.png: not a game record: a PNG image',
      'analyse: game 5: refused: empty.pgn: an empty file',
      'analyse: game 6: refused: noise.bin: not a game record: binary data of no format it knows',
    ]);
    expect(r.stderr).toMatch(/3 game\(s\) reviewed, 4 refused/);
    expect(r.stderr).not.toMatch(/at .*\.(ts|js|cjs):\d+/);
    const text = readFileSync(at('batch.pgn'), 'utf8');
    const out = parsePgn(text);
    expect(out.map((g) => [g.format, g.moves.length])).toEqual([
      ['chinese', 16],
      ['iccs', 4],
      ['chinese', 2],
    ]);
    expect(out[0].tags).toContainEqual(['Red', '柳大华']);
    expect(text).toContain('\n1. H2-E2\n');
  });

  it('says what is wrong with the command line, in one line', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['analyse', at('games.pgn')], /give --out FILE/],
      [['analyse', '--out', at('x.pgn')], /name the files of the games/],
      [['analyse', at('games.pgn'), '--out', at('x.pgn'), '--nodes', '10', '--depth', '3'], /one limit a position: --nodes or --depth/],
      [['analyse', at('nothing.pgn'), '--out', at('x.pgn')], /cannot read .*nothing\.pgn: no such file/],
      [['analyse', at('games.pgn'), '--out', at('games.pgn')], /is an input; give another file/],
      [['analyse', at('games.pgn'), '--out', at('x.pgn'), '--format', 'xyz'], /expected iccs, wxf or chinese/],
      [['analyse', '--fit-curve'], /--fit-curve needs datagen files/],
      [['analyse', '--fit-curve', at('games.pgn')], /games\.pgn/],
      [['analyse', '--fit-wdl'], /--fit-wdl needs datagen files/],
      [['analyse', '--fit-wdl', at('games.pgn')], /games\.pgn/],
      [['analyse', '--fit-wdl', '--nodes', '10', at('x.bin')], /drop --nodes \(not with --fit-wdl\)/],
    ];
    for (const [args, message] of cases) {
      const r = await chuhan(args);
      expect(r.code, args.join(' ')).toBeGreaterThan(0);
      expect(r.stderr, args.join(' ')).toMatch(message);
      expect(r.stderr.trim().split('\n').length, r.stderr).toBeLessThanOrEqual(2);
    }
  });
});
