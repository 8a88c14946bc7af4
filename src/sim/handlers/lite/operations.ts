/**
 * In-place operations on a lite-style VM (docs/api/lite.md "VMs"): power
 * actions, rebuild, rename, keypair change, change-package and storage
 * upgrade (with their option listings) and, lite only, migrate-to-pro.
 *
 * migrate-to-pro (a choice; docs/api/quirks.md #12 leaves it open): it is a paid
 * order on the lite account. The lite account keeps its id, goes `Pending`
 * for the async window and comes back `Active` with
 * `extra_details.migrated_to_pro = { litepro_product_id }`. The VM then
 * also shows as a lite pro account (a new account id, the target product,
 * the VM's name, user, disk, keypair id and address), `Active` when the
 * migration is done; it is no order of its own (no ledger entry: the
 * migration is the order). A second migration of the same account is a
 * 409. (The `variant` profile's `migrated-lite-gone` rule answers the lite
 * account as gone instead.)
 */
import { cyclePrice, findVmProduct, type VmProduct } from '../../catalog.js';
import type { Ctx, Route } from '../../router.js';
import { effective, statusOf, target, type VmAccount, type VmAttrs, type VmPower } from '../../store.js';
import { isName, Validator } from '../../request-body.js';
import { conflict } from '../../request-errors.js';
import { OK, paidChangeRoute, placeUpgrade, requireLive, requireProvisioned, unprocessable } from '../accounts-and-invoices.js';
import { extraStorageMonthly, type LiteGroup } from './group.js';

const POWER_ACTIONS = ['start', 'stop', 'suspend', 'resume', 'shutdown', 'reset'] as const;

/** `PUT pattern`: checks the body with `check` (which calls `v.check()`), then applies `change` to the live VM. */
function vmUpdateRoute(g: LiteGroup, pattern: string, change: (rec: VmAccount, v: Validator, ctx: Ctx) => void): Route {
  return {
    method: 'PUT',
    pattern: `${g.prefix}/accounts/:id/${pattern}`,
    handler: (ctx) => {
      const rec = g.vm(ctx);
      change(rec, new Validator(ctx.body), ctx);
      ctx.env.store.touch(rec);
      return OK;
    },
  };
}

/**
 * `GET .../accounts/:id/<pattern>`: an options listing of the VM (the values
 * it is heading to): `{account_id, cycle, currency, ...fields}`.
 */
function vmOptionsRoute(
  g: LiteGroup,
  pattern: string,
  fields: (rec: VmAccount, a: VmAttrs, current: VmProduct, ctx: Ctx) => Record<string, unknown>,
): Route {
  return {
    method: 'GET',
    pattern: `${g.prefix}/accounts/:id/${pattern}`,
    handler: (ctx) => {
      const rec = g.vm(ctx);
      const a = target(rec);
      return { account_id: rec.id, cycle: rec.cycle, currency: 'IDR', ...fields(rec, a, g.product(ctx.env, a.product_id), ctx) };
    },
  };
}

/** Operation routes of one lite-style group. */
export function operationRoutes(g: LiteGroup): Route[] {
  const { prefix, what, group } = g;
  const routes: Route[] = [
    ...['', '/*state'].map((tail): Route => ({
      method: 'PUT',
      pattern: `${prefix}/accounts/:id/vm-state${tail}`,
      handler: (ctx) => {
        const rec = g.vm(ctx);
        const state = ctx.params.state ?? '';
        if (!(POWER_ACTIONS as readonly string[]).includes(state)) {
          throw unprocessable('state', `power state must be one of ${POWER_ACTIONS.join(' ')} (got "${state}")`);
        }
        requireProvisioned(rec, what, ctx.now);
        const cur = rec.power.state;
        const next: Record<string, [VmPower, boolean]> = {
          start: ['running', cur === 'stopped'],
          resume: ['running', cur === 'stopped'],
          stop: ['stopped', true],
          shutdown: ['stopped', true],
          suspend: [cur === 'stopped' ? 'stopped' : 'paused', false],
          reset: ['running', true],
        };
        const [to, restart] = next[state] as [VmPower, boolean];
        rec.power = { state: to, since: restart ? ctx.now : rec.power.since };
        ctx.env.store.touch(rec);
        return OK;
      },
    })),
    vmUpdateRoute(g, 'rebuild', (rec, v, ctx) => {
      const os = v.str('select_os', true);
      v.check();
      requireProvisioned(rec, what, ctx.now);
      const p = g.product(ctx.env, target(rec).product_id);
      if (!p.oss.some((o) => o.name === os)) {
        throw unprocessable('select_os', `select_os ${os} is not offered for product ${p.plan.product_id}`);
      }
      ctx.env.store.schedule<VmAttrs>(rec, { osname: os as string }, ctx.now, ctx.env.asyncMs, true, 'rebuild');
      rec.power = { state: 'running', since: ctx.now + ctx.env.asyncMs };
    }),
    vmUpdateRoute(g, 'change-vm-name', (rec, v) => {
      const name = v.str('name', true);
      if (name !== undefined && !isName(name, 6, 16)) v.fail('name', 'name must be 6 to 16 characters of letters, digits, "." and "-"');
      v.check();
      requireLive(rec, what);
      rec.attrs.name = name as string;
    }),
    vmUpdateRoute(g, 'keypair', (rec, v, ctx) => {
      const kp = v.int('keypair_id', true);
      if (kp !== undefined && !ctx.env.store.keypairIn(group, kp)) {
        v.fail('keypair_id', `keypair_id ${kp} is not in the ${group} keypair pool`);
      }
      v.check();
      requireLive(rec, what);
      rec.attrs.sshkey_id = kp as number;
    }),
    vmOptionsRoute(g, 'change-package', (rec, a, cur, ctx) => ({
      current: { product_id: cur.plan.product_id, name: cur.plan.name, price: cyclePrice(cur.monthly, rec.cycle) },
      packages: g
        .cat(ctx.env)
        .products.filter((p) => p.plan.product_id !== a.product_id)
        .map((p) => {
          const upgrade = p.plan.options.memory >= cur.plan.options.memory && p.plan.options.cores >= cur.plan.options.cores;
          return {
            product_id: p.plan.product_id,
            name: p.plan.name,
            description: p.plan.description,
            cores: p.plan.options.cores,
            memory: p.plan.options.memory,
            disk: p.baseDisk,
            price: cyclePrice(p.monthly, rec.cycle),
            type: upgrade ? 'upgrade' : 'downgrade',
            allowed: upgrade || cur.plan.options.allow_downgrade === 1,
          };
        }),
    })),
    paidChangeRoute('POST', `${prefix}/accounts/:id/change-package`, (ctx) => g.vm(ctx), what, {
      field: 'new_product_id',
      validate: (newId, v, ctx) => {
        if (newId !== undefined && !findVmProduct(ctx.env.catalog, group, newId)) {
          v.fail('new_product_id', `new_product_id ${newId} is not a ${group} product`);
        }
      },
      place: (rec, newId, paid, ctx) => {
        const a = target(rec);
        const cur = g.product(ctx.env, a.product_id);
        const next = findVmProduct(ctx.env.catalog, group, newId) as VmProduct;
        if (next.plan.product_id === cur.plan.product_id) {
          throw unprocessable('new_product_id', `account ${rec.id} is already on product ${cur.plan.product_id}`);
        }
        const smaller = next.plan.options.memory < cur.plan.options.memory || next.plan.options.cores < cur.plan.options.cores;
        if (smaller && cur.plan.options.allow_downgrade !== 1) {
          throw unprocessable('new_product_id', `product ${cur.plan.product_id} does not allow downgrades`);
        }
        const diskSize = Math.max(a.disk_size, next.baseDisk);
        const orderId = placeUpgrade<VmAttrs>(
          ctx,
          rec,
          { product_id: next.plan.product_id, disk_size: diskSize, extra_storage_monthly: extraStorageMonthly(next, diskSize) },
          { paid, change: 'change-package', operation: `${group}.change-package`, productId: next.plan.product_id },
        );
        return { order_id: orderId, account_id: rec.id };
      },
    }),
    vmOptionsRoute(g, 'storage', (rec, a, p, ctx) => ({
      current_disk_size: a.disk_size,
      min_disk_size: a.disk_size + 1,
      max_disk_size: g.cat(ctx.env).maxVmDisk,
      unit: 'GB',
      price_per_gb: cyclePrice(p.perGbMonthly * 1000, rec.cycle) / 1000,
      price_per_gb_monthly: p.perGbMonthly,
    })),
    paidChangeRoute('PUT', `${prefix}/accounts/:id/storage`, (ctx) => g.vm(ctx), what, {
      field: 'disk_size',
      place: (rec, size, paid, ctx) => {
        const a = target(rec);
        const max = g.cat(ctx.env).maxVmDisk;
        if (size <= a.disk_size) {
          throw unprocessable('disk_size', `disk_size must be greater than the current ${a.disk_size} GB (got ${size})`);
        }
        if (size > max) throw unprocessable('disk_size', `disk_size must be at most ${max} GB`);
        const p = g.product(ctx.env, a.product_id);
        const orderId = placeUpgrade<VmAttrs>(
          ctx,
          rec,
          { disk_size: size, extra_storage_monthly: extraStorageMonthly(p, size) },
          { paid, change: 'storage-upgrade', operation: `${group}.storage-upgrade`, productId: a.product_id },
        );
        return { order_id: orderId, account_id: rec.id };
      },
    }),
  ];
  if (group === 'lite') routes.push(...migrateRoutes(g));
  return routes;
}

/**
 * The lite pro account a migrating lite VM `rec` shows as (see the module
 * comment): added to the store, `Active` when the migration's change is.
 */
function migratedProAccount(ctx: Ctx, rec: VmAccount, proId: number, orderId: string): void {
  const { store } = ctx.env;
  const done = rec.changes[rec.changes.length - 1]?.at ?? null;
  const { migrated_to_pro: _migrated, ...attrs } = effective(rec, ctx.now);
  const product = findVmProduct(ctx.env.catalog, 'lite-pro', proId)!;
  const pro: VmAccount = {
    kind: 'vm',
    group: 'lite-pro',
    id: store.nextAccountId(),
    cycle: rec.cycle,
    order_id: orderId,
    created_at: ctx.now,
    ready_at: done,
    terminated_at: null,
    changes: [],
    attrs: { ...attrs, product_id: proId, extra_storage_monthly: extraStorageMonthly(product, attrs.disk_size) },
    invoice: { ...rec.invoice },
    recurring_amount: cyclePrice(product.monthly, rec.cycle),
    power: { ...rec.power },
  };
  store.addAccount(pro);
}

/** migrate-to-pro options and order (lite only; see the module comment). */
function migrateRoutes(g: LiteGroup): Route[] {
  const { prefix, what } = g;
  return [
    {
      method: 'GET',
      pattern: `${prefix}/accounts/:id/migrate-to-pro/products`,
      handler: (ctx) => {
        const rec = g.vm(ctx);
        const cur = g.product(ctx.env, target(rec).product_id);
        return ctx.env.catalog.litePro.products.map((p) => ({
          ...p.plan,
          migration: {
            from_product_id: cur.plan.product_id,
            price: cyclePrice(p.monthly, rec.cycle),
            cycle: rec.cycle,
            currency: 'IDR',
          },
        }));
      },
    },
    paidChangeRoute('POST', `${prefix}/accounts/:id/migrate-to-pro`, (ctx) => g.vm(ctx), what, {
      field: 'litepro_product_id',
      validate: (proId, v, ctx) => {
        if (proId !== undefined && !findVmProduct(ctx.env.catalog, 'lite-pro', proId)) {
          v.fail('litepro_product_id', `litepro_product_id ${proId} is not a lite pro product`);
        }
      },
      place: (rec, proId, paid, ctx) => {
        if (target(rec).migrated_to_pro) throw conflict(`lite VM ${rec.id} is already migrated to lite pro`);
        const orderId = placeUpgrade<VmAttrs>(
          ctx,
          rec,
          { migrated_to_pro: { litepro_product_id: proId } },
          { paid, change: 'migrate-to-pro', operation: 'lite.migrate-to-pro', productId: proId, invoiceType: 'Migration' },
        );
        migratedProAccount(ctx, rec, proId as number, orderId);
        return { order_id: orderId, account_id: rec.id, litepro_product_id: proId, status: statusOf(rec, ctx.now) };
      },
    }),
  ];
}
