// The page in the reader's language: English, Simplified Chinese (简体) or Traditional Chinese
// (繁體). The language is the reader's choice when made (kept with the settings, storage.ts), else
// the first of the browser's languages (navigator.languages) that the page has, else English.
// The words are in web/strings/, one table per language with the same keys; numbers, percentages
// and speeds are written by Intl in each language's way. index.html names its labels by key
// (data-i18n for the text, data-i18n-title, -label and -placeholder for those attributes), which
// dom.ts (applyStrings) fills in; the panels build their text with t(). No DOM here, so that the
// page's logic is tested in Node too.
import { FenError, type FenErrorCode, MoveError } from '../engine/index';
import { en, type StringKey, type Strings } from './strings/en';
import { zhHans } from './strings/zh-hans';
import { zhHant } from './strings/zh-hant';

export type Lang = 'en' | 'zh-Hans' | 'zh-Hant';
export const LANGS: readonly Lang[] = ['en', 'zh-Hans', 'zh-Hant'];
/** Each language's name in itself, as the chooser shows it. */
export const LANG_NAMES: Readonly<Record<Lang, string>> = { en: 'English', 'zh-Hans': '简体中文', 'zh-Hant': '繁體中文' };
export const TABLES: Readonly<Record<Lang, Strings>> = { en, 'zh-Hans': zhHans, 'zh-Hant': zhHant };

/** The page's language for a BCP 47 tag (`zh-TW`, `zh-Hant-HK`, `en-GB`), or null when it has none for it. */
function langOfTag(tag: string): Lang | null {
  const parts = tag.toLowerCase().split(/[-_]/);
  if (parts[0] === 'en') return 'en';
  if (parts[0] !== 'zh') return null;
  // A script subtag decides; without one, the regions that write Traditional characters.
  if (parts.includes('hant')) return 'zh-Hant';
  if (parts.includes('hans')) return 'zh-Hans';
  return parts.some((p) => p === 'tw' || p === 'hk' || p === 'mo') ? 'zh-Hant' : 'zh-Hans';
}

/** The language for the browser's list of languages (navigator.languages): the first the page has, else English. */
export function browserLang(tags: readonly string[]): Lang {
  for (const tag of tags) {
    const lang = langOfTag(tag);
    if (lang !== null) return lang;
  }
  return 'en';
}

let current: Lang = 'en';

export function lang(): Lang {
  return current;
}

type Params = Readonly<Record<string, string | number>>;

/** The string `key` in the page's language, with {name} replaced by `params` (numbers written by formatNumber). */
export function t(key: StringKey, params: Params = {}): string {
  return TABLES[current][key].replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = params[name];
    return v === undefined ? whole : typeof v === 'number' ? formatNumber(v) : v;
  });
}

/** The keys that come in plural forms, without their `.one` / `.other`. */
type PluralKey = { [K in StringKey]: K extends `${infer Base}.other` ? Base : never }[StringKey];

/** The plural form of `key` for the count `n` (passed to the string as {n}). */
export function plural(key: PluralKey, n: number, params: Params = {}): string {
  const form = new Intl.PluralRules(current).select(n) === 'one' ? 'one' : 'other';
  return t(`${key}.${form}` as StringKey, { n, ...params });
}

/** The formatters made so far, by language and options (the engine lines write numbers many times a second). */
const formats = new Map<string, Intl.NumberFormat>();

/** A number as the language writes it: `60,000`. */
export function formatNumber(n: number, options: Intl.NumberFormatOptions = {}): string {
  const key = `${current} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(current, options);
    formats.set(key, format);
  }
  return format.format(n);
}

/** A share from 0 to 1 as a whole percentage: `45%`. */
export function formatPercent(x: number): string {
  return formatNumber(x, { style: 'percent', maximumFractionDigits: 0 });
}

/** A large count in short: `1.2M` in English, `120万` in Chinese. */
export function formatCompact(n: number): string {
  return formatNumber(n, { notation: 'compact', maximumFractionDigits: 1 });
}

/** Sets the page's language (dom.ts: applyStrings writes the page's labels in it). */
export function setLang(l: Lang): void {
  current = l;
}

/** The words for each of the engine core's FenError codes. */
const FEN_REASONS: Readonly<Record<FenErrorCode, StringKey>> = {
  empty: 'fen.empty',
  ranks: 'fen.ranks',
  files: 'fen.files',
  letter: 'fen.letter',
  side: 'fen.side',
  field: 'fen.field',
  counter: 'fen.counter',
  kings: 'fen.kings',
  'too-many': 'fen.tooMany',
  placement: 'fen.placement',
  'kings-facing': 'fen.kingsFacing',
  'opponent-in-check': 'fen.check',
};

/**
 * Why something could not be used, in the page's language: the engine core's FEN and move errors
 * by their code; other errors (a PGN reader's, naming the token it stopped at) by their message.
 */
export function reasonOf(e: unknown): string {
  if (e instanceof FenError) return t(FEN_REASONS[e.code]);
  if (e instanceof MoveError) return t(e.code === 'malformed' ? 'error.malformed' : 'error.illegal');
  return e instanceof Error ? e.message : String(e);
}
