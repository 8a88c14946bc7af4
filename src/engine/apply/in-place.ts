/**
 * In-place operations of one resource, shared by `update` (a planned
 * change) and `converge` (the follow-up right after a create): each step
 * goes through the paid-call protocol ({@link journaledCall}) and is written
 * to state as soon as it succeeds; then the resource is waited for (when a
 * step left it busy), its open paid intents closed by the one rule
 * ({@link settleWhenActive}), and read back.
 */
import type { Attributes, Value } from '../../core/types.js';
import type { MigratedMark, ResourceState } from '../../state/document.js';
import { readBackOf, type OperationHandler, type ResourceType } from '../../resources/attribute.js';
import { mergeAttributes } from '../attributes.js';
import { goneOrTerminated, holdUnshown, migrationTarget, withPending, type PlacedOrder } from '../held.js';
import {
  checkFreeRun,
  closeUnknown,
  journaledCall,
  maskedInputs,
  OrderNotPlacedError,
  placeAtMostTwice,
  settleWhenActive,
  type OpenIntent,
} from './paid-call.js';
import { operationOutcome, readSettled } from '../reconcile/index.js';
import { describeValue } from '../diff.js';
import { operationSeconds, type ApplyContext } from './context.js';
import { AwaitingPaymentError, holdUnpaidOrder, openInvoiceOf, type UnpaidOrder } from './payment.js';

/** One in-place operation to run: `handler` sets `attribute` to `inputs[attribute]`. */
export interface InPlaceStep {
  /** Operation name, e.g. `storage_upgrade`. */
  name: string;
  attribute: string;
  handler: OperationHandler;
  /** True when the operation places a paid order (it is journaled). */
  paid: boolean;
}

/** The resource the steps run on. */
export interface InPlaceTarget {
  address: string;
  type: ResourceType;
  /** What state holds for it before the steps (each step writes it with the new value). */
  state: ResourceState;
  /** Final inputs (every reference resolved). */
  inputs: Attributes;
  /** Addresses it depends on, written to state. */
  dependencies: string[];
  /** Progress label: `creating` (converge) or `modifying` (update). */
  action: string;
  /** What the plan says is due now for the change (the invoice amount when the API gives none). */
  plannedDue?: number | null;
}

/**
 * Runs `steps` in order, skipping those whose value the attributes already
 * hold, then waits for `Active` when one left the resource busy. Resolves
 * with the attributes as written (`ran` false when no step ran).
 * Errors: a step's error (its intent recorded `failed` or `unknown`); a
 * failed wait. Either way, intents of earlier busy steps close `unknown`.
 */
export async function runInPlace(run: ApplyContext, target: InPlaceTarget, steps: InPlaceStep[]): Promise<InPlaceResult> {
  const { address, type, inputs, dependencies, action } = target;
  const id = target.state.id;
  let attributes = target.state.attributes;
  let migrated = target.state.migrated;
  let ran = false;
  let wait = false;
  const open: OpenIntent[] = [];
  const placed: PlacedOrder[] = [];
  let unpaid: UnpaidOrder | undefined;
  try {
    for (const step of steps) {
      if (step.paid || type.attributes[step.attribute]?.policy?.kind === 'trigger')
        checkFreeRun(run, address, `${step.name} (${step.paid ? 'a paid order' : 'a trigger'})`);
      const value = inputs[step.attribute] as Value;
      const before = attributes[step.attribute];
      const time = new Date().toISOString();
      const becomes = step.paid ? migrationTarget(type, step.attribute) : undefined;
      const call = (again: boolean) => {
        let sent = Date.now();
        return journaledCall<{ wait: boolean }>(run, {
          intent: step.paid
            ? { address, type: type.type, operation: step.name, inputs: maskedInputs(type, { [step.attribute]: value }), match: { id } }
            : undefined,
          before,
          call: (api) => {
            sent = Date.now();
            return step.handler(run.operationContext(address, operationSeconds(type, inputs, 'update'), action, api), id, {
              value,
              before,
              inputs,
            });
          },
          // An outcome unknown is settled in the run (I4). A migration is taken as
          // placed at once, as reconciliation takes it: the old account may be gone
          // either way, so nothing read proves it was not; it is marked, never ordered again.
          ...(step.paid
            ? {
                recover: (error: Error) =>
                  becomes === undefined
                    ? settleOperation(run, { address, type, id, attributes, step, value, sent, again }, error)
                    : takeMigrationAsPlaced(run, address, step, error),
              }
            : {}),
          record: async () => {
            attributes = { ...attributes, [step.attribute]: value };
            // A migration is marked with its value at once: from now on the old account may be gone.
            if (becomes !== undefined) migrated = { to_type: becomes, attribute: step.attribute, value, time };
            await run.store.setResource(address, { ...target.state, attributes, dependencies, ...(migrated ? { migrated } : {}) });
            return id;
          },
          busy: (answer) => answer.wait && type.waitUntilReady !== undefined,
        });
      };
      const { result, open: intent } = await placeAtMostTwice(run, address, call);
      ran = true;
      if (intent) open.push(intent);
      wait ||= result.wait;
      if (step.paid && becomes === undefined) {
        const authoritative = readBackOf(type.attributes[step.attribute]!) === 'authoritative';
        placed.push({ operation: step.name, attribute: step.attribute, value, time, authoritative });
      }
      // Placed unpaid: the account stays Pending until someone pays; the later steps wait for that.
      if (step.paid && inputs.pay_with_credit_card === false && type.waitUntilReady) {
        const payment = await openInvoiceOf(run, address, type, { id, attributes }, target.plannedDue);
        if (payment) {
          unpaid = { operation: step.name, attribute: step.attribute, value, time, payment };
          break;
        }
      }
    }
  } catch (error) {
    await closeUnknown(
      run,
      open,
      `placed; then a later operation failed before ${type.type} ${id} was Active again: ${(error as Error).message}`,
    );
    throw error;
  }
  if (unpaid) {
    // State holds the order (held, with its invoice) before its intent closes: it is never ordered again.
    // A migration is held by its mark, written with the order (the resource is frozen from then on).
    const state: ResourceState = { ...target.state, attributes, dependencies, ...(migrated ? { migrated } : {}) };
    if (!migrated) await run.store.setResource(address, holdUnpaidOrder(state, unpaid));
    await settleWhenActive(run, open);
    throw new AwaitingPaymentError(address, id, unpaid.payment, unpaid.operation);
  }
  const waitUntilReady = type.waitUntilReady;
  const context = run.operationContext(address, operationSeconds(type, inputs, 'update'), action);
  await settleWhenActive(
    run,
    open,
    wait && waitUntilReady
      ? async () => {
          try {
            await waitUntilReady(context, id);
          } catch (error) {
            // After a migration the old account may be gone or Terminated: that is its end, not a failure.
            if (!migrated || !goneOrTerminated(await type.read(context, id, attributes).catch(() => ({})))) throw error;
          }
        }
      : undefined,
  );
  return { attributes, ran, placed, ...(migrated ? { migrated } : {}) };
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** One paid in-place call of unknown outcome, as {@link settleOperation} looks for it. */
interface UnknownOperation {
  address: string;
  type: ResourceType;
  id: string;
  /** The state's attributes before the call. */
  attributes: Attributes;
  step: InPlaceStep;
  /** The value the call sets. */
  value: Value;
  /** When it was sent (epoch ms). */
  sent: number;
  /** True for the call placed again after one proved not placed: a second unknown outcome is left to the next run. */
  again: boolean;
}

/**
 * Settles a paid in-place call of unknown outcome in the run (docs/design.md,
 * "Safety invariants", I4): after the grace since it was sent, the resource
 * is read (once `Active` again); the value showing, or not reported, or an
 * open invoice, means placed (resolves, and the intent closes `adopted`:
 * a value that does not show is held pending by the read-back); the old
 * value with no open invoice proves it was not placed
 * ({@link OrderNotPlacedError}: the intent closes `abandoned` and the call
 * is placed again once). Endpoints: the type's read and poll.
 * @throws OrderNotPlacedError; an Error (the next run reconciles it) when
 *   the resource is gone, the read fails, or a call placed again is still
 *   not showing.
 */
async function settleOperation(run: ApplyContext, unknownCall: UnknownOperation, error: Error): Promise<{ wait: boolean }> {
  const { address, type, id, attributes, step, value } = unknownCall;
  run.reporter.notice?.(address, `the outcome of ${step.name} is unknown (${error.message}); looking at ${type.type} ${id}`);
  await pause(unknownCall.sent + run.graceSeconds * 1000 - Date.now());
  const context = run.operationContext(address, operationSeconds(type, attributes, 'update'), 'modifying');
  const read = await readSettled(type, context, id, attributes).catch(() => undefined);
  const later = `: the next run reconciles it before planning anything`;
  if (read === undefined) throw new Error(`${error.message}; reading ${type.type} ${id} failed${later}`, { cause: error });
  if (read === null) throw new Error(`${error.message}; ${type.type} ${id} is gone${later}`, { cause: error });
  const outcome = operationOutcome(read, step.attribute, value);
  if (outcome !== 'not_placed') return { wait: false };
  const why = `${step.attribute} still reads ${describeValue(read[step.attribute])}, not ${describeValue(value)}, and no invoice is open`;
  if (unknownCall.again) throw new Error(`${error.message}; ${why}${later}`, { cause: error });
  throw new OrderNotPlacedError(`${error.message}; ${why}, so it was not placed`, { cause: error });
}

/** A migration of unknown outcome, taken as placed (its mark is written by `record`); the reporter says so. */
function takeMigrationAsPlaced(run: ApplyContext, address: string, step: InPlaceStep, error: Error): Promise<{ wait: boolean }> {
  run.reporter.notice?.(
    address,
    `the outcome of ${step.name} is unknown (${error.message}); it is taken as placed and ${address} is marked migrated, so it is never ordered again: check the account`,
  );
  return Promise.resolve({ wait: false });
}

/** What {@link runInPlace} resolves with. */
export interface InPlaceResult {
  /** The attributes as written (each step's new value). */
  attributes: Attributes;
  /** False when no step ran. */
  ran: boolean;
  /** The paid operations placed (not migrations), for {@link holdUnshown} after the read-back. */
  placed: PlacedOrder[];
  /** Set when the resource is (now or already) migrated to another type. */
  migrated?: MigratedMark;
}

/**
 * The state entry after the read-back of an in-place change: paid orders
 * the read does not show yet are held (see held.ts), a migration mark kept.
 */
export function afterReadBack(base: ResourceState, done: InPlaceResult, read: Attributes, attributes: Attributes): ResourceState {
  const held = holdUnshown(done.placed, read, attributes, base.pending_operations);
  const state = withPending({ ...base, attributes: held.attributes }, held.pending);
  return done.migrated ? { ...state, migrated: done.migrated } : state;
}

/**
 * Reads a resource again after its operations and merges what it reports
 * into `attributes` (inputs win where the API does not report them);
 * resolves with the merged attributes and the read itself. A `migrated`
 * resource gone or `Terminated` keeps `attributes` (its read is then `{}`).
 * Errors: an Error with `gone` when the API no longer has it; the read's.
 */
export async function readBack(
  run: ApplyContext,
  target: Pick<InPlaceTarget, 'address' | 'type' | 'inputs' | 'action'>,
  id: string,
  attributes: Attributes,
  gone: string,
  migrated = false,
): Promise<{ attributes: Attributes; read: Attributes }> {
  const { address, type, inputs, action } = target;
  const read = await type.read(run.operationContext(address, 300, action), id, attributes);
  // A migrated account that is gone or Terminated keeps what state holds.
  if (migrated && goneOrTerminated(read)) return { attributes, read: {} };
  if (read === null) throw new Error(`${address}: ${type.type} ${id} ${gone}`);
  return { attributes: mergeAttributes(type, attributes, read, inputs), read };
}

/**
 * The state entry an in-place change writes, before its read-back: type,
 * id and dependencies, with the held orders of `prior` (migration mark,
 * pending operations) carried over.
 */
export function heldOf(prior: ResourceState, type: string, dependencies: string[]): ResourceState {
  return {
    type,
    id: prior.id,
    attributes: prior.attributes,
    dependencies,
    ...(prior.migrated ? { migrated: prior.migrated } : {}),
    ...(prior.pending_operations ? { pending_operations: prior.pending_operations } : {}),
  };
}
