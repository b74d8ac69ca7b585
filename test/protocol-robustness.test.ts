// Bad and awkward input against the real executable: every problem is named in an `info string`,
// the engine stays sane and answers what it owes. Also output ordering on a slow pipe, batch mode
// and the end of input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START_FEN } from '../engine/index';
import { EngineProcess, builtEngine, legalBest, startChuhan } from './e2e-engine';
import { position } from './helpers';


let exe: string;
beforeAll(() => {
  exe = builtEngine();
}, 180_000);



/** Horses out and back: a legal 4-ply cycle repeated to any length. */
function shuffle(plies: number): string[] {
  const cycle = ['b0c2', 'b9c7', 'c2b0', 'c7b9'];
  return Array.from({ length: plies }, (_, i) => cycle[i % 4]);
}

describe('bad input, UCCI', () => {
  let e: EngineProcess;
  beforeAll(async () => {
    e = await startChuhan(exe, 'ucci');
    e.send('setoption debug true');
    await e.sync();
  });
  afterAll(async () => {
    await e?.quit();
    e?.kill();
  });

  it('CRLF endings, tabs, repeated spaces and blank lines', async () => {
    e.sendRaw('\r\n\n   \n\t\t\nisready\r\n');
    await e.expect((l) => l === 'readyok');
    e.sendRaw('position\tstartpos \t moves\th2e2   h9g7\r\n');
    const out = await e.sync();
    expect(out.some((l) => l.includes('after 2 move(s)'))).toBe(true);
    e.sendRaw('  GO   depth\t2 \r\n');
    legalBest((await e.expect(/^bestmove/)).line, position(START_FEN, ['h2e2', 'h9g7']));
  });

  it('unknown commands are named, never fatal', async () => {
    e.send('xyzzy 1 2 3', 'setoption', 'debug maybe', 'ponderhit');
    const out = await e.sync();
    expect(out).toContain("info string unknown command 'xyzzy'");
    expect(out).toContain('info string setoption: missing the option name');
    expect(out).toContain("info string debug: expected on or off, got 'maybe'");
    expect(out).toContain('info string ponderhit without a ponder search; ignored');
  });

  it('never prints the words draw or resign outside bestmove (gmchess reads them anywhere)', async () => {
    e.send('drawresign', 'go draw foo');
    e.send('stop');
    await e.expect(/^bestmove/);
    const out = e.received.slice(-20).map((r) => r.line).concat(await e.sync());
    const text = out.filter((l) => !l.startsWith('bestmove'));
    expect(text.length).toBeGreaterThan(0);
    expect(text.some((l) => /draw|resign/i.test(l))).toBe(false);
  });

  it('a truncated or invalid position line keeps the previous position', async () => {
    e.send('position startpos moves h2e2');
    await e.sync();
    e.send('position', 'position fen', 'position fen rnbakabnr/9 w', 'position fen 9/9/9/9/9/9/9/9/9/9 w', 'position sideways');
    const out = await e.sync();
    expect(out).toContain("info string position: missing 'startpos' or 'fen <FEN>'");
    expect(out).toContain('info string position fen: missing the FEN');
    expect(out.some((l) => l.startsWith('info string position: invalid FEN (FEN board has 2 ranks, expected 10)'))).toBe(true);
    expect(out.some((l) => l.startsWith('info string position: invalid FEN (FEN has no red king'))).toBe(true);
    expect(out).toContain("info string position: expected 'startpos' or 'fen', got 'sideways'");
    e.send('go depth 2');
    legalBest((await e.expect(/^bestmove/)).line, position(START_FEN, ['h2e2']));
  });

  it('an illegal move in the list keeps the legal prefix', async () => {
    e.send('position startpos moves h2e2 h9g7 a0a5 b0c2');
    const out = await e.sync();
    expect(out.some((l) => /^info string position: move 3 'a0a5' is not a legal move in this position; kept the 2 move/.test(l))).toBe(
      true,
    );
    e.send('go depth 2');
    legalBest((await e.expect(/^bestmove/)).line, position(START_FEN, ['h2e2', 'h9g7']));
  });

  it('go before any position searches the start position', async () => {
    const f = await startChuhan(exe, 'ucci');
    try {
      f.send('go depth 3');
      legalBest((await f.expect(/^bestmove/)).line, position(START_FEN));
    } finally {
      await f.quit();
    }
  });

  it('a 2,000-ply move list is kept whole; an over-long one is cut with a message', async () => {
    const moves = shuffle(2000);
    e.send(`position startpos moves ${moves.join(' ')}`);
    const out = await e.sync();
    expect(out.some((l) => l.startsWith(`info string position ${START_FEN.split(' ')[0]} w`) && l.includes('after 2000 move(s)'))).toBe(true);
    // The game is drawn by rule long before (the 60-move limit, repetitions), but a GUI that asks
    // for a move gets one: a legal move, scored as the draw it is.
    const from = e.received.length;
    e.send('go depth 3');
    const reply = await e.expect(/^(bestmove|nobestmove)/);
    legalBest(reply.line, position(START_FEN, moves));
    const infos = e.received.slice(from, e.cursor).map((r) => r.line).filter((l) => l.startsWith('info depth'));
    expect(infos.at(-1)).toMatch(/ score 0 /);
    // 7,168 plies are kept (the history holds 8,192, with room for the search's own plies).
    e.send(`position startpos moves ${shuffle(7168).join(' ')}`);
    const full = await e.sync();
    expect(full.some((l) => l.includes('after 7168 move(s)')), full.join('\n')).toBe(true);
    e.send(`position startpos moves ${shuffle(9000).join(' ')}`);
    const long = await e.sync();
    expect(long).toContain('info string position: more than 7168 moves; kept the first 7168');
    expect(long.some((l) => l.includes('after 7168 move(s)'))).toBe(true);
  });

  it('go while searching: the first search is answered, then the second', async () => {
    e.send('position startpos', 'go infinite');
    await e.expect(/^info depth/);
    e.send('position startpos moves h2e2', 'go depth 3');
    await e.expect((l) => l === 'info string go while searching: the current search is stopped and answered first');
    legalBest((await e.expect(/^bestmove/)).line, position(START_FEN));
    legalBest((await e.expect(/^bestmove/)).line, position(START_FEN, ['h2e2']));
  });

  it('option values out of range are clamped and said so; unknown and ignored options are passed over quietly', async () => {
    e.send('setoption debug false');
    await e.sync();
    e.send('setoption hashsize 99999x', 'setoption threads -1', 'setoption moveoverhead -5', 'setoption guiname XQWizard');
    e.send('setoption useegtb true', 'setoption ponder maybe', 'setoption style wild');
    const out = await e.sync();
    expect(out).toEqual([
      "info string option hashsize expects an integer, got '99999x'; left at 64",
      'info string option threads value -1 is out of range 0..256; using 0, which means the default, 1',
      'info string option moveoverhead value -5 is out of range 0..5000; using 0',
      "info string option ponder expects true or false, got 'maybe'; left at false",
    ]);
    e.send('setoption hashsize 16', 'setoption threads 1', 'setoption moveoverhead 30', 'setoption debug true');
    await e.sync();
  });

  it('go with unusable limits still answers (after a bounded search)', async () => {
    e.send('position startpos', 'go depth banana');
    const best = await e.expect(/^bestmove/, 5000);
    legalBest(best.line, position(START_FEN));
    expect(e.received.some((r) => r.line === "info string go: 'depth' needs a number, got 'banana'; ignored")).toBe(true);
    expect(e.received.some((r) => r.line === 'info string go: no usable limit; searching 1000 ms')).toBe(true);
  });

  it('quit while searching: bye and exit at once', async () => {
    const f = await startChuhan(exe, 'ucci');
    f.send('position startpos', 'go infinite');
    await f.expect(/^info depth/);
    f.send('quit');
    await f.expect((l) => l === 'bye');
    expect((await f.exited).code).toBe(0);
  });
});

describe('output and input streams', () => {
  it('a slow reader loses no line, and the engine exits only after writing them all', async () => {
    const e = new EngineProcess(exe);
    e.proc.stdout.pause();
    // About 100 kB of replies: more than a pipe holds, so the engine must keep the rest.
    const n = 600;
    for (let i = 0; i < n; i++) e.send('ucci');
    e.send('quit');
    await new Promise((r) => setTimeout(r, 800));
    expect(e.alive).toBe(true); // still waiting to write
    e.proc.stdout.resume();
    const exit = await e.exited;
    await new Promise((r) => setTimeout(r, 50));
    expect(exit.code).toBe(0);
    const lines = e.received.map((r) => r.line);
    expect(lines.filter((l) => l === 'ucciok')).toHaveLength(n);
    expect(lines[lines.length - 1]).toBe('bye');
    const block = lines.indexOf('ucciok') + 1;
    for (let i = 0; i < n; i++) expect(lines[i * block]).toBe('id name Chuhan');
  });

  it('end of input: the owed bestmove is written, an infinite search is stopped, then exit 0', async () => {
    const e = new EngineProcess(exe);
    e.send('ucci', 'position startpos', 'go depth 4');
    e.proc.stdin.end();
    legalBest((await e.expect(/^bestmove/)).line, position(START_FEN));
    expect((await e.exited).code).toBe(0);
    const f = new EngineProcess(exe);
    f.send('uci', 'position startpos', 'go infinite');
    await f.expect(/^info depth/);
    f.proc.stdin.end();
    legalBest((await f.expect(/^bestmove/)).line, position(START_FEN));
    expect((await f.exited).code).toBe(0);
  });

  it('batch mode: lines wait for the search, so a script of searches runs in order', async () => {
    const e = new EngineProcess(exe);
    e.send('ucci', 'setoption batch true', 'position startpos', 'go depth 3', 'position startpos moves h2e2', 'go depth 3', 'quit');
    legalBest((await e.expect(/^bestmove/)).line, position(START_FEN));
    legalBest((await e.expect(/^bestmove/)).line, position(START_FEN, ['h2e2']));
    await e.expect((l) => l === 'bye');
    expect((await e.exited).code).toBe(0);
    expect(e.received.some((r) => r.line.includes('go while searching'))).toBe(false);
  });
});
