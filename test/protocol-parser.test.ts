// The protocol's pure pieces, in process: the superset parser, the go → SearchLimits conversion,
// the option registry and the dialect formatting of scores.
import { describe, expect, it } from 'vitest';
import { BLACK, RED } from '../engine/index';
import { DAMAGED_GO_MOVETIME, planSearch } from '../protocol/search-plan';
import { engineOptions, type OptionEffects } from '../protocol/engine-options';
import { cleanLine, parseGo, parseLine } from '../protocol/parser';
import { ucciScore, uciScore } from '../engine/wire';
import { ucciSafeText } from '../protocol/ucci';
import { toScore } from '../engine/limits';
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
  const opts = { overhead: 0, randomness: 'none', usemillisec: true, multipv: 1, level: 20 };
  const go = (text: string) =>
    parseGo(
      text.split(' ').filter((t) => t !== ''),
      [],
    );

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

/** The engine's options with effects that record what they were asked to do, and a setoption that returns its messages. */
function testOptions(refuseHashAbove = Infinity) {
  const effects: string[] = [];
  const fx: OptionEffects = {
    resizeHash: (mb) => {
      if (mb > refuseHashAbove) return `a table of ${mb} MB is more than this machine's memory`;
      effects.push(`hash ${mb}`);
      return undefined;
    },
    setThreads: (n) => effects.push(`threads ${n}`),
    setEvaluation: (useNetwork, file) => (effects.push(`evaluation ${useNetwork} ${file}`), file),
    newGame: () => effects.push('new game'),
    ranksChanged: (note) => effects.push(`ranks ${note ?? ''}`),
    setParams: () => effects.push('params'),
  };
  const options = engineOptions(fx);
  const set = (name: string, value: string, dialect: 'ucci' | 'uci' = 'ucci') => {
    const notes: string[] = [];
    const debug: string[] = [];
    const result = options.registry.set(name, value, dialect, { note: (t) => notes.push(t), debug: (t) => debug.push(t) });
    return { result, warnings: notes, debug };
  };
  return { options, set, effects };
}

describe('options', () => {
  it('finds every spelling', () => {
    const { options: o } = testOptions();
    for (const name of ['Hash', 'hashsize', 'HASH']) expect(o.registry.find(name)).toBe(o.hash);
    for (const name of ['Clear Hash', 'clear_hash', 'clearhash', 'newgame']) expect(o.registry.find(name)).toBe(o.newgame);
    expect(o.registry.find('Move_Overhead')).toBe(o.overhead);
    expect(o.registry.find('guiname')).toBeUndefined();
  });

  it('clamps, rejects and accepts values with messages, and runs an effect when the value changes', () => {
    const { options: o, set, effects } = testOptions();
    expect(set('hashsize', '99999')).toMatchObject({
      result: 'set',
      warnings: [expect.stringContaining('using 65536')],
      debug: ['option hashsize = 65536'],
    });
    expect(o.hash.value).toBe(65536);
    set('hashsize', '0');
    expect(o.hash.value).toBe(64); // 0: the engine chooses
    // Below 0: clamped to 0, and the message says what 0 means (not "no hash table").
    set('hashsize', '16');
    expect(set('hashsize', '-3').warnings).toEqual([
      'option hashsize value -3 is out of range 0..65536; using 0, which means the default, 64 MB',
    ]);
    expect(o.hash.value).toBe(64);
    // Each dialect's own name and range.
    expect(set('Hash', '99999', 'uci').warnings).toEqual(['option Hash value 99999 is out of range 1..65536; using 65536']);
    expect(set('Hash', '0', 'uci').warnings).toEqual(['option Hash value 0 is out of range 1..65536; using 1']);
    expect(o.hash.value).toBe(1);
    expect(set('Hash', '99999', 'ucci').warnings).toEqual(['option hashsize value 99999 is out of range 0..65536; using 65536']);
    // Setting the same value again does nothing more.
    set('Hash', '65536', 'uci');
    expect(effects).toEqual(['hash 65536', 'hash 64', 'hash 16', 'hash 64', 'hash 65536', 'hash 1', 'hash 65536']);
    expect(set('ponder', 'on')).toMatchObject({ warnings: [] });
    expect(set('ponder', 'maybe').warnings).toEqual(["option ponder expects true or false, got 'maybe'; left at true"]);
    expect(o.ponder.value).toBe(true);
    expect(set('randomness', 'HUGE').debug).toEqual(['option randomness = huge']);
    expect(set('selectivity', 'wild').warnings).toEqual([
      "option randomness expects one of none, tiny, small, medium, large, huge, got 'wild'; left at huge",
    ]);
    expect(set('nonsense', '1')).toEqual({ result: 'unknown', warnings: [], debug: [] });
  });

  it('a button runs its effect at every press; UCI_Variant chooses ranks 1-10 every time it is set', () => {
    const { options: o, set, effects } = testOptions();
    set('Clear Hash', '');
    set('newgame', '');
    expect(effects).toEqual(['new game', 'new game']);
    effects.length = 0;
    set('UCI_Variant', 'xiangqi', 'uci');
    expect(o.ranks.value).toBe('1-10');
    set('Ranks', '0-9', 'uci');
    set('UCI_Variant', 'xiangqi', 'uci');
    set('UCI_Variant', 'xiangqi', 'uci');
    expect(effects).toEqual([
      'ranks UCI_Variant xiangqi: moves now use ranks 1-10 (setoption name Ranks value 0-9 for ranks 0-9)',
      'ranks ',
      'ranks UCI_Variant xiangqi: moves now use ranks 1-10 (setoption name Ranks value 0-9 for ranks 0-9)',
    ]);
  });

  it('a hash size the effect refuses leaves the old value, with the reason', () => {
    const { options: o, set, effects } = testOptions(4096);
    set('Hash', '4096', 'uci');
    expect(set('Hash', '8192', 'uci')).toMatchObject({
      result: 'set',
      warnings: ["option Hash 8192: a table of 8192 MB is more than this machine's memory; left at 4096"],
    });
    expect(o.hash.value).toBe(4096);
    // Asked again, it is tried again (the value never changed).
    expect(set('hashsize', '8192').warnings).toHaveLength(1);
    expect(effects).toEqual(['hash 4096']);
  });

  it('Threads goes up to 256 on any machine; an EvalFile that cannot be used leaves the one in use', () => {
    const { options: o, set } = testOptions();
    expect(set('Threads', '256', 'uci').warnings).toEqual([]);
    expect(set('Threads', '300', 'uci').warnings).toEqual(['option Threads value 300 is out of range 1..256; using 256']);
    expect(o.threads.value).toBe(256);
    const refusing = engineOptions({
      resizeHash: () => undefined,
      setThreads: () => {},
      setEvaluation: () => '<embedded>',
      newGame: () => {},
      ranksChanged: () => {},
      setParams: () => {},
    });
    refusing.registry.set('EvalFile', '/no/such.nnue', 'uci', { note: () => {}, debug: () => {} });
    expect(refusing.evalfile.value).toBe('<embedded>');
  });

  it('the ignored UCCI options are accepted, neither read nor echoed', () => {
    const { set, effects } = testOptions();
    for (const [name, value] of [
      ['pruning', 'NONE'],
      ['bookfiles', 'a.obk; b c.obk;'],
      ['style', 'wild'],
      ['OwnBook', 'true'],
    ]) {
      expect(set(name, value)).toEqual({ result: 'ignored', warnings: [], debug: [] });
    }
    expect(effects).toEqual([]);
  });
});

describe('scores', () => {
  it('UCCI: plain numbers, mates as ±(10000 − plies); UCI: cp and mate in moves', () => {
    expect(ucciScore({ kind: 'cp', cp: 37 })).toBe(37);
    expect(ucciScore({ kind: 'mate', plies: 5 })).toBe(9995);
    expect(ucciScore({ kind: 'mate', plies: -4 })).toBe(-9996);
    expect(uciScore({ kind: 'cp', cp: -12 })).toBe('cp -12');
    expect(uciScore({ kind: 'mate', plies: 5 })).toBe('mate 3');
    expect(uciScore({ kind: 'mate', plies: -4 })).toBe('mate -2');
    // Mated now (no legal move): UCCI −10000, UCI mate 0.
    expect(ucciScore({ kind: 'mate', plies: 0 })).toBe(-10000);
    expect(uciScore({ kind: 'mate', plies: 0 })).toBe('mate 0');
  });

  it('rule results (RULE_WIN − plies inside the search) are reported in the mate range', () => {
    // The search's scores as the protocol gets them.
    expect(toScore(RULE_WIN - 4)).toEqual({ kind: 'rule', plies: 4 });
    expect(toScore(-(RULE_WIN - 6))).toEqual({ kind: 'rule', plies: -6 });
    expect(toScore(RULE_BOUND)).toEqual({ kind: 'cp', cp: RULE_BOUND });
    expect(toScore(500)).toEqual({ kind: 'cp', cp: 500 });
    // UCCI: ±(9900 − plies), as ElephantEye; UCI: a mate in ⌈plies/2⌉ moves, as Pikafish.
    expect(ucciScore(toScore(RULE_WIN - 4))).toBe(9896);
    expect(uciScore(toScore(RULE_WIN - 4))).toBe('mate 2');
    expect(ucciScore(toScore(RULE_WIN - 5))).toBe(9895);
    expect(uciScore(toScore(RULE_WIN - 5))).toBe('mate 3');
    expect(ucciScore(toScore(-(RULE_WIN - 6)))).toBe(-9894);
    expect(uciScore(toScore(-(RULE_WIN - 6)))).toBe('mate -3');
    // The farthest rule result stays beyond ±9800 and below every mate (the nearest mate in the
    // farthest reach of the search, MAX_PLY + 1 plies, is 10000 − 129).
    expect(ucciScore(toScore(RULE_BOUND + 1))).toBe(9801);
    expect(ucciScore(toScore(-(RULE_BOUND + 1)))).toBe(-9801);
    expect(ucciScore({ kind: 'mate', plies: MAX_PLY + 1 })).toBeGreaterThan(9801);
    // Evaluations stay within ±9000, below every decided result; the band's edge is no rule result.
    expect(ucciScore(toScore(RULE_BOUND))).toBe(9000);
    expect(uciScore(toScore(RULE_BOUND))).toBe(`cp ${RULE_BOUND}`);
    expect(ucciScore({ kind: 'cp', cp: -12345 })).toBe(-9000);
    expect(ucciScore({ kind: 'cp', cp: 8999 })).toBe(8999);
  });

  it('UCCI free text never contains draw or resign', () => {
    expect(ucciSafeText("unknown command 'Draw' or RESIGN")).not.toMatch(/draw|resign/i);
  });
});
