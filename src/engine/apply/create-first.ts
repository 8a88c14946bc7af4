/**
 * `create_before_destroy` replaces (Terraform's meaning): the old account's
 * state entry is deposed (moved to `ADDRESS (deposed ID)`, persisted) before
 * the new one is ordered through the ordinary create (paid-call protocol,
 * journaled); its delete is a job that waits for the new one (created,
 * `Active`, converged) and for every change that depends on the address
 * (moved to the new one), then deletes the deposed entry through
 * `deleteResource` (the owned-delete check, I3). A crash between the two
 * leaves both in state; the next plan deletes the deposed one only
 * (planning/orphans.ts, reason `delete_deposed`).
 */
import type { Change } from '../../plan/document.js';
import type { Job } from '../walk.js';
import { deposedKey } from '../deposed.js';
import type { ApplyContext } from './context.js';
import { deleteResource } from './delete.js';

/** True for a replace planned with `create_before_destroy` (its reason `replace_creates_first`). */
export function createsFirst(change: Change): boolean {
  return change.action === 'replace' && change.reasonCodes.some((reason) => reason.code === 'replace_creates_first');
}

/**
 * Moves the state entry of `change.address` to its deposed key when it
 * still holds the account the plan replaces (`change.id`), even one still
 * pending (an order the manifest no longer matches: diff.ts
 * `resumeOrReplace`); a resumed run whose entry is already the new order's
 * (another id) leaves it. State write only.
 */
export async function depose(run: ApplyContext, change: Change): Promise<void> {
  const current = run.store.resource(change.address);
  if (!current || current.id !== change.id) return;
  await run.store.moveResource(change.address, deposedKey(change.address, current.id));
}

/**
 * The job deleting the account a `create_before_destroy` replace deposed:
 * after `apply:ADDRESS` (the new account `Active`) and the apply of every
 * change that depends on the address. Endpoint: the type's delete, through
 * `deleteResource` (owned-delete check). Errors: those of `deleteResource`;
 * an Error when the deposed entry is not in state (nothing is sent).
 */
export function deposedDelete(run: ApplyContext, change: Change, changes: Change[]): Job {
  const id = change.id!;
  const key = deposedKey(change.address, id);
  const dependents = changes
    .filter((other) => other.action !== 'delete' && other.dependsOn.includes(change.address))
    .map((other) => `apply:${other.address}`);
  return {
    id: `delete:${change.address}`,
    dependsOn: [`apply:${change.address}`, ...dependents],
    run: async () => {
      const deposed = run.store.resource(key);
      if (!deposed) throw new Error(`${change.address}: the deposed account ${id} is not in state (${key}); nothing is deleted`);
      await deleteResource(run, key, deposed, id);
    },
  };
}
