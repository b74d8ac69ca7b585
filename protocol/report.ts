// What the parts of the session say besides their replies: `info string` lines, written in the
// dialect in use (UCCI's made safe for gmchess, ucci.ts), and lines only debug mode shows.

export interface Report {
  /** An `info string` line. */
  note(text: string): void;
  /** An `info string` line in debug mode only. */
  debug(text: string): void;
}

/** Shortens echoed input so an `info string` stays one short line. */
export function clip(text: string, max = 40): string {
  return text.length <= max ? text : `${text.slice(0, max)}...`;
}
