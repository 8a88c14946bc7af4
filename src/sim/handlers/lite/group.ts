/**
 * What the lite-style route modules share: the group's naming and
 * catalogue, account look-ups, the body checks of VM orders (create and
 * VM-from-snapshot) and the creation of a VM account.
 */
import { findVmProduct, groupOf, LITE_CYCLES, type Group, type GroupCatalog, type VmProduct } from '../../catalog.js';
import type { Ctx, SimEnv } from '../../router.js';
import type { DiskAccount, SnapshotAccount, VmAccount } from '../../store.js';
import { hashHex } from '../../random.js';
import { isConsolePassword, isName, type Validator } from '../../request-body.js';
import { HttpError } from '../../request-errors.js';
import { accountLookup, checkCycle, checkPromocode, found, ipFor, newAccountFields } from '../accounts-and-invoices.js';

/** The validated fields of a VM order (create or VM-from-snapshot). */
export interface VmOrder {
  p: VmProduct;
  cycle: string;
  keypairId: number;
  user: string;
  password: string;
  name: string;
  description: string;
  paid: boolean;
}

/** One lite-style group as its route modules see it. */
export interface LiteGroup {
  group: Group;
  /** `/lites` or `/lite-pros`. */
  prefix: string;
  /** `lite VM` or `lite pro VM`, for messages. */
  what: string;
  cat(env: SimEnv): GroupCatalog;
  /** The group's product `productId`; a 500 when it vanished (it never does). */
  product(env: SimEnv, productId: number): VmProduct;
  /** The product named by the `:pid` path parameter; 404 when unknown. */
  planOf(ctx: Ctx): VmProduct;
  /** The VM named by the path parameter `param` (default `id`); 404 when unknown or of the other group. */
  vm(ctx: Ctx, param?: string): VmAccount;
  snapshot(ctx: Ctx): SnapshotAccount;
  disk(ctx: Ctx): DiskAccount;
  /**
   * Checks the fields shared by VM create and VM-from-snapshot (their name
   * key differs: `vm_name` / `name`), recording problems on `v`; the caller
   * runs `v.check()`, after which every field is defined.
   */
  vmOrderFields(ctx: Ctx, v: Validator, nameKey: 'vm_name' | 'name'): Partial<VmOrder> & { description: string; paid: boolean };
  /** Creates and stores the VM account of a checked order, with OS `os` and a `diskSize` GB disk. */
  newVm(ctx: Ctx, order: VmOrder, os: string, diskSize: number): VmAccount;
}

/** `lite VM` / `lite pro VM`. */
export function vmWhat(group: Group): string {
  return group === 'lite' ? 'lite VM' : 'lite pro VM';
}

/** Monthly IDR of storage above the product's base disk. */
export function extraStorageMonthly(p: VmProduct, diskSize: number): number {
  return Math.max(0, diskSize - p.baseDisk) * p.perGbMonthly;
}

/** Builds the {@link LiteGroup} of `group`. */
export function liteGroup(group: Group): LiteGroup {
  const what = vmWhat(group);
  const ofGroup = (rec: { group: Group }) => rec.group === group;
  const product = (env: SimEnv, productId: number): VmProduct => {
    const p = findVmProduct(env.catalog, group, productId);
    if (!p) throw new HttpError(500, `product ${productId} vanished from the catalogue`);
    return p;
  };
  return {
    group,
    prefix: group === 'lite' ? '/lites' : '/lite-pros',
    what,
    cat: (env) => groupOf(env.catalog, group),
    product,
    planOf: (ctx) => found(findVmProduct(ctx.env.catalog, group, Number(ctx.params.pid)), 'product', ctx.params.pid as string),
    vm: accountLookup('vm', what, ofGroup),
    snapshot: accountLookup('snapshot', 'snapshot', ofGroup),
    disk: accountLookup('disk', 'disk', ofGroup),

    vmOrderFields(ctx, v, nameKey) {
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
      if (keypairId !== undefined && !ctx.env.store.keypairIn(group, keypairId)) {
        v.fail('keypair_id', `keypair_id ${keypairId} is not in the ${group} keypair pool`);
      }
      return { p, cycle, keypairId, user, password, name, description, paid };
    },

    newVm(ctx, f, os, diskSize) {
      const { store, seed } = ctx.env;
      const base = newAccountFields(ctx, f.cycle, f.paid);
      const rec: VmAccount = {
        kind: 'vm',
        group,
        ...base,
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
          tenant_id: `tn-${hashHex(seed, 'tenant', base.id).slice(0, 16)}`,
          ip_address: ipFor(group, base.id, seed),
          vmid: store.nextVmid(),
          extra_storage_monthly: extraStorageMonthly(f.p, diskSize),
        },
        power: { state: 'running', since: base.ready_at ?? ctx.now },
      };
      store.addAccount(rec);
      return rec;
    },
  };
}
