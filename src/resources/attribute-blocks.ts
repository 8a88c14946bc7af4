/**
 * Attribute definitions and small helpers shared by several resource
 * modules. Only data and wire-shaping live here: no diffing, no state.
 */
import { wire } from '../api/routes.js';
import type { Attributes, Value } from '../core/types.js';
import type { Attribute, Constraints, OperationContext } from './attribute.js';

/** Billing cycles accepted by lite and lite pro orders. */
export const LITE_CYCLES = ['m', 'a', 'q', 's', 'b', 't', 'p4', 'p5'];
/** Billing cycles accepted by bare metal, additional IPs and elastic storage. */
export const BAREMETAL_CYCLES = ['m', 'a'];

/** 6 to 16 characters of letters, digits, hyphen and period (VM, snapshot and disk names). */
export const NAME_6_16: Constraints = {
  minLength: 6,
  maxLength: 16,
  pattern: '^[A-Za-z0-9.-]+$',
  patternDescription: 'letters, digits, hyphens and periods',
};

/** The console password rule (docs/spec-notes.md "Input rules"). */
export const CONSOLE_PASSWORD: Constraints = {
  minLength: 8,
  pattern: '^[A-Za-z0-9]+$',
  patternDescription: 'letters and digits only',
  mustContain: [
    { pattern: '[a-z]', description: 'a lower-case letter' },
    { pattern: '[A-Z]', description: 'an upper-case letter' },
    { pattern: '[0-9]', description: 'a digit' },
  ],
};

/** `cycle` of a lite-style paid resource; `policy` varies (reject on VMs, replace elsewhere). */
export function cycleAttribute(policy: Attribute['policy'], cycles: string[] = LITE_CYCLES): Attribute {
  return {
    type: 'string',
    mode: 'required',
    description: `Billing cycle: ${cycles.map((cycle) => `\`${cycle}\``).join(', ')}. The API never returns it.`,
    policy,
    writeOnly: true,
    constraints: { enum: cycles },
  };
}

/** `pay_with_credit_card`: stored locally, sent with later paid calls. */
export const payWithCreditCard: Attribute = {
  type: 'bool',
  mode: 'optional',
  default: true,
  description:
    'Pay the order\'s invoice with the card on file. `false` leaves the invoice unpaid and the resource `Pending`: orders are then sent without `pay_invoice_with_cc` at all, because the reference CLI only ever sends it to pay, so a server may read its mere presence as "pay".',
  policy: { kind: 'local' },
};

/** `promocode`: create-only, never returned by the API. */
export function promocodeAttribute(policy: Attribute['policy']): Attribute {
  return { type: 'string', mode: 'optional', description: 'Promotion code for the order; create-only.', policy, writeOnly: true };
}

/** `raw`: the last API response as JSON with secrets masked. */
export const rawAttribute: Attribute = {
  type: 'string',
  mode: 'computed',
  sensitive: true,
  description: 'The last API response as JSON, secrets masked.',
};

/** A required input whose change destroys and recreates the resource (policy `replace`). */
export function replacingInput(
  type: Attribute['type'],
  description: string,
  constraints: Constraints,
  references?: Attribute['references'],
): Attribute {
  return { type, mode: 'required', description, policy: { kind: 'replace' }, constraints, ...(references ? { references } : {}) };
}

/** A one-shot trigger input: a new non-empty value calls `operation` once; removing it does nothing. Never read back. */
export function triggerInput(description: string, operation: string, extra: Partial<Attribute> = {}): Attribute {
  return { type: 'string', mode: 'optional', writeOnly: true, description, policy: { kind: 'trigger', operation }, ...extra };
}

/** A computed attribute. */
export function computed(type: Attribute['type'], description: string, extra: Partial<Attribute> = {}): Attribute {
  return { type, mode: 'computed', description, ...extra };
}

/**
 * The `pay_invoice_with_cc` wire field from `pay_with_credit_card` (default
 * true): `{pay_invoice_with_cc: "yes"}` (the contract's value) to pay, and
 * no field at all not to pay. Never `"no"`: the reference CLI sends the
 * field only when asked to pay and leaves it out otherwise, so a server
 * that tests its presence would charge the card for a `"no"`.
 */
export function payField(inputs: Attributes): Record<string, string> {
  return inputs.pay_with_credit_card === false ? {} : { [wire.payWithCard]: 'yes' };
}

/** Copies the named inputs into a request body, leaving out null, undefined and empty strings. */
export function bodyOf(inputs: Attributes, names: string[]): Record<string, Value> {
  const body: Record<string, Value> = {};
  for (const name of names) {
    const value = inputs[name];
    if (value === null || value === undefined || value === '') continue;
    body[name] = value;
  }
  return body;
}

/**
 * `load()` once per memo: with `context.memo` (a refresh), the first caller
 * for `key` starts `load` and every caller, concurrent or later, gets the
 * same promise (a rejection too: each awaiting read fails with it); without
 * a memo, `load` runs on every call. `key` must say everything the result
 * depends on (by convention the request, `GET /path`, plus a suffix when the
 * value is derived from it). The value is shared: callers must not mutate it.
 */
export function memoised<T>(context: OperationContext, key: string, load: () => Promise<T>): Promise<T> {
  const { memo } = context;
  if (!memo) return load();
  let pending = memo.get(key) as Promise<T> | undefined;
  if (pending === undefined) {
    pending = load();
    memo.set(key, pending);
  }
  return pending;
}
