/**
 * Update: a planned in-place change of a resource in state. Values unknown
 * at plan time are checked again now (one that turns out to force a
 * replace fails, asking to plan again); the planned operations run through
 * the paid-call protocol in plan order (see in-place.ts: a busy paid
 * operation's intent closes `ok` only once the resource is `Active` again);
 * then the resource is read back and published.
 */
import { policyFacts } from '../../resources/policies.js';
import { isUnknown, type Attributes } from '../../core/types.js';
import { type BlockDeclaration } from '../../manifest/types.js';
import { type ResourceState } from '../../state/document.js';
import { type Change } from '../../plan/document.js';
import type { ResourceType } from '../../resources/attribute.js';
import { describeValue, sameValue, unpaidOrder } from '../diff.js';
import { operationSeconds, type ApplyContext } from './context.js';
import { checkAwaitedPayment } from './payment.js';
import { afterReadBack, heldOf, readBack, runInPlace, type InPlaceStep } from './in-place.js';

/**
 * A resource holding an in-place order placed unpaid (see payment.ts):
 * while its invoice is open, fails at once with `AwaitingPaymentError`
 * (nothing else is done to it); once paid, waits for it to be `Active`
 * again, so the read-back shows the value and the other steps follow.
 * Resolves with the state to go on from. Endpoints: the type's read and poll.
 */
async function awaitUnpaidOrder(
  run: ApplyContext,
  address: string,
  type: ResourceType,
  inputs: Attributes,
  prior: ResourceState,
): Promise<ResourceState> {
  const unpaid = unpaidOrder(prior);
  if (!unpaid || !type.waitUntilReady) return prior;
  const state = prior.pending_payment ? await checkAwaitedPayment(run, address, type, prior, { operation: unpaid.operation }) : prior;
  await type.waitUntilReady(run.operationContext(address, operationSeconds(type, inputs, 'update'), 'modifying'), prior.id);
  return state;
}

/**
 * Applies an `update` change. Errors: the resource is no longer in state; a
 * value unknown at plan time turned out to need a replace; a shrink of a
 * grow-only attribute; an operation the type lacks; the operations' and
 * the read's errors.
 */
export async function update(run: ApplyContext, change: Change, type: ResourceType, block: BlockDeclaration): Promise<void> {
  const { address } = change;
  const prior = run.store.resource(address);
  if (!prior) throw new Error(`${address} is not in state any more`);
  const inputs = run.finalInputs(type, block);
  const dependencies = run.dependenciesOf(address);
  run.reporter.started(address, 'modifying');
  const started = Date.now();
  // Values that were unknown at plan time are checked again now.
  for (const [name, attribute] of Object.entries(type.attributes)) {
    const policy = attribute.policy;
    if (!policy || inputs[name] === undefined) continue;
    if (
      policyFacts(policy)?.replacesOrRejects &&
      prior.attributes[name] !== undefined &&
      !sameValue(prior.attributes[name], inputs[name])
    ) {
      const planned = change.attributes.find((entry) => entry.name === name);
      if (!planned || !isUnknown(planned.after)) continue;
      throw new Error(
        `${address}.${name} turned out to change (from ${describeValue(prior.attributes[name])} to ${describeValue(inputs[name])}), which ${type.type} cannot do in place; plan again`,
      );
    }
  }
  const steps: InPlaceStep[] = [];
  for (const operation of change.operations) {
    const value = inputs[operation.attribute];
    const before = prior.attributes[operation.attribute];
    if (value === undefined || sameValue(before, value)) continue;
    const attribute = type.attributes[operation.attribute];
    if (policyFacts(attribute?.policy)?.growOnly && typeof before === 'number' && typeof value === 'number' && value < before) {
      throw new Error(
        `${address}.${operation.attribute}: cannot shrink from ${describeValue(before, attribute)} to ${describeValue(value, attribute)}`,
      );
    }
    const handler = type.operations[operation.name];
    if (!handler) throw new Error(`${type.type} has no operation "${operation.name}"`);
    steps.push({
      name: operation.name,
      attribute: operation.attribute,
      handler,
      paid: operation.paid || type.paidOperations.includes(operation.name),
    });
  }
  const place = { address, type, inputs, dependencies, action: 'modifying' };
  const held = await awaitUnpaidOrder(run, address, type, inputs, prior);
  const done = await runInPlace(
    run,
    { ...place, state: { ...held, attributes: { ...held.attributes } }, plannedDue: change.cost?.due_now },
    steps,
  );
  const back = await readBack(run, place, prior.id, done.attributes, 'disappeared during the update', done.migrated !== undefined);
  // Paid orders taken but not showing yet are held, never ordered again (held.ts).
  const written = afterReadBack(heldOf(prior, type.type, dependencies), done, back.read, back.attributes);
  await run.store.setResource(address, written);
  const attributes = written.attributes;
  run.scope.setResource(address, attributes);
  run.reporter.finished(address, 'modifying', (Date.now() - started) / 1000, prior.id);
}
