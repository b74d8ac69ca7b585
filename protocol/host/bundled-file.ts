// The files the command line carries beside its code: the built-in network (chuhan.nnue) and the
// page's Web Worker (chuhan.worker.js), each held once. In the single executable they are assets of
// its blob (build.mjs, `assets` of the SEA configuration); run by node (the npm package, a build's
// dist/) they are the files beside the bundle, dist/chuhan.cjs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

type BundledFile = 'chuhan.nnue' | 'chuhan.worker.js';

interface Sea {
  isSea(): boolean;
  getAsset(key: string): ArrayBuffer;
}

/** node:sea inside the single executable; null under node (or a Node without it, before 20.12). */
function sea(): Sea | null {
  try {
    const s = require('node:sea') as Sea;
    return s.isSea() ? s : null;
  } catch {
    return null;
  }
}

/** The file's bytes; throws an Error naming the file when it is not there. */
export function bundledFile(name: BundledFile): Uint8Array {
  const s = sea();
  if (s !== null) {
    try {
      return new Uint8Array(s.getAsset(name));
    } catch (err) {
      throw new Error(`the executable holds no ${name} (${err instanceof Error ? err.message : String(err)}); rebuild it`);
    }
  }
  const path = join(__dirname, name);
  try {
    return new Uint8Array(readFileSync(path));
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    throw new Error(`${path} is missing (${e.code ?? e.message}); run \`npm run build\`, or reinstall the package`);
  }
}
