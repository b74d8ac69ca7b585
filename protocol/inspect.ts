// The commands that look inside the engine, answered as plain lines: Pikafish's
//   d          the board as text, the FEN and the key;
//   eval       the classical evaluation split into its terms (engine/evaluate.ts);
//   go perft N the count below each root move, then the total;
// and UCCI's `probe`, the hash table's entry for a position (`pophash`).
// Ranks are printed as the dialect's move notation numbers them (0-9, or 1-10 for UCI with ranks
// 1-10), files a-i from Red's left.
import { BLACK, RED, isLegalMove, moveToIccs, perftDivide, toFen, type HashProbe, type Move, type Position } from '../engine/index';
import { evaluationTerms } from '../engine/evaluate';
import { ucciScore } from '../engine/wire';

/** The board, Red at the bottom, one character per point (upper case Red, lower case Black). */
export function boardLines(pos: Position, rankBase = 0): string[] {
  const fen = toFen(pos);
  const rows = fen.split(' ')[0].split('/');
  const border = ' +---+---+---+---+---+---+---+---+---+';
  const lines: string[] = [''];
  rows.forEach((row, i) => {
    const cells = row.replace(/\d/g, (d) => ' '.repeat(Number(d))).split('');
    const rank = String(9 - i + rankBase).padStart(2);
    lines.push(border, `${rank}| ${cells.join(' | ')} |`);
  });
  lines.push(border, '    a   b   c   d   e   f   g   h   i', '');
  lines.push(`Fen: ${fen}`);
  const hex = (n: number) => (n >>> 0).toString(16).toUpperCase().padStart(8, '0');
  lines.push(`Key: ${hex(pos.keyHi)}${hex(pos.keyLo)}`);
  lines.push(`Side to move: ${pos.side === RED ? 'red' : 'black'}${pos.inCheck() ? ' (in check)' : ''}`);
  return lines;
}

/** `eval`: a table of the terms, each side's share and the difference, in centipawns. */
export function evalLines(pos: Position): string[] {
  const t = evaluationTerms(pos);
  const n = (x: number) => (x > 0 ? `+${x}` : String(x)).padStart(7);
  const row = (name: string, red: number | null, black: number | null, diff: number) =>
    `${name.padEnd(36)}|${red === null ? '     --' : n(red)} |${black === null ? '     --' : n(black)} |${n(diff)}`;
  const toMove = pos.side === RED ? 1 : -1;
  return [
    `${'Term (centipawns)'.padEnd(36)}|    Red |  Black | Red - Black`,
    '-'.repeat(36) + '+--------+--------+------------',
    row('material and placement', null, null, t.material),
    row('pieces (attack, mobility, soldiers)', t.pieces[RED], t.pieces[BLACK], t.pieces[RED] - t.pieces[BLACK]),
    row('  of which the attack on the palace', t.palace[RED], t.palace[BLACK], t.palace[RED] - t.palace[BLACK]),
    row('defence: shell and own half', t.defence[RED], t.defence[BLACK], t.defence[RED] - t.defence[BLACK]),
    row(
      `tempo (${pos.side === RED ? 'red' : 'black'} to move)`,
      pos.side === RED ? t.tempo : null,
      pos.side === BLACK ? t.tempo : null,
      toMove * t.tempo,
    ),
    '',
    `Final evaluation: ${t.total > 0 ? '+' : ''}${t.total} (${pos.side === RED ? 'red' : 'black'}'s view, the side to move)`,
  ];
}

/** `go perft N`: `move: count` for each root move, a blank line, `Nodes searched: total`. */
export function perftLines(pos: Position, depth: number, moveText: (m: Move) => string = moveToIccs): string[] {
  const lines: string[] = [];
  let total = 0;
  if (depth === 0) total = 1;
  else {
    for (const { move, nodes } of perftDivide(pos, depth)) {
      lines.push(`${moveText(move)}: ${nodes}`);
      total += nodes;
    }
  }
  lines.push('', `Nodes searched: ${total}`);
  return lines;
}

/** `pophash [bestmove m] [lowerbound v depth d] [upperbound v depth d]`, scores UCCI-style. */
export function pophashLine(pos: Position, entry: HashProbe | null): string {
  if (entry === null) return 'pophash';
  let line = 'pophash';
  if (entry.move !== 0 && isLegalMove(pos, entry.move)) line += ` bestmove ${moveToIccs(entry.move)}`;
  const v = ucciScore(entry.score);
  if (entry.bound !== 'upper') line += ` lowerbound ${v} depth ${entry.depth}`;
  if (entry.bound !== 'lower') line += ` upperbound ${v} depth ${entry.depth}`;
  return line;
}
