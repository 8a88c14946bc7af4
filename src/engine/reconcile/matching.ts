/**
 * Finding the account an order of unknown outcome made: the type listed,
 * what state holds or the run removed left out (I1), the order's identity
 * fields compared; the state entry of an adopted one.
 */
import { policyFacts } from '../../resources/policies.js';
import { readBackOf, type OperationContext, type ResourceType } from '../../resources/attribute.js';
import { isMask } from '../../core/mask.js';
import type { JournalIntent } from '../../state/journal.js';
import type { StateStore } from '../../state/store.js';
import { mergeAttributes } from '../attributes.js';
import { lostAtCreate } from '../marks.js';
import { sameValue } from '../diff.js';
import type { Attributes, Value } from '../../core/types.js';
import type { ResourceState } from '../../state/document.js';

/**
 * The `match` fields that identify a resource when listing: inputs the API
 * reports back as they were sent (not computed or sensitive, read back
 * authoritatively (`readBack`); not trigger, grow or desired, which converge after the create), and
 * not masked in the journal.
 */
export function identityFields(type: ResourceType, match: Record<string, Value>): Record<string, Value> {
  const fields: Record<string, Value> = {};
  for (const [name, value] of Object.entries(match)) {
    const attribute = type.attributes[name];
    if (!attribute || attribute.mode === 'computed' || attribute.sensitive || readBackOf(attribute) !== 'authoritative') continue;
    const facts = policyFacts(attribute.policy);
    if (facts && !facts.identifiesOrder) continue;
    if (isMask(value) || value === undefined) continue;
    fields[name] = value;
  }
  return fields;
}

/** Equality of a journaled value and a listed one: scalars compare as text (`7` and `"7"` are equal). */
export function sameReported(expected: Value, reported: Value): boolean {
  const scalar = (value: Value) => value === null || typeof value !== 'object';
  if (scalar(expected) && scalar(reported)) return String(expected ?? '') === String(reported ?? '');
  return sameValue(expected, reported);
}

/**
 * True when `attributes` (a listed resource) agrees with every field of
 * `fields` the API reports (a field it does not report, `undefined` or
 * `null` or `''`, is not held against it).
 */
export function matchesFields(fields: Record<string, Value>, attributes: Attributes): boolean {
  for (const [name, expected] of Object.entries(fields)) {
    const reported = attributes[name];
    if (reported === undefined || reported === null || reported === '') continue;
    if (!sameReported(expected, reported)) return false;
  }
  return true;
}

/**
 * The live resources of `type` an unfinished create may have made: listed,
 * minus accounts state holds or this run removed (any address, any type of
 * the same account kind: I1), minus ids that existed
 * before the order, filtered by the identity fields of `intent.match`;
 * several left are narrowed by its evidence fields when that leaves any.
 * Endpoint: the type's list endpoint.
 * @throws Error when the type cannot list; the API's errors.
 */
export async function findCreated(
  type: ResourceType,
  context: OperationContext,
  intent: Pick<JournalIntent, 'match' | 'existing'>,
  store: StateStore,
  seen?: { incomplete: boolean },
): Promise<Array<{ id: string; attributes: Attributes }>> {
  if (!type.list) throw new Error(`${type.type} cannot be listed, so an order of unknown outcome cannot be looked for`);
  const listed = await type.list(context);
  if (seen && (listed as { incomplete?: boolean }).incomplete) seen.incomplete = true;
  return unmanagedMatches(type, listed, intent, store);
}

/**
 * The items of `listed` (a type's live resources) an unfinished create may
 * have made: not spoken for in state (`StateStore.claimed`: held at any
 * address under any type naming the same kind of account, or removed from
 * state in this run: I1), not listed before the order, agreeing with the
 * identity fields of `intent.match`.
 */
export function unmanagedMatches(
  type: ResourceType,
  listed: Array<{ id: string; attributes: Attributes }>,
  intent: Pick<JournalIntent, 'match' | 'existing'>,
  store: StateStore,
): Array<{ id: string; attributes: Attributes }> {
  const before = new Set(intent.existing ?? []);
  const fields = identityFields(type, intent.match);
  const matched = listed.filter(
    (item) => !store.claimed(type.type, item.id) && !before.has(item.id) && matchesFields(fields, item.attributes),
  );
  if (matched.length <= 1) return matched;
  // Several candidates: what the listing reports of inputs that are not read
  // back authoritatively may break the tie, never rule every candidate out
  // (a reply that words them otherwise must not make an order look unplaced).
  const evidence = evidenceFields(type, intent.match);
  const narrowed = matched.filter((item) => matchesFields(evidence, item.attributes));
  return narrowed.length >= 1 ? narrowed : matched;
}

/**
 * The `match` fields that are not identity fields but may tell candidates
 * apart: inputs read back as `informational` or `never` (not computed,
 * sensitive or masked) that a listing may still report.
 */
export function evidenceFields(type: ResourceType, match: Record<string, Value>): Record<string, Value> {
  const fields: Record<string, Value> = {};
  for (const [name, value] of Object.entries(match)) {
    const attribute = type.attributes[name];
    if (
      !attribute ||
      attribute.mode === 'computed' ||
      attribute.sensitive ||
      attribute.writeOnly ||
      readBackOf(attribute) === 'authoritative'
    )
      continue;
    if (isMask(value) || value === undefined || value === null || value === '') continue;
    fields[name] = value;
  }
  return fields;
}

/**
 * Ids of the live resources of `type` right now, listed before a run's
 * first create of the type and journaled once (a listing its create intents
 * reference), so reconciliation never mistakes an older resource for an order.
 * Resolves `undefined` when the type cannot list or the list fails (the
 * order goes ahead; matching then relies on the fields alone). A type read
 * by listing gives the ids from its list's items (`ListRead.all`, the same
 * live items `list` maps) without mapping each one: an account of hundreds
 * of servers is listed here before the first order of the run.
 */
export async function existingIds(type: ResourceType, context: OperationContext): Promise<string[] | undefined> {
  if (!type.list) return undefined;
  try {
    if (type.refreshByList) return [...(await type.refreshByList.all(context)).keys()];
    return (await type.list(context)).map((item) => item.id);
  } catch {
    return undefined;
  }
}

/**
 * The state entry for a resource adopted after an order of unknown outcome:
 * the listed attributes merged with the journaled inputs (masked secrets
 * dropped: they stay unknown until the manifest supplies them), write-only
 * inputs the order did not send recorded as unset (`null`), marked
 * `pending_create` so the normal flow waits for `Active` and reads it, and
 * `lost_at_create` naming what only the lost answer carried (a private key).
 */
export function adoptedState(
  type: ResourceType,
  id: string,
  listed: Attributes,
  inputs: Record<string, Value>,
  dependencies: string[],
): ResourceState {
  const known: Attributes = {};
  for (const [name, value] of Object.entries(inputs)) {
    const attribute = type.attributes[name];
    if (!attribute || attribute.mode === 'computed' || attribute.sensitive || isMask(value)) continue;
    known[name] = value;
  }
  for (const [name, attribute] of Object.entries(type.attributes)) {
    if (attribute.writeOnly && !attribute.sensitive && known[name] === undefined && !Object.hasOwn(inputs, name)) known[name] = null;
  }
  const attributes = mergeAttributes(type, undefined, { ...listed, id }, known);
  attributes.id = id;
  const lost = lostAtCreate(type, attributes);
  return { type: type.type, id, attributes, dependencies, pending_create: true, ...(lost.length > 0 ? { lost_at_create: lost } : {}) };
}
