/**
 * Shape checks for the state document, shared by reading (a corrupt file is
 * refused) and writing (an invalid document is never persisted).
 */
import type { OutputState, ResourceState, StateDocument } from './document.js';
import { isUnread } from './lazy-resources.js';

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * True when all of `value` is a JSON `Value` (null, a string, a boolean, a
 * finite number, and lists and plain objects of those). The check alone,
 * without the paths {@link firstNonValue} builds: a valid state (the usual
 * case) is checked without making a string per value.
 */
function isJsonValue(value: unknown): boolean {
  if (value === null) return true;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object':
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) if (!isJsonValue(value[i])) return false;
        return true;
      }
      for (const key in value) if (Object.hasOwn(value, key) && !isJsonValue((value as Json)[key])) return false;
      return true;
    default:
      return false;
  }
}

/** Where the first non-JSON value inside `value` is (`''` for the top), or `null` when all of it is a JSON `Value`. */
function firstNonValue(value: unknown, at: string): string | null {
  if (isJsonValue(value)) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const bad = firstNonValue(value[i], `${at}[${i}]`);
      if (bad !== null) return bad;
    }
    return null;
  }
  if (isRecord(value)) {
    for (const [key, item] of Object.entries(value)) {
      const bad = firstNonValue(item, `${at}.${key}`);
      if (bad !== null) return bad;
    }
    return null;
  }
  return at;
}

/**
 * Problems of one resource entry, each naming the field (`resources.web.id
 * must be a string`). Empty when `value` is a valid `ResourceState`.
 */
export function resourceProblems(address: string, value: unknown, options: ShapeOptions = {}): string[] {
  const at = `resources.${address}`;
  if (!isRecord(value)) return [`${at} must be an object`];
  const problems: string[] = [];
  const resource = value as Partial<Record<keyof ResourceState, unknown>>;
  if (typeof resource.type !== 'string' || resource.type === '') problems.push(`${at}.type must be a non-empty string`);
  if (typeof resource.id !== 'string') problems.push(`${at}.id must be a string`);
  if (!isRecord(resource.attributes)) problems.push(`${at}.attributes must be an object`);
  else if (!options.parsedJson) {
    const bad = firstNonValue(resource.attributes, `${at}.attributes`);
    if (bad !== null) problems.push(`${bad} is not a JSON value`);
  }
  if (!Array.isArray(resource.dependencies) || !resource.dependencies.every((d) => typeof d === 'string')) {
    problems.push(`${at}.dependencies must be a list of addresses`);
  }
  if (resource.pending_create !== undefined && typeof resource.pending_create !== 'boolean') {
    problems.push(`${at}.pending_create must be true or false`);
  }
  if (resource.unlisted !== undefined && (typeof resource.unlisted !== 'string' || Number.isNaN(Date.parse(resource.unlisted)))) {
    problems.push(`${at}.unlisted must be an ISO 8601 time`);
  }
  for (const field of ['sensitive_attributes', 'lost_at_create'] as const) {
    const names = resource[field];
    if (names !== undefined && (!Array.isArray(names) || !names.every((name) => typeof name === 'string')))
      problems.push(`${at}.${field} must be a list of attribute names`);
  }
  const payment = resource.pending_payment;
  if (payment !== undefined && !(isRecord(payment) && (payment.invoice_id === undefined || Number.isSafeInteger(payment.invoice_id)))) {
    problems.push(`${at}.pending_payment must be an object (its invoice_id, when given, an integer)`);
  }
  return problems;
}

/** How much {@link stateDocumentProblems} checks. */
export interface ShapeOptions {
  /**
   * The document was just parsed from JSON text, so every value in it is a
   * JSON value already: only the shape is checked, not each attribute's
   * value again (a state of 100,000 resources holds millions of them).
   */
  parsedJson?: boolean;
}

/** Problems of one output entry; empty when `value` is a valid `OutputState`. */
export function outputProblems(name: string, value: unknown): string[] {
  const at = `outputs.${name}`;
  if (!isRecord(value)) return [`${at} must be an object`];
  const output = value as Partial<Record<keyof OutputState, unknown>>;
  const problems: string[] = [];
  if (!('value' in output) || output.value === undefined) problems.push(`${at}.value is missing`);
  else {
    const bad = firstNonValue(output.value, `${at}.value`);
    if (bad !== null) problems.push(`${bad} is not a JSON value`);
  }
  if (typeof output.sensitive !== 'boolean') problems.push(`${at}.sensitive must be true or false`);
  return problems;
}

/**
 * Every problem that keeps `value` from being a `StateDocument`
 * (`format_version` 1, UUID-ish `lineage`, integer `serial` >= 0, valid
 * resources and outputs). Empty when it is one. A resource entry still
 * unread (src/state/lazy-resources.ts) is not read here: it is checked
 * when it is first read.
 */
export function stateDocumentProblems(value: unknown, options: ShapeOptions = {}): string[] {
  if (!isRecord(value)) return ['the document must be a JSON object'];
  const doc = value as Partial<Record<keyof StateDocument, unknown>>;
  const problems: string[] = [];
  if (doc.format_version !== 1) {
    problems.push(
      typeof doc.format_version === 'number' && doc.format_version > 1
        ? `format_version ${doc.format_version} was written by a newer cloudctl (this one reads format_version 1)`
        : 'format_version must be 1',
    );
  }
  if (typeof doc.lineage !== 'string' || doc.lineage === '') problems.push('lineage must be a non-empty string');
  if (typeof doc.serial !== 'number' || !Number.isSafeInteger(doc.serial) || doc.serial < 0) {
    problems.push('serial must be a whole number >= 0');
  }
  if (!isRecord(doc.resources)) problems.push('resources must be an object');
  else {
    const resources = doc.resources;
    for (const address in resources) {
      if (isUnread(resources, address)) continue; // checked when first read (lazy-resources.ts)
      const found = resourceProblems(address, resources[address], options);
      if (found.length > 0) problems.push(...found);
    }
  }
  if (!isRecord(doc.outputs)) problems.push('outputs must be an object');
  else for (const [name, output] of Object.entries(doc.outputs)) problems.push(...outputProblems(name, output));
  return problems;
}

/** Joins problems for a message, at most `max` of them (`a; b; and 3 more`). */
export function summariseProblems(problems: string[], max = 3): string {
  const shown = problems.slice(0, max).join('; ');
  return problems.length > max ? `${shown}; and ${problems.length - max} more` : shown;
}

/**
 * JSON text with object keys sorted at every level and `undefined` members
 * dropped: equal for equal content whatever the key order. Used to decide
 * whether a write changes anything.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  const record = value as Json;
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
}
