// The text of a PGN file from its bytes, for the `chuhan pgn` command and the page's file picker
// alike (no Node imports: TextDecoder exists in Node and in browsers). Xiangqi PGN files come in
// UTF-8 (with or without a BOM) or, as ElephantEye and XQWizard write them, in GBK.

/** Decodes a PGN file: UTF-8 when it is valid UTF-8, otherwise GB18030 (a superset of GBK). */
export function decodePgnBytes(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes); // drops a BOM
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}
