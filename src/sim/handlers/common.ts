/**
 * Helpers shared by the handler groups: status filters, account guards,
 * invoices, ledger recording and derived values (IP addresses).
 */
import { CYCLE_LABELS, CYCLE_MONTHS, recurringAmount, type Catalog, type PricedAccount } from '../catalog.js';
import type { Ctx } from '../router.js';
import { provisioning, statusOf, target, type AnyAccount, type Change, type Invoice } from '../store.js';
import { conflict, hashHex, HttpError, notFound, ymd, ymdhms, type Validator } from '../util.js';

/** Answer of action endpoints (deletes, renames, power, ...): a primitive, as the reference docs describe. */
export const OK = 'success';

/**
 * Keeps the items whose `status` matches one of the `?status=` values
 * (repeatable, case-insensitive); all items when there is none.
 */
export function filterStatus<T extends { status: string }>(items: T[], query: URLSearchParams): T[] {
  const wanted = query
    .getAll('status')
    .flatMap((s) => s.split(','))
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (wanted.length === 0) return items;
  return items.filter((i) => wanted.includes(i.status.toLowerCase()));
}

/** Validates a cycle code against the allowed set (records a problem). */
export function checkCycle(v: Validator, cycle: string | undefined, allowed: readonly string[]): void {
  if (cycle !== undefined && !allowed.includes(cycle)) {
    v.fail('cycle', `cycle must be one of ${allowed.join(' ')}`);
  }
}

/** Optional promocode: any string up to 64 chars (records a problem otherwise). */
export function checkPromocode(v: Validator): string | undefined {
  const p = v.str('promocode', false);
  if (p !== undefined && p.length > 64) v.fail('promocode', 'promocode must be at most 64 characters');
  return p;
}

/** Throws 404 when `rec` is undefined. */
export function found<T>(rec: T | undefined, what: string, id: string): T {
  if (rec === undefined) throw notFound(what, id);
  return rec;
}

/** Throws 409 when the account is terminated. */
export function requireLive(rec: AnyAccount, what: string): void {
  if (rec.terminated_at !== null) throw conflict(`${what} ${rec.id} is Terminated`);
}

/** Throws 409 when the account is terminated or its initial order is not provisioned yet (incl. unpaid). */
export function requireProvisioned(rec: AnyAccount, what: string, now: number): void {
  requireLive(rec, what);
  if (provisioning(rec, now)) {
    throw conflict(`${what} ${rec.id} is not provisioned yet (status ${statusOf(rec, now)})`);
  }
}

/** A fresh invoice of an order placed at `now`. */
export function makeInvoice(id: number, now: number, paid: boolean, type: string): Invoice {
  return {
    id,
    paid_id: paid ? id : 0,
    status: paid ? 'Paid' : 'Unpaid',
    date: ymd(now),
    duedate: ymd(now),
    paybefore: ymd(now + 7 * 86_400_000),
    datepaid: paid ? ymdhms(now) : '0000-00-00 00:00:00',
    invoice_type: type,
  };
}

/** Next due date of an account (`YYYY-MM-DD`): one cycle after the order. */
export function nextDue(createdAt: number, cycle: string): string {
  const d = new Date(createdAt);
  d.setUTCMonth(d.getUTCMonth() + (CYCLE_MONTHS[cycle] ?? 1));
  return ymd(d.getTime());
}

/** What the catalogue prices of an account with attributes `attrs` (see catalog.ts `recurringAmount`). */
function pricedAccount(rec: AnyAccount, attrs: Record<string, unknown>): PricedAccount {
  const group = 'group' in rec ? rec.group : 'lite';
  const productId = Number(attrs.product_id);
  switch (rec.kind) {
    case 'vm':
      return { kind: 'vm', group, product_id: productId, disk_size: Number(attrs.disk_size) };
    case 'snapshot':
      return { kind: 'snapshot', group, product_id: productId };
    case 'disk':
      return { kind: 'disk', group, product_id: productId, size: Number(attrs.size) };
    case 'elastic-storage':
      return { kind: 'elastic-storage', product_id: productId, size: Number(attrs.size) };
    default:
      return { kind: rec.kind, product_id: productId };
  }
}

/** Amount (IDR) the account is billed every cycle once every scheduled change is in, or undefined. */
export function accountRecurringAmount(catalog: Catalog, rec: AnyAccount): number | undefined {
  return recurringAmount(catalog, pricedAccount(rec, target(rec as unknown as { attrs: Record<string, unknown>; changes: Array<Change<Record<string, unknown>>> })), rec.cycle);
}

/**
 * The billing keys of an account view (docs/api "Account"): `billingcycle`,
 * `recurring_amount` (as priced at the last order) and `last_invoice`.
 */
export function billingView(rec: AnyAccount): { billingcycle: string; recurring_amount?: number; last_invoice: Invoice } {
  return {
    billingcycle: CYCLE_LABELS[rec.cycle] ?? rec.cycle,
    ...(rec.recurring_amount !== undefined ? { recurring_amount: rec.recurring_amount } : {}),
    last_invoice: { ...rec.invoice },
  };
}

/**
 * Records an order in the ledger, with its amount: a new account's
 * recurring amount for its first cycle, an upgrade's increase of it (never
 * below 0). Call it after the account is added or its change scheduled.
 * Updates the account's `recurring_amount` and its last invoice's `amount`.
 * `body` is the raw request body; masking happens in the store.
 */
export function recordOrder(ctx: Ctx, operation: string, accountId: string, productId: number | undefined): void {
  const rec = ctx.env.store.data.accounts[accountId];
  let amount: number | undefined;
  if (rec) {
    const before = rec.recurring_amount;
    const after = accountRecurringAmount(ctx.env.catalog, rec);
    const isNew = /create(-vm)?$/.test(operation);
    amount = after === undefined ? undefined : isNew ? after : before === undefined ? undefined : Math.max(0, after - before);
    if (after !== undefined) rec.recurring_amount = after;
    if (amount !== undefined) rec.invoice.amount = amount;
  }
  ctx.env.store.recordOrder(
    { method: ctx.method, path: ctx.path, operation, account_id: accountId, product_id: productId, amount, body: ctx.body },
    ctx.now,
  );
}

const IP_PREFIX: Record<string, string> = {
  lite: '103.28',
  'lite-pro': '103.29',
  baremetal: '45.64',
  'additional-ip': '45.65',
};

/** A unique public IPv4 of an account, derived from its id, kind and the seed. */
export function ipFor(kind: keyof typeof IP_PREFIX | string, accountId: string, seed: number): string {
  const n = Number(accountId) - 100000 + (Number.parseInt(hashHex(seed, kind).slice(0, 4), 16) % 2000);
  const prefix = IP_PREFIX[kind] ?? '100.64';
  return `${prefix}.${Math.floor(n / 250) % 256}.${(n % 250) + 2}`;
}

/** Checks a free-text label/name: 1..max chars, no control characters (records a problem). */
export function checkText(v: Validator, field: string, value: string | undefined, max: number): void {
  if (value === undefined) return;
  // eslint-disable-next-line no-control-regex
  if (value.length < 1 || value.length > max || /[\u0000-\u001f\u007f]/.test(value)) {
    v.fail(field, `${field} must be 1 to ${max} characters without control characters`);
  }
}

/** 422 for a request naming a thing that does not exist or cannot be used. */
export function unprocessable(field: string, message: string): HttpError {
  return new HttpError(422, 'The given data was invalid.', message, { [field]: [message] });
}
