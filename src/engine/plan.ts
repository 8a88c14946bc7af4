/**
 * Builds a plan: walks the manifest in dependency order, reads data sources
 * whose inputs are known, runs the generic diff for every resource, plans
 * deletes for resources gone from the manifest, and evaluates outputs.
 */
import type { LoadedManifest } from './manifest/index.js';
import { buildDependencyGraph, dependenciesOf, topologicalOrder } from './graph.js';
import { lookupDataSourceType, lookupResourceType } from '../resources/index.js';
import type { OperationContext } from '../resources/attribute.js';
import { deleteChange, diffResource } from './diff.js';
import { Scope } from './scope.js';
import {
  DiagnosticError, containsUnknown, unknown,
  type Attributes, type Change, type Diagnostic, type PlanDocument, type PlannedValue,
  type StateDocument, type Value,
} from './types.js';

/** What a plan is made from. */
export interface PlanOptions {
  loaded: LoadedManifest;
  /** State after refresh. */
  state: StateDocument;
  /** `destroy` plans the deletion of everything in state. */
  mode: 'apply' | 'destroy';
  /** Addresses to replace (`--replace`). */
  replace: string[];
  /** Gives a context for plan-time data source reads. */
  contextFor(address: string): OperationContext;
}

/** A plan and the scope of values it computed (used to render outputs). */
export interface PlanResult {
  plan: PlanDocument;
  scope: Scope;
}

/**
 * Orders deletes so that a resource is deleted after everything that
 * depends on it (using the dependencies recorded in state).
 */
export function deleteOrder(state: StateDocument, addresses: string[]): string[] {
  const wanted = new Set(addresses);
  const done = new Set<string>();
  const order: string[] = [];
  const visit = (address: string, trail: Set<string>) => {
    if (done.has(address) || trail.has(address)) return;
    trail.add(address);
    for (const [other, resource] of Object.entries(state.resources)) {
      if (wanted.has(other) && resource.dependencies.includes(address)) visit(other, trail);
    }
    trail.delete(address);
    done.add(address);
    order.push(address);
  };
  for (const address of [...addresses].sort()) visit(address, new Set());
  return order;
}

/**
 * Makes the plan. Data sources with known inputs are read now (API calls:
 * their GET endpoints). Errors: `DiagnosticError` with every plan error
 * (rejected changes, shrinks, prevent_destroy, constraint violations,
 * unknown replace targets).
 */
export async function createPlan(options: PlanOptions): Promise<PlanResult> {
  const { loaded, state } = options;
  const { manifest } = loaded;
  const scope = new Scope(loaded);
  const diagnostics: Diagnostic[] = [];
  const changes: Change[] = [];
  const dataResults: Record<string, Attributes> = {};

  for (const address of options.replace) {
    if (!manifest.resources[address]) diagnostics.push({ severity: 'error', message: `--replace ${address}: no resource "${address}" in ${manifest.path}` });
    else if (!state.resources[address]) diagnostics.push({ severity: 'error', message: `--replace ${address}: "${address}" is not in state yet, so there is nothing to replace` });
  }

  if (options.mode === 'destroy') {
    for (const address of deleteOrder(state, Object.keys(state.resources))) {
      const resource = state.resources[address];
      if (manifest.resources[address]?.lifecycle.preventDestroy) {
        diagnostics.push({ severity: 'error', location: manifest.resources[address].location, message: `${address}: lifecycle.prevent_destroy forbids destroying it` });
      }
      changes.push(deleteChange(address, resource, 'destroy requested'));
    }
    if (diagnostics.length > 0) throw new DiagnosticError(diagnostics);
    return { plan: planDocument(options, changes, {}, dataResults, 'destroy'), scope };
  }

  const graph = buildDependencyGraph(manifest);
  for (const address of topologicalOrder(graph)) {
    if (address.startsWith('data.')) {
      const block = manifest.data[address.slice('data.'.length)];
      if (!block) continue;
      const type = lookupDataSourceType(block.type);
      if (!type) continue;
      const { inputs, diagnostics: found } = scope.inputsOf(block);
      diagnostics.push(...found);
      const args: Attributes = {};
      let known = true;
      for (const [name, input] of Object.entries(inputs)) {
        if (containsUnknown(input.value)) known = false;
        else args[name] = input.value as Value;
      }
      const dependsOn = dependenciesOf(block).map((entry) => entry.address);
      if (known && found.length === 0) {
        const results = { ...args, ...(await type.read(options.contextFor(address), args)) };
        dataResults[address] = results;
        scope.setData(address, results);
      } else {
        const results: Record<string, PlannedValue> = { ...args };
        for (const [name, attribute] of Object.entries(type.attributes)) {
          if (attribute.mode === 'computed') results[name] = unknown(`${address}.${name}`);
        }
        scope.setData(address, results);
        changes.push({
          address, type: type.type, mode: 'data', action: 'read',
          reasons: ['its inputs are known only after apply: read during apply'],
          attributes: [], operations: [], paidOrders: 0, dependsOn,
        });
      }
      continue;
    }

    const block = manifest.resources[address];
    if (!block) continue;
    const type = lookupResourceType(block.type);
    if (!type) continue;
    const { inputs, diagnostics: found } = scope.inputsOf(block);
    diagnostics.push(...found);
    const known: Attributes = {};
    for (const [name, input] of Object.entries(inputs)) if (!containsUnknown(input.value)) known[name] = input.value as Value;
    diagnostics.push(...scope.checkInputs(type, block, known));
    const result = diffResource({
      address,
      type,
      desired: inputs,
      prior: state.resources[address],
      lifecycle: block.lifecycle,
      forceReplace: options.replace.includes(address),
      locations: block.propertyLocations,
      blockLocation: block.location,
      dependsOn: dependenciesOf(block).map((entry) => entry.address),
    });
    diagnostics.push(...result.diagnostics);
    changes.push(result.change);
    scope.setPlannedResource(type, address, result.change, state.resources[address]);
  }

  const orphans = Object.keys(state.resources).filter((address) => !manifest.resources[address]);
  const deletes = deleteOrder(state, orphans).map((address) => deleteChange(address, state.resources[address], 'not in the manifest any more'));

  if (diagnostics.some((diagnostic) => diagnostic.severity === 'error')) throw new DiagnosticError(diagnostics);
  const outputs = scope.outputs(manifest);
  return { plan: planDocument(options, [...deletes, ...changes], outputs, dataResults, 'apply'), scope };
}

function planDocument(
  options: PlanOptions,
  changes: Change[],
  outputs: PlanDocument['outputs'],
  dataResults: Record<string, Attributes>,
  mode: 'apply' | 'destroy',
): PlanDocument {
  const { loaded, state } = options;
  const variables: Record<string, Value> = {};
  for (const [name, value] of Object.entries(loaded.variables)) {
    if (!loaded.sensitiveVariables.has(name)) variables[name] = value;
  }
  return {
    format_version: 1,
    created_at: new Date().toISOString(),
    lineage: state.lineage,
    serial: state.serial,
    mode,
    manifest: { path: loaded.manifest.path, source: loaded.manifest.source },
    variables,
    data_sources: dataResults,
    changes,
    outputs,
  };
}

/** True when the plan changes anything (`noop` entries do not count). */
export function planHasChanges(plan: PlanDocument): boolean {
  return plan.changes.some((change) => change.action !== 'noop');
}
