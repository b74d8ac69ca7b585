// King-bucketed inputs and output buckets (engine/nnue-format.ts, engine/nnue.ts): the incremental
// accumulators, with a king move recomputing its own perspective (from the refresh cache or not),
// against ones computed from scratch; the WebAssembly SIMD kernels against the JavaScript loops;
// the evaluation against its formula; colour symmetry; the trainer's inputs against the
// engine's; and such a network loaded through the executable's EvalFile.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFen, Position } from '../engine/index';
import { decodeNetwork, encodeNetwork, inputIndex, kingBucketCount, outputBucket, type Network } from '../engine/nnue-format';
import { NnueEvaluator } from '../engine/nnue';
import { Searcher } from '../engine/search';
import { BLACK, flipRank, KING, kindOf, RED, SLOTS } from '../engine/types';
import { encodeHeader, RECORD_BYTES } from '../bench/nnue/data-format';
import { decodeRecords, emptyDataset, MAX_ACTIVE } from '../bench/nnue/dataset';
import { FloatNetwork } from '../bench/nnue/float-network';
import { playGame } from '../bench/nnue/selfplay';
import { quantizationError, runTrain, Trainer } from '../bench/nnue/train';
import { builtEngine, withChuhan } from './e2e-engine';
import { randomWalk } from './helpers';
import { randomShapedNetwork, trainTiny } from './network-helpers';

const SIX = Uint8Array.of(0, 1, 2, 3, 4, 5);
const THREE = Uint8Array.of(0, 0, 1, 1, 2, 2);

/** helpers.randomWalk with kings moved more often than at random; returns the king moves made. */
function kingWalk(steps: number, seed: number, visit: (pos: Position) => void): number {
  let kingMoves = 0;
  randomWalk(steps, seed, visit, (pos, moves, n, random) => {
    let m = moves[Math.floor(random() * n)];
    if (random() < 0.3) {
      for (let j = 0; j < n; j++) if (kindOf(pos.board[moves[j] & 255]) === KING) m = moves[j];
    }
    if (kindOf(pos.board[m & 255]) === KING) kingMoves++;
    return m;
  });
  return kingMoves;
}

/** The evaluation straight from the formula (engine/nnue-format.ts) on accumulators from scratch, in doubles. */
function reference(ev: NnueEvaluator, pos: Position): number {
  const { hidden: h, qa, qb, scale, w2, b2, outputBuckets } = ev.net;
  let pieces = 0;
  for (let code = 1; code < 16; code++) pieces += pos.pcount[code];
  const o = outputBucket(pieces, outputBuckets);
  const acc = ev.freshAccumulators(pos);
  let sum = 0;
  for (let i = 0; i < 2 * h; i++) {
    const a = acc[i < h ? pos.side * h + i : (pos.side ^ 1) * h + i - h];
    const c = Math.min(Math.max(a, 0), qa);
    sum += c * c * w2[o * 2 * h + i];
  }
  return Math.round(((sum / qa + b2[o]) * scale) / (qa * qb));
}

/** The accumulator of one perspective from the definition: the bias plus the column of inputIndex of every piece. */
function definition(net: Network, pos: Position, p: number): Int16Array {
  const h = net.hidden;
  const out = Int16Array.from(net.b1);
  const kingCode = KING | (p << 3);
  const ks = pos.pcount[kingCode] > 0 ? pos.plist[kingCode * SLOTS] : 0;
  for (let code = 1; code < 16; code++) {
    for (let j = 0; j < pos.pcount[code]; j++) {
      const col = inputIndex(net.kingBuckets, p, code, pos.plist[code * SLOTS + j], ks) * h;
      for (let i = 0; i < h; i++) out[i] += net.w1[col + i];
    }
  }
  return out;
}

describe('king-bucketed and output-bucketed networks', () => {
  it('the output bucket counts the pieces: 2 pieces bucket 0, 32 the last, every bucket used', () => {
    expect(outputBucket(2, 8)).toBe(0);
    expect(outputBucket(32, 8)).toBe(7);
    expect(new Set(Array.from({ length: 31 }, (_, i) => outputBucket(i + 2, 8))).size).toBe(8);
    expect(outputBucket(32, 1)).toBe(0);
  });

  it('the inputs seen from a king on the right-hand file are those of the mirror image, in its bucket', () => {
    // Red king on e0 (file 4, centre) and on f0 (file 5): the same rank, a side file, mirrored.
    const onF = parseFen('3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1');
    const onD = parseFen('5k3/9/9/9/9/9/9/9/4R4/3K5 w - - 0 1');
    const net = randomShapedNetwork(16, SIX, 1, 1);
    const ev = new NnueEvaluator(net);
    const a = ev.freshAccumulators(onF).subarray(0, 16);
    const b = ev.freshAccumulators(onD).subarray(0, 16);
    expect(Array.from(a)).toEqual(Array.from(b));
    expect(Array.from(a)).toEqual(Array.from(definition(net, onF, RED)));
  });

  for (const [what, net, simd] of [
    ['h256, 6 king buckets', randomShapedNetwork(256, SIX, 1, 21), true],
    ['h512, 6 king buckets, 8 output buckets', randomShapedNetwork(512, SIX, 8, 22), true],
    ['h128, 3 king buckets, 8 output buckets', randomShapedNetwork(128, THREE, 8, 23), true],
    ['h64, plain inputs, 4 output buckets', randomShapedNetwork(64, null, 4, 24), true],
    ['h20, 6 king buckets (JavaScript only)', randomShapedNetwork(20, SIX, 2, 25), false],
  ] as Array<[string, Network, boolean]>) {
    it(`${what}: incremental = from scratch = the definition, SIMD = JavaScript, cache = none, and the formula, over random games with king moves`, () => {
      const a = new NnueEvaluator(net);
      const b = new NnueEvaluator(net, { simd: false });
      const c = new NnueEvaluator(net, { refreshCache: false });
      expect(a.simd).toBe(simd);
      expect(b.simd).toBe(false);
      let checked = 0;
      const bad = { fresh: 0, simd: 0, cache: 0, formula: 0, definition: 0 };
      const same = (x: Int16Array, y: Int16Array): boolean => x.every((v, i) => v === y[i]);
      const kingMoves = kingWalk(6_000, 31, (pos) => {
        if ((pos.ply & 3) === 2) return; // gaps, so that the evaluators catch up over several moves
        const e = a.evaluate(pos);
        if (e !== b.evaluate(pos)) bad.simd++;
        if (e !== c.evaluate(pos)) bad.cache++;
        if (e !== reference(a, pos)) bad.formula++;
        const x = a.accumulators(pos);
        if (!same(x, b.accumulators(pos))) bad.simd++;
        if (!same(x, c.accumulators(pos))) bad.cache++;
        if (!same(x, a.freshAccumulators(pos))) bad.fresh++;
        if ((pos.ply & 15) === 1) {
          const h = net.hidden;
          if (!same(x.subarray(0, h), definition(net, pos, RED)) || !same(x.subarray(h), definition(net, pos, BLACK))) bad.definition++;
        }
        checked++;
      });
      expect(kingMoves).toBeGreaterThan(500);
      expect(checked).toBeGreaterThan(4_000);
      expect(bad).toEqual({ fresh: 0, simd: 0, cache: 0, formula: 0, definition: 0 });
    });
  }

  it('is colour-symmetric: the board turned over with colours swapped scores the same for the side to move', () => {
    const net = randomShapedNetwork(64, SIX, 8, 41);
    const ev = new NnueEvaluator(net);
    const other = new NnueEvaluator(net);
    let checked = 0;
    kingWalk(3_000, 43, (pos) => {
      const out = new Position();
      for (let code = 1; code < 16; code++) {
        for (let i = 0; i < pos.pcount[code]; i++) out.put(flipRank(pos.plist[code * SLOTS + i]), code ^ 8);
      }
      out.setSide(pos.side ^ 1);
      expect(other.evaluate(out)).toBe(ev.evaluate(pos));
      other.reset();
      checked++;
    });
    expect(checked).toBeGreaterThan(2_900);
  });

  it('a search gives the same nodes, move and score with SIMD or JavaScript, with the refresh cache or without', () => {
    const net = randomShapedNetwork(256, SIX, 8, 51);
    const run = (opts: { simd?: boolean; refreshCache?: boolean }): unknown[] => {
      const pos = parseFen('3akab2/9/4b4/p3p1p1p/2p6/9/P1P1P1P1P/4B4/4A4/2BAK4 w - - 0 1');
      const searcher = new Searcher(4);
      searcher.setNetwork(new NnueEvaluator(net, opts));
      const r = searcher.search(pos, { depth: 7 }, new Int32Array(2));
      return [r.bestMove, r.nodes, r.score];
    };
    const first = run({ simd: false, refreshCache: false });
    expect(run({})).toEqual(first);
    expect(run({ simd: false })).toEqual(first);
    expect(run({ refreshCache: false })).toEqual(first);
  });

  it("the trainer's inputs are the engine's: each record's pieces through inputIndex, as played and mirrored", () => {
    const records = playGame(3, { seed: 9, nodes: 200, randomPlies: 8 }, new Searcher(1)).records;
    const n = records.length / RECORD_BYTES;
    for (const kb of [SIX, THREE, null]) {
      for (const mirror of [false, true]) {
        const ds = emptyDataset(n, kb);
        decodeRecords(records, n, ds, 0, mirror);
        for (let i = 0; i < n; i++) {
          const side = ds.side[i];
          const kings = [RED, BLACK].map((c) => {
            for (let j = 0; j < ds.active[i]; j++)
              if (ds.code[i * MAX_ACTIVE + j] === (KING | (c << 3))) return ds.square[i * MAX_ACTIVE + j];
            return 0;
          });
          for (let j = 0; j < ds.active[i]; j++) {
            const at = i * MAX_ACTIVE + j;
            expect(ds.us[at]).toBe(inputIndex(kb, side, ds.code[at], ds.square[at], kings[side]));
            expect(ds.them[at]).toBe(inputIndex(kb, side ^ 1, ds.code[at], ds.square[at], kings[side ^ 1]));
            expect(ds.us[at]).toBeLessThan(kingBucketCount(kb) * 1260);
          }
        }
      }
    }
  });
});

describe('training king-bucketed and output-bucketed networks', () => {
  // A small data set made here: 8 self-play games at 300 nodes a move.
  const searcher = new Searcher(1);
  const records = Buffer.concat(
    Array.from({ length: 8 }, (_, g) => playGame(g, { seed: 11, nodes: 300, randomPlies: 6 }, searcher).records),
  );
  const total = records.length / RECORD_BYTES;

  it('trains a tiny h32, 6 king buckets, 8 output buckets network: the losses fall, and the quantised network agrees with the float one', () => {
    expect(total).toBeGreaterThan(250);
    const shape = { hidden: 32, kingBuckets: SIX, outputBuckets: 8 };
    const net = FloatNetwork.random(shape, 3);
    const trainer = new Trainer(net, { lambda: 0.25, scale: 400 });
    // Every fifth position held out (positions of the same games: a tiny net learns little that carries to other games).
    const all = Array.from({ length: total }, (_, i) => i);
    const valIdx = Uint32Array.from(all.filter((i) => i % 5 === 4));
    const train = all.filter((i) => i % 5 !== 4);
    // The training entries first, in played order, then the held-out ones (trainBatch takes ranges).
    const order = [...train, ...valIdx];
    const sorted = trainer.dataset(total);
    decodeRecords(Buffer.concat(order.map((i) => records.subarray(i * RECORD_BYTES, (i + 1) * RECORD_BYTES))), total, sorted, 0);
    valIdx.forEach((_, j) => (valIdx[j] = train.length + j));
    const trainIdx = Uint32Array.from(train, (_, j) => j);
    const ds = sorted;
    const { before, after, trainBefore, trainAfter } = trainTiny('tiny king-bucketed training', trainer, ds, trainIdx, valIdx);
    expect(trainAfter).toBeLessThan(trainBefore * 0.7);
    expect(after).toBeLessThan(before);
    // Every output bucket the data reaches has moved from its start (its bias starts at 0).
    const reached = new Set(Array.from({ length: total }, (_, i) => outputBucket(ds.active[i], 8)));
    for (const o of reached) expect(net.b2[o]).not.toBe(0);
    const qnet = net.quantize(400, 'test');
    expect([qnet.version, qnet.outputBuckets, kingBucketCount(qnet.kingBuckets)]).toEqual([2, 8, 6]);
    // The engine's evaluator on the position of each entry against the float network.
    const q = quantizationError(net, qnet, 400, ds, valIdx);
    console.log(`tiny king-bucketed training: quantised against float, mean ${q.mean.toFixed(2)} cp, max ${q.max.toFixed(1)} cp`);
    expect(q.mean).toBeLessThan(4);
    expect(q.max).toBeLessThan(25);
  });

  it('chuhan train --king-buckets 6 --output-buckets 4 writes that network, and a checkpoint of it resumes only with the same shape', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chuhan-kb-'));
    const data = join(dir, 'tiny.bin');
    const header = encodeHeader({
      version: 2,
      games: 8,
      positions: total,
      seed: 11,
      nodes: 300,
      randomPlies: 6,
      flags: 0,
      network: 0,
      openings: 0,
      engine: 1,
      shard: null,
      schedule: 0,
    });
    writeFileSync(data, Buffer.concat([header, records]));
    const lines: string[] = [];
    const opts = {
      data: [data],
      out: join(dir, 'kb.nnue'),
      hidden: 16,
      kingBuckets: SIX,
      outputBuckets: 4,
      epochs: 1,
      batch: 64,
      lr: 0.01,
      gamma: 0.9,
      lambda: 0.25,
      scale: 400,
      seed: 1,
      val: 0.2,
      mirror: true,
    };
    expect(await runTrain(opts, (l) => lines.push(l))).toBe(0);
    const net = decodeNetwork(readFileSync(opts.out));
    expect([net.version, net.hidden, net.outputBuckets, net.description]).toEqual([2, 16, 4, 'chuhan h16 k6 o4 e1']);
    expect(Array.from(net.kingBuckets!)).toEqual(Array.from(SIX));
    const errors: string[] = [];
    expect(await runTrain({ ...opts, epochs: 2, outputBuckets: 8, resume: true }, (l) => errors.push(l))).toBe(1);
    expect(errors.at(-1)).toMatch(/cannot resume from .*kb\.nnue\.ckpt: a checkpoint of another network size/);
    // As many buckets, mapped otherwise: the checkpoint's identity names the difference.
    expect(await runTrain({ ...opts, epochs: 2, kingBuckets: Uint8Array.of(5, 4, 3, 2, 1, 0), resume: true }, (l) => errors.push(l))).toBe(
      1,
    );
    expect(errors.at(-1)).toMatch(/cannot resume from .*kb\.nnue\.ckpt: it was made with kingBuckets \[0,1,2,3,4,5\], not \[5,4,3,2,1,0\]/);
    const resumed: string[] = [];
    expect(await runTrain({ ...opts, epochs: 2, resume: true }, (l) => resumed.push(l))).toBe(0);
    expect(resumed.some((l) => l.includes('resuming at epoch 2'))).toBe(true);
    expect(decodeNetwork(readFileSync(opts.out)).description).toBe('chuhan h16 k6 o4 e2');
  });
});

// (The same in the session, in process: nnue-format.test.ts.)
describe('EvalFile through the executable', () => {
  const exe = builtEngine();
  const dir = mkdtempSync(join(tmpdir(), 'chuhan-nnue2-'));
  const king = join(dir, 'king.nnue');
  const foreign = join(dir, 'foreign.nnue');
  writeFileSync(king, encodeNetwork(randomShapedNetwork(256, SIX, 8, 7)));
  writeFileSync(foreign, Buffer.concat([Buffer.from('PK\x03\x04'), readFileSync(king).subarray(4)]));

  const search = (setup: string[]): Promise<{ line: string; notes: string[] }> =>
    withChuhan(exe, 'uci', async (e) => {
      e.send(...setup, 'isready');
      await e.expect((l) => l === 'readyok');
      e.send('position startpos moves h2e2 h9g7', 'go depth 6');
      const info = await e.expect(/^info depth 6 .*nodes (\d+)/);
      await e.expect(/^bestmove /);
      const notes = e.received.map((r) => r.line).filter((l) => l.startsWith('info string'));
      return { line: info.line.replace(/ time \d+| nps \d+| hashfull \d+/g, ''), notes };
    });

  it('searches with a version 2 king-bucketed network, and keeps it when a foreign file is named', async () => {
    const builtIn = await search([]);
    const loaded = await search([`setoption name EvalFile value ${king}`]);
    const kept = await search([`setoption name EvalFile value ${king}`, `setoption name EvalFile value ${foreign}`]);
    expect(loaded.notes.some((l) => l.includes('king.nnue loaded (256 neurons a side, 6 king buckets, 8 output buckets'))).toBe(true);
    expect(loaded.line).not.toBe(builtIn.line);
    expect(kept.line).toBe(loaded.line);
    expect(
      kept.notes.some((l) => l.includes('foreign.nnue') && l.includes('bad magic') && l.includes('still using') && l.includes('king.nnue')),
    ).toBe(true);
  });
});
