// Runs a match or round robin: the scheduled games spread over `concurrency` slots, each slot
// with its own engine processes; every finished game is recorded (PGN, tally, progress) in the
// order games finish. Stops early at an SPRT decision, on abort, or when an engine cannot be
// started any more.
import { playGame, type GameOutcome, type GameSettings } from './game';
import { EngineProcess, type EngineTimeouts } from '../engine-process';
import type { MatchEngine } from './options';
import type { Opening } from './openings';
import type { ScheduledGame } from './schedule';

interface MatchRun {
  engines: MatchEngine[];
  openings: Opening[];
  schedule: ScheduledGame[];
  /** Rounds (index + 1) already played (resume): skipped. */
  done: ReadonlySet<number>;
  settings: GameSettings;
  timeouts: EngineTimeouts;
  concurrency: number;
  /** Called as each game ends, in the order they end. Return a reason to stop the match. */
  onGame: (game: ScheduledGame, outcome: GameOutcome) => string | null | void;
  /** Called as each game starts. */
  onStart?: (game: ScheduledGame) => void;
}

/** Failed starts in a row after which an engine is given up on, and the match with it. */
export const MAX_START_FAILURES = 3;

export class Match {
  private stopped = false;
  private aborted = false;
  private readonly slots: Array<Map<number, EngineProcess<MatchEngine>>> = [];
  /** Why the match ended before its last game, if it did. */
  stopReason: string | null = null;

  constructor(private readonly run: MatchRun) {}

  /** Ends the match now: engines are killed and unfinished games are not recorded. */
  abort(reason = 'interrupted'): void {
    this.aborted = true;
    this.stopped = true;
    this.stopReason ??= reason;
    for (const slot of this.slots) for (const e of slot.values()) e.kill();
  }

  /** Finishes the games in progress and starts no more. */
  stop(reason: string): void {
    this.stopped = true;
    this.stopReason ??= reason;
  }

  async play(): Promise<void> {
    const queue = this.run.schedule.filter((g) => !this.run.done.has(g.index + 1));
    const n = Math.max(1, Math.min(this.run.concurrency, queue.length));
    const workers: Array<Promise<void>> = [];
    for (let s = 0; s < n; s++) {
      const slot = new Map<number, EngineProcess<MatchEngine>>();
      this.slots.push(slot);
      workers.push(this.worker(slot, queue));
    }
    try {
      await Promise.all(workers);
    } finally {
      await Promise.all(this.slots.flatMap((slot) => [...slot.values()].map((e) => e.quit())));
    }
  }

  private engine(slot: Map<number, EngineProcess<MatchEngine>>, i: number): EngineProcess<MatchEngine> {
    let e = slot.get(i);
    if (!e) {
      e = new EngineProcess(this.run.engines[i], this.run.timeouts);
      slot.set(i, e);
    }
    return e;
  }

  private async worker(slot: Map<number, EngineProcess<MatchEngine>>, queue: ScheduledGame[]): Promise<void> {
    while (!this.stopped) {
      const game = queue.shift();
      if (!game) return;
      const red = this.engine(slot, game.red);
      const black = this.engine(slot, game.black);
      this.run.onStart?.(game);
      const outcome = await playGame([red, black], this.run.openings[game.opening], this.run.settings);
      if (this.aborted) return;
      const stop = this.run.onGame(game, outcome);
      if (stop) this.stop(stop);
      for (const e of [red, black]) {
        if (e.startFailures >= MAX_START_FAILURES) {
          this.stop(`${e.config.name} failed to start ${e.startFailures} times in a row`);
        }
      }
    }
  }
}
