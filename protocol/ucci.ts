// UCCI output (ElephantEye's dialect, as XQWizard, the UCCI league emulator, gmchess and UCI2WB -x
// read it): plain integer scores with mates as ±(10000 − plies) and results decided by a repetition
// rule as ±(9900 − plies) (engine/wire.ts), `pv` last on the line, `id version`, `nobestmove`, `bye`,
// and `bestmove … draw|resign`.
import { moveToIccs } from '../engine/index';
import { ucciInfo, ucciScore } from '../engine/wire';
import { ENGINE_AUTHOR, ENGINE_NAME, ENGINE_VERSION, MAX_PV_PRINTED, type Dialect } from './dialect';
import type { AnyOption } from './option';

/** See Dialect.infoIntervalMs: at most one search `info` line per this many ms. */
const UCCI_INFO_INTERVAL_MS = 100;

/**
 * gmchess scans the whole output for the words "draw" and "resign" and ends the game on either,
 * so free text in UCCI never contains them.
 */
export function ucciSafeText(text: string): string {
  return text.replace(/draw/gi, (w) => `${w.slice(0, 2)}-${w.slice(2)}`).replace(/resign/gi, (w) => `${w.slice(0, 2)}-${w.slice(2)}`);
}

/** `option <name> type <t> [min m max n] [var v ...] default d` (an empty string default: `default` alone). */
function optionLine(o: AnyOption): string | null {
  if (o.names.ucci === null || o.names.unannouncedInUcci === true) return null;
  const parts = [`option ${o.names.ucci} type ${o.type}`];
  if (o.type === 'spin') parts.push(`min ${o.min('ucci')} max ${o.range.max}`);
  if (o.type === 'combo') parts.push(o.vars.map((v) => `var ${v}`).join(' '));
  if (o.type !== 'button') parts.push(`default ${String(o.defaultValue)}`.trimEnd());
  return parts.join(' ');
}

export const UCCI: Dialect = {
  name: 'ucci',
  ranksFrom: 0,
  move: moveToIccs,
  readMove: (t) => t,
  drawAndResign: true,
  infoIntervalMs: UCCI_INFO_INTERVAL_MS,
  handshake(options) {
    const lines = [
      `id name ${ENGINE_NAME}`,
      `id version ${ENGINE_VERSION}`,
      `id copyright 2026 ${ENGINE_AUTHOR}`,
      `id author ${ENGINE_AUTHOR}`,
    ];
    for (const o of options) {
      const line = optionLine(o);
      if (line !== null) lines.push(line);
    }
    lines.push('ucciok');
    return lines;
  },
  info(info, _showMultipv, wdl) {
    // UCCI has one line per depth: the extra MultiPV lines are left out.
    if (info.multipv > 1) return null;
    return ucciInfo(info, info.pv.slice(0, MAX_PV_PRINTED).map(moveToIccs), wdl);
  },
  // ElephantEye's form: `info currmove h2e2 currmovenumber 3` (no depth; XQWizard reads currmove).
  currmove: (info) => `info currmove ${moveToIccs(info.move)} currmovenumber ${info.number}`,
  depthZero(score) {
    return [`info depth 0 score ${ucciScore(score)}`, 'nobestmove'];
  },
  bestmove(move, ponder, suffix) {
    return `bestmove ${move}${ponder === null ? '' : ` ponder ${ponder}`}${suffix === null ? '' : ` ${suffix}`}`;
  },
  noMove: () => 'nobestmove',
  stopWhileIdle: () => 'nobestmove',
  bye: () => 'bye',
  infoString: (text) => `info string ${ucciSafeText(text)}`,
};
