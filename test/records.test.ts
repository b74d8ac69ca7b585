// The one reader of game records (engine/records.ts) on files as players keep them, each checked
// against a route that does not go through it: XQF files that XQStudio wrote (versions 1.0, 1.2,
// 1.3, 1.6 and 1.8), against the same game as ElephantEye's converter wrote it, as another
// program read it, or as the moves were typed by hand; the versions no real file covers through a
// writer of the tests' own; PGN exactly as xqbase publishes it (GBK, the footer); DhtmlXQ as game
// sites embed it; and what is not a game record, each refused in one line. The files and where
// they come from: test/fixtures/records/README.md.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { START_FEN, moveToIccs, parseChinese, parseFen, toFen } from '../engine/index';
import { PgnError, type PgnGame, type PgnVariation, decodePgnBytes, parsePgn, parsePgnEach, writePgn } from '../engine/pgn';
import { RecordError } from '../engine/record-error';
import { readRecords } from '../engine/records';
import { gbk, writeXqf } from './xqf-writer';

const FIXTURES = join(__dirname, 'fixtures', 'records');
const fixture = (name: string): Uint8Array => new Uint8Array(readFileSync(join(FIXTURES, name)));
const readings = JSON.parse(readFileSync(join(FIXTURES, 'readings.cchess.json'), 'utf8')) as Record<
  string,
  { fen: string; result: string; lines: string[] }
>;

/** The one game a file holds (a refused one fails the test with its message). */
function onlyGame(bytes: Uint8Array, name = 'file'): PgnGame {
  const r = readRecords(bytes, name);
  expect(r.games).toHaveLength(1);
  const g = r.games[0];
  if (g instanceof PgnError) throw g;
  return g;
}

/** Every line of a game from its start to a leaf, as ICCS moves: the main line first, then each variation's. */
function allLines(moves: number[], variations: PgnVariation[] | undefined, before: string[] = []): string[] {
  const out = [[...before, ...moves.map(moveToIccs)].join(' ')];
  for (const v of variations ?? []) out.push(...allLines(v.moves, v.variations, [...before, ...moves.slice(0, v.ply - 1).map(moveToIccs)]));
  return out;
}

/** ICCS moves of Chinese move texts played from a FEN (the notation reader, tested on its own). */
function chineseToIccs(texts: string[], fen = START_FEN): string[] {
  const pos = parseFen(fen, undefined, { lenient: true });
  return texts.map((t) => {
    const m = parseChinese(pos, t);
    pos.make(m);
    return moveToIccs(m);
  });
}

const boardAndSide = (fen: string): string => fen.split(' ').slice(0, 2).join(' ');
const tag = (g: PgnGame, name: string): string | undefined => g.tags.find(([k]) => k === name)?.[1];

describe('XQF as XQStudio wrote it, against an independent route', () => {
  it("1.0: the example of the format's own description, its moves as the description lists them", () => {
    // XQF.TXT (XQStudio 1.0's format, by its author) prints this file byte by byte and the game in Chinese.
    const g = onlyGame(fixture('xqf-1.0-doc-example.xqf'));
    const listed =
      '兵七进一 马８进７ 兵三进一 炮２平３ 相七进五 马２进１ 马八进七 车１平２ 车九平八 车２进４ 炮八平九 车２平８ 炮二进五 炮３平８ 马二进三 车９平８';
    expect(g.moves.map(moveToIccs)).toEqual(chineseToIccs(listed.split(' ')));
    expect(g.fen).toBe(START_FEN);
    expect(g.result).toBe('0-1'); // 结果: 黑方胜
    expect(g.tags).toEqual([
      ['Event', '"中立杯"象棋电视快棋赛'],
      ['Site', '北京'],
      ['Date', '1997.11.16'],
      ['Red', '柳大华'],
      ['Black', '吕  钦'],
      ['Title', '仙人指路对起马局'],
      ['Annotator', '刘殿中'],
      ['Author', '过河象'],
    ]);
    // ElephantEye's converter writes that event unescaped; the PGN reader takes it back whole.
    const pgn = writePgn(g, 'chinese').replace('[Event "\\"中立杯\\"象棋电视快棋赛"]', '[Event ""中立杯"象棋电视快棋赛"]');
    expect(pgn).toContain('[Event ""中立杯"象棋电视快棋赛"]');
    expect(parsePgn(pgn)[0].tags[0]).toEqual(['Event', '"中立杯"象棋电视快棋赛']);
  });

  it('1.0 with comments and a variation: the same as another program (hbsxcjp/cchess) read it', () => {
    const g = onlyGame(fixture('xqf-1.0-siliang.xqf'));
    // That program's output: ICCS moves, its comments in braces and its variation in parentheses, GBK.
    const other = parsePgn(decodePgnBytes(fixture('xqf-1.0-siliang.hbsxcjp.txt')))[0];
    expect(allLines(g.moves, g.variations)).toEqual(allLines(other.moves, other.variations));
    expect(g.moves).toHaveLength(29);
    expect(tag(g, 'Event')).toBe('四量拨千斤');
    const text = (c: { text: string }): string => c.text.replace(/\s+/g, '');
    expect((g.comments ?? []).map(text)).toEqual((other.comments ?? []).map(text).filter((t) => t !== ''));
    expect(g.comments?.[0]).toMatchObject({ ply: 8, text: expect.stringMatching(/^红方左马屯边/) });
  });

  it('1.8, a handicap game with comments: the same as ElephantEye converted it (XQFTOOLS/SAMPLE.PGN)', () => {
    const g = onlyGame(fixture('xqf-1.8-sample.xqf'));
    const converted = parsePgn(decodePgnBytes(fixture('xqf-1.8-sample.elephanteye.pgn')))[0];
    expect(g.fen).toBe(converted.fen);
    expect(g.fen).toBe('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR w - - 0 1');
    expect(g.moves).toEqual(converted.moves);
    expect(g.moves).toHaveLength(75);
    expect(g.result).toBe(converted.result);
    for (const name of ['Event', 'Date', 'Site', 'Red', 'Black']) expect([name, tag(g, name)]).toEqual([name, tag(converted, name)]);
    const text = (c: { ply: number; text: string }): [number, string] => [c.ply, c.text.replace(/\s+/g, '')];
    expect((g.comments ?? []).map(text)).toEqual((converted.comments ?? []).map(text));
  });

  it('1.6, an endgame: the moves and the position as typed by hand (cchess tests/data/ucci_test1_move.txt)', () => {
    const g = onlyGame(fixture('xqf-1.6-endgame.xqf'));
    const [fen, ...rest] = readFileSync(join(FIXTURES, 'xqf-1.6-endgame.moves.txt'), 'utf8').trim().split('\n');
    const moves = rest.slice(0, -1).map((l) => l.trim());
    expect(rest[rest.length - 1].trim()).toBe('红胜');
    expect(boardAndSide(g.fen)).toBe(fen.trim());
    expect(g.moves.map(moveToIccs)).toEqual(chineseToIccs(moves, `${fen.trim()} - - 0 1`));
    expect(g.result).toBe('1-0');
  });

  it('1.8 with five lines: the lines as typed by hand (cchess tests/test_read_xqf.py)', () => {
    const g = onlyGame(fixture('xqf-1.8-variations.xqf'));
    const typed = [
      '炮二平五,炮８平５,马二进三,马８进７,兵三进一,车９平８',
      '炮二平五,炮８平５,马二进三,马８进７,车一平二,车９进１,车二进六,车９平４',
      '炮二平五,炮８平５,马二进三,马８进７,车一平二,卒７进１,兵七进一,车９进１',
      '炮二平五,炮８平５,马二进三,马８进７,车一进一,车９平８,车一平六,马２进３,马八进七,卒３进１',
      '炮二平六,马８进７,马二进三,车９平８,车一平二',
    ].map((l) => chineseToIccs(l.split(',')).join(' '));
    expect(allLines(g.moves, g.variations).sort()).toEqual(typed.sort());
  });

  for (const name of ['xqf-1.2-trap.xqf', 'xqf-1.3-zhang-hu.xqf', 'xqf-1.6-wuyang.xqf', 'xqf-1.8-qixing.xqf']) {
    it(`${name}: the position, the result and every line as another program (walker8088/cchess) read them`, () => {
      const g = onlyGame(fixture(name));
      const other = readings[name];
      expect(boardAndSide(g.fen)).toBe(other.fen);
      expect(g.result).toBe(other.result);
      expect(allLines(g.moves, g.variations).sort()).toEqual([...other.lines].sort());
      expect(g.warnings).toBeUndefined();
    });
  }

  it('names what it reads whatever the file is called, and writes it as PGN that reads back the same', () => {
    const g = onlyGame(fixture('xqf-1.8-qixing.xqf'), 'qixing.pgn');
    expect(tag(g, 'Event')).toBe('七星聚会');
    for (const format of ['iccs', 'wxf', 'chinese'] as const) {
      const back = parsePgn(writePgn(g, format))[0];
      expect(allLines(back.moves, back.variations)).toEqual(allLines(g.moves, g.variations));
      expect(back.fen).toBe(g.fen);
    }
  });
});

describe("XQF of every version through the tests' own writer", () => {
  // The real files above are the truth; this runs the reader on versions none of them has.
  const sources = ['xqf-1.8-sample.xqf', 'xqf-1.8-qixing.xqf', 'xqf-1.0-siliang.xqf', 'xqf-1.6-endgame.xqf'];
  for (let version = 10; version <= 18; version++) {
    it(`version 1.${version - 10}: position, moves, variations, comments and tags come back`, () => {
      sources.forEach((name, k) => {
        const original = onlyGame(fixture(name));
        const keys = {
          mask: [0x00, 0xff, 0x5a, 0xa5][k % 4],
          or: [17 * version + k, 3 * k + 1, 250 - version, 99] as [number, number, number, number],
          keys: [version * 7 + k, 200 - version * 3, 31 * k + 5, 255 - k] as [number, number, number, number],
        };
        const back = onlyGame(writeXqf(original, version, keys), `${name} as 1.${version - 10}`);
        expect(back.fen).toBe(original.fen);
        expect(allLines(back.moves, back.variations)).toEqual(allLines(original.moves, original.variations));
        expect(back.comments).toEqual(original.comments);
        expect(back.result).toBe(original.result);
        for (const t of ['Event', 'Red', 'Black', 'Site']) expect(tag(back, t)).toBe(tag(original, t));
      });
    });
  }
});

describe('PGN exactly as xqbase publishes it', () => {
  it('GBK, tags straight after the moves, the footer after the result: one game, nothing refused', () => {
    const r = readRecords(fixture('xqbase-ccgc-01.pgn'), 'ccgc.pgn');
    expect(r.format).toBe('pgn');
    expect(r.games).toHaveLength(1);
    const g = r.games[0] as PgnGame;
    expect(g.moves).toHaveLength(26);
    expect(g.result).toBe('0-1');
    expect(g.tags).toContainEqual(['ECCO', 'C48']);
    expect(g.tags).toContainEqual(['Opening', '中炮过河车互进七兵对屏风马平炮兑车']);
    expect(g.tags).toContainEqual(['Variation', '红仕角炮对黑退边炮']);
    expect(decodePgnBytes(fixture('xqbase-ccgc-01.pgn'))).toMatch(/={20,}\r?\n欢迎访问/);
    // The first and last moves, typed by hand from the file's Chinese.
    expect(moveToIccs(g.moves[0])).toBe('b2e2');
    expect(moveToIccs(g.moves[25])).toBe('g5g4'); // 车７进１: the chariot 车２平７ took to g4 and 车７退１ to g5
    // The opening's tags go through a conversion.
    const again = parsePgn(writePgn(g, 'iccs'))[0];
    expect(again.tags.filter(([k]) => ['ECCO', 'Opening', 'Variation'].includes(k))).toEqual(
      g.tags.filter(([k]) => ['ECCO', 'Opening', 'Variation'].includes(k)),
    );
  });

  it('a download with an unfinished game (*) and the footer, then a second game after the footer', () => {
    const one = fixture('xqbase-download.pgn');
    const two = new Uint8Array([...one, ...one]);
    const r = readRecords(two, 'two.pgn');
    expect(r.games).toHaveLength(2);
    for (const g of r.games) {
      expect(g).not.toBeInstanceOf(PgnError);
      expect((g as PgnGame).moves).toHaveLength(25);
      expect((g as PgnGame).result).toBe('*');
    }
  });
});

describe('PGN as GUIs write it', () => {
  it('comments and variations wherever they are put, kept; NAGs as `$n`, `!` and `?`', () => {
    const text = [
      '[Game "Chinese Chess"]',
      '{before all} 1. {between the number and the move} h2e2 {after} (1. c3c4 {another} (1. g3g4) 1... c6c5) 1... h9g7 $1',
      '(1... h7e7 2. h0g2 {the same side} (2. b0c2 b9c7))',
      '2. h0g2!? i9h9 *',
    ].join('\n');
    const g = parsePgn(text)[0];
    expect(g.moves.map(moveToIccs)).toEqual(['h2e2', 'h9g7', 'h0g2', 'i9h9']);
    expect(g.comments).toEqual([
      { ply: 0, text: 'before all' },
      { ply: 0, text: 'between the number and the move' },
      { ply: 1, text: 'after' },
    ]);
    expect(g.nags).toEqual([
      { ply: 2, nag: 1 },
      { ply: 3, nag: 5 },
    ]);
    expect(allLines(g.moves, g.variations)).toEqual(['h2e2 h9g7 h0g2 i9h9', 'c3c4 c6c5', 'g3g4', 'h2e2 h7e7 h0g2', 'h2e2 h7e7 b0c2 b9c7']);
    expect(g.variations?.[0].comments).toEqual([{ ply: 1, text: 'another' }]);
    // Written and read again, in each notation, all of it comes back.
    for (const format of ['iccs', 'wxf', 'chinese'] as const) {
      const back = parsePgn(writePgn(g, format))[0];
      const { format: _f, tags: _t, ...rest } = back;
      const { format: _g, tags: _u, ...original } = g;
      expect(rest).toEqual(original);
    }
  });

  it('a variation with a move that is not legal is cut there, with a warning, and the game is kept', () => {
    const g = parsePgn('1. h2e2 h9g7 (1... h2h3 2. b0c2) 2. h0g2 *')[0];
    expect(g.moves).toHaveLength(3);
    expect(g.variations).toBeUndefined();
    expect(g.warnings).toEqual([expect.stringMatching(/^game 1, move 1 \(black\): a variation is cut here: 'h2h3'/)]);
  });

  it('tells the notation from the moves, whatever the Format tag says (or when there is none)', () => {
    expect(parsePgn('1. h2e2 h9g7 *')[0].format).toBe('iccs');
    expect(parsePgn('1. C2.5 H8+7 *')[0].format).toBe('wxf');
    expect(parsePgn('1. 炮二平五 馬８進７ *')[0]).toMatchObject({ format: 'chinese', traditional: true });
    expect(parsePgn('[Format "WXF"]\n1. H2-E2 *')[0].format).toBe('iccs');
    expect(parsePgn('[Format "WXF"]\n*')[0].format).toBe('wxf');
  });

  it('text after a result up to the next tag or move number is skipped, and a result is taken from its tag', () => {
    const games = parsePgnEach('1. h2e2 1-0\n=====\nthanks for reading\n\n1. c3c4 *\nsee you\n[Result "0-1"]\n1. g3g4\n');
    expect(games.map((g) => (g instanceof PgnError ? g.message : [g.moves.map(moveToIccs).join(' '), g.result]))).toEqual([
      ['h2e2', '1-0'],
      ['c3c4', '*'],
      ['g3g4', '0-1'],
    ]);
  });
});

describe('DhtmlXQ as game sites embed it', () => {
  it('the start, the main line, branches of branches and their comments (a dpxq.com collection, cut down)', () => {
    const r = readRecords(fixture('dhtmlxq-xianren.txt'), 'xianren.txt');
    expect(r.format).toBe('dhtmlxq');
    const g = r.games[0] as PgnGame;
    // The first moves worked out by hand from the digits (column, row from the top): 2625 = c3c4,
    // 6364 = g6g5, 1927 = b0c2, 7062 = h9g7, 0908 = a0a1, 8081 = i9i8.
    expect(g.moves.slice(0, 6).map(moveToIccs)).toEqual(['c3c4', 'g6g5', 'b0c2', 'h9g7', 'a0a1', 'i9i8']);
    expect(g.fen).toBe(START_FEN);
    expect(tag(g, 'Event')).toBe('仙人指路全集（史上最全最新版）');
    // Four branches: two off the main line, two off the second branch; all attached, none cut.
    const lines = allLines(g.moves, g.variations);
    expect(lines).toHaveLength(5);
    expect(g.warnings).toBeUndefined();
    // Branch 2 replaces main-line move 6; branches 6 and 3 replace its moves 10 and 11 (its 5th and 6th).
    const [b1, b2] = [...(g.variations ?? [])].sort((a, b) => a.ply - b.ply);
    expect([b1.ply, b2.ply]).toEqual([6, 7]);
    expect(b1.variations?.map((v) => v.ply)).toEqual([5, 6]);
    expect(g.comments?.[0]).toMatchObject({ ply: 0, text: expect.stringMatching(/^本文介绍20世纪90年代/) });
    expect(g.comments?.[0].text).toContain('\n'); // `||` is a line break
  });

  it('web pages of a game database: the same moves as that database decoded them (maksimKorzh/wukong-xiangqi)', () => {
    const decoded = parsePgn(readFileSync(join(FIXTURES, 'dhtmlxq-wxf.decoded.pgn'), 'utf8'));
    for (const page of ['dhtmlxq-wxf-116.html', 'dhtmlxq-wxf-44.html']) {
      const g = onlyGame(fixture(page), page);
      const same = decoded.filter((d) => tag(d, 'Red') === tag(g, 'Red') && tag(d, 'Black') === tag(g, 'Black'));
      expect(same, page).toHaveLength(1);
      expect(g.moves.map(moveToIccs)).toEqual(same[0].moves.map(moveToIccs));
      expect(g.moves.length).toBeGreaterThan(80);
    }
  });

  it('a page with two games, a set-up position (binit) and a result in Chinese', () => {
    const points = new Array<string>(32).fill('99');
    [points[0], points[4], points[20]] = ['09', '39', '40'];
    const binit = points.join('');
    const page = [
      '<html><body><p>第一局</p>',
      '[DhtmlXQ][DhtmlXQ_red]甲[/DhtmlXQ_red][DhtmlXQ_black]乙[/DhtmlXQ_black][DhtmlXQ_result]红胜[/DhtmlXQ_result]',
      '[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][/DhtmlXQ]',
      '<p>第二局</p>[DhtmlXQ]',
      // Red chariot a0 (slot 0, `09`) and king d0 (slot 4, `39`), black king e9 (slot 20, `40`),
      // the rest off the board (`99`); black moves first (e9f9 = 4050), then a0a9 (0900).
      `[DhtmlXQ_binit]${binit}[/DhtmlXQ_binit]`,
      '[DhtmlXQ_movelist]40500900[/DhtmlXQ_movelist][DhtmlXQ_result]和棋[/DhtmlXQ_result][/DhtmlXQ]</body></html>',
    ].join('\n');
    const r = readRecords(new TextEncoder().encode(page), 'page.html');
    expect(r.format).toBe('dhtmlxq');
    const [a, b] = r.games as PgnGame[];
    expect(a.moves.map(moveToIccs)).toEqual(['h2e2', 'h9g7']);
    expect([tag(a, 'Red'), tag(a, 'Black'), a.result]).toEqual(['甲', '乙', '1-0']);
    expect(b.fen).toBe('4k4/9/9/9/9/9/9/9/9/R2K5 b - - 0 1');
    expect(b.moves.map(moveToIccs)).toEqual(['e9f9', 'a0a9']);
    expect(b.result).toBe('1/2-1/2');
  });
});

describe('what is not a game record, or a broken one: one line that names it', () => {
  const refusal = (bytes: Uint8Array, name = 'x'): string => {
    try {
      readRecords(bytes, name);
    } catch (e) {
      expect(e).toBeInstanceOf(RecordError);
      const message = (e as Error).message;
      expect(message.split('\n')).toHaveLength(1);
      return message;
    }
    throw new Error('read without an error');
  };
  const sample = fixture('xqf-1.8-sample.xqf');

  it('images, archives, documents, other formats, binary data, an empty file', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    expect(refusal(png, 'board.png')).toBe('board.png: not a game record: a PNG image');
    expect(refusal(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]))).toBe('x: not a game record: a JPEG image');
    expect(refusal(new TextEncoder().encode('PK\x03\x04rest'))).toMatch(/not a game record: a ZIP archive/);
    expect(refusal(new TextEncoder().encode('%PDF-1.4\n'))).toBe('x: not a game record: a PDF document');
    expect(refusal(fixture('xqf-1.0-doc-example.xqf').map((b, i) => (i < 15 ? 'CCBridge Record'.charCodeAt(i) : b)))).toMatch(
      /a CCBridge \(象棋桥\) game, which is not supported/,
    );
    expect(refusal(new Uint8Array(0))).toBe('x: an empty file');
    expect(refusal(new Uint8Array([1, 2, 3, 0, 5]))).toBe('x: not a game record: binary data of no format it knows');
    expect(refusal(new TextEncoder().encode('<!DOCTYPE html><html><body>no game</body></html>'))).toMatch(
      /an HTML page with no DhtmlXQ game/,
    );
    expect(refusal(new TextEncoder().encode('Dear friend, here is the game.'))).toMatch(
      /not a game record: text with no PGN tag \('Dear' is not a move\)/,
    );
  });

  it('an XQF of a version XQStudio never wrote, a truncated one, one with a wrong key', () => {
    const v20 = sample.slice();
    v20[2] = 20;
    expect(refusal(v20, 'new.xqf')).toBe('new.xqf: an XQF file of version 2.0, which is not supported (XQStudio wrote 1.0 to 1.8)');
    expect(refusal(sample.slice(0, 700), 'cut.xqf')).toBe(
      'cut.xqf (XQF 1.8): a truncated XQF file: 700 bytes, shorter than its 1024-byte header',
    );
    expect(refusal(sample.slice(0, 1500), 'cut.xqf')).toBe(
      'cut.xqf (XQF 1.8): a truncated XQF file, or a wrong key: the comment of move record 5 runs past the end of the file',
    );
    expect(refusal(fixture('xqf-1.8-variations.xqf').slice(0, 1024 + 4 * 7 + 2), 'cut.xqf')).toBe(
      'cut.xqf (XQF 1.8): a truncated XQF file: it ends inside move record 7',
    );
    // Another key (header bytes 8–15) scrambles the position, the moves or the comment lengths.
    const plain = fixture('xqf-1.8-variations.xqf');
    for (const [file, at] of [
      [sample, 13],
      [sample, 14],
      [sample, 15],
      [plain, 8],
      [plain, 12],
      [plain, 13],
      [plain, 14],
    ] as const) {
      const wrong = file.slice();
      wrong[at] ^= 0x5a;
      expect(refusal(wrong, 'key.xqf')).toMatch(/^key\.xqf \(XQF 1\.8\): .*a wrong key/);
    }
  });

  it('50 MB of noise, random bytes or random text, in a second or two', () => {
    const bytes = new Uint8Array(50_000_000);
    const words = new Uint32Array(bytes.buffer);
    let x = 2463534242;
    for (let i = 0; i < words.length; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      words[i] = x;
    }
    expect(refusal(bytes)).toBe('x: not a game record: binary data of no format it knows');
    const letters = new TextEncoder().encode('abcdefghij klmnop[]" \n');
    for (let i = 0; i < bytes.length; i++) bytes[i] = letters[bytes[i] % letters.length];
    expect(refusal(bytes)).toMatch(/^x: not a game record: text \('\w+' is not a move; not one move in the first 100 games\)$/);
  });

  it('a bad game in a file: its own line, and the other games read', () => {
    const text = '[Event "a"]\n1. h2e2 h9g7 *\n\n[Event "b"]\n1. h2e2 h2e2 *\n\n[Event "c"]\n1. c3c4 *\n';
    const r = readRecords(gbk(text), 'three.pgn');
    expect(r.games.map((g) => (g instanceof PgnError ? g.message : tag(g, 'Event')))).toEqual([
      'a',
      "game 2, move 1 (black): 'h2e2' is not a legal move in this position",
      'c',
    ]);
  });
});

describe('the reader is the same in the browser: bytes in, nothing of Node', () => {
  it('reads from a Uint8Array view into a larger buffer', () => {
    const raw = fixture('xqf-1.8-sample.xqf');
    const buffer = new Uint8Array(raw.length + 10);
    buffer.set(raw, 5);
    const g = onlyGame(buffer.subarray(5, 5 + raw.length));
    expect(toFen(parseFen(g.fen))).toBe(g.fen);
    expect(g.moves).toHaveLength(75);
  });
});
