// Relative (file) notation: WXF symbols (`C2.5`, `H8+7`, `R++4`) and Chinese in simplified and
// traditional characters (炮二平五, 马８进７, 前车进四), to and from our integer moves.
//
// Output, one canonical form per notation:
// - WXF: `<letter><identifier><direction><target>` with the WXF letters K A E H R C P, directions
//   `+` (forward) `-` (back) `.` (sideways). Two chariots, horses or cannons on one file are told
//   apart by `+`/`-` after the letter (`R++4`, `C-.5`). Soldiers follow convention A (xqbase,
//   ElephantEye, XQWizard): collect every friendly soldier standing on a file that holds two or
//   more of them, order them from the mover's file 1 to file 9 and front to rear within a file;
//   two of them are `P+`/`P-`, three `P+`/`P.`/`P-`, four or five `Pa`…`Pe`.
// - Chinese: `<piece><file><action><number>` (炮二平五) or `<marker><piece><action><number>`
//   (前车进四). Red writes Chinese numerals, black full-width digits (马８进７). Simplified uses
//   帅仕相马车炮兵 / 将士象马车炮卒, traditional 帥仕相馬車炮兵 / 將士象馬車炮卒 with 進/後.
//   Identical chariots, horses, cannons on one file: 前/后. Soldiers, when only one file holds two
//   or more (convention E of the project's rules): 2 前/后; 3 前/中/后; 4 前/中前/中后/后;
//   5 前/中前/中/中后/后. When two files hold two or more (necessarily 2+2 or 2+3 soldiers), the
//   soldiers are numbered across both files as in convention A: 一兵 … 五兵 (一卒 … 五卒), the
//   marker numeral being Chinese for both colours.
//
// Input accepts every variant we know of: 进/進, 后/後, 马/馬/傌, 车/車/俥, 炮/砲/包, 帅/帥, 将/將,
// ASCII and full-width digits, 一…九 and 壹…玖, xqbase letters (B, N) and WXF letters (E, H) in
// either case, old ICCS letters G and M, number-pad digits 1–7 for K…P, `=` for sideways, the
// sideways sign left out (`C25`), the marker before or after the letter (`+R+1`, `R++1`), and the
// soldier conventions A (`Pa`, `P.`, 一兵), B (`P7.6` for the middle of three, `++`/`--`, `3+.4`,
// `33.4`), C (前/二/三/四/五 on one file, 前兵九平八, 前九平八, `+9.8`), D (`15+1`) and E.
// Every reading of the text is turned into candidate moves and only legal ones count: the text
// must name exactly one legal move. Readings are tried in two tiers (the usual meaning first, the
// rarer conventions and lenient readings second) so that a convention never shadows a legal move
// of the more common one; see `resolve` (notation-relative.ts).
//
// WXF symbols are written and read in notation-wxf.ts, Chinese in notation-chinese.ts, and what the
// two share (the board seen from the mover, readings and their resolution) is notation-relative.ts.
// This file tells the notations apart and reads a move in any of them, ICCS included.

import { parseIccs } from './iccs';
import { parseChinese } from './notation-chinese';
import { normalise } from './notation-relative';
import { parseWxf } from './notation-wxf';
import type { Position } from './position';

const CJK = /[\u3400-\u9fff]/;
const ICCS_LIKE = /^[a-i][0-9]-?[a-i][0-9]$/i;

export type MoveNotation = 'iccs' | 'wxf' | 'chinese';

/** Which notation a move text is written in (by its characters; not checked further). */
export function detectNotation(text: string): MoveNotation {
  const s = normalise(text);
  if (CJK.test(s)) return 'chinese';
  if (ICCS_LIKE.test(s)) return 'iccs';
  return 'wxf';
}

/** Parses a move in any notation: ICCS (`h2e2`, `H2-E2`), WXF / xqbase symbols or Chinese. */
export function parseMoveText(pos: Position, text: string): number {
  switch (detectNotation(text)) {
    case 'chinese':
      return parseChinese(pos, text);
    case 'iccs':
      return parseIccs(pos, normalise(text));
    default:
      return parseWxf(pos, text);
  }
}
