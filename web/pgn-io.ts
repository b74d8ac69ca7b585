// PGN in and out of the page, through the engine core's reader and writer (engine/pgn.ts): the
// game as text in Chinese, ICCS or WXF movetext, a download, and game files read with the picker or
// dropped on the board, whatever their format (engine/records.ts: PGN in UTF-8 or GBK, XQF, DhtmlXQ).
import { type PgnFormat, type PgnGame, type PgnResult, type Records, readRecords, writePgn } from '../engine/index';
import { GameRecord } from './game';

/** The formats offered: Chinese (simplified or traditional characters), ICCS, WXF. */
export type PgnChoice = 'chinese' | 'traditional' | 'iccs' | 'wxf';

export function gameToPgn(game: GameRecord, tags: Array<[string, string]>, result: PgnResult, choice: PgnChoice): string {
  const record: PgnGame = { tags, fen: game.startFen, moves: [...game.moves], result };
  const format: PgnFormat = choice === 'traditional' ? 'chinese' : choice;
  return writePgn(record, format, { traditional: choice === 'traditional' });
}

/** A game of a PGN file as a record (its moves are legal: the reader checked them). */
export function recordOf(game: PgnGame): GameRecord {
  const record = new GameRecord(game.fen);
  for (const m of game.moves) record.play(m);
  return record;
}

/** The games of a file chosen with the picker or dropped on the board; throws RecordError when it holds none. */
export async function readGameFile(file: File): Promise<Records> {
  return readRecords(new Uint8Array(await file.arrayBuffer()), file.name);
}

/** Offers `text` as a file download. */
export function download(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/x-chess-pgn;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The time now for a file name: `20261204-2315`. */
export function timestamp(d = new Date()): string {
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${d.getFullYear()}${two(d.getMonth() + 1)}${two(d.getDate())}-${two(d.getHours())}${two(d.getMinutes())}`;
}

/** A short label of a game for the chooser: `1. Red - Black (1-0)`. */
export function gameLabel(game: PgnGame, index: number): string {
  const tag = (name: string): string => game.tags.find(([k]) => k.toLowerCase() === name)?.[1] ?? '?';
  return `${index + 1}. ${tag('red')} – ${tag('black')} (${game.result})`;
}
