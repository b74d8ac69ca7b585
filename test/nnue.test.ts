// The network evaluation: incremental accumulators against a from-scratch computation, colour
// symmetry, the file format's checks, the trainer on a tiny data set (quantised network against
// the float one), datagen's determinism, and EvalFile in the protocol session (in process).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { generateLegal, MAX_MOVES, Position, parseFen, toFen } from '../engine/index';
import { decodeNetwork, encodeNetwork, featureIndex, featureSquare, NetworkError, NNUE_INPUTS, type Network } from '../engine/nnue-format';
import { NnueEvaluator } from '../engine/nnue';
import { simdAvailable, simdModuleBytes, simdUsable } from '../engine/nnue-simd';
import { Searcher } from '../engine/search';
import { BLACK, RED, flipRank } from '../engine/types';
import {
  decodeHeader,
  encodeHeader,
  encodeRecord,
  HEADER_BYTES,
  RECORD_BYTES,
  recordPiece,
  recordRedResult,
  recordScore,
  recordSide,
  POINT_SQUARE,
} from '../bench/nnue/data-format';
import { decodeRecords, emptyDataset } from '../bench/nnue/dataset';
import { FloatNetwork, kingBucketMap, outputScale, QB, QB_MAX, W2_QUANT_MAX } from '../bench/nnue/float-network';
import { playGame } from '../bench/nnue/selfplay';
import { datasetPosition, runTrain } from '../bench/nnue/train';
import { embeddedNetwork } from '../engine/network';
import { withInProcess } from './session-harness';
import { randomWalk, rng } from './helpers';

const buf = new Int32Array(MAX_MOVES);

/** The position with the board turned over (ranks flipped) and the colours swapped. */
function mirrored(pos: Position): Position {
  const out = new Position();
  for (let code = 1; code < 16; code++) {
    for (let i = 0; i < pos.pcount[code]; i++) out.put(flipRank(pos.plist[code * 8 + i]), code ^ 8);
  }
  out.setSide(pos.side ^ 1);
  return out;
}

describe('network inputs', () => {
  it('featureSquare inverts featureIndex for every piece, point and perspective', () => {
    const seen = new Set<number>();
    for (const p of [RED, BLACK]) {
      for (const code of [1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15]) {
        for (const sq of POINT_SQUARE) {
          const f = featureIndex(p, code, sq);
          expect(f).toBeGreaterThanOrEqual(0);
          expect(f).toBeLessThan(NNUE_INPUTS);
          expect(featureSquare(p, f)).toEqual({ code, sq });
          if (p === RED) seen.add(f);
        }
      }
    }
    expect(seen.size).toBe(NNUE_INPUTS);
  });
});

describe('accumulators', () => {
  const net = embeddedNetwork();

  it('the incremental accumulator equals one computed from scratch over 30,000 random moves, unmakes and null moves', () => {
    const ev = new NnueEvaluator(net);
    let checked = 0;
    let mismatches = 0;
    randomWalk(30_000, 7, (pos) => {
      // Not every position is evaluated, as in a search: the stack must catch up over gaps.
      if ((pos.ply & 3) === 1) return;
      const a = ev.accumulators(pos);
      const b = ev.freshAccumulators(pos);
      checked++;
      for (let i = 0; i < a.length; i++) {
        if (a[i] !== b[i]) {
          mismatches++;
          break;
        }
      }
    });
    expect(checked).toBeGreaterThan(21_000);
    expect(mismatches).toBe(0);
  });

  it('a search with the network leaves no stale accumulator: evaluations after it equal fresh ones', () => {
    const ev = new NnueEvaluator(net);
    const searcher = new Searcher(4);
    searcher.setNetwork(ev);
    const pos = parseFen('2bakab2/6r2/2n1c1nc1/p1p2rp1p/4p4/2PN2PC1/P3P3P/6N2/3CA4/1RBAK1B1R w - - 0 1');
    const r = searcher.search(pos, { depth: 6 }, new Int32Array(2));
    expect(r.bestMove).not.toBe(0);
    const n = generateLegal(pos, buf, 0);
    for (let i = 0; i < n; i++) {
      pos.make(buf[i]);
      const fresh = new NnueEvaluator(net);
      expect(ev.evaluate(pos)).toBe(fresh.evaluate(pos));
      pos.unmake();
    }
  });

  it('is colour-symmetric: the mirrored position with colours swapped scores the same for the side to move (3,000 positions)', () => {
    const ev = new NnueEvaluator(net);
    const other = new NnueEvaluator(net);
    let checked = 0;
    randomWalk(3_000, 11, (pos) => {
      expect(other.evaluate(mirrored(pos))).toBe(ev.evaluate(pos));
      checked++;
    });
    expect(checked).toBeGreaterThan(2_900);
  });
});

describe('WebAssembly SIMD and the JavaScript loops', () => {
  /** A network of random weights: first-layer columns over the whole int16 range (accumulators wrap). */
  function randomNetwork(hidden: number, seed: number, qa = 255, w2max = W2_QUANT_MAX): Network {
    const random = rng(seed);
    const int = (lo: number, hi: number): number => lo + Math.floor(random() * (hi - lo + 1));
    const b1 = new Int16Array(hidden).map(() => int(-300, 300));
    const w1 = new Int16Array(NNUE_INPUTS * hidden).map(() => (random() < 0.02 ? int(-32768, 32767) : int(-120, 120)));
    const w2 = new Int16Array(2 * hidden).map(() => int(-w2max, w2max));
    return {
      hidden,
      qa,
      qb: 64,
      scale: 400,
      description: 'random',
      version: 2,
      kingBuckets: null,
      outputBuckets: 1,
      b1,
      w1,
      w2,
      b2: Int32Array.of(int(-100000, 100000)),
    };
  }

  it('Node has WebAssembly SIMD, and the module is small enough to compile synchronously anywhere (< 4 KB)', () => {
    expect(simdAvailable()).toBe(true);
    expect(new NnueEvaluator(embeddedNetwork()).simd).toBe(true);
    expect(new NnueEvaluator(embeddedNetwork(), { simd: false }).simd).toBe(false);
    expect(simdModuleBytes().length).toBeLessThan(4096);
  });

  for (const [what, stub] of [
    ['without WebAssembly', undefined],
    [
      'where WebAssembly lacks SIMD (validate refuses the module)',
      { ...(globalThis as unknown as { WebAssembly: object }).WebAssembly, validate: () => false },
    ],
  ] as Array<[string, unknown]>) {
    it(`falls back to the JavaScript loops ${what}, with the same evaluations`, async () => {
      const reference = new NnueEvaluator(embeddedNetwork());
      vi.stubGlobal('WebAssembly', stub);
      vi.resetModules();
      try {
        const fresh = await import('../engine/nnue');
        const simd = await import('../engine/nnue-simd');
        expect(simd.simdAvailable()).toBe(false);
        const ev = new fresh.NnueEvaluator(embeddedNetwork());
        expect(ev.simd).toBe(false);
        let checked = 0;
        randomWalk(2_000, 17, (pos) => {
          expect(ev.evaluate(pos)).toBe(reference.evaluate(pos));
          checked++;
        });
        expect(checked).toBeGreaterThan(1_900);
      } finally {
        vi.unstubAllGlobals();
        vi.resetModules();
      }
    });
  }

  it('the SIMD kernels are used only where they are exact', () => {
    const w2 = new Int16Array(256).fill(127);
    expect(simdUsable(128, 255, w2)).toBe(true);
    expect(simdUsable(512, 255, w2)).toBe(true);
    expect(simdUsable(1024, 255, w2)).toBe(false); // an i32 lane could overflow
    expect(simdUsable(132, 255, w2)).toBe(false); // not a multiple of 8
    expect(simdUsable(128, 300, w2)).toBe(false); // 300 * 127 > 32767: i16x8.mul could overflow
    w2[5] = -128; // 255 * 128 = 32640: still exact
    expect(simdUsable(128, 255, w2)).toBe(true);
    w2[5] = -129;
    expect(simdUsable(128, 255, w2)).toBe(false);
    // Such a network still evaluates, with the JavaScript loops.
    const net = randomNetwork(12, 4);
    expect(new NnueEvaluator(net).simd).toBe(false);
  });

  /** The evaluation straight from the formula in engine/nnue-format.ts, on accumulators from scratch, in doubles. */
  function reference(ev: NnueEvaluator, pos: Position): number {
    const { hidden: h, qa, qb, scale, w2, b2 } = ev.net;
    const acc = ev.freshAccumulators(pos);
    let sum = 0;
    for (let i = 0; i < 2 * h; i++) {
      const a = acc[i < h ? pos.side * h + i : (pos.side ^ 1) * h + i - h];
      const c = Math.min(Math.max(a, 0), qa);
      sum += c * c * w2[i];
    }
    return Math.round(((sum / qa + b2[0]) * scale) / (qa * qb));
  }

  for (const [what, net, simd] of [
    ['the built-in network', embeddedNetwork(), true],
    ['a random network with wrapping accumulators (H 64)', randomNetwork(64, 9), true],
    ['a random network (H 256)', randomNetwork(256, 10), true],
    ['a network beyond the SIMD bounds and int32 (QA 1000, |w2| <= 3000; JavaScript only)', randomNetwork(64, 11, 1000, 3000), false],
    ['a network with H 30 (JavaScript only)', randomNetwork(30, 12), false],
  ] as Array<[string, Network, boolean]>) {
    it(`give the same accumulators and evaluations, and those of the formula, on 20,000 positions: ${what}`, () => {
      const a = new NnueEvaluator(net);
      const b = new NnueEvaluator(net, { simd: false });
      expect(a.simd).toBe(simd);
      expect(b.simd).toBe(false);
      let checked = 0;
      let accMismatches = 0;
      let evalMismatches = 0;
      let refMismatches = 0;
      randomWalk(20_000, 13, (pos) => {
        if ((pos.ply & 3) === 2) return; // gaps, so that both catch up over several moves
        const e = a.evaluate(pos);
        if (e !== b.evaluate(pos)) evalMismatches++;
        if ((pos.ply & 7) === 1 && e !== reference(a, pos)) refMismatches++;
        const x = a.accumulators(pos);
        const y = b.accumulators(pos);
        if (x.some((v, i) => v !== y[i])) accMismatches++;
        checked++;
      });
      expect(checked).toBeGreaterThan(14_000);
      expect(evalMismatches).toBe(0);
      expect(refMismatches).toBe(0);
      expect(accMismatches).toBe(0);
    });
  }

  it('a search gives the same nodes and move with either', () => {
    const run = (simd: boolean) => {
      const pos = parseFen('2bakab2/6r2/2n1c1nc1/p1p2rp1p/4p4/2PN2PC1/P3P3P/6N2/3CA4/1RBAK1B1R w - - 0 1');
      const searcher = new Searcher(4);
      searcher.setNetwork(new NnueEvaluator(embeddedNetwork(), { simd }));
      const r = searcher.search(pos, { depth: 6 }, new Int32Array(2));
      return [r.bestMove, r.nodes, r.score];
    };
    const first = run(false);
    expect(run(false)).toEqual(first);
    expect(run(true)).toEqual(first);
  });
});

describe('network files', () => {
  const bytes = encodeNetwork(embeddedNetwork());

  it('round-trips through encode and decode', () => {
    const again = decodeNetwork(bytes);
    expect(again.hidden).toBe(embeddedNetwork().hidden);
    expect(encodeNetwork(again)).toEqual(bytes);
  });

  const bad: Array<[string, (b: Uint8Array) => Uint8Array, RegExp]> = [
    ['empty', () => new Uint8Array(0), /too short/],
    ['truncated', (b) => b.slice(0, b.length - 100), /truncated or corrupt/],
    ['bad magic', (b) => Object.assign(b.slice(), { 0: 0x58 }), /bad magic/],
    ['wrong version', (b) => Object.assign(b.slice(), { 8: 99 }), /version 99/],
    ['corrupt payload', (b) => Object.assign(b.slice(), { 1000: b[1000] ^ 0xff }), /checksum/],
  ];
  for (const [name, spoil, message] of bad) {
    it(`rejects a ${name} file with a message that names the problem`, () => {
      expect(() => decodeNetwork(spoil(bytes))).toThrow(NetworkError);
      expect(() => decodeNetwork(spoil(bytes))).toThrow(message);
    });
  }
});

describe('training data and the trainer', () => {
  it('a data record keeps the board, side, result and score', () => {
    const pos = parseFen('2bakab2/6r2/2n1c1nc1/p1p2rp1p/4p4/2PN2PC1/P3P3P/6N2/3CA4/1RBAK1B1R b - - 0 1');
    const rec = new Uint8Array(RECORD_BYTES);
    encodeRecord(rec, 0, pos.board, pos.side, 2, -1234);
    for (let k = 0; k < 90; k++) expect(recordPiece(rec, 0, k)).toBe(pos.board[POINT_SQUARE[k]]);
    expect(recordSide(rec, 0)).toBe(BLACK);
    expect(recordRedResult(rec, 0)).toBe(2);
    expect(recordScore(rec, 0)).toBe(-1234);
  });

  it('mirror images: the same board with the files reversed (a legal position with as many moves), score and result', () => {
    const records = playGame(1, { seed: 7, nodes: 1024, randomPlies: 8 }, new Searcher(1)).records;
    const n = records.length / RECORD_BYTES;
    expect(n).toBeGreaterThan(20);
    const ds = emptyDataset(n);
    decodeRecords(records, n, ds, 0);
    const half = Math.floor(n / 2);
    // Entries n.. hold the mirror images of the first half, as the trainer decodes them.
    const m = emptyDataset(n + half);
    decodeRecords(records, n, m, 0);
    decodeRecords(records, half, m, n, true);
    const mirrorFen = (fen: string): string => {
      const [board, ...rest] = fen.split(' ');
      return [
        board
          .split('/')
          .map((r) => [...r].reverse().join(''))
          .join('/'),
        ...rest,
      ].join(' ');
    };
    let asymmetric = 0;
    for (let j = 0; j < n + half; j++) {
      const side = recordSide(records, (j % n) * RECORD_BYTES);
      const fen = toFen(datasetPosition(m, j, side));
      if (j < n) {
        expect(fen).toBe(toFen(datasetPosition(ds, j, side)));
        continue;
      }
      const original = toFen(datasetPosition(ds, j - n, side));
      expect(fen).toBe(mirrorFen(original));
      if (fen !== original) asymmetric++;
      expect(generateLegal(parseFen(fen), buf, 0)).toBe(generateLegal(parseFen(original), new Int32Array(MAX_MOVES), 0));
      expect([m.score[j], m.result[j], m.active[j]]).toEqual([ds.score[j - n], ds.result[j - n], ds.active[j - n]]);
    }
    expect(asymmetric).toBeGreaterThan(half / 2);
  });

  /** One self-play game's positions in a data file of their own: its path and the count. */
  const tinyData = (prefix: string): { data: string; dir: string; n: number } => {
    const records = playGame(2, { seed: 7, nodes: 300, randomPlies: 8 }, new Searcher(1)).records;
    const n = records.length / RECORD_BYTES;
    const dir = mkdtempSync(join(tmpdir(), prefix));
    const data = join(dir, 'tiny.bin');
    const header = encodeHeader({
      version: 1,
      games: 1,
      positions: n,
      seed: 7,
      nodes: 300,
      randomPlies: 8,
      flags: 0,
      network: 0,
      openings: 0,
      engine: 0,
      shard: null,
      schedule: 0,
    });
    writeFileSync(data, Buffer.concat([header, records]));
    return { data, dir, n };
  };

  it('chuhan train --mirror adds the mirror images of the training positions only', async () => {
    const { data, dir, n } = tinyData('chuhan-mirror-');
    const lines: string[] = [];
    const opts = {
      data: [data],
      out: join(dir, 'tiny.nnue'),
      hidden: 8,
      epochs: 1,
      batch: 64,
      lr: 0.01,
      gamma: 0.9,
      lambda: 0.25,
      scale: 400,
      seed: 1,
      val: 0.2,
    };
    expect(await runTrain({ ...opts, mirror: true }, (l) => lines.push(l))).toBe(0);
    const nVal = Math.floor(n * 0.2);
    expect(lines[0]).toContain(`${n} positions (${n - nVal} training and their ${n - nVal} mirror images, ${nVal} held out)`);
    expect(decodeNetwork(readFileSync(opts.out)).hidden).toBe(8);
    lines.length = 0;
    expect(await runTrain(opts, (l) => lines.push(l))).toBe(0);
    expect(lines[0]).toContain(`${n} positions (${n - nVal} training, ${nVal} held out)`);
  });

  it('chuhan train --output-clip keeps the output weights within the bound', async () => {
    const { data, dir } = tinyData('chuhan-clip-');
    const opts = { data: [data], hidden: 8, epochs: 2, batch: 16, lr: 0.05, gamma: 0.9, lambda: 0.25, scale: 400, seed: 1, val: 0.2 };
    const largest = (file: string): number => {
      const net = decodeNetwork(readFileSync(file));
      return Math.max(...Array.from(net.w2, (w) => Math.abs(w) / net.qb));
    };
    const free = join(dir, 'free.nnue');
    const clipped = join(dir, 'clipped.nnue');
    expect(await runTrain({ ...opts, out: free }, () => {})).toBe(0);
    expect(await runTrain({ ...opts, out: clipped, outputClip: 0.05 }, () => {})).toBe(0);
    expect(largest(free)).toBeGreaterThan(0.06);
    expect(largest(clipped)).toBeLessThanOrEqual(0.05 + 1e-9);
  });

  it('a network grown into more neurons, output buckets or king buckets evaluates as it did', () => {
    const small = FloatNetwork.random(16, 3).quantize(400, 'small');
    const wider = FloatNetwork.grownFrom(small, { hidden: 32, kingBuckets: null, outputBuckets: 4 }, 9).quantize(400, 'wider');
    const kinged = FloatNetwork.grownFrom(small, { hidden: 16, kingBuckets: kingBucketMap(6), outputBuckets: 1 }, 9).quantize(400, 'k6');
    expect([wider.hidden, wider.outputBuckets, kinged.kingBuckets?.length]).toEqual([32, 4, 6]);
    const evals = (net: Network, fens: string[]): number[] => {
      const ev = new NnueEvaluator(net);
      return fens.map((fen) => {
        ev.reset();
        return ev.evaluate(parseFen(fen));
      });
    };
    const fens: string[] = [];
    randomWalk(400, 11, (pos) => fens.push(toFen(pos)));
    expect(evals(wider, fens)).toEqual(evals(small, fens));
    // King buckets: exactly so while neither king stands on the side file the buckets mirror (file f).
    const unmirrored = fens.filter(
      (fen) =>
        !/[kK]/.test(
          fen
            .split(' ')[0]
            .split('/')
            .map((row) => row.replace(/\d/g, (d) => '1'.repeat(+d))[5])
            .join(''),
        ),
    );
    expect(unmirrored.length).toBeGreaterThan(100);
    expect(evals(kinged, unmirrored)).toEqual(evals(small, unmirrored));
    expect(() => FloatNetwork.grownFrom(wider, { hidden: 16, kingBuckets: null, outputBuckets: 4 }, 9)).toThrow(/shrink/);
  });

  it('the output scale is the finest at which every output weight stays within the SIMD bound', () => {
    expect(outputScale([0.2, -0.1])).toBe(512);
    expect(outputScale([0.25])).toBe(512); // 0.25 * 512 = 128, the bound itself
    expect(outputScale([0.251])).toBe(256); // 128.5 rounds to 129
    expect(outputScale([1.98, 0.5])).toBe(QB);
    expect(outputScale([0, 0])).toBe(QB_MAX);
    const net = FloatNetwork.random(16, 5);
    for (let i = 0; i < net.w2.length; i++) net.w2[i] = ((i % 7) - 3) * 0.05;
    const qnet = net.quantize(400, 'test');
    expect(qnet.qb).toBe(512);
    expect(Math.max(...Array.from(qnet.w2, Math.abs))).toBeLessThanOrEqual(W2_QUANT_MAX);
    // Written and read back, the scale travels in the file and the engine evaluates with it.
    const back = decodeNetwork(encodeNetwork(qnet));
    expect(back.qb).toBe(512);
    expect(simdUsable(back.hidden, back.qa, back.w2)).toBe(true);
  });

  it('a datagen file header names what is wrong with a damaged file', () => {
    const head = new Uint8Array(HEADER_BYTES);
    expect(() => decodeHeader(head, HEADER_BYTES)).toThrow(/bad magic/);
  });
});

describe('EvalFile and Use NNUE in the session', () => {
  const dir = mkdtempSync(join(tmpdir(), 'chuhan-nnue-'));
  const good = join(dir, 'good.nnue');
  const bad = join(dir, 'bad.nnue');
  // Another network: the built-in one with its output bias moved, so that searches differ.
  const other = decodeNetwork(encodeNetwork(embeddedNetwork()));
  other.b2[0] += 40 * 255;
  writeFileSync(good, encodeNetwork(other));
  writeFileSync(bad, readFileSync(good).subarray(0, 5000));

  const nodesAtDepth = async (setup: string[]): Promise<{ nodes: number; notes: string[] }> =>
    withInProcess(
      'uci',
      async (e) => {
        e.send(...setup, 'isready');
        await e.expect((l) => l === 'readyok');
        e.send('position startpos moves h2e2 h9g7', 'go depth 5');
        const info = await e.expect(/^info depth 5 .*nodes (\d+)/);
        await e.expect(/^bestmove /);
        const notes = e.received.map((r) => r.line).filter((l) => l.startsWith('info string'));
        return { nodes: Number(/nodes (\d+)/.exec(info.line)![1]), notes };
      },
      { nodeLimit: undefined },
    );

  it('a bad network file is reported by name and the network in use stays', async () => {
    const classical = await nodesAtDepth(['setoption name Use NNUE value false']);
    const builtIn = await nodesAtDepth(['setoption name Use NNUE value true']);
    // The engine starts with the built-in network.
    expect((await nodesAtDepth([])).nodes).toBe(builtIn.nodes);
    const loaded = await nodesAtDepth(['setoption name Use NNUE value true', `setoption name EvalFile value ${good}`]);
    const kept = await nodesAtDepth([
      'setoption name Use NNUE value true',
      `setoption name EvalFile value ${good}`,
      `setoption name EvalFile value ${bad}`,
    ]);
    const missing = await nodesAtDepth([`setoption name EvalFile value ${join(dir, 'none.nnue')}`]);
    expect(missing.nodes).toBe(builtIn.nodes);
    expect(builtIn.nodes).not.toBe(classical.nodes);
    expect(loaded.nodes).not.toBe(builtIn.nodes);
    expect(kept.nodes).toBe(loaded.nodes);
    expect(kept.notes.some((l) => l.includes('bad.nnue') && /truncated or corrupt/.test(l) && l.includes('good.nnue'))).toBe(true);
    expect(missing.notes.some((l) => l.includes('none.nnue') && l.includes('no such file'))).toBe(true);
  });
});
