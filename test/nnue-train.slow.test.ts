// The trainer and the self-play behind it, at length (the slow project; nnue.test.ts has the rest
// of the network's tests): self-play games are a function of the seed and the game index alone,
// and a tiny network trained on 12 self-play games lowers the held-out loss and survives
// quantisation within a few centipawns.
import { describe, expect, it } from 'vitest';
import { RECORD_BYTES } from '../bench/nnue/data-format';
import { decodeRecords, emptyDataset } from '../bench/nnue/dataset';
import { FloatNetwork, outputScale, QB } from '../bench/nnue/float-network';
import { playGame } from '../bench/nnue/selfplay';
import { quantizationError, Trainer } from '../bench/nnue/train';
import { Searcher } from '../engine/search';
import { trainTiny } from './network-helpers';

describe('self-play and the trainer', () => {
  it('self-play games are a function of the seed and the game index alone', () => {
    const opts = { seed: 5, nodes: 300, randomPlies: 8 };
    const a = playGame(3, opts, new Searcher(1));
    const s = new Searcher(1);
    playGame(9, opts, s); // a searcher that has played another game first
    const b = playGame(3, opts, s);
    expect(b.records).toEqual(a.records);
    expect(playGame(4, opts, s).records).not.toEqual(a.records);
  });

  it('trains a tiny network: the held-out loss falls, and the quantised network agrees with the float one', () => {
    // A small data set made here: 12 self-play games at 300 nodes a move.
    const chunks: Uint8Array[] = [];
    const searcher = new Searcher(1);
    for (let g = 0; g < 12; g++) chunks.push(playGame(g, { seed: 1, nodes: 300, randomPlies: 6 }, searcher).records);
    const total = chunks.reduce((s, c) => s + c.length / RECORD_BYTES, 0);
    expect(total).toBeGreaterThan(300);
    const ds = emptyDataset(total);
    let at = 0;
    for (const c of chunks) {
      decodeRecords(c, c.length / RECORD_BYTES, ds, at);
      at += c.length / RECORD_BYTES;
    }
    const nVal = Math.floor(total / 5);
    const trainIdx = new Uint32Array(total - nVal).map((_, i) => i);
    const valIdx = new Uint32Array(nVal).map((_, i) => total - nVal + i);
    const net = FloatNetwork.random(16, 3);
    const trainer = new Trainer(net, { lambda: 0.25, scale: 400 });
    const { before, after, trainBefore, trainAfter } = trainTiny('tiny training', trainer, ds, trainIdx, valIdx);
    expect(trainAfter).toBeLessThan(trainBefore * 0.7);
    expect(after).toBeLessThan(before);
    const qnet = net.quantize(400, 'test');
    const q = quantizationError(net, qnet, 400, ds, valIdx);
    // Rounding the first layer to 1/255 and the output to 1/qb: a few centipawns.
    expect(q.mean).toBeLessThan(4);
    expect(q.max).toBeLessThan(25);
    // The finer output scale chosen for small output weights rounds no worse than the coarsest.
    expect(qnet.qb).toBe(outputScale(net.w2));
    const coarse = quantizationError(net, net.quantize(400, 'test', QB), 400, ds, valIdx);
    console.log(
      `tiny training: quantised against float, mean ${q.mean.toFixed(2)} cp at QB ${qnet.qb}, ${coarse.mean.toFixed(2)} cp at QB ${QB}`,
    );
    if (qnet.qb > QB) expect(q.mean).toBeLessThan(coarse.mean);
  });
});
