// The error of a file that holds no game the game-record readers (engine/records.ts) can read: an
// image, an XQF file of a version XQStudio never wrote, a truncated file. Its message is one line
// that names the format and the problem, for the file's name to go in front of it. A file that is
// read, but whose game a reader refuses (an illegal move), gives a PgnError in that game's place.

export class RecordError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RecordError';
  }
}
