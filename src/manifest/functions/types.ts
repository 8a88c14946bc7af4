/**
 * Type conversion functions (Terraform's "Type Conversion Functions"):
 * tobool, tolist, tomap, tonumber, toset, tostring, and `try`/`can`, which
 * the evaluator runs itself (their arguments are evaluated lazily, an error
 * becoming a value): their implementation here is never called.
 */
import { define, FunctionError, parameter, type FunctionDefinition } from './definition.js';
import { asList, asMap, toBool, toNumber, toSet, toText, unify } from './convert.js';

/** The implementation of a function the evaluator runs itself: calling it is a bug. */
export function evaluatorOnly(name: string): () => never {
  return () => {
    throw new Error(`internal error: ${name}() is evaluated by the expression evaluator, not through the function table`);
  };
}

const anything = { name: 'value', types: ['any' as const], allowNull: true };

/** The type conversion functions, in the order of the docs. */
export const TYPE_FUNCTIONS: FunctionDefinition[] = [
  {
    name: 'can',
    family: 'type',
    special: 'can',
    parameters: [{ name: 'expression', types: ['any'], allowNull: true }],
    result: 'bool',
    description: 'Whether the expression evaluates without an error (its value is discarded).',
    example: '${can(regex("^ami-", var.image))} → true',
    implementation: evaluatorOnly('can'),
  },
  define('type', {
    name: 'tobool',
    parameters: [anything],
    result: 'bool',
    description: 'The value as a boolean: `true`, `false`, `"true"` or `"false"`; null stays null; anything else is an error.',
    example: '${tobool("true")} → true',
    run: ([value]) => (value === null ? null : toBool(value, 'tobool()')),
  }),
  define('type', {
    name: 'tolist',
    parameters: [parameter('list', 'list')],
    result: 'list',
    description:
      'The list with its items converted to one type (strings mixed with numbers or booleans become strings; other mixtures are an error).',
    example: '${tolist(["a", 1])} → ["a", "1"]',
    run: ([value]) => unify(asList(value, 'tolist()'), 'tolist()'),
  }),
  define('type', {
    name: 'tomap',
    parameters: [parameter('map', 'map')],
    result: 'map',
    description: 'The mapping with its values converted to one type, as `tolist` does for items.',
    example: '${tomap({ a = "x", b = 1 })} → { a = "x", b = "1" }',
    run: ([value]) => {
      const entries = asMap(value, 'tomap()');
      const keys = Object.keys(entries);
      const values = unify(
        keys.map((key) => entries[key]),
        'tomap()',
      );
      return Object.fromEntries(keys.map((key, index) => [key, values[index]]));
    },
  }),
  define('type', {
    name: 'tonumber',
    parameters: [anything],
    result: 'number',
    description: 'The value as a number: a number, or a string holding one; null stays null; anything else is an error.',
    example: '${tonumber("42")} → 42',
    run: ([value]) => (value === null ? null : toNumber(value, 'tonumber()')),
  }),
  define('type', {
    name: 'toset',
    parameters: [parameter('list', 'list')],
    result: 'list',
    description:
      'The list as a set: duplicates removed, items converted to one type; cloudctl has no set type, so the set is a list in the order Terraform prints a set (strings lexically, numbers by value).',
    example: '${toset(["b", "a", "b"])} → ["a", "b"]',
    run: ([value]) => toSet(asList(value, 'toset()'), 'toset()'),
  }),
  define('type', {
    name: 'tostring',
    parameters: [anything],
    result: 'string',
    description:
      'The value as a string: a string, a number (its decimal text) or a boolean; null stays null; a list or mapping is an error.',
    example: '${tostring(12)} → "12"',
    run: ([value]) => {
      if (value !== null && typeof value === 'object')
        throw new FunctionError('tostring(): a list or mapping cannot be converted to a string');
      return value === null ? null : toText(value, 'tostring()');
    },
  }),
  {
    name: 'try',
    family: 'type',
    special: 'try',
    parameters: [{ name: 'expressions', types: ['any'], variadic: true, allowNull: true }],
    result: 'any',
    description: 'The value of the first expression that evaluates without an error (an error when none does).',
    example: '${try(var.settings.size, 1)} → 1',
    implementation: evaluatorOnly('try'),
  },
];
