/**
 * Reading a request's body as leniently as the API does, and its field rules (names, console passwords).
 */
import { HttpError } from './request-errors.js';

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
