// make/unmake, incremental keys and sums, and the agreement of the move generators with each other.
import { describe, expect, it } from 'vitest';
import { IN_BOARD } from '../engine/types';
import {
  MAX_MOVES,
  Position,
  START_FEN,
  computeCorrectionKeys,
  computeKey,
  ALL_MOVES,
  CAPTURES,
  QUIETS,
  generate,
  generateLegal,
  givesCheck,
  isLegal,
  isLegalMove,
  makeMove,
  parseFen,
  toFen,
} from '../engine/index';
import { PHASE_WEIGHT, PSQ_EG, PSQ_MG } from '../engine/pst';
import { WALL, pieceAttacks } from '../engine/attacks';
import { generateQuietChecks } from '../engine/movegen';
import { see } from '../engine/see';
import { rng } from './helpers';

/** Every field recomputed from the board alone. */
function snapshot(pos: Position) {
  let mg = 0;
  let eg = 0;
  let phase = 0;
  const lists: string[] = [];
  for (let sq = 0; sq < 256; sq++) {
    const c = pos.board[sq];
    if (c === 0 || c === WALL) continue;
    mg += PSQ_MG[c * 256 + sq];
    eg += PSQ_EG[c * 256 + sq];
    phase += PHASE_WEIGHT[c & 7];
  }
  for (let code = 1; code < 16; code++) {
    const squares: number[] = [];
    for (let i = 0; i < pos.count(code); i++) {
      const sq = pos.pieceSquare(code, i);
      if (pos.board[sq] !== code) throw new Error(`piece list says ${code} on ${sq}, board has ${pos.board[sq]}`);
      squares.push(sq);
    }
    lists.push(squares.sort((a, b) => a - b).join(','));
  }
  const [lo, hi] = computeKey(pos);
  return { fen: toFen(pos), mg, eg, phase, lists, lo, hi, corr: computeCorrectionKeys(pos), occ: occupancy(pos) };
}

/** The rank and file occupancy masks recomputed from the board, in the layout Position keeps them (ranks, then files). */
function occupancy(pos: Position): string {
  const occ = new Array<number>(32).fill(0);
  for (let sq = 0; sq < 256; sq++) {
    const c = pos.board[sq];
    if (c === 0 || c === WALL) continue;
    occ[sq >> 4] |= 1 << ((sq & 15) - 3);
    occ[16 + (sq & 15)] |= 1 << ((sq >> 4) - 3);
  }
  return occ.join(',');
}

function sameSums(pos: Position, s: ReturnType<typeof snapshot>): boolean {
  return (
    pos.mg === s.mg &&
    pos.eg === s.eg &&
    pos.phase === s.phase &&
    pos.keyLo === s.lo &&
    pos.keyHi === s.hi &&
    pos.structureKey === s.corr[0] &&
    pos.materialKey === s.corr[1]
  );
}

function incremental(pos: Position) {
  return { mg: pos.mg, eg: pos.eg, phase: pos.phase, lo: pos.keyLo, hi: pos.keyHi, corr: [pos.structureKey, pos.materialKey] };
}

/** The occupancy masks Position keeps incrementally (restored by every query that tries a move in them). */
function keptOccupancy(pos: Position): string {
  return Array.from(pos.occ).join(',');
}

describe('random games', () => {
  it('keep every incremental field (occupancy masks and correction keys included) equal to its from-scratch value over 25,000 random moves, and unmake restores all', () => {
    const rand = rng(12345);
    const buf = new Int32Array(MAX_MOVES);
    let moves = 0;
    let games = 0;
    while (moves < 25_000) {
      games++;
      const pos = parseFen(START_FEN);
      const snaps: Array<ReturnType<typeof snapshot>> = [];
      for (let ply = 0; ply < 200; ply++) {
        const n = generateLegal(pos, buf, 0);
        if (n === 0) break;
        // The queries that try a move in the occupancy masks (legality above, check, SEE) restore them.
        for (let i = 0; i < n; i++) {
          givesCheck(pos, buf[i]);
          see(pos, buf[i]);
        }
        const s = snapshot(pos);
        if (!sameSums(pos, s)) expect(incremental(pos)).toEqual({ mg: s.mg, eg: s.eg, phase: s.phase, lo: s.lo, hi: s.hi, corr: s.corr });
        if (keptOccupancy(pos) !== s.occ) expect(keptOccupancy(pos)).toBe(s.occ);
        snaps.push(s);
        pos.make(buf[Math.floor(rand() * n)]);
        moves++;
      }
      // Take everything back, checking each earlier state is restored exactly.
      while (pos.ply > 0) {
        pos.unmake();
        const s = snaps[pos.ply];
        const now = snapshot(pos);
        if (JSON.stringify(now) !== JSON.stringify(s)) expect(now).toEqual(s);
        if (!sameSums(pos, s)) expect(incremental(pos)).toEqual({ mg: s.mg, eg: s.eg, phase: s.phase, lo: s.lo, hi: s.hi, corr: s.corr });
        if (keptOccupancy(pos) !== s.occ) expect(keptOccupancy(pos)).toBe(s.occ);
      }
      expect(toFen(pos)).toBe(START_FEN);
    }
    expect(games).toBeGreaterThan(100);
  });

  it('the same position reached by different move orders has the same key', () => {
    const a = parseFen(START_FEN);
    const b = parseFen(START_FEN);
    for (const m of ['h2e2', 'h9g7', 'b0c2']) a.make(iccs(a, m));
    for (const m of ['b0c2', 'h9g7', 'h2e2']) b.make(iccs(b, m));
    expect([a.keyLo, a.keyHi]).toEqual([b.keyLo, b.keyHi]);
    expect(toFen(a)).toBe(toFen(b));
    b.unmake();
    expect([a.keyLo, a.keyHi]).not.toEqual([b.keyLo, b.keyHi]);
  });

  it('null moves flip only the side and the key', () => {
    const pos = parseFen(START_FEN);
    const before = snapshot(pos);
    pos.makeNull();
    expect(pos.side).toBe(1);
    expect(computeKey(pos)).toEqual([pos.keyLo, pos.keyHi]);
    pos.unmakeNull();
    expect(snapshot(pos)).toEqual(before);
  });
});

describe('generators agree', () => {
  it('legal moves = all from/to pairs that pass isLegalMove; captures = the legal captures', () => {
    const rand = rng(777);
    const buf = new Int32Array(MAX_MOVES);
    const caps = new Int32Array(MAX_MOVES);
    const squares: number[] = [];
    for (let sq = 0; sq < 256; sq++) if (IN_BOARD[sq]) squares.push(sq);
    let positions = 0;
    for (let g = 0; g < 30; g++) {
      const pos = parseFen(START_FEN);
      for (let ply = 0; ply < 120; ply++) {
        const n = generateLegal(pos, buf, 0);
        if (n === 0) break;
        if (ply % 5 === 0) {
          positions++;
          const legal = new Set(Array.from(buf.subarray(0, n)));
          expect(legal.size).toBe(n);
          const disagree: string[] = [];
          for (const from of squares) {
            for (const to of squares) {
              const m = makeMove(from, to);
              if (isLegalMove(pos, m) !== legal.has(m)) disagree.push(`${toFen(pos)} ${from}-${to}`);
            }
          }
          expect(disagree).toEqual([]);
          const nc = generate(pos, caps, 0, CAPTURES);
          const legalCaps = Array.from(caps.subarray(0, nc)).filter((m) => isLegal(pos, m));
          const expected = Array.from(legal).filter((m) => pos.board[(m >> 8) & 255] !== 0);
          expect(legalCaps.sort()).toEqual(expected.sort());
        }
        pos.make(buf[Math.floor(rand() * n)]);
      }
    }
    expect(positions).toBeGreaterThan(300);
  });

  // generateLegal settles most moves by a summary of the pins (movegen.ts, markPins) without a
  // trial; these positions hold each kind of pin, and a position with a cannon at the king's side.
  it.each([
    ['a chariot pins a horse', '3k5/4r4/9/9/9/9/9/9/4N4/4K4 w - - 0 1'],
    ['a cannon pins both of its screens', '3k5/9/4c4/9/9/9/4P4/9/4A4/4K4 w - - 0 1'],
    ['a piece between the king and a cannon with nothing between would be its screen', '3k5/9/9/9/4c4/9/9/R8/9/4K4 w - - 0 1'],
    [
      'a cannon next to the king is the screen of a cannon beyond our piece',
      '3k1a3/4a4/4N4/p3p3p/C4n3/8P/P3P1p2/3A5/9/1cBcK1B2 w - - 3 12',
    ],
    ['a horse on the leg of an enemy horse', '3k5/9/9/9/9/9/9/3n5/3N5/4K4 w - - 0 1'],
    ['a horse between the two kings', '4k4/9/9/9/9/9/4N4/9/9/4K4 w - - 0 1'],
    ['the same pins for black', '4k4/4n4/9/3c5/9/9/9/9/4R4/3K5 b - - 0 1'],
  ])('legal moves = the pseudo-legal moves that pass isLegal, when %s', (_, fen) => {
    const pos = parseFen(fen);
    const buf = new Int32Array(MAX_MOVES);
    const all = Array.from(buf.subarray(0, generate(pos, buf, 0, ALL_MOVES)));
    const legal = all.filter((m) => isLegal(pos, m));
    expect(legal.length).toBeLessThan(all.length);
    expect(Array.from(buf.subarray(0, generateLegal(pos, buf, 0)))).toEqual(legal);
  });
});

describe('givesCheck', () => {
  it('agrees with making the move and testing for check, for every pseudo-legal move', () => {
    const rand = rng(4242);
    const buf = new Int32Array(MAX_MOVES);
    let checks = 0;
    let moves = 0;
    const disagree: string[] = [];
    for (let g = 0; g < 60; g++) {
      const pos = parseFen(START_FEN);
      for (let ply = 0; ply < 160; ply++) {
        const n = generate(pos, buf, 0, ALL_MOVES);
        for (let i = 0; i < n; i++) {
          const m = buf[i];
          const expected = (() => {
            pos.make(m);
            const c = pos.inCheck();
            pos.unmake();
            return c;
          })();
          moves++;
          if (expected) checks++;
          if (givesCheck(pos, m) !== expected) disagree.push(`${toFen(pos)} ${m & 255}-${(m >> 8) & 255}`);
        }
        const nl = generateLegal(pos, buf, 0);
        if (nl === 0) break;
        pos.make(buf[Math.floor(rand() * nl)]);
      }
    }
    expect(disagree).toEqual([]);
    // The sample must hold plenty of checks of every sort for the test to mean anything.
    expect(moves).toBeGreaterThan(100_000);
    expect(checks).toBeGreaterThan(2_000);
  });

  it('generateQuietChecks lists the quiet checks of generate(QUIETS), in its order', () => {
    const rand = rng(4343);
    const buf = new Int32Array(MAX_MOVES);
    const quiet = new Int32Array(MAX_MOVES);
    let checks = 0;
    let discovered = 0;
    const disagree: string[] = [];
    for (let g = 0; g < 60; g++) {
      const pos = parseFen(START_FEN);
      for (let ply = 0; ply < 160; ply++) {
        if (!pos.inCheck()) {
          const expected: number[] = [];
          for (let i = 0, n = generate(pos, quiet, 0, QUIETS); i < n; i++) if (givesCheck(pos, quiet[i])) expected.push(quiet[i]);
          const got = Array.from(buf.subarray(0, generateQuietChecks(pos, buf, 0)));
          if (JSON.stringify(got) !== JSON.stringify(expected)) disagree.push(`${toFen(pos)}: ${got} against ${expected}`);
          checks += expected.length;
          // A check by a piece that does not attack the king from its new point: discovered.
          for (const m of expected)
            if (!pieceAttacks(pos.board[m & 255], (m >> 8) & 255, pos.kingSquare(pos.side ^ 1), pos.occ)) discovered++;
        }
        const nl = generateLegal(pos, buf, 0);
        if (nl === 0) break;
        pos.make(buf[Math.floor(rand() * nl)]);
      }
    }
    expect(disagree).toEqual([]);
    expect(checks).toBeGreaterThan(1_000);
    expect(discovered).toBeGreaterThan(20);
  });

  it('sees the check a piece discovers by leaving a horse leg, for every king point, leg and horse', () => {
    // Random games seldom hold these, so every case is set up: the defending king on each palace
    // point, a horse of the side to move behind each of the king's four diagonal points (the
    // horse's leg), and a chariot of the side to move standing on the leg; when the chariot
    // steps off, the horse gives check. Both colours attack.
    const fenOf = (rows: string[][]): string => rows.map((r) => r.join('').replace(/1+/g, (run) => String(run.length))).join('/');
    const buf = new Int32Array(MAX_MOVES);
    let discovered = 0;
    const disagree: string[] = [];
    for (const attacker of ['w', 'b'] as const) {
      // Rows count from the top of the FEN (row 0 = black's back rank).
      const kRows = attacker === 'w' ? [0, 1, 2] : [7, 8, 9];
      for (const kr of kRows) {
        for (const kf of [3, 4, 5]) {
          for (const [dr, df] of [
            [1, 1],
            [1, -1],
            [-1, 1],
            [-1, -1],
          ]) {
            for (const [hr, hf] of [
              [kr + 2 * dr, kf + df],
              [kr + dr, kf + 2 * df],
            ]) {
              if (hr < 0 || hr > 9 || hf < 0 || hf > 8) continue;
              const rows = Array.from({ length: 10 }, () => Array<string>(9).fill('1'));
              const up = (c: string) => (attacker === 'w' ? c.toUpperCase() : c);
              const down = (c: string) => (attacker === 'w' ? c : c.toUpperCase());
              rows[kr][kf] = down('k');
              // The attacking king stays off the defender's file, at the far end of the board.
              rows[attacker === 'w' ? 9 : 0][kf === 4 ? 3 : 4] = up('k');
              rows[hr][hf] = up('n');
              rows[kr + dr][kf + df] = up('r');
              const pos = parseFen(`${fenOf(rows)} ${attacker} - - 0 1`);
              if (pos.inCheck()) continue;
              // Mailbox point of the leg (rank 0 is red's back rank, the FEN's last row).
              const legSq = ((9 - (kr + dr) + 3) << 4) | (kf + df + 3);
              const n = generate(pos, buf, 0, ALL_MOVES);
              for (let i = 0; i < n; i++) {
                const m = buf[i];
                pos.make(m);
                const expected = pos.inCheck();
                pos.unmake();
                if (expected && (m & 255) === legSq) discovered++;
                if (givesCheck(pos, m) !== expected) disagree.push(`${toFen(pos)} ${m & 255}-${(m >> 8) & 255}`);
              }
            }
          }
        }
      }
    }
    expect(disagree).toEqual([]);
    expect(discovered).toBeGreaterThan(100);
  });
});

function iccs(pos: Position, s: string): number {
  const f = (c: string) => c.charCodeAt(0) - 97;
  const from = ((Number(s[1]) + 3) << 4) | (f(s[0]) + 3);
  const to = ((Number(s[3]) + 3) << 4) | (f(s[2]) + 3);
  const m = makeMove(from, to);
  expect(isLegalMove(pos, m)).toBe(true);
  return m;
}

describe('quiet generation', () => {
  it('captures + quiets = all pseudo-legal moves, in many random positions', async () => {
    const { QUIETS } = await import('../engine/movegen');
    const rand = rng(99);
    const a = new Int32Array(MAX_MOVES);
    const c = new Int32Array(MAX_MOVES);
    const q = new Int32Array(MAX_MOVES);
    let checked = 0;
    for (let g = 0; g < 40; g++) {
      const pos = parseFen(START_FEN);
      for (let ply = 0; ply < 150; ply++) {
        const na = generate(pos, a, 0, ALL_MOVES);
        const nc = generate(pos, c, 0, CAPTURES);
        const nq = generate(pos, q, 0, QUIETS);
        const union = [...Array.from(c.subarray(0, nc)), ...Array.from(q.subarray(0, nq))].sort();
        if (union.join() !== Array.from(a.subarray(0, na)).sort().join()) expect(union).toEqual(Array.from(a.subarray(0, na)).sort());
        checked++;
        const n = generateLegal(pos, a, 0);
        if (n === 0) break;
        pos.make(a[Math.floor(rand() * n)]);
      }
    }
    expect(checked).toBeGreaterThan(2000);
  });
});
