// Labelled positions packed into typed arrays for the fit: per position the phase fraction,
// term counts (tempo included), label (red's view) and a slice of (table index, sign) piece entries.

import { readFileSync } from 'node:fs';
import { Position, parseFen } from '../../engine/index';
import type { Features } from './features';
import { PHASE_MAX } from '../../engine/pst';
import { TERMS, extractFeatures } from './features';

export interface Dataset {
  n: number;
  /** phase / PHASE_MAX */
  phase: Float64Array;
  /** n × TERMS */
  terms: Float64Array;
  label: Float64Array;
  /** Pieces of position i are start[i] .. start[i + 1] − 1. */
  start: Int32Array;
  index: Int32Array;
  sign: Float64Array;
}

export function loadDataset(path: string): Dataset {
  const lines: string[] = [];
  const pos = new Position();
  const feats: Features[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line.includes('\t')) continue;
    try {
      feats.push(extractFeatures(parseFen(line.split('\t')[0], pos)));
      lines.push(line);
    } catch {
      // a damaged line (e.g. read while being written): left out
    }
  }
  const n = lines.length;
  const phase = new Float64Array(n);
  const terms = new Float64Array(n * TERMS);
  const label = new Float64Array(n);
  const start = new Int32Array(n + 1);
  const idx: number[] = [];
  const sgn: number[] = [];
  lines.forEach((line, i) => {
    const f = feats[i];
    const score = line.split('\t')[1];
    phase[i] = f.phase / PHASE_MAX;
    terms.set(f.terms, i * TERMS);
    label[i] = Number(score);
    start[i] = idx.length;
    for (let k = 0; k < f.pieceIndex.length; k++) {
      idx.push(f.pieceIndex[k]);
      sgn.push(f.pieceSign[k]);
    }
  });
  start[n] = idx.length;
  return { n, phase, terms, label, start, index: Int32Array.from(idx), sign: Float64Array.from(sgn) };
}
