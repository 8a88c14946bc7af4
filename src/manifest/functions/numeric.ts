/**
 * Numeric functions (Terraform's "Numeric Functions"): abs, ceil, floor,
 * log, max, min, parseint, pow, signum. Numbers are JavaScript doubles
 * (Terraform's are arbitrary precision); a result that is not a finite
 * number (`log(0, 10)`, `pow(0, -1)`) is an error, where Terraform gives
 * infinity.
 */
import { define, FunctionError, parameter, type FunctionDefinition } from './definition.js';

const number = (name: string) => parameter(name, 'number');

function finite(value: number, name: string): number {
  if (!Number.isFinite(value)) throw new FunctionError(`${name}(): the result is not a finite number (${String(value)})`);
  return value;
}

/** A function of one number. */
function unary(name: string, description: string, example: string, compute: (value: number) => number): FunctionDefinition {
  return define('numeric', {
    name,
    parameters: [number('number')],
    result: 'number',
    description,
    example,
    run: ([value]) => finite(compute(value as number), name),
  });
}

/** `min` or `max` of at least one number. */
function extremum(name: string, word: string, example: string, pick: (...numbers: number[]) => number): FunctionDefinition {
  return define('numeric', {
    name,
    parameters: [{ name: 'numbers', types: ['number'], variadic: true }],
    result: 'number',
    description: `The ${word} of the numbers given (at least one; expand a list with \`...\`: \`${name}(var.sizes...)\`).`,
    example,
    run: (values) => pick(...(values as number[])),
  });
}

const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** `parseint`: digits of `base` (2 to 62; up to 36 either case, above lower case first), an optional sign. */
function parseInteger(text: string, base: number): number {
  if (!Number.isInteger(base) || base < 2 || base > 62)
    throw new FunctionError(`parseint(): the base must be a whole number from 2 to 62, got ${base}`);
  const sign = text.startsWith('-') ? -1n : 1n;
  const digits = /^[-+]/.test(text) ? text.slice(1) : text;
  let result = 0n;
  for (const char of digits) {
    const index = DIGITS.indexOf(base <= 36 ? char.toLowerCase() : char);
    if (index < 0 || index >= base || digits === '') throw invalid(text, base);
    result = result * BigInt(base) + BigInt(index);
  }
  if (digits === '') throw invalid(text, base);
  return Number(sign * result);
}

function invalid(text: string, base: number): FunctionError {
  return new FunctionError(
    `parseint(): cannot parse ${JSON.stringify(text)} as a base ${base} integer`,
    `parseint(): cannot parse the text as a base ${base} integer`,
  );
}

/** The numeric functions, in the order of the docs. */
export const NUMERIC_FUNCTIONS: FunctionDefinition[] = [
  unary('abs', 'The absolute value of a number.', '${abs(-12.4)} → 12.4', Math.abs),
  unary('ceil', 'The closest whole number greater than or equal to the number.', '${ceil(4.1)} → 5', Math.ceil),
  unary('floor', 'The closest whole number less than or equal to the number.', '${floor(4.9)} → 4', Math.floor),
  define('numeric', {
    name: 'log',
    parameters: [number('number'), number('base')],
    result: 'number',
    description: 'The logarithm of a number in the given base.',
    example: '${log(16, 2)} → 4',
    // As Terraform, in 64-bit floating point: log(1000, 10) is 2.9999999999999996.
    run: ([value, base]) => finite(Math.log(value as number) / Math.log(base as number), 'log'),
  }),
  extremum('max', 'largest', '${max(12, 54, 3)} → 54', Math.max),
  extremum('min', 'smallest', '${min(12, 54, 3)} → 3', Math.min),
  define('numeric', {
    name: 'parseint',
    parameters: [parameter('text', 'string'), number('base')],
    result: 'number',
    description:
      'The whole number written in a string in the given base (2 to 62; digits, then letters: either case up to base 36, lower case before upper above it), with an optional sign; an error when the text is not such a number.',
    example: '${parseint("FF", 16)} → 255',
    run: ([text, base]) => parseInteger(text as string, base as number),
  }),
  define('numeric', {
    name: 'pow',
    parameters: [number('base'), number('exponent')],
    result: 'number',
    description: 'The base raised to the power of the exponent.',
    example: '${pow(3, 2)} → 9',
    run: ([base, exponent]) => finite((base as number) ** (exponent as number), 'pow'),
  }),
  unary('signum', 'The sign of a number: -1, 0 or 1.', '${signum(-13)} → -1', (value) => (value === 0 ? 0 : Math.sign(value))),
];
