// The error of a file that holds no game the game-record readers (engine/records.ts) can read: an
// image, an XQF file of a version XQStudio never wrote, a truncated file. Its message is one line
// that names the format and the problem, for the file's name to go in front of it. A file that is
// read, but whose game a reader refuses (an illegal move), gives a PgnError in that game's place.

export class RecordError extends Error {
  constructor(
    /** What names the file (its name, and the format once known: `game.xqf (XQF 1.8)`). */
    where: string,
    /** The problem, without the file's name: what a page that shows the name beside it says. */
    readonly detail: string,
  ) {
    super(`${where}: ${detail}`);
    this.name = 'RecordError';
  }
}
