// `chuhan openings --pgn FILE... --plies N --out FILE`: an opening suite made from played games.
// For each finished game (in file order), the position after N plies; positions already taken are
// skipped, a left-right mirror image counting as the same position; a quick fixed-node search
// with the engine's default evaluation keeps those within ±max-score centipawns (no mate score).
// The suite is written as `FEN ; name` lines with a `#` header saying how it was made, which is
// what `--openings` of `chuhan match` reads (openings.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { generateLegal, judge, MAX_MOVES, parseFen, parsePgn, Position, toFen, type PgnGame } from '../../engine/index';
import { SIGNAL_COUNT } from '../../engine/limits';
import { NnueEvaluator } from '../../engine/nnue';
import { Searcher } from '../../engine/search';
import { embeddedNetwork } from '../../protocol/network';
import { USE_NNUE_DEFAULT } from '../../protocol/options';
import { decodePgnBytes } from '../../protocol/pgn-bytes';

export interface BuildOpeningsOptions {
  pgn: string[];
  plies: number;
  out: string;
  /** Search nodes for the score (default 20000). */
  nodes?: number;
  /** Keep positions scored within ± this many centipawns (default 80). */
  maxScore?: number;
  /** Stop after this many positions. */
  limit?: number;
  /** The command line, for the header. */
  command?: string;
}

/** A FEN's board and side to move, and the same for its left-right mirror image. */
export function positionKeys(fen: string): { key: string; mirror: string } {
  const [board, side] = fen.split(/\s+/);
  const mirrored = board
    .split('/')
    .map((rank) => [...rank].reverse().join(''))
    .join('/');
  return { key: `${board} ${side}`, mirror: `${mirrored} ${side}` };
}

/** The key a position and its mirror image share. */
export function canonicalKey(fen: string): string {
  const { key, mirror } = positionKeys(fen);
  return key < mirror ? key : mirror;
}

export interface SuiteEntry {
  fen: string;
  name: string;
  /** Score from Red's point of view, centipawns. */
  red: number;
}

export interface SuiteStats {
  games: number;
  unfinished: number;
  short: number;
  over: number;
  duplicates: number;
  outside: number;
  kept: number;
}

/** The suite from games already read; `score` gives a position's score for the side to move (null: mate). */
export function buildSuite(
  sources: ReadonlyArray<{ file: string; games: PgnGame[] }>,
  plies: number,
  maxScore: number,
  score: (pos: Position) => number | null,
  limit = Infinity,
): { entries: SuiteEntry[]; stats: SuiteStats } {
  const stats: SuiteStats = { games: 0, unfinished: 0, short: 0, over: 0, duplicates: 0, outside: 0, kept: 0 };
  const seen = new Set<string>();
  const entries: SuiteEntry[] = [];
  const buf = new Int32Array(MAX_MOVES);
  for (const { file, games } of sources) {
    games.forEach((g, gi) => {
      if (entries.length >= limit) return;
      stats.games++;
      if (g.result === '*') {
        stats.unfinished++;
        return;
      }
      if (g.moves.length <= plies) {
        stats.short++;
        return;
      }
      const pos = parseFen(g.fen);
      for (let i = 0; i < plies; i++) pos.make(g.moves[i]);
      if (judge(pos).verdict !== 'none' || generateLegal(pos, buf, 0) === 0) {
        stats.over++;
        return;
      }
      const fen = toFen(pos);
      const key = canonicalKey(fen);
      if (seen.has(key)) {
        stats.duplicates++;
        return;
      }
      seen.add(key);
      const s = score(pos);
      if (s === null || Math.abs(s) > maxScore) {
        stats.outside++;
        return;
      }
      const red = pos.side === 0 ? s : -s;
      const round = g.tags.find(([k]) => k.toLowerCase() === 'round')?.[1] ?? String(gi + 1);
      entries.push({ fen, name: `${basename(file)}:${round} ${red >= 0 ? '+' : ''}${red}`, red });
      stats.kept++;
    });
  }
  return { entries, stats };
}

/** A fixed-node scorer with the engine's default evaluation; the table is cleared before each position. */
export function defaultScorer(nodes: number): { score: (pos: Position) => number | null; evaluation: string } {
  const searcher = new Searcher(16);
  const network = USE_NNUE_DEFAULT ? embeddedNetwork() : null;
  if (network) searcher.setNetwork(new NnueEvaluator(network));
  const signals = new Int32Array(SIGNAL_COUNT);
  return {
    evaluation: network ? `network (${network.description || `${network.hidden} neurons a side`})` : 'hand-written',
    score: (pos) => {
      searcher.clearHash();
      const r = searcher.search(pos, { nodes }, signals);
      return r.score.mate !== undefined ? null : (r.score.cp ?? null);
    },
  };
}

/** The command; returns the exit code (2: usage, 1: unreadable input or output). */
export function runBuildOpenings(opts: BuildOpeningsOptions, log: (line: string) => void): number {
  const nodes = opts.nodes ?? 20000;
  const maxScore = opts.maxScore ?? 80;
  const sources: Array<{ file: string; games: PgnGame[] }> = [];
  for (const file of opts.pgn) {
    let text: string;
    try {
      text = decodePgnBytes(new Uint8Array(readFileSync(file)));
    } catch (e) {
      log(`chuhan openings: cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
      return 1;
    }
    try {
      sources.push({ file, games: parsePgn(text) });
    } catch (e) {
      log(`chuhan openings: ${file}: ${e instanceof Error ? e.message : e}`);
      return 1;
    }
  }
  const scorer = defaultScorer(nodes);
  const t0 = Date.now();
  const { entries, stats } = buildSuite(sources, opts.plies, maxScore, scorer.score, opts.limit ?? Infinity);
  const header = [
    `# Opening suite: the position after ${opts.plies} plies of played games, one per line (FEN ; source:Round score for Red).`,
    `# Made by: ${opts.command ?? `chuhan openings --pgn ${opts.pgn.join(' ')} --plies ${opts.plies} --nodes ${nodes} --max-score ${maxScore} --out ${opts.out}`}`,
    `# Kept: |score| <= ${maxScore} cp by a ${nodes}-node search (${scorer.evaluation}), no mate; each position once, its mirror image counted as the same.`,
    `# From ${stats.games} games: ${stats.kept} kept, ${stats.duplicates} repeats, ${stats.outside} outside the window, ` +
      `${stats.short} too short, ${stats.over} over at ply ${opts.plies}, ${stats.unfinished} unfinished.`,
  ];
  const lines = [...header, ...entries.map((e) => `${e.fen} ; ${e.name}`)];
  try {
    writeFileSync(opts.out, lines.join('\n') + '\n');
  } catch (e) {
    log(`chuhan openings: cannot write ${opts.out}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    return 1;
  }
  log(`openings: ${opts.out}: ${header[3].slice(2)} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  return 0;
}
