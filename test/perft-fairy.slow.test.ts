// The engine's perft divide (what `chuhan perft --divide` prints) against Fairy-Stockfish's
// `go perft` in UCCI mode (ranks 0-9, as ICCS), on positions from seeded random games: every root
// move's count must agree, and so must the total. Fairy-Stockfish is an independent
// implementation of the rules (flying general, horse legs, elephant eyes, the palace), so any
// difference is a move-generation bug on one side. Ours is counted in process (the executable's
// own perft is checked against the published counts by .ci/run).
import { beforeAll, describe, expect, it } from 'vitest';
import { generateLegal, MAX_MOVES, moveToIccs, parseFen, perftDivide, START_FEN, toFen } from '../engine/index';
import { EngineProcess, FAIRY_STOCKFISH, haveFairyStockfish } from './e2e-engine';
import { rng } from './helpers';

const HAVE_FAIRY = haveFairyStockfish('perft-fairy');

/** FENs of positions reached by seeded random games (every 7th ply of 12 games). */
function randomPositions(): string[] {
  const random = rng(2026);
  const buf = new Int32Array(MAX_MOVES);
  const out: string[] = [];
  for (let g = 0; g < 12; g++) {
    const pos = parseFen(START_FEN);
    for (let ply = 0; ply < 90; ply++) {
      const n = generateLegal(pos, buf, 0);
      if (n === 0) break;
      pos.make(buf[Math.floor(random() * n)]);
      if (ply % 7 === 6) out.push(toFen(pos));
    }
  }
  return out;
}

function parseDivide(lines: string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const l of lines) {
    const r = /^([a-i]\d[a-i]\d): (\d+)$/.exec(l.trim());
    if (r) m.set(r[1], Number(r[2]));
  }
  return m;
}

describe.skipIf(!HAVE_FAIRY)('perft --divide against Fairy-Stockfish go perft (UCCI)', () => {
  let fairy: EngineProcess;
  beforeAll(async () => {
    fairy = new EngineProcess(FAIRY_STOCKFISH);
    fairy.send('ucci');
    await fairy.expect((l) => l === 'ucciok');
    return async () => {
      await fairy.quit();
      fairy.kill();
    };
  }, 180_000);

  const fens = randomPositions();
  it('has positions from random games', () => expect(fens.length).toBeGreaterThanOrEqual(100));

  it('agrees on every root move count at depth 3', async () => {
    let compared = 0;
    for (const fen of fens) {
      const ours = perftDivide(parseFen(fen), 3);
      const from = fairy.received.length;
      fairy.send(`position fen ${fen}`, 'go perft 3');
      const total = await fairy.expect(/^Nodes searched: \d+/, 30_000);
      const theirs = parseDivide(fairy.received.slice(from, fairy.cursor).map((r) => r.line));
      const mine = new Map(ours.map((p) => [moveToIccs(p.move), p.nodes]));
      expect(mine.size, fen).toBeGreaterThan(0);
      expect(Object.fromEntries([...mine].sort()), fen).toEqual(Object.fromEntries([...theirs].sort()));
      const ourTotal = ours.reduce((sum, p) => sum + p.nodes, 0);
      expect(ourTotal, fen).toBe(Number(/\d+/.exec(total.line)![0]));
      compared++;
    }
    expect(compared).toBe(fens.length);
  }, 300_000);
});
