/**
 * Converge: right after a create, inputs the order does not carry (a VM's
 * `disk_size` above its product's, its `power_state`) may differ from what
 * the new resource reads back. Their in-place operations (update, grow,
 * desired; never triggers, whose value at create is the baseline) run
 * through the paid-call protocol, so a paid one follows the same rule as in
 * an update: its intent closes `ok` only once the resource is `Active`
 * again. Then the resource is read again.
 *
 * What a step compares against is what the API reported, never the input
 * the merge kept in its place: a read that leaves such an attribute out
 * (missing, `null` or `''`) is repeated (up to {@link OBSERVE_ATTEMPTS}
 * reads in all); while it stays unreported nothing is ordered for it. An
 * input the order itself carried (an `update` policy's, the product) then
 * stands in state as ordered (I2); one converged after the order (grow,
 * desired) is left out of state and the create fails, saying so.
 */
import { policyFacts, policyOperation } from '../../resources/policies.js';
import type { Attributes } from '../../core/types.js';
import type { Attribute, ResourceType } from '../../resources/attribute.js';
import { unreported } from '../attributes.js';
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
  /** The attributes after the create (its read merged into the inputs). */
  attributes: Attributes;
  /** What the read after the create reported, before the merge (absent: `attributes` are taken as observed). */
  read?: Attributes;
  dependencies: string[];
}

/** Reads of a new resource (the one after the create included) before an input it leaves unreported stops converge. */
export const OBSERVE_ATTEMPTS = 4;

/** The names of the in-place attributes (update, grow, desired) of `type` that `inputs` set. */
function convergeable(type: ResourceType, inputs: Attributes): string[] {
  return Object.entries(type.attributes)
    .filter(([name, attribute]) => isInPlace(attribute.policy) && inputs[name] !== undefined && inputs[name] !== null)
    .map(([name]) => name);
}

/** True for the policies converge runs (`convergedAfterCreate`: update, grow, desired; never triggers). */
function isInPlace(policy: Attribute['policy']): boolean {
  return policyFacts(policy)?.convergedAfterCreate ?? false;
}

/**
 * The attributes of a new resource with every convergeable input as the
 * API reports it: those the read after the create left unreported are
 * read again (GET: the type's read), up to {@link OBSERVE_ATTEMPTS} reads
 * in all. `unseen` names those still unreported. Errors: the read's.
 */
async function observed(run: ApplyContext, target: ConvergeTarget): Promise<{ attributes: Attributes; unseen: string[] }> {
  const { address, type, id, inputs, attributes, read } = target;
  const missing = read ? convergeable(type, inputs).filter((name) => unreported(read[name])) : [];
  const seen: Attributes = {};
  const unseen = () => missing.filter((name) => seen[name] === undefined);
  for (let attempt = 1; attempt < OBSERVE_ATTEMPTS && unseen().length > 0; attempt++) {
    const again = await type.read(run.operationContext(address, 300, 'creating'), id, attributes);
    for (const name of unseen()) if (again && !unreported(again[name])) seen[name] = again[name]!;
  }
  return { attributes: { ...attributes, ...seen }, unseen: unseen() };
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
      if (!isInPlace(policy) || policyOperation(policy) !== operationName) continue;
      const value = inputs[name];
      const observed = attributes[name];
      if (value === undefined || value === null || observed === undefined || sameValue(observed, value)) continue;
      if (policyFacts(policy)?.growOnly && typeof observed === 'number' && typeof value === 'number' && value < observed) {
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
  const { address, type, id, inputs, dependencies } = target;
  const read = await observed(run, target);
  const attributes = read.attributes;
  // An input the order carried (an `update` policy's: the product) stands in
  // state as ordered while the API does not report it (I2): nothing is ordered
  // for it, and no later plan takes the missing value for a different one.
  const standing = read.unseen.filter((name) => type.orderCarries?.includes(name));
  if (standing.length > 0) {
    run.reporter.notice?.(
      address,
      `the API does not report ${standing.join(', ')} of the new ${type.type} ${id} (${OBSERVE_ATTEMPTS} reads): the ordered value stands in state until it does, and nothing is ordered for it`,
    );
  }
  const unseen = read.unseen.filter((name) => !standing.includes(name));
  if (unseen.length > 0) {
    // An input converged after the order (grown, desired) that the API never
    // showed: the state does not claim it, and no later plan orders a paid
    // change from its absence (I2, diff.ts).
    const kept = Object.fromEntries(Object.entries(attributes).filter(([name]) => !unseen.includes(name)));
    await run.store.setResource(address, { type: type.type, id, attributes: kept, dependencies });
    throw new Error(
      `${address}: the new ${type.type} ${id} does not report ${unseen.join(', ')} (${OBSERVE_ATTEMPTS} reads): nothing was ordered to change it; the next plan reads it again`,
    );
  }
  const steps = convergeSteps({ ...target, attributes });
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
