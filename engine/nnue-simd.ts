// WebAssembly SIMD kernels for the network evaluation (engine/nnue.ts), assembled here from a
// handful of opcodes so that nothing binary is committed and no tool is needed at build time.
//
// The module imports its memory (env.m) from the evaluator, which keeps the first-layer weights,
// the output weights and the accumulator ring in it; the evaluator's Int16Array views are over the
// same buffer, so JavaScript and WebAssembly share them with no copies. Every address and length
// below is in bytes and a multiple of 16 (the hidden size is a multiple of 8).
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
// The module is about 300 bytes, far below the 4 KB that Chrome allows to compile synchronously
// on the main thread.

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
const LOOP = 0x03;
const BR_IF = 0x0d;
const END = 0x0b;
const LOCAL_GET = 0x20;
const LOCAL_SET = 0x21;
const LOCAL_TEE = 0x22;
const I32_CONST = 0x41;
const I32_LT_U = 0x49;
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

function simd(op: number): number[] {
  return [0xfd, ...uleb(op)];
}

/** v128.load / v128.store with a 16-byte alignment hint and no offset. */
const load = (): number[] => [...simd(V128_LOAD), 4, 0];
const store = (): number[] => [...simd(V128_STORE), 4, 0];
const get = (i: number): number[] => [LOCAL_GET, i];
/** Pushes the v128 at local `base` + local `i`. */
const loadAt = (base: number, i: number): number[] => [...get(base), ...get(i), I32_ADD, ...load()];

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

/** do { code; i += 16 } while (i < n), with i and n locals. */
function loop16(i: number, n: number, code: number[]): number[] {
  return [LOOP, VOID, ...code, ...get(i), I32_CONST, 16, I32_ADD, LOCAL_TEE, i, ...get(n), I32_LT_U, BR_IF, 0, END];
}

/** One half of an update: store at dst + off + i the sum src + off + i, + W[a + i], - W[s + i] (- W[c + i]). */
function updateHalf(dst: number, src: number, off: number | null, a: number, s: number, c: number | null, i: number, tmp: number): number[] {
  // tmp = i (+ n for the second half): the accumulator offset.
  const at = off === null ? get(i) : [...get(i), ...get(off), I32_ADD];
  const code = [...at, LOCAL_SET, tmp];
  code.push(...get(dst), ...get(tmp), I32_ADD); // the store address
  code.push(...loadAt(src, tmp), ...loadAt(a, i), ...simd(I16X8_ADD), ...loadAt(s, i), ...simd(I16X8_SUB));
  if (c !== null) code.push(...loadAt(c, i), ...simd(I16X8_SUB));
  code.push(...store());
  return code;
}

function buildModule(): Uint8Array {
  const types = [
    [0x60, ...vec([[I32], [I32], [I32], [I32], [I32], [I32], [I32]]), 0], // quiet
    [0x60, ...vec([[I32], [I32], [I32], [I32], [I32], [I32], [I32], [I32], [I32]]), 0], // capture
    [0x60, ...vec([[I32], [I32], [I32], [I32], [I32]]), 1, F64], // output
    [0x60, ...vec([[I32], [I32], [I32]]), 0], // add, sub
  ];
  // quiet: params dst 0, src 1, a0 2, s0 3, a1 4, s1 5, n 6; locals i 7, tmp 8.
  const quiet = body([[2, I32]], loop16(7, 6, [...updateHalf(0, 1, null, 2, 3, null, 7, 8), ...updateHalf(0, 1, 6, 4, 5, null, 7, 8)]));
  // capture: params dst 0, src 1, a0 2, s0 3, c0 4, a1 5, s1 6, c1 7, n 8; locals i 9, tmp 10.
  const capture = body([[2, I32]], loop16(9, 8, [...updateHalf(0, 1, null, 2, 3, 4, 9, 10), ...updateHalf(0, 1, 8, 5, 6, 7, 9, 10)]));
  // output: params us 0, them 1, w2 2, n 3, qa 4; locals i 5 (i32), w2them 6 (i32), hi 7, sum 8, v 9 (v128).
  const clamp = [...simd(I16X8_MAX_S), ...get(7), ...simd(I16X8_MIN_S)]; // v128.const 0 is pushed before
  const zero = [...simd(V128_CONST), ...new Array(16).fill(0)];
  const half = (acc: number, w: number): number[] => [
    ...loadAt(acc, 5), ...zero, ...clamp, LOCAL_TEE, 9, // v = clamp(acc, 0, qa)
    ...loadAt(w, 5), ...simd(I16X8_MUL), // t = v * w2 (fits int16)
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
      ...loop16(5, 3, [...half(0, 2), ...half(1, 6)]),
      ...lanes,
    ],
  );
  // add / sub: params dst 0, a 1, n 2; local i 3.
  const column = (op: number): number[] =>
    body([[1, I32]], loop16(3, 2, [...get(0), ...get(3), I32_ADD, ...loadAt(0, 3), ...loadAt(1, 3), ...simd(op), ...store()]));
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
