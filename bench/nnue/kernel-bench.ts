// The NNUE kernels alone, WebAssembly SIMD against JavaScript loop shapes, on 4,000 real accumulators
// of the built-in network (docs/log/search.md quotes its figures). Variants alternate within one
// process, seven rounds, medians. Not part of the executable; run it with
//   npx esbuild bench/nnue/kernel-bench.ts --bundle --platform=node --target=node20 \
//     --outfile=/tmp/kernel-bench.cjs && node /tmp/kernel-bench.cjs
// from the repository's root (it reads nets/chuhan.nnue there).
import { readFileSync } from 'node:fs';
import { generateLegal, MAX_MOVES, parseFen, START_FEN } from '../../engine/index';
import { NNUE_INPUTS } from '../../engine/nnue-format';
import { NnueEvaluator } from '../../engine/nnue';
import { instantiateSimd } from '../../engine/nnue-simd';
import { embeddedNetwork, provideBuiltInNetwork } from '../../engine/network';
import { rng } from '../../engine/rng';

provideBuiltInNetwork(() => new Uint8Array(readFileSync('nets/chuhan.nnue')));
const net = embeddedNetwork();
const H = net.hidden;
const N = 4000;
const accs = new Int16Array(N * 2 * H);
{
  const ev = new NnueEvaluator(net, { simd: false });
  const buf = new Int32Array(MAX_MOVES);
  const random = rng(3);
  let pos = parseFen(START_FEN);
  for (let i = 0; i < N; i++) {
    const n = generateLegal(pos, buf, 0);
    if (n === 0 || pos.ply > 200) {
      pos = parseFen(START_FEN);
      i--;
      continue;
    }
    pos.make(buf[Math.floor(random() * n)]);
    accs.set(ev.accumulators(pos), i * 2 * H);
  }
}
const qa = net.qa;
const w2 = Int16Array.from(net.w2);
function outA(acc: Int16Array, us: number, them: number): number {
  let sumUs = 0;
  for (let i = 0; i < H; i++) {
    const a = acc[us + i];
    if (a > 0) {
      const c = a < qa ? a : qa;
      sumUs += c * c * w2[i];
    }
  }
  let sumThem = 0;
  for (let i = 0; i < H; i++) {
    const a = acc[them + i];
    if (a > 0) {
      const c = a < qa ? a : qa;
      sumThem += c * c * w2[H + i];
    }
  }
  return sumUs + sumThem;
}
function outB(acc: Int16Array, us: number, them: number): number {
  let sumUs = 0;
  for (let i = 0; i < H; i++) {
    let a = acc[us + i];
    a = a < 0 ? 0 : a > qa ? qa : a;
    sumUs += a * a * w2[i];
  }
  let sumThem = 0;
  for (let i = 0; i < H; i++) {
    let a = acc[them + i];
    a = a < 0 ? 0 : a > qa ? qa : a;
    sumThem += a * a * w2[H + i];
  }
  return sumUs + sumThem;
}
function outC(acc: Int16Array, us: number, them: number): number {
  let s0 = 0,
    s1 = 0;
  for (let i = 0; i < H; i++) {
    let a = acc[us + i];
    a = a < 0 ? 0 : a > qa ? qa : a;
    let b = acc[them + i];
    b = b < 0 ? 0 : b > qa ? qa : b;
    s0 += a * a * w2[i];
    s1 += b * b * w2[H + i];
  }
  return s0 + s1;
}
function outD(acc: Int16Array, us: number, them: number): number {
  // (v * w2) * v in int32 with Math.imul
  let s0 = 0,
    s1 = 0;
  for (let i = 0; i < H; i++) {
    let a = acc[us + i];
    a = a < 0 ? 0 : a > qa ? qa : a;
    let b = acc[them + i];
    b = b < 0 ? 0 : b > qa ? qa : b;
    s0 = (s0 + Math.imul(Math.imul(a, w2[i]), a)) | 0;
    s1 = (s1 + Math.imul(Math.imul(b, w2[H + i]), b)) | 0;
  }
  return s0 + s1;
}
const kern = instantiateSimd(2 * accs.length + 4 * H + 64)!;
const mAcc = new Int16Array(kern.memory.buffer, 0, accs.length);
mAcc.set(accs);
const W2B = 2 * accs.length;
new Int16Array(kern.memory.buffer, W2B, 2 * H).set(w2);
function outS(_acc: Int16Array, us: number, them: number): number {
  return kern.output(2 * us, 2 * them, W2B, 2 * H, qa);
}

const variants: Array<[string, (a: Int16Array, u: number, t: number) => number]> = [
  ['A branchy', outA],
  ['B ternary', outB],
  ['C fused', outC],
  ['D imul', outD],
  ['S simd', outS],
];
const ref = variants.map(([, f]) => {
  let s = 0;
  for (let i = 0; i < N; i++) s += f(accs, i * 2 * H, i * 2 * H + H);
  return s;
});
console.log('checks', ref);
const times = new Map<string, number[]>();
for (let round = 0; round < 7; round++) {
  for (const [name, f] of variants) {
    const t0 = performance.now();
    let s = 0;
    for (let rep = 0; rep < 50; rep++) for (let i = 0; i < N; i++) s += f(accs, i * 2 * H, i * 2 * H + H);
    const ns = ((performance.now() - t0) * 1e6) / (50 * N);
    if (!times.has(name)) times.set(name, []);
    times.get(name)!.push(ns);
  }
}
for (const [name, t] of times) {
  t.sort((a, b) => a - b);
  console.log('output', name, 'median ns/eval', t[3].toFixed(1), 'all', t.map((x) => x.toFixed(0)).join(' '));
}

// Updates: quiet move, both halves.
const w1 = Int16Array.from(net.w1);
const kw = instantiateSimd(2 * w1.length + 2 * 2 * 2 * H * 64 + 64)!;
const mW1 = new Int16Array(kw.memory.buffer, 0, w1.length);
mW1.set(w1);
const ACCB = 2 * w1.length;
const ring = new Int16Array(kw.memory.buffer, ACCB, 64 * 2 * H);
const ring2 = new Int16Array(64 * 2 * H);
const ring32 = new Int32Array(64 * 2 * H);
const r = rng(5);
const M = 4096;
const cols = new Int32Array(M * 4).map(() => Math.floor(r() * NNUE_INPUTS) * H);
function updA(acc: Int16Array, w: Int16Array, s: number, d: number, a0: number, s0: number, a1: number, s1: number): void {
  for (let p = 0; p < 2; p++) {
    const ss = s + p * H,
      dd = d + p * H,
      add = p ? a1 : a0,
      sub = p ? s1 : s0;
    for (let i = 0; i < H; i++) acc[dd + i] = acc[ss + i] + w[add + i] - w[sub + i];
  }
}
function updB(acc: Int16Array, w: Int16Array, s: number, d: number, a0: number, s0: number, a1: number, s1: number): void {
  // both halves in one loop, unrolled by 2
  for (let i = 0; i < H; i += 2) {
    acc[d + i] = acc[s + i] + w[a0 + i] - w[s0 + i];
    acc[d + i + 1] = acc[s + i + 1] + w[a0 + i + 1] - w[s0 + i + 1];
    acc[d + H + i] = acc[s + H + i] + w[a1 + i] - w[s1 + i];
    acc[d + H + i + 1] = acc[s + H + i + 1] + w[a1 + i + 1] - w[s1 + i + 1];
  }
}
function updC(acc: Int32Array, w: Int16Array, s: number, d: number, a0: number, s0: number, a1: number, s1: number): void {
  for (let p = 0; p < 2; p++) {
    const ss = s + p * H,
      dd = d + p * H,
      add = p ? a1 : a0,
      sub = p ? s1 : s0;
    for (let i = 0; i < H; i++) acc[dd + i] = acc[ss + i] + w[add + i] - w[sub + i];
  }
}
function updS(_acc: Int16Array, _w: Int16Array, s: number, d: number, a0: number, s0: number, a1: number, s1: number): void {
  kw.quiet(ACCB + 2 * d, ACCB + 2 * s, 2 * a0, 2 * s0, 2 * a1, 2 * s1, 2 * H);
}
const uvars: Array<[string, () => void]> = [
  [
    'A loops',
    () => {
      for (let k = 0; k < M; k++)
        updA(ring2, w1, (k & 63) * 2 * H, ((k + 1) & 63) * 2 * H, cols[4 * k], cols[4 * k + 1], cols[4 * k + 2], cols[4 * k + 3]);
    },
  ],
  [
    'A loops (wasm memory views)',
    () => {
      for (let k = 0; k < M; k++)
        updA(ring, mW1, (k & 63) * 2 * H, ((k + 1) & 63) * 2 * H, cols[4 * k], cols[4 * k + 1], cols[4 * k + 2], cols[4 * k + 3]);
    },
  ],
  [
    'B fused unrolled',
    () => {
      for (let k = 0; k < M; k++)
        updB(ring2, w1, (k & 63) * 2 * H, ((k + 1) & 63) * 2 * H, cols[4 * k], cols[4 * k + 1], cols[4 * k + 2], cols[4 * k + 3]);
    },
  ],
  [
    'C int32 acc',
    () => {
      for (let k = 0; k < M; k++)
        updC(ring32, w1, (k & 63) * 2 * H, ((k + 1) & 63) * 2 * H, cols[4 * k], cols[4 * k + 1], cols[4 * k + 2], cols[4 * k + 3]);
    },
  ],
  [
    'S simd',
    () => {
      for (let k = 0; k < M; k++)
        updS(ring, mW1, (k & 63) * 2 * H, ((k + 1) & 63) * 2 * H, cols[4 * k], cols[4 * k + 1], cols[4 * k + 2], cols[4 * k + 3]);
    },
  ],
];
const ut = new Map<string, number[]>();
for (let round = 0; round < 7; round++) {
  for (const [name, f] of uvars) {
    const t0 = performance.now();
    for (let rep = 0; rep < 20; rep++) f();
    const ns = ((performance.now() - t0) * 1e6) / (20 * M);
    if (!ut.has(name)) ut.set(name, []);
    ut.get(name)!.push(ns);
  }
}
for (const [name, t] of ut) {
  t.sort((a, b) => a - b);
  console.log('update', name, 'median ns/move', t[3].toFixed(1), 'all', t.map((x) => x.toFixed(0)).join(' '));
}
