/**
 * Lite-style VM accounts (docs/api/lite.md "VMs"): the Account view,
 * list, get, hypervisor details, order and delete. In-place operations on a
 * VM live in operations.ts.
 */
import { CYCLE_LABELS, cyclePrice, groupOf, type VmProduct } from '../../catalog.js';
import type { Route, SimEnv } from '../../router.js';
import { effective, statusOf, type VmAccount } from '../../store.js';
import { Validator } from '../../request-body.js';
import { conflict, notFound } from '../../request-errors.js';
import { ymd } from '../../dates.js';
import { accountListRoute, invoiceView, nextDue, recordOrder, terminateRoute } from '../accounts-and-invoices.js';
import type { LiteGroup, VmOrder } from './group.js';
import { ViewCache } from '../../view-cache.js';

const GiB = 1024 * 1024 * 1024;
const MiB = 1024 * 1024;

/** The lite account (docs/api/envelope-and-errors.md "Shared reply shapes") of a VM at `now`. */
export function vmView(env: SimEnv, g: LiteGroup, rec: VmAccount, now: number): Record<string, unknown> & { status: string } {
  const a = effective(rec, now);
  const p = g.product(env, a.product_id);
  const cat = groupOf(env.catalog, rec.group);
  const key = a.sshkey_id === undefined ? undefined : env.store.keypairIn(rec.group, a.sshkey_id);
  return {
    account_id: rec.id,
    domain: `vm${rec.id}.${a.region}.${rec.group === 'lite' ? 'lite' : 'litepro'}.cloudsim.internal`,
    status: statusOf(rec, now),
    billingcycle: CYCLE_LABELS[rec.cycle] ?? rec.cycle,
    date_created: ymd(rec.created_at),
    next_due: nextDue(rec.created_at, rec.cycle),
    recurring_amount: rec.recurring_amount ?? cyclePrice(p.monthly + a.extra_storage_monthly, rec.cycle),
    product_id: a.product_id,
    product_name: p.plan.name,
    description: a.description,
    category_id: cat.categoryId,
    category_name: cat.categoryName,
    extra_details: {
      region: a.region,
      region_label: a.region_label,
      description: a.description,
      name: a.name,
      tenant_id: a.tenant_id,
      ciuser: a.ciuser,
      cipassword: a.cipassword,
      sshkey_id: a.sshkey_id,
      sshkeys: key ? key.public_key : '',
      osname: a.osname,
      disk_size: String(a.disk_size),
      ip_address: a.ip_address,
      ...(a.migrated_to_pro ? { migrated_to_pro: { ...a.migrated_to_pro } } : {}),
    },
    last_invoice: invoiceView(rec.invoice, now),
  };
}

/** VM account routes of one lite-style group. */
export function vmRoutes(g: LiteGroup): Route[] {
  const { prefix, what, group } = g;
  return [
    accountListRoute(
      `${prefix}/accounts`,
      (env) => env.store.accountsOf('vm').filter((r) => r.group === group),
      (r, env, now) => vmView(env, g, r, now),
      // A VM's view shows its keypair's public key: the keypair is what else it depends on.
      new ViewCache<VmAccount>((r, env, now) => {
        const keypairId = effective(r, now).sshkey_id;
        return keypairId === undefined ? undefined : env.store.keypairIn(r.group, keypairId);
      }),
    ),
    { method: 'GET', pattern: `${prefix}/accounts/:id`, handler: (ctx) => vmView(ctx.env, g, g.vm(ctx), ctx.now) },
    {
      method: 'GET',
      pattern: `${prefix}/accounts/:id/vm-details`,
      handler: (ctx) => {
        const rec = g.vm(ctx);
        if (rec.terminated_at !== null) throw notFound('VM on the hypervisor for account', rec.id);
        const status = statusOf(rec, ctx.now);
        if (status === 'Pending') throw conflict(`${what} ${rec.id} is not ready (status Pending)`);
        const a = effective(rec, ctx.now);
        const p = g.product(ctx.env, a.product_id);
        const up = rec.power.state !== 'stopped';
        const maxmem = p.plan.options.memory * MiB;
        return {
          vmid: a.vmid,
          name: a.name,
          status: rec.power.state,
          uptime: up ? Math.max(0, Math.floor((ctx.now - rec.power.since) / 1000)) : 0,
          maxdisk: a.disk_size * GiB,
          maxmem,
          mem: up ? Math.floor(maxmem * (0.25 + (a.vmid % 17) / 100)) : 0,
          cpus: p.plan.options.cores,
        };
      },
    },
    {
      method: 'POST',
      pattern: prefix,
      handler: (ctx) => {
        const v = new Validator(ctx.body);
        const f = g.vmOrderFields(ctx, v, 'vm_name');
        const os = v.str('select_os', true);
        if (f.p && os !== undefined && !f.p.oss.some((o) => o.name === os)) {
          v.fail('select_os', `select_os ${os} is not offered for product ${f.p.plan.product_id}`);
        }
        v.check();
        const p = f.p as VmProduct;
        const rec = g.newVm(ctx, f as VmOrder, os as string, p.baseDisk);
        recordOrder(ctx, `${group}.create`, rec.id, p.plan.product_id);
        return { order_id: rec.order_id, account_id: rec.id };
      },
    },
    terminateRoute(
      `${prefix}/:id`,
      (ctx) => g.vm(ctx),
      what,
      (rec, ctx) => {
        (rec as VmAccount).power = { state: 'stopped', since: ctx.now };
      },
    ),
  ];
}
