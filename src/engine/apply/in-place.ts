/**
 * In-place operations of one resource, shared by `update` (a planned
 * change) and `converge` (the follow-up right after a create): each step
 * goes through the paid-call protocol ({@link journaledCall}) and is written
 * to state as soon as it succeeds; then the resource is waited for (when a
 * step left it busy), its open paid intents closed by the one rule
 * ({@link settleWhenActive}), and read back.
 */
import type { Attributes, ResourceState, Value } from '../../core/types.js';
import type { OperationHandler, ResourceType } from '../../resources/attribute.js';
import { mergeAttributes } from '../attributes.js';
import { closeUnknown, journaledCall, maskedInputs, settleWhenActive, type OpenIntent } from './paid-call.js';
import { operationSeconds, type ApplyContext } from './context.js';

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
}

/**
 * Runs `steps` in order, skipping those whose value the attributes already
 * hold, then waits for `Active` when one left the resource busy. Resolves
 * with the attributes as written (`ran` false when no step ran).
 * Errors: a step's error (its intent recorded `failed` or `unknown`); a
 * failed wait. Either way, intents of earlier busy steps close `unknown`.
 */
export async function runInPlace(run: ApplyContext, target: InPlaceTarget, steps: InPlaceStep[]): Promise<{ attributes: Attributes; ran: boolean }> {
  const { address, type, inputs, dependencies, action } = target;
  const id = target.state.id;
  let attributes = target.state.attributes;
  let ran = false;
  let wait = false;
  const open: OpenIntent[] = [];
  try {
    for (const step of steps) {
      const value = inputs[step.attribute] as Value;
      const before = attributes[step.attribute];
      const { result, open: intent } = await journaledCall(run, {
        intent: step.paid
          ? { address, type: type.type, operation: step.name, inputs: maskedInputs(type, { [step.attribute]: value }), match: { id } }
          : undefined,
        call: (api) => step.handler(run.operationContext(address, operationSeconds(type, inputs, 'update'), action, api), id, { value, before, inputs }),
        record: async () => {
          attributes = { ...attributes, [step.attribute]: value };
          await run.store.setResource(address, { ...target.state, attributes, dependencies });
          return id;
        },
        busy: (answer) => answer.wait && type.waitUntilReady !== undefined,
      });
      ran = true;
      if (intent) open.push(intent);
      wait ||= result.wait;
    }
  } catch (error) {
    await closeUnknown(run, open, `placed; then a later operation failed before ${type.type} ${id} was Active again: ${(error as Error).message}`);
    throw error;
  }
  const waitUntilReady = type.waitUntilReady;
  await settleWhenActive(run, open, wait && waitUntilReady
    ? () => waitUntilReady(run.operationContext(address, operationSeconds(type, inputs, 'update'), action), id)
    : undefined);
  return { attributes, ran };
}

/**
 * Reads a resource again after its operations and merges what it reports
 * into `attributes` (inputs win where the API does not report them).
 * Errors: an Error with `gone` when the API no longer has it; the read's.
 */
export async function readBack(run: ApplyContext, target: Pick<InPlaceTarget, 'address' | 'type' | 'inputs' | 'action'>, id: string, attributes: Attributes, gone: string): Promise<Attributes> {
  const { address, type, inputs, action } = target;
  const read = await type.read(run.operationContext(address, 300, action), id, attributes);
  if (read === null) throw new Error(`${address}: ${type.type} ${id} ${gone}`);
  return mergeAttributes(type, attributes, read, inputs);
}
