/**
 * Reconciliation: closes the journal's unfinished intents against the API
 * before anything is planned, so no order is lost and none is placed twice.
 *
 * An intent is unfinished when the run that recorded it never learnt how its
 * paid call ended (killed, Ctrl-C twice, connection lost after the order was
 * sent). For each one, in journal order:
 *
 * - `create`: when state already holds the address (the crash came between
 *   the state write and the journal result) the intent is closed `ok`.
 *   Otherwise the type's live resources are listed (`ResourceType.list`),
 *   those state already manages and those that existed before the run's
 *   first order of the type (the intent's `existing` ids, journaled once per
 *   type and run as a listing) are dropped, and the journaled `match`
 *   fields are compared with what the API reports (only identity fields the
 *   API returns: never write-only, sensitive, local, trigger, grow or desired
 *   ones). Exactly one match: it is adopted into state (`pending_create`, so
 *   the normal flow waits for `Active` and reads it) and the intent closes
 *   `adopted`. None: nothing was ordered; the intent closes `abandoned` and
 *   the next plan orders again; but only when the listing was read in full
 *   (a `null` list or unreadable items prove nothing absent: the intent then
 *   stays unfinished and the run fails before planning, like an ambiguous one). Several: nothing is adopted and nothing is
 *   ordered; a {@link ReconcileError} names the candidate ids (a human
 *   decides, e.g. with `cloudctl import`). Creates whose orders carried
 *   identical fields (same type and journaled `match`) are interchangeable
 *   and reconciled together: N such intents and at most N candidates (the
 *   same for each) are paired one to one, by ascending id in journal order,
 *   and any intent left over is abandoned; more candidates than intents stop
 *   as above.
 * - a paid in-place operation (change_package, storage_upgrade, ...): the
 *   resource is read (after waiting for `Active` while it is `Pending`); the intent
 *   closes `ok` when the value took (and state records it), `abandoned` when
 *   it did not (the next plan asks again), and `adopted` when the API does not
 *   report the value at all (a trigger such as `migrate_to_pro`): it is then
 *   taken as placed, so a paid trigger never fires twice, with a warning. A
 *   trigger that turns the resource into another type (`migrate_to_pro`) is
 *   taken as placed at once and the resource marked migrated (the old
 *   account may be gone). A value that does not show while the API reports
 *   an open invoice is held pending in state (held.ts), never ordered again.
 *
 * "Not found" is final only once the call cannot still be in flight: until
 * `graceSeconds` (the request timeout) after the intent, reconciliation
 * waits and looks again, since a server goes on handling a request whose
 * client died.
 *
 * Every reconciled intent is reported in one line (the CLI prints it on stderr).
 */
import { policyFacts } from '../resources/policies.js';
import { readBackOf, type OperationContext, type ResourceType } from '../resources/attribute.js';
import type { Catalogue } from '../manifest/catalogue.js';
import { isMask } from '../core/mask.js';
import type { Journal, JournalIntent } from '../state/journal.js';
import type { StateStore } from '../state/store.js';
import { canonicalJson } from '../state/validate.js';
import { mergeAttributes } from './attributes.js';
import { lostAtCreate } from './marks.js';
import { describeValue, sameValue } from './diff.js';
import type { Attributes, PendingOperation, ResourceState, Value } from '../core/types.js';
import { invoiceEvidence, migrationTarget } from './held.js';

/** How one intent was closed (or why it was not). */
export interface ReconciledIntent {
  intent: JournalIntent;
  /** `ambiguous`: left unfinished, a human must decide. */
  outcome: 'ok' | 'adopted' | 'abandoned' | 'ambiguous';
  /** The resource id found or held. */
  id?: string;
  /** Ids that matched an ambiguous create. */
  candidates?: string[];
  /** The line reported for it (without the `cloudctl: ` prefix). */
  message: string;
}

/**
 * What reconciliation reports as it goes (typed; the CLI renders `message`
 * as `cloudctl: reconcile: MESSAGE` on stderr): an intent closed or left
 * unfinished (`reconciled`), or a wait before looking again for an intent
 * whose call may still be in flight (`waiting`, `seconds` to wait).
 */
export type ReconcileNotice =
  | { kind: 'reconciled'; entry: ReconciledIntent; message: string }
  | { kind: 'waiting'; intent: JournalIntent; seconds: number; message: string };

/** Options of {@link reconcileJournal}. */
export interface ReconcileOptions {
  store: StateStore;
  journal: Journal;
  /**
   * A context for API calls that may take `seconds` (listing, reading,
   * waiting for `Active` after an in-place order).
   */
  context(seconds: number): OperationContext;
  /** Receives each intent closed (or left unfinished) and each wait for an intent's grace, as it happens. */
  report(notice: ReconcileNotice): void;
  /**
   * What an ambiguous create does: `fail` (default) throws a
   * {@link ReconcileError} after every other intent was handled; `warn`
   * only reports it and leaves the intent unfinished (used by `import`,
   * which is how a human resolves it).
   */
  onAmbiguous?: 'fail' | 'warn';
  /** The resource types intents name. */
  catalogue: Catalogue;
  /**
   * Seconds after an intent was recorded during which its call may still be
   * in flight at the server (the client's request timeout, default 30): a
   * server keeps handling a request whose client died. Before that, "not
   * found" is not final: reconciliation waits until then and looks again
   * before abandoning anything. 0 turns the wait off.
   */
  graceSeconds?: number;
  /** Clock in epoch ms (tests). */
  now?: () => number;
}

/** Default of {@link ReconcileOptions.graceSeconds}: the API client's request timeout. */
export const DEFAULT_GRACE_SECONDS = 30;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * Waits until `graceSeconds` after the intent was recorded (reporting it),
 * so a call the dead run sent has been handled by the server. Resolves
 * false when there was nothing to wait for.
 */
async function waitForGrace(options: ReconcileOptions, intent: JournalIntent, what: string): Promise<boolean> {
  const grace = (options.graceSeconds ?? DEFAULT_GRACE_SECONDS) * 1000;
  const recorded = Date.parse(intent.time);
  const remaining = recorded + grace - (options.now ?? Date.now)();
  if (!Number.isFinite(remaining) || remaining <= 0) return false;
  options.report({
    kind: 'waiting',
    intent,
    seconds: remaining / 1000,
    message: `${subject(intent)}: ${what}; it may still be in flight, so looking again in ${(remaining / 1000).toFixed(1)}s`,
  });
  await pause(remaining);
  return true;
}

/**
 * Reconciliation cannot finish on its own: an unfinished create matches
 * several live resources (or its type cannot be listed). Nothing was
 * adopted for it and nothing will be ordered until a human decides.
 */
export class ReconcileError extends Error {
  constructor(
    message: string,
    /** The intents left unfinished. */
    readonly unresolved: ReconciledIntent[],
  ) {
    super(message);
    this.name = 'ReconcileError';
  }
}

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

/**
 * Reads a resource after a paid in-place order, waiting for `Active` while
 * an order keeps it `Pending`; not while an invoice is `Unpaid` (an order
 * placed unpaid: no wait makes it `Active` before someone pays). Resolves
 * `null` when it is gone. Endpoints: the type's read and poll.
 */
export async function readSettled(
  type: ResourceType,
  context: OperationContext,
  id: string,
  prior: Attributes,
): Promise<Attributes | null> {
  const read = await type.read(context, id, prior);
  if (read === null || !type.waitUntilReady || typeof read.status !== 'string' || read.status.toLowerCase() !== 'pending') return read;
  if (invoiceEvidence(read).status?.trim().toLowerCase() === 'unpaid') return read;
  await type.waitUntilReady(context, id);
  return type.read(context, id, prior);
}

/**
 * What a read says of a paid in-place order of unknown outcome that sets
 * `attribute` to `value`: `took` (the read shows it), `placed` (the read
 * does not report the attribute, or shows an open invoice: taken as placed,
 * never ordered again), or `not_placed` (the read reports another value and
 * no open invoice).
 */
export function operationOutcome(read: Attributes, attribute: string, value: Value): 'took' | 'placed' | 'not_placed' {
  const observed = read[attribute];
  if (observed === undefined || observed === null || observed === '' || isMask(observed)) return 'placed';
  if (sameReported(value, observed)) return 'took';
  return invoiceEvidence(read).open ? 'placed' : 'not_placed';
}

/** Equality of a journaled value and a listed one: scalars compare as text (`7` and `"7"` are equal). */
function sameReported(expected: Value, reported: Value): boolean {
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
function unmanagedMatches(
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

/** `web (cloud_lite_vm)`. */
function subject(intent: JournalIntent): string {
  return `${intent.address} (${intent.type})`;
}

/**
 * Reconciles every unfinished intent of `options.journal` (see the module
 * comment), writing adoptions to state before closing their intents so a
 * crash at any instant leaves something the next run finishes. Resolves
 * with what was done for each intent, in journal order (`[]` when none was
 * unfinished: no API call is made then).
 * Endpoints: the list endpoint of each type with an unfinished create; the
 * read (and poll) endpoints of resources with an unfinished paid operation.
 * @throws ReconcileError when a create is ambiguous (several candidates)
 *   and `onAmbiguous` is `fail`, or a type cannot be listed or is unknown;
 *   the API's errors (listing or reading failed: nothing was decided, the
 *   intents stay unfinished and the next run tries again).
 */
export async function reconcileJournal(options: ReconcileOptions): Promise<ReconciledIntent[]> {
  const { journal } = options;
  const intents = await journal.unfinished();
  const done: ReconciledIntent[] = [];
  const unresolved: ReconciledIntent[] = [];
  const finish = async (entry: ReconciledIntent): Promise<void> => {
    if (entry.outcome === 'ambiguous') {
      unresolved.push(entry);
    } else {
      await journal.recordResult(entry.intent.intent_id, { outcome: entry.outcome, ...(entry.id !== undefined ? { id: entry.id } : {}) });
    }
    done.push(entry);
    options.report({ kind: 'reconciled', entry, message: entry.message });
  };

  const identical = identicalCreates(intents);
  const handled = new Set<string>();
  for (const intent of intents) {
    if (handled.has(intent.intent_id)) continue;
    const type = options.catalogue.resource(intent.type);
    const group = identical.get(intent.intent_id);
    if (type && group) {
      for (const entry of await reconcileIdenticalCreates(options, type, group)) {
        handled.add(entry.intent.intent_id);
        await finish(entry);
      }
      continue;
    }
    if (!type) {
      const entry: ReconciledIntent = {
        intent,
        outcome: 'ambiguous',
        message: `${subject(intent)}: cannot reconcile the ${intent.operation} recorded at ${intent.time}: this cloudctl does not know type ${intent.type}`,
      };
      await finish(entry);
      continue;
    }
    if (intent.operation === 'create') await finish(await reconcileCreate(options, type, intent));
    else await finish(await reconcileOperation(options, type, intent));
  }

  if (unresolved.length > 0 && (options.onAmbiguous ?? 'fail') === 'fail') {
    const lines = unresolved.map((entry) => `  ${entry.message}`);
    throw new ReconcileError(
      `${unresolved.length === 1 ? 'an order' : `${unresolved.length} orders`} of unknown outcome could not be reconciled; nothing was planned or ordered:\n${lines.join('\n')}`,
      unresolved,
    );
  }
  return done;
}

/**
 * Unfinished creates whose orders carried identical fields (same type, same
 * journaled `match`, different addresses), by the id of each member: groups
 * of two or more only, each in journal order. Such orders are
 * interchangeable: listing cannot tell which made which resource.
 */
function identicalCreates(intents: JournalIntent[]): Map<string, JournalIntent[]> {
  const byFingerprint = new Map<string, JournalIntent[]>();
  for (const intent of intents) {
    if (intent.operation !== 'create') continue;
    const fingerprint = `${intent.type}\u0000${canonicalJson(intent.match)}`;
    const group = byFingerprint.get(fingerprint) ?? [];
    group.push(intent);
    byFingerprint.set(fingerprint, group);
  }
  const members = new Map<string, JournalIntent[]>();
  for (const group of byFingerprint.values()) {
    if (group.length < 2 || new Set(group.map((intent) => intent.address)).size !== group.length) continue;
    for (const intent of group) members.set(intent.intent_id, group);
  }
  return members;
}

/** Ascending order of resource ids: numerically when both are whole numbers, else as text. */
function compareIds(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b)) return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Reconciles a group of identical unfinished creates (see
 * {@link identicalCreates}). Those state already holds close `ok`; for the
 * others the type is listed once (again after the grace period unless there
 * are already as many candidates as orders): when every one has the same
 * candidates and there are no more of them than orders, they are adopted
 * one to one (ascending ids to the intents in journal order) and the
 * intents left over are abandoned (those orders were not placed: the same
 * evidence that abandons a lone order nothing matches); otherwise (more
 * candidates than orders, so some are not theirs, or different candidates)
 * none is decided and each is `ambiguous`, with the candidates named. A
 * group of one is reconciled alone.
 * Endpoint: the type's list endpoint.
 */
async function reconcileIdenticalCreates(
  options: ReconcileOptions,
  type: ResourceType,
  intents: JournalIntent[],
): Promise<ReconciledIntent[]> {
  const { store } = options;
  const results: ReconciledIntent[] = [];
  const open: JournalIntent[] = [];
  for (const intent of intents) {
    const held = store.resource(intent.address);
    if (held && held.type === type.type)
      results.push({
        intent,
        outcome: 'ok',
        id: held.id,
        message: `${subject(intent)}: the order recorded at ${intent.time} is already in state as id ${held.id}; journal entry closed`,
      });
    else open.push(intent);
  }
  if (open.length < 2 || !type.list) {
    for (const intent of open) results.push(await reconcileCreate(options, type, intent));
    return results;
  }
  const list = type.list.bind(type);
  const look = async () => {
    const listed = await list(options.context(300));
    return open.map((intent) => unmanagedMatches(type, listed, intent, store));
  };
  const sameCandidates = (sets: Array<Array<{ id: string }>>) => {
    const first = sets[0]!
      .map((item) => item.id)
      .sort()
      .join('\u0000');
    return sets.every(
      (set) =>
        set
          .map((item) => item.id)
          .sort()
          .join('\u0000') === first,
    );
  };
  const addresses = open.map((intent) => intent.address).join(', ');
  let sets = await look();
  if (!(sameCandidates(sets) && sets[0]!.length >= open.length)) {
    const latest = open.reduce((a, b) => (Date.parse(b.time) >= Date.parse(a.time) ? b : a));
    const found = new Set(sets.flat().map((item) => item.id)).size;
    if (
      await waitForGrace(options, latest, `${found} ${type.type} resources match the ${open.length} identical orders of ${addresses} yet`)
    )
      sets = await look();
  }
  if (sets.every((set) => set.length === 0)) {
    for (const intent of open) {
      results.push({
        intent,
        outcome: 'abandoned',
        message: `${subject(intent)}: no ${type.type} matches the order recorded at ${intent.time}, so it was not placed; the next plan creates it again`,
      });
    }
    return results;
  }
  const ids = [...new Set(sets.flat().map((item) => item.id))].sort(compareIds);
  if (sameCandidates(sets) && ids.length <= open.length) {
    const byId = new Map(sets[0]!.map((item) => [item.id, item]));
    const placed =
      ids.length === open.length
        ? `exactly ${open.length} unmanaged ${type.type} resources match them (ids ${ids.join(', ')})`
        : `only ${ids.length} unmanaged ${type.type} resources match them (ids ${ids.join(', ')}), so ${open.length - ids.length === 1 ? '1 of the orders was' : `${open.length - ids.length} of the orders were`} not placed`;
    for (const [index, intent] of open.entries()) {
      if (index >= ids.length) {
        results.push({
          intent,
          outcome: 'abandoned',
          message: `${subject(intent)}: the order recorded at ${intent.time} is one of ${open.length} identical orders of unknown outcome (${addresses}) and ${placed}; it is taken as one of those, so the next plan creates it again`,
        });
        continue;
      }
      const found = byId.get(ids[index]!)!;
      await store.setResource(intent.address, adoptedState(type, found.id, found.attributes, intent.inputs, intent.dependencies ?? []));
      const lost = lostAtCreate(type, found.attributes);
      const note =
        lost.length > 0
          ? `; its ${lost.join(', ')} came only in the lost response and cannot be recovered ('cloudctl apply --replace ${intent.address}' makes a new one)`
          : '';
      results.push({
        intent,
        outcome: 'adopted',
        id: found.id,
        message:
          `${subject(intent)}: the order recorded at ${intent.time} was found as id ${found.id} and adopted into state: it is one of ${open.length} identical orders ` +
          `of unknown outcome (${addresses}) and ${placed}; identical orders are interchangeable, so they were paired in journal order by ascending id${note}`,
      });
    }
    return results;
  }
  const why = sameCandidates(sets)
    ? `which match ${ids.length} unmanaged ${type.type} resources (ids ${ids.join(', ')}): more than were ordered, so some are not from these orders and which cannot be told`
    : `which match different sets of unmanaged ${type.type} resources (ids ${ids.join(', ')}), so they cannot be paired`;
  for (const intent of open) {
    results.push({
      intent,
      outcome: 'ambiguous',
      candidates: ids,
      message:
        `${subject(intent)}: the order recorded at ${intent.time} is one of ${open.length} identical orders of unknown outcome (${addresses}), ${why}; ` +
        `adopt each with 'cloudctl import ${type.type}.ADDRESS ID' (and delete any that is not wanted)`,
    });
  }
  return results;
}

async function reconcileCreate(options: ReconcileOptions, type: ResourceType, intent: JournalIntent): Promise<ReconciledIntent> {
  const { store } = options;
  const held = store.resource(intent.address);
  if (held && held.type === type.type) {
    return {
      intent,
      outcome: 'ok',
      id: held.id,
      message: `${subject(intent)}: the order recorded at ${intent.time} is already in state as id ${held.id}; journal entry closed`,
    };
  }
  if (!type.list) {
    return {
      intent,
      outcome: 'ambiguous',
      message: `${subject(intent)}: the order recorded at ${intent.time} has an unknown outcome and ${type.type} cannot be listed to look for it; check the account, then 'cloudctl import ${type.type}.${intent.address} ID' if it exists`,
    };
  }
  let seen = { incomplete: false };
  let candidates = await findCreated(type, options.context(300), intent, store, seen);
  if (
    candidates.length === 0 &&
    (await waitForGrace(options, intent, `no ${type.type} matches the order recorded at ${intent.time} yet`))
  ) {
    seen = { incomplete: false };
    candidates = await findCreated(type, options.context(300), intent, store, seen);
  }
  if (candidates.length === 0 && seen.incomplete) {
    // Absence is proven only by a listing read in full: otherwise the order
    // stays unfinished and nothing is planned (never ordered again blindly).
    return {
      intent,
      outcome: 'ambiguous',
      message: `${subject(intent)}: no ${type.type} matches the order recorded at ${intent.time}, but the list reply could not be read in full (null, or items without a usable id), so the order is not ruled out; nothing was planned or ordered: run again, or check the account and 'cloudctl import ${type.type}.${intent.address} ID' if it exists`,
    };
  }
  if (candidates.length === 0) {
    return {
      intent,
      outcome: 'abandoned',
      message: `${subject(intent)}: no ${type.type} matches the order recorded at ${intent.time}, so it was not placed; the next plan creates it again`,
    };
  }
  if (candidates.length > 1) {
    const ids = candidates.map((candidate) => candidate.id);
    return {
      intent,
      outcome: 'ambiguous',
      candidates: ids,
      message: `${subject(intent)}: the order recorded at ${intent.time} matches ${ids.length} unmanaged ${type.type} resources (ids ${ids.join(', ')}); adopt the right one with 'cloudctl import ${type.type}.${intent.address} ID' (and delete the others if they are not wanted)`,
    };
  }
  const [found] = candidates as [{ id: string; attributes: Attributes }];
  const adopted = adoptedState(type, found.id, found.attributes, intent.inputs, intent.dependencies ?? []);
  await store.setResource(intent.address, adopted);
  const lost = adopted.lost_at_create ?? [];
  const note =
    lost.length > 0
      ? `; its ${lost.join(', ')} came only in the lost response and cannot be recovered ('cloudctl apply --replace ${intent.address}' makes a new one)`
      : '';
  return {
    intent,
    outcome: 'adopted',
    id: found.id,
    message: `${subject(intent)}: the order recorded at ${intent.time} was found as id ${found.id} and adopted into state${note}`,
  };
}

async function reconcileOperation(options: ReconcileOptions, type: ResourceType, intent: JournalIntent): Promise<ReconciledIntent> {
  const { store } = options;
  const what = `the ${intent.operation} recorded at ${intent.time}`;
  const held = store.resource(intent.address);
  const id = typeof intent.match.id === 'string' ? intent.match.id : held?.id;
  if (!held || id === undefined || held.id !== id) {
    return {
      intent,
      outcome: 'abandoned',
      ...(id !== undefined ? { id } : {}),
      message: `${subject(intent)}: ${what} is for a resource state no longer holds; journal entry closed`,
    };
  }
  const [attribute, value] = Object.entries(intent.inputs)[0] ?? [];
  const context = options.context(type.timeouts.update ?? 1200);
  const settledRead = () => readSettled(type, context, id, held.attributes);
  const gone: ReconciledIntent = {
    intent,
    outcome: 'abandoned',
    id,
    message: `${subject(intent)}: ${type.type} ${id} is gone, so ${what} has nothing to reconcile; journal entry closed`,
  };
  const becomes = attribute === undefined ? undefined : migrationTarget(type, attribute);
  if (becomes !== undefined && attribute !== undefined && value !== undefined) {
    // A migration may leave the old account gone or Terminated, so nothing read
    // proves it either way: it is taken as placed and marked, never ordered again.
    const current = store.resource(intent.address)!;
    await store.setResource(intent.address, {
      ...current,
      attributes: { ...current.attributes, [attribute]: value },
      migrated: { to_type: becomes, attribute, value, time: intent.time },
    });
    return {
      intent,
      outcome: 'adopted',
      id,
      message: `warning: ${subject(intent)}: ${what} (${attribute} = ${describeValue(value)}) is taken as placed and ${intent.address} is marked migrated to ${becomes}, so it is never ordered again: check the account`,
    };
  }
  let read = await settledRead();
  if (read === null) return gone;
  if (attribute === undefined || value === undefined || isMask(value)) {
    return {
      intent,
      outcome: 'adopted',
      id,
      message: `warning: ${subject(intent)}: ${what} cannot be checked (no value recorded); it is taken as placed so it is not ordered twice: check the account`,
    };
  }
  const record = async () => {
    const current = store.resource(intent.address);
    if (current) await store.setResource(intent.address, { ...current, attributes: { ...current.attributes, [attribute]: value } });
  };
  /** Records the ordered value and holds it pending (`invoiceId` when the API reports an open invoice): no plan orders it again. */
  const hold = async (evidence: string, invoiceId?: string) => {
    const current = store.resource(intent.address)!;
    const pending: PendingOperation = {
      operation: intent.operation,
      value,
      time: intent.time,
      ...(invoiceId !== undefined ? { invoice_id: invoiceId } : {}),
      evidence,
    };
    await store.setResource(intent.address, {
      ...current,
      attributes: { ...current.attributes, [attribute]: value },
      pending_operations: { ...current.pending_operations, [attribute]: pending },
    });
  };
  let observed = read[attribute];
  if (observed === undefined || isMask(observed)) {
    // Taken as placed, so held as pending (a trigger has no value to show): a later
    // read of the old value (the order may wait for its invoice) must not make a plan order it again.
    if (policyFacts(type.attributes[attribute]?.policy)?.shownOnceTaken === false) await record();
    else await hold(`the API did not report ${attribute} when the order was reconciled`);
    return {
      intent,
      outcome: 'adopted',
      id,
      message: `warning: ${subject(intent)}: the API does not report ${attribute}, so whether ${what} (${attribute} = ${describeValue(value)}) took cannot be checked; it is taken as placed so it is not ordered twice: check the account`,
    };
  }
  if (
    !sameReported(value, observed) &&
    (await waitForGrace(options, intent, `${what} has not taken yet (${attribute} is ${describeValue(observed)})`))
  ) {
    read = await settledRead();
    if (read === null) return gone;
    observed = read[attribute];
  }
  if (observed !== undefined && sameReported(value, observed)) {
    await record();
    return {
      intent,
      outcome: 'ok',
      id,
      message: `${subject(intent)}: ${what} took (${attribute} is ${describeValue(observed)}); journal entry closed`,
    };
  }
  // Not showing, but the API reports an open invoice: the order was taken and
  // waits for payment. It is held pending (state keeps the ordered value), never ordered again.
  const invoice = invoiceEvidence(read);
  if (invoice.open) {
    await hold(`invoice ${invoice.invoiceId ?? '(no id)'} is ${invoice.status}`, invoice.invoiceId);
    return {
      intent,
      outcome: 'adopted',
      id,
      message: `${subject(intent)}: ${what} does not show yet (${attribute} is ${describeValue(observed)}) but invoice ${invoice.invoiceId ?? '(no id)'} is ${invoice.status}: it is held as pending and not ordered again`,
    };
  }
  return {
    intent,
    outcome: 'abandoned',
    id,
    message: `${subject(intent)}: ${what} did not take (${attribute} is ${describeValue(observed)}, not ${describeValue(value)}); the next plan asks for it again`,
  };
}
