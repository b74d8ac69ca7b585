// Constants shared by the search modules.

/** Deepest ply the search can reach (root = 0). */
export const MAX_PLY = 128;
/** Score of being mated at the root; a mate found at ply p scores -(MATE - p). */
export const MATE = 30000;
/** Scores beyond this are mates. */
export const MATE_BOUND = MATE - MAX_PLY - 1;
/** Win or loss by a rule (perpetual check or chase), kept below the mate range. */
export const RULE_WIN = 20000;
export const INFINITE = 32000;
export const DRAW = 0;
