/**
 * Elastic storage (docs/api/elastic-storage.md): volumes bound for life to one
 * bare-metal server. `PUT /{id}` `{size}` sets a new total size (grow only);
 * `POST /{id}` `{new_product_id}` changes the package. Both are paid orders
 * that put the volume back to `Pending` for the async window.
 */
import { METAL_CYCLES } from '../catalog.js';
import type { Ctx, Route } from '../router.js';
import { effective, statusOf, target, type StorageAccount } from '../store.js';
import { iso, notFound, Validator } from '../util.js';
import { billingView, checkCycle, checkPromocode, checkText, filterStatus, found, makeInvoice, recordOrder, requireProvisioned, unprocessable, OK } from './common.js';

const ROOT = '/baremetal-elastic-storages';
const WHAT = 'elastic storage';

function storageView(rec: StorageAccount, now: number): Record<string, unknown> & { status: string } {
  const a = effective(rec, now);
  return {
    account_id: rec.id,
    status: statusOf(rec, now),
    storage_name: a.storage_name,
    size: a.size,
    product_id: a.product_id,
    metal_account_id: a.metal_account_id,
    date_created: iso(rec.created_at),
    ...billingView(rec),
  };
}

function storage(ctx: Ctx): StorageAccount {
  const id = ctx.params.id as string;
  return found(ctx.env.store.account('elastic-storage', id), WHAT, id);
}

/** Routes of section 6. */
export function elasticStorageRoutes(): Route[] {
  return [
    { method: 'GET', pattern: `${ROOT}/products`, handler: ({ env }) => env.catalog.storageProducts },
    {
      method: 'GET',
      pattern: `${ROOT}/products/:pid`,
      handler: (ctx) =>
        found(ctx.env.catalog.storageProducts.find((p) => p.product_id === Number(ctx.params.pid)), 'product', ctx.params.pid as string),
    },
    {
      method: 'GET',
      pattern: ROOT,
      handler: ({ env, now, query }) => filterStatus(env.store.accountsOf('elastic-storage').map((r) => storageView(r, now)), query),
    },
    { method: 'GET', pattern: `${ROOT}/:id`, handler: (ctx) => storageView(storage(ctx), ctx.now) },
    {
      method: 'POST',
      pattern: ROOT,
      handler: (ctx) => {
        const { store, catalog, provisioningMs } = ctx.env;
        const v = new Validator(ctx.body);
        const productId = v.int('product_id', true);
        const cycle = v.str('cycle', true);
        checkCycle(v, cycle, METAL_CYCLES);
        const name = v.str('storage_name', true);
        checkText(v, 'storage_name', name, 64);
        const metalId = v.int('metal_account_id', true);
        const size = v.int('size', false) ?? 100;
        checkPromocode(v);
        const paid = v.pay();
        const p = productId === undefined ? undefined : catalog.storageProducts.find((x) => x.product_id === productId);
        if (productId !== undefined && !p) v.fail('product_id', `product_id ${productId} is not an elastic storage product`);
        if (p && (size < (p.min_size ?? 1) || size > (p.max_size ?? Infinity))) {
          v.fail('size', `size must be between ${p.min_size} and ${p.max_size} GB`);
        }
        if (metalId !== undefined) {
          const server = store.account('baremetal', String(metalId));
          if (!server || server.terminated_at !== null) v.fail('metal_account_id', `metal_account_id ${metalId} is not a live bare-metal server`);
        }
        v.check();
        const id = store.nextAccountId();
        const rec: StorageAccount = {
          kind: 'elastic-storage',
          id,
          cycle: cycle as string,
          order_id: store.nextOrderId(),
          created_at: ctx.now,
          ready_at: paid ? ctx.now + provisioningMs : null,
          terminated_at: null,
          changes: [],
          attrs: { product_id: productId as number, storage_name: name as string, size, metal_account_id: String(metalId) },
          invoice: makeInvoice(store.nextInvoiceId(), ctx.now, paid, 'New Order'),
        };
        store.addAccount(rec);
        recordOrder(ctx, 'elastic-storage.create', id, productId);
        return { account_id: id, order_id: rec.order_id };
      },
    },
    {
      method: 'PUT',
      pattern: `${ROOT}/:id`,
      handler: (ctx) => {
        const rec = storage(ctx);
        const v = new Validator(ctx.body);
        const size = v.int('size', true);
        const paid = v.pay();
        v.check();
        requireProvisioned(rec, WHAT, ctx.now);
        const a = target(rec);
        const p = ctx.env.catalog.storageProducts.find((x) => x.product_id === a.product_id);
        if ((size as number) <= a.size) throw unprocessable('size', `size must be greater than the current ${a.size} GB (got ${size}); storage cannot shrink`);
        if (p?.max_size !== undefined && (size as number) > p.max_size) throw unprocessable('size', `size must be at most ${p.max_size} GB`);
        ctx.env.store.schedule(rec, { size: size as number }, ctx.now, ctx.env.asyncMs, paid, 'upgrade');
        rec.invoice = makeInvoice(ctx.env.store.nextInvoiceId(), ctx.now, paid, 'Upgrade');
        const orderId = ctx.env.store.nextOrderId();
        recordOrder(ctx, 'elastic-storage.upgrade', rec.id, a.product_id);
        return { account_id: rec.id, order_id: orderId };
      },
    },
    {
      method: 'POST',
      pattern: `${ROOT}/:id`,
      handler: (ctx) => {
        const rec = storage(ctx);
        const v = new Validator(ctx.body);
        const newId = v.int('new_product_id', true);
        const paid = v.pay();
        if (newId !== undefined && !ctx.env.catalog.storageProducts.some((p) => p.product_id === newId)) {
          v.fail('new_product_id', `new_product_id ${newId} is not an elastic storage product`);
        }
        v.check();
        requireProvisioned(rec, WHAT, ctx.now);
        if (target(rec).product_id === newId) throw unprocessable('new_product_id', `storage ${rec.id} is already on product ${newId}`);
        ctx.env.store.schedule(rec, { product_id: newId as number }, ctx.now, ctx.env.asyncMs, paid, 'change-package');
        rec.invoice = makeInvoice(ctx.env.store.nextInvoiceId(), ctx.now, paid, 'Upgrade');
        const orderId = ctx.env.store.nextOrderId();
        recordOrder(ctx, 'elastic-storage.change-package', rec.id, newId);
        return { account_id: rec.id, order_id: orderId };
      },
    },
    {
      method: 'DELETE',
      pattern: `${ROOT}/:id`,
      handler: (ctx) => {
        const rec = storage(ctx);
        if (rec.terminated_at !== null) throw notFound(WHAT, rec.id);
        rec.terminated_at = ctx.now;
        ctx.env.store.touch();
        return OK;
      },
    },
  ];
}
