// What repetition detection costs (moved out of test/rules.test.ts, where it asserted nothing):
// the scan over a long reversible stretch that never repeats (the worst case without a repetition)
// and the judging of a real cycle. Not part of the executable; run it with
//   npx esbuild bench/repetition-bench.ts --bundle --platform=node --target=node20 \
//     --outfile=/tmp/repetition-bench.cjs && node /tmp/repetition-bench.cjs
import { generateLegal, moveTo, parseFen, parseIccs, START_FEN, type Position } from '../engine/index';
import { repetitionVerdict } from '../engine/rules';
import { rng } from '../engine/rng';

/**
 * A real cycle to judge: Fairy-Stockfish's mutual chase (case FSF-06 of the adjudicated set,
 * test/data/repetition-cases.json, a draw), its 8-ply cycle played twice.
 */
const CYCLE = {
  id: 'FSF-06',
  fen: '4k4/7n1/9/4pR3/9/9/4P4/9/9/4K4 w - - 0 1',
  moves: 'f6h6 h8f7 h6h7 f7g5 h7g7 g5i6 g7g6 i6h8 g6h6 h8f7 h6h7 f7g5 h7g7 g5i6 g7g6 i6h8 g6h6'.split(' '),
};

/** `plies` random quiet plies from the start position that never repeat a position. */
export function noRepeatStretch(plies: number, seed = 7): Position {
  const pos = parseFen(START_FEN);
  const rand = rng(seed);
  const seen = new Set<string>([`${pos.keyLo}:${pos.keyHi}`]);
  const buf = new Int32Array(256);
  while (pos.ply < plies) {
    const n = generateLegal(pos, buf, 0);
    const quiet: number[] = [];
    for (let i = 0; i < n; i++) {
      const m = buf[i];
      if (pos.board[moveTo(m)] !== 0) continue;
      pos.make(m);
      const key = `${pos.keyLo}:${pos.keyHi}`;
      pos.unmake();
      if (!seen.has(key)) quiet.push(m);
    }
    if (quiet.length === 0) throw new Error(`no new quiet move at ply ${pos.ply}`);
    pos.make(quiet[Math.floor(rand() * quiet.length)]);
    seen.add(`${pos.keyLo}:${pos.keyHi}`);
  }
  return pos;
}

function timeRepetition(): void {
  const pos = noRepeatStretch(100);
  const N = 2_000_000;
  let none = 0;
  const t0 = performance.now();
  for (let i = 0; i < N; i++) if (repetitionVerdict(pos) === 'none') none++;
  const ns = ((performance.now() - t0) * 1e6) / N;
  if (none !== N) throw new Error('a stretch without repeats was judged a repetition');
  // A real cycle, for comparison.
  const rep = parseFen(CYCLE.fen);
  for (const m of CYCLE.moves) rep.make(parseIccs(rep, m));
  const M = 20_000;
  const t1 = performance.now();
  for (let i = 0; i < M; i++) repetitionVerdict(rep);
  const usCycle = ((performance.now() - t1) * 1e3) / M;
  console.log(
    `repetitionVerdict: ${ns.toFixed(1)} ns a call with no repetition over ${pos.halfmove} reversible plies; ` +
      `${usCycle.toFixed(1)} µs to judge an 8-ply cycle (${CYCLE.id})`,
  );
}

// Run as a script (see above); importing the module runs nothing.
if (process.argv[1]?.includes('repetition-bench')) timeRepetition();
