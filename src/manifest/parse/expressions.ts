/**
 * `${...}` expressions: parsing strings into {@link Expression}s and
 * evaluating expressions against known (or still unknown) values.
 *
 * Grammar of a reference (inside `${` and `}`, surrounding blanks allowed):
 *
 * ```
 * reference := resource | data | variable | repetition
 * resource  := NAME instance? "." NAME step*            web.ip_address, web[0].id
 * data      := "data" "." NAME instance? "." NAME step*  data.products.products[0].product_id
 * variable  := "var" "." NAME step*                     var.cycle
 * repetition := "count.index" | "each.key" | "each.value" step*
 * instance  := "[" INTEGER "]" | "[" QUOTED "]" | "[*]"  web[0], web["eu"], web[*] (every instance, a list)
 * step      := "." NAME | "[" INTEGER "]" | "[" QUOTED "]"
 * NAME      := [A-Za-z_][A-Za-z0-9_-]*
 * QUOTED    := "..." or '...' (JSON escapes inside double quotes)
 * ```
 *
 * `$${` writes a literal `${`. A string that is exactly one `${...}` is a
 * `reference` expression and keeps the referenced value's type; any other
 * string with references is a `template` and always evaluates to a string.
 *
 * Inside `${...}` a name followed by `(` is a function call
 * (`${join(", ", var.names)}`), read by calls.ts and evaluated with the
 * table of functions.ts; a string that is exactly one call keeps the
 * result's type, as a lone reference does.
 */
import { findOutsideQuotes, isCall, parseCall } from './calls.js';
import { argumentProblem, arityProblem, FunctionError, lookupFunction, valueType } from '../functions.js';
import {
  containsUnknown,
  isUnknown,
  referenceTarget,
  unknown,
  WORKSPACE_VARIABLE,
  type CallExpression,
  type Diagnostic,
  type Expression,
  type PlannedValue,
  type Reference,
  type SourceLocation,
  type Value,
} from '../../core/types.js';

const NAME = /^[A-Za-z_][A-Za-z0-9_-]*/;

/** `${text}` of a reference, as shown in messages. */
export function formatReference(reference: Reference): string {
  return `\${${reference.text}}`;
}

/**
 * Parses the text between `${` and `}`. Resolves with the reference, or with
 * `error` (a complete diagnostic message such as
 * `invalid reference "${web.}": expected a name after "web."`).
 */
export function parseReference(text: string, location: SourceLocation): { reference: Reference } | { error: string } {
  const source = text.trim();
  const shown = `"\${${text}}"`;
  if (source === '') return { error: `empty reference ${shown}` };
  let rest = source;
  let consumed = '';
  const fail = (why: string) => ({ error: `invalid reference ${shown}: ${why}` });
  const readName = (): string | undefined => {
    const match = NAME.exec(rest);
    if (!match) return undefined;
    rest = rest.slice(match[0].length);
    consumed += match[0];
    return match[0];
  };
  /** Reads `.NAME`; undefined when `rest` does not start with a dot; throws a message when the name is missing. */
  const readDotName = (what: string): string | undefined | { error: string } => {
    if (!rest.startsWith('.')) return undefined;
    rest = rest.slice(1);
    consumed += '.';
    const name = readName();
    if (name === undefined) return fail(`expected ${what} after "${consumed}"`);
    return name;
  };

  const head = readName();
  if (head === undefined) return fail(`expected a resource name, "data." or "var." at "${rest}"`);
  let root: Reference['root'];
  let name: string;
  const path: Array<string | number> = [];
  const reference: Pick<Reference, 'key' | 'splat'> = {};
  if (head === 'workspace' && !rest.startsWith('.') && !rest.startsWith('[')) {
    // `${workspace}`: the run's workspace name (a built-in, read like a variable).
    root = 'var';
    name = WORKSPACE_VARIABLE;
  } else if (head === 'var') {
    root = 'var';
    const variable = readDotName('a variable name');
    if (typeof variable === 'object') return variable;
    if (variable === undefined) return fail('expected a variable name after "var", like "var.cycle"');
    name = variable;
  } else if (head === 'count' && /^\.index$/.test(rest)) {
    root = 'count';
    name = readDotName('index') as string;
  } else if (head === 'each' && /^\.(key$|value(?![A-Za-z0-9_-]))/.test(rest)) {
    root = 'each';
    name = readDotName('key or value') as string;
  } else {
    root = head === 'data' ? 'data' : 'resource';
    if (root === 'data') {
      const dataName = readDotName('a data source name');
      if (typeof dataName === 'object') return dataName;
      if (dataName === undefined) return fail('expected a data source name after "data", like "data.products.products"');
      name = dataName;
    } else name = head;
    const instance = readInstance(rest);
    if (instance && 'error' in instance) return fail(`${instance.error} after "${consumed}"`);
    if (instance) {
      if (instance.key === undefined) reference.splat = true;
      else reference.key = instance.key;
      rest = rest.slice(instance.length);
      consumed += instance.text;
    }
    const attribute = readDotName('an attribute name');
    if (typeof attribute === 'object') return attribute;
    if (attribute === undefined) return fail(`expected an attribute after "${consumed}", like "${consumed}.id"`);
    path.push(attribute);
  }

  while (rest !== '') {
    if (rest.startsWith('.')) {
      const field = readDotName('a field name');
      if (typeof field === 'object') return field;
      path.push(field as string);
      continue;
    }
    if (rest.startsWith('[')) {
      const step = readInstance(rest);
      // `${module.cluster[*].x}`: every instance of a repeated module block (src/manifest/module-repetition.ts).
      const moduleSplat = step && !('error' in step) && step.key === undefined && name === 'module' && root === 'resource';
      if (moduleSplat && path.length === 1 && !reference.splat) {
        reference.splat = true;
        rest = rest.slice(step.length);
        consumed += step.text;
        continue;
      }
      if (!step || 'error' in step || step.key === undefined) {
        return fail(`${step && 'error' in step ? step.error : 'expected a whole number or a quoted key inside "[ ]"'} after "${consumed}"`);
      }
      path.push(step.key);
      rest = rest.slice(step.length);
      consumed += step.text;
      continue;
    }
    return fail(`unexpected "${rest.trimStart().charAt(0)}" after "${consumed}"`);
  }
  return { reference: { text: source, root, name, ...reference, path, location } };
}

/**
 * Reads a `[0]`, `["eu"]` (or `['eu']`) or `[*]` at the start of `text`:
 * its key (none for `[*]`), the text read and its length; undefined when
 * `text` does not start with `[`; `{ error }` for anything else in brackets.
 */
function readInstance(text: string): { key?: number | string; text: string; length: number } | { error: string } | undefined {
  if (!text.startsWith('[')) return undefined;
  const splat = /^\[\s*\*\s*\]/.exec(text);
  if (splat) return { text: splat[0], length: splat[0].length };
  const index = /^\[\s*(\d+)\s*\]/.exec(text);
  if (index) return { key: Number(index[1]), text: index[0], length: index[0].length };
  const key = /^\[\s*("(?:[^"\\]|\\.)*"|'[^']*')\s*\]/.exec(text);
  if (!key) return { error: 'expected a whole number or a quoted key inside "[ ]"' };
  try {
    const value = key[1].startsWith('"') ? (JSON.parse(key[1]) as string) : key[1].slice(1, -1);
    return { key: value, text: key[0], length: key[0].length };
  } catch {
    return { error: `bad quoted key ${key[1]}` };
  }
}

/**
 * Finds the `}` closing a `${` whose inner text starts at `start`, skipping
 * braces inside quoted keys. Resolves -1 when there is none.
 */
function closingBrace(text: string, start: number): number {
  return findOutsideQuotes(text, start, (char) => char === '}');
}

/**
 * Parses a string value of the manifest into an expression.
 *
 * - no `${`: a `literal` (with `$${` unescaped to `${`);
 * - exactly one `${...}` and nothing else: a `reference`;
 * - otherwise a `template` whose parts are strings and references.
 *
 * `location` is where the string's node starts (the expression's location);
 * `locate(offset)` gives the location of the `${` at `offset` in `text`
 * (defaults to `location`). Syntax errors (unclosed `${`, empty or malformed
 * references) are returned as diagnostics at the `${`; the faulty piece is
 * kept as literal text so parsing can go on.
 */
export function parseStringExpression(
  text: string,
  location: SourceLocation,
  locate: (offset: number) => SourceLocation = () => location,
): { expression: Expression; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  if (!text.includes('${')) return { expression: { kind: 'literal', value: text, location }, diagnostics };
  const parts: Array<string | Reference | CallExpression> = [];
  let buffer = '';
  let i = 0;
  while (i < text.length) {
    if (text.startsWith('$${', i)) {
      buffer += '${';
      i += 3;
      continue;
    }
    if (text.startsWith('${', i)) {
      const end = closingBrace(text, i + 2);
      if (end < 0) {
        diagnostics.push({ severity: 'error', code: 'expression_syntax', message: `unclosed "\${" in "${text}"`, location: locate(i) });
        buffer += text.slice(i);
        break;
      }
      const inner = text.slice(i + 2, end);
      const start = i + 2;
      const parsed = isCall(inner)
        ? parseCall(inner, (offset) => locate(start + offset), parseReference)
        : parseReference(inner, locate(i));
      if ('error' in parsed) {
        diagnostics.push({ severity: 'error', code: 'expression_syntax', message: parsed.error, location: locate(i) });
        buffer += text.slice(i, end + 1);
      } else {
        if (buffer !== '') parts.push(buffer);
        buffer = '';
        if ('reference' in parsed) parts.push(parsed.reference);
        else {
          diagnostics.push(...parsed.diagnostics);
          parts.push(parsed.expression);
        }
      }
      i = end + 1;
      continue;
    }
    buffer += text[i];
    i++;
  }
  if (buffer !== '') parts.push(buffer);
  if (!parts.some((part) => typeof part !== 'string')) {
    return { expression: { kind: 'literal', value: parts.join(''), location }, diagnostics };
  }
  if (parts.length === 1 && typeof parts[0] !== 'string') {
    if (isCallPart(parts[0])) return { expression: parts[0], diagnostics };
    return { expression: { kind: 'reference', reference: parts[0], location }, diagnostics };
  }
  return { expression: { kind: 'template', parts, location }, diagnostics };
}

/** True when a template part is a function call (not a string or a reference). */
export function isCallPart(part: string | Reference | CallExpression): part is CallExpression {
  return typeof part === 'object' && 'kind' in part;
}

/** Every reference inside an expression (function arguments included), in source order. */
export function referencesOf(expression: Expression): Reference[] {
  switch (expression.kind) {
    case 'literal':
      return [];
    case 'reference':
      return [expression.reference];
    case 'call':
      return expression.arguments.flatMap(referencesOf);
    case 'template':
      return expression.parts.flatMap((part) => (typeof part === 'string' ? [] : isCallPart(part) ? referencesOf(part) : [part]));
    case 'list':
      return expression.items.flatMap(referencesOf);
    case 'object':
      return Object.values(expression.entries).flatMap(referencesOf);
  }
}

/** The value of an expression without references; `undefined` when it has any. */
export function literalValue(expression: Expression): Value | undefined {
  switch (expression.kind) {
    case 'literal':
      return expression.value;
    case 'reference':
    case 'template':
    case 'call':
      return undefined;
    case 'list': {
      const items: Value[] = [];
      for (const item of expression.items) {
        const value = literalValue(item);
        if (value === undefined) return undefined;
        items.push(value);
      }
      return items;
    }
    case 'object': {
      const entries = Object.create(null) as Record<string, Value>;
      for (const [key, entry] of Object.entries(expression.entries)) {
        const value = literalValue(entry);
        if (value === undefined) return undefined;
        entries[key] = value;
      }
      return entries;
    }
  }
}

/** Describes a value's kind for messages: `a string`, `a number`, `a list`, ... */
export function describeKind(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'a list';
  switch (typeof value) {
    case 'string':
      return 'a string';
    case 'number':
      return 'a number';
    case 'boolean':
      return 'a boolean';
    case 'object':
      return isUnknown(value) ? 'a value known only after apply' : 'a mapping';
    default:
      return typeof value;
  }
}

/** A step of a reference path as written: `.name`, `[0]` or `["key"]`. */
export function formatStep(step: string | number): string {
  if (typeof step === 'number') return `[${step}]`;
  return NAME.test(step) && NAME.exec(step)?.[0] === step ? `.${step}` : `[${JSON.stringify(step)}]`;
}

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
}

/**
 * Gives the root value of a reference (see {@link RootValue}); `undefined`
 * when the root is not available (evaluation then reports
 * `cannot resolve "${...}"` at the reference).
 */
export type ResolveRoot = (reference: Reference) => RootValue | undefined;

/** Result of {@link evaluate}. */
export interface Evaluation {
  /** The value; may be or contain unknown markers. Placeholder (`null` / `''`) where a diagnostic was raised. */
  value: PlannedValue;
  /** True when any referenced part is sensitive. */
  sensitive: boolean;
  /** Errors found while walking reference paths (at the reference's location). */
  diagnostics: Diagnostic[];
}

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
  const head = reference.root === 'var' ? undefined : reference.path[0];
  const sensitive = typeof root.sensitive === 'function' ? typeof head === 'string' && root.sensitive(head) : root.sensitive === true;
  const prefix = referenceTarget(reference);
  let current: PlannedValue = root.value as PlannedValue;
  // The reference as written up to step `index`, for a message: spelled out only when one is made.
  const shownTo = (index: number) =>
    `${prefix}${reference.path
      .slice(0, index + 1)
      .map(formatStep)
      .join('')}`;
  const fail = (message: string): Evaluation => ({
    value: null,
    sensitive,
    diagnostics: [{ severity: 'error', code: 'reference_invalid_path', message, location: reference.location }],
  });
  for (let index = 0; index < reference.path.length; index++) {
    const step = reference.path[index];
    if (isUnknown(current)) return { value: unknown(reference.text), sensitive, diagnostics: [] };
    if (typeof step === 'number') {
      if (!Array.isArray(current)) return fail(`${shownTo(index)}: cannot index ${describeKind(current)}`);
      if (step >= current.length) {
        return fail(`${shownTo(index)}: index ${step} out of range (${current.length} item${current.length === 1 ? '' : 's'})`);
      }
      current = current[step];
      continue;
    }
    if (current === null || typeof current !== 'object' || Array.isArray(current)) {
      if (index === 0 && reference.root !== 'var' && current === null) return { value: null, sensitive, diagnostics: [] };
      return fail(`${shownTo(index)}: cannot read field "${step}" of ${describeKind(current)}`);
    }
    if (!Object.prototype.hasOwnProperty.call(current, step)) {
      if (index === 0 && reference.root !== 'var') {
        current = null;
        continue;
      }
      const fields = Object.keys(current);
      return fail(`${shownTo(index)}: no field "${step}"${fields.length > 0 ? ` (fields: ${fields.join(', ')})` : ''}`);
    }
    current = (current as Record<string, Value>)[step];
  }
  return { value: current, sensitive, diagnostics: [] };
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
export function evaluate(expression: Expression, resolveRoot: ResolveRoot): Evaluation {
  switch (expression.kind) {
    case 'literal':
      return { value: expression.value, sensitive: false, diagnostics: [] };
    case 'reference':
      return evaluateReference(expression.reference, resolveRoot);
    case 'call':
      return evaluateCall(expression, resolveRoot);
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
        const result = call ? evaluateCall(part, resolveRoot) : evaluateReference(part, resolveRoot);
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
            message: `${call ? `${part.name}()` : part.text}: cannot interpolate ${describeKind(result.value)} into a string`,
            location: part.location,
          });
          continue;
        }
        text += rendered;
      }
      if (waitingFor.length > 0) return { value: unknown(waitingFor.join(', ')), sensitive, diagnostics };
      return { value: text, sensitive, diagnostics };
    }
    case 'list': {
      const results = expression.items.map((item) => evaluate(item, resolveRoot));
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
        const result = evaluate(entry, resolveRoot);
        value[key] = result.value;
        sensitive ||= result.sensitive;
        diagnostics.push(...result.diagnostics);
      }
      return { value: value as PlannedValue, sensitive, diagnostics };
    }
  }
}

/** What the unknown markers inside `value` wait for, in order, without repeats. */
function unknownSources(value: unknown, into: string[] = []): string[] {
  if (isUnknown(value)) {
    if (!into.includes(value.$unknown)) into.push(value.$unknown);
  } else if (Array.isArray(value)) for (const item of value) unknownSources(item, into);
  else if (typeof value === 'object' && value !== null) for (const item of Object.values(value)) unknownSources(item, into);
  return into;
}

/**
 * Evaluates a function call: its arguments first (their diagnostics are the
 * call's), then, when every argument is known, the function of the table
 * (functions.ts) after checking the number and types of the arguments.
 *
 * - An argument that is or contains an unknown marker makes the result
 *   `unknown("<what the arguments wait for>")`, as a reference would.
 * - The result is sensitive when any argument is.
 * - Unknown functions, a wrong number of arguments, arguments of the wrong
 *   type (`join(): argument 2 (list) expects a list, got a string`) and
 *   values the function refuses are diagnostics at the function's name; for
 *   a call with a sensitive argument the message never shows a value.
 */
export function evaluateCall(call: CallExpression, resolveRoot: ResolveRoot): Evaluation {
  const results = call.arguments.map((argument) => evaluate(argument, resolveRoot));
  const sensitive = results.some((result) => result.sensitive);
  const diagnostics = results.flatMap((result) => result.diagnostics);
  const fail = (message: string, code: Diagnostic['code']): Evaluation => ({
    value: null,
    sensitive,
    diagnostics: [...diagnostics, { severity: 'error', code, message, location: call.location }],
  });
  const definition = lookupFunction(call.name);
  if (!definition) return fail(`unknown function "${call.name}"`, 'unknown_function');
  const arity = arityProblem(definition, call.arguments.length);
  if (arity) return fail(arity, 'function_arity');
  if (diagnostics.length > 0) return { value: null, sensitive, diagnostics };
  const values = results.map((result) => result.value);
  const waiting = unknownSources(values);
  if (waiting.length > 0) return { value: unknown(waiting.join(', ')), sensitive, diagnostics };
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
