// Perft: counts the leaves of the legal move tree. The last ply is counted without being made.

import { generateLegal } from './movegen';
import { Position } from './position';
import { MAX_MOVES, type Move } from './types';

const MAX_PERFT_DEPTH = 32;
const buffer = new Int32Array(MAX_MOVES * MAX_PERFT_DEPTH);

export function perft(pos: Position, depth: number): number {
  if (depth <= 0) return 1;
  return perftRec(pos, depth, 0);
}

function perftRec(pos: Position, depth: number, start: number): number {
  const end = generateLegal(pos, buffer, start);
  if (depth === 1) return end - start;
  let nodes = 0;
  for (let i = start; i < end; i++) {
    pos.make(buffer[i]);
    nodes += perftRec(pos, depth - 1, end);
    pos.unmake();
  }
  return nodes;
}

/** Per-root-move counts, in generation order. */
export function perftDivide(pos: Position, depth: number): Array<{ move: Move; nodes: number }> {
  const moves = new Int32Array(MAX_MOVES);
  const n = generateLegal(pos, moves, 0);
  const out: Array<{ move: Move; nodes: number }> = [];
  for (let i = 0; i < n; i++) {
    pos.make(moves[i]);
    out.push({ move: moves[i], nodes: perft(pos, depth - 1) });
    pos.unmake();
  }
  return out;
}
