/**
 * `format` and `formatlist`: Terraform's format specifications, after Go's
 * `fmt`. A verb is `%`, flags (`-` left-justify, `+` always a sign, ` ` a
 * space for a plus sign, `0` pad with zeros, `#` alternate form: `0x`,
 * `0`, `0b` prefixes), an optional `[n]` argument index (1-based; later
 * verbs go on from n+1), a width, a `.precision`, and one of: `%v`
 * (default: strings as is, numbers as `%g`, anything else as JSON), `%#v`
 * (JSON, as `jsonencode`), `%t`, `%b %d %o %x %X` (whole numbers), `%e %E
 * %f %g %G` (numbers), `%s`, `%q` (a JSON-quoted string), `%%`. Widths and
 * string precisions count characters (grapheme clusters).
 */
import type { Value } from '../../core/types.js';
import { FunctionError } from './errors.js';
import { toBool, toNumber, toText } from './convert.js';
import { jsonString, jsonText } from './json.js';
import { characters } from './text.js';

/** One `%...` sequence of a specification. */
interface Verb {
  raw: string;
  /** 0-based index of the argument it formats. */
  argument: number;
  verb: string;
  minus: boolean;
  plus: boolean;
  sharp: boolean;
  zero: boolean;
  space: boolean;
  width?: number;
  precision?: number;
}

const FLAGS = '-+# 0';
const VERBS = 'vtbdoxXeEfgGsq';

function problem(name: string, message: string): FunctionError {
  return new FunctionError(`${name}(): ${message}`);
}

/** Reads the verb starting at `start` (the `%`): the verb and the index after it. */
function readVerb(spec: string, start: number, next: number, name: string): { verb: Verb; end: number } {
  let index = start + 1;
  const flags = { minus: false, plus: false, sharp: false, zero: false, space: false };
  const names = { '-': 'minus', '+': 'plus', '#': 'sharp', '0': 'zero', ' ': 'space' } as const;
  while (index < spec.length && FLAGS.includes(spec[index])) {
    flags[names[spec[index] as keyof typeof names]] = true;
    index++;
  }
  let argument = next;
  const readIndex = (): void => {
    const match = /^\[(\d+)\]/.exec(spec.slice(index));
    if (!match) return;
    if (Number(match[1]) < 1) throw problem(name, `argument index ${match[0]} in the format must be 1 or more`);
    argument = Number(match[1]) - 1;
    index += match[0].length;
  };
  readIndex();
  const readNumber = (): number | undefined => {
    const match = /^\d+/.exec(spec.slice(index));
    if (!match) return undefined;
    index += match[0].length;
    return Number(match[0]);
  };
  const width = readNumber();
  let precision: number | undefined;
  if (spec[index] === '.') {
    index++;
    precision = readNumber() ?? 0;
  }
  readIndex();
  const letter = spec[index];
  const raw = spec.slice(start, index + 1);
  if (letter === undefined) throw problem(name, `the format ends inside the verb "${raw}"`);
  if (!VERBS.includes(letter))
    throw new FunctionError(
      `${name}(): unsupported verb "${raw}" in the format (use %v %#v %t %b %d %o %x %X %e %E %f %g %G %s %q or %%)`,
      `${name}(): unsupported verb in the format`,
    );
  return { verb: { raw, argument, verb: letter, ...flags, width, precision }, end: index + 1 };
}

/** Pads `text` to the verb's width (characters): spaces, or zeros with `0`, on the left unless `-`. */
function pad(verb: Verb, text: string, zeros = verb.zero): string {
  const missing = (verb.width ?? 0) - characters(text).length;
  if (missing <= 0) return text;
  if (verb.minus) return text + ' '.repeat(missing);
  return (zeros ? '0' : ' ').repeat(missing) + text;
}

/** Pads a number: zeros go between its sign (and prefix) and its digits. */
function padNumber(verb: Verb, sign: string, body: string, zeros: boolean): string {
  const missing = (verb.width ?? 0) - sign.length - body.length;
  if (zeros && !verb.minus && missing > 0) return sign + '0'.repeat(missing) + body;
  return pad(verb, sign + body, false);
}

function signOf(verb: Verb, negative: boolean): string {
  if (negative) return '-';
  return verb.plus ? '+' : verb.space ? ' ' : '';
}

function formatInteger(verb: Verb, value: number, name: string): string {
  if (!Number.isInteger(value))
    throw new FunctionError(`${name}(): "${verb.raw}" needs a whole number, got ${value}`, `${name}(): "${verb.raw}" needs a whole number`);
  const bases: Record<string, number> = { b: 2, d: 10, o: 8, x: 16, X: 16 };
  const magnitude = BigInt(Math.abs(value));
  let digits = verb.precision === 0 && magnitude === 0n ? '' : magnitude.toString(bases[verb.verb]);
  if (verb.verb === 'X') digits = digits.toUpperCase();
  if (verb.precision !== undefined) digits = digits.padStart(verb.precision, '0');
  const prefixes: Record<string, string> = { b: '0b', o: '0', x: '0x', X: '0X', d: '' };
  const prefix = verb.sharp && !(verb.verb === 'o' && digits.startsWith('0')) ? prefixes[verb.verb] : '';
  return padNumber(verb, signOf(verb, value < 0) + prefix, digits, verb.zero && verb.precision === undefined);
}

/** The significant digits (no trailing zeros; `""` for zero) and decimal exponent of |value|, rounded to `precision` digits or shortest. */
function decimalDigits(value: number, precision?: number): { digits: string; exponent: number } {
  if (value === 0) return { digits: '', exponent: 0 };
  const text = precision === undefined ? value.toExponential() : value.toExponential(Math.max(precision, 1) - 1);
  const [mantissa, exponent] = text.split('e');
  return { digits: mantissa.replace('.', '').replace(/0+$/, ''), exponent: Number(exponent) };
}

function exponentForm(digits: string, exponent: number, fraction: number, letter: string): string {
  const all = (digits || '0').padEnd(fraction + 1, '0');
  const mantissa = fraction > 0 ? `${all[0]}.${all.slice(1, fraction + 1)}` : all[0];
  const sign = exponent < 0 ? '-' : '+';
  return `${mantissa}${letter}${sign}${String(Math.abs(exponent)).padStart(2, '0')}`;
}

function fixedForm(digits: string, point: number, fraction: number): string {
  const whole = point > 0 ? digits.slice(0, point).padEnd(point, '0') : '0';
  const rest = point >= 0 ? digits.slice(point) : '0'.repeat(-point) + digits;
  return fraction > 0 ? `${whole}.${rest.padEnd(fraction, '0').slice(0, fraction)}` : whole;
}

/** Go's `%g`: `%e` for exponents below -4 or at least the precision (6 when shortest), else `%f`, without trailing zeros. */
export function generalForm(value: number, precision: number | undefined, upper = false): string {
  const { digits, exponent } = decimalDigits(Math.abs(value), precision);
  if (digits === '') return '0';
  const count = digits.length;
  const point = exponent + 1;
  let limit = precision === undefined ? 6 : Math.max(precision, 1);
  if (precision !== undefined && limit > count && count >= point) limit = count;
  let shown = precision === undefined ? count : Math.max(precision, 1);
  if (exponent < -4 || exponent >= limit) return exponentForm(digits, exponent, Math.min(shown, count) - 1, upper ? 'E' : 'e');
  if (shown > point) shown = count;
  return fixedForm(digits, point, Math.max(shown - point, 0));
}

function formatFloat(verb: Verb, value: number): string {
  const magnitude = Math.abs(value);
  let body: string;
  if (verb.verb === 'e' || verb.verb === 'E') {
    const { digits, exponent } = decimalDigits(magnitude, (verb.precision ?? 6) + 1);
    body = exponentForm(digits, exponent, verb.precision ?? 6, verb.verb);
  } else if (verb.verb === 'f') body = magnitude < 1e21 ? magnitude.toFixed(Math.min(verb.precision ?? 6, 100)) : String(magnitude);
  else body = generalForm(magnitude, verb.precision, verb.verb === 'G');
  return padNumber(verb, signOf(verb, value < 0 || Object.is(value, -0)), body, verb.zero);
}

/** A string truncated to the verb's precision (characters). */
function truncated(verb: Verb, text: string): string {
  return verb.precision !== undefined && verb.precision > 0 ? characters(text).slice(0, verb.precision).join('') : text;
}

function formatOne(verb: Verb, value: Value, name: string): string {
  const what = `${name}(): "${verb.raw}"`;
  if (verb.verb === 'v') {
    if (verb.sharp || value === null) return pad(verb, jsonText(value));
    if (typeof value === 'string') return pad(verb, value);
    if (typeof value === 'number') return pad(verb, generalForm(value, undefined));
    return pad(verb, jsonText(value));
  }
  if (value === null) throw problem(name, `"${verb.raw}" cannot format null (only %v and %#v can)`);
  switch (verb.verb) {
    case 't':
      return pad(verb, String(toBool(value, what)));
    case 's':
      return pad(verb, truncated(verb, toText(value, what)));
    case 'q':
      return pad(verb, jsonString(truncated(verb, toText(value, what))));
    case 'b':
    case 'd':
    case 'o':
    case 'x':
    case 'X':
      return formatInteger(verb, toNumber(value, what), name);
    default:
      return formatFloat(verb, toNumber(value, what));
  }
}

/**
 * Formats `values` by the specification `spec` (see the module comment).
 * Errors: an unsupported verb, a verb past the last value, a value the verb
 * cannot convert, or values that no verb uses.
 */
export function formatValues(spec: string, values: Value[], name = 'format'): string {
  let text = '';
  let next = 0;
  let used = 0;
  for (let index = 0; index < spec.length;) {
    const char = spec[index];
    if (char !== '%') {
      text += char;
      index++;
      continue;
    }
    if (spec[index + 1] === '%') {
      text += '%';
      index += 2;
      continue;
    }
    const { verb, end } = readVerb(spec, index, next, name);
    if (verb.argument >= values.length)
      throw problem(
        name,
        `"${verb.raw}" needs value ${verb.argument + 1} but ${values.length} ${values.length === 1 ? 'is' : 'are'} given`,
      );
    text += formatOne(verb, values[verb.argument], name);
    next = verb.argument + 1;
    used = Math.max(used, next);
    index = end;
  }
  if (used < values.length) throw problem(name, `${values.length} values given but the format uses ${used} (add a verb, or drop a value)`);
  return text;
}
