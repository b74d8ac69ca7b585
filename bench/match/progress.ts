// The progress line on stderr: one line per finished game with the running score of the game's
// pairing, its Elo difference with the 95% interval, LOS and the SPRT log-likelihood ratio; and
// the summary printed at the end of a match (or of a merge of shards).
import type { GameOutcome } from './game';
import type { ScheduledGame } from './schedule';
import type { MemorySummary, Tally } from './summary';

function fmt(x: number, digits = 1): string {
  if (Number.isNaN(x)) return '-';
  if (!Number.isFinite(x)) return x > 0 ? '+inf' : '-inf';
  return (x >= 0 ? '+' : '') + x.toFixed(digits);
}

/**
 * An Elo difference with its 95% margin, in the one form used by the progress lines and the
 * summary: `+20.9 ± 38.9`, `+inf (every point won)`, `-inf (every point lost)`, `n/a`.
 */
function eloText(elo: number, margin: number): string {
  if (Number.isNaN(elo)) return 'n/a';
  if (!Number.isFinite(elo)) return elo > 0 ? '+inf (every point won)' : '-inf (every point lost)';
  return `${fmt(elo)} ± ${Number.isFinite(margin) ? margin.toFixed(1) : 'n/a'}`;
}

export function progressLine(tally: Tally, total: number, game: ScheduledGame, outcome: GameOutcome): string {
  const names = tally.names;
  const p = tally.pairings[game.pairing];
  const played = p.wins + p.draws + p.losses;
  const score = played > 0 ? ((p.wins + p.draws / 2) / played) * 100 : NaN;
  const elo = tally.elo(game.pairing);
  const useP = elo.pentanomial.samples > 0;
  const e = useP ? elo.pentanomial : elo.trinomial;
  const width = String(total).length;
  const parts = [
    `[${String(tally.played).padStart(width)}/${total}]`,
    `#${game.index + 1} ${names[game.red]} - ${names[game.black]} ${outcome.result} ${outcome.termination}`,
    `| ${names[p.a]} vs ${names[p.b]} +${p.wins} =${p.draws} -${p.losses} ${Number.isNaN(score) ? '' : score.toFixed(1) + '%'}`,
    `Elo ${eloText(e.elo, e.margin)}${useP ? '' : ' (tri)'}`,
  ];
  const s = game.pairing === 0 ? tally.sprt(0) : null;
  if (s) parts.push(`LLR ${fmt(s.llr, 2)} [${s.lower.toFixed(2)}, ${s.upper.toFixed(2)}]`);
  return parts.join(' ');
}

/** A text progress bar for terminals: `[#####-----] 50%`. */
export function progressBar(done: number, total: number, width = 20): string {
  const f = total > 0 ? Math.min(1, done / total) : 0;
  const n = Math.round(f * width);
  return `[${'#'.repeat(n)}${'-'.repeat(width - n)}] ${Math.round(f * 100)}%`;
}

/** What the closing lines read of an engine's entry in the JSON summary (summary.ts). */
interface EngineJson {
  name: string;
  points: number;
  games: number;
  timeForfeits: number;
  illegalMoves: number;
  crashes: number;
  hangs: number;
  noBestmove: number;
  clockShare?: number | null;
  avgTimePerMoveMs: number | null;
  ponderHits: number;
  ponderMisses: number;
  stops: number;
  slowestStopMs: number | null;
  stopsUnanswered: number;
  memory: MemorySummary | null;
}

/** The closing summary lines, from the JSON summary and the tally it was made from. */
export function summaryText(json: Record<string, unknown>, tally: Tally): string[] {
  const lines: string[] = [];
  tally.pairings.forEach((p, k) => {
    const games = p.wins + p.draws + p.losses;
    if (games === 0) return;
    const e = tally.elo(k);
    lines.push(
      `${tally.names[p.a]} vs ${tally.names[p.b]}: ${games} games, +${p.wins} =${p.draws} -${p.losses}, score ${(((p.wins + p.draws / 2) / games) * 100).toFixed(1)}%`,
    );
    lines.push(
      `  Elo ${eloText(e.pentanomial.elo, e.pentanomial.margin)} (pentanomial, ${e.pentanomial.samples} pairs), ` +
        `${eloText(e.trinomial.elo, e.trinomial.margin)} (trinomial); LOS ${(((json.pairings as Array<{ los: number }>)[k].los ?? 0) * 100).toFixed(1)}%`,
    );
    lines.push(`  pentanomial [0, ½, 1, 1½, 2 points per pair]: [${p.pentanomial.join(', ')}]`);
    const s = k === 0 ? tally.sprt(0) : null;
    if (s)
      lines.push(
        `  SPRT: LLR ${s.llr.toFixed(3)} [${s.lower.toFixed(3)}, ${s.upper.toFixed(3)}]${s.decision ? `, ${s.decision} accepted` : ''}`,
      );
  });
  const t = json.terminations as Record<string, number>;
  lines.push(
    `terminations: ${
      Object.entries(t)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ') || 'none'
    }`,
  );
  for (const e of json.engines as EngineJson[]) {
    lines.push(
      `${e.name}: ${e.points}/${e.games}, time forfeits ${e.timeForfeits}, illegal moves ${e.illegalMoves}, ` +
        `crashes ${e.crashes}, hangs ${e.hangs}, no bestmove ${e.noBestmove}, ${e.avgTimePerMoveMs ?? '-'} ms per move` +
        (typeof e.clockShare === 'number' ? `, ${(e.clockShare * 100).toFixed(1)}% of its clock used` : ''),
    );
    const more: string[] = [];
    const pondered = e.ponderHits + e.ponderMisses;
    if (pondered > 0)
      more.push(`ponder hits ${e.ponderHits}, misses ${e.ponderMisses} (${((e.ponderHits / pondered) * 100).toFixed(1)}% hits)`);
    if (e.stops > 0) {
      more.push(
        `stops ${e.stops}, slowest stop→bestmove ${e.slowestStopMs} ms${e.stopsUnanswered > 0 ? `, ${e.stopsUnanswered} unanswered` : ''}`,
      );
    }
    if (e.memory) {
      const m = e.memory;
      const mb = (kb: number) => (kb / 1024).toFixed(1);
      more.push(
        `RSS max ${mb(m.maxKb)} MB, first game ${mb(m.firstGameKb)} MB, last ${mb(m.lastGameKb)} MB (${m.growthPct >= 0 ? '+' : ''}${m.growthPct}%)`,
      );
    }
    if (more.length > 0) lines.push(`  ${more.join('; ')}`);
  }
  return lines;
}
