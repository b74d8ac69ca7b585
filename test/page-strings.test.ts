// The page's words (web/strings/: English, Simplified and Traditional Chinese) and the page that
// names them (web/index.html): every language has every string, with the same placeholders; each
// Chinese table is in its own script; every label, tooltip and placeholder of index.html comes from
// the tables (none is written in the HTML itself); every string is used. And the choice of language
// from the browser's languages, and numbers written in each language's way.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LANGS, TABLES, browserLang, formatCompact, formatNumber, formatPercent, plural, setLang, t } from '../web/i18n';
import { en } from '../web/strings/en';

afterEach(() => setLang('en'));

const WEB = join(__dirname, '..', 'web');
const HTML = readFileSync(join(WEB, 'index.html'), 'utf8');
const placeholders = (s: string): string[] => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/**
 * Characters written one way in Simplified Chinese and another in Traditional, each list typed
 * from the two scripts' standard forms (not derived from the tables): the simplified forms must not
 * appear in the Traditional table, nor the traditional forms in the Simplified one.
 */
const SIMPLIFIED_ONLY =
  '这们个对为说时发开关门书车马进红将帅线录链载复设备网页图盘记谱级约胜负杀认输启动选择显错误读写没与从过后计钟论评测确准败缓损标题数据统执长连结档续击换转节点应';
const TRADITIONAL_ONLY =
  '這們個對為說時發開關門書車馬進紅將帥線錄鏈載復設備網頁圖盤記譜級約勝負殺認輸啟動選擇顯錯誤讀寫沒與從過後計鐘論評測確準敗緩損標題數據統執長連結檔續擊換轉節點應';
/** What each Chinese table may hold of the other script: the name 楚漢 and the example of traditional moves. */
const OTHER_SCRIPT_ALLOWED: Readonly<Record<'zh-Hans' | 'zh-Hant', readonly string[]>> = { 'zh-Hans': ['楚漢', '馬八進七'], 'zh-Hant': [] };

describe('the string tables', () => {
  it('have the same keys in every language, each with the same placeholders', () => {
    const keys = Object.keys(en).sort();
    expect(keys.length).toBeGreaterThan(150);
    for (const lang of LANGS) {
      const table = TABLES[lang] as Record<string, string>;
      expect(Object.keys(table).sort(), lang).toEqual(keys);
      for (const key of keys) {
        expect(table[key].trim(), `${lang} ${key}`).not.toBe('');
        expect(placeholders(table[key]), `${lang} ${key}: '${table[key]}'`).toEqual(placeholders(en[key as keyof typeof en]));
      }
    }
  });

  it('are each in their own script, and the Chinese ones in Chinese', () => {
    for (const lang of ['zh-Hans', 'zh-Hant'] as const) {
      const foreign = lang === 'zh-Hans' ? TRADITIONAL_ONLY : SIMPLIFIED_ONLY;
      for (const [key, text] of Object.entries(TABLES[lang])) {
        let checked = text;
        for (const allowed of OTHER_SCRIPT_ALLOWED[lang]) checked = checked.split(allowed).join('');
        const wrong = [...checked].filter((c) => foreign.includes(c));
        expect(wrong, `${lang} ${key}: '${text}'`).toEqual([]);
        // Words in Latin letters only beside Chinese ones, or a format's name with its example.
        const words = /[A-Za-z]{2,}/.test(text.replace(/\{\w+\}/g, ''));
        if (words && !/^(FEN|PGN|ICCS)\b/.test(text)) expect(text, `${lang} ${key} is not in Chinese`).toMatch(/\p{Script=Han}/u);
      }
    }
    // The two lists share no character.
    expect([...SIMPLIFIED_ONLY].filter((c) => TRADITIONAL_ONLY.includes(c))).toEqual([]);
  });

  it('name every label of index.html, and index.html writes none of its own', () => {
    const named = new Set<string>();
    for (const m of HTML.matchAll(/data-i18n(?:-title|-label|-placeholder)?="([^"]+)"/g)) named.add(m[1]);
    const unknown = [...named].filter((k) => !(k in en));
    expect(unknown, 'keys named in index.html that the tables lack').toEqual([]);
    expect(named.size).toBeGreaterThan(80);
    // No label, tooltip or placeholder written into the HTML: each comes from a key.
    const written = [...HTML.matchAll(/\s(title|aria-label|placeholder)="/g)].map((m) => m[0].trim());
    expect(written, 'attributes written in index.html instead of named by key').toEqual([]);
    // An element whose text comes from a key is empty in the HTML.
    const filled = [...HTML.matchAll(/<(\w+)[^>]*\sdata-i18n="([^"]+)"[^>]*>([^<]*)</g)].filter((m) => m[3].trim() !== '');
    expect(
      filled.map((m) => `${m[2]}: '${m[3]}'`),
      'elements with a key and text of their own',
    ).toEqual([]);
    // Every other text of the body is a glyph or a name that no language translates.
    const body = HTML.slice(HTML.indexOf('<body>'));
    const texts = [...body.matchAll(/>([^<]+)</g)].map((m) => m[1].trim()).filter((s) => s !== '');
    const untranslated = new Set([
      'Chuhan',
      '楚漢',
      '«',
      '‹',
      '›',
      '»',
      '⇅',
      '×',
      '?!',
      '?',
      '??',
      'ICCS',
      'WXF',
      'WXF (C2.5)',
      'ICCS (h2e2)',
    ]);
    expect(
      texts.filter((s) => !untranslated.has(s)),
      'text in index.html that is not in the string tables',
    ).toEqual([]);
  });

  it('are each used by the page', () => {
    const sources = [
      HTML,
      ...readdirSync(WEB)
        .filter((f) => f.endsWith('.ts'))
        .map((f) => readFileSync(join(WEB, f), 'utf8')),
    ].join('\n');
    const unused = Object.keys(en).filter((key) => {
      if (sources.includes(`'${key}'`) || sources.includes(`"${key}"`)) return false;
      // A plural form is used through its base (i18n.ts: plural).
      const base = key.replace(/\.(one|other)$/, '');
      return base === key || !sources.includes(`'${base}`);
    });
    expect(unused).toEqual([]);
  });
});

describe('the language', () => {
  it("follows the first of the browser's languages that the page has", () => {
    expect(browserLang(['zh-CN', 'en'])).toBe('zh-Hans');
    expect(browserLang(['zh'])).toBe('zh-Hans');
    expect(browserLang(['zh-SG'])).toBe('zh-Hans');
    expect(browserLang(['zh-TW'])).toBe('zh-Hant');
    expect(browserLang(['zh-HK'])).toBe('zh-Hant');
    expect(browserLang(['zh-Hant-CN'])).toBe('zh-Hant');
    expect(browserLang(['zh-Hans-HK'])).toBe('zh-Hans');
    expect(browserLang(['fr-FR', 'de', 'zh-MO', 'en'])).toBe('zh-Hant');
    expect(browserLang(['en-GB', 'zh-CN'])).toBe('en');
    expect(browserLang(['ja-JP'])).toBe('en');
    expect(browserLang([])).toBe('en');
  });

  it('writes strings, plurals and numbers in that language', () => {
    expect(t('action.review')).toBe('Review');
    expect(plural('marks.blunder', 1)).toBe('1 blunder');
    expect(plural('marks.blunder', 2)).toBe('2 blunders');
    expect(t('review.nodes', { n: 300000 })).toBe('300,000 nodes a position');
    expect(formatCompact(1_234_567)).toBe('1.2M');
    expect(formatPercent(0.456)).toBe('46%');
    setLang('zh-Hans');
    expect([t('action.newGame'), t('action.takeback'), t('action.review'), t('nav.flip')]).toEqual(['新局', '悔棋', '复盘', '翻转棋盘']);
    expect(plural('marks.blunder', 1)).toBe('1 步败着');
    expect(formatCompact(1_234_567)).toBe('123.5万');
    expect(formatNumber(60000)).toBe('60,000');
    setLang('zh-Hant');
    expect([t('action.newGame'), t('action.takeback'), t('action.review'), t('nav.flip')]).toEqual(['新局', '悔棋', '覆盤', '翻轉棋盤']);
    expect(formatCompact(1_234_567)).toBe('123.5萬');
  });
});
