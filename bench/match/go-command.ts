// The match's `go` command in each dialect: a fixed limit, or both clocks in the dialect's units
// (UCCI seconds or milliseconds, UCI milliseconds by colour), with an engine's own node budget.
import type { Proto } from '../engine-protocol';
import type { Limit } from './clock';

export interface ClockView {
  /** Remaining time, ms. */
  time: number;
  /** Increment, ms. */
  inc: number;
  /** Moves to the next time control, if the control repeats. */
  movesToGo?: number;
}

interface GoContext {
  limit: Limit;
  /** The clocks of the side to move and of its opponent (clock limits only). */
  own?: ClockView;
  opp?: ClockView;
  redToMove: boolean;
  /** UCCI only: times in milliseconds (after `setoption usemillisec true`) rather than seconds. */
  ucciMillis?: boolean;
  /** The engine's own node budget (engine key `nodes=`), sent with the limit. */
  nodes?: number;
}

/** The `go` command for a limit, with clock times in the dialect's units, and the engine's node budget. */
export function goCommand(proto: Proto, ctx: GoContext): string {
  const { limit, nodes } = ctx;
  if (limit.kind === 'nodes') return `go nodes ${Math.min(limit.nodes, nodes ?? Infinity)}`;
  const budget = nodes === undefined ? '' : ` nodes ${nodes}`;
  switch (limit.kind) {
    case 'movetime':
      return `go movetime ${limit.ms}${budget}`;
    case 'depth':
      return `go depth ${limit.depth}${budget}`;
    case 'clock':
      break;
  }
  const own = ctx.own;
  const opp = ctx.opp;
  if (!own || !opp) throw new Error('a clock limit needs both clocks');
  const ms = (t: number) => Math.max(0, Math.round(t));
  if (proto === 'ucci') {
    // Seconds are whole seconds (as the UCCI league emulator sends them).
    const u = (t: number) => (ctx.ucciMillis ? ms(t) : Math.floor(Math.max(0, t) / 1000));
    const parts = ['go', 'time', String(u(own.time))];
    if (own.movesToGo !== undefined) parts.push('movestogo', String(own.movesToGo));
    if (own.inc > 0) parts.push('increment', String(u(own.inc)));
    parts.push('opptime', String(u(opp.time)));
    if (opp.movesToGo !== undefined) parts.push('oppmovestogo', String(opp.movesToGo));
    if (opp.inc > 0) parts.push('oppincrement', String(u(opp.inc)));
    return parts.join(' ') + budget;
  }
  const red = ctx.redToMove ? own : opp;
  const black = ctx.redToMove ? opp : own;
  const parts = ['go', 'wtime', String(ms(red.time)), 'btime', String(ms(black.time))];
  if (red.inc > 0 || black.inc > 0) parts.push('winc', String(ms(red.inc)), 'binc', String(ms(black.inc)));
  if (own.movesToGo !== undefined) parts.push('movestogo', String(own.movesToGo));
  return parts.join(' ') + budget;
}
