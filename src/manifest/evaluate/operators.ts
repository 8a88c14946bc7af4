/**
 * Evaluating the operator forms of `${...}` (parse/operators.ts reads them)
 * with Terraform's meanings:
 *
 * - `==` and `!=` compare type and value without conversion (`1 == "1"` is
 *   false), lists and mappings item by item.
 * - `< <= > >=` and `+ - * / %` take numbers; a string holding a number is
 *   converted, as Terraform converts it (`"3" + 1` is 4); `+` never joins
 *   strings (use a template). Dividing by zero is an error.
 * - `&& || !` take booleans (or the strings `"true"` / `"false"`).
 * - `condition ? then : otherwise`: only the branch taken is evaluated, and
 *   only its errors count (`length(var.l) > 0 ? var.l[0] : ""` is fine on an
 *   empty list); when one branch is a string and the other a number or a
 *   boolean, the result is converted to a string, as Terraform unifies them.
 * - `[for ...]` and `{for ...}` iterate a list in order (the first name is
 *   the index) or a mapping in key order (the first name is the key).
 *
 * Unknown values (known only after apply) propagate: any operator over an
 * unknown operand is unknown, with one exception Terraform makes too (cty
 * 1.13, Terraform 1.6 and later): `false && X` is false and `true || X` is
 * true whatever X is, since no value of X can change them. Both operands
 * are still evaluated and their errors reported (Terraform does not skip
 * evaluating the other side). A conditional whose condition is unknown is
 * unknown; a comprehension over an unknown collection, or whose `if` or key
 * is unknown for any item, is unknown.
 *
 * An unknown result has the type the form gives whatever the values (`!`,
 * comparisons, `&&` and `||` a boolean, arithmetic a number, a comprehension
 * a list or a mapping, a conditional its branches' type), and an unknown
 * operand of a known type that can never fit is a type error now, as
 * Terraform checks an unknown of a known type: `web.keypair_id ? 1 : 2` (a
 * number as a condition), `!web.keypair_id`, `web.ports + 1`. An unknown
 * string passes where a number or a boolean is wanted: it may yet hold
 * `"3"` or `"true"`.
 *
 * Type errors are `type_mismatch` diagnostics at the operand at fault (its
 * exact column inside the string); values are shown only when not sensitive.
 */
import { sameData } from '../../core/equal.js';
import {
  containsUnknown,
  isUnknown,
  unknown,
  unknownType,
  type Diagnostic,
  type PlannedValue,
  type UnknownType,
  type Value,
} from '../../core/types.js';
import type { BinaryOperator, Expression, OperatorExpression } from '../types.js';
import { describeKind } from '../parse/expressions.js';
import { SPLAT_ITEM } from '../parse/operators.js';

/** Result of evaluating an expression (see evaluate/expressions.ts). */
export interface Evaluation {
  /** The value; may be or contain unknown markers. Placeholder (`null` / `''`) where a diagnostic was raised. */
  value: PlannedValue;
  /** True when any referenced part is sensitive. */
  sensitive: boolean;
  /** Errors found while evaluating (at the location of the part at fault). */
  diagnostics: Diagnostic[];
}

/** The names a comprehension binds, with their values (a name not bound evaluates to unknown). */
export type Locals = ReadonlyMap<string, { value: PlannedValue; sensitive: boolean }>;

/** Evaluates an expression inside an operator form (evaluate/expressions.ts's evaluate), with the names bound around it. */
export type EvaluateChild = (expression: Expression, locals: Locals | undefined) => Evaluation;

/** What the unknown markers inside `value` wait for, in order, without repeats. */
export function unknownSources(value: unknown, into: string[] = []): string[] {
  if (isUnknown(value)) {
    if (!into.includes(value.$unknown)) into.push(value.$unknown);
  } else if (Array.isArray(value)) for (const item of value) unknownSources(item, into);
  else if (typeof value === 'object' && value !== null) for (const item of Object.values(value)) unknownSources(item, into);
  return into;
}

const NUMERIC = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;
const ARITHMETIC: ReadonlySet<BinaryOperator> = new Set(['+', '-', '*', '/', '%', '<', '<=', '>', '>=']);
const COMPARISON: ReadonlySet<BinaryOperator> = new Set(['<', '<=', '>', '>=']);

/** A type as a message says it. */
const TYPE_NAMES: Record<UnknownType, string> = {
  string: 'a string',
  number: 'a number',
  bool: 'a boolean',
  list: 'a list',
  map: 'a mapping',
};

/** The types a boolean, a number and a collection operand accept (a string converts to a boolean or a number). */
const ACCEPTS = {
  bool: ['bool', 'string'],
  number: ['number', 'string'],
  collection: ['list', 'map'],
} as const satisfies Record<string, readonly UnknownType[]>;

/**
 * The type of a value as the type checks see it: a known value's kind
 * (`map` for a mapping), a typed unknown's type; `undefined` for null and
 * for an unknown of unknown type.
 */
export function typeOfValue(value: PlannedValue): UnknownType | undefined {
  if (isUnknown(value)) return value.type;
  if (value === null) return undefined;
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'object') return 'map';
  return typeof value === 'boolean' ? 'bool' : (typeof value as 'string' | 'number');
}

/**
 * The type of a conditional whose condition is unknown: its branches' type
 * when they agree (null agrees with anything; a string beside a number or a
 * boolean makes a string, as Terraform unifies them), else `undefined`.
 */
function unifiedType(a: PlannedValue, b: PlannedValue): UnknownType | undefined {
  if (a === null) return typeOfValue(b);
  if (b === null) return typeOfValue(a);
  const [left, right] = [typeOfValue(a), typeOfValue(b)];
  if (left === undefined || right === undefined) return undefined;
  if (left === right) return left;
  const scalar = (type: UnknownType) => type === 'number' || type === 'bool';
  if ((left === 'string' && scalar(right)) || (right === 'string' && scalar(left))) return 'string';
  return undefined;
}

/** A value as shown in a message: kind, and the value itself when short and not sensitive. */
function shown(value: PlannedValue, sensitive: boolean): string {
  const kind = describeKind(value);
  if (sensitive || value === null || typeof value === 'object') return kind;
  const text = JSON.stringify(value);
  return text.length <= 40 ? `${kind} (${text})` : kind;
}

/**
 * What evaluating one operator form shares between its parts: the
 * diagnostics found so far, whether any part read is sensitive, and the
 * helpers that evaluate an inner expression, report a type error and read an
 * operand as a boolean or a number.
 */
class OperatorScope {
  readonly diagnostics: Diagnostic[] = [];
  sensitive = false;

  constructor(
    readonly locals: Locals | undefined,
    readonly evaluateChild: EvaluateChild,
  ) {}

  /** Evaluates an inner expression (with `bound` names, default the form's), keeping its diagnostics and sensitivity. */
  child(inner: Expression, bound: Locals | undefined = this.locals): Evaluation {
    const result = this.evaluateChild(inner, bound);
    this.sensitive ||= result.sensitive;
    this.diagnostics.push(...result.diagnostics);
    return result;
  }

  /** The form's result: `value`, or the placeholder `null` once a diagnostic was raised. */
  done(value: PlannedValue): Evaluation {
    return { value: this.diagnostics.length > 0 ? null : value, sensitive: this.sensitive, diagnostics: this.diagnostics };
  }

  /** Reports a `type_mismatch` at `at` and ends the form. */
  typeError(message: string, at: Expression): Evaluation {
    this.diagnostics.push({ severity: 'error', code: 'type_mismatch', message, location: at.location });
    return this.done(null);
  }

  /** The unknown marker waiting for what the unknown parts of `values` wait for. */
  waiting(...values: PlannedValue[]): PlannedValue {
    return unknown(unknownSources(values).join(', '));
  }

  /** {@link waiting}, of a known type (`undefined`: not known). */
  waitingAs(type: UnknownType | undefined, ...values: PlannedValue[]): PlannedValue {
    return unknown(unknownSources(values).join(', '), type);
  }

  /**
   * Reports a type error at `at` when `value` is an unknown whose type is
   * known and not one of `accepted` (`message` receives the type as said);
   * true when it did.
   */
  unknownMismatch(value: PlannedValue, accepted: readonly UnknownType[], at: Expression, message: (kind: string) => string): boolean {
    const type = unknownType(value);
    if (type === undefined || accepted.includes(type)) return false;
    this.typeError(message(TYPE_NAMES[type]), at);
    return true;
  }

  /** A boolean operand: true/false, the strings "true"/"false", or undefined after reporting a type error. */
  boolean(value: PlannedValue, at: Expression, what: string, isSensitive: boolean): boolean | undefined {
    if (typeof value === 'boolean') return value;
    if (value === 'true' || value === 'false') return value === 'true';
    this.typeError(`${what} must be a boolean, got ${shown(value, isSensitive)}`, at);
    return undefined;
  }

  /** A number operand: a number or a string holding one, or undefined after reporting a type error. */
  number(value: PlannedValue, at: Expression, what: string, isSensitive: boolean): number | undefined {
    if (typeof value === 'number') return value;
    if (typeof value === 'string' && NUMERIC.test(value.trim())) return Number(value);
    this.typeError(`${what} must be a number, got ${shown(value, isSensitive)}`, at);
    return undefined;
  }
}

type Form<Kind extends OperatorExpression['kind']> = Extract<OperatorExpression, { kind: Kind }>;

/** Evaluates an operator form; `evaluateChild` evaluates the expressions inside it. Never throws. */
export function evaluateOperator(expression: OperatorExpression, locals: Locals | undefined, evaluateChild: EvaluateChild): Evaluation {
  const scope = new OperatorScope(locals, evaluateChild);
  switch (expression.kind) {
    case 'local': {
      const bound = locals?.get(expression.name);
      if (!bound) return { value: unknown(expression.name), sensitive: false, diagnostics: [] };
      return { value: bound.value, sensitive: bound.sensitive, diagnostics: [] };
    }
    case 'unary':
      return unary(scope, expression);
    case 'binary':
      return binary(scope, expression);
    case 'conditional':
      return conditional(scope, expression);
    case 'index':
      return indexInto(scope, expression);
    case 'tuple': {
      const items = expression.items.map((item) => scope.child(item).value);
      return scope.done(items as PlannedValue);
    }
    case 'record':
      return record(scope, expression);
    case 'for':
      return comprehension(scope, expression);
    case 'splat':
      return splat(scope, expression);
    case 'invalid':
      scope.diagnostics.push({ severity: 'error', code: expression.code, message: expression.message, location: expression.location });
      return scope.done(null);
  }
}

/** `!x` and `-x`. */
function unary(scope: OperatorScope, expression: Form<'unary'>): Evaluation {
  const operand = scope.child(expression.operand);
  if (scope.diagnostics.length > 0) return scope.done(null);
  const what = `the operand of "${expression.operator}"`;
  if (isUnknown(operand.value)) {
    const not = expression.operator === '!';
    const accepted = not ? ACCEPTS.bool : ACCEPTS.number;
    if (
      scope.unknownMismatch(
        operand.value,
        accepted,
        expression.operand,
        (kind) => `${what} must be ${not ? 'a boolean' : 'a number'}, got ${kind}`,
      )
    )
      return scope.done(null);
    return scope.done(scope.waitingAs(not ? 'bool' : 'number', operand.value));
  }
  if (expression.operator === '!') {
    const value = scope.boolean(operand.value, expression.operand, what, operand.sensitive);
    return value === undefined ? scope.done(null) : scope.done(!value);
  }
  const value = scope.number(operand.value, expression.operand, what, operand.sensitive);
  return value === undefined ? scope.done(null) : scope.done(-value);
}

/** `a OP b`: logic, equality, comparison and arithmetic. */
function binary(scope: OperatorScope, expression: Form<'binary'>): Evaluation {
  const left = scope.child(expression.left);
  const right = scope.child(expression.right);
  if (scope.diagnostics.length > 0) return scope.done(null);
  const { operator } = expression;
  const side = (which: 'left' | 'right') => `the ${which} operand of "${operator}"`;
  if (operator === '&&' || operator === '||') {
    const decides = operator === '||';
    const operand = (value: PlannedValue, at: Expression, which: 'left' | 'right', sensitive: boolean): boolean | undefined => {
      if (!isUnknown(value)) return scope.boolean(value, at, side(which), sensitive);
      scope.unknownMismatch(value, ACCEPTS.bool, at, (kind) => `${side(which)} must be a boolean, got ${kind}`);
      return undefined;
    };
    const a = operand(left.value, expression.left, 'left', left.sensitive);
    const b = operand(right.value, expression.right, 'right', right.sensitive);
    if (scope.diagnostics.length > 0) return scope.done(null);
    if (a === decides || b === decides) return scope.done(decides);
    if (a === undefined || b === undefined) return scope.done(scope.waitingAs('bool', left.value, right.value));
    return scope.done(operator === '&&' ? a && b : a || b);
  }
  if (containsUnknown(left.value) || containsUnknown(right.value)) {
    // Still a type error when the known side, or the type of an unknown one, can never fit.
    if (ARITHMETIC.has(operator)) {
      const operand = (value: PlannedValue, at: Expression, which: 'left' | 'right', sensitive: boolean): void => {
        if (!containsUnknown(value)) scope.number(value, at, side(which), sensitive);
        else scope.unknownMismatch(value, ACCEPTS.number, at, (kind) => `${side(which)} must be a number, got ${kind}`);
      };
      operand(left.value, expression.left, 'left', left.sensitive);
      operand(right.value, expression.right, 'right', right.sensitive);
    }
    const arithmetic = ARITHMETIC.has(operator) && !COMPARISON.has(operator);
    return scope.done(scope.waitingAs(arithmetic ? 'number' : 'bool', left.value, right.value));
  }
  if (operator === '==' || operator === '!=') return scope.done(sameData(left.value, right.value) === (operator === '=='));
  const a = scope.number(left.value, expression.left, side('left'), left.sensitive);
  const b = scope.number(right.value, expression.right, side('right'), right.sensitive);
  if (a === undefined || b === undefined) return scope.done(null);
  switch (operator) {
    case '<':
      return scope.done(a < b);
    case '<=':
      return scope.done(a <= b);
    case '>':
      return scope.done(a > b);
    case '>=':
      return scope.done(a >= b);
    case '+':
      return scope.done(a + b);
    case '-':
      return scope.done(a - b);
    case '*':
      return scope.done(a * b);
    default:
      if (b === 0) {
        scope.diagnostics.push({
          severity: 'error',
          code: 'invalid_value',
          message: `"${operator}": cannot divide by zero`,
          location: expression.right.location,
        });
        return scope.done(null);
      }
      return scope.done(operator === '/' ? a / b : a % b);
  }
}

/** `condition ? then : otherwise`: only the branch taken counts. */
function conditional(scope: OperatorScope, expression: Form<'conditional'>): Evaluation {
  const condition = scope.child(expression.condition);
  if (scope.diagnostics.length > 0) return scope.done(null);
  if (containsUnknown(condition.value)) {
    const what = (kind: string) => `the condition of "?" must be a boolean, got ${kind}`;
    if (scope.unknownMismatch(condition.value, ACCEPTS.bool, expression.condition, what)) return scope.done(null);
    const then = scope.child(expression.then).value;
    const otherwise = scope.child(expression.otherwise).value;
    return scope.done(scope.waitingAs(unifiedType(then, otherwise), condition.value));
  }
  if (condition.value === null) return scope.typeError('the condition of "?" must not be null', expression.condition);
  const chosen = scope.boolean(condition.value, expression.condition, 'the condition of "?"', condition.sensitive);
  if (chosen === undefined) return scope.done(null);
  const taken = scope.child(chosen ? expression.then : expression.otherwise);
  const value = taken.value;
  if (scope.diagnostics.length > 0 || (typeof value !== 'number' && typeof value !== 'boolean')) return scope.done(value);
  // Terraform's unification: a number or boolean beside a string branch comes out as a string.
  const other = scope.evaluateChild(chosen ? expression.otherwise : expression.then, scope.locals);
  return scope.done(typeof other.value === 'string' && other.diagnostics.length === 0 ? String(value) : value);
}

/** `target[key]`: a list item or a mapping's field. */
function indexInto(scope: OperatorScope, expression: Form<'index'>): Evaluation {
  const target = scope.child(expression.target);
  const key = scope.child(expression.key);
  if (scope.diagnostics.length > 0) return scope.done(null);
  if (scope.unknownMismatch(target.value, ACCEPTS.collection, expression.target, (kind) => `cannot index ${kind}`)) return scope.done(null);
  if (isUnknown(target.value) || containsUnknown(key.value)) return scope.done(scope.waiting(target.value, key.value));
  const value = target.value;
  if (Array.isArray(value)) {
    const index = scope.number(key.value, expression.key, 'a list index', key.sensitive);
    if (index === undefined) return scope.done(null);
    if (!Number.isInteger(index) || index < 0 || index >= value.length) {
      return scope.typeError(`index ${index} out of range (${value.length} item${value.length === 1 ? '' : 's'})`, expression.key);
    }
    return scope.done(value[index]);
  }
  if (value !== null && typeof value === 'object') {
    if (typeof key.value !== 'string' && typeof key.value !== 'number') {
      return scope.typeError(`a mapping's key must be a string, got ${shown(key.value, key.sensitive)}`, expression.key);
    }
    const name = String(key.value);
    if (!Object.hasOwn(value, name)) {
      const fields = Object.keys(value);
      return scope.typeError(`no field "${name}"${fields.length > 0 ? ` (fields: ${fields.join(', ')})` : ''}`, expression.key);
    }
    return scope.done((value as Record<string, PlannedValue>)[name]);
  }
  return scope.typeError(`cannot index ${describeKind(value)}`, expression.target);
}

/** `{ key = value, ... }`. */
function record(scope: OperatorScope, expression: Form<'record'>): Evaluation {
  const result = Object.create(null) as Record<string, PlannedValue>;
  let unknownKey: PlannedValue | undefined;
  expression.keys.forEach((keyExpression, index) => {
    const key = scope.child(keyExpression).value;
    const value = scope.child(expression.values[index]).value;
    if (containsUnknown(key)) unknownKey = key;
    else if (typeof key === 'string' || typeof key === 'number' || typeof key === 'boolean') result[String(key)] = value;
    else scope.typeError(`a key must be a string, got ${describeKind(key)}`, keyExpression);
  });
  return scope.done(unknownKey !== undefined ? scope.waitingAs('map', unknownKey) : (result as PlannedValue));
}

/** `target[*].body`: the body for each item (null is no item, a single value one). */
function splat(scope: OperatorScope, expression: Form<'splat'>): Evaluation {
  const target = scope.child(expression.target);
  if (scope.diagnostics.length > 0) return scope.done(null);
  const value = target.value;
  if (isUnknown(value)) return scope.done(scope.waitingAs('list', value));
  // Terraform: null is an empty list, a single value a list of one.
  const items: PlannedValue[] = value === null ? [] : Array.isArray(value) ? value : [value];
  const results: PlannedValue[] = [];
  for (const item of items) {
    const bound = new Map(scope.locals ?? []);
    bound.set(SPLAT_ITEM, { value: item, sensitive: target.sensitive });
    results.push(scope.child(expression.body, bound).value);
    if (scope.diagnostics.length > 0) return scope.done(null);
  }
  return scope.done(results as PlannedValue);
}

/** `[for ...]` and `{for ...}`. */
function comprehension(scope: OperatorScope, expression: Form<'for'>): Evaluation {
  const collection = scope.child(expression.collection);
  if (scope.diagnostics.length > 0) return scope.done(null);
  const value = collection.value;
  const resultType = expression.result === 'list' ? 'list' : 'map';
  const iterate = (kind: string) => `"for" needs a list or a mapping to iterate, got ${kind}`;
  if (scope.unknownMismatch(value, ACCEPTS.collection, expression.collection, iterate)) return scope.done(null);
  if (isUnknown(value)) return scope.done(scope.waitingAs(resultType, value));
  if (value === null || typeof value !== 'object') {
    return scope.typeError(`"for" needs a list or a mapping to iterate, got ${shown(value, collection.sensitive)}`, expression.collection);
  }
  const entries: Array<[number | string, PlannedValue]> = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : Object.keys(value)
        .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
        .map((key) => [key, (value as Record<string, PlannedValue>)[key]]);
  const list: Value[] = [];
  const map = Object.create(null) as Record<string, PlannedValue>;
  const undecided: PlannedValue[] = [];
  for (const [key, item] of entries) {
    // The first item in error is reported, not every item (the same mistake, told once).
    if (scope.diagnostics.length > 0) return scope.done(null);
    const bound = new Map(scope.locals ?? []);
    if (expression.keyName !== undefined) bound.set(expression.keyName, { value: key, sensitive: collection.sensitive });
    bound.set(expression.valueName, { value: item, sensitive: collection.sensitive });
    if (expression.condition) {
      const condition = scope.child(expression.condition, bound);
      if (condition.diagnostics.length > 0) continue;
      const keepWhat = (kind: string) => `the "if" of "for" must be a boolean, got ${kind}`;
      if (scope.unknownMismatch(condition.value, ACCEPTS.bool, expression.condition, keepWhat)) return scope.done(null);
      if (containsUnknown(condition.value)) {
        undecided.push(condition.value);
        continue;
      }
      const keep = scope.boolean(condition.value, expression.condition, 'the "if" of "for"', condition.sensitive);
      if (!keep) continue;
    }
    const result = scope.child(expression.value, bound).value;
    if (expression.result === 'list') {
      list.push(result as Value);
      continue;
    }
    const resultKey = scope.child(expression.keyResult!, bound).value;
    if (containsUnknown(resultKey)) undecided.push(resultKey);
    else if (typeof resultKey !== 'string' && typeof resultKey !== 'number' && typeof resultKey !== 'boolean') {
      scope.typeError(`a key of "for" must be a string, got ${describeKind(resultKey)}`, expression.keyResult!);
    } else if (expression.group) {
      const group = Object.hasOwn(map, String(resultKey)) ? (map[String(resultKey)] as PlannedValue[]) : [];
      group.push(result);
      map[String(resultKey)] = group as PlannedValue;
    } else if (Object.hasOwn(map, String(resultKey))) {
      return scope.typeError(
        `the key "${String(resultKey)}" comes twice in the result of "for" (write "..." after the value to group them)`,
        expression.keyResult!,
      );
    } else map[String(resultKey)] = result;
  }
  if (undecided.length > 0) return scope.done(scope.waitingAs(resultType, ...undecided));
  return scope.done(expression.result === 'list' ? list : (map as PlannedValue));
}
