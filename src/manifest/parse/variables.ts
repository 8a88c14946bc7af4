/** Parsing the `variables:` section: declarations (env, default, type, validation, sensitive, description); their values are resolved by expand/variables.ts. */
import type { SourceLocation } from '../../core/types.js';
import type { Manifest, VariableDeclaration, VariableType, VariableValidation } from '../types.js';
import { describeKind } from './expressions.js';
import { didYouMean } from '../suggest.js';
import { isSeq, type TreePair } from '../syntax/source-tree.js';
import { type Walker, record } from './walker.js';
import { checkName } from './sections.js';

/** Keys of a variable declaration. */
export const VARIABLE_KEYS = ['env', 'default', 'type', 'validation', 'sensitive', 'description'] as const;

/** The types a variable may declare. */
export const VARIABLE_TYPES = ['string', 'number', 'bool', 'list', 'map'] as const;

/** An environment variable name. */
export const ENV_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function parseVariables(walker: Walker, section: TreePair, manifest: Manifest, data: Record<string, unknown>): void {
  const pairs = walker.pairsOf(section.value, 'variables', walker.keyAt(section));
  if (!pairs) return;
  const normalised = record<unknown>();
  data.variables = normalised;
  for (const pair of pairs) {
    const name = walker.keyOf(pair, 'variables');
    if (name === undefined) continue;
    const at = walker.keyAt(pair);
    const subject = `variables.${name}`;
    walker.note(['variables', name], { key: at, value: walker.valueAt(pair.value, at), written: name }, pair.value);
    if (!checkName(walker, name, 'variable', at)) continue;
    const fields = walker.pairsOf(pair.value, subject, at, `a mapping with ${VARIABLE_KEYS.join(', ')}`);
    if (!fields) continue;
    const declaration: VariableDeclaration = { name, sensitive: false, location: at };
    const plain = record<unknown>();
    let ok = true;
    for (const field of fields) {
      const key = walker.keyOf(field, subject);
      if (key === undefined) continue;
      const keyAt = walker.keyAt(field);
      const valueAt = walker.valueAt(field.value, keyAt);
      walker.note(['variables', name, key], { key: keyAt, value: valueAt, written: key }, field.value);
      const value = walker.toJS(field.value);
      switch (key) {
        case 'env':
          if (typeof value !== 'string' || !ENV_PATTERN.test(value)) {
            walker.error(
              `${subject}.env: expected an environment variable name such as CONSOLE_PASSWORD, got ${typeof value === 'string' ? JSON.stringify(value) : describeKind(value)}`,
              valueAt,
              'invalid_value',
            );
            ok = false;
          } else declaration.env = value;
          break;
        case 'default':
          if (
            JSON.stringify(value)
              .replace(/\$\$\{/g, '')
              .includes('${')
          ) {
            walker.error(`${subject}.default: a default cannot contain a reference`, valueAt, 'reference_in_default');
            ok = false;
          } else {
            declaration.default = value;
            declaration.defaultLocation = valueAt;
          }
          break;
        case 'type':
        case 'validation':
          if (!parseVariableField(walker, declaration, key, field.value, valueAt)) ok = false;
          break;
        case 'sensitive':
          if (typeof value !== 'boolean') {
            walker.error(`${subject}.sensitive: expected a boolean, got ${describeKind(value)}`, valueAt, 'wrong_kind');
            ok = false;
          } else declaration.sensitive = value;
          break;
        case 'description':
          if (typeof value !== 'string') {
            walker.error(`${subject}.description: expected a string, got ${describeKind(value)}`, valueAt, 'wrong_kind');
            ok = false;
          } else declaration.description = value;
          break;
        default:
          walker.unknownKey(key, subject, VARIABLE_KEYS, keyAt);
          ok = false;
          continue;
      }
      plain[key] = value;
    }
    normalised[name] = plain;
    if (ok) manifest.variables[name] = declaration;
  }
}

/**
 * Reads a variable's `type` (one of {@link VARIABLE_TYPES}) or `validation`
 * (`pattern`, a regular expression; `allowed`, a list of values; `message`)
 * into `declaration`. Resolves false after reporting a bad value at it.
 */
function parseVariableField(
  walker: Walker,
  declaration: VariableDeclaration,
  key: 'type' | 'validation',
  node: unknown,
  valueAt: SourceLocation,
): boolean {
  const subject = `variables.${declaration.name}.${key}`;
  const value = walker.toJS(node);
  if (key === 'type') {
    if (typeof value !== 'string' || !(VARIABLE_TYPES as readonly string[]).includes(value)) {
      walker.error(
        `${subject}: expected one of ${VARIABLE_TYPES.join(', ')}, got ${typeof value === 'string' ? JSON.stringify(value) : describeKind(value)}${typeof value === 'string' ? didYouMean(value, VARIABLE_TYPES) : ''}`,
        valueAt,
        'invalid_value',
      );
      return false;
    }
    declaration.type = value as VariableType;
    return true;
  }
  const resolved = walker.deref(node);
  if (isSeq(resolved)) {
    const validations: VariableValidation[] = [];
    let ok = true;
    resolved.items.forEach((item, index) => {
      const validation = parseValidation(walker, `${subject}[${index}]`, item, walker.valueAt(item, valueAt));
      if (validation) validations.push(validation);
      else ok = false;
    });
    if (ok) declaration.validations = validations;
    return ok;
  }
  const validation = parseValidation(walker, subject, node, valueAt);
  if (validation) declaration.validations = [validation];
  return validation !== undefined;
}

/** The keys of one validation. */
const VALIDATION_KEYS = ['condition', 'pattern', 'allowed', 'message'];

/**
 * Reads one validation mapping (`pattern`, `allowed`, `condition`,
 * `message`); undefined after reporting a problem at it.
 */
function parseValidation(walker: Walker, subject: string, node: unknown, valueAt: SourceLocation): VariableValidation | undefined {
  const fields = walker.pairsOf(node, subject, valueAt, 'a mapping with condition, pattern, allowed, message');
  if (!fields) return undefined;
  const validation: VariableValidation = { location: valueAt };
  let ok = true;
  for (const field of fields) {
    const name = walker.keyOf(field, subject);
    if (name === undefined) continue;
    const at = walker.valueAt(field.value, walker.keyAt(field));
    const fieldValue = walker.toJS(field.value);
    if (name === 'pattern' && typeof fieldValue === 'string') {
      try {
        new RegExp(fieldValue, 'u');
        validation.pattern = fieldValue;
      } catch (error) {
        walker.error(`${subject}.pattern: not a regular expression: ${(error as Error).message}`, at, 'invalid_value');
        ok = false;
      }
    } else if (name === 'allowed' && Array.isArray(fieldValue) && fieldValue.length > 0) validation.allowed = fieldValue;
    else if (name === 'message' && typeof fieldValue === 'string') validation.message = fieldValue;
    else if (name === 'condition' && (typeof fieldValue === 'string' || typeof fieldValue === 'boolean')) {
      validation.condition = walker.expression(field.value, at);
      validation.location = validation.condition.location;
    } else if (VALIDATION_KEYS.includes(name)) {
      const expected = name === 'allowed' ? 'a list of values' : name === 'condition' ? 'a ${...} expression' : 'a string';
      walker.error(`${subject}.${name}: expected ${expected}, got ${describeKind(fieldValue)}`, at, 'wrong_kind');
      ok = false;
    } else {
      walker.unknownKey(name, subject, VALIDATION_KEYS, walker.keyAt(field));
      ok = false;
    }
  }
  if (ok && validation.pattern === undefined && validation.allowed === undefined && validation.condition === undefined) {
    walker.error(`${subject}: give a condition, a pattern or allowed values`, valueAt, 'missing_value');
    return undefined;
  }
  if (ok && validation.condition !== undefined && validation.message === undefined) {
    walker.error(`${subject}: a condition needs the message to show when it is false`, valueAt, 'missing_value');
    return undefined;
  }
  return ok ? validation : undefined;
}
