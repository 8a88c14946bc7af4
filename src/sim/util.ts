/**
 * Small helpers shared by the simulator modules: seeded RNG, secret masking,
 * date formatting, the HTTP error type and lenient body-field parsing.
 */
import { createHash } from 'node:crypto';
import { isSecretKey } from '../core/mask.js';

/**
 * A deterministic pseudo-random generator (mulberry32).
 * @returns a function yielding floats in [0, 1).
 */
export function seededRng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Deterministic hex digest of the given parts (for tenant ids and the like). */
export function hashHex(...parts: Array<string | number>): string {
  return createHash('sha256').update(parts.join(':')).digest('hex');
}

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

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** `YYYY-MM-DD` (UTC) of an epoch-milliseconds time. */
export function ymd(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** `YYYY-MM-DD HH:MM:SS` (UTC) of an epoch-milliseconds time. */
export function ymdhms(ms: number): string {
  const d = new Date(ms);
  return `${ymd(ms)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** ISO 8601 of an epoch-milliseconds time. */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** Adds calendar months (UTC) to an epoch-milliseconds time. */
export function addMonths(ms: number, months: number): number {
  const d = new Date(ms);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.getTime();
}

/**
 * An error answered as `{success:false, code: status, message, detail?}`.
 * Handlers throw it; the server turns it into the response.
 */
export class HttpError extends Error {
  /**
   * @param status HTTP status (also the envelope `code`).
   * @param message human-readable summary.
   * @param detail optional detail string (validation problems joined by `; `).
   * @param errors optional per-field messages (validation).
   */
  constructor(
    readonly status: number,
    message: string,
    readonly detail?: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** 404 `{success:false, code:404, message}` for an unknown id. */
export function notFound(what: string, id: string | number): HttpError {
  return new HttpError(404, `${what} ${id} not found`);
}

/** 409 conflict (e.g. an action on a terminated or still provisioning account). */
export function conflict(message: string): HttpError {
  return new HttpError(409, message);
}

/**
 * Collects validation problems of one request body and reads its fields
 * leniently (numeric strings for numbers, `"yes"/"no"` or booleans for flags).
 * `check()` throws one 422 listing every problem.
 */
export class Validator {
  private readonly problems: Array<[string, string]> = [];

  constructor(readonly body: Record<string, unknown>) {}

  /** Records a problem for `field`. */
  fail(field: string, message: string): void {
    this.problems.push([field, message]);
  }

  /** True when `field` is absent, null or the empty string. */
  missing(field: string): boolean {
    const v = this.body[field];
    return v === undefined || v === null || v === '';
  }

  /**
   * An integer from a JSON number or a decimal numeric string.
   * Records a problem and returns undefined when required and missing, or malformed.
   */
  int(field: string, required: boolean): number | undefined {
    if (this.missing(field)) {
      if (required) this.fail(field, `${field} is required`);
      return undefined;
    }
    const n = parseIntLenient(this.body[field]);
    if (n === undefined) this.fail(field, `${field} must be an integer`);
    return n;
  }

  /** A string (numbers are accepted and stringified). Records a problem when required and missing. */
  str(field: string, required: boolean): string | undefined {
    if (this.missing(field)) {
      if (required) this.fail(field, `${field} is required`);
      return undefined;
    }
    const v = this.body[field];
    if (typeof v === 'string') return v;
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
    this.fail(field, `${field} must be a string`);
    return undefined;
  }

  /**
   * `pay_invoice_with_cc`: `"yes"`/`"no"` (any case), booleans,
   * `"true"`/`"false"`, 1/0. Absent (or null, or empty) means do not pay:
   * the reference CLI sends `true` only when asked to pay and otherwise
   * leaves the field out, so a server must read absence as "unpaid".
   */
  pay(): boolean {
    const field = 'pay_invoice_with_cc';
    if (this.missing(field)) return false;
    const v = this.body[field];
    if (typeof v === 'boolean') return v;
    if (v === 1 || v === 0) return v === 1;
    if (typeof v === 'string') {
      const s = v.trim().toLowerCase();
      if (s === 'yes' || s === 'true' || s === '1') return true;
      if (s === 'no' || s === 'false' || s === '0') return false;
    }
    this.fail(field, `${field} must be "yes" or "no"`);
    return true;
  }

  /** Throws a 422 HttpError when any problem was recorded. */
  check(): void {
    if (this.problems.length === 0) return;
    const errors: Record<string, string[]> = {};
    for (const [f, m] of this.problems) (errors[f] ??= []).push(m);
    throw new HttpError(422, 'The given data was invalid.', this.problems.map(([, m]) => m).join('; '), errors);
  }
}

/** An integer from a number or a decimal string (surrounding spaces allowed); undefined otherwise. */
export function parseIntLenient(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? v : undefined;
  if (typeof v === 'string' && /^\s*-?\d{1,15}\s*$/.test(v)) return Number.parseInt(v, 10);
  return undefined;
}

/** `[A-Za-z0-9.-]{min,max}` (VM, snapshot, disk names and the console user). */
export function isName(s: string, min: number, max: number): boolean {
  return s.length >= min && s.length <= max && /^[A-Za-z0-9.-]+$/.test(s);
}

/** Console password rule: >= 8 alphanumeric chars with a lower-case letter, an upper-case letter and a digit. */
export function isConsolePassword(s: string): boolean {
  return s.length >= 8 && /^[A-Za-z0-9]+$/.test(s) && /[a-z]/.test(s) && /[A-Z]/.test(s) && /[0-9]/.test(s);
}
