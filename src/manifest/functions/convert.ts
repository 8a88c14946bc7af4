/**
 * Terraform's automatic conversions between a manifest's values, shared by
 * the function families: a number's decimal text, a string read as a number
 * or a boolean, the common type of a list's items, and sets (a list without
 * duplicates, in the order Terraform prints a set).
 */
import type { Value } from '../../core/types.js';
import { FunctionError } from './errors.js';

/**
 * A number as Terraform writes it: plain decimal digits, never an exponent
 * (`1e21` is `1000000000000000000000`, `1e-7` is `0.0000001`). Numbers are
 * JavaScript doubles (Terraform's are arbitrary precision).
 */
export function numberText(value: number): string {
  const text = String(value);
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign, whole, fraction = '', exponentText] = match;
  const digits = whole + fraction;
  const point = whole.length + Number(exponentText);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`.replace(/0+$/, '');
  if (point >= digits.length) return sign + digits + '0'.repeat(point - digits.length);
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

const NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

/** A string read as a number (`"42"`, `"-1.5"`, `"1e3"`) or a number; else a {@link FunctionError} starting with `what`. */
export function toNumber(value: Value, what: string): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && NUMBER.test(value)) return Number(value);
  const shown = typeof value === 'string' ? JSON.stringify(value) : describe(value);
  throw new FunctionError(`${what}: cannot convert ${shown} to a number`, `${what}: cannot convert the value to a number`);
}

/** `true`, `false`, `"true"` or `"false"` as a boolean; else a {@link FunctionError} starting with `what`. */
export function toBool(value: Value, what: string): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'false') return value === 'true';
  const shown = typeof value === 'string' ? JSON.stringify(value) : describe(value);
  throw new FunctionError(
    `${what}: cannot convert ${shown} to a boolean (only "true" and "false" convert)`,
    `${what}: cannot convert the value to a boolean`,
  );
}

/** A string, number or boolean as text; else a {@link FunctionError} starting with `what`. */
export function toText(value: Value, what: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return String(value);
  throw new FunctionError(`${what}: expects a string, number or boolean, got ${describe(value)}`);
}

function describe(value: Value): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return typeof value === 'boolean' ? 'a boolean' : 'a number';
}

/** A list of the values, or a {@link FunctionError}: `what` names the argument. */
export function asList(value: Value, what: string): Value[] {
  if (Array.isArray(value)) return value;
  throw new FunctionError(`${what}: expects a list, got ${describe(value)}`);
}

/** A mapping, or a {@link FunctionError}: `what` names the argument. */
export function asMap(value: Value, what: string): Record<string, Value> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value;
  throw new FunctionError(`${what}: expects a mapping, got ${describe(value)}`);
}

/** A key identifying a value by its content (mappings by sorted keys), for equality and sets. */
export function canonical(value: Value): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** Equal values, as Terraform's `==`: same type and content (a number and its text are not equal). */
export function sameValue(left: Value, right: Value): boolean {
  return canonical(left) === canonical(right);
}

/** Orders strings by Unicode code point, as Terraform (Go) sorts them. */
export function compareText(left: string, right: string): number {
  const a = [...left];
  const b = [...right];
  for (let index = 0; index < Math.min(a.length, b.length); index++) {
    const difference = a[index].codePointAt(0)! - b[index].codePointAt(0)!;
    if (difference !== 0) return difference;
  }
  return a.length - b.length;
}

/**
 * The items of a list or the values of a mapping converted to one type, as
 * Terraform does for `tolist`, `toset`, `tomap`, `coalesce`, ...: strings
 * mixed with numbers or booleans all become strings; numbers mixed with
 * booleans, or scalars mixed with collections, have no common type
 * (a {@link FunctionError} starting with `what`). Nulls stay null.
 */
export function unify(items: Value[], what: string): Value[] {
  const kinds = new Set(items.filter((item) => item !== null).map((item) => (Array.isArray(item) ? 'list' : typeof item)));
  if (kinds.size <= 1) return items;
  const scalar = [...kinds].every((kind) => kind === 'string' || kind === 'number' || kind === 'boolean');
  if (!scalar || !kinds.has('string'))
    throw new FunctionError(
      `${what}: the items have no common type (${[...kinds].sort().join(', ')}); all must be convertible to one type`,
    );
  return items.map((item) => (item === null ? null : toText(item, what)));
}

/**
 * A set as cloudctl holds it: a list without duplicates, ordered as
 * Terraform prints a set (strings by code point, numbers by value, `false`
 * before `true`); lists and mappings keep their first-seen order.
 */
export function toSet(items: Value[], what: string): Value[] {
  const seen = new Map<string, Value>();
  for (const item of unify(items, what)) {
    const key = canonical(item);
    if (!seen.has(key)) seen.set(key, item);
  }
  const unique = [...seen.values()];
  if (unique.every((item) => typeof item === 'string')) return (unique as string[]).sort(compareText);
  if (unique.every((item) => typeof item === 'number')) return (unique as number[]).sort((a, b) => a - b);
  if (unique.every((item) => typeof item === 'boolean')) return (unique as boolean[]).sort((a, b) => Number(a) - Number(b));
  return unique;
}
