// The protocol's pure pieces, in process: the superset parser, the go → SearchLimits conversion,
// the option registry and the dialect formatting of scores.
import { describe, expect, it } from 'vitest';
import { BLACK, RED } from '../engine/index';
import { DAMAGED_GO_MOVETIME, planSearch } from '../protocol/clock';
import { defaultOptions, findOption, setOption } from '../protocol/options';
import { cleanLine, parseGo, parseLine } from '../protocol/parser';
import { ucciScore, uciScore } from '../engine/wire';
import { ucciSafeText } from '../protocol/ucci';
import { rulePlies } from '../engine/limits';
import { MAX_PLY, RULE_BOUND, RULE_WIN } from '../engine/search-params';

describe('parseLine', () => {
  it('cleans CR, tabs and control characters and matches command words in any case', () => {
    expect(cleanLine('isready\r')).toBe('isready');
    expect(cleanLine('go\tdepth\x005')).toBe('go depth 5');
    expect(parseLine('  IsReady  ').command).toEqual({ kind: 'isready' });
    expect(parseLine('').command).toEqual({ kind: 'empty' });
  });

  it('reads both setoption forms, keeping spaces in UCCI values and UCI names', () => {
    expect(parseLine('setoption name Move Overhead value 100').command).toEqual({
      kind: 'setoption',
      name: 'Move Overhead',
      value: '100',
    });
    expect(parseLine('setoption name Clear Hash').command).toEqual({ kind: 'setoption', name: 'Clear Hash', value: '' });
    expect(parseLine('setoption bookfiles C:\\My Books\\a.obk;D:\\b.obk ').command).toEqual({
      kind: 'setoption',
      name: 'bookfiles',
      value: 'C:\\My Books\\a.obk;D:\\b.obk',
    });
  });

  it('reads position, the bare Cyclone form and probe', () => {
    const p = parseLine('position fen 4k4/9/9/9/9/9/9/9/9/4K4 w -- 0 1  moves e0e1 e9e8').command;
    expect(p).toEqual({
      kind: 'position',
      bare: false,
      position: { startpos: false, fenFields: ['4k4/9/9/9/9/9/9/9/9/4K4', 'w', '--', '0', '1'], moves: ['e0e1', 'e9e8'] },
    });
    expect(parseLine('startpos moves h2e2').command).toMatchObject({ kind: 'position', bare: true });
    expect(parseLine('probe').command).toEqual({ kind: 'probe', position: null });
    expect(parseLine('probe nonsense').command).toMatchObject({ kind: 'probe', position: null, error: expect.any(String) });
    expect(parseLine('position').command.kind).toBe('error');
  });
});

describe('parseGo', () => {
  it('takes keywords in any order and combination', () => {
    const w: string[] = [];
    const g = parseGo('oppincrement 1 time 60 increment 2 opptime 58 depth 12 draw'.split(' '), w);
    expect(g).toMatchObject({ time: 60, increment: 2, opptime: 58, oppincrement: 1, depth: 12, draw: true, damaged: false });
    expect(w).toEqual([]);
  });

  it('reads depth infinite, searchmoves and reports damaged arguments', () => {
    const w: string[] = [];
    expect(parseGo(['depth', 'infinite'], w)).toMatchObject({ infinite: true, depth: undefined });
    expect(parseGo('searchmoves h2e2 b0c2 depth 3'.split(' '), w)).toMatchObject({ searchmoves: ['h2e2', 'b0c2'], depth: 3 });
    const bad = parseGo('depth movetime 100 nodes x frob'.split(' '), w);
    expect(bad).toMatchObject({ movetime: 100, damaged: true });
    expect(bad.depth).toBeUndefined();
    expect(w).toEqual([
      "go: 'depth' needs a number, got 'movetime'; ignored",
      "go: 'nodes' needs a number, got 'x'; ignored",
      "go: unknown word 'frob' ignored",
    ]);
  });
});

describe('planSearch', () => {
  const opts = { ...defaultOptions(), overhead: 0 };
  const go = (text: string) => parseGo(text.split(' ').filter((t) => t !== ''), []);

  it('converts UCCI seconds or milliseconds for the mover', () => {
    expect(planSearch(go('time 300 increment 2'), RED, { ...opts, usemillisec: false }, 'ucci').limits).toEqual({
      time: 300_000,
      increment: 2000,
      overhead: 0,
    });
    expect(planSearch(go('time 60000 movestogo 20'), BLACK, opts, 'ucci').limits).toEqual({
      time: 60_000,
      increment: 0,
      movestogo: 20,
      overhead: 0,
    });
  });

  it("takes the side to move's UCI clock and hands the move overhead to the time budget, which takes it off once", () => {
    const p = planSearch(go('wtime 60000 btime 50000 winc 1000 binc 500'), BLACK, { ...opts, overhead: 30 }, 'uci');
    expect(p.limits).toEqual({ time: 50_000, increment: 500, overhead: 30 });
    expect(p.hardStop).toBeGreaterThan(0);
    expect(p.hardStop).toBeLessThan(49_970 * 0.75 + 1);
    expect(planSearch(go('wtime 60000 winc 1000'), RED, opts, 'uci').limits.time).toBe(60_000);
  });

  it('limits the hard deadline by movetime and leaves infinite searches unbounded', () => {
    expect(planSearch(go('movetime 1500 depth 20'), RED, opts, 'ucci')).toMatchObject({
      limits: { movetime: 1500, depth: 20 },
      hardStop: 1500,
      infinite: false,
    });
    for (const text of ['', 'infinite', 'depth infinite', 'ponder']) {
      const p = planSearch(go(text), RED, opts, 'ucci');
      expect(p.infinite).toBe(true);
      expect(p.hardStop).toBeUndefined();
    }
  });

  it('depth 0 is a static score in UCCI and one ply in UCI; damaged limits search a second', () => {
    expect(planSearch(go('depth 0'), RED, opts, 'ucci')).toMatchObject({ depthZero: true, limits: { depth: 0 } });
    expect(planSearch(go('depth 0'), RED, opts, 'uci')).toMatchObject({ depthZero: false, limits: { depth: 1 } });
    // An unreadable or negative depth is searched one ply: never nobestmove (read as resigning).
    const p = planSearch(go('depth x'), RED, opts, 'ucci');
    expect(p.limits).toEqual({ depth: 1, overhead: 0 });
    expect(p.infinite).toBe(false);
    expect(p.warnings).toContain('go: no readable depth; searching depth 1');
    const neg = planSearch(go('depth -5'), RED, opts, 'ucci');
    expect(neg).toMatchObject({ depthZero: false, limits: { depth: 1 } });
    expect(neg.warnings).toContain('go: depth -5 is out of range 1..100; using 1');
    // Other damaged limits still search a second.
    expect(planSearch(go('nodes x'), RED, opts, 'ucci').limits).toEqual({ movetime: DAMAGED_GO_MOVETIME, overhead: 0 });
  });
});

describe('options', () => {
  it('finds every spelling', () => {
    for (const name of ['Hash', 'hashsize', 'HASH']) expect(findOption(name)?.key).toBe('hash');
    for (const name of ['Clear Hash', 'clear_hash', 'clearhash', 'newgame']) expect(findOption(name)?.key).toBe('newgame');
    expect(findOption('Move_Overhead')?.key).toBe('overhead');
    expect(findOption('guiname')).toBeUndefined();
  });

  it('clamps, rejects and accepts values with messages', () => {
    const v = defaultOptions();
    expect(setOption(v, 'hashsize', '99999')).toMatchObject({ changed: true, warnings: [expect.stringContaining('using 1024')] });
    expect(v.hash).toBe(1024);
    setOption(v, 'hashsize', '0');
    expect(v.hash).toBe(64); // 0: the engine chooses
    // Below 0: clamped to 0, and the message says what 0 means (not "no hash table").
    v.hash = 16;
    expect(setOption(v, 'hashsize', '-3').warnings).toEqual(['option hashsize value -3 is out of range 0..1024; using 0, which means the default, 64 MB']);
    expect(v.hash).toBe(64);
    // Each dialect's own name and range.
    expect(setOption(v, 'Hash', '99999', 'uci').warnings).toEqual(['option Hash value 99999 is out of range 1..1024; using 1024']);
    expect(setOption(v, 'Hash', '0', 'uci').warnings).toEqual(['option Hash value 0 is out of range 1..1024; using 1']);
    expect(v.hash).toBe(1);
    expect(setOption(v, 'Hash', '99999', 'ucci').warnings).toEqual(['option hashsize value 99999 is out of range 0..1024; using 1024']);
    expect(setOption(v, 'ponder', 'on')).toMatchObject({ changed: true, warnings: [] });
    expect(setOption(v, 'ponder', 'maybe').warnings).toHaveLength(1);
    expect(v.ponder).toBe(true);
    setOption(v, 'pruning', 'NONE');
    expect(v.pruning).toBe('none');
    setOption(v, 'bookfiles', 'a.obk; b c.obk;');
    expect(v.bookfiles).toEqual(['a.obk', 'b c.obk']);
    expect(setOption(v, 'nonsense', '1')).toEqual({ changed: false, warnings: [] });
  });
});

describe('scores', () => {
  it('UCCI: plain numbers, mates as ±(10000 − plies); UCI: cp and mate in moves', () => {
    expect(ucciScore({ cp: 37 })).toBe(37);
    expect(ucciScore({ mate: 3 })).toBe(9995);
    expect(ucciScore({ mate: -2 })).toBe(-9996);
    expect(uciScore({ cp: -12 })).toBe('cp -12');
    expect(uciScore({ mate: -2 })).toBe('mate -2');
  });

  it('rule results (RULE_WIN − plies inside the search) are reported in the mate range', () => {
    // UCCI: ±(9900 − plies), as ElephantEye; UCI: a mate in ⌈plies/2⌉ moves, as Pikafish.
    expect(ucciScore({ cp: RULE_WIN - 4 })).toBe(9896);
    expect(uciScore({ cp: RULE_WIN - 4 })).toBe('mate 2');
    expect(ucciScore({ cp: RULE_WIN - 5 })).toBe(9895);
    expect(uciScore({ cp: RULE_WIN - 5 })).toBe('mate 3');
    expect(ucciScore({ cp: -(RULE_WIN - 6) })).toBe(-9894);
    expect(uciScore({ cp: -(RULE_WIN - 6) })).toBe('mate -3');
    // The farthest rule result stays beyond ±9800 and below every mate (the nearest mate in the
    // farthest reach of the search, MAX_PLY + 1 plies, is 10000 − 129).
    expect(ucciScore({ cp: RULE_BOUND + 1 })).toBe(9801);
    expect(ucciScore({ cp: -(RULE_BOUND + 1) })).toBe(-9801);
    expect(ucciScore({ mate: Math.ceil((MAX_PLY + 1) / 2) })).toBeGreaterThan(9801);
    // Evaluations stay within ±9000, below every decided result; the band's edge is no rule result.
    expect(ucciScore({ cp: RULE_BOUND })).toBe(9000);
    expect(uciScore({ cp: RULE_BOUND })).toBe(`cp ${RULE_BOUND}`);
    expect(ucciScore({ cp: -12345 })).toBe(-9000);
    expect(ucciScore({ cp: 8999 })).toBe(8999);
    expect(rulePlies({ cp: 500 })).toBeNull();
    expect(rulePlies({ mate: 3 })).toBeNull();
  });

  it('UCCI free text never contains draw or resign', () => {
    expect(ucciSafeText("unknown command 'Draw' or RESIGN")).not.toMatch(/draw|resign/i);
  });
});
