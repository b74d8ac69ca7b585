// The streaming trainer: the order of the training entries (every entry once an epoch, windows
// within the buffer, a mirror image with its original), the learning-rate schedules, the data
// source over several files, and the reproducibility of the trainer as it was before streaming:
// data that fits the buffer gives, bit for bit, the network of the in-memory trainer it replaced
// (written out here as it was: everything decoded, one index array shuffled every epoch).
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeNetwork, encodeNetwork } from '../engine/nnue-format';
import { Searcher } from '../engine/search';
import { encodeHeader, HEADER_BYTES, RECORD_BYTES } from '../bench/nnue/data-format';
import { DataSource } from '../bench/nnue/data-source';
import { decodeRecords, emptyDataset } from '../bench/nnue/dataset';
import { FloatNetwork } from '../bench/nnue/float-network';
import { learningRate } from '../bench/nnue/lr-schedule';
import { playGame } from '../bench/nnue/selfplay';
import { runTrain, Trainer } from '../bench/nnue/train';
import { TrainingOrder } from '../bench/nnue/training-order';
import { ROOT } from './e2e-engine';
import { rng } from './helpers';

const dir = mkdtempSync(join(tmpdir(), 'chuhan-train-stream-'));

/** A data file of self-play games (hand-written evaluation, 200 nodes a move). */
function dataFile(name: string, games: number, seed: number): { file: string; records: Uint8Array } {
  const searcher = new Searcher(1);
  const parts: Uint8Array[] = [];
  for (let g = 0; g < games; g++) parts.push(playGame(g, { seed, nodes: 200, randomPlies: 6 }, searcher).records);
  const records = Buffer.concat(parts);
  const positions = records.length / RECORD_BYTES;
  const header = encodeHeader({
    version: 2,
    games,
    positions,
    seed,
    nodes: 200,
    randomPlies: 6,
    flags: 0,
    network: 0,
    openings: 0,
    engine: 1,
    shard: null,
    schedule: 0,
  });
  const file = join(dir, name);
  writeFileSync(file, Buffer.concat([header, records]));
  return { file, records: new Uint8Array(records) };
}

describe('the order of the training entries', () => {
  for (const [nTrain, buffer, chunk, mirror] of [
    [1000, 4000, 64, true],
    [1000, 256, 64, true],
    [1000, 300, 64, false],
    [1001, 64, 64, true],
  ] as const) {
    it(`${nTrain} positions, buffer ${buffer}, chunks of ${chunk}${mirror ? ', mirror images' : ''}: every entry once an epoch, windows within the buffer`, () => {
      const played = nTrain + 50;
      const order = new TrainingOrder({ nTrain, played, mirror, buffer, chunk }, rng(3));
      expect(order.whole).toBe(nTrain <= buffer);
      const firstEpochs: string[] = [];
      for (let epoch = 0; epoch < 3; epoch++) {
        const seen = new Uint8Array(played + nTrain);
        const sequence: number[] = [];
        for (const w of order.beginEpoch()) {
          const positions = new Set<number>();
          const entries = order.windowEntries(w);
          expect(entries.length).toBe(order.windowSize(w));
          for (const e of entries) {
            seen[e]++;
            sequence.push(e);
            positions.add(e >= played ? e - played : e);
          }
          // The window's records: its chunks' positions, within the buffer; a mirror image's
          // original is among them.
          expect(positions.size).toBeLessThanOrEqual(buffer);
        }
        for (let e = 0; e < played + nTrain; e++) {
          const want = e < nTrain || (mirror && e >= played) ? 1 : 0;
          expect(seen[e], `entry ${e}`).toBe(want);
        }
        firstEpochs.push(sequence.join(','));
      }
      // Each epoch in another order.
      expect(new Set(firstEpochs).size).toBe(3);
    });
  }

  it('skipping windows draws what taking them draws, so a resumed training finds the same order', () => {
    for (const buffer of [4000, 256]) {
      const cfg = { nTrain: 1000, played: 1050, mirror: true, buffer, chunk: 64 };
      const a = new TrainingOrder(cfg, rng(9));
      const b = new TrainingOrder(cfg, rng(9));
      for (let epoch = 0; epoch < 2; epoch++) {
        const wa = a.beginEpoch();
        const wb = b.beginEpoch();
        wa.forEach((w) => a.windowEntries(w));
        wb.forEach((w) => b.skipWindow(w));
      }
      const wa = a.beginEpoch();
      const wb = b.beginEpoch();
      expect(wb).toEqual(wa);
      a.windowEntries(wa[0]);
      b.skipWindow(wb[0]);
      if (wa.length > 1) expect(Array.from(b.windowEntries(wb[1]))).toEqual(Array.from(a.windowEntries(wa[1])));
    }
  });
});

describe('the learning rate', () => {
  const base = { lr: 0.002, gamma: 0.8, schedule: 'step' as const, warmup: 0, lrMin: 0, epochs: 10 };
  it('step: lr times gamma each epoch, the same all through an epoch', () => {
    expect(learningRate(base, 0, 0, 100, 1)).toBe(0.002);
    expect(learningRate(base, 3, 50, 100, 9)).toBe(0.002 * Math.pow(0.8, 3));
  });
  it('cosine: lr at the start, half way at the middle, lrMin at the end, falling batch by batch', () => {
    const c = { ...base, schedule: 'cosine' as const, lrMin: 0.0002, epochs: 4 };
    expect(learningRate(c, 0, 0, 100, 1)).toBeCloseTo(0.002, 12);
    expect(learningRate(c, 2, 0, 100, 1)).toBeCloseTo(0.0011, 12);
    expect(learningRate(c, 3, 100, 100, 1)).toBeCloseTo(0.0002, 12);
    expect(learningRate(c, 1, 60, 100, 1)).toBeLessThan(learningRate(c, 1, 50, 100, 1));
  });
  it('warm-up: linear over the first batches, then the schedule', () => {
    const w = { ...base, warmup: 4 };
    expect([1, 2, 3, 4, 5].map((s) => learningRate(w, 0, 0, 100, s))).toEqual([0.0005, 0.001, 0.0015, 0.002, 0.002]);
  });
});

describe('the data source', () => {
  it('reads positions across files as one sequence, with a limit, or the counts a checkpoint names', () => {
    const a = dataFile('a.bin', 2, 1);
    const b = dataFile('b.bin', 2, 2);
    const na = a.records.length / RECORD_BYTES;
    const nb = b.records.length / RECORD_BYTES;
    const all = Buffer.concat([a.records, b.records]);
    const src = new DataSource([a.file, b.file]);
    expect(src.size).toBe(na + nb);
    const out = new Uint8Array(10 * RECORD_BYTES);
    src.read(na - 4, 10, out);
    expect(Buffer.from(out).equals(all.subarray((na - 4) * RECORD_BYTES, (na + 6) * RECORD_BYTES))).toBe(true);
    expect(() => src.read(na + nb - 2, 5, new Uint8Array(5 * RECORD_BYTES))).toThrow(/beyond the data/);
    src.close();
    expect(new DataSource([a.file, b.file], na + 3).size).toBe(na + 3);
    expect(new DataSource([a.file, b.file], Infinity, [5, 7]).size).toBe(12);
    expect(() => new DataSource([a.file], Infinity, [na + 1])).toThrow(/holds \d+ positions, fewer than the \d+ the training started with/);
    expect(() => new DataSource([join(dir, 'none.bin')])).toThrow(/cannot read .*none\.bin: no such file/);
    // A shard's file is refused: merge first.
    const shard = readFileSync(a.file);
    shard.set(
      encodeHeader({
        version: 2,
        games: 0,
        positions: 0,
        seed: 1,
        nodes: 200,
        randomPlies: 6,
        flags: 2,
        network: 0,
        openings: 0,
        engine: 1,
        shard: { k: 1, n: 2 },
        schedule: 4,
      }),
      0,
    );
    writeFileSync(join(dir, 'shard.bin'), shard.subarray(0, HEADER_BYTES));
    expect(() => new DataSource([join(dir, 'shard.bin')])).toThrow(/is shard 1\/2 of a datagen run; merge the shards/);
  });
});

describe('reproducibility', () => {
  it('data that fits the buffer trains, bit for bit, into the network of the in-memory trainer it replaced', async () => {
    const { file, records } = dataFile('repro.bin', 6, 5);
    const played = records.length / RECORD_BYTES;
    const opts = { hidden: 8, epochs: 3, batch: 64, lr: 0.01, gamma: 0.7, lambda: 0.25, scale: 400, seed: 4, val: 0.1 };
    for (const mirror of [false, true]) {
      // The trainer before streaming: every position decoded, the mirror images appended after the
      // played ones, one index array shuffled in place every epoch by one generator.
      const nVal = Math.max(1, Math.floor(played * opts.val));
      const nTrain = played - nVal;
      const ds = emptyDataset(played + (mirror ? nTrain : 0));
      decodeRecords(records, played, ds, 0);
      if (mirror) decodeRecords(records, nTrain, ds, played, true);
      const idx = Uint32Array.from({ length: nTrain + (mirror ? nTrain : 0) }, (_, i) => (i < nTrain ? i : played + i - nTrain));
      const net = FloatNetwork.random(opts.hidden, opts.seed);
      const trainer = new Trainer(net, opts);
      const random = rng(opts.seed ^ 0x5bd1e995);
      const batch = emptyDataset(opts.batch);
      for (let e = 0; e < opts.epochs; e++) {
        for (let j = idx.length - 1; j > 0; j--) {
          const k = Math.floor(random() * (j + 1));
          [idx[j], idx[k]] = [idx[k], idx[j]];
        }
        for (let from = 0; from < idx.length; from += opts.batch) {
          const n = Math.min(opts.batch, idx.length - from);
          // Copy entry idx[from + j] of ds into the batch.
          for (let j = 0; j < n; j++) {
            const i = idx[from + j];
            batch.us.set(ds.us.subarray(i * 32, i * 32 + 32), j * 32);
            batch.them.set(ds.them.subarray(i * 32, i * 32 + 32), j * 32);
            batch.active[j] = ds.active[i];
            batch.score[j] = ds.score[i];
            batch.result[j] = ds.result[i];
          }
          trainer.trainBatch(batch, 0, n, opts.lr * Math.pow(opts.gamma, e));
        }
      }
      const out = join(dir, `repro${mirror ? '-mirror' : ''}.nnue`);
      const lines: string[] = [];
      expect(await runTrain({ ...opts, data: [file], out, mirror }, (l) => lines.push(l))).toBe(0);
      expect(lines[0]).toMatch(/all training positions in memory/);
      expect(Buffer.from(readFileSync(out)).equals(Buffer.from(encodeNetwork(net.quantize(opts.scale, `chuhan h8 e${opts.epochs}`))))).toBe(
        true,
      );
    }
  });

  it('a training continued for more epochs from its checkpoint ends where one longer training does, windows and all', async () => {
    const { file } = dataFile('more.bin', 6, 6);
    // Windows of 2 chunks of 64 positions.
    const opts = {
      data: [file],
      hidden: 8,
      batch: 32,
      lr: 0.01,
      gamma: 0.8,
      lambda: 0.25,
      scale: 400,
      seed: 2,
      val: 0.1,
      mirror: true,
      buffer: 128,
      chunk: 64,
    };
    const lines: string[] = [];
    const log = (l: string) => lines.push(l);
    expect(await runTrain({ ...opts, epochs: 4, out: join(dir, 'long.nnue') }, log)).toBe(0);
    expect(lines[0]).toMatch(/read in shuffled windows of 128 positions .* chunks of 64/);
    expect(await runTrain({ ...opts, epochs: 2, out: join(dir, 'short.nnue') }, log)).toBe(0);
    expect(await runTrain({ ...opts, epochs: 4, out: join(dir, 'short.nnue'), resume: true }, log)).toBe(0);
    expect(readFileSync(join(dir, 'short.nnue')).equals(readFileSync(join(dir, 'long.nnue')))).toBe(true);
    expect(readFileSync(join(dir, 'short.nnue.ckpt')).equals(readFileSync(join(dir, 'long.nnue.ckpt')))).toBe(true);
  });
});

describe('fine-tuning from a network (train --init)', () => {
  it('the built-in network comes back byte for byte from the float weights it stands for', () => {
    const bytes = new Uint8Array(readFileSync(join(ROOT, 'nets', 'chuhan.nnue')));
    const net = decodeNetwork(bytes);
    const again = encodeNetwork(FloatNetwork.fromNetwork(net).quantize(net.scale, net.description));
    expect(Buffer.from(again).equals(Buffer.from(bytes))).toBe(true);
  });

  it('a training from a network starts where that network stands, and is refused a network of another shape', async () => {
    const { file } = dataFile('init.bin', 6, 8);
    const opts = { data: [file], hidden: 8, batch: 32, lr: 0.01, gamma: 0.8, lambda: 0.25, scale: 400, val: 0.1, mirror: true };
    const base = join(dir, 'base.nnue');
    const heldOut = (lines: string[], epoch: number): number => {
      const line = lines.find((l) => l.includes(`epoch ${epoch}`) && l.includes('held-out loss'));
      return Number(/held-out loss ([\d.]+)/.exec(line ?? '')?.[1]);
    };
    const baseLines: string[] = [];
    expect(await runTrain({ ...opts, seed: 2, epochs: 3, out: base }, (l) => baseLines.push(l))).toBe(0);
    const randomStart = heldOut(baseLines, 0);
    const trained = heldOut(baseLines, 3);
    expect(trained).toBeLessThan(randomStart);

    // With a vanishing learning rate the weights stay the network's own: the same file comes out.
    const still: string[] = [];
    const stillOut = join(dir, 'still.nnue');
    const description = decodeNetwork(new Uint8Array(readFileSync(base))).description;
    expect(await runTrain({ ...opts, seed: 7, epochs: 1, lr: 1e-12, init: base, description, out: stillOut }, (l) => still.push(l))).toBe(
      0,
    );
    expect(still.some((l) => l.startsWith(`train: starting from the weights of ${base} (chuhan h8 e3)`))).toBe(true);
    expect(readFileSync(stillOut).equals(readFileSync(base))).toBe(true);
    // Its loss before any step is the base's after its last epoch, to the rounding of the file's weights.
    expect(Math.abs(heldOut(still, 0) - trained)).toBeLessThan(0.05 * trained);

    // Refused, naming the difference; nothing is written.
    const errors: string[] = [];
    const refusedOut = join(dir, 'refused.nnue');
    expect(await runTrain({ ...opts, seed: 7, epochs: 1, hidden: 4, init: base, out: refusedOut }, (l) => errors.push(l))).toBe(1);
    expect(errors.at(-1)).toBe(`chuhan train: --init ${base}: a network of 8 neurons a side, more than 4 (--hidden 8)`);
    expect(await runTrain({ ...opts, seed: 7, epochs: 1, scale: 300, init: base, out: refusedOut }, (l) => errors.push(l))).toBe(1);
    expect(errors.at(-1)).toBe(`chuhan train: --init ${base}: a network of scale 400, not 300 (--scale)`);
    expect(await runTrain({ ...opts, seed: 7, epochs: 1, init: file, out: refusedOut }, (l) => errors.push(l))).toBe(1);
    expect(errors.at(-1)).toBe(`chuhan train: --init ${file}: not a Chuhan network file (bad magic)`);
    expect(await runTrain({ ...opts, seed: 7, epochs: 1, init: join(dir, 'none.nnue'), out: refusedOut }, (l) => errors.push(l))).toBe(1);
    expect(errors.at(-1)).toBe(`chuhan train: --init ${join(dir, 'none.nnue')}: cannot read it (ENOENT)`);
    expect(existsSync(refusedOut)).toBe(false);
    // A larger shape grows from it (FloatNetwork.grownFrom) and starts where it stands.
    const grown: string[] = [];
    const grownOut = join(dir, 'grown.nnue');
    expect(
      await runTrain({ ...opts, seed: 7, epochs: 1, lr: 1e-12, hidden: 16, outputBuckets: 2, init: base, out: grownOut }, (l) =>
        grown.push(l),
      ),
    ).toBe(0);
    expect(grown.some((l) => l.startsWith(`train: starting from the weights of ${base} (chuhan h8 e3), grown to h16 o2`))).toBe(true);
    expect(Math.abs(heldOut(grown, 0) - heldOut(still, 0))).toBeLessThan(1e-6);
    // A checkpoint of a fine-tuning resumes only from the same network.
    expect(
      await runTrain({ ...opts, seed: 7, epochs: 2, lr: 1e-12, init: base, description, out: stillOut, resume: true }, (l) =>
        errors.push(l),
      ),
    ).toBe(0);
    expect(
      await runTrain({ ...opts, seed: 7, epochs: 3, lr: 1e-12, description, out: stillOut, resume: true }, (l) => errors.push(l)),
    ).toBe(1);
    expect(errors.at(-1)).toMatch(
      /cannot resume from .*still\.nnue\.ckpt: it was made with init \{"file":"base\.nnue","fnv":\d+\}, not without it;/,
    );
  });
});
