// The readers of option values that the command lines share: `chuhan` and its commands
// (protocol/cli/), `chuhan spsa` (tune/spsa-cli.ts) and the evaluation fitter (eval-fit/cli.ts).
// Each is a commander argument parser: it returns the value or throws commander's
// InvalidArgumentError, whose message commander prints after the flag's name, so a bad value
// reads the same in every command, `chuhan match` too (match/options.ts).

import { InvalidArgumentError } from 'commander';
import { parseShard, type Shard } from './match/shard';

/** A decimal integer from min to max (no upper bound but the largest safe integer when max is left out); the error names the range. */
export function intIn(min: number, max = Number.MAX_SAFE_INTEGER): (value: string) => number {
  const range = max === Number.MAX_SAFE_INTEGER ? `${min} or more` : `from ${min} to ${max}`;
  return (value: string) => {
    const n = Number(value.trim());
    if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
      throw new InvalidArgumentError(`expected an integer ${range}.`);
    }
    return n;
  };
}

/** A number from min to max (no upper bound when max is left out); the error names the range. */
export function numberIn(min: number, max = Infinity): (value: string) => number {
  return (value: string) => {
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n) || n < min || n > max) {
      throw new InvalidArgumentError(max === Infinity ? `expected a number, ${min} or more.` : `expected a number from ${min} to ${max}.`);
    }
    return n;
  };
}

/** A number above 0. */
export function positiveNumber(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n <= 0) throw new InvalidArgumentError('expected a positive number.');
  return n;
}

/** An evaluation: nnue or classical, in any case. */
export function evalKind(value: string): 'nnue' | 'classical' {
  const v = value.trim().toLowerCase();
  if (v !== 'classical' && v !== 'nnue') throw new InvalidArgumentError('expected classical or nnue.');
  return v;
}

/** A move format of PGN: iccs, wxf or chinese, in any case. */
export function pgnFormat(value: string): 'iccs' | 'wxf' | 'chinese' {
  const f = value.trim().toLowerCase();
  if (f !== 'iccs' && f !== 'wxf' && f !== 'chinese') throw new InvalidArgumentError('expected iccs, wxf or chinese.');
  return f;
}

/**
 * A reader of a flag's value from a parser that throws an ordinary error: the error becomes
 * commander's InvalidArgumentError (ending in a full stop), printed after the flag's name.
 */
export function readWith<T>(parse: (value: string) => T): (value: string) => T {
  return (value: string) => {
    try {
      return parse(value);
    } catch (err) {
      if (err instanceof InvalidArgumentError) throw err;
      throw new InvalidArgumentError((err instanceof Error ? err.message : String(err)).replace(/\.?$/, '.'));
    }
  };
}

/** A shard, K/N (match/shard.ts). */
export const shardArg: (value: string) => Shard = readWith(parseShard);
