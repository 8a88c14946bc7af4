/**
 * Paid in-place operations of unknown outcome: read the resource (once it
 * is `Active`) and tell whether the value took, was placed, or was not.
 */
import { policyFacts } from '../../resources/policies.js';
import { type OperationContext, type ResourceType } from '../../resources/attribute.js';
import { isMask } from '../../core/mask.js';
import type { JournalIntent } from '../../state/journal.js';
import { describeValue } from '../diff.js';
import type { Attributes, Value } from '../../core/types.js';
import type { PendingOperation } from '../../state/document.js';
import { invoiceEvidence, migrationTarget } from '../held.js';
import { subject, waitForGrace, type ReconcileOptions, type ReconciledIntent } from './options.js';
import { sameReported } from './matching.js';

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

export async function reconcileOperation(options: ReconcileOptions, type: ResourceType, intent: JournalIntent): Promise<ReconciledIntent> {
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
