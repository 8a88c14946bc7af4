/**
 * The functions a manifest may call inside `${...}`: one table
 * ({@link FUNCTIONS}) holding each function's parameters, result type,
 * description, example and implementation, a file per family as
 * Terraform's function reference groups them. The evaluator, the load-time
 * type checks and the generated docs (docs/functions.md, `npm run docs`)
 * all read it.
 *
 * Functions are pure over known values: no network, no clock. `file` is
 * the only one touching the disk, and only when the manifest is loaded.
 * `try`, `can` and `timestamp` are marked `special`: the evaluator runs
 * them itself (lazy arguments; unknown until apply).
 */
import type { FunctionDefinition, FunctionParameter, FunctionValueType } from './definition.js';
import { convertible, describeType } from './definition.js';
import { NUMERIC_FUNCTIONS } from './numeric.js';
import { STRING_FUNCTIONS } from './strings.js';
import { COLLECTION_FUNCTIONS } from './collections.js';
import { ENCODING_FUNCTIONS } from './encoding.js';
import { FILESYSTEM_FUNCTIONS } from './filesystem.js';
import { HASH_FUNCTIONS } from './hash.js';
import { NETWORK_FUNCTIONS } from './network.js';
import { TYPE_FUNCTIONS } from './types.js';
import { DATE_FUNCTIONS } from './dates.js';

export {
  FunctionError,
  MAX_RESULT_CHARACTERS,
  MAX_RESULT_ITEMS,
  convertArguments,
  describeType,
  valueType,
  type FunctionDefinition,
  type FunctionFamily,
  type FunctionParameter,
  type FunctionValueType,
} from './definition.js';
export { MAX_RANGE_ITEMS } from './collections.js';

/** Every function, by family then name (the order of the docs). */
export const FUNCTIONS: readonly FunctionDefinition[] = [
  ...NUMERIC_FUNCTIONS,
  ...STRING_FUNCTIONS,
  ...COLLECTION_FUNCTIONS,
  ...ENCODING_FUNCTIONS,
  ...FILESYSTEM_FUNCTIONS,
  ...HASH_FUNCTIONS,
  ...NETWORK_FUNCTIONS,
  ...TYPE_FUNCTIONS,
  ...DATE_FUNCTIONS,
];

const BY_NAME = new Map(FUNCTIONS.map((definition) => [definition.name, definition]));

/** The function named `name`, or `undefined`. */
export function lookupFunction(name: string): FunctionDefinition | undefined {
  return BY_NAME.get(name);
}

/** `join(separator, lists...)`, as the docs and arity messages show a function. */
export function signature(definition: FunctionDefinition): string {
  const parameters = definition.parameters.map((parameter) => {
    const name = parameter.variadic ? `${parameter.name}...` : parameter.name;
    return parameter.optional ? `[${name}]` : name;
  });
  return `${definition.name}(${parameters.join(', ')})`;
}

/** The fewest and most arguments `definition` takes (`Infinity` when variadic). */
export function arity(definition: FunctionDefinition): { min: number; max: number } {
  const min = definition.parameters.filter((parameter) => !parameter.optional).length;
  const max = definition.parameters.some((parameter) => parameter.variadic) ? Infinity : definition.parameters.length;
  return { min, max };
}

/**
 * Says what is wrong with the number of arguments of a call, or
 * `undefined` when it fits: `join() takes at least 2 arguments (join(separator, lists...)), got 1`.
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
 * or `undefined` when the parameter accepts it, directly or by Terraform's
 * automatic conversions (a number or boolean where a string is expected,
 * a string where a number or boolean is): `join(): argument 2 (lists)
 * expects a list, got a string`; `null` only where the parameter allows it.
 */
export function argumentProblem(definition: FunctionDefinition, index: number, type: FunctionValueType | 'null'): string | undefined {
  const parameter = parameterAt(definition, index);
  if (!parameter || type === 'any') return undefined;
  if (type === 'null') {
    if (parameter.allowNull) return undefined;
    return `${definition.name}(): argument ${index + 1} (${parameter.name}) must not be null`;
  }
  if (parameter.types.includes('any') || parameter.types.includes(type)) return undefined;
  if (convertible(type, parameter)) return undefined;
  const expected = parameter.types.map(describeType).join(' or ');
  return `${definition.name}(): argument ${index + 1} (${parameter.name}) expects ${expected}, got ${describeType(type)}`;
}
