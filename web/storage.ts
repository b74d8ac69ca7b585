// What survives a reload: the game (start FEN and ICCS moves), the position shown, the mode, a
// game against the engine with its clocks, the settings (the page's language among them), and a
// finished review's evaluations (a key of its own), in the browser's local storage. What
// is read back is checked field by field; a saved game whose moves are no longer legal is dropped
// with a message, never half-loaded.
import type { PgnResult } from '../engine/index';
import type { PositionEval } from '../engine/review';
import { FULL_STRENGTH } from '../engine/skill';
import type { Coordinates, PieceStyle } from './board-view';
import { NOTATIONS, type Notation } from './game';
import { LANGS, type Lang } from './i18n';
import { REVIEW_NODES } from './review-runner';
import type { EndReason, GameEnd } from './results';

const KEY = 'chuhan-page';
const REVIEW_KEY = 'chuhan-review';
const VERSION = 1;

export type Mode = 'play' | 'analysis';

export interface Settings {
  pieces: PieceStyle;
  coords: Coordinates;
  notation: Notation;
  flipped: boolean;
  /** Search threads; 0 chooses from the cores (1 on a page without SharedArrayBuffer). */
  threads: number;
  /** Whether analysis mode runs the engine. */
  analyse: boolean;
  /** Nodes a position for a game review (review-runner.ts: REVIEW_NODES). */
  reviewNodes: number;
  /** The page's language as the reader chose it; null: the browser's (i18n.ts). */
  lang: Lang | null;
}

/** A game against the engine. */
interface PlaySetup {
  /** The person's side: 0 red, 1 black. */
  human: number;
  /** Time control id (game-clock.ts). */
  control: string;
  /** Milliseconds left for red and black when saved. */
  left: [number, number];
  /** The engine's Skill Level (engine/skill.ts), FULL_STRENGTH for none. */
  level: number;
}

interface SavedState {
  startFen: string;
  moves: string[];
  cursor: number;
  mode: Mode;
  play: PlaySetup | null;
  end: GameEnd | null;
  tags: Array<[string, string]>;
  settings: Settings;
}

/** The settings of a first visit: moves in Chinese, in `notation`'s characters. */
function defaultSettings(notation: Notation = 'chinese'): Settings {
  return {
    pieces: 'chinese',
    coords: 'wxf',
    notation,
    flipped: false,
    threads: 0,
    analyse: true,
    reviewNodes: REVIEW_NODES[0],
    lang: null,
  };
}

function isString(v: unknown): v is string {
  return typeof v === 'string';
}

function oneOf<T extends string>(v: unknown, values: readonly T[], fallback: T): T {
  return values.includes(v as T) ? (v as T) : fallback;
}

function readSettings(v: unknown, d = defaultSettings()): Settings {
  if (typeof v !== 'object' || v === null) return d;
  const s = v as Record<string, unknown>;
  return {
    pieces: oneOf(s.pieces, ['chinese', 'western'] as const, d.pieces),
    coords: oneOf(s.coords, ['iccs', 'wxf', 'none'] as const, d.coords),
    notation: oneOf(s.notation, NOTATIONS, d.notation),
    flipped: s.flipped === true,
    threads: typeof s.threads === 'number' && Number.isInteger(s.threads) && s.threads >= 0 && s.threads <= 64 ? s.threads : d.threads,
    analyse: s.analyse !== false,
    reviewNodes: REVIEW_NODES.includes(s.reviewNodes as (typeof REVIEW_NODES)[number]) ? (s.reviewNodes as number) : d.reviewNodes,
    lang: LANGS.includes(s.lang as Lang) ? (s.lang as Lang) : null,
  };
}

function readPlay(v: unknown): PlaySetup | null {
  if (typeof v !== 'object' || v === null) return null;
  const p = v as Record<string, unknown>;
  const left = p.left;
  if ((p.human !== 0 && p.human !== 1) || !isString(p.control)) return null;
  if (!Array.isArray(left) || left.length !== 2 || !left.every((x) => typeof x === 'number' && x >= 0 && Number.isFinite(x))) return null;
  // Games saved before there were levels were played at full strength.
  const level =
    typeof p.level === 'number' && Number.isInteger(p.level) && p.level >= 0 && p.level <= FULL_STRENGTH ? p.level : FULL_STRENGTH;
  return { human: p.human, control: p.control, left: [left[0] as number, left[1] as number], level };
}

/** How a game ended; `human` is null in what pages before the languages saved (they kept the words instead). */
function readEnd(v: unknown): GameEnd | null {
  if (typeof v !== 'object' || v === null) return null;
  const e = v as Record<string, unknown>;
  if (!['1-0', '0-1', '1/2-1/2', '*'].includes(e.result as string) || !isString(e.reason)) return null;
  return { result: e.result as PgnResult, reason: e.reason as EndReason, human: e.human === 0 || e.human === 1 ? e.human : null };
}

/** The saved state, or null when there is none or it cannot be read (then `unreadable` is called). */
export function loadState(unreadable: () => void): SavedState | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(KEY);
  } catch {
    return null; // storage disabled: nothing to restore
  }
  if (raw === null) return null;
  try {
    const v = JSON.parse(raw) as Record<string, unknown>;
    if (v.version !== VERSION) return null;
    if (!isString(v.startFen) || !Array.isArray(v.moves) || !v.moves.every(isString)) throw new Error('the game is incomplete');
    const tags = Array.isArray(v.tags)
      ? v.tags.filter((t): t is [string, string] => Array.isArray(t) && t.length === 2 && isString(t[0]) && isString(t[1]))
      : [];
    return {
      startFen: v.startFen,
      moves: v.moves,
      cursor: typeof v.cursor === 'number' && Number.isInteger(v.cursor) ? Math.max(0, Math.min(v.cursor, v.moves.length)) : v.moves.length,
      mode: oneOf(v.mode, ['play', 'analysis'] as const, 'analysis'),
      play: readPlay(v.play),
      end: readEnd(v.end),
      tags,
      settings: readSettings(v.settings),
    };
  } catch {
    unreadable();
    return null;
  }
}

/**
 * Only the settings of a saved state (kept when the game in it cannot be restored); without one,
 * the first visit's, with moves in `notation` (the characters of the reader's language).
 */
export function loadSettings(notation: Notation): Settings {
  const d = defaultSettings(notation);
  try {
    const raw = localStorage.getItem(KEY);
    return raw === null ? d : readSettings((JSON.parse(raw) as Record<string, unknown>).settings, d);
  } catch {
    return d;
  }
}

export function saveState(state: SavedState): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ version: VERSION, ...state }));
  } catch {
    // Storage full or disabled: the page works on, it just will not survive a reload.
  }
}

/** A finished review: the game reviewed, how, and the evaluation of each of its positions. */
interface SavedReview {
  startFen: string;
  moves: string[];
  tags: Array<[string, string]>;
  end: GameEnd | null;
  nodes: number;
  evals: PositionEval[];
}

/** The saved review, or null (none, or unreadable: a review is only a convenience, dropped quietly). */
export function loadReview(): SavedReview | null {
  try {
    const raw = localStorage.getItem(REVIEW_KEY);
    if (raw === null) return null;
    const v = JSON.parse(raw) as Record<string, unknown>;
    if (v.version !== VERSION || !isString(v.startFen) || !Array.isArray(v.moves) || !v.moves.every(isString) || !Array.isArray(v.evals))
      return null;
    if (typeof v.nodes !== 'number' || v.evals.length !== v.moves.length + 1 || !v.evals.every(isPositionEval)) return null;
    const tags = Array.isArray(v.tags)
      ? v.tags.filter((t): t is [string, string] => Array.isArray(t) && t.length === 2 && isString(t[0]) && isString(t[1]))
      : [];
    return { startFen: v.startFen, moves: v.moves, tags, end: readEnd(v.end), nodes: v.nodes, evals: v.evals };
  } catch {
    return null;
  }
}

function isPositionEval(v: unknown): v is PositionEval {
  if (typeof v !== 'object' || v === null) return false;
  const e = v as Record<string, unknown>;
  if (e.kind === 'over') return ['win', 'loss', 'draw'].includes(e.verdict as string) && isString(e.reason);
  if (e.kind !== 'search' || typeof e.depth !== 'number' || !Array.isArray(e.pv) || !e.pv.every((m) => Number.isInteger(m))) return false;
  const s = e.score as Record<string, unknown> | null;
  if (typeof s !== 'object' || s === null) return false;
  return (s.kind === 'cp' && typeof s.cp === 'number') || ((s.kind === 'mate' || s.kind === 'rule') && Number.isInteger(s.plies));
}

/** Keeps a finished review (null: forgets it). */
export function saveReview(review: SavedReview | null): void {
  try {
    if (review === null) localStorage.removeItem(REVIEW_KEY);
    else localStorage.setItem(REVIEW_KEY, JSON.stringify({ version: VERSION, ...review }));
  } catch {
    // Storage full or disabled: the review lasts until the page is left.
  }
}
