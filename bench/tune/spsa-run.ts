// Drives an SPSA run: `concurrency` slots, each playing one game pair at a time, first the pairs
// left in flight by an earlier stop (with their recorded values), then new ones until the run's
// last. Each finished pair is applied to the state and handed to `onPair` (which writes the state
// and the log) in the order pairs finish. `stop` lets the pairs in flight finish; `abort` drops
// them (they stay in the state's inFlight, to be replayed on resume). How a pair is played is the
// PairPlayer's business: engine processes (spsa-games.ts), or a model in the tests.
import { apply, hasNext, schedule, type PairOutcome, type PairSpec, type SpsaState } from './spsa';

export interface PairPlayer {
  /** Plays one pair in a slot (0..concurrency-1); each slot plays one pair at a time. */
  play(slot: number, pair: PairSpec): Promise<PairOutcome>;
  /** Ends every game in progress at once (engines killed); their play() results are ignored. */
  abort(): void;
  /** Releases everything (engines quit) once no pair is being played. */
  close(): Promise<void>;
}

interface RunHooks {
  /** After a pair is applied (the state already holds it). Return a reason to stop the run. */
  onPair(state: SpsaState, pair: PairSpec, outcome: PairOutcome): string | null | void;
  onStart?(pair: PairSpec, slot: number): void;
}

export class SpsaRun {
  private stopped = false;
  private aborted = false;
  /** Why the run ended before its last pair, if it did. */
  stopReason: string | null = null;
  /** Pairs from an earlier run's inFlight, still to replay. */
  private readonly replay: PairSpec[];

  constructor(
    private readonly state: SpsaState,
    private readonly player: PairPlayer,
    private readonly openingCount: number,
    private readonly hooks: RunHooks,
  ) {
    this.replay = state.inFlight.slice();
  }

  /** Finishes the pairs in progress and starts no more. */
  stop(reason: string): void {
    this.stopped = true;
    this.stopReason ??= reason;
  }

  /** Ends now: the pairs in progress are dropped (they stay in flight in the state). */
  abort(reason = 'interrupted'): void {
    this.aborted = true;
    this.stopped = true;
    this.stopReason ??= reason;
    this.player.abort();
  }

  get wasAborted(): boolean {
    return this.aborted;
  }

  async run(concurrency: number): Promise<void> {
    const slots = Math.max(1, Math.floor(concurrency));
    const workers: Array<Promise<void>> = [];
    for (let s = 0; s < slots; s++) workers.push(this.worker(s));
    try {
      await Promise.all(workers);
    } finally {
      await this.player.close();
    }
  }

  private next(): PairSpec | null {
    if (this.replay.length > 0) return this.replay.shift()!;
    return hasNext(this.state) ? schedule(this.state, this.openingCount) : null;
  }

  private async worker(slot: number): Promise<void> {
    while (!this.stopped) {
      const pair = this.next();
      if (pair === null) return;
      this.hooks.onStart?.(pair, slot);
      let outcome: PairOutcome;
      try {
        outcome = await this.player.play(slot, pair);
      } catch (e) {
        if (this.aborted) return;
        throw e;
      }
      if (this.aborted) return;
      apply(this.state, pair, outcome);
      const stop = this.hooks.onPair(this.state, pair, outcome);
      if (stop) this.stop(stop);
    }
  }
}
