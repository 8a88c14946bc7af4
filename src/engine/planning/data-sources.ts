/** Planning the data sources of the manifest: read now, or during apply; and read again before an apply. */
import { sameData } from '../../core/equal.js';
import type { LoadedManifest } from '../../manifest/index.js';
import { dependenciesOf } from '../../manifest/graph.js';
import type { OperationContext } from '../../resources/attribute.js';
import type { Catalogue } from '../../manifest/catalogue.js';
import { Scope } from '../scope.js';
import {
  containsUnknown,
  unknown,
  type Attributes,
  type PlannedValue,
  isUnknown,
  type UnknownValue,
  type Value,
} from '../../core/types.js';
import { type Manifest } from '../../manifest/types.js';
import { type Change, type ChangeReason, type PlanDocument } from '../../plan/document.js';

import type { PlanWalk } from './walk.js';
import { checkConditions } from '../conditions.js';

/**
 * Plans the data source at `address`: read now when its inputs are known
 * and nothing it depends on changes (the read started ahead, `readAhead`,
 * is used when its arguments are the same), else read during apply (a
 * `read` change whose results are unknown until then).
 * Endpoints: the data source's.
 */
export async function planDataSource(walk: PlanWalk, address: string, readAhead: Map<string, ReadAhead>): Promise<void> {
  const { options, scope, diagnostics, changes, planned, deferred, dataResults, sensitiveData } = walk;
  const { manifest } = options.loaded;
  const { catalogue } = options;
  const block = manifest.data[address.slice('data.'.length)];
  if (!block) return;
  const type = catalogue.dataSource(block.type);
  if (!type) return;
  const { inputs, diagnostics: found } = scope.inputsOf(block);
  diagnostics.push(...found);
  const args: Attributes = {};
  const sensitive = new Set<string>(
    Object.entries(type.attributes)
      .filter(([, attribute]) => attribute.sensitive)
      .map(([name]) => name),
  );
  let waitsFor: UnknownValue | undefined;
  for (const [name, input] of Object.entries(inputs)) {
    if (input.sensitive) sensitive.add(name);
    const marker = firstUnknown(input.value);
    if (marker) waitsFor ??= marker;
    else args[name] = input.value as Value;
  }
  const dependsOn = dependenciesOf(block, manifest.locals).map((entry) => entry.address);
  const changing = dependsOn.find((dependency) => {
    if (deferred.has(dependency)) return true;
    const change = planned.get(dependency);
    return change !== undefined && change.action !== 'noop' && change.action !== 'read';
  });
  // A precondition false now fails the plan (no read); one known only after apply defers the read to apply, where it is checked first.
  const preconditions = block.conditions ? checkConditions(scope, block, 'precondition') : undefined;
  if (preconditions) diagnostics.push(...preconditions.diagnostics);
  const undecided = preconditions !== undefined && (preconditions.diagnostics.length > 0 || preconditions.unknown.length > 0);
  if (!waitsFor && !changing && !undecided && found.length === 0) {
    const ahead = await readAhead.get(address);
    const results =
      ahead && sameData(ahead.args, args) ? ahead.results : { ...args, ...(await type.read(options.contextFor(address), args)) };
    dataResults[address] = results;
    if ([...sensitive].some((name) => results[name] !== undefined)) sensitiveData[address] = sensitive;
    scope.setData(address, results, sensitive);
    if (block.conditions) diagnostics.push(...checkConditions(scope, block, 'postcondition').diagnostics);
  } else {
    const results: Record<string, PlannedValue> = Object.fromEntries(Object.entries(inputs).map(([name, input]) => [name, input.value]));
    for (const [name, attribute] of Object.entries(type.attributes)) {
      if (attribute.mode === 'computed') results[name] = unknown(`${address}.${name}`);
    }
    scope.setData(address, results, sensitive);
    deferred.add(address);
    const conditionWait = !waitsFor && !changing ? preconditions?.unknown[0] : undefined;
    const why: ChangeReason = conditionWait
      ? { code: 'read_because_inputs_unknown', attribute: 'lifecycle.precondition', waits_for: conditionWait.waitsFor }
      : waitsFor
        ? {
            code: 'read_because_inputs_unknown',
            attribute: String(Object.entries(inputs).find(([, input]) => containsUnknown(input.value))?.[0]),
            waits_for: waitsFor.$unknown,
          }
        : { code: 'read_because_dependency_pending', dependency: changing! };
    const change: Change = {
      address,
      type: type.type,
      mode: 'data',
      action: 'read',
      reasonCodes: [why],
      attributes: Object.entries(results).map(([name, value]) => ({
        name,
        before: undefined,
        after: value,
        sensitive: sensitive.has(name),
      })),
      operations: [],
      paidOrders: 0,
      dependsOn,
    };
    changes.push(change);
    planned.set(address, change);
  }
}

/** A data source read ahead of the plan's walk: the arguments it was read with and its results (arguments included). */
export type ReadAhead = Promise<{ args: Attributes; results: Attributes } | undefined>;

/**
 * Starts the reads of the data sources (of `selected`, when given) that
 * depend on no resource, directly or through other data sources (`order`:
 * the manifest graph's topological order, made once by the caller): each
 * starts as soon as the data sources it depends on are read, so
 * independent ones are read concurrently instead of one after another.
 * Their inputs are evaluated in a scope of their own; one whose inputs are
 * not all known resolves `undefined` (the walk decides about it). The walk
 * uses a result only when it evaluates the same arguments. A failed read
 * rejects its entry (the walk awaits it where it would have read, so the
 * error surfaces where it did before). Endpoint: each data source's GET.
 */
export function readDataSourcesAhead(
  loaded: LoadedManifest,
  catalogue: Catalogue,
  order: readonly string[],
  selected: ReadonlySet<string> | undefined,
  contextFor: (address: string) => OperationContext,
): Map<string, ReadAhead> {
  const scope = new Scope(loaded, catalogue);
  const started = new Map<string, ReadAhead>();
  for (const address of order) {
    if (!address.startsWith('data.') || (selected && !selected.has(address))) continue;
    const block = loaded.manifest.data[address.slice('data.'.length)];
    const type = block ? catalogue.dataSource(block.type) : undefined;
    if (!block || !type) continue;
    const dependencies = dependenciesOf(block, loaded.manifest.locals).map((entry) => started.get(entry.address));
    if (dependencies.some((dependency) => dependency === undefined)) continue;
    const read: ReadAhead = Promise.all(dependencies).then(async (done) => {
      if (done.some((dependency) => dependency === undefined)) return undefined;
      const { inputs, diagnostics } = scope.inputsOf(block);
      if (diagnostics.length > 0) return undefined;
      const args: Attributes = {};
      for (const [name, input] of Object.entries(inputs)) {
        if (containsUnknown(input.value)) return undefined;
        args[name] = input.value as Value;
      }
      const results = { ...args, ...(await type.read(contextFor(address), args)) };
      scope.setData(address, results);
      return { args, results };
    });
    read.catch(() => undefined); // awaited by the walk; not unhandled when the walk stops first
    started.set(address, read);
  }
  return started;
}

/**
 * Reads again, into `scope`, the data sources a saved plan lists in
 * `sensitive_data_sources` (their results were stored masked). Called by
 * apply before any change; the data source types come from `scope.catalogue`.
 * Endpoints: each data source's GET.
 * Errors: an Error naming the data source when its inputs do not evaluate
 * or the read fails.
 */
export async function rereadSensitiveDataSources(
  plan: PlanDocument,
  manifest: Manifest,
  scope: Scope,
  contextFor: (address: string) => OperationContext,
): Promise<void> {
  for (const address of plan.sensitive_data_sources ?? []) {
    const block = manifest.data[address.replace(/^data\./, '')];
    const type = block ? scope.catalogue.dataSource(block.type) : undefined;
    if (!block || !type) throw new Error(`the plan names data source ${address}, which the manifest does not declare`);
    const { inputs, diagnostics } = scope.inputsOf(block);
    if (diagnostics.length > 0) throw new Error(`${address}: ${diagnostics.map((diagnostic) => diagnostic.message).join('; ')}`);
    const args: Attributes = {};
    const sensitive = new Set<string>();
    for (const [name, input] of Object.entries(inputs)) {
      if (containsUnknown(input.value)) throw new Error(`${address}.${name} is unknown, but it was known when the plan was made`);
      args[name] = input.value as Value;
      if (input.sensitive) sensitive.add(name);
    }
    try {
      scope.setData(address, { ...args, ...(await type.read(contextFor(address), args)) }, sensitive);
    } catch (error) {
      throw new Error(`reading ${address} again (its results are sensitive, so the plan does not keep them): ${(error as Error).message}`, {
        cause: error,
      });
    }
  }
}

/** The first unknown marker inside a value (depth first), if any. */
function firstUnknown(value: unknown): UnknownValue | undefined {
  if (isUnknown(value)) return value;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = firstUnknown(item);
      if (found) return found;
    }
  } else if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) {
      const found = firstUnknown(item);
      if (found) return found;
    }
  }
  return undefined;
}
