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
import { subject, ReconcileError, type ReconcileOptions, type ReconciledIntent } from './options.js';
import { identicalCreates, reconcileCreate, reconcileIdenticalCreates } from './creates.js';
import { reconcileOperation } from './operations.js';

export { DEFAULT_GRACE_SECONDS, ReconcileError, type ReconcileNotice, type ReconcileOptions, type ReconciledIntent } from './options.js';
export { adoptedState, evidenceFields, existingIds, findCreated, identityFields, matchesFields } from './matching.js';
export { operationOutcome, readSettled } from './operations.js';

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
