/**
 * Delete: the delete of an orphan or the first half of a replace. The
 * resource is deleted through its type (a 404 counts as deleted), then
 * removed from state and scope. Ordering (dependents first) is the job
 * graph's: see {@link deleteDependencies}.
 */
import type { Change, ResourceState, StateDocument } from '../../core/types.js';
import { operationSeconds, type ApplyContext } from './context.js';

/**
 * Deletes `prior`, the state entry of `address`. Endpoint: the type's
 * delete. Errors: an unknown type; the delete's; the state write's.
 */
export async function deleteResource(run: ApplyContext, address: string, prior: ResourceState): Promise<void> {
  const type = run.resourceType(prior.type);
  run.reporter.started(address, 'destroying');
  const started = Date.now();
  await type.delete(
    run.operationContext(address, operationSeconds(type, prior.attributes, 'delete'), 'destroying'),
    prior.id,
    prior.attributes,
  );
  await run.store.removeResource(address);
  run.scope.forget(address);
  run.reporter.finished(address, 'destroying', (Date.now() - started) / 1000, prior.id);
}

/**
 * The jobs a delete of `change` waits for: the deletes of resources that
 * depend on it in state (`dependents`, indexed once by the caller), and for
 * an orphan's delete (not a replace) also the apply of those that stay, so
 * they let go of it first.
 */
export function deleteDependencies(change: Change, dependents: Iterable<string>, deleting: Set<string>, applying: Set<string>): string[] {
  const waitFor: string[] = [];
  for (const other of new Set(dependents)) {
    if (deleting.has(other)) waitFor.push(`delete:${other}`);
    if (change.action === 'delete' && applying.has(other)) waitFor.push(`apply:${other}`);
  }
  return waitFor;
}

/** Address → addresses whose state lists it as a dependency, for the addresses in `deleting`. */
export function dependentsInState(state: StateDocument, deleting: Set<string>): Map<string, string[]> {
  const dependents = new Map<string, string[]>();
  if (deleting.size === 0) return dependents;
  for (const [other, resource] of Object.entries(state.resources)) {
    for (const dependency of resource.dependencies) {
      if (dependency === other || !deleting.has(dependency)) continue;
      const list = dependents.get(dependency);
      if (list) list.push(other);
      else dependents.set(dependency, [other]);
    }
  }
  return dependents;
}
