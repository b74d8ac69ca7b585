// XQF, the binary game format of XQStudio (象棋演播室), versions 1.0 to 1.8 (version byte 10 to 18).
//
// A 1024-byte header, then the move tree from offset 0x400:
// - header: `XQ`, the version byte, the key bytes (3, 8–15: used from version 1.1 on), 32 bytes
//   for the squares of the 32 pieces (0x10), the first move number (0x30), the result (0x33: 1 red
//   wins, 2 black wins, 3 draw), and length-prefixed GBK strings: title (0x50), event (0xD0), date
//   (0x110), site (0x120), red (0x130), black (0x140), time rule (0x150), red's and black's time
//   used (0x190, 0x1A0), annotator (0x1D0), author (0x1E0). A square is file * 10 + rank (file a =
//   0, red's back rank 0); 90 and above means the piece is off the board. The 32 slots are red's
//   R N B A K A B N R C C P P P P P, then black's the same.
// - the tree, depth first (a node, its continuation's subtree, then its next alternative's): a
//   node is the move's two squares (plus 24 and 32), a flags byte and a spare byte, then its
//   comment. Version 1.0 follows each node with a 4-byte comment length (0 for none); its flags'
//   high nibble says a continuation follows, the low nibble an alternative. From 1.1 on, 0x80 says
//   a continuation follows, 0x40 an alternative, 0x20 that a 4-byte comment length follows. The
//   first node is a placeholder before the first move; its comment is the game's.
// - from version 1.1 on, the file is scrambled with keys made from header bytes 12–15 (the
//   squares of the pieces, the two squares of each move, the comment lengths) and every byte from
//   0x400 on has a 32-byte key stream subtracted from it (the stream is the text
//   "[(C) Copyright Mr. Dong Shiwei.]" masked by bytes 3 and 8–15); from 1.2 on the 32 piece
//   squares are also rotated by the squares' key.
// The format as described by its author (XQF 1.0) and as xqbase's XQF tools and other public
// readers decode the later versions; the tests check it against files XQStudio wrote.

import { FenError } from './fen';
import { type MoveNode, type MoveTree, MoveTreeError, boardFen, emptyNode, firstMover, setupPosition, treeToGame } from './move-tree';
import { type PgnGame, type PgnResult, textDecoder } from './pgn';
import { RecordError } from './record-error';

const HEADER = 0x400;
const SLOT_LETTERS = 'RNBAKABNRCCPPPPPrnbakabnrccppppp';
const STREAM_TEXT = '[(C) Copyright Mr. Dong Shiwei.]';
const RESULTS: PgnResult[] = ['*', '1-0', '0-1', '1/2-1/2'];

/** Whether bytes start like an XQF file (its magic; the version is checked on reading). */
export function looksLikeXqf(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0x58 && bytes[1] === 0x51;
}

/** `1.8` for the version byte 18. */
function versionText(v: number): string {
  return `${Math.floor(v / 10)}.${v % 10}`;
}

/** The keys of a scrambled file (version 1.1 on), all zero for 1.0. */
interface Keys {
  squares: number;
  from: number;
  to: number;
  commentLength: number;
  stream: Uint8Array;
}

/** (k² · 54 + 221) · m, a byte: the key schedule's step. */
const step = (k: number, m: number): number => ((k * k * 54 + 221) * m) & 0xff;

function keysOf(h: Uint8Array, version: number): Keys {
  const stream = new Uint8Array(32);
  if (version < 11) return { squares: 0, from: 0, to: 0, commentLength: 0, stream };
  const squares = step(h[13], h[13]);
  const from = step(h[14], squares);
  const to = step(h[15], from);
  const commentLength = ((h[12] * 256 + h[13]) % 32000) + 767;
  for (let i = 0; i < 32; i++) {
    const key = h[8 + (i % 4)] | (h[12 + (i % 4)] & h[3]);
    stream[i] = key & STREAM_TEXT.charCodeAt(i);
  }
  return { squares, from, to, commentLength, stream };
}

/** A header string: a length byte, then GBK text, in a field of `size` bytes. */
function headerString(h: Uint8Array, offset: number, size: number): string {
  const n = Math.min(h[offset], size - 1);
  return decodeText(h.subarray(offset + 1, offset + 1 + n));
}

/** GBK text as XQStudio writes it: line ends made `\n`, NULs and outer blanks dropped. */
function decodeText(bytes: Uint8Array): string {
  return textDecoder('gb18030').decode(bytes).replace(/\0/g, '').replace(/\r\n?/g, '\n').trim();
}

/** `1997年11月16日`, `1997-11-16` and the like as a PGN date (`1997.11.16`); other text as it is. */
function pgnDate(text: string): string {
  const m = /^(\d{4})\s*(?:年|[.\-/])\s*(\d{1,2})\s*(?:月|[.\-/])\s*(\d{1,2})\s*日?$/.exec(text);
  if (m !== null) return `${m[1]}.${m[2].padStart(2, '0')}.${m[3].padStart(2, '0')}`;
  const y = /^(\d{4})\s*年?$/.exec(text);
  return y !== null ? `${y[1]}.??.??` : text;
}

/** The tree's bytes, read from 0x400 with the key stream taken off. */
class TreeReader {
  private offset = HEADER;
  constructor(
    private readonly bytes: Uint8Array,
    private readonly keys: Keys,
  ) {}

  get left(): number {
    return this.bytes.length - this.offset;
  }

  read(n: number): Uint8Array {
    const out = this.bytes.slice(this.offset, this.offset + n);
    const stream = this.keys.stream;
    for (let i = 0; i < out.length; i++) out[i] = (out[i] - stream[(this.offset - HEADER + i) & 31]) & 0xff;
    this.offset += n;
    return out;
  }

  int32(): number {
    const b = this.read(4);
    return b[0] | (b[1] << 8) | (b[2] << 16) | (b[3] << 24);
  }
}

/** Reads the move tree from 0x400. Throws RecordError on a truncated or damaged tree. */
function readTree(bytes: Uint8Array, version: number, keys: Keys, name: string): MoveTree {
  const r = new TreeReader(bytes, keys);
  const root: MoveTree = { comment: '', children: [] };
  // Where the next node goes: under a parent, as its next child (a continuation or an alternative).
  const pending: Array<MoveTree | MoveNode> = [];
  let parent: MoveTree | MoveNode | undefined = root;
  let count = 0;
  let first = true;
  while (parent !== undefined) {
    const where = first ? 'its first record' : `move record ${count + 1}`;
    if (r.left < (version < 11 ? 8 : 4)) throw new RecordError(name, `a truncated XQF file: it ends inside ${where}`);
    const rec = r.read(4);
    let commentLength: number;
    let child: boolean;
    let sibling: boolean;
    if (version < 11) {
      commentLength = r.int32();
      child = (rec[2] & 0xf0) !== 0;
      sibling = (rec[2] & 0x0f) !== 0;
    } else {
      const flags = rec[2] & 0xe0;
      child = (flags & 0x80) !== 0;
      sibling = (flags & 0x40) !== 0;
      if ((flags & 0x20) !== 0) {
        if (r.left < 4) throw new RecordError(name, `a truncated XQF file: it ends inside ${where}`);
        commentLength = r.int32() - keys.commentLength;
      } else {
        commentLength = 0;
      }
    }
    if (commentLength < 0 || commentLength > r.left) {
      const key = version >= 11 ? ', or a wrong key' : '';
      throw new RecordError(
        name,
        commentLength > r.left
          ? `a truncated XQF file${key}: the comment of ${where} runs past the end of the file`
          : `a damaged XQF file${key}: ${where} has a comment of ${commentLength} bytes`,
      );
    }
    const comment = commentLength > 0 ? decodeText(r.read(commentLength)) : '';
    let node: MoveTree | MoveNode;
    if (first) {
      root.comment = comment;
      node = root;
      first = false;
      sibling = false; // the placeholder has no alternatives
    } else {
      const from = (rec[0] - 0x18 - keys.from) & 0xff;
      const to = (rec[1] - 0x20 - keys.to) & 0xff;
      const n = emptyNode();
      if (from < 90 && to < 90) {
        n.fromFile = Math.floor(from / 10);
        n.fromRank = from % 10;
        n.toFile = Math.floor(to / 10);
        n.toRank = to % 10;
      }
      n.comment = comment;
      parent.children.push(n);
      node = n;
      count++;
    }
    // Depth first: this node's continuation comes next, its alternative after that subtree.
    if (sibling) pending.push(parent);
    parent = child ? node : pending.pop();
  }
  return root;
}

/**
 * Reads an XQF file: its game with its tags, comments and variations. Throws RecordError when the
 * file cannot be read (a version XQStudio never wrote, a truncated file, a position or a main-line
 * move that does not make sense: a damaged file or a wrong key); `name` starts the message.
 */
export function readXqf(bytes: Uint8Array, name = 'XQF'): PgnGame {
  if (!looksLikeXqf(bytes)) throw new RecordError(name, 'not an XQF file');
  const version = bytes[2];
  if (version < 10 || version > 18) {
    throw new RecordError(name, `an XQF file of version ${versionText(version)}, which is not supported (XQStudio wrote 1.0 to 1.8)`);
  }
  const label = `${name} (XQF ${versionText(version)})`;
  if (bytes.length < HEADER) {
    throw new RecordError(label, `a truncated XQF file: ${bytes.length} bytes, shorter than its ${HEADER}-byte header`);
  }
  const h = bytes.subarray(0, HEADER);
  const keys = keysOf(h, version);

  // The pieces: unscrambled, then rotated back (1.2 on).
  const squares = new Uint8Array(32);
  for (let i = 0; i < 32; i++) {
    const slot = version >= 12 ? (keys.squares + 1 + i) & 31 : i;
    squares[slot] = (h[0x10 + i] - keys.squares) & 0xff;
  }
  const board: Array<string | null> = new Array(90).fill(null);
  const scrambled = version >= 11 ? ' (a damaged file or a wrong key)' : ' (a damaged file)';
  for (let i = 0; i < 32; i++) {
    const sq = squares[i];
    if (sq >= 90) continue;
    const at = (sq % 10) * 9 + Math.floor(sq / 10);
    if (board[at] !== null) {
      const point = String.fromCharCode(97 + Math.floor(sq / 10)) + (sq % 10);
      throw new RecordError(label, `its start position puts two pieces on ${point}${scrambled}`);
    }
    board[at] = SLOT_LETTERS[i];
  }

  const tree = readTree(bytes, version, keys, label);
  const firstNumber = h[0x30] | (h[0x31] << 8);
  const side = firstMover(board, tree, h[0x32] === 1 ? 'b' : 'w');
  const fen = boardFen(board, side, firstNumber >= 1 && firstNumber <= 999 ? firstNumber : 1);
  let pos;
  try {
    pos = setupPosition(fen);
  } catch (e) {
    if (e instanceof FenError) throw new RecordError(label, `its start position cannot be used: ${e.message}${scrambled}`);
    throw e;
  }
  let game: PgnGame;
  try {
    game = treeToGame(tree, pos, label, version >= 11 ? 'a damaged file or a wrong key' : 'a damaged file', RESULTS[h[0x33]] ?? '*');
  } catch (e) {
    if (e instanceof MoveTreeError) throw new RecordError(label, e.detail);
    throw e;
  }

  const title = headerString(h, 0x50, 64);
  const event = headerString(h, 0xd0, 64);
  const tags: Array<[string, string]> = [];
  const add = (tag: string, value: string): void => {
    if (value !== '') tags.push([tag, value]);
  };
  add('Event', event !== '' ? event : title);
  add('Site', headerString(h, 0x120, 16));
  add('Date', pgnDate(headerString(h, 0x110, 16)));
  add('Red', headerString(h, 0x130, 16));
  add('Black', headerString(h, 0x140, 16));
  if (event !== '') add('Title', title);
  add('TimeControl', headerString(h, 0x150, 64));
  add('RedTime', headerString(h, 0x190, 16));
  add('BlackTime', headerString(h, 0x1a0, 16));
  add('Annotator', headerString(h, 0x1d0, 16));
  add('Author', headerString(h, 0x1e0, 16));
  game.tags = tags;
  return game;
}
