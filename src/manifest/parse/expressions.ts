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
import { isCall, parseCall } from './calls.js';
import { parseTemplateParts, templateExpression, TemplateSyntaxError, type TemplateHooks } from './template.js';
import { isUnknown, type Diagnostic, type SourceLocation, type Value } from '../../core/types.js';
import { WORKSPACE_VARIABLE, type Expression, type Reference, type TemplatePart } from '../types.js';
import { parseOperators } from './operators.js';
import { childrenOf, isOperatorExpression } from './expression-tree.js';
import { readPlainReference } from './plain-reference.js';

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
  const known = parsedReferences.get(text);
  if (known) return { reference: locatedCopy(known, location) };
  const parsed = readReference(text, location);
  if ('reference' in parsed) {
    if (parsedReferences.size >= MAX_PARSED_REFERENCES) parsedReferences.clear();
    // Kept without its location (which keeps the text's tree alive: a language server reads many texts).
    parsedReferences.set(text, locatedCopy(parsed.reference, NOWHERE));
  }
  return parsed;
}

/** The location of the references kept by {@link parsedReferences} (each copy gets its own). */
const NOWHERE: SourceLocation = Object.freeze({ file: '', line: 0, column: 0 });

/** A copy of `reference` at `location`, its properties in the order {@link readReference} writes them (one shape for V8). */
function locatedCopy(reference: Reference, location: SourceLocation): Reference {
  const { text, root, name, key, splat, path } = reference;
  if (key === undefined && splat === undefined) return { text, root, name, path, location };
  if (splat === undefined) return { text, root, name, key, path, location };
  if (key === undefined) return { text, root, name, splat, path, location };
  return { text, root, name, key, splat, path, location };
}

/**
 * References already read, by their text (each copied with its own location): a
 * manifest writes the same few (`${var.cycle}`, `${data.products.products[0].product_id}`)
 * thousands of times, and each is read once; the copies share the text and
 * the `path` array (never mutated). Bounded, for a long-lived process (the
 * language server).
 */
const parsedReferences = new Map<string, Reference>();
/** How many texts {@link parsedReferences} keeps before it starts again. */
const MAX_PARSED_REFERENCES = 4096;

/** {@link parseReference} without the cache. */
function readReference(text: string, location: SourceLocation): { reference: Reference } | { error: string } {
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
  } else if (head === 'local') {
    root = 'local';
    const local = readDotName('a local value name');
    if (typeof local === 'object') return local;
    if (local === undefined) return fail('expected a local value name after "local", like "local.name"');
    name = local;
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
    // No attribute: the block (or the instance) as a value.
    const attribute = readDotName('an attribute name');
    if (typeof attribute === 'object') return attribute;
    if (attribute !== undefined) path.push(attribute);
    else if (rest !== '') return fail(`expected an attribute after "${consumed}", like "${consumed}.id"`);
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
  // A copy of its exact length: the pushes above left room for 16 more steps (thousands of references are kept for the whole run).
  return { reference: { text: source, root, name, ...reference, path: path.slice(), location } };
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
 * Parses a string value of the manifest into an expression: a template
 * (parse/template.ts: text, `${...}` interpolations, `%{ if }` and
 * `%{ for }` directives) whose expressions are read by the one expression
 * grammar (parse/operators.ts; a plain reference by its fast path here).
 *
 * - no `${` nor `%{`: a `literal`;
 * - exactly one `${...}` and nothing else: that expression, keeping its
 *   value's type (a lone reference is a `reference`);
 * - otherwise a `template`, always a string.
 *
 * `location` is where the string's node starts (the expression's location);
 * `locate(offset)` gives the location of `text[offset]` (defaults to
 * `location`). A syntax error is a diagnostic at its exact column (an
 * unreadable reference at its `${`); the string is then kept as literal text.
 */
export function parseStringExpression(
  text: string,
  location: SourceLocation,
  locate: (offset: number) => SourceLocation = () => location,
): { expression: Expression; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  if (!text.includes('{') || (!text.includes('${') && !text.includes('%{'))) {
    return { expression: { kind: 'literal', value: text, location }, diagnostics };
  }
  // The fast path of the commonest value: exactly one plain reference (`${var.cycle}`), read without the template grammar.
  const lone = lonePlainReference(text, locate);
  if (lone) return { expression: { kind: 'reference', reference: lone, location }, diagnostics };
  if (text.startsWith('${') && text.endsWith('}') && LONE_PLAIN_REFERENCE.test(text)) {
    const parsed = parseReference(text.slice(2, -1), locate(0));
    if (!('error' in parsed)) return { expression: { kind: 'reference', reference: parsed.reference, location }, diagnostics };
  }
  const hooks: TemplateHooks = {
    locate,
    expression: (inner, start, bound) => {
      const inside = (offset: number) => locate(start + offset);
      // The fast path: a plain reference (most interpolations of a manifest).
      if (bound.length === 0 && PLAIN_REFERENCE.test(inner)) {
        const at = locate(start - 2);
        const parsed = parseReference(inner, at);
        if (!('error' in parsed)) return { kind: 'reference', reference: parsed.reference, location: at };
      }
      const operated = parseOperators(inner, inside, parseReference, bound);
      if (!('error' in operated)) {
        diagnostics.push(...operated.diagnostics);
        return operated.expression;
      }
      if (operated.operators) throw new LocatedSyntaxError(`invalid expression "\${${inner}}": ${operated.error}`, inside(operated.offset));
      // No operator read before the error: the reference (or call) grammar's message says more.
      const plain = isCall(inner) ? parseCall(inner, inside, parseReference) : parseReference(inner, locate(start - 2));
      const message = 'error' in plain ? plain.error : `invalid expression "\${${inner}}": ${operated.error}`;
      throw new LocatedSyntaxError(message, 'error' in plain ? locate(start - 2) : inside(operated.offset));
    },
  };
  try {
    const parts = parseTemplateParts(text, hooks, false);
    const expression = templateExpression(parts, location);
    if (expression.kind === 'literal' || expression.kind === 'template') return { expression: { ...expression, location }, diagnostics };
    return { expression: expression.kind === 'reference' ? { ...expression, location } : expression, diagnostics };
  } catch (error) {
    if (error instanceof LocatedSyntaxError) {
      diagnostics.push({ severity: 'error', code: 'expression_syntax', message: error.message, location: error.location });
    } else if (error instanceof TemplateSyntaxError) {
      const message = error.message.startsWith('unclosed') ? `${error.message} in "${text}"` : `${error.message} in "${text}"`;
      diagnostics.push({ severity: 'error', code: 'expression_syntax', message, location: locate(error.offset) });
    } else throw error;
    return { expression: { kind: 'literal', value: text, location }, diagnostics };
  }
}

/**
 * The reference of `text` when it is one plain reference of the shapes
 * plain-reference.ts reads (`${kp_00012.keypair_id}`), located at its `${`;
 * `undefined` otherwise. Read once per text: like {@link parsedReferences},
 * the references already read are kept by their whole text (`${...}`),
 * bounded, and each use gets a copy with its own location.
 */
function lonePlainReference(text: string, locate: (offset: number) => SourceLocation): Reference | undefined {
  const shared = sharedPlainReference(text);
  return shared && locatedCopy(shared, locate(0));
}

/**
 * {@link lonePlainReference} before it is located: the reference kept for
 * `text` (never to be changed or handed out: give out
 * `locatedReference(shared, location)`), `undefined` when `text` is not
 * one plain reference. For the manifest walker, which locates it without
 * making a function for the string.
 */
export function sharedPlainReference(text: string): Reference | undefined {
  if (text.charCodeAt(0) !== 36 || text.charCodeAt(1) !== 123) return undefined;
  const known = loneReferences.get(text);
  if (known) return known;
  const reference = readPlainReference(text, NOWHERE);
  if (!reference) return undefined;
  if (loneReferences.size >= MAX_PARSED_REFERENCES) loneReferences.clear();
  loneReferences.set(text, reference);
  return reference;
}

/** A copy of a reference of {@link sharedPlainReference} at `location`. */
export function locatedReference(shared: Reference, location: SourceLocation): Reference {
  return locatedCopy(shared, location);
}

/** The references {@link lonePlainReference} read, by their whole text, located {@link NOWHERE}. */
const loneReferences = new Map<string, Reference>();

/**
 * A string that is one plain reference and nothing else (`${data.os.oss[0].name}`):
 * names, dots, whole-number or double-quoted keys without escapes, `[*]`, blanks.
 */
const LONE_PLAIN_REFERENCE = /^\$\{\s*[A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z_][A-Za-z0-9_-]*|\[\s*(?:\d+|"[^"\\$%{}]*"|\*)\s*\])*\s*\}$/;

/** A plain reference as written (the fast path of {@link parseStringExpression}). */
const PLAIN_REFERENCE = /^\s*[A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z_][A-Za-z0-9_-]*|\[\s*(?:\d+|"[^"\\$%]*"|'[^']*'|\*)\s*\])*\s*$/;

/** A syntax error of one interpolation, with where it is. */
class LocatedSyntaxError extends Error {
  constructor(
    message: string,
    readonly location: SourceLocation,
  ) {
    super(message);
  }
}

/** True when a template part is an expression (a call, an operator form), not a string or a lone reference. */
export function isCallPart(part: string | TemplatePart): part is Exclude<TemplatePart, Reference> {
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
