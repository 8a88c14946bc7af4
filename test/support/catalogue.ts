/**
 * Small helpers of the unit tests over the resource catalogue and state
 * documents.
 */
import type { Change, ResourceState, StateDocument } from '../../src/core/types.js';
import { diffResource, type DesiredInput } from '../../src/engine/diff.js';
import { defaultCatalogue } from '../../src/manifest/catalogue.js';
import type { ResourceType } from '../../src/resources/attribute.js';

/** The resource type `name` of the default catalogue; throws when there is none. */
export function resource(name: string): ResourceType {
  const type = defaultCatalogue.resource(name);
  if (!type) throw new Error(`no resource type ${name}`);
  return type;
}

/** The change the planner makes of `address` (of `type`) from `prior` to `desired`, with no lifecycle, locations or dependencies. */
export function plannedChange(
  address: string,
  type: ResourceType,
  desired: Record<string, DesiredInput>,
  prior: ResourceState | undefined,
): Change {
  return diffResource({
    address,
    type,
    desired,
    prior,
    lifecycle: { preventDestroy: false, ignoreChanges: [] },
    forceReplace: false,
    locations: {},
    dependsOn: [],
  }).change;
}

/** A state document (lineage `test`, serial 1, no outputs) holding `resources`. */
export function stateOf(resources: Record<string, ResourceState>): StateDocument {
  return { format_version: 1, lineage: 'test', serial: 1, resources, outputs: {} };
}

/**
 * The inert half of a fake resource type (no timeouts, imported by `id`,
 * create answers id `1`, read finds nothing, no operations, delete does
 * nothing): spread into a test's type next to its attributes.
 */
export const INERT_TYPE_OPERATIONS = {
  timeouts: {},
  importId: 'id',
  create: async () => ({ id: '1', attributes: {} }),
  read: async () => null,
  operations: {},
  delete: async () => undefined,
} satisfies Partial<ResourceType>;
