/**
 * Lenient parsing of API payloads, following docs/api/quirks.md
 * (#2 id types drift, #8 numeric strings, #9 primitive `data`) and the
 * secret keys of docs/api/envelope-and-errors.md (every stored raw-JSON copy
 * is masked, with the one mask of src/core/mask.ts).
 *
 * Nothing here performs I/O. Errors are plain `Error`s whose messages name
 * the value being parsed (`what`), never the secret values themselves.
 */

import { isSecretKey, MASK } from '../core/mask.js';

/** True for a plain JSON object (not `null`, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Short description of a value's JSON type for error messages (never the value itself). */
export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return value === '' ? 'an empty string' : 'a string';
  return `a ${typeof value}`;
}

const DIGITS = /^\d+$/;

/**
 * Parses an id that may arrive as a JSON number or a numeric string
 * (`account_id`, `keypair_id`, `sshkey_id`, ...) and returns it as a canonical
 * decimal string (`"0042"` → `"42"`, `1547` → `"1547"`, `" 7 "` → `"7"`).
 *
 * Accepts non-negative integers only: a number must be a safe integer, a
 * string must be decimal digits (surrounding blanks allowed). A bigint is
 * accepted too.
 *
 * @param value the raw value from a payload
 * @param what  what the value is, for the error message (`"account_id of the order reply"`)
 * @throws Error `"<what>: expected a numeric id, got <type>"` for anything else
 *   (the message shows a value only when it is a number or a short digit-free
 *   description, never an arbitrary string that could be a secret).
 */
export function parseId(value: unknown, what: string): string {
  if (typeof value === 'number') {
    if (Number.isSafeInteger(value) && value >= 0) return String(value);
    throw new Error(`${what}: expected a non-negative integer id, got the number ${value}`);
  }
  if (typeof value === 'bigint') {
    if (value >= 0n) return value.toString();
    throw new Error(`${what}: expected a non-negative integer id, got a negative number`);
  }
  if (typeof value === 'string') {
    const text = value.trim();
    if (DIGITS.test(text)) return BigInt(text).toString();
    throw new Error(`${what}: expected a numeric id, got ${describeType(value)}${text.length <= 24 ? ` (${JSON.stringify(text)})` : ''}`);
  }
  throw new Error(`${what}: expected a numeric id, got ${describeType(value)}`);
}

/**
 * Returns the value of the first key of `keys` that `object` holds with a
 * value other than `null`/`undefined` (e.g. `pickFirst(body, ['account_id', 'id'])`).
 * Resolves `undefined` when none is present or when `object` is not an object.
 */
export function pickFirst(object: unknown, keys: readonly string[]): unknown {
  if (!isRecord(object)) return undefined;
  for (const key of keys) {
    const value = object[key];
    if (value !== undefined && value !== null) return value;
  }
  return undefined;
}

/**
 * Narrows `value` to a JSON object.
 *
 * @param what what the value is, for the message (default `"response"`)
 * @throws Error `"<what>: expected an object, got an array"` (or another type)
 */
export function asRecord(value: unknown, what = 'response'): Record<string, unknown> {
  if (isRecord(value)) return value;
  throw new Error(`${what}: expected an object, got ${describeType(value)}`);
}

/**
 * Narrows a list reply to an array. Lists have no pagination, so the array
 * is the full set. Leniency: `null`/`undefined` and an envelope whose `data`
 * is `null` (`{success: true, code: 200, data: null}`, what a server that
 * marshals an empty list as null would send) both mean the empty list.
 *
 * @param what what the value is, for the message (default `"list"`)
 * @throws Error `"<what>: expected an array, got an object"` (or another type)
 */
export function asArray(value: unknown, what = 'list'): unknown[] {
  if (Array.isArray(value)) return value;
  if (value === null || value === undefined) return [];
  if (isRecord(value) && 'success' in value && 'data' in value && value.data === null) return [];
  throw new Error(`${what}: expected an array, got ${describeType(value)}`);
}

const INTEGER_TEXT = /^[+-]?\d+(?:\.0*)?$/;

/**
 * Parses an integer that may arrive as a number or a numeric string
 * (`extra_details.disk_size` is `"60"`; storage `size` may be either).
 * Returns `null` for anything else: `null`, `""`, non-integral numbers,
 * non-numeric text, objects. `"60.0"` and `60.0` give `60`.
 */
export function toInt(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  if (typeof value === 'string') {
    const text = value.trim();
    if (!INTEGER_TEXT.test(text)) return null;
    const number = Number.parseInt(text, 10);
    return Number.isSafeInteger(number) ? number : null;
  }
  return null;
}

/**
 * `JSON.stringify(maskSecrets(value))`: the compact, masked JSON text stored
 * in the `raw` attribute of resources and data sources. `undefined` gives `"null"`.
 */
export function rawJson(value: unknown): string {
  return JSON.stringify(masked(value)) ?? 'null';
}

/**
 * `maskSecrets(value)` (core/mask.ts) copying only what holds a secret: the
 * objects and arrays on the way to a masked value are copied, the rest is
 * `value`'s own (only stringified here, never kept), so masking the items of
 * a list of 100,000 accounts costs no copy of each. Same JSON text.
 */
function masked(value: unknown): unknown {
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      const next = masked(item);
      if (next !== item) (copy ??= value.slice())[index] = next;
    }
    return copy ?? value;
  }
  if (typeof value !== 'object' || value === null) return value;
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key];
    const next = isSecretKey(key) && item !== null && item !== undefined && item !== '' ? MASK : masked(item);
    if (next !== item) (copy ??= { ...value })[key] = next;
  }
  return copy ?? value;
}
