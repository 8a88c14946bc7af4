/**
 * What a run marks on what it writes, beyond the attribute values the
 * executor writes itself:
 *
 * - sensitivity that follows values (`ResourceState.sensitive_attributes`):
 *   the attributes the manifest sets from a sensitive source
 *   ({@link Scope.sensitiveInputs}), the attributes whose value holds the
 *   text of a secret input ({@link echoesOfSecrets}), plus earlier marks
 *   whose value has not changed since;
 * - values lost at create (`ResourceState.lost_at_create`): a resource
 *   written for the first time without an attribute only its create returns
 *   (`keepFromCreate`, a generated private key) had the answer to its create
 *   lost, and was found by listing;
 * - the journal: inputs from a sensitive source masked, as the type's own
 *   sensitive attributes are.
 *
 * The marks are added by a {@link ResourceAnnotator} the state store calls
 * on every write, so they are on disk with the values they describe.
 */
import { sameData } from '../core/equal.js';
import { MASK } from '../core/mask.js';
import type { Attributes, Value } from '../core/types.js';
import type { ResourceState, StateDocument } from '../state/document.js';
import type { Change, PlanWarning } from '../plan/document.js';
import type { ResourceType } from '../resources/attribute.js';
import type { Journal } from '../state/journal.js';
import type { ResourceAnnotator, StateStore } from '../state/store.js';
import { addressesThatMayHold } from '../state/lazy-resources.js';
import type { Scope } from './scope.js';

/** True when an attribute holds a value (not absent, not `null`). */
function holds(attributes: Attributes, name: string): boolean {
  return attributes[name] !== undefined && attributes[name] !== null;
}

/**
 * The attributes of `type` that only the answer to a create carries
 * (`keepFromCreate`) and `attributes` lacks (absent or `null`).
 */
export function lostAtCreate(type: ResourceType, attributes: Attributes): string[] {
  return Object.entries(type.attributes)
    .filter(([name, attribute]) => attribute.keepFromCreate && !holds(attributes, name))
    .map(([name]) => name);
}

/** Shorter secrets are not looked for inside other values (they would match ordinary text). */
const SHORTEST_ECHOED_SECRET = 4;

/** Per type: its sensitive attributes, and those of them that are inputs (what a secret is given as). */
const secretFieldsOf = new WeakMap<ResourceType, { sensitive: ReadonlySet<string>; inputs: readonly string[] }>();

function secretFields(type: ResourceType): { sensitive: ReadonlySet<string>; inputs: readonly string[] } {
  let fields = secretFieldsOf.get(type);
  if (!fields) {
    const sensitive = Object.entries(type.attributes).filter(([, attribute]) => attribute.sensitive === true);
    fields = {
      sensitive: new Set(sensitive.map(([name]) => name)),
      inputs: sensitive.filter(([, attribute]) => attribute.mode !== 'computed').map(([name]) => name),
    };
    secretFieldsOf.set(type, fields);
  }
  return fields;
}

/**
 * The attributes of a resource that are not sensitive themselves but whose
 * value holds the text of one of its secret inputs (the catalogue's
 * sensitive inputs and `marked` ones): what the API derived from a secret,
 * such as a public key whose comment is the keypair's secret name.
 */
export function echoesOfSecrets(type: ResourceType | undefined, attributes: Attributes, marked: ReadonlySet<string>): string[] {
  const fields = type ? secretFields(type) : { sensitive: new Set<string>(), inputs: [] };
  const secrets: string[] = [];
  for (const name of [...fields.inputs, ...marked]) {
    const value = attributes[name];
    if (typeof value === 'string' && value.length >= SHORTEST_ECHOED_SECRET) secrets.push(value);
  }
  if (secrets.length === 0) return [];
  const echoes: string[] = [];
  for (const name in attributes) {
    const value = attributes[name];
    if (value === null || value === undefined || marked.has(name) || fields.sensitive.has(name)) continue;
    const text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
    if (secrets.some((secret) => text.includes(secret))) echoes.push(name);
  }
  return echoes;
}

/**
 * The annotator of a run (see the module comment). `scope` says which
 * inputs came from a sensitive source; `lookup` finds resource types (default: the scope's catalogue).
 * Marks are sorted and left out when empty. Never throws.
 */
export function resourceMarker(
  scope: Scope,
  lookup: (type: string) => ResourceType | undefined = (type) => scope.catalogue.resource(type),
): ResourceAnnotator {
  return (address, resource, previous) => {
    const same = previous !== undefined && previous.type === resource.type && previous.id === resource.id;
    const sensitive = new Set<string>();
    if (same) {
      for (const name of previous.sensitive_attributes ?? []) {
        if (sameData(previous.attributes[name], resource.attributes[name])) sensitive.add(name);
      }
    } else {
      for (const name of resource.sensitive_attributes ?? []) sensitive.add(name);
    }
    for (const name of scope.sensitiveInputs(address)) sensitive.add(name);
    const type = lookup(resource.type);
    for (const name of echoesOfSecrets(type, resource.attributes, sensitive)) sensitive.add(name);

    let lost = [...(resource.lost_at_create ?? []), ...(same ? (previous.lost_at_create ?? []) : [])];
    if (!same && lost.length === 0 && type) lost = lostAtCreate(type, resource.attributes);

    const { sensitive_attributes: _sensitive, lost_at_create: _lost, ...rest } = resource;
    const marked: ResourceState = rest;
    const sensitiveNames = [...sensitive].filter((name) => holds(resource.attributes, name)).sort();
    const lostNames = [...new Set(lost)].filter((name) => !holds(resource.attributes, name)).sort();
    if (sensitiveNames.length > 0) marked.sensitive_attributes = sensitiveNames;
    if (lostNames.length > 0) marked.lost_at_create = lostNames;
    // What refers to these attributes later in the run is sensitive too.
    scope.markSensitive(address, sensitiveNames);
    return marked;
  };
}

/**
 * Installs `annotator` on `store` and writes again every resource whose
 * marks it changes (a state written before marks existed, or a manifest
 * that now sets a value from a sensitive source). Only the marks change:
 * a resource's values are never touched. `addresses`: the ones to look at
 * (default every one in state). Resolves once persisted.
 * @throws the store's write errors.
 */
export async function markResources(
  store: StateStore,
  annotator: ResourceAnnotator,
  addresses: Iterable<string> = store.addresses(),
): Promise<void> {
  store.annotateWith(annotator);
  const writes: Array<Promise<void>> = [];
  for (const address of addresses) {
    const resource = store.resource(address);
    if (!resource) continue;
    const marked = annotator(address, resource, resource);
    const same =
      sameData(marked.sensitive_attributes, resource.sensitive_attributes) && sameData(marked.lost_at_create, resource.lost_at_create);
    if (!same) writes.push(store.setResource(address, resource));
  }
  // Changes made in one tick are persisted in one write.
  await Promise.all(writes);
}

/**
 * `journal` with each intent's `inputs` and `match` values masked for the
 * attributes `sensitive(address)` names (inputs from a sensitive source,
 * which the type does not mark sensitive). Everything else is delegated.
 */
export function maskingJournal(journal: Journal, sensitive: (address: string) => readonly string[]): Journal {
  const mask = (address: string, values: Record<string, Value>): Record<string, Value> => {
    const names = sensitive(address);
    if (names.length === 0) return values;
    const masked: Record<string, Value> = { ...values };
    for (const name of names) if (masked[name] !== undefined && masked[name] !== null && masked[name] !== '') masked[name] = MASK;
    return masked;
  };
  const recordIntent: Journal['recordIntent'] = (intent) =>
    journal.recordIntent({ ...intent, inputs: mask(intent.address, intent.inputs), match: mask(intent.address, intent.match) });
  // A proxy, so whatever else a journal offers is delegated as it is.
  return new Proxy(journal, {
    get(target, key) {
      if (key === 'recordIntent') return recordIntent;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * The warnings a plan carries for `state`: every resource with values lost
 * at create, unless `changes` replace or delete it (that is the way out).
 * Sorted by address.
 */
export function lostValueWarnings(state: StateDocument, changes: Change[]): PlanWarning[] {
  const leaving = new Set(
    changes.filter((change) => change.action === 'replace' || change.action === 'delete').map((change) => change.address),
  );
  // Filtered before sorting: of thousands of resources, few (usually none) lost anything.
  return addressesThatMayHold(state.resources, 'lost_at_create')
    .filter((address) => (state.resources[address]!.lost_at_create ?? []).length > 0 && !leaving.has(address))
    .sort()
    .map((address) => ({ code: 'value_lost_at_create' as const, address, attributes: [...state.resources[address]!.lost_at_create!] }));
}

/**
 * Warnings for the state's frozen and waiting entries: a resource migrated
 * to another type (how to move it), a paid in-place order not showing yet
 * (it is not ordered again), by address.
 */
export function heldOrderWarnings(state: StateDocument): PlanWarning[] {
  const warnings: PlanWarning[] = [];
  // Only the few held entries are sorted, not every address in state.
  const held = addressesThatMayHold(state.resources, 'migrated', 'pending_operations').filter((address) => {
    const resource = state.resources[address]!;
    return resource.migrated !== undefined || resource.pending_operations !== undefined;
  });
  for (const address of held.sort()) {
    const resource = state.resources[address]!;
    if (resource.migrated) {
      const mark = resource.migrated;
      warnings.push({
        code: 'migrated',
        address,
        attributes: [mark.attribute],
        to_type: mark.to_type,
        value: mark.value,
        since: mark.time,
      });
      continue;
    }
    for (const [attribute, pending] of Object.entries(resource.pending_operations ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
      warnings.push({
        code: 'paid_operation_pending',
        address,
        attributes: [attribute],
        operation: pending.operation,
        value: pending.value,
        since: pending.time,
        evidence: pending.evidence,
      });
    }
  }
  return warnings;
}
