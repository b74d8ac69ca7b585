// Relative notation (WXF symbols, Chinese) against the worked examples of the UCCI spec §13.2.4
// and the project's rules text, plus round trips of every legal move in many positions.
import { describe, expect, it } from 'vitest';
import { BLACK, MoveError, Position, START_FEN, generateLegal, makeSquare, moveToIccs, parseFen, parseIccs, toFen } from '../engine/index';
import { detectNotation, parseMoveText } from '../engine/notation';
import { moveToChinese, parseChinese } from '../engine/notation-chinese';
import { moveToWxf, parseWxf } from '../engine/notation-wxf';
import { position, rng } from './helpers';

function legalMoves(pos: Position): number[] {
  const buf = new Int32Array(256);
  const n = generateLegal(pos, buf, 0);
  return Array.from(buf.subarray(0, n));
}

/** Asserts both directions: ICCS → WXF / Chinese and those texts (plus extra spellings) → ICCS. */
function check(pos: Position, iccs: string, wxf: string, chinese: string, inputs: string[] = []): void {
  const move = parseIccs(pos, iccs);
  expect(moveToWxf(pos, move)).toBe(wxf);
  expect(moveToChinese(pos, move)).toBe(chinese);
  for (const text of [wxf, chinese, ...inputs]) {
    expect([text, moveToIccs(parseMoveText(pos, text))]).toEqual([text, iccs]);
  }
}

// Black's numbers are written in full-width digits; the spec's tables use them too.
describe('worked examples §13.2.4: an opening (ICCS → symbol → Chinese)', () => {
  // [moves before, ICCS, WXF (our letters E/H), the spec's xqbase symbol, Chinese]
  const cases: Array<[string[], string, string, string, string]> = [
    [[], 'h2e2', 'C2.5', 'C2.5', '炮二平五'],
    [['h2e2'], 'h9g7', 'H8+7', 'N8+7', '马８进７'],
    [[], 'h0g2', 'H2+3', 'N2+3', '马二进三'],
    [['h2e2', 'h9g7', 'h0g2'], 'i9h9', 'R9.8', 'R9.8', '车９平８'],
    [['h0g2', 'h9g7'], 'i0h0', 'R1.2', 'R1.2', '车一平二'],
    [['h2e2'], 'b9c7', 'H2+3', 'N2+3', '马２进３'],
    [['h2e2', 'h9g7', 'h0g2', 'i9h9', 'i0h0', 'b9c7'], 'h0h6', 'R2+6', 'R2+6', '车二进六'],
    [['h2e2'], 'h7i7', 'C8.9', 'C8.9', '炮８平９'],
    [['h2e2', 'h9g7', 'h0g2', 'i9h9', 'i0h0', 'b9c7', 'h0h6', 'h7i7'], 'h6g6', 'R2.3', 'R2.3', '车二平三'],
    [['h2e2', 'h9g7', 'h0g2', 'i9h9', 'i0h0', 'b9c7', 'h0h6', 'h7i7', 'h6g6'], 'i7i8', 'C9-1', 'C9-1', '炮９退１'],
    [[], 'b0c2', 'H8+7', 'N8+7', '马八进七'],
    [['h2e2'], 'g9e7', 'E7+5', 'B7+5', '象７进５'],
    [[], 'c3c4', 'P7+1', 'P7+1', '兵七进一'],
    [['h2e2'], 'd9e8', 'A4+5', 'A4+5', '士４进５'],
    [[], 'g0e2', 'E3+5', 'B3+5', '相三进五'],
    [['h2e2', 'h7e7'], 'e2e6', 'C5+4', 'C5+4', '炮五进四'],
    [[], 'f0e1', 'A4+5', 'A4+5', '仕四进五'],
    [[], 'e0e1', 'K5+1', 'K5+1', '帅五进一'],
    [['d0e1', 'h9g7'], 'e1d0', 'A5-6', 'A5-6', '仕五退六'],
  ];
  for (const [before, iccs, wxf, xqbase, chinese] of cases) {
    it(`${before.length ? before.join(' ') + ' ' : ''}${iccs} = ${wxf} = ${chinese}`, () => {
      check(position(START_FEN, before), iccs, wxf, chinese, [xqbase]);
    });
  }
  it('e2c0 = E5-7 = 相五退七 (elephant on e2, c0 empty)', () => {
    check(parseFen('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2B2C1/9/RN1AKABNR w'), 'e2c0', 'E5-7', '相五退七', ['B5-7']);
  });
});

describe('tandem pieces §13.2.4', () => {
  it('red chariots on d0 and d4', () => {
    const pos = parseFen('5k3/9/9/9/9/3R5/9/9/9/3RK4 w');
    check(pos, 'd4d8', 'R++4', '前车进四', ['+R+4', '前車進四', '前俥进4']);
    check(pos, 'd0d2', 'R-+2', '后车进二', ['-R+2', '後車進二']);
    check(pos, 'd4f4', 'R+.4', '前车平四', ['+R.4', 'R+=4', '+R=4']);
    check(pos, 'd0a0', 'R-.9', '后车平九', ['-R.9']);
  });
  it('black cannons on f7 (rear) and f5 (front)', () => {
    const pos = parseFen('4k4/9/5c3/9/5c3/9/9/9/9/3K5 b');
    check(pos, 'f5f2', 'C++3', '前炮进３', ['+C+3', '前炮进3', '前砲進３', '前包进三']);
    check(pos, 'f7e7', 'C-.5', '后炮平５', ['-C.5', '後炮平5']);
    check(pos, 'f7f8', 'C--1', '后炮退１', ['-C-1']);
  });
  it('traditional characters', () => {
    const pos = parseFen('5k3/9/9/9/9/3R5/9/9/9/3RK4 w');
    expect(moveToChinese(pos, parseIccs(pos, 'd0d2'), { traditional: true })).toBe('後車進二');
    const b = parseFen('4k4/9/5c3/9/5c3/9/9/9/9/3K5 b');
    expect(moveToChinese(b, parseIccs(b, 'f7e7'), { traditional: true })).toBe('後炮平５');
    const s = position(START_FEN, ['h2e2']);
    expect(moveToChinese(s, parseIccs(s, 'h9g7'), { traditional: true })).toBe('馬８進７');
    expect(moveToChinese(s, parseIccs(s, 'e9e8'), { traditional: true })).toBe('將５進１');
  });
  it('red pawns c5, c6, c7 on one file: conventions A and E out, A and B in', () => {
    const pos = parseFen('5k3/9/2P6/2P6/2P6/9/9/9/9/4K4 w');
    check(pos, 'c7d7', 'P+.6', '前兵平六', ['+P.6', '17.6']);
    check(pos, 'c6d6', 'P..6', '中兵平六', ['P7.6', '.P.6', '27.6']);
    check(pos, 'c5d5', 'P-.6', '后兵平六', ['-P.6', '37.6']);
    // Only the front pawn can advance: the file number with no marker is read leniently.
    expect(moveToIccs(parseWxf(pos, 'P7+1'))).toBe('c7c8');
    expect(moveToIccs(parseChinese(pos, '前兵进一'))).toBe('c7c8');
    expect(() => parseChinese(pos, '中兵进一')).toThrow(/no red soldier can make that move/);
  });
  it('red pawns c5, c6, c7 plus g5, g6 on two files', () => {
    const pos = parseFen('5k3/9/2P6/2P3P2/2P3P2/9/9/9/9/4K4 w');
    // [ICCS, A symbol, Chinese (A numbering across the two files), B symbol, C symbol/Chinese]
    const cases: Array<[string, string, string, string, string[]]> = [
      ['g6h6', 'Pa.2', '一兵平二', '3+.2', ['+3.2', '前兵三平二', '前三平二', '13.2']],
      ['g5h5', 'Pb.2', '二兵平二', '3-.2', ['-3.2', '后兵三平二', '後三平二', '23.2']],
      ['c7d7', 'Pc.6', '三兵平六', '7+.6', ['+7.6', '前兵七平六', '前七平六', '17.6']],
      ['c6d6', 'Pd.6', '四兵平六', '77.6', ['中兵七平六', '中七平六']],
      ['c5d5', 'Pe.6', '五兵平六', '7-.6', ['-7.6', '后兵七平六', '后七平六', '37.6']],
    ];
    for (const [iccs, a, zh, b, more] of cases) check(pos, iccs, a, zh, [b, ...more]);
  });
  it('black pawns c3, c4, g3, g4 (black counts files from a and moves down)', () => {
    const pos = parseFen('4k4/9/9/9/9/2p3p2/2p3p2/9/9/3K5 b');
    check(pos, 'c3b3', 'Pa.2', '一卒平２', ['3+.2', '+3.2', '前卒3平2']);
    check(pos, 'c4b4', 'Pb.2', '二卒平２', ['3-.2']);
    check(pos, 'g3h3', 'Pc.8', '三卒平８', ['7+.8']);
    check(pos, 'g4h4', 'Pd.8', '四卒平８', ['7-.8']);
  });
  it('four soldiers on one file: 前/中前/中后/后 (E) in Chinese, Pa…Pd (A) in WXF; B and C read', () => {
    const pos = parseFen('5k3/2P6/2P6/2P6/2P6/9/9/9/9/4K4 w');
    check(pos, 'c8d8', 'Pa.6', '前兵平六', ['++.6', '一兵平六']);
    check(pos, 'c7d7', 'Pb.6', '中前兵平六', ['P+.6', '二兵平六']);
    check(pos, 'c6d6', 'Pc.6', '中后兵平六', ['P-.6', '三兵平六', '中後兵平六']);
    check(pos, 'c5d5', 'Pd.6', '后兵平六', ['--.6', '四兵平六']);
    expect(moveToChinese(pos, parseIccs(pos, 'c6d6'), { traditional: true })).toBe('中後兵平六');
  });
  it('five soldiers on one file: 前/中前/中/中后/后', () => {
    const pos = parseFen('2P2k3/2P6/2P6/2P6/2P6/9/9/9/9/4K4 w');
    check(pos, 'c9d9', 'Pa.6', '前兵平六', ['++.6', '一兵平六', '17.6']);
    check(pos, 'c8d8', 'Pb.6', '中前兵平六', ['P+.6', '二兵平六', '27.6']);
    check(pos, 'c7d7', 'Pc.6', '中兵平六', ['P7.6', '三兵平六', '37.6']);
    check(pos, 'c6d6', 'Pd.6', '中后兵平六', ['P-.6', '四兵平六', '47.6']);
    check(pos, 'c5d5', 'Pe.6', '后兵平六', ['--.6', '五兵平六', '57.6']);
  });
  it('two soldiers on one file and a lone one elsewhere: 前/后 and the file number', () => {
    const pos = parseFen('5k3/9/9/2P6/2P3P2/9/9/9/9/4K4 w');
    check(pos, 'c6c7', 'P++1', '前兵进一', ['+P+1']);
    check(pos, 'c5b5', 'P-.8', '后兵平八', ['-P.8']);
    check(pos, 'g5g6', 'P3+1', '兵三进一', ['P3+1']);
  });
  it('two horses on one file', () => {
    const pos = parseFen('5k3/9/9/9/9/9/3N5/9/3N5/4K4 w');
    check(pos, 'd3c5', 'H++7', '前马进七', ['+H+7', '+N+7', '前馬進七', '前傌进七']);
    check(pos, 'd1c3', 'H-+7', '后马进七', ['-N+7']);
  });
});

describe('input variants', () => {
  const start = parseFen(START_FEN);
  const h2e2 = parseIccs(start, 'h2e2');
  it('accepts every spelling of a move', () => {
    for (const t of [
      'C2.5',
      'c2.5',
      'C2=5',
      'C25',
      'Ｃ２．５',
      '62.5', // number-pad letters
      '炮二平五',
      '砲二平五',
      '包二平五',
      '炮2平5',
      '炮２平５',
      '炮贰平伍',
      '炮貳平伍',
      '炮 二 平 五',
      'h2e2',
      'H2-E2',
    ]) {
      expect([t, parseMoveText(start, t)]).toEqual([t, h2e2]);
    }
    const s2 = position(START_FEN, ['h2e2']);
    for (const t of ['马8进7', '馬８進７', 'H8+7', 'N8+7', 'n8+7', '馬捌進柒']) {
      expect([t, moveToIccs(parseMoveText(s2, t))]).toEqual([t, 'h9g7']);
    }
  });
  it('reads convention D (Fairy-Stockfish) for three soldiers on a file', () => {
    const pos = parseFen('5k3/9/2P6/2P6/2P6/9/9/9/9/4K4 w');
    expect(moveToIccs(parseWxf(pos, '17=6'))).toBe('c7d7');
    expect(moveToIccs(parseWxf(pos, '37=6'))).toBe('c5d5');
  });
  it('detects the notation', () => {
    expect(detectNotation('h2e2')).toBe('iccs');
    expect(detectNotation('H2-E2')).toBe('iccs');
    expect(detectNotation('C2.5')).toBe('wxf');
    expect(detectNotation('炮二平五')).toBe('chinese');
  });
});

describe('errors', () => {
  const start = parseFen(START_FEN);
  function error(f: () => unknown): MoveError {
    try {
      f();
    } catch (e) {
      expect(e).toBeInstanceOf(MoveError);
      return e as MoveError;
    }
    throw new Error('no error thrown');
  }
  it('malformed text', () => {
    for (const t of ['', 'xyz', 'C2.', 'C2.0', 'C2,5', 'Z2.5']) {
      expect(error(() => parseWxf(start, t)).code).toBe('malformed');
    }
    for (const t of ['炮二平', '炮二平十', '炮二走五', '二平五']) {
      expect(error(() => parseChinese(start, t)).code).toBe('malformed');
    }
  });
  it('no such piece on the file', () => {
    const e = error(() => parseWxf(start, 'C3.5'));
    expect(e.code).toBe('illegal');
    expect(e.message).toMatch(/no red cannon on file 3/);
    expect(error(() => parseChinese(start, '车二进一')).message).toMatch(/no red chariot on file 2/);
  });
  it('a piece that cannot move that way', () => {
    expect(error(() => parseWxf(start, 'H2+4')).message).toMatch(/no red horse can make that move/);
    expect(error(() => parseWxf(start, 'R1.2')).message).toMatch(/no red chariot can make that move/);
    expect(error(() => parseChinese(start, '马二平三')).message).toMatch(/no red horse can make that move/);
  });
  it('a marker with no tandem pieces', () => {
    expect(error(() => parseWxf(start, 'R++1')).message).toMatch(/no red chariot/);
    expect(error(() => parseChinese(start, '前炮平五')).message).toMatch(/no red cannon/);
  });
  it('a move that leaves the king in check', () => {
    const pos = parseFen('4rk3/9/9/9/9/9/9/9/4R4/4K4 w');
    expect(error(() => parseWxf(pos, 'R5.4')).message).toMatch(/leave the red king in check/);
    expect(moveToIccs(parseWxf(pos, 'R5+8'))).toBe('e1e9');
  });
  it('an ambiguous marker', () => {
    const pos = parseFen('5k3/9/9/9/6P1P/6P1P/9/9/9/4K4 w');
    expect(error(() => parseChinese(pos, '前兵平二')).message).toMatch(/ambiguous.*g5h5.*i5h5|ambiguous.*i5h5.*g5h5/);
    // The numbered and file-named forms are not ambiguous.
    expect(moveToIccs(parseChinese(pos, '一兵平二'))).toBe('i5h5');
    expect(moveToIccs(parseChinese(pos, '前兵三平二'))).toBe('g5h5');
  });
  it('moveToWxf and moveToChinese refuse an illegal move', () => {
    const bad = parseIccs(position(START_FEN, ['h2e2']), 'h9g7'); // a black move with red to move
    expect(error(() => moveToWxf(start, bad)).code).toBe('illegal');
    expect(error(() => moveToChinese(start, bad)).code).toBe('illegal');
  });
});

// ---------------------------------------------------------------------------------------------
// Round trips

/** Every legal move through WXF, Chinese (simplified and traditional) and back; all names distinct. */
function roundTripAll(pos: Position): number {
  const fen = toFen(pos);
  const moves = legalMoves(pos);
  const seen = [new Set<string>(), new Set<string>(), new Set<string>()];
  for (const m of moves) {
    const texts = [moveToWxf(pos, m), moveToChinese(pos, m), moveToChinese(pos, m, { traditional: true })];
    for (let i = 0; i < 3; i++) {
      const t = texts[i];
      const back = i === 0 ? parseWxf(pos, t) : parseChinese(pos, t);
      if (back !== m || seen[i].has(t)) {
        expect({ fen, move: moveToIccs(m), text: t, back: moveToIccs(back), duplicate: seen[i].has(t) }).toBe('round trip');
      }
      seen[i].add(t);
      expect(parseMoveText(pos, t)).toBe(m);
    }
    expect(parseMoveText(pos, moveToIccs(m))).toBe(m);
  }
  expect(toFen(pos)).toBe(fen);
  return moves.length;
}

describe('round trip of every legal move', () => {
  it('in 400 positions from seeded random games', () => {
    const rand = rng(20240605);
    let positions = 0;
    let total = 0;
    for (let game = 0; game < 20 && positions < 400; game++) {
      const pos = parseFen(START_FEN);
      for (let ply = 0; ply < 160 && positions < 400; ply++) {
        const moves = legalMoves(pos);
        if (moves.length === 0) break;
        if (ply % 2 === game % 2) {
          total += roundTripAll(pos);
          positions++;
        }
        pos.make(moves[Math.floor(rand() * moves.length)]);
      }
    }
    expect(positions).toBe(400);
    expect(total).toBeGreaterThan(8000);
  });

  it('in random positions crowded with soldiers on few files (3, 4, 5 on a file; tandems on two files)', () => {
    const rand = rng(77);
    let positions = 0;
    let stacked = 0;
    for (let attempt = 0; attempt < 3000 && positions < 300; attempt++) {
      const fen = randomSoldierFen(rand);
      let pos: Position;
      try {
        pos = parseFen(fen);
      } catch {
        continue;
      }
      roundTripAll(pos);
      positions++;
      if (maxOnAFile(pos) >= 3) stacked++;
    }
    expect(positions).toBe(300);
    expect(stacked).toBeGreaterThan(100);
  });
});

function maxOnAFile(pos: Position): number {
  let best = 0;
  for (let file = 0; file < 9; file++) {
    for (const code of [7, 7 | (BLACK << 3)]) {
      let n = 0;
      for (let rank = 0; rank < 10; rank++) if (pos.board[makeSquare(file, rank)] === code) n++;
      best = Math.max(best, n);
    }
  }
  return best;
}

/** A random position: kings, a few pieces, and five soldiers per side packed onto two or three files. */
function randomSoldierFen(rand: () => number): string {
  const grid: string[][] = Array.from({ length: 10 }, () => Array(9).fill(''));
  const pick = (n: number): number => Math.floor(rand() * n);
  const place = (letter: string, files: number[], ranks: number[]): void => {
    for (let tries = 0; tries < 20; tries++) {
      const f = files[pick(files.length)];
      const r = ranks[pick(ranks.length)];
      if (grid[r][f] === '') {
        grid[r][f] = letter;
        return;
      }
    }
  };
  place('K', [3, 4, 5], [0, 1, 2]);
  place('k', [3, 4, 5], [7, 8, 9]);
  const all = [0, 1, 2, 3, 4, 5, 6, 7, 8];
  for (const letter of ['R', 'r', 'C', 'c', 'N', 'n']) if (rand() < 0.5) place(letter, all, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  for (const [letter, ranks] of [
    ['P', [5, 6, 7, 8, 9]],
    ['p', [0, 1, 2, 3, 4]],
  ] as Array<[string, number[]]>) {
    const files = [pick(9), pick(9), pick(9)].slice(0, 2 + pick(2));
    for (let i = 0; i < 5; i++) place(letter, files, ranks);
  }
  const rows: string[] = [];
  for (let r = 9; r >= 0; r--) {
    let row = '';
    let empty = 0;
    for (let f = 0; f < 9; f++) {
      if (grid[r][f] === '') {
        empty++;
      } else {
        if (empty) row += String(empty);
        empty = 0;
        row += grid[r][f];
      }
    }
    if (empty) row += String(empty);
    rows.push(row);
  }
  return rows.join('/') + (rand() < 0.5 ? ' w' : ' b');
}
