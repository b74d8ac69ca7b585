// Strength levels through the real executable, in both dialects: the options in both handshakes;
// at a low level (Skill Level, or UCI_LimitStrength with UCI_Elo, or their UCCI names) repeated
// searches of one position play more than one move, each legal and each the move of the line
// reported last; at full strength the move is the search's own best, the one an in-process search
// of the same depth finds.
import { beforeAll, describe, expect, it } from 'vitest';
import { START_FEN, moveToIccs, type Position } from '../engine/index';
import { SIGNAL_COUNT } from '../engine/limits';
import { embeddedNetwork } from '../engine/network';
import { NnueEvaluator } from '../engine/nnue';
import { Searcher } from '../engine/search';
import { DEFAULT_HASH_MB } from '../engine/tt';
import { builtEngine, legalBest, withChuhan, type EngineProcess } from './e2e-engine';
import { position } from './helpers';

let exe: string;
beforeAll(() => {
  exe = builtEngine();
}, 300_000);

const MOVES = ['h2e2', 'h9g7', 'h0g2', 'i9h9'];
const POSITION = `position startpos moves ${MOVES.join(' ')}`;

/**
 * Runs `go` `times` times on the position; returns each bestmove, checked legal and equal to the
 * last reported line's first move. `newGame` sends `ucinewgame` before each: the same search
 * every time (a table and histories kept from the last search may change a fixed-depth tree).
 */
async function moves(e: EngineProcess, pos: Position, go: string, times: number, newGame = false): Promise<string[]> {
  const played: string[] = [];
  for (let i = 0; i < times; i++) {
    if (newGame) e.send('ucinewgame');
    e.send(POSITION, go);
    const best = await e.expect(/^bestmove /, 30_000);
    const lines = e.received.slice(0, e.cursor).map((r) => r.line);
    const lastInfo = lines
      .slice(0, -1)
      .reverse()
      .find((l) => / pv /.test(l));
    const move = legalBest(best.line, pos);
    expect(lastInfo, 'a line before bestmove').toBeDefined();
    expect(/ pv (\S+)/.exec(lastInfo!)![1], `${lastInfo} then ${best.line}`).toBe(move);
    played.push(move);
  }
  return played;
}

describe('the strength options', () => {
  it('are announced in both handshakes', async () => {
    await withChuhan(exe, 'uci', async (e) => {
      const lines = e.received.map((r) => r.line);
      expect(lines).toContain('option name Skill Level type spin default 20 min 0 max 20');
      expect(lines).toContain('option name UCI_LimitStrength type check default false');
      expect(lines).toContain('option name UCI_Elo type spin default 1350 min 1350 max 2850');
    });
    await withChuhan(exe, 'ucci', async (e) => {
      const lines = e.received.map((r) => r.line);
      expect(lines).toContain('option skilllevel type spin min 0 max 20 default 20');
      expect(lines).toContain('option limitstrength type check default false');
      expect(lines).toContain('option elo type spin min 1350 max 2850 default 1350');
    });
  });
});

describe('a low level', () => {
  const pos = position(START_FEN, MOVES);

  it('UCI: Skill Level 0, and UCI_LimitStrength at the lowest UCI_Elo, play several moves; Skill Level 20 one', async () => {
    await withChuhan(exe, 'uci', async (e) => {
      e.send('setoption name Skill Level value 0');
      expect(new Set(await moves(e, pos, 'go depth 8', 10)).size).toBeGreaterThan(1);
      e.send('setoption name Skill Level value 20', 'setoption name UCI_LimitStrength value true', 'setoption name UCI_Elo value 1350');
      expect(new Set(await moves(e, pos, 'go wtime 60000 btime 60000', 10)).size).toBeGreaterThan(1);
      e.send('setoption name UCI_LimitStrength value false');
      expect(new Set(await moves(e, pos, 'go depth 6', 4, true)).size).toBe(1);
    });
  }, 120_000);

  it('UCCI: skilllevel, and limitstrength with elo, do the same', async () => {
    await withChuhan(exe, 'ucci', async (e) => {
      e.send('setoption skilllevel 0');
      expect(new Set(await moves(e, pos, 'go depth 8', 10)).size).toBeGreaterThan(1);
      e.send('setoption skilllevel 20', 'setoption limitstrength true', 'setoption elo 1350');
      expect(new Set(await moves(e, pos, 'go time 60000 increment 0', 10)).size).toBeGreaterThan(1);
    });
  }, 120_000);
});

describe('full strength', () => {
  it('plays the search’s best move, that of an in-process search to the same depth', async () => {
    const searcher = new Searcher(DEFAULT_HASH_MB);
    searcher.setNetwork(new NnueEvaluator(embeddedNetwork()));
    const expected = moveToIccs(searcher.search(position(START_FEN, MOVES), { depth: 7 }, new Int32Array(SIGNAL_COUNT)).bestMove);
    await withChuhan(exe, 'uci', async (e) => {
      e.send(POSITION, 'go depth 7');
      const best = /^bestmove (\S+)/.exec((await e.expect(/^bestmove /, 30_000)).line)![1];
      expect(best).toBe(expected);
    });
  }, 120_000);
});
