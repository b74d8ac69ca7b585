// The page (web/, built by scripts/build-web.mjs) inside the executable, for `chuhan serve`.
//
// build.mjs builds the page's files first and substitutes them, as one JSON object keyed by URL
// path, for __CHUHAN_PAGE_FILES__ through esbuild's `define` (as it does with the search worker's
// source, see ../host/worker-source.ts). The executable therefore serves the page without reading any
// file. Outside the bundle (vitest, tsc) the identifier is not defined and there is no page.

/** One file of the page: its Content-Type and its text (every file of the page is text). */
interface PageFile {
  type: string;
  body: string;
}

/** URL path (`/index.html`) -> file. */
export type PageFiles = Record<string, PageFile>;

declare const __CHUHAN_PAGE_FILES__: PageFiles | undefined;

export function embeddedPageFiles(): PageFiles | undefined {
  return typeof __CHUHAN_PAGE_FILES__ === 'object' ? __CHUHAN_PAGE_FILES__ : undefined;
}
