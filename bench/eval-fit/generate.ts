// Training positions: fast self-play games of our own search (a small node limit, with some
// random non-losing moves for variety) from the match openings, keeping quiet positions (side
// to move not in check, no capture that wins material by SEE), one FEN per line.

import { rng } from '../../engine/rng';
import { appendFileSync, readFileSync } from 'node:fs';
import { Position, generateLegal, MAX_MOVES, parseFen, toFen } from '../../engine/index';
import { CAPTURES, generate as generateMoves } from '../../engine/movegen';
import { SIGNAL_COUNT } from '../../engine/limits';
import { judge } from '../../engine/rules';
import { Searcher } from '../../engine/search';
import { safeMoves, see } from '../../engine/see';
import { parseOpenings } from '../match/openings';

interface GenerateOptions {
  out: string;
  openings: string;
  positions: number;
  nodes: number;
  seed: number;
  /** Probability of keeping a quiet position. */
  keep: number;
}

const buf = new Int32Array(MAX_MOVES * 2);
const capBuf = new Int32Array(MAX_MOVES * 2);

export function isQuiet(pos: Position): boolean {
  if (pos.inCheck()) return false;
  const n = generateMoves(pos, capBuf, 0, CAPTURES);
  for (let i = 0; i < n; i++) if (see(pos, capBuf[i]) > 0) return false;
  return true;
}

/** Appends the FEN of `pos` to `lines` unless its placement and side to move are in `seen`. */
export function pushUnseen(pos: Position, seen: Set<string>, lines: string[]): void {
  const fen = toFen(pos);
  const key = fen.split(' ').slice(0, 2).join(' ');
  if (!seen.has(key)) {
    seen.add(key);
    lines.push(fen);
  }
}

export function generate(opts: GenerateOptions, log: (s: string) => void): void {
  const openings = parseOpenings(readFileSync(opts.openings, 'utf8'));
  const random = rng(opts.seed);
  const searcher = new Searcher(8);
  const signals = new Int32Array(SIGNAL_COUNT);
  const seen = new Set<string>();
  let kept = 0;
  let games = 0;
  const t0 = Date.now();
  while (kept < opts.positions) {
    const op = openings[games % openings.length];
    games++;
    const pos = parseFen(op.fen);
    for (const m of op.moves) pos.make(m);
    searcher.clearHash();
    const lines: string[] = [];
    for (let ply = 0; ply < 300; ply++) {
      if (judge(pos).verdict !== 'none') break;
      const n = generateLegal(pos, buf, 0);
      if (n === 0) break;
      if (ply >= 2 && isQuiet(pos) && random() < opts.keep) pushUnseen(pos, seen, lines);
      let move = 0;
      const pRandom = ply < 8 ? 0.3 : 0.08;
      if (random() < pRandom) {
        const safe = safeMoves(pos, buf, n);
        if (safe.length > 0) move = safe[Math.floor(random() * safe.length)];
      }
      if (move === 0) {
        const r = searcher.search(pos, { nodes: opts.nodes }, signals);
        if (r.score.kind !== 'cp' || Math.abs(r.score.cp) > 2000) break;
        move = r.bestMove;
        if (move === 0) break;
      }
      pos.make(move);
    }
    if (lines.length > 0) appendFileSync(opts.out, lines.join('\n') + '\n');
    kept += lines.length;
    if (games % 20 === 0 || process.env.TUNE_DEBUG) log(`games ${games} positions ${kept} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  }
  log(`done: games ${games} positions ${kept}`);
}
