/**
 * Helpers shared by the handler groups: status filters, account guards,
 * invoices, ledger recording and derived values (IP addresses).
 */
import { CYCLE_LABELS, CYCLE_MONTHS, recurringAmount, type Catalog, type PricedAccount } from '../catalog.js';
import type { Ctx, Route, SimEnv } from '../router.js';
import { effective, provisioning, statusOf, target, type AnyAccount, type Change, type Invoice } from '../store.js';
import { hashHex } from '../random.js';
import { Validator } from '../request-body.js';
import { conflict, HttpError, notFound } from '../request-errors.js';
import { iso, ymd, ymdhms } from '../dates.js';
import { SerialisedList, type ViewCache } from '../view-cache.js';

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

/** The terms every new-account order starts with: the required `product_id` and `cycle` (one of `cycles`). */
export function orderTerms(v: Validator, cycles: readonly string[]): { productId: number | undefined; cycle: string | undefined } {
  const productId = v.int('product_id', true);
  const cycle = v.str('cycle', true);
  checkCycle(v, cycle, cycles);
  return { productId, cycle };
}

/** The terms every order ends with: the optional promocode (checked), then whether it is paid now. */
export function orderPayment(v: Validator): boolean {
  checkPromocode(v);
  return v.pay();
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

/**
 * The wire form of an invoice at `now`: an invoice held open by the
 * `upgrade-keeps-old-value` variation (`paidAt`) reads `Unpaid` until then,
 * `Paid` afterwards.
 */
export function invoiceView(invoice: Invoice, now: number): Record<string, unknown> {
  const { paidAt, ...wire } = invoice;
  if (paidAt === undefined) return wire;
  if (now < paidAt) return { ...wire, status: 'Unpaid', paid_id: 0, datepaid: '0000-00-00 00:00:00' };
  return { ...wire, status: 'Paid', paid_id: wire.id, datepaid: ymdhms(paidAt) };
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
  return recurringAmount(
    catalog,
    pricedAccount(rec, target(rec as unknown as { attrs: Record<string, unknown>; changes: Array<Change<Record<string, unknown>>> })),
    rec.cycle,
  );
}

/**
 * The billing keys of an account view (docs/api "Account"): `billingcycle`,
 * `recurring_amount` (as priced at the last order) and `last_invoice` at `now`.
 */
export function billingView(
  rec: AnyAccount,
  now: number,
): { billingcycle: string; recurring_amount?: number; last_invoice: Record<string, unknown> } {
  return {
    billingcycle: CYCLE_LABELS[rec.cycle] ?? rec.cycle,
    ...(rec.recurring_amount !== undefined ? { recurring_amount: rec.recurring_amount } : {}),
    last_invoice: invoiceView(rec.invoice, now),
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
  const rec = ctx.env.store.accountById(accountId);
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
    { method: ctx.method, path: ctx.path, operation, account_id: accountId, product_id: productId, amount, body: ctx.received },
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

/** The fields every new account shares, for an order placed by `ctx` (paid or not). */
export type AccountOrderFields = Pick<AnyAccount, 'id' | 'cycle' | 'order_id' | 'created_at' | 'ready_at' | 'terminated_at' | 'invoice'> & {
  changes: [];
};

/**
 * Allocates the id, order id and invoice of a new account ordered by `ctx`:
 * `Pending` until `provisioningMs` from now when `paid`, forever otherwise
 * (`ready_at` null). The caller adds `kind`, `attrs` (and `group`/`power`)
 * and stores the account.
 */
export function newAccountFields(ctx: Ctx, cycle: string, paid: boolean): AccountOrderFields {
  const { store, provisioningMs } = ctx.env;
  return {
    id: store.nextAccountId(),
    cycle,
    order_id: store.nextOrderId(),
    created_at: ctx.now,
    ready_at: paid ? ctx.now + provisioningMs : null,
    terminated_at: null,
    changes: [],
    invoice: makeInvoice(store.nextInvoiceId(), ctx.now, paid, 'New Order'),
  };
}

/**
 * Places a paid in-place order on `rec` (an upgrade or a package change):
 * schedules `patch` for the asynchronous window (never when unpaid), replaces
 * the last invoice with an `invoiceType` one, records `operation` in the
 * ledger and returns the new order id.
 */
export function placeUpgrade<A>(
  ctx: Ctx,
  rec: { id: string; attrs: A; changes: Array<Change<A>>; invoice: Invoice },
  patch: Partial<A>,
  order: { paid: boolean; change: string; operation: string; productId: number | undefined; invoiceType?: string },
): string {
  const { store, asyncMs } = ctx.env;
  store.schedule(rec, patch, ctx.now, asyncMs, order.paid, order.change);
  rec.invoice = makeInvoice(store.nextInvoiceId(), ctx.now, order.paid, order.invoiceType ?? 'Upgrade');
  const orderId = store.nextOrderId();
  recordOrder(ctx, order.operation, rec.id, order.productId);
  return orderId;
}

/**
 * A look-up of one account of `kind` by the path parameter `param` (default
 * `id`); throws 404 naming `what` when there is none or `accepts` refuses it
 * (e.g. an account of the other lite-style group).
 */
export function accountLookup<K extends AnyAccount['kind']>(
  kind: K,
  what: string,
  accepts: (rec: Extract<AnyAccount, { kind: K }>) => boolean = () => true,
): (ctx: Ctx, param?: string) => Extract<AnyAccount, { kind: K }> {
  return (ctx, param = 'id') => {
    const id = ctx.params[param] as string;
    const rec = ctx.env.store.account(kind, id);
    if (!rec || !accepts(rec)) throw notFound(what, id);
    return rec;
  };
}

/**
 * `GET pattern[?status=]`: the `accounts` of the cloud mapped by `view` at
 * the request time, filtered by status. With `cache`, and when the reply
 * goes out as the handler returns it (`ctx.serialisedReplies`), each
 * account's view is encoded once and reused while it stays the same
 * (view-cache.ts): the reply is a {@link SerialisedList}, the same bytes.
 * The route's `prepare` then encodes every view ahead of the first list
 * (the server runs it while idle).
 */
export function accountListRoute<R extends AnyAccount>(
  pattern: string,
  accounts: (env: SimEnv) => R[],
  view: (rec: R, env: SimEnv, now: number) => { status: string },
  cache?: ViewCache<R>,
): Route {
  return {
    method: 'GET',
    pattern,
    handler: (ctx) => {
      const { env, now } = ctx;
      if (!cache || !ctx.serialisedReplies)
        return filterStatus(
          accounts(env).map((rec) => view(rec, env, now)),
          ctx.query,
        );
      const encoded = accounts(env).map((rec) => cache.encoded(env, rec, now, () => view(rec, env, now)));
      return new SerialisedList(filterStatus(encoded, ctx.query));
    },
    ...(cache
      ? {
          *prepare(env: SimEnv) {
            const now = Date.now();
            let count = 0;
            for (const rec of accounts(env)) {
              cache.encoded(env, rec, now, () => view(rec, env, now));
              if (++count % PREPARED_AT_ONCE === 0) yield;
            }
          },
        }
      : {}),
  };
}

/** Views a route's `prepare` encodes between two pauses (a few milliseconds of work). */
const PREPARED_AT_ONCE = 500;

/**
 * `DELETE pattern`: marks the account `Terminated` (a repeated delete is a
 * 404, as an unknown id is); `after` runs on the account first (power off,
 * assignments dropped).
 */
export function terminateRoute(
  pattern: string,
  lookup: (ctx: Ctx) => AnyAccount,
  what: string,
  after?: (rec: AnyAccount, ctx: Ctx) => void,
): Route {
  return {
    method: 'DELETE',
    pattern,
    handler: (ctx) => {
      const rec = lookup(ctx);
      if (rec.terminated_at !== null) throw notFound(what, rec.id);
      rec.terminated_at = ctx.now;
      after?.(rec, ctx);
      ctx.env.store.touch(rec);
      return OK;
    },
  };
}

/** `GET root` (the catalogue as is) and `GET root/:pid` (one product of it, 404 when unknown). */
export function productRoutes<P extends { product_id: number }>(root: string, products: (env: SimEnv) => readonly P[]): Route[] {
  return [
    { method: 'GET', pattern: root, handler: ({ env }) => products(env) },
    {
      method: 'GET',
      pattern: `${root}/:pid`,
      handler: (ctx) =>
        found(
          products(ctx.env).find((p) => p.product_id === Number(ctx.params.pid)),
          'product',
          ctx.params.pid as string,
        ),
    },
  ];
}

/**
 * The wire view of an account at `now`: `account_id`, `status`, then the
 * fields `fields` builds from its visible attributes (`dated` adds the ISO
 * `date_created`).
 */
export function accountView<A>(
  rec: AnyAccount & { attrs: A; changes: Array<Change<A>> },
  now: number,
  fields: (a: A) => Record<string, unknown>,
  dated = false,
): Record<string, unknown> & { status: string } {
  const view: Record<string, unknown> & { status: string } = { account_id: rec.id, status: statusOf(rec, now) };
  Object.assign(view, fields(effective(rec, now)));
  if (dated) view.date_created = iso(rec.created_at);
  return view;
}

/**
 * Places the order of a new account: `make` builds it from the allocated
 * {@link newAccountFields}; it is stored, `operation` is recorded in the
 * ledger and the BillingRef-like reply `{order_id, account_id}` is returned.
 */
export function orderAccount<R extends AnyAccount>(
  ctx: Ctx,
  order: { cycle: string; paid: boolean; operation: string; productId: number | undefined },
  make: (base: AccountOrderFields) => R,
): { order_id: string; account_id: string } {
  const rec = make(newAccountFields(ctx, order.cycle, order.paid));
  ctx.env.store.addAccount(rec);
  recordOrder(ctx, order.operation, rec.id, order.productId);
  return { order_id: rec.order_id, account_id: rec.id };
}

/**
 * `GET pattern[?status=]` (the `accounts` of the cloud) and `GET pattern/:id`
 * (the one `lookup` finds, 404 otherwise), each shown by `view` at the
 * request time.
 */
export function accountReadRoutes<R extends AnyAccount>(
  pattern: string,
  accounts: (env: SimEnv) => R[],
  lookup: (ctx: Ctx) => R,
  view: (rec: R, now: number) => Record<string, unknown> & { status: string },
  cache?: ViewCache<R>,
): Route[] {
  return [
    accountListRoute(pattern, accounts, (rec, _env, now) => view(rec, now), cache),
    { method: 'GET', pattern: `${pattern}/:id`, handler: (ctx) => view(lookup(ctx), ctx.now) },
  ];
}

/** The terms of a new-account order as {@link newAccountRoute} hands them over. */
export interface NewAccountTerms {
  productId: number | undefined;
  cycle: string | undefined;
  /** Reads the terms every order ends with ({@link orderPayment}): call it after the order's own fields. */
  payment: () => boolean;
}

/**
 * `POST pattern`: the order of a new account. `order` reads the rest of the
 * body with the {@link Validator} `v` after the terms every order starts
 * with (the required `product_id` and `cycle`, one of `cycles`), and answers.
 */
export function newAccountRoute(
  pattern: string,
  cycles: readonly string[],
  order: (v: Validator, terms: NewAccountTerms, ctx: Ctx) => unknown,
): Route {
  return {
    method: 'POST',
    pattern,
    handler: (ctx) => {
      const v = new Validator(ctx.body);
      return order(v, { ...orderTerms(v, cycles), payment: () => orderPayment(v) }, ctx);
    },
  };
}

/** What {@link paidChangeRoute} orders: the body field, its checks and the order itself. */
export interface PaidChange<R> {
  /** The required integer field of the body (`size`, `new_product_id`, ...). */
  field: string;
  /** Records further problems of the value (422 with the others). */
  validate?: (value: number | undefined, v: Validator, ctx: Ctx) => void;
  /** Places the order on the provisioned account; its answer is the reply. */
  place: (rec: R, value: number, paid: boolean, ctx: Ctx) => unknown;
}

/**
 * `method pattern`: a paid in-place order on the account `lookup` finds:
 * the required integer `change.field` and the pay flag are read, any
 * problem is a 422, an account not provisioned yet a 409 (naming it
 * `what`), then `change.place` orders it.
 */
export function paidChangeRoute<R extends AnyAccount>(
  method: Route['method'],
  pattern: string,
  lookup: (ctx: Ctx) => R,
  what: string,
  change: PaidChange<R>,
): Route {
  return {
    method,
    pattern,
    handler: (ctx) => {
      const rec = lookup(ctx);
      const v = new Validator(ctx.body);
      const value = v.int(change.field, true);
      const paid = v.pay();
      change.validate?.(value, v, ctx);
      v.check();
      requireProvisioned(rec, what, ctx.now);
      return change.place(rec, value as number, paid, ctx);
    },
  };
}
