// Openings for matches: one opening per line, as a FEN / EPD position, a list of ICCS moves from
// the initial position, or both (`<FEN> moves h2e2 h9g7`). Move numbers (`1.`) and the PGN move
// form `H2-E2` are accepted. Text after ` ; ` (or an EPD `id "…"` operation) names the opening;
// ` # …` to the end of a line is a comment, and so are whole lines starting with `#`; blank lines
// are ignored. Every move is checked by the rules core. A game record (PGN with tags, XQF, DhtmlXQ:
// the project's one reader, engine/records.ts) may be given instead: each game's main line is an
// opening, named by its tags.
import {
  classifyOpening,
  decodePgnBytes,
  FenError,
  generateLegal,
  MAX_MOVES,
  openingOfTags,
  openingText,
  parseFen,
  parseIccs,
  PgnError,
  Position,
  RecordError,
  readRecords,
  START_FEN,
  toFen,
  type PgnGame,
} from '../../engine/index';

export interface Opening {
  /** The position the game starts from (the opening's moves are played on it). */
  fen: string;
  /** The opening's moves (engine-core move codes), played before the engines take over. */
  moves: number[];
  name: string;
  /** 1-based line number in the file (for a game record, the number of the game). */
  line: number;
}

export class OpeningError extends Error {}

const FEN_BOARD_RE = /^[1-9kabnrcpheKABNRCPHE]+(\/[1-9kabnrcpheKABNRCPHE]+){9}$/;

function parseLine(raw: string, lineNo: number): Opening | null {
  let body = raw.trim();
  if (body === '' || body.startsWith('#')) return null;
  const hash = body.search(/\s#/);
  if (hash >= 0) body = body.slice(0, hash).trim();
  let name = '';
  const semi = body.indexOf(';');
  const tokens0 = body.split(/\s+/);
  const isFen = FEN_BOARD_RE.test(tokens0[0]);
  if (!isFen && semi >= 0) {
    name = body.slice(semi + 1).trim();
    body = body.slice(0, semi).trim();
  }
  const tokens = body.split(/\s+/).filter((t) => t !== '');
  const where = `line ${lineNo}`;
  const pos = new Position();
  let fen = START_FEN;
  let i = 0;
  if (isFen) {
    // board, side, optional '-' '-' (castling, en passant), optional two counters, then either
    // `moves …` or EPD operations (`id "name";`).
    const fields = [tokens[0], tokens[1] ?? 'w'];
    i = 2;
    let dashes = 0;
    while (dashes < 2 && tokens[i] === '-') {
      i++;
      dashes++;
    }
    const counters: string[] = [];
    while (counters.length < 2 && tokens[i] !== undefined && /^\d+$/.test(tokens[i])) counters.push(tokens[i++]);
    fields.push('-', '-', counters[0] ?? '0', counters[1] ?? '1');
    try {
      parseFen(fields.join(' '), pos);
    } catch (e) {
      throw new OpeningError(`${where}: ${e instanceof FenError ? e.message : String(e)}`);
    }
    fen = toFen(pos);
    if (tokens[i] === 'moves') {
      i++;
    } else {
      // EPD operations: take `id "…"` as the name; no moves follow.
      const ops = tokens.slice(i).join(' ');
      const id = /\bid\s+"([^"]*)"/.exec(ops);
      if (id) name = id[1];
      else if (ops.startsWith(';')) name = ops.slice(1).trim();
      i = tokens.length;
    }
  } else {
    parseFen(START_FEN, pos);
  }
  const moves: number[] = [];
  for (; i < tokens.length; i++) {
    let t = tokens[i];
    if (t === ';') {
      name = tokens.slice(i + 1).join(' ');
      break;
    }
    t = t.replace(/^\d+\.+/, '');
    if (t === '') continue;
    try {
      const m = parseIccs(pos, t);
      pos.make(m);
      moves.push(m);
    } catch (e) {
      throw new OpeningError(`${where}: move ${moves.length + 1} '${tokens[i]}': ${e instanceof Error ? e.message : e}`);
    }
  }
  if (generateLegal(pos, new Int32Array(MAX_MOVES), 0) === 0) {
    throw new OpeningError(`${where}: the opening leaves no legal move`);
  }
  return { fen, moves, name, line: lineNo };
}

/** Reads an openings file. Throws OpeningError naming the line of the first problem. */
export function parseOpenings(text: string): Opening[] {
  const out: Opening[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const o = parseLine(raw, i + 1);
    if (o) out.push(o);
  });
  return out;
}

/** An opening's name: the one its game's tags give, else the ECCO classification's, else the players, else its number. */
function gameOpeningName(g: PgnGame, number: number): string {
  const o = openingOfTags(g.tags) ?? classifyOpening(g.fen, g.moves);
  if (o !== null) return openingText(o);
  const tag = (name: string): string => g.tags.find(([k]) => k.toLowerCase() === name)?.[1]?.trim() ?? '';
  const named = [tag('opening'), tag('variation')].filter((t) => t !== '' && t !== '?').join(' ');
  if (named !== '') return named;
  const red = tag('red');
  const black = tag('black');
  return red !== '' || black !== '' ? `${red || '?'} - ${black || '?'}` : `game ${number}`;
}

/**
 * Reads an openings file's bytes: game records (XQF, DhtmlXQ, PGN with tags), each game's main
 * line an opening, or the line format above. Throws OpeningError naming the game or the line.
 */
export function openingsFromBytes(bytes: Uint8Array, name = 'the openings file'): Opening[] {
  const head = decodePgnBytes(bytes.subarray(0, 65536));
  const record = (bytes[0] === 0x58 && bytes[1] === 0x51) || /\[DhtmlXQ|^\s*\[[A-Za-z0-9_]+\s+"/m.test(head);
  if (!record) return parseOpenings(decodePgnBytes(bytes));
  let games;
  try {
    games = readRecords(bytes, name).games;
  } catch (e) {
    if (e instanceof RecordError) throw new OpeningError(e.message);
    throw e;
  }
  return games.map((g, i) => {
    if (g instanceof PgnError) throw new OpeningError(g.message);
    const pos = parseFen(g.fen);
    for (const m of g.moves) pos.make(m);
    if (generateLegal(pos, new Int32Array(MAX_MOVES), 0) === 0) {
      throw new OpeningError(`game ${i + 1}: the opening leaves no legal move`);
    }
    return { fen: g.fen, moves: g.moves, name: gameOpeningName(g, i + 1), line: i + 1 };
  });
}

/** The start position alone, used when no openings file is given. */
export function startOpening(): Opening {
  return { fen: START_FEN, moves: [], name: 'start position', line: 0 };
}

/** A deterministic shuffle (mulberry32 + Fisher–Yates), for `--seed`. */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = items.slice();
  let a = seed >>> 0;
  const rnd = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
