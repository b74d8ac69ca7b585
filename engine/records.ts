// The one reader of game records: the bytes of a file, whatever its name, as the games it holds.
// The format is told by the content: XQF (XQStudio's binary format, engine/xqf.ts) by its magic,
// DhtmlXQ (the text game websites embed, engine/dhtmlxq.ts) by its tags, PGN (engine/pgn.ts) in
// UTF-8, GBK/GB18030 or UTF-16 otherwise. A file that is none of them is refused with one line that
// says what it is instead (an image, an archive, a CCBridge record, binary data); so is an empty
// file, an XQF of a version XQStudio never wrote and a truncated one. Every game of a readable file
// comes back, each one read or refused (a PgnError in its place).

import { looksLikeDhtmlXq, readDhtmlXq } from './dhtmlxq';
import { PgnError, type PgnGame, decodePgnBytes, parsePgnEach } from './pgn';
import { RecordError } from './record-error';
import { looksLikeXqf, readXqf } from './xqf';

/** Games refused before a move, from the start of a text, that make it not PGN. */
const GIVE_UP = 100;

export type RecordFormat = 'pgn' | 'xqf' | 'dhtmlxq';

export const RECORD_FORMAT_NAMES: Record<RecordFormat, string> = { pgn: 'PGN', xqf: 'XQF', dhtmlxq: 'DhtmlXQ' };

export interface Records {
  format: RecordFormat;
  /** The file's games in order, each read or refused. */
  games: Array<PgnGame | PgnError>;
}

/** Formats that are not game records, by their first bytes. */
const SIGNATURES: Array<[number[] | string, string]> = [
  [[0x89, 0x50, 0x4e, 0x47], 'a PNG image'],
  [[0xff, 0xd8, 0xff], 'a JPEG image'],
  ['GIF8', 'a GIF image'],
  ['%PDF', 'a PDF document'],
  [[0x50, 0x4b, 0x03, 0x04], 'a ZIP archive (or a document made of one: .docx, .xlsx, .odt)'],
  [[0x50, 0x4b, 0x05, 0x06], 'an empty ZIP archive'],
  [[0x1f, 0x8b], 'a gzip archive'],
  [[0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], 'a 7-Zip archive'],
  ['Rar!', 'a RAR archive'],
  ['BZh', 'a bzip2 archive'],
  [[0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], 'an xz archive'],
  [[0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], 'a Microsoft Office document (.doc, .xls)'],
  ['{\\rtf', 'an RTF document'],
  [[0x7f, 0x45, 0x4c, 0x46], 'a program (ELF)'],
  ['MZ', 'a Windows program or library'],
  ['SQLite format 3', 'an SQLite database'],
  ['ID3', 'an MP3 file'],
  ['OggS', 'an Ogg file'],
  ['CCBridge Record', 'a CCBridge (象棋桥) game, which is not supported'],
  ['CCBridge Library', 'a CCBridge (象棋桥) library, which is not supported'],
];

function startsWith(bytes: Uint8Array, sig: number[] | string): boolean {
  const codes = typeof sig === 'string' ? [...sig].map((c) => c.charCodeAt(0)) : sig;
  return bytes.length >= codes.length && codes.every((c, i) => bytes[i] === c);
}

/** What a file that is not a game record is, from its first bytes; null for text. */
function otherFormat(bytes: Uint8Array): string | null {
  for (const [sig, what] of SIGNATURES) if (startsWith(bytes, sig)) return what;
  if (startsWith(bytes, 'RIFF') && bytes.length >= 12) {
    const kind = String.fromCharCode(...bytes.subarray(8, 12));
    return kind === 'WEBP' ? 'a WebP image' : kind === 'WAVE' ? 'a WAV sound' : 'a RIFF file';
  }
  if (bytes.length >= 12 && String.fromCharCode(...bytes.subarray(4, 8)) === 'ftyp') return 'an MP4 or QuickTime file';
  if (startsWith(bytes, 'BM') && bytes.length >= 6 && (bytes[2] | (bytes[3] << 8) | (bytes[4] << 16)) === bytes.length)
    return 'a BMP image';
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) return null; // UTF-16 text
  // Text has no NUL and few control characters; look at the first 64 KB.
  const head = bytes.subarray(0, 65536);
  let control = 0;
  for (const b of head) {
    if (b === 0) return 'binary data of no format it knows';
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c && b !== 0x1b) control++;
  }
  return control > head.length / 100 ? 'binary data of no format it knows' : null;
}

/**
 * Reads a file's bytes as game records. Throws RecordError, its message one line starting with
 * `name`, when the file holds none this reader knows.
 */
export function readRecords(bytes: Uint8Array, name = 'the file'): Records {
  if (bytes.length === 0) throw new RecordError(name, `an empty file`);
  if (looksLikeXqf(bytes)) return { format: 'xqf', games: [readXqf(bytes, name)] };
  const other = otherFormat(bytes);
  if (other !== null) throw new RecordError(name, `not a game record: ${other}`);
  const text = decodePgnBytes(bytes);
  if (looksLikeDhtmlXq(text)) {
    const games = readDhtmlXq(text);
    if (games.length === 0) throw new RecordError(name, `DhtmlXQ tags, but no game in them`);
    return { format: 'dhtmlxq', games };
  }
  const games = parsePgnEach(text, GIVE_UP);
  if (games.length === 0) {
    throw new RecordError(name, text.trim() === '' ? 'only blank text, no game' : 'PGN with no game in it');
  }
  if (games.every((g) => g instanceof PgnError && g.plies === 0)) {
    // Not one move read: text, but PGN only if it has tags (a file of tagged games that all fail at
    // their first move is PGN with bad games; untagged text, or many tries, is not PGN).
    const first = games[0] as PgnError;
    if (/^<!doctype html|^<html|<html[\s>]/i.test(text.trimStart().slice(0, 1000))) {
      throw new RecordError(name, `not a game record: an HTML page with no DhtmlXQ game in it`);
    }
    const tagged = /\[[ \t]*[A-Za-z0-9_]+[ \t]*"/.test(text.slice(0, 65536));
    if (!tagged || games.length >= GIVE_UP) {
      const what = first.token !== '' ? `'${first.token}' is not a move` : first.message;
      const tries = games.length >= GIVE_UP ? `; not one move in the first ${games.length} games` : '';
      throw new RecordError(name, `not a game record: text${tagged ? '' : ' with no PGN tag'} (${what}${tries})`);
    }
  }
  return { format: 'pgn', games };
}
