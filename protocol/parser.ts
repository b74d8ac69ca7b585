// The one superset parser: every input line of UCCI, UCI and UCI-Cyclone becomes a Command,
// whatever the dialect in use (real GUIs mix them: VinXiangQi sends `go movetime` to UCCI
// engines, the Rust and Dart GUIs send UCI `setoption name … value …` to both). Parsing never
// throws; what cannot be understood is described in `warnings` or an `error` command, for the
// session to report in an `info string`. Nothing here looks at a position: moves stay text.
import { clip } from './report';

interface Token {
  text: string;
  /** Index just past the token in the line, to take a raw remainder (setoption values). */
  end: number;
}

/** A position as the GUI wrote it: FEN fields (startpos expanded later) and move tokens. */
export interface PositionText {
  startpos: boolean;
  fenFields: string[];
  moves: string[];
}

export interface GoCommand {
  ponder: boolean;
  draw: boolean;
  infinite: boolean;
  depth?: number;
  /** `depth` was given without a readable number (searched to depth 1 if nothing else limits it). */
  depthUnreadable?: boolean;
  nodes?: number;
  mate?: number;
  movetime?: number;
  perft?: number;
  /** UCCI clock (units per usemillisec). */
  time?: number;
  increment?: number;
  movestogo?: number;
  opptime?: number;
  oppincrement?: number;
  oppmovestogo?: number;
  /** UCI clocks (milliseconds; w = Red). */
  wtime?: number;
  btime?: number;
  winc?: number;
  binc?: number;
  searchmoves?: string[];
  /** True when some token could not be used (so an empty result is not a deliberate bare `go`). */
  damaged: boolean;
}

export type Command =
  | { kind: 'empty' }
  | { kind: 'handshake'; dialect: 'ucci' | 'uci' }
  | { kind: 'ucicyclone' }
  | { kind: 'isready' }
  | { kind: 'setoption'; name: string; value: string }
  | { kind: 'position'; position: PositionText; bare: boolean }
  | { kind: 'banmoves'; moves: string[] }
  | { kind: 'go'; go: GoCommand }
  | { kind: 'ponderhit'; draw: boolean }
  | { kind: 'stop' }
  | { kind: 'probe'; position: PositionText | null; error?: string }
  | { kind: 'quit' }
  | { kind: 'newgame' }
  | { kind: 'debug'; on: boolean }
  | { kind: 'display' }
  | { kind: 'eval' }
  | { kind: 'unknown'; word: string }
  | { kind: 'error'; message: string };

interface Parsed {
  command: Command;
  warnings: string[];
}

/**
 * Cleans a raw input line: cuts it at the first CR (as ElephantEye does), turns tabs and other
 * control characters into spaces.
 */
export function cleanLine(raw: string): string {
  const cr = raw.indexOf('\r');
  const line = cr >= 0 ? raw.slice(0, cr) : raw;
  // eslint-disable-next-line no-control-regex
  return line.replace(/[\x00-\x1f\x7f]/g, ' ');
}

function tokenize(line: string): Token[] {
  const tokens: Token[] = [];
  const re = /\S+/g;
  for (let m = re.exec(line); m !== null; m = re.exec(line)) tokens.push({ text: m[0], end: m.index + m[0].length });
  return tokens;
}

/** The first word of a line, lower-cased (the command keyword). */
export function commandWord(line: string): string {
  const m = /\S+/.exec(line);
  return m === null ? '' : m[0].toLowerCase();
}

export function parseLine(raw: string): Parsed {
  const line = cleanLine(raw);
  const tokens = tokenize(line);
  const warnings: string[] = [];
  if (tokens.length === 0) return { command: { kind: 'empty' }, warnings };
  const word = tokens[0].text.toLowerCase();
  const args = tokens.slice(1).map((t) => t.text);
  const command = ((): Command => {
    switch (word) {
      case 'ucci':
      case 'uci':
        if (args.length > 0) warnings.push(`${word}: ignored the extra words '${clip(args.join(' '))}'`);
        return { kind: 'handshake', dialect: word };
      case 'ucicyclone':
        return { kind: 'ucicyclone' };
      case 'isready':
        return { kind: 'isready' };
      case 'setoption':
        return parseSetoption(line, tokens);
      case 'position':
        return parsePositionCommand(args, warnings, 'position');
      case 'fen':
      case 'startpos': {
        // UCI-Cyclone: the position without the `position` keyword.
        const c = parsePositionCommand([word, ...args], warnings, 'position');
        return c.kind === 'position' ? { ...c, bare: true } : c;
      }
      case 'banmoves':
        return { kind: 'banmoves', moves: args };
      case 'go':
        return { kind: 'go', go: parseGo(args, warnings) };
      case 'ponderhit':
        if (args.length > 0 && !(args.length === 1 && args[0].toLowerCase() === 'draw')) {
          warnings.push(`ponderhit: ignored '${clip(args.join(' '))}' (only 'draw' may follow)`);
        }
        return { kind: 'ponderhit', draw: args.some((a) => a.toLowerCase() === 'draw') };
      case 'stop':
        return { kind: 'stop' };
      case 'd':
        return { kind: 'display' };
      case 'eval':
        return { kind: 'eval' };
      case 'probe':
        if (args.length === 0) return { kind: 'probe', position: null };
        {
          // A probe owes its pophash even when the position cannot be read.
          const c = parsePositionCommand(args, warnings, 'probe');
          if (c.kind === 'position') return { kind: 'probe', position: c.position };
          return { kind: 'probe', position: null, error: c.kind === 'error' ? c.message : 'probe: unreadable position' };
        }
      case 'quit':
        return { kind: 'quit' };
      case 'ucinewgame':
      case 'uccinewgame':
      case 'uxinewgame':
        return { kind: 'newgame' };
      case 'debug': {
        const a = (args[0] ?? 'on').toLowerCase();
        if (a !== 'on' && a !== 'off') return { kind: 'error', message: `debug: expected on or off, got '${clip(args[0])}'` };
        return { kind: 'debug', on: a === 'on' };
      }
      default:
        return { kind: 'unknown', word: tokens[0].text };
    }
  })();
  return { command, warnings };
}

function parseSetoption(line: string, tokens: Token[]): Command {
  if (tokens.length < 2) return { kind: 'error', message: 'setoption: missing the option name' };
  if (tokens[1].text.toLowerCase() === 'name') {
    // UCI form: setoption name <Name with spaces> [value <v>]
    const v = tokens.findIndex((t, i) => i > 2 && t.text.toLowerCase() === 'value');
    const nameTokens = tokens.slice(2, v < 0 ? undefined : v);
    if (nameTokens.length === 0) return { kind: 'error', message: 'setoption name: missing the option name' };
    const value = v < 0 ? '' : line.slice(tokens[v].end).trim();
    return { kind: 'setoption', name: nameTokens.map((t) => t.text).join(' '), value };
  }
  // UCCI form: setoption <name> [<value, the rest of the line, spaces kept>]
  return { kind: 'setoption', name: tokens[1].text, value: line.slice(tokens[1].end).trim() };
}

/** `startpos [moves …]` or `fen <fields> [moves …]`, for position, probe and the bare Cyclone form. */
function parsePositionCommand(args: string[], warnings: string[], what: string): Command {
  if (args.length === 0) return { kind: 'error', message: `${what}: missing 'startpos' or 'fen <FEN>'` };
  const head = args[0].toLowerCase();
  const movesAt = args.findIndex((a) => a.toLowerCase() === 'moves');
  const moves = movesAt < 0 ? [] : args.slice(movesAt + 1);
  const body = args.slice(1, movesAt < 0 ? undefined : movesAt);
  if (head === 'startpos') {
    if (body.length > 0) warnings.push(`${what} startpos: ignored '${clip(body.join(' '))}' before 'moves'`);
    return { kind: 'position', position: { startpos: true, fenFields: [], moves }, bare: false };
  }
  if (head === 'fen') {
    if (body.length === 0) return { kind: 'error', message: `${what} fen: missing the FEN` };
    return { kind: 'position', position: { startpos: false, fenFields: body, moves }, bare: false };
  }
  if (head.includes('/')) {
    // The FEN without its keyword; harmless to accept.
    warnings.push(`${what}: read '${clip(args[0], 20)}' as a FEN (the word 'fen' is missing)`);
    return {
      kind: 'position',
      position: { startpos: false, fenFields: args.slice(0, movesAt < 0 ? undefined : movesAt), moves },
      bare: false,
    };
  }
  return { kind: 'error', message: `${what}: expected 'startpos' or 'fen', got '${clip(args[0])}'` };
}

const NUMERIC_KEYS = new Set([
  'depth',
  'nodes',
  'mate',
  'movetime',
  'perft',
  'time',
  'increment',
  'movestogo',
  'opptime',
  'oppincrement',
  'oppmovestogo',
  'wtime',
  'btime',
  'winc',
  'binc',
]);
const FLAG_KEYS = new Set(['ponder', 'draw', 'infinite']);

function isGoKeyword(word: string): boolean {
  const w = word.toLowerCase();
  return NUMERIC_KEYS.has(w) || FLAG_KEYS.has(w) || w === 'searchmoves';
}

const NUMBER_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * Reads every `go` form of UCCI and UCI, keywords in any order and combined; a later keyword
 * overrides an earlier one of the same name. Unusable tokens are reported and skipped.
 */
export function parseGo(args: string[], warnings: string[]): GoCommand {
  const problems: string[] = [];
  const go = readGo(args, problems);
  // One line of junk draws a few messages, not one per word.
  warnings.push(...problems.slice(0, MAX_GO_WARNINGS));
  const more = problems.length - MAX_GO_WARNINGS;
  if (more > 0) warnings.push(`go: ${more.toLocaleString('en-US')} more unusable word${more === 1 ? '' : 's'} ignored`);
  return go;
}

/** Most messages about one `go` line; the rest are counted in one more. */
const MAX_GO_WARNINGS = 4;

function readGo(args: string[], warnings: string[]): GoCommand {
  const go: GoCommand = { ponder: false, draw: false, infinite: false, damaged: false };
  const numbers = go as unknown as Record<string, number | undefined>;
  for (let i = 0; i < args.length; i++) {
    const word = args[i].toLowerCase();
    if (FLAG_KEYS.has(word)) {
      if (word === 'ponder') go.ponder = true;
      else if (word === 'draw') go.draw = true;
      else go.infinite = true;
      continue;
    }
    if (word === 'searchmoves') {
      const list: string[] = [];
      while (i + 1 < args.length && !isGoKeyword(args[i + 1])) list.push(args[++i]);
      go.searchmoves = list;
      continue;
    }
    if (NUMERIC_KEYS.has(word)) {
      const next = args[i + 1];
      if (word === 'depth' && next !== undefined && next.toLowerCase() === 'infinite') {
        go.infinite = true;
        go.depth = undefined;
        i++;
        continue;
      }
      if (next === undefined || !NUMBER_RE.test(next)) {
        go.damaged = true;
        if (word === 'depth') go.depthUnreadable = true;
        warnings.push(`go: '${word}' needs a number${next === undefined ? '' : `, got '${clip(next)}'`}; ignored`);
        // A following keyword is read on its own; anything else is skipped with this one.
        if (next !== undefined && !isGoKeyword(next)) i++;
        continue;
      }
      numbers[word] = Number(next);
      i++;
      continue;
    }
    go.damaged = true;
    warnings.push(`go: unknown word '${clip(args[i])}' ignored`);
  }
  return go;
}
