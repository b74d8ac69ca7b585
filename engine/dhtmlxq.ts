// DhtmlXQ (东萍象棋 / dpxq.com "UBB"), the game text Chinese game websites embed in their pages:
//
//   [DhtmlXQ]
//   [DhtmlXQ_title]…[/DhtmlXQ_title]  [DhtmlXQ_red]…  [DhtmlXQ_result]红胜|黑胜|和棋|未知  …
//   [DhtmlXQ_binit]8979695949392919097717866646260600102030405060708012720323436383[/DhtmlXQ_binit]
//   [DhtmlXQ_movelist]77477062…[/DhtmlXQ_movelist]
//   [DhtmlXQ_move_0_5_1]…[/DhtmlXQ_move_0_5_1]
//   [DhtmlXQ_comment0]…  [DhtmlXQ_comment3]…  [DhtmlXQ_comment1_7]…
//   [/DhtmlXQ]
//
// A point is two digits: the column from red's left (the ICCS file) and the row from the top
// (black's back rank), so ICCS rank = 9 − row. `binit` places the 32 pieces (red's R N B A K A B N
// R C C P P P P P, then black's; `99` off the board), absent for the start position; a `fen` tag,
// where a page has one, is taken instead. `movelist` is the main line, four digits a move.
// `move_P_S_B` is branch B, which replaces move S (counted from the start) of branch P (the main
// line is branch 0). `commentN` follows move N of the main line (0: the game comment),
// `commentB_N` move N of branch B; `||` is a line break. A page may hold several games.

import { FenError } from './fen';
import { type MoveNode, type MoveTree, MoveTreeError, boardFen, emptyNode, firstMover, setupPosition } from './move-tree';
import { treeToGame } from './move-tree';
import { PgnError, type PgnGame, type PgnResult } from './pgn';

const SLOT_LETTERS = 'RNBAKABNRCCPPPPPrnbakabnrccppppp';
const START_BINIT = '8979695949392919097717866646260600102030405060708012720323436383';

/** Whether a text holds DhtmlXQ. */
export function looksLikeDhtmlXq(text: string): boolean {
  return /\[DhtmlXQ[_\]a-zA-Z]/.test(text);
}

/** HTML entities and `\uXXXX` escapes as pages write them, `||` and `<br>` as line breaks. */
function plainText(value: string): string {
  return value
    .replace(/\|\|/g, '\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d) % 0x110000))
    .replace(/&#x([0-9a-fA-F]+);/g, (_, x: string) => String.fromCodePoint(parseInt(x, 16) % 0x110000))
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\r\n?/g, '\n')
    .trim();
}

const RESULT_WORDS: Record<string, PgnResult> = {
  红胜: '1-0',
  紅勝: '1-0',
  红先胜: '1-0',
  紅先勝: '1-0',
  黑胜: '0-1',
  黑勝: '0-1',
  红先负: '0-1',
  紅先負: '0-1',
  和棋: '1/2-1/2',
  和局: '1/2-1/2',
  红先和: '1/2-1/2',
  紅先和: '1/2-1/2',
  '1-0': '1-0',
  '0-1': '0-1',
  '1/2-1/2': '1/2-1/2',
};

/** The tags of a game's fields, in the order PGN writes them. */
const TAG_FIELDS: Array<[string, string]> = [
  ['event', 'Event'],
  ['place', 'Site'],
  ['date', 'Date'],
  ['round', 'Round'],
  ['red', 'Red'],
  ['black', 'Black'],
  ['title', 'Title'],
  ['table', 'Table'],
  ['redteam', 'RedTeam'],
  ['blackteam', 'BlackTeam'],
  ['redrating', 'RedElo'],
  ['blackrating', 'BlackElo'],
  ['redtime', 'RedTime'],
  ['blacktime', 'BlackTime'],
  ['timerule', 'TimeControl'],
  ['open', 'Opening'],
  ['remark', 'Annotator'],
  ['author', 'Author'],
];

/** The games of a text holding DhtmlXQ, each a game or the PgnError that refused it. */
export function readDhtmlXq(text: string): Array<PgnGame | PgnError> {
  // Each `[DhtmlXQ]` (or `[DhtmlXQiFrame]`) opens a game; a text without one is a single game.
  const starts: number[] = [];
  for (const m of text.matchAll(/\[DhtmlXQ(?:iFrame)?\]/g)) starts.push(m.index);
  if (starts.length === 0) starts.push(0);
  const out: Array<PgnGame | PgnError> = [];
  starts.forEach((start, k) => {
    const fields = new Map<string, string>();
    const chunk = text.slice(start, k + 1 < starts.length ? starts[k + 1] : text.length);
    for (const m of chunk.matchAll(/\[DhtmlXQ_([A-Za-z0-9_]+)\]([\s\S]*?)\[\/DhtmlXQ_\1\]/g)) {
      if (!fields.has(m[1].toLowerCase())) fields.set(m[1].toLowerCase(), m[2]);
    }
    if (fields.size === 0) return;
    try {
      out.push(readGame(fields, out.length + 1));
    } catch (e) {
      if (e instanceof PgnError) out.push(e);
      else throw e;
    }
  });
  return out;
}

function readGame(fields: Map<string, string>, index: number): PgnGame {
  const label = `game ${index}`;
  const refuse = (why: string): never => {
    throw new PgnError(`${label} (DhtmlXQ): ${why}`, index);
  };
  const tree: MoveTree = { comment: '', children: [] };
  // The node after move N of branch B, by `B_N` (`0_0` is the tree's root).
  const nodes = new Map<string, MoveTree | MoveNode>([['0_0', tree]]);
  const addLine = (parent: MoveTree | MoveNode, branch: number, firstPly: number, digits: string, field: string): void => {
    const clean = digits.replace(/\s+/g, '');
    if (!/^(\d{4})*$/.test(clean)) refuse(`${field} is not a list of four-digit moves`);
    let at = parent;
    for (let i = 0; i < clean.length; i += 4) {
      const n = emptyNode();
      n.fromFile = Number(clean[i]);
      n.fromRank = 9 - Number(clean[i + 1]);
      n.toFile = Number(clean[i + 2]);
      n.toRank = 9 - Number(clean[i + 3]);
      at.children.push(n);
      at = n;
      nodes.set(`${branch}_${firstPly + i / 4}`, n);
    }
  };
  addLine(tree, 0, 1, fields.get('movelist') ?? '', 'the move list');
  // Branches hang from branches that may come later in the text: place them until none is left.
  let branches = [...fields.keys()].filter((k) => /^move_\d+_\d+_\d+$/.test(k));
  while (branches.length > 0) {
    const left: string[] = [];
    for (const key of branches) {
      const [, p, s, b] = key.split('_').map(Number);
      const parent = nodes.get(`${p}_${s - 1}`);
      if (parent === undefined) left.push(key);
      else addLine(parent, b, s, fields.get(key) ?? '', `branch ${b}`);
    }
    if (left.length === branches.length) break; // hanging from branches that are not there
    branches = left;
  }
  for (const [key, value] of fields) {
    const m = /^comment(?:(\d+)_)?(\d+)$/.exec(key);
    if (m === null) continue;
    const node = nodes.get(`${m[1] ?? 0}_${m[2]}`);
    if (node !== undefined) node.comment = plainText(value);
  }

  // The start position: a FEN, or the pieces of `binit`.
  let fen = plainText(fields.get('fen') ?? '');
  if (fen === '') {
    const binit = (fields.get('binit') ?? START_BINIT).replace(/\s+/g, '');
    if (!/^\d{64}$/.test(binit)) refuse('binit is not 32 two-digit points');
    const board: Array<string | null> = new Array(90).fill(null);
    for (let i = 0; i < 32; i++) {
      const col = Number(binit[2 * i]);
      const row = Number(binit[2 * i + 1]);
      if (col > 8) continue; // `99`: off the board
      const at = (9 - row) * 9 + col;
      if (board[at] !== null) refuse(`binit puts two pieces on ${String.fromCharCode(97 + col)}${9 - row}`);
      board[at] = SLOT_LETTERS[i];
    }
    fen = boardFen(board, firstMover(board, tree, 'w'));
  }
  let game: PgnGame;
  try {
    const result = RESULT_WORDS[plainText(fields.get('result') ?? '')] ?? '*';
    game = treeToGame(tree, setupPosition(fen), label, '', result);
  } catch (e) {
    if (e instanceof FenError) return refuse(`its start position cannot be used: ${e.message}`);
    if (e instanceof MoveTreeError) throw new PgnError(`${label} (DhtmlXQ): ${e.detail}`, index);
    throw e;
  }
  const tags: Array<[string, string]> = [];
  for (const [field, tag] of TAG_FIELDS) {
    const value = plainText(fields.get(field) ?? '').replace(/\s*\n\s*/g, ' ');
    if (value !== '') tags.push([tag, value]);
  }
  if (!tags.some(([t]) => t === 'Event')) {
    const title = tags.find(([t]) => t === 'Title');
    if (title !== undefined) title[0] = 'Event';
  }
  game.tags = tags;
  return game;
}
