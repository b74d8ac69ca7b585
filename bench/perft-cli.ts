// `chuhan perft`: one count (optionally divided by root move) or a whole EPD file checked.

import { readFileSync } from 'node:fs';
import { FenError, START_FEN, moveToIccs, parseFen, perft, perftDivide } from '../engine/index';
import { parsePerftEpd } from './perft-epd';

interface PerftCliOptions {
  depth?: number;
  fen?: string;
  divide?: boolean;
  epd?: string;
  maxNodes?: number;
}

export async function runPerftCli(opts: PerftCliOptions, out: (line: string) => void): Promise<number> {
  if (opts.epd !== undefined) return runEpd(opts.epd, opts.maxNodes ?? Number.MAX_SAFE_INTEGER, out);
  if (opts.depth === undefined) {
    out('perft: give --depth N (with an optional --fen and --divide) or --epd FILE');
    return 2;
  }
  let pos;
  try {
    pos = parseFen(opts.fen ?? START_FEN);
  } catch (e) {
    if (e instanceof FenError) {
      out(`perft: invalid FEN: ${e.message}`);
      return 2;
    }
    throw e;
  }
  const depth = opts.depth;
  const t0 = performance.now();
  let nodes = 0;
  if (opts.divide && depth > 0) {
    for (const { move, nodes: n } of perftDivide(pos, depth)) {
      out(`${moveToIccs(move)}: ${n}`);
      nodes += n;
    }
  } else {
    nodes = perft(pos, depth);
  }
  const ms = performance.now() - t0;
  out(`perft ${depth} nodes ${nodes} time ${Math.round(ms)} nps ${Math.round((nodes * 1000) / Math.max(ms, 1))}`);
  return 0;
}

function runEpd(file: string, maxNodes: number, out: (line: string) => void): number {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    out(`perft: cannot read ${file}: ${(e as Error).message}`);
    return 2;
  }
  let entries;
  try {
    entries = parsePerftEpd(text);
  } catch (e) {
    out(`perft: ${file}: ${(e as Error).message}`);
    return 2;
  }
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  let totalNodes = 0;
  const t0 = performance.now();
  for (const entry of entries) {
    let pos;
    try {
      pos = parseFen(entry.fen);
    } catch (e) {
      out(`line ${entry.line}: invalid FEN: ${(e as Error).message}`);
      failed += entry.counts.length;
      continue;
    }
    for (const { depth, nodes } of entry.counts) {
      if (nodes > maxNodes) {
        skipped++;
        continue;
      }
      const got = perft(pos, depth);
      totalNodes += got;
      if (got === nodes) passed++;
      else {
        failed++;
        out(`line ${entry.line}: ${entry.fen} depth ${depth}: expected ${nodes}, got ${got}`);
      }
    }
  }
  const ms = performance.now() - t0;
  out(`${totalNodes} nodes in ${Math.round(ms)} ms (${Math.round((totalNodes * 1000) / Math.max(ms, 1))} nps), ${skipped} skipped`);
  out(`${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}
