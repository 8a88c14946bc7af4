/**
 * How an API read becomes state attributes, for every type alike (refresh
 * after plan, read-back after apply, import). The rules come from the
 * attribute table (`Attribute.readBack`, src/resources/attribute.ts): inputs
 * not read back (`never`, `informational`) keep what cloudctl sent, values
 * created once (private keys) are kept, a missing, `null` or empty value
 * reported for an input is "not reported" and keeps the prior value, and
 * everything else the API reports wins.
 */
import { policyFacts, policyOperation } from '../resources/policies.js';
import { readBackOf, type Attribute, type ResourceType } from '../resources/attribute.js';
import type { Attributes, Value } from '../core/types.js';
import type { ReadBackNote } from '../plan/document.js';
import { sameValue } from './diff.js';
import { sameData } from '../core/equal.js';

/** True when an observed value says nothing: absent, `null` or `''`. */
export function unreported(value: Value | undefined): boolean {
  return value === undefined || value === null || value === '';
}

/** True for a read that holds nothing but the id (a type's "unknown" read: its list came back null), which says nothing of whether the resource is there. */
export function isUnknownRead(read: Attributes): boolean {
  return Object.keys(read).every((name) => name === 'id');
}

/**
 * Merges a read into state attributes.
 * @param type    the resource type (its attribute table decides)
 * @param prior   the state's attributes before, if any
 * @param read    what `type.read` returned
 * @param inputs  the inputs just applied (after a create or update), if any
 * @returns the attributes to store; `id` always included
 */
export function mergeAttributes(type: ResourceType, prior: Attributes | undefined, read: Attributes, inputs?: Attributes): Attributes {
  const merged: Attributes = {};
  const has = (record: Attributes | undefined, name: string) =>
    record !== undefined && Object.hasOwn(record, name) && record[name] !== undefined;
  /** What cloudctl knows of an input: the value just sent, else the state's. */
  const known = (name: string) => (has(inputs, name) ? inputs![name] : has(prior, name) ? prior![name] : undefined);
  for (const [name, attribute] of attributeEntries(type)) {
    let value;
    const readBack = readBackOf(attribute);
    if (attribute.keepFromCreate) value = prior?.[name] ?? read[name];
    else if (attribute.mode !== 'computed' && readBack !== 'authoritative') {
      // Not read back: keep what cloudctl sent; `null` means "known to be
      // unset" (so a trigger set later fires), absent means "unknown" (after
      // an import: the manifest's value is adopted). Only then is a reported
      // value used.
      value = has(inputs, name) || has(prior, name) ? known(name) : unreported(read[name]) ? undefined : read[name];
    } else if (attribute.mode !== 'computed' && unreported(read[name])) {
      // An authoritative input the reply leaves out (or sends null or empty):
      // keep the prior value; with none, take what was read (an import).
      value = has(inputs, name) || has(prior, name) ? known(name) : read[name];
    } else if (read[name] !== undefined) value = read[name];
    else value = has(inputs, name) ? inputs![name] : prior?.[name];
    if (value !== undefined) merged[name] = value;
  }
  if (read.id !== undefined) merged.id = read.id;
  return merged;
}

/**
 * True when `read` changes nothing of `prior` and notes nothing: the
 * attributes {@link mergeAttributes} makes of them (no inputs) are the same
 * names with the same values (`sameData`) as `prior`, and
 * {@link readBackNotes} finds nothing. A refresh of a large state, whose
 * reads are mostly this, judges them without building the merged object.
 */
export function readChangesNothing(type: ResourceType, prior: Attributes, read: Attributes): boolean {
  let count = 0;
  let idMerged = false;
  for (const [name, attribute] of attributeEntries(type)) {
    const readBack = readBackOf(attribute);
    const before = prior[name];
    const held = Object.hasOwn(prior, name) && before !== undefined;
    const observed = read[name];
    // The value mergeAttributes keeps (its branches in the same order).
    let value;
    if (attribute.keepFromCreate) value = before ?? observed;
    else if (attribute.mode !== 'computed' && readBack !== 'authoritative')
      value = held ? before : unreported(observed) ? undefined : observed;
    else if (attribute.mode !== 'computed' && unreported(observed)) value = held ? before : observed;
    else value = observed !== undefined ? observed : before;
    if (name === 'id' && read.id !== undefined) [value, idMerged] = [read.id, true];
    // Without a value, nothing is merged and nothing noted (the state holds none either).
    if (value === undefined) continue;
    count++;
    if (!(Object.hasOwn(prior, name) && (before === value || sameData(before, value)))) return false;
    if (attribute.mode === 'computed' || attribute.keepFromCreate || readBack === 'never' || before === undefined) continue;
    if (readBack === 'authoritative' && unreported(observed) && !unreported(before) && consequential(type, attribute.policy)) return false;
    if (readBack === 'informational' && !unreported(observed) && !sameValue(before, observed)) return false;
  }
  if (!idMerged && read.id !== undefined) {
    count++;
    if (!(Object.hasOwn(prior, 'id') && (prior.id === read.id || sameData(prior.id, read.id)))) return false;
  }
  let names = 0;
  for (const name in prior) if (Object.hasOwn(prior, name)) names++;
  return count === names;
}

/**
 * `Object.entries(type.attributes)`, worked out once per type: a refresh of
 * 100,000 resources walks a type's attributes twice per resource.
 */
function attributeEntries(type: ResourceType): Array<[string, Attribute]> {
  let entries = attributeEntriesOf.get(type.attributes);
  if (!entries) {
    entries = Object.entries(type.attributes);
    attributeEntriesOf.set(type.attributes, entries);
  }
  return entries;
}
const attributeEntriesOf = new WeakMap<Record<string, Attribute>, Array<[string, Attribute]>>();

/**
 * What a refresh notes about one read besides drift: inputs the API did
 * not report (missing, `null` or empty; the prior value is kept) whose
 * change would cost money, replace the resource or fail the plan, and
 * informational inputs it reports otherwise than the state holds (shown,
 * never acted on). Sensitive attributes are never noted with a value.
 * @param address the resource's address
 * @param prior   the state's attributes before the read
 * @param read    what `type.read` returned
 * @param sensitiveInState attributes the state marks sensitive (their values are left out too)
 */
export function readBackNotes(
  address: string,
  type: ResourceType,
  prior: Attributes,
  read: Attributes,
  sensitiveInState: readonly string[] = [],
): ReadBackNote[] {
  const notes: ReadBackNote[] = [];
  for (const [name, attribute] of attributeEntries(type)) {
    if (attribute.mode === 'computed' || attribute.keepFromCreate) continue;
    const readBack = readBackOf(attribute);
    const kept = prior[name];
    if (readBack === 'never' || kept === undefined) continue;
    const sensitive = Boolean(attribute.sensitive || sensitiveInState.includes(name));
    if (readBack === 'authoritative' && unreported(read[name]) && !unreported(kept) && consequential(type, attribute.policy)) {
      notes.push({ address, attribute: name, kind: 'not_reported', kept: sensitive ? null : kept, sensitive });
    } else if (readBack === 'informational' && !unreported(read[name]) && !sameValue(kept, read[name])) {
      notes.push({
        address,
        attribute: name,
        kind: 'informational_differs',
        kept: sensitive ? null : kept,
        observed: sensitive ? null : read[name],
        sensitive,
      });
    }
  }
  return notes;
}

/** True when a change of an attribute with `policy` replaces, fails the plan or places a paid order. */
function consequential(type: ResourceType, policy: Attribute['policy']): boolean {
  const facts = policyFacts(policy);
  if (!facts) return false;
  if (facts.replacesOrRejects) return true;
  const operation = policyOperation(policy);
  return operation !== undefined && type.paidOperations.includes(operation);
}

/** The input attributes of `attributes` (required and optional), for re-use as a create's inputs. */
export function inputAttributes(type: ResourceType, attributes: Attributes): Attributes {
  const inputs: Attributes = {};
  for (const [name, attribute] of Object.entries(type.attributes)) {
    if (attribute.mode !== 'computed' && attributes[name] !== undefined) inputs[name] = attributes[name];
  }
  return inputs;
}
