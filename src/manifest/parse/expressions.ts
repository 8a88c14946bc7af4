/**
 * `${...}` expressions: parsing strings into {@link Expression}s
 * (evaluate/expressions.ts evaluates them against known, or still unknown,
 * values).
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
import { isUnknown, type Diagnostic, type SourceLocation, type Value } from '../../core/types.js';
import { WORKSPACE_VARIABLE, type Expression, type Reference, type TemplatePart } from '../types.js';
import { parseOperators } from './operators.js';
import { childrenOf, isOperatorExpression } from './expression-tree.js';

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
      // `${module.cluster[*].x}`: every instance of a repeated module block (src/manifest/expand/module-repetition.ts).
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
 * braces inside quoted keys and pairs of braces inside (a mapping or
 * `{for ...}` written in the expression). Resolves -1 when there is none.
 */
function closingBrace(text: string, start: number): number {
  let depth = 0;
  return findOutsideQuotes(text, start, (char) => {
    if (char === '{') depth++;
    else if (char === '}') {
      if (depth === 0) return true;
      depth--;
    }
    return false;
  });
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
  const parts: Array<string | TemplatePart> = [];
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
      const inside = (offset: number) => locate(start + offset);
      const parsed = isCall(inner) ? parseCall(inner, inside, parseReference) : parseReference(inner, locate(i));
      if (!('error' in parsed)) {
        if (buffer !== '') parts.push(buffer);
        buffer = '';
        if ('reference' in parsed) parts.push(parsed.reference);
        else {
          diagnostics.push(...parsed.diagnostics);
          parts.push(parsed.expression);
        }
        i = end + 1;
        continue;
      }
      // Not a plain reference or call: the operator grammar (parse/operators.ts) reads it.
      const operated = parseOperators(inner, inside, parseReference);
      if ('error' in operated) {
        const message = operated.operators ? `invalid expression "\${${inner}}": ${operated.error}` : parsed.error;
        const location = operated.operators ? inside(operated.offset) : locate(i);
        diagnostics.push({ severity: 'error', code: 'expression_syntax', message, location });
        buffer += text.slice(i, end + 1);
      } else {
        diagnostics.push(...operated.diagnostics);
        const { expression } = operated;
        const scalar = expression.kind === 'literal' ? scalarText(expression.value) : undefined;
        if (scalar !== undefined && !(buffer === '' && parts.length === 0 && end + 1 === text.length)) buffer += scalar;
        else {
          if (buffer !== '') parts.push(buffer);
          buffer = '';
          parts.push(expression.kind === 'reference' ? expression.reference : (expression as TemplatePart));
        }
      }
      i = end + 1;
      continue;
    }
    buffer += text[i];
    i++;
  }
  if (buffer !== '') parts.push(buffer);
  const [only] = parts;
  // `${3}`, `${"a"}`, `${[1, 2]}`: one value written alone keeps its type.
  if (parts.length === 1 && typeof only === 'object' && 'kind' in only && (only as Expression).kind === 'literal') {
    return { expression: { ...(only as Expression), location }, diagnostics };
  }
  if (!parts.some((part) => typeof part !== 'string')) {
    return { expression: { kind: 'literal', value: parts.join(''), location }, diagnostics };
  }
  if (parts.length === 1 && typeof parts[0] !== 'string') {
    if (isCallPart(parts[0])) return { expression: parts[0], diagnostics };
    return { expression: { kind: 'reference', reference: parts[0], location }, diagnostics };
  }
  return { expression: { kind: 'template', parts, location }, diagnostics };
}

/** True when a template part is an expression (a call, an operator form), not a string or a lone reference. */
export function isCallPart(part: string | TemplatePart): part is Exclude<TemplatePart, Reference> {
  return typeof part === 'object' && 'kind' in part;
}

/** A literal scalar as template text (`null` is empty); undefined for a list or a mapping. */
function scalarText(value: Value): string | undefined {
  if (value === null) return '';
  return typeof value === 'object' ? undefined : String(value);
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
    default:
      return isOperatorExpression(expression) ? childrenOf(expression).flatMap(referencesOf) : [];
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
    default:
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
