/**
 * Lite-style snapshots and VM-from-snapshot (docs/api/lite.md "Snapshots", "VM from snapshot"): a
 * snapshot is its own paid account; deleting it never touches a VM.
 */
import { LITE_CYCLES, type VmProduct } from '../../catalog.js';
import type { Route } from '../../router.js';
import { effective, target, type SnapshotAccount, type VmAttrs } from '../../store.js';
import { isName, Validator } from '../../request-body.js';
import { conflict, HttpError } from '../../request-errors.js';
import {
  accountReadRoutes,
  accountView,
  checkCycle,
  OK,
  orderAccount,
  orderPayment,
  recordOrder,
  requireProvisioned,
  terminateRoute,
} from '../accounts-and-invoices.js';
import type { LiteGroup, VmOrder } from './group.js';

function snapshotView(rec: SnapshotAccount, now: number): Record<string, unknown> & { status: string } {
  return accountView(rec, now, (a) => ({
    extra_details: { name: a.name, description: a.description, region: a.region },
    lite_account_id: a.lite_account_id,
  }));
}

/** Snapshot routes of one lite-style group. */
export function snapshotRoutes(g: LiteGroup): Route[] {
  const { prefix, what, group } = g;
  return [
    {
      method: 'POST',
      pattern: `${prefix}/accounts/:id/snapshot`,
      handler: (ctx) => {
        const src = g.vm(ctx);
        const v = new Validator(ctx.body);
        const cycle = v.str('cycle', true);
        checkCycle(v, cycle, LITE_CYCLES);
        const name = v.str('name', false) ?? 'snapshot-name';
        if (!isName(name, 6, 16)) v.fail('name', 'name must be 6 to 16 characters of letters, digits, "." and "-"');
        const description = v.str('description', false) ?? '';
        const paid = orderPayment(v);
        v.check();
        requireProvisioned(src, what, ctx.now);
        const a = target(src);
        const sp = g.cat(ctx.env).snapshotProducts[0];
        if (!sp) throw new HttpError(500, 'no snapshot product');
        return orderAccount(
          ctx,
          { cycle: cycle as string, paid, operation: `${group}.snapshot-create`, productId: sp.product_id },
          (base): SnapshotAccount => ({
            kind: 'snapshot',
            group,
            ...base,
            attrs: {
              product_id: sp.product_id,
              name,
              description,
              region: a.region,
              lite_account_id: src.id,
              source_osname: a.osname,
              source_disk_size: a.disk_size,
            },
          }),
        );
      },
    },
    ...accountReadRoutes(
      `${prefix}/snapshots/accounts`,
      (env) => env.store.accountsOf('snapshot').filter((r) => r.group === group),
      (ctx) => g.snapshot(ctx),
      snapshotView,
    ),
    // Never touches VMs (neither the source nor VMs made from it).
    terminateRoute(`${prefix}/snapshots/:id`, (ctx) => g.snapshot(ctx), 'snapshot'),
    {
      method: 'POST',
      pattern: `${prefix}/snapshots/accounts/:id/create`,
      handler: (ctx) => {
        const snap = g.snapshot(ctx);
        const v = new Validator(ctx.body);
        const f = g.vmOrderFields(ctx, v, 'name');
        v.check();
        requireProvisioned(snap, 'snapshot', ctx.now);
        const s = effective(snap, ctx.now);
        const p = f.p as VmProduct;
        const rec = g.newVm(ctx, f as VmOrder, s.source_osname, Math.max(p.baseDisk, s.source_disk_size));
        recordOrder(ctx, `${group}.snapshot-create-vm`, rec.id, p.plan.product_id);
        return { order_id: rec.order_id, account_id: rec.id };
      },
    },
    {
      method: 'PUT',
      pattern: `${prefix}/snapshots/accounts/:id/restore`,
      handler: (ctx) => {
        const snap = g.snapshot(ctx);
        requireProvisioned(snap, 'snapshot', ctx.now);
        const s = effective(snap, ctx.now);
        const src = ctx.env.store.account('vm', s.lite_account_id);
        if (!src || src.terminated_at !== null)
          throw conflict(`the source VM ${s.lite_account_id} of snapshot ${snap.id} no longer exists`);
        ctx.env.store.schedule<VmAttrs>(src, { osname: s.source_osname }, ctx.now, ctx.env.asyncMs, true, 'snapshot-restore');
        return OK;
      },
    },
  ];
}
