/**
 * What the simulator records of a request (secrets masked) and picking fields of a record.
 */
import { isSecretKey } from '../core/mask.js';

/**
 * Deep copy of `value` with the values of secret keys (cloudctl's one rule,
 * {@link isSecretKey}) replaced by `'***'`, recursing into objects and arrays.
 */
export function maskSecrets<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => maskSecrets(v)) as unknown as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      out[k] = isSecretKey(k) && v !== null && v !== undefined ? '***' : maskSecrets(v);
    }
    return out as T;
  }
  return value;
}

/** A copy of `record` holding only `keys`, in that order. */
export function pick<T, K extends keyof T>(record: T, keys: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const key of keys) picked[key] = record[key];
  return picked;
}
