/**
 * What only the bare-metal group's modules share (server, additional IP,
 * elastic storage, data sources): the account fields of docs/api/baremetal.md,
 * additional-ips.md and elastic-storage.md, the failure statuses of docs/api/polling.md,
 * and the lenient catalog items. The wire helpers both groups use live in
 * ../account-replies.ts. Wire-shaping only: no diffing, no state.
 */
import { wire } from '../../api/routes.js';
import { isRecord, pickFirst, rawJson, toInt } from '../../api/parse.js';
import type { Attributes, Value } from '../../core/types.js';
import type { Attribute, Readiness, ResourceType } from '../attribute.js';
import { computed } from '../attribute-blocks.js';
import { numericImportId } from '../define.js';
import {
  accountListRead,
  deleteIgnoringNotFound,
  listLive,
  readLiveAccount,
  statusOf,
  text,
  waitUntilActiveBy,
  type AccountListReadOptions,
} from '../account-replies.js';

/** Statuses (lower case) that end a wait for `Active` with an error, for every bare-metal group resource. */
export const BAREMETAL_FAILURE_STATUSES = ['terminated', 'error', 'failed'];

/**
 * The attributes every bare-metal group account carries: `status`,
 * `created_at` (from `created_at` / `date_created`) and `raw` (masked JSON).
 */
export function commonAccountAttributes(account: Record<string, unknown>): Attributes {
  return {
    status: statusOf(account),
    created_at: text(pickFirst(account, [...wire.createdAlternatives])),
    raw: rawJson(account),
  };
}

/** The public IPv4 of an account object (`ip_address`, `ip`, `public_ip`, `ipv4`); `''` when absent. */
export function ipAddressOf(account: Record<string, unknown>): string {
  return text(pickFirst(account, [...wire.ipAlternatives]));
}

/** Sets `attributes[name]` to the integer under the first present key, when there is one. */
export function setInt(attributes: Attributes, name: string, account: Record<string, unknown>, keys: readonly string[]): void {
  const value = toInt(pickFirst(account, keys));
  if (value !== null) attributes[name] = value;
}

/** The billing system's names of the bare-metal cycle codes (`Monthly` is `m`, `Annually` is `a`). */
const CYCLE_CODES: Record<string, string> = { m: 'm', a: 'a', monthly: 'm', annually: 'a', annual: 'a', yearly: 'a' };

/**
 * Sets `attributes.cycle` to the cycle code (`m`/`a`) the account reports
 * under `cycle` or `billingcycle`, only when `prior` does not know the cycle
 * (an import): `cycle` is a create-only input the account words its own way.
 */
export function setImportedCycle(attributes: Attributes, account: Record<string, unknown>, prior: Attributes | undefined): void {
  const cycle =
    CYCLE_CODES[
      text(pickFirst(account, ['cycle', 'billingcycle']))
        .trim()
        .toLowerCase()
    ];
  if (prior?.cycle === undefined && cycle !== undefined) attributes.cycle = cycle;
}

/** Where a bare-metal group account lives and how it reads: see {@link accountLifecycle}. */
export interface AccountLifecycleOptions extends Pick<AccountListReadOptions, 'detailAttributes' | 'detail'> {
  /** The resource, as messages name it (`additional IP`). */
  what: string;
  /** The list endpoint (GET), e.g. `/baremetal-additional-ips`. */
  list: string;
  /** The GET endpoint of one account. */
  one: (id: string) => string;
  /** The DELETE endpoint of one account; `one` when absent. */
  remove?: (id: string) => string;
  /** The type's mapping of an account object; `prior` is `undefined` for a listed one. */
  attributes: (account: Record<string, unknown>, prior: Attributes | undefined) => Attributes;
}

/**
 * The import id, reads, wait and delete every bare-metal group account
 * shares: imported by its numeric account id; `waitUntilReady` polls GET `one(id)` until `Active` (failing on
 * terminated / error / failed); `read` is GET `one(id)` (404 or
 * `Terminated` → null); `delete` is DELETE `remove(id)` (404 counts as
 * already deleted, no waiting); `list` is GET `list` without `Terminated`
 * accounts; `refreshByList` reads GET `list` once and GET `one(id)` for one
 * the list lacks (with `detail` for the `detailAttributes`).
 */
export function accountLifecycle(
  options: AccountLifecycleOptions,
): Pick<ResourceType, 'importId' | 'parseImportId' | 'waitUntilReady' | 'read' | 'delete' | 'list' | 'refreshByList'> {
  const { what, list, one, remove = one, attributes } = options;
  const readiness: Readiness = { path: one, failureStatuses: BAREMETAL_FAILURE_STATUSES, what: (id) => `${what} ${id}` };
  return {
    ...numericImportId('account id'),
    waitUntilReady: waitUntilActiveBy(readiness),
    async read(context, id, prior) {
      const account = await readLiveAccount(context, one(id));
      return account === null ? null : { ...attributes(account, prior), id };
    },
    delete: (context, id) => deleteIgnoringNotFound(context, remove(id)),
    list: (context) => listLive(context, list, (account) => attributes(account, undefined)),
    refreshByList: accountListRead({
      list,
      one,
      attributes: (account, id, prior) => ({ ...attributes(account, prior), id }),
      detailAttributes: options.detailAttributes,
      detail: options.detail,
      readiness,
    }),
  };
}

/** Fields of one catalog item as the products data sources return it. */
export const productFields: Record<string, Attribute> = {
  product_id: computed('int64', 'The product id, the value to give as `product_id`.'),
  name: computed('string', 'The product name (from `name`, else `product_name` or `label`).'),
  description: computed('string', 'The product description.'),
  raw: computed('string', 'The whole catalog item as JSON, for fields cloudctl does not map.'),
};

/**
 * Maps one untyped catalog item leniently: `product_id` from `product_id`
 * or `id`, `name` from `name` / `product_name` / `label`, `description`, and
 * the item as masked JSON in `raw`. A bare string is taken as the name and a
 * bare number as the id.
 */
export function productItem(item: unknown): Value {
  if (!isRecord(item)) {
    return {
      product_id: typeof item === 'number' || typeof item === 'string' ? toInt(item) : null,
      name: typeof item === 'string' ? item : '',
      description: '',
      raw: rawJson(item),
    };
  }
  return {
    product_id: toInt(pickFirst(item, ['product_id', 'id'])),
    name: text(pickFirst(item, ['name', 'product_name', 'label'])),
    description: text(item.description),
    raw: rawJson(item),
  };
}

/**
 * Maps a list of strings or of objects to strings: a string is kept, an
 * object gives the first of `keys` it holds as text, anything else is dropped.
 */
export function stringItems(items: unknown[], keys: readonly string[]): string[] {
  const out: string[] = [];
  for (const item of items) {
    if (typeof item === 'string') {
      if (item !== '') out.push(item);
    } else if (typeof item === 'number') {
      out.push(String(item));
    } else if (isRecord(item)) {
      const value = pickFirst(item, keys);
      if (typeof value === 'string' || typeof value === 'number') out.push(String(value));
    }
  }
  return out;
}
