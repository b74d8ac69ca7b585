// Input at the protocol's edges, for the edge fuzz (in process: protocol-edges.test.ts; through the
// executable: protocol-fuzz.slow.test.ts): random bytes, lines of a megabyte, NUL and bytes that are not
// UTF-8 inside real commands, positions of 10,000 moves, and go/stop/ponderhit/isready interleaved
// at random delays. Each step is a list of chunks of bytes with a pause (ms) before each; the
// caller writes them, then asks isready, which must be answered. All drawn from one seed.
import { expect } from 'vitest';
import { MAX_MOVES, START_FEN, generateLegal, moveToIccs, parseFen } from '../engine/index';
import { rng } from '../engine/rng';
import { parseLine } from '../protocol/parser';
import { SAFETY_NET } from './e2e-engine';
import { InProcessEngine } from './session-harness';

interface Chunk {
  /** Milliseconds to wait before writing it. */
  delay: number;
  bytes: Uint8Array;
}

interface Step {
  kind: string;
  chunks: Chunk[];
}

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Byte sequences that are not UTF-8: a lone continuation byte, overlong forms, a cut sequence, surrogates, beyond U+10FFFF. */
const NOT_UTF8 = [
  [0x80],
  [0xc0, 0x80],
  [0xe0, 0x80, 0x80],
  [0xe4, 0xb8],
  [0xed, 0xa0, 0x80],
  [0xf4, 0x90, 0x80, 0x80],
  [0xff],
  [0xfe, 0xff],
];

const MIDDLE = 'r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 4 3';

const COMMANDS = [
  'isready',
  'stop',
  'ponderhit',
  'ponderhit draw',
  'go depth 3',
  'go infinite',
  'go ponder',
  'go ponder wtime 2000 btime 2000',
  'go movetime 30',
  'go nodes 3000',
  'go wtime 500 btime 500 winc 10 binc 10',
  'position startpos',
  'position startpos moves h2e2 h9g7',
  `position fen ${MIDDLE}`,
  'setoption name Clear Hash',
  'setoption name MultiPV value 2',
  'setoption name MultiPV value 1',
  'probe startpos',
  'debug on',
  'debug off',
];

/** Legal moves of a random game from the start, then horses out and back to reach `plies`. */
function longGame(r: () => number, plies: number): string[] {
  const pos = parseFen(START_FEN);
  const buf = new Int32Array(MAX_MOVES);
  const moves: string[] = [];
  // A few random opening moves (the horse shuffle below needs b0/b9 horses at home and free c2/c7).
  for (const m of ['h2e2', 'h9g7']) {
    moves.push(m);
    const n = generateLegal(pos, buf, 0);
    pos.make(Array.from(buf.subarray(0, n)).find((x) => moveToIccs(x) === m)!);
  }
  const cycle = ['b0c2', 'b9c7', 'c2b0', 'c7b9'];
  for (let i = moves.length; i < plies; i++) moves.push(cycle[(i - 2) % 4]);
  if (r() < 0.5) moves.splice(Math.floor(r() * moves.length), 0, 'zz99');
  return moves;
}

export function edgeSteps(seed: number): () => Step {
  const r = rng(seed);
  const int = (n: number) => Math.floor(r() * n);
  const pick = <T>(a: readonly T[]): T => a[int(a.length)];
  const line = (s: string): Uint8Array => utf8(`${s}\n`);
  const now = (bytes: Uint8Array): Chunk => ({ delay: 0, bytes });

  const randomBytes = (n: number): Uint8Array => {
    const b = new Uint8Array(n);
    for (let i = 0; i < n; i++) b[i] = int(256);
    // Mostly short lines: a newline now and then.
    for (let i = 0; i < n; i += 1 + int(80)) b[i] = 0x0a;
    return b;
  };

  /** A real command with NUL or a byte sequence that is not UTF-8 put inside it. */
  const damaged = (): Uint8Array => {
    const text = utf8(pick(COMMANDS));
    const at = int(text.length + 1);
    const bad = r() < 0.4 ? [0] : pick(NOT_UTF8);
    return concat([text.subarray(0, at), new Uint8Array(bad), text.subarray(at), utf8('\n')]);
  };

  const MB = 1 << 20;
  const overlong = (): Uint8Array => {
    const filler = (unit: string) => unit.repeat(Math.ceil(MB / unit.length)).slice(0, MB);
    switch (int(8)) {
      case 0:
        return line(filler('a'));
      case 1:
        return line(`go ${filler('depth 1 ')}`);
      case 2:
        return line(`go searchmoves ${filler('h2e2 ')}`);
      case 3:
        return line(`banmoves ${filler('zz ')}`);
      case 4:
        return line(`setoption name ${filler('Hash ')} value 16`);
      case 5:
        return line(`position startpos moves ${filler('h2e2 h7e7 ')}`);
      case 6:
        return line(`go ${filler('x ')}`);
      default:
        // A megabyte of characters that take three bytes each.
        return line(filler('\u4e2d'));
    }
  };

  const interleaved = (): Chunk[] => {
    const chunks: Chunk[] = [];
    const n = 2 + int(12);
    for (let i = 0; i < n; i++) chunks.push({ delay: int(4) === 0 ? 0 : int(40), bytes: line(pick(COMMANDS)) });
    chunks.push({ delay: int(30), bytes: line('stop') });
    return chunks;
  };

  return (): Step => {
    switch (int(6)) {
      case 0:
        return { kind: 'random bytes', chunks: [now(randomBytes(1 + int(400)))] };
      case 1:
        return { kind: 'a 1 MB line', chunks: [now(overlong())] };
      case 2:
        return { kind: 'NUL or bytes not UTF-8 in a command', chunks: Array.from({ length: 1 + int(4) }, () => now(damaged())) };
      case 3:
        // Searched to depth 1, then left: with thousands of plies since the last capture, every
        // node of a search pays for a repetition check over all of them (about 0.5 ms a node at
        // 7,000 plies), and the search looks at STOP and the clock every 1,024 nodes.
        return {
          kind: 'position with 10,000 moves',
          chunks: [
            now(line(`position startpos moves ${longGame(r, 10_000).join(' ')}`)),
            now(line('go depth 1')),
            now(line('position startpos')),
          ],
        };
      default:
        return { kind: 'go/stop/ponderhit/isready at random delays', chunks: interleaved() };
    }
  };
}

/** A line on an engine's stdout that belongs to the protocol (or to `d`, `eval` and `go perft`). */
export function isProtocolLine(l: string): boolean {
  return (
    /^(id |option |ucciok$|uciok$|readyok$|info |bestmove |nobestmove$|pophash( |$)|bye$)/.test(l) ||
    /^([a-i]\d{1,2}[a-i]\d{1,2}: \d+|Nodes searched: \d+|)$/.test(l) ||
    /^( \+---|[ 1]\d\| |    a   b|Fen: |Key: |Side to move: |Term \(|-{36}\+|material |pieces |  of which |defence |tempo |Final evaluation: |NNUE evaluation: )/.test(
      l,
    )
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs `steps` steps of the edge fuzz from `seed` on a Session in process, with every check of
 * protocol-edges.test.ts; returns a summary of what it did.
 */
export async function edgeFuzz(seed: number, steps: number): Promise<string> {
  const next = edgeSteps(seed);
  const e = new InProcessEngine({ nodeLimit: 4000 });
  // The commands the session got, as it split and decoded them, and its replies, counted as they pass.
  const got = { lines: 0, isready: 0, stop: 0, go: 0 };
  const push = e.session.push.bind(e.session);
  // Messages since the line being handled began. Lines held back behind a waiting line are handled
  // together later, so a line's start is its echo (debug on), or its arrival when nothing echoes.
  let sinceLine = 0;
  let mostPerLine = 0;
  e.session.push = (raw: string) => {
    sinceLine = 0;
    got.lines++;
    const c = parseLine(raw).command;
    if (c.kind === 'isready' || c.kind === 'stop') got[c.kind]++;
    else if (c.kind === 'go' && c.go.perft === undefined) got.go++;
    push(raw);
  };
  const out = { readyok: 0, replies: 0, odd: [] as string[], nets: [] as string[] };
  e.onLine = (l) => {
    if (l === 'readyok') out.readyok++;
    else if (l.startsWith('bestmove') || l === 'nobestmove') out.replies++;
    if (!isProtocolLine(l) && out.odd.length < 10) out.odd.push(l.slice(0, 200));
    if (SAFETY_NET.test(l)) out.nets.push(l);
    if (l.startsWith('info string received: ')) sinceLine = 0;
    if (l.startsWith('info string') && ++sinceLine > mostPerLine) mostPerLine = sinceLine;
  };
  /** Sends isready and waits for its readyok (every isready so far answered). */
  const ready = async (when: string): Promise<void> => {
    e.send('isready');
    const deadline = performance.now() + 20_000;
    while (out.readyok < got.isready) {
      if (e.ended) throw new Error(`${when}: the session ended`);
      if (performance.now() > deadline) throw new Error(`${when}: isready not answered`);
      await sleep(2);
    }
  };
  e.send('uci');
  await e.expect((l) => l === 'uciok');
  const kinds = new Map<string, { n: number; ms: number }>();
  for (let i = 0; i < steps; i++) {
    const step = next();
    const t0 = performance.now();
    for (const c of step.chunks) {
      if (c.delay > 0) await sleep(c.delay);
      e.sendBytes(c.bytes);
    }
    // A line left without its end by random bytes is ended here, so that isready is a line.
    e.sendRaw('\n');
    await ready(`step ${i} (${step.kind})`);
    const k = kinds.get(step.kind) ?? { n: 0, ms: 0 };
    kinds.set(step.kind, { n: k.n + 1, ms: k.ms + performance.now() - t0 });
  }
  // End whatever still runs; after stop and isready every search has answered.
  e.send('stop');
  await ready('the end');
  expect(out.odd).toEqual([]);
  expect(out.nets).toEqual([]);
  // However long a line, it draws a few messages (debug on: the echo, the limits, a warning or two).
  expect(mostPerLine).toBeLessThanOrEqual(12);
  // Every go but perft answered once; UCCI (if the bytes switched to it) answers a stop while idle.
  expect(out.replies).toBeGreaterThanOrEqual(got.go);
  expect(out.replies).toBeLessThanOrEqual(got.go + got.stop);
  // Still a working engine.
  e.send('setoption name Ranks value 0-9', 'position startpos moves h2e2 h9g7', 'go depth 3');
  await e.expect(/^bestmove [a-i]\d[a-i]\d/);
  await e.quit();
  const steps_ = [...kinds].map(([k, v]) => `${v.n} ${k} (${(v.ms / v.n).toFixed(0)} ms each)`).join(', ');
  return `${steps_}; ${got.lines} lines, ${got.go} go, ${out.replies} replies, ${e.received.length} lines out, at most ${mostPerLine} messages a line`;
}
