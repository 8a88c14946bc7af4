/**
 * Keep: a resource with nothing to do (`noop`). Manifest values the state
 * lacks for inputs the API never reports (after an import) are adopted,
 * changed dependencies are recorded, and its values are published in scope
 * for its dependents. No API call.
 */
import { sameData } from '../../core/equal.js';
import { containsUnknown, type Attributes, type Value } from '../../core/types.js';
import { type BlockDeclaration } from '../../manifest/types.js';
import { type Change } from '../../plan/document.js';
import type { ResourceType } from '../../resources/attribute.js';
import { desiredValue, neverRead } from '../diff.js';
import type { ApplyContext } from './context.js';

/** Applies a `noop` change (see the module comment). Errors: the state write's. */
export async function keep(run: ApplyContext, change: Change, type: ResourceType, block: BlockDeclaration): Promise<void> {
  const prior = run.store.resource(change.address);
  if (!prior) return;
  let attributes = prior.attributes;
  const { inputs } = run.scope.inputsOf(block);
  const adopted: Attributes = {};
  for (const [name, attribute] of Object.entries(type.attributes)) {
    if (!neverRead(attribute) || prior.attributes[name] !== undefined) continue;
    const value = desiredValue(attribute, inputs[name]);
    if (value !== undefined && !containsUnknown(value)) adopted[name] = value as Value;
  }
  const dependencies = run.dependenciesOf(change.address);
  if (Object.keys(adopted).length > 0 || !sameData(prior.dependencies, dependencies)) {
    attributes = { ...prior.attributes, ...adopted };
    await run.store.setResource(change.address, { ...prior, attributes, dependencies });
  }
  run.scope.setResource(change.address, attributes);
}
