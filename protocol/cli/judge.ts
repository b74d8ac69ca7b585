// `chuhan judge --fen FEN --moves "m1 m2 …"`: plays the moves from the position and prints the
// game result for the side to move afterwards, one word: win, loss, draw or none (the game goes
// on). The rules are engine/rules.ts (checkmate/stalemate, Asian repetition rules, 120 plies).

import { FenError, MoveError, START_FEN, parseFen, parseIccs } from '../../engine/index';
import { judge } from '../../engine/rules';

interface JudgeCliOptions {
  fen?: string;
  moves?: string;
}

/**
 * Returns the exit code: 0 with the verdict printed on `out`, 2 for a bad FEN or an illegal
 * move (the message goes to `err`, by default `out`).
 */
export async function runJudgeCli(opts: JudgeCliOptions, out: (line: string) => void, err: (line: string) => void = out): Promise<number> {
  let pos;
  try {
    // Lenient: study positions and published repetition diagrams put elephants and soldiers on
    // points they can never reach; everything else is still validated.
    pos = parseFen(opts.fen ?? START_FEN, undefined, { lenient: true });
  } catch (e) {
    if (e instanceof FenError) {
      err(`judge: invalid FEN '${opts.fen}': ${e.message}`);
      return 2;
    }
    throw e;
  }
  const moves = (opts.moves ?? '').split(/[\s,]+/).filter((m) => m.length > 0);
  for (let i = 0; i < moves.length; i++) {
    try {
      pos.make(parseIccs(pos, moves[i]));
    } catch (e) {
      if (e instanceof MoveError) {
        err(`judge: move ${i + 1} '${moves[i]}': ${e.message}`);
        return 2;
      }
      throw e;
    }
  }
  out(judge(pos).verdict);
  return 0;
}
