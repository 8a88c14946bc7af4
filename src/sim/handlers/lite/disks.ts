/**
 * Lite-style extra disks (docs/api/lite.md "Disks"): each disk is its own
 * paid account attached to one VM; upgrades take an increment.
 */
import { LITE_CYCLES } from '../../catalog.js';
import type { Route } from '../../router.js';
import { target, type DiskAccount } from '../../store.js';
import { pick } from '../../records.js';
import { isName } from '../../request-body.js';
import {
  accountReadRoutes,
  accountView,
  billingView,
  newAccountRoute,
  orderAccount,
  paidChangeRoute,
  placeUpgrade,
  terminateRoute,
  unprocessable,
} from '../accounts-and-invoices.js';
import type { LiteGroup } from './group.js';
import { ViewCache } from '../../view-cache.js';

/** The wire view of a disk at `now`: its account view, `order_id`, then its billing (added to one object: a list of 33,000 disks builds no copies). */
function diskView(rec: DiskAccount, now: number): Record<string, unknown> & { status: string } {
  const view = accountView(rec, now, (a) => pick(a, ['service_name', 'size', 'product_id', 'lite_account_id']), true);
  view.order_id = rec.order_id;
  return Object.assign(view, billingView(rec, now));
}

/** Disk routes of one lite-style group. */
export function diskRoutes(g: LiteGroup): Route[] {
  const { prefix, what, group } = g;
  return [
    newAccountRoute(`${prefix}/disks`, LITE_CYCLES, (v, { productId, cycle, payment }, ctx) => {
      const cat = g.cat(ctx.env);
      const vmId = v.int('lite_account_id', true);
      const serviceName = v.str('service_name', false) ?? 'service-name';
      if (!isName(serviceName, 6, 16)) v.fail('service_name', 'service_name must be 6 to 16 characters of letters, digits, "." and "-"');
      const size = v.int('size', false) ?? cat.minDisk;
      const paid = payment();
      const dp = productId === undefined ? undefined : cat.diskProducts.find((d) => d.product_id === productId);
      if (productId !== undefined && !dp) v.fail('product_id', `product_id ${productId} is not a ${group} disk product`);
      if (size < cat.minDisk) v.fail('size', `size must be at least ${cat.minDisk} GB (got ${size})`);
      else if (dp && size > dp.max_size) v.fail('size', `size must be at most ${dp.max_size} GB`);
      if (vmId !== undefined) {
        const vm = ctx.env.store.account('vm', String(vmId));
        if (!vm || vm.group !== group || vm.terminated_at !== null) {
          v.fail('lite_account_id', `lite_account_id ${vmId} is not a live ${what}`);
        }
      }
      v.check();
      return orderAccount(ctx, { cycle: cycle as string, paid, operation: `${group}.disk-create`, productId }, (base): DiskAccount => ({
        kind: 'disk',
        group,
        ...base,
        attrs: { product_id: productId as number, service_name: serviceName, size, lite_account_id: String(vmId) },
      }));
    }),
    ...accountReadRoutes(
      `${prefix}/disks/accounts`,
      (env) => env.store.accountsOf('disk').filter((r) => r.group === group),
      (ctx) => g.disk(ctx),
      diskView,
      new ViewCache<DiskAccount>(),
    ),
    paidChangeRoute('PUT', `${prefix}/disks/accounts/:id`, (ctx) => g.disk(ctx), 'disk', {
      field: 'additional_size',
      validate: (add, v) => {
        if (add !== undefined && add <= 0) v.fail('additional_size', 'additional_size must be a positive number of GB');
      },
      place: (rec, add, paid, ctx) => {
        const a = target(rec);
        const dp = g.cat(ctx.env).diskProducts.find((d) => d.product_id === a.product_id);
        const size = a.size + add;
        if (dp && size > dp.max_size) throw unprocessable('additional_size', `the disk would exceed ${dp.max_size} GB`);
        const orderId = placeUpgrade(
          ctx,
          rec,
          { size },
          { paid, change: 'disk-upgrade', operation: `${group}.disk-upgrade`, productId: a.product_id },
        );
        return { order_id: orderId, account_id: rec.id };
      },
    }),
    terminateRoute(`${prefix}/disks/:id`, (ctx) => g.disk(ctx), 'disk'),
  ];
}
