/** Creates of unknown outcome: one looked for alone, or identical ones paired with their candidates. */
import { type ResourceType } from '../../resources/attribute.js';
import type { JournalIntent } from '../../state/journal.js';
import { canonicalJson } from '../../state/validate.js';
import { lostAtCreate } from '../marks.js';
import type { Attributes } from '../../core/types.js';
import { subject, waitForGrace, type ReconcileOptions, type ReconciledIntent } from './options.js';
import { adoptedState, findCreated, unmanagedMatches } from './matching.js';

/**
 * Unfinished creates whose orders carried identical fields (same type, same
 * journaled `match`, different addresses), by the id of each member: groups
 * of two or more only, each in journal order. Such orders are
 * interchangeable: listing cannot tell which made which resource.
 */
export function identicalCreates(intents: JournalIntent[]): Map<string, JournalIntent[]> {
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
export async function reconcileIdenticalCreates(
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

export async function reconcileCreate(options: ReconcileOptions, type: ResourceType, intent: JournalIntent): Promise<ReconciledIntent> {
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
