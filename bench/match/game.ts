// Plays one game between two engine processes, refereed by the rules core.
import { moveToIccs, parseFen, parseIccs, RED, type Position } from '../../engine/index';
import { Adjudicator, type AdjudicationConfig } from './adjudication';
import { Clock, type Limit } from './clock';
import { goCommand, type ClockView } from './dialect';
import { EngineStartError, type EngineProcess } from './engine-process';
import { judge } from '../../engine/rules';
import type { Opening } from './openings';

/** Why a game ended (stable identifiers, used in the PGN and the JSON summary). */
export type Termination =
  | 'checkmate'
  | 'stalemate'
  | 'perpetual-check'
  | 'perpetual-chase'
  | 'repetition-draw'
  | 'move-limit'
  | 'resign'
  | 'adjudication-resign'
  | 'adjudication-draw'
  | 'max-plies'
  | 'time-forfeit'
  | 'illegal-move'
  | 'crash'
  | 'hang'
  | 'no-bestmove';

/** Terminations that are an engine failure rather than a result on the board. */
export const FAILURES: ReadonlySet<Termination> = new Set(['time-forfeit', 'illegal-move', 'crash', 'hang', 'no-bestmove']);

export type Result = '1-0' | '0-1' | '1/2-1/2';

export interface SideStats {
  /** Moves the engine answered (those of the opening not included). */
  moves: number;
  /** Thinking time over those moves, ms. */
  time: number;
}

export interface GameSettings {
  limit: Limit;
  /** Clock margin below zero before a loss on time, ms. */
  margin: number;
  adjudication: AdjudicationConfig;
  /** Draw the game after this many plies whatever happens (a safety net). */
  maxPlies: number;
  /** For depth, node and movetime limits: how long a search may take before it is a hang, ms. */
  hangTimeout: number;
}

export interface GameOutcome {
  result: Result;
  termination: Termination;
  /** Human-readable explanation. */
  reason: string;
  /** The game's start position and every move (opening moves first). */
  fen: string;
  moves: number[];
  openingPlies: number;
  red: SideStats;
  black: SideStats;
}

const COLOUR = ['Red', 'Black'];

function winnerResult(winnerSide: number): Result {
  return winnerSide === RED ? '1-0' : '0-1';
}

/** Plays a game: `engines[0]` has Red, `engines[1]` Black. */
export async function playGame(
  engines: [EngineProcess, EngineProcess],
  opening: Opening,
  settings: GameSettings,
): Promise<GameOutcome> {
  const pos: Position = parseFen(opening.fen);
  for (const m of opening.moves) pos.make(m);
  const moves = opening.moves.slice();
  const iccs = moves.map(moveToIccs);
  const stats: [SideStats, SideStats] = [
    { moves: 0, time: 0 },
    { moves: 0, time: 0 },
  ];
  const limit = settings.limit;
  const clocks = limit.kind === 'clock' ? [new Clock(limit.tc, settings.margin), new Clock(limit.tc, settings.margin)] : null;
  const adjudicator = new Adjudicator(settings.adjudication);
  const end = (result: Result, termination: Termination, reason: string): GameOutcome => ({
    result,
    termination,
    reason,
    fen: opening.fen,
    moves,
    openingPlies: opening.moves.length,
    red: stats[0],
    black: stats[1],
  });
  const lose = (side: number, termination: Termination, reason: string) =>
    end(winnerResult(side ^ 1), termination, `${COLOUR[side]} ${reason}`);

  for (let side = 0; side < 2; side++) {
    try {
      await engines[side].ensureStarted();
      await engines[side].newGame();
    } catch (e) {
      if (!(e instanceof EngineStartError)) throw e;
      engines[side].kill();
      return lose(side, 'crash', `(${engines[side].config.name}) could not start: ${e.message}`);
    }
  }

  for (;;) {
    // Repetitions are ruled at the third occurrence, as referees and GUIs do (engines such as
    // Fairy-Stockfish also play on after a single recurrence).
    const j = judge(pos, { priorOccurrences: 2 });
    if (j.verdict !== 'none') {
      const termination = j.reason as Termination;
      const text = j.reason.replace(/-/g, ' ');
      if (j.verdict === 'draw') return end('1/2-1/2', termination, `draw by ${text}`);
      const winner = j.verdict === 'win' ? pos.side : pos.side ^ 1;
      return end(winnerResult(winner), termination, `${COLOUR[winner]} wins by ${text}`);
    }
    if (moves.length >= settings.maxPlies) return end('1/2-1/2', 'max-plies', `draw after ${settings.maxPlies} plies`);

    const side = pos.side;
    const engine = engines[side];
    let allowance: number;
    let own: ClockView | undefined;
    let opp: ClockView | undefined;
    if (clocks) {
      const view = (c: Clock): ClockView => ({ time: c.remaining, inc: c.tc.inc, movesToGo: c.movesToGo() });
      own = view(clocks[side]);
      opp = view(clocks[side ^ 1]);
      allowance = clocks[side].allowance();
    } else {
      allowance = (limit.kind === 'movetime' ? limit.ms : 0) + settings.hangTimeout;
    }
    const cmd = goCommand(engine.config.proto, { limit, own, opp, redToMove: side === RED, ucciMillis: engine.ucciMillis, nodes: engine.config.nodes });
    const out = await engine.go(opening.fen, iccs, cmd, allowance);
    const name = `(${engine.config.name})`;
    switch (out.kind) {
      case 'crash':
        return lose(side, 'crash', `${name} crashed: ${out.detail}`);
      case 'hang':
        return lose(side, 'hang', `${name} did not answer within ${Math.round(out.elapsed)} ms, not even after 'stop'`);
      case 'none':
        return lose(side, 'no-bestmove', `${name} gave no move ('${out.raw}')`);
      case 'move':
        break;
    }
    stats[side].moves++;
    stats[side].time += out.elapsed;
    if (clocks && !clocks[side].charge(out.elapsed)) {
      const c = clocks[side];
      return lose(side, 'time-forfeit', `${name} lost on time (${Math.round(out.elapsed)} ms used, ${Math.round(c.remaining + out.elapsed)} ms left)`);
    }
    if (out.resign) return lose(side, 'resign', `${name} resigns`);
    let move: number;
    try {
      if (out.iccs === null) throw new Error('not a move');
      move = parseIccs(pos, out.iccs);
    } catch {
      return lose(side, 'illegal-move', `${name} played an illegal move '${out.raw}'`);
    }
    pos.make(move);
    moves.push(move);
    iccs.push(out.iccs);
    const adj = adjudicator.record(out.score, side === RED, moves.length);
    if (adj) {
      if (adj.winner === null) return end('1/2-1/2', 'adjudication-draw', `draw by adjudication: ${adj.text}`);
      const w = adj.winner === 'red' ? RED : RED ^ 1;
      return end(winnerResult(w), 'adjudication-resign', `${COLOUR[w]} wins by adjudication: ${adj.text}`);
    }
  }
}
