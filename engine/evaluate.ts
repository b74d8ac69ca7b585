// Hand-written evaluation, in centipawns from the side to move's point of view.
//
// Every term is computed for red and for black with the same code in each side's own
// geometry (ranks counted from its own back rank), and the result is red minus black; so
// mirroring the board top to bottom with colours swapped negates the score, and mirroring
// it left to right leaves it unchanged (the tables are left-right symmetric). The terms were
// written by hand; their weights and the tables are fitted by bench/eval-fit (eval-fitted.ts, with
// the hand-set values of eval-overrides.ts on top; eval-params.ts). A weight of 0 means the fit
// found the tables already carry the term.
//
// The tuner reads the evaluation itself: `evaluate(pos, trace)` adds to `trace`, for every
// weight, the number it was multiplied by (red's view), so that
//   evaluate, from red's view = materialScore from red's view + Σ trace[w] × WEIGHTS[w].
// Without a trace (the search) the terms skip that bookkeeping and the weight-0 terms.
//
//
//  1. Material and placement (pst.ts), kept incrementally by Position, blended between the
//     middle-game and end-game values by PHASE (chariots, horses and cannons left).
//  2. Defensive shell: each missing advisor or elephant costs in proportion to the attacking
//     force the opponent still has (chariots 3, horses and cannons 2 each).
//  3. Hollow cannon (空頭炮): an enemy cannon on our king's file with nothing between them pins
//     the king and our centre. (The "central cannon" weight, one screen between, can only apply
//     when the side to move is in check, where the evaluation is not used.)
//  4. Bottom cannon (沉底炮): an enemy cannon on our back rank facing our king with nothing
//     between them.
//  5. Horses near the palace: an enemy horse that has crossed the river within two files and
//     three ranks of our king.
//  6. Crossed soldiers gain value as the defender loses advisors, and more still on the last
//     three ranks near the king's file.
//  7. Mobility: chariots (points reached along their lines), horses (unblocked jumps to a
//     point not held by their own side) and cannons (quiet slides); a horse with at most one
//     such jump is trapped.
//  8. Chariots on files with no soldier of their own side.
//  9. A bonus for the side to move (tempo).
// 10. Attack on the palace: enemy chariots, horses and cannons standing in our half. Each pair
//     of such attackers costs ATTACK_PAIRS (so the penalty grows with the square of their
//     number), and each attacker costs ATTACK_NO_ADVISOR per missing advisor.
// 11. King danger: our chariots, horses, cannons and soldiers that reach points of the enemy
//     palace (see palaceAttack); two or more of them score KING_DANGER times the square of
//     their attack units over 4.

import { WEIGHTS, WEIGHT_NAMES, WeightName } from './eval-params';
import { FILE_LINES, RANK_LINES, type Occupancy, fileEntry, rankEntry } from './lines';
import { ALL_MOVES, DEFENDS, QUIETS, horseSteps } from './movegen';
import { Position } from './position';
import { PHASE_MAX } from './pst';

import {
  ADVISOR,
  BLACK,
  CANNON,
  CHARIOT,
  ELEPHANT,
  HORSE,
  IN_PALACE,
  KING,
  OWN_HALF,
  RED,
  SLOTS,
  SOLDIER,
  type Colour,
  type Square,
  colourOf,
  moveTo,
} from './types';

const {
  ATTACK_NO_ADVISOR,
  ATTACK_PAIRS,
  BOTTOM_CANNON,
  CANNON_MOBILITY,
  CENTRAL_CANNON,
  HOLLOW_CANNON,
  HORSE_MOBILITY,
  HORSE_NEAR_PALACE,
  HORSE_TRAPPED,
  KING_DANGER,
  CHARIOT_MOBILITY,
  CHARIOT_OPEN_FILE,
  SHELL_ADVISOR,
  SHELL_ELEPHANT,
  SOLDIER_NEAR_KING,
  SOLDIER_NO_ADVISOR,
  TEMPO,
} = WEIGHTS;
export { TEMPO };

/** Per weight, the number evaluate multiplied it by, from red's point of view (see the header). */
type EvalTrace = Record<WeightName, number>;

/** A trace with every count at 0. */
export function newTrace(): EvalTrace {
  const t = {} as EvalTrace;
  for (const w of WEIGHT_NAMES) t[w] = 0;
  return t;
}

/** A term with weight 0 is skipped (typed as number so that any fitted value compiles). */
function active(weight: number): boolean {
  return weight !== 0;
}

/** 1 when the line table's piece at from + offset (offset 0 = none) belongs to `them`, else 0. */
function enemyAt(b: Uint8Array, from: Square, offset: number, them: Colour): number {
  return offset !== 0 && colourOf(b[from + offset]) === them ? 1 : 0;
}

/** Scratch for the horse terms' jumps. */
const jumps = new Int32Array(8);

/** Term 7's horse mobility: unblocked jumps from `from` to a point not held by side `us`. */
function horseMobility(b: Uint8Array, from: Square, us: Colour): number {
  return horseSteps(b, from, us, ALL_MOVES, jumps, 0);
}

/** Term 11's attack units per attacking piece, by kind (0 for kings, advisors, elephants). */
const PALACE_UNIT = [0, 0, 0, 0, 2, 3, 2, 1];

/**
 * Term 11's palace points on one line from `from`, toward `dir` (±1 along the rank, ±16 along the
 * file): those of the enemy palace (mailbox rows rLo..rLo + 2, columns 6..8) that a chariot there
 * reaches (`screens` 0: up to and with the first piece), or a cannon (1: past its screen, up to
 * and with the second piece). The pieces are found by the line tables (lines.ts).
 */
function palacePointsOnLine(occ: Occupancy, from: Square, dir: number, rLo: number, screens: number): number {
  const alongFile = dir === 16 || dir === -16;
  const lines = alongFile ? FILE_LINES : RANK_LINES;
  const e = alongFile ? fileEntry(occ, from) : rankEntry(occ, from);
  const up = dir > 0;
  const first = up ? lines.firstHi[e] : lines.firstLo[e];
  const second = up ? lines.secondHi[e] : lines.secondLo[e];
  // Counted in steps along dir: the reach is steps a..z, the palace steps pLo..pLo + 2.
  // The mailbox rows of the board are 3..12, its columns 3..11.
  const at = alongFile ? from >> 4 : from & 15;
  const edge = up ? (alongFile ? 12 : 11) - at : at - 3;
  let a = 1;
  let z = first !== 0 ? first / dir : edge;
  if (screens !== 0) {
    if (first === 0) return 0;
    a = z + 1;
    z = second !== 0 ? second / dir : edge;
  }
  const p0 = alongFile ? rLo : 6;
  const pLo = up ? p0 - at : at - (p0 + 2);
  const from0 = a > pLo ? a : pLo;
  const to0 = z < pLo + 2 ? z : pLo + 2;
  return to0 >= from0 ? to0 - from0 + 1 : 0;
}

/**
 * Term 11's measure of how hard the chariots, horses, cannons and crossed soldiers of side `us`
 * bear on the enemy palace. Each piece that reaches at least one palace point (chariots along
 * their lines, cannons behind one screen, horses by unblocked jumps, soldiers by their steps)
 * adds PALACE_UNIT of its kind plus one per palace point it reaches. With fewer than two such
 * pieces the attack counts as nothing; otherwise the result is the square of the units, over 4,
 * so that the score grows faster than the attack.
 */
export function palaceAttack(pos: Position, us: Colour): number {
  const b = pos.board;
  const occ = pos.occ;
  const pl = pos.plist;
  const pc = pos.pcount;
  const them = us ^ 1;
  const pal = them * 256;
  const uhi = us << 3;
  // Palace files 3..5 (mailbox 6..8); palace ranks of the enemy (mailbox rows).
  const rLo = them === RED ? 3 : 10;
  const rHi = rLo + 2;
  let attackers = 0;
  let units = 0;
  for (let kind = CHARIOT; kind <= CANNON; kind++) {
    const code = kind | uhi;
    const screens = kind === CANNON ? 1 : 0;
    for (let i = 0, n = pc[code]; i < n; i++) {
      const from = pl[code * SLOTS + i];
      const f = from & 15;
      const r = from >> 4;
      let hits = 0;
      if (f >= 6 && f <= 8) {
        if (r < rHi) hits += palacePointsOnLine(occ, from, 16, rLo, screens);
        if (r > rLo) hits += palacePointsOnLine(occ, from, -16, rLo, screens);
      }
      if (r >= rLo && r <= rHi) {
        if (f < 8) hits += palacePointsOnLine(occ, from, 1, rLo, screens);
        if (f > 6) hits += palacePointsOnLine(occ, from, -1, rLo, screens);
      }
      if (hits !== 0) {
        attackers++;
        units += PALACE_UNIT[kind] + hits;
      }
    }
  }
  const kn = HORSE | uhi;
  for (let i = 0, n = pc[kn]; i < n; i++) {
    const from = pl[kn * SLOTS + i];
    // A horse jumps at most two ranks and two files.
    const hf = from & 15;
    const hr = from >> 4;
    if (hf < 4 || hf > 10 || hr < rLo - 2 || hr > rHi + 2) continue;
    let hits = 0;
    for (let j = 0, n = horseSteps(b, from, us, ALL_MOVES | DEFENDS, jumps, 0); j < n; j++) hits += IN_PALACE[pal + moveTo(jumps[j])];
    if (hits !== 0) {
      attackers++;
      units += PALACE_UNIT[HORSE] + hits;
    }
  }
  const pw = SOLDIER | uhi;
  const fwd = us === RED ? 16 : -16;
  for (let i = 0, n = pc[pw]; i < n; i++) {
    const from = pl[pw * SLOTS + i];
    // Only a soldier next to the palace can step into it (it has crossed the river by then).
    const pr = from >> 4;
    if (pr < rLo - 1 || pr > rHi + 1) continue;
    const hits = IN_PALACE[pal + from + fwd] + IN_PALACE[pal + from + 1] + IN_PALACE[pal + from - 1];
    if (hits !== 0) {
      attackers++;
      units += PALACE_UNIT[SOLDIER] + hits;
    }
  }
  return attackers >= 2 ? (units * units) >> 2 : 0;
}

/**
 * Term 10's counts, by side: the enemy chariots, horses and cannons standing in that side's
 * half (filled by pieceTerms, read by defenceTerms).
 */
const invaders = new Int32Array(2);

/**
 * The terms earned by the pieces of side `us` (positive = good for `us`), each piece list read
 * once: their cannons against the enemy king (3/4), their horses near the enemy palace (5),
 * their soldiers (6), their mobility and open files (7/8) and their attack on the palace (11).
 * Also counts their chariots, horses and cannons in the enemy half into invaders[them] (10).
 * With a trace, adds each weight's count there (negated for black) and computes every term.
 */
function pieceTerms(pos: Position, us: Colour, tr: EvalTrace | undefined): number {
  const b = pos.board;
  const pl = pos.plist;
  const pc = pos.pcount;
  const them = us ^ 1;
  const uhi = us << 3;
  const half = them * 256;
  const occ = pos.occ;
  const ksq = pl[(KING | (them << 3)) * SLOTS];
  const kfile = ksq & 15;
  const s = us === RED ? 1 : -1;
  let score = 0;
  let inHalf = 0;

  // 3/4. Our cannons against their king: the first and second pieces seen from the king along
  // its file and rank (lines.ts). 7. Cannon mobility.
  const cn = CANNON | uhi;
  for (let i = 0, n = pc[cn]; i < n; i++) {
    const c = pl[cn * SLOTS + i];
    inHalf += OWN_HALF[half + c];
    const offset = c - ksq;
    if ((c & 15) === kfile) {
      const fe = fileEntry(occ, ksq);
      const hi = offset > 0;
      if ((hi ? FILE_LINES.firstHi[fe] : FILE_LINES.firstLo[fe]) === offset) {
        score += HOLLOW_CANNON;
        if (tr !== undefined) tr.HOLLOW_CANNON += s;
      } else if ((hi ? FILE_LINES.secondHi[fe] : FILE_LINES.secondLo[fe]) === offset) {
        score += CENTRAL_CANNON;
        if (tr !== undefined) tr.CENTRAL_CANNON += s;
      }
    } else if (c >> 4 === ksq >> 4 && ksq >> 4 === (them === RED ? 3 : 12)) {
      const re = rankEntry(occ, ksq);
      if ((offset > 0 ? RANK_LINES.firstHi[re] : RANK_LINES.firstLo[re]) === offset) {
        score += BOTTOM_CANNON;
        if (tr !== undefined) tr.BOTTOM_CANNON += s;
      }
    }
    if (active(CANNON_MOBILITY) || tr !== undefined) {
      const mob = RANK_LINES.empties[rankEntry(occ, c)] + FILE_LINES.empties[fileEntry(occ, c)];
      score += mob * CANNON_MOBILITY;
      if (tr !== undefined) tr.CANNON_MOBILITY += s * mob;
    }
  }

  // 5. Our horses near their palace (ranks counted from their back rank). 7. Horse mobility.
  const hn = HORSE | uhi;
  for (let i = 0, n = pc[hn]; i < n; i++) {
    const h = pl[hn * SLOTS + i];
    inHalf += OWN_HALF[half + h];
    const df = (h & 15) - kfile;
    const r = them === RED ? (h >> 4) - 3 : 12 - (h >> 4);
    if (df >= -2 && df <= 2 && r <= 4 && r >= 1) {
      score += HORSE_NEAR_PALACE;
      if (tr !== undefined) tr.HORSE_NEAR_PALACE += s;
    }
    const mob = horseMobility(b, h, us);
    score += mob * HORSE_MOBILITY;
    if (mob <= 1) score -= HORSE_TRAPPED;
    if (tr !== undefined) {
      tr.HORSE_MOBILITY += s * mob;
      if (mob <= 1) tr.HORSE_TRAPPED -= s;
    }
  }

  // 6. Our crossed soldiers (and the files they stand on, for term 8).
  const theirAdvisors = pc[ADVISOR | (them << 3)];
  const pw = SOLDIER | uhi;
  let soldierFiles = 0;
  for (let i = 0, n = pc[pw]; i < n; i++) {
    const p = pl[pw * SLOTS + i];
    soldierFiles |= 1 << (p & 15);
    const r = us === RED ? (p >> 4) - 3 : 12 - (p >> 4);
    if (r >= 5) {
      score += (2 - theirAdvisors) * SOLDIER_NO_ADVISOR;
      const df = (p & 15) - kfile;
      const near = r >= 7 && df >= -1 && df <= 1;
      if (near) score += SOLDIER_NEAR_KING;
      if (tr !== undefined) {
        tr.SOLDIER_NO_ADVISOR += s * (2 - theirAdvisors);
        if (near) tr.SOLDIER_NEAR_KING += s;
      }
    }
  }

  // 7/8. Chariot mobility; chariots on files free of our soldiers.
  const rk = CHARIOT | uhi;
  for (let i = 0, n = pc[rk]; i < n; i++) {
    const from = pl[rk * SLOTS + i];
    inHalf += OWN_HALF[half + from];
    if (active(CHARIOT_MOBILITY) || tr !== undefined) {
      const re = rankEntry(occ, from);
      const fe = fileEntry(occ, from);
      const mob =
        RANK_LINES.empties[re] +
        FILE_LINES.empties[fe] +
        enemyAt(b, from, RANK_LINES.firstLo[re], them) +
        enemyAt(b, from, RANK_LINES.firstHi[re], them) +
        enemyAt(b, from, FILE_LINES.firstLo[fe], them) +
        enemyAt(b, from, FILE_LINES.firstHi[fe], them);
      score += mob * CHARIOT_MOBILITY;
      if (tr !== undefined) tr.CHARIOT_MOBILITY += s * mob;
    }
    if ((soldierFiles & (1 << (from & 15))) === 0) {
      score += CHARIOT_OPEN_FILE;
      if (tr !== undefined) tr.CHARIOT_OPEN_FILE += s;
    }
  }

  // 11. Our attack on their palace.
  if (active(KING_DANGER) || tr !== undefined) {
    const units = palaceAttack(pos, us);
    score += units * KING_DANGER;
    if (tr !== undefined) tr.KING_DANGER += s * units;
  }

  invaders[them] = inHalf;
  return score;
}

/**
 * The terms 2 and 10 for side `us` (positive = good for `us`): our shell and our palace against
 * their attacking force. pieceTerms must have counted invaders[us] first. Traced as pieceTerms.
 */
function defenceTerms(pos: Position, us: Colour, tr: EvalTrace | undefined): number {
  const pc = pos.pcount;
  const uhi = us << 3;
  const thi = (us ^ 1) << 3;
  const advisors = pc[ADVISOR | uhi];
  // 2. Our shell against their attacking force.
  const force = 3 * pc[CHARIOT | thi] + 2 * pc[HORSE | thi] + 2 * pc[CANNON | thi];
  let score = -(2 - advisors) * SHELL_ADVISOR * force - (2 - pc[ELEPHANT | uhi]) * SHELL_ELEPHANT * force;
  // 10. Their chariots, horses and cannons in our half.
  const n = invaders[us];
  score -= ((n * (n - 1)) >> 1) * ATTACK_PAIRS + n * (2 - advisors) * ATTACK_NO_ADVISOR;
  if (tr !== undefined) {
    const s = us === RED ? 1 : -1;
    tr.SHELL_ADVISOR -= s * (2 - advisors) * force;
    tr.SHELL_ELEPHANT -= s * (2 - pc[ELEPHANT | uhi]) * force;
    tr.ATTACK_PAIRS -= s * ((n * (n - 1)) >> 1);
    tr.ATTACK_NO_ADVISOR -= s * n * (2 - advisors);
  }
  return score;
}

/** Material and placement only (term 1), from the side to move's point of view. */
export function materialScore(pos: Position): number {
  let phase = pos.phase;
  if (phase > PHASE_MAX) phase = PHASE_MAX;
  const base = ((pos.mg * phase + pos.eg * (PHASE_MAX - phase)) / PHASE_MAX) | 0;
  return pos.side === RED ? base : 0 - base;
}

/**
 * Static evaluation from the side to move's point of view. With `trace`, also adds there the
 * count of every weight (see the header); the score is the same.
 */
export function evaluate(pos: Position, trace?: EvalTrace): number {
  const terms =
    pieceTerms(pos, RED, trace) - pieceTerms(pos, BLACK, trace) + defenceTerms(pos, RED, trace) - defenceTerms(pos, BLACK, trace);
  if (trace !== undefined) trace.TEMPO += pos.side === RED ? 1 : -1;
  return materialScore(pos) + (pos.side === RED ? terms : 0 - terms) + TEMPO;
}

/**
 * The free attacking force of `side`: 2 units per chariot and 1 per horse or cannon that can
 * move at all. The search's null-move pruning asks it: passing is only a fair test of a position
 * when the side could make a useful move, and with few free chariots, horses and cannons zugzwang
 * is common in xiangqi, so the null move needs NULL_MIN_UNITS and a cutoff is verified below
 * NULL_SAFE_UNITS (or at great depth; search-params.ts).
 */
export function attackUnits(pos: Position, side: Colour): number {
  const b = pos.board;
  const occ = pos.occ;
  const pl = pos.plist;
  const pc = pos.pcount;
  const hi = side << 3;
  let units = 0;
  for (let kind = HORSE; kind <= CANNON; kind++) {
    const code = kind | hi;
    for (let i = 0, n = pc[code]; i < n; i++) {
      const sq = pl[code * SLOTS + i];
      // A horse free to jump to an empty point; a chariot or cannon with an empty point beside it.
      const free =
        kind === HORSE
          ? horseSteps(b, sq, side, QUIETS, jumps, 0) !== 0
          : RANK_LINES.empties[rankEntry(occ, sq)] + FILE_LINES.empties[fileEntry(occ, sq)] !== 0;
      if (free) units += kind === CHARIOT ? 2 : 1;
    }
  }
  return units;
}

/**
 * Quiescence skips the full evaluation when material and placement alone are this far outside the
 * window (the terms 2-8 and 10 can move the score further, but seldom do). The value was chosen
 * by games and speed (docs/log/search.md).
 */
export const LAZY_MARGIN = 120;

/** The evaluation split into its terms, for the protocol's `eval` command (Red's view unless noted). */
interface EvaluationTerms {
  /** Term 1: material and placement, red minus black. */
  material: number;
  /** Terms 3-8 and 11 of each side's pieces, indexed by colour (each side's own view). */
  pieces: [number, number];
  /** The part of `pieces` that is term 11, the attack on the enemy palace. */
  palace: [number, number];
  /** Terms 2 and 10 of each side (its shell and its half against the enemy's force). */
  defence: [number, number];
  /** The side to move's bonus. */
  tempo: number;
  /** evaluate(pos): the sum, from the side to move's point of view. */
  total: number;
}

export function evaluationTerms(pos: Position): EvaluationTerms {
  const pieces: [number, number] = [pieceTerms(pos, RED, undefined), pieceTerms(pos, BLACK, undefined)];
  const defence: [number, number] = [defenceTerms(pos, RED, undefined), defenceTerms(pos, BLACK, undefined)];
  const palace: [number, number] = active(KING_DANGER)
    ? [palaceAttack(pos, RED) * KING_DANGER, palaceAttack(pos, BLACK) * KING_DANGER]
    : [0, 0];
  const material = pos.side === RED ? materialScore(pos) : 0 - materialScore(pos);
  return { material, pieces, palace, defence, tempo: TEMPO, total: evaluate(pos) };
}
