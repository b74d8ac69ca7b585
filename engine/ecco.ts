// The opening of a game by the ECCO classification (中国象棋开局编号, codes A00–E99): its code, the
// opening's name and the variation's, from the table in engine/ecco-table.ts.
//
// A game from the start position is compared on its first 20 plies, as ElephantEye's ECCO does;
// one that opens on the left (炮八平五, 兵七进一, 相七进五: red's first move from files a–d) is
// mirrored first, since the table is written from the right. Each code's lines are conditions on
// those plies (see the table's header); of the codes with a line the game meets, a code gives way
// to the codes it names as its exceptions, and of the rest the one whose line names the most moves
// wins (A00, "other openings", when none does). Measured against ElephantEye's own classification:
// test/ecco.test.ts and docs/records.md.

import { START_FEN } from './fen';
import type { PgnGame } from './pgn';
import { ECCO_TABLE } from './ecco-table';
import { type Move, fileOf, makeMove, makeSquare, moveFrom, moveTo, rankOf } from './types';

export interface EccoOpening {
  /** `C48`. */
  code: string;
  /** 中炮过河车互进七兵对屏风马平炮兑车 */
  opening: string;
  /** 红仕角炮对黑退边炮, or '' when the code has no variation name. */
  variation: string;
}

/** Plies of a game the classification looks at. */
const PLIES = 20;

interface Line {
  /** Plies (1-based) with the moves one of which must be played there. */
  exact: Array<[number, Move[]]>;
  /** The first `groupPlies` plies are exactly these moves, in any order. */
  groupPlies: number;
  group: Set<Move>;
  /** Moves played within the window; `ordered` ones in the order given. */
  floating: Move[];
  ordered: boolean[];
  /** Moves each side (red, black) may have played before its last floating move; null: any. */
  allowed: [Set<Move> | null, Set<Move> | null];
  /** How many moves the line names: the more, the more specific. */
  weight: number;
  exactCount: number;
}

interface Code extends EccoOpening {
  lines: Line[];
  /** Codes that take precedence over this one when both fit. */
  givesWayTo: Set<string>;
}

let codes: Code[] | null = null;

function iccsMove(text: string): Move {
  return makeMove(
    makeSquare(text.charCodeAt(0) - 97, text.charCodeAt(1) - 48),
    makeSquare(text.charCodeAt(2) - 97, text.charCodeAt(3) - 48),
  );
}

/** `D30-D36,D40` as the list of codes. */
function codeRanges(text: string): Set<string> {
  const out = new Set<string>();
  const order = (c: string): number => 'ABCDE'.indexOf(c[0]) * 100 + Number(c.slice(1));
  for (const part of text.split(',').filter((p) => p !== '')) {
    const [a, b = a] = part.split('-');
    for (let n = order(a); n <= order(b); n++) out.add('ABCDE'[Math.floor(n / 100)] + String(n % 100).padStart(2, '0'));
  }
  return out;
}

function parseLine(text: string): Line {
  const line: Line = {
    exact: [],
    groupPlies: 0,
    group: new Set(),
    floating: [],
    ordered: [],
    allowed: [null, null],
    weight: 0,
    exactCount: 0,
  };
  for (const token of text.split(' ').filter((t) => t !== '')) {
    if (token.includes('=')) {
      const [ply, moves] = token.split('=');
      line.exact.push([Number(ply), moves.split('/').map(iccsMove)]);
    } else if (token.includes(':')) {
      const [plies, moves] = token.split(':');
      line.groupPlies = Number(plies);
      for (const m of moves.split(',')) line.group.add(iccsMove(m));
    } else if (token.includes('?')) {
      const side = token[0] === 'r' ? 0 : 1;
      (line.allowed[side] ??= new Set()).add(iccsMove(token.slice(2)));
    } else {
      line.floating.push(iccsMove(token.replace('^', '')));
      line.ordered.push(token.startsWith('^'));
    }
  }
  line.exactCount = line.exact.length;
  line.weight = line.exact.length + line.group.size + line.floating.length + (line.allowed[0] || line.allowed[1] ? 0.5 : 0);
  return line;
}

function table(): Code[] {
  codes ??= ECCO_TABLE.trim()
    .split('\n')
    .map((row) => {
      const [code, opening, variation, givesWayTo, lines] = row.split('\t');
      return { code, opening, variation, givesWayTo: codeRanges(givesWayTo), lines: lines === '' ? [] : lines.split(';').map(parseLine) };
    });
  return codes;
}

/** Whether a game's first plies meet a line. */
function meets(line: Line, moves: readonly Move[]): boolean {
  for (const [ply, options] of line.exact) if (ply > moves.length || !options.includes(moves[ply - 1])) return false;
  if (line.groupPlies > 0) {
    if (moves.length < line.groupPlies) return false;
    const first = new Set(moves.slice(0, line.groupPlies));
    if (first.size !== line.groupPlies) return false;
    for (const m of first) if (!line.group.has(m)) return false;
  }
  const window = moves.slice(0, PLIES);
  const last = [-1, -1];
  let previousOrdered = -1;
  for (let k = 0; k < line.floating.length; k++) {
    const at = window.indexOf(line.floating[k]);
    if (at < 0) return false;
    if (line.ordered[k]) {
      if (at < previousOrdered) return false;
      previousOrdered = at;
    }
    last[at % 2] = Math.max(last[at % 2], at);
  }
  const named = new Set<Move>([...line.floating, ...line.exact.flatMap(([, options]) => options)]);
  for (let i = 0; i < window.length; i++) {
    const allowed = line.allowed[i % 2];
    if (allowed !== null && i < last[i % 2] && !named.has(window[i]) && !allowed.has(window[i])) return false;
  }
  return true;
}

/** The move seen in a mirror (files a–i become i–a). */
function mirrored(m: Move): Move {
  const from = moveFrom(m);
  const to = moveTo(m);
  return makeMove(makeSquare(8 - fileOf(from), rankOf(from)), makeSquare(8 - fileOf(to), rankOf(to)));
}

const placementAndSide = (fen: string): string => fen.trim().split(/\s+/).slice(0, 2).join(' ');

/**
 * The ECCO opening of a game: null when it does not start from the start position (a set-up
 * position has no opening) or has no move.
 */
export function classifyOpening(fen: string, moves: readonly Move[]): EccoOpening | null {
  if (moves.length === 0 || placementAndSide(fen) !== placementAndSide(START_FEN)) return null;
  const left = fileOf(moveFrom(moves[0])) < 4;
  const seen = (left ? moves.slice(0, PLIES).map(mirrored) : moves.slice(0, PLIES)) as Move[];
  const fitting = new Map<string, Line>();
  for (const c of table()) {
    for (const line of c.lines) {
      const best = fitting.get(c.code);
      if (best !== undefined && (line.weight < best.weight || (line.weight === best.weight && line.exactCount <= best.exactCount)))
        continue;
      if (meets(line, seen)) fitting.set(c.code, line);
    }
  }
  let winner: Code | null = null;
  let winning: Line | null = null;
  for (const c of table()) {
    const line = fitting.get(c.code);
    if (line === undefined || [...c.givesWayTo].some((other) => fitting.has(other))) continue;
    if (winning !== null && (line.weight < winning.weight || (line.weight === winning.weight && line.exactCount <= winning.exactCount)))
      continue;
    winner = c;
    winning = line;
  }
  const found = winner ?? table()[0];
  return { code: found.code, opening: found.opening, variation: found.variation };
}

/** An opening as one line: `C48 中炮过河车互进七兵对屏风马平炮兑车——红仕角炮对黑退边炮`. */
export function openingText(o: EccoOpening): string {
  return `${o.code} ${o.opening}${o.variation === '' ? '' : `——${o.variation}`}`;
}

/** The opening a game's tags name ([ECCO], [Opening], [Variation], as xqbase writes them), or null. */
export function openingOfTags(tags: ReadonlyArray<readonly [string, string]>): EccoOpening | null {
  const tag = (name: string): string => {
    const v = tags.find(([k]) => k.toLowerCase() === name)?.[1]?.trim() ?? '';
    return v === '?' ? '' : v;
  };
  if (!/^[A-E]\d\d$/.test(tag('ecco'))) return null;
  return { code: tag('ecco'), opening: tag('opening'), variation: tag('variation') };
}

/**
 * The game with its opening in its tags: those it has (a file's [ECCO] and the names with it), else
 * the ECCO classification's, after its other tags. A game from a set-up position is left as it is.
 */
export function withOpeningTags(game: PgnGame): PgnGame {
  if (openingOfTags(game.tags) !== null) return game;
  const o = classifyOpening(game.fen, game.moves);
  if (o === null) return game;
  const tags = game.tags.filter(([k]) => !['ecco', 'opening', 'variation'].includes(k.toLowerCase()));
  tags.push(['ECCO', o.code], ['Opening', o.opening], ['Variation', o.variation]);
  return { ...game, tags };
}
