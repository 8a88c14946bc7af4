/**
 * Builds a plan: walks the manifest in dependency order, reads data sources
 * whose inputs are known, runs the generic diff for every resource, plans
 * deletes for resources gone from the manifest, and evaluates outputs.
 * Also what a plan document needs around that: `--target` selection, the
 * masking of sensitive values (a plan document never holds one) and the
 * redaction of sensitive literals in the manifest source it keeps.
 */
import { addressSelects, blockAddress, canonicalAddress, instanceAddress, parseAddress } from '../core/address.js';
import { sameData } from '../core/equal.js';
import type { LoadedManifest } from '../manifest/index.js';
import { didYouMean } from '../manifest/suggest.js';
import { buildDependencyGraph, dependenciesOf, topologicalOrder, type DependencyGraph } from '../manifest/graph.js';
import type { OperationContext, ResourceType } from '../resources/attribute.js';
import type { Catalogue } from '../manifest/catalogue.js';
import { deleteChange, diffResource } from './diff.js';
import { pricePlan, productListings } from './cost.js';
import type { RefreshResult } from './refresh.js';
import { Scope } from './scope.js';
import { maskAttributes } from '../core/mask.js';
import { maskPlan } from '../plan/mask.js';
import { redactSource, sha256 } from '../plan/redact.js';
import { heldOrderWarnings, lostValueWarnings } from './marks.js';
import { readImports, resolveMoves } from './moved.js';
import {
  DiagnosticError,
  containsUnknown,
  isUnknown,
  unknown,
  type Attributes,
  type Diagnostic,
  type Manifest,
  type PlannedValue,
  type SourceLocation,
  type StateDocument,
  type UnknownValue,
  type Value,
} from '../core/types.js';
import {
  type Change,
  type ChangeReason,
  type DriftEntry,
  type PlanDocument,
  type PlanWarning,
  type PlannedImport,
  type PlannedMove,
  type ReadBackNote,
} from '../plan/document.js';

/** What a plan is made from. */
export interface PlanOptions {
  loaded: LoadedManifest;
  /** The resource and data source types the manifest's blocks name. */
  catalogue: Catalogue;
  /** State after refresh (resources deleted outside cloudctl already removed). */
  state: StateDocument;
  /**
   * `apply` (normal), `destroy` (delete everything in state), or
   * `refresh-only` (no changes: the plan records what refresh found).
   */
  mode: 'apply' | 'destroy' | 'refresh-only';
  /** Addresses to replace (`--replace`). */
  replace: string[];
  /**
   * `--target` addresses: when non-empty, the plan covers only these and
   * everything they depend on, and deletes only targeted addresses.
   */
  targets?: string[];
  /** What refresh found (recorded in the plan, and used to explain changes); absent with `--refresh=false`. */
  refresh?: RefreshResult;
  /** Gives a context for plan-time data source reads. */
  contextFor(address: string): OperationContext;
  /**
   * The `moved:` blocks the caller already applied to `state`
   * (engine/moved.ts `resolveMoves`, before refreshing); when absent the
   * plan resolves them against `state` itself.
   */
  moves?: PlannedMove[];
  /** `plan --generate-config-out FILE`: imports of addresses without a resource block are read for FILE instead of failing. */
  generateConfigOut?: string;
}

/** A plan and the scope of values it computed (unmasked: used to apply and to render outputs). */
export interface PlanResult {
  plan: PlanDocument;
  scope: Scope;
}

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
 * Orders deletes so that a resource is deleted after everything that
 * depends on it (using the dependencies recorded in state). Addresses are
 * visited in sorted order, and the dependents of each in state order.
 * O(resources in state + dependencies): dependents are indexed once.
 */
export function deleteOrder(state: StateDocument, addresses: string[]): string[] {
  if (addresses.length === 0) return []; // nothing to order: the state is not walked
  const wanted = new Set(addresses);
  // dependency → the wanted resources that depend on it, in state order, each once.
  const dependents = new Map<string, string[]>();
  for (const [other, resource] of Object.entries(state.resources)) {
    if (!wanted.has(other)) continue;
    for (const dependency of new Set(resource.dependencies)) {
      const list = dependents.get(dependency);
      if (list) list.push(other);
      else dependents.set(dependency, [other]);
    }
  }
  const done = new Set<string>();
  const order: string[] = [];
  const visit = (address: string, trail: Set<string>) => {
    if (done.has(address) || trail.has(address)) return;
    trail.add(address);
    for (const other of dependents.get(address) ?? []) visit(other, trail);
    trail.delete(address);
    done.add(address);
    order.push(address);
  };
  for (const address of [...addresses].sort()) visit(address, new Set());
  return order;
}

/** Which addresses a `--target` plan covers. */
export interface TargetSelection {
  /** Manifest addresses (resources and `data.x`) in the plan: the targets and everything they depend on. */
  selected: Set<string>;
  /** Targeted addresses that are only in state (their deletes are planned). */
  orphans: Set<string>;
  diagnostics: Diagnostic[];
}

/**
 * The addresses among `known` that a `--target` or `--replace` address
 * names: itself, or every instance of its block (`web` names `web`,
 * `web[0]` and `web["eu"]`; see `addressSelects`), in `known`'s order.
 */
export function selectedAddresses(target: string, known: Iterable<string>): string[] {
  const canonical = canonicalAddress(target) ?? target;
  return [...known].filter((address) => address === target || addressSelects(canonical, address));
}

/** Every address `address` depends on, directly or not (graph edges run dependency → dependent). */
function dependencyClosure(graph: DependencyGraph, addresses: Iterable<string>): Set<string> {
  const closure = new Set<string>();
  const queue = [...addresses];
  while (queue.length > 0) {
    const address = queue.pop()!;
    if (closure.has(address)) continue;
    closure.add(address);
    for (const dependency of graph.predecessors(address) ?? []) queue.push(dependency);
  }
  return closure;
}

/**
 * Resolves `--target` addresses (and `--replace` ones, which are targeted
 * too) against the manifest and the state. A target is a resource (`web`)
 * or a data source (`data.os`) of the manifest, or a resource only the
 * state holds (a delete). In `destroy` mode a target must be in state, and
 * every resource in state that depends on it must be targeted too (nothing
 * is destroyed that was not named).
 * `graph` is the manifest's dependency graph (`LoadedManifest.graph`; built
 * from `manifest` when not given).
 * Diagnostics: unknown targets (with a suggestion), dependents left behind.
 */
export function selectTargets(
  manifest: Manifest,
  state: StateDocument,
  targets: string[],
  mode: PlanOptions['mode'],
  replace: string[] = [],
  graph: DependencyGraph = buildDependencyGraph(manifest),
): TargetSelection {
  const diagnostics: Diagnostic[] = [];
  const roots = new Set<string>();
  const orphans = new Set<string>();
  const known = [...new Set([...graph.nodes(), ...Object.keys(state.resources)])];
  for (const target of targets) {
    const named = selectedAddresses(target, known);
    const inManifest = named.filter((address) => graph.hasNode(address));
    const inState = named.filter((address) => Boolean(state.resources[address]));
    if (mode === 'destroy' ? inState.length === 0 : named.length === 0) {
      const where =
        mode === 'destroy' ? `the state (${Object.keys(state.resources).sort().join(', ') || 'empty'})` : `${manifest.path} or the state`;
      diagnostics.push({
        severity: 'error',
        code: 'target_unknown',
        message: `--target ${target}: no resource "${target}" in ${where}${didYouMean(target, known)}`,
      });
      continue;
    }
    for (const address of mode === 'destroy' ? inState : named) {
      if (mode !== 'destroy' && inManifest.includes(address)) roots.add(address);
      else orphans.add(address);
    }
  }
  if (mode === 'destroy') {
    for (const target of orphans) {
      const left = Object.entries(state.resources)
        .filter(([other, resource]) => !orphans.has(other) && resource.dependencies.includes(target))
        .map(([other]) => other)
        .sort();
      if (left.length > 0) {
        diagnostics.push({
          severity: 'error',
          code: 'target_dependents_left',
          message: `--target ${target}: ${left.join(', ')} ${left.length === 1 ? 'depends' : 'depend'} on it and would be left behind; add ${left.map((other) => `--target ${other}`).join(' ')} to destroy ${left.length === 1 ? 'it' : 'them'} too`,
        });
      }
    }
  }
  for (const address of replace) if (graph.hasNode(address)) roots.add(address);
  return { selected: dependencyClosure(graph, roots), orphans, diagnostics };
}

/**
 * Why the resource `address`, in state but not in the manifest, is
 * destroyed: its index is not below its block's `count` any more, its key
 * left `for_each`, its block changed between repeated and not, or (the
 * rest) it is not in the manifest any more.
 */
function orphanReason(manifest: Manifest, state: StateDocument, address: string, targeted: boolean): ChangeReason {
  const parsed = parseAddress(address);
  // An instance of a repeated module block (`cluster["us"].web`): its module's key or index is gone.
  const [outer] = 'address' in parsed ? parsed.address.modules : [];
  if (outer?.key !== undefined) {
    const repetition = manifest.repetitions?.[outer.name];
    if (repetition?.kind === 'count' && typeof outer.key === 'number')
      return { code: 'delete_because_count_index_gone', count: repetition.count };
    if (repetition?.kind === 'for_each' && typeof outer.key === 'string')
      return { code: 'delete_because_for_each_key_gone', key: outer.key };
  }
  if ('address' in parsed && parsed.address.modules.length === 0) {
    const { name, key } = parsed.address.resource;
    const repetition = manifest.repetitions?.[name];
    if (repetition?.kind === 'count' && typeof key === 'number')
      return { code: 'delete_because_count_index_gone', count: repetition.count };
    if (repetition?.kind === 'for_each' && typeof key === 'string') return { code: 'delete_because_for_each_key_gone', key };
    if (repetition || (key !== undefined && Object.hasOwn(manifest.resources, name))) {
      const to = suggestedMoveTarget(manifest, state, name, key);
      return { code: 'delete_because_repetition_changed', block: name, ...(to ? { suggested_move: { from: address, to } } : {}) };
    }
  }
  return { code: 'delete_because_not_in_manifest', targeted };
}

/**
 * Where a `moved:` block could keep the entry `name` (`key` undefined) or
 * `name[key]` that its block's switch between one instance and repeated
 * instances drops (those no implied move covers, engine/moved.ts): the
 * single entry to the first declared instance not in state; the first
 * instance in state (address order) to the single block when it is not in
 * state. Undefined otherwise (the other instances; count ↔ for_each).
 */
function suggestedMoveTarget(manifest: Manifest, state: StateDocument, name: string, key: number | string | undefined): string | undefined {
  const free = (address: string) => Object.hasOwn(manifest.resources, address) && !Object.hasOwn(state.resources, address);
  if (key === undefined) return Object.keys(manifest.resources).find((address) => blockAddress(address) === name && free(address));
  const instances = Object.keys(state.resources)
    .filter((address) => address !== name && blockAddress(address) === name)
    .sort();
  return free(name) && instances[0] === instanceAddress(name, key) ? name : undefined;
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

/**
 * Makes the plan. Data sources with known inputs are read now (API calls:
 * their GET endpoints); those with inputs known only after apply, or that
 * depend (a reference or `depends_on`) on a resource with changes to apply,
 * or on a data source read during apply, are read during apply (`read`), as
 * Terraform does.
 * The returned document is masked ({@link maskPlan}, sensitive data source
 * results masked and listed in `sensitive_data_sources`, manifest source
 * redacted); the scope keeps the real values.
 * Errors: `DiagnosticError` with every plan error (rejected changes,
 * shrinks, prevent_destroy, constraint violations, unknown replace or
 * target addresses).
 */
export async function createPlan(options: PlanOptions): Promise<PlanResult> {
  const { loaded, catalogue } = options;
  const { manifest } = loaded;
  const moved = options.moves || options.mode === 'refresh-only' ? undefined : resolveMoves(manifest, options.state);
  if (moved && moved.diagnostics.length > 0) throw new DiagnosticError(moved.diagnostics);
  // Looked up by the manifest's names: without a prototype, a resource named `constructor` is not found in state before it is created.
  const state: StateDocument = {
    ...options.state,
    resources: Object.assign(Object.create(null) as StateDocument['resources'], (moved?.state ?? options.state).resources),
  };
  const imported =
    options.mode === 'apply'
      ? await readImports(manifest, catalogue, state, {
          generateConfigOut: options.generateConfigOut,
          contextFor: options.contextFor,
          targets: options.targets,
        })
      : undefined;
  if (imported && imported.diagnostics.length > 0) throw new DiagnosticError(imported.diagnostics);
  Object.assign(state.resources, imported?.resources);
  const extras = { moves: moved?.moves ?? options.moves ?? [], imports: imported?.imports ?? [], unobserved: [] as PlanWarning[] };
  const scope = new Scope(loaded, catalogue);
  for (const address of Object.keys(state.resources)) scope.markSensitive(address, state.resources[address].sensitive_attributes);
  const diagnostics: Diagnostic[] = [];
  const changes: Change[] = [];
  /** Paid changes not planned because the API never reported the value (I2), shown as plan warnings. */
  const unobserved = extras.unobserved;
  const dataResults: Record<string, Attributes> = {};
  const sensitiveData: Record<string, Set<string>> = {};
  const targets = [...new Set(options.targets ?? [])];

  const replace = new Set<string>();
  for (const address of options.replace) {
    const named = selectedAddresses(address, Object.keys(manifest.resources));
    const inState = named.filter((instance) => Boolean(state.resources[instance]));
    if (named.length === 0)
      diagnostics.push({
        severity: 'error',
        code: 'replace_unknown',
        message: `--replace ${address}: no resource "${address}" in ${manifest.path}`,
      });
    else if (inState.length === 0)
      diagnostics.push({
        severity: 'error',
        code: 'replace_not_in_state',
        message: `--replace ${address}: "${address}" is not in state yet, so there is nothing to replace`,
      });
    for (const instance of inState) replace.add(instance);
  }
  const selection = targets.length > 0 ? selectTargets(manifest, state, targets, options.mode, [...replace], loaded.graph) : undefined;
  if (selection) diagnostics.push(...selection.diagnostics);
  const document = (changes: Change[], outputs: PlanDocument['outputs']) =>
    planDocument(options, targets, changes, outputs, dataResults, sensitiveData, scope, extras);

  if (options.mode === 'refresh-only') {
    if (diagnostics.length > 0) throw new DiagnosticError(diagnostics);
    return { plan: document([], {}), scope };
  }

  if (options.mode === 'destroy') {
    const addresses = Object.keys(state.resources).filter((address) => !selection || selection.orphans.has(address));
    for (const address of deleteOrder(state, addresses)) {
      const resource = state.resources[address];
      if (manifest.resources[address]?.lifecycle.preventDestroy) {
        diagnostics.push({
          severity: 'error',
          code: 'prevent_destroy',
          location: manifest.resources[address].location,
          message: `${address}: lifecycle.prevent_destroy forbids destroying it`,
        });
      }
      changes.push(deleteChange(address, resource, { code: 'delete_by_request', targeted: Boolean(selection) }));
    }
    if (diagnostics.length > 0) throw new DiagnosticError(diagnostics);
    return { plan: await priced(document(changes, {}), state, options), scope };
  }

  const gone = new Set(options.refresh?.gone ?? []);
  const drifted = new Map<string, Set<string>>();
  for (const entry of options.refresh?.drift ?? []) {
    if (!drifted.has(entry.address)) drifted.set(entry.address, new Set());
    drifted.get(entry.address)!.add(entry.attribute);
  }
  const planned = new Map<string, Change>();
  const deferred = new Set<string>();

  // Built once by loadManifest (validation's cycle check used it too); ordered once here.
  const order = topologicalOrder(loaded.graph);
  // Data sources that depend on no resource are read ahead, independent ones at once.
  const readAhead = readDataSourcesAhead(loaded, catalogue, order, selection?.selected, options.contextFor);
  for (const address of order) {
    if (selection && !selection.selected.has(address)) {
      // Outside the targets: what the state knows stays in scope (for outputs).
      if (!address.startsWith('data.') && state.resources[address]) scope.setResource(address, state.resources[address].attributes);
      continue;
    }
    if (address.startsWith('data.')) {
      const block = manifest.data[address.slice('data.'.length)];
      if (!block) continue;
      const type = catalogue.dataSource(block.type);
      if (!type) continue;
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
      const dependsOn = dependenciesOf(block).map((entry) => entry.address);
      const changing = dependsOn.find((dependency) => {
        if (deferred.has(dependency)) return true;
        const change = planned.get(dependency);
        return change !== undefined && change.action !== 'noop' && change.action !== 'read';
      });
      if (!waitsFor && !changing && found.length === 0) {
        const ahead = await readAhead.get(address);
        const results =
          ahead && sameData(ahead.args, args) ? ahead.results : { ...args, ...(await type.read(options.contextFor(address), args)) };
        dataResults[address] = results;
        if ([...sensitive].some((name) => results[name] !== undefined)) sensitiveData[address] = sensitive;
        scope.setData(address, results, sensitive);
      } else {
        const results: Record<string, PlannedValue> = Object.fromEntries(
          Object.entries(inputs).map(([name, input]) => [name, input.value]),
        );
        for (const [name, attribute] of Object.entries(type.attributes)) {
          if (attribute.mode === 'computed') results[name] = unknown(`${address}.${name}`);
        }
        scope.setData(address, results, sensitive);
        deferred.add(address);
        const why: ChangeReason = waitsFor
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
      continue;
    }

    const block = manifest.resources[address];
    if (!block) continue;
    const type = catalogue.resource(block.type);
    if (!type) continue;
    const { inputs, diagnostics: found } = scope.inputsOf(block);
    diagnostics.push(...found);
    const known: Attributes = {};
    for (const name of Object.keys(inputs)) if (!containsUnknown(inputs[name].value)) known[name] = inputs[name].value as Value;
    diagnostics.push(...scope.checkInputs(type, block, known));
    const result = diffResource({
      address,
      type,
      desired: inputs,
      prior: state.resources[address],
      lifecycle: block.lifecycle,
      forceReplace: replace.has(address),
      locations: block.propertyLocations,
      blockLocation: block.location,
      dependsOn: dependenciesOf(block).map((entry) => entry.address),
      deletedOutside: gone.has(address) && !state.resources[address],
      drifted: drifted.get(address),
    });
    diagnostics.push(...result.diagnostics);
    if (result.warnings) unobserved.push(...result.warnings);
    if (result.change.action === 'update')
      diagnostics.push(...(await checkAllowedValues(catalogue, type, address, result.change, block.propertyLocations, options.contextFor)));
    changes.push(result.change);
    planned.set(address, result.change);
    scope.setPlannedResource(type, address, result.change, state.resources[address]);
  }

  const orphans = Object.keys(state.resources).filter(
    (address) => !manifest.resources[address] && (!selection || selection.orphans.has(address)),
  );
  for (const address of orphans) {
    const repetition = manifest.repetitions?.[blockAddress(address)];
    const guard = repetition?.preventDestroy;
    const keepIt = repetition?.kind === 'count' ? 'raise count to keep it' : 'put its key back in for_each to keep it';
    if (guard && address !== blockAddress(address))
      diagnostics.push({
        severity: 'error',
        code: 'prevent_destroy',
        location: guard,
        message: `${address}: lifecycle.prevent_destroy of ${blockAddress(address)} forbids destroying it; ${keepIt}`,
      });
  }
  const deletes = deleteOrder(state, orphans).map((address) =>
    deleteChange(address, state.resources[address], orphanReason(manifest, state, address, Boolean(selection))),
  );

  if (diagnostics.some((diagnostic) => diagnostic.severity === 'error')) throw new DiagnosticError(diagnostics);
  const outputs: PlanDocument['outputs'] = scope.outputs(manifest, { onlyResolved: Boolean(selection) });
  for (const [name, output] of Object.entries(outputs)) {
    const prior = state.outputs?.[name];
    if (!prior) outputs[name] = { ...output, action: 'create' };
    else {
      const same = !containsUnknown(output.value) && sameData(prior.value, output.value);
      outputs[name] = { ...output, sensitive: output.sensitive || prior.sensitive, before: prior.value, action: same ? 'noop' : 'update' };
    }
  }
  return { plan: await priced(document([...deletes, ...changes], outputs), state, options), scope };
}

/** The plan with its cost (src/engine/cost.ts): product listings read through the plan's API context. */
async function priced(plan: PlanDocument, state: StateDocument, options: PlanOptions): Promise<PlanDocument> {
  await pricePlan(plan, state, { catalogue: options.catalogue, listings: productListings(() => options.contextFor('cost')) });
  return plan;
}

function planDocument(
  options: PlanOptions,
  targets: string[],
  changes: Change[],
  outputs: PlanDocument['outputs'],
  dataResults: Record<string, Attributes>,
  sensitiveData: Record<string, Set<string>>,
  scope: Scope,
  extras: { moves: PlannedMove[]; imports: PlannedImport[]; unobserved: PlanWarning[] },
): PlanDocument {
  const { loaded, state } = options;
  const variables: Record<string, Value> = {};
  for (const [name, value] of Object.entries(loaded.variables)) {
    if (!loaded.sensitiveVariables.has(name)) variables[name] = value;
  }
  const dataSources: Record<string, Attributes> = {};
  for (const [address, results] of Object.entries(dataResults)) {
    const sensitive = sensitiveData[address];
    dataSources[address] = sensitive ? maskAttributes(results, sensitive) : results;
  }
  const redaction = redactSource(loaded.manifest.source, loaded.sensitiveLiterals);
  const warnings =
    options.mode === 'destroy' ? [] : [...lostValueWarnings(state, changes), ...heldOrderWarnings(state), ...extras.unobserved];
  const plan: PlanDocument = {
    format_version: 1,
    created_at: new Date().toISOString(),
    lineage: state.lineage,
    serial: state.serial,
    mode: options.mode,
    manifest: {
      path: loaded.manifest.path,
      source: redaction.source,
      sha256: sha256(loaded.manifest.source),
      ...(loaded.files && Object.keys(loaded.files).length > 0 ? { files: loaded.files } : {}),
      ...(redaction.redacted ? { redacted: true } : {}),
      ...((loaded.moduleFiles ?? []).length > 0 ? { modules: loaded.moduleFiles } : {}),
    },
    variables,
    data_sources: dataSources,
    ...(Object.keys(sensitiveData).length > 0 ? { sensitive_data_sources: Object.keys(sensitiveData) } : {}),
    ...(targets.length > 0 ? { targets } : {}),
    ...(options.refresh
      ? {
          drift: {
            changed: driftSensitivity(options.refresh.drift, scope),
            deleted: options.refresh.gone,
            ...readBackNotesOf(options.refresh, scope),
          },
        }
      : {}),
    changes,
    ...(extras.moves.length > 0 ? { moves: extras.moves } : {}),
    // What the manifest makes sensitive (a sensitive variable's value) is masked in what an import read too.
    ...(extras.imports.length > 0
      ? {
          imports: extras.imports.map((entry) => ({
            ...entry,
            attributes: maskAttributes(entry.attributes, (name) => scope.attributeSensitive(entry.address, name)),
          })),
        }
      : {}),
    ...(warnings.length > 0 ? { warnings } : {}),
    outputs,
  };
  return maskPlan(plan);
}

/** Drift entries with the sensitivity that follows values (state marks, the manifest's sensitive sources) added. */
/** The refresh's read-back notes for the plan, values of attributes the scope finds sensitive left out; `{}` when none. */
function readBackNotesOf(refresh: RefreshResult, scope: Scope): { notes?: ReadBackNote[] } {
  if (!refresh.notes || refresh.notes.length === 0) return {};
  return {
    notes: refresh.notes.map((note) =>
      note.sensitive || !scope.attributeSensitive(note.address, note.attribute)
        ? note
        : { ...note, kept: null, ...(note.observed !== undefined ? { observed: null } : {}), sensitive: true },
    ),
  };
}

function driftSensitivity(drift: DriftEntry[], scope: Scope): DriftEntry[] {
  return drift.map((entry) =>
    entry.sensitive || !scope.attributeSensitive(entry.address, entry.attribute) ? entry : { ...entry, sensitive: true },
  );
}

/** A data source read ahead of the plan's walk: the arguments it was read with and its results (arguments included). */
type ReadAhead = Promise<{ args: Attributes; results: Attributes } | undefined>;

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
function readDataSourcesAhead(
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
    const dependencies = dependenciesOf(block).map((entry) => started.get(entry.address));
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
