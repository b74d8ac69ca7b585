// Full games through the protocol against Fairy-Stockfish (a real engine on the other end), at a
// short time control: every move of both sides is checked with our rules core, the clocks are kept
// by this test from the moment `go` (or `ponderhit`) is sent to the moment `bestmove` arrives, and
// our engine must never overstep its clock. Game 1: we are Red in UCCI. Game 2: we are Black in UCI
// and ponder on Fairy-Stockfish's time (ponderhit on a hit, stop and a fresh search on a miss).
// A game reaching 150 plies is called a draw.
//
// The clock is charged from the write of `go`/`ponderhit` to the arrival of `bestmove`, across the
// pipes and both event loops, so a side loses on time only when its clock falls below
// -CLOCK_MARGIN_MS, as a GUI's or the match runner's time margin (`chuhan match --margin`) allows.
// Chuhan runs with debug on, and no safety net of the protocol layer may fire (a search that did
// not stop, failed, restarted, or chose a move that is not permitted); each of its replies must
// come after at least one `info depth` line of its own search.
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_MOVES, START_FEN, generateLegal, parseFen, parseIccs, type Position } from '../engine/index';
import { EngineProcess, FAIRY_STOCKFISH, builtEngine, haveFairyStockfish, unexplainedNetLines, withChuhan } from './e2e-engine';

const HAVE_FAIRY = haveFairyStockfish('e2e-fairy-game');
const MAX_PLIES = 150;
const START_MS = 6000;
const INC_MS = 50;
const CLOCK_MARGIN_MS = 50;

interface Side {
  name: string;
  engine: EngineProcess;
  dialect: 'ucci' | 'uci';
  clock: number;
  ours: boolean;
  /** Pondering: the predicted reply the engine is thinking about, if any. */
  pondering: string | null;
  /** Index in engine.received where the current search's output starts. */
  searchFrom?: number;
}

function hasLegalMove(pos: Position): boolean {
  return generateLegal(pos, new Int32Array(MAX_MOVES), 0) > 0;
}

/** The clock part of `go` for the side to move, in its dialect (times in ms). */
function goClock(side: Side, other: Side, redToMove: boolean): string {
  if (side.dialect === 'ucci') return `time ${side.clock} increment ${INC_MS} opptime ${other.clock} oppincrement ${INC_MS}`;
  const [w, b] = redToMove ? [side.clock, other.clock] : [other.clock, side.clock];
  return `wtime ${w} btime ${b} winc ${INC_MS} binc ${INC_MS}`;
}

async function startFairy(): Promise<EngineProcess> {
  const e = new EngineProcess(FAIRY_STOCKFISH);
  e.send('ucci');
  await e.expect((l) => l === 'ucciok');
  e.send('setoption hashsize 16', 'setoption usemillisec true');
  await e.sync();
  return e;
}

/** Reads a reply to `go`: the move, the predicted reply, or null when the side has no move. */
function parseBest(line: string): { move: string | null; ponder: string | null } {
  if (line === 'nobestmove' || line.startsWith('bestmove (none)')) return { move: null, ponder: null };
  const t = line.split(/\s+/);
  const p = t.indexOf('ponder');
  return { move: t[1], ponder: p > 0 ? t[p + 1] : null };
}

interface GameResult {
  result: string;
  hits: number;
  misses: number;
}

async function playGame(red: Side, black: Side, ponder: boolean): Promise<GameResult> {
  const pos: Position = parseFen(START_FEN);
  const moves: string[] = [];
  const sides = [red, black];
  let result = '';
  let hits = 0;
  let misses = 0;
  /** Our engine's lowest clock after a move, for the log. */
  let lowest = Infinity;
  for (let ply = 0; ply < MAX_PLIES && result === ''; ply++) {
    const redToMove = ply % 2 === 0;
    const side = sides[ply % 2];
    const other = sides[1 - (ply % 2)];
    if (!hasLegalMove(pos)) {
      result = `${side.name} has no legal move and loses`;
      break;
    }
    const posLine = `position startpos${moves.length > 0 ? ` moves ${moves.join(' ')}` : ''}`;
    let t0: number;
    if (side.pondering !== null) {
      const predicted = side.pondering;
      side.pondering = null;
      if (predicted === moves[moves.length - 1]) {
        hits++;
        t0 = side.engine.send('ponderhit');
      } else {
        misses++;
        side.engine.send('stop');
        await side.engine.expect(/^(bestmove|nobestmove)/, 5000); // owed, and discarded
        side.engine.send(posLine);
        side.searchFrom = side.engine.received.length;
        t0 = side.engine.send(`go ${goClock(side, other, redToMove)}`);
      }
    } else {
      side.engine.send(posLine);
      side.searchFrom = side.engine.received.length;
      t0 = side.engine.send(`go ${goClock(side, other, redToMove)}`);
    }
    const reply = await side.engine.expect(/^(bestmove|nobestmove)/, side.clock + 5000);
    const spent = reply.at - t0;
    side.clock -= spent;
    if (side.ours) {
      const lines = side.engine.received.slice(side.searchFrom ?? 0, side.engine.cursor).map((r) => r.line);
      if (!lines.some((l) => l.startsWith('info depth'))) {
        throw new Error(`our reply '${reply.line}' at ply ${ply + 1} came without an info depth line of its search`);
      }
    }
    if (side.clock < -CLOCK_MARGIN_MS) {
      result = `${side.name} lost on time (${Math.round(spent)} ms for ply ${ply + 1})`;
      if (side.ours) throw new Error(`our engine overstepped its clock: ${result}; moves ${moves.join(' ')}`);
      break;
    }
    if (side.ours) lowest = Math.min(lowest, side.clock);
    side.clock += INC_MS;
    const { move, ponder: predicted } = parseBest(reply.line);
    if (move === null) {
      result = `${side.name} answered '${reply.line}' with legal moves on the board and loses`;
      if (side.ours) throw new Error(`our engine gave up a playable position: ${reply.line}`);
      break;
    }
    let m: number;
    try {
      m = parseIccs(pos, move);
    } catch (err) {
      throw new Error(`${side.name} played an illegal move ${move} at ply ${ply + 1} after ${moves.join(' ')}: ${String(err)}`);
    }
    pos.make(m);
    moves.push(move);
    // Ponder on the opponent's time: play the move and the predicted reply, search until told.
    if (ponder && side.ours && predicted !== null) {
      try {
        pos.make(parseIccs(pos, predicted));
        pos.unmake();
        side.pondering = predicted;
        side.engine.send(`position startpos moves ${[...moves, predicted].join(' ')}`);
        side.searchFrom = side.engine.received.length;
        // After our move and the predicted reply, we are to move again: our clock is ours.
        side.engine.send(`go ponder ${goClock(side, other, redToMove)}`);
      } catch {
        throw new Error(`${side.name} predicted an illegal reply ${predicted} after ${moves.join(' ')}`);
      }
    }
  }
  if (result === '') result = `draw by the ${MAX_PLIES}-ply cap`;
  for (const s of sides) {
    if (s.pondering !== null) {
      s.engine.send('stop');
      await s.engine.expect(/^(bestmove|nobestmove)/, 5000);
    }
  }
  console.log(
    `${red.name} (Red) vs ${black.name} (Black): ${result} after ${moves.length} plies; ` +
      `clocks left ${Math.round(red.clock)} / ${Math.round(black.clock)} ms, Chuhan's lowest ${Math.round(lowest)} ms` +
      `${ponder ? `; ponder hits ${hits}, misses ${misses}` : ''}\n${moves.join(' ')}`,
  );
  return { result, hits, misses };
}

describe.skipIf(!HAVE_FAIRY)('a full game against Fairy-Stockfish', () => {
  let exe: string;
  beforeAll(() => {
    exe = builtEngine();
  }, 180_000);

  /** Plays one game with a fresh Chuhan and a fresh Fairy-Stockfish, quitting both afterwards. */
  async function withBoth(dialect: 'ucci' | 'uci', fn: (ours: EngineProcess, fairy: EngineProcess) => Promise<void>): Promise<void> {
    await withChuhan(exe, dialect, async (ours) => {
      const fairy = await startFairy();
      try {
        ours.send(dialect === 'ucci' ? 'setoption debug true' : 'debug on');
        await fn(ours, fairy);
        expect((await unexplainedNetLines(ours)).join('\n'), 'safety-net lines').toBe('');
        expect(ours.stderr).toBe('');
        expect(ours.alive).toBe(true);
      } finally {
        await fairy.quit();
        fairy.kill();
      }
    });
  }

  it('UCCI, Chuhan as Red, 6 s + 50 ms each', async () => {
    await withBoth('ucci', async (ours, fairy) => {
      ours.send('setoption usemillisec true', 'setoption hashsize 16', 'setoption newgame');
      await ours.sync();
      const result = await playGame(
        { name: 'Chuhan', engine: ours, dialect: 'ucci', clock: START_MS, ours: true, pondering: null },
        { name: 'Fairy-Stockfish', engine: fairy, dialect: 'ucci', clock: START_MS, ours: false, pondering: null },
        false,
      );
      expect(result.result).not.toMatch(/^Chuhan lost on time/);
    });
  }, 90_000);

  it('UCI with pondering, Chuhan as Black, 6 s + 50 ms each', async () => {
    await withBoth('uci', async (ours, fairy) => {
      ours.send('setoption name Hash value 16', 'setoption name Ponder value true', 'ucinewgame');
      await ours.sync();
      const result = await playGame(
        { name: 'Fairy-Stockfish', engine: fairy, dialect: 'ucci', clock: START_MS, ours: false, pondering: null },
        { name: 'Chuhan', engine: ours, dialect: 'uci', clock: START_MS, ours: true, pondering: null },
        true,
      );
      expect(result.result).not.toMatch(/^Chuhan lost on time/);
      // A pondering game must really ponder: Chuhan sent predictions and they were played out.
      expect(result.hits + result.misses).toBeGreaterThan(0);
    });
  }, 90_000);
});
