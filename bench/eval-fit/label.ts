// Labels positions with Fairy-Stockfish (UCCI mode: ranks 0-9 as in ICCS): `position fen F`,
// `go depth D`, the last full-depth score, converted to red's view. Mates and scores beyond
// ±1500 are left out. One engine process, a few searches queued ahead so it never idles.
// Output lines: FEN <tab> score (red's view, centipawns).

import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseInfo } from '../../engine/wire';

interface LabelOptions {
  input: string;
  out: string;
  engine: string;
  depth: number;
}

const QUEUE = 4;
const LIMIT = 1500;

export async function label(opts: LabelOptions, log: (s: string) => void): Promise<void> {
  const fens = readFileSync(opts.input, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  // Resume: positions already written (or skipped) are counted in a side file.
  const doneFile = `${opts.out}.done`;
  const start = existsSync(doneFile) ? Number(readFileSync(doneFile, 'utf8').trim()) || 0 : 0;
  const proc = spawn(opts.engine, [], { stdio: ['pipe', 'pipe', 'ignore'] });
  const rl = createInterface({ input: proc.stdout });
  const send = (s: string) => proc.stdin.write(s + '\n');
  let resolveReady: () => void = () => {};
  const ready = new Promise<void>((r) => (resolveReady = r));

  let sent = start;
  let received = start;
  let kept = 0;
  let skipped = 0;
  let lastScore: number | null = null;
  let lastMate = false;
  let pending: string[] = [];
  const t0 = Date.now();
  let finish: () => void = () => {};
  const finished = new Promise<void>((r) => (finish = r));

  const sendNext = () => {
    if (sent >= fens.length) return;
    send(`position fen ${fens[sent]}`);
    send(`go depth ${opts.depth}`);
    sent++;
  };
  const flush = () => {
    if (pending.length > 0) appendFileSync(opts.out, pending.join('\n') + '\n');
    pending = [];
    writeAtomic(doneFile, String(received));
  };

  rl.on('line', (line) => {
    if (line === 'ucciok') {
      resolveReady();
      return;
    }
    const info = parseInfo(line);
    if (info !== null) {
      if (info.score === undefined || info.bound === true) return;
      lastMate = info.score.kind !== 'cp';
      lastScore = info.score.kind === 'cp' ? info.score.cp : null;
      return;
    }
    if (line.startsWith('bestmove') || line.startsWith('nobestmove')) {
      const fen = fens[received];
      received++;
      if (!lastMate && lastScore !== null && Math.abs(lastScore) <= LIMIT) {
        const red = fen.split(' ')[1] === 'b' ? -lastScore : lastScore;
        pending.push(`${fen}\t${red}`);
        kept++;
      } else skipped++;
      lastScore = null;
      lastMate = false;
      if (received % 500 === 0) {
        flush();
        const rate = (received - start) / ((Date.now() - t0) / 1000);
        log(`labelled ${received}/${fens.length} kept ${kept} skipped ${skipped} (${rate.toFixed(0)}/s)`);
      }
      if (received >= fens.length) {
        flush();
        finish();
        return;
      }
      sendNext();
    }
  });

  send('ucci');
  await ready;
  for (let i = 0; i < QUEUE; i++) sendNext();
  if (start >= fens.length) finish();
  await finished;
  send('quit');
  proc.stdin.end();
  log(`done: kept ${kept} skipped ${skipped}`);
}

function writeAtomic(path: string, text: string): void {
  writeFileSync(path + '.tmp', text);
  renameSync(path + '.tmp', path);
}
