/**
 * Small wire helpers shared by the lite-style resource modules: reading a
 * BillingRef (the reply of every paid order), the `Terminated` rule and
 * the live-items list used by every `list`.
 */
import { wire } from '../../api/routes.js';
import { asArray, asRecord, isRecord, parseId, pickFirst } from '../../api/parse.js';
import type { Attributes } from '../../core/types.js';
import type { CreateResult, OperationContext } from '../attribute.js';

/** `String(value)`, with `''` for null and undefined. */
export function text(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/** The status of an account-like object (`status`, else `state`); `''` when absent. */
export function statusText(item: Record<string, unknown>): string {
  return text(pickFirst(item, [...wire.statusAlternatives]));
}

/** True when an account-like object has the status `Terminated` (any case). */
export function isTerminated(item: Record<string, unknown>): boolean {
  return statusText(item).toLowerCase() === 'terminated';
}

/**
 * The create result of a paid order's reply (BillingRef): the new id from
 * `account_id` (else `id`), and `order_id` (else `orderid`) as a string.
 * A missing id is an error naming `what`.
 */
export function orderResult(reply: unknown, what: string): CreateResult {
  const data = asRecord(reply, what);
  const id = parseId(pickFirst(data, [...wire.accountIdAlternatives]), `account_id of the reply of ${what}`);
  return { id, attributes: { order_id: text(pickFirst(data, [...wire.orderIdAlternatives])) } };
}

/**
 * GETs `path` (a list endpoint) and keeps the objects that are not
 * `Terminated`. Used by every lite-style `list`.
 */
export async function listLive(context: OperationContext, path: string): Promise<Array<Record<string, unknown>>> {
  const items = asArray(await context.api.get(path, { signal: context.signal }), `GET ${path}`);
  return items.filter((item): item is Record<string, unknown> => isRecord(item) && !isTerminated(item));
}

/** The `extra_details` object of an account, or `{}`. */
export function extraDetails(account: Record<string, unknown>): Record<string, unknown> {
  return isRecord(account.extra_details) ? account.extra_details : {};
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

/**
 * What every lite-style `list` returns: GET `path`, keep the live objects
 * that carry an id (`account_id`, else `id`), map each with `map` (the
 * type's read mapping, which sets `id`).
 */
export async function listMapped(
  context: OperationContext, path: string, map: (item: Record<string, unknown>) => Attributes,
): Promise<Array<{ id: string; attributes: Attributes }>> {
  return (await listLive(context, path))
    .filter((item) => pickFirst(item, [...wire.accountIdAlternatives]) !== undefined)
    .map((item) => {
      const attributes = map(item);
      return { id: String(attributes.id), attributes };
    });
}
