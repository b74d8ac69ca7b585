// The in-protocol commands Pikafish users reach for (`d`, `eval`, `go perft N`) and UCI with ranks
// 1-10, on the Session in process (test/session-harness.ts); perft and the ranks-10 moves are
// checked against Fairy-Stockfish's own plain UCI.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { START_FEN, computeKey, evaluate, parseIccs, toFen } from '../engine/index';
import { evaluationTerms } from '../engine/evaluate';
import { EngineProcess, FAIRY_STOCKFISH } from './e2e-engine';
import { position } from './helpers';
import { type InProcessEngine, withInProcess } from './session-harness';

const MOVES = ['h2e2', 'h9g7', 'h0g2', 'i9h9'];
const FEN = 'r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R b - - 4 3';

/** Lines from after `command` up to and including the line matching `last`. */
async function reply(e: EngineProcess | InProcessEngine, command: string[], last: RegExp): Promise<string[]> {
  const from = e.received.length;
  e.send(...command);
  await e.expect(last, 60_000);
  return e.received.slice(from, e.cursor).map((r) => r.line);
}

const toRanks10 = (m: string) => m.replace(/^([a-i])(\d)([a-i])(\d)$/, (_, a, b, c, d) => `${a}${+b + 1}${c}${+d + 1}`);
const fromRanks10 = (m: string) => m.replace(/^([a-i])(\d+)([a-i])(\d+)$/, (_, a, b, c, d) => `${a}${+b - 1}${c}${+d - 1}`);

describe('d', () => {
  for (const dialect of ['ucci', 'uci'] as const) {
    it(`${dialect}: the board, the FEN and the key of the current position`, async () => {
      await withInProcess(dialect, async (e) => {
        const lines = await reply(e, [`position startpos moves ${MOVES.join(' ')}`, 'd'], /^Side to move/);
        const pos = position(START_FEN, MOVES);
        expect(lines).toContain(`Fen: ${toFen(pos)}`);
        const [lo, hi] = computeKey(pos);
        const hex = (n: number) => (n >>> 0).toString(16).toUpperCase().padStart(8, '0');
        expect(lines).toContain(`Key: ${hex(hi)}${hex(lo)}`);
        // Ten ranks, 9 at the top; each row spells the FEN's row.
        const rows = lines.filter((l) => /^ ?\d+\|/.test(l));
        expect(rows.map((r) => Number(r.split('|')[0]))).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
        const fenRows = toFen(pos).split(' ')[0].split('/');
        rows.forEach((r, i) => {
          const cells = r
            .split('|')
            .slice(1, 10)
            .map((c) => c.trim() || '.');
          expect(cells.join('')).toBe(fenRows[i].replace(/\d/g, (d) => '.'.repeat(+d)));
        });
      });
    });
  }
});

describe('eval', () => {
  it('the terms add up to the evaluation the search uses', async () => {
    await withInProcess('uci', async (e) => {
      for (const fen of [START_FEN, FEN]) {
        const lines = await reply(e, [`position fen ${fen}`, 'eval'], /^Final evaluation/);
        const pos = position(fen);
        const final = /^Final evaluation: ([+-]?\d+)/.exec(lines[lines.length - 1])!;
        expect(Number(final[1])).toBe(evaluate(pos));
        const diff = (name: RegExp) => Number(lines.find((l) => name.test(l))!.split('|')[3]);
        const redView = diff(/^material/) + diff(/^pieces/) + diff(/^defence/) + diff(/^tempo/);
        expect(redView).toBe(pos.side === 0 ? evaluate(pos) : -evaluate(pos));
        expect(diff(/^material/)).toBe(evaluationTerms(pos).material);
      }
    });
  });
});

describe.skipIf(!existsSync(FAIRY_STOCKFISH))('go perft against Fairy-Stockfish', () => {
  it('the same divide and total at depth 3, in both rank numberings', async () => {
    const fsf = new EngineProcess(FAIRY_STOCKFISH);
    try {
      fsf.send('uci', 'setoption name UCI_Variant value xiangqi');
      const theirs = await reply(fsf, [`position startpos moves ${MOVES.map(toRanks10).join(' ')}`, 'go perft 3'], /^Nodes searched/);
      const divide = (lines: string[], conv: (m: string) => string) =>
        new Map(lines.filter((l) => /^[a-i]\d+[a-i]\d+: \d+$/.test(l)).map((l) => [conv(l.split(':')[0]), Number(l.split(': ')[1])]));
      const total = (lines: string[]) => lines.find((l) => l.startsWith('Nodes searched'));
      await withInProcess('uci', async (e) => {
        const ours = await reply(e, [`position startpos moves ${MOVES.join(' ')}`, 'go perft 3'], /^Nodes searched/);
        expect(total(ours)).toBe(total(theirs));
        expect(divide(ours, (m) => m)).toEqual(divide(theirs, fromRanks10));
        e.send('setoption name Ranks value 1-10');
        const ours10 = await reply(e, [`position startpos moves ${MOVES.map(toRanks10).join(' ')}`, 'go perft 3'], /^Nodes searched/);
        expect(divide(ours10, (m) => m)).toEqual(divide(theirs, (m) => m));
      });
    } finally {
      await fsf.quit();
      fsf.kill();
    }
  });
});

describe('UCI with ranks 1-10', () => {
  it('UCI_Variant xiangqi switches to it (an info string says so), Ranks 0-9 switches back', async () => {
    await withInProcess('uci', async (e) => {
      e.send('setoption name UCI_Variant value xiangqi');
      expect((await e.sync()).some((l) => /ranks 1-10/.test(l))).toBe(true);
      const lines = await reply(e, [`position startpos moves ${MOVES.map(toRanks10).join(' ')}`, 'go depth 3'], /^bestmove/);
      const best = /^bestmove (\S+) ponder (\S+)$/.exec(lines[lines.length - 1])!;
      const pos = position(START_FEN, MOVES);
      expect(() => parseIccs(pos, fromRanks10(best[1]))).not.toThrow();
      for (const l of lines.filter((x) => / pv /.test(x))) {
        for (const m of l.split(' pv ')[1].split(' ')) expect(m).toMatch(/^[a-i]([1-9]|10)[a-i]([1-9]|10)$/);
      }
      e.send('setoption name Ranks value 0-9');
      const back = await reply(e, [`position startpos moves ${MOVES.join(' ')}`, 'go depth 3'], /^bestmove/);
      expect(() => parseIccs(pos, /^bestmove (\S+)/.exec(back[back.length - 1])![1])).not.toThrow();
    });
  });

  it('plays a game against Fairy-Stockfish in its plain UCI, moves passed as they are', async () => {
    if (!existsSync(FAIRY_STOCKFISH)) return;
    const fsf = new EngineProcess(FAIRY_STOCKFISH);
    try {
      fsf.send('uci', 'setoption name UCI_Variant value xiangqi');
      await withInProcess('uci', async (e) => {
        e.send('setoption name UCI_Variant value xiangqi');
        const played: string[] = [];
        for (let ply = 0; ply < 12; ply++) {
          const side = ply % 2 === 0 ? e : fsf;
          const lines = await reply(
            side,
            [`position startpos${played.length ? ` moves ${played.join(' ')}` : ''}`, 'go depth 3'],
            /^bestmove/,
          );
          const m = /^bestmove (\S+)/.exec(lines[lines.length - 1])![1];
          expect(m).toMatch(/^[a-i]([1-9]|10)[a-i]([1-9]|10)$/);
          expect(() => position(START_FEN, [...played, m].map(fromRanks10))).not.toThrow();
          played.push(m);
        }
      });
    } finally {
      await fsf.quit();
      fsf.kill();
    }
  });
});
