// What the tools send to and read from an engine process (engine-process.ts), per protocol dialect:
//   ucci  UCCI (ElephantEye style): `ucci`/`ucciok`, `setoption <name> <value>`, clock in
//         `go time … increment … opptime …` (ms after `setoption usemillisec true`, else seconds),
//         scores as plain numbers, `nobestmove`, ranks 0–9.
//   uci   UCI with ICCS squares, ranks 0–9 (Pikafish): `go wtime/btime/winc/binc/movestogo` in ms.
//   uci1  UCI as Fairy-Stockfish speaks it with UCI_Variant=xiangqi: ranks 1–10 (`h3e3`, `h10g8`).
// Inside the tools every move is an ICCS string (`h2e2`, ranks 0–9). The text the engine's own
// protocol writes too (ranks 1-10, scores, info lines) is read with engine/wire.ts; the match's
// `go` commands with their clocks are bench/match/go-command.ts's.
import { START_FEN } from '../engine/index';
import { fromRanks10, toRanks10 } from '../engine/wire';

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

export type BestMove =
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
