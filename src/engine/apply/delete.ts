/**
 * Delete: the delete of an orphan or the first half of a replace. The
 * resource is deleted through its type (a 404 counts as deleted), then
 * removed from state and scope. Ordering (dependents first) is the job
 * graph's: see {@link deleteDependencies}.
 */
import type { ResourceState, StateDocument } from '../../state/document.js';
import type { Change } from '../../plan/document.js';
import { operationSeconds, type ApplyContext } from './context.js';
import { checkFreeRun } from './paid-call.js';

/**
 * A delete was refused before anything was sent (docs/design.md, "Safety
 * invariants", I3): the account is not owned by exactly the address being
 * deleted.
 */
export class DeleteRefusedError extends Error {
  /** Stable identifier (docs/automation.md, "Errors"). */
  readonly code = 'delete_refused';
  constructor(message: string) {
    super(message);
    this.name = 'DeleteRefusedError';
  }
}

/**
 * Deletes only what an address owns (I3), checked against the state as it
 * is now, whatever planned the delete: the state entry of `address` holds
 * account `id` (the one the plan names, `plannedId`), and no other address
 * holds the same account (`StateStore.holders`: a state written before one
 * account per address was enforced may bind one twice; deleting it would
 * destroy what the other address manages).
 * @throws DeleteRefusedError saying which rule failed; nothing is sent.
 */
export function checkOwnedDelete(run: ApplyContext, address: string, plannedId: string | undefined): ResourceState {
  checkFreeRun(run, address, 'a delete');
  const current = run.store.resource(address);
  if (current === undefined) throw new DeleteRefusedError(`refusing to delete ${address}: the state no longer holds it`);
  if (plannedId !== undefined && current.id !== plannedId) {
    throw new DeleteRefusedError(
      `refusing to delete ${address}: the plan names id ${plannedId}, but the state holds id ${current.id} for it now (plan again)`,
    );
  }
  const holders = run.store.holders(current.type, current.id);
  if (holders.length !== 1 || holders[0] !== address) {
    const others = holders.filter((holder) => holder !== address);
    throw new DeleteRefusedError(
      `refusing to delete ${address}: its account ${current.id} is also held by ${others.join(', ')}, so nothing is deleted; ` +
        `find which address really owns it, then 'cloudctl state rm' the other`,
    );
  }
  return current;
}

/**
 * Deletes the state entry of `address` (`prior`; `plannedId`, the id the
 * plan names), after {@link checkOwnedDelete}. Endpoint: the type's delete. Errors:
 * DeleteRefusedError (nothing sent); an unknown type; the delete's; the
 * state write's.
 */
export async function deleteResource(run: ApplyContext, address: string, prior: ResourceState, plannedId = prior.id): Promise<void> {
  const type = run.resourceType(prior.type);
  prior = checkOwnedDelete(run, address, plannedId);
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
