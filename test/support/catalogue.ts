/**
 * Small helpers of the unit tests over the resource catalogue and state
 * documents.
 */
import type { ResourceState, StateDocument } from '../../src/state/document.js';
import type { Change, PlanDocument } from '../../src/plan/document.js';
import { diffResource, type DesiredInput, type ResourceDiffInput } from '../../src/engine/diff.js';
import { defaultCatalogue } from '../../src/manifest/catalogue.js';
import type { Attribute, ResourceType } from '../../src/resources/attribute.js';

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
    ...PLAIN_DIFF,
  }).change;
}

/** A state document (lineage `test`, serial 1, no outputs) holding `resources`. */
export function stateOf(resources: Record<string, ResourceState>): StateDocument {
  return { format_version: 1, lineage: 'test', serial: 1, resources, outputs: {} };
}

/** A plan document (apply mode, no variables, data sources or outputs, created 2000-01-01) holding `changes`. */
export function planDocumentOf(changes: Change[], lineage = '00000000-0000-4000-8000-000000000000'): PlanDocument {
  return {
    format_version: 1,
    created_at: '2000-01-01T00:00:00.000Z',
    lineage,
    serial: 1,
    mode: 'apply',
    manifest: { path: 'm.yaml', source: '' },
    variables: {},
    data_sources: {},
    outputs: {},
    changes,
  };
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

/**
 * The naming half of a fake resource type `type` (token `fake:index:<type>`,
 * no aliases) and its attribute table: the computed `id`, then `attributes`.
 * Spread into a test's type next to its operations.
 */
export function fakeTypeHead(
  type: string,
  attributes: Record<string, Attribute>,
): Pick<ResourceType, 'kind' | 'type' | 'token' | 'aliases' | 'description' | 'attributes'> {
  return {
    kind: 'resource',
    type,
    token: `fake:index:${type}`,
    aliases: [],
    description: `the test type ${type}`,
    attributes: { id: { type: 'string', mode: 'computed', description: 'id' }, ...attributes },
  };
}

/** The rest of a plain diff's input: nothing protected or ignored, no forced replace, no source locations, no `depends_on`. */
export const PLAIN_DIFF = {
  lifecycle: { preventDestroy: false, ignoreChanges: [] },
  forceReplace: false,
  locations: {},
  dependsOn: [],
} satisfies Partial<ResourceDiffInput>;

/** A write-only secret input of a fake type: sensitive, and a change is rejected with `hint` as the way out. */
export function secretInput(mode: 'required' | 'optional', description: string, hint: string): Attribute {
  return { type: 'string', mode, description, sensitive: true, writeOnly: true, policy: { kind: 'reject', hint } };
}
