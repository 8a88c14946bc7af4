/**
 * Evaluating `${...}` expressions (parse/expressions.ts reads them) against
 * known (or still unknown) values: at load time (count, for_each, module
 * inputs, values only variables feed) and by the engine at plan and apply
 * time. Calls run with the table of functions.ts.
 */
import { argumentProblem, arityProblem, FunctionError, lookupFunction, valueType } from '../functions/index.js';
import { containsUnknown, isUnknown, unknown, type Diagnostic, type PlannedValue, type UnknownType, type Value } from '../../core/types.js';
import { referenceTarget, type CallExpression, type Expression, type Reference } from '../types.js';
import { formatReference, isCallPart, describeKind, formatStep } from '../parse/expressions.js';
import { didYouMean } from '../suggest.js';
import { isOperatorExpression } from '../parse/expression-tree.js';
import { evaluateOperator, unknownSources, type Evaluation, type Locals } from './operators.js';

export type { Evaluation, Locals } from './operators.js';
/**
 * What a root resolver returns for one reference:
 *
 * - resource reference (`web.x...`): `value` is the object of the resource's
 *   attributes (planned values; any of them may be an unknown marker, or the
 *   whole object may be one);
 * - data reference (`data.os.x...`): the object of the data source's results
 *   (and arguments);
 * - variable (`var.cycle...`): the variable's value.
 *
 * `sensitive` is either a flag for the whole root, or a function receiving the
 * first path step (the attribute name of a resource or data source) and
 * saying whether that attribute is sensitive.
 */
export interface RootValue {
  value: PlannedValue | Record<string, PlannedValue> | PlannedValue[];
  sensitive?: boolean | ((attribute: string) => boolean);
  /**
   * A resource or data source's type and its attribute names: an attribute
   * the type does not have is an error naming the type (with the closest
   * name), one it has but the value lacks is `null` (not set).
   */
  type?: { name: string; attributes: readonly string[] };
  /**
   * The type of the value a reference into an unknown part of `value` will
   * have, where known without it (the catalogue's type of
   * `data.products.products[0].product_id`): the unknown result is then of
   * that type (see `UnknownValue.type`).
   */
  unknownType?: (reference: Reference) => UnknownType | undefined;
}

/**
 * Gives the root value of a reference (see {@link RootValue}); `undefined`
 * when the root is not available (evaluation then reports
 * `cannot resolve "${...}"` at the reference).
 */
export type ResolveRoot = (reference: Reference) => RootValue | undefined;

/**
 * Evaluates one reference: asks `resolveRoot` for the root and walks the
 * path (`.field` and `[index]` steps) itself. For resource and data roots the
 * first step is the attribute; a missing attribute evaluates to `null` (an
 * optional attribute not set). A missing deeper field, an index out of range,
 * or a step into a scalar is a diagnostic such as
 * `data.products.products[7]: index 7 out of range (3 items)`. Any step into
 * an unknown value yields `unknown(reference.text)`.
 */
export function evaluateReference(reference: Reference, resolveRoot: ResolveRoot): Evaluation {
  const root = resolveRoot(reference);
  if (!root) {
    return {
      value: null,
      sensitive: false,
      diagnostics: [
        {
          severity: 'error',
          code: 'reference_unresolved',
          message: `cannot resolve "${formatReference(reference)}"`,
          location: reference.location,
        },
      ],
    };
  }
  const block = reference.root === 'resource' || reference.root === 'data';
  const head = block ? reference.path[0] : undefined;
  const sensitive = typeof root.sensitive === 'function' ? typeof head === 'string' && root.sensitive(head) : root.sensitive === true;
  let current: PlannedValue = root.value as PlannedValue;
  // Messages (and the reference as written up to a step) are spelled out only when one is made: no closure nor string per evaluation.
  if (reference.path.length === 0 && block && root.type && current !== null && typeof current === 'object' && !isUnknown(current)) {
    // The instance as a value: every attribute of its type, those not set null.
    const whole = Object.create(null) as Record<string, PlannedValue>;
    for (const name of root.type.attributes) whole[name] = null;
    Object.assign(whole, current);
    current = whole as PlannedValue;
  }
  for (let index = 0; index < reference.path.length; index++) {
    const step = reference.path[index];
    if (isUnknown(current)) {
      // A step into an unknown scalar of a known type can never succeed, whatever its value.
      const scalar = current.type === 'string' || current.type === 'number' || current.type === 'bool';
      if (!scalar) return { value: unknown(reference.text, root.unknownType?.(reference)), sensitive, diagnostics: [] };
      const kind = current.type === 'bool' ? 'a boolean' : `a ${current.type}`;
      return invalidPathEvaluation(
        reference,
        sensitive,
        `${shownUpTo(reference, index)}: ${typeof step === 'number' ? `cannot index ${kind}` : `cannot read field "${step}" of ${kind}`}`,
      );
    }
    if (typeof step === 'number') {
      if (!Array.isArray(current))
        return invalidPathEvaluation(reference, sensitive, `${shownUpTo(reference, index)}: cannot index ${describeKind(current)}`);
      if (step >= current.length) {
        return invalidPathEvaluation(
          reference,
          sensitive,
          `${shownUpTo(reference, index)}: index ${step} out of range (${current.length} item${current.length === 1 ? '' : 's'})`,
        );
      }
      current = current[step];
      continue;
    }
    if (current === null || typeof current !== 'object' || Array.isArray(current)) {
      if (index === 0 && block && current === null) return { value: null, sensitive, diagnostics: [] };
      return invalidPathEvaluation(
        reference,
        sensitive,
        `${shownUpTo(reference, index)}: cannot read field "${step}" of ${describeKind(current)}`,
      );
    }
    if (!Object.prototype.hasOwnProperty.call(current, step)) {
      if (index === 0 && block) {
        if (root.type && !root.type.attributes.includes(step)) {
          const { name, attributes } = root.type;
          return {
            value: null,
            sensitive,
            diagnostics: [
              {
                severity: 'error',
                code: 'reference_unknown_attribute',
                message: `unknown attribute "${step}" of ${name} "${referenceTarget(reference)}"${didYouMean(step, attributes)}`,
                location: reference.location,
              },
            ],
          };
        }
        current = null;
        continue;
      }
      const fields = Object.keys(current);
      return invalidPathEvaluation(
        reference,
        sensitive,
        `${shownUpTo(reference, index)}: no field "${step}"${fields.length > 0 ? ` (fields: ${fields.join(', ')})` : ''}`,
      );
    }
    current = (current as Record<string, Value>)[step];
  }
  return { value: current, sensitive, diagnostics: [] };
}

/** The reference as written up to step `index` of its path, for a message (`web[0].disks[1]`). */
function shownUpTo(reference: Reference, index: number): string {
  return `${referenceTarget(reference)}${reference.path
    .slice(0, index + 1)
    .map(formatStep)
    .join('')}`;
}

/** The evaluation of a reference whose path cannot be followed: `message` at the reference. */
function invalidPathEvaluation(reference: Reference, sensitive: boolean, message: string): Evaluation {
  return {
    value: null,
    sensitive,
    diagnostics: [{ severity: 'error', code: 'reference_invalid_path', message, location: reference.location }],
  };
}

/** Renders a known value inside a template; `undefined` for lists and mappings. */
function interpolate(value: Value): string | undefined {
  if (value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/**
 * Evaluates an expression.
 *
 * - `literal`: its value, not sensitive.
 * - `reference`: see {@link evaluateReference}; keeps the referenced type.
 * - `template`: a string; numbers and booleans are written as text, `null` as
 *   the empty string; a list or mapping is a diagnostic
 *   (`web.x: cannot interpolate a list into a string`). If any part is or
 *   contains an unknown marker the whole template is
 *   `unknown("<reference texts of the unknown parts>")`.
 * - `list` / `object`: evaluated item by item; unknown markers stay inside.
 * - `call`: see {@link evaluateCall}.
 *
 * `sensitive` is true when any referenced part is sensitive. Every diagnostic
 * of every part is returned; never throws.
 */
export function evaluate(expression: Expression, resolveRoot: ResolveRoot, locals?: Locals): Evaluation {
  switch (expression.kind) {
    case 'literal':
      return { value: expression.value, sensitive: false, diagnostics: [] };
    case 'reference':
      return evaluateReference(expression.reference, resolveRoot);
    case 'call':
      return evaluateCall(expression, resolveRoot, locals);
    case 'template': {
      let text = '';
      let sensitive = false;
      const diagnostics: Diagnostic[] = [];
      const waitingFor: string[] = [];
      for (const part of expression.parts) {
        if (typeof part === 'string') {
          text += part;
          continue;
        }
        const call = isCallPart(part);
        const result = call ? evaluate(part, resolveRoot, locals) : evaluateReference(part, resolveRoot);
        sensitive ||= result.sensitive;
        diagnostics.push(...result.diagnostics);
        if (containsUnknown(result.value)) {
          waitingFor.push(call ? unknownSources(result.value).join(', ') : part.text);
          continue;
        }
        const rendered = interpolate(result.value as Value);
        if (rendered === undefined) {
          diagnostics.push({
            severity: 'error',
            code: 'type_mismatch',
            message: `${call ? (part.kind === 'call' ? `${part.name}()` : 'the expression') : part.text}: cannot interpolate ${describeKind(result.value)} into a string`,
            location: part.location,
          });
          continue;
        }
        text += rendered;
      }
      if (waitingFor.length > 0) return { value: unknown(waitingFor.join(', '), 'string'), sensitive, diagnostics };
      return { value: text, sensitive, diagnostics };
    }
    case 'list': {
      const results = expression.items.map((item) => evaluate(item, resolveRoot, locals));
      return {
        value: results.map((result) => result.value) as PlannedValue,
        sensitive: results.some((result) => result.sensitive),
        diagnostics: results.flatMap((result) => result.diagnostics),
      };
    }
    case 'object': {
      const value = Object.create(null) as Record<string, PlannedValue>;
      let sensitive = false;
      const diagnostics: Diagnostic[] = [];
      for (const [key, entry] of Object.entries(expression.entries)) {
        const result = evaluate(entry, resolveRoot, locals);
        value[key] = result.value;
        sensitive ||= result.sensitive;
        diagnostics.push(...result.diagnostics);
      }
      return { value: value as PlannedValue, sensitive, diagnostics };
    }
    default:
      if (!isOperatorExpression(expression)) throw new Error(`unknown expression kind "${(expression as Expression).kind}"`);
      return evaluateOperator(expression, locals, (inner, bound) => evaluate(inner, resolveRoot, bound));
  }
}

/**
 * Evaluates a function call: its arguments first (their diagnostics are the
 * call's), then, when every argument is known, the function of the table
 * (functions.ts) after checking the number and types of the arguments.
 *
 * - An argument that is or contains an unknown marker makes the result
 *   `unknown("<what the arguments wait for>")`, as a reference would, of
 *   the function's result type (`upper()`: an unknown string).
 * - The result is sensitive when any argument is.
 * - Unknown functions, a wrong number of arguments, arguments of the wrong
 *   type (`join(): argument 2 (list) expects a list, got a string`) and
 *   values the function refuses are diagnostics at the function's name; for
 *   a call with a sensitive argument the message never shows a value.
 */
export function evaluateCall(call: CallExpression, resolveRoot: ResolveRoot, locals?: Locals): Evaluation {
  const definition = lookupFunction(call.name);
  if (definition?.special === 'try' || definition?.special === 'can') return evaluateGuard(call, definition.special, resolveRoot, locals);
  const results = call.arguments.map((argument) => evaluate(argument, resolveRoot, locals));
  const sensitive = results.some((result) => result.sensitive);
  const diagnostics = results.flatMap((result) => result.diagnostics);
  const fail = (message: string, code: Diagnostic['code']): Evaluation => ({
    value: null,
    sensitive,
    diagnostics: [...diagnostics, { severity: 'error', code, message, location: call.location }],
  });
  if (!definition) return fail(`unknown function "${call.name}"`, 'unknown_function');
  const resultType = definition.result === 'any' ? undefined : definition.result;
  if (diagnostics.length > 0) return { value: null, sensitive, diagnostics };
  let values = results.map((result) => result.value);
  if (call.expand) {
    // `f(a, list...)`: the list's items are the last arguments.
    const last = values[values.length - 1];
    if (isUnknown(last)) return { value: unknown(unknownSources([last]).join(', '), resultType), sensitive, diagnostics };
    if (!Array.isArray(last))
      return fail(`${call.name}(): the argument before "..." must be a list, got ${describeKind(last)}`, 'type_mismatch');
    values = [...values.slice(0, -1), ...last];
  }
  const arity = arityProblem(definition, values.length);
  if (arity) return fail(arity, 'function_arity');
  if (definition.special === 'timestamp') return { value: unknown('timestamp()', 'string'), sensitive, diagnostics };
  // A structural function (`length(web)`) is known when its arguments are, whatever unknown values they hold.
  const waiting = STRUCTURAL.has(call.name) ? unknownSources(values.filter(isUnknown)) : unknownSources(values);
  if (waiting.length > 0) return { value: unknown(waiting.join(', '), resultType), sensitive, diagnostics };
  for (const [index, value] of (values as Value[]).entries()) {
    const problem = argumentProblem(definition, index, valueType(value));
    if (problem) return fail(problem, 'type_mismatch');
  }
  try {
    return { value: definition.implementation(values as Value[], call), sensitive, diagnostics };
  } catch (error) {
    if (!(error instanceof FunctionError)) throw error;
    return fail(sensitive ? error.withoutValues : error.message, 'invalid_value');
  }
}

/** Functions whose result depends on the shape of their arguments, not on the values inside them (unknown ones stay inside). */
const STRUCTURAL: ReadonlySet<string> = new Set([
  'length',
  'keys',
  'values',
  'concat',
  'element',
  'slice',
  'reverse',
  'merge',
  'tolist',
  'tomap',
]);

/**
 * `try(a, b, ...)`: the first argument that evaluates without an error
 * (an unknown one before it makes the result unknown: it may yet fail);
 * every argument failing is the last one's error. `can(x)`: whether `x`
 * evaluates without an error (unknown while it is unknown).
 */
function evaluateGuard(call: CallExpression, special: 'try' | 'can', resolveRoot: ResolveRoot, locals?: Locals): Evaluation {
  const arityError = (message: string): Evaluation => ({
    value: null,
    sensitive: false,
    diagnostics: [{ severity: 'error', code: 'function_arity', message, location: call.location }],
  });
  if (special === 'can' && call.arguments.length !== 1)
    return arityError(`can() takes 1 argument (expression), got ${call.arguments.length}`);
  let last: Evaluation | undefined;
  for (const argument of call.arguments) {
    const result = evaluate(argument, resolveRoot, locals);
    if (special === 'can') {
      if (result.diagnostics.length > 0) return { value: false, sensitive: result.sensitive, diagnostics: [] };
      const value = isUnknown(result.value) ? unknown(result.value.$unknown, 'bool') : true;
      return { value, sensitive: result.sensitive, diagnostics: [] };
    }
    if (result.diagnostics.length === 0) return result;
    last = result;
  }
  return last ?? arityError('try() takes at least 1 argument (expressions...), got 0');
}
