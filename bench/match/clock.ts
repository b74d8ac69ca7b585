// Search limits of a match and the runner's own chess clocks.
//
// Time controls (seconds, decimals allowed, or m:ss):
//   "2+0.02"     2 s for the game, 20 ms added after each move (Fischer increment)
//   "60"         60 s sudden death
//   "40/60"      60 s for every 40 moves (the time is added again after moves 40, 80, …)
//   "40/60+0.5"  the same with a 0.5 s increment
// Other limits: a fixed time per move, a fixed depth or a fixed node count.
//
// The runner times each move itself, from sending `go` to reading `bestmove`. A clock whose
// remaining time falls below −margin after a move has lost on time.

export type Limit =
  | { kind: 'clock'; tc: TimeControl }
  | { kind: 'movetime'; ms: number }
  | { kind: 'depth'; depth: number }
  | { kind: 'nodes'; nodes: number };

export interface TimeControl {
  /** Time for the game or for each period, ms. */
  base: number;
  /** Increment per move, ms. */
  inc: number;
  /** Moves per period; 0 when the base time covers the whole game. */
  moves: number;
}

function parseSeconds(text: string, what: string): number {
  const mmss = /^(\d+):(\d{1,2}(?:\.\d+)?)$/.exec(text);
  if (mmss) return Math.round((Number(mmss[1]) * 60 + Number(mmss[2])) * 1000);
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(text)) throw new Error(`bad ${what} '${text}' in the time control`);
  return Math.round(Number(text) * 1000);
}

/** Parses `base+inc`, `base`, `moves/base` or `moves/base+inc` (times in seconds or m:ss). */
export function parseTimeControl(text: string): TimeControl {
  const m = /^\s*(?:(\d+)\/)?([^+]+)(?:\+(.+))?\s*$/.exec(text);
  if (!m) throw new Error(`bad time control '${text}' (expected e.g. 2+0.02, 60 or 40/60+0.5)`);
  const moves = m[1] === undefined ? 0 : Number(m[1]);
  if (m[1] !== undefined && moves <= 0) throw new Error(`bad time control '${text}': moves per period must be > 0`);
  const base = parseSeconds(m[2].trim(), 'base time');
  const inc = m[3] === undefined ? 0 : parseSeconds(m[3].trim(), 'increment');
  if (base <= 0 && inc <= 0) throw new Error(`bad time control '${text}': no time at all`);
  return { base, inc, moves };
}

export function formatTimeControl(tc: TimeControl): string {
  const s = (ms: number) => String(ms / 1000);
  return `${tc.moves > 0 ? `${tc.moves}/` : ''}${s(tc.base)}${tc.inc > 0 ? `+${s(tc.inc)}` : ''}`;
}

export function describeLimit(limit: Limit): string {
  switch (limit.kind) {
    case 'clock':
      return formatTimeControl(limit.tc);
    case 'movetime':
      return `movetime ${limit.ms} ms`;
    case 'depth':
      return `depth ${limit.depth}`;
    case 'nodes':
      return `nodes ${limit.nodes}`;
  }
}

/** One side's clock. */
export class Clock {
  /** Time left, ms (negative once the flag has fallen). */
  remaining: number;
  /** Moves this clock has been charged for. */
  moves = 0;
  /** Thinking time charged so far, ms. */
  used = 0;
  flagged = false;

  constructor(
    readonly tc: TimeControl,
    /** Tolerance below zero before the flag falls, ms. */
    readonly margin = 0,
  ) {
    this.remaining = tc.base;
  }

  /** Moves left to the next time control, or undefined without repeating periods. */
  movesToGo(): number | undefined {
    return this.tc.moves > 0 ? this.tc.moves - (this.moves % this.tc.moves) : undefined;
  }

  /**
   * The time this clock has been given so far, ms: the base, and every increment and period
   * credited after the moves charged. Before a move, what the side could have spent up to it.
   */
  credited(): number {
    const periods = this.tc.moves > 0 ? Math.floor(this.moves / this.tc.moves) : 0;
    return this.tc.base * (1 + periods) + this.tc.inc * this.moves;
  }

  /** How long the side may think on this move before its flag falls, ms. */
  allowance(): number {
    return Math.max(0, this.remaining + this.margin);
  }

  /**
   * Charges one move's thinking time. Returns false when the flag fell (remaining below
   * −margin); otherwise adds the increment and, at the end of a period, the next period's time.
   */
  charge(elapsed: number): boolean {
    this.used += elapsed;
    this.remaining -= elapsed;
    if (this.remaining < -this.margin) {
      this.flagged = true;
      return false;
    }
    this.moves++;
    this.remaining += this.tc.inc;
    if (this.tc.moves > 0 && this.moves % this.tc.moves === 0) this.remaining += this.tc.base;
    return true;
  }
}
