// Move Overhead is applied once: `go movetime 1000` answers after about 1,000 ms with the option
// at 0 and about 800 ms at 200 (it used to be taken twice: by the protocol, then by the time
// budget's own 30 ms, so 0 still lost 30 ms and movetime ignored the option).
import { describe, expect, it } from 'vitest';
import { builtEngine, withChuhan } from './e2e-engine';

describe('Move Overhead through the executable', () => {
  const exe = builtEngine();

  async function answerTime(overhead: number): Promise<number> {
    return withChuhan(exe, 'uci', async (e) => {
      e.send(`setoption name Move Overhead value ${overhead}`, 'position startpos moves h2e2 h9g7', 'isready');
      await e.expect((l) => l === 'readyok');
      const t0 = e.send('go movetime 1000');
      const reply = await e.expect(/^bestmove /, 5000);
      return reply.at - t0;
    });
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
