// The term weights the evaluation uses: the fitted ones (eval-fitted.ts, written by bench/eval-fit)
// with the hand-set overrides (eval-overrides.ts) on top. The names are the keys of
// FITTED_WEIGHTS; a new term gets its key there (at 0, until a fit sets it) and its code in
// evaluate.ts, which records its count in the trace that the fit reads.

import { FITTED_WEIGHTS } from './eval-fitted';
import { OVERRIDES } from './eval-overrides';

export type WeightName = keyof typeof FITTED_WEIGHTS;

/** Every weight, in the fit's order. */
export const WEIGHT_NAMES = Object.keys(FITTED_WEIGHTS) as WeightName[];

/** The weights in force: fitted, then overridden. */
export const WEIGHTS: Readonly<Record<WeightName, number>> = { ...FITTED_WEIGHTS, ...OVERRIDES };
