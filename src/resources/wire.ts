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
import type { CreateResult, OperationContext } from './attribute.js';
import { memoised } from './common.js';

/** One live resource as `ResourceType.list` returns it. */
export interface ListedResource {
  id: string;
  attributes: Attributes;
}

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
  const data = asRecord(reply, what);
  const id = parseId(pickFirst(data, [...wire.accountIdAlternatives]), `account_id of the reply of ${what}`);
  return { id, attributes: { order_id: text(pickFirst(data, [...wire.orderIdAlternatives])) } };
}

/**
 * GETs `path` (a list endpoint) and keeps the objects that are not
 * `Terminated` (lists may still show deleted accounts).
 * @throws Error when the reply is not a list.
 */
export async function liveItems(context: OperationContext, path: string): Promise<Array<Record<string, unknown>>> {
  const items = asArray(await context.api.get(path, { signal: context.signal }), `GET ${path}`);
  return items.filter((item): item is Record<string, unknown> => isRecord(item) && !isTerminated(item));
}

/**
 * What every account-like `list` returns: GET `path`, keep the live
 * objects, map each with `map` (the type's read mapping, which sets `id`).
 * An item `map` rejects (no usable id) is skipped: it cannot be matched or
 * managed, and it must not hide the others from reconciliation. The result
 * carries `incomplete: true` (not enumerable) when an item was skipped or
 * the list came as `null`: such a listing cannot prove an order absent.
 */
export async function listLive(
  context: OperationContext, path: string, map: (item: Record<string, unknown>) => Attributes,
): Promise<ListedResource[] & { incomplete?: boolean }> {
  const reply = await context.api.get(path, { signal: context.signal });
  const items = asArray(reply, `GET ${path}`).filter((item): item is Record<string, unknown> => isRecord(item) && !isTerminated(item));
  const listed: ListedResource[] & { incomplete?: boolean } = [];
  // A list that came as `null` or held items that could not be read proves
  // nothing absent: reconciliation never abandons an order on it.
  let incomplete = !Array.isArray(reply);
  for (const item of items) {
    let attributes: Attributes;
    try {
      attributes = map(item);
    } catch {
      incomplete = true;
      continue;
    }
    listed.push({ id: String(attributes.id), attributes });
  }
  if (incomplete) Object.defineProperty(listed, 'incomplete', { value: true, enumerable: false });
  return listed;
}

/**
 * GETs one account object at `path`. Resolves `null` when it is gone (404,
 * or status `Terminated`).
 * @throws Error when the reply is not an object.
 */
export async function readLiveAccount(context: OperationContext, path: string): Promise<Record<string, unknown> | null> {
  const body = await context.api.get(path, { notFoundAsNull: true, signal: context.signal });
  if (body === null) return null;
  const account = asRecord(body, `GET ${path}`);
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
  const items = asArray(await context.api.get(routes.collection, { signal: context.signal }), `GET ${routes.collection}`);
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
 * keypair is gone). The list is memoised on `context.memo` when there is
 * one (a refresh lists each pool once, however many keypairs it reads).
 * Endpoint: GET {prefix}/keypairs/.
 */
export async function findKeypair(context: OperationContext, routes: KeypairRoutes, id: string): Promise<Record<string, unknown> | null> {
  const index = await memoised(context, `GET ${routes.collection} by id`, () => keypairsById(context, routes));
  return index.get(id) ?? null;
}

/**
 * Every keypair of the pool, each mapped with `map` (never memoised: a
 * list is for reconciling, which needs the pool as it is now).
 * Endpoint: GET {prefix}/keypairs/.
 */
export async function listKeypairs(
  context: OperationContext, routes: KeypairRoutes, map: (id: string, item: Record<string, unknown>) => Attributes,
): Promise<ListedResource[]> {
  return [...(await keypairsById(context, routes))].map(([id, item]) => ({ id, attributes: map(id, item) }));
}
