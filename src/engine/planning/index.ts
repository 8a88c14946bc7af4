/**
 * Builds a plan (`createPlan`): moves and imports resolved first, then the
 * manifest walked in dependency order, each address planned by what it is
 * (data-sources.ts: read now or during apply; resources.ts: the generic
 * diff), then the deletes of what the manifest no longer declares
 * (orphans.ts) and the outputs (outputs.ts); `--target` selection in
 * targets.ts; what the walk shares in walk.ts. The document is put together
 * here: masked (src/plan/mask.ts), its manifest copy redacted
 * (src/plan/redact.ts), priced.
 */
import { topologicalOrder } from '../../manifest/graph.js';
import { pricePlan, productListings } from '../cost.js';
import { beginPlanSharing } from '../diff.js';
import type { RefreshResult } from '../refresh.js';
import { Scope } from '../scope.js';
import { maskAttributes } from '../../core/mask.js';
import { maskPlan } from '../../plan/mask.js';
import { redactSource, sha256 } from '../../plan/redact.js';
import { readImports, removedForgets, resolveMoves } from '../moves-and-imports.js';
import { DiagnosticError, type Attributes, type Diagnostic, type Value } from '../../core/types.js';
import { type StateDocument } from '../../state/document.js';
import {
  type Change,
  type DriftEntry,
  type PlanDocument,
  type PlanWarning,
  type PlannedForget,
  type PlannedImport,
  type PlannedMove,
  type ReadBackNote,
} from '../../plan/document.js';

import type { PlanOptions, PlanResult, PlanWalk } from './walk.js';
import { selectTargets, selectedAddresses, type TargetSelection } from './targets.js';
import { planDataSource, readDataSourcesAhead } from './data-sources.js';
import { planResource } from './resources.js';
import { planDestroy, planOrphans } from './orphans.js';
import { planOutputs } from './outputs.js';
import { heldOrderWarnings, lostValueWarnings } from '../marks.js';

export type { PlanOptions, PlanResult, PlanWalk } from './walk.js';
export { checkAllowedValues } from './resources.js';
export { deleteOrder } from './orphans.js';
export { selectTargets, selectedAddresses, type TargetSelection } from './targets.js';
export { rereadSensitiveDataSources } from './data-sources.js';

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
  beginPlanSharing();
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
          exclude: options.exclude,
          ...(options.recorded ? { recorded: options.recorded } : {}),
          ...(options.parallelism !== undefined ? { parallelism: options.parallelism } : {}),
        })
      : undefined;
  if (imported && imported.diagnostics.length > 0) throw new DiagnosticError(imported.diagnostics);
  Object.assign(state.resources, imported?.resources);
  // `removed:` blocks with `destroy: false`: the entries are forgotten, never planned as deletes.
  const forgets = options.mode === 'refresh-only' ? [] : removedForgets(manifest, state, options.targets, options.exclude);
  for (const forget of forgets) delete state.resources[forget.address];
  const extras = { moves: moved?.moves ?? options.moves ?? [], imports: imported?.imports ?? [], forgets, unobserved: [] as PlanWarning[] };
  const scope = new Scope(loaded, catalogue);
  for (const address of Object.keys(state.resources)) scope.markSensitive(address, state.resources[address].sensitive_attributes);
  const diagnostics: Diagnostic[] = [];
  const changes: Change[] = [];
  const dataResults: Record<string, Attributes> = {};
  const sensitiveData: Record<string, Set<string>> = {};
  const targets = [...new Set(options.targets ?? [])];
  const exclude = [...new Set(options.exclude ?? [])];

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
  const selection =
    targets.length > 0 || exclude.length > 0
      ? selectTargets(manifest, state, targets, options.mode, [...replace], loaded.graph, exclude)
      : undefined;
  if (selection) diagnostics.push(...selection.diagnostics);
  const walk: PlanWalk = {
    options,
    state,
    scope,
    diagnostics,
    changes,
    planned: new Map(),
    deferred: new Set(),
    dataResults,
    sensitiveData,
    unobserved: extras.unobserved,
    replace,
    selection,
    gone: new Set(),
    drifted: new Map(),
  };
  const document = (changes: Change[], outputs: PlanDocument['outputs']) =>
    planDocument(options, { targets, exclude, selection }, changes, outputs, dataResults, sensitiveData, scope, extras);

  if (options.mode === 'refresh-only') {
    if (diagnostics.length > 0) throw new DiagnosticError(diagnostics);
    return { plan: document([], {}), scope };
  }

  if (options.mode === 'destroy') {
    changes.push(...planDestroy(walk));
    if (diagnostics.length > 0) throw new DiagnosticError(diagnostics);
    return { plan: await priced(document(changes, {}), state, options), scope };
  }

  const gone = new Set(options.refresh?.gone ?? []);
  const drifted = new Map<string, Set<string>>();
  for (const entry of options.refresh?.drift ?? []) {
    if (!drifted.has(entry.address)) drifted.set(entry.address, new Set());
    drifted.get(entry.address)!.add(entry.attribute);
  }
  walk.gone = gone;
  walk.drifted = drifted;

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
    if (address.startsWith('data.')) await planDataSource(walk, address, readAhead);
    else {
      // Most resources are planned at once (no promise): awaited only when one was returned.
      const waiting = planResource(walk, address);
      if (waiting) await waiting;
    }
  }
  const deletes = planOrphans(walk);
  if (diagnostics.some((diagnostic) => diagnostic.severity === 'error')) throw new DiagnosticError(diagnostics);
  const outputs = planOutputs(walk);
  return { plan: await priced(document([...deletes, ...changes], outputs), state, options), scope };
}

/** The plan with its cost (src/engine/cost.ts): product listings read through the plan's API context. */
async function priced(plan: PlanDocument, state: StateDocument, options: PlanOptions): Promise<PlanDocument> {
  await pricePlan(plan, state, { catalogue: options.catalogue, listings: productListings(() => options.contextFor('cost')) });
  return plan;
}

function planDocument(
  options: PlanOptions,
  { targets, exclude, selection }: { targets: string[]; exclude: string[]; selection: TargetSelection | undefined },
  changes: Change[],
  outputs: PlanDocument['outputs'],
  dataResults: Record<string, Attributes>,
  sensitiveData: Record<string, Set<string>>,
  scope: Scope,
  extras: { moves: PlannedMove[]; imports: PlannedImport[]; forgets: PlannedForget[]; unobserved: PlanWarning[] },
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
      ...(loaded.parts ? { parts: loaded.parts } : {}),
      ...((loaded.moduleFiles ?? []).length > 0 ? { modules: loaded.moduleFiles } : {}),
    },
    variables,
    data_sources: dataSources,
    ...(Object.keys(sensitiveData).length > 0 ? { sensitive_data_sources: Object.keys(sensitiveData) } : {}),
    ...(targets.length > 0 ? { targets } : {}),
    ...(exclude.length > 0 ? { exclude, excluded: excludedList(selection) } : {}),
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
    ...(extras.forgets.length > 0 ? { forgets: extras.forgets } : {}),
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

/** What `--exclude` left out, sorted by address, each with the pattern naming it or the excluded address it goes with. */
function excludedList(selection: TargetSelection | undefined): NonNullable<PlanDocument['excluded']> {
  return [...(selection?.excluded ?? new Map())]
    .map(([address, why]) => ({ address, ...why }))
    .sort((a, b) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0));
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
