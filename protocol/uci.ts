// UCI output as Pikafish speaks it for xiangqi: ICCS moves with ranks 0–9, `score cp N` and
// `score mate M` (in moves, negative when being mated; results decided by a repetition rule too),
// `multipv`, `bestmove (none)`, no draw or resign channel, and a silent `quit`.
import { moveToIccs } from '../engine/index';
import { fromRanks10, toRanks10, uciInfo } from '../engine/wire';
import { ENGINE_AUTHOR, ENGINE_NAME, ENGINE_VERSION, MAX_PV_PRINTED, type Dialect } from './dialect';
import type { AnyOption } from './option';

/** `option name <Name> type <t> default d [min m max n] [var v ...]` (an empty string default: `<empty>`). */
function optionLine(o: AnyOption): string | null {
  if (o.names.uci === null) return null;
  const parts = [`option name ${o.names.uci} type ${o.type}`];
  if (o.type !== 'button') parts.push(`default ${o.defaultValue === '' ? '<empty>' : String(o.defaultValue)}`);
  if (o.type === 'spin') parts.push(`min ${o.min('uci')} max ${o.range.max}`);
  if (o.type === 'combo') parts.push(o.vars.map((v) => `var ${v}`).join(' '));
  return parts.join(' ');
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
      for (const o of options) {
        const line = optionLine(o);
        if (line !== null) lines.push(line);
      }
      lines.push('uciok');
      return lines;
    },
    info(info, showMultipv, wdl) {
      return uciInfo(info, info.pv.slice(0, MAX_PV_PRINTED).map(move), showMultipv, wdl);
    },
    // Pikafish's form: `info depth D currmove M currmovenumber N`.
    currmove: (info) => `info depth ${info.depth} currmove ${move(info.move)} currmovenumber ${info.number}`,
    // UCI has no static-evaluation request: `go depth 0` is searched one ply deep instead (search-plan.ts).
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
