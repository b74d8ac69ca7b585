// The UCCI spec's clock rows (§14.1 #16-#19, and #22 with a shorter movetime) in real time, on the Session in process
// (test/session-harness.ts): each search must end by itself inside the budget the clock gives it,
// which shows how the clock was understood (seconds or milliseconds, moves to go, sudden death).
// And Move Overhead is taken once: `go movetime 1000` answers after about 1,000 ms with the option
// at 0 and about 800 ms at 200 (it used to be taken twice: by the protocol, then by the time
// budget's own 30 ms, so 0 still lost 30 ms and movetime ignored the option). In the timing group,
// so that no other file races it. What each `go` was read as is asserted without a clock in
// protocol-conformance.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START_FEN } from '../engine/index';
import { legalBest } from './e2e-engine';
import { position } from './helpers';
import { type InProcessEngine, inProcess, withInProcess } from './session-harness';

describe('searches end by themselves within the clock (UCCI)', () => {
  let e: InProcessEngine;
  beforeAll(async () => {
    // No node bound: these searches end by their time.
    e = await inProcess('ucci', { nodeLimit: undefined });
  });
  afterAll(async () => {
    await e?.quit();
  });

  async function timed(go: string, min: number, max: number, moves: string[]): Promise<void> {
    const t0 = e.send(go);
    const best = await e.expect(/^bestmove/, 15_000);
    legalBest(best.line, position(START_FEN, moves));
    expect(best.at - t0, go).toBeGreaterThanOrEqual(min);
    expect(best.at - t0, go).toBeLessThan(max);
  }

  it('#16 in seconds: go time 3 increment 1 is 3 s + 1 s', async () => {
    // Budget (timeman.ts): 3,000 ms + 1,000 ms gives a hard limit of 712 ms. Read as
    // milliseconds (3 ms + 1 ms) it would answer at once.
    await e.run('setoption usemillisec false', 'position startpos');
    await timed('go time 3 increment 1', 300, 712 + 300, []);
    await e.run('setoption usemillisec true');
  });

  it('#17-#19 a depth limit inside the clock, sudden death, moves to go', async () => {
    const moves = ['h2e2', 'h9g7'];
    await e.run(`position startpos moves ${moves.join(' ')}`);
    // A depth limit reached well inside the time: a 60 s clock is not spent on depth 4.
    await timed('go time 60000 opptime 58000 oppincrement 1000 increment 1000 depth 4', 0, 1000, moves);
    // Sudden death, 6 s: soft limit 286 ms, hard limit 1,003 ms.
    await timed('go time 6000 opptime 6000', 100, 1003 + 300, moves);
    // Two moves to go in 3 s: soft and hard limit 712 ms. Ignoring movestogo would stop near 142 ms.
    // The search may end between iterations from SOFT_STOP_SHARE of the soft limit on (0.55 ×
    // 712 = 392 ms), so the floor sits below that and well above 142 ms.
    await timed('go time 3000 movestogo 2 opptime 3000 oppmovestogo 2', 300, 712 + 300, moves);
  });

  it('#22 go movetime 600 depth 20: stops by its movetime or depth 20', async () => {
    await e.run('position startpos');
    await timed('go movetime 600 depth 20', 0, 600 + 300, []);
  });
});

describe('Move Overhead', () => {
  async function answerTime(overhead: number): Promise<number> {
    return withInProcess(
      'uci',
      async (e) => {
        await e.run(`setoption name Move Overhead value ${overhead}`, 'position startpos moves h2e2 h9g7');
        const t0 = e.send('go movetime 1000');
        const reply = await e.expect(/^bestmove /, 5000);
        expect(e.lastSearch()).toMatchObject({ movetime: 1000, overhead });
        return reply.at - t0;
      },
      { nodeLimit: undefined },
    );
  }

  it('go movetime 1000 answers at about 1,000 ms with overhead 0 and about 800 ms with 200', async () => {
    const none = await answerTime(0);
    const some = await answerTime(200);
    console.log(`movetime 1000: ${Math.round(none)} ms with Move Overhead 0, ${Math.round(some)} ms with 200`);
    expect(none).toBeGreaterThanOrEqual(990);
    expect(none).toBeLessThan(1150);
    expect(some).toBeGreaterThanOrEqual(790);
    expect(some).toBeLessThan(950);
  });
});
