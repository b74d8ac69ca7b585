// UCCI output (ElephantEye's dialect, as XQWizard, the UCCI league emulator, gmchess and UCI2WB -x
// read it): plain integer scores with mates as ±(10000 − plies) and results decided by a repetition
// rule as ±(9900 − plies), `pv` last on the line, `id version`, `nobestmove`, `bye`, and
// `bestmove … draw|resign`.
import { rulePlies, type Score } from '../engine/limits';
import { ENGINE_AUTHOR, ENGINE_NAME, ENGINE_VERSION, MAX_PV_PRINTED, type Dialect } from './dialect';
import type { OptionSpec } from './options';
import { moveToIccs } from '../engine/index';

/** ElephantEye's mate value: a mate in p plies scores 10000 − p. */
export const UCCI_MATE = 10000;
/**
 * ElephantEye's value of a result decided by a repetition rule (its BAN_VALUE): a win by the
 * opponent's perpetual check or chase p plies away scores 9900 − p, a loss by one's own −(9900 − p),
 * below every mate and, for p < 100, beyond ±9800, where ElephantEye and the GUIs built on it take
 * a game as decided.
 */
export const UCCI_RULE = 9900;
/** Evaluations are reported within ±9000, below every decided result. */
export const UCCI_MAX_EVAL = 9000;

/** See Dialect.infoIntervalMs: at most one search `info` line per this many ms. */
export const UCCI_INFO_INTERVAL_MS = 100;

/** The score as UCCI writes it: mates ±(10000 − plies), rule results ±(9900 − plies), else centipawns within ±9000. */
export function ucciScore(score: Score): number {
  if (score.mate !== undefined) {
    const plies = score.mate > 0 ? 2 * score.mate - 1 : -2 * score.mate;
    return score.mate > 0 ? UCCI_MATE - plies : -(UCCI_MATE - plies);
  }
  const rule = rulePlies(score);
  if (rule !== null) {
    const v = UCCI_RULE - Math.min(Math.abs(rule), 99);
    return rule > 0 ? v : -v;
  }
  return Math.max(-UCCI_MAX_EVAL, Math.min(UCCI_MAX_EVAL, Math.round(score.cp ?? 0)));
}

/**
 * gmchess scans the whole output for the words "draw" and "resign" and ends the game on either,
 * so free text in UCCI never contains them.
 */
export function ucciSafeText(text: string): string {
  return text.replace(/draw/gi, (w) => `${w.slice(0, 2)}-${w.slice(2)}`).replace(/resign/gi, (w) => `${w.slice(0, 2)}-${w.slice(2)}`);
}

function optionLine(spec: OptionSpec): string | null {
  if (spec.ucci === null || spec.unannounced === true) return null;
  const head = `option ${spec.ucci} type ${spec.type}`;
  switch (spec.type) {
    case 'button':
      return head;
    case 'check':
      return `${head} default ${String(spec.default)}`;
    case 'spin':
      return `${head} min ${spec.min} max ${spec.max} default ${spec.default}`;
    case 'combo':
      return `${head} ${(spec.vars ?? []).map((v) => `var ${v}`).join(' ')} default ${spec.default}`;
    case 'string':
      return spec.default === '' ? `${head} default` : `${head} default ${spec.default}`;
  }
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
    for (const spec of options) {
      const line = optionLine(spec);
      if (line !== null) lines.push(line);
    }
    lines.push('ucciok');
    return lines;
  },
  info(info) {
    // UCCI has one line per depth: the extra MultiPV lines are left out.
    if (info.multipv > 1) return null;
    const pv = info.pv.slice(0, MAX_PV_PRINTED).map(moveToIccs).join(' ');
    return (
      `info depth ${info.depth} seldepth ${info.seldepth} score ${ucciScore(info.score)} time ${info.time} ` +
      `nodes ${info.nodes} nps ${info.nps} hashfull ${info.hashfull}${pv === '' ? '' : ` pv ${pv}`}`
    );
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
