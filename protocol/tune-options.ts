// The search's tunable parameters (TUNABLES in engine/search-params.ts) as engine options, for
// SPSA tuning with `chuhan spsa` or any other driver (cutechess-based ones included). They exist
// only when the engine is started with CHUHAN_TUNE=1 in its environment:
//
//   CHUHAN_TUNE=1 chuhan
//   uci   ->  ... option name RFP_MARGIN type spin default 85 min 30 max 200 ... uciok
//   setoption name RFP_MARGIN value 93
//
// (UCCI: `option RFP_MARGIN type spin min 30 max 200 default 85`, `setoption RFP_MARGIN 93`.)
// Without it the handshake and setoption are exactly as always: the names are unknown options.
// Values are integers in option units (LMR_BASE and LMR_DIVISOR in hundredths); a decimal value is
// rounded (some SPSA drivers send them), one out of range is clamped with a warning. The session
// applies a value here, in the protocol thread's copy of the parameters, and hands every current
// value to the search worker and its helpers (SearchClient.setParams), which set them the same way.
import { TUNABLES, TUNE_ENV, findTunable, setTunable, tunableValues } from '../engine/search-params';
import { clip } from './options';

/** True when the engine was started with CHUHAN_TUNE=1 (never in a browser, which has no environment). */
export function tuningEnabled(): boolean {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const v = env?.[TUNE_ENV]?.trim().toLowerCase();
  return v === '1' || v === 'true' || v === 'yes' || v === 'on';
}

/** The option lines of the tunable parameters in a dialect. */
export function tunableOptionLines(dialect: 'ucci' | 'uci'): string[] {
  return TUNABLES.map((t) =>
    dialect === 'uci'
      ? `option name ${t.name} type spin default ${t.default} min ${t.min} max ${t.max}`
      : `option ${t.name} type spin min ${t.min} max ${t.max} default ${t.default}`,
  );
}

/** The handshake with the tunable parameters' option lines before its closing `uciok`/`ucciok`, when tuning is enabled. */
export function withTunableOptions(handshake: string[], dialect: 'ucci' | 'uci'): string[] {
  if (!tuningEnabled() || handshake.length === 0) return handshake;
  return [...handshake.slice(0, -1), ...tunableOptionLines(dialect), handshake[handshake.length - 1]];
}

/**
 * Applies `setoption` to a tunable parameter. Returns null when the name is not one (or tuning is
 * not enabled): the option is then someone else's. Otherwise the warnings for an `info string`,
 * and the current value of every tunable parameter, for the search worker.
 */
export function setTunableOption(name: string, rawValue: string): { warnings: string[]; values: Record<string, number> } | null {
  if (!tuningEnabled()) return null;
  const spec = findTunable(name.trim().replace(/\s+/g, '_'));
  if (spec === undefined) return null;
  const warnings: string[] = [];
  const text = rawValue.trim();
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text)) {
    warnings.push(`option ${spec.name} expects an integer, got '${clip(text)}'; left at ${tunableValues()[spec.name]}`);
    return { warnings, values: tunableValues() };
  }
  const asked = Math.round(Number(text));
  const set = setTunable(spec.name, asked);
  if (set !== asked) warnings.push(`option ${spec.name} value ${clip(text)} is out of range ${spec.min}..${spec.max}; using ${set}`);
  return { warnings, values: tunableValues() };
}
