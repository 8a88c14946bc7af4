/**
 * Additional IPs (docs/api/additional-ips.md) and their assignments to bare-metal
 * servers (section 5). The collection root is the list; there is no
 * `/accounts` level. An IP is assigned to at most one server at a time;
 * terminating the IP or the server drops its assignments.
 */
import { METAL_CYCLES } from '../catalog.js';
import type { Ctx, Route } from '../router.js';
import { provisioning, type Assignment, type IpAccount } from '../store.js';
import { pick } from '../records.js';
import { Validator } from '../request-body.js';
import { conflict, notFound } from '../request-errors.js';
import {
  accountLookup,
  accountReadRoutes,
  accountView,
  billingView,
  found,
  ipFor,
  newAccountRoute,
  OK,
  orderAccount,
  productRoutes,
  requireProvisioned,
  terminateRoute,
} from './accounts-and-invoices.js';

const ROOT = '/baremetal-additional-ips';

function ipView(rec: IpAccount, now: number): Record<string, unknown> & { status: string } {
  return {
    ...accountView(rec, now, (a) => pick(a, ['ip_address', 'region', 'product_id']), true),
    ...billingView(rec, now),
  };
}

function assignmentView(a: Assignment): Record<string, unknown> {
  return { metal_account_id: a.metal_id, additional_ip_id: a.ip_id, status: 'assigned' };
}

const ip: (ctx: Ctx) => IpAccount = accountLookup('additional-ip', 'additional IP');

/** Routes of sections 4 and 5. */
export function additionalIpRoutes(): Route[] {
  return [
    ...productRoutes(`${ROOT}/products`, (env) => env.catalog.ipProducts),
    { method: 'GET', pattern: `${ROOT}/regions`, handler: ({ env }) => [...env.catalog.ipRegions] },
    ...accountReadRoutes(ROOT, (env) => env.store.accountsOf('additional-ip'), ip, ipView),
    newAccountRoute(ROOT, METAL_CYCLES, (v, { productId, cycle, payment }, ctx) => {
      const { catalog, seed } = ctx.env;
      const region = v.str('region', false) ?? catalog.ipRegions[0] ?? 'wjv-1';
      if (!catalog.ipRegions.includes(region)) v.fail('region', `region must be one of ${catalog.ipRegions.join(', ')}`);
      const paid = payment();
      if (productId !== undefined && !catalog.ipProducts.some((p) => p.product_id === productId)) {
        v.fail('product_id', `product_id ${productId} is not an additional IP product`);
      }
      v.check();
      return orderAccount(ctx, { cycle: cycle as string, paid, operation: 'additional-ip.create', productId }, (base): IpAccount => ({
        kind: 'additional-ip',
        ...base,
        attrs: { product_id: productId as number, region, ip_address: ipFor('additional-ip', base.id, seed) },
      }));
    }),
    terminateRoute(`${ROOT}/:id`, ip, 'additional IP', (rec, ctx) => {
      const data = ctx.env.store.data;
      data.assignments = data.assignments.filter((a) => a.ip_id !== rec.id);
    }),
    {
      method: 'PUT',
      pattern: `${ROOT}/:id/assigns`,
      handler: (ctx) => {
        const rec = ip(ctx);
        const { store } = ctx.env;
        const v = new Validator(ctx.body);
        const metalId = v.int('metal_account_id', true);
        if (metalId !== undefined) {
          const server = store.account('baremetal', String(metalId));
          if (!server || server.terminated_at !== null)
            v.fail('metal_account_id', `metal_account_id ${metalId} is not a live bare-metal server`);
          else if (provisioning(server, ctx.now)) v.fail('metal_account_id', `bare-metal server ${metalId} is not provisioned yet`);
        }
        v.check();
        requireProvisioned(rec, 'additional IP', ctx.now);
        const metal = String(metalId);
        const existing = store.data.assignments.find((a) => a.ip_id === rec.id);
        if (existing && existing.metal_id !== metal) {
          throw conflict(`additional IP ${rec.id} is already assigned to bare-metal server ${existing.metal_id}`);
        }
        if (existing) return assignmentView(existing);
        const a: Assignment = { ip_id: rec.id, metal_id: metal, created_at: ctx.now };
        store.data.assignments.push(a);
        store.touch();
        return assignmentView(a);
      },
    },
    {
      method: 'GET',
      pattern: `${ROOT}/:id/assigns`,
      handler: (ctx) => {
        const rec = ip(ctx);
        return ctx.env.store.data.assignments.filter((a) => a.ip_id === rec.id).map(assignmentView);
      },
    },
    {
      method: 'GET',
      pattern: `${ROOT}/:id/assigns/:metal`,
      handler: (ctx) => {
        const rec = ip(ctx);
        const a = ctx.env.store.data.assignments.find((x) => x.ip_id === rec.id && x.metal_id === ctx.params.metal);
        if (!a) throw notFound(`assignment of additional IP ${rec.id} to bare-metal server`, ctx.params.metal as string);
        return assignmentView(a);
      },
    },
    {
      method: 'DELETE',
      pattern: `${ROOT}/:id/assigns/:metal`,
      handler: (ctx) => {
        const rec = ip(ctx);
        const data = ctx.env.store.data;
        const i = data.assignments.findIndex((x) => x.ip_id === rec.id && x.metal_id === ctx.params.metal);
        if (i < 0) throw notFound(`assignment of additional IP ${rec.id} to bare-metal server`, ctx.params.metal as string);
        data.assignments.splice(i, 1);
        ctx.env.store.touch();
        return OK;
      },
    },
    {
      method: 'GET',
      pattern: `${ROOT}/assignments-by-metal-account-id/:metal`,
      handler: (ctx) => {
        const metal = ctx.params.metal as string;
        found(ctx.env.store.account('baremetal', metal), 'bare-metal server', metal);
        return ctx.env.store.data.assignments.filter((a) => a.metal_id === metal).map(assignmentView);
      },
    },
  ];
}
