/**
 * Refresh: read every managed resource from the API in parallel and compute
 * what changed behind cloudctl's back (drift). {@link refreshState} does not
 * write state; callers decide: `plan` keeps the result in memory, `apply`
 * records it before applying, and `cloudctl refresh` / a refresh-only plan
 * record it and nothing else ({@link recordRefresh}).
 */
import { policyFacts } from '../resources/policies.js';
import { UnknownListError } from '../resources/account-replies.js';
import { sameData } from '../core/equal.js';
import pLimit from 'p-limit';
import { readBackOf, type Attribute, type OperationContext, type ResourceType } from '../resources/attribute.js';
import { referencesOf } from '../manifest/parse/expressions.js';
import type { Catalogue } from '../manifest/catalogue.js';
import type { StateStore } from '../state/store.js';
import { isUnknownRead, mergeAttributes, readBackNotes, readChangesNothing, unreported } from './attributes.js';
import { goneOrTerminated, keepPending, withPending } from './held.js';
import { sameValue } from './diff.js';
import { conditionExpressions, isSelfReference, referenceTarget } from '../manifest/types.js';
import type { Attributes } from '../core/types.js';
import type { Expression, Manifest } from '../manifest/types.js';
import type { PendingPayment, ResourceState, StateDocument } from '../state/document.js';
import type { DriftEntry, PlanDrift, ReadBackNote } from '../plan/document.js';

export type { DriftEntry } from '../plan/document.js';

/** What a refresh found. */
export interface RefreshResult {
  /** State with every resource re-read; gone resources are removed. */
  resources: Record<string, ResourceState>;
  /** Attributes that differ from the state, sorted by address then attribute. */
  drift: DriftEntry[];
  /** Addresses the API no longer has (404 or `Terminated`), sorted. */
  gone: string[];
  /** Read-back notes (inputs not reported, informational values that differ), sorted like drift; absent when none. */
  notes?: ReadBackNote[];
}

/** A refresh that read nothing: the state as it is (`--refresh=false`). */
export function unrefreshed(state: StateDocument): RefreshResult {
  return { resources: state.resources, drift: [], gone: [] };
}

/** What {@link refreshState} needs besides the state. */
export interface RefreshOptions {
  /** The resource types the state names. */
  catalogue: Catalogue;
  /** Gives each read its context (deadline, signal). */
  contextFor: (address: string) => OperationContext;
  /** Requests in flight at once (at least 1). */
  parallelism: number;
  /** Only these addresses are read (all when absent). */
  only?: Set<string>;
  /**
   * The attributes the plan needs of each address: those the manifest sets
   * and those it references ({@link attributesInUse}). A type's detail
   * request (`ListRead.detail`) is made only for a resource with one of its
   * `detailAttributes` in here; an address absent from the map needs none.
   * Absent: every detail is read (nothing is known about the plan).
   * A function is called once, after the list requests are sent (the
   * walk of a large manifest's expressions then overlaps the wait for the
   * lists instead of delaying them).
   */
  inUse?: InUse | (() => InUse);
  /**
   * Seconds after a create during which a list may not show the new
   * resource yet (`ResourceState.unlisted`); default
   * {@link DEFAULT_LIST_LAG_SECONDS}. 0: absence is final at once.
   */
  listLagSeconds?: number;
  /** Clock in epoch ms (tests). */
  now?: () => number;
}

/** The attributes the plan needs, by address ({@link attributesInUse}). */
export type InUse = ReadonlyMap<string, ReadonlySet<string>>;

/** Default of {@link RefreshOptions.listLagSeconds}: the API client's request timeout. */
export const DEFAULT_LIST_LAG_SECONDS = 30;

/**
 * The attributes a manifest uses, by resource address: every property it
 * sets, and every attribute a `${...}` reference reads (the first step of
 * its path: `${web.uptime}` → `web` uses `uptime`), from resources, data
 * sources and outputs alike.
 */
export function attributesInUse(manifest: Manifest): Map<string, Set<string>> {
  const used = new Map<string, Set<string>>();
  const use = (address: string, attribute: string) => {
    let names = used.get(address);
    if (!names) used.set(address, (names = new Set()));
    names.add(attribute);
  };
  /** Records what `expression`'s references read (a literal, most properties of a large manifest, reads nothing). */
  const read = (expression: Expression) => {
    if (expression.kind === 'literal') return;
    for (const reference of referencesOf(expression)) {
      if (reference.root !== 'resource' || isSelfReference(reference)) continue;
      const [first] = reference.path;
      const address = referenceTarget(reference);
      if (typeof first === 'string') use(address, first);
      else for (const name of ALL_ATTRIBUTES) use(address, name); // the whole resource
    }
  };
  for (const block of Object.values(manifest.resources)) {
    const properties = block.properties;
    for (const name in properties) {
      if (!Object.hasOwn(properties, name)) continue;
      use(block.address, name);
      read(properties[name]!);
    }
    if (!block.conditions?.length) continue;
    // `${self.x}` in a postcondition reads the resource's own attribute.
    for (const expression of conditionExpressions(block)) {
      for (const reference of referencesOf(expression))
        if (isSelfReference(reference) && typeof reference.path[0] === 'string') use(block.address, reference.path[0]);
      read(expression);
    }
  }
  for (const block of Object.values(manifest.data)) {
    for (const expression of Object.values(block.properties)) read(expression);
    for (const expression of conditionExpressions(block)) read(expression);
  }
  for (const output of Object.values(manifest.outputs)) read(output.value);
  return used;
}

/** Stands for "every attribute" in {@link attributesInUse} (a reference to a whole resource). */
const ALL_ATTRIBUTES = ['*'];

/**
 * Reads every resource of `state` (only the addresses in `only` when
 * given), with the types of `catalogue`, at most `parallelism` requests at
 * once. A type with `refreshByList` and more than one resource to read (or
 * any, for a type `readFromListOnly`: a keypair pool's list is its only
 * read) is listed once (all such lists at once, first); each resource is
 * then mapped from its list item, with one detail request only when `inUse`
 * says the plan needs an attribute only the detail carries, and one GET by
 * id when the list lacks it (lists may lag): only that GET finding it gone
 * (404 or `Terminated`) makes it gone. A keypair pool's list that says
 * nothing (a null list) makes each of its keypairs read with the type's
 * `read` (which keeps it). A type with one resource to read is read by id (one GET is as
 * quick as a list, and smaller). Other types are read with their `read`.
 * A resource whose order was placed but which was not
 * `Active` (`pending_create`) loses that mark once the API reports it
 * `Active`, and is kept (not gone) while the API does not report it at all;
 * likewise a resource marked `unlisted` (a keypair, created less than
 * `listLagSeconds` ago: lists lag) is kept with a `not_listed` note while
 * its list lacks it, and loses the mark once the lag has passed and a read finds it.
 * A resource marked migrated is kept as it is when its old account is gone
 * or `Terminated`; a pending paid order keeps its ordered value until the
 * API shows it (held.ts).
 * The result's `resources` is `state.resources` itself when nothing
 * changed (as {@link unrefreshed}), else a copy with the changes: callers
 * never write to it.
 * Endpoints: each type's list (GET), GET by id, detail GET, or read.
 * The reads share one memo (`OperationContext.memo`, replacing any the
 * contexts carry) that lives for this call only: a list is asked for once
 * per refresh, not once per resource (keypair pools, snapshots and the
 * lists above). Nothing writes during a refresh, so the memo cannot go
 * stale; the next phase (plan, apply) gets contexts without it.
 * Errors: the first read failure (ApiError/NetworkError) rejects, naming the
 * address (or the type, for a list); a state entry of an unknown type rejects too.
 */
export async function refreshState(state: StateDocument, options: RefreshOptions): Promise<RefreshResult> {
  const { contextFor, parallelism } = options;
  const lagMs = (options.listLagSeconds ?? DEFAULT_LIST_LAG_SECONDS) * 1000;
  const now = (options.now ?? Date.now)();
  const limit = pLimit(Math.max(1, parallelism));
  const memo = new Map<string, Promise<unknown>>();
  const found: Found = {
    changed: new Map(),
    drift: [],
    gone: [],
    notes: [],
    /** True when the list lag after `created` (ISO 8601) has passed. */
    lagPassed: (created: string) => !(now - Date.parse(created) < lagMs),
  };
  const { targets, perType } = targetsOf(state, options);
  // Every list first, all at once: one round trip for all of them.
  const lists = new Map<string, Promise<ListedItems>>();
  for (const { address, type } of targets) {
    const byList = type.refreshByList;
    if (!byList || lists.has(type.type) || ((perType.get(type.type) ?? 0) < 2 && !type.readFromListOnly)) continue;
    const listed = limit(() => byList.all({ ...contextFor(address), memo })).catch((error: unknown) => {
      // A pool's list that says nothing: each keypair is read with `read`, which keeps it (unknown, not gone).
      if (type.readFromListOnly && error instanceof UnknownListError) return undefined;
      throw new ListFailedError(`refreshing ${type.type} (list): ${(error as Error).message}`, { cause: error });
    });
    listed.catch(() => undefined); // awaited below; a rejection before that is not unhandled
    lists.set(type.type, listed);
  }
  const inUse = await inUseOnceSent(options.inUse, lists.size > 0);

  /** The resource's attributes as the API reports them now, `null` when gone; `items`: its type's list (undefined: none, or it said nothing). */
  const readNow = async ({ address, prior, type }: Target, items: ListedItems): Promise<Attributes | null> => {
    const context = { ...contextFor(address), memo };
    const byList = type.refreshByList;
    if (!byList || (items === undefined && lists.has(type.type))) return limit(() => type.read(context, prior.id, prior.attributes));
    // Absent from the list: one GET by id decides (a list may lag).
    const item = items?.get(prior.id) ?? (await limit(() => byList.one(context, prior.id)));
    if (item === null) return null;
    const read = byList.attributes(item, prior.id, prior.attributes);
    if (byList.detail && needsDetail(inUse, address, byList.detailAttributes ?? [])) {
      Object.assign(read, await limit(() => byList.detail!(context, prior.id, prior.attributes)));
    }
    return read;
  };
  /** Reads one resource with requests as needed ({@link readNow}), then records it. */
  const readAndRecord = async (target: Target, items: ListedItems): Promise<void> => {
    let read;
    try {
      read = await readNow(target, items);
    } catch (error) {
      throw readFailed(target, error);
    }
    recordRead(found, target, read);
  };
  // Resources of a listed type: recorded from their list once it is in; the others read one by one meanwhile.
  const byListedType = new Map<string, Target[]>();
  const tasks: Array<Promise<void>> = [];
  for (const target of targets) {
    if (lists.has(target.type.type)) {
      const group = byListedType.get(target.type.type);
      if (group) group.push(target);
      else byListedType.set(target.type.type, [target]);
    } else tasks.push(readAndRecord(target, undefined));
  }
  for (const [typeName, group] of byListedType) {
    tasks.push(
      lists.get(typeName)!.then((items) => {
        const slow: Array<Promise<void>> = [];
        for (const target of group) {
          const read = items && fromList(target, items, inUse);
          if (read === undefined) slow.push(readAndRecord(target, items));
          else recordRead(found, target, read);
        }
        return Promise.all(slow).then(() => undefined);
      }),
    );
  }
  await Promise.all(tasks);
  return refreshResult(state, found);
}

/**
 * `inUse` itself, or (a function) its result worked out once the list
 * requests are on their way: two `setImmediate` hops (a whole turn of the
 * event loop, its poll phase included) let the client write them before
 * the synchronous walk of the manifest starts (`sent`: some were made).
 */
async function inUseOnceSent(inUse: RefreshOptions['inUse'], sent: boolean): Promise<InUse | undefined> {
  if (typeof inUse !== 'function') return inUse;
  if (sent) for (let hop = 0; hop < 2; hop++) await new Promise<void>((resolve) => setImmediate(resolve));
  return inUse();
}

/** A type's list as a refresh holds it: items by id; undefined when not listed, or when the list said nothing. */
type ListedItems = Map<string, Record<string, unknown>> | undefined;

/** The resources of `state` a refresh reads (`options.only`, else all), in state order, and how many of each type. */
function targetsOf(state: StateDocument, { catalogue, only }: RefreshOptions): { targets: Target[]; perType: Map<string, number> } {
  const targets: Target[] = [];
  const perType = new Map<string, number>();
  const resources = state.resources;
  // Keys, not entries: a state of 100,000 resources is a dictionary whose entries cost an array each.
  for (const address of Object.keys(resources)) {
    if (only && !only.has(address)) continue;
    const prior = resources[address]!;
    const type = catalogue.resource(prior.type);
    if (!type) throw new Error(`${address}: the state holds unknown type "${prior.type}"`);
    targets.push({ address, prior, type });
    perType.set(type.type, (perType.get(type.type) ?? 0) + 1);
  }
  return { targets, perType };
}

/**
 * The resource mapped from its list item, without a request or a promise
 * of its own (a state of 100,000 is mostly this); undefined when a request
 * is needed: not listed, or a detail the plan uses.
 * Errors: the mapping's, naming the resource.
 */
function fromList(target: Target, items: Map<string, Record<string, unknown>>, inUse: InUse | undefined): Attributes | undefined {
  const { address, prior, type } = target;
  const byList = type.refreshByList!;
  const item = items.get(prior.id);
  if (item === undefined || (byList.detail && needsDetail(inUse, address, byList.detailAttributes ?? []))) return undefined;
  try {
    return byList.attributes(item, prior.id, prior.attributes);
  } catch (error) {
    throw readFailed(target, error);
  }
}

/** What a read failure rejects with: a list's own error, or one naming the resource. */
function readFailed({ address, prior }: Target, error: unknown): Error {
  return error instanceof ListFailedError
    ? error
    : new Error(`refreshing ${address} (${prior.type} ${prior.id}): ${(error as Error).message}`, { cause: error });
}

/**
 * The result of a refresh from what it found: `state.resources` itself
 * when no entry changed (the usual no-op: no copy of 100,000 entries),
 * else a copy with the changed entries set and the gone ones removed;
 * drift and notes sorted by address then attribute, gone sorted.
 */
function refreshResult(state: StateDocument, found: Found): RefreshResult {
  const { changed, drift, gone, notes } = found;
  let resources = state.resources;
  if (changed.size > 0) {
    resources = { ...state.resources };
    for (const [address, entry] of changed) {
      if (entry === null) delete resources[address];
      else resources[address] = entry;
    }
  }
  drift.sort((a, b) => a.address.localeCompare(b.address) || a.attribute.localeCompare(b.attribute));
  gone.sort();
  notes.sort((a, b) => a.address.localeCompare(b.address) || a.attribute.localeCompare(b.attribute));
  return { resources, drift, gone, ...(notes.length > 0 ? { notes } : {}) };
}

/**
 * True when an in-place input (update, grow, desired) that a create
 * converges, set in the state of a resource whose create is unfinished,
 * is authoritative yet left unreported by `read`: its value in state is
 * only what was asked for.
 */
function unconfirmed(type: ResourceType, prior: ResourceState, read: Attributes): boolean {
  return Object.entries(type.attributes).some(
    ([name, attribute]) =>
      policyFacts(attribute.policy)?.convergedAfterCreate &&
      readBackOf(attribute) === 'authoritative' &&
      !unreported(prior.attributes[name]) &&
      unreported(read[name]),
  );
}

/**
 * The attributes a refresh keeps: `next` (a fresh object, changed in place)
 * with every value equal to the prior's (`sameData`) replaced by the prior's
 * own value, or `prior` itself when every attribute is equal. A refresh that
 * finds nothing changed thus keeps the state's values instead of a second
 * copy of each (at 100,000 resources, hundreds of MB of strings and objects
 * parsed from the lists, freed with them).
 */
export function keepUnchanged(prior: Attributes, next: Attributes): Attributes {
  let same = true;
  let count = 0;
  for (const name in next) {
    if (!Object.hasOwn(next, name)) continue;
    count++;
    const before = prior[name];
    const after = next[name];
    if (before === after && Object.hasOwn(prior, name)) continue;
    if (Object.hasOwn(prior, name) && sameData(before, after)) next[name] = before;
    else same = false;
  }
  return same && count === Object.keys(prior).length ? prior : next;
}

/** What a refresh found so far, which {@link recordRead} adds to. */
interface Found {
  /** Entries that differ from the state's, by address (`null`: gone). */
  changed: Map<string, ResourceState | null>;
  drift: DriftEntry[];
  gone: string[];
  notes: ReadBackNote[];
  /** True when the list lag after `created` (ISO 8601) has passed. */
  lagPassed: (created: string) => boolean;
}

/**
 * Records what a read found of one resource (`null`: gone) in `found`:
 * gone, drift, notes and the refreshed entry when it differs from the
 * state's (see {@link refreshState}).
 */
function recordRead(found: Found, { address, prior, type }: Target, read: Attributes | null): void {
  const { changed, drift, gone, notes, lagPassed } = found;
  // A migrated resource whose old account is gone or Terminated stays
  // as it is: forgetting it would order it again (held.ts).
  if (prior.migrated && goneOrTerminated(read)) return;
  if (read === null) {
    // An order not yet seen Active stays: a read right after an order
    // may not see it yet, and forgetting it would order it again.
    if (prior.pending_create) return;
    // Created within the list lag: its list may not show it yet.
    if (prior.unlisted !== undefined && !lagPassed(prior.unlisted)) {
      notes.push({ address, attribute: 'id', kind: 'not_listed', kept: prior.id, sensitive: false });
      return;
    }
    changed.set(address, null);
    gone.push(address);
    return;
  }
  // The usual read of a large state: nothing changed, nothing noted, no mark to clear: the state's own entry stays.
  if (!Object.hasOwn(prior, 'pending_operations') && !hasMarks(prior) && readChangesNothing(type, prior.attributes, read)) return;
  // A paid order taken but not showing yet keeps its ordered value (held.ts).
  const merged = mergeAttributes(type, prior.attributes, read);
  const held = prior.pending_operations ? keepPending(prior, read, merged) : { attributes: merged, pending: undefined };
  const attributes = keepUnchanged(prior.attributes, held.attributes);
  for (const note of readBackNotes(address, type, prior.attributes, read, prior.sensitive_attributes)) notes.push(note);
  if (attributes !== prior.attributes) recordDrift(drift, address, type, prior, attributes);
  // Nothing changed and no mark to clear (the usual case): the state's own entry stays, not a copy of it.
  if (attributes === prior.attributes && !Object.hasOwn(prior, 'pending_operations') && !hasMarks(prior)) return;
  const refreshed: ResourceState = withPending({ ...prior, attributes }, held.pending);
  if (prior.unlisted !== undefined && lagPassed(prior.unlisted) && !isUnknownRead(read)) delete refreshed.unlisted;
  // Active, and every input the create converges reported: the create is
  // done but for converging, which the planner now does from what was read.
  // An input left unreported stays unconfirmed: the mark stays, and apply
  // resumes the create (reads again, converges; never orders on a guess).
  if (prior.pending_create && String(attributes.status ?? '').toLowerCase() === 'active' && !unconfirmed(type, prior, read))
    delete refreshed.pending_create;
  // An unpaid order whose invoice is paid now (or Active) only waits for
  // provisioning; an unpaid in-place order held until it shows waits for its invoice.
  const awaited = refreshed.pending_create || Object.values(refreshed.pending_operations ?? {}).some((entry) => entry.payment);
  if (prior.pending_payment && (!awaited || unpaidEvidence(attributes) === undefined)) delete refreshed.pending_payment;
  if (attributes !== prior.attributes || !sameData(refreshed, prior)) changed.set(address, refreshed);
}

/** True when `entry` carries a mark a read may clear (`unlisted`, `pending_create`, `pending_payment`). */
function hasMarks(entry: ResourceState): boolean {
  return entry.unlisted !== undefined || entry.pending_create !== undefined || entry.pending_payment !== undefined;
}

/** Adds to `drift` every input and informational attribute (not `raw`, not computed) whose refreshed value differs from a prior one. */
function recordDrift(drift: DriftEntry[], address: string, type: ResourceType, prior: ResourceState, attributes: Attributes): void {
  for (const [name, attribute] of driftAttributes(type)) {
    const before = prior.attributes[name];
    if (before !== undefined && !sameValue(before, attributes[name])) {
      drift.push({
        address,
        attribute: name,
        before,
        after: attributes[name],
        sensitive: Boolean(attribute.sensitive || prior.sensitive_attributes?.includes(name)),
      });
    }
  }
}

/** The attributes of a type drift is recorded for (not `raw`, not computed), worked out once per type. */
function driftAttributes(type: ResourceType): Array<[string, Attribute]> {
  let names = driftAttributesOf.get(type);
  if (!names) {
    names = Object.entries(type.attributes).filter(([name, attribute]) => name !== 'raw' && attribute.mode !== 'computed');
    driftAttributesOf.set(type, names);
  }
  return names;
}
const driftAttributesOf = new WeakMap<ResourceType, Array<[string, Attribute]>>();

/** One resource a refresh reads. */
interface Target {
  address: string;
  prior: ResourceState;
  type: ResourceType;
}

/** A list read of a refresh failed (its message names the type). */
class ListFailedError extends Error {}

/** True when the plan needs one of `detailAttributes` of `address` (always, when nothing is known about the plan: `inUse` absent). */
export function needsDetail(inUse: InUse | undefined, address: string, detailAttributes: string[]): boolean {
  if (!inUse) return true;
  const used = inUse.get(address);
  if (!used) return false;
  return used.has(ALL_ATTRIBUTES[0]!) || detailAttributes.some((name) => used.has(name));
}

/**
 * The open invoice of a resource's attributes: its `last_invoice` block
 * (`id`, `status`, `duedate`, and `amount` where the API gives one) when
 * its status is `Unpaid`; undefined otherwise (paid, or not reported).
 */
export function openInvoice(attributes: Attributes): PendingPayment | undefined {
  const invoice = attributes.last_invoice;
  if (!invoice || typeof invoice !== 'object' || Array.isArray(invoice)) return undefined;
  const record = invoice as Record<string, unknown>;
  if (String(record.status ?? '').toLowerCase() !== 'unpaid') return undefined;
  const id = Number(record.id);
  if (!Number.isSafeInteger(id)) return undefined;
  const amount = Number(record.amount);
  return {
    invoice_id: id,
    ...(record.amount !== undefined && Number.isSafeInteger(amount) ? { amount } : {}),
    ...(typeof record.duedate === 'string' && record.duedate ? { due_date: record.duedate } : {}),
  };
}

/**
 * What shows an order placed unpaid still unpaid: its open invoice
 * ({@link openInvoice}), or, for an account that reports no `last_invoice`
 * at all, its status `Pending` (an unpaid order stays `Pending` until paid;
 * the invoice is then unknown: `{}`). Undefined otherwise.
 */
export function unpaidEvidence(attributes: Attributes): PendingPayment | undefined {
  const invoice = openInvoice(attributes);
  if (invoice) return invoice;
  const reported = attributes.last_invoice !== undefined && attributes.last_invoice !== null;
  return !reported && String(attributes.status ?? '').toLowerCase() === 'pending' ? {} : undefined;
}

/** The drift of a refresh as a plan records it (sensitive values still in; the plan masks them). */
export function planDrift(refresh: RefreshResult): PlanDrift {
  return { changed: refresh.drift, deleted: refresh.gone, ...(refresh.notes ? { notes: refresh.notes } : {}) };
}

/** True when a refresh found anything changed or gone. */
export function hasDrift(refresh: RefreshResult): boolean {
  return refresh.drift.length > 0 || refresh.gone.length > 0;
}

/**
 * Records a refresh in state: every re-read resource whose state differs is
 * written, gone ones are removed; nothing else changes (outputs, other
 * resources). Resolves with the addresses written or removed. Writes
 * nothing (and the serial stays) when nothing differs.
 * Errors: the state store's write errors.
 */
export async function recordRefresh(store: StateStore, refresh: RefreshResult): Promise<string[]> {
  const touched: string[] = [];
  const writes: Array<Promise<void>> = [];
  for (const address of refresh.gone) {
    if (!store.resource(address)) continue;
    writes.push(store.removeResource(address));
    touched.push(address);
  }
  for (const [address, resource] of Object.entries(refresh.resources)) {
    const current = store.resource(address);
    if (!current || sameData(current, resource)) continue;
    writes.push(store.setResource(address, resource));
    touched.push(address);
  }
  // Changes made in one tick are persisted in one write.
  await Promise.all(writes);
  await store.flush();
  return touched.sort();
}
