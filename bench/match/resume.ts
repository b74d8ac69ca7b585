// `--resume`: the games already in the PGN file count, and only the others are played. A game
// cut short while being written (the runner was killed) is dropped, and the file is rewritten
// without it so that new games append cleanly.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parsePgn, type PgnGame } from '../../engine/pgn';
import { recordFromPgn } from './record';
import type { ScheduledGame } from './schedule';
import type { GameRecord } from './record';

interface ResumeState {
  records: GameRecord[];
  /** Problems met (dropped fragments, games of another match), for the user. */
  warnings: string[];
}

/** Splits a PGN text into games at each `[Game ` tag line (the runner's games start with it). */
function chunks(text: string): string[] {
  const parts = text.split(/(?=^\[Game\s)/m);
  return parts.filter((p) => p.trim() !== '');
}

export function loadResume(path: string, schedule: readonly ScheduledGame[], names: readonly string[]): ResumeState {
  const state: ResumeState = { records: [], warnings: [] };
  if (!existsSync(path)) return state;
  const text = readFileSync(path, 'utf8');
  const keep: string[] = [];
  const seen = new Set<number>();
  let dropped = false;
  for (const chunk of chunks(text)) {
    let games: PgnGame[] = [];
    let problem = '';
    try {
      games = parsePgn(chunk);
    } catch (e) {
      problem = e instanceof Error ? e.message : String(e);
    }
    const complete = /(1-0|0-1|1\/2-1\/2)\s*$/.test(chunk);
    if (problem !== '' || games.length !== 1 || !complete) {
      state.warnings.push(
        complete && problem !== ''
          ? `dropped an unreadable game: ${problem}`
          : 'dropped an incomplete game (the runner was stopped while writing it)',
      );
      dropped = true;
      continue;
    }
    const r = recordFromPgn(games[0], schedule, names);
    if ('error' in r) {
      throw new Error(`cannot resume from ${path}: ${r.error}`);
    }
    const round = r.record.game.index + 1;
    if (seen.has(round)) {
      state.warnings.push(`round ${round} appears twice; the first is kept`);
      dropped = true;
      continue;
    }
    seen.add(round);
    keep.push(chunk.replace(/\s*$/, '\n\n'));
    state.records.push(r.record);
  }
  if (dropped) writeFileSync(path, keep.join(''));
  return state;
}
