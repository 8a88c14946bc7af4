/**
 * Refresh: read every managed resource from the API in parallel and compute
 * what changed behind cloudctl's back (drift). Does not write state; callers
 * decide (plan keeps it in memory, `cloudctl refresh` saves it).
 */
import pLimit from 'p-limit';
import { lookupResourceType } from '../resources/index.js';
import type { OperationContext } from '../resources/attribute.js';
import { mergeAttributes } from './attributes.js';
import { sameValue } from './diff.js';
import type { ResourceState, StateDocument, Value } from './types.js';

/** One attribute that differs between state and the API. */
export interface DriftEntry {
  address: string;
  attribute: string;
  before: Value | undefined;
  after: Value | undefined;
  sensitive: boolean;
}

/** What a refresh found. */
export interface RefreshResult {
  /** State with every resource re-read; gone resources are removed. */
  resources: Record<string, ResourceState>;
  drift: DriftEntry[];
  /** Addresses the API no longer has (404 or `Terminated`). */
  gone: string[];
}

/**
 * Reads every resource of `state` (at most `parallelism` at once).
 * `contextFor(address)` gives each read its context (deadline, signal).
 * Errors: the first read failure (ApiError/NetworkError) rejects, naming the address.
 */
export async function refreshState(
  state: StateDocument,
  contextFor: (address: string) => OperationContext,
  parallelism: number,
  only?: Set<string>,
): Promise<RefreshResult> {
  const limit = pLimit(Math.max(1, parallelism));
  const resources: Record<string, ResourceState> = { ...state.resources };
  const drift: DriftEntry[] = [];
  const gone: string[] = [];
  await Promise.all(
    Object.entries(state.resources).map(([address, prior]) =>
      limit(async () => {
        if (only && !only.has(address)) return;
        const type = lookupResourceType(prior.type);
        if (!type) throw new Error(`${address}: the state holds unknown type "${prior.type}"`);
        let read;
        try {
          read = await type.read(contextFor(address), prior.id, prior.attributes);
        } catch (error) {
          throw new Error(`refreshing ${address} (${prior.type} ${prior.id}): ${(error as Error).message}`, { cause: error });
        }
        if (read === null) {
          delete resources[address];
          gone.push(address);
          return;
        }
        const attributes = mergeAttributes(type, prior.attributes, read);
        for (const [name, attribute] of Object.entries(type.attributes)) {
          if (name === 'raw' || attribute.mode === 'computed') continue;
          if (!sameValue(prior.attributes[name], attributes[name]) && prior.attributes[name] !== undefined) {
            drift.push({ address, attribute: name, before: prior.attributes[name], after: attributes[name], sensitive: Boolean(attribute.sensitive) });
          }
        }
        const refreshed: ResourceState = { ...prior, attributes };
        if (prior.pending_create && String(attributes.status ?? '').toLowerCase() === 'active') delete refreshed.pending_create;
        resources[address] = refreshed;
      }),
    ),
  );
  drift.sort((a, b) => a.address.localeCompare(b.address) || a.attribute.localeCompare(b.attribute));
  gone.sort();
  return { resources, drift, gone };
}
