/**
 * Lite (`/lites`) and lite pro (`/lite-pros`) groups (docs/api/lite.md,
 * docs/api/keypairs.md): VMs, keypairs, snapshots, VM-from-snapshot, extra
 * disks and catalogues. One implementation, parameterised by group; lite pro
 * has no migrate-to-pro.
 *
 * migrate-to-pro (a choice; docs/api/quirks.md #12 leaves it open): it is a paid
 * order on the lite account. The lite account keeps its id, goes `Pending`
 * for the async window and comes back `Active` with
 * `extra_details.migrated_to_pro = { litepro_product_id }`. No lite pro
 * account appears (SPEC: a lite pro VM is never created for that purpose);
 * a second migration of the same account is a 409.
 */
import {
  CYCLE_LABELS,
  cyclePrice,
  findVmProduct,
  groupOf,
  LITE_CYCLES,
  type Group,
  type GroupCatalog,
  type VmProduct,
} from '../catalog.js';
import type { Ctx, Route, SimEnv } from '../router.js';
import {
  effective,
  statusOf,
  target,
  type DiskAccount,
  type SnapshotAccount,
  type VmAccount,
  type VmAttrs,
  type VmPower,
} from '../store.js';
import { conflict, hashHex, HttpError, isConsolePassword, isName, iso, notFound, Validator, ymd } from '../util.js';
import {
  checkCycle,
  checkPromocode,
  filterStatus,
  found,
  ipFor,
  makeInvoice,
  nextDue,
  OK,
  recordOrder,
  billingView,
  requireLive,
  requireProvisioned,
  unprocessable,
} from './common.js';
import { inPool, keypairRoutes } from './keypairs.js';

const POWER_ACTIONS = ['start', 'stop', 'suspend', 'resume', 'shutdown', 'reset'] as const;
const GiB = 1024 * 1024 * 1024;
const MiB = 1024 * 1024;

function vmWhat(group: Group): string {
  return group === 'lite' ? 'lite VM' : 'lite pro VM';
}

function product(env: SimEnv, group: Group, productId: number): VmProduct {
  const p = findVmProduct(env.catalog, group, productId);
  if (!p) throw new HttpError(500, `product ${productId} vanished from the catalogue`);
  return p;
}

/** The lite account (docs/api/envelope-and-errors.md "Shared reply shapes") of a VM at `now`. */
export function vmView(env: SimEnv, rec: VmAccount, now: number): Record<string, unknown> & { status: string } {
  const a = effective(rec, now);
  const p = product(env, rec.group, a.product_id);
  const g = groupOf(env.catalog, rec.group);
  const key = env.store.data.keypairs.find((k) => k.id === a.sshkey_id && k.pool === rec.group);
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
    category_id: g.categoryId,
    category_name: g.categoryName,
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
    last_invoice: { ...rec.invoice },
  };
}

function snapshotView(rec: SnapshotAccount, now: number): Record<string, unknown> & { status: string } {
  const a = effective(rec, now);
  return {
    account_id: rec.id,
    status: statusOf(rec, now),
    extra_details: { name: a.name, description: a.description, region: a.region },
    lite_account_id: a.lite_account_id,
  };
}

function diskView(rec: DiskAccount, now: number): Record<string, unknown> & { status: string } {
  const a = effective(rec, now);
  return {
    account_id: rec.id,
    status: statusOf(rec, now),
    service_name: a.service_name,
    size: a.size,
    product_id: a.product_id,
    lite_account_id: a.lite_account_id,
    date_created: iso(rec.created_at),
    order_id: rec.order_id,
    ...billingView(rec),
  };
}

/** Monthly IDR of storage above the product's base disk. */
function extraStorageMonthly(p: VmProduct, diskSize: number): number {
  return Math.max(0, diskSize - p.baseDisk) * p.perGbMonthly;
}

/** Routes of one lite-style group. */
export function liteRoutes(group: Group): Route[] {
  const prefix = group === 'lite' ? '/lites' : '/lite-pros';
  const what = vmWhat(group);
  const cat = (env: SimEnv): GroupCatalog => groupOf(env.catalog, group);

  const vm = (ctx: Ctx, param = 'id'): VmAccount => {
    const id = ctx.params[param] as string;
    const rec = ctx.env.store.account('vm', id);
    if (!rec || rec.group !== group) throw notFound(what, id);
    return rec;
  };
  const snapshot = (ctx: Ctx): SnapshotAccount => {
    const id = ctx.params.id as string;
    const rec = ctx.env.store.account('snapshot', id);
    if (!rec || rec.group !== group) throw notFound('snapshot', id);
    return rec;
  };
  const disk = (ctx: Ctx): DiskAccount => {
    const id = ctx.params.id as string;
    const rec = ctx.env.store.account('disk', id);
    if (!rec || rec.group !== group) throw notFound('disk', id);
    return rec;
  };
  const planOf = (ctx: Ctx): VmProduct => {
    const id = ctx.params.pid as string;
    return found(findVmProduct(ctx.env.catalog, group, Number(id)), 'product', id);
  };

  /** Shared body checks of VM create and VM-from-snapshot. */
  const vmOrderFields = (ctx: Ctx, v: Validator, nameKey: 'vm_name' | 'name') => {
    const productId = v.int('product_id', true);
    const cycle = v.str('cycle', true);
    checkCycle(v, cycle, LITE_CYCLES);
    const keypairId = v.int('keypair_id', true);
    const user = v.str('ssh_and_console_user', true);
    if (user !== undefined && !isName(user, 6, 32)) {
      v.fail('ssh_and_console_user', 'ssh_and_console_user must be 6 to 32 characters of letters, digits, "." and "-"');
    }
    const password = v.str('console_password', true);
    if (password !== undefined && !isConsolePassword(password)) {
      v.fail(
        'console_password',
        'console_password must be at least 8 letters and digits with a lower-case letter, an upper-case letter and a digit',
      );
    }
    const name = nameKey === 'vm_name' ? (v.str('vm_name', false) ?? 'server-name') : v.str('name', true);
    if (name !== undefined && !isName(name, 6, 16)) {
      v.fail(nameKey, `${nameKey} must be 6 to 16 characters of letters, digits, "." and "-"`);
    }
    const description = v.str('description', false) ?? '';
    if (description.length > 255) v.fail('description', 'description must be at most 255 characters');
    checkPromocode(v);
    const paid = v.pay();
    const p = productId === undefined ? undefined : findVmProduct(ctx.env.catalog, group, productId);
    if (productId !== undefined && !p) v.fail('product_id', `product_id ${productId} is not a ${group} product`);
    if (keypairId !== undefined && !inPool(ctx.env.store.data.keypairs, group, keypairId)) {
      v.fail('keypair_id', `keypair_id ${keypairId} is not in the ${group} keypair pool`);
    }
    return { p, cycle, keypairId, user, password, name, description, paid };
  };

  /** Creates a VM account (create and VM-from-snapshot) and returns it. */
  const newVm = (
    ctx: Ctx,
    f: { p: VmProduct; cycle: string; keypairId: number; user: string; password: string; name: string; description: string; paid: boolean },
    os: string,
    diskSize: number,
  ): VmAccount => {
    const { store, provisioningMs, seed } = ctx.env;
    const id = store.nextAccountId();
    const readyAt = f.paid ? ctx.now + provisioningMs : null;
    const rec: VmAccount = {
      kind: 'vm',
      group,
      id,
      cycle: f.cycle,
      order_id: store.nextOrderId(),
      created_at: ctx.now,
      ready_at: readyAt,
      terminated_at: null,
      changes: [],
      attrs: {
        product_id: f.p.plan.product_id,
        name: f.name,
        description: f.description,
        osname: os,
        disk_size: diskSize,
        sshkey_id: f.keypairId,
        ciuser: f.user,
        cipassword: f.password,
        region: f.p.region,
        region_label: f.p.regionLabel,
        tenant_id: `tn-${hashHex(seed, 'tenant', id).slice(0, 16)}`,
        ip_address: ipFor(group, id, seed),
        vmid: store.nextVmid(),
        extra_storage_monthly: extraStorageMonthly(f.p, diskSize),
      },
      invoice: makeInvoice(store.nextInvoiceId(), ctx.now, f.paid, 'New Order'),
      power: { state: 'running', since: readyAt ?? ctx.now },
    };
    store.addAccount(rec);
    return rec;
  };

  /** Replaces the account's last invoice with a new one for an upgrade order; returns the order id. */
  const upgradeInvoice = (ctx: Ctx, rec: { invoice: VmAccount['invoice'] }, paid: boolean, type: string): string => {
    rec.invoice = makeInvoice(ctx.env.store.nextInvoiceId(), ctx.now, paid, type);
    return ctx.env.store.nextOrderId();
  };

  const routes: Route[] = [
    // ---- catalogues (sections 11 / 16)
    { method: 'GET', pattern: `${prefix}/products`, handler: ({ env }) => cat(env).products.map((p) => p.plan) },
    { method: 'GET', pattern: `${prefix}/products/:pid`, handler: (ctx) => planOf(ctx).plan },
    { method: 'GET', pattern: `${prefix}/products/:pid/oss`, handler: (ctx) => planOf(ctx).oss },
    { method: 'GET', pattern: `${prefix}/products/:pid/ip-availability`, handler: (ctx) => ({ available: planOf(ctx).ipAvailable }) },

    // ---- VM accounts (sections 7 / 12)
    {
      method: 'GET',
      pattern: `${prefix}/accounts`,
      handler: ({ env, now, query }) =>
        filterStatus(
          env.store.accountsOf('vm').filter((r) => r.group === group).map((r) => vmView(env, r, now)),
          query,
        ),
    },
    { method: 'GET', pattern: `${prefix}/accounts/:id`, handler: (ctx) => vmView(ctx.env, vm(ctx), ctx.now) },
    {
      method: 'GET',
      pattern: `${prefix}/accounts/:id/vm-details`,
      handler: (ctx) => {
        const rec = vm(ctx);
        if (rec.terminated_at !== null) throw notFound('VM on the hypervisor for account', rec.id);
        const status = statusOf(rec, ctx.now);
        if (status === 'Pending') throw conflict(`${what} ${rec.id} is not ready (status Pending)`);
        const a = effective(rec, ctx.now);
        const p = product(ctx.env, group, a.product_id);
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
        const f = vmOrderFields(ctx, v, 'vm_name');
        const os = v.str('select_os', true);
        if (f.p && os !== undefined && !f.p.oss.some((o) => o.name === os)) {
          v.fail('select_os', `select_os ${os} is not offered for product ${f.p.plan.product_id}`);
        }
        v.check();
        const p = f.p as VmProduct;
        const rec = newVm(
          ctx,
          { ...f, p, cycle: f.cycle as string, keypairId: f.keypairId as number, user: f.user as string, password: f.password as string, name: f.name as string },
          os as string,
          p.baseDisk,
        );
        recordOrder(ctx, `${group}.create`, rec.id, p.plan.product_id);
        return { order_id: rec.order_id, account_id: rec.id };
      },
    },
    {
      method: 'DELETE',
      pattern: `${prefix}/:id`,
      handler: (ctx) => {
        const rec = vm(ctx);
        if (rec.terminated_at !== null) throw notFound(what, rec.id);
        rec.terminated_at = ctx.now;
        rec.power = { state: 'stopped', since: ctx.now };
        ctx.env.store.touch();
        return OK;
      },
    },
    ...['', '/*state'].map(
      (tail): Route => ({
        method: 'PUT',
        pattern: `${prefix}/accounts/:id/vm-state${tail}`,
        handler: (ctx) => {
          const rec = vm(ctx);
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
          ctx.env.store.touch();
          return OK;
        },
      }),
    ),
    {
      method: 'PUT',
      pattern: `${prefix}/accounts/:id/rebuild`,
      handler: (ctx) => {
        const rec = vm(ctx);
        const v = new Validator(ctx.body);
        const os = v.str('select_os', true);
        v.check();
        requireProvisioned(rec, what, ctx.now);
        const p = product(ctx.env, group, target(rec).product_id);
        if (!p.oss.some((o) => o.name === os)) {
          throw unprocessable('select_os', `select_os ${os} is not offered for product ${p.plan.product_id}`);
        }
        ctx.env.store.schedule<VmAttrs>(rec, { osname: os as string }, ctx.now, ctx.env.asyncMs, true, 'rebuild');
        rec.power = { state: 'running', since: ctx.now + ctx.env.asyncMs };
        return OK;
      },
    },
    {
      method: 'PUT',
      pattern: `${prefix}/accounts/:id/change-vm-name`,
      handler: (ctx) => {
        const rec = vm(ctx);
        const v = new Validator(ctx.body);
        const name = v.str('name', true);
        if (name !== undefined && !isName(name, 6, 16)) v.fail('name', 'name must be 6 to 16 characters of letters, digits, "." and "-"');
        v.check();
        requireLive(rec, what);
        rec.attrs.name = name as string;
        ctx.env.store.touch();
        return OK;
      },
    },
    {
      method: 'PUT',
      pattern: `${prefix}/accounts/:id/keypair`,
      handler: (ctx) => {
        const rec = vm(ctx);
        const v = new Validator(ctx.body);
        const kp = v.int('keypair_id', true);
        if (kp !== undefined && !inPool(ctx.env.store.data.keypairs, group, kp)) {
          v.fail('keypair_id', `keypair_id ${kp} is not in the ${group} keypair pool`);
        }
        v.check();
        requireLive(rec, what);
        rec.attrs.sshkey_id = kp as number;
        ctx.env.store.touch();
        return OK;
      },
    },
    {
      method: 'GET',
      pattern: `${prefix}/accounts/:id/change-package`,
      handler: (ctx) => {
        const rec = vm(ctx);
        const a = target(rec);
        const cur = product(ctx.env, group, a.product_id);
        return {
          account_id: rec.id,
          cycle: rec.cycle,
          currency: 'IDR',
          current: { product_id: cur.plan.product_id, name: cur.plan.name, price: cyclePrice(cur.monthly, rec.cycle) },
          packages: cat(ctx.env)
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
        };
      },
    },
    {
      method: 'POST',
      pattern: `${prefix}/accounts/:id/change-package`,
      handler: (ctx) => {
        const rec = vm(ctx);
        const v = new Validator(ctx.body);
        const newId = v.int('new_product_id', true);
        const paid = v.pay();
        const np = newId === undefined ? undefined : findVmProduct(ctx.env.catalog, group, newId);
        if (newId !== undefined && !np) v.fail('new_product_id', `new_product_id ${newId} is not a ${group} product`);
        v.check();
        requireProvisioned(rec, what, ctx.now);
        const a = target(rec);
        const cur = product(ctx.env, group, a.product_id);
        const next = np as VmProduct;
        if (next.plan.product_id === cur.plan.product_id) {
          throw unprocessable('new_product_id', `account ${rec.id} is already on product ${cur.plan.product_id}`);
        }
        const smaller = next.plan.options.memory < cur.plan.options.memory || next.plan.options.cores < cur.plan.options.cores;
        if (smaller && cur.plan.options.allow_downgrade !== 1) {
          throw unprocessable('new_product_id', `product ${cur.plan.product_id} does not allow downgrades`);
        }
        const diskSize = Math.max(a.disk_size, next.baseDisk);
        ctx.env.store.schedule<VmAttrs>(
          rec,
          { product_id: next.plan.product_id, disk_size: diskSize, extra_storage_monthly: extraStorageMonthly(next, diskSize) },
          ctx.now,
          ctx.env.asyncMs,
          paid,
          'change-package',
        );
        const orderId = upgradeInvoice(ctx, rec, paid, 'Upgrade');
        recordOrder(ctx, `${group}.change-package`, rec.id, next.plan.product_id);
        return { order_id: orderId, account_id: rec.id };
      },
    },
    {
      method: 'GET',
      pattern: `${prefix}/accounts/:id/storage`,
      handler: (ctx) => {
        const rec = vm(ctx);
        const a = target(rec);
        const p = product(ctx.env, group, a.product_id);
        return {
          account_id: rec.id,
          cycle: rec.cycle,
          currency: 'IDR',
          current_disk_size: a.disk_size,
          min_disk_size: a.disk_size + 1,
          max_disk_size: cat(ctx.env).maxVmDisk,
          unit: 'GB',
          price_per_gb: cyclePrice(p.perGbMonthly * 1000, rec.cycle) / 1000,
          price_per_gb_monthly: p.perGbMonthly,
        };
      },
    },
    {
      method: 'PUT',
      pattern: `${prefix}/accounts/:id/storage`,
      handler: (ctx) => {
        const rec = vm(ctx);
        const v = new Validator(ctx.body);
        const size = v.int('disk_size', true);
        const paid = v.pay();
        v.check();
        requireProvisioned(rec, what, ctx.now);
        const a = target(rec);
        const size_ = size as number;
        if (size_ <= a.disk_size) {
          throw unprocessable('disk_size', `disk_size must be greater than the current ${a.disk_size} GB (got ${size_})`);
        }
        if (size_ > cat(ctx.env).maxVmDisk) {
          throw unprocessable('disk_size', `disk_size must be at most ${cat(ctx.env).maxVmDisk} GB`);
        }
        const p = product(ctx.env, group, a.product_id);
        ctx.env.store.schedule<VmAttrs>(
          rec,
          { disk_size: size_, extra_storage_monthly: extraStorageMonthly(p, size_) },
          ctx.now,
          ctx.env.asyncMs,
          paid,
          'storage-upgrade',
        );
        const orderId = upgradeInvoice(ctx, rec, paid, 'Upgrade');
        recordOrder(ctx, `${group}.storage-upgrade`, rec.id, a.product_id);
        return { order_id: orderId, account_id: rec.id };
      },
    },

    // ---- snapshots (sections 9 / 14)
    {
      method: 'POST',
      pattern: `${prefix}/accounts/:id/snapshot`,
      handler: (ctx) => {
        const src = vm(ctx);
        const v = new Validator(ctx.body);
        const cycle = v.str('cycle', true);
        checkCycle(v, cycle, LITE_CYCLES);
        const name = v.str('name', false) ?? 'snapshot-name';
        if (!isName(name, 6, 16)) v.fail('name', 'name must be 6 to 16 characters of letters, digits, "." and "-"');
        const description = v.str('description', false) ?? '';
        checkPromocode(v);
        const paid = v.pay();
        v.check();
        requireProvisioned(src, what, ctx.now);
        const { store, provisioningMs } = ctx.env;
        const a = target(src);
        const sp = cat(ctx.env).snapshotProducts[0];
        if (!sp) throw new HttpError(500, 'no snapshot product');
        const id = store.nextAccountId();
        const rec: SnapshotAccount = {
          kind: 'snapshot',
          group,
          id,
          cycle: cycle as string,
          order_id: store.nextOrderId(),
          created_at: ctx.now,
          ready_at: paid ? ctx.now + provisioningMs : null,
          terminated_at: null,
          changes: [],
          attrs: {
            product_id: sp.product_id,
            name,
            description,
            region: a.region,
            lite_account_id: src.id,
            source_osname: a.osname,
            source_disk_size: a.disk_size,
          },
          invoice: makeInvoice(store.nextInvoiceId(), ctx.now, paid, 'New Order'),
        };
        store.addAccount(rec);
        recordOrder(ctx, `${group}.snapshot-create`, id, sp.product_id);
        return { order_id: rec.order_id, account_id: id };
      },
    },
    {
      method: 'GET',
      pattern: `${prefix}/snapshots/accounts`,
      handler: ({ env, now, query }) =>
        filterStatus(
          env.store.accountsOf('snapshot').filter((r) => r.group === group).map((r) => snapshotView(r, now)),
          query,
        ),
    },
    { method: 'GET', pattern: `${prefix}/snapshots/accounts/:id`, handler: (ctx) => snapshotView(snapshot(ctx), ctx.now) },
    {
      method: 'DELETE',
      pattern: `${prefix}/snapshots/:id`,
      handler: (ctx) => {
        // Never touches VMs (neither the source nor VMs made from it).
        const rec = snapshot(ctx);
        if (rec.terminated_at !== null) throw notFound('snapshot', rec.id);
        rec.terminated_at = ctx.now;
        ctx.env.store.touch();
        return OK;
      },
    },
    {
      method: 'POST',
      pattern: `${prefix}/snapshots/accounts/:id/create`,
      handler: (ctx) => {
        const snap = snapshot(ctx);
        const v = new Validator(ctx.body);
        const f = vmOrderFields(ctx, v, 'name');
        v.check();
        requireProvisioned(snap, 'snapshot', ctx.now);
        const s = effective(snap, ctx.now);
        const p = f.p as VmProduct;
        const rec = newVm(
          ctx,
          { ...f, p, cycle: f.cycle as string, keypairId: f.keypairId as number, user: f.user as string, password: f.password as string, name: f.name as string },
          s.source_osname,
          Math.max(p.baseDisk, s.source_disk_size),
        );
        recordOrder(ctx, `${group}.snapshot-create-vm`, rec.id, p.plan.product_id);
        return { order_id: rec.order_id, account_id: rec.id };
      },
    },
    {
      method: 'PUT',
      pattern: `${prefix}/snapshots/accounts/:id/restore`,
      handler: (ctx) => {
        const snap = snapshot(ctx);
        requireProvisioned(snap, 'snapshot', ctx.now);
        const s = effective(snap, ctx.now);
        const src = ctx.env.store.account('vm', s.lite_account_id);
        if (!src || src.terminated_at !== null) throw conflict(`the source VM ${s.lite_account_id} of snapshot ${snap.id} no longer exists`);
        ctx.env.store.schedule<VmAttrs>(src, { osname: s.source_osname }, ctx.now, ctx.env.asyncMs, true, 'snapshot-restore');
        return OK;
      },
    },
    { method: 'GET', pattern: `${prefix}/snapshots/products`, handler: ({ env }) => cat(env).snapshotProducts },
    {
      method: 'GET',
      pattern: `${prefix}/snapshots/products/:pid`,
      handler: (ctx) => found(cat(ctx.env).snapshotProducts.find((p) => p.product_id === Number(ctx.params.pid)), 'product', ctx.params.pid as string),
    },

    // ---- extra disks (sections 10 / 15)
    {
      method: 'POST',
      pattern: `${prefix}/disks`,
      handler: (ctx) => {
        const g = cat(ctx.env);
        const v = new Validator(ctx.body);
        const productId = v.int('product_id', true);
        const cycle = v.str('cycle', true);
        checkCycle(v, cycle, LITE_CYCLES);
        const vmId = v.int('lite_account_id', true);
        const serviceName = v.str('service_name', false) ?? 'service-name';
        if (!isName(serviceName, 6, 16)) v.fail('service_name', 'service_name must be 6 to 16 characters of letters, digits, "." and "-"');
        const size = v.int('size', false) ?? g.minDisk;
        checkPromocode(v);
        const paid = v.pay();
        const dp = productId === undefined ? undefined : g.diskProducts.find((d) => d.product_id === productId);
        if (productId !== undefined && !dp) v.fail('product_id', `product_id ${productId} is not a ${group} disk product`);
        if (size < g.minDisk) v.fail('size', `size must be at least ${g.minDisk} GB (got ${size})`);
        else if (dp && size > dp.max_size) v.fail('size', `size must be at most ${dp.max_size} GB`);
        if (vmId !== undefined) {
          const target_ = ctx.env.store.account('vm', String(vmId));
          if (!target_ || target_.group !== group || target_.terminated_at !== null) {
            v.fail('lite_account_id', `lite_account_id ${vmId} is not a live ${vmWhat(group)}`);
          }
        }
        v.check();
        const { store, provisioningMs } = ctx.env;
        const id = store.nextAccountId();
        const rec: DiskAccount = {
          kind: 'disk',
          group,
          id,
          cycle: cycle as string,
          order_id: store.nextOrderId(),
          created_at: ctx.now,
          ready_at: paid ? ctx.now + provisioningMs : null,
          terminated_at: null,
          changes: [],
          attrs: { product_id: productId as number, service_name: serviceName, size, lite_account_id: String(vmId) },
          invoice: makeInvoice(store.nextInvoiceId(), ctx.now, paid, 'New Order'),
        };
        store.addAccount(rec);
        recordOrder(ctx, `${group}.disk-create`, id, productId);
        return { order_id: rec.order_id, account_id: id };
      },
    },
    {
      method: 'GET',
      pattern: `${prefix}/disks/accounts`,
      handler: ({ env, now, query }) =>
        filterStatus(
          env.store.accountsOf('disk').filter((r) => r.group === group).map((r) => diskView(r, now)),
          query,
        ),
    },
    { method: 'GET', pattern: `${prefix}/disks/accounts/:id`, handler: (ctx) => diskView(disk(ctx), ctx.now) },
    {
      method: 'PUT',
      pattern: `${prefix}/disks/accounts/:id`,
      handler: (ctx) => {
        const rec = disk(ctx);
        const v = new Validator(ctx.body);
        const add = v.int('additional_size', true);
        const paid = v.pay();
        if (add !== undefined && add <= 0) v.fail('additional_size', 'additional_size must be a positive number of GB');
        v.check();
        requireProvisioned(rec, 'disk', ctx.now);
        const a = target(rec);
        const dp = cat(ctx.env).diskProducts.find((d) => d.product_id === a.product_id);
        const size = a.size + (add as number);
        if (dp && size > dp.max_size) throw unprocessable('additional_size', `the disk would exceed ${dp.max_size} GB`);
        ctx.env.store.schedule(rec, { size }, ctx.now, ctx.env.asyncMs, paid, 'disk-upgrade');
        rec.invoice = makeInvoice(ctx.env.store.nextInvoiceId(), ctx.now, paid, 'Upgrade');
        const orderId = ctx.env.store.nextOrderId();
        recordOrder(ctx, `${group}.disk-upgrade`, rec.id, a.product_id);
        return { order_id: orderId, account_id: rec.id };
      },
    },
    {
      method: 'DELETE',
      pattern: `${prefix}/disks/:id`,
      handler: (ctx) => {
        const rec = disk(ctx);
        if (rec.terminated_at !== null) throw notFound('disk', rec.id);
        rec.terminated_at = ctx.now;
        ctx.env.store.touch();
        return OK;
      },
    },
    { method: 'GET', pattern: `${prefix}/disks/products`, handler: ({ env }) => cat(env).diskProducts },
    {
      method: 'GET',
      pattern: `${prefix}/disks/products/:pid`,
      handler: (ctx) => found(cat(ctx.env).diskProducts.find((p) => p.product_id === Number(ctx.params.pid)), 'product', ctx.params.pid as string),
    },

    ...keypairRoutes(prefix, group, 'sshkey_id'),
  ];

  if (group === 'lite') {
    routes.push(
      {
        method: 'GET',
        pattern: `${prefix}/accounts/:id/migrate-to-pro/products`,
        handler: (ctx) => {
          const rec = vm(ctx);
          const cur = product(ctx.env, group, target(rec).product_id);
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
      {
        method: 'POST',
        pattern: `${prefix}/accounts/:id/migrate-to-pro`,
        handler: (ctx) => {
          const rec = vm(ctx);
          const v = new Validator(ctx.body);
          const proId = v.int('litepro_product_id', true);
          const paid = v.pay();
          if (proId !== undefined && !findVmProduct(ctx.env.catalog, 'lite-pro', proId)) {
            v.fail('litepro_product_id', `litepro_product_id ${proId} is not a lite pro product`);
          }
          v.check();
          requireProvisioned(rec, what, ctx.now);
          if (target(rec).migrated_to_pro) throw conflict(`lite VM ${rec.id} is already migrated to lite pro`);
          ctx.env.store.schedule<VmAttrs>(
            rec,
            { migrated_to_pro: { litepro_product_id: proId as number } },
            ctx.now,
            ctx.env.asyncMs,
            paid,
            'migrate-to-pro',
          );
          const orderId = upgradeInvoice(ctx, rec, paid, 'Migration');
          recordOrder(ctx, 'lite.migrate-to-pro', rec.id, proId);
          return { order_id: orderId, account_id: rec.id, litepro_product_id: proId, status: statusOf(rec, ctx.now) };
        },
      },
    );
  }
  return routes;
}
