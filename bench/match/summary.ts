// Results of a match as games finish: per pairing (from its first engine's point of view) the
// win/draw/loss counts, the pentanomial counts over completed opening pairs, Elo with its 95%
// interval, LOS and the SPRT state; per engine the failures, thinking time, ponder hits and
// misses, the stops the runner sent (and the slowest answer) and the engine's resident memory
// (largest, and in its first game against its last); and the termination reasons. Feeds the
// progress line and the JSON summary.
import { emptySideStats, FAILURES, type Result, type SideStats, type Termination } from './game';
import { sideJson, type GameRecord } from './record';
import {
  eloPentanomial,
  eloTrinomial,
  los,
  sprt,
  type EloEstimate,
  type Pentanomial,
  type SprtConfig,
  type SprtState,
} from './stats';

/**
 * An engine over the match: its results and failures, and its side's figures over its games
 * (sums; the slowest stop and the largest memory of any game).
 */
interface EngineTally extends SideStats {
  games: number;
  points: number;
  wins: number;
  draws: number;
  losses: number;
  timeForfeits: number;
  illegalMoves: number;
  crashes: number;
  hangs: number;
  noBestmove: number;
}

/** An engine's resident memory over the match (Tally.memory), kB. */
export interface MemorySummary {
  maxKb: number;
  firstGameKb: number;
  lastGameKb: number;
  growthPct: number;
}

interface PairingTally {
  a: number;
  b: number;
  wins: number;
  draws: number;
  losses: number;
  pentanomial: Pentanomial;
  /** Results of each opening pair so far, keyed by pair index. */
  pairs: Map<number, { opening: number; results: Array<{ round: number; result: Result; aRed: boolean }> }>;
}

const FAILURE_FIELD: Record<string, keyof EngineTally> = {
  'time-forfeit': 'timeForfeits',
  'illegal-move': 'illegalMoves',
  crash: 'crashes',
  hang: 'hangs',
  'no-bestmove': 'noBestmove',
};

/** Points for the engine `who` ('a' side when aRed means a had Red). */
function pointsOf(result: Result, red: boolean): number {
  if (result === '1/2-1/2') return 0.5;
  return (result === '1-0') === red ? 1 : 0;
}

function round2(x: number, digits = 2): number | null {
  if (!Number.isFinite(x)) return null;
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

export class Tally {
  readonly engines: EngineTally[];
  readonly pairings: PairingTally[] = [];
  readonly terminations = new Map<Termination, number>();
  readonly records: GameRecord[] = [];
  redWins = 0;
  blackWins = 0;
  draws = 0;

  constructor(
    readonly names: readonly string[],
    pairingList: ReadonlyArray<[number, number]>,
    readonly sprtConfig?: SprtConfig,
  ) {
    this.engines = names.map(() => ({
      ...emptySideStats(),
      games: 0,
      points: 0,
      wins: 0,
      draws: 0,
      losses: 0,
      timeForfeits: 0,
      illegalMoves: 0,
      crashes: 0,
      hangs: 0,
      noBestmove: 0,
    }));
    for (const [a, b] of pairingList) {
      this.pairings.push({ a, b, wins: 0, draws: 0, losses: 0, pentanomial: [0, 0, 0, 0, 0], pairs: new Map() });
    }
  }

  get played(): number {
    return this.records.length;
  }

  add(rec: GameRecord): void {
    this.records.push(rec);
    const g = rec.game;
    if (rec.result === '1-0') this.redWins++;
    else if (rec.result === '0-1') this.blackWins++;
    else this.draws++;
    this.terminations.set(rec.termination, (this.terminations.get(rec.termination) ?? 0) + 1);

    for (const [idx, red, side] of [
      [g.red, true, rec.red],
      [g.black, false, rec.black],
    ] as Array<[number, boolean, SideStats]>) {
      const e = this.engines[idx];
      const pts = pointsOf(rec.result, red);
      e.games++;
      e.points += pts;
      if (pts === 1) e.wins++;
      else if (pts === 0.5) e.draws++;
      else e.losses++;
      e.moves += side.moves;
      e.time += side.time;
      e.ponderHits += side.ponderHits;
      e.ponderMisses += side.ponderMisses;
      e.stops += side.stops;
      e.maxStopMs = Math.max(e.maxStopMs, side.maxStopMs);
      e.stopsUnanswered += side.stopsUnanswered;
      if (side.maxRssKb !== null) e.maxRssKb = Math.max(e.maxRssKb ?? 0, side.maxRssKb);
      if (pts === 0 && FAILURES.has(rec.termination)) (e[FAILURE_FIELD[rec.termination]] as number)++;
    }

    const p = this.pairings[g.pairing];
    const aRed = g.red === g.a;
    const aPts = pointsOf(rec.result, aRed);
    if (aPts === 1) p.wins++;
    else if (aPts === 0.5) p.draws++;
    else p.losses++;
    let entry = p.pairs.get(g.pair);
    if (!entry) {
      entry = { opening: g.opening, results: [] };
      p.pairs.set(g.pair, entry);
    }
    entry.results.push({ round: g.index + 1, result: rec.result, aRed });
    if (entry.results.length === 2) {
      const pairPts = entry.results.reduce((s, r) => s + pointsOf(r.result, r.aRed), 0);
      p.pentanomial[Math.round(pairPts * 2)]++;
    }
  }

  elo(k: number): { trinomial: EloEstimate; pentanomial: EloEstimate } {
    const p = this.pairings[k];
    return { trinomial: eloTrinomial(p), pentanomial: eloPentanomial(p.pentanomial) };
  }

  sprt(k = 0): SprtState | null {
    if (!this.sprtConfig) return null;
    const p = this.pairings[k];
    return sprt(this.sprtConfig, p, p.pentanomial);
  }

  /**
   * Engine `i`'s resident memory: the largest seen, and the largest of its first and of its last
   * game (in schedule order) that were measured, with the change from first to last in %.
   */
  memory(i: number): MemorySummary | null {
    const max = this.engines[i].maxRssKb;
    if (max === null) return null;
    const measured = this.records
      .filter((r) => r.game.red === i || r.game.black === i)
      .sort((x, y) => x.game.index - y.game.index)
      .map((r) => (r.game.red === i ? r.red : r.black).maxRssKb)
      .filter((kb): kb is number => kb !== null);
    const first = measured[0];
    const last = measured[measured.length - 1];
    return { maxKb: max, firstGameKb: first, lastGameKb: last, growthPct: round2(((last - first) / first) * 100, 1) ?? 0 };
  }

  /** The JSON summary. */
  toJson(meta: Record<string, unknown>, openingNames: readonly string[]): Record<string, unknown> {
    const est = (e: EloEstimate) => ({ elo: round2(e.elo), margin: round2(e.margin), samples: e.samples });
    const pairings = this.pairings.map((p, k) => {
      const elo = this.elo(k);
      const s = this.sprt(k);
      const games = p.wins + p.draws + p.losses;
      return {
        engines: [this.names[p.a], this.names[p.b]],
        games,
        wins: p.wins,
        draws: p.draws,
        losses: p.losses,
        score: games > 0 ? round2((p.wins + p.draws / 2) / games, 4) : null,
        pentanomial: p.pentanomial,
        pairs: [...p.pairs.entries()]
          .sort((x, y) => x[0] - y[0])
          .map(([pair, v]) => ({ pair, v: { ...v, results: v.results.slice().sort((x, y) => x.round - y.round) } }))
          .map(({ pair, v }) => ({
            pair: pair + 1,
            opening: openingNames[v.opening] ?? String(v.opening),
            rounds: v.results.map((r) => r.round),
            results: v.results.map((r) => r.result),
            points: v.results.reduce((sum, r) => sum + pointsOf(r.result, r.aRed), 0),
            complete: v.results.length === 2,
          })),
        elo: { trinomial: est(elo.trinomial), pentanomial: est(elo.pentanomial) },
        los: round2(los(p), 4),
        sprt:
          s && this.sprtConfig && k === 0
            ? { ...this.sprtConfig, llr: round2(s.llr, 3), lower: round2(s.lower, 3), upper: round2(s.upper, 3), decision: s.decision }
            : null,
      };
    });
    const engines = this.engines.map((e, i) => ({
      name: this.names[i],
      games: e.games,
      points: e.points,
      wins: e.wins,
      draws: e.draws,
      losses: e.losses,
      timeForfeits: e.timeForfeits,
      illegalMoves: e.illegalMoves,
      crashes: e.crashes,
      hangs: e.hangs,
      noBestmove: e.noBestmove,
      moves: e.moves,
      avgTimePerMoveMs: e.moves > 0 ? round2(e.time / e.moves, 1) : null,
      ponderHits: e.ponderHits,
      ponderMisses: e.ponderMisses,
      stops: e.stops,
      slowestStopMs: round2(e.maxStopMs, 1),
      stopsUnanswered: e.stopsUnanswered,
      memory: this.memory(i),
    }));
    // Every game, in schedule order: what a merge of shards needs to rebuild the tally.
    const games = this.records
      .slice()
      .sort((x, y) => x.game.index - y.game.index)
      .map((r) => ({
        round: r.game.index + 1,
        red: this.names[r.game.red],
        black: this.names[r.game.black],
        opening: r.game.opening,
        result: r.result,
        termination: r.termination,
        plies: r.plies,
        redMoves: r.red.moves,
        redTimeMs: Math.round(r.red.time),
        blackMoves: r.black.moves,
        blackTimeMs: Math.round(r.black.time),
        ...sideJson('red', r.red),
        ...sideJson('black', r.black),
      }));
    return {
      ...meta,
      played: this.played,
      results: { redWins: this.redWins, blackWins: this.blackWins, draws: this.draws },
      terminations: Object.fromEntries([...this.terminations.entries()].sort((x, y) => y[1] - x[1])),
      pairings,
      engines,
      games,
    };
  }
}
