// Results of a match as games finish: per pairing (from its first engine's point of view) the
// win/draw/loss counts, the pentanomial counts over completed opening pairs, Elo with its 95%
// interval, LOS and the SPRT state; per engine the failures, thinking time, ponder hits and
// misses, the stops the runner sent (and the slowest answer) and the engine's resident memory
// (largest, and in its first game against its last), the share of its clock it used; and the
// termination reasons. Feeds the
// progress line and the JSON summary, which is also what a resume or a merge starts from
// (checkpoint.ts): the games' results, and each engine's figures carried whole (addFigures).
import { emptySideStats, FAILURES, type EngineFigures, type Result, type RssAt, type SideStats, type Termination } from './game';
import type { GameRecord } from './record';
import { finishedField } from './checkpoint';
import { eloPentanomial, eloTrinomial, los, sprt, type EloEstimate, type Pentanomial, type SprtConfig, type SprtState } from './stats';

/** An engine over the match: its results and failures, and its figures. */
interface EngineTally extends EngineFigures {
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

/** An engine's resident memory over the match (Tally.memory), kB; the rounds of its first and last game measured. */
export interface MemorySummary {
  maxKb: number;
  firstGameKb: number;
  lastGameKb: number;
  growthPct: number;
  firstRound: number;
  lastRound: number;
}

interface PairingTally {
  a: number;
  b: number;
  wins: number;
  draws: number;
  losses: number;
  pentanomial: Pentanomial;
  /** The first engine's points in the games of each opening pair so far, keyed by pair index. */
  pairs: Map<number, number[]>;
}

const FAILURE_FIELD: Record<string, keyof EngineTally> = {
  'time-forfeit': 'timeForfeits',
  'illegal-move': 'illegalMoves',
  crash: 'crashes',
  hang: 'hangs',
  'no-bestmove': 'noBestmove',
};

/** Points of a game's result for the side that had Red (`red`) or Black. */
function pointsOf(result: Result, red: boolean): number {
  if (result === '1/2-1/2') return 0.5;
  return (result === '1-0') === red ? 1 : 0;
}

const earlier = (x: RssAt | null, y: RssAt | null) => (x === null || (y !== null && y.round < x.round) ? y : x);
const later = (x: RssAt | null, y: RssAt | null) => (x === null || (y !== null && y.round > x.round) ? y : x);

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
      clockUsed: 0,
      firstRss: null,
      lastRss: null,
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
      const rss = side.maxRssKb === null ? null : { round: g.index + 1, kb: side.maxRssKb };
      this.addFigures(idx, { ...side, clockUsed: side.clockMs > 0 ? side.time : 0, firstRss: rss, lastRss: rss });
      if (pts === 0 && FAILURES.has(rec.termination)) (e[FAILURE_FIELD[rec.termination]] as number)++;
    }

    const p = this.pairings[g.pairing];
    const aPts = pointsOf(rec.result, g.red === g.a);
    if (aPts === 1) p.wins++;
    else if (aPts === 0.5) p.draws++;
    else p.losses++;
    const pair = p.pairs.get(g.pair) ?? [];
    p.pairs.set(g.pair, pair);
    pair.push(aPts);
    if (pair.length === 2) p.pentanomial[Math.round((pair[0] + pair[1]) * 2)]++;
  }

  /**
   * Adds figures of engine `i` over some games: those of one game (add), or those a summary
   * carries for games restored from it without their figures (a resume, a merge).
   */
  addFigures(i: number, f: EngineFigures): void {
    const e = this.engines[i];
    e.moves += f.moves;
    e.time += f.time;
    e.clockMs += f.clockMs;
    e.clockUsed += f.clockUsed;
    e.ponderHits += f.ponderHits;
    e.ponderMisses += f.ponderMisses;
    e.stops += f.stops;
    e.maxStopMs = Math.max(e.maxStopMs, f.maxStopMs);
    e.stopsUnanswered += f.stopsUnanswered;
    if (f.maxRssKb !== null) e.maxRssKb = Math.max(e.maxRssKb ?? 0, f.maxRssKb);
    e.firstRss = earlier(e.firstRss, f.firstRss);
    e.lastRss = later(e.lastRss, f.lastRss);
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
    const { maxRssKb: max, firstRss: first, lastRss: last } = this.engines[i];
    if (max === null || first === null || last === null) return null;
    const growthPct = round2(((last.kb - first.kb) / first.kb) * 100, 1) ?? 0;
    return { maxKb: max, firstGameKb: first.kb, lastGameKb: last.kb, growthPct, firstRound: first.round, lastRound: last.round };
  }

  /**
   * The JSON summary. Its size does not grow with the games beyond `finished`, one character a
   * game: it is rewritten after every game (see checkpoint.ts).
   */
  toJson(meta: Record<string, unknown>): Record<string, unknown> {
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
      timeMs: Math.round(e.time),
      avgTimePerMoveMs: e.moves > 0 ? round2(e.time / e.moves, 1) : null,
      // The share of what its clock gave it that the engine used, over the games with a clock.
      clockMs: Math.round(e.clockMs),
      clockUsedMs: Math.round(e.clockUsed),
      clockShare: e.clockMs > 0 ? round2(e.clockUsed / e.clockMs, 4) : null,
      ponderHits: e.ponderHits,
      ponderMisses: e.ponderMisses,
      stops: e.stops,
      slowestStopMs: round2(e.maxStopMs, 1),
      stopsUnanswered: e.stopsUnanswered,
      memory: this.memory(i),
    }));
    return {
      ...meta,
      played: this.played,
      results: { redWins: this.redWins, blackWins: this.blackWins, draws: this.draws },
      terminations: Object.fromEntries([...this.terminations.entries()].sort((x, y) => y[1] - x[1])),
      pairings,
      engines,
      // Every game's result and termination, by round: what a resume or a merge rebuilds the tally from.
      finished: finishedField(this.records.map((r) => ({ round: r.game.index + 1, result: r.result, termination: r.termination }))),
    };
  }
}
