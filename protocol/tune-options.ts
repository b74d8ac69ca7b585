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
// rounded (some SPSA drivers send them), one out of range is clamped with a warning. A value set
// here is set in the protocol thread's copy of the parameters, and every current value goes to the
// search worker and its helpers (SearchClient.setParams), which set them the same way.
import { TUNABLES, TUNE_ENV, setTunable, tunableValues } from '../engine/search-params';
import { SpinOption, type OptionRegistry } from './option';

/** True when the engine was started with CHUHAN_TUNE=1 (never in a browser, which has no environment). */
function tuningEnabled(): boolean {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const v = env?.[TUNE_ENV]?.trim().toLowerCase();
  return v === '1' || v === 'true' || v === 'yes' || v === 'on';
}

/** Adds the tunable parameters to the options when tuning is enabled; `setParams` gets every current value after a change. */
export function addTunableOptions(registry: OptionRegistry, setParams: (values: Record<string, number>) => void): void {
  if (!tuningEnabled()) return;
  for (const t of TUNABLES) {
    const names = { ucci: t.name, uci: t.name };
    registry.add(
      new SpinOption(names, t.default, { min: t.min, max: t.max, rounds: true }, (v) => {
        setTunable(t.name, v);
        setParams(tunableValues());
      }),
    );
  }
}
