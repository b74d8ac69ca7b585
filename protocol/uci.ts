// UCI output as Pikafish speaks it for xiangqi: ICCS moves with ranks 0–9, `score cp N` and
// `score mate M` (in moves, negative when being mated; results decided by a repetition rule too),
// `multipv`, `bestmove (none)`, no draw or resign channel, and a silent `quit`.
import { rulePlies, type Score } from '../engine/limits';
import { moveToIccs } from '../engine/index';
import { ENGINE_AUTHOR, ENGINE_NAME, ENGINE_VERSION, MAX_PV_PRINTED, fromRanks10, toRanks10, type Dialect } from './dialect';
import type { OptionSpec } from './options';

/**
 * The score as UCI writes it: `cp N`, or `mate M` in moves (negative: being mated). A result
 * decided by a repetition rule p plies away is a mate in ⌈p/2⌉ moves too, as Pikafish reports it
 * (its rule judge returns a mate score).
 */
export function uciScore(score: Score): string {
  if (score.mate !== undefined) return `mate ${score.mate}`;
  const rule = rulePlies(score);
  if (rule !== null) return `mate ${rule > 0 ? Math.ceil(rule / 2) : -Math.ceil(-rule / 2)}`;
  return `cp ${Math.round(score.cp ?? 0)}`;
}

function optionLine(spec: OptionSpec): string | null {
  if (spec.uci === null) return null;
  const head = `option name ${spec.uci} type ${spec.type}`;
  switch (spec.type) {
    case 'button':
      return head;
    case 'check':
      return `${head} default ${String(spec.default)}`;
    case 'spin':
      return `${head} default ${spec.default} min ${spec.uciMin ?? spec.min} max ${spec.max}`;
    case 'combo':
      return `${head} default ${spec.default} ${(spec.vars ?? []).map((v) => `var ${v}`).join(' ')}`;
    case 'string':
      return `${head} default ${spec.default === '' ? '<empty>' : String(spec.default)}`;
  }
}

/** UCI with ICCS moves, ranks 0-9 (Pikafish), or ranks 1-10 (Fairy-Stockfish's plain UCI). */
function makeUci(ranksFrom: 0 | 1): Dialect {
  const move = ranksFrom === 0 ? moveToIccs : (m: number) => toRanks10(moveToIccs(m));
  return {
    name: 'uci',
    ranksFrom,
    move,
    readMove: ranksFrom === 0 ? (t) => t : fromRanks10,
    drawAndResign: false,
    infoIntervalMs: 0,
    handshake(options) {
      const lines = [`id name ${ENGINE_NAME} ${ENGINE_VERSION}`, `id author ${ENGINE_AUTHOR}`];
      for (const spec of options) {
        const line = optionLine(spec);
        if (line !== null) lines.push(line);
      }
      lines.push('uciok');
      return lines;
    },
    info(info, showMultipv) {
      const pv = info.pv.slice(0, MAX_PV_PRINTED).map(move).join(' ');
      return (
        `info depth ${info.depth} seldepth ${info.seldepth}${showMultipv ? ` multipv ${info.multipv}` : ''} ` +
        `score ${uciScore(info.score)} nodes ${info.nodes} nps ${info.nps} hashfull ${info.hashfull} ` +
        `time ${info.time}${pv === '' ? '' : ` pv ${pv}`}`
      );
    },
    // Pikafish's form: `info depth D currmove M currmovenumber N`.
    currmove: (info) => `info depth ${info.depth} currmove ${move(info.move)} currmovenumber ${info.number}`,
    // UCI has no static-evaluation request: `go depth 0` is searched one ply deep instead (clock.ts).
    depthZero: () => ['bestmove (none)'],
    bestmove(move, ponder) {
      return `bestmove ${move}${ponder === null ? '' : ` ponder ${ponder}`}`;
    },
    noMove: () => 'bestmove (none)',
    stopWhileIdle: () => null,
    bye: () => null,
    infoString: (text) => `info string ${text}`,
  };
}

export const UCI = makeUci(0);
export const UCI10 = makeUci(1);
