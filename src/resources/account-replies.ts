/**
 * Wire helpers shared by every resource module of both groups (lite-style
 * and bare metal): lenient reading of untyped account objects, the
 * `Terminated` rule, order replies, live lists, keypair lists, and the
 * read / wait / delete calls every account-like type makes. Endpoint
 * contract: docs/api/envelope-and-errors.md, docs/api/polling.md and docs/api/quirks.md.
 * Wire-shaping only: no diffing, no state.
 */
import { wire, type KeypairRoutes } from '../api/routes.js';
import { asArray, asRecord, isRecord, parseId, pickFirst } from '../api/parse.js';
import { waitUntilActive } from '../api/poll.js';
import type { Attributes } from '../core/types.js';
import type { CreateResult, ListRead, OperationContext, Readiness } from './attribute.js';
import { memoised } from './attribute-blocks.js';

/** One live resource as `ResourceType.list` returns it. */
export interface ListedResource {
  id: string;
  attributes: Attributes;
  /** The list item as the API sent it (keys canonical), for what the mapping does not keep (`billingcycle`, `recurring_amount`). */
  item?: Record<string, unknown>;
}

/**
 * What a `list` resolves with: the live resources, `incomplete` when an
 * item could not be mapped, and `terminated`, how many items the list
 * held that were `Terminated` (left out).
 */
export type ListedResources = ListedResource[] & { incomplete?: boolean; terminated?: number };

/** Text of a loose value: `''` for null/undefined, the string itself, else `String(value)`. */
export function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : String(value);
}

/** The status of an account object (`status`, else `state`), as the server spells it; `''` when absent. */
export function statusOf(account: Record<string, unknown>): string {
  return text(pickFirst(account, [...wire.statusAlternatives]));
}

/**
 * True when an account object reports `Terminated` (any case, surrounding
 * blanks ignored, as the poller reads statuses): such an account counts as gone.
 */
export function isTerminated(account: Record<string, unknown>): boolean {
  return statusOf(account).trim().toLowerCase() === 'terminated';
}

/**
 * The account id of an account object (`account_id`, else `id`), as a decimal string.
 * @throws Error naming `what` when neither holds a numeric id.
 */
export function accountIdOf(account: Record<string, unknown>, what: string): string {
  return parseId(pickFirst(account, [...wire.accountIdAlternatives]), what);
}

/** True when `candidate` (number or numeric string) is the id `id` (a canonical decimal string). */
export function sameId(candidate: unknown, id: string): boolean {
  if (candidate === undefined || candidate === null) return false;
  try {
    return parseId(candidate, 'id') === id;
  } catch {
    return false;
  }
}

/** The `extra_details` object of an account, or `{}`. */
export function extraDetails(account: Record<string, unknown>): Record<string, unknown> {
  return isRecord(account.extra_details) ? account.extra_details : {};
}

/**
 * The create result of a paid order's reply (BillingRef, or the bare-metal
 * group's order object): the new id from `account_id` (else `id`), and
 * `order_id` (else `orderid`) as text, `''` when absent.
 * @throws Error naming `what` when the reply is not an object or holds no numeric id.
 */
export function orderResult(reply: unknown, what: string): CreateResult & { attributes: { order_id: string } } {
  const data = canonicalKeys(asRecord(reply, what)) as Record<string, unknown>;
  const id = parseId(pickFirst(data, [...wire.accountIdAlternatives]), `account_id of the reply of ${what}`);
  return { id, attributes: { order_id: text(pickFirst(data, [...wire.orderIdAlternatives])) } };
}

/**
 * A list reply that says nothing: `{ "data": null }` (or a `null` body).
 * It is unknown, not empty: a resource it does not hold is not gone, and an
 * order it does not show may still have been placed.
 */
export class UnknownListError extends Error {
  constructor(what: string) {
    super(`${what}: the list came back null, which says nothing about what exists (not an empty list)`);
    this.name = 'UnknownListError';
  }
}

/**
 * The items of a list reply (the client's unwrapped `data`).
 * @throws UnknownListError when the reply is `null` or an envelope whose `data` is `null`
 * @throws Error when the reply is anything else but a list
 */
export function listItems(reply: unknown, what: string): unknown[] {
  if (isNullList(reply)) throw new UnknownListError(what);
  return asArray(reply, what);
}

/**
 * The contract's snake_case spelling of a key sent in another case:
 * `Product_id`, `PRODUCT_ID` and `productId` are `product_id`. Keys without
 * an upper-case letter are returned as they are.
 */
export function canonicalKey(key: string): string {
  const known = canonicalKeyMemo.get(key);
  if (known !== undefined) return known;
  const canonical = recased(key);
  if (canonicalKeyMemo.size < MEMO_LIMIT) canonicalKeyMemo.set(key, canonical);
  return canonical;
}

/** {@link canonicalKey} worked out. */
function recased(key: string): string {
  if (!/[A-Z]/.test(key)) return key;
  if (key === key.toUpperCase()) return key.toLowerCase();
  return (key.charAt(0).toLowerCase() + key.slice(1)).replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`).replace(/_+/g, '_');
}

/** Keys already worked out by {@link canonicalKey} (a reply names few distinct keys, read 100,000 times in a large list). */
const canonicalKeyMemo = new Map<string, string>();
/** At most this many keys are remembered (a server sending endless distinct keys costs time, never memory). */
const MEMO_LIMIT = 10_000;

/**
 * A reply with every object key (nested ones too) in the contract's
 * snake_case (`canonicalKey`): the contract names its fields in snake_case,
 * and a server that words them in another case means the same field. A key
 * already spelt canonically wins over a recased duplicate. What needs no
 * recasing is returned as it is (not copied): a list of 33,000 accounts in
 * the contract's case costs no second copy of itself. Callers never change
 * a reply, so the reply and its canonical form may be the same objects.
 */
export function canonicalKeys(value: unknown): unknown {
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      const canonical = typeof item === 'object' && item !== null ? canonicalKeys(item) : item;
      if (canonical !== item && !out) out = value.slice(0, index);
      out?.push(canonical);
    }
    return out ?? value;
  }
  if (!isRecord(value)) return value;
  const keys = Object.keys(value);
  let children: unknown[] | undefined;
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!;
    const item = value[key];
    const canonical = typeof item === 'object' && item !== null ? canonicalKeys(item) : item;
    if ((canonical !== item || canonicalKey(key) !== key) && !children) children = keys.slice(0, index).map((name) => value[name]);
    children?.push(canonical);
  }
  if (!children) return value;
  const out: Record<string, unknown> = {};
  // Canonical keys are copied in order, recased ones kept aside and added after them.
  let recasedEntries: Array<[string, unknown]> | undefined;
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!;
    const canonical = canonicalKey(key);
    if (canonical !== key) (recasedEntries ??= []).push([canonical, children[index]]);
    else out[key] = children[index];
  }
  if (recasedEntries) for (const [canonical, item] of recasedEntries) if (!Object.hasOwn(out, canonical)) out[canonical] = item;
  return out;
}

/**
 * How many times a list that comes back null is asked for before it is
 * declared unknown. Each attempt that fails multiplies the chance of failing
 * by the rate of null replies: at the simulator's `variant` rate (1 in 10),
 * 5 attempts left 1 list read in 100,000 unknown, which a long run (the
 * property soak reads about that many lists) did hit; 8 leave 1 in
 * 100,000,000. Only a list that keeps coming back null costs the extra GETs.
 */
export const NULL_LIST_ATTEMPTS = 8;

/**
 * GETs a list endpoint and resolves with its items, keys canonical
 * (`canonicalKeys`). A null list (`{ "data": null }`) is asked for again
 * (a GET is safe to repeat), up to {@link NULL_LIST_ATTEMPTS} (8) times in all, before it is declared unknown.
 * @throws UnknownListError when the list comes back null every time; Error when the reply is not a list.
 */
export async function getList(context: OperationContext, path: string, what = `GET ${path}`): Promise<unknown[]> {
  let reply = await context.api.get(path, { signal: context.signal });
  for (let retry = 1; retry < NULL_LIST_ATTEMPTS && isNullList(reply); retry++)
    reply = await context.api.get(path, { signal: context.signal });
  return listItems(canonicalKeys(reply), what);
}

/** True for a list reply that says nothing: `null`, or an envelope whose `data` is `null`. */
function isNullList(reply: unknown): boolean {
  return reply === null || reply === undefined || (isRecord(reply) && 'data' in reply && reply.data === null);
}

/**
 * What a `read` resolves with when the API could not say (its list came
 * back null): the id alone, so every other attribute keeps its prior value
 * (the generic merge keeps what is not reported) and the resource is
 * neither gone nor changed.
 */
export function unknownRead(id: string): Attributes {
  return { id };
}

/**
 * GETs `path` (a list endpoint, see `getList`) and keeps the objects that
 * are not `Terminated` (lists may still show deleted accounts).
 * @throws UnknownListError when the list comes back null; Error when the reply is not a list.
 */
export async function liveItems(context: OperationContext, path: string): Promise<Array<Record<string, unknown>>> {
  const items = await getList(context, path);
  return items.filter((item): item is Record<string, unknown> => isRecord(item) && !isTerminated(item));
}

/**
 * The live items of GET `path` (see {@link liveItems}) with their account id
 * (`account_id`, else `id`), in list order; an item without a usable id is
 * skipped.
 */
export async function liveAccounts(context: OperationContext, path: string): Promise<Array<[string, Record<string, unknown>]>> {
  const accounts: Array<[string, Record<string, unknown>]> = [];
  for (const item of await liveItems(context, path)) {
    try {
      accounts.push([accountIdOf(item, 'account_id'), item]);
    } catch {
      // no usable id: it cannot be matched or managed
    }
  }
  return accounts;
}

/**
 * What every account-like `list` returns: GET `path`, keep the live
 * objects, map each with `map` (the type's read mapping, which sets `id`).
 * An item `map` rejects (no usable id) is skipped: it cannot be matched or
 * managed, and it must not hide the others from reconciliation. The result
 * carries `incomplete: true` (not enumerable) when an item was skipped:
 * such a listing cannot prove an order absent.
 */
export async function listLive(
  context: OperationContext,
  path: string,
  map: (item: Record<string, unknown>) => Attributes,
): Promise<ListedResources> {
  const listed: ListedResources = [];
  // A list holding items that could not be read proves nothing absent:
  // reconciliation never abandons an order on it (a `null` list rejects).
  let incomplete = false;
  let terminated = 0;
  for (const item of await getList(context, path)) {
    if (!isRecord(item)) continue;
    if (isTerminated(item)) {
      terminated++;
      continue;
    }
    let attributes: Attributes;
    try {
      attributes = map(item);
    } catch {
      incomplete = true;
      continue;
    }
    listed.push({ id: String(attributes.id), attributes, item });
  }
  if (incomplete) Object.defineProperty(listed, 'incomplete', { value: true, enumerable: false });
  Object.defineProperty(listed, 'terminated', { value: terminated, enumerable: false });
  return listed;
}

/**
 * GETs one account object at `path` (keys canonical, `canonicalKeys`).
 * Resolves `null` when it is gone (404, or status `Terminated`).
 * @throws Error when the reply is not an object.
 */
export async function readLiveAccount(context: OperationContext, path: string): Promise<Record<string, unknown> | null> {
  const body = await context.api.get(path, { notFoundAsNull: true, signal: context.signal });
  if (body === null) return null;
  const account = canonicalKeys(asRecord(body, `GET ${path}`)) as Record<string, unknown>;
  return isTerminated(account) ? null : account;
}

/** DELETEs `path`; a 404 counts as already deleted. No waiting afterwards. */
export async function deleteIgnoringNotFound(context: OperationContext, path: string): Promise<void> {
  await context.api.delete(path, { notFoundAsNull: true, signal: context.signal });
}

/**
 * Polls GET `path` until the status is `Active`, failing at once on one of
 * `failureStatuses` (lower case). `what` names the resource in messages.
 */
export async function waitForActive(context: OperationContext, path: string, failureStatuses: string[], what: string): Promise<void> {
  await waitUntilActive(context, { path, failureStatuses, what });
}

/**
 * The `waitUntilReady` of a type whose wait is described by `readiness`:
 * polls GET `readiness.path(id)` until `Active` (see {@link waitForActive}).
 */
export function waitUntilActiveBy(readiness: Readiness): (context: OperationContext, id: string) => Promise<void> {
  return (context, id) => waitForActive(context, readiness.path(id), readiness.failureStatuses, readiness.what(id));
}

/** Two spellings of one OpenSSH public key line are the same key when they differ only in blanks. */
function sameKey(a: unknown, b: unknown): boolean {
  const normal = (value: unknown) => (typeof value === 'string' ? value.trim().split(/\s+/).join(' ') : undefined);
  return normal(a) !== undefined && normal(a) === normal(b);
}

/**
 * Maps a KeypairItem (list item or create reply) of keypair `id` to
 * `id`, `keypair_id`, `name` and `public_key`. When the service reports the
 * key in other blanks than `prior` (a trailing newline from a YAML block),
 * the prior spelling is kept so no change is seen.
 */
export function keypairAttributes(id: string, item: Record<string, unknown>, prior: Attributes | undefined): Attributes {
  const reported = pickFirst(item, [...wire.publicKeyAlternatives]);
  return {
    id,
    keypair_id: Number(id),
    name: text(item.name),
    public_key: sameKey(prior?.public_key, reported) ? prior!.public_key! : typeof reported === 'string' ? reported : '',
  };
}

/**
 * The keypairs of one pool by id, from GET {prefix}/keypairs/ (there is no
 * GET by id). Items that are not objects or hold no numeric id
 * (`keypair_id`, `sshkey_id`, `id`) are skipped; the first item with an id wins.
 * @throws Error when the reply is not a list.
 */
async function keypairsById(context: OperationContext, routes: KeypairRoutes): Promise<Map<string, Record<string, unknown>>> {
  const items = await getList(context, routes.collection);
  const byId = new Map<string, Record<string, unknown>>();
  for (const item of items) {
    if (!isRecord(item)) continue;
    let id: string;
    try {
      id = parseId(pickFirst(item, [...wire.keypairIdAlternatives]), 'keypair_id');
    } catch {
      continue;
    }
    if (!byId.has(id)) byId.set(id, item);
  }
  return byId;
}

/**
 * One keypair of the pool, or `null` when the list does not hold `id` (the
 * keypair is gone), or `undefined` when the list came back null (unknown). The list is memoised on `context.memo` when there is
 * one (a refresh lists each pool once, however many keypairs it reads).
 * Endpoint: GET {prefix}/keypairs/.
 */
export async function findKeypair(
  context: OperationContext,
  routes: KeypairRoutes,
  id: string,
): Promise<Record<string, unknown> | null | undefined> {
  let index;
  try {
    index = await memoised(context, `GET ${routes.collection} by id`, () => keypairsById(context, routes));
  } catch (error) {
    if (error instanceof UnknownListError) return undefined;
    throw error;
  }
  return index.get(id) ?? null;
}

/**
 * The `refreshByList` of a keypair type (no GET by id: the pool's list is
 * its only read). `all` is the pool by id, memoised per refresh under the
 * key {@link findKeypair} uses (the pool is listed once); it rejects with
 * UnknownListError when the list came back null (the refresh then reads
 * each keypair with the type's `read`, which keeps it as it is). `one`
 * looks an id the list lacks up in that same list (`null`: gone).
 * `attributes` maps an item as the type's `read` does.
 * Endpoint: GET {prefix}/keypairs/.
 */
export function keypairListRead(
  routes: KeypairRoutes,
  attributes: (id: string, item: Record<string, unknown>, prior: Attributes | undefined) => Attributes,
): ListRead {
  return {
    all: (context) => memoised(context, `GET ${routes.collection} by id`, () => keypairsById(context, routes)),
    async one(context, id) {
      const item = await findKeypair(context, routes, id);
      if (item === undefined) throw new UnknownListError(`GET ${routes.collection}`);
      return item;
    },
    attributes: (item, id, prior) => attributes(id, item, prior),
  };
}

/**
 * Every keypair of the pool, each mapped with `map` (never memoised: a
 * list is for reconciling, which needs the pool as it is now).
 * Endpoint: GET {prefix}/keypairs/.
 */
export async function listKeypairs(
  context: OperationContext,
  routes: KeypairRoutes,
  map: (id: string, item: Record<string, unknown>) => Attributes,
): Promise<ListedResource[]> {
  return [...(await keypairsById(context, routes))].map(([id, item]) => ({ id, attributes: map(id, item), item }));
}

/** What {@link accountListRead} needs of an account-like type. */
export interface AccountListReadOptions {
  /** The list endpoint, e.g. `/lites/accounts`. */
  list: string;
  /** The GET-by-id endpoint of one account. */
  one: (id: string) => string;
  /** The type's mapping of an account object (as `read` maps it, without its detail request). */
  attributes: (item: Record<string, unknown>, id: string, prior: Attributes | undefined) => Attributes;
  /** See `ListRead.detailAttributes` / `ListRead.detail`. */
  detailAttributes?: string[];
  detail?: ListRead['detail'];
  /** See `ListRead.readiness`: set when the list's items carry the status the wait for `Active` polls. */
  readiness?: Readiness;
}

/**
 * The `refreshByList` of an account-like type: the live items of GET `list`
 * by account id (memoised per refresh under `GET <list> live by id`; items
 * without a numeric id are skipped, the first with an id wins), and
 * `readLiveAccount` on `one(id)` for a single resource.
 */
export function accountListRead(options: AccountListReadOptions): ListRead {
  return {
    all: (context) =>
      memoised(context, `GET ${options.list} live by id`, async () => {
        const byId = new Map<string, Record<string, unknown>>();
        for (const [id, item] of await liveAccounts(context, options.list)) if (!byId.has(id)) byId.set(id, item);
        return byId;
      }),
    one: (context, id) => readLiveAccount(context, options.one(id)),
    attributes: options.attributes,
    ...(options.detailAttributes ? { detailAttributes: options.detailAttributes } : {}),
    ...(options.detail ? { detail: options.detail } : {}),
    ...(options.readiness ? { readiness: options.readiness } : {}),
  };
}
