/** Planning a resource of the manifest: evaluate, check, diff, check allowed values. */
import { dependenciesOf } from '../../manifest/graph.js';
import type { OperationContext, ResourceType } from '../../resources/attribute.js';
import type { Catalogue } from '../../manifest/catalogue.js';
import { diffResource } from '../diff.js';
import { checkConditions } from '../conditions.js';
import { containsUnknown, type Attributes, type Diagnostic, type PlannedValue, type SourceLocation, type Value } from '../../core/types.js';
import { type Change } from '../../plan/document.js';
import type { BlockDeclaration, ReplaceTrigger } from '../../manifest/types.js';

import type { PlanWalk } from './walk.js';

/**
 * Checks changed attributes whose valid values come from a data source
 * (`Attribute.allowedValues`, e.g. bare-metal `rebuild_os` against
 * `cloud_baremetal_rebuild_os_list`): reads it for the existing resource and
 * returns a diagnostic naming the valid values when the new one is not among
 * them. `catalogue` provides the data source. Endpoint: the data source's.
 */
export async function checkAllowedValues(
  catalogue: Catalogue,
  type: ResourceType,
  address: string,
  change: Change,
  locations: Record<string, SourceLocation>,
  contextFor: (address: string) => OperationContext,
): Promise<Diagnostic[]> {
  const diagnostics: Diagnostic[] = [];
  for (const attributeChange of change.attributes) {
    const allowed = type.attributes[attributeChange.name]?.allowedValues;
    const value = attributeChange.after;
    if (!allowed || typeof value !== 'string' || !change.id) continue;
    const source = catalogue.dataSource(allowed.dataSource);
    if (!source) continue;
    const results = await source.read(contextFor(address), { [allowed.argument]: Number(change.id) });
    const list = Array.isArray(results[allowed.field]) ? (results[allowed.field] as Value[]) : [];
    const names = list.map((item) =>
      item !== null && typeof item === 'object' && !Array.isArray(item) ? String((item as Record<string, Value>).name ?? '') : String(item),
    );
    if (names.includes(value)) continue;
    diagnostics.push({
      severity: 'error',
      code: 'value_not_allowed',
      location: locations[attributeChange.name],
      message: `${address}.${attributeChange.name}: "${value}" is not valid for ${type.type} ${change.id}; ${allowed.dataSource} lists: ${names.join(', ') || '(none)'}`,
    });
  }
  return diagnostics;
}

/**
 * The first `replace_triggered_by` reference that fires, as written, or
 * undefined (Terraform's meaning): a resource reference fires when any
 * instance it names has a planned create, update or replace; an attribute
 * reference when that attribute changes (a replace changes every one). The
 * instances named are planned first (they are dependencies in the graph).
 */
function firedTrigger(walk: PlanWalk, triggers: ReplaceTrigger[] | undefined): string | undefined {
  for (const trigger of triggers ?? []) {
    for (const target of trigger.targets ?? []) {
      const change = walk.planned.get(target);
      if (!change || (change.action !== 'create' && change.action !== 'update' && change.action !== 'replace')) continue;
      if (trigger.attribute === undefined || change.action !== 'update') return trigger.text;
      if (change.attributes.some((attribute) => attribute.name === trigger.attribute)) return trigger.text;
    }
  }
  return undefined;
}

/**
 * Plans the resource at `address`: its inputs evaluated in scope, checked,
 * diffed against its state (`diffResource`), and, for an update, its
 * changed values checked against the data source that lists valid ones.
 * Returns a promise only for what must wait (an update's check): a plan of
 * 100,000 creates is planned without a promise, and an await, per resource.
 * Endpoints: such data sources'.
 */
export function planResource(walk: PlanWalk, address: string): Promise<void> | undefined {
  const { options, state, scope, diagnostics, replace, gone, drifted, unobserved } = walk;
  const { manifest } = options.loaded;
  const { catalogue } = options;
  const block = manifest.resources[address];
  if (!block) return undefined;
  const type = catalogue.resource(block.type);
  if (!type) return undefined;
  // A precondition known now is decided now; one known only after apply is checked then, before any order.
  if (block.conditions) diagnostics.push(...checkConditions(scope, block, 'precondition').diagnostics);
  const { inputs, diagnostics: found } = scope.inputsOf(block);
  diagnostics.push(...found);
  // What checkInputs checks: known values not written as literals (literals were checked when the manifest was validated).
  const known: Attributes = {};
  for (const name of Object.keys(inputs)) {
    if (block.properties[name]?.kind !== 'literal' && !containsUnknown(inputs[name].value)) known[name] = inputs[name].value as Value;
  }
  diagnostics.push(...scope.checkInputs(type, block, known));
  const result = diffResource({
    address,
    type,
    desired: inputs,
    prior: state.resources[address],
    lifecycle: block.lifecycle,
    forceReplace: replace.has(address),
    triggeredBy: firedTrigger(walk, block.lifecycle.replaceTriggeredBy),
    locations: block.propertyLocations,
    blockLocation: block.location,
    dependsOn: dependenciesOf(block, manifest.locals).map((entry) => entry.address),
    deletedOutside: gone.has(address) && !state.resources[address],
    drifted: drifted.get(address),
  });
  diagnostics.push(...result.diagnostics);
  if (result.warnings) unobserved.push(...result.warnings);
  if (result.change.action !== 'update') return planned(walk, block, type, address, result.change, result.secrets);
  return checkAllowedValues(catalogue, type, address, result.change, block.propertyLocations, options.contextFor).then((invalid) => {
    diagnostics.push(...invalid);
    planned(walk, block, type, address, result.change);
  });
}

/**
 * Records the planned `change` of the resource at `address` (declared by
 * `block`, of `type`) in the walk and its scope; `secrets`: the real
 * values of what the change masks (a create's), for the scope.
 */
function planned(
  walk: PlanWalk,
  block: BlockDeclaration,
  type: ResourceType,
  address: string,
  change: Change,
  secrets?: Record<string, PlannedValue>,
): undefined {
  const { state, scope, diagnostics, changes } = walk;
  changes.push(change);
  walk.planned.set(address, change);
  scope.setPlannedResource(type, address, change, state.resources[address], secrets);
  // A postcondition the planned values already decide (`self` left as it is) is decided now, as Terraform does.
  if (block.conditions) diagnostics.push(...checkConditions(scope, block, 'postcondition').diagnostics);
  return undefined;
}
