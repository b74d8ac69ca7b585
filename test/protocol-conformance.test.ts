// The command-parsing conformance table of the UCCI spec (§14.1), line by line, in UCCI and (for
// the rows marked "any") UCI, against the protocol Session in process (test/session-harness.ts).
// How a command was understood is read from what it did, not from debug wording: the Command the
// parser made, the position and limits the session handed its search (the SearchPlan), the value
// an option stored or handed on, and the replies. A row that should draw no complaint must write
// no `info string` at all. The messages a user reads are checked once each, in
// protocol-messages.test.ts; the rows about the clock in real time are in protocol-clock.timing.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START_FEN, parseIccs, toFen } from '../engine/index';
import { TranspositionTable, DEFAULT_HASH_MB } from '../engine/tt';
import { MAX_HASH_MB } from '../protocol/engine-options';
import { parseLine } from '../protocol/parser';
import { legalBest } from './e2e-engine';
import { position } from './helpers';
import { InProcessEngine, inProcess } from './session-harness';

const START_BOARD = START_FEN.split(' ')[0];
const AFTER_H2E2 = toFen(position(START_FEN, ['h2e2']));
/** Red to move with only its king against king and chariot: the search sees no advantage. */
const RED_BEHIND = '3k5/9/9/9/9/9/9/9/r8/4K4 w - - 0 1';
/** Red to move a chariot up. */
const RED_AHEAD = '3k5/9/9/9/R8/9/9/9/9/4K4 w - - 0 1';
/** Red to move has exactly two legal moves: e0e1 and e0f0 (e0d0 would face the black king). */
const TWO_MOVES = '3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1';

const infoStrings = (lines: string[]): string[] => lines.filter((l) => l.startsWith('info string'));

for (const dialect of ['ucci', 'uci'] as const) {
  describe(`§14.1 conformance, ${dialect.toUpperCase()}`, () => {
    let e: InProcessEngine;
    const noMove = dialect === 'ucci' ? 'nobestmove' : 'bestmove (none)';

    beforeAll(async () => {
      e = await inProcess(dialect, { nodeLimit: 20_000 });
    });
    afterAll(async () => {
      await e?.quit();
    });

    /** Sends lines, then isready; returns the lines in between. */
    const run = (...lines: string[]): Promise<string[]> => e.run(...lines);

    /** The position the session holds now, as its next search gets it (searched to depth 1). */
    async function held(): Promise<{ fen: string; moves: number }> {
      e.send('go depth 1');
      await e.expect(/^(bestmove|nobestmove)/);
      const pos = e.lastSearchPosition();
      return { fen: toFen(pos), moves: e.lastSearchMessage().position.moves.length };
    }

    /** Sends a go and a stop at once: the search is planned, starts, and answers after depth 1. */
    async function planned(go: string): Promise<ReturnType<InProcessEngine['lastSearch']>> {
      const before = e.searches().length;
      e.send(go, 'stop');
      await e.expect(/^(bestmove|nobestmove)/);
      expect(e.searches()).toHaveLength(before + 1);
      return e.lastSearch();
    }

    /** The hash sizes handed to the search since `from` (index into e.posted). */
    const hashSizes = (from: number): number[] =>
      e.toMain(from).flatMap((m) => {
        if (m.type !== 'hash') return [];
        expect(m.buffer?.byteLength).toBe(TranspositionTable.bytesFor(m.mb));
        return [m.mb];
      });
    const clears = (from: number): number => e.toMain(from).filter((m) => m.type === 'clear').length;

    if (dialect === 'ucci') {
      it('#3 setoption usemillisec true: times are milliseconds (the default)', async () => {
        expect(await run('setoption usemillisec true', 'position startpos')).toEqual([]);
        const limits = await planned('go time 5000 increment 0');
        expect(limits).toMatchObject({ time: 5000, increment: 0 });
        legalBest(e.received.at(-1)!.line, position(START_FEN));
      });

      it('#4 setoption  batch  true (extra spaces); pruning is accepted and has no effect', async () => {
        expect(parseLine('setoption  batch  true').command).toEqual({ kind: 'setoption', name: 'batch', value: 'true' });
        expect(await run('setoption  batch  true')).toEqual([]);
        expect(e.session.optionValue('batch')).toBe(true);
        expect(await run('setoption batch false')).toEqual([]);
        expect(e.session.optionValue('batch')).toBe(false);
        expect(parseLine('setoption  pruning  large').command).toEqual({ kind: 'setoption', name: 'pruning', value: 'large' });
        expect(await run('setoption pruning none', 'setoption  pruning  large')).toEqual([]);
        expect(e.session.optionValue('pruning')).toBeUndefined();
      });

      it('#5 setoption bookfiles keeps the spaces of the value; accepted, without a book to read', async () => {
        const line = 'setoption bookfiles C:\\My Books\\a.obk;D:\\b.obk';
        expect(parseLine(line).command).toEqual({ kind: 'setoption', name: 'bookfiles', value: 'C:\\My Books\\a.obk;D:\\b.obk' });
        expect(await run(line)).toEqual([]);
        expect(e.session.optionValue('bookfiles')).toBeUndefined();
      });

      it('#6 setoption newgame: clears the table, sets the start position, no reply', async () => {
        await run('position startpos moves h2e2');
        const from = e.posted.length;
        expect(await run('setoption newgame')).toEqual([]);
        expect(clears(from)).toBe(1);
        expect(await held()).toEqual({ fen: START_FEN, moves: 0 });
      });
    }

    it('#7 setoption name Clear Hash: a new game, no reply', async () => {
      await run('position startpos moves h2e2');
      const from = e.posted.length;
      expect(await run('setoption name Clear Hash')).toEqual([]);
      expect(clears(from)).toBe(1);
      expect(await held()).toEqual({ fen: START_FEN, moves: 0 });
    });

    it('#8 setoption name Hash value 128 / setoption hashsize 128: the table handed to the search', async () => {
      const from = e.posted.length;
      const lines = [
        'setoption name Hash value 32',
        'setoption hashsize 128',
        'setoption name Hash value 16',
        'setoption name Hash value 128',
      ];
      expect(await run(...lines)).toEqual([]);
      expect(hashSizes(from)).toEqual([32, 128, 16, 128]);
      // Setting the size it has already allocates nothing.
      const again = e.posted.length;
      await run('setoption name Hash value 128');
      expect(hashSizes(again)).toEqual([]);
    });

    it('#8 the table is really resized: the same search fills 1 MB far more than 128 MB', async () => {
      const fill = async (mb: number): Promise<number> => {
        await run(`setoption name Hash value ${mb}`, 'setoption name Clear Hash', 'position startpos moves h2e2 h9g7');
        const from = e.received.length;
        e.send('go nodes 20000');
        await e.expect(/^bestmove/);
        const infos = e.received
          .slice(from)
          .map((r) => r.line)
          .filter((l) => l.includes(' hashfull '));
        return Number(/ hashfull (\d+)/.exec(infos.at(-1)!)![1]);
      };
      const small = await fill(1);
      const large = await fill(128);
      expect(small).toBeGreaterThan(20);
      expect(large).toBeLessThan(small / 10);
      await run(`setoption name Hash value ${DEFAULT_HASH_MB}`);
    });

    it('#9 position startpos: start position, empty history', async () => {
      expect(await run('position startpos moves h2e2', 'position startpos')).toEqual([]);
      expect(await held()).toEqual({ fen: START_FEN, moves: 0 });
    });

    it('#10 position fen <start> moves (empty list)', async () => {
      expect(parseLine(`position fen ${START_FEN} moves`).command).toMatchObject({
        kind: 'position',
        position: { startpos: false, moves: [] },
      });
      expect(await run(`position fen ${START_FEN} moves`)).toEqual([]);
      expect(await held()).toEqual({ fen: START_FEN, moves: 0 });
    });

    it('#11 position fen <start> w -- 0 1  moves h2e2 (gmchess form): after h2e2, Black to move', async () => {
      expect(await run(`position fen ${START_BOARD} w -- 0 1  moves h2e2`)).toEqual([]);
      expect(await held()).toEqual({ fen: AFTER_H2E2, moves: 1 });
    });

    it('#12 position fen with E/H aliases, short FEN, side r: the start position', async () => {
      expect(await run('position fen rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r')).toEqual([]);
      expect(await held()).toEqual({ fen: START_FEN, moves: 0 });
    });

    if (dialect === 'uci') {
      it('#13 bare fen … moves h2e2 (UCI-Cyclone): read as position', async () => {
        expect(parseLine(`fen ${START_FEN} moves h2e2`).command).toEqual({
          kind: 'position',
          position: { startpos: false, fenFields: START_FEN.split(' '), moves: ['h2e2'] },
          bare: true,
        });
        expect(await run(`fen ${START_FEN} moves h2e2`)).toEqual([]);
        expect(await held()).toEqual({ fen: AFTER_H2E2, moves: 1 });
        // startpos without `position` as well
        expect(await run('startpos moves h2e2 h9g7')).toEqual([]);
        expect(await held()).toEqual({ fen: toFen(position(START_FEN, ['h2e2', 'h9g7'])), moves: 2 });
      });
    }

    it('#14 position startpos moves h2e2 zz99 h9g7: keeps h2e2, names zz99, no crash', async () => {
      const out = await run('position startpos moves h2e2 zz99 h9g7');
      expect(infoStrings(out)).toHaveLength(1);
      expect(out[0]).toContain("'zz99'");
      expect(await held()).toEqual({ fen: AFTER_H2E2, moves: 1 });
      legalBest(e.received.at(-1)!.line, position(START_FEN, ['h2e2']));
    });

    it('#15 banmoves, then position: the ban list is empty again', async () => {
      const pos = position(TWO_MOVES);
      const [e0e1, e0f0] = [parseIccs(pos, 'e0e1'), parseIccs(pos, 'e0f0')];
      expect(await run(`position fen ${TWO_MOVES}`, 'banmoves e0e1')).toEqual([]);
      e.send('go depth 3');
      expect(legalBest((await e.expect(/^bestmove/)).line, pos)).toBe('e0f0');
      expect(e.lastSearch().excluded).toEqual([e0e1]);
      expect(await run('banmoves e0e1 e0f0')).toEqual([]);
      e.send('go depth 3');
      await e.expect((l) => l === noMove);
      expect(e.lastSearch().excluded).toEqual([e0e1, e0f0]);
      expect(await run(`position fen ${TWO_MOVES}`)).toEqual([]);
      e.send('go depth 3');
      legalBest((await e.expect(/^bestmove/)).line, pos);
      expect(e.lastSearch().excluded).toBeUndefined();
      // The spec's example: bans are moves, checked against the position; junk is named.
      const out = await run('banmoves h6i4 zz');
      expect(infoStrings(out)).toHaveLength(1);
      expect(out[0]).toContain("'h6i4'");
      expect(out[0]).toContain("'zz'");
    });

    if (dialect === 'ucci') {
      it('#16 go time 300 increment 2 after usemillisec false: 300 s + 2 s', async () => {
        await run('setoption usemillisec false', 'position startpos');
        expect(await planned('go time 300 increment 2')).toMatchObject({ time: 300_000, increment: 2000 });
        await run('setoption usemillisec true');
        expect(await planned('go time 300 increment 2')).toMatchObject({ time: 300, increment: 2 });
      });

      it('#17 go time 60000 opptime 58000 oppincrement 1000 increment 1000 depth 12', async () => {
        const limits = await planned('go time 60000 opptime 58000 oppincrement 1000 increment 1000 depth 12');
        expect(limits).toMatchObject({ depth: 12, time: 60_000, increment: 1000 });
        expect(limits.movestogo).toBeUndefined();
      });

      it('#18 go time 60000 opptime 60000: sudden death, 60 s', async () => {
        const limits = await planned('go time 60000 opptime 60000');
        expect(limits).toMatchObject({ time: 60_000, increment: 0 });
        expect(limits.movestogo).toBeUndefined();
        expect(limits.depth).toBeUndefined();
      });

      it('#19 go time 120000 movestogo 20 opptime 100000 oppmovestogo 18: 20 moves in 120 s', async () => {
        expect(await planned('go time 120000 movestogo 20 opptime 100000 oppmovestogo 18')).toMatchObject({
          time: 120_000,
          increment: 0,
          movestogo: 20,
        });
      });
    }

    for (const form of ['go infinite', 'go depth infinite', 'go']) {
      it(`#20 ${form}: unlimited, bestmove held until stop`, async () => {
        await run('position startpos moves h2e2');
        e.send(form);
        // The search here ends by itself at the harness's node bound; the reply still waits.
        await e.sync();
        await e.sync();
        expect(e.lastSearch()).toMatchObject({ infinite: true });
        expect(e.lastSearch().depth).toBeUndefined();
        expect(e.take().filter((l) => /^(bestmove|nobestmove)/.test(l))).toEqual([]);
        e.send('stop');
        legalBest((await e.expect(/^bestmove/, 2000)).line, position(START_FEN, ['h2e2']));
      });
    }

    it('#21 go depth 0', async () => {
      await run('position startpos');
      e.send('go depth 0');
      if (dialect === 'ucci') {
        await e.expect(/^info depth 0 score -?\d+$/);
        const next = await e.expect(/^(bestmove|nobestmove)/);
        expect(next.line).toBe('nobestmove');
      } else {
        legalBest((await e.expect(/^bestmove/)).line, position(START_FEN));
        expect(e.lastSearch().depth).toBe(1);
      }
    });

    it('#22 go movetime 1500 depth 20: stops by 1.5 s or depth 20', async () => {
      await run('position startpos');
      expect(await planned('go movetime 1500 depth 20')).toMatchObject({ depth: 20, movetime: 1500 });
    });

    if (dialect === 'uci') {
      it('#23 go wtime 60000 btime 50000 winc 1000 binc 1000, Black to move: 50 s + 1 s', async () => {
        await run('position startpos moves h2e2');
        expect(await planned('go wtime 60000 btime 50000 winc 1000 binc 1000')).toMatchObject({ time: 50_000, increment: 1000 });
        await run('position startpos');
        expect(await planned('go wtime 60000 btime 50000 winc 1000 binc 1000')).toMatchObject({ time: 60_000, increment: 1000 });
      });
    }

    if (dialect === 'ucci') {
      it('#24 go draw …: accepts the offer only without an advantage', async () => {
        await run(`position fen ${RED_BEHIND}`);
        e.send('go draw depth 4');
        const behind = await e.expect(/^bestmove/);
        legalBest(behind.line, position(RED_BEHIND));
        expect(behind.line).toMatch(/ draw$/);
        await run(`position fen ${RED_AHEAD}`);
        e.send('go draw depth 4');
        const ahead = await e.expect(/^bestmove/);
        legalBest(ahead.line, position(RED_AHEAD));
        expect(ahead.line).not.toMatch(/draw/);
        // Without an offer, no draw suffix even when behind.
        await run(`position fen ${RED_BEHIND}`);
        e.send('go depth 4');
        expect((await e.expect(/^bestmove/)).line).not.toMatch(/draw/);
      });

      it('#25 ponderhit draw during go ponder: the held search answers, with the draw offer', async () => {
        await run(`position fen ${RED_BEHIND}`);
        e.send('go ponder time 4000 increment 0');
        await e.sync();
        await e.sync();
        expect(e.lastSearch()).toMatchObject({ ponder: true, time: 4000, increment: 0 });
        expect(e.take().filter((l) => l.startsWith('bestmove'))).toEqual([]);
        e.send('ponderhit draw');
        const best = await e.expect(/^bestmove/, 5000);
        legalBest(best.line, position(RED_BEHIND));
        expect(best.line).toMatch(/ draw$/);
      });

      it('#26 stop while idle: nobestmove', async () => {
        expect(await run('stop')).toEqual(['nobestmove']);
      });
    } else {
      it('#26 stop while idle (UCI): no reply', async () => {
        expect(await run('stop')).toEqual([]);
      });
    }

    it('#27 isready while thinking: readyok at once, the search goes on', async () => {
      await run('position startpos moves h2e2 h9g7');
      const from = e.received.length;
      e.send('go infinite');
      e.duringSearch('isready');
      await e.expect((l) => l === 'readyok');
      // readyok came from inside the search, after its first report and before any reply.
      const lines = e.received.slice(from).map((r) => r.line);
      const ready = lines.indexOf('readyok');
      expect(lines.slice(0, ready).some((l) => l.startsWith('info depth'))).toBe(true);
      await e.sync();
      expect(e.take().filter((l) => l.startsWith('bestmove'))).toEqual([]);
      e.send('stop');
      legalBest((await e.expect(/^bestmove/)).line, position(START_FEN, ['h2e2', 'h9g7']));
    });

    it('#28 uxinewgame / uccinewgame / ucinewgame: a new game', async () => {
      for (const cmd of ['uxinewgame', 'uccinewgame', 'ucinewgame']) {
        expect(parseLine(cmd).command).toEqual({ kind: 'newgame' });
        await run('position startpos moves h2e2');
        const from = e.posted.length;
        expect(await run(cmd)).toEqual([]);
        expect(clears(from)).toBe(1);
        expect(await held()).toEqual({ fen: START_FEN, moves: 0 });
      }
    });

    it('#30 probe startpos: one pophash line', async () => {
      // The entry must be there: a move and at least one bound, at the root's depth.
      await run('setoption name Clear Hash');
      e.send('position startpos', 'go depth 3');
      const best = await e.expect(/^bestmove/);
      const out = await run('probe startpos');
      expect(out).toHaveLength(1);
      const m = /^pophash bestmove ([a-i]\d[a-i]\d)( lowerbound -?\d+ depth (\d+))?( upperbound -?\d+ depth (\d+))?$/.exec(out[0]);
      expect(m, out[0]).not.toBeNull();
      expect(m![2] ?? m![4], out[0]).toBeDefined();
      expect(Number(m![3] ?? m![5])).toBeGreaterThanOrEqual(3);
      expect(best.line.startsWith(`bestmove ${m![1]}`)).toBe(true);
      // Once the table is cleared the entry is gone.
      await run('setoption name Clear Hash');
      expect(await run('probe startpos')).toEqual(['pophash']);
      // A probe with an unreadable position still gets its pophash, after a message.
      const bad = await run('probe fen 9/9 w');
      expect(bad.filter((l) => !l.startsWith('info string'))).toEqual(['pophash']);
      expect(infoStrings(bad)).toHaveLength(1);
    });
  });
}

describe('§14.1 conformance, handshake and quit', () => {
  it('#1 ucci: the UCCI id/option block, then ucciok', async () => {
    const e = await inProcess('ucci', { cores: 2 });
    const block = e.received.map((r) => r.line);
    expect(block[0]).toBe('id name Chuhan');
    expect(block).toContain('option usemillisec type check default true');
    expect(block).toContain(`option hashsize type spin min 0 max ${MAX_HASH_MB} default ${DEFAULT_HASH_MB}`);
    for (const id of ['id version', 'id copyright', 'id author']) expect(block.some((l) => l.startsWith(id))).toBe(true);
    for (const name of ['hashsize', 'threads', 'ponder', 'newgame', 'debug', 'batch', 'randomness']) {
      expect(block.some((l) => l.startsWith(`option ${name} type `))).toBe(true);
    }
    // Accepted but not announced: resign (gmchess) and the UCCI options without effect yet.
    for (const name of ['resign', 'usebook', 'bookfiles', 'idle', 'pruning', 'knowledge', 'style', 'promotion']) {
      expect(block.some((l) => l.startsWith(`option ${name} type `))).toBe(false);
    }
    expect(block.some((l) => l.startsWith('option name'))).toBe(false);
    expect(block.every((l) => /^(id |option |ucciok$)/.test(l))).toBe(true);
    expect(block.at(-1)).toBe('ucciok');
    await e.quit();
  });

  it('#1 uci: the UCI block (Hash, Threads, Ponder, MultiPV, Clear Hash, Move Overhead), then uciok', async () => {
    const e = await inProcess('uci', { cores: 2 });
    const block = e.received.map((r) => r.line);
    expect(block[0]).toMatch(/^id name Chuhan /);
    expect(block).toContain(`option name Hash type spin default ${DEFAULT_HASH_MB} min 1 max ${MAX_HASH_MB}`);
    expect(block).toContain('option name Threads type spin default 1 min 1 max 256');
    expect(block).toContain('option name Clear Hash type button');
    for (const name of ['Ponder', 'MultiPV', 'Move Overhead']) {
      expect(block.some((l) => l.startsWith(`option name ${name} type `))).toBe(true);
    }
    expect(block.every((l) => /^(id |option name |uciok$)/.test(l))).toBe(true);
    expect(block.at(-1)).toBe('uciok');
    await e.quit();
  });

  it('Threads is announced from 1 to 256 (the cores of the largest servers) on any machine, default 1, in both dialects', async () => {
    for (const [cores, max] of [
      [1, 256],
      [2, 256],
      [100, 256],
    ]) {
      const uci = await inProcess('uci', { cores });
      const ucci = await inProcess('ucci', { cores });
      expect(uci.received.map((r) => r.line)).toContain(`option name Threads type spin default 1 min 1 max ${max}`);
      expect(ucci.received.map((r) => r.line)).toContain(`option threads type spin min 0 max ${max} default 1`);
      await uci.quit();
      await ucci.quit();
    }
  });

  it('#2 uci then ucci: both blocks, the session ends up UCCI', async () => {
    const e = new InProcessEngine();
    e.send('uci', 'ucci');
    await e.expect((l) => l === 'uciok');
    await e.expect((l) => l === 'ucciok');
    expect(await e.run('stop')).toEqual(['nobestmove']);
    e.send('position startpos', 'go depth 3');
    legalBest((await e.expect(/^bestmove/)).line, position(START_FEN));
    // UCCI scores are bare numbers.
    const infos = e.received.map((r) => r.line).filter((l) => l.startsWith('info depth'));
    expect(infos.length).toBeGreaterThan(0);
    expect(infos.every((l) => / score -?\d+ /.test(l))).toBe(true);
    e.send('quit');
    await e.expect((l) => l === 'bye');
    await e.session.done;
  });

  it('#29 quit (UCCI): bye, and the session ends; quit (UCI): it ends without bye', async () => {
    const a = await inProcess('ucci');
    a.send('quit');
    await a.expect((l) => l === 'bye');
    await a.session.done;
    const b = await inProcess('uci');
    b.send('quit');
    await b.session.done;
    expect(b.take()).toEqual([]);
    // Nothing is read after quit.
    b.send('isready');
    expect(b.take()).toEqual([]);
  });

  it('UCI info lines carry score cp / score mate and multipv; MultiPV 3 reports three lines', async () => {
    const e = await inProcess('uci');
    e.send('setoption name MultiPV value 3', 'position startpos', 'go depth 4');
    legalBest((await e.expect(/^bestmove/)).line, position(START_FEN));
    expect(e.lastSearch().multipv).toBe(3);
    const infos = e.received.map((r) => r.line).filter((l) => l.startsWith('info depth'));
    expect(infos.every((l) => / score (cp|mate) -?\d+/.test(l) && / multipv \d+ /.test(l))).toBe(true);
    expect(infos.filter((l) => / depth 4 /.test(l)).map((l) => / multipv (\d+) /.exec(l)![1])).toEqual(['1', '2', '3']);
    await e.quit();
  });
});
