// Shared test helpers: repository data files and a deterministic random generator.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const DATA = join(__dirname, 'data');

export function readData(name: string): string {
  return readFileSync(join(DATA, name), 'utf8');
}

/** A small deterministic PRNG (mulberry32), so failures reproduce. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
