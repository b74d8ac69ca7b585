// UCI output as Pikafish speaks it for xiangqi: ICCS moves with ranks 0–9, `score cp N` and
// `score mate M` (in moves, negative when being mated; results decided by a repetition rule too),
// `multipv`, `bestmove (none)`, no draw or resign channel, and a silent `quit`.
import { moveToIccs } from '../engine/index';
import { fromRanks10, toRanks10, uciInfo } from '../engine/wire';
import { ENGINE_AUTHOR, ENGINE_NAME, ENGINE_VERSION, MAX_PV_PRINTED, type Dialect } from './dialect';
import type { OptionSpec } from './options';

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
  const move = ranksFrom === 0 ? moveToIccs : (m: number) => toRanks10(moveToIccs(m)) ?? moveToIccs(m);
  return {
    name: 'uci',
    ranksFrom,
    move,
    readMove: ranksFrom === 0 ? (t) => t : (t) => fromRanks10(t) ?? t,
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
      return uciInfo(info, info.pv.slice(0, MAX_PV_PRINTED).map(move), showMultipv);
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
