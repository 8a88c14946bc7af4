/**
 * Elastic storage (docs/api/elastic-storage.md): volumes bound for life to one
 * bare-metal server. `PUT /{id}` `{size}` sets a new total size (grow only);
 * `POST /{id}` `{new_product_id}` changes the package. Both are paid orders
 * that put the volume back to `Pending` for the async window.
 */
import { METAL_CYCLES } from '../catalog.js';
import type { Ctx, Route } from '../router.js';
import { target, type StorageAccount } from '../store.js';
import { pick } from '../records.js';
import {
  accountLookup,
  accountReadRoutes,
  accountView,
  billingView,
  checkText,
  newAccountRoute,
  orderAccount,
  paidChangeRoute,
  placeUpgrade,
  productRoutes,
  terminateRoute,
  unprocessable,
} from './accounts-and-invoices.js';

const ROOT = '/baremetal-elastic-storages';
const WHAT = 'elastic storage';

function storageView(rec: StorageAccount, now: number): Record<string, unknown> & { status: string } {
  return {
    ...accountView(rec, now, (a) => pick(a, ['storage_name', 'size', 'product_id', 'metal_account_id']), true),
    ...billingView(rec, now),
  };
}

const storage: (ctx: Ctx) => StorageAccount = accountLookup('elastic-storage', WHAT);

/** Routes of section 6. */
export function elasticStorageRoutes(): Route[] {
  return [
    ...productRoutes(`${ROOT}/products`, (env) => env.catalog.storageProducts),
    ...accountReadRoutes(ROOT, (env) => env.store.accountsOf('elastic-storage'), storage, storageView),
    newAccountRoute(ROOT, METAL_CYCLES, (v, { productId, cycle, payment }, ctx) => {
      const { store, catalog } = ctx.env;
      const name = v.str('storage_name', true);
      checkText(v, 'storage_name', name, 64);
      const metalId = v.int('metal_account_id', true);
      const size = v.int('size', false) ?? 100;
      const paid = payment();
      const p = productId === undefined ? undefined : catalog.storageProducts.find((x) => x.product_id === productId);
      if (productId !== undefined && !p) v.fail('product_id', `product_id ${productId} is not an elastic storage product`);
      if (p && (size < (p.min_size ?? 1) || size > (p.max_size ?? Infinity))) {
        v.fail('size', `size must be between ${p.min_size} and ${p.max_size} GB`);
      }
      if (metalId !== undefined) {
        const server = store.account('baremetal', String(metalId));
        if (!server || server.terminated_at !== null)
          v.fail('metal_account_id', `metal_account_id ${metalId} is not a live bare-metal server`);
      }
      v.check();
      return orderAccount(
        ctx,
        { cycle: cycle as string, paid, operation: 'elastic-storage.create', productId },
        (base): StorageAccount => ({
          kind: 'elastic-storage',
          ...base,
          attrs: { product_id: productId as number, storage_name: name as string, size, metal_account_id: String(metalId) },
        }),
      );
    }),
    paidChangeRoute('PUT', `${ROOT}/:id`, storage, WHAT, {
      field: 'size',
      place: (rec, size, paid, ctx) => {
        const a = target(rec);
        const p = ctx.env.catalog.storageProducts.find((x) => x.product_id === a.product_id);
        if (size <= a.size)
          throw unprocessable('size', `size must be greater than the current ${a.size} GB (got ${size}); storage cannot shrink`);
        if (p?.max_size !== undefined && size > p.max_size) throw unprocessable('size', `size must be at most ${p.max_size} GB`);
        const orderId = placeUpgrade(
          ctx,
          rec,
          { size },
          { paid, change: 'upgrade', operation: 'elastic-storage.upgrade', productId: a.product_id },
        );
        return { account_id: rec.id, order_id: orderId };
      },
    }),
    paidChangeRoute('POST', `${ROOT}/:id`, storage, WHAT, {
      field: 'new_product_id',
      validate: (newId, v, ctx) => {
        if (newId !== undefined && !ctx.env.catalog.storageProducts.some((p) => p.product_id === newId)) {
          v.fail('new_product_id', `new_product_id ${newId} is not an elastic storage product`);
        }
      },
      place: (rec, newId, paid, ctx) => {
        if (target(rec).product_id === newId) throw unprocessable('new_product_id', `storage ${rec.id} is already on product ${newId}`);
        const orderId = placeUpgrade(
          ctx,
          rec,
          { product_id: newId },
          { paid, change: 'change-package', operation: 'elastic-storage.change-package', productId: newId },
        );
        return { account_id: rec.id, order_id: orderId };
      },
    }),
    terminateRoute(`${ROOT}/:id`, storage, WHAT),
  ];
}
