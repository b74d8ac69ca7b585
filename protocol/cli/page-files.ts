// The page (web/, built by scripts/build-web.mjs) inside the executable, for `chuhan serve`.
//
// build.mjs builds the page's files first and substitutes its own files (index.html, page.css,
// favicon.svg, page.js), as one JSON object keyed by URL path, for __CHUHAN_PAGE_FILES__ through
// esbuild's `define` (as it does with the search worker's source, see ../host/worker-source.ts). The
// engine's Web Worker and the built-in network it fetches are the files the command line carries
// once (../host/bundled-file.ts). The executable therefore serves the page without reading any
// file. Outside the bundle (vitest, tsc) the identifier is not defined and there is no page.
import { bundledFile } from '../host/bundled-file';

/** One file of the page: its Content-Type and its text or bytes. */
interface PageFile {
  type: string;
  body: string | Uint8Array;
}

/** URL path (`/index.html`) -> file. */
export type PageFiles = Record<string, PageFile>;

declare const __CHUHAN_PAGE_FILES__: PageFiles | undefined;

/** The page's files, the worker and the network with them; undefined outside the bundle. Throws when the worker or the network is missing. */
export function embeddedPageFiles(): PageFiles | undefined {
  if (typeof __CHUHAN_PAGE_FILES__ !== 'object') return undefined;
  return {
    ...__CHUHAN_PAGE_FILES__,
    '/chuhan.worker.js': { type: 'text/javascript; charset=utf-8', body: bundledFile('chuhan.worker.js') },
    '/chuhan.nnue': { type: 'application/octet-stream', body: bundledFile('chuhan.nnue') },
  };
}
