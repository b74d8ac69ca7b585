// Term weights set by hand over the fitted ones (eval-fitted.ts); the self-play match that kept
// each is in docs/log/search.md (the rows "Evaluation term …"). The fit never writes this file, so
// a refit changes the fitted values under these and leaves these in force; drop an entry here to
// let the fit's value apply.

import type { FITTED_WEIGHTS } from './eval-fitted';

export const OVERRIDES: Partial<Record<keyof typeof FITTED_WEIGHTS, number>> = {
  // Fitted 52 (perhaps depth-7 label parity).
  TEMPO: 20,
  // Fitted 1 and 0 (quiet self-play positions seldom show them); 60 and 30 beat 100 and 50, and
  // 40 and 20.
  HOLLOW_CANNON: 60,
  BOTTOM_CANNON: 30,
  // Fitted 9.
  HORSE_NEAR_PALACE: 20,
  // Fitted 0: 3 per point reached (5 lost to 3).
  CHARIOT_MOBILITY: 3,
};
