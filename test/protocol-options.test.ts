// Every option either handshake announces is in the registry (protocol/options.ts) under the name
// announced, with the registry's default, and is read by the code that applies it (or says why it
// needs none); the options left unannounced are still accepted by setoption.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPTION_SPECS, defaultOptions, findOption, setOption } from '../protocol/options';
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

/** The protocol's code that applies options (not the registry or the dialects that print it). */
const appliers = readdirSync('protocol')
  .filter((f) => f.endsWith('.ts') && !['options.ts', 'ucci.ts', 'uci.ts'].includes(f))
  .map((f) => readFileSync(join('protocol', f), 'utf8'))
  .join('\n');

function appliedInCode(key: string): boolean {
  return new RegExp(`\\b(options|opts)\\.${key}\\b|key === '${key}'`).test(appliers);
}

const defaults = defaultOptions() as unknown as Record<string, unknown>;

for (const [dialect, lines] of [
  ['ucci', UCCI.handshake(OPTION_SPECS)],
  ['uci', UCI.handshake(OPTION_SPECS)],
] as const) {
  describe(`the ${dialect} handshake`, () => {
    const list = announced(lines, dialect);
    it('announces options', () => expect(list.length).toBeGreaterThan(5));
    for (const a of list) {
      it(`${a.name}: in the registry under that name, with its default, and applied`, () => {
        const spec = findOption(a.name);
        expect(spec).toBeDefined();
        if (spec === undefined) return;
        expect(dialect === 'ucci' ? spec.ucci : spec.uci).toBe(a.name);
        expect(spec.unannounced).not.toBe(true);
        expect(a.type).toBe(spec.type);
        if (spec.type !== 'button') {
          expect(spec.key in defaults).toBe(true);
          const shown = a.default === '' || a.default === '<empty>' ? '' : a.default;
          expect(shown).toBe(String(spec.default));
          expect(String(defaults[spec.key])).toBe(String(spec.default));
        }
        expect(spec.informational !== undefined || appliedInCode(spec.key)).toBe(true);
      });
    }
  });
}

describe('the registry', () => {
  it('defaultOptions holds every non-button option at its declared default', () => {
    const keys = OPTION_SPECS.filter((s) => s.type !== 'button').map((s) => s.key);
    expect(Object.keys(defaults).sort()).toEqual([...keys].sort());
  });

  it('the unannounced options are still accepted quietly', () => {
    for (const spec of OPTION_SPECS.filter((s) => s.unannounced === true)) {
      const v = defaultOptions();
      const value = spec.type === 'check' ? 'true' : spec.type === 'combo' ? (spec.vars ?? [])[1] : 'a.obk';
      const r = setOption(v, spec.ucci ?? spec.key, value);
      expect(r.spec?.key).toBe(spec.key);
      expect(r.warnings).toEqual([]);
    }
  });

  it('an option without effect would be caught: books are not applied anywhere', () => {
    expect(appliedInCode('usebook')).toBe(false);
    expect(appliedInCode('hash')).toBe(true);
  });
});
