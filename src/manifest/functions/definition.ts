/**
 * The shapes of the function table (src/manifest/functions/index.ts): a
 * function's parameters, result type and implementation, the error an
 * implementation raises, and {@link define}, which builds a definition whose
 * implementation first applies Terraform's automatic conversions to the
 * arguments (a number where a string is expected becomes its decimal text,
 * `"true"`/`"false"` a boolean, a numeric string a number) and bounds the
 * size of the result.
 */
import type { Value } from '../../core/types.js';
import type { CallExpression } from '../types.js';
import { numberText, toBool, toNumber } from './convert.js';
import { FunctionError } from './errors.js';

export { FunctionError };

/** The type of a value a function takes or gives; `any` accepts everything. */
export type FunctionValueType = 'string' | 'number' | 'bool' | 'list' | 'map' | 'any';

/** One parameter of a function. */
export interface FunctionParameter {
  name: string;
  /**
   * Accepted types (one of them). A parameter of one scalar type takes the
   * other scalars by Terraform's automatic conversions (see {@link convertible});
   * a parameter of several types takes exactly those.
   */
  types: FunctionValueType[];
  /** Takes every remaining argument (at least one unless `optional`). */
  variadic?: boolean;
  /** May be left out (only the last parameters). */
  optional?: boolean;
  /** Accepts `null` (otherwise a null argument is an error, as in Terraform). */
  allowNull?: boolean;
  /** Takes only its own type, without automatic conversion (`file`'s path, which is read before values are converted). */
  exact?: boolean;
}

/** The families of functions, as Terraform's function reference groups them (the sections of docs/functions.md). */
export type FunctionFamily = 'numeric' | 'string' | 'collection' | 'encoding' | 'filesystem' | 'hash' | 'network' | 'type' | 'date';

/** A function of the manifest language. */
export interface FunctionDefinition {
  name: string;
  parameters: FunctionParameter[];
  result: FunctionValueType;
  /** One sentence for the docs: Terraform's meaning, and where cloudctl's differs. */
  description: string;
  /** An example call and its result, for the docs. */
  example: string;
  /** The section of docs/functions.md. */
  family?: FunctionFamily;
  /**
   * Evaluated by the evaluator itself, never through `implementation`:
   * `try` and `can` (arguments evaluated lazily, an error becomes a value)
   * and `timestamp` (unknown until apply).
   */
  special?: 'try' | 'can' | 'timestamp';
  /**
   * Computes the result from known argument values (already checked
   * against `parameters`). Throws {@link FunctionError} for a value it
   * cannot work with.
   */
  implementation: (values: Value[], call: CallExpression) => Value;
}

/** Most characters a function may produce (`format`, `join`, `replace`, ...): larger results are refused. */
export const MAX_RESULT_CHARACTERS = 1_000_000;

/** Most items a list a function produces may hold (`setproduct`, `formatlist`, `flatten`, ...). */
export const MAX_RESULT_ITEMS = 100_000;

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

/** `a string`, ..., for a known value. */
export function describeValue(value: Value): string {
  return describeType(valueType(value));
}

/** Refuses a text longer than {@link MAX_RESULT_CHARACTERS}. */
export function bounded(text: string, name: string): string {
  if (text.length > MAX_RESULT_CHARACTERS)
    throw new FunctionError(`${name}(): the result would be ${text.length} characters, more than ${MAX_RESULT_CHARACTERS}`);
  return text;
}

/** Refuses a list of more than {@link MAX_RESULT_ITEMS} items before it is built. */
export function boundedCount(count: number, name: string): void {
  if (count > MAX_RESULT_ITEMS) throw new FunctionError(`${name}(): the result would hold ${count} items, more than ${MAX_RESULT_ITEMS}`);
}

/**
 * Whether a value of type `given` converts to what `parameter` takes, as
 * Terraform converts automatically: a number or boolean to a string, a
 * string to a number or boolean (when its text is one: `"42"`, `"true"`,
 * known only with the value). Only for a parameter of one scalar type.
 */
export function convertible(given: FunctionValueType, parameter: FunctionParameter): boolean {
  if (parameter.exact || parameter.types.length !== 1) return false;
  const wanted = parameter.types[0];
  if (wanted === 'string') return given === 'number' || given === 'bool';
  return (wanted === 'number' || wanted === 'bool') && given === 'string';
}

/** Converts one argument to what `parameter` expects (see {@link convertible}); other values pass unchanged (argument checks report them). */
function convertArgument(name: string, parameter: FunctionParameter, value: Value, position: number): Value {
  const type = valueType(value);
  if (type === 'null' || parameter.types.includes('any') || parameter.types.includes(type) || !convertible(type, parameter)) return value;
  const label = `${name}(): argument ${position} (${parameter.name})`;
  if (parameter.types[0] === 'string') return type === 'number' ? numberText(value as number) : String(value);
  return parameter.types[0] === 'number' ? toNumber(value, label) : toBool(value, label);
}

/** The arguments of a call converted to the parameters' types. */
export function convertArguments(definition: Pick<FunctionDefinition, 'name' | 'parameters'>, values: Value[]): Value[] {
  const parameters = definition.parameters;
  return values.map((value, index) => {
    const parameter = index < parameters.length ? parameters[index] : parameters[parameters.length - 1];
    return parameter ? convertArgument(definition.name, parameter, value, index + 1) : value;
  });
}

/** What {@link define} takes: a definition whose `run` receives converted arguments. */
export type FunctionSpec = Omit<FunctionDefinition, 'implementation' | 'family'> & {
  run: (values: Value[], call: CallExpression) => Value;
};

/** Builds a definition of `family` whose implementation converts the arguments, runs `spec.run` and bounds a text result. */
export function define(family: FunctionFamily, spec: FunctionSpec): FunctionDefinition {
  const { run, ...rest } = spec;
  return {
    ...rest,
    family,
    implementation: (values, call) => {
      const result = run(convertArguments(spec, values), call);
      return typeof result === 'string' ? bounded(result, spec.name) : result;
    },
  };
}

/** A parameter of the given types. */
export function parameter(name: string, ...types: FunctionValueType[]): FunctionParameter {
  return { name, types };
}
