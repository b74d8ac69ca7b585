// PGN game records as xiangqi GUIs write them (xqbase / XQWizard / ElephantEye convention).
//
// Writing:
//   [Game "Chinese Chess"]                      always first
//   [Event "?"] [Site "?"] [Date "????.??.??"] [Round "?"] [Red "?"] [Black "?"]
//   [Result "1-0"]                              the seven roster tags, in this order, defaults '?'
//   [ECCO "C48"] [Opening "…"] …                the game's other tags, in their order
//   [FEN "…"]                                   only when the game does not start from the start position
//   [Format "ICCS" | "WXF" | "Chinese"]
//   {game comment}
//   1. H2-E2 H9-G7                              one move pair per line (ICCS written `H2-E2`)
//   {comment after a move}
//   2.       H0-G2 …                            a pair split by a comment leaves Red's slot blank
//   3. C3-C4 $4                                 a NAG after its move (a review's `??`)
//   {-3.20/14}
//   (3. H0-H6 {+0.20/14} (3. G3-G4) 3... I9-H9)  a variation in place of the move, after its
//                                               comments; variations nest
//   1-0                                         the result token
//   (blank line)                                so that games can simply be concatenated
// Move numbers follow the FEN's full-move number; a game with black to move starts `N.` + blank slot.
// Comments may not contain `}`: it is written as `)`.
//
// Reading accepts several games per text, CRLF or LF, with or without a blank line after the
// tags, tags in any order (a value may hold unescaped quotes, as ElephantEye's converter writes
// `[Event ""中立杯"象棋电视快棋赛"]`: it runs to the `"` before the closing `]`), moves in any
// notation (ICCS, WXF / xqbase symbols, Chinese simplified or traditional, whatever the Format tag
// says), move numbers (`1.`, `1...`, `1.H2-E2`), `{…}` and `;` comments anywhere (before a move
// number, between a number and its move, inside variations), `(…)` variations (nested, kept),
// NAGs (`$1`) and `!`/`?` annotations (kept as NAGs), `%` escape lines, and the result token; the
// text after a game's result is skipped up to the next tag or move number (xqbase's footer, a row
// of `=` and a line about the website). An illegal or unreadable move of the main line throws a
// PgnError naming the game, the move number and the token (parsePgnEach gives it in the game's
// place and reads on); one inside a variation cuts the variation there, with a warning on the game.
// A file's bytes may be UTF-8 or, as ElephantEye and XQWizard write them, GBK (decodePgnBytes).
// engine/records.ts tells a PGN from the other game-record formats.

import { FenError, START_FEN, parseFen, toFen } from './fen';
import { MoveError, moveToIccs } from './iccs';
import { isLegalMove } from './movegen';
import { detectNotation, parseMoveText } from './notation';
import { moveToChinese } from './notation-chinese';
import { moveToWxf } from './notation-wxf';
import { Position } from './position';
import { BLACK } from './types';

export type PgnResult = '1-0' | '0-1' | '1/2-1/2' | '*';
export type PgnFormat = 'iccs' | 'wxf' | 'chinese';

export interface PgnComment {
  /** Number of moves played before the comment: 0 = before the first move (the game comment). */
  ply: number;
  text: string;
}

export interface PgnGame {
  /**
   * Tags other than Game, Result, FEN and Format (those come from `result`, `fen` and the format),
   * in file order.
   */
  tags: Array<[string, string]>;
  /** The start position. */
  fen: string;
  moves: number[];
  result: PgnResult;
  comments?: PgnComment[];
  /** Numeric annotation glyphs (`$4`, or `!`/`?` on reading), written after the move they annotate. */
  nags?: PgnNag[];
  /** Other lines in place of a main-line move, written after it and its comments. */
  variations?: PgnVariation[];
  /**
   * On reading: the notation of the moves as read (the first move's; the Format tag's when there is
   * no move; absent both, Chinese, as xqbase reads it).
   */
  format?: PgnFormat;
  /** On reading: Chinese moves were in traditional characters (馬８進７). */
  traditional?: boolean;
  /** On reading: what was read but not kept (a variation cut at a move that is not legal), one line each. */
  warnings?: string[];
}

export interface PgnNag {
  /** Moves played up to and including the annotated move (1 = the first move). */
  ply: number;
  /** 1 `!`, 2 `?`, 3 `!!`, 4 `??`, 5 `!?`, 6 `?!`, … */
  nag: number;
}

export interface PgnVariation {
  /** The move it replaces: moves of the line it hangs from, up to and including it (1 = its first move). */
  ply: number;
  /** The line, from the position before that move. */
  moves: number[];
  /** Comments inside the line: `ply` counts the line's own moves (0 = before its first move, 1 = after it). */
  comments?: PgnComment[];
  /** NAGs inside the line, `ply` counting the line's own moves. */
  nags?: PgnNag[];
  /** Lines in place of this line's moves, `ply` counting this line's moves. */
  variations?: PgnVariation[];
}

export interface PgnWriteOptions {
  /** Chinese moves in traditional characters. */
  traditional?: boolean;
}

export class PgnError extends Error {
  constructor(
    message: string,
    /** 1-based index of the game in the text. */
    readonly game: number,
    /** Full-move number of the offending move (0 when not about a move). */
    readonly moveNumber = 0,
    /** The offending token ('' when not about a token). */
    readonly token = '',
    /** Moves of the main line read before the offending one. */
    readonly plies = 0,
  ) {
    super(message);
    this.name = 'PgnError';
  }
}

const STRUCTURAL = new Set(['game', 'result', 'fen', 'format']);
const ROSTER: Array<[string, string]> = [
  ['Event', '?'],
  ['Site', '?'],
  ['Date', '????.??.??'],
  ['Round', '?'],
  ['Red', '?'],
  ['Black', '?'],
];
const FORMAT_TAGS: Record<PgnFormat, string> = { iccs: 'ICCS', wxf: 'WXF', chinese: 'Chinese' };
const RESULTS = new Set<string>(['1-0', '0-1', '1/2-1/2', '*']);

/** Board and side fields of a FEN, to tell whether it is the start position. */
function placementAndSide(fen: string): string {
  return fen.trim().split(/\s+/).slice(0, 2).join(' ');
}

function quote(value: string): string {
  return (
    '"' +
    value
      .replace(/\\/g, '\\\\')
      .replace(/"/g, '\\"')
      .replace(/[\r\n]+/g, ' ') +
    '"'
  );
}

function gameName(tags: Array<[string, string]>, index: number): string {
  const get = (name: string): string | undefined => tags.find(([k]) => k.toLowerCase() === name)?.[1];
  const red = get('red');
  const black = get('black');
  return red !== undefined || black !== undefined ? `game ${index} (${red ?? '?'} - ${black ?? '?'})` : `game ${index}`;
}

/** Writes one game. Throws PgnError if the FEN is invalid or a move is illegal. */
export function writePgn(game: PgnGame, format: PgnFormat = 'iccs', options: PgnWriteOptions = {}): string {
  let pos: Position;
  try {
    pos = parseFen(game.fen);
  } catch (e) {
    if (e instanceof FenError) throw new PgnError(`invalid FEN: ${e.message}`, 1);
    throw e;
  }
  const lines: string[] = ['[Game "Chinese Chess"]'];
  const byName = new Map<string, string>();
  for (const [k, v] of game.tags) if (!byName.has(k.toLowerCase())) byName.set(k.toLowerCase(), v);
  for (const [name, def] of ROSTER) lines.push(`[${name} ${quote(byName.get(name.toLowerCase()) ?? def)}]`);
  lines.push(`[Result ${quote(game.result)}]`);
  const roster = new Set(ROSTER.map(([n]) => n.toLowerCase()));
  for (const [k, v] of game.tags) {
    const lk = k.toLowerCase();
    if (roster.has(lk) || STRUCTURAL.has(lk) || !/^[A-Za-z0-9_]+$/.test(k)) continue;
    lines.push(`[${k} ${quote(v)}]`);
  }
  if (placementAndSide(toFen(pos)) !== placementAndSide(START_FEN)) lines.push(`[FEN ${quote(toFen(pos))}]`);
  lines.push(`[Format ${quote(FORMAT_TAGS[format])}]`);

  const commentsAt = new Map<number, string[]>();
  for (const c of game.comments ?? []) {
    const list = commentsAt.get(c.ply) ?? [];
    list.push(c.text);
    commentsAt.set(c.ply, list);
  }
  const commentText = (t: string): string => `{${t.replace(/}/g, ')')}}`;
  const writeComments = (ply: number): boolean => {
    const list = commentsAt.get(ply);
    if (!list) return false;
    for (const t of list) lines.push(commentText(t));
    return true;
  };
  writeComments(0);
  const nagsAt = new Map<number, number[]>();
  for (const n of game.nags ?? []) nagsAt.set(n.ply, [...(nagsAt.get(n.ply) ?? []), n.nag]);
  const variationsAt = new Map<number, PgnVariation[]>();
  for (const v of game.variations ?? []) variationsAt.set(v.ply, [...(variationsAt.get(v.ply) ?? []), v]);
  const name = (move: number, at: Position = pos): string => {
    switch (format) {
      case 'iccs': {
        const s = moveToIccs(move).toUpperCase();
        return s.slice(0, 2) + '-' + s.slice(2);
      }
      case 'wxf':
        return moveToWxf(at, move);
      case 'chinese':
        return moveToChinese(at, move, options);
    }
  };
  /**
   * A variation on one line, `(12... H9-G7 {…} (12... C8.9) 13. H0-G2)`, from `at`, the position
   * before the move it replaces; its own variations nest inside it.
   */
  const variationText = (v: PgnVariation, from: Position): string => {
    const at = from.clone();
    const words: string[] = [];
    const notes = new Map<number, string[]>();
    for (const c of v.comments ?? []) notes.set(c.ply, [...(notes.get(c.ply) ?? []), c.text]);
    const marks = new Map<number, number[]>();
    for (const n of v.nags ?? []) marks.set(n.ply, [...(marks.get(n.ply) ?? []), n.nag]);
    const inner = new Map<number, PgnVariation[]>();
    for (const w of v.variations ?? []) inner.set(w.ply, [...(inner.get(w.ply) ?? []), w]);
    for (const t of notes.get(0) ?? []) words.push(commentText(t));
    let numbered = false;
    v.moves.forEach((move, k) => {
      if (!isLegalMove(at, move)) {
        throw new PgnError(
          `writing ${gameName(game.tags, 1)}: move ${k + 1} of a variation (${moveToIccs(move)}) is not legal`,
          1,
          at.fullmove,
          moveToIccs(move),
        );
      }
      if (at.side !== BLACK) words.push(`${at.fullmove}.`);
      else if (!numbered) words.push(`${at.fullmove}...`);
      words.push(name(move, at));
      for (const n of marks.get(k + 1) ?? []) words.push(`$${n}`);
      const nested = (inner.get(k + 1) ?? []).map((w) => variationText(w, at));
      at.make(move);
      // After a comment or a nested line, black's move is numbered again (`13... C8.9`).
      numbered = !(notes.has(k + 1) || nested.length > 0);
      for (const t of notes.get(k + 1) ?? []) words.push(commentText(t));
      words.push(...nested);
    });
    return `(${words.join(' ')})`;
  };
  const blank = format === 'chinese' ? '    ' : '     ';
  let line = '';
  for (let i = 0; i < game.moves.length; i++) {
    const move = game.moves[i];
    if (!isLegalMove(pos, move)) {
      throw new PgnError(
        `writing ${gameName(game.tags, 1)}: move ${i + 1} (${moveToIccs(move)}) is not legal`,
        1,
        pos.fullmove,
        moveToIccs(move),
      );
    }
    const text = name(move) + (nagsAt.get(i + 1) ?? []).map((n) => ` $${n}`).join('');
    if (pos.side !== BLACK) {
      line = `${pos.fullmove}. ${text}`;
    } else {
      if (line === '') line = `${pos.fullmove}. ${blank}`;
      line += ' ' + text;
    }
    const variations = (variationsAt.get(i + 1) ?? []).map((v) => variationText(v, pos));
    pos.make(move);
    const hasComment = commentsAt.has(i + 1) || variations.length > 0;
    if (pos.side !== BLACK || hasComment) {
      lines.push(line);
      line = '';
    }
    writeComments(i + 1);
    lines.push(...variations);
  }
  if (line !== '') lines.push(line);
  lines.push(game.result);
  return lines.join('\n') + '\n\n';
}

/** Writes several games, one after the other. */
export function writePgnGames(games: PgnGame[], format: PgnFormat = 'iccs', options: PgnWriteOptions = {}): string {
  return games.map((g) => writePgn(g, format, options)).join('');
}

// ---------------------------------------------------------------------------------------------
// Reading

/** The part of TextDecoder used here (engine/ compiles with neither Node's nor the DOM's types). */
type TextDecoderClass = new (label: string, options?: { fatal?: boolean }) => { decode(bytes: Uint8Array): string };

/** A decoder of the runtime (Node 20 with full ICU and browsers know GBK, GB18030 and UTF-16). */
export function textDecoder(label: string, fatal = false): { decode(bytes: Uint8Array): string } {
  const Decoder = (globalThis as unknown as { TextDecoder: TextDecoderClass }).TextDecoder;
  return new Decoder(label, { fatal });
}

/**
 * The text of a PGN file's bytes: UTF-16 when it starts with its byte-order mark, UTF-8 when the
 * bytes are valid UTF-8 (a BOM is dropped), otherwise GB18030, a superset of the GBK that
 * ElephantEye and XQWizard write.
 */
export function decodePgnBytes(bytes: Uint8Array): string {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return textDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return textDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return textDecoder('utf-8', true).decode(bytes);
  } catch {
    return textDecoder('gb18030').decode(bytes);
  }
}

type Token =
  | { t: 'tag'; name: string; value: string }
  | { t: 'comment'; text: string }
  | { t: 'word'; text: string }
  | { t: 'open' }
  | { t: 'close' }
  | { t: 'result'; result: PgnResult };

const SPACE = /[\s\uFEFF]+/y;
/** A tag as the standard writes it: the value in quotes, `\"` and `\\` escaped (some writers break it over lines). */
const TAG_STRICT = /\[[ \t]*([A-Za-z0-9_]+)[ \t]*"((?:[^"\\]|\\.){0,4000})"[ \t]*\]/y;
/** A tag whose value holds unescaped quotes: the value runs to the `"` before the first `"]` of the line. */
const TAG_LENIENT = /\[[ \t]*([A-Za-z0-9_]+)[ \t]*"([^\r\n]{0,4000}?)"[ \t]*\]/y;
const WORD = /[^\s{}()[\];]+/y;
/** The start of a later line that starts with a tag or a move number: where the text after a result (a footer) ends. */
const GAME_LINE = /\n[ \t\uFEFF]*(?:\[[ \t]*[A-Za-z0-9_]+[ \t]*"|\d+[ \t]*(?:\.|…|。))/g;
const SPACE_IN_LINE = /[ \t\uFEFF]*/y;

/** Reads a PGN text token by token, on demand (a large text is never held as a list of tokens). */
class Lexer {
  private i = 0;
  private ahead: Token | null = null;

  constructor(private readonly text: string) {}

  peek(): Token | null {
    this.ahead ??= this.read();
    return this.ahead;
  }

  next(): Token | null {
    const t = this.peek();
    this.ahead = null;
    return t;
  }

  /**
   * Skips what follows a result: the rest of its line, unless the next game's tags start there, and
   * the lines after it up to the next one that starts with a tag or a move number.
   */
  skipFooter(): void {
    if (this.ahead !== null) return; // the next game's token is already read
    const text = this.text;
    SPACE_IN_LINE.lastIndex = this.i;
    SPACE_IN_LINE.exec(text);
    if (text[SPACE_IN_LINE.lastIndex] === '[') return;
    GAME_LINE.lastIndex = this.i;
    const m = GAME_LINE.exec(text);
    this.i = m === null ? text.length : m.index;
  }

  private at(re: RegExp): RegExpExecArray | null {
    re.lastIndex = this.i;
    const m = re.exec(this.text);
    if (m !== null) this.i = re.lastIndex;
    return m;
  }

  private read(): Token | null {
    const text = this.text;
    const n = text.length;
    for (;;) {
      this.at(SPACE);
      if (this.i >= n) return null;
      const c = text[this.i];
      if (c === '%' && (this.i === 0 || text[this.i - 1] === '\n')) {
        this.toLineEnd(); // an escape line
        continue;
      }
      if (c === '{') {
        const end = text.indexOf('}', this.i + 1);
        const body = text.slice(this.i + 1, end < 0 ? n : end);
        this.i = end < 0 ? n : end + 1;
        return { t: 'comment', text: body.replace(/\s*\r?\n\s*/g, ' ').trim() };
      }
      if (c === ';') {
        const start = this.i + 1;
        this.toLineEnd();
        return { t: 'comment', text: text.slice(start, this.i).trim() };
      }
      if (c === '(') {
        this.i++;
        return { t: 'open' };
      }
      if (c === ')') {
        this.i++;
        return { t: 'close' };
      }
      if (c === '[') {
        const m = this.at(TAG_STRICT);
        if (m !== null)
          return {
            t: 'tag',
            name: m[1],
            value: m[2]
              .replace(/\\(.)/g, '$1')
              .replace(/\s*[\r\n]+\s*/g, ' ')
              .trim(),
          };
        const l = this.at(TAG_LENIENT);
        if (l !== null) return { t: 'tag', name: l[1], value: l[2] };
        // Not a tag: the rest of the line, as one word that the reader will refuse.
        const start = this.i;
        this.toLineEnd();
        return { t: 'word', text: text.slice(start, this.i).trim() };
      }
      const w = this.at(WORD);
      const word = w !== null ? w[0] : text[this.i++];
      return RESULTS.has(word) ? { t: 'result', result: word as PgnResult } : { t: 'word', text: word };
    }
  }

  private toLineEnd(): void {
    const end = this.text.indexOf('\n', this.i);
    this.i = end < 0 ? this.text.length : end;
  }
}

/** A move number or placeholder on its own: `12.`, `12...`, `12。`, `...`, `…`. */
const MOVE_NUMBER_ONLY = /^(?:\d+(?:\.+|…|。)|\.+|…+)$/;
/** Annotation symbols after a move and their NAGs. */
const SUFFIX_NAGS: Record<string, number> = { '!': 1, '?': 2, '!!': 3, '??': 4, '!?': 5, '?!': 6 };
/** Characters found only in traditional Chinese moves. */
const TRADITIONAL = /[進後馬車帥將傌俥]/;

function formatOf(tag: string | undefined): PgnFormat {
  const t = (tag ?? '').trim().toLowerCase();
  if (t === 'iccs') return 'iccs';
  if (t === 'wxf') return 'wxf';
  return 'chinese';
}

/** A token as an error message shows it: at most 40 characters. */
function shown(text: string): string {
  return text.length > 40 ? text.slice(0, 39) + '…' : text;
}

/** Reads every game of a PGN text. Throws PgnError on the first problem. */
export function parsePgn(text: string): PgnGame[] {
  const games: PgnGame[] = [];
  for (const g of parsePgnEach(text)) {
    if (g instanceof PgnError) throw g;
    games.push(g);
  }
  return games;
}

/**
 * Reads every game of a PGN text, each one a game or the PgnError that refused it (its `game` is
 * its 1-based number in the text): reading goes on after a bad game, from its result token or the
 * next game's tags. With `giveUp`, reading stops when the first `giveUp` games were all refused
 * before a single move (text that is not PGN).
 */
export function parsePgnEach(text: string, giveUp = Infinity): Array<PgnGame | PgnError> {
  const games: Array<PgnGame | PgnError> = [];
  const lex = new Lexer(text);
  const pos = new Position(); // one board for every game (a Position is large to make)
  while (lex.peek() !== null) {
    try {
      const game = readGame(lex, games.length + 1, pos);
      if (game !== null) games.push(game);
    } catch (e) {
      if (!(e instanceof PgnError)) throw e;
      games.push(e);
      if (games.length >= giveUp && games.every((g) => g instanceof PgnError && g.plies === 0)) break;
      // Skip the rest of the game: to its result token or the next game's tags.
      for (let t = lex.peek(); t !== null && t.t !== 'tag'; t = lex.peek()) {
        lex.next();
        if (t.t === 'result') {
          lex.skipFooter();
          break;
        }
      }
    }
  }
  return games;
}

/** A line of moves as read: the main line or a variation. */
interface LineRead {
  moves: number[];
  comments: PgnComment[];
  nags: PgnNag[];
  variations: PgnVariation[];
}

/** What the reading of one game shares across its lines. */
interface GameContext {
  index: number;
  tags: Array<[string, string]>;
  /** The text of the first main-line move (its notation is the game's). */
  firstMove: string | null;
  traditional: boolean;
  warnings: string[];
  result: PgnResult | null;
}

/** Reads the game whose tokens come next, on `pos`; null for a stretch that holds none. */
function readGame(lex: Lexer, index: number, pos: Position): PgnGame | null {
  const allTags: Array<[string, string]> = [];
  for (let t = lex.peek(); t !== null && t.t === 'tag'; t = lex.peek()) {
    lex.next();
    allTags.push([t.name, t.value]);
  }
  const tag = (name: string): string | undefined => allTags.find(([n]) => n.toLowerCase() === name)?.[1];
  const fenTag = tag('fen');
  try {
    parseFen(fenTag ?? START_FEN, pos);
  } catch (e) {
    if (e instanceof FenError) throw new PgnError(`${gameName(allTags, index)}: invalid FEN tag: ${e.message}`, index);
    throw e;
  }
  const fen = toFen(pos);
  const ctx: GameContext = { index, tags: allTags, firstMove: null, traditional: false, warnings: [], result: null };
  const line = readLine(lex, pos, 0, ctx);
  const tagResult = tag('result')?.trim();
  const result = ctx.result ?? (tagResult !== undefined && RESULTS.has(tagResult) ? (tagResult as PgnResult) : '*');
  if (allTags.length === 0 && line.moves.length === 0 && ctx.result === null) return null;
  const game: PgnGame = {
    tags: allTags.filter(([n]) => !STRUCTURAL.has(n.toLowerCase())),
    fen,
    moves: line.moves,
    result,
    format: ctx.firstMove !== null ? detectNotation(ctx.firstMove) : formatOf(tag('format')),
  };
  if (line.comments.length > 0) game.comments = line.comments;
  if (line.nags.length > 0) game.nags = line.nags;
  if (line.variations.length > 0) game.variations = line.variations;
  if (ctx.traditional) game.traditional = true;
  if (ctx.warnings.length > 0) game.warnings = ctx.warnings;
  return game;
}

/**
 * Reads a line of moves from `pos` (which it plays them on): the main line (depth 0) up to the
 * result token, the next game's tags or the end; a variation up to its `)`.
 */
function readLine(lex: Lexer, pos: Position, depth: number, ctx: GameContext): LineRead {
  const line: LineRead = { moves: [], comments: [], nags: [], variations: [] };
  for (;;) {
    const tok = lex.peek();
    if (tok === null || tok.t === 'tag') return line; // the end, or the next game's tags
    lex.next();
    switch (tok.t) {
      case 'comment':
        if (tok.text !== '') line.comments.push({ ply: line.moves.length, text: tok.text });
        break;
      case 'close':
        if (depth > 0) return line;
        break; // a stray `)`
      case 'open': {
        if (line.moves.length === 0) {
          skipVariation(lex); // nothing for it to replace
          break;
        }
        const before = pos.clone();
        before.unmake();
        const sub = readLine(lex, before, depth + 1, ctx);
        if (sub.moves.length > 0) line.variations.push(variationOf(line.moves.length, sub));
        break;
      }
      case 'result':
        if (depth > 0) break; // some write the result inside the last variation
        ctx.result = tok.result;
        lex.skipFooter();
        return line;
      case 'word':
        if (!readWord(tok.text, lex, pos, line, depth, ctx)) return line;
        break;
    }
  }
}

function variationOf(ply: number, sub: LineRead): PgnVariation {
  const v: PgnVariation = { ply, moves: sub.moves };
  if (sub.comments.length > 0) v.comments = sub.comments;
  if (sub.nags.length > 0) v.nags = sub.nags;
  if (sub.variations.length > 0) v.variations = sub.variations;
  return v;
}

/** Skips to the `)` that closes the variation just opened (or to the next tags, or the end). */
function skipVariation(lex: Lexer): void {
  let depth = 1;
  for (let t = lex.peek(); t !== null && t.t !== 'tag'; t = lex.peek()) {
    lex.next();
    if (t.t === 'open') depth++;
    else if (t.t === 'close' && --depth === 0) return;
  }
}

/**
 * Reads a word of movetext into the line: a move (played on `pos`), a NAG, a move number or a
 * result. Returns false when the line ends here (a variation cut at a move it cannot read).
 */
function readWord(text: string, lex: Lexer, pos: Position, line: LineRead, depth: number, ctx: GameContext): boolean {
  const suffix = /[!?]+$/.exec(text);
  const w = suffix === null ? text : text.slice(0, suffix.index);
  const addNag = (nag: number): void => {
    if (line.moves.length > 0 && Number.isInteger(nag)) line.nags.push({ ply: line.moves.length, nag });
  };
  if (w === '' && suffix !== null) {
    addNag(SUFFIX_NAGS[suffix[0]]); // `!?` written apart from its move
    return true;
  }
  if (w.startsWith('$')) {
    addNag(Number(w.slice(1)));
    return true;
  }
  if (MOVE_NUMBER_ONLY.test(w)) return true;
  if (RESULTS.has(w)) {
    if (depth > 0) return true;
    ctx.result = w as PgnResult; // `1-0!`
    lex.skipFooter();
    return false;
  }
  // `1.C2.5`: a number glued to the move. Try the whole word first (`33.4` is a WXF move).
  const glued = /^\d+(?:\.+|…|。)(.+)$/.exec(w);
  let move = 0;
  let moveText = w;
  let error: unknown = null;
  for (const attempt of glued ? [w, glued[1]] : [w]) {
    try {
      move = parseMoveText(pos, attempt);
      moveText = attempt;
      error = null;
      break;
    } catch (e) {
      error = e;
    }
  }
  if (error !== null) {
    if (!(error instanceof MoveError)) throw error;
    const side = pos.side === BLACK ? 'black' : 'red';
    const where = `${gameName(ctx.tags, ctx.index)}, move ${pos.fullmove} (${side})`;
    const why = error.message.replace(`'${text}'`, `'${shown(text)}'`).replace(`'${w}'`, `'${shown(w)}'`);
    if (depth === 0) throw new PgnError(`${where}: ${why}`, ctx.index, pos.fullmove, shown(text), line.moves.length);
    ctx.warnings.push(`${where}: a variation is cut here: ${why}`);
    skipVariation(lex);
    return false;
  }
  if (depth === 0 && ctx.firstMove === null) ctx.firstMove = moveText;
  if (!ctx.traditional && TRADITIONAL.test(moveText)) ctx.traditional = true;
  line.moves.push(move);
  pos.make(move);
  if (suffix !== null) addNag(SUFFIX_NAGS[suffix[0]]);
  return true;
}
