// One self-play game for training data: the current search at a fixed node count per move, from
// the start position (or an opening) plus a few random plies chosen by the game's own seed. The
// game is a pure function of (seed, game index, options): the search is reset before it, counts
// nodes only, and reads no clock.
//
// Kept positions (the usual filters): after the random plies; side to move not in check; the
// search's best move is not a capture; the score is not a mate. Each record gets the search score
// (side to move) and, once the game is over, its result.
//
// The game ends by the rules as a referee rules them (mate, stalemate, perpetual check or chase
// at the third occurrence, the 60-move limit), or by adjudication: a win when both sides' scores
// agree on at least ADJ_WIN_CP for ADJ_WIN_PLIES plies in a row; a draw past DRAW_ADJ_FROM plies
// when ADJ_DRAW_PLIES scores in a row stay within ADJ_DRAW_CP; a draw at MAX_GAME_PLIES.
import { generateLegal } from '../../engine/movegen';
import { SIGNAL_COUNT, pliesToMoves, type Score } from '../../engine/limits';
import { RULE_WIN } from '../../engine/search-params';
import { parseFen, START_FEN } from '../../engine/fen';
import { mix32 } from '../../engine/zobrist';
import { Position } from '../../engine/position';
import { judge } from '../../engine/rules';
import { Searcher } from '../../engine/search';
import { safeMoves } from '../../engine/see';
import { MAX_MOVES, RED, moveTo } from '../../engine/types';
import { fnv1a } from '../../engine/nnue-format';
import { BENCH_POSITIONS } from '../bench-positions';
import { rng } from '../../engine/rng';
import { encodeRecord, RECORD_BYTES } from './data-format';
import type { Opening } from '../match/openings';

const ADJ_WIN_CP = 1500;
const ADJ_WIN_PLIES = 6;
const DRAW_ADJ_FROM = 200;
const ADJ_DRAW_CP = 15;
const ADJ_DRAW_PLIES = 20;
const MAX_GAME_PLIES = 500;
/** A game whose first searched score is further from equal than this is dropped (a lopsided opening). */
const MAX_OPENING_CP = 500;

export interface SelfPlayOptions {
  seed: number;
  nodes: number;
  randomPlies: number;
  openings?: Opening[];
}

/** How a game ended (for the PGN of `datagen --pgn`). */
export const ENDINGS = [
  'checkmate',
  'stalemate',
  'perpetual-check',
  'perpetual-chase',
  'repetition-draw',
  'move-limit',
  'adjudicated-win',
  'adjudicated-draw',
  'ply-limit',
  'dropped',
] as const;
type Ending = (typeof ENDINGS)[number];

interface GameRecord {
  index: number;
  /** Result for Red: 0 loss, 1 draw, 2 win; -1 when the game was dropped. */
  redResult: number;
  plies: number;
  positions: number;
  /** positions * RECORD_BYTES bytes. */
  records: Uint8Array;
  /** Every move from the opening's start position (opening moves and random plies included). */
  moves: number[];
  ending: Ending;
}

/** A 32-bit seed for game `index` of a run seeded with `seed` (splitmix-style mixing). */
function gameSeed(seed: number, index: number): number {
  return mix32(Math.imul(seed >>> 0, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca6b));
}

const moveBuf = new Int32Array(MAX_MOVES);
const signals = new Int32Array(SIGNAL_COUNT);
const scratch = new Uint8Array(MAX_GAME_PLIES * RECORD_BYTES);
const keptSide = new Uint8Array(MAX_GAME_PLIES);

/** A legal move that does not lose material by SEE, chosen by `random` (any legal move if none). */
function randomMove(pos: Position, random: () => number): number {
  const n = generateLegal(pos, moveBuf, 0);
  if (n === 0) return 0;
  const safe = safeMoves(pos, moveBuf, n);
  if (safe.length > 0) return safe[Math.floor(random() * safe.length)];
  return moveBuf[Math.floor(random() * n)];
}

export function playGame(index: number, opts: SelfPlayOptions, searcher: Searcher): GameRecord {
  const random = rng(gameSeed(opts.seed, index));
  const pos = new Position();
  const moves: number[] = [];
  const dropped = (plies: number): GameRecord => ({
    index,
    redResult: -1,
    plies,
    positions: 0,
    records: new Uint8Array(0),
    moves,
    ending: 'dropped',
  });
  if (opts.openings !== undefined && opts.openings.length > 0) {
    const op = opts.openings[index % opts.openings.length];
    parseFen(op.fen, pos);
    for (const m of op.moves) {
      pos.make(m);
      moves.push(m);
    }
  } else {
    parseFen(START_FEN, pos);
  }
  for (let i = 0; i < opts.randomPlies; i++) {
    if (judge(pos, { priorOccurrences: 2 }).verdict !== 'none') return dropped(i);
    const m = randomMove(pos, random);
    if (m === 0) return dropped(i);
    pos.make(m);
    moves.push(m);
  }
  searcher.clearHash();
  let kept = 0;
  let winStreak = 0;
  let winSign = 0;
  let drawStreak = 0;
  let redResult = 1;
  let ending: Ending = 'ply-limit';
  let plies = opts.randomPlies;
  for (let ply = 0; ; ply++, plies++) {
    const j = judge(pos, { priorOccurrences: 2 });
    const verdict = j.verdict;
    if (verdict !== 'none') {
      ending = j.reason as Ending;
      redResult = verdict === 'draw' ? 1 : (verdict === 'win') === (pos.side === RED) ? 2 : 0;
      break;
    }
    if (plies >= MAX_GAME_PLIES) {
      ending = 'ply-limit';
      break;
    }
    const r = searcher.search(pos, { nodes: opts.nodes }, signals);
    if (r.bestMove === 0) break; // cannot happen after judge() found legal moves
    const mate = r.score.kind === 'mate';
    const cp = centipawns(r.score);
    if (ply === 0 && Math.abs(cp) > MAX_OPENING_CP) return dropped(plies);
    // Adjudication, on scores seen from Red.
    const redCp = pos.side === RED ? cp : -cp;
    if (Math.abs(redCp) >= ADJ_WIN_CP) {
      const sign = redCp > 0 ? 1 : -1;
      winStreak = sign === winSign ? winStreak + 1 : 1;
      winSign = sign;
    } else winStreak = 0;
    drawStreak = Math.abs(redCp) <= ADJ_DRAW_CP ? drawStreak + 1 : 0;
    if (winStreak >= ADJ_WIN_PLIES) {
      redResult = winSign > 0 ? 2 : 0;
      ending = 'adjudicated-win';
      break;
    }
    if (plies >= DRAW_ADJ_FROM && drawStreak >= ADJ_DRAW_PLIES) {
      ending = 'adjudicated-draw';
      break;
    }
    const isCapture = pos.board[moveTo(r.bestMove)] !== 0;
    if (!mate && !isCapture && !pos.inCheck()) {
      encodeRecord(scratch, kept * RECORD_BYTES, pos.board, pos.side, 0, cp);
      keptSide[kept] = pos.side;
      kept++;
    }
    pos.make(r.bestMove);
    moves.push(r.bestMove);
  }
  const records = scratch.slice(0, kept * RECORD_BYTES);
  for (let i = 0; i < kept; i++) {
    const off = i * RECORD_BYTES + 45;
    records[off] = keptSide[i] | (redResult << 1);
  }
  return { index, redResult, plies, positions: kept, records, moves, ending };
}

/** A score on the search's scale for adjudication and records: mates ±30000, rule results ±(RULE_WIN − plies). */
function centipawns(score: Score): number {
  if (score.kind === 'cp') return score.cp;
  if (score.kind === 'mate') return score.plies > 0 ? 30000 : -30000;
  return score.plies > 0 ? RULE_WIN - score.plies : -RULE_WIN - score.plies;
}

/** Positions and nodes of the play fingerprint. */
const FINGERPRINT_POSITIONS = 8;
const FINGERPRINT_NODES = 1000;

/**
 * The play fingerprint of `searcher` (with the evaluation it will play with): FNV-1a of the
 * move, score and node count of a fixed-node search of each of the first bench positions, and of
 * this file's game rules. Two builds with the same fingerprint play the same games (as far as a
 * short check can tell); a data file records it, so that a run is neither continued nor merged by
 * an engine that plays differently. Leaves the searcher's table cleared.
 */
export function playFingerprint(searcher: Searcher): number {
  const words: number[] = [ADJ_WIN_CP, ADJ_WIN_PLIES, DRAW_ADJ_FROM, ADJ_DRAW_CP, ADJ_DRAW_PLIES, MAX_GAME_PLIES, MAX_OPENING_CP];
  for (const { fen } of BENCH_POSITIONS.slice(0, FINGERPRINT_POSITIONS)) {
    searcher.clearHash();
    const r = searcher.search(parseFen(fen), { nodes: FINGERPRINT_NODES }, signals);
    words.push(r.bestMove, r.score.kind === 'mate' ? 100000 + pliesToMoves(r.score.plies) : centipawns(r.score), r.nodes);
  }
  searcher.clearHash();
  return fnv1a(new Uint8Array(Int32Array.from(words).buffer)) || 1;
}
