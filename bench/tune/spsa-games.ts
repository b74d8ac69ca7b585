// Plays SPSA game pairs with real engines, in-process with the match runner's machinery: per slot
// a "plus" and a "minus" engine process (the same program, started with CHUHAN_TUNE=1 so that the
// tunable parameters are options), their values set by setoption before each game, then two games
// on the pair's opening with colours swapped (playGame refereeing).
import { FAILURES, playGame, type GameOutcome, type GameSettings } from '../match/game';
import { EngineProcess, type EngineConfig, type EngineTimeouts } from '../engine-process';
import { setoption } from '../engine-protocol';
import type { Opening } from '../match/openings';
import { MAX_START_FAILURES } from '../match/match';
import { TUNE_ENV } from '../../engine/search-params';
import type { PairPlayer } from './spsa-run';
import type { PairOutcome, PairSpec } from './spsa';

/** The environment that makes Chuhan's tunable parameters options (protocol/tune-options.ts). */
export const TUNE_ENVIRONMENT: Record<string, string> = { [TUNE_ENV]: '1' };

interface EngineSetup {
  cmd: string;
  args: string[];
  /** Options set after the handshake (Hash, Threads, ...), before the tuned ones. */
  options: Array<[string, string]>;
}

/** A game that ended by an engine failure, for the log. */
interface FailureNote {
  pair: number;
  engine: 'plus' | 'minus';
  reason: string;
}

export class EnginePairPlayer implements PairPlayer {
  private readonly slots = new Map<number, [EngineProcess, EngineProcess]>();
  private aborted = false;

  constructor(
    private readonly setup: EngineSetup,
    /** The tuned parameters' option names, in the order of PairSpec's values. */
    private readonly names: readonly string[],
    private readonly openings: readonly Opening[],
    private readonly settings: GameSettings,
    private readonly timeouts: EngineTimeouts,
    private readonly onFailure: (note: FailureNote) => void = () => {},
  ) {}

  /** The configuration of the plus or minus engine. */
  config(name: 'plus' | 'minus'): EngineConfig {
    return { name, cmd: this.setup.cmd, args: this.setup.args, env: TUNE_ENVIRONMENT, proto: 'uci', options: this.setup.options };
  }

  private engines(slot: number): [EngineProcess, EngineProcess] {
    let e = this.slots.get(slot);
    if (e === undefined) {
      e = [new EngineProcess(this.config('plus'), this.timeouts), new EngineProcess(this.config('minus'), this.timeouts)];
      this.slots.set(slot, e);
    }
    return e;
  }

  /** An engine gave up starting MAX_START_FAILURES times in a row (the run should stop), or null. */
  startFailure(): string | null {
    for (const pair of this.slots.values()) {
      for (const e of pair)
        if (e.startFailures >= MAX_START_FAILURES) return `the ${e.config.name} engine failed to start ${e.startFailures} times in a row`;
    }
    return null;
  }

  async play(slot: number, pair: PairSpec): Promise<PairOutcome> {
    const [plus, minus] = this.engines(slot);
    const opening = this.openings[pair.opening];
    if (opening === undefined)
      throw new Error(`pair ${pair.k}: no opening ${pair.opening} (the openings file has ${this.openings.length})`);
    const scores: number[] = [];
    let failures = 0;
    for (let g = 0; g < 2 && !this.aborted; g++) {
      // Before every game: an engine restarted after a crash has its defaults again.
      await this.prepare(plus, pair.plus);
      await this.prepare(minus, pair.minus);
      const redIsPlus = g === 0;
      const out = await playGame(redIsPlus ? [plus, minus] : [minus, plus], opening, this.settings);
      if (this.aborted) break;
      scores.push(plusScore(out, redIsPlus));
      if (FAILURES.has(out.termination)) {
        failures++;
        const loserIsRed = out.result === '0-1';
        this.onFailure({ pair: pair.k, engine: loserIsRed === redIsPlus ? 'plus' : 'minus', reason: out.reason });
      }
    }
    return { scores, failures };
  }

  /** Starts the engine if needed and sends it the pair's values (a failed start is left to playGame, which scores it). */
  private async prepare(engine: EngineProcess, values: readonly number[]): Promise<void> {
    try {
      await engine.ensureStarted();
    } catch {
      return;
    }
    this.names.forEach((name, i) => engine.send(setoption('uci', name, String(values[i]))));
  }

  abort(): void {
    this.aborted = true;
    for (const pair of this.slots.values()) for (const e of pair) e.kill();
  }

  async close(): Promise<void> {
    await Promise.all([...this.slots.values()].flatMap((pair) => pair.map((e) => e.quit())));
    for (const pair of this.slots.values()) for (const e of pair) e.kill();
  }
}

/** The plus engine's score in a game: 1, 0.5 or 0. */
function plusScore(out: GameOutcome, redIsPlus: boolean): number {
  if (out.result === '1/2-1/2') return 0.5;
  return (out.result === '1-0') === redIsPlus ? 1 : 0;
}
