/**
 * The functions a manifest may call inside `${...}`: one table
 * ({@link FUNCTIONS}) holding each function's parameters, result type,
 * description, example and implementation. The evaluator, the load-time
 * type checks and the generated docs (docs/functions.md, `npm run docs`)
 * all read it.
 *
 * Functions are pure: no network, no clock. `file` is the only one that
 * touches the disk, and only when the manifest is loaded (src/manifest/expand/files.ts
 * reads the file and keeps its text on the call); its implementation here
 * returns that text.
 */
import type { Value } from '../core/types.js';
import type { CallExpression } from './types.js';

/** The type of a value a function takes or gives; `any` accepts everything. */
export type FunctionValueType = 'string' | 'number' | 'bool' | 'list' | 'map' | 'any';

/** One parameter of a function. */
export interface FunctionParameter {
  name: string;
  /** Accepted types (one of them). */
  types: FunctionValueType[];
  /** Takes every remaining argument (at least one unless `optional`). */
  variadic?: boolean;
  /** May be left out (only the last parameters). */
  optional?: boolean;
}

/**
 * Raised by an implementation for a value it cannot work with.
 * `message` may name the values; `withoutValues` says the same without them,
 * for calls with a sensitive argument.
 */
export class FunctionError extends Error {
  constructor(
    message: string,
    readonly withoutValues: string = message,
  ) {
    super(message);
    this.name = 'FunctionError';
  }
}

/** A function of the manifest language. */
export interface FunctionDefinition {
  name: string;
  parameters: FunctionParameter[];
  result: FunctionValueType;
  /** One sentence for the docs. */
  description: string;
  /** An example call and its result, for the docs. */
  example: string;
  /**
   * Computes the result from known argument values (already checked
   * against `parameters`). Throws {@link FunctionError} for a value it
   * cannot work with.
   */
  implementation: (values: Value[], call: CallExpression) => Value;
  /**
   * A function the evaluator computes itself (evaluate/expressions.ts):
   * `try` and `can` evaluate their arguments themselves (an argument's
   * error is their answer), `timestamp` is unknown until apply.
   */
  special?: 'try' | 'can' | 'timestamp';
}

/** Most characters a function may produce (`format`, `join`, `replace`): larger results are refused. */
export const MAX_RESULT_CHARACTERS = 1_000_000;

/** The type of a known value, as the parameter types name them. */
export function valueType(value: Value): Exclude<FunctionValueType, 'any'> | 'null' {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'list';
  const scalars: Record<string, 'string' | 'number' | 'bool'> = { string: 'string', number: 'number', boolean: 'bool' };
  return scalars[typeof value] ?? 'map';
}

/** `a string`, `a number`, `a boolean`, `a list`, `a mapping`, `anything`, `null`. */
export function describeType(type: FunctionValueType | 'null'): string {
  const names: Record<FunctionValueType | 'null', string> = {
    string: 'a string',
    number: 'a number',
    bool: 'a boolean',
    list: 'a list',
    map: 'a mapping',
    any: 'anything',
    null: 'null',
  };
  return names[type];
}

/** `join(separator, list)`, as the docs and arity messages show a function. */
export function signature(definition: FunctionDefinition): string {
  const parameters = definition.parameters.map((parameter) => {
    const name = parameter.variadic ? `${parameter.name}...` : parameter.name;
    return parameter.optional ? `[${name}]` : name;
  });
  return `${definition.name}(${parameters.join(', ')})`;
}

function bounded(text: string, name: string): string {
  if (text.length > MAX_RESULT_CHARACTERS)
    throw new FunctionError(`${name}(): the result would be ${text.length} characters, more than ${MAX_RESULT_CHARACTERS}`);
  return text;
}

/** A list item or `format` value written into a string. */
function scalarText(value: Value, what: string, name: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new FunctionError(`${name}(): ${what} is ${describeType(valueType(value))}, not a string, number or boolean`);
}

/** `format`: `%s` any scalar, `%d` a whole number, `%%` a percent sign. */
function format(values: Value[]): string {
  const [spec, ...rest] = values as [string, ...Value[]];
  let used = 0;
  let text = '';
  for (let index = 0; index < spec.length; index++) {
    const char = spec[index];
    if (char !== '%') {
      text += char;
      continue;
    }
    const verb = spec[index + 1];
    index++;
    if (verb === '%') {
      text += '%';
      continue;
    }
    if (verb !== 's' && verb !== 'd')
      throw new FunctionError(
        `format(): unknown verb "%${verb ?? ''}" in the format (use %s, %d or %%)`,
        'format(): unknown verb in the format (use %s, %d or %%)',
      );
    if (used >= rest.length)
      throw new FunctionError(`format(): the format has more verbs than the ${rest.length} value${rest.length === 1 ? '' : 's'} given`);
    const value = rest[used++];
    if (verb === 'd') {
      if (typeof value !== 'number' || !Number.isInteger(value))
        throw new FunctionError(`format(): %d number ${used} expects a whole number, got ${describeType(valueType(value))}`);
      text += String(value);
    } else text += scalarText(value, `value ${used}`, 'format');
  }
  if (used < rest.length)
    throw new FunctionError(`format(): ${rest.length} values given but the format uses ${used} (add %s or %d, or drop a value)`);
  return bounded(text, 'format');
}

function numbersOf(values: Value[], name: string): number[] {
  const numbers: number[] = [];
  for (const value of values) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item !== 'number') throw new FunctionError(`${name}(): expects numbers, got ${describeType(valueType(item))}`);
      numbers.push(item);
    }
  }
  if (numbers.length === 0) throw new FunctionError(`${name}(): needs at least one number (the list is empty)`);
  return numbers;
}

const text = (name: string): FunctionParameter => ({ name, types: ['string'] });

/** `min` or `max`: numbers, and lists of numbers, to the `word` one (`pick`). */
function extremum(name: string, word: string, result: string, pick: (...numbers: number[]) => number): FunctionDefinition {
  return {
    name,
    parameters: [{ name: 'numbers', types: ['number', 'list'], variadic: true }],
    result: 'number',
    description: `The ${word} of the numbers given (a list counts as its items).`,
    example: `\${${name}(3, var.sizes)} → ${result}`,
    implementation: (values) => pick(...numbersOf(values, name)),
  };
}

/** A function of one text giving a text. */
function textFunction(name: string, description: string, example: string, convert: (value: string) => string): FunctionDefinition {
  return {
    name,
    parameters: [text('text')],
    result: 'string',
    description,
    example,
    implementation: ([value]) => convert(value as string),
  };
}

/** Every function, by name (the order of the docs). */
export const FUNCTIONS: readonly FunctionDefinition[] = [
  {
    name: 'file',
    parameters: [text('path')],
    result: 'string',
    description:
      "The text of a file (UTF-8, at most 64 KiB), relative to the manifest's folder: for public keys. Read once, when the manifest is loaded; the path must be a string or variables.",
    example: '${file("keys/deploy.pub")} → "ssh-ed25519 AAAA... deploy"',
    implementation: (values, call) => {
      if (call.fileText === undefined) throw new FunctionError(`file(): the file was not read when the manifest was loaded`);
      return call.fileText;
    },
  },
  {
    name: 'join',
    parameters: [text('separator'), { name: 'list', types: ['list'] }],
    result: 'string',
    description: 'The items of a list (strings, numbers or booleans) written one after the other with the separator between them.',
    example: '${join(", ", var.names)} → "web, db"',
    implementation: ([separator, list]) =>
      bounded((list as Value[]).map((item, index) => scalarText(item, `item ${index}`, 'join')).join(separator as string), 'join'),
  },
  {
    name: 'split',
    parameters: [text('separator'), text('text')],
    result: 'list',
    description: 'The pieces of a text between the separators, as a list of strings (an empty text gives one empty string).',
    example: '${split(",", "a,b")} → ["a", "b"]',
    implementation: ([separator, value]) => {
      if (separator === '') throw new FunctionError('split(): the separator is empty');
      return (value as string).split(separator as string);
    },
  },
  {
    name: 'format',
    parameters: [text('format'), { name: 'values', types: ['any'], variadic: true, optional: true }],
    result: 'string',
    description: 'Writes the values into the format: `%s` a string, number or boolean, `%d` a whole number, `%%` a percent sign.',
    example: '${format("web-%s-%d", var.env, 3)} → "web-prod-3"',
    implementation: (values) => format(values),
  },
  textFunction('lower', 'The text in lower case.', '${lower("Web")} → "web"', (value) => value.toLowerCase()),
  textFunction('upper', 'The text in upper case.', '${upper("web")} → "WEB"', (value) => value.toUpperCase()),
  {
    name: 'replace',
    parameters: [text('text'), text('search'), text('replacement')],
    result: 'string',
    description: 'The text with every occurrence of `search` (plain text, not a pattern) replaced.',
    example: '${replace("a.b.c", ".", "-")} → "a-b-c"',
    implementation: ([value, search, replacement]) => {
      if (search === '') throw new FunctionError('replace(): the text to search for is empty');
      return bounded((value as string).split(search as string).join(replacement as string), 'replace');
    },
  },
  {
    name: 'length',
    parameters: [{ name: 'value', types: ['string', 'list', 'map'] }],
    result: 'number',
    description: 'Characters of a string, items of a list, or keys of a mapping.',
    example: '${length(var.zones)} → 3',
    implementation: ([value]) =>
      typeof value === 'string' ? [...value].length : Array.isArray(value) ? value.length : Object.keys(value as object).length,
  },
  {
    name: 'lookup',
    parameters: [{ name: 'map', types: ['map'] }, text('key'), { name: 'default', types: ['any'], optional: true }],
    result: 'any',
    description: 'The value of a key of a mapping, else the default (an error without one).',
    example: '${lookup(var.sizes, "prod", 2)} → 4',
    implementation: ([map, key, ...rest]) => {
      const entries = map as Record<string, Value>;
      if (Object.hasOwn(entries, key as string)) return entries[key as string];
      if (rest.length > 0) return rest[0];
      const keys = Object.keys(entries);
      throw new FunctionError(
        `lookup(): no key "${key as string}" in the mapping${keys.length > 0 ? ` (keys: ${keys.join(', ')})` : ''}, and no default`,
        'lookup(): the key is not in the mapping, and no default is given',
      );
    },
  },
  {
    name: 'concat',
    parameters: [{ name: 'lists', types: ['list'], variadic: true }],
    result: 'list',
    description: 'One list of the items of every list given, in order.',
    example: '${concat(var.a, var.b)} → ["x", "y", "z"]',
    implementation: (values) => (values as Value[][]).flat(),
  },
  extremum('min', 'smallest', '1', Math.min),
  extremum('max', 'largest', '5', Math.max),
];

/** The functions the evaluator computes itself (their `implementation` is never called). */
const SPECIAL: readonly FunctionDefinition[] = [
  {
    name: 'try',
    parameters: [{ name: 'expressions', types: ['any'], variadic: true }],
    result: 'any',
    description: 'The value of the first argument that evaluates without an error (unknown while an earlier one is unknown).',
    example: '${try(var.o.name, "none")} → "none" when var.o has no name',
    special: 'try',
    implementation: () => {
      throw new FunctionError('try() is evaluated by the evaluator');
    },
  },
  {
    name: 'can',
    parameters: [{ name: 'expression', types: ['any'] }],
    result: 'bool',
    description: 'True when the argument evaluates without an error (unknown while it is unknown).',
    example: '${can(var.o.name)} → false when var.o has no name',
    special: 'can',
    implementation: () => {
      throw new FunctionError('can() is evaluated by the evaluator');
    },
  },
  {
    name: 'timestamp',
    parameters: [],
    result: 'string',
    description: 'The time of the apply, as RFC 3339 text: unknown at plan time.',
    example: '${timestamp()} → known after apply',
    special: 'timestamp',
    implementation: () => new Date().toISOString(),
  },
];

const BY_NAME = new Map(
  [...FUNCTIONS, ...SPECIAL.filter((entry) => !FUNCTIONS.some((other) => other.name === entry.name))].map((definition) => [
    definition.name,
    definition,
  ]),
);

/** The function named `name`, or `undefined`. */
export function lookupFunction(name: string): FunctionDefinition | undefined {
  return BY_NAME.get(name);
}

/** The fewest and most arguments `definition` takes (`Infinity` when variadic). */
export function arity(definition: FunctionDefinition): { min: number; max: number } {
  const min = definition.parameters.filter((parameter) => !parameter.optional).length;
  const max = definition.parameters.some((parameter) => parameter.variadic) ? Infinity : definition.parameters.length;
  return { min, max };
}

/**
 * Says what is wrong with the number of arguments of a call, or
 * `undefined` when it fits: `join() takes 2 arguments (separator, list), got 1`.
 */
export function arityProblem(definition: FunctionDefinition, count: number): string | undefined {
  const { min, max } = arity(definition);
  if (count >= min && count <= max) return undefined;
  const takes = max === Infinity ? `at least ${min}` : min === max ? `${min}` : `${min} to ${max}`;
  const most = max === Infinity ? min : max;
  return `${definition.name}() takes ${takes} argument${most === 1 ? '' : 's'} (${signature(definition)}), got ${count}`;
}

/** The parameter argument number `index` (0-based) fills. */
export function parameterAt(definition: FunctionDefinition, index: number): FunctionParameter | undefined {
  const parameters = definition.parameters;
  if (index < parameters.length) return parameters[index];
  const last = parameters[parameters.length - 1];
  return last?.variadic ? last : undefined;
}

/**
 * Says what is wrong with argument number `index` (0-based) of type `type`,
 * or `undefined` when the parameter accepts it:
 * `join(): argument 2 (list) expects a list, got a string`.
 */
export function argumentProblem(definition: FunctionDefinition, index: number, type: FunctionValueType | 'null'): string | undefined {
  const parameter = parameterAt(definition, index);
  if (!parameter || type === 'any' || parameter.types.includes('any') || parameter.types.includes(type as FunctionValueType))
    return undefined;
  const expected = parameter.types.map(describeType).join(' or ');
  return `${definition.name}(): argument ${index + 1} (${parameter.name}) expects ${expected}, got ${describeType(type)}`;
}
