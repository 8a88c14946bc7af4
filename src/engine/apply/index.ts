/**
 * The executor: applies a plan's changes in dependency order with bounded
 * parallelism. {@link applyChanges} builds one job per change and walks
 * them; the parts live beside it, each a function of one explicit
 * {@link ApplyContext} (context.ts): create.ts, update.ts, converge.ts
 * (in-place steps in in-place.ts), read-data.ts, delete.ts, keep.ts.
 *
 * Money safety lives in paid-call.ts, the one paid-call protocol: every
 * order is journaled before the call, a failure is classified once
 * (definite refusal, or outcome unknown: reconciled by listing, never
 * ordered again blindly), the new id is written to state the moment the API
 * returns it (before waiting for `Active`), and a paid operation that makes
 * the resource busy keeps its intent open until it is `Active` again.
 */
import { walk, type Job, type JobOutcome } from '../walk.js';
import { ApplyContext, type ApplyOptions, type ApplySummary } from './context.js';
import { create } from './create.js';
import { deleteDependencies, deleteResource, dependentsInState } from './delete.js';
import { createsFirst, depose, deposedDelete } from './create-first.js';
import { deposedOf } from '../deposed.js';
import { keep } from './keep.js';
import { readData } from './read-data.js';
import { requireConditions } from '../conditions.js';
import { update } from './update.js';

export { ApplyContext, operationSeconds, type ApplyOptions, type ApplyReporter, type ApplySummary } from './context.js';
export { definiteRefusal, outcomeUnknown } from './paid-call.js';

/**
 * Applies `changes`. Resolves with a summary (never rejects for one
 * resource's failure: dependents are skipped and independent branches go
 * on). Endpoints: whatever the resource modules call.
 * Errors: rejects only when the plan names a resource the manifest does not
 * declare, or the final state flush fails.
 */
export async function applyChanges(options: ApplyOptions): Promise<ApplySummary> {
  const { changes, store } = options;
  const run = new ApplyContext(options);
  const summary: ApplySummary = { done: [], failed: [], skipped: [] };
  const jobs: Job[] = [];
  const actionOf = new Map<string, string>();
  const applying = new Set(changes.filter((change) => change.action !== 'delete').map((change) => change.address));
  // A create_before_destroy replace deletes nothing before its create: its old account is deposed, then deleted last.
  const deleting = new Set(
    changes
      .filter((change) => change.action === 'delete' || (change.action === 'replace' && !createsFirst(change)))
      .map((change) => change.address),
  );

  // Listed up front, all types at once, so no level of the graph waits for it later.
  for (const change of changes) {
    if (
      change.mode === 'data' ||
      (change.action !== 'create' && change.action !== 'replace') ||
      store.resource(change.address)?.pending_create
    )
      continue;
    const type = options.catalogue.resource(change.type);
    if (type && !run.listed(type)) void run.listingOf(type, change.address).catch(() => undefined);
  }
  if (changes.some((change) => change.mode !== 'data' && change.action !== 'noop')) {
    // The change log and the journal are opened (and, when new, made durable)
    // while the listings travel, so their first appends are single writes.
    void store.backend.open?.().catch(() => undefined);
  }

  // Phase of deletes (orphans and the first half of replaces), dependents first.
  const dependents = dependentsInState(store.document, deleting);
  for (const change of changes) {
    if (change.action !== 'delete' && change.action !== 'replace') continue;
    const prior = store.resource(change.address);
    if (!prior) continue;
    if (createsFirst(change)) {
      jobs.push(deposedDelete(run, change, changes));
      actionOf.set(`delete:${change.address}`, 'replace');
      continue;
    }
    const waitFor = deleteDependencies(change, dependents.get(change.address) ?? [], deleting, applying);
    // An account deposed by an earlier create_before_destroy goes once its address is applied (the new one Active).
    const deposed = deposedOf(change.address);
    if (deposed && applying.has(deposed.address)) waitFor.push(`apply:${deposed.address}`);
    actionOf.set(`delete:${change.address}`, change.action === 'replace' ? 'replace' : 'delete');
    jobs.push({
      id: `delete:${change.address}`,
      dependsOn: waitFor,
      run: () => deleteResource(run, change.address, prior, change.id ?? prior.id),
    });
  }

  // Phase of reads, creates and updates, dependencies first.
  for (const change of changes) {
    if (change.action === 'delete') continue;
    const block = run.blockOf(change);
    if (!block) throw new Error(`the plan names ${change.address}, which the manifest does not declare`);
    const dependsOn = change.dependsOn.map((address) => `apply:${address}`);
    if (change.action === 'replace' && !createsFirst(change)) dependsOn.push(`delete:${change.address}`);
    actionOf.set(`apply:${change.address}`, change.action);
    jobs.push({
      id: `apply:${change.address}`,
      dependsOn,
      run: async () => {
        // Before the change: a false precondition places no order, and the walk skips what depends on this block.
        requireConditions(run.scope, block, 'precondition');
        if (change.mode === 'data') await readData(run, change, block);
        else {
          const type = run.resourceType(change.type);
          if (change.action === 'noop') await keep(run, change, type, block);
          else if (change.action === 'replace' && createsFirst(change)) {
            await depose(run, change);
            await create(run, change, type, block);
          } else if (change.action === 'create' || change.action === 'replace') await create(run, change, type, block);
          else if (change.action === 'update') await update(run, change, type, block);
        }
        // After it, against what was read back (`self`).
        requireConditions(run.scope, block, 'postcondition');
      },
    });
  }

  const outcomes: JobOutcome[] = await walk(jobs, options.parallelism, options.signal);
  for (const outcome of outcomes) {
    const address = outcome.id.replace(/^(delete|apply):/, '');
    const action = actionOf.get(outcome.id) ?? '';
    if (outcome.status === 'done') {
      if (action !== 'noop')
        summary.done.push({ address, action: outcome.id.startsWith('delete:') && action === 'replace' ? 'destroy (replace)' : action });
    } else if (outcome.status === 'failed') {
      summary.failed.push({ address, action, error: outcome.error });
      options.reporter.failed(address, action, outcome.error);
    } else {
      const because = outcome.because === 'interrupted' ? 'interrupted' : outcome.because.replace(/^(delete|apply):/, '');
      summary.skipped.push({ address, because });
      options.reporter.skipped(address, because);
    }
  }
  await Promise.all(run.backgroundWrites);
  await store.flush();
  return summary;
}
