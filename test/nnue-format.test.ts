// Network file format version 2: the architecture in the header (input set, king buckets, width,
// output buckets), version 1 files (test/data/gen3m.nnue) still read as before, and files that
// cannot be used refused with a message naming the problem while the network in use stays (in the
// evaluator setting and the session; the same through the executable is in nnue-king.slow.test.ts, in
// the slow project).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseFen, START_FEN } from '../engine/index';
import { checkNetwork, embeddedNetwork, embeddedNetworkBytes } from '../engine/network';
import { decodeNetwork, encodeNetwork, kingBucketCount, NetworkError, NNUE_V2_HEADER_BYTES } from '../engine/nnue-format';
import { NnueEvaluator } from '../engine/nnue';
import { EMBEDDED_NETWORK } from '../protocol/engine-options';
import { EvaluationSetting } from '../protocol/evaluation';
import type { SearchClient } from '../protocol/search-client';
import type { SessionHost } from '../protocol/session-host';
import { randomShapedNetwork } from './network-helpers';

const SIX = Uint8Array.of(0, 1, 2, 3, 4, 5);
/** gen3m, the built-in network before h256a: a version 1 file as the trainer of its day wrote it. */
const GEN3M = new URL('./data/gen3m.nnue', import.meta.url);

describe('network file versions', () => {
  it('the built-in network is a version 2 file (h256, plain inputs), written back byte for byte', () => {
    const net = embeddedNetwork();
    expect([net.version, net.kingBuckets, net.outputBuckets, net.hidden, net.b2.length]).toEqual([2, null, 1, 256, 1]);
    expect(Buffer.from(encodeNetwork(net)).equals(Buffer.from(embeddedNetworkBytes()))).toBe(true);
  });

  it('a version 1 file (gen3m, the network built in before) is read as before and written back byte for byte', () => {
    const bytes = readFileSync(GEN3M);
    const net = decodeNetwork(bytes);
    expect([net.version, net.kingBuckets, net.outputBuckets, net.hidden, net.b2.length]).toEqual([1, null, 1, 128, 1]);
    expect(Buffer.from(encodeNetwork(net)).equals(bytes)).toBe(true);
  });

  it('the same plain network as a version 2 file evaluates exactly as the version 1 file', () => {
    const v1 = readFileSync(GEN3M);
    const v2 = encodeNetwork({ ...decodeNetwork(v1), version: 2 });
    expect(new DataView(v2.buffer).getUint32(8, true)).toBe(2);
    expect(v2.length).toBe(v1.length - 64 + NNUE_V2_HEADER_BYTES);
    const back = decodeNetwork(v2);
    expect([back.version, back.kingBuckets, back.outputBuckets]).toEqual([2, null, 1]);
    const a = new NnueEvaluator(decodeNetwork(v1));
    const b = new NnueEvaluator(back);
    for (const fen of [
      START_FEN,
      '2bakab2/6r2/2n1c1nc1/p1p2rp1p/4p4/2PN2PC1/P3P3P/6N2/3CA4/1RBAK1B1R w - - 0 1',
      '4k4/9/9/9/9/9/9/9/4A4/3AK4 b - - 0 1',
    ]) {
      expect(b.evaluate(parseFen(fen))).toBe(a.evaluate(parseFen(fen)));
    }
  });

  for (const [hidden, kb, outs] of [
    [256, SIX, 1],
    [512, SIX, 8],
    [128, Uint8Array.of(0, 0, 1, 1, 2, 2), 8],
    [64, null, 4],
  ] as Array<[number, Uint8Array | null, number]>) {
    it(`round-trips a network of h${hidden}, ${kb === null ? 'plain inputs' : `${kingBucketCount(kb)} king buckets`}, ${outs} output bucket(s), its shape in the header`, () => {
      const net = randomShapedNetwork(hidden, kb, outs, hidden + outs);
      const bytes = encodeNetwork(net);
      const back = decodeNetwork(bytes);
      expect([back.version, back.hidden, back.outputBuckets]).toEqual([2, hidden, outs]);
      expect(back.kingBuckets === null ? null : Array.from(back.kingBuckets)).toEqual(kb === null ? null : Array.from(kb));
      const same = (x: ArrayBufferView, y: ArrayBufferView): boolean =>
        Buffer.from(x.buffer, x.byteOffset, x.byteLength).equals(Buffer.from(y.buffer, y.byteOffset, y.byteLength));
      expect(same(back.w1, net.w1) && same(back.b1, net.b1) && same(back.w2, net.w2) && same(back.b2, net.b2)).toBe(true);
      expect(same(encodeNetwork(back), bytes)).toBe(true);
    });
  }

  it('a version 1 file cannot hold king or output buckets', () => {
    expect(() => encodeNetwork({ ...randomShapedNetwork(16, SIX, 1, 1), version: 1 })).toThrow(
      /version 1 network file cannot hold h16, 6 king buckets/,
    );
  });
});

describe('files that cannot be used are refused, naming the problem', () => {
  const v2 = encodeNetwork(randomShapedNetwork(16, SIX, 8, 3));
  /** v2 with header field `at` (u32) set to `value`, its checksum left as it was (the header is not summed). */
  const withField = (at: number, value: number): Uint8Array => {
    const b = v2.slice();
    new DataView(b.buffer).setUint32(at, value, true);
    return b;
  };
  const withByte = (at: number, value: number): Uint8Array => Object.assign(v2.slice(), { [at]: value });
  // A Stockfish-family network starts with its version word and a hash, then a description.
  const stockfish = new Uint8Array(4096);
  new DataView(stockfish.buffer).setUint32(0, 0x7af32f20, true);
  const png = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(100).fill(0));
  const cases: Array<[string, Uint8Array, RegExp]> = [
    ['a Stockfish-family network', stockfish, /not a Chuhan network file \(bad magic\)/],
    ['a PNG image', png, /bad magic/],
    ['a later version', withField(8, 3), /version 3; this engine reads versions 1 and 2/],
    ['an unknown input set', withField(40, 2), /input set 2 is not supported/],
    ['too many king buckets', withField(44, 7), /7 king buckets; 1 to 6 are supported/],
    ['a king-bucket map beyond its count', withByte(57, 6), /names a bucket beyond its 6/],
    ['a king-bucket map that leaves a bucket unused', withByte(57, 4), /does not use each of its 6 buckets/],
    ['plain inputs with king buckets', withField(40, 0), /plain inputs but 6 king buckets/],
    ['no output buckets', withField(48, 0), /0 output buckets; 1 to 16/],
    ['17 output buckets', withField(48, 17), /17 output buckets; 1 to 16/],
    ['a reserved byte set', withByte(60, 1), /header byte 60 is 1, not 0/],
    [
      'output buckets that do not match the size',
      withField(48, 4),
      /h16, 6 king buckets, 4 output buckets needs \d+ \(truncated or corrupt\)/,
    ],
    ['a truncated version 2 file', v2.subarray(0, v2.length - 2), /truncated or corrupt/],
    ['a version 2 header cut short', v2.subarray(0, 80), /too short for its version 2 header/],
    ['a corrupt payload', withByte(500, v2[500] ^ 1), /checksum/],
  ];
  for (const [what, bytes, message] of cases) {
    it(`${what}`, () => {
      expect(() => decodeNetwork(bytes)).toThrow(NetworkError);
      expect(() => decodeNetwork(bytes)).toThrow(message);
      const checked = checkNetwork(bytes);
      expect('error' in checked && message.test(checked.error)).toBe(true);
    });
  }
});

describe('EvalFile in the session: a file that cannot be used leaves the network in use', () => {
  it('loads a version 2 network, refuses a foreign file and keeps the version 2 one, and goes back to the built-in one', () => {
    const files = new Map<string, Uint8Array>([
      ['king.nnue', encodeNetwork(randomShapedNetwork(256, SIX, 8, 5))],
      ['foreign.nnue', new TextEncoder().encode('GIF89a, not a network at all, long enough to have a header of sixty-four bytes')],
      ['v3.nnue', Object.assign(encodeNetwork(randomShapedNetwork(8, null, 1, 6)), { 8: 3 })],
    ]);
    const host = {
      readNetworkFile: (path: string) => (files.has(path) ? checkNetwork(files.get(path)!) : { error: 'no such file' }),
    } as unknown as SessionHost;
    const given: Array<Uint8Array | null> = [];
    const client = { setEvaluation: (_use: boolean, bytes: Uint8Array | null) => given.push(bytes) } as unknown as SearchClient;
    const notes: string[] = [];
    const setting = new EvaluationSetting(host, client, { note: (t) => notes.push(t), debug: () => {} }, true);
    const start = parseFen(START_FEN);
    const builtIn = new NnueEvaluator(embeddedNetwork()).evaluate(start);
    const king = new NnueEvaluator(decodeNetwork(files.get('king.nnue')!)).evaluate(start);
    expect(king).not.toBe(builtIn);
    const nnueLine = (): string => setting.evalLines(start).at(-1)!;

    expect(setting.set(true, 'king.nnue')).toBe('king.nnue');
    expect(given.at(-1)).toBe(files.get('king.nnue'));
    expect(notes.at(-1)).toBe('network king.nnue loaded (256 neurons a side, 6 king buckets, 8 output buckets, random h256)');
    expect(nnueLine()).toContain(`NNUE evaluation: ${king > 0 ? '+' : ''}${king} (network king.nnue`);

    for (const [file, reason] of [
      ['foreign.nnue', 'not a Chuhan network file (bad magic)'],
      ['v3.nnue', 'network file version 3; this engine reads versions 1 and 2'],
    ]) {
      expect(setting.set(true, file)).toBe('king.nnue');
      expect(notes.at(-1)).toBe(`EvalFile ${file}: ${reason}; still using king.nnue`);
      expect(given.at(-1)).toBe(files.get('king.nnue'));
      expect(nnueLine()).toContain(`${king > 0 ? '+' : ''}${king} (network king.nnue`);
    }
    expect(setting.set(true, EMBEDDED_NETWORK)).toBe(EMBEDDED_NETWORK);
    expect(given.at(-1)).toBe(null);
    expect(nnueLine()).toContain(`${builtIn > 0 ? '+' : ''}${builtIn} (the built-in network`);
  });
});
