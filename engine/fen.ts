// FEN read and write. Reading validates the position completely and reports the first
// problem as a FenError whose `code` says what kind of problem it is and whose message names
// it precisely; a position is never set up half-way or silently wrong.

import { kingAttacked } from './attackers';
import { Position } from './position';
import {
  ADVISOR,
  BLACK,
  CANNON,
  CHARIOT,
  COLOUR_NAMES,
  ELEPHANT,
  HORSE,
  IN_PALACE,
  KIND_LETTERS,
  KIND_NAMES,
  KING,
  OWN_HALF,
  RED,
  SOLDIER,
  colourOf,
  kindOf,
  makeSquare,
  squareName,
} from './types';

export const START_FEN = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';

export type FenErrorCode =
  | 'empty'
  | 'ranks'
  | 'files'
  | 'letter'
  | 'side'
  | 'field'
  | 'counter'
  | 'kings'
  | 'placement'
  | 'too-many'
  | 'kings-facing'
  | 'opponent-in-check';

export class FenError extends Error {
  constructor(
    readonly code: FenErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'FenError';
  }
}

const LETTER_KIND: Record<string, number> = {
  k: KING,
  a: ADVISOR,
  b: ELEPHANT,
  e: ELEPHANT,
  n: HORSE,
  h: HORSE,
  r: CHARIOT,
  c: CANNON,
  p: SOLDIER,
};

/** Most pieces of each kind one side can have. */
const MAX_COUNT = [0, 1, 2, 2, 2, 2, 2, 5];

/** Red-side points an elephant can ever stand on (black: the same files, ranks mirrored). */
const ELEPHANT_POINTS = ['c0', 'g0', 'a2', 'e2', 'i2', 'c4', 'g4'];

function elephantPointOk(colour: number, file: number, rank: number): boolean {
  const r = colour === RED ? rank : 9 - rank;
  return ELEPHANT_POINTS.includes(String.fromCharCode(97 + file) + r);
}

function soldierPointOk(colour: number, file: number, rank: number): boolean {
  const r = colour === RED ? rank : 9 - rank; // ranks counted from the soldier's own back rank
  if (r < 3) return false; // behind its starting rank
  if (r <= 4) return file % 2 === 0; // before the river a soldier only moves straight ahead
  return true;
}

export interface FenOptions {
  /**
   * Accept elephants and soldiers on points they can never reach (study positions and some
   * published test sets use them). Kings and advisors must still be in their palaces.
   */
  lenient?: boolean;
}

/** The position every FEN is built in before it is checked and copied out (see parseFen). */
let scratch: Position | null = null;

/** Parses a FEN into `pos` (or a new Position). Throws FenError; `pos` is untouched on error. */
export function parseFen(fen: string, pos?: Position, options: FenOptions = {}): Position {
  const fields = fen
    .trim()
    .split(/\s+/)
    .filter((f) => f.length > 0);
  if (fields.length === 0) throw new FenError('empty', 'FEN is empty');
  const rows = fields[0].split('/');
  if (rows.length !== 10) {
    throw new FenError('ranks', `FEN board has ${rows.length} ranks, expected 10`);
  }
  const placed: Array<[number, number, number]> = []; // file, rank, code
  const counts = new Int32Array(16);
  for (let i = 0; i < 10; i++) {
    const rank = 9 - i;
    let file = 0;
    for (const ch of rows[i]) {
      if (ch >= '1' && ch <= '9') {
        file += ch.charCodeAt(0) - 48;
      } else {
        const kind = LETTER_KIND[ch.toLowerCase()];
        if (kind === undefined) {
          throw new FenError('letter', `FEN has an unknown piece letter '${ch}' on rank ${rank}`);
        }
        const colour = ch === ch.toUpperCase() ? RED : BLACK;
        const code = kind | (colour << 3);
        placed.push([file, rank, code]);
        counts[code]++;
        file++;
      }
      if (file > 9) break;
    }
    if (file !== 9) {
      throw new FenError('files', `FEN rank ${rank} ('${rows[i]}') covers ${file} files, expected 9`);
    }
  }

  let side = RED;
  if (fields.length > 1) {
    const s = fields[1].toLowerCase();
    if (s === 'w' || s === 'r') side = RED;
    else if (s === 'b') side = BLACK;
    else throw new FenError('side', `FEN side to move '${fields[1]}' is not w, r or b`);
  }
  // Remaining fields: castling and en passant (always '-', sometimes glued as '--' or missing),
  // then the half-move clock and the full-move number, either of which may be missing.
  const numbers: number[] = [];
  for (const f of fields.slice(2)) {
    if (/^-+$/.test(f)) {
      if (numbers.length > 0) throw new FenError('field', `FEN has '${f}' after its move counters`);
      continue;
    }
    if (!/^\d+$/.test(f)) throw new FenError('field', `FEN has an unexpected field '${f}'`);
    numbers.push(Number(f));
  }
  if (numbers.length > 2) throw new FenError('field', `FEN has ${fields.length} fields, expected at most 6`);
  const halfmove = numbers.length > 0 ? numbers[0] : 0;
  const fullmove = numbers.length > 1 ? numbers[1] : 1;
  if (halfmove > 120) {
    throw new FenError('counter', `FEN half-move clock ${halfmove} is out of range 0..120`);
  }
  if (fullmove < 1 || fullmove > 100000) {
    throw new FenError('counter', `FEN full-move number ${fullmove} is out of range 1..100000`);
  }

  for (let colour = RED; colour <= BLACK; colour++) {
    const n = counts[KING | (colour << 3)];
    if (n !== 1) {
      throw new FenError('kings', `FEN has ${n === 0 ? 'no' : n} ${COLOUR_NAMES[colour]} king${n > 1 ? 's' : ''}, expected one`);
    }
    for (let kind = ADVISOR; kind <= SOLDIER; kind++) {
      const c = counts[kind | (colour << 3)];
      if (c > MAX_COUNT[kind]) {
        throw new FenError('too-many', `FEN has ${c} ${COLOUR_NAMES[colour]} ${KIND_NAMES[kind]}s, at most ${MAX_COUNT[kind]} allowed`);
      }
    }
  }
  for (const [file, rank, code] of placed) {
    const colour = colourOf(code);
    const kind = kindOf(code);
    const sq = makeSquare(file, rank);
    const where = `${COLOUR_NAMES[colour]} ${KIND_NAMES[kind]} on ${squareName(sq)}`;
    if ((kind === KING || kind === ADVISOR) && !IN_PALACE[colour * 256 + sq]) {
      throw new FenError('placement', `FEN puts the ${where}, outside its palace`);
    }
    if (options.lenient) continue;
    if (kind === ELEPHANT && (!OWN_HALF[colour * 256 + sq] || !elephantPointOk(colour, file, rank))) {
      throw new FenError('placement', `FEN puts the ${where}, a point an elephant can never reach`);
    }
    if (kind === SOLDIER && !soldierPointOk(colour, file, rank)) {
      throw new FenError('placement', `FEN puts the ${where}, a point a soldier can never reach`);
    }
  }

  // Built in a scratch position first, so that a FEN refused below leaves `pos` as it was; the
  // scratch is reused (a Position holds about 150 KB of game history outside the JavaScript heap,
  // and a worker parsing a FEN for every search would otherwise pile them up between collections).
  const p = scratch ?? (scratch = new Position());
  p.clear();
  for (const [file, rank, code] of placed) p.put(makeSquare(file, rank), code);
  p.setSide(side);
  p.halfmove = halfmove;
  p.fullmove = fullmove;
  const rk = p.kingSquare(RED);
  const bk = p.kingSquare(BLACK);
  if ((rk & 15) === (bk & 15)) {
    let open = true;
    for (let t = rk + 16; t !== bk; t += 16) if (p.board[t] !== 0) open = false;
    if (open) throw new FenError('kings-facing', `FEN has the kings facing each other on the ${squareName(rk)[0]}-file`);
  }
  if (kingAttacked(p, p.kingSquare(side ^ 1), side, p.occ)) {
    throw new FenError(
      'opponent-in-check',
      `FEN has ${COLOUR_NAMES[side ^ 1]} (not to move) in check, so ${COLOUR_NAMES[side]} could take the king`,
    );
  }
  p.histKeyLo[0] = p.keyLo;
  p.histKeyHi[0] = p.keyHi;
  const result = pos ?? new Position();
  result.copyFrom(p);
  return result;
}

/** Writes the position as a FEN (UCCI letters, `w`/`b`, all six fields). */
export function toFen(pos: Position): string {
  const rows: string[] = [];
  for (let rank = 9; rank >= 0; rank--) {
    let row = '';
    let empty = 0;
    for (let file = 0; file < 9; file++) {
      const c = pos.board[makeSquare(file, rank)];
      if (c === 0) {
        empty++;
        continue;
      }
      if (empty > 0) row += String(empty);
      empty = 0;
      const letter = KIND_LETTERS[kindOf(c)];
      row += colourOf(c) === RED ? letter : letter.toLowerCase();
    }
    if (empty > 0) row += String(empty);
    rows.push(row);
  }
  return `${rows.join('/')} ${pos.side === RED ? 'w' : 'b'} - - ${pos.halfmove} ${pos.fullmove}`;
}
