// `chuhan openings --pgn FILE... --plies N --out FILE`: an opening suite made from played games.
// For each finished game (in file order), the position after N plies; positions already taken are
// skipped, a left-right mirror image counting as the same position; a quick fixed-node search
// with the engine's default evaluation keeps those within ±max-score centipawns (no mate score).
// The suite is written as `FEN ; name` lines with a `#` header saying how it was made, which is
// what `--openings` of `chuhan match` reads (openings.ts). Ctrl-C leaves the suite of the games
// read so far (marked unfinished), which `--resume` completes.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import {
  generateLegal,
  judge,
  MAX_MOVES,
  parseFen,
  PgnError,
  Position,
  RecordError,
  readRecords,
  toFen,
  type PgnGame,
} from '../../engine/index';
import { SIGNAL_COUNT } from '../../engine/limits';
import { NnueEvaluator } from '../../engine/nnue';
import { Searcher } from '../../engine/search';
import { embeddedNetwork, USE_NNUE_DEFAULT } from '../../engine/network';
import { onInterrupt, yieldToSignals } from '../interrupt';

interface BuildOpeningsOptions {
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
  /** Go on from an unfinished suite in `out` (same settings). */
  resume?: boolean;
}

/** A FEN's board and side to move, and the same for its left-right mirror image. */
function positionKeys(fen: string): { key: string; mirror: string } {
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

interface SuiteEntry {
  fen: string;
  name: string;
  /** Score from Red's point of view, centipawns. */
  red: number;
}

interface SuiteStats {
  games: number;
  unfinished: number;
  short: number;
  over: number;
  duplicates: number;
  outside: number;
  kept: number;
}

/**
 * The suite built one game at a time (so that a command can stop between games): `score` gives a
 * position's score for the side to move (null: mate). `skip` replays a game already decided by an
 * earlier run (`--resume`): the position is remembered as seen, nothing is scored or counted.
 */
class SuiteBuilder {
  readonly stats: SuiteStats = { games: 0, unfinished: 0, short: 0, over: 0, duplicates: 0, outside: 0, kept: 0 };
  readonly entries: SuiteEntry[] = [];
  private readonly seen = new Set<string>();
  private readonly buf = new Int32Array(MAX_MOVES);

  constructor(
    private readonly plies: number,
    private readonly maxScore: number,
    private readonly score: (pos: Position) => number | null,
    readonly limit = Infinity,
  ) {}

  get full(): boolean {
    return this.entries.length >= this.limit;
  }

  /** The position after `plies` of a finished game long enough, or why there is none. */
  private position(g: PgnGame): { fen: string; pos: Position } | 'unfinished' | 'short' | 'over' {
    if (g.result === '*') return 'unfinished';
    if (g.moves.length <= this.plies) return 'short';
    const pos = parseFen(g.fen);
    for (let i = 0; i < this.plies; i++) pos.make(g.moves[i]);
    if (judge(pos).verdict !== 'none' || generateLegal(pos, this.buf, 0) === 0) return 'over';
    return { fen: toFen(pos), pos };
  }

  add(file: string, g: PgnGame, gi: number): void {
    if (this.full) return;
    const stats = this.stats;
    stats.games++;
    const at = this.position(g);
    if (typeof at === 'string') {
      stats[at]++;
      return;
    }
    const key = canonicalKey(at.fen);
    if (this.seen.has(key)) {
      stats.duplicates++;
      return;
    }
    this.seen.add(key);
    const s = this.score(at.pos);
    if (s === null || Math.abs(s) > this.maxScore) {
      stats.outside++;
      return;
    }
    const red = at.pos.side === 0 ? s : -s;
    const round = g.tags.find(([k]) => k.toLowerCase() === 'round')?.[1] ?? String(gi + 1);
    this.entries.push({ fen: at.fen, name: `${basename(file)}:${round} ${red >= 0 ? '+' : ''}${red}`, red });
    stats.kept++;
  }

  skip(g: PgnGame): void {
    const at = this.position(g);
    if (typeof at !== 'string') this.seen.add(canonicalKey(at.fen));
  }
}

/** The suite from games already read (SuiteBuilder over every game in order). */
export function buildSuite(
  sources: ReadonlyArray<{ file: string; games: PgnGame[] }>,
  plies: number,
  maxScore: number,
  score: (pos: Position) => number | null,
  limit = Infinity,
): { entries: SuiteEntry[]; stats: SuiteStats } {
  const b = new SuiteBuilder(plies, maxScore, score, limit);
  for (const { file, games } of sources) games.forEach((g, gi) => b.add(file, g, gi));
  return { entries: b.entries, stats: b.stats };
}

/** A fixed-node scorer with the engine's default evaluation; the table is cleared before each position. */
function defaultScorer(nodes: number): { score: (pos: Position) => number | null; evaluation: string } {
  const searcher = new Searcher(16);
  const network = USE_NNUE_DEFAULT ? embeddedNetwork() : null;
  if (network) searcher.setNetwork(new NnueEvaluator(network));
  const signals = new Int32Array(SIGNAL_COUNT);
  return {
    evaluation: network ? `network (${network.description || `${network.hidden} neurons a side`})` : 'hand-written',
    score: (pos) => {
      searcher.clearHash();
      const r = searcher.search(pos, { nodes }, signals);
      return r.score.kind === 'cp' ? r.score.cp : null;
    },
  };
}

/** The settings a suite's header records and --resume compares, as `key=value` words. */
function settingsLine(opts: BuildOpeningsOptions, nodes: number, maxScore: number, evaluation: string): string {
  return `# Settings: plies=${opts.plies} nodes=${nodes} max-score=${maxScore} limit=${opts.limit ?? 'none'} evaluation=${evaluation.replace(/\s+/g, '_')} pgn=${opts.pgn.map((f) => basename(f)).join(',')}`;
}

/** What a suite file written by this command says about itself: settings, progress, counts, entries. */
function readSuiteFile(text: string): {
  settings: string | null;
  progress: number | null;
  stats: SuiteStats | null;
  entries: SuiteEntry[];
} {
  const settings = /^# Settings: .*$/m.exec(text)?.[0] ?? null;
  const progress = /^# Unfinished: (\d+) of the games read/m.exec(text);
  const from =
    /^# From (\d+) games: (\d+) kept, (\d+) repeats, (\d+) outside the window, (\d+) too short, (\d+) over at ply \d+, (\d+) unfinished/m.exec(
      text,
    );
  const entries: SuiteEntry[] = [];
  for (const line of text.split('\n')) {
    const m = /^([^#;].*?)\s*;\s*(.*?)\s*$/.exec(line);
    if (!m) continue;
    const red = /([+-]\d+)$/.exec(m[2]);
    entries.push({ fen: m[1], name: m[2], red: red ? Number(red[1]) : 0 });
  }
  const n = (i: number) => Number(from![i]);
  return {
    settings,
    progress: progress ? Number(progress[1]) : null,
    stats: from ? { games: n(1), kept: n(2), duplicates: n(3), outside: n(4), short: n(5), over: n(6), unfinished: n(7) } : null,
    entries,
  };
}

/**
 * The command; returns the exit code (2: usage, 1: unreadable input or output, 130: Ctrl-C). The
 * suite is written (through a temporary file and a rename) every 30 s, when interrupted and at the
 * end; until the end it says how many games were read, and `--resume` goes on from there.
 */
export async function runBuildOpenings(opts: BuildOpeningsOptions, log: (line: string) => void): Promise<number> {
  const nodes = opts.nodes ?? 20000;
  const maxScore = opts.maxScore ?? 80;
  const sources: Array<{ file: string; games: PgnGame[] }> = [];
  for (const file of opts.pgn) {
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(readFileSync(file));
    } catch (e) {
      log(`chuhan openings: cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
      return 1;
    }
    try {
      const games = readRecords(bytes, file).games;
      const refused = games.find((g) => g instanceof PgnError);
      if (refused !== undefined) {
        log(`chuhan openings: ${file}: ${refused.message}`);
        return 1;
      }
      sources.push({ file, games: games as PgnGame[] });
    } catch (e) {
      if (!(e instanceof RecordError)) throw e;
      log(`chuhan openings: ${e.message}`);
      return 1;
    }
  }
  const scorer = defaultScorer(nodes);
  const settings = settingsLine(opts, nodes, maxScore, scorer.evaluation);
  const builder = new SuiteBuilder(opts.plies, maxScore, scorer.score, opts.limit ?? Infinity);
  const total = sources.reduce((n, s) => n + s.games.length, 0);
  let resumeAt = 0;
  if (opts.resume) {
    let text = '';
    try {
      text = existsSync(opts.out) ? readFileSync(opts.out, 'utf8') : '';
    } catch (e) {
      log(`chuhan openings: cannot read ${opts.out}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
      return 1;
    }
    if (text === '') log(`openings: --resume: ${opts.out} does not exist yet; starting from the first game`);
    else {
      const was = readSuiteFile(text);
      if (was.settings === null || was.stats === null) {
        log(`chuhan openings: cannot resume ${opts.out}: it is not a suite written by this version of chuhan openings`);
        return 2;
      }
      if (was.settings !== settings) {
        const a = new Map(
          was.settings
            .slice(12)
            .split(' ')
            .map((w) => w.split('=') as [string, string]),
        );
        const diff = settings
          .slice(12)
          .split(' ')
          .map((w) => w.split('='))
          .find(([k, v]) => a.get(k) !== v);
        log(
          `chuhan openings: cannot resume ${opts.out}: it was made with ${diff ? `${diff[0]} ${a.get(diff[0])}, not ${diff[1]}` : 'other settings'}; give the same options or another --out`,
        );
        return 2;
      }
      resumeAt = was.progress ?? was.stats.games;
      Object.assign(builder.stats, was.stats);
      builder.entries.push(...was.entries);
      log(`openings: continuing ${opts.out} after game ${resumeAt} of ${total} (${was.entries.length} kept)`);
    }
  }
  const t0 = Date.now();
  let read = 0;
  const write = (finished: boolean): boolean => {
    const { stats, entries } = builder;
    const header = [
      `# Opening suite: the position after ${opts.plies} plies of played games, one per line (FEN ; source:Round score for Red).`,
      `# Made by: ${opts.command ?? `chuhan openings --pgn ${opts.pgn.join(' ')} --plies ${opts.plies} --nodes ${nodes} --max-score ${maxScore} --out ${opts.out}`}`,
      `# Kept: |score| <= ${maxScore} cp by a ${nodes}-node search (${scorer.evaluation}), no mate; each position once, its mirror image counted as the same.`,
      `# From ${stats.games} games: ${stats.kept} kept, ${stats.duplicates} repeats, ${stats.outside} outside the window, ` +
        `${stats.short} too short, ${stats.over} over at ply ${opts.plies}, ${stats.unfinished} unfinished.`,
      settings,
      ...(finished ? [] : [`# Unfinished: ${read} of the games read; the same command with --resume goes on.`]),
    ];
    const lines = [...header, ...entries.map((e) => `${e.fen} ; ${e.name}`)];
    try {
      writeFileSync(`${opts.out}.tmp`, lines.join('\n') + '\n');
      renameSync(`${opts.out}.tmp`, opts.out);
      return true;
    } catch (e) {
      log(`chuhan openings: cannot write ${opts.out}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
      return false;
    }
  };

  let stop = false;
  const interrupt = onInterrupt(() => (stop = true));
  log(
    `openings: ${total - resumeAt} games to read, the position at ply ${opts.plies} of each searched to ${nodes} nodes; Ctrl-C stops, and --resume goes on`,
  );
  try {
    let lastSave = Date.now();
    outer: for (const { file, games } of sources) {
      for (let gi = 0; gi < games.length; gi++) {
        if (builder.full) break outer;
        if (read < resumeAt) builder.skip(games[gi]);
        else {
          builder.add(file, games[gi], gi);
          await yieldToSignals();
        }
        read++;
        if (stop) {
          if (!write(false)) return 1;
          log(
            `openings: ${interrupt.signal}: stopped after game ${read} of ${total}; ${opts.out} holds the ${builder.entries.length} positions kept so far and --resume goes on`,
          );
          return interrupt.code;
        }
        if (Date.now() - lastSave > 30_000) {
          if (!write(false)) return 1;
          lastSave = Date.now();
        }
      }
    }
  } finally {
    interrupt.dispose();
  }
  if (!write(true)) return 1;
  const s = builder.stats;
  log(
    `openings: ${opts.out}: from ${s.games} games: ${s.kept} kept, ${s.duplicates} repeats, ${s.outside} outside the window, ` +
      `${s.short} too short, ${s.over} over at ply ${opts.plies}, ${s.unfinished} unfinished. (${((Date.now() - t0) / 1000).toFixed(0)} s)`,
  );
  return 0;
}
