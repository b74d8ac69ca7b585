// One engine that `chuhan analyse` searches with: the chuhan executable itself, driven by the tools'
// engine process (../engine-process.ts) in UCCI, as a GUI would. Each position is searched with the
// game's moves before it (`position fen START moves …`), so the search applies the repetition
// rules to the game's history; the table is cleared before each game (`setoption newgame`), so
// that at a fixed node count with one thread a game's analysis depends only on the game.
//
// UCCI scores tell mates and results by rule apart: a mate in p plies is ±(10000 − p), a result by
// a repetition rule p plies away ±(9900 − p) (p at most 99), an evaluation at most ±9000; the
// review's reader of the reply (engine/review.ts) reads them so.
import { moveToIccs } from '../../engine/iccs';
import { UcciSearchReply, type PositionEval } from '../../engine/review';
import { EngineProcess } from '../engine-process';

/** One search limit per position. */
export type AnalyseLimit = { kind: 'nodes'; value: number } | { kind: 'depth'; value: number } | { kind: 'movetime'; value: number };

export function limitText(limit: AnalyseLimit): string {
  return limit.kind === 'movetime' ? `movetime ${limit.value} ms` : `${limit.kind} ${limit.value}`;
}

/**
 * Milliseconds to wait for the handshake and for `readyok` (a large table takes a while to clear).
 * A search has no time limit of its own: it ends at its node count, depth or movetime.
 */
const READY_MS = 60_000;

export class EngineClient {
  private constructor(private readonly engine: EngineProcess) {}

  /** Starts an engine and sets it up: UCCI, the table's size in MB and the threads. */
  static async start(command: readonly string[], options: { hash: number; threads: number }): Promise<EngineClient> {
    const engine = new EngineProcess(
      {
        name: 'the engine',
        cmd: command[0],
        args: command.slice(1),
        proto: 'ucci',
        options: [
          ['hashsize', String(options.hash)],
          ['threads', String(options.threads)],
        ],
      },
      { startup: READY_MS, stopGrace: 0, hang: 0 },
    );
    await engine.start();
    return new EngineClient(engine);
  }

  /** A new game: the table and the histories cleared. */
  newGame(): Promise<void> {
    return this.engine.newGame();
  }

  /** Searches the position after `moves` from `fen`; the last complete iteration's score, depth and line (engine/review.ts reads the reply). */
  async search(fen: string, moves: readonly number[], limit: AnalyseLimit): Promise<PositionEval> {
    const reply = new UcciSearchReply();
    const outcome = await this.engine.go(fen, moves.map(moveToIccs), `go ${limit.kind} ${limit.value}`, Infinity, (line) =>
      reply.line(line),
    );
    if (outcome.kind === 'crash') throw new Error(`the engine ${outcome.detail}`);
    const evaluation = reply.evaluation();
    if (evaluation === null) throw new Error(`the engine found no move in ${fen} after ${moves.length} move(s)`);
    return evaluation;
  }

  /** Ends the engine: `quit`, and a kill if it lingers. */
  quit(): Promise<void> {
    return this.engine.quit(2000);
  }

  kill(): void {
    this.engine.kill();
  }
}
