// `chuhan serve [--port N] [--host H]`: serves the page (web/) at http://127.0.0.1:8080/
// until Ctrl-C. Only the page's own files, embedded in the executable, are served: a request is
// looked up by its exact path in that table, so nothing on disk can ever be reached (`..`, `%2e%2e`,
// absolute paths and over-long URLs simply name no file and get a 404). Every answer carries
// COOP same-origin and COEP require-corp, which make the page cross-origin isolated, so that the
// engine gets SharedArrayBuffer (a stop within milliseconds, several threads), and a content
// security policy that lets the page reach nothing but this server.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type PageFiles, embeddedPageFiles } from './page-files';

export const SERVE_DEFAULT_PORT = 8080;
export const SERVE_DEFAULT_HOST = '127.0.0.1';

interface ServeOptions {
  port: number;
  host: string;
}

/**
 * Headers of every answer. The CSP allows scripts, styles, workers and fetches from this server
 * only ('wasm-unsafe-eval' lets the evaluation compile its WebAssembly SIMD kernel).
 */
const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data: blob:; " +
    "connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-cache',
};

/** The request handler: GET and HEAD of the page's files, 404 for any other path, 405 for other methods. */
function pageHandler(files: PageFiles): (req: IncomingMessage, res: ServerResponse) => void {
  const bodies = new Map<string, { type: string; body: Buffer }>();
  for (const [path, file] of Object.entries(files)) {
    bodies.set(path, { type: file.type, body: typeof file.body === 'string' ? Buffer.from(file.body, 'utf8') : Buffer.from(file.body) });
  }
  return (req, res) => {
    const url = req.url ?? '';
    const query = url.indexOf('?');
    const path = query < 0 ? url : url.slice(0, query);
    const file = bodies.get(path === '/' ? '/index.html' : path);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...PAGE_HEADERS, Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Method not allowed\n');
      return;
    }
    if (file === undefined) {
      res.writeHead(404, { ...PAGE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    res.writeHead(200, { ...PAGE_HEADERS, 'Content-Type': file.type, 'Content-Length': String(file.body.length) });
    res.end(req.method === 'HEAD' ? undefined : file.body);
  };
}

/** The address to print: IPv6 literals in brackets. */
function urlOf(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}/`;
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

/** A listen error in words (no stack trace): the port or the host named, with what to do. */
function listenError(err: NodeJS.ErrnoException, opts: ServeOptions): string {
  switch (err.code) {
    case 'EADDRINUSE':
      return `port ${opts.port} on ${opts.host} is already in use (by another program, or another chuhan serve); choose another with --port`;
    case 'EACCES':
      return `not allowed to listen on port ${opts.port}${opts.port < 1024 ? ' (ports below 1024 need administrator rights)' : ''}; choose another with --port`;
    case 'EADDRNOTAVAIL':
      return `${opts.host} is not an address of this machine; use --host with one of its addresses (127.0.0.1, or 0.0.0.0 for all)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `cannot resolve the host name '${opts.host}'`;
    default:
      return `cannot listen on ${opts.host} port ${opts.port}: ${err.message}`;
  }
}

/**
 * Serves the page until SIGINT or SIGTERM (Ctrl-C). Prints the address on `out` once listening;
 * returns 0 after a stop, 1 when it cannot listen (the reason on `err`), 2 for an empty host.
 */
export function runServeCli(
  opts: ServeOptions,
  out: (line: string) => void,
  err: (line: string) => void,
  files: PageFiles | undefined = embeddedPageFiles(),
): Promise<number> {
  if (files === undefined) {
    err('chuhan serve: this program was built without the page; build the executable with `npm run build` and run dist/chuhan serve');
    return Promise.resolve(1);
  }
  if (opts.host.trim() === '') {
    err('chuhan serve: --host needs an address (127.0.0.1, localhost, or 0.0.0.0 for every interface)');
    return Promise.resolve(2);
  }
  const server: Server = createServer(pageHandler(files));
  return new Promise((resolve) => {
    server.once('error', (e: NodeJS.ErrnoException) => {
      err(`chuhan serve: ${listenError(e, opts)}`);
      resolve(1);
    });
    server.listen(opts.port, opts.host, () => {
      const addr = server.address();
      const port = typeof addr === 'object' && addr !== null ? addr.port : opts.port;
      out(`Chuhan serves its page at ${urlOf(opts.host, port)} (Ctrl-C stops it)`);
      if (opts.host === '0.0.0.0' || opts.host === '::') {
        out(`On this machine open ${urlOf('127.0.0.1', port)}; other machines use this machine's address.`);
      }
      if (!isLoopback(opts.host)) {
        out('Browsers give SharedArrayBuffer only to https:// pages and to localhost: from another machine the');
        out('page runs the engine with one thread, and stopping a search restarts it.');
      }
      const stop = (): void => {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        server.close(() => {
          out('chuhan serve: stopped');
          resolve(0);
        });
        server.closeAllConnections();
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    });
  });
}
