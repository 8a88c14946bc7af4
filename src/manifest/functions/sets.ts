/**
 * The set functions (Terraform's setintersection, setproduct, setsubtract,
 * setunion). cloudctl has no set type: a set is a list without duplicates,
 * ordered as Terraform prints a set (strings by code point, numbers by
 * value; see `toSet` in convert.ts).
 */
import type { Value } from '../../core/types.js';
import { boundedCount, define, FunctionError, type FunctionDefinition } from './definition.js';
import { canonical, toSet } from './convert.js';

function intersection(sets: Value[][]): Value[] {
  const [first, ...rest] = sets;
  const others = rest.map((set) => new Set(set.map(canonical)));
  return toSet(
    first.filter((item) => others.every((other) => other.has(canonical(item)))),
    'setintersection()',
  );
}

function product(sets: Value[][]): Value[] {
  boundedCount(
    sets.reduce((count, set) => count * set.length, 1),
    'setproduct',
  );
  let rows: Value[][] = [[]];
  for (const set of sets) rows = rows.flatMap((row) => set.map((item) => [...row, item]));
  return rows;
}

function subtract(from: Value[], remove: Value[]): Value[] {
  const removed = new Set(remove.map(canonical));
  return toSet(
    from.filter((item) => !removed.has(canonical(item))),
    'setsubtract()',
  );
}

const sets = { name: 'sets', types: ['list' as const], variadic: true };

/** The set functions, in the order of the docs. */
export const SET_FUNCTIONS: FunctionDefinition[] = [
  define('collection', {
    name: 'setintersection',
    parameters: [sets],
    result: 'list',
    description: 'The items in every one of the lists, as a set (cloudctl: a sorted list without duplicates).',
    example: '${setintersection(["a", "b"], ["b", "c"])} → ["b"]',
    run: (values) => intersection(values as Value[][]),
  }),
  define('collection', {
    name: 'setproduct',
    parameters: [sets],
    result: 'list',
    description:
      'Every combination of one item from each list (at least two), as lists, in the order of the arguments (the first varies slowest).',
    example: '${setproduct(["a", "b"], [1, 2])} → [["a", 1], ["a", 2], ["b", 1], ["b", 2]]',
    run: (values) => {
      if (values.length < 2) throw new FunctionError('setproduct(): needs at least two lists');
      return product(values as Value[][]);
    },
  }),
  define('collection', {
    name: 'setsubtract',
    parameters: [
      { name: 'a', types: ['list'] },
      { name: 'b', types: ['list'] },
    ],
    result: 'list',
    description: 'The items of the first list that are not in the second, as a set (cloudctl: a sorted list without duplicates).',
    example: '${setsubtract(["a", "b", "c"], ["a"])} → ["b", "c"]',
    run: ([from, remove]) => subtract(from as Value[], remove as Value[]),
  }),
  define('collection', {
    name: 'setunion',
    parameters: [sets],
    result: 'list',
    description: 'The items in any of the lists, as a set (cloudctl: a sorted list without duplicates).',
    example: '${setunion(["a"], ["b", "a"])} → ["a", "b"]',
    run: (values) => toSet((values as Value[][]).flat(), 'setunion()'),
  }),
];
