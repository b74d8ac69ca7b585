// PGN game records as xiangqi GUIs write them (xqbase / XQWizard / ElephantEye convention).
//
// Writing:
//   [Game "Chinese Chess"]                      always first
//   [Event "?"] [Site "?"] [Date "????.??.??"] [Round "?"] [Red "?"] [Black "?"]
//   [Result "1-0"]                              the seven roster tags, in this order, defaults '?'
//   [Opening "…"] …                             the game's other tags, in their order
//   [FEN "…"]                                   only when the game does not start from the start position
//   [Format "ICCS" | "WXF" | "Chinese"]
//   {game comment}
//   1. H2-E2 H9-G7                              one move pair per line (ICCS written `H2-E2`)
//   {comment after a move}
//   2.       H0-G2 …                            a pair split by a comment leaves Red's slot blank
//   3. C3-C4 $4                                 a NAG after its move (a review's `??`)
//   {-3.20/14}
//   (3. H0-H6 {+0.20/14} 3... I9-H9)             a variation in place of the move, after its comments
//   1-0                                         the result token
//   (blank line)                                so that games can simply be concatenated
// Move numbers follow the FEN's full-move number; a game with black to move starts `N.` + blank slot.
// Comments may not contain `}`: it is written as `)`.
//
// Reading accepts several games per text, CRLF or LF, tags in any order, moves in any notation
// (ICCS, WXF / xqbase symbols, Chinese simplified or traditional — whatever the Format tag says),
// move numbers (`1.`, `1...`, `1.H2-E2`), `{…}` and `;` comments, `(…)` variations (skipped, nested),
// NAGs (`$1`) and `!`/`?` annotations (ignored), and the result token. An illegal or unreadable
// move throws a PgnError naming the game, the move number and the token (parsePgnEach gives it in
// the game's place and reads on). A file's bytes may be
// UTF-8 or, as ElephantEye and XQWizard write them, GBK (decodePgnBytes).

import { FenError, START_FEN, parseFen, toFen } from './fen';
import { MoveError, moveToIccs } from './iccs';
import { isLegalMove } from './movegen';
import { parseMoveText } from './notation';
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
  /** Numeric annotation glyphs (`$4`), written after the move they annotate; not kept on reading. */
  nags?: PgnNag[];
  /** Other lines in place of a move, written after it and its comments; skipped on reading. */
  variations?: PgnVariation[];
  /** On reading: the move format the Format tag announced (absent tag = Chinese, as xqbase reads it). */
  format?: PgnFormat;
}

export interface PgnNag {
  /** Moves played up to and including the annotated move (1 = the first move). */
  ply: number;
  /** 1 `!`, 2 `?`, 4 `??`, 6 `?!`, … */
  nag: number;
}

export interface PgnVariation {
  /** The move it replaces: moves played up to and including it (1 = the first move). */
  ply: number;
  /** The line, from the position before that move. */
  moves: number[];
  /** Comments inside the line: `ply` counts the line's own moves (1 = after its first move). */
  comments?: PgnComment[];
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
  const writeComments = (ply: number): boolean => {
    const list = commentsAt.get(ply);
    if (!list) return false;
    for (const t of list) lines.push(`{${t.replace(/}/g, ')')}}`);
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
  /** A variation on one line, `(12... H9-G7 {…} 13. H0-G2)`, from `pos` before the move it replaces. */
  const variationText = (v: PgnVariation): string => {
    const at = pos.clone();
    const words: string[] = [];
    const notes = new Map<number, string[]>();
    for (const c of v.comments ?? []) notes.set(c.ply, [...(notes.get(c.ply) ?? []), c.text]);
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
      else if (k === 0 || notes.has(k)) words.push(`${at.fullmove}...`);
      words.push(name(move, at));
      at.make(move);
      for (const t of notes.get(k + 1) ?? []) words.push(`{${t.replace(/}/g, ')')}}`);
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
    const variations = (variationsAt.get(i + 1) ?? []).map(variationText);
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

/**
 * The text of a PGN file's bytes: UTF-8 when they are valid UTF-8 (a BOM is dropped), otherwise
 * GB18030, a superset of the GBK that ElephantEye and XQWizard write.
 */
export function decodePgnBytes(bytes: Uint8Array): string {
  const Decoder = (globalThis as unknown as { TextDecoder: TextDecoderClass }).TextDecoder;
  try {
    return new Decoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new Decoder('gb18030').decode(bytes);
  }
}

type Token =
  | { t: 'tag'; name: string; value: string }
  | { t: 'comment'; text: string }
  | { t: 'word'; text: string }
  | { t: 'result'; result: PgnResult };

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  const n = text.length;
  let i = 0;
  let depth = 0; // variation nesting
  while (i < n) {
    const c = text[i];
    if (c === '\uFEFF' || /\s/.test(c)) {
      i++;
    } else if (c === '{') {
      const end = text.indexOf('}', i + 1);
      const body = text.slice(i + 1, end < 0 ? n : end);
      if (depth === 0) out.push({ t: 'comment', text: body.replace(/\s*\r?\n\s*/g, ' ').trim() });
      i = end < 0 ? n : end + 1;
    } else if (c === ';') {
      const end = text.indexOf('\n', i);
      if (depth === 0) out.push({ t: 'comment', text: text.slice(i + 1, end < 0 ? n : end).trim() });
      i = end < 0 ? n : end + 1;
    } else if (c === '(') {
      depth++;
      i++;
    } else if (c === ')') {
      if (depth > 0) depth--;
      i++;
    } else if (c === '[' && depth === 0) {
      const m = /^\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]/.exec(text.slice(i, i + 10000));
      if (m) {
        out.push({ t: 'tag', name: m[1], value: m[2].replace(/\\(.)/g, '$1') });
        i += m[0].length;
      } else {
        const end = text.indexOf('\n', i);
        out.push({ t: 'word', text: text.slice(i, end < 0 ? n : end).trim() });
        i = end < 0 ? n : end + 1;
      }
    } else {
      let j = i;
      while (j < n && !/[\s{}();[]/.test(text[j])) j++;
      if (j === i) j = i + 1;
      const w = text.slice(i, j);
      i = j;
      if (depth > 0) continue;
      if (RESULTS.has(w)) out.push({ t: 'result', result: w as PgnResult });
      else out.push({ t: 'word', text: w });
    }
  }
  return out;
}

/** A move number or placeholder on its own: `12.`, `12...`, `12。`, `...`, `…`. */
const MOVE_NUMBER_ONLY = /^(?:\d+(?:\.+|…|。)|\.+|…+)$/;

function formatOf(tag: string | undefined): PgnFormat {
  const t = (tag ?? '').trim().toLowerCase();
  if (t === 'iccs') return 'iccs';
  if (t === 'wxf') return 'wxf';
  return 'chinese';
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
 * next game's tags.
 */
export function parsePgnEach(text: string): Array<PgnGame | PgnError> {
  const games: Array<PgnGame | PgnError> = [];
  const toks = tokenize(text);
  let k = 0;
  while (k < toks.length) {
    const start = k;
    try {
      const game = parseGame(toks, k, games.length + 1);
      k = game.next;
      if (game.game !== null) games.push(game.game);
    } catch (e) {
      if (!(e instanceof PgnError)) throw e;
      games.push(e);
      // Skip the rest of the game: past its tags, then to its result token or the next tags.
      k = start;
      while (k < toks.length && toks[k].t === 'tag') k++;
      while (k < toks.length && toks[k].t !== 'tag' && toks[k].t !== 'result') k++;
      if (k < toks.length && toks[k].t === 'result') k++;
    }
  }
  return games;
}

/** Reads the game whose tokens start at `k`; `game` is null for a stretch that holds none. */
function parseGame(toks: Token[], k: number, index: number): { game: PgnGame | null; next: number } {
  const allTags: Array<[string, string]> = [];
  while (k < toks.length && toks[k].t === 'tag') {
    const tok = toks[k++] as { name: string; value: string };
    allTags.push([tok.name, tok.value]);
  }
  const tag = (name: string): string | undefined => allTags.find(([n]) => n.toLowerCase() === name)?.[1];
  const fenTag = tag('fen');
  let pos: Position;
  try {
    pos = parseFen(fenTag ?? START_FEN);
  } catch (e) {
    if (e instanceof FenError) throw new PgnError(`${gameName(allTags, index)}: invalid FEN tag: ${e.message}`, index);
    throw e;
  }
  const game: PgnGame = {
    tags: allTags.filter(([n]) => !STRUCTURAL.has(n.toLowerCase())),
    fen: toFen(pos),
    moves: [],
    result: '*',
    format: formatOf(tag('format')),
  };
  const tagResult = tag('result');
  if (tagResult !== undefined && RESULTS.has(tagResult.trim())) game.result = tagResult.trim() as PgnResult;
  const comments: PgnComment[] = [];
  let ended = false;
  while (k < toks.length && !ended) {
    const tok = toks[k];
    if (tok.t === 'tag') break; // the next game's tags (this one had no result token)
    k++;
    if (tok.t === 'comment') {
      if (tok.text !== '') comments.push({ ply: game.moves.length, text: tok.text });
    } else if (tok.t === 'result') {
      game.result = tok.result;
      ended = true;
    } else {
      let w = tok.text.replace(/[!?]+$/, '');
      if (w.startsWith('$') || MOVE_NUMBER_ONLY.test(w)) continue; // NAG, `1.`, `1...`, `...`
      if (RESULTS.has(w)) {
        game.result = w as PgnResult;
        ended = true;
        continue;
      }
      // `1.C2.5`: a number glued to the move. Try the whole word first (`33.4` is a WXF move).
      const glued = /^\d+(?:\.+|…|。)(.+)$/.exec(w);
      let move = 0;
      let error: unknown = null;
      for (const attempt of glued ? [w, glued[1]] : [w]) {
        try {
          move = parseMoveText(pos, attempt);
          error = null;
          break;
        } catch (e) {
          error = e;
        }
      }
      if (error !== null) {
        if (error instanceof MoveError) {
          const side = pos.side === BLACK ? 'black' : 'red';
          throw new PgnError(
            `${gameName(allTags, index)}, move ${pos.fullmove} (${side}): ${error.message}`,
            index,
            pos.fullmove,
            tok.text,
          );
        }
        throw error;
      }
      game.moves.push(move);
      pos.make(move);
    }
  }
  if (comments.length > 0) game.comments = comments;
  return { game: allTags.length > 0 || game.moves.length > 0 || ended ? game : null, next: k };
}
