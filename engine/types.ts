// Colours, piece codes, board geometry and the move encoding.
//
// The board is a 16x16 padded mailbox (256 entries). The 9x10 playing area sits at
// files 3..11 and rows 3..12, so that every horse jump from a real point lands inside
// the array and one table lookup (IN_BOARD) tells whether it is on the board.
//   square = ((rank + 3) << 4) | (file + 3)     file 0..8 = a..i, rank 0..9 (red's back rank = 0)
// Red moves "up" (+16), black "down" (-16).

/** A point of the board: a mailbox index (see above). */
export type Square = number;
/** A move: from | (to << 8) (see makeMove); 0 is no move. */
export type Move = number;
/** A piece kind, KING..SOLDIER, whatever its colour (chessops' Role). */
export type Kind = number;
/** A piece on the board as one code, kind | (colour << 3) (0: an empty point). */
export type Piece = number;
/** RED or BLACK. */
export type Colour = number;

export const RED: Colour = 0;
export const BLACK: Colour = 1;

// Piece kinds. A piece code on the board is kind | (colour << 3); 0 is an empty point. The king is
// also called the general.
export const KING: Kind = 1;
export const ADVISOR: Kind = 2;
export const ELEPHANT: Kind = 3;
export const HORSE: Kind = 4;
export const CHARIOT: Kind = 5;
export const CANNON: Kind = 6;
export const SOLDIER: Kind = 7;

export const PIECE_CODES = 16;
/** Slots per piece code in Position's piece lists, plist[code * SLOTS + i] (the most of one kind is 5 soldiers). */
export const SLOTS = 8;

export function pieceCode(colour: Colour, kind: Kind): Piece {
  return kind | (colour << 3);
}
/** The colour of a piece code (of a piece on the board: not 0). */
export function colourOf(code: Piece): Colour {
  return code >> 3;
}
/** The kind of a piece code (KING..SOLDIER; 0 for an empty point). */
export function kindOf(code: Piece): Kind {
  return code & 7;
}

const FILE_OFFSET = 3;
const RANK_OFFSET = 3;

export function makeSquare(file: number, rank: number): Square {
  return ((rank + RANK_OFFSET) << 4) | (file + FILE_OFFSET);
}
export function fileOf(sq: Square): number {
  return (sq & 15) - FILE_OFFSET;
}
export function rankOf(sq: Square): number {
  return (sq >> 4) - RANK_OFFSET;
}
/** The same point seen from the other side (rotated 180 degrees is not it: this flips ranks only). */
export function flipRank(sq: Square): Square {
  return makeSquare(fileOf(sq), 9 - rankOf(sq));
}
export function flipFile(sq: Square): Square {
  return makeSquare(8 - fileOf(sq), rankOf(sq));
}

// A move is one integer: from | (to << 8). 0 is "no move" (square 0 is off the board).
export function makeMove(from: Square, to: Square): Move {
  return from | (to << 8);
}
export function moveFrom(m: Move): Square {
  return m & 255;
}
export function moveTo(m: Move): Square {
  return (m >> 8) & 255;
}
export const NO_MOVE: Move = 0;

/** Longest game history a position keeps (game moves plus search plies). */
export const MAX_HISTORY = 8192;
/** Upper bound on legal moves in any xiangqi position (the real maximum is far lower). */
export const MAX_MOVES = 128;

export const IN_BOARD = new Uint8Array(256);
/** IN_PALACE[colour * 256 + sq] */
export const IN_PALACE = new Uint8Array(512);
/** OWN_HALF[colour * 256 + sq]: the point is on that colour's side of the river. */
export const OWN_HALF = new Uint8Array(512);

for (let rank = 0; rank < 10; rank++) {
  for (let file = 0; file < 9; file++) {
    const sq = makeSquare(file, rank);
    IN_BOARD[sq] = 1;
    OWN_HALF[RED * 256 + sq] = rank <= 4 ? 1 : 0;
    OWN_HALF[BLACK * 256 + sq] = rank >= 5 ? 1 : 0;
    if (file >= 3 && file <= 5) {
      if (rank <= 2) IN_PALACE[RED * 256 + sq] = 1;
      if (rank >= 7) IN_PALACE[BLACK * 256 + sq] = 1;
    }
  }
}

/** Forward step of a soldier of the given colour. */
export function forward(colour: Colour): number {
  return colour === RED ? 16 : -16;
}

export const KIND_LETTERS = ' KABNRCP';
export const KIND_NAMES = ['', 'king', 'advisor', 'elephant', 'horse', 'chariot', 'cannon', 'soldier'];
export const COLOUR_NAMES = ['red', 'black'];

export function squareName(sq: Square): string {
  return String.fromCharCode(97 + fileOf(sq)) + String(rankOf(sq));
}
