// Plays one game between two engine processes, refereed by the rules core. An engine with
// pondering on thinks on its predicted reply while the other engine thinks: `ponderhit` when the
// reply is played (its clock runs from then), `stop` otherwise (the answer is discarded).
import { moveToIccs, parseFen, parseIccs, RED, type Position } from '../../engine/index';
import { Adjudicator, type AdjudicationConfig } from './adjudication';
import { Clock, type Limit } from './clock';
import { EngineStartError, type EngineProcess, type GoOutcome } from '../engine-process';
import { goCommand, type ClockView } from './go-command';
import { judge, type JudgementReason } from '../../engine/rules';
import type { Score } from '../../engine/limits';
import type { Opening } from './openings';
import type { MatchEngine } from './options';

/**
 * Why a game ended (stable identifiers, used in the PGN and the JSON summary): a rule's verdict
 * (the rules core's reasons), or what the runner decided or saw.
 */
export type Termination =
  | Exclude<JudgementReason, 'none'>
  | 'resign'
  | 'adjudication-resign'
  | 'adjudication-draw'
  | 'max-plies'
  | 'time-forfeit'
  | 'illegal-move'
  | 'crash'
  | 'hang'
  | 'no-bestmove';

/**
 * Every termination, in a fixed order: a summary's character for a game's result and termination
 * (checkpoint.ts) is made from the place here, so append only.
 */
export const TERMINATIONS: readonly Termination[] = [
  'checkmate',
  'stalemate',
  'perpetual-check',
  'perpetual-chase',
  'repetition-draw',
  'move-limit',
  'resign',
  'adjudication-resign',
  'adjudication-draw',
  'max-plies',
  'time-forfeit',
  'illegal-move',
  'crash',
  'hang',
  'no-bestmove',
];

export function isTermination(t: string): t is Termination {
  return (TERMINATIONS as readonly string[]).includes(t);
}

/** Terminations that are an engine failure rather than a result on the board. */
export const FAILURES: ReadonlySet<Termination> = new Set(['time-forfeit', 'illegal-move', 'crash', 'hang', 'no-bestmove']);

export type Result = '1-0' | '0-1' | '1/2-1/2';

export interface SideStats {
  /** Moves the engine answered (those of the opening not included). */
  moves: number;
  /** Thinking time over those moves, ms (time spent pondering not included). */
  time: number;
  /**
   * With a clock: the time the clock had been given up to the side's last move (the base, and the
   * increments and periods credited before it), ms; 0 without a clock. `time` over it is the share
   * of its clock the engine used.
   */
  clockMs: number;
  /** Ponder searches whose predicted reply was played (`ponderhit`) and those that were stopped (a miss). */
  ponderHits: number;
  ponderMisses: number;
  /**
   * `stop` sent to the engine: on a ponder miss, at the end of the game while it pondered, and
   * when its clock or search limit ran out; the slowest answer (stop → bestmove), ms; and the
   * stops not answered within the stop grace (the engine was then killed) or by a dead engine.
   */
  stops: number;
  maxStopMs: number;
  stopsUnanswered: number;
  /** The largest resident memory of the engine process seen during the game, kB (null: not measured). */
  maxRssKb: number | null;
}

/** An engine's memory in one game (the largest seen), kB, and the game's round. */
export interface RssAt {
  round: number;
  kb: number;
}

/**
 * An engine's figures over games, those that do not follow from the results: its side's figures
 * summed (the slowest stop and the largest memory: of any game), and its memory in the first and
 * the last of them (by round) where measured. What a summary carries for a resume or a merge.
 */
export interface EngineFigures extends SideStats {
  /** The thinking time of the games with a clock (those whose clockMs is counted), ms. */
  clockUsed: number;
  firstRss: RssAt | null;
  lastRss: RssAt | null;
}

export function emptySideStats(): SideStats {
  return { moves: 0, time: 0, clockMs: 0, ponderHits: 0, ponderMisses: 0, stops: 0, maxStopMs: 0, stopsUnanswered: 0, maxRssKb: null };
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
  /** What each engine said of its move, by the move's index in `moves` (the opening's moves have none). */
  thoughts: MoveThought[];
  red: SideStats;
  black: SideStats;
}

/** An engine's move as it reported it: the last exact score (its own point of view) and depth, and the time. */
export interface MoveThought {
  score?: Score;
  depth?: number;
  ms: number;
}

const COLOUR = ['Red', 'Black'];

function winnerResult(winnerSide: number): Result {
  return winnerSide === RED ? '1-0' : '0-1';
}

/** Plays a game: `engines[0]` has Red, `engines[1]` Black. */
export async function playGame(
  engines: [EngineProcess<MatchEngine>, EngineProcess<MatchEngine>],
  opening: Opening,
  settings: GameSettings,
): Promise<GameOutcome> {
  const stats: [SideStats, SideStats] = [emptySideStats(), emptySideStats()];
  try {
    return await play(engines, opening, settings, stats);
  } finally {
    // An engine still pondering when the game ends is stopped (its answer discarded).
    for (let side = 0; side < 2; side++) {
      if (engines[side].pondering) noteStop(stats[side], await engines[side].stopPonder());
    }
  }
}

/** Counts a `stop` the runner sent and how it was answered. */
function noteStop(s: SideStats, r: { kind: 'stopped'; ms: number } | { kind: 'answered' } | { kind: 'crash' | 'hang' }): void {
  if (r.kind === 'answered') return;
  s.stops++;
  if (r.kind === 'stopped') s.maxStopMs = Math.max(s.maxStopMs, r.ms);
  else s.stopsUnanswered++;
}

async function play(
  engines: [EngineProcess<MatchEngine>, EngineProcess<MatchEngine>],
  opening: Opening,
  settings: GameSettings,
  stats: [SideStats, SideStats],
): Promise<GameOutcome> {
  const pos: Position = parseFen(opening.fen);
  for (const m of opening.moves) pos.make(m);
  const moves = opening.moves.slice();
  const thoughts: MoveThought[] = [];
  const iccs = moves.map(moveToIccs);
  const limit = settings.limit;
  const clocks = limit.kind === 'clock' ? engines.map((e) => new Clock(e.config.tc ?? limit.tc, settings.margin)) : null;
  const adjudicator = new Adjudicator(settings.adjudication);
  const end = (result: Result, termination: Termination, reason: string): GameOutcome => ({
    result,
    termination,
    reason,
    fen: opening.fen,
    moves,
    openingPlies: opening.moves.length,
    thoughts,
    red: stats[0],
    black: stats[1],
  });
  const lose = (side: number, termination: Termination, reason: string) =>
    end(winnerResult(side ^ 1), termination, `${COLOUR[side]} ${reason}`);
  const sampleMemory = () => {
    for (let s = 0; s < 2; s++) {
      const kb = engines[s].rssKb();
      if (kb !== null) stats[s].maxRssKb = Math.max(stats[s].maxRssKb ?? 0, kb);
    }
  };
  const view = (c: Clock): ClockView => ({ time: c.remaining, inc: c.tc.inc, movesToGo: c.movesToGo() });
  /** The `go` command for `side` to move, with the clocks as they are now. */
  const goFor = (side: number) =>
    goCommand(engines[side].config.proto, {
      limit,
      own: clocks ? view(clocks[side]) : undefined,
      opp: clocks ? view(clocks[side ^ 1]) : undefined,
      redToMove: side === RED,
      ucciMillis: engines[side].ucciMillis,
      nodes: engines[side].config.nodes,
    });
  /** The predicted reply each side is pondering on. */
  const predicted: Array<string | null> = [null, null];
  /** The side that has just moved and will ponder on its predicted reply once the game goes on. */
  let pendingPonder: number | null = null;

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
  sampleMemory();

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
    const name = `(${engine.config.name})`;
    const allowance = clocks ? clocks[side].allowance() : (limit.kind === 'movetime' ? limit.ms : 0) + settings.hangTimeout;
    // The engine that has just moved ponders on its predicted reply, with its clock as it will
    // be when that reply is played (the opponent's as it is now); time pondering is not charged.
    if (pendingPonder !== null) {
      const p = pendingPonder;
      pendingPonder = null;
      engines[p].startPonder(opening.fen, [...iccs, predicted[p]!], goFor(p).replace(/^go\b/, 'go ponder'));
    }
    let out: GoOutcome;
    if (engine.pondering) {
      if (predicted[side] === iccs[iccs.length - 1]) {
        stats[side].ponderHits++;
        out = await engine.ponderhit(allowance);
      } else {
        stats[side].ponderMisses++;
        const r = await engine.stopPonder();
        noteStop(stats[side], r);
        if (r.kind === 'crash') return lose(side, 'crash', `${name} crashed while pondering: ${r.detail}`);
        if (r.kind === 'hang') return lose(side, 'hang', `${name} did not answer 'stop' after a ponder miss within ${Math.round(r.ms)} ms`);
        out = await engine.go(opening.fen, iccs, goFor(side), allowance);
      }
      predicted[side] = null;
    } else {
      out = await engine.go(opening.fen, iccs, goFor(side), allowance);
    }
    if (out.kind === 'hang') noteStop(stats[side], { kind: 'hang' });
    else if (out.kind !== 'crash' && out.stopMs !== undefined) noteStop(stats[side], { kind: 'stopped', ms: out.stopMs });
    sampleMemory();
    // The other engine may have died while pondering, before this move came.
    const dead = engines[side ^ 1].ponderFailure();
    if (dead !== null) return lose(side ^ 1, 'crash', `(${engines[side ^ 1].config.name}) crashed while pondering: ${dead}`);
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
    if (clocks) stats[side].clockMs = clocks[side].credited();
    if (clocks && !clocks[side].charge(out.elapsed)) {
      const c = clocks[side];
      return lose(
        side,
        'time-forfeit',
        `${name} lost on time (${Math.round(out.elapsed)} ms used, ${Math.round(c.remaining + out.elapsed)} ms left)`,
      );
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
    thoughts[moves.length] = { score: out.score, depth: out.depth, ms: out.elapsed };
    moves.push(move);
    iccs.push(out.iccs);
    const adj = adjudicator.record(out.score, side === RED, moves.length);
    if (adj) {
      if (adj.winner === null) return end('1/2-1/2', 'adjudication-draw', `draw by adjudication: ${adj.text}`);
      const w = adj.winner === 'red' ? RED : RED ^ 1;
      return end(winnerResult(w), 'adjudication-resign', `${COLOUR[w]} wins by adjudication: ${adj.text}`);
    }
    // A predicted reply that is not a legal move here means no pondering this turn.
    if (engine.config.ponder && out.ponder !== null && isLegalIccs(pos, out.ponder)) {
      predicted[side] = out.ponder;
      pendingPonder = side;
    }
  }
}

function isLegalIccs(pos: Position, move: string): boolean {
  try {
    parseIccs(pos, move);
    return true;
  } catch {
    return false;
  }
}
