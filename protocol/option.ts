// An engine option and the registry that holds them. Each option is declared once, with its
// spellings, its type, range and default, and its effect: what setting it does besides storing the
// value, as Stockfish's `options.add(name, Option(..., on_change))` (the engine's options are in
// engine-options.ts). The dialects only write the `option` lines (ucci.ts, uci.ts).
//
// Names are matched case-insensitively, with `_` and spaces alike (Fairy-Stockfish's UCCI
// convention), and a multi-word name also without its spaces (`setoption clearhash`); any spelling
// works in either dialect. An out-of-range number is clamped and an unreadable value rejected, each
// with a message for an `info string`. Names in the ignored list are accepted and do nothing.
import { clip, type Report } from './report';

type DialectName = 'ucci' | 'uci';

interface OptionNames {
  /** Name announced in UCCI (one lower-case word), or null when not announced there. */
  ucci: string | null;
  /** Name announced in UCI, or null when not announced there. */
  uci: string | null;
  /** Further spellings accepted by setoption. */
  aliases?: readonly string[];
  /** Accepted under its UCCI name, but left out of the UCCI handshake. */
  unannouncedInUcci?: boolean;
}

/**
 * What an option does when set, called with the new value. It may refuse the value by returning
 * the reason (a hash table that cannot be had, say): the option then keeps its old value.
 */
type Effect<T> = (value: T) => string | void;

/** A value read from setoption, or why none could be. */
type Read<T> = { ok: true; value: T; shown: string; warning?: string } | { ok: false; warning: string };

abstract class Option<T> {
  value: T;

  constructor(
    readonly names: OptionNames,
    readonly defaultValue: T,
    private readonly effect: Effect<T> | undefined,
    /** The effect runs on every setoption, not only when the value changes. */
    private readonly always = false,
  ) {
    this.value = defaultValue;
  }

  /** The name in messages: the spelling of the dialect in use. */
  label(dialect: DialectName): string {
    return (dialect === 'uci' ? (this.names.uci ?? this.names.ucci) : (this.names.ucci ?? this.names.uci)) ?? '';
  }

  abstract read(text: string, dialect: DialectName): Read<T>;

  /**
   * Applies setoption's value: reports a clamped or unreadable one (named as the dialect names
   * it), stores it, says so in debug mode under its UCCI name (`setoption debug true` included),
   * and runs the effect (when the value changed, unless it always runs). An effect that refuses
   * the value is reported, and the old value stays.
   */
  apply(text: string, dialect: DialectName, report: Report): void {
    const r = this.read(text, dialect);
    if (r.warning !== undefined) report.note(r.warning);
    if (!r.ok) return;
    const old = this.value;
    this.value = r.value;
    report.debug(`option ${this.names.ucci ?? this.names.uci} = ${r.shown}`);
    if (old === r.value && !this.always) return;
    const refused = this.effect?.(r.value);
    if (typeof refused === 'string') {
      this.value = old;
      report.note(`option ${this.label(dialect)} ${r.shown}: ${refused}; left at ${String(old)}`);
    }
  }

  protected refuse(dialect: DialectName, expected: string, text: string): Read<T> {
    return { ok: false, warning: `option ${this.label(dialect)} expects ${expected}, got '${clip(text)}'; left at ${String(this.value)}` };
  }
}

const TRUE_WORDS = new Set(['true', 'on', 'yes', '1']);
const FALSE_WORDS = new Set(['false', 'off', 'no', '0']);

export class CheckOption extends Option<boolean> {
  readonly type = 'check';

  constructor(names: OptionNames, defaultValue: boolean, effect?: Effect<boolean>) {
    super(names, defaultValue, effect);
  }

  read(text: string, dialect: DialectName): Read<boolean> {
    const w = text.toLowerCase();
    if (TRUE_WORDS.has(w)) return { ok: true, value: true, shown: 'true' };
    if (FALSE_WORDS.has(w)) return { ok: true, value: false, shown: 'false' };
    return this.refuse(dialect, 'true or false', text);
  }
}

interface SpinRange {
  min: number;
  max: number;
  /** UCI's minimum when it differs (UCCI's 0 for hashsize and threads means "the default"). */
  uciMin?: number;
  /** A 0 (within the range) means the default: UCCI's "let the engine choose". */
  zeroMeansDefault?: boolean;
  /** The unit in messages (` MB`). */
  unit?: string;
  /** Decimals are read and rounded (some SPSA drivers send them); otherwise only integers. */
  rounds?: boolean;
}

const INTEGER = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

export class SpinOption extends Option<number> {
  readonly type = 'spin';

  constructor(
    names: OptionNames,
    defaultValue: number,
    readonly range: SpinRange,
    effect?: Effect<number>,
  ) {
    super(names, defaultValue, effect);
  }

  /** The least value in a dialect. */
  min(dialect: DialectName): number {
    return (dialect === 'uci' ? this.range.uciMin : undefined) ?? this.range.min;
  }

  read(text: string, dialect: DialectName): Read<number> {
    const { max, zeroMeansDefault = false, unit = '', rounds = false } = this.range;
    if (!(rounds ? DECIMAL : INTEGER).test(text)) return this.refuse(dialect, 'an integer', text);
    let n = rounds ? Math.round(Number(text)) : Number(text);
    const min = this.min(dialect);
    const zeroIsDefault = zeroMeansDefault && min === 0;
    let warning: string | undefined;
    if (n < min || n > max || !Number.isSafeInteger(n)) {
      const clamped = n < min ? min : max;
      const shown = clamped === 0 && zeroIsDefault ? `0, which means the default, ${this.defaultValue}${unit}` : String(clamped);
      warning = `option ${this.label(dialect)} value ${clip(text)} is out of range ${min}..${max}; using ${shown}`;
      n = clamped;
    }
    if (n === 0 && zeroIsDefault) n = this.defaultValue;
    return { ok: true, value: n, shown: String(n), warning };
  }
}

export class ComboOption extends Option<string> {
  readonly type = 'combo';

  constructor(
    names: OptionNames,
    defaultValue: string,
    /** The values, lower case. */
    readonly vars: readonly string[],
    effect?: Effect<string>,
    always = false,
  ) {
    super(names, defaultValue, effect, always);
  }

  read(text: string, dialect: DialectName): Read<string> {
    const match = this.vars.find((v) => v === text.toLowerCase());
    return match === undefined ? this.refuse(dialect, `one of ${this.vars.join(', ')}`, text) : { ok: true, value: match, shown: match };
  }
}

export class StringOption extends Option<string> {
  readonly type = 'string';

  constructor(names: OptionNames, defaultValue: string, effect?: Effect<string>) {
    super(names, defaultValue, effect);
  }

  /** An empty value (or UCI's `<empty>`) sets the default. */
  read(text: string): Read<string> {
    const value = text === '' || text.toLowerCase() === '<empty>' ? this.defaultValue : text;
    return { ok: true, value, shown: value };
  }
}

export class ButtonOption extends Option<null> {
  readonly type = 'button';

  constructor(names: OptionNames, effect: () => void) {
    super(names, null, effect, true);
  }

  read(): Read<null> {
    return { ok: true, value: null, shown: 'pressed' };
  }
}

export type AnyOption = CheckOption | SpinOption | ComboOption | StringOption | ButtonOption;

/** Canonical form of an option name for matching: lower case, `_` as space, single spaces. */
function normalizeName(name: string): string {
  return name.toLowerCase().replace(/_/g, ' ').replace(/\s+/g, ' ').trim();
}

export class OptionRegistry {
  private readonly list: AnyOption[] = [];
  private readonly byName = new Map<string, AnyOption>();
  private readonly ignored = new Set<string>();

  /** Adds an option (announced in the order added) and returns it. */
  add<O extends AnyOption>(option: O): O {
    this.list.push(option);
    const { ucci, uci, aliases = [] } = option.names;
    for (const n of [ucci, uci, ...aliases]) if (n !== null) this.byName.set(normalizeName(n), option);
    // A space-free spelling of a multi-word name (`setoption clearhash`, `setoption move_overhead`).
    if (uci !== null) this.byName.set(normalizeName(uci).replace(/ /g, ''), option);
    return option;
  }

  /** Names accepted by setoption that do nothing. */
  ignore(names: readonly string[]): void {
    for (const n of names) this.ignored.add(normalizeName(n));
  }

  /** Every option, in the order added. */
  get all(): readonly AnyOption[] {
    return this.list;
  }

  find(name: string): AnyOption | undefined {
    const n = normalizeName(name);
    return this.byName.get(n) ?? this.byName.get(n.replace(/ /g, ''));
  }

  /** Applies `setoption <name> [value]` (Option.apply); `unknown` is for the caller to report. */
  set(name: string, text: string, dialect: DialectName, report: Report): 'set' | 'ignored' | 'unknown' {
    const option = this.find(name);
    if (option === undefined) return this.ignored.has(normalizeName(name)) ? 'ignored' : 'unknown';
    option.apply(text.trim(), dialect, report);
    return 'set';
  }
}
