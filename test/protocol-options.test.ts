// Every option either handshake announces is in the registry (protocol/engine-options.ts) under the name
// announced, with the registry's default, and does something: setting it changes what the session
// does, seen from outside it. The session runs in process (test/session-harness.ts), and what it
// does is the same short script of searches, read as the messages it hands its search workers
// (hash size, evaluation, search limits, helper threads) and the lines it writes (moves, replies,
// info strings). An announced option that changes neither is not applied, whatever the source
// says. Ponder is the one announced option that needs no effect (it tells the GUI it may ponder).
// The ignored options (IGNORED_OPTIONS) are accepted quietly and do nothing; resign, announced
// only in UCI, acts in UCCI too.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IGNORED_OPTIONS, engineOptions } from '../protocol/engine-options';
import type { AnyOption } from '../protocol/option';
import type { ToWorker } from '../protocol/worker-messages';
import { type InProcessEngine, inProcess } from './session-harness';

interface Announced {
  name: string;
  type: string;
  default: string | undefined;
}

/** Parses `option <name> type T ... default D` (UCCI) or `option name N type T default D ...` (UCI). */
function announced(lines: string[], dialect: 'ucci' | 'uci'): Announced[] {
  return lines
    .filter((l) => l.startsWith('option '))
    .map((l) => {
      const m = dialect === 'uci' ? /^option name (.+?) type (\w+)(.*)$/.exec(l) : /^option (\S+) type (\w+)(.*)$/.exec(l);
      if (m === null) throw new Error(`unreadable option line: ${l}`);
      const d = / default ?(.*?)(?: min | max | var |$)/.exec(m[3]);
      return { name: m[1], type: m[2], default: d === null ? undefined : d[1] };
    });
}

/** Black to move with a bare king against Red's whole back rank: lost, for the resign option. */
const LOST = '3k5/9/9/9/9/9/9/9/9/RNBAKABNR b - - 0 1';
const NETWORK = join(__dirname, '..', 'nets', 'chuhan.nnue');
const CORES = 4;

/** A message as plain data: buffers by size, and the random seed of `randomness` left out. */
function plain(msg: ToWorker): unknown {
  return JSON.parse(
    JSON.stringify(msg, (key, value: unknown) => {
      if (key === 'noiseSeed') return undefined;
      if (value instanceof SharedArrayBuffer) return `shared ${value.byteLength} bytes`;
      if (value instanceof Uint8Array) return `${value.length} bytes`;
      return value;
    }),
  );
}

async function reply(e: InProcessEngine): Promise<void> {
  await e.expect(/^(bestmove|nobestmove)/);
}

/**
 * What a session does after `setup`: searches of the start position, a lost position and a timed
 * move, with a `d` sent while the first one thinks; the messages posted to every worker and every
 * output line but the search's progress (whose times and speeds vary).
 */
async function behaviour(dialect: 'ucci' | 'uci', setup: string[]): Promise<unknown[]> {
  const e = await inProcess(dialect, { cores: CORES, nodeLimit: 3000 });
  const posted = e.posted.length;
  const written = e.received.length;
  e.send(...setup);
  e.send('position startpos', 'go depth 1', 'd');
  await reply(e);
  e.send(`position fen ${LOST}`, 'go depth 1');
  await reply(e);
  // A clock long enough that the node limit, not the time manager, ends the search on a loaded machine.
  e.send('position startpos moves h2e2', 'go time 600000 increment 0');
  await reply(e);
  await e.sync();
  const lines = e.received.slice(written).map((r) => r.line);
  const out = lines.filter((l) => !/^info (depth|currmove|nodes) /.test(l));
  const result = [
    ...e.posted.slice(posted).map((p) => ({ helper: p.helper, msg: plain(p.msg) })),
    `workers running: ${e.host.running}`,
    // The progress lines vary, but whether they carry the chances (UCI_ShowWDL) does not.
    `wdl shown: ${lines.some((l) => / wdl \d+ \d+ \d+ /.test(l))}`,
    ...out,
  ];
  await e.quit();
  return result;
}

/** The registry as a session on CORES cores holds it (the effects are the session's, not used here). */
const registry = engineOptions({
  resizeHash: () => undefined,
  setThreads: () => {},
  setEvaluation: (_useNetwork, file) => file,
  newGame: () => {},
  ranksChanged: () => {},
  setParams: () => {},
}).registry;

/** Announced options that act only with another one set (by its UCI name): that one's setting. */
const NEEDS: Record<string, { name: string; value: string }> = { UCI_Elo: { name: 'UCI_LimitStrength', value: 'true' } };

/** Announced options that need no effect, and why. */
const INFORMATIONAL: Record<string, string> = { Ponder: 'the GUI may send go ponder' };

/** Values worth trying for an option: another value of each kind, and for combos every one (setting one may act). */
function candidates(o: AnyOption): Array<string | null> {
  switch (o.type) {
    case 'button':
      return [null];
    case 'check':
      return [String(!o.defaultValue)];
    case 'spin': {
      const d = o.defaultValue;
      return [String(d + 1 <= o.range.max ? d + 1 : d - 1)];
    }
    case 'combo':
      return [...o.vars];
    case 'string':
      return o.names.uci === 'EvalFile' ? [NETWORK] : ['a.obk'];
  }
}

function setoption(dialect: 'ucci' | 'uci', name: string, value: string | null): string {
  if (dialect === 'uci') return `setoption name ${name}${value === null ? '' : ` value ${value}`}`;
  return `setoption ${name}${value === null ? '' : ` ${value}`}`;
}

/** The values of the option that change what the session does (empty: none does). */
async function effectiveValues(
  dialect: 'ucci' | 'uci',
  name: string,
  values: Array<string | null>,
  base: unknown[],
  before: string[] = [],
): Promise<Array<string | null>> {
  const acting: Array<string | null> = [];
  for (const value of values) {
    const seen = await behaviour(dialect, [...before, setoption(dialect, name, value)]);
    if (JSON.stringify(seen) !== JSON.stringify(base)) acting.push(value);
  }
  return acting;
}

for (const dialect of ['ucci', 'uci'] as const) {
  describe(`the ${dialect} handshake`, async () => {
    const e = await inProcess(dialect, { cores: CORES });
    const list = announced(
      e.received.map((r) => r.line),
      dialect,
    );
    await e.quit();
    let base: unknown[] = [];

    it('announces options, and the same script gives the same behaviour twice', async () => {
      expect(list.length).toBeGreaterThan(5);
      base = await behaviour(dialect, []);
      expect(await behaviour(dialect, [])).toEqual(base);
      // The script exercises what the options act on.
      expect(base.filter((x) => typeof x === 'string' && x.startsWith('bestmove'))).toHaveLength(3);
    });

    for (const a of list) {
      it(`${a.name}: in the registry under that name, with its default, and it changes what the session does`, async () => {
        const o = registry.find(a.name);
        expect(o).toBeDefined();
        if (o === undefined) return;
        expect(dialect === 'ucci' ? o.names.ucci : o.names.uci).toBe(a.name);
        if (dialect === 'ucci') expect(o.names.unannouncedInUcci).not.toBe(true);
        expect(a.type).toBe(o.type);
        if (o.type !== 'button') {
          const shown = a.default === '' || a.default === '<empty>' ? '' : a.default;
          expect(shown).toBe(String(o.defaultValue));
        }
        const need = NEEDS[o.names.uci ?? ''];
        const before = need === undefined ? [] : [setoption(dialect, registry.find(need.name)!.label(dialect), need.value)];
        const acting = await effectiveValues(
          dialect,
          a.name,
          candidates(o),
          before.length === 0 ? base : await behaviour(dialect, before),
          before,
        );
        if (INFORMATIONAL[o.names.uci ?? ''] !== undefined) expect(acting, `${a.name} is informational`).toEqual([]);
        else expect(acting.length, `no value of ${a.name} changes anything`).toBeGreaterThan(0);
      });
    }
  });
}

describe('the options nobody announces', () => {
  it('the ignored ones are accepted quietly and do nothing; resign, unannounced in UCCI, acts there', async () => {
    const base = await behaviour('ucci', []);
    for (const name of IGNORED_OPTIONS) {
      expect(registry.find(name), name).toBeUndefined();
      const values = ['true', 'false', 'a.obk', 'large'];
      expect(await effectiveValues('ucci', name, values, base), name).toEqual([]);
      // Nothing is said about them: no info string in the session's output either.
      const seen = await behaviour(
        'ucci',
        values.map((v) => setoption('ucci', name, v)),
      );
      expect(
        seen.filter((x) => typeof x === 'string' && x.startsWith('info string')),
        name,
      ).toEqual([]);
    }
    const resign = registry.find('resign');
    expect(resign?.names.unannouncedInUcci).toBe(true);
    expect(await effectiveValues('ucci', 'resign', candidates(resign!), base)).toEqual(['true']);
  });
});
