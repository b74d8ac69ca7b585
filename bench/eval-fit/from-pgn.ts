// Training positions from played games: every quiet position (as in generate.ts) of the games in
// one or more PGN files (UTF-8 or GBK, as `chuhan pgn` reads them), from ply 2 on, deduplicated, one
// FEN per line. Match games against a stronger engine hold the attacks on the king that fast
// self-play rarely reaches.

import { appendFileSync, readFileSync } from 'node:fs';
import { parseFen } from '../../engine/index';
import { decodePgnBytes, parsePgn } from '../../engine/pgn';
import { isQuiet, pushUnseen } from './generate';

export function fromPgn(inputs: string[], out: string, log: (s: string) => void): void {
  const seen = new Set<string>();
  let games = 0;
  let kept = 0;
  for (const path of inputs) {
    for (const game of parsePgn(decodePgnBytes(readFileSync(path)))) {
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
