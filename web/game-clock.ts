// The clocks of a game against the engine: a base time plus an increment per move for each side
// (5+3 is five minutes and three seconds a move), or a fixed time per engine move with the person
// untimed. Time runs for one side at a time; a side whose time runs out loses.
import { BLACK, RED } from '../engine/index';
import { t } from './i18n';

interface TimeControl {
  id: string;
  /** 'increment': base + inc for both sides; 'per-move': the engine thinks `base` ms a move. */
  kind: 'increment' | 'per-move';
  base: number;
  inc: number;
}

export const TIME_CONTROLS: readonly TimeControl[] = [
  { id: '3+2', kind: 'increment', base: 180_000, inc: 2_000 },
  { id: '5+3', kind: 'increment', base: 300_000, inc: 3_000 },
  { id: '10+5', kind: 'increment', base: 600_000, inc: 5_000 },
  { id: '15+10', kind: 'increment', base: 900_000, inc: 10_000 },
  { id: '30+20', kind: 'increment', base: 1_800_000, inc: 20_000 },
  { id: 'move-1', kind: 'per-move', base: 1_000, inc: 0 },
  { id: 'move-5', kind: 'per-move', base: 5_000, inc: 0 },
  { id: 'move-15', kind: 'per-move', base: 15_000, inc: 0 },
];

/** A time control as the new-game form offers it: `5 min + 3 s`, `1 s a move (you: no clock)`. */
export function controlLabel(c: TimeControl): string {
  return c.kind === 'increment'
    ? t('clock.increment', { min: c.base / 60_000, inc: c.inc / 1000 })
    : t('clock.perMove', { s: c.base / 1000 });
}

export const DEFAULT_TIME_CONTROL = '5+3';

export function timeControl(id: string): TimeControl {
  return TIME_CONTROLS.find((t) => t.id === id) ?? TIME_CONTROLS.find((t) => t.id === DEFAULT_TIME_CONTROL)!;
}

export class GameClock {
  /** Milliseconds left for red and black (per-move: the engine's time for its current move). */
  readonly left: [number, number];
  /** The side whose time runs, or -1. */
  running = -1;
  private since = 0;

  constructor(
    readonly control: TimeControl,
    left?: readonly [number, number],
  ) {
    this.left = left === undefined ? [control.base, control.base] : [left[0], left[1]];
  }

  /** Time left for `side` at `now` (performance.now()). */
  timeLeft(side: number, now: number): number {
    const used = side === this.running ? now - this.since : 0;
    return Math.max(0, this.left[side] - used);
  }

  /** Starts `side`'s time (a per-move clock starts a fresh move time). */
  start(side: number, now: number): void {
    this.stop(now);
    if (this.control.kind === 'per-move') this.left[side] = this.control.base;
    this.running = side;
    this.since = now;
  }

  /** Stops the running time, keeping what is left. */
  stop(now: number): void {
    if (this.running < 0) return;
    this.left[this.running] = this.timeLeft(this.running, now);
    this.running = -1;
  }

  /** Ends `side`'s move: its time stops and the increment is added. */
  moved(side: number, now: number): void {
    if (this.running === side) this.stop(now);
    if (this.control.kind === 'increment') this.left[side] += this.control.inc;
  }

  /** Whether `side` is timed at all (a person has no clock under a per-move control). */
  timed(side: number, engineSide: number): boolean {
    return this.control.kind === 'increment' || side === engineSide;
  }

  /** The UCI `go` arguments for the engine's move. */
  goCommand(now: number): string {
    if (this.control.kind === 'per-move') return `movetime ${this.control.base}`;
    const r = Math.round(this.timeLeft(RED, now));
    const b = Math.round(this.timeLeft(BLACK, now));
    return `wtime ${r} btime ${b} winc ${this.control.inc} binc ${this.control.inc}`;
  }
}

/** `4:59`, `0:09.5` under ten seconds. */
export function formatClock(ms: number): string {
  if (ms < 10_000) return `0:0${(Math.floor(ms / 100) / 10).toFixed(1)}`;
  const s = Math.ceil(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}
