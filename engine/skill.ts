// Strength levels (UCI `Skill Level`, `UCI_LimitStrength` with `UCI_Elo`): a weaker level searches
// less, with a lower depth and node budget, and then does not always play the best move it found.
// It searches several lines (MultiPV) and draws one of the lines of its last completed iteration,
// each with a weight that falls with how much worse than the best line it scores: a softmax over
// the score deficits, whose temperature (in centipawns) is the level's. So every move it plays is
// one of its best few, close moves are taken often, much worse ones rarely, and a found mate or a
// line that is lost by force is never traded for another. The idea is Stockfish's
// Skill::pick_best (a random choice among the MultiPV lines that favours the close ones); the
// rule here is our own.
//
// Levels run from 0 to 19, and 20 is full strength (no limit). Level L claims the Elo
// LOWEST_ELO + (HIGHEST_ELO - LOWEST_ELO) * L / 19 on the scale of Fairy-Stockfish 11.1's own
// UCI_Elo, as measured in games (docs/log/strength-levels.md); a UCI_Elo between two levels
// is a fractional level. The settings of the measured levels are the anchors below; a level
// between two anchors takes its node budget and temperature on the geometric mean between them.
// Node budgets make a level's strength the same on any machine and at any clock long enough for
// them (they are far below what a search reaches at 2 s + 0.02 s).
import type { Score, SearchInfo } from './limits';
import { Rng } from './rng';

/** The Elo of level 0, and of the strongest level below full strength (19). */
export const LOWEST_ELO = 1350;
export const HIGHEST_ELO = 2850;
/** Skill Level of full strength: no limit at all. */
export const FULL_STRENGTH = 20;
const TOP_LEVEL = FULL_STRENGTH - 1;

/** What a level does: the limits of its search, and how it draws among the lines found. */
interface SkillSettings {
  /** The level, 0 to 19 (fractional for a UCI_Elo between two levels). */
  level: number;
  /** Deepest iteration searched. */
  depth: number;
  /** Node budget of the search. */
  nodes: number;
  /** Lines searched (MultiPV), the candidates of the draw. */
  lines: number;
  /** Softmax temperature of the draw over score deficits, in centipawns. */
  temperature: number;
}

type Anchor = Omit<SkillSettings, 'level'>;

/** The measured levels' settings, by level. */
const ANCHORS: ReadonlyArray<readonly [number, Anchor]> = [
  [0, { depth: 1, nodes: 1000, lines: 4, temperature: 100 }],
  [5, { depth: 3, nodes: 4000, lines: 4, temperature: 80 }],
  [10, { depth: 5, nodes: 12000, lines: 4, temperature: 40 }],
  [15, { depth: 6, nodes: 20000, lines: 4, temperature: 30 }],
  [19, { depth: 7, nodes: 25000, lines: 4, temperature: 25 }],
];

/** The level a UCI_Elo asks for (fractional; clamped to the levels 0-19). */
export function levelOfElo(elo: number): number {
  const level = ((elo - LOWEST_ELO) * TOP_LEVEL) / (HIGHEST_ELO - LOWEST_ELO);
  return Math.min(TOP_LEVEL, Math.max(0, level));
}

/** The Elo a level claims (levels 0-19). */
export function eloOfLevel(level: number): number {
  return Math.round(LOWEST_ELO + ((HIGHEST_ELO - LOWEST_ELO) * level) / TOP_LEVEL);
}

/** The settings of a level (0 to 20, fractional allowed); null at full strength. */
export function skillSettings(level: number): SkillSettings | null {
  if (!(level < FULL_STRENGTH)) return null;
  const l = Math.max(0, level);
  let i = 0;
  while (i < ANCHORS.length - 2 && l > ANCHORS[i + 1][0]) i++;
  const [l0, a] = ANCHORS[i];
  const [l1, b] = ANCHORS[i + 1];
  // Past the last anchor (levels between 19 and 20) the settings stay those of level 19.
  const t = Math.min(1, (l - l0) / (l1 - l0));
  const geometric = (x: number, y: number): number => x * (y / x) ** t;
  return {
    level: l,
    depth: Math.round(a.depth + (b.depth - a.depth) * t),
    nodes: Math.round(geometric(a.nodes, b.nodes)),
    lines: Math.round(a.lines + (b.lines - a.lines) * t),
    temperature: geometric(a.temperature, b.temperature),
  };
}

/** A decided score (a mate or a repetition-rule result) as a value beyond every evaluation. */
const DECIDED = 100_000;

/** A score as one number for deficits: centipawns, decided results beyond them (sooner is larger). */
function value(score: Score): number {
  if (score.kind === 'cp') return score.cp;
  const base = score.kind === 'mate' ? 2 * DECIDED : DECIDED;
  return score.plies > 0 ? base - score.plies : -base - score.plies;
}

/**
 * Draws one of `lines` (best first): line i with a weight exp(-(best - score_i) / temperature),
 * `random` giving numbers in [0, 1). Returns its index.
 */
export function drawLine(lines: readonly { score: Score }[], temperature: number, random: () => number): number {
  if (lines.length <= 1) return 0;
  const top = Math.max(...lines.map((l) => value(l.score)));
  const weights = lines.map((l) => Math.exp(-(top - value(l.score)) / Math.max(temperature, 1e-9)));
  let r = random() * weights.reduce((s, w) => s + w, 0);
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i];
    if (r < 0) return i;
  }
  return weights.findIndex((w) => w === 1);
}

/** The draw of one search: its temperature, the lines the user asked to see, and its seed. */
export interface SkillPick {
  temperature: number;
  /** The MultiPV the user set: only these lines are reported while searching. */
  shown: number;
  seed: number;
}

/**
 * The lines of one search at a level, collected from its reports, and the line drawn at the end.
 * Every completed iteration reports the same number of lines; the draw is among the lines of the
 * deepest iteration that reported them all.
 */
export class LineChoice {
  private complete: SearchInfo[] = [];
  private current: SearchInfo[] = [];
  private depth = -1;
  private count = 0;

  constructor(readonly pick: SkillPick) {}

  /** Records a search report; true when it is one of the lines the user sees. */
  record(info: SearchInfo): boolean {
    if (info.depth !== this.depth) {
      this.depth = info.depth;
      this.current = [];
    }
    this.current[info.multipv - 1] = info;
    const n = this.current.filter((l) => l !== undefined).length;
    if (n >= this.count) {
      this.count = n;
      this.complete = this.current.slice();
    }
    return info.multipv <= this.pick.shown;
  }

  /** The line drawn among the last complete iteration's, or null when none was reported. */
  choose(): SearchInfo | null {
    const lines = this.complete.filter((l) => l !== undefined && l.pv.length > 0);
    if (lines.length === 0) return null;
    const rng = new Rng(this.pick.seed);
    return lines[drawLine(lines, this.pick.temperature, () => rng.next())];
  }
}
