// Shared test helpers: repository data files and a deterministic random generator.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const DATA = join(__dirname, 'data');

export function readData(name: string): string {
  return readFileSync(join(DATA, name), 'utf8');
}

export { rng } from '../bench/rng';
