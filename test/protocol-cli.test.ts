// The command line of the built executable: `chuhan --help` names every sub-command, each with a
// description that fits on its own line of an 80-column terminal. (A tool whose reader goes away
// ends quietly: interrupt.slow.test.ts.)
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtEngine } from './e2e-engine';

const SUBCOMMANDS = ['perft', 'bench', 'speed', 'judge', 'pgn', 'match', 'spsa', 'openings', 'serve', 'analyse'];

describe('the chuhan command line', () => {
  let exe: string;
  beforeAll(() => {
    exe = builtEngine();
  }, 180_000);

  it('lists every sub-command with a one-line description', () => {
    // COLUMNS is what a terminal would report; the output goes to a pipe here.
    const text = execFileSync(exe, ['--help'], { encoding: 'utf8', env: { ...process.env, COLUMNS: '80' } });
    const lines = text.split('\n');
    const start = lines.findIndex((l) => /^Commands:/.test(l));
    expect(start, text).toBeGreaterThan(0);
    const rows = lines.slice(start + 1).filter((l) => l.trim() !== '');
    for (const name of SUBCOMMANDS) {
      const row = rows.find((l) => new RegExp(`^  ${name}\\b`).test(l));
      expect(row, `${name} in:\n${text}`).toBeDefined();
      // Name and arguments, then at least two spaces and the description.
      expect(row!, row).toMatch(/^  \S.*?\s{2,}\S.{9,}$/);
      expect(row!.length, row).toBeLessThanOrEqual(80);
    }
    // No continuation lines: each row is a command (or commander's own `help` row).
    for (const row of rows) expect(row, `wrapped description in:\n${text}`).toMatch(/^  \S/);
    expect(text).toMatch(/without a command it speaks UCCI or UCI/i);
  });
});
