// What the page shows, and what follows from it: the game and the position shown (`cursor` moves
// into it), the mode, the game against the engine (the person's side, the clock, the engine's
// level) and how a game ended, the PGN tags, the settings, the engine's lines, and a game review.
// main.ts changes it; page-view.ts and the panels draw it.
import { NO_MOVE, type PgnResult, type Position, parseIccs } from '../engine/index';
import type { GameReview, PositionEval } from '../engine/review';
import type { SearchInfo } from './engine-client';
import { GameRecord } from './game';
import type { GameClock } from './game-clock';
import { t } from './i18n';
import { type GameEnd, judgedEnd, sideNames } from './results';
import type { Mark } from './review-view';
import type { Mode, Settings, saveState } from './storage';

/** A game against the engine. */
interface Play {
  /** The person's side: 0 red, 1 black. */
  human: number;
  clock: GameClock;
  /** The engine's Skill Level (engine/skill.ts; FULL_STRENGTH: none). */
  level: number;
}

/** A game review, running or done: the game reviewed (a copy, which the game shown may leave), how, and what was found. */
export interface ReviewState {
  game: GameRecord;
  tags: Array<[string, string]>;
  end: GameEnd | null;
  nodes: number;
  /** The evaluation of each position so far, the start position first. */
  evals: PositionEval[];
  /** The figures, once every position is evaluated. */
  result: GameReview | null;
  /** While it runs: when it started (performance.now()). */
  started: number | null;
}

/** What identifies a game: its start and its moves. */
function gameKey(game: GameRecord): string {
  return `${game.startFen}|${game.iccs().join(' ')}`;
}

export class PageState {
  game = new GameRecord();
  cursor = 0;
  mode: Mode = 'play';
  play: Play | null = null;
  end: GameEnd | null = null;
  tags: Array<[string, string]> = [];
  /** The engine's current or last search: its lines by MultiPV index, and the position searched. */
  lines: SearchInfo[] = [];
  linesPos: Position | null = null;
  thinking = false;
  /** What the analysis searches now ('' when it does not). */
  analysed = '';
  review: ReviewState | null = null;
  private view: { game: GameRecord; length: number; cursor: number; pos: Position } | null = null;

  constructor(public settings: Settings) {}

  /** The position shown (after `cursor` moves). */
  viewPos(): Position {
    const v = this.view;
    if (v !== null && v.game === this.game && v.length === this.game.length && v.cursor === this.cursor) return v.pos;
    const pos = this.game.positionAt(this.cursor);
    this.view = { game: this.game, length: this.game.length, cursor: this.cursor, pos };
    return pos;
  }

  /** The person's side in a game against the engine, else null. */
  human(): number | null {
    return this.mode === 'play' && this.play !== null ? this.play.human : null;
  }

  /** What to call the two sides: with who plays them in a game against the engine. */
  names(): readonly [string, string] {
    const own = sideNames(this.human());
    if (this.human() !== null) return own;
    // A game opened from a file: its players, where its tags name them.
    const tag = (name: string): string | undefined => {
      const v = this.tags.find(([k]) => k.toLowerCase() === name)?.[1]?.trim();
      return v === undefined || v === '' || v === '?' ? undefined : v;
    };
    return [tag('red') ?? own[0], tag('black') ?? own[1]];
  }

  result(): PgnResult {
    if (this.end !== null) return this.end.result;
    return judgedEnd(this.game.judgementAt(), this.game.current.side)?.result ?? '*';
  }

  /** Whether the person may move in the position shown; the reason when not. */
  mayMove(): string | null {
    if (this.mode === 'analysis') return null;
    if (this.play === null) return t('why.noGame');
    if (this.end !== null) return t('why.over');
    if (this.cursor !== this.game.length) return t('why.earlier');
    if (this.game.current.side !== this.play.human) return t('why.engineMove');
    return null;
  }

  /** Whether a review is running (the analysis waits for it). */
  reviewing(): boolean {
    return this.review !== null && this.review.started !== null;
  }

  /** Whether the game shown is the reviewed one (so the review's marks and graph belong to it). */
  reviewApplies(): boolean {
    const r = this.review;
    return r !== null && (r.game === this.game || gameKey(r.game) === gameKey(this.game));
  }

  /** The review's mark of move `ply` (1 for the first) of the game shown, or null. */
  reviewMark(ply: number): Mark | null {
    if (!this.reviewApplies()) return null;
    return this.review?.result?.moves[ply - 1]?.mark ?? null;
  }

  /** At a marked move of the reviewed game: the better move in its place, or NO_MOVE. */
  betterArrow(): number {
    if (this.cursor === 0 || this.reviewMark(this.cursor) === null) return NO_MOVE;
    return this.review?.result?.moves[this.cursor - 1].better[0] ?? NO_MOVE;
  }

  /** The analysis' best move in the position shown, or NO_MOVE (none beside a review's better move). */
  bestArrow(): number {
    if (this.betterArrow() !== NO_MOVE) return NO_MOVE;
    const best = this.mode === 'analysis' && this.linesPos !== null ? this.lines[0]?.pv[0] : undefined;
    if (best === undefined) return NO_MOVE;
    try {
      return parseIccs(this.viewPos(), best);
    } catch {
      return NO_MOVE;
    }
  }

  /** What local storage keeps (storage.ts), with the clocks as they are at `now`. */
  saved(now: number): Parameters<typeof saveState>[0] {
    const play = this.play;
    return {
      startFen: this.game.startFen,
      moves: this.game.iccs(),
      cursor: this.cursor,
      mode: this.mode,
      play:
        play === null
          ? null
          : {
              human: play.human,
              control: play.clock.control.id,
              left: [play.clock.timeLeft(0, now), play.clock.timeLeft(1, now)],
              level: play.level,
            },
      end: this.end,
      tags: this.tags,
      settings: this.settings,
    };
  }
}
