/**
 * Literal values against the catalogue's attribute tables: {@link checkValue}
 * (type, limits, pattern, length, with exact messages) and {@link coerce}
 * (a value as the attribute stores it). Used by validation, by the checks
 * of values only variables feed, and by the engine at plan time.
 */
import { snakeCase, type Attribute } from '../../resources/attribute.js';
import {
  containsUnknown,
  isUnknown,
  type Diagnostic,
  type DiagnosticCode,
  type PlannedValue,
  type SourceLocation,
  type Value,
} from '../../core/types.js';
import { describeKind } from '../parse/expressions.js';
import { anchoredPattern } from '../schema.js';
import { didYouMean } from '../suggest.js';

/**
 * `table[name]` when `name` is one of the table's own keys, else `undefined`:
 * attribute tables are plain objects, where `constructor` or `toString`
 * would otherwise be found on the prototype.
 */
export function own<T>(table: Record<string, T>, name: string): T | undefined {
  return Object.hasOwn(table, name) ? table[name] : undefined;
}

/** Converts a value to the attribute's type where that is lossless (`"12"` → 12 for int64, 12 → `"12"` for string). */
export function coerce(attribute: Attribute | undefined, value: PlannedValue): PlannedValue {
  if (!attribute || containsUnknown(value)) return value;
  if (attribute.type === 'int64' && typeof value === 'string' && /^-?[0-9]+$/.test(value)) return Number(value);
  if (attribute.type === 'string' && typeof value === 'number') return String(value);
  if (attribute.type === 'bool' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

/** `a string`, `an integer`, ... for an attribute type. */
export function expectedKind(type: Attribute['type']): string {
  switch (type) {
    case 'string':
      return 'a string';
    case 'int64':
      return 'an integer';
    case 'bool':
      return 'a boolean';
    case 'block':
      return 'a mapping';
    case 'list':
      return 'a list';
  }
}

/** Compiled regular expressions by source: the catalogue's few patterns, checked against thousands of values. */
const compiledPatterns = new Map<string, RegExp>();

/** `new RegExp(source)`, compiled once per source (patterns have no flags, so a shared object keeps no state). */
function patternOf(source: string): RegExp {
  let pattern = compiledPatterns.get(source);
  if (!pattern) {
    pattern = new RegExp(source);
    compiledPatterns.set(source, pattern);
  }
  return pattern;
}

/** The compiled anchored patterns ({@link patternOf} of `anchoredPattern`) by the catalogue's pattern: no string made per value checked. */
const anchoredPatterns = new Map<string, RegExp>();

/** `patternOf(anchoredPattern(pattern))`, found by `pattern`. */
function anchoredPatternOf(pattern: string): RegExp {
  let compiled = anchoredPatterns.get(pattern);
  if (!compiled) {
    compiled = patternOf(anchoredPattern(pattern));
    anchoredPatterns.set(pattern, compiled);
  }
  return compiled;
}

/** The number of characters (code points) of a string, as `[...text].length` counts them. */
function characterCount(text: string): number {
  let count = text.length;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    // A high surrogate followed by a low one is one code point.
    if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        index++;
      }
    }
  }
  return count;
}

/** Joins words as `a, b and c`. */
function joinAnd(words: string[]): string {
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** The sentence for a failed whole-string pattern. */
function patternMessage(pattern: string, description: string | undefined): string {
  if (!description) return `must match /${anchoredPattern(pattern)}/`;
  if (/^(a|an|the) /.test(description)) return `must be ${description}`;
  return `must contain only ${description.replace(/ only$/, '')}`;
}

/**
 * Whether {@link checkValue} finds nothing wrong with `value`: a string,
 * an integer, a boolean or `null` within the attribute's constraints, told
 * apart without the message function and the objects the check makes
 * (every literal of a manifest is checked: some 170,000 at 100,000
 * resources). False for anything else (lists, mappings, unknown markers,
 * a value out of bounds): the check then decides, as it always did.
 */
function plainlyValid(attributeName: string, attribute: Attribute, value: Value): boolean {
  if (value === null) return attribute.mode !== 'required';
  const constraints = attribute.constraints;
  if (attribute.type === 'bool') return typeof value === 'boolean';
  if (attribute.type === 'int64') {
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) return false;
    // Ids are positive unless the catalogue says otherwise (as in checkValue).
    const min = constraints?.minimum ?? (/(^|_)id$/.test(attributeName) ? 1 : undefined);
    const max = constraints?.maximum;
    return (min === undefined || value >= min) && (max === undefined || value <= max);
  }
  if (attribute.type !== 'string' || typeof value !== 'string') return false;
  if (constraints === undefined) return true;
  const { minLength: min, maxLength: max } = constraints;
  if (min !== undefined || max !== undefined) {
    const length = characterCount(value);
    if ((min !== undefined && length < min) || (max !== undefined && length > max)) return false;
  }
  if (constraints.enum && !constraints.enum.includes(value)) return false;
  if (constraints.pattern !== undefined && !anchoredPatternOf(constraints.pattern).test(value)) return false;
  for (const rule of constraints.mustContain ?? []) if (!patternOf(rule.pattern).test(value)) return false;
  return true;
}

/**
 * Checks a concrete value against an attribute's type and constraints.
 * `subject` is the block (`resources.web`), `attributeName` the attribute
 * (or a dotted path inside a block: `timeouts.create`); every message starts
 * with `<subject>.<attributeName>: `, e.g.
 *
 * - `resources.web.vm_name: expected a string, got a number`
 * - `resources.web.product_id: expected an integer, got a string`
 * - `resources.web.vm_name: must be 6 to 16 characters long, got 5`
 *   (`must be at least N characters long` / `at most N` with one limit)
 * - `resources.web.ssh_and_console_user: must contain only letters, digits, hyphens and periods, got "a b"`
 * - `resources.web.console_password: must contain a digit`
 * - `resources.web.cycle: must be one of m, a, q, s, b, t, p4, p5, got "x"`
 * - `resources.disk.size: must be at least 60 GB, got 30`
 *
 * The value itself is never shown when the attribute is sensitive or
 * `valueSensitive` is true. `null` is accepted for optional attributes (not
 * set) and an error for required ones. Unknown markers (anywhere) are not
 * checked. Every problem is reported (one diagnostic each), at `location`.
 */
export function checkValue(
  attributeName: string,
  attribute: Attribute,
  value: Value,
  location: SourceLocation,
  subject: string,
  valueSensitive = false,
): Diagnostic[] {
  return plainlyValid(attributeName, attribute, value)
    ? []
    : valueProblems(attributeName, attribute, value, location, subject, valueSensitive);
}

/** {@link checkValue} without its shortcut for plainly valid values: every value goes through every rule (tests compare the two). */
export function valueProblems(
  attributeName: string,
  attribute: Attribute,
  value: Value,
  location: SourceLocation,
  subject: string,
  valueSensitive = false,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const sensitive = valueSensitive || attribute.sensitive === true;
  // The subject of a message is spelled out only when one is made (every literal of a manifest is checked).
  const fail = (message: string, code: DiagnosticCode = 'constraint_violation') =>
    diagnostics.push({ severity: 'error', code, message: `${subject}.${attributeName}: ${message}`, location });
  if (isUnknown(value)) return diagnostics;
  if (value === null) {
    if (attribute.mode === 'required') fail(`expected ${expectedKind(attribute.type)}, got null`, 'missing_required');
    return diagnostics;
  }
  const constraints = attribute.constraints ?? {};
  switch (attribute.type) {
    case 'string': {
      if (typeof value !== 'string') {
        fail(`expected a string, got ${describeKind(value)}`, 'type_mismatch');
        break;
      }
      const length = characterCount(value);
      const { minLength: min, maxLength: max } = constraints;
      if (min !== undefined && max !== undefined) {
        if (length < min || length > max) fail(`must be ${min} to ${max} characters long, got ${length}`);
      } else if (min !== undefined && length < min) {
        fail(`must be at least ${min} characters long, got ${length}`);
      } else if (max !== undefined && length > max) {
        fail(`must be at most ${max} characters long, got ${length}`);
      }
      if (constraints.enum && !constraints.enum.includes(value))
        fail(`must be one of ${constraints.enum.join(', ')}${sensitive ? '' : `, got ${JSON.stringify(value)}`}`);
      if (constraints.pattern !== undefined && !anchoredPatternOf(constraints.pattern).test(value)) {
        fail(`${patternMessage(constraints.pattern, constraints.patternDescription)}${sensitive ? '' : `, got ${JSON.stringify(value)}`}`);
      }
      const missing = constraints.mustContain?.filter((rule) => !patternOf(rule.pattern).test(value));
      if (missing && missing.length > 0) fail(`must contain ${joinAnd(missing.map((rule) => rule.description))}`);
      break;
    }
    case 'int64': {
      if (typeof value !== 'number' || !Number.isInteger(value)) {
        fail(`expected an integer, got ${typeof value === 'number' && !sensitive ? value : describeKind(value)}`, 'type_mismatch');
        break;
      }
      const unit = attribute.unit ? ` ${attribute.unit}` : '';
      const shown = sensitive ? '' : `, got ${value}`;
      // Beyond 2^53 a number is not what was written (JSON numbers lose digits): refuse it.
      if (!Number.isSafeInteger(value)) {
        fail(`must be between ${Number.MIN_SAFE_INTEGER} and ${Number.MAX_SAFE_INTEGER}${shown}`);
        break;
      }
      // Ids (`product_id`, `keypair_id`, ...) are positive decimal integers (docs/api/envelope-and-errors.md, "Ids").
      const { minimum: min, maximum: max } =
        /(^|_)id$/.test(attributeName) && constraints.minimum === undefined ? { ...constraints, minimum: 1 } : constraints;
      if (min !== undefined && max !== undefined) {
        if (value < min || value > max) fail(`must be between ${min} and ${max}${unit}${shown}`);
      } else if (min !== undefined && value < min) {
        fail(`must be at least ${min}${unit}${shown}`);
      } else if (max !== undefined && value > max) {
        fail(`must be at most ${max}${unit}${shown}`);
      }
      break;
    }
    case 'bool':
      if (typeof value !== 'boolean') fail(`expected a boolean, got ${describeKind(value)}`, 'type_mismatch');
      break;
    case 'block': {
      if (typeof value !== 'object' || Array.isArray(value)) {
        fail(`expected a mapping, got ${describeKind(value)}`, 'type_mismatch');
        break;
      }
      if (!attribute.fields) break;
      for (const [key, field] of Object.entries(value)) {
        const definition = own(attribute.fields, snakeCase(key));
        if (!definition) {
          fail(`unknown field "${key}"${didYouMean(key, Object.keys(attribute.fields))}`, 'unknown_field');
          continue;
        }
        diagnostics.push(...checkValue(`${attributeName}.${key}`, definition, field, location, subject, sensitive));
      }
      break;
    }
    case 'list': {
      if (!Array.isArray(value)) {
        fail(`expected a list, got ${describeKind(value)}`, 'type_mismatch');
        break;
      }
      if (!attribute.fields) break;
      const item: Attribute = { type: 'block', mode: 'optional', description: '', fields: attribute.fields };
      value.forEach((entry, index) =>
        diagnostics.push(...checkValue(`${attributeName}[${index}]`, item, entry, location, subject, sensitive)),
      );
      break;
    }
  }
  return diagnostics;
}
