/**
 * Refresh: read every managed resource from the API in parallel and compute
 * what changed behind cloudctl's back (drift). {@link refreshState} does not
 * write state; callers decide: `plan` keeps the result in memory, `apply`
 * records it before applying, and `cloudctl refresh` / a refresh-only plan
 * record it and nothing else ({@link recordRefresh}).
 */
import { isDeepStrictEqual } from 'node:util';
import pLimit from 'p-limit';
import type { OperationContext } from '../resources/attribute.js';
import type { Catalogue } from '../manifest/catalogue.js';
import type { StateStore } from '../state/store.js';
import { mergeAttributes } from './attributes.js';
import { goneOrTerminated, keepPending, withPending } from './held.js';
import { sameValue } from './diff.js';
import type { DriftEntry, PlanDrift, ResourceState, StateDocument } from '../core/types.js';

export type { DriftEntry } from '../core/types.js';

/** What a refresh found. */
export interface RefreshResult {
  /** State with every resource re-read; gone resources are removed. */
  resources: Record<string, ResourceState>;
  /** Attributes that differ from the state, sorted by address then attribute. */
  drift: DriftEntry[];
  /** Addresses the API no longer has (404 or `Terminated`), sorted. */
  gone: string[];
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
  /** Reads in flight at once (at least 1). */
  parallelism: number;
  /** Only these addresses are read (all when absent). */
  only?: Set<string>;
}

/**
 * Reads every resource of `state` (at most `parallelism` at once; only the
 * addresses in `only` when given), with the types of `catalogue`. A
 * resource whose order was placed but which was not `Active`
 * (`pending_create`) loses that mark once the API reports it `Active`, and
 * is kept (not gone) while the API does not report it at all. A resource
 * marked migrated is kept as it is when its old account is gone or
 * `Terminated`; a pending paid order keeps its ordered value until the API
 * shows it (held.ts). Endpoints: each type's read (GET).
 * The reads share one memo (`OperationContext.memo`, replacing any the
 * contexts carry) that lives for this call only: a read that needs a list
 * (a keypair: its pool's list) asks for it once per refresh, not once per
 * resource. Nothing writes during a refresh, so the memo cannot go stale;
 * the next phase (plan, apply) gets contexts without it.
 * Errors: the first read failure (ApiError/NetworkError) rejects, naming the
 * address; a state entry of an unknown type rejects too.
 */
export async function refreshState(state: StateDocument, options: RefreshOptions): Promise<RefreshResult> {
  const { catalogue, contextFor, parallelism, only } = options;
  const limit = pLimit(Math.max(1, parallelism));
  const resources: Record<string, ResourceState> = { ...state.resources };
  const drift: DriftEntry[] = [];
  const gone: string[] = [];
  const memo = new Map<string, Promise<unknown>>();
  await Promise.all(
    Object.entries(state.resources).map(([address, prior]) =>
      limit(async () => {
        if (only && !only.has(address)) return;
        const type = catalogue.resource(prior.type);
        if (!type) throw new Error(`${address}: the state holds unknown type "${prior.type}"`);
        let read;
        try {
          read = await type.read({ ...contextFor(address), memo }, prior.id, prior.attributes);
        } catch (error) {
          throw new Error(`refreshing ${address} (${prior.type} ${prior.id}): ${(error as Error).message}`, { cause: error });
        }
        // A migrated resource whose old account is gone or Terminated stays
        // as it is: forgetting it would order it again (held.ts).
        if (prior.migrated && goneOrTerminated(read)) return;
        if (read === null) {
          // An order not yet seen Active stays: a read right after an order
          // may not see it yet, and forgetting it would order it again.
          if (prior.pending_create) return;
          delete resources[address];
          gone.push(address);
          return;
        }
        // A paid order taken but not showing yet keeps its ordered value (held.ts).
        const held = keepPending(prior, read, mergeAttributes(type, prior.attributes, read));
        const attributes = held.attributes;
        for (const [name, attribute] of Object.entries(type.attributes)) {
          if (name === 'raw' || attribute.mode === 'computed') continue;
          if (!sameValue(prior.attributes[name], attributes[name]) && prior.attributes[name] !== undefined) {
            drift.push({ address, attribute: name, before: prior.attributes[name], after: attributes[name], sensitive: Boolean(attribute.sensitive || prior.sensitive_attributes?.includes(name)) });
          }
        }
        const refreshed: ResourceState = withPending({ ...prior, attributes }, held.pending);
        if (prior.pending_create && String(attributes.status ?? '').toLowerCase() === 'active') delete refreshed.pending_create;
        resources[address] = refreshed;
      }),
    ),
  );
  drift.sort((a, b) => a.address.localeCompare(b.address) || a.attribute.localeCompare(b.attribute));
  gone.sort();
  return { resources, drift, gone };
}

/** The drift of a refresh as a plan records it (sensitive values still in; the plan masks them). */
export function planDrift(refresh: RefreshResult): PlanDrift {
  return { changed: refresh.drift, deleted: refresh.gone };
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
    if (!current || isDeepStrictEqual(current, resource)) continue;
    writes.push(store.setResource(address, resource));
    touched.push(address);
  }
  // Changes made in one tick are persisted in one write.
  await Promise.all(writes);
  await store.flush();
  return touched.sort();
}
