/**
 * The simulator's contract-variation rules: each one changes how the
 * simulated cloud reads a request or shapes a reply, within what
 * docs/api/ leaves uncertain (its unpublished and
 * inferred shapes, the disagreements between the reference tools, the open
 * questions of its Quirks). The `variant` profile draws them per reply; a
 * test can enable exactly one (`SimulatorOptions.variations`).
 *
 * Rules act after the handler has done its work, on its reply (and, for the
 * behaviour rules, on the store: an upgrade held unpaid), or before it on
 * the request body (`pay-by-presence`). They never touch the order ledger:
 * an order a rule hides from the reply (no id, a 429) is still recorded,
 * so duplicate detection stays exact.
 */
import { findVmProduct, type Group } from './catalog.js';
import type { Ctx } from './router.js';
import { effective, type VmAccount } from './store.js';
import type { LedgerEntry, VariationName } from './types.js';
import { HttpError, notFound } from './request-errors.js';
import { iso } from './dates.js';

/** What a rule sees of one request. */
export interface Exchange {
  ctx: Ctx;
  /** Orders the handler placed (ledger entries appended by this request). */
  orders: LedgerEntry[];
  /** The request's seeded RNG (floats in [0, 1)). */
  rng: () => number;
}

/** One variation rule. */
export interface VariationRule {
  name: VariationName;
  /** What the rule does, in one sentence (docs and `--help`). */
  summary: string;
  /** Probability that the `variant` profile draws it for one reply (0..1). */
  weight: number;
  /**
   * Request side, before the handler: may replace `x.ctx.body`. Resolves
   * true when it changed how the request is read.
   */
  request?(x: Exchange): boolean;
  /**
   * Reply side, after the handler succeeded: `{ data }` with the reply to
   * send when the rule applied (it may also change the store), `undefined`
   * when it does not apply to this reply. May throw an `HttpError` (the
   * reply becomes that error; what the handler did stays done).
   */
  reply?(x: Exchange, data: unknown): { data: unknown } | undefined;
}

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** True for an account-like object: it carries an id and a status. */
const isAccount = (value: unknown): value is Json => isRecord(value) && 'account_id' in value && 'status' in value;

const pick = <T>(rng: () => number, items: readonly T[]): T => items[Math.floor(rng() * items.length) % items.length] as T;

/** The API group of a route pattern: lite-style, bare-metal-style or neither. */
function groupOf(pattern: string): 'lite' | 'baremetal' | undefined {
  if (pattern.startsWith('/lites') || pattern.startsWith('/lite-pros')) return 'lite';
  if (pattern.startsWith('/baremetal')) return 'baremetal';
  return undefined;
}

/** The top-level objects of a reply: the object itself, or the object items of a list. */
function objectsOf(data: unknown): Json[] {
  if (Array.isArray(data)) return data.filter(isRecord);
  return isRecord(data) ? [data] : [];
}

/** Deep copy of a JSON value. */
const copy = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));

/** Keys a shape rule never drops or empties: the identity and status of an account, or of a catalogue / keypair item. */
const ACCOUNT_KEYS = new Set(['account_id', 'id', 'status', 'state']);
const ITEM_KEYS = new Set(['product_id', 'id', 'keypair_id', 'sshkey_id', 'name', 'status', 'state']);

/**
 * Calls `visit(object, key)` for every key of every object of the reply
 * that a shape rule may change (identity and status keys excluded; nested
 * objects such as `extra_details` are visited too, with nothing protected).
 */
function eachFreeKey(data: unknown, visit: (object: Json, key: string) => void): void {
  const walk = (object: Json, protectedKeys: ReadonlySet<string>) => {
    for (const key of Object.keys(object)) {
      const value = object[key];
      if (isRecord(value)) walk(value, new Set());
      if (!protectedKeys.has(key)) visit(object, key);
    }
  };
  for (const object of objectsOf(data)) walk(object, 'account_id' in object ? ACCOUNT_KEYS : ITEM_KEYS);
}

/**
 * Applies `change` to a random subset (each with probability `share`, at
 * least one) of the candidates `eachFreeKey` finds where `eligible` holds.
 * Returns the changed copy, or undefined when there was no candidate.
 */
function changeSomeKeys(
  x: Exchange,
  data: unknown,
  eligible: (value: unknown) => boolean,
  change: (object: Json, key: string) => void,
  share = 0.35,
): { data: unknown } | undefined {
  const out = copy(data);
  const candidates: Array<[Json, string]> = [];
  eachFreeKey(out, (object, key) => {
    if (eligible(object[key])) candidates.push([object, key]);
  });
  if (candidates.length === 0) return undefined;
  const chosen = candidates.filter(() => x.rng() < share);
  if (chosen.length === 0) chosen.push(pick(x.rng, candidates));
  for (const [object, key] of chosen) change(object, key);
  return { data: out };
}

/** The stored VM account `id`, when it is one. */
function storeVm(ctx: Ctx, id: string | undefined): VmAccount | undefined {
  if (id === undefined) return undefined;
  const rec = ctx.env.store.accountById(id);
  return rec && rec.kind === 'vm' ? rec : undefined;
}

const migrated = (ctx: Ctx, rec: VmAccount | undefined): boolean =>
  rec !== undefined && effective(rec, ctx.now).migrated_to_pro !== undefined;

/** In-place paid orders (the ledger operations an upgrade places). */
const UPGRADE = /\.(change-package|storage-upgrade|disk-upgrade|upgrade)$/;

/** Every rule, by name. */
export const VARIATION_RULES: Readonly<Record<VariationName, VariationRule>> = {
  'pay-by-presence': {
    name: 'pay-by-presence',
    summary:
      'A presence-testing server: any `pay_invoice_with_cc` value (even "no" or false) pays the invoice; only its absence leaves it unpaid.',
    weight: 1,
    request({ ctx }) {
      const field = 'pay_invoice_with_cc';
      const value = ctx.body[field];
      if (value === undefined || value === null || value === '') return false;
      if (value === true || value === 1 || (typeof value === 'string' && /^(yes|true|1)$/i.test(value.trim()))) return false;
      ctx.body = { ...ctx.body, [field]: 'yes' };
      return true;
    },
  },

  'rate-limited-after-order': {
    name: 'rate-limited-after-order',
    summary:
      'A request that placed an order is answered 429 Too Many Requests: the order is taken (and in the ledger) but the client is told to retry.',
    weight: 0.1,
    reply({ orders }) {
      if (orders.length === 0) return undefined;
      throw new HttpError(429, 'Too Many Requests');
    },
  },

  'upgrade-keeps-old-value': {
    name: 'upgrade-keeps-old-value',
    summary:
      'A paid in-place order (change-package, storage, disk or elastic storage upgrade) is taken with its invoice left open: the account stays `Active` with the old value until the invoice is paid (10 × the provisioning time later, at least 1.5 s).',
    weight: 0.3,
    reply({ ctx, orders }, data) {
      let applied = false;
      const holdMs = Math.max(10 * ctx.env.provisioningMs, 1500);
      for (const order of orders) {
        if (!UPGRADE.test(order.operation)) continue;
        const rec = ctx.env.store.accountById(order.account_id);
        const change = rec?.changes[rec.changes.length - 1];
        if (!rec || !change || change.at === null) continue;
        change.quiet = true;
        change.at = Math.max(change.at, ctx.now + holdMs);
        rec.invoice.paidAt = change.at;
        ctx.env.store.touch(rec);
        applied = true;
      }
      return applied ? { data } : undefined;
    },
  },

  'migrated-lite-gone': {
    name: 'migrated-lite-gone',
    summary:
      'A lite account migrated to lite pro is gone: its GETs answer 404 (or `Terminated`) and lists leave it out (or show it `Terminated`).',
    weight: 0.5,
    reply({ ctx, rng }, data) {
      if (ctx.method !== 'GET' || !ctx.pattern.startsWith('/lites/accounts')) return undefined;
      if (ctx.pattern === '/lites/accounts') {
        const items = Array.isArray(data) ? data : [];
        if (!items.some((item) => isRecord(item) && migrated(ctx, storeVm(ctx, String(item.account_id))))) return undefined;
        const terminate = rng() < 0.5;
        const out = items.flatMap((item) => {
          if (!isRecord(item) || !migrated(ctx, storeVm(ctx, String(item.account_id)))) return [item];
          return terminate ? [{ ...item, status: 'Terminated' }] : [];
        });
        return { data: out };
      }
      const rec = storeVm(ctx, ctx.params.id);
      if (!migrated(ctx, rec)) return undefined;
      if (ctx.pattern === '/lites/accounts/:id' && isRecord(data) && rng() < 0.5) return { data: { ...data, status: 'Terminated' } };
      throw notFound('lite VM', ctx.params.id as string);
    },
  },

  'lagging-lists': {
    name: 'lagging-lists',
    summary:
      'Lists lag behind creates: accounts and keypairs made in the last moments (5 × the provisioning time, at least 1 s) are not listed yet.',
    weight: 0.2,
    reply({ ctx }, data) {
      if (ctx.method !== 'GET' || !Array.isArray(data)) return undefined;
      const lagMs = Math.max(1000, 5 * ctx.env.provisioningMs);
      const createdAt = (item: Json): number | undefined => {
        if (item.account_id !== undefined) return ctx.env.store.data.accounts[String(item.account_id)]?.created_at;
        const keypairId = Number(item.keypair_id ?? item.sshkey_id);
        return ctx.env.store.keypairById(keypairId)?.created_at;
      };
      const out = data.filter((item) => {
        const at = isRecord(item) ? createdAt(item) : undefined;
        return at === undefined || ctx.now - at >= lagMs;
      });
      return out.length === data.length ? undefined : { data: out };
    },
  },

  'failure-status': {
    name: 'failure-status',
    summary:
      'An account is reported in a failure status the contract allows for its group: `Suspended` (lite, lite pro) or `error` / `failed` (bare metal, additional IPs, elastic storage).',
    weight: 0.03,
    reply({ ctx, rng }, data) {
      const group = groupOf(ctx.pattern);
      if (ctx.method !== 'GET' || group === undefined) return undefined;
      const out = copy(data);
      const accounts = objectsOf(out).filter((item) => isAccount(item) && String(item.status) !== 'Terminated');
      if (accounts.length === 0) return undefined;
      const victim = Array.isArray(out) ? pick(rng, accounts) : (accounts[0] as Json);
      victim.status = group === 'lite' ? 'Suspended' : pick(rng, ['error', 'failed']);
      return { data: out };
    },
  },

  'order-reply-without-id': {
    name: 'order-reply-without-id',
    summary:
      'A request that placed an order answers 2xx without the new id: `{order_id}` alone, `{}`, a message, or a bare "success". The order is placed all the same.',
    weight: 0.15,
    reply({ orders, rng }, data) {
      if (orders.length === 0 || !isRecord(data)) return undefined;
      const { account_id: _account, id: _id, ...rest } = data;
      const shapes: unknown[] = [rest, {}, { message: 'Your order has been received' }, 'success'];
      return { data: pick(rng, shapes) };
    },
  },

  'keypair-private-key': {
    name: 'keypair-private-key',
    summary:
      "A generated keypair's private key comes under another key name (`private`, `secret_key`, `pem`, `privateKey`, `ssh_private_key`) or not at all.",
    weight: 0.3,
    reply({ ctx, rng }, data) {
      if (ctx.method !== 'POST' || !ctx.pattern.endsWith('/keypairs/') || !isRecord(data) || data.private_key === undefined)
        return undefined;
      const { private_key: privateKey, ...rest } = data;
      const key = pick(rng, ['private', 'secret_key', 'pem', 'privateKey', 'ssh_private_key', undefined]);
      return { data: key === undefined ? rest : { ...rest, [key]: privateKey } };
    },
  },

  'product-description': {
    name: 'product-description',
    summary:
      "A lite or lite pro VM account's top-level `description` is its product's description (the contract groups it with `product_name`), not the VM's.",
    weight: 0.3,
    reply({ ctx }, data) {
      const match = /^\/(lites|lite-pros)\/accounts(\/:id)?$/.exec(ctx.pattern);
      if (ctx.method !== 'GET' || !match) return undefined;
      const group: Group = match[1] === 'lites' ? 'lite' : 'lite-pro';
      const out = copy(data);
      let applied = false;
      for (const account of objectsOf(out)) {
        const product = findVmProduct(ctx.env.catalog, group, Number(account.product_id));
        if (product && account.description !== product.plan.description) {
          account.description = product.plan.description;
          applied = true;
        }
      }
      return applied ? { data: out } : undefined;
    },
  },

  'omit-optional-keys': {
    name: 'omit-optional-keys',
    summary: 'Some keys other than ids and statuses are left out of objects (account fields, `extra_details` entries, catalogue fields).',
    weight: 0.15,
    reply: (x, data) =>
      changeSomeKeys(
        x,
        data,
        () => true,
        (object, key) => delete object[key],
      ),
  },

  'empty-strings': {
    name: 'empty-strings',
    summary: 'Some non-empty string values other than ids and statuses are sent as "".',
    weight: 0.15,
    reply: (x, data) =>
      changeSomeKeys(
        x,
        data,
        (value) => typeof value === 'string' && value !== '',
        (object, key) => {
          object[key] = '';
        },
      ),
  },

  'extra-fields': {
    name: 'extra-fields',
    summary: 'Objects carry fields the contract does not name (`uuid`, `updated_at`, `_links`, `meta`, and `node` in `extra_details`).',
    weight: 0.3,
    reply({ ctx, rng }, data) {
      const out = copy(data);
      const objects = objectsOf(out);
      if (objects.length === 0) return undefined;
      for (const object of objects) {
        object.uuid = `sim-${Math.floor(rng() * 0xffffffff)
          .toString(16)
          .padStart(8, '0')}`;
        object.updated_at = iso(ctx.now);
        object._links = { self: ctx.path };
        object.meta = null;
        if (isRecord(object.extra_details)) object.extra_details.node = `pve-node-${1 + Math.floor(rng() * 4)}`;
      }
      return { data: out };
    },
  },

  'id-types': {
    name: 'id-types',
    summary:
      'Ids (`id` and every `*_id` key, nested ones too) flip type: numbers arrive as numeric strings and numeric strings as numbers.',
    weight: 0.3,
    reply(_x, data) {
      const out = copy(data);
      let applied = false;
      const walk = (value: unknown): void => {
        if (Array.isArray(value)) value.forEach(walk);
        if (!isRecord(value)) return;
        for (const [key, item] of Object.entries(value)) {
          if (key === 'id' || key.endsWith('_id')) {
            if (typeof item === 'number' && Number.isSafeInteger(item)) {
              value[key] = String(item);
              applied = true;
            } else if (typeof item === 'string' && /^\d{1,15}$/.test(item)) {
              value[key] = Number(item);
              applied = true;
            }
          }
          walk(item);
        }
      };
      walk(out);
      return applied ? { data: out } : undefined;
    },
  },

  'key-case': {
    name: 'key-case',
    summary: 'The top-level keys of objects come in another case: `Capitalised_key`, `UPPER_KEY` or `camelKey` (one style per reply).',
    weight: 0.05,
    reply({ rng }, data) {
      const style = pick(rng, ['capitalised', 'upper', 'camel'] as const);
      const recase = (key: string): string => {
        if (style === 'upper') return key.toUpperCase();
        if (style === 'capitalised') return key.charAt(0).toUpperCase() + key.slice(1);
        return key.replace(/_([a-z0-9])/g, (_m, letter: string) => letter.toUpperCase());
      };
      const rename = (object: Json): Json => Object.fromEntries(Object.entries(object).map(([key, value]) => [recase(key), value]));
      let applied = false;
      const one = (item: unknown): unknown => {
        if (!isRecord(item)) return item;
        const renamed = rename(item);
        if (Object.keys(renamed).some((key, index) => key !== Object.keys(item)[index])) applied = true;
        return renamed;
      };
      const out = Array.isArray(data) ? data.map(one) : one(copy(data));
      return applied ? { data: out } : undefined;
    },
  },

  'null-lists': {
    name: 'null-lists',
    summary: 'A list reply is `{ "data": null }` instead of an array (whatever the list holds).',
    weight: 0.1,
    reply: (_x, data) => (Array.isArray(data) ? { data: null } : undefined),
  },
};
