// WebAssembly SIMD kernels for the network evaluation (engine/nnue.ts), assembled here from a
// handful of opcodes so that nothing binary is committed and no tool is needed at build time.
//
// The module imports its memory (env.m) from the evaluator, which keeps the first-layer weights,
// the output weights and the accumulator ring in it; the evaluator's Int16Array views are over the
// same buffer, so JavaScript and WebAssembly share them with no copies. Every address and length
// below is in bytes and a multiple of 16 (the hidden size is a multiple of 8). Each kernel's loop
// takes four vectors a pass (their offsets as the loads' and stores' constant offsets, every
// pointer moved on once a pass), then the vectors left over one at a time.
//
//   quiet(dst, src, a0, s0, a1, s1, n)          dst[i] = src[i] + W[a0 + i] - W[s0 + i] over n bytes
//                                               (Red's half), and the same at +n with a1, s1 (Black's)
//   capture(dst, src, a0, s0, c0, a1, s1, c1, n) the same, less W[c0 + i] / W[c1 + i] (the captured piece)
//   output(us, them, w2, n, qa) -> f64          sum over h of clamp(acc, 0, qa)^2 * w2, both halves
//   add(dst, a, n) / sub(dst, a, n)             dst[i] += W[a + i] / dst[i] -= W[a + i] over n bytes (one
//                                               half: the refresh of a perspective whose king moved)
//
// The adds wrap modulo 2^16 like stores into an Int16Array, so the accumulators are bit-identical
// with the JavaScript loops. The output computes t = v * w2 with i16x8.mul (exact while
// qa * max|w2| <= 32767: 255 * 128 = 32640) and i32x4.dot_i16x8_s(t, v) into four i32 lanes; each
// lane takes H / 4 neurons of each half, so it stays below 2^31 while (H / 2) * qa^2 * max|w2| does
// (H <= 516 at QA 255, |w2| <= 128). The lanes are summed in doubles (exact). simdUsable() checks
// both bounds; networks outside them take the JavaScript loops, which give the same integers.
// The module is about 2.3 KB, below the 4 KB that Chrome allows to compile synchronously on the
// main thread.

/** The little of the WebAssembly API used here (the engine compiles with lib ES2022, no DOM types). */
interface WasmApi {
  validate(bytes: Uint8Array): boolean;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
  Memory: new (desc: { initial: number; maximum?: number }) => { buffer: ArrayBuffer };
}

export interface SimdKernels {
  memory: { buffer: ArrayBuffer };
  quiet(dst: number, src: number, a0: number, s0: number, a1: number, s1: number, n: number): void;
  capture(dst: number, src: number, a0: number, s0: number, c0: number, a1: number, s1: number, c1: number, n: number): void;
  output(us: number, them: number, w2: number, n: number, qa: number): number;
  add(dst: number, a: number, n: number): void;
  sub(dst: number, a: number, n: number): void;
}

// Opcodes.
const I32 = 0x7f;
const F64 = 0x7c;
const V128 = 0x7b;
const BLOCK = 0x02;
const LOOP = 0x03;
const BR = 0x0c;
const BR_IF = 0x0d;
const END = 0x0b;
const LOCAL_GET = 0x20;
const LOCAL_SET = 0x21;
const LOCAL_TEE = 0x22;
const I32_CONST = 0x41;
const I32_GT_U = 0x4b;
const I32_ADD = 0x6a;
const F64_ADD = 0xa0;
const F64_CONVERT_I32_S = 0xb7;
const VOID = 0x40;
// SIMD (prefix 0xfd, then the opcode as LEB128).
const V128_LOAD = 0x00;
const V128_STORE = 0x0b;
const V128_CONST = 0x0c;
const I16X8_SPLAT = 0x10;
const I32X4_EXTRACT_LANE = 0x1b;
const I16X8_ADD = 0x8e;
const I16X8_SUB = 0x91;
const I16X8_MUL = 0x95;
const I16X8_MIN_S = 0x96;
const I16X8_MAX_S = 0x98;
const I32X4_ADD = 0xae;
const I32X4_DOT_I16X8_S = 0xba;

function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n !== 0) b |= 0x80;
    out.push(b);
  } while (n !== 0);
  return out;
}

/** Signed LEB128 (i32.const immediates). */
function sleb(n: number): number[] {
  const out: number[] = [];
  for (;;) {
    const b = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (b & 0x40) === 0) || (n === -1 && (b & 0x40) !== 0)) {
      out.push(b);
      return out;
    }
    out.push(b | 0x80);
  }
}

function simd(op: number): number[] {
  return [0xfd, ...uleb(op)];
}

/** v128.load / v128.store with a 16-byte alignment hint and the constant byte offset `off`. */
const load = (off = 0): number[] => [...simd(V128_LOAD), 4, ...uleb(off)];
const store = (off = 0): number[] => [...simd(V128_STORE), 4, ...uleb(off)];
const get = (i: number): number[] => [LOCAL_GET, i];
/** local `i` += k. */
const bump = (i: number, k: number): number[] => [...get(i), I32_CONST, ...sleb(k), I32_ADD, LOCAL_SET, i];

function section(id: number, body: number[]): number[] {
  return [id, ...uleb(body.length), ...body];
}

function vec(items: number[][]): number[] {
  return [...uleb(items.length), ...items.flat()];
}

function name(s: string): number[] {
  return [...uleb(s.length), ...Array.from(s, (c) => c.charCodeAt(0))];
}

/** A function body: locals as [count, type] runs, then the code, then end. */
function body(locals: Array<[number, number]>, code: number[]): number[] {
  const b = [...vec(locals.map(([n, t]) => [...uleb(n), t])), ...code, END];
  return [...uleb(b.length), ...b];
}

/** Vectors (16 bytes each) handled per pass of a kernel's main loop; the rest one at a time. */
const UNROLL = 4;

/**
 * The loops of a kernel over n bytes (locals i and n, i from 0): `step(off)` handles the 16 bytes at
 * offset `off` from the kernel's pointers, and `advance(k)` moves every pointer on by k bytes. The
 * main loop takes UNROLL vectors a pass (their offsets as constants in the loads and stores), a
 * second loop the vectors left over one at a time.
 */
function loops(i: number, n: number, step: (off: number) => number[], advance: (k: number) => number[]): number[] {
  const out: number[] = [];
  for (const k of [UNROLL, 1]) {
    // block { loop { if (i + 16k > n) break; steps; i += 16k; pointers += 16k; continue } }
    out.push(BLOCK, VOID, LOOP, VOID, ...get(i), I32_CONST, ...sleb(16 * k), I32_ADD, ...get(n), I32_GT_U, BR_IF, 1);
    for (let v = 0; v < k; v++) out.push(...step(16 * v));
    out.push(...bump(i, 16 * k), ...advance(16 * k), BR, 0, END, END);
  }
  return out;
}

// biome-ignore format: WebAssembly code, one group of instructions a line
/** dst[off] = src[off] + W at a[off] - W at s[off] (- W at c[off]), every operand a pointer local. */
function updateStep(dst: number, src: number, a: number, s: number, c: number | null, off: number): number[] {
  const code = [...get(dst), ...get(src), ...load(off), ...get(a), ...load(off), ...simd(I16X8_ADD), ...get(s), ...load(off), ...simd(I16X8_SUB)];
  if (c !== null) code.push(...get(c), ...load(off), ...simd(I16X8_SUB));
  code.push(...store(off));
  return code;
}

// biome-ignore format: WebAssembly code, one group of instructions a line
function buildModule(): Uint8Array {
  const types = [
    [0x60, ...vec([[I32], [I32], [I32], [I32], [I32], [I32], [I32]]), 0], // quiet
    [0x60, ...vec([[I32], [I32], [I32], [I32], [I32], [I32], [I32], [I32], [I32]]), 0], // capture
    [0x60, ...vec([[I32], [I32], [I32], [I32], [I32]]), 1, F64], // output
    [0x60, ...vec([[I32], [I32], [I32]]), 0], // add, sub
  ];
  const advanceAll = (locals: number[]) => (k: number) => locals.flatMap((l) => bump(l, k));
  // quiet: params dst 0, src 1, a0 2, s0 3, a1 4, s1 5, n 6; locals i 7, dst2 8, src2 9 (Black's half: dst + n, src + n).
  const quiet = body(
    [[3, I32]],
    [
      ...get(0), ...get(6), I32_ADD, LOCAL_SET, 8,
      ...get(1), ...get(6), I32_ADD, LOCAL_SET, 9,
      ...loops(7, 6, (off) => [...updateStep(0, 1, 2, 3, null, off), ...updateStep(8, 9, 4, 5, null, off)], advanceAll([0, 1, 2, 3, 4, 5, 8, 9])),
    ],
  );
  // capture: params dst 0, src 1, a0 2, s0 3, c0 4, a1 5, s1 6, c1 7, n 8; locals i 9, dst2 10, src2 11.
  const capture = body(
    [[3, I32]],
    [
      ...get(0), ...get(8), I32_ADD, LOCAL_SET, 10,
      ...get(1), ...get(8), I32_ADD, LOCAL_SET, 11,
      ...loops(9, 8, (off) => [...updateStep(0, 1, 2, 3, 4, off), ...updateStep(10, 11, 5, 6, 7, off)], advanceAll([0, 1, 2, 3, 4, 5, 6, 7, 10, 11])),
    ],
  );
  // output: params us 0, them 1, w2 2, n 3, qa 4; locals i 5 (i32), w2them 6 (i32), hi 7, sum 8, v 9 (v128).
  const clamp = [...simd(I16X8_MAX_S), ...get(7), ...simd(I16X8_MIN_S)]; // v128.const 0 is pushed before
  const zero = [...simd(V128_CONST), ...new Array(16).fill(0)];
  const half = (acc: number, w: number, off: number): number[] => [
    ...get(acc), ...load(off), ...zero, ...clamp, LOCAL_TEE, 9, // v = clamp(acc, 0, qa)
    ...get(w), ...load(off), ...simd(I16X8_MUL), // t = v * w2 (fits int16)
    ...get(9), ...simd(I32X4_DOT_I16X8_S), // pairs of t * v into i32 lanes
    ...get(8), ...simd(I32X4_ADD), LOCAL_SET, 8,
  ];
  const lanes: number[] = [];
  for (let k = 0; k < 4; k++) {
    lanes.push(...get(8), ...simd(I32X4_EXTRACT_LANE), k, F64_CONVERT_I32_S);
    if (k > 0) lanes.push(F64_ADD);
  }
  const output = body(
    [[2, I32], [3, V128]],
    [
      ...get(4), ...simd(I16X8_SPLAT), LOCAL_SET, 7,
      ...get(2), ...get(3), I32_ADD, LOCAL_SET, 6,
      ...loops(5, 3, (off) => [...half(0, 2, off), ...half(1, 6, off)], advanceAll([0, 1, 2, 6])),
      ...lanes,
    ],
  );
  // add / sub: params dst 0, a 1, n 2; local i 3.
  const column = (op: number): number[] =>
    body(
      [[1, I32]],
      loops(3, 2, (off) => [...get(0), ...get(0), ...load(off), ...get(1), ...load(off), ...simd(op), ...store(off)], advanceAll([0, 1])),
    );
  const bytes = [
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, vec(types)),
    ...section(2, vec([[...name('env'), ...name('m'), 0x02, 0x00, 0x01]])), // memory, min 1 page
    ...section(3, vec([[0], [1], [2], [3], [3]])),
    ...section(7, vec([[...name('quiet'), 0, 0], [...name('capture'), 0, 1], [...name('output'), 0, 2], [...name('add'), 0, 3], [...name('sub'), 0, 4]])),
    ...section(10, vec([quiet, capture, output, column(I16X8_ADD), column(I16X8_SUB)])),
  ];
  return new Uint8Array(bytes);
}

function wasmApi(): WasmApi | null {
  const w = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;
  return w !== undefined && typeof w.validate === 'function' ? w : null;
}

let compiled: object | null | undefined;

/** The compiled module, or null where WebAssembly or its SIMD is unavailable (compiled once). */
function simdModule(): object | null {
  if (compiled !== undefined) return compiled;
  compiled = null;
  const api = wasmApi();
  if (api === null) return null;
  try {
    const bytes = buildModule();
    if (api.validate(bytes)) compiled = new api.Module(bytes);
  } catch {
    compiled = null;
  }
  return compiled;
}

/** Whether this runtime has WebAssembly SIMD (the module validates and compiles). */
export function simdAvailable(): boolean {
  return simdModule() !== null;
}

/** The largest |w2| whose products with clamp(acc, 0, qa) i16x8.mul computes exactly (128 at QA 255). */
export function simdMaxOutputWeight(qa: number): number {
  return Math.floor(32767 / qa);
}

/** Whether the SIMD kernels compute a network exactly (see the bounds above). */
export function simdUsable(hidden: number, qa: number, w2: Int16Array): boolean {
  if (hidden % 8 !== 0 || qa > 32767) return false;
  let max = 0;
  for (let i = 0; i < w2.length; i++) max = Math.max(max, Math.abs(w2[i]));
  return max <= simdMaxOutputWeight(qa) && (hidden / 2) * qa * qa * max <= 2 ** 31 - 1;
}

/** A fresh memory of `bytes` and the kernels over it, or null without SIMD. */
export function instantiateSimd(bytes: number): SimdKernels | null {
  const module = simdModule();
  const api = wasmApi();
  if (module === null || api === null) return null;
  const pages = Math.ceil(bytes / 65536);
  const memory = new api.Memory({ initial: pages, maximum: pages });
  const inst = new api.Instance(module, { env: { m: memory } });
  const e = inst.exports as unknown as Omit<SimdKernels, 'memory'>;
  return { memory, quiet: e.quiet, capture: e.capture, output: e.output, add: e.add, sub: e.sub };
}

/** The module's bytes (for tests: its size). */
export function simdModuleBytes(): Uint8Array {
  return buildModule();
}
