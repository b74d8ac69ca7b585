// Writes the tuned parameters as TypeScript in the layout of engine/pst.ts (red's view, rank 9
// in the first row, file a first; left-right symmetric by construction) and summarises them.

import { KIND_NAMES, KING, SOLDIER } from '../../engine/types';
import { CLASSES, TERMS, TERM_NAMES, pointClass } from './features';
import { OFF_EG, OFF_MAT_EG, OFF_MAT_MG, OFF_MG, OFF_TERMS } from './params';

const TABLE_NAMES = ['', 'KING', 'ADVISOR', 'ELEPHANT', 'HORSE', 'CHARIOT', 'CANNON', 'SOLDIER'];

interface FitReport {
  alpha: number;
  before: { train: number; test: number };
  after: { train: number; test: number };
  n: number;
  nTrain: number;
  nTest: number;
  lambda: number;
  epochs: number;
}

function table(p: Float64Array, off: number, kind: number): string {
  const rows: string[] = [];
  for (let rank = 9; rank >= 0; rank--) {
    const row: number[] = [];
    for (let file = 0; file < 9; file++) row.push(p[off + kind * CLASSES + pointClass(file, rank)]);
    rows.push('  ' + row.map((x) => String(x).padStart(4)).join(',') + ',');
  }
  return rows.join('\n');
}

export function emitResult(p: Float64Array, r: FitReport): string {
  const out: string[] = [];
  out.push('// Evaluation parameters fitted by bench/eval-fit (see its README.md). Generated file: the fit');
  out.push('// rewrites it whole. Hand-set values go in eval-overrides.ts, which the fit never touches.');
  out.push(`// ${r.n} positions labelled by Fairy-Stockfish (train ${r.nTrain}, held out ${r.nTest}),`);
  out.push(`// label scale alpha ${r.alpha}, lambda ${r.lambda}, ${r.epochs} epochs.`);
  out.push(`// Loss before: train ${r.before.train.toFixed(6)}, held out ${r.before.test.toFixed(6)}.`);
  out.push(`// Loss after:  train ${r.after.train.toFixed(6)}, held out ${r.after.test.toFixed(6)}.`);
  out.push('//');
  out.push("// Tables hold placement only (material is separate), red's view, rank 9 first, as in");
  out.push('// engine/pst.ts. The end-game tables are fitted on their own, not derived from the');
  out.push('// middle-game ones.');
  out.push('');
  const mat = (off: number) => [0, 1, 2, 3, 4, 5, 6, 7].map((k) => (k <= KING ? 0 : p[off + k])).join(', ');
  out.push(`export const MATERIAL_MG = [${mat(OFF_MAT_MG)}];`);
  out.push(`export const MATERIAL_EG = [${mat(OFF_MAT_EG)}];`);
  out.push('');
  for (const [suffix, off] of [
    ['MG', OFF_MG],
    ['EG', OFF_EG],
  ] as const) {
    for (let kind = KING; kind <= SOLDIER; kind++) {
      out.push('// biome-ignore format: the board, one rank a line');
      out.push(`export const T_${TABLE_NAMES[kind]}_${suffix} = [`);
      out.push(table(p, off, kind));
      out.push('];');
    }
    out.push('');
  }
  out.push('// Term weights of engine/evaluate.ts (the keys are the terms the fit knows; eval-params.ts).');
  out.push('export const FITTED_WEIGHTS = {');
  for (let t = 0; t < TERMS; t++) out.push(`  ${TERM_NAMES[t]}: ${p[OFF_TERMS + t]},`);
  out.push('};');
  out.push('');
  return out.join('\n');
}

/** Average value (material + placement) of a kind over points in its own half / across the river. */
function halves(p: Float64Array, offMat: number, off: number, kind: number): [number, number] {
  let own = 0;
  let nOwn = 0;
  let across = 0;
  let nAcross = 0;
  for (let rank = 0; rank < 10; rank++) {
    for (let file = 0; file < 9; file++) {
      const v = p[offMat + kind] + p[off + kind * CLASSES + pointClass(file, rank)];
      if (rank <= 4) {
        own += v;
        nOwn++;
      } else {
        across += v;
        nAcross++;
      }
    }
  }
  return [Math.round(own / nOwn), Math.round(across / nAcross)];
}

export function summary(before: Float64Array, after: Float64Array): string {
  const lines = ['kind        material mg/eg    avg own half mg/eg   avg across river mg/eg   (before -> after)'];
  for (let kind = KING + 1; kind <= SOLDIER; kind++) {
    const f = (p: Float64Array) => {
      const [om, am] = halves(p, OFF_MAT_MG, OFF_MG, kind);
      const [oe, ae] = halves(p, OFF_MAT_EG, OFF_EG, kind);
      return { mat: `${p[OFF_MAT_MG + kind]}/${p[OFF_MAT_EG + kind]}`, own: `${om}/${oe}`, across: `${am}/${ae}` };
    };
    const a = f(before);
    const b = f(after);
    lines.push(
      `${KIND_NAMES[kind].padEnd(10)} ${(a.mat + ' -> ' + b.mat).padEnd(20)} ${(a.own + ' -> ' + b.own).padEnd(22)} ${a.across} -> ${b.across}`,
    );
  }
  const terms = TERM_NAMES.map((n, t) => `${n} ${before[OFF_TERMS + t]} -> ${after[OFF_TERMS + t]}`);
  lines.push('terms: ' + terms.join(', '));
  return lines.join('\n');
}
