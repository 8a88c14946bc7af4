/**
 * Converge: right after a create, inputs the order does not carry (a VM's
 * `disk_size` above its product's, its `power_state`) may differ from what
 * the new resource reads back. Their in-place operations (update, grow,
 * desired; never triggers, whose value at create is the baseline) run
 * through the paid-call protocol, so a paid one follows the same rule as in
 * an update: its intent closes `ok` only once the resource is `Active`
 * again. Then the resource is read again.
 */
import type { Attributes } from '../../core/types.js';
import type { ResourceType } from '../../resources/attribute.js';
import { describeValue, sameValue } from '../diff.js';
import type { ApplyContext } from './context.js';
import { afterReadBack, readBack, runInPlace, type InPlaceStep } from './in-place.js';

/** The new resource converge works on. */
export interface ConvergeTarget {
  address: string;
  type: ResourceType;
  id: string;
  /** Final inputs of the create. */
  inputs: Attributes;
  /** The attributes read after the create. */
  attributes: Attributes;
  dependencies: string[];
}

/**
 * The in-place operations that bring a new resource to its inputs, in the
 * type's operation order. Errors: an Error when a grow-only attribute came
 * out larger than asked for (it cannot shrink).
 */
export function convergeSteps(target: ConvergeTarget): InPlaceStep[] {
  const { address, type, inputs, attributes } = target;
  const steps: InPlaceStep[] = [];
  for (const operationName of type.operationOrder) {
    for (const [name, attribute] of Object.entries(type.attributes)) {
      const policy = attribute.policy;
      if (
        !policy ||
        (policy.kind !== 'update' && policy.kind !== 'grow' && policy.kind !== 'desired') ||
        policy.operation !== operationName
      )
        continue;
      const value = inputs[name];
      const observed = attributes[name];
      if (value === undefined || value === null || observed === undefined || sameValue(observed, value)) continue;
      if (policy.kind === 'grow' && typeof observed === 'number' && typeof value === 'number' && value < observed) {
        throw new Error(
          `${address}.${name}: the new ${type.type} has ${describeValue(observed, attribute)}, more than the ${describeValue(value, attribute)} asked for; ${name} only grows`,
        );
      }
      const handler = type.operations[operationName];
      if (!handler) continue;
      steps.push({ name: operationName, attribute: name, handler, paid: type.paidOperations.includes(operationName) });
    }
  }
  return steps;
}

/**
 * Runs the converge steps of a new resource (see the module comment) and
 * resolves with its attributes afterwards, as written to state (the same
 * attributes when nothing needed converging).
 * Errors: the operations' (intents recorded), a failed wait for `Active`
 * (busy paid intents closed `unknown`), the read's.
 */
export async function converge(run: ApplyContext, target: ConvergeTarget): Promise<Attributes> {
  const { address, type, id, inputs, attributes, dependencies } = target;
  const steps = convergeSteps(target);
  if (steps.length === 0) return attributes;
  const place = { address, type, inputs, dependencies, action: 'creating' };
  const base = { type: type.type, id, attributes, dependencies };
  const done = await runInPlace(run, { ...place, state: base }, steps);
  if (!done.ran) return attributes;
  const back = await readBack(run, place, id, done.attributes, 'disappeared right after it was created', done.migrated !== undefined);
  const written = afterReadBack(base, done, back.read, back.attributes);
  await run.store.setResource(address, written);
  return written.attributes;
}
