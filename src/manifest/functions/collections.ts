/**
 * Collection functions (Terraform's "Collection Functions"), but for the
 * set functions (sets.ts). Lists and tuples are both JSON arrays, maps and
 * objects both mappings; `keys` and `values` follow the keys' lexical order,
 * as Terraform.
 */
import type { Value } from '../../core/types.js';
import { boundedCount, define, FunctionError, MAX_RESULT_ITEMS, parameter, type FunctionDefinition } from './definition.js';
import { asList, asMap, canonical, compareText, sameValue, toBool, toNumber, toText, unify } from './convert.js';
import { characters } from './text.js';
import { SET_FUNCTIONS } from './sets.js';

/** Terraform's limit on `range`'s length. */
export const MAX_RANGE_ITEMS = 1024;

const list = (name: string) => parameter(name, 'list');
const map = (name: string) => parameter(name, 'map');
const whole = (value: Value, what: string): number => {
  const number = toNumber(value, what);
  if (!Number.isInteger(number)) throw new FunctionError(`${what}: expects a whole number, got ${number}`);
  return number;
};

function truth(values: Value[], name: string, all: boolean): boolean {
  const booleans = values.map((item, index) => (item === null ? false : toBool(item, `${name}(): item ${index}`)));
  return all ? booleans.every(Boolean) : booleans.some(Boolean);
}

function chunk(items: Value[], size: number): Value[] {
  if (size < 0) throw new FunctionError(`chunklist(): the size must be 0 or more, got ${size}`);
  if (items.length === 0) return [];
  if (size === 0) return [items];
  const chunks: Value[] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

function coalesce(values: Value[]): Value {
  const found = unify(values, 'coalesce()').find((value) => value !== null && value !== '');
  if (found === undefined) throw new FunctionError('coalesce(): every argument is null or an empty string');
  return found;
}

function flatten(items: Value[], into: Value[] = []): Value[] {
  for (const item of items) {
    if (Array.isArray(item)) flatten(item, into);
    else into.push(item);
    if (into.length > MAX_RESULT_ITEMS) boundedCount(into.length, 'flatten');
  }
  return into;
}

function element(items: Value[], index: number): Value {
  if (items.length === 0) throw new FunctionError('element(): the list is empty');
  return items[((index % items.length) + items.length) % items.length];
}

function indexOf(items: Value[], value: Value): number {
  const position = items.findIndex((item) => sameValue(item, value));
  if (position < 0) throw new FunctionError(`index(): ${canonical(value)} is not in the list`, 'index(): the value is not in the list');
  return position;
}

function lookup(entries: Record<string, Value>, key: string, rest: Value[]): Value {
  if (Object.hasOwn(entries, key)) return entries[key];
  if (rest.length > 0) return rest[0];
  const keys = Object.keys(entries);
  throw new FunctionError(
    `lookup(): no key "${key}" in the mapping${keys.length > 0 ? ` (keys: ${keys.join(', ')})` : ''}, and no default`,
    'lookup(): the key is not in the mapping, and no default is given',
  );
}

function matchkeys(values: Value[], keys: Value[], searchset: Value[]): Value[] {
  if (values.length !== keys.length)
    throw new FunctionError(`matchkeys(): the values (${values.length} items) and the keys (${keys.length}) must be the same length`);
  const wanted = new Set(searchset.map(canonical));
  return values.filter((_, index) => wanted.has(canonical(keys[index])));
}

function merge(values: Value[]): Value {
  const merged: Record<string, Value> = {};
  values.forEach((value, index) => {
    if (value === null) return;
    Object.assign(merged, asMap(value, `merge(): argument ${index + 1}`));
  });
  return merged;
}

function one(items: Value[]): Value {
  if (items.length > 1) throw new FunctionError(`one(): the list has ${items.length} items; it must have 0 or 1`);
  return items.length === 0 ? null : items[0];
}

/** `range(limit)`, `range(start, limit)`, `range(start, limit, step)`. */
function range(values: number[]): number[] {
  const [start, limit] = values.length === 1 ? [0, values[0]] : [values[0], values[1]];
  const step = values[2] ?? (start <= limit ? 1 : -1);
  if (step === 0) throw new FunctionError('range(): the step must not be 0');
  if (start < limit && step < 0) throw new FunctionError('range(): the step must be positive when the start is less than the limit');
  if (start > limit && step > 0) throw new FunctionError('range(): the step must be negative when the start is greater than the limit');
  const count = Math.max(Math.ceil((limit - start) / step), 0);
  if (count > MAX_RANGE_ITEMS) throw new FunctionError(`range(): the range would have ${count} items, more than ${MAX_RANGE_ITEMS}`);
  return Array.from({ length: count }, (_, index) => start + index * step);
}

function slice(items: Value[], start: number, end: number): Value[] {
  if (start < 0 || end > items.length || start > end)
    throw new FunctionError(
      `slice(): the range ${start} to ${end} does not fit a list of ${items.length} items (0 ≤ start ≤ end ≤ length)`,
    );
  return items.slice(start, end);
}

function sum(items: Value[]): number {
  if (items.length === 0) throw new FunctionError('sum(): the list is empty');
  const total = items.reduce<number>((accumulator, item, index) => accumulator + toNumber(item, `sum(): item ${index}`), 0);
  if (!Number.isFinite(total)) throw new FunctionError('sum(): the result is not a finite number');
  return total;
}

function transpose(entries: Record<string, Value>): Value {
  const result: Record<string, string[]> = {};
  for (const key of Object.keys(entries).sort(compareText)) {
    for (const [index, item] of asList(entries[key], `transpose(): the value of "${key}"`).entries()) {
      const text = toText(item, `transpose(): item ${index} of "${key}"`);
      (result[text] ??= []).push(key);
    }
  }
  return result;
}

function zipmap(keys: Value[], values: Value[]): Value {
  if (keys.length !== values.length)
    throw new FunctionError(`zipmap(): the keys (${keys.length} items) and the values (${values.length}) must be the same length`);
  const result: Record<string, Value> = {};
  keys.forEach((key, index) => {
    if (key === null) throw new FunctionError(`zipmap(): key ${index} is null`);
    result[toText(key, `zipmap(): key ${index}`)] = values[index];
  });
  return result;
}

/** The collection functions (with the set functions), in the order of the docs. */
export const COLLECTION_FUNCTIONS: FunctionDefinition[] = [
  define('collection', {
    name: 'alltrue',
    parameters: [list('list')],
    result: 'bool',
    description: 'Whether every item of the list is true (or "true"); true for an empty list.',
    example: '${alltrue([true, "true"])} → true',
    run: ([items]) => truth(items as Value[], 'alltrue', true),
  }),
  define('collection', {
    name: 'anytrue',
    parameters: [list('list')],
    result: 'bool',
    description: 'Whether any item of the list is true (or "true"); false for an empty list.',
    example: '${anytrue([false, true])} → true',
    run: ([items]) => truth(items as Value[], 'anytrue', false),
  }),
  define('collection', {
    name: 'chunklist',
    parameters: [list('list'), parameter('size', 'number')],
    result: 'list',
    description: 'The list cut into lists of at most `size` items (a size of 0 gives the whole list as one chunk).',
    example: '${chunklist(["a", "b", "c"], 2)} → [["a", "b"], ["c"]]',
    run: ([items, size]) => chunk(items as Value[], whole(size, 'chunklist(): the size')),
  }),
  define('collection', {
    name: 'coalesce',
    parameters: [{ name: 'values', types: ['any'], variadic: true, allowNull: true }],
    result: 'any',
    description: 'The first argument that is neither null nor an empty string (an error when there is none).',
    example: '${coalesce("", "b", "c")} → "b"',
    run: (values) => coalesce(values),
  }),
  define('collection', {
    name: 'coalescelist',
    parameters: [{ name: 'lists', types: ['list'], variadic: true, allowNull: true }],
    result: 'list',
    description: 'The first list argument that is not empty (an error when there is none).',
    example: '${coalescelist([], ["a"])} → ["a"]',
    run: (values) => {
      const found = values.find((value) => Array.isArray(value) && value.length > 0);
      if (found === undefined) throw new FunctionError('coalescelist(): every list is empty or null');
      return found;
    },
  }),
  define('collection', {
    name: 'compact',
    parameters: [list('list')],
    result: 'list',
    description: 'The list of strings without its empty strings and nulls.',
    example: '${compact(["a", "", "b", null])} → ["a", "b"]',
    run: ([items]) =>
      (items as Value[]).filter((item) => item !== null && item !== '').map((item, index) => toText(item, `compact(): item ${index}`)),
  }),
  define('collection', {
    name: 'concat',
    parameters: [{ name: 'lists', types: ['list'], variadic: true }],
    result: 'list',
    description: 'One list of the items of every list given, in order.',
    example: '${concat(["a"], ["b", "c"])} → ["a", "b", "c"]',
    run: (values) => (values as Value[][]).flat(),
  }),
  define('collection', {
    name: 'contains',
    parameters: [list('list'), { name: 'value', types: ['any'], allowNull: true }],
    result: 'bool',
    description: 'Whether the list holds the value.',
    example: '${contains(["a", "b"], "b")} → true',
    run: ([items, value]) => (items as Value[]).some((item) => sameValue(item, value)),
  }),
  define('collection', {
    name: 'distinct',
    parameters: [list('list')],
    result: 'list',
    description: 'The list without duplicates, each value where it first appears.',
    example: '${distinct(["a", "b", "a"])} → ["a", "b"]',
    run: ([items]) => {
      const seen = new Set<string>();
      return (items as Value[]).filter((item) => !seen.has(canonical(item)) && Boolean(seen.add(canonical(item))));
    },
  }),
  define('collection', {
    name: 'element',
    parameters: [list('list'), parameter('index', 'number')],
    result: 'any',
    description:
      'The item at the index, wrapping round past either end (index modulo length, so -1 is the last item, as Terraform 1.10 and later); an error for an empty list.',
    example: '${element(["a", "b", "c"], 3)} → "a"',
    run: ([items, index]) => element(items as Value[], whole(index, 'element(): the index')),
  }),
  define('collection', {
    name: 'flatten',
    parameters: [list('list')],
    result: 'list',
    description: 'The items of the list, with the items of nested lists in their place, at any depth.',
    example: '${flatten([["a", "b"], [], ["c", ["d"]]])} → ["a", "b", "c", "d"]',
    run: ([items]) => flatten(items as Value[]),
  }),
  define('collection', {
    name: 'index',
    parameters: [list('list'), { name: 'value', types: ['any'], allowNull: true }],
    result: 'number',
    description: 'The index of the first item equal to the value; an error when there is none.',
    example: '${index(["a", "b", "c"], "b")} → 1',
    run: ([items, value]) => indexOf(items as Value[], value),
  }),
  define('collection', {
    name: 'keys',
    parameters: [map('map')],
    result: 'list',
    description: 'The keys of the mapping, in lexical order.',
    example: '${keys({ b = 1, a = 2 })} → ["a", "b"]',
    run: ([entries]) => Object.keys(entries as object).sort(compareText),
  }),
  define('collection', {
    name: 'length',
    parameters: [parameter('value', 'string', 'list', 'map')],
    result: 'number',
    description: 'The characters of a string (grapheme clusters), the items of a list, or the keys of a mapping.',
    example: '${length(["a", "b"])} → 2',
    run: ([value]) =>
      typeof value === 'string' ? characters(value).length : Array.isArray(value) ? value.length : Object.keys(value as object).length,
  }),
  define('collection', {
    name: 'lookup',
    parameters: [map('map'), parameter('key', 'string'), { name: 'default', types: ['any'], optional: true, allowNull: true }],
    result: 'any',
    description: 'The value of a key of the mapping, else the default (an error without one).',
    example: '${lookup({ a = 1 }, "b", 0)} → 0',
    run: ([entries, key, ...rest]) => lookup(entries as Record<string, Value>, key as string, rest),
  }),
  define('collection', {
    name: 'matchkeys',
    parameters: [list('values'), list('keys'), list('searchset')],
    result: 'list',
    description: 'The values whose key (the item of `keys` at the same index) is in the search set, in order.',
    example: '${matchkeys(["i-1", "i-2"], ["eu", "us"], ["us"])} → ["i-2"]',
    run: ([values, keys, searchset]) => matchkeys(values as Value[], keys as Value[], searchset as Value[]),
  }),
  define('collection', {
    name: 'merge',
    parameters: [{ name: 'maps', types: ['map'], variadic: true, optional: true, allowNull: true }],
    result: 'map',
    description: 'One mapping of the keys of every mapping given; a later mapping wins for a key in several (null arguments are skipped).',
    example: '${merge({ a = 1, b = 2 }, { b = 3 })} → { a = 1, b = 3 }',
    run: (values) => merge(values),
  }),
  define('collection', {
    name: 'one',
    parameters: [list('list')],
    result: 'any',
    description: 'The only item of a list of one item, null for an empty list, an error for more.',
    example: '${one(["x"])} → "x"',
    run: ([items]) => one(items as Value[]),
  }),
  define('collection', {
    name: 'range',
    parameters: [
      parameter('start_or_limit', 'number'),
      { name: 'limit', types: ['number'], optional: true },
      { name: 'step', types: ['number'], optional: true },
    ],
    result: 'list',
    description: `The numbers from start (default 0) up to but not including limit, by step (default 1, or -1 counting down); at most ${MAX_RANGE_ITEMS} items, as Terraform.`,
    example: '${range(1, 4)} → [1, 2, 3]',
    run: (values) => range(values.map((value, index) => toNumber(value, `range(): argument ${index + 1}`))),
  }),
  define('collection', {
    name: 'reverse',
    parameters: [list('list')],
    result: 'list',
    description: 'The list in reverse order.',
    example: '${reverse([1, 2, 3])} → [3, 2, 1]',
    run: ([items]) => [...(items as Value[])].reverse(),
  }),
  ...SET_FUNCTIONS,
  define('collection', {
    name: 'slice',
    parameters: [list('list'), parameter('start', 'number'), parameter('end', 'number')],
    result: 'list',
    description: 'The items from index `start` up to but not including `end`.',
    example: '${slice(["a", "b", "c", "d"], 1, 3)} → ["b", "c"]',
    run: ([items, start, end]) => slice(items as Value[], whole(start, 'slice(): the start'), whole(end, 'slice(): the end')),
  }),
  define('collection', {
    name: 'sort',
    parameters: [list('list')],
    result: 'list',
    description: 'The list of strings in lexical order (numbers and booleans are sorted as their text).',
    example: '${sort(["b", "10", "9"])} → ["10", "9", "b"]',
    run: ([items]) => (items as Value[]).map((item, index) => toText(item, `sort(): item ${index}`)).sort(compareText),
  }),
  define('collection', {
    name: 'sum',
    parameters: [list('list')],
    result: 'number',
    description: 'The total of a list of numbers (an error for an empty list).',
    example: '${sum([1, 2, 3.5])} → 6.5',
    run: ([items]) => sum(items as Value[]),
  }),
  define('collection', {
    name: 'transpose',
    parameters: [map('map')],
    result: 'map',
    description: 'Swaps the keys and the values of a mapping of lists of strings: each string becomes a key listing the keys it was under.',
    example: '${transpose({ a = ["1", "2"], b = ["2"] })} → { "1" = ["a"], "2" = ["a", "b"] }',
    run: ([entries]) => transpose(entries as Record<string, Value>),
  }),
  define('collection', {
    name: 'values',
    parameters: [map('map')],
    result: 'list',
    description: 'The values of the mapping, in the lexical order of their keys.',
    example: '${values({ b = 1, a = 2 })} → [2, 1]',
    run: ([entries]) => {
      const record = entries as Record<string, Value>;
      return Object.keys(record)
        .sort(compareText)
        .map((key) => record[key]);
    },
  }),
  define('collection', {
    name: 'zipmap',
    parameters: [list('keys'), list('values')],
    result: 'map',
    description: 'A mapping of each key (a string) to the value at the same index.',
    example: '${zipmap(["a", "b"], [1, 2])} → { a = 1, b = 2 }',
    run: ([keys, values]) => zipmap(keys as Value[], values as Value[]),
  }),
];
