// Training positions from played games: every quiet position (as in generate.ts) of the games in
// one or more game records (PGN in UTF-8 or GBK, XQF, DhtmlXQ: the reader of `chuhan pgn`), from ply
// 2 on, deduplicated, one FEN per line; a game the reader refuses is left out. Match games against a stronger engine hold the attacks on the king that fast
// self-play rarely reaches.

import { appendFileSync, readFileSync } from 'node:fs';
import { parseFen } from '../../engine/index';
import { PgnError } from '../../engine/pgn';
import { readRecords } from '../../engine/records';
import { isQuiet, pushUnseen } from './generate';

export function fromPgn(inputs: string[], out: string, log: (s: string) => void): void {
  const seen = new Set<string>();
  let games = 0;
  let kept = 0;
  for (const path of inputs) {
    for (const game of readRecords(new Uint8Array(readFileSync(path)), path).games) {
      if (game instanceof PgnError) continue;
      games++;
      const pos = parseFen(game.fen);
      const lines: string[] = [];
      for (let ply = 0; ply < game.moves.length; ply++) {
        if (ply >= 2 && isQuiet(pos)) pushUnseen(pos, seen, lines);
        pos.make(game.moves[ply]);
      }
      if (lines.length > 0) appendFileSync(out, lines.join('\n') + '\n');
      kept += lines.length;
    }
  }
  log(`${games} games, ${kept} quiet positions -> ${out}`);
}
