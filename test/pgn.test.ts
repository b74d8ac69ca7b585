// PGN writing and reading: round trips in the three move formats, hand-written files as xiangqi
// GUIs write them (Chinese moves, comments, variations, several games), FEN starts, errors.
import { describe, expect, it } from 'vitest';
import { Position, START_FEN, generateLegal, moveToIccs, parseFen, parseIccs, toFen } from '../engine/index';
import { PgnError, type PgnFormat, type PgnGame, decodePgnBytes, parsePgn, writePgn, writePgnGames } from '../engine/pgn';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runPgnCli } from '../protocol/cli/pgn-convert';
import { rng } from './helpers';

function legalMoves(pos: Position): number[] {
  const buf = new Int32Array(256);
  const n = generateLegal(pos, buf, 0);
  return Array.from(buf.subarray(0, n));
}

function randomGame(seed: number, fen = START_FEN, plies = 120): PgnGame {
  const rand = rng(seed);
  const pos = parseFen(fen);
  const moves: number[] = [];
  const comments: Array<{ ply: number; text: string }> = [];
  for (let i = 0; i < plies; i++) {
    const list = legalMoves(pos);
    if (list.length === 0) break;
    const m = list[Math.floor(rand() * list.length)];
    moves.push(m);
    pos.make(m);
    if (rand() < 0.1) comments.push({ ply: moves.length, text: `score ${Math.floor(rand() * 200) - 100} after ${moveToIccs(m)}` });
  }
  return {
    tags: [
      ['Event', `Test ${seed}`],
      ['Site', 'here'],
      ['Date', '2024.06.05'],
      ['Round', String(seed)],
      ['Red', 'Chuhan "dev"'],
      ['Black', 'Back\\slash'],
      ['TimeControl', '2+0.02'],
      ['Termination', 'adjudication'],
    ],
    fen: toFen(parseFen(fen)),
    moves,
    result: (['1-0', '0-1', '1/2-1/2', '*'] as const)[seed % 4],
    comments: [{ ply: 0, text: 'game comment' }, ...comments],
  };
}

const FORMATS: PgnFormat[] = ['iccs', 'wxf', 'chinese'];

describe('write then read', () => {
  for (const format of FORMATS) {
    for (const traditional of format === 'chinese' ? [false, true] : [false]) {
      it(`round trips 12 random games in ${format}${traditional ? ' (traditional)' : ''}`, () => {
        const games = Array.from({ length: 12 }, (_, i) => randomGame(100 + i));
        const text = writePgnGames(games, format, { traditional });
        const back = parsePgn(text);
        expect(back.length).toBe(games.length);
        for (let i = 0; i < games.length; i++) {
          expect(back[i].format).toBe(format);
          expect(back[i].traditional ?? false).toBe(traditional);
          const { format: _f, traditional: _t, ...rest } = back[i];
          expect(rest).toEqual(games[i]);
        }
        // Writing what was read gives the same text again.
        expect(writePgnGames(back, format, { traditional })).toBe(text);
      });
    }
  }

  it('converts between formats: read WXF, write Chinese = Chinese written directly', () => {
    const g = randomGame(7);
    const viaWxf = parsePgn(writePgn(g, 'wxf'))[0];
    expect(writePgn(viaWxf, 'chinese')).toBe(writePgn(g, 'chinese'));
    expect(writePgn(viaWxf, 'iccs')).toBe(writePgn(g, 'iccs'));
  });

  it('writes the tags as GUIs expect', () => {
    const text = writePgn(
      {
        tags: [
          ['Opening', 'x'],
          ['Red', 'A'],
        ],
        fen: START_FEN,
        moves: [],
        result: '*',
      },
      'wxf',
    );
    expect(text.split('\n').slice(0, 10)).toEqual([
      '[Game "Chinese Chess"]',
      '[Event "?"]',
      '[Site "?"]',
      '[Date "????.??.??"]',
      '[Round "?"]',
      '[Red "A"]',
      '[Black "?"]',
      '[Result "*"]',
      '[Opening "x"]',
      '[Format "WXF"]',
    ]);
    expect(text).not.toContain('[FEN');
    expect(text.endsWith('*\n\n')).toBe(true);
  });

  it('writes ICCS moves as H2-E2 with move numbers', () => {
    const pos = parseFen(START_FEN);
    const moves = ['h2e2', 'h9g7', 'h0g2'].map((m) => {
      const mv = parseIccs(pos, m);
      pos.make(mv);
      return mv;
    });
    const text = writePgn({ tags: [], fen: START_FEN, moves, result: '*' }, 'iccs');
    expect(text).toContain('\n1. H2-E2 H9-G7\n2. H0-G2\n*\n');
    expect(writePgn({ tags: [], fen: START_FEN, moves, result: '*' }, 'chinese')).toContain('\n1. 炮二平五 马８进７\n2. 马二进三\n');
    expect(writePgn({ tags: [], fen: START_FEN, moves, result: '*' }, 'wxf')).toContain('\n1. C2.5 H8+7\n2. H2+3\n');
  });
});

describe('a game from a FEN with black to move', () => {
  const fen = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 0 1';
  for (const format of FORMATS) {
    it(`round trips in ${format}`, () => {
      const g = randomGame(42, fen, 40);
      const text = writePgn(g, format);
      expect(text).toContain(`[FEN "${fen}"]`);
      // Black moves first: the first numbered line leaves Red's slot blank.
      const first = text.split('\n').find((l) => /^\d+\./.test(l));
      expect(first).toMatch(/^1\. +\S+$/);
      const back = parsePgn(text)[0];
      expect(back.fen).toBe(fen);
      expect(back.moves).toEqual(g.moves);
      expect(back.comments).toEqual(g.comments);
    });
  }
  it('reads a FEN game written as `1. ... move` and as a blank slot', () => {
    for (const body of ['1. ... H9-G7 2. H0-G2', '1.          马８进７\n  2. 马二进三', '1... N8+7 2. N2+3']) {
      const g = parsePgn(`[Game "Chinese Chess"]\n[FEN "${fen}"]\n${body}\n*\n`)[0];
      expect(g.moves.map(moveToIccs)).toEqual(['h9g7', 'h0g2']);
    }
  });
});

describe('hand-written files', () => {
  // ElephantEye style (spec §13.1), CRLF line ends, a variation with a comment inside, and a
  // second game in traditional characters and a third in WXF, in one file.
  const text = [
    '[Game "Chinese Chess"]',
    '[Event "让双仕相"]',
    '[Date "1999.12.09"]',
    '[Red "甲"]',
    '[Black "乙"]',
    '[Result "1-0"]',
    '[FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR w - - 0 1"]',
    '{开局}',
    '  1. 炮八平五 炮８平５',
    '  2. 炮五进五 象７进５',
    '  3. 炮二平五',
    '{红方第三着后的注释}',
    '  3.          马８进７',
    '  4. 马二进三 (4. 马八进七 {变着 (side line)} 车９平８ (4... 卒７进１)) 车９平８ $1',
    '  5. 车一平二! 1-0',
    '',
    '[Game "Chinese Chess"]',
    '[Red "丙"]',
    '[Black "丁"]',
    '[Result "1/2-1/2"]',
    '1. 炮二平五 馬８進７ 2. 傌二進三 車９平８',
    '1/2-1/2',
    '',
    '[Game "Chinese Chess"]',
    '[Format "WXF"]',
    '1.C2.5 N8+7 2.N2+3 R9.8 ; a line comment',
    '3. R1.2 C8=9 *',
  ].join('\r\n');

  it('reads all three games', () => {
    const games = parsePgn(text);
    expect(games.length).toBe(3);
    const [a, b, c] = games;
    expect(a.fen).toBe('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR w - - 0 1');
    expect(a.moves.map(moveToIccs)).toEqual(['b2e2', 'h7e7', 'e2e7', 'g9e7', 'h2e2', 'h9g7', 'h0g2', 'i9h9', 'i0h0']);
    expect(a.result).toBe('1-0');
    expect(a.format).toBe('chinese');
    expect(a.tags).toEqual([
      ['Event', '让双仕相'],
      ['Date', '1999.12.09'],
      ['Red', '甲'],
      ['Black', '乙'],
    ]);
    expect(a.comments).toEqual([
      { ply: 0, text: '开局' },
      { ply: 5, text: '红方第三着后的注释' },
    ]);
    expect(b.fen).toBe(START_FEN);
    expect(b.moves.map(moveToIccs)).toEqual(['h2e2', 'h9g7', 'h0g2', 'i9h9']);
    expect(b.result).toBe('1/2-1/2');
    expect(c.format).toBe('wxf');
    expect(c.moves.map(moveToIccs)).toEqual(['h2e2', 'h9g7', 'h0g2', 'i9h9', 'i0h0', 'h7i7']);
    expect(c.comments).toEqual([{ ply: 4, text: 'a line comment' }]);
    expect(c.result).toBe('*');
  });

  it('takes the result from the Result tag when the token is missing, and starts a game at a new tag', () => {
    const games = parsePgn('[Result "0-1"]\n1. h2e2 h9g7\n[Result "1-0"]\n1. H2-E2\n');
    expect(games.map((g) => [g.result, g.moves.length])).toEqual([
      ['0-1', 2],
      ['1-0', 1],
    ]);
  });

  it('reads an empty text as no games', () => {
    expect(parsePgn('')).toEqual([]);
    expect(parsePgn('\n\n{just a comment}\n')).toEqual([]);
  });
});

describe('errors', () => {
  function pgnError(text: string): PgnError {
    try {
      parsePgn(text);
    } catch (e) {
      expect(e).toBeInstanceOf(PgnError);
      return e as PgnError;
    }
    throw new Error('no error thrown');
  }
  it('names the game, the move number and the token of an illegal move', () => {
    const e = pgnError('[Red "a"]\n[Black "b"]\n1. h2e2 h9g7 *\n\n[Red "X"]\n[Black "Y"]\n1. C2.5 H8+7\n2. H2+3 C8.9\n3. R1+1 R9+9 *\n');
    expect(e.game).toBe(2);
    expect(e.moveNumber).toBe(3);
    expect(e.token).toBe('R9+9');
    expect(e.message).toMatch(/^game 2 \(X - Y\), move 3 \(black\): 'R9\+9': no black chariot can make that move/);
  });
  it('reports an unknown token', () => {
    const e = pgnError('1. 炮二平五 foo *');
    expect([e.game, e.moveNumber, e.token]).toEqual([1, 1, 'foo']);
    expect(e.message).toMatch(/not a WXF move/);
  });
  it('reports a bad FEN tag', () => {
    expect(pgnError('[FEN "9/9/9 w"]\n1. h2e2 *').message).toMatch(/game 1: invalid FEN tag/);
  });
  it('refuses to write an illegal move', () => {
    const pos = parseFen(START_FEN);
    const h2e2 = parseIccs(pos, 'h2e2');
    expect(() => writePgn({ tags: [], fen: START_FEN, moves: [h2e2, h2e2], result: '*' }, 'wxf')).toThrow(PgnError);
  });
});

describe('the pgn converter command', () => {
  it('decodes UTF-8 (with a BOM) and GBK', () => {
    // 炮二平五 马８进７ in GBK, as ElephantEye writes it.
    const gbk = Buffer.from('c5dab6fec6bdcee520c2eda3b8bdf8a3b7', 'hex');
    expect(decodePgnBytes(gbk)).toBe('炮二平五 马８进７');
    expect(decodePgnBytes(Buffer.from('\uFEFF炮二平五', 'utf8'))).toBe('炮二平五');
  });
  it('converts a GBK file to WXF on stdout and to traditional Chinese in a file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chuhan-pgn-'));
    try {
      const input = join(dir, 'in.pgn');
      const head = Buffer.from('[Game "Chinese Chess"]\r\n1. ', 'ascii');
      const moves = Buffer.from('c5dab6fec6bdcee520c2eda3b8bdf8a3b7', 'hex');
      writeFileSync(input, Buffer.concat([head, moves, Buffer.from(' *\r\n', 'ascii')]));
      const lines: string[] = [];
      expect(await runPgnCli({ inputs: [input], format: 'wxf' }, (l) => lines.push(l))).toBe(0);
      expect(lines).toContain('[Format "WXF"]');
      expect(lines).toContain('1. C2.5 H8+7');
      const output = join(dir, 'out.pgn');
      expect(await runPgnCli({ inputs: [input], output, format: 'chinese', traditional: true }, (l) => lines.push(l))).toBe(0);
      expect(readFileSync(output, 'utf8')).toContain('1. 炮二平五 馬８進７\n');
      const errors: string[] = [];
      writeFileSync(input, '1. h2e2 h2e2 *');
      expect(
        await runPgnCli(
          { inputs: [input], format: 'iccs' },
          () => {},
          (l) => errors.push(l),
        ),
      ).toBe(1);
      expect(errors[0]).toMatch(/game 1, move 1 \(black\): 'h2e2' is not a legal move/);
      expect(
        await runPgnCli(
          { inputs: [join(dir, 'missing.pgn')], format: 'iccs' },
          () => {},
          (l) => errors.push(l),
        ),
      ).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('converts XQF, DhtmlXQ and PGN files in one run; a file it cannot read gets one line and the others are written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chuhan-pgn-'));
    try {
      const fixtures = join(__dirname, 'fixtures', 'records');
      const sample = readFileSync(join(fixtures, 'xqf-1.8-sample.xqf'));
      const files: Array<[string, Buffer | string]> = [
        ['game.pgn', sample], // an XQF file, whatever its name says
        ['image.xqf', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')],
        ['cut.xqf', sample.subarray(0, 1500)],
        ['empty.pgn', ''],
        ['page.txt', '<p>[DhtmlXQ][DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][/DhtmlXQ]</p>'],
        ['xqbase.pgn', readFileSync(join(fixtures, 'xqbase-ccgc-01.pgn'))],
      ];
      for (const [name, bytes] of files) writeFileSync(join(dir, name), bytes);
      const out: string[] = [];
      const errors: string[] = [];
      const code = await runPgnCli(
        { inputs: files.map(([name]) => join(dir, name)), format: 'iccs' },
        (l) => out.push(l),
        (l) => errors.push(l),
      );
      expect(code).toBe(1);
      expect(errors.map((e) => e.replace(dir + '/', ''))).toEqual([
        'pgn: image.xqf: not a game record: a PNG image',
        'pgn: cut.xqf (XQF 1.8): a truncated XQF file, or a wrong key: the comment of move record 5 runs past the end of the file',
        'pgn: empty.pgn: an empty file',
      ]);
      const games = parsePgn(out.join('\n'));
      expect(games.map((g) => g.moves.length)).toEqual([75, 2, 26]);
      expect(games[0].tags).toContainEqual(['Red', '许银川']);
      expect(games[2].tags).toContainEqual(['ECCO', 'C48']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
