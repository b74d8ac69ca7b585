// The engine's options: one registry, two spellings (UCCI `hashsize`, UCI `Hash`).
//
// Each option has one internal key and value; the dialects only differ in the name they announce
// and how the `option` line is written (see ucci.ts and uci.ts). Names are matched
// case-insensitively, with `_` and spaces treated alike (Fairy-Stockfish's UCCI convention), and
// any spelling works in any dialect. Out-of-range numbers are clamped and bad values rejected,
// each with a message for an `info string`; options nobody announced are ignored quietly.
//
// OPTION_SPECS declares each option once: its spellings, type, range and default (defaultOptions
// reads them from there). An option is announced only when code applies it (test/protocol-options
// checks every announced one against the code that reads it) or when it is `informational`.

import { USE_NNUE_DEFAULT } from '../engine/network';
import { MOVE_OVERHEAD } from '../engine/search-params';
import { DEFAULT_HASH_MB } from '../engine/tt';

export type OptionType = 'check' | 'spin' | 'combo' | 'string' | 'button';

export interface OptionSpec {
  key: OptionKey;
  type: OptionType;
  /** Name announced in UCCI (one lower-case word), or null when not announced there. */
  ucci: string | null;
  /**
   * Accepted under its UCCI name but left out of the UCCI handshake: `resign` (gmchess ends the
   * game on any output containing that word) and the UCCI options that have no effect yet (books,
   * idle and the UCCI 3.0 options), so that no GUI shows them as if they worked.
   */
  unannounced?: boolean;
  /**
   * Why an announced option needs no code of ours: it tells the GUI something (Ponder: the GUI may
   * send `go ponder`; Threads: the one search thread there is).
   */
  informational?: string;
  /** Name announced in UCI, or null when not announced there. */
  uci: string | null;
  /** Further spellings accepted in setoption. */
  aliases?: string[];
  default?: boolean | number | string;
  min?: number;
  max?: number;
  /** UCI's minimum when it differs (UCCI's 0 means "let the engine choose"). */
  uciMin?: number;
  vars?: string[];
}

export type OptionKey =
  | 'hash'
  | 'threads'
  | 'ponder'
  | 'usemillisec'
  | 'multipv'
  | 'overhead'
  | 'usebook'
  | 'bookfiles'
  | 'newgame'
  | 'debug'
  | 'batch'
  | 'idle'
  | 'pruning'
  | 'knowledge'
  | 'randomness'
  | 'style'
  | 'promotion'
  | 'resign'
  | 'variant'
  | 'usennue'
  | 'evalfile'
  | 'ranks';

/** EvalFile's value for the network built into the executable. */
export const EMBEDDED_NETWORK = '<embedded>';
export const MAX_HASH_MB = 1024;
/** Most search threads the option accepts on any machine; the session announces at most its cores. */
export const MAX_THREADS = 64;
const LEVELS = ['none', 'small', 'medium', 'large'];

export const OPTION_SPECS: readonly OptionSpec[] = [
  { key: 'usemillisec', type: 'check', ucci: 'usemillisec', uci: null, default: true },
  { key: 'hash', type: 'spin', ucci: 'hashsize', uci: 'Hash', default: DEFAULT_HASH_MB, min: 0, max: MAX_HASH_MB, uciMin: 1 },
  { key: 'threads', type: 'spin', ucci: 'threads', uci: 'Threads', default: 1, min: 0, max: MAX_THREADS, uciMin: 1 },
  { key: 'ponder', type: 'check', ucci: 'ponder', uci: 'Ponder', default: false, informational: 'the GUI may send go ponder' },
  { key: 'multipv', type: 'spin', ucci: null, uci: 'MultiPV', default: 1, min: 1, max: 64 },
  { key: 'overhead', type: 'spin', ucci: 'moveoverhead', uci: 'Move Overhead', default: MOVE_OVERHEAD, min: 0, max: 5000 },
  { key: 'resign', type: 'check', ucci: 'resign', uci: null, unannounced: true, default: false },
  { key: 'usebook', type: 'check', ucci: 'usebook', uci: null, unannounced: true, aliases: ['OwnBook'], default: false },
  { key: 'bookfiles', type: 'string', ucci: 'bookfiles', uci: null, unannounced: true, aliases: ['BookFile'], default: '' },
  { key: 'debug', type: 'check', ucci: 'debug', uci: null, default: false },
  { key: 'batch', type: 'check', ucci: 'batch', uci: null, default: false },
  { key: 'promotion', type: 'check', ucci: 'promotion', uci: null, unannounced: true, default: false },
  { key: 'idle', type: 'combo', ucci: 'idle', uci: null, unannounced: true, default: 'none', vars: LEVELS },
  { key: 'pruning', type: 'combo', ucci: 'pruning', uci: null, unannounced: true, default: 'large', vars: LEVELS },
  { key: 'knowledge', type: 'combo', ucci: 'knowledge', uci: null, unannounced: true, default: 'large', vars: LEVELS },
  {
    key: 'randomness',
    type: 'combo',
    ucci: 'randomness',
    uci: null,
    aliases: ['selectivity'],
    default: 'none',
    vars: ['none', 'tiny', 'small', 'medium', 'large', 'huge'],
  },
  { key: 'style', type: 'combo', ucci: 'style', uci: null, unannounced: true, default: 'normal', vars: ['solid', 'normal', 'risky'] },
  { key: 'newgame', type: 'button', ucci: 'newgame', uci: 'Clear Hash' },
  { key: 'usennue', type: 'check', ucci: 'usennue', uci: 'Use NNUE', default: USE_NNUE_DEFAULT },
  { key: 'evalfile', type: 'string', ucci: 'evalfile', uci: 'EvalFile', default: EMBEDDED_NETWORK },
  { key: 'variant', type: 'combo', ucci: null, uci: 'UCI_Variant', default: 'xiangqi', vars: ['xiangqi'] },
  // UCI moves with ranks 0-9 (Pikafish) or 1-10 (Fairy-Stockfish's plain UCI, cutechess); setting
  // UCI_Variant to xiangqi chooses 1-10, since only Fairy-Stockfish-style GUIs send it.
  { key: 'ranks', type: 'combo', ucci: null, uci: 'Ranks', default: '0-9', vars: ['0-9', '1-10'] },
];

/** The options as announced on a machine with `cores` logical processors (Threads up to them, at most MAX_THREADS). */
export function optionSpecs(cores: number): OptionSpec[] {
  const max = threadLimit(cores);
  return OPTION_SPECS.map((spec) => (spec.key === 'threads' ? { ...spec, max } : spec));
}

/** Threads' maximum on a machine with `cores` logical processors. */
export function threadLimit(cores: number): number {
  return Math.max(1, Math.min(MAX_THREADS, Math.floor(cores) || 1));
}

/** Canonical form of an option name for matching: lower case, `_` as space, single spaces. */
export function normalizeName(name: string): string {
  return name.toLowerCase().replace(/_/g, ' ').replace(/\s+/g, ' ').trim();
}

const BY_NAME = new Map<string, OptionSpec>();
for (const spec of OPTION_SPECS) {
  for (const n of [spec.ucci, spec.uci, ...(spec.aliases ?? [])]) {
    if (n !== null) BY_NAME.set(normalizeName(n), spec);
  }
}
// A space-free spelling for multi-word UCI names (`setoption clearhash`, `setoption move_overhead`).
for (const spec of OPTION_SPECS) {
  if (spec.uci !== null) BY_NAME.set(normalizeName(spec.uci).replace(/ /g, ''), spec);
}

export function findOption(name: string): OptionSpec | undefined {
  const n = normalizeName(name);
  return BY_NAME.get(n) ?? BY_NAME.get(n.replace(/ /g, ''));
}

export interface OptionValues {
  hash: number;
  threads: number;
  ponder: boolean;
  usemillisec: boolean;
  multipv: number;
  overhead: number;
  usebook: boolean;
  bookfiles: string[];
  debug: boolean;
  batch: boolean;
  idle: string;
  pruning: string;
  knowledge: string;
  randomness: string;
  style: string;
  promotion: boolean;
  resign: boolean;
  variant: string;
  usennue: boolean;
  evalfile: string;
  ranks: string;
}

/** Every option at its default, as OPTION_SPECS declares it. */
export function defaultOptions(): OptionValues {
  const v: Record<string, unknown> = {};
  for (const spec of OPTION_SPECS) {
    if (spec.type === 'button') continue;
    v[spec.key] = spec.key === 'bookfiles' ? bookFiles(String(spec.default)) : spec.default;
  }
  return v as unknown as OptionValues;
}

/** bookfiles' value: a `;`-separated list; each file keeps its inner spaces (Windows paths). */
function bookFiles(value: string): string[] {
  return value === '' || value.toLowerCase() === '<empty>' ? [] : value.split(';').map((f) => f.trim()).filter((f) => f !== '');
}

/** What a setoption did, for the session to act on and report. */
export interface SetResult {
  /** The option matched, or undefined when the name is unknown (then nothing else is set). */
  spec?: OptionSpec;
  /** True when the stored value changed (or a button was pressed). */
  changed: boolean;
  /** Problems worth an `info string` (clamping, a value that could not be read). */
  warnings: string[];
  /** A short description of the new value, for debug output. */
  shown?: string;
}

const TRUE_WORDS = new Set(['true', 'on', 'yes', '1']);
const FALSE_WORDS = new Set(['false', 'off', 'no', '0']);

/**
 * Applies `setoption <name> [value]` to `values`. `label` is the name as the GUI wrote it, used
 * in messages; `cores` bounds Threads (see optionSpecs).
 */
export function setOption(values: OptionValues, label: string, rawValue: string, dialect: 'ucci' | 'uci' = 'ucci', cores = MAX_THREADS): SetResult {
  const spec = findOption(label);
  if (spec === undefined) return { changed: false, warnings: [] };
  const value = rawValue.trim();
  const warnings: string[] = [];
  // Messages use the name and range of the dialect in use.
  const name = (dialect === 'uci' ? (spec.uci ?? spec.ucci) : (spec.ucci ?? spec.uci)) ?? spec.key;
  const v = values as unknown as Record<string, unknown>;
  switch (spec.type) {
    case 'button':
      return { spec, changed: true, warnings, shown: 'pressed' };
    case 'check': {
      const w = value.toLowerCase();
      let b: boolean;
      if (TRUE_WORDS.has(w)) b = true;
      else if (FALSE_WORDS.has(w)) b = false;
      else {
        warnings.push(`option ${name} expects true or false, got '${clip(value)}'; left at ${String(v[spec.key])}`);
        return { spec, changed: false, warnings };
      }
      const changed = v[spec.key] !== b;
      v[spec.key] = b;
      return { spec, changed, warnings, shown: String(b) };
    }
    case 'spin': {
      if (!/^[+-]?\d+$/.test(value)) {
        warnings.push(`option ${name} expects an integer, got '${clip(value)}'; left at ${String(v[spec.key])}`);
        return { spec, changed: false, warnings };
      }
      let n = Number(value);
      const min = (dialect === 'uci' ? spec.uciMin : undefined) ?? spec.min ?? 0;
      const max = spec.key === 'threads' ? threadLimit(cores) : (spec.max ?? Number.MAX_SAFE_INTEGER);
      // UCCI's 0 for hashsize/threads means "let the engine choose": the default.
      const zeroMeansDefault = min === 0 && (spec.key === 'hash' || spec.key === 'threads');
      const unit = spec.key === 'hash' ? ' MB' : '';
      const zero = (): string => `0, which means the default, ${String(spec.default)}${unit}`;
      if (n < min || n > max || !Number.isSafeInteger(n)) {
        const clamped = n < min ? min : max;
        warnings.push(`option ${name} value ${clip(value)} is out of range ${min}..${max}; using ${clamped === 0 && zeroMeansDefault ? zero() : clamped}`);
        n = clamped;
      }
      if (n === 0 && zeroMeansDefault) n = spec.default as number;
      const changed = v[spec.key] !== n;
      v[spec.key] = n;
      return { spec, changed, warnings, shown: String(n) };
    }
    case 'combo': {
      const w = value.toLowerCase();
      const match = spec.vars?.find((x) => x === w);
      if (match === undefined) {
        warnings.push(
          `option ${name} expects one of ${spec.vars?.join(', ')}, got '${clip(value)}'; left at ${String(v[spec.key])}`,
        );
        return { spec, changed: false, warnings };
      }
      const changed = v[spec.key] !== match;
      v[spec.key] = match;
      return { spec, changed, warnings, shown: match };
    }
    case 'string': {
      if (spec.key === 'evalfile') {
        const file = value === '' || value.toLowerCase() === '<empty>' ? EMBEDDED_NETWORK : value;
        const changed = values.evalfile !== file;
        values.evalfile = file;
        return { spec, changed, warnings, shown: file };
      }
      const files = bookFiles(value);
      values.bookfiles = files;
      return { spec, changed: true, warnings, shown: `${files.length} file(s): ${files.map((f) => `'${f}'`).join(' ')}` };
    }
  }
}

/** Shortens echoed input so an `info string` stays one short line. */
export function clip(text: string, max = 40): string {
  return text.length <= max ? text : `${text.slice(0, max)}...`;
}
