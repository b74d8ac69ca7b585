// The command-parsing conformance table of the UCCI spec (§14.1), line by line, against the real
// executable over pipes, in UCCI and (for the rows marked "any") UCI. How a command was understood
// is read from the engine's debug output (`info string` lines), and what it does from its replies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START_FEN } from '../engine/index';
import { EngineProcess, builtEngine, legalBest, startChuhan, withChuhan } from './e2e-engine';
import { position } from './helpers';

let exe: string;
beforeAll(() => {
  exe = builtEngine();
}, 180_000);

const START_BOARD = START_FEN.split(' ')[0];
const AFTER_H2E2 = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b';
/** Red to move with only its king against king and chariot: the search sees no advantage. */
const RED_BEHIND = '3k5/9/9/9/9/9/9/9/r8/4K4 w - - 0 1';
/** Red to move a chariot up. */
const RED_AHEAD = '3k5/9/9/9/R8/9/9/9/9/4K4 w - - 0 1';
/** Red to move has exactly two legal moves: e0e1 and e0f0 (e0d0 would face the black king). */
const TWO_MOVES = '3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1';



for (const dialect of ['ucci', 'uci'] as const) {
  describe(`§14.1 conformance, ${dialect.toUpperCase()}`, () => {
    let e: EngineProcess;
    const debugOn = dialect === 'ucci' ? 'setoption debug true' : 'debug on';
    const debugOff = dialect === 'ucci' ? 'setoption debug false' : 'debug off';
    const noMove = dialect === 'ucci' ? 'nobestmove' : 'bestmove (none)';

    beforeAll(async () => {
      e = await startChuhan(exe, dialect);
      e.send(debugOn);
      await e.sync();
    });
    afterAll(async () => {
      await e?.quit();
      e?.kill();
    });

    /** Sends lines, then isready; returns the debug/info lines in between. */
    async function run(...lines: string[]): Promise<string[]> {
      e.send(...lines);
      return e.sync();
    }

    if (dialect === 'ucci') {
      it('#3 setoption usemillisec true: times are milliseconds (the default)', async () => {
        const out = await run('setoption usemillisec true', 'position startpos', 'go time 5000 increment 0');
        expect(out).toContain('info string option usemillisec = true');
        expect(out.some((l) => l.includes('clock UCCI time 5000 increment 0 (x1 ms): 5000 ms + 0 ms'))).toBe(true);
        e.send('stop');
        legalBest((await e.expect(/^bestmove/)).line, position(START_FEN));
      });

      it('#4 setoption  batch  true (extra spaces); pruning is accepted and has no effect', async () => {
        expect(await run('setoption  batch  true')).toContain('info string option batch = true');
        expect(await run('setoption batch false')).toContain('info string option batch = false');
        const ignored = await run('setoption  pruning  large');
        expect(ignored).toContain('info string option pruning is accepted and has no effect');
        expect(ignored.filter((l) => l.includes('pruning ='))).toEqual([]);
      });

      it('#5 setoption bookfiles: accepted, without a book to read', async () => {
        const out = await run('setoption bookfiles C:\\My Books\\a.obk;D:\\b.obk');
        expect(out).toContain('info string option bookfiles is accepted and has no effect');
        expect(out.filter((l) => l.includes('bookfiles ='))).toEqual([]);
      });

      it('#6 setoption newgame: clears, no reply', async () => {
        await run(debugOff);
        expect(await run('setoption newgame')).toEqual([]);
        await run(debugOn);
        expect(await run('setoption newgame')).toContain('info string new game: hash cleared, start position set');
      });
    }

    it('#7 setoption name Clear Hash: a new game, no reply', async () => {
      await run(debugOff);
      expect(await run('setoption name Clear Hash')).toEqual([]);
      await run(debugOn);
      expect(await run('setoption name Clear Hash')).toContain('info string new game: hash cleared, start position set');
    });

    it('#8 setoption name Hash value 128 / setoption hashsize 128', async () => {
      expect(await run('setoption name Hash value 32')).toContain('info string option hashsize = 32');
      expect(await run('setoption hashsize 128')).toContain('info string option hashsize = 128');
      expect(await run('setoption name Hash value 16')).toContain('info string option hashsize = 16');
      expect(await run('setoption name Hash value 128')).toContain('info string option hashsize = 128');
    });

    it('#8 the table is really resized: the same search fills 1 MB far more than 128 MB', async () => {
      const fill = async (mb: number): Promise<number> => {
        await run(`setoption name Hash value ${mb}`, 'setoption name Clear Hash', 'position startpos moves h2e2 h9g7');
        const from = e.received.length;
        e.send('go nodes 120000');
        await e.expect(/^bestmove/, 30_000);
        const infos = e.received.slice(from, e.cursor).map((r) => r.line).filter((l) => l.includes(' hashfull '));
        return Number(/ hashfull (\d+)/.exec(infos.at(-1)!)![1]);
      };
      const small = await fill(1);
      const large = await fill(128);
      expect(small).toBeGreaterThan(200);
      expect(large).toBeLessThan(small / 10);
      await run('setoption name Hash value 64');
    });

    it('#9 position startpos: start position, empty history', async () => {
      const out = await run('position startpos');
      expect(out).toContain(`info string position ${START_FEN} after 0 move(s); no banned moves`);
    });

    it('#10 position fen <start> moves (empty list)', async () => {
      const out = await run(`position fen ${START_FEN} moves`);
      expect(out).toContain(`info string position ${START_FEN} after 0 move(s); no banned moves`);
    });

    it('#11 position fen <start> w -- 0 1  moves h2e2 (gmchess form): after h2e2, Black to move', async () => {
      const out = await run(`position fen ${START_BOARD} w -- 0 1  moves h2e2`);
      expect(out.some((l) => l.startsWith(`info string position ${AFTER_H2E2} `) && l.includes('after 1 move(s)'))).toBe(true);
      expect(out.filter((l) => l.startsWith('info string') && !l.includes('received:') && !l.includes('position '))).toEqual([]);
    });

    it('#12 position fen with E/H aliases, short FEN, side r: the start position', async () => {
      const out = await run('position fen rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r');
      expect(out).toContain(`info string position ${START_FEN} after 0 move(s); no banned moves`);
    });

    if (dialect === 'uci') {
      it('#13 bare fen … moves h2e2 (UCI-Cyclone): read as position', async () => {
        const out = await run(`fen ${START_FEN} moves h2e2`);
        expect(out).toContain('info string UCI-Cyclone form (position without the word position)');
        expect(out.some((l) => l.startsWith(`info string position ${AFTER_H2E2} `))).toBe(true);
        e.send('go depth 2');
        legalBest((await e.expect(/^bestmove/)).line, position(START_FEN, ['h2e2']));
        // startpos without `position` as well
        const out2 = await run('startpos moves h2e2 h9g7');
        expect(out2.some((l) => l.includes('after 2 move(s)'))).toBe(true);
      });
    }

    it('#14 position startpos moves h2e2 zz99 h9g7: keeps h2e2, names zz99, no crash', async () => {
      const out = await run('position startpos moves h2e2 zz99 h9g7');
      expect(out.some((l) => /^info string position: move 2 'zz99' is not an ICCS move.*kept the 1 move\(s\) before it/.test(l))).toBe(
        true,
      );
      expect(out.some((l) => l.startsWith(`info string position ${AFTER_H2E2} `))).toBe(true);
      e.send('go depth 2');
      legalBest((await e.expect(/^bestmove/)).line, position(START_FEN, ['h2e2']));
    });

    it('#15 banmoves, then position: the ban list is empty again', async () => {
      const pos = position(TWO_MOVES);
      let out = await run(`position fen ${TWO_MOVES}`, 'banmoves e0e1');
      expect(out).toContain('info string banned moves: e0e1');
      e.send('go depth 3');
      expect(legalBest((await e.expect(/^bestmove/)).line, pos)).toBe('e0f0');
      out = await run('banmoves e0e1 e0f0');
      expect(out).toContain('info string banned moves: e0e1 e0f0');
      e.send('go depth 3');
      await e.expect((l) => l === noMove);
      out = await run(`position fen ${TWO_MOVES}`);
      expect(out.some((l) => l.endsWith('no banned moves'))).toBe(true);
      e.send('go depth 3');
      legalBest((await e.expect(/^bestmove/)).line, pos);
      // The spec's example: bans are moves, checked against the position; junk is named.
      out = await run('banmoves h6i4 zz');
      expect(out).toContain("info string banmoves: 'h6i4' is not a legal move here; ignored");
    });

    if (dialect === 'ucci') {
      it('#16 go time 300 increment 2 after usemillisec false: 300 s + 2 s', async () => {
        await run('setoption usemillisec false', 'position startpos');
        const out = await run('go time 300 increment 2');
        expect(out.some((l) => l.includes('(x1000 ms): 300000 ms + 2000 ms'))).toBe(true);
        e.send('stop');
        await e.expect(/^bestmove/);
        expect(await run('setoption usemillisec true')).toContain('info string option usemillisec = true');
      });

      it('#16 in seconds, the search ends by itself inside the clock: go time 3 increment 1 is 3 s + 1 s', async () => {
        // Budget (timeman.ts): 3,000 ms + 1,000 ms gives a hard limit of 712 ms. Read as
        // milliseconds (3 ms + 1 ms) it would answer at once.
        await run('setoption usemillisec false', 'position startpos');
        const t0 = e.send('go time 3 increment 1');
        const best = await e.expect(/^bestmove/, 5000);
        legalBest(best.line, position(START_FEN));
        expect(best.at - t0).toBeGreaterThan(300);
        expect(best.at - t0).toBeLessThan(712 + 300);
        await run('setoption usemillisec true');
      });

      it('#17 go time 60000 opptime 58000 oppincrement 1000 increment 1000 depth 12', async () => {
        const out = await run('go time 60000 opptime 58000 oppincrement 1000 increment 1000 depth 12');
        const limits = out.find((l) => l.startsWith('info string go limits'))!;
        expect(limits).toMatch(/"depth":12/);
        expect(limits).toMatch(/"increment":1000/);
        expect(limits).toContain(': 60000 ms + 1000 ms');
        e.send('stop');
        await e.expect(/^bestmove/);
      });

      it('#18 go time 60000 opptime 60000: sudden death, 60 s', async () => {
        const out = await run('go time 60000 opptime 60000');
        const limits = out.find((l) => l.startsWith('info string go limits'))!;
        expect(limits).toContain(': 60000 ms + 0 ms, overhead');
        expect(limits).not.toMatch(/movestogo/);
        e.send('stop');
        await e.expect(/^bestmove/);
      });

      it('#17-#19 the searches end by themselves within their budgets', async () => {
        await run('position startpos moves h2e2 h9g7');
        const timed = async (go: string, min: number, max: number): Promise<void> => {
          const t0 = e.send(go);
          const best = await e.expect(/^bestmove/, 15_000);
          legalBest(best.line, position(START_FEN, ['h2e2', 'h9g7']));
          expect(best.at - t0, go).toBeGreaterThanOrEqual(min);
          expect(best.at - t0, go).toBeLessThan(max);
        };
        // A depth limit reached well inside the time: a 60 s clock is not spent on depth 4.
        await timed('go time 60000 opptime 58000 oppincrement 1000 increment 1000 depth 4', 0, 1000);
        // Sudden death, 6 s: soft limit 286 ms, hard limit 1,003 ms.
        await timed('go time 6000 opptime 6000', 100, 1003 + 300);
        // Two moves to go in 3 s: soft and hard limit 712 ms. Ignoring movestogo would stop near 142 ms.
        await timed('go time 3000 movestogo 2 opptime 3000 oppmovestogo 2', 400, 712 + 300);
      });

      it('#19 go time 120000 movestogo 20 opptime 100000 oppmovestogo 18: 20 moves in 120 s', async () => {
        const out = await run('go time 120000 movestogo 20 opptime 100000 oppmovestogo 18');
        const limits = out.find((l) => l.startsWith('info string go limits'))!;
        expect(limits).toMatch(/"movestogo":20/);
        expect(limits).toContain(': 120000 ms + 0 ms for 20 moves');
        e.send('stop');
        await e.expect(/^bestmove/);
      });
    }

    for (const form of ['go infinite', 'go depth infinite', 'go']) {
      it(`#20 ${form}: unlimited, bestmove held until stop`, async () => {
        await run('position startpos moves h2e2');
        const out = await run(form);
        expect(out.some((l) => l.startsWith('info string go limits {"infinite":true}'))).toBe(true);
        await new Promise((r) => setTimeout(r, 600));
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
      }
    });

    it('#22 go movetime 1500 depth 20: stops by 1.5 s or depth 20', async () => {
      await run('position startpos');
      const t0 = e.send('go movetime 1500 depth 20');
      const best = await e.expect(/^bestmove/, 5000);
      const limits = e.received.find((r) => r.line.startsWith('info string go limits {"depth":20,"movetime":1500'));
      expect(limits).toBeDefined();
      legalBest(best.line, position(START_FEN));
      expect(best.at - t0).toBeLessThan(1500 + 500);
    });

    if (dialect === 'uci') {
      it('#23 go wtime 60000 btime 50000 winc 1000 binc 1000, Black to move: 50 s + 1 s', async () => {
        await run('position startpos moves h2e2');
        const out = await run('go wtime 60000 btime 50000 winc 1000 binc 1000');
        const limits = out.find((l) => l.startsWith('info string go limits'))!;
        expect(limits).toContain('clock UCI btime/binc 50000/1000: 50000 ms + 1000 ms');
        expect(limits).toMatch(/"increment":1000/);
        e.send('stop');
        await e.expect(/^bestmove/);
      });
    }

    if (dialect === 'ucci') {
      it('#24 go draw time …: accepts the offer only without an advantage', async () => {
        // Each search ends by itself within the clock's hard limit (667 ms at 4 s).
        const hard = 667 + 300;
        await run(`position fen ${RED_BEHIND}`);
        let t0 = e.send('go draw time 4000 increment 0');
        const behind = await e.expect(/^bestmove/, hard);
        expect(behind.at - t0).toBeLessThan(hard);
        legalBest(behind.line, position(RED_BEHIND));
        expect(behind.line).toMatch(/ draw$/);
        await run(`position fen ${RED_AHEAD}`);
        t0 = e.send('go draw time 4000 increment 0');
        const ahead = await e.expect(/^bestmove/, hard);
        expect(ahead.at - t0).toBeLessThan(hard);
        legalBest(ahead.line, position(RED_AHEAD));
        expect(ahead.line).not.toMatch(/draw/);
        // Without an offer, no draw suffix even when behind.
        await run(`position fen ${RED_BEHIND}`);
        t0 = e.send('go time 4000 increment 0');
        const plain = await e.expect(/^bestmove/, hard);
        expect(plain.at - t0).toBeLessThan(hard);
        expect(plain.line).not.toMatch(/draw/);
      });

      it('#25 ponderhit draw during go ponder: a timed search with a draw offer', async () => {
        await run(`position fen ${RED_BEHIND}`);
        e.send('go ponder time 4000 increment 0');
        await new Promise((r) => setTimeout(r, 400));
        expect(e.take().filter((l) => l.startsWith('bestmove'))).toEqual([]);
        e.send('ponderhit draw');
        const best = await e.expect(/^bestmove/, 5000);
        legalBest(best.line, position(RED_BEHIND));
        expect(best.line).toMatch(/ draw$/);
      });

      it('#26 stop while idle: nobestmove', async () => {
        e.send('stop');
        const out = await e.sync();
        expect(out.filter((l) => !l.startsWith('info'))).toEqual(['nobestmove']);
      });
    } else {
      it('#26 stop while idle (UCI): no reply', async () => {
        e.send('stop');
        const out = await e.sync();
        expect(out.filter((l) => !l.startsWith('info'))).toEqual([]);
      });
    }

    it('#27 isready while thinking: readyok at once, the search goes on', async () => {
      await run('position startpos moves h2e2 h9g7');
      e.send('go infinite');
      await e.expect(/^info depth/, 5000);
      const t0 = e.send('isready');
      const ready = await e.expect((l) => l === 'readyok');
      expect(ready.at - t0).toBeLessThan(250);
      await new Promise((r) => setTimeout(r, 200));
      expect(e.take().filter((l) => l.startsWith('bestmove'))).toEqual([]);
      e.send('stop');
      legalBest((await e.expect(/^bestmove/)).line, position(START_FEN, ['h2e2', 'h9g7']));
    });

    it('#28 uxinewgame / uccinewgame / ucinewgame: a new game', async () => {
      for (const cmd of ['uxinewgame', 'uccinewgame', 'ucinewgame']) {
        const out = await run(cmd);
        expect(out).toContain('info string new game: hash cleared, start position set');
        expect(out.some((l) => l.includes('unknown'))).toBe(false);
      }
    });

    it('#30 probe startpos: one pophash line', async () => {
      // No isready between go and its bestmove: a quick search may answer before readyok.
      // The entry must be there: a move and at least one bound, at the root's depth.
      await run('setoption name Clear Hash');
      e.send('position startpos', 'go depth 3');
      const best = await e.expect(/^bestmove/);
      const out = await run('probe startpos');
      const replies = out.filter((l) => !l.startsWith('info'));
      expect(replies).toHaveLength(1);
      const m = /^pophash bestmove ([a-i]\d[a-i]\d)( lowerbound -?\d+ depth (\d+))?( upperbound -?\d+ depth (\d+))?$/.exec(replies[0]);
      expect(m, replies[0]).not.toBeNull();
      expect(m![2] ?? m![4], replies[0]).toBeDefined();
      expect(Number(m![3] ?? m![5])).toBeGreaterThanOrEqual(3);
      expect(best.line.startsWith(`bestmove ${m![1]}`)).toBe(true);
      // Once the table is cleared the entry is gone.
      await run('setoption name Clear Hash');
      expect((await run('probe startpos')).filter((l) => !l.startsWith('info'))).toEqual(['pophash']);
      // A probe with an unreadable position still gets its pophash.
      const bad = await run('probe fen 9/9 w');
      expect(bad.filter((l) => !l.startsWith('info'))).toEqual(['pophash']);
      expect(bad.some((l) => l.startsWith('info string probe: invalid FEN'))).toBe(true);
    });
  });
}

describe('§14.1 conformance, handshake and quit', () => {
  it('#1 ucci: the UCCI id/option block, then ucciok', async () => {
    const e = new EngineProcess(exe);
    try {
      e.send('ucci');
      await e.expect((l) => l === 'ucciok');
      const block = e.received.map((r) => r.line);
      expect(block[0]).toBe('id name Chuhan');
      expect(block).toContain('option usemillisec type check default true');
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
    } finally {
      await e.quit();
    }
  });

  it('#1 uci: the UCI block (Hash, Threads, Ponder, MultiPV, Clear Hash, Move Overhead), then uciok', async () => {
    const e = new EngineProcess(exe);
    try {
      e.send('uci');
      await e.expect((l) => l === 'uciok');
      const block = e.received.map((r) => r.line);
      expect(block[0]).toMatch(/^id name Chuhan /);
      expect(block).toContain('option name Hash type spin default 64 min 1 max 65536');
      expect(block).toContain('option name Clear Hash type button');
      for (const name of ['Threads', 'Ponder', 'MultiPV', 'Move Overhead']) {
        expect(block.some((l) => l.startsWith(`option name ${name} type `))).toBe(true);
      }
      expect(block.every((l) => /^(id |option name |uciok$)/.test(l))).toBe(true);
    } finally {
      await e.quit();
    }
  });

  it('#2 uci then ucci: both blocks, the session ends up UCCI', async () => {
    const e = new EngineProcess(exe);
    try {
      e.send('uci', 'ucci');
      await e.expect((l) => l === 'uciok');
      await e.expect((l) => l === 'ucciok');
      e.send('stop');
      expect((await e.sync()).filter((l) => !l.startsWith('info'))).toEqual(['nobestmove']);
      e.send('position startpos', 'go depth 3');
      const best = await e.expect(/^bestmove/);
      legalBest(best.line, position(START_FEN));
      // UCCI scores are bare numbers.
      const infos = e.received.map((r) => r.line).filter((l) => l.startsWith('info depth'));
      expect(infos.length).toBeGreaterThan(0);
      expect(infos.every((l) => / score -?\d+ /.test(l))).toBe(true);
      e.send('quit');
      await e.expect((l) => l === 'bye');
      expect((await e.exited).code).toBe(0);
    } finally {
      e.kill();
    }
  });

  it('#29 quit (UCCI): bye, exit 0; quit (UCI): exit 0 without bye', async () => {
    const a = await startChuhan(exe, 'ucci');
    a.send('quit');
    await a.expect((l) => l === 'bye');
    expect((await a.exited).code).toBe(0);
    const b = await startChuhan(exe, 'uci');
    b.send('quit');
    expect((await b.exited).code).toBe(0);
    expect(b.take()).toEqual([]);
  });

  it('UCI info lines carry score cp / score mate and multipv; MultiPV 3 reports three lines', async () => {
    await withChuhan(exe, 'uci', async (e) => {
      e.send('setoption name MultiPV value 3', 'position startpos', 'go depth 4');
      const best = await e.expect(/^bestmove/);
      legalBest(best.line, position(START_FEN));
      const infos = e.received.map((r) => r.line).filter((l) => l.startsWith('info depth'));
      expect(infos.every((l) => / score (cp|mate) -?\d+/.test(l) && / multipv \d+ /.test(l))).toBe(true);
      expect(infos.some((l) => / multipv 3 /.test(l))).toBe(true);
    });
  });
});
