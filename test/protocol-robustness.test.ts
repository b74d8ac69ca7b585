// Bad and awkward input against the protocol Session in process (test/session-harness.ts): every
// problem draws a message (their words are in protocol-messages.test.ts), the session keeps its
// state where the input was unusable and answers everything it owes. Also batch mode and the end
// of input. What only a real pipe shows (a slow reader, bytes on stdin) is in protocol-smoke.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START_FEN, toFen } from '../engine/index';
import { parseLine } from '../protocol/parser';
import { MAX_GAME_PLIES } from '../protocol/setup';
import { legalBest } from './e2e-engine';
import { position } from './helpers';
import { InProcessEngine, inProcess } from './session-harness';

/** Horses out and back: a legal 4-ply cycle repeated to any length. */
function shuffle(plies: number): string[] {
  const cycle = ['b0c2', 'b9c7', 'c2b0', 'c7b9'];
  return Array.from({ length: plies }, (_, i) => cycle[i % 4]);
}

const infoStrings = (lines: string[]): string[] => lines.filter((l) => l.startsWith('info string'));

describe('bad input, UCCI', () => {
  let e: InProcessEngine;
  beforeAll(async () => {
    e = await inProcess('ucci', { nodeLimit: 20_000 });
  });
  afterAll(async () => {
    await e?.quit();
  });

  /** The position the session holds, as its next search gets it. */
  async function held(): Promise<{ fen: string; moves: number }> {
    e.send('go depth 1');
    await e.expect(/^(bestmove|nobestmove)/);
    return { fen: toFen(e.lastSearchPosition()), moves: e.lastSearchMessage().position.moves.length };
  }

  it('CRLF endings, tabs, repeated spaces, control characters and blank lines', async () => {
    e.sendRaw('\r\n\n   \n\t\t\nisready\r\n');
    await e.expect((l) => l === 'readyok');
    e.sendRaw('position\tstartpos \t moves\th2e2 \x00  h9g7\r\n');
    expect(await e.sync()).toEqual([]);
    e.sendRaw('  GO   depth\t2 \r\n');
    legalBest((await e.expect(/^bestmove/)).line, position(START_FEN, ['h2e2', 'h9g7']));
    expect(e.lastSearch().depth).toBe(2);
    // Text after a CR that ends no line is cut, as ElephantEye does.
    expect(parseLine('isready\rgarbage').command).toEqual({ kind: 'isready' });
  });

  it('unknown and damaged commands each draw one message, never end the session', async () => {
    const lines = ['xyzzy 1 2 3', 'setoption', 'debug maybe', 'ponderhit'];
    expect(lines.map((l) => parseLine(l).command.kind)).toEqual(['unknown', 'error', 'error', 'ponderhit']);
    expect(infoStrings(await e.run(...lines))).toHaveLength(4);
    e.send('position startpos', 'go depth 2');
    legalBest((await e.expect(/^bestmove/)).line, position(START_FEN));
  });

  it('never prints the words draw or resign outside bestmove (gmchess reads them anywhere)', async () => {
    const from = e.received.length;
    e.send('drawresign', 'go draw foo', 'setoption resign maybe', 'position startpos moves draw');
    e.send('stop');
    await e.expect(/^bestmove/);
    await e.sync();
    const text = e.received
      .slice(from)
      .map((r) => r.line)
      .filter((l) => !l.startsWith('bestmove'));
    expect(infoStrings(text).length).toBeGreaterThanOrEqual(4);
    expect(text.some((l) => /draw|resign/i.test(l))).toBe(false);
  });

  it('a truncated or invalid position line keeps the previous position', async () => {
    await e.run('position startpos moves h2e2');
    const bad = ['position', 'position fen', 'position fen rnbakabnr/9 w', 'position fen 9/9/9/9/9/9/9/9/9/9 w', 'position sideways'];
    const out = await e.run(...bad);
    expect(infoStrings(out)).toHaveLength(bad.length);
    expect(await held()).toEqual({ fen: toFen(position(START_FEN, ['h2e2'])), moves: 1 });
  });

  it('an illegal move in the list keeps the legal prefix', async () => {
    expect(infoStrings(await e.run('position startpos moves h2e2 h9g7 a0a5 b0c2'))).toHaveLength(1);
    expect(await held()).toEqual({ fen: toFen(position(START_FEN, ['h2e2', 'h9g7'])), moves: 2 });
  });

  it('go before any position searches the start position', async () => {
    const f = await inProcess('ucci');
    f.send('go depth 3');
    legalBest((await f.expect(/^bestmove/)).line, position(START_FEN));
    expect(toFen(f.lastSearchPosition())).toBe(START_FEN);
    await f.quit();
  });

  it(`a 2,000-ply move list is kept whole; an over-long one is cut at ${MAX_GAME_PLIES} with a message`, async () => {
    const moves = shuffle(2000);
    expect(await e.run(`position startpos moves ${moves.join(' ')}`)).toEqual([]);
    // The game is drawn by rule long before (the 60-move limit, repetitions), but a GUI that asks
    // for a move gets one: a legal move, scored as the draw it is.
    const from = e.received.length;
    e.send('go depth 3');
    const reply = await e.expect(/^(bestmove|nobestmove)/);
    legalBest(reply.line, position(START_FEN, moves));
    expect(e.lastSearchMessage().position.moves).toHaveLength(2000);
    const infos = e.received
      .slice(from)
      .map((r) => r.line)
      .filter((l) => l.startsWith('info depth'));
    expect(infos.at(-1)).toMatch(/ score 0 /);
    // As many plies as the history holds, less room for the search's own.
    expect(await e.run(`position startpos moves ${shuffle(MAX_GAME_PLIES).join(' ')}`)).toEqual([]);
    expect((await held()).moves).toBe(MAX_GAME_PLIES);
    expect(infoStrings(await e.run(`position startpos moves ${shuffle(9000).join(' ')}`))).toHaveLength(1);
    expect((await held()).moves).toBe(MAX_GAME_PLIES);
  });

  it('go while searching: the first search is answered, then the second', async () => {
    const from = e.searches().length;
    e.send('position startpos', 'go infinite');
    e.duringSearch('position startpos moves h2e2', 'go depth 3');
    legalBest((await e.expect(/^bestmove/)).line, position(START_FEN));
    legalBest((await e.expect(/^bestmove/)).line, position(START_FEN, ['h2e2']));
    expect(
      e
        .searches()
        .slice(from)
        .map((l) => l.infinite === true),
    ).toEqual([true, false]);
  });

  it('option values out of range are clamped, bad ones leave the value; unknown and ignored options pass quietly', async () => {
    const from = e.posted.length;
    const out = await e.run(
      'setoption threads -1',
      'setoption moveoverhead -5',
      'setoption guiname XQWizard',
      'setoption useegtb true',
      'setoption ponder maybe',
      'setoption style wild',
      'setoption hashsize lots',
    );
    // One message for each clamped or unreadable value, none for the options that are not ours
    // (guiname, useegtb) or that are accepted and do nothing (style).
    expect(infoStrings(out)).toHaveLength(4);
    // The unreadable hash size leaves the table alone; threads -1 is clamped to 0, the default, 1.
    expect(e.toMain(from).filter((m) => m.type === 'hash')).toEqual([]);
    expect(e.session.optionValue('threads')).toBe(1);
    expect(e.session.optionValue('hashsize')).toBe(64);
    e.send('position startpos', 'go time 10000 increment 0', 'stop');
    await e.expect(/^bestmove/);
    expect(e.lastSearch().overhead).toBe(0);
    await e.run('setoption hashsize 16', 'setoption moveoverhead 30');
  });

  it('a megabyte of junk in one line draws a handful of messages, not one per word', async () => {
    const MB = 1 << 20;
    for (const line of [
      `banmoves ${'zz '.repeat(MB / 3)}`,
      `go depth 1 searchmoves ${'zz '.repeat(MB / 3)}`,
      `go depth 1 ${'x '.repeat(MB / 2)}`,
    ]) {
      const from = e.received.length;
      e.send('position startpos', line);
      if (line.startsWith('go')) legalBest((await e.expect(/^bestmove/)).line, position(START_FEN));
      await e.sync();
      const out = e.received.slice(from).map((r) => r.line);
      expect(infoStrings(out).length, line.slice(0, 30)).toBeGreaterThan(0);
      expect(infoStrings(out).length, line.slice(0, 30)).toBeLessThanOrEqual(5);
      expect(Math.max(...out.map((l) => l.length))).toBeLessThan(300);
    }
  });

  it('go searchmoves with no legal move searches every move (as Stockfish), never answers no move', async () => {
    e.send('position startpos', 'go depth 3 searchmoves zz e0e2');
    legalBest((await e.expect(/^bestmove/)).line, position(START_FEN));
    expect(e.lastSearch().excluded).toBeUndefined();
    // Banned moves stay banned.
    e.send('banmoves h2e2', 'go depth 3 searchmoves zz');
    expect(legalBest((await e.expect(/^bestmove/)).line, position(START_FEN))).not.toBe('h2e2');
    expect(e.lastSearch().excluded).toHaveLength(1);
  });

  it('go with unusable limits still answers (after a bounded search)', async () => {
    e.send('position startpos', 'go depth banana');
    legalBest((await e.expect(/^bestmove/, 5000)).line, position(START_FEN));
    expect(e.lastSearch()).toMatchObject({ depth: 1 });
    e.send('go nodes many');
    legalBest((await e.expect(/^bestmove/, 5000)).line, position(START_FEN));
    expect(e.lastSearch()).toMatchObject({ movetime: 1000 });
    expect(e.lastSearch().infinite).toBeUndefined();
  });

  it('quit while searching: the search is answered, then bye, and the session ends', async () => {
    const f = await inProcess('ucci');
    f.send('position startpos', 'go infinite');
    f.duringSearch('quit');
    await f.session.done;
    const tail = f.take().filter((l) => !l.startsWith('info'));
    expect(tail).toHaveLength(2);
    legalBest(tail[0], position(START_FEN));
    expect(tail[1]).toBe('bye');
  });
});

describe('the end of input and batch mode', () => {
  it('end of input: the owed bestmove is written, an infinite search is stopped, then the session ends', async () => {
    const e = new InProcessEngine();
    e.send('ucci', 'position startpos', 'go depth 4');
    e.close();
    legalBest((await e.expect(/^bestmove/)).line, position(START_FEN));
    await e.session.done;
    const f = new InProcessEngine();
    f.send('uci', 'position startpos', 'go infinite');
    f.close();
    legalBest((await f.expect(/^bestmove/)).line, position(START_FEN));
    await f.session.done;
  });

  it('batch mode: lines wait for the search, so a script of searches runs in order', async () => {
    const e = new InProcessEngine();
    e.send('ucci', 'setoption batch true', 'position startpos', 'go depth 3', 'position startpos moves h2e2', 'go depth 3', 'quit');
    legalBest((await e.expect(/^bestmove/)).line, position(START_FEN));
    legalBest((await e.expect(/^bestmove/)).line, position(START_FEN, ['h2e2']));
    await e.expect((l) => l === 'bye');
    await e.session.done;
    expect(infoStrings(e.received.map((r) => r.line))).toEqual([]);
    // Without batch the second go would have stopped the first.
    const f = new InProcessEngine();
    f.send('ucci', 'position startpos', 'go depth 3', 'position startpos moves h2e2', 'go depth 3', 'quit');
    await f.session.done;
    expect(infoStrings(f.received.map((r) => r.line))).toHaveLength(1);
  });
});
