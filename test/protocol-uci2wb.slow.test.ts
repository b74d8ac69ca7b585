// XBoard through H.G. Muller's UCI2WB adapter (docs/protocol.md, "XBoard and WinBoard, through UCI2WB"): the real adapter
// (Debian's uci2wb) runs the built executable, and the test speaks CECP to it as XBoard does. In
// the position where Black can only stop a mate by perpetual check, which loses by rule, XBoard's
// thinking output must show Red's result as decided: a mate (100000 + moves) in UCI mode, and
// ElephantEye's rule score 9900 − plies, shown as +98.96, in UCCI mode; never +199.99.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { judge } from '../engine/index';
import { builtEngine } from './e2e-engine';
import { position } from './helpers';

const UCI2WB = '/usr/games/uci2wb';
const HAVE_UCI2WB = existsSync(UCI2WB);
if (!HAVE_UCI2WB) console.warn(`protocol-uci2wb: ${UCI2WB} not found (apt-get install uci2wb): skipped`);

/** Red to move, in check; Black can only stop b7b9 mate by checking again and again. */
const FORCED_PERPETUAL = '4k4/R8/1R7/9/9/9/9/9/3K3r1/9 w - - 0 1';

let exe = '';
beforeAll(() => {
  exe = builtEngine();
}, 180_000);

/**
 * Runs one CECP session through UCI2WB: the handshake, then `lines`, until the adapter writes
 * `move …`; returns XBoard's thinking lines (`depth score time nodes pv`) and the move.
 */
function cecp(mode: '-x' | '-c', lines: string[]): Promise<{ thinking: string[]; move: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(UCI2WB, [mode, exe], { stdio: ['pipe', 'pipe', 'pipe'] });
    let buf = '';
    let sent = false;
    const thinking: string[] = [];
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`no move from UCI2WB ${mode} within 30 s; output:\n${buf}`));
    }, 30_000);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buf += chunk;
      const all = buf.split('\n');
      // The rest waits for the end of the feature list (the engine's handshake is done).
      if (!sent && all.some((l) => /^feature .*done=1/.test(l))) {
        sent = true;
        child.stdin.write(lines.map((l) => `${l}\n`).join(''));
      }
      const move = all.find((l) => l.startsWith('move '));
      if (move !== undefined) {
        for (const l of all) if (/^\s*\d+\s+-?\d+\s+\d+\s+\d+\s/.test(l)) thinking.push(l.trim());
        clearTimeout(timer);
        child.stdin.end('quit\n');
        child.once('exit', () => resolve({ thinking, move: move.slice(5).trim() }));
      }
    });
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.stdin.write('xboard\nprotover 2\n');
  });
}

/** The last thinking line: its score and PV. */
function last(thinking: string[]): { score: number; pv: string[] } {
  const f = thinking.at(-1)!.split(/\s+/);
  return { score: Number(f[1]), pv: f.slice(4) };
}

const SEARCH = ['level 0 5 0', 'post', 'sd 10', 'time 30000', 'otim 30000', 'go'];

describe.skipIf(!HAVE_UCI2WB)('XBoard through UCI2WB: a win by the opponent’s forced perpetual check', () => {
  it('UCCI mode (uci2wb -x): 9900 − plies, beyond the ±9800 that ElephantEye-style GUIs take as decided', async () => {
    const r = await cecp('-x', ['variant xiangqi', 'new', 'force', `setboard ${FORCED_PERPETUAL}`, ...SEARCH]);
    const { score, pv } = last(r.thinking);
    expect(r.move).toBe(pv[0]);
    // The PV is the repetition, ruled by the referee's rules as Black's perpetual check.
    expect(judge(position(FORCED_PERPETUAL, pv))).toEqual({ verdict: 'win', reason: 'perpetual-check' });
    expect(score).toBe(9900 - pv.length);
    expect(score).toBeGreaterThan(9800);
  }, 60_000);

  it('UCI mode (uci2wb): a mate, XBoard’s 100000 + moves', async () => {
    // UCI2WB sets UCI_Variant, which switches Chuhan to ranks 1–10 (docs/protocol.md, Pikafish-style UCI
    // GUIs); XBoard numbers xiangqi ranks 0–9, so the option is set back after the variant.
    const r = await cecp('-c', ['variant xiangqi', 'new', 'option Ranks=0-9', 'force', `setboard ${FORCED_PERPETUAL}`, ...SEARCH]);
    const { score, pv } = last(r.thinking);
    expect(r.move).toBe(pv[0]);
    expect(judge(position(FORCED_PERPETUAL, pv))).toEqual({ verdict: 'win', reason: 'perpetual-check' });
    expect(score).toBe(100000 + Math.ceil(pv.length / 2));
  }, 60_000);
});
