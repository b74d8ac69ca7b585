// Every option either handshake announces is in the registry (protocol/engine-options.ts) under the
// name announced, with its default, and does something: setting it runs its effect, or the code
// that applies it reads its value (Ponder alone only tells the GUI it may send `go ponder`). The
// ignored UCCI options are announced by neither handshake.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IGNORED_OPTIONS, engineOptions, type EngineOptions } from '../protocol/engine-options';
import type { AnyOption } from '../protocol/option';
import { UCCI } from '../protocol/ucci';
import { UCI } from '../protocol/uci';

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

/** The engine's options, with effects that record the options that ran one. */
function recorded(): { options: EngineOptions; ran: string[] } {
  const ran: string[] = [];
  const options = engineOptions({
    resizeHash: () => {
      ran.push('hash');
      return undefined;
    },
    setThreads: () => ran.push('threads'),
    setEvaluation: (_useNetwork, file) => (ran.push('evaluation'), file),
    newGame: () => ran.push('newgame'),
    ranksChanged: () => ran.push('ranks'),
    setParams: () => ran.push('params'),
  });
  return { options, ran };
}

/** A value other than the option's current one. */
function otherValue(o: AnyOption): string {
  switch (o.type) {
    case 'check':
      return String(!o.value);
    case 'spin':
      return String(o.value === o.range.max ? o.range.max - 1 : o.value + 1);
    case 'combo':
      return o.vars.find((v) => v !== o.value) ?? o.value;
    case 'string':
      return 'another.nnue';
    case 'button':
      return '';
  }
}

/** Does setting the option to another value run an effect? */
function hasEffect(field: string): boolean {
  const { options, ran } = recorded();
  const o = options[field as keyof EngineOptions] as AnyOption;
  options.registry.set(o.names.uci ?? o.names.ucci ?? '', otherValue(o), 'uci', { note: () => {}, debug: () => {} });
  return ran.length > 0;
}

/** The protocol's code outside the registry and the dialects that print it. */
const appliers = readdirSync('protocol')
  .filter((f) => f.endsWith('.ts') && !['engine-options.ts', 'option.ts', 'ucci.ts', 'uci.ts'].includes(f))
  .map((f) => readFileSync(join('protocol', f), 'utf8'))
  .join('\n');

function readInCode(field: string): boolean {
  return new RegExp(`\\.${field}\\.value\\b`).test(appliers);
}

/** Options that need no code of ours, and why. */
const INFORMATIONAL: Record<string, string> = { ponder: 'the GUI may send go ponder' };

const { options } = recorded();
const fields = Object.entries(options).filter(([field]) => field !== 'registry') as Array<[string, AnyOption]>;

for (const [dialect, lines] of [
  ['ucci', UCCI.handshake(options.registry.all)],
  ['uci', UCI.handshake(options.registry.all)],
] as const) {
  describe(`the ${dialect} handshake`, () => {
    const list = announced(lines, dialect);
    it('announces options', () => expect(list.length).toBeGreaterThan(5));
    for (const a of list) {
      it(`${a.name}: in the registry under that name, with its default, and applied`, () => {
        const o = options.registry.find(a.name);
        expect(o).toBeDefined();
        if (o === undefined) return;
        expect(dialect === 'ucci' ? o.names.ucci : o.names.uci).toBe(a.name);
        expect(a.type).toBe(o.type);
        if (o.type !== 'button') {
          const shown = a.default === '' || a.default === '<empty>' ? '' : a.default;
          expect(shown).toBe(String(o.defaultValue));
          expect(o.value).toBe(o.defaultValue);
        }
        const field = fields.find(([, option]) => option === o)![0];
        expect(INFORMATIONAL[field] !== undefined || hasEffect(field) || readInCode(field), `${field} does something`).toBe(true);
      });
    }
  });
}

describe('the registry', () => {
  it('announces no ignored option, and resign only in UCI, where it does not exist', () => {
    const all = [...announced(UCCI.handshake(options.registry.all), 'ucci'), ...announced(UCI.handshake(options.registry.all), 'uci')];
    for (const name of [...IGNORED_OPTIONS, 'resign']) expect(all.some((a) => a.name.toLowerCase() === name.toLowerCase()), name).toBe(false);
    expect(options.registry.find('resign')).toBe(options.resign);
  });

  it('an option that does nothing would be caught', () => {
    expect(hasEffect('hash')).toBe(true);
    expect(hasEffect('multipv')).toBe(false);
    expect(readInCode('multipv')).toBe(true);
    expect(readInCode('ponder')).toBe(false);
  });
});
