// An XQF writer for the tests only: any version from 1.0 (10) to 1.8 (18), scrambled with the keys
// given, so that the reader meets the versions no real file in test/fixtures/records covers (1.1,
// 1.4, 1.5, 1.7). It is written from the format as engine/xqf.ts describes it, the scrambling
// inverted step by step, so it shares the reader's reading of the format: the real files are the
// truth, this only widens what the reader is run on.
import { parseFen } from '../engine/fen';
import type { PgnGame, PgnVariation } from '../engine/pgn';
import { IN_BOARD, fileOf, moveFrom, moveTo, rankOf } from '../engine/types';

const SLOT_LETTERS = 'RNBAKABNRCCPPPPPrnbakabnrccppppp';
const STREAM_TEXT = '[(C) Copyright Mr. Dong Shiwei.]';

/** GBK bytes of a text (a table made by decoding every two-byte GBK code). */
let gbkTable: Map<string, number[]> | null = null;
export function gbk(text: string): Uint8Array {
  if (gbkTable === null) {
    gbkTable = new Map();
    const decoder = new TextDecoder('gbk');
    for (let hi = 0x81; hi <= 0xfe; hi++) {
      for (let lo = 0x40; lo <= 0xfe; lo++) {
        if (lo === 0x7f) continue;
        const ch = decoder.decode(new Uint8Array([hi, lo]));
        if (ch.length === 1 && ch !== '\uFFFD' && !gbkTable.has(ch)) gbkTable.set(ch, [hi, lo]);
      }
    }
  }
  const out: number[] = [];
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if (code < 0x80) out.push(code);
    else out.push(...(gbkTable.get(ch) ?? [0x3f]));
  }
  return new Uint8Array(out);
}

interface Node {
  from: number;
  to: number;
  comment: string;
  children: Node[];
}

/** The game's moves as a tree: each main-line move's variations become its alternatives. */
function treeOf(moves: number[], comments: Array<{ ply: number; text: string }>, variations: PgnVariation[]): Node[] {
  const nodes: Node[] = moves.map((m, i) => ({
    from: moveFrom(m),
    to: moveTo(m),
    comment: comments
      .filter((c) => c.ply === i + 1)
      .map((c) => c.text)
      .join(' '),
    children: [],
  }));
  for (let i = 0; i + 1 < nodes.length; i++) nodes[i].children.push(nodes[i + 1]);
  const top = nodes.length > 0 ? [nodes[0]] : [];
  for (const v of variations) {
    const alt = treeOf(v.moves, v.comments ?? [], v.variations ?? []);
    if (alt.length === 0) continue;
    if (v.ply === 1) top.push(alt[0]);
    else nodes[v.ply - 2].children.push(alt[0]);
  }
  return top;
}

interface XqfKeys {
  /** Header bytes 3 and 8–15 (the mask, the four "or" bytes, the four keys). */
  mask: number;
  or: [number, number, number, number];
  keys: [number, number, number, number];
}

const step = (k: number, m: number): number => ((k * k * 54 + 221) * m) & 0xff;

/** An XQF file of `version` (10–18) holding the game, scrambled with `keys` from version 11 on. */
export function writeXqf(game: PgnGame, version: number, keys: XqfKeys): Uint8Array {
  const h = new Uint8Array(0x400);
  h[0] = 0x58;
  h[1] = 0x51;
  h[2] = version;
  const scrambled = version >= 11;
  if (scrambled) {
    h[3] = keys.mask;
    h.set(keys.or, 8);
    h.set(keys.keys, 12);
  }
  const kSquares = scrambled ? step(h[13], h[13]) : 0;
  const kFrom = scrambled ? step(h[14], kSquares) : 0;
  const kTo = scrambled ? step(h[15], kFrom) : 0;
  const kComment = scrambled ? ((h[12] * 256 + h[13]) % 32000) + 767 : 0;
  const stream = new Uint8Array(32);
  if (scrambled) for (let i = 0; i < 32; i++) stream[i] = (h[8 + (i % 4)] | (h[12 + (i % 4)] & h[3])) & STREAM_TEXT.charCodeAt(i);

  // The pieces, each in a free slot of its kind.
  const pos = parseFen(game.fen, undefined, { lenient: true });
  const squares = new Array<number>(32).fill(0xff);
  for (let sq = 0; sq < 256; sq++) {
    const code = IN_BOARD[sq] ? pos.board[sq] : 0;
    if (code === 0) continue;
    const letter = 'KABNRCP'[(code & 7) - 1];
    const slotLetter = code >> 3 === 0 ? letter : letter.toLowerCase();
    const slot = [...SLOT_LETTERS].findIndex((l, i) => l === slotLetter && squares[i] === 0xff);
    squares[slot] = fileOf(sq) * 10 + rankOf(sq);
  }
  for (let i = 0; i < 32; i++) {
    const real = version >= 12 ? squares[(kSquares + 1 + i) & 31] : squares[i];
    h[0x10 + i] = (real + kSquares) & 0xff;
  }
  h[0x32] = pos.side;
  h[0x33] = ({ '1-0': 1, '0-1': 2, '1/2-1/2': 3, '*': 0 } as const)[game.result];
  const tag = (name: string): string => game.tags.find(([k]) => k === name)?.[1] ?? '';
  const putString = (offset: number, size: number, text: string): void => {
    const bytes = gbk(text).subarray(0, size - 1);
    h[offset] = bytes.length;
    h.set(bytes, offset + 1);
  };
  putString(0x50, 64, tag('Title'));
  putString(0xd0, 64, tag('Event'));
  putString(0x110, 16, tag('Date'));
  putString(0x120, 16, tag('Site'));
  putString(0x130, 16, tag('Red'));
  putString(0x140, 16, tag('Black'));

  // The tree, depth first, then scrambled with the key stream.
  const body: number[] = [];
  const int32 = (n: number): void => void body.push(n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff);
  const record = (from: number, to: number, child: boolean, sibling: boolean, comment: string): void => {
    const text = gbk(comment);
    if (version < 11) {
      body.push(from, to, (child ? 0xf0 : 0) | (sibling ? 0x0f : 0), 0);
      int32(text.length);
    } else {
      body.push(from, to, (child ? 0x80 : 0) | (sibling ? 0x40 : 0) | (text.length > 0 ? 0x20 : 0), 0);
      if (text.length > 0) int32(text.length + kComment);
    }
    body.push(...text);
  };
  const square = (sq: number): number => fileOf(sq) * 10 + rankOf(sq);
  const writeNodes = (siblings: Node[]): void => {
    siblings.forEach((n, i) => {
      record(
        (square(n.from) + 0x18 + kFrom) & 0xff,
        (square(n.to) + 0x20 + kTo) & 0xff,
        n.children.length > 0,
        i + 1 < siblings.length,
        n.comment,
      );
      writeNodes(n.children);
    });
  };
  const top = treeOf(game.moves, game.comments ?? [], game.variations ?? []);
  const gameComment = (game.comments ?? [])
    .filter((c) => c.ply === 0)
    .map((c) => c.text)
    .join(' ');
  record(0x18, 0x20, top.length > 0, false, gameComment);
  writeNodes(top);
  const tree = Uint8Array.from(body, (b, i) => (b + stream[i & 31]) & 0xff);
  const out = new Uint8Array(0x400 + tree.length);
  out.set(h);
  out.set(tree, 0x400);
  return out;
}
