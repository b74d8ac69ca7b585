// `chuhan serve` as a server, without a browser: the built executable is started on a free port
// and spoken to over raw TCP, so that no client cleans up the paths first. Only the page's own
// files may come back; `..`, encoded dots and slashes, absolute paths and over-long URLs get a 404
// (or Node's own 4xx for a request it refuses to read), and the server goes on serving. Bad ports
// and a port in use get one clear line and no stack trace; Ctrl-C (SIGINT) stops it with exit 0.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { type AddressInfo, connect, createServer } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtEngine } from './e2e-engine';

interface Served {
  proc: ChildProcess;
  url: string;
  out: string[];
  err: string[];
  exit: Promise<number | null>;
}

/** Starts `chuhan serve ARGS` and waits for the address it prints (or its exit). */
function startServe(exe: string, args: string[], cwd?: string): Promise<Served & { exitedEarly: boolean }> {
  const proc = spawn(exe, ['serve', ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  const out: string[] = [];
  const err: string[] = [];
  const exit = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`chuhan serve printed no address within 20 s: ${out.join('\n')} ${err.join('\n')}`)),
      20_000,
    );
    proc.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out.push(...chunk.split('\n').filter((l) => l !== ''));
      const m = /(http:\/\/\S+\/)/.exec(out.join('\n'));
      if (m !== null) {
        clearTimeout(timer);
        resolve({ proc, url: m[1], out, err, exit, exitedEarly: false });
      }
    });
    proc.stderr!.setEncoding('utf8').on('data', (chunk: string) => err.push(...chunk.split('\n').filter((l) => l !== '')));
    void exit.then(() => {
      clearTimeout(timer);
      resolve({ proc, url: '', out, err, exit, exitedEarly: true });
    });
  });
}

/** Runs `chuhan serve ARGS` expecting it to stop by itself; returns its exit code and output. */
async function runServe(exe: string, args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const s = await startServe(exe, args);
  if (!s.exitedEarly) {
    s.proc.kill('SIGINT');
    throw new Error(`chuhan serve ${args.join(' ')} started (${s.url}) where it should have refused`);
  }
  const code = await s.exit;
  return { code, out: s.out.join('\n'), err: s.err.join('\n') };
}

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** A connection error (a server that closes while the request is still being sent resets it). */
  error?: string;
}

/** Sends `request` as it is over TCP and reads the answer until the server closes. */
function raw(port: number, request: string): Promise<RawResponse> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let error: string | undefined;
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const [head, ...rest] = text.split('\r\n\r\n');
      const lines = head.split('\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(lines[0] ?? '')?.[1] ?? 0);
      const headers: Record<string, string> = {};
      for (const l of lines.slice(1)) {
        const i = l.indexOf(':');
        if (i > 0) headers[l.slice(0, i).toLowerCase()] = l.slice(i + 1).trim();
      }
      resolve({ status, headers, body: rest.join('\r\n\r\n'), error });
    });
    socket.write(request);
  });
}

function get(port: number, target: string, method = 'GET'): Promise<RawResponse> {
  return raw(port, `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
}

function portOf(url: string): number {
  return Number(new URL(url).port);
}

/** No line of a failure may look like a stack trace. */
function expectNoStack(text: string): void {
  expect(text).not.toMatch(/^\s+at /m);
  expect(text).not.toMatch(/Error:|node:internal/);
}

describe('chuhan serve', () => {
  let exe: string;
  let served: Served;
  let port: number;
  const canary = `canary-${process.pid}-${Date.now()}`;

  beforeAll(async () => {
    exe = builtEngine();
    // Started in a folder holding a file of its own, which must never be served.
    const cwd = mkdtempSync(join(tmpdir(), 'chuhan-serve-'));
    writeFileSync(join(cwd, 'canary.txt'), canary);
    writeFileSync(join(cwd, 'index.html'), canary);
    served = await startServe(exe, ['--port', '0'], cwd);
    port = portOf(served.url);
  });

  afterAll(async () => {
    if (served?.proc.exitCode === null) {
      served.proc.kill('SIGINT');
      await served.exit;
    }
  });

  it('prints its address on 127.0.0.1 and serves the page with the isolation headers', async () => {
    expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(served.out[0]).toContain('Ctrl-C');
    const index = await get(port, '/');
    expect(index.status).toBe(200);
    expect(index.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(index.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(index.headers['cross-origin-embedder-policy']).toBe('require-corp');
    expect(index.headers['content-security-policy']).toContain("default-src 'self'");
    // The page's own HTML: the field labelled Move names its label by key (web/strings/).
    expect(index.body).toContain('<input id="move-input" data-i18n-label="move.label"');
    expect(index.body).not.toContain(canary);
    for (const [path, type] of [
      ['/index.html', 'text/html'],
      ['/page.js', 'text/javascript'],
      ['/page.css', 'text/css'],
      ['/chuhan.worker.js', 'text/javascript'],
      ['/chuhan.nnue', 'application/octet-stream'],
      ['/favicon.svg', 'image/svg+xml'],
      ['/?fen=x&moves=h2e2', 'text/html'],
    ]) {
      const r = await get(port, path);
      expect(r.status, path).toBe(200);
      expect(r.headers['content-type'], path).toContain(type);
      expect(r.headers['cross-origin-embedder-policy'], path).toBe('require-corp');
      expect(Number(r.headers['content-length']), path).toBeGreaterThan(100);
    }
    const head = await get(port, '/page.js', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
  });

  it('serves nothing but its own files: traversal, encodings, absolute paths', async () => {
    const targets = [
      '/canary.txt',
      '/../canary.txt',
      '/../../../../../../etc/passwd',
      '/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd',
      '/..%2f..%2f..%2fetc%2fpasswd',
      '/%252e%252e/%252e%252e/etc/passwd',
      '/.%2e/.%2e/etc/passwd',
      '/..%5c..%5c..%5cwindows%5cwin.ini',
      '/..\\..\\..\\windows\\win.ini',
      '/index.html/../../etc/passwd',
      '/index.html%00.txt',
      '/./index.html/..',
      '//etc/passwd',
      '/etc/passwd',
      '/proc/self/environ',
      '/C:/Windows/win.ini',
      '/package.json',
      '/web/main.ts',
      '/dist/chuhan',
      'http://127.0.0.1/../../etc/passwd',
      'http://example.com/etc/passwd',
    ];
    for (const target of targets) {
      const r = await get(port, target);
      // 404 from the page's table; Node itself may answer 400 for a request line it cannot read.
      expect([400, 404], target).toContain(r.status);
      expect(r.body, target).not.toContain(canary);
      expect(r.body, target).not.toMatch(/root:|\[fonts\]|PATH=/);
      expect(r.body.length, target).toBeLessThan(100);
    }
    const posted = await raw(port, `POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
    expect(posted.status).toBe(405);
    expect(posted.headers.allow).toBe('GET, HEAD');
  });

  it('answers very long URLs with a 4xx and keeps serving', async () => {
    const long = await get(port, `/${'a'.repeat(8_000)}`);
    expect(long.status).toBe(404);
    const dots = await get(port, `/${'../'.repeat(2_000)}etc/passwd`);
    expect(dots.status).toBe(404);
    // Beyond Node's header limit (16 KB) Node refuses the request itself: a 431, or a reset
    // connection when it closes before the client has sent it all.
    const huge = await get(port, `/${'%2e%2e/'.repeat(20_000)}etc/passwd`);
    if (huge.error === undefined || huge.status !== 0) expect(huge.status).toBe(431);
    else expect(huge.error).toBe('ECONNRESET');
    expect(huge.body).not.toContain(canary);
    expect((await get(port, '/')).status).toBe(200);
  });

  it('listens on 127.0.0.1 only unless --host says otherwise', async () => {
    const other = Object.values(networkInterfaces())
      .flat()
      .find((a) => a !== undefined && a.family === 'IPv4' && !a.internal);
    if (other === undefined) return; // no other address to try on this machine
    const refused = await new Promise<string>((resolve) => {
      const s = connect(port, other.address);
      s.on('connect', () => {
        s.destroy();
        resolve('connected');
      });
      s.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
    // With --host 0.0.0.0 the same address reaches it, and it says what browsers allow there.
    const all = await startServe(exe, ['--port', '0', '--host', '0.0.0.0']);
    try {
      const r = await new Promise<number>((resolve, reject) => {
        const socket = connect(portOf(all.url), other.address);
        let text = '';
        socket.on('data', (c) => (text += c.toString('latin1')));
        socket.on('error', reject);
        socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0)));
        socket.write(`GET / HTTP/1.1\r\nHost: ${other.address}\r\nConnection: close\r\n\r\n`);
      });
      expect(r).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(all.out.join('\n')).toMatch(/open http:\/\/127\.0\.0\.1:\d+\/.*\n.*SharedArrayBuffer only to https/s);
    } finally {
      all.proc.kill('SIGINT');
      await all.exit;
    }
  });

  it('refuses bad ports and a port in use with one clear line', async () => {
    for (const bad of ['70000', '-1', 'abc', '8080x', '']) {
      const r = await runServe(exe, ['--port', bad]);
      expect(r.code, bad).toBe(2);
      expect(r.err, bad).toMatch(/--port/);
      expect(r.err, bad).toMatch(/0 to 65535/);
      expectNoStack(r.err);
    }
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const busy = (blocker.address() as AddressInfo).port;
    try {
      const r = await runServe(exe, ['--port', String(busy)]);
      expect(r.code).toBe(1);
      expect(r.err).toBe(
        `chuhan serve: port ${busy} on 127.0.0.1 is already in use (by another program, or another chuhan serve); choose another with --port`,
      );
      expectNoStack(r.err);
    } finally {
      blocker.close();
    }
    // TEST-NET-3 (RFC 5737): never an address of this machine.
    const foreign = await runServe(exe, ['--port', '0', '--host', '203.0.113.7']);
    expect(foreign.code).toBe(1);
    expect(foreign.err).toMatch(/203\.0\.113\.7 is not an address of this machine/);
    expectNoStack(foreign.err);
  });

  it('stops on Ctrl-C (SIGINT) with exit code 0, an open connection notwithstanding', async () => {
    const s = await startServe(exe, ['--port', '0']);
    const keep = connect(portOf(s.url), '127.0.0.1');
    await new Promise<void>((resolve) => keep.on('connect', () => resolve()));
    keep.write(`GET / HTTP/1.1\r\nHost: x\r\n\r\n`);
    await new Promise((r) => setTimeout(r, 100));
    const t0 = performance.now();
    s.proc.kill('SIGINT');
    expect(await s.exit).toBe(0);
    expect(performance.now() - t0).toBeLessThan(3_000);
    expect(s.out.join('\n')).toContain('chuhan serve: stopped');
    expect(s.err.join('\n')).toBe('');
    keep.destroy();
  });
});
