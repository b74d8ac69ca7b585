// `chuhan speed` (bench/speed.ts): perft and the bench beside another engine in one run. Against
// Fairy-Stockfish at small depths, in process and from the executable: it runs, both perft counts
// are printed and agree, and every round's times, nodes per second and ratios are printed, then
// the medians. The figures themselves are the machine's, and not asserted. Against a stand-in
// engine: a perft count that differs ends the run with exit code 1, an engine that cannot be
// started with 2.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { runSpeed } from '../bench/speed';
import { FAIRY_STOCKFISH, builtEngine, haveFairyStockfish } from './e2e-engine';

const HAVE_FAIRY = haveFairyStockfish('speed');
const NUMBER = String.raw`\d+\.\d+`;

describe.skipIf(!HAVE_FAIRY)('chuhan speed beside Fairy-Stockfish', () => {
  it("prints both perft counts, agreeing, and each round's times, nodes/s and ratios", async () => {
    const lines: string[] = [];
    const code = await runSpeed({ against: FAIRY_STOCKFISH, rounds: 2, perftDepth: 3, depth: 3, againstDepth: 4 }, (l) => lines.push(l));
    expect(code, lines.join('\n')).toBe(0);
    expect(lines[0]).toMatch(/^speed: Chuhan beside \/usr\/games\/fairy-stockfish, 2 rounds: perft 3 from the start position/);
    const perft = new RegExp(
      `^round [12] perft 3: 79666 nodes; Chuhan ${NUMBER} s, ${NUMBER} M nodes/s; other ${NUMBER} s, ${NUMBER} M nodes/s; time ratio ${NUMBER}$`,
    );
    const bench = new RegExp(
      `^round [12] bench: Chuhan \\d+ nodes ${NUMBER} s, ${NUMBER} M nodes/s; other \\d+ nodes ${NUMBER} s, ${NUMBER} M nodes/s; nodes/s ratio ${NUMBER}$`,
    );
    expect(lines.filter((l) => perft.test(l))).toHaveLength(2);
    expect(lines.filter((l) => bench.test(l))).toHaveLength(2);
    expect(lines).toContainEqual(
      expect.stringMatching(new RegExp(`^perft 3 time, Chuhan / other: median ${NUMBER} \\(rounds ${NUMBER}, ${NUMBER}\\)$`)),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(new RegExp(`^bench nodes/s, Chuhan / other: median ${NUMBER} \\(rounds ${NUMBER}, ${NUMBER}\\)$`)),
    );
  }, 120_000);

  it('runs from the executable', () => {
    const text = execFileSync(builtEngine(), ['speed', '--rounds', '1', '--perft-depth', '2', '--depth', '2', '--against-depth', '2'], {
      encoding: 'utf8',
    });
    expect(text).toMatch(/^round 1 perft 2: 1920 nodes; Chuhan .* time ratio \d+\.\d+$/m);
    expect(text).toMatch(/^round 1 bench: Chuhan \d+ nodes .* nodes\/s ratio \d+\.\d+$/m);
    expect(text).toMatch(/^bench nodes\/s, Chuhan \/ other: median \d+\.\d+/m);
  }, 300_000);
});

describe('chuhan speed against a stand-in engine', () => {
  const dir = mkdtempSync(join(tmpdir(), 'chuhan-speed-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // Answers the handshake, and every perft with a count of 5.
  const liar = join(dir, 'liar.sh');
  writeFileSync(
    liar,
    '#!/bin/sh\nwhile read -r line; do case "$line" in uci) echo uciok;; isready) echo readyok;; go*) echo "Nodes searched: 5";; quit) exit 0;; esac; done\n',
  );
  chmodSync(liar, 0o755);

  it('stops with exit code 1 when the perft counts differ', async () => {
    const lines: string[] = [];
    expect(await runSpeed({ against: liar, rounds: 1, perftDepth: 2, depth: 1, againstDepth: 1 }, (l) => lines.push(l))).toBe(1);
    expect(lines).toContain('round 1: perft 2 counts differ: Chuhan 1920, the other 5');
  });

  it('says why and exits with 2 when the engine cannot be started', async () => {
    const lines: string[] = [];
    expect(
      await runSpeed({ against: join(dir, 'missing'), rounds: 1, perftDepth: 1, depth: 1, againstDepth: 1 }, (l) => lines.push(l)),
    ).toBe(2);
    expect(lines[lines.length - 1]).toMatch(/^speed: spawn .*missing ENOENT$/);
  });
});
