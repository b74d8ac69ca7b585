// Checks the feature extractor: for every position, the features times the engine's current
// parameters must give exactly evaluate(pos) (converted to red's view).

import { readFileSync } from 'node:fs';
import { evaluate } from '../../engine/evaluate';
import { parseFen } from '../../engine/index';
import { RED } from '../../engine/types';
import { extractFeatures } from './features';
import { currentParams, evalExact } from './params';

export function verify(input: string, log: (s: string) => void): boolean {
  const p = currentParams();
  const lines = readFileSync(input, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  let bad = 0;
  for (const line of lines) {
    const fen = line.split('\t')[0];
    const pos = parseFen(fen);
    const e = evaluate(pos);
    const red = pos.side === RED ? e : -e;
    const mine = evalExact(p, extractFeatures(pos));
    if (mine !== red) {
      if (bad < 10) log(`mismatch: ${fen}: evaluate ${red}, features ${mine}`);
      bad++;
    }
  }
  log(`verify: ${lines.length} positions, ${bad} mismatches`);
  return bad === 0;
}
