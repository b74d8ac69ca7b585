// What the runner sends to and reads from an engine, per protocol dialect:
//   ucci  UCCI (ElephantEye style): `ucci`/`ucciok`, `setoption <name> <value>`, clock in
//         `go time … increment … opptime …` (ms after `setoption usemillisec true`, else seconds),
//         scores as plain numbers, `nobestmove`, ranks 0–9.
//   uci   UCI with ICCS squares, ranks 0–9 (Pikafish): `go wtime/btime/winc/binc/movestogo` in ms.
//   uci1  UCI as Fairy-Stockfish speaks it with UCI_Variant=xiangqi: ranks 1–10 (`h3e3`, `h10g8`).
// Inside the runner every move is an ICCS string (`h2e2`, ranks 0–9). The text the engine's own
// protocol writes too (ranks 1-10, scores, info lines) is read with engine/wire.ts.
import { START_FEN } from '../../engine/index';
import { pliesToMoves, type Score } from '../../engine/limits';
import { fromRanks10, toRanks10 } from '../../engine/wire';
import type { Limit } from './clock';

export type Proto = 'ucci' | 'uci' | 'uci1';
export const PROTOCOLS: readonly Proto[] = ['ucci', 'uci', 'uci1'];

/** An ICCS move in lower case, as the runner keeps it. */
const ICCS_RE = /^[a-i][0-9][a-i][0-9]$/;

/** An ICCS move as the engine writes it. */
export function moveToWire(iccs: string, proto: Proto): string {
  if (proto !== 'uci1') return iccs;
  const wire = ICCS_RE.test(iccs) ? toRanks10(iccs) : null;
  if (wire === null) throw new Error(`not an ICCS move: '${iccs}'`);
  return wire;
}

/** An engine's move string as ICCS, or null when it is not a move string of the dialect. */
export function moveFromWire(text: string, proto: Proto): string | null {
  const iccs = proto === 'uci1' ? fromRanks10(text) : text;
  return iccs !== null && ICCS_RE.test(iccs) ? iccs : null;
}

export function handshake(proto: Proto): { command: string; reply: string } {
  return proto === 'ucci' ? { command: 'ucci', reply: 'ucciok' } : { command: 'uci', reply: 'uciok' };
}

/** The option name of an `option …` line, or null. */
export function parseOptionLine(line: string, proto: Proto): string | null {
  if (proto === 'ucci') {
    const m = /^option\s+(?:name\s+)?(.+?)\s+type\s/.exec(line);
    return m ? m[1] : null;
  }
  const m = /^option\s+name\s+(.+?)\s+type\s/.exec(line);
  return m ? m[1] : null;
}

export function setoption(proto: Proto, name: string, value: string | undefined): string {
  if (proto === 'ucci') return value === undefined ? `setoption ${name}` : `setoption ${name} ${value}`;
  return value === undefined ? `setoption name ${name}` : `setoption name ${name} value ${value}`;
}

/** Commands that start a new game (`announced`: lower-cased option names the engine listed). */
export function newGameCommands(proto: Proto, announced: ReadonlySet<string>): string[] {
  if (proto === 'ucci') return announced.has('newgame') ? ['setoption newgame'] : [];
  return ['ucinewgame'];
}

/** `position …` with the game's start FEN and every move since (ICCS). */
export function positionCommand(proto: Proto, fen: string, moves: readonly string[]): string {
  const start = fen.trim() === START_FEN ? 'position startpos' : `position fen ${fen.trim()}`;
  if (moves.length === 0) return start;
  return `${start} moves ${moves.map((m) => moveToWire(m, proto)).join(' ')}`;
}

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

/** Centipawn value of a score for comparisons: mates map beyond ±100000 (rule results below them). */
export function scoreValue(s: Score): number {
  if (s.kind === 'cp') return s.cp;
  const m = pliesToMoves(s.plies);
  const decided = s.kind === 'mate' ? 200000 : 150000;
  return m > 0 ? decided - m : -decided - m;
}

type BestMove =
  | {
      kind: 'move';
      /** The move as the engine wrote it. */
      raw: string;
      /** The move in ICCS, null when it is not a move string of the dialect. */
      iccs: string | null;
      ponder?: string;
      draw: boolean;
      resign: boolean;
    }
  | { kind: 'none'; raw: string };

/** Parses `bestmove …` / `nobestmove`; null for any other line. */
export function parseBestmove(line: string, proto: Proto): BestMove | null {
  const t = line.trim().split(/\s+/);
  if (t[0] === 'nobestmove') return { kind: 'none', raw: line.trim() };
  if (t[0] !== 'bestmove') return null;
  const mv = t[1];
  if (mv === undefined || mv === '(none)' || mv === '0000' || mv === 'null' || mv === 'none') {
    return { kind: 'none', raw: line.trim() };
  }
  const rest = t.slice(2);
  const p = rest.indexOf('ponder');
  return {
    kind: 'move',
    raw: mv,
    iccs: moveFromWire(mv, proto),
    ponder: p >= 0 ? rest[p + 1] : undefined,
    draw: rest.includes('draw'),
    resign: rest.includes('resign'),
  };
}
