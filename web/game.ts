// A game on the page: the start position, the moves played, each move's text in every notation
// (written when the move is played, from the position before it) and the result by the rules
// core's judge. Everything about legality, notation and results is the engine core's
// (engine/index.ts); this only keeps the record.
import {
  type Judgement,
  MoveError,
  NO_MOVE,
  Position,
  RED,
  START_FEN,
  isLegalMove,
  judge,
  moveToChinese,
  moveToIccs,
  moveToWxf,
  parseFen,
  parseIccs,
  toFen,
} from '../engine/index';

/** How moves are written on the page: Chinese (simplified or traditional), WXF or ICCS. */
export type Notation = 'chinese' | 'traditional' | 'wxf' | 'iccs';
export const NOTATIONS: readonly Notation[] = ['chinese', 'traditional', 'wxf', 'iccs'];

/** A move's text in each notation. */
type MoveTexts = Record<Notation, string>;

/** The texts of `move` in `pos` (before it is made). */
function moveTexts(pos: Position, move: number): MoveTexts {
  return {
    chinese: moveToChinese(pos, move),
    traditional: moveToChinese(pos, move, { traditional: true }),
    wxf: moveToWxf(pos, move),
    iccs: moveToIccs(move),
  };
}

/**
 * The texts of a line of ICCS moves (an engine's PV) from `pos`, up to the first move that is not
 * legal there (`pos` is left as it was).
 */
export function lineTexts(pos: Position, iccs: readonly string[], notation: Notation): string[] {
  const scratch = pos.clone();
  const out: string[] = [];
  for (const text of iccs) {
    let move: number;
    try {
      move = parseIccs(scratch, text);
    } catch {
      break;
    }
    out.push(moveTexts(scratch, move)[notation]);
    scratch.make(move);
  }
  return out;
}

export class GameRecord {
  readonly startFen: string;
  readonly moves: number[] = [];
  readonly texts: MoveTexts[] = [];
  /** The position after every move, its history included (what the judge reads). */
  private readonly end: Position;
  private readonly start: Position;

  /** Throws FenError for a FEN the core refuses. */
  constructor(startFen: string = START_FEN) {
    this.start = parseFen(startFen);
    this.start.resetHistory();
    this.startFen = toFen(this.start);
    this.end = this.start.clone();
  }

  /** A record of `startFen` followed by ICCS moves; throws FenError, or MoveError naming the move. */
  static fromIccs(startFen: string, moves: readonly string[]): GameRecord {
    const game = new GameRecord(startFen);
    for (let i = 0; i < moves.length; i++) {
      try {
        game.play(parseIccs(game.end, moves[i]));
      } catch (e) {
        if (e instanceof MoveError) throw new MoveError(e.code, `move ${i + 1}: ${e.message}`);
        throw e;
      }
    }
    return game;
  }

  get length(): number {
    return this.moves.length;
  }

  /** The position after all moves (read it, never change it). */
  get current(): Position {
    return this.end;
  }

  /** A fresh position after the first `ply` moves, with its history. */
  positionAt(ply: number): Position {
    if (ply >= this.moves.length) return this.end.clone();
    const pos = this.start.clone();
    for (let i = 0; i < ply; i++) pos.make(this.moves[i]);
    return pos;
  }

  fenAt(ply: number): string {
    return toFen(ply >= this.moves.length ? this.end : this.positionAt(ply));
  }

  /** Plays a move at the end; throws MoveError when it is not legal there. */
  play(move: number): void {
    if (move === NO_MOVE || !isLegalMove(this.end, move)) {
      throw new MoveError('illegal', `'${move === NO_MOVE ? '' : moveToIccs(move)}' is not a legal move in this position`);
    }
    this.texts.push(moveTexts(this.end, move));
    this.moves.push(move);
    this.end.make(move);
  }

  /** Takes back the moves after the first `ply`. */
  truncate(ply: number): void {
    while (this.moves.length > ply) {
      this.moves.pop();
      this.texts.pop();
      this.end.unmake();
    }
  }

  /** The side to move at the start. */
  get startSide(): number {
    return this.start.side;
  }

  /** The side to move after the first `ply` moves. */
  sideAt(ply: number): number {
    return this.start.side ^ (ply & 1);
  }

  /** The number of the full move that holds move `ply` (1 for the game's first): `6.` for Red's, `6. …` for Black's. */
  moveLabel(ply: number): string {
    const fullmove0 = Number(this.startFen.split(/\s+/)[5] ?? '1') || 1;
    const i = ply - 1;
    const number = fullmove0 + Math.floor((i + (this.start.side === RED ? 0 : 1)) / 2);
    return this.sideAt(i) === RED ? `${number}.` : `${number}. …`;
  }

  iccs(): string[] {
    return this.texts.map((t) => t.iccs);
  }

  /**
   * The result after the first `ply` moves (all by default), for the side to move there. A
   * repetition is judged at the third occurrence of the position, as referees and GUIs rule
   * (the match runner does the same).
   */
  judgementAt(ply: number = this.moves.length): Judgement {
    return judge(ply >= this.moves.length ? this.end : this.positionAt(ply), { priorOccurrences: 2 });
  }
}
