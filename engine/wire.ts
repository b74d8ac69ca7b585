// The text of UCCI and UCI lines that both ends of a pipe read the same way: the engine writes it
// (protocol/ucci.ts, protocol/uci.ts) and the match runner reads it (bench/match/), so it is defined
// once, here, beside its reader.
//   moves   ICCS, ranks 0-9 (`h2e2`, UCCI and Pikafish's UCI), or ranks 1-10 (`h3e3`, `a10a9`),
//           as Fairy-Stockfish's plain UCI and cutechess write them;
//   scores  UCCI: a plain integer, a mate in p plies as ±(10000 − p) (ElephantEye); UCI: `cp N`, or
//           `mate M` in moves, negative when being mated;
//   info    the `info depth … score … pv …` line of a search report, read by parseInfo for every
//           reader: the match runner, the game review and the page.
import { pliesToMoves, type Score, type SearchInfo } from './limits';

const ICCS = /^([a-i])(\d)([a-i])(\d)$/i;
const RANKS_10 = /^([a-i])(10|[1-9])([a-i])(10|[1-9])$/i;

/** ICCS (ranks 0-9) to ranks 1-10: `h2e2` becomes `h3e3`, `a9a8` `a10a9`; null for text that is no ICCS move. */
export function toRanks10(iccs: string): string | null {
  const m = ICCS.exec(iccs);
  return m === null ? null : `${m[1]}${Number(m[2]) + 1}${m[3]}${Number(m[4]) + 1}`;
}

/** Ranks 1-10 to ICCS (ranks 0-9): `h3e3` becomes `h2e2`; null for text that is no move with ranks 1-10. */
export function fromRanks10(text: string): string | null {
  const m = RANKS_10.exec(text);
  return m === null ? null : `${m[1]}${Number(m[2]) - 1}${m[3]}${Number(m[4]) - 1}`;
}

/** ElephantEye's mate value: a mate in p plies scores 10000 − p. */
const UCCI_MATE = 10000;
/**
 * ElephantEye's value of a result decided by a repetition rule (its BAN_VALUE): a win by the
 * opponent's perpetual check or chase p plies away scores 9900 − p, a loss by one's own −(9900 − p),
 * below every mate and, for p < 100, beyond ±9800, where ElephantEye and the GUIs built on it take
 * a game as decided.
 */
const UCCI_RULE = 9900;
/** Evaluations are reported within ±9000, below every decided result. */
const UCCI_MAX_EVAL = 9000;

/** The score as UCCI writes it: mates ±(10000 − plies), rule results ±(9900 − plies), else centipawns within ±9000. */
export function ucciScore(score: Score): number {
  switch (score.kind) {
    case 'mate':
      return score.plies > 0 ? UCCI_MATE - score.plies : -(UCCI_MATE + score.plies);
    case 'rule': {
      const v = UCCI_RULE - Math.min(Math.abs(score.plies), 99);
      return score.plies > 0 ? v : -v;
    }
    case 'cp':
      return Math.max(-UCCI_MAX_EVAL, Math.min(UCCI_MAX_EVAL, Math.round(score.cp)));
  }
}

/** A UCCI score read back: mates and results by rule told apart by their ranges (ucciScore's inverse). */
export function ucciToScore(value: number): Score {
  const a = Math.abs(value);
  const sign = value < 0 ? -1 : 1;
  if (a > UCCI_MATE - 100) return { kind: 'mate', plies: sign * (UCCI_MATE - a) };
  if (a > UCCI_RULE - 100) return { kind: 'rule', plies: sign * (UCCI_RULE - a) };
  return { kind: 'cp', cp: value };
}

/**
 * The score as UCI writes it: `cp N`, or `mate M` in moves (negative: being mated). A result
 * decided by a repetition rule p plies away is a mate in ⌈p/2⌉ moves too, as Pikafish reports it
 * (its rule judge returns a mate score).
 */
export function uciScore(score: Score): string {
  return score.kind === 'cp' ? `cp ${Math.round(score.cp)}` : `mate ${pliesToMoves(score.plies)}`;
}

/** The chances of a win, a draw and a loss per mille (engine/wdl.ts), as `wdl W D L` writes them after the score. */
export type Wdl = readonly [number, number, number];

const wdlText = (wdl: Wdl | null): string => (wdl === null ? '' : ` wdl ${wdl[0]} ${wdl[1]} ${wdl[2]}`);

/** The UCCI `info` line of a search report, with `wdl W D L` when given; `pv` is its moves as written. UCCI puts `pv` last. */
export function ucciInfo(info: SearchInfo, pv: readonly string[], wdl: Wdl | null = null): string {
  return (
    `info depth ${info.depth} seldepth ${info.seldepth} score ${ucciScore(info.score)}${wdlText(wdl)} time ${info.time} ` +
    `nodes ${info.nodes} nps ${info.nps} hashfull ${info.hashfull}${pv.length === 0 ? '' : ` pv ${pv.join(' ')}`}`
  );
}

/** The UCI `info` line of a search report, with `multipv K` when asked for and `wdl W D L` when given; `pv` is its moves as written. */
export function uciInfo(info: SearchInfo, pv: readonly string[], showMultipv: boolean, wdl: Wdl | null = null): string {
  return (
    `info depth ${info.depth} seldepth ${info.seldepth}${showMultipv ? ` multipv ${info.multipv}` : ''} ` +
    `score ${uciScore(info.score)}${wdlText(wdl)} nodes ${info.nodes} nps ${info.nps} hashfull ${info.hashfull} ` +
    `time ${info.time}${pv.length === 0 ? '' : ` pv ${pv.join(' ')}`}`
  );
}

/** What an `info` line says, as far as it says it. */
interface InfoLine {
  depth?: number;
  seldepth?: number;
  /** UCI's `multipv K`: the line's rank (1 the best). */
  multipv?: number;
  /** UCI `cp`/`mate` as written (a mate in N moves as 2N − 1 plies, being mated in N as −2N); a UCCI score is read as centipawns, mates included. */
  score?: Score;
  /** The score is only a bound (fail high / low). */
  bound?: boolean;
  nodes?: number;
  nps?: number;
  time?: number;
  /** The moves as written. */
  pv?: string[];
}

const NUMBER = /^[+-]?\d+$/;

/** Parses an `info` line of either dialect (null for other lines and for `info string` / `info message`). */
export function parseInfo(line: string): InfoLine | null {
  const t = line.trim().split(/\s+/);
  if (t[0] !== 'info') return null;
  if (t[1] === 'string' || t[1] === 'message') return null;
  const info: InfoLine = {};
  for (let i = 1; i < t.length; i++) {
    const key = t[i];
    const next = t[i + 1];
    switch (key) {
      case 'depth':
      case 'seldepth':
      case 'multipv':
      case 'nodes':
      case 'nps':
      case 'time':
        if (next !== undefined && NUMBER.test(next)) info[key] = Number(next);
        i++;
        break;
      case 'score': {
        // UCI `score cp N` / `score mate N`; UCCI `score N`; either may be followed by a bound.
        if (next === 'cp' || next === 'mate') {
          const v = t[i + 2];
          if (v !== undefined && NUMBER.test(v)) info.score = next === 'cp' ? { kind: 'cp', cp: Number(v) } : mateIn(Number(v));
          i += 2;
        } else if (next !== undefined && NUMBER.test(next)) {
          info.score = { kind: 'cp', cp: Number(next) };
          i++;
        }
        if (t[i + 1] === 'lowerbound' || t[i + 1] === 'upperbound') {
          info.bound = true;
          i++;
        }
        break;
      }
      case 'lowerbound':
      case 'upperbound':
        info.bound = true;
        break;
      case 'pv':
        info.pv = t.slice(i + 1);
        i = t.length;
        break;
      case 'string':
        i = t.length;
        break;
      default:
        break;
    }
  }
  return info;
}

/** UCI's `mate N` (moves) as a Score: the shortest mate of N moves, 2N − 1 plies; being mated in N, 2N plies. */
function mateIn(moves: number): Score {
  return { kind: 'mate', plies: moves > 0 ? 2 * moves - 1 : 2 * moves };
}
