// The chances of a win, a draw and a loss (engine/wdl.ts) and the `wdl W D L` of the protocol:
// per mille that add up to 1000, the win share growing with the score and the loss share falling,
// a mate certain either way, a level position drawish with little material and decisive with much
// (as the self-play the constants were fitted on says, docs/analyse.md); and in the session, off by
// default, shown with UCI_ShowWDL under UCI and `showwdl` under UCCI, in the engine's own searches.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { START_FEN, parseFen } from '../engine/index';
import { fitLogit, runFitWdl } from '../bench/analyse/fit-wdl';
import { DATA_VERSION, HEADER_BYTES, RECORD_BYTES, encodeHeader, encodeRecord } from '../bench/nnue/data-format';
import { materialShare, wdlChances, wdlPerMille } from '../engine/wdl';
import { type InProcessEngine, inProcess } from './session-harness';

/** Red mates at once with i0i9. */
const MATE_IN_ONE = '4k4/R8/9/9/9/9/9/9/9/3K4R w - - 0 1';
/** Black to move: every move is answered by i0i9 mate. */
const MATED_IN_ONE = '3k5/R8/9/9/p8/9/9/9/9/4K3R b - - 0 1';

const cp = (v: number) => ({ kind: 'cp' as const, cp: v });

describe('the chances', () => {
  it('add up to 1000, the win share growing with the score and the loss share falling', () => {
    for (const m of [0, 0.1, 0.25, 0.5, 0.75, 1]) {
      let last = [-1, 0, 1001];
      for (let score = -3000; score <= 3000; score += 20) {
        const [w, d, l] = wdlPerMille(cp(score), m);
        expect(w + d + l, `${score} cp, material ${m}`).toBe(1000);
        expect(Math.min(w, d, l)).toBeGreaterThanOrEqual(0);
        expect(w, `${score} cp, material ${m}`).toBeGreaterThanOrEqual(last[0]);
        expect(l, `${score} cp, material ${m}`).toBeLessThanOrEqual(last[2]);
        last = [w, d, l];
      }
      expect(wdlPerMille(cp(3000), m)[0]).toBeGreaterThan(980);
      expect(wdlPerMille(cp(-3000), m)[2]).toBeGreaterThan(980);
    }
  });

  it('are certain for a mate and for a result by a repetition rule, either way', () => {
    expect(wdlPerMille({ kind: 'mate', plies: 1 }, 1)).toEqual([1000, 0, 0]);
    expect(wdlPerMille({ kind: 'mate', plies: 7 }, 0.2)).toEqual([1000, 0, 0]);
    expect(wdlPerMille({ kind: 'mate', plies: -2 }, 1)).toEqual([0, 0, 1000]);
    expect(wdlPerMille({ kind: 'rule', plies: 3 }, 0.5)).toEqual([1000, 0, 0]);
    expect(wdlPerMille({ kind: 'rule', plies: -4 }, 0.5)).toEqual([0, 0, 1000]);
  });

  it('make a level position drawish with little material and decisive with much, as the self-play did', () => {
    // docs/analyse.md, the tables by material: within 100 cp of level, 92% of the positions with
    // less than 40% of the start's material were drawn, 17% of those with more than 75%.
    expect(wdlChances(0, 0.25)[1]).toBeGreaterThan(0.8);
    expect(wdlChances(0, 0.95)[1]).toBeLessThan(0.25);
    expect(wdlChances(0, 0.6)[1]).toBeGreaterThan(wdlChances(0, 0.95)[1]);
  });

  it('weigh the material of a position: all of it at the start, none with bare kings', () => {
    expect(materialShare(parseFen(START_FEN))).toBe(1);
    expect(materialShare(parseFen('3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1'))).toBe(0);
    // A chariot each: 12 of the start's 66.
    expect(materialShare(parseFen('3k5/9/9/9/r8/9/9/9/9/4K3R w - - 0 1'))).toBeCloseTo(12 / 66, 12);
  });

  it('are fitted by maximum likelihood: outcomes drawn from a logistic give back its constants', () => {
    // x in two terms (1, pawns); P(yes) = sigmoid(−0.5 + 0.8 · pawns).
    let seed = 7;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const n = 40_000;
    const x = new Float64Array(2 * n);
    const yes = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const pawns = (random() - 0.5) * 10;
      x[2 * i] = 1;
      x[2 * i + 1] = pawns;
      yes[i] = random() < 1 / (1 + Math.exp(0.5 - 0.8 * pawns)) ? 1 : 0;
    }
    const [a, b] = fitLogit(x, 2, yes);
    expect(a).toBeGreaterThan(-0.6);
    expect(a).toBeLessThan(-0.4);
    expect(b).toBeGreaterThan(0.75);
    expect(b).toBeLessThan(0.85);
  });
});

/** A datagen file of `n` positions, Red to move, half at the start and half with a chariot and two soldiers a side, each result drawn from `chances`. */
function syntheticData(n: number, chances: (cp: number, m: number) => [number, number, number]): string {
  const boards = [parseFen(START_FEN), parseFen('3k5/9/9/9/r1p6/P5P1R/9/9/2p6/4K4 w - - 0 1')];
  // Two soldiers and a chariot a side: 16 of the start's 66.
  expect(materialShare(boards[1])).toBeCloseTo(16 / 66, 12);
  let seed = 11;
  const random = (): number => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const body = new Uint8Array(n * RECORD_BYTES);
  for (let i = 0; i < n; i++) {
    const pos = boards[i & 1];
    const cp = Math.round((random() - 0.5) * 1600);
    const [w, d] = chances(cp, materialShare(pos));
    const u = random();
    encodeRecord(body, i * RECORD_BYTES, pos.board, 0, u < w ? 2 : u < w + d ? 1 : 0, cp);
  }
  const header = encodeHeader({
    version: DATA_VERSION,
    games: 1,
    positions: n,
    seed: 1,
    nodes: 1000,
    randomPlies: 0,
    flags: 0,
    network: 0,
    openings: 0,
    engine: 0,
    shard: null,
    schedule: 0,
  });
  expect(header.length).toBe(HEADER_BYTES);
  const file = join(mkdtempSync(join(tmpdir(), 'chuhan-wdl-')), 'synthetic.bin');
  writeFileSync(file, Buffer.concat([header, body]));
  return file;
}

describe('chuhan analyse --fit-wdl', () => {
  it('gives back, from a datagen file, the chances its results were drawn from, the material read from the boards', () => {
    const file = syntheticData(40_000, wdlChances);
    const out: string[] = [];
    const err: string[] = [];
    expect(
      runFitWdl(
        { files: [file] },
        (l) => out.push(l),
        (l) => err.push(l),
      ),
    ).toBe(0);
    expect(err).toEqual([]);
    const constants = (name: string): number[] =>
      JSON.parse(out.find((l) => l.startsWith(`${name} = `))!.slice(name.length + 3)) as number[];
    const win = constants('WDL_WIN');
    const loss = constants('WDL_LOSS');
    const fitted = (cp: number, m: number): number[] => {
      const logit = (c: number[], pawns: number): number => c[0] + c[1] * m + c[2] * m * m + (c[3] + c[4] * m + c[5] * m * m) * pawns;
      const w = 1 / (1 + Math.exp(-logit(win, cp / 100)));
      const l = 1 / (1 + Math.exp(-logit(loss, -cp / 100)));
      return [w, 1 - w - l, l];
    };
    for (const m of [1, 16 / 66])
      for (const cp of [-600, -200, 0, 200, 600]) {
        const truth = wdlChances(cp, m);
        fitted(cp, m).forEach((p, k) => expect(Math.abs(p - truth[k]), `${cp} cp, material ${m.toFixed(2)}`).toBeLessThan(0.05));
      }
    // The material tells the draws apart: the model with it fits the outcomes better than the score alone.
    const row = out.find((l) => l.startsWith('| win and loss curves apart, score and material'))!.split('|');
    const alone = out.find((l) => l.startsWith('| win and loss curves apart, score alone'))!.split('|');
    expect(Number(row[3])).toBeGreaterThan(Number(alone[3]) + 0.05);
  });
});

/** Sends `lines` (the last a `go`) and returns every line up to the search's reply. */
async function searched(e: InProcessEngine, ...lines: string[]): Promise<string[]> {
  e.take();
  const from = e.received.length;
  e.send(...lines);
  const reply = await e.expect(/^(bestmove|nobestmove)/, 60_000);
  return e.received.slice(from, e.received.indexOf(reply)).map((r) => r.line);
}

/** The `wdl W D L` of an info line, with its score, or null when it has none. */
function wdlOf(line: string): { score: string; w: number; d: number; l: number } | null {
  const m = /score (cp -?\d+|mate -?\d+|-?\d+) wdl (\d+) (\d+) (\d+) /.exec(line);
  return m === null ? null : { score: m[1], w: Number(m[2]), d: Number(m[3]), l: Number(m[4]) };
}

describe('wdl in the protocol', () => {
  it('UCI: off by default; with UCI_ShowWDL on every info line, W + D + L = 1000, W growing with the score', async () => {
    const e = await inProcess('uci', { nodeLimit: 20_000 });
    try {
      const off = await searched(e, 'position startpos', 'go depth 3');
      expect(off.some((l) => l.startsWith('info depth'))).toBe(true);
      expect(off.some((l) => l.includes(' wdl '))).toBe(false);
      // Four lines of one position (the same material), each with its own score.
      const lines = (await searched(e, 'setoption name UCI_ShowWDL value true', 'setoption name MultiPV value 4', 'go depth 4')).filter(
        (l) => l.startsWith('info depth 4 '),
      );
      expect(lines).toHaveLength(4);
      const seen = lines.map((l) => wdlOf(l)!);
      for (const s of seen) expect(s.w + s.d + s.l).toBe(1000);
      const byScore = [...seen].sort((a, b) => Number(a.score.slice(3)) - Number(b.score.slice(3)));
      for (let i = 1; i < byScore.length; i++) {
        expect(byScore[i].w).toBeGreaterThanOrEqual(byScore[i - 1].w);
        expect(byScore[i].l).toBeLessThanOrEqual(byScore[i - 1].l);
      }
      const mating = (await searched(e, 'setoption name MultiPV value 1', `position fen ${MATE_IN_ONE}`, 'go depth 3')).filter((l) =>
        l.includes('score mate'),
      );
      expect(mating.length).toBeGreaterThan(0);
      for (const l of mating) expect(wdlOf(l)).toMatchObject({ score: 'mate 1', w: 1000, d: 0, l: 0 });
      const mated = (await searched(e, `position fen ${MATED_IN_ONE}`, 'go depth 3')).filter((l) => l.includes('score mate'));
      expect(mated.length).toBeGreaterThan(0);
      for (const l of mated) expect(wdlOf(l)).toMatchObject({ score: 'mate -1', w: 0, d: 0, l: 1000 });
      // Off again.
      expect(
        (await searched(e, 'setoption name UCI_ShowWDL value false', 'position startpos', 'go depth 2')).some((l) => l.includes(' wdl ')),
      ).toBe(false);
    } finally {
      await e.quit();
    }
  });

  it('UCCI: only when the GUI asks by `showwdl`, after the score and before pv, mates certain', async () => {
    const e = await inProcess('ucci', { nodeLimit: 20_000 });
    try {
      expect((await searched(e, 'position startpos', 'go depth 3')).some((l) => l.includes(' wdl '))).toBe(false);
      const lines = (await searched(e, 'setoption showwdl true', 'go depth 3')).filter((l) => l.startsWith('info depth'));
      expect(lines.length).toBeGreaterThan(0);
      for (const l of lines) {
        expect(l).toMatch(/^info depth \d+ seldepth \d+ score -?\d+ wdl \d+ \d+ \d+ time \d+ .* pv [a-i]\d[a-i]\d/);
        const s = wdlOf(l)!;
        expect(s.w + s.d + s.l).toBe(1000);
      }
      const mated = (await searched(e, `position fen ${MATED_IN_ONE}`, 'go depth 3')).filter((l) => / score -99\d\d /.test(l));
      expect(mated.length).toBeGreaterThan(0);
      for (const l of mated) expect(wdlOf(l)).toMatchObject({ w: 0, d: 0, l: 1000 });
    } finally {
      await e.quit();
    }
  });
});
