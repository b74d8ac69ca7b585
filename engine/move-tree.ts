// A tree of moves as the binary and web formats keep a game (XQF, DhtmlXQ), turned into the game
// the rest of the project uses (PgnGame): the main line is each node's first child from the root,
// a node's other children are variations in place of the first, nested as deep as the tree goes.
// Every move is checked on the board: one that is not legal ends the game's reading when it is on
// the main line, and cuts its variation there (with a warning) when it is not.

import { parseFen, toFen } from './fen';
import { isLegalMove } from './movegen';
import type { PgnComment, PgnGame, PgnResult, PgnVariation } from './pgn';
import type { Position } from './position';
import { COLOUR_NAMES, MAX_HISTORY, makeMove, makeSquare } from './types';

export interface MoveNode {
  /** The move's squares as file (0..8, a..i) and rank (0..9, red's back rank 0); -1 when unreadable. */
  fromFile: number;
  fromRank: number;
  toFile: number;
  toRank: number;
  /** The comment after the move ('' for none). */
  comment: string;
  /** The next moves: the first continues this line, the others replace it. */
  children: MoveNode[];
}

export interface MoveTree {
  /** The comment before the first move (the game comment). */
  comment: string;
  /** The first moves: the first is the main line's. */
  children: MoveNode[];
}

/** A node with no move yet. */
export function emptyNode(): MoveNode {
  return { fromFile: -1, fromRank: -1, toFile: -1, toRank: -1, comment: '', children: [] };
}

/** Deepest nesting of variations read (a deeper one is dropped, with a warning). */
const MAX_NESTING = 200;

interface Line {
  moves: number[];
  comments: PgnComment[];
  variations: PgnVariation[];
}

/** What turning a tree into a game shares across its lines. */
interface Walk {
  pos: Position;
  /** What names the game in messages (`XQF`, `game 2`). */
  label: string;
  /** Added to the message of an illegal main-line move (`a damaged file or a wrong key`). */
  hint: string;
  warnings: string[];
}

function squareText(file: number, rank: number): string {
  return file >= 0 && file <= 8 && rank >= 0 && rank <= 9 ? String.fromCharCode(97 + file) + rank : '??';
}

function nodeMove(n: MoveNode): number {
  if (n.fromFile < 0 || n.fromFile > 8 || n.toFile < 0 || n.toFile > 8) return 0;
  if (n.fromRank < 0 || n.fromRank > 9 || n.toRank < 0 || n.toRank > 9) return 0;
  return makeMove(makeSquare(n.fromFile, n.fromRank), makeSquare(n.toFile, n.toRank));
}

/**
 * The side that moves first: the colour of the piece on the main line's first source square, else
 * `fallback`. A move from an empty square leaves it to `fallback` (the move is refused later).
 */
export function firstMover(board: ReadonlyArray<string | null>, tree: MoveTree, fallback: 'w' | 'b'): 'w' | 'b' {
  const first = tree.children[0];
  if (first === undefined || first.fromFile < 0 || first.fromFile > 8 || first.fromRank < 0 || first.fromRank > 9) return fallback;
  const piece = board[first.fromRank * 9 + first.fromFile];
  if (piece === null || piece === undefined) return fallback;
  return piece === piece.toUpperCase() ? 'w' : 'b';
}

/** A FEN of a board of 90 points (index rank * 9 + file, FEN letters, null for empty), the side and the move number. */
export function boardFen(board: ReadonlyArray<string | null>, side: 'w' | 'b', fullmove = 1): string {
  const rows: string[] = [];
  for (let rank = 9; rank >= 0; rank--) {
    let row = '';
    let empty = 0;
    for (let file = 0; file < 9; file++) {
      const p = board[rank * 9 + file];
      if (p === null || p === undefined) {
        empty++;
      } else {
        if (empty > 0) row += String(empty);
        empty = 0;
        row += p;
      }
    }
    if (empty > 0) row += String(empty);
    rows.push(row);
  }
  return `${rows.join('/')} ${side} - - 0 ${fullmove}`;
}

/** The position of a FEN built from a file's setup; throws FenError with what is wrong. */
export function setupPosition(fen: string): Position {
  return parseFen(fen, undefined, { lenient: true });
}

/**
 * The game a tree holds from `pos` (played on and restored): the main line, its comments and
 * variations. Throws MoveTreeError for an illegal or unreadable main-line move.
 */
export function treeToGame(tree: MoveTree, pos: Position, label: string, hint: string, result: PgnResult): PgnGame {
  const walk: Walk = { pos, label, hint, warnings: [] };
  const fen = toFen(pos);
  const line = walkLine(tree.children, walk, 0);
  const comments = tree.comment !== '' ? [{ ply: 0, text: tree.comment }, ...line.comments] : line.comments;
  const game: PgnGame = { tags: [], fen, moves: line.moves, result };
  if (comments.length > 0) game.comments = comments;
  if (line.variations.length > 0) game.variations = line.variations;
  if (walk.warnings.length > 0) game.warnings = walk.warnings;
  return game;
}

/** An illegal or unreadable move on a tree's main line. */
export class MoveTreeError extends Error {
  constructor(
    label: string,
    /** The problem, without the label. */
    readonly detail: string,
  ) {
    super(`${label}: ${detail}`);
    this.name = 'MoveTreeError';
  }
}

/**
 * The line that starts with `choices[0]` (its alternatives `choices[1..]` become variations of its
 * first move), played on walk.pos and taken back before returning.
 */
function walkLine(choices: MoveNode[], walk: Walk, depth: number): Line {
  const line: Line = { moves: [], comments: [], variations: [] };
  const pos = walk.pos;
  let made = 0;
  let here = choices;
  while (here.length > 0) {
    const node = here[0];
    const move = nodeMove(node);
    if (move === 0 || !isLegalMove(pos, move)) {
      const side = COLOUR_NAMES[pos.side];
      const text = squareText(node.fromFile, node.fromRank) + squareText(node.toFile, node.toRank);
      const why = `move ${pos.fullmove} (${side}), ${text}, is not ${move === 0 ? 'a move' : 'legal there'}`;
      if (depth === 0) {
        for (let i = 0; i < made; i++) pos.unmake();
        throw new MoveTreeError(walk.label, `${why}${walk.hint === '' ? '' : `: ${walk.hint}`}`);
      }
      walk.warnings.push(`${walk.label}: a variation is cut at ${why}`);
      break;
    }
    if (pos.ply >= MAX_HISTORY - 1) {
      walk.warnings.push(`${walk.label}: a line is cut after ${MAX_HISTORY - 1} moves`);
      break;
    }
    for (let k = 1; k < here.length; k++) {
      if (depth + 1 > MAX_NESTING) {
        walk.warnings.push(`${walk.label}: variations nested deeper than ${MAX_NESTING} are left out`);
        break;
      }
      const sub = walkLine([here[k]], walk, depth + 1);
      if (sub.moves.length === 0) continue;
      const v: PgnVariation = { ply: line.moves.length + 1, moves: sub.moves };
      if (sub.comments.length > 0) v.comments = sub.comments;
      if (sub.variations.length > 0) v.variations = sub.variations;
      line.variations.push(v);
    }
    pos.make(move);
    made++;
    line.moves.push(move);
    if (node.comment !== '') line.comments.push({ ply: line.moves.length, text: node.comment });
    here = node.children;
  }
  for (let i = 0; i < made; i++) pos.unmake();
  return line;
}
