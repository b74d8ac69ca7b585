// The match runner's protocol dialects and engine process wrapper, against a fake engine
// (test/fixtures/fake-engine.ts) and, when installed, Fairy-Stockfish.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseFen, parseIccs, START_FEN } from '../engine/index';
import { parseInfo } from '../engine/wire';
import { EngineProcess, type EngineConfig } from '../bench/engine-process';
import { moveFromWire, moveToWire, parseBestmove, parseOptionLine, positionCommand, setoption } from '../bench/engine-protocol';
import { scoreValue } from '../bench/match/adjudication';
import { goCommand } from '../bench/match/go-command';
import { parseMatchArgs } from '../bench/match/options';
import { buildFakeEngine } from './fixtures/build-fake-engine';
import { FAIRY_STOCKFISH, haveFairyStockfish } from './e2e-engine';

const FSF = FAIRY_STOCKFISH;
const HAVE_FSF = haveFairyStockfish('match-engine');

describe('dialects', () => {
  it('converts moves between ICCS and Fairy-Stockfish UCI ranks 1–10', () => {
    // The same move in both numberings: h2e2 = h3e3, h9g7 = h10g8, a0a1 = a1a2, e9e8 = e10e9.
    const pairs: Array<[string, string]> = [
      ['h2e2', 'h3e3'],
      ['h9g7', 'h10g8'],
      ['a0a1', 'a1a2'],
      ['e9e8', 'e10e9'],
    ];
    for (const [iccs, fsf] of pairs) {
      expect(moveToWire(iccs, 'uci1')).toBe(fsf);
      expect(moveFromWire(fsf, 'uci1')).toBe(iccs);
      expect(moveToWire(iccs, 'ucci')).toBe(iccs);
      expect(moveFromWire(iccs, 'uci')).toBe(iccs);
    }
    expect(moveFromWire('h0e0', 'uci1')).toBeNull();
    expect(moveFromWire('h11e1', 'uci1')).toBeNull();
    expect(moveFromWire('h10g8', 'ucci')).toBeNull();
    expect(moveFromWire('zz99', 'uci')).toBeNull();
  });

  it('writes options, positions and go commands in each dialect', () => {
    expect(setoption('ucci', 'hashsize', '64')).toBe('setoption hashsize 64');
    expect(setoption('uci1', 'Hash', '64')).toBe('setoption name Hash value 64');
    expect(parseOptionLine('option usemillisec type check default true', 'ucci')).toBe('usemillisec');
    expect(parseOptionLine('option name Clear Hash type button', 'uci')).toBe('Clear Hash');
    expect(positionCommand('uci1', START_FEN, ['h2e2', 'h9g7'])).toBe('position startpos moves h3e3 h10g8');
    expect(positionCommand('ucci', START_FEN, [])).toBe('position startpos');
    const fen = '4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1';
    expect(positionCommand('uci', fen, ['e0d0'])).toBe(`position fen ${fen} moves e0d0`);

    const clock = { kind: 'clock' as const, tc: { base: 2000, inc: 20, moves: 0 } };
    const own = { time: 1500, inc: 20 };
    const opp = { time: 1800, inc: 20 };
    // UCI: wtime is Red's clock whoever is to move (ms).
    expect(goCommand('uci1', { limit: clock, own, opp, redToMove: false })).toBe('go wtime 1800 btime 1500 winc 20 binc 20');
    expect(goCommand('uci', { limit: clock, own, opp, redToMove: true })).toBe('go wtime 1500 btime 1800 winc 20 binc 20');
    // UCCI: the mover's clock first, in ms after usemillisec, else whole seconds (UCCI's rule).
    expect(goCommand('ucci', { limit: clock, own, opp, redToMove: true, ucciMillis: true })).toBe(
      'go time 1500 increment 20 opptime 1800 oppincrement 20',
    );
    expect(
      goCommand('ucci', {
        limit: clock,
        own: { time: 61900, inc: 3000 },
        opp: { time: 59000, inc: 3000 },
        redToMove: true,
        ucciMillis: false,
      }),
    ).toBe('go time 61 increment 3 opptime 59 oppincrement 3');
    const rep = { kind: 'clock' as const, tc: { base: 60000, inc: 0, moves: 40 } };
    expect(
      goCommand('ucci', {
        limit: rep,
        own: { time: 30000, inc: 0, movesToGo: 12 },
        opp: { time: 31000, inc: 0, movesToGo: 13 },
        redToMove: false,
        ucciMillis: true,
      }),
    ).toBe('go time 30000 movestogo 12 opptime 31000 oppmovestogo 13');
    expect(
      goCommand('uci', {
        limit: rep,
        own: { time: 30000, inc: 0, movesToGo: 12 },
        opp: { time: 31000, inc: 0, movesToGo: 13 },
        redToMove: false,
      }),
    ).toBe('go wtime 31000 btime 30000 movestogo 12');
    expect(goCommand('ucci', { limit: { kind: 'depth', depth: 7 }, redToMove: true })).toBe('go depth 7');
    expect(goCommand('uci', { limit: { kind: 'nodes', nodes: 5000 }, redToMove: true })).toBe('go nodes 5000');
    expect(goCommand('uci1', { limit: { kind: 'movetime', ms: 100 }, redToMove: true })).toBe('go movetime 100');
    // An engine's own node budget (`nodes=`) goes with the match's limit, the smaller one with --nodes.
    expect(goCommand('uci', { limit: clock, own, opp, redToMove: true, nodes: 2000 })).toBe(
      'go wtime 1500 btime 1800 winc 20 binc 20 nodes 2000',
    );
    expect(goCommand('ucci', { limit: clock, own, opp, redToMove: true, ucciMillis: true, nodes: 2000 })).toBe(
      'go time 1500 increment 20 opptime 1800 oppincrement 20 nodes 2000',
    );
    expect(goCommand('uci', { limit: { kind: 'nodes', nodes: 5000 }, redToMove: true, nodes: 2000 })).toBe('go nodes 2000');
    expect(goCommand('uci', { limit: { kind: 'depth', depth: 9 }, redToMove: true, nodes: 2000 })).toBe('go depth 9 nodes 2000');
    const args = (b: string) => parseMatchArgs(['--engine', 'name=A,cmd=x', '--engine', b, '--tc', '2+0.02']);
    expect(args('name=B,cmd=x,nodes=2000').engines.map((e) => e.nodes)).toEqual([undefined, 2000]);
    expect(() => args('name=B,cmd=x,nodes=0')).toThrow(/nodes= wants an integer ≥ 1, got '0'/);
  });

  it('reads info scores and bestmove lines of every dialect', () => {
    expect(parseInfo('info depth 11 seldepth 13 multipv 1 score cp 43 nodes 29760 time 110 pv b10c8 c4c5')).toEqual({
      depth: 11,
      seldepth: 13,
      multipv: 1,
      score: { kind: 'cp', cp: 43 },
      nodes: 29760,
      time: 110,
      pv: ['b10c8', 'c4c5'],
    });
    expect(parseInfo('info depth 6 score 4 pv b0c2 b9c7')?.score).toEqual({ kind: 'cp', cp: 4 });
    expect(parseInfo('info depth 9 score mate -3 nodes 10')?.score).toEqual({ kind: 'mate', plies: -6 });
    expect(parseInfo('info depth 9 score cp 50 lowerbound nodes 10')?.bound).toBe(true);
    expect(parseInfo('info string score cp 50')).toBeNull();
    expect(parseInfo('bestmove h2e2')).toBeNull();
    expect(scoreValue({ kind: 'mate', plies: 5 })).toBeGreaterThan(100000);
    expect(scoreValue({ kind: 'mate', plies: -6 })).toBeLessThan(-100000);

    expect(parseBestmove('bestmove b10c8 ponder c4c5', 'uci1')).toEqual({
      kind: 'move',
      raw: 'b10c8',
      iccs: 'b9c7',
      ponder: 'c4c5',
      draw: false,
      resign: false,
    });
    expect(parseBestmove('bestmove h2e2 resign', 'ucci')).toMatchObject({ iccs: 'h2e2', resign: true });
    expect(parseBestmove('bestmove h2e2 ponder h9g7 draw', 'ucci')).toMatchObject({ draw: true });
    expect(parseBestmove('nobestmove', 'ucci')).toMatchObject({ kind: 'none' });
    expect(parseBestmove('bestmove (none)', 'uci')).toMatchObject({ kind: 'none' });
    expect(parseBestmove('bestmove zz99', 'uci')).toMatchObject({ kind: 'move', iccs: null });
    expect(parseBestmove('info depth 1', 'uci')).toBeNull();
  });
});

describe('engine process', () => {
  let fake = '';
  let dir = '';
  beforeAll(() => {
    fake = buildFakeEngine();
    dir = mkdtempSync(join(tmpdir(), 'chuhan-engine-'));
  });
  const config = (proto: EngineConfig['proto'], extra: string[] = []): EngineConfig => ({
    name: 'fake',
    cmd: process.execPath,
    args: [fake, ...(proto === 'uci1' ? ['--ranks10'] : []), ...extra],
    proto,
    options: [['Hash', '32']],
  });
  const timeouts = { startup: 5000, stopGrace: 300, hang: 2000 };

  it('does the handshake and plays legal moves in every dialect', async () => {
    for (const proto of ['ucci', 'uci', 'uci1'] as const) {
      const log = join(dir, `log-${proto}.txt`);
      const e = new EngineProcess(config(proto, ['--log', log, '--score', '25']), timeouts);
      await e.start();
      await e.newGame();
      const r = await e.go(START_FEN, ['h2e2'], 'go depth 1', 5000);
      expect(r.kind).toBe('move');
      if (r.kind !== 'move') return;
      const pos = parseFen(START_FEN);
      pos.make(parseIccs(pos, 'h2e2'));
      expect(() => parseIccs(pos, r.iccs!)).not.toThrow();
      expect(r.score).toEqual({ kind: 'cp', cp: 25 });
      expect(r.elapsed).toBeGreaterThanOrEqual(0);
      await e.quit();
      expect(e.alive).toBe(false);
      const sent = readFileSync(log, 'utf8').split('\n');
      if (proto === 'ucci') {
        expect(sent).toContain('setoption usemillisec true');
        expect(sent).toContain('setoption newgame');
        expect(sent).toContain('setoption Hash 32');
        expect(sent).toContain('position startpos moves h2e2');
      } else {
        expect(sent).toContain('setoption name Hash value 32');
        expect(sent).toContain('ucinewgame');
        // Only ranks 1-10 get UCI_Variant: Chuhan takes it to mean that dialect.
        if (proto === 'uci1') expect(sent).toContain('setoption name UCI_Variant value xiangqi');
        else expect(sent).not.toContain('setoption name UCI_Variant value xiangqi');
        expect(sent).toContain(proto === 'uci1' ? 'position startpos moves h3e3' : 'position startpos moves h2e2');
      }
    }
  });

  it('reports a crash when the engine dies mid-search, and restarts', async () => {
    const e = new EngineProcess(config('uci', ['--die-at', '2']), timeouts);
    await e.start();
    expect((await e.go(START_FEN, [], 'go depth 1', 5000)).kind).toBe('move');
    const r = await e.go(START_FEN, ['h2e2', 'h9g7'], 'go depth 1', 5000);
    expect(r.kind).toBe('crash');
    if (r.kind === 'crash') expect(r.detail).toMatch(/exited with code 3/);
    expect(e.alive).toBe(false);
    expect(e.crashes).toBe(1);
    await e.ensureStarted();
    expect(e.alive).toBe(true);
    expect(e.starts).toBe(2);
    expect((await e.go(START_FEN, [], 'go depth 1', 5000)).kind).toBe('move');
    await e.quit();
  });

  it('stops an engine that overruns and kills one that hangs', async () => {
    // Thinks until told to stop: the move comes back after the allowance (a loss on time for the clock).
    const slow = new EngineProcess(config('uci', ['--slow-at', '1']), timeouts);
    await slow.start();
    const r1 = await slow.go(START_FEN, [], 'go wtime 100 btime 100', 100);
    expect(r1.kind).toBe('move');
    expect(r1.elapsed).toBeGreaterThanOrEqual(100);
    expect(r1.elapsed).toBeLessThan(100 + timeouts.stopGrace);
    expect(slow.alive).toBe(true);
    await slow.quit();

    // Ignores `stop`: killed after the grace period.
    const hang = new EngineProcess(config('ucci', ['--hang-at', '1']), timeouts);
    await hang.start();
    const r2 = await hang.go(START_FEN, [], 'go time 100', 100);
    expect(r2.kind).toBe('hang');
    expect(r2.elapsed).toBeGreaterThanOrEqual(100 + timeouts.stopGrace);
    expect(hang.alive).toBe(false);
  });

  it('passes on nobestmove and malformed moves', async () => {
    const e = new EngineProcess(config('ucci', ['--nobest-at', '1', '--garbage-at', '2']), timeouts);
    await e.start();
    expect((await e.go(START_FEN, [], 'go depth 1', 5000)).kind).toBe('none');
    const r = await e.go(START_FEN, [], 'go depth 1', 5000);
    expect(r).toMatchObject({ kind: 'move', raw: 'zz99', iccs: null });
    await e.quit();
  });

  it('fails to start a missing or silent program', async () => {
    const missing = new EngineProcess({ ...config('uci'), cmd: join(dir, 'no-such-engine') }, timeouts);
    await expect(missing.start()).rejects.toThrow(/no-such-engine|ENOENT/);
    const silent = new EngineProcess(
      { name: 'silent', cmd: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'], proto: 'uci', options: [] },
      { ...timeouts, startup: 300 },
    );
    await expect(silent.start()).rejects.toThrow(/no 'uciok' within 300 ms/);
    expect(silent.alive).toBe(false);
  });

  it.skipIf(!HAVE_FSF)('drives Fairy-Stockfish in UCI ranks 1–10 and in UCCI', async () => {
    for (const proto of ['uci1', 'ucci'] as const) {
      const e = new EngineProcess({ name: 'fsf', cmd: FSF, args: [], proto, options: [['Hash', '16']] }, timeouts);
      await e.start();
      await e.newGame();
      const r = await e.go(START_FEN, ['h2e2', 'h9g7'], 'go depth 4', 10000);
      expect(r.kind).toBe('move');
      if (r.kind !== 'move') return;
      const pos = parseFen(START_FEN);
      pos.make(parseIccs(pos, 'h2e2'));
      pos.make(parseIccs(pos, 'h9g7'));
      expect(() => parseIccs(pos, r.iccs!)).not.toThrow();
      expect(r.depth).toBe(4);
      expect(r.score).toBeDefined();
      await e.quit();
    }
  });
});
