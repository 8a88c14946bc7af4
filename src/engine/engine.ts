/**
 * The front door of the engine: {@link Engine} plans, applies (a saved plan
 * or a manifest), refreshes, destroys, imports, prices and moves state
 * entries whole, for the CLI and for programs (the package's root export,
 * src/index.ts; docs/automation.md). Given a workspace (where state lives:
 * the local folder or PostgreSQL), the catalogue, the API (a configured base
 * URL, or the embedded simulator) and the clock, each operation locks the
 * state, connects, reconciles the journal, and does its work; what happens
 * on the way is sent as typed events (events.ts) to `onEvent`. Operations on
 * one engine run one at a time, in call order (turns.ts). Nothing here prints
 * or exits; errors are thrown, typed, each with a `code` (src/index.ts).
 */
import type { Value } from '../core/types.js';
import type { StateDocument } from '../state/document.js';
import type { PlanDocument } from '../plan/document.js';
import { defaultCatalogue, loadManifest, type Catalogue, type CommandLineVariables, type LoadedManifest } from '../manifest/index.js';
import type { BreakLockOptions, BrokenLock, MigrationReport, OpenedState, RepairedFile } from '../state/index.js';
import { openWorkspaceState, resolveWorkspace, withStateReadAhead, type WorkspacePaths } from '../state/workspace.js';
import { applyResult, checkSavedPrices } from './apply-result.js';
import { connect, type Connection } from './connection.js';
import { priceState, productListings } from './cost.js';
import { dependencyGraph, type DependencyGraph } from './dependency-graph.js';
import { doctorOver, type DoctorResult } from './doctor.js';
import { importInto, importTarget } from './import-resource.js';
import * as stateOperations from './state-operations.js';
import * as workspaceOperations from './workspace-operations.js';
import type { EngineEvent } from './events.js';
import type {
  ApplyOptions,
  ApplyResult,
  CostResult,
  EngineOptions,
  ImportResult,
  MoveResult,
  OperationOptions,
  PlanOnlyOptions,
  PlanOptions,
  RefreshResult,
  VariableOptions,
} from './engine-options.js';
import { markResources, resourceMarker } from './marks.js';
import { checkPlanSeal, checkPlanWorkspace, planHasChanges } from '../plan/index.js';
import { recordRefresh } from './refresh.js';
import {
  compactJournal,
  executePlan,
  makePlan,
  manifestOfPlan,
  openSession,
  recordOutputs,
  refreshed,
  refuseUndeclaredImports,
  StalePlanError,
  type Run,
  type RunOptions,
} from './session.js';
import { markUnknownVariables, withoutUnknownVariables } from './unknown-variables.js';
import { changesOfSlice } from './manifest-slice.js';
import { generateImports, type AdoptionResult, type DiscoveryOptions } from './adoption/index.js';
import { operation, Turns } from './turns.js';
import { maskedOutputs, maskedState } from './masked-state.js';

export type {
  ApplyOptions,
  ApplyResult,
  CostResult,
  EngineOptions,
  FailedChange,
  ImportResult,
  MoveResult,
  OperationOptions,
  PlanOnlyOptions,
  PlanOptions,
  RefreshResult,
  VariableOptions,
} from './engine-options.js';
export { StalePlanError } from './session.js';
export { EngineBusyError, EngineClosedError, type BusyPolicy } from './turns.js';
export type { RunOptions } from './session.js';
export { Watcher, type WatchOptions, type WatchOutcome } from './watch/watcher.js';
export { ReconcileError } from './reconcile/index.js';
export { MigrationMoveError } from './migrated-resources.js';
export type { Connection } from './connection.js';
export type { MigratedMove } from './state-move.js';
export type { ResourcePrice } from './cost.js';
export type { AdoptionResult, AdoptedResource, AdoptionVariable, DiscoveryOptions, Neighbour } from './adoption/index.js';
export type { DependencyGraph, GraphEdge, GraphNode } from './dependency-graph.js';
export type { DoctorFinding, DoctorProbe, DoctorResult, DoctorTarget } from './doctor.js';
export { generatedImportConfig } from './import-config.js';
export type { ShownResource } from './state-operations.js';
export type { WorkspaceList } from './workspace-operations.js';
export type { BreakLockOptions, BrokenLock, MigrationReport, RepairedFile } from '../state/index.js';

/**
 * The engine on one workspace. Open it with {@link Engine.open}; each
 * operation locks the workspace's state for its duration (so two engines,
 * or an engine and the CLI, never write one state at once), connects to the
 * API (starting the embedded simulator when no base URL is configured) and
 * reconciles the journal's unfinished paid calls before anything else.
 * Close it with {@link Engine.close}.
 */
export class Engine {
  /** Where this engine's files and state live (`name`: the workspace). */
  readonly workspace: WorkspacePaths;
  private readonly env: Readonly<Record<string, string | undefined>>;
  private readonly directory: string;
  /** The resource and data source types (`EngineOptions.catalogue`, default the real one). */
  readonly catalogue: Catalogue;
  private readonly options: EngineOptions;
  private readonly sessions = new Set<{ state: OpenedState }>();

  private constructor(options: EngineOptions, workspace: WorkspacePaths, env: Readonly<Record<string, string | undefined>>) {
    this.options = options;
    this.workspace = workspace;
    this.env = env;
    this.directory = options.directory ?? process.cwd();
    this.catalogue = options.catalogue ?? defaultCatalogue;
    Turns.register(this, options);
  }

  /**
   * Opens the engine on a workspace. No lock is taken and nothing is
   * connected until an operation runs. Errors: an invalid workspace name or
   * backend URL (Error).
   */
  static async open(options: EngineOptions = {}): Promise<Engine> {
    const directory = options.directory ?? process.cwd();
    const env = options.env ?? process.env;
    const workspace = resolveWorkspace(
      { state: options.state, backend: options.backend, workspace: options.workspace },
      { cwd: directory, env },
    );
    workspace.stateLocation(); // a bad CLOUDCTL_BACKEND or `backend` is refused here, not at the first operation
    return new Engine({ ...options, directory }, workspace, env);
  }

  /** The settings of one operation, its and the engine's event handlers as one (internal: also a watcher's, src/engine/watch). */
  run(options: OperationOptions): Run {
    Turns.of(this).checkOpen('run');
    const handlers = [this.options.onEvent, options.onEvent].filter((handler) => handler !== undefined);
    const emit = (event: EngineEvent) => {
      for (const handler of handlers) handler(event);
    };
    return {
      paths: this.workspace,
      catalogue: this.catalogue,
      now: this.options.now,
      options: this.options,
      env: this.env,
      baseUrl: this.options.baseUrl,
      token: this.options.token,
      emit,
    };
  }

  private lockTimeout(options: OperationOptions): number {
    return Turns.of(this).remainingSeconds(options.lockTimeoutSeconds ?? this.options.lockTimeoutSeconds ?? 0);
  }

  private parallelism(options: OperationOptions): number {
    return options.parallelism ?? this.options.parallelism ?? 10;
  }

  private variableInputs(options: VariableOptions): CommandLineVariables {
    const given = Object.entries(options.variables ?? {}).map(
      ([name, value]) => `${name}=${typeof value === 'string' ? value : JSON.stringify(value)}`,
    );
    return { assignments: [...(options.assignments ?? []), ...given], files: options.varFiles ?? [] };
  }

  /** Loads (parses, validates, resolves variables of) a manifest. Errors: DiagnosticError with every problem, located. */
  async load(manifest: string, options: VariableOptions = {}): Promise<LoadedManifest> {
    Turns.of(this).checkOpen('load');
    return loadManifest(manifest, {
      env: this.env as NodeJS.ProcessEnv,
      cwd: this.directory,
      workspace: this.workspace.name,
      catalogue: this.catalogue,
      variableInputs: this.variableInputs(options),
    });
  }

  /** Opens a session (lock, connection, reconciliation), remembered so a second Ctrl-C can release its lock. */
  private async session(run: Run, command: string, loaded: LoadedManifest | undefined, options: Parameters<typeof openSession>[3]) {
    const session = await openSession(run, command, loaded, options);
    this.sessions.add(session);
    const close = session.close.bind(session);
    session.close = async () => {
      this.sessions.delete(session);
      await close();
    };
    return session;
  }

  private runOptions(options: PlanOptions): RunOptions {
    return {
      refresh: options.refresh ?? true,
      replace: options.replace ?? [],
      target: options.target ?? [],
      exclude: options.exclude ?? [],
      refreshOnly: options.mode === 'refresh-only',
      destroy: options.mode === 'destroy',
      parallelism: this.parallelism(options),
      allowOverBudget: options.allowOverBudget ?? false,
      generateConfigOut: options.generateConfigOut,
    };
  }

  /**
   * Plans `manifest` (a path) against the refreshed state and returns the
   * plan document (schemas/plan.schema.json; sensitive values masked;
   * `changes` as `plan --json` prints them, which adds the English of each
   * reason), with its `workspace` and sealed (`checksum`). Writes no state, but
   * a workspace without any gets its identity (empty, a new lineage). Sends `planned` (and `drift`).
   * Endpoints: each managed resource's read, the data sources' reads, the product lists (cost).
   * Errors: DiagnosticError (bad manifest, plan errors, over budget), StateLockedError, ReconcileError, the API's.
   */
  @operation(1)
  async plan(manifest: string, options: PlanOnlyOptions = {}): Promise<PlanDocument> {
    const run = this.run(options);
    const runOptions = this.runOptions(options);
    const { loaded, session } = await withStateReadAhead(this.workspace, async () => {
      const loaded = markUnknownVariables(await this.load(manifest, options), options.unknownVariables);
      refuseUndeclaredImports(this.catalogue, loaded, runOptions);
      const session = await this.session(run, `plan ${manifest}`, loaded, {
        lockTimeoutSeconds: this.lockTimeout(options),
        parallelism: runOptions.parallelism,
      });
      return { loaded, session };
    });
    try {
      // A plan to be saved records the slice of the manifest its apply loads (none with unknown variables: it is not applied).
      const sliceWith = options.unknownVariables ? undefined : this.variableInputs(options);
      const made = await makePlan(run, session, loaded, { ...runOptions, sliceWith, keepPlanFile: true });
      return withoutUnknownVariables(made.plan, options.unknownVariables);
    } finally {
      await session.close();
    }
  }

  /**
   * Applies a saved plan (a document from {@link Engine.plan} or a plan
   * file), exactly: refused before anything is read when altered (PlanAlteredError) or made in
   * another workspace (PlanWorkspaceError); when the state moved since (StalePlanError) or its
   * prices rose (DiagnosticError `price_increased`, unless `allowOverBudget`). Or, given a manifest path, plans it, asks
   * `approve`, and applies it under one lock. Records the outputs once,
   * after a complete apply; compacts the journal after a successful one.
   * Sends `planned`, progress events, `warnings`.
   * Endpoints: the resource modules' reads, orders, in-place operations and deletes.
   * Errors: as {@link Engine.plan}, PlanAlteredError, PlanWorkspaceError, StalePlanError; one resource's failure is not thrown (status `incomplete`).
   */
  @operation(1)
  async apply(target: PlanDocument | string, options: ApplyOptions = {}): Promise<ApplyResult> {
    if (typeof target !== 'string') return this.applySaved(target, options);
    const run = this.run(options);
    const runOptions = this.runOptions(options);
    const { loaded, session } = await withStateReadAhead(this.workspace, async () => {
      const loaded = await this.load(target, options);
      refuseUndeclaredImports(this.catalogue, loaded, runOptions);
      const session = await this.session(run, `${runOptions.destroy ? 'destroy' : 'apply'} ${target}`, loaded, {
        lockTimeoutSeconds: this.lockTimeout(options),
        parallelism: runOptions.parallelism,
      });
      return { loaded, session };
    });
    const approve = options.approve ?? (() => true);
    try {
      const { plan, refresh, scope } = await makePlan(run, session, loaded, runOptions);
      const store = session.state.store;
      if (plan.mode === 'refresh-only') {
        if (planHasChanges(plan) && !(await approve(plan))) return applyResult(session, plan, 'cancelled');
        await recordRefresh(store, refresh);
        return applyResult(session, plan, 'refreshed');
      }
      if (!planHasChanges(plan)) {
        // Nothing to change: still record what refresh read, and the outputs.
        if (runOptions.refresh) await recordRefresh(store, refresh);
        if (plan.mode === 'apply') {
          await markResources(store, resourceMarker(scope));
          await recordOutputs(store, plan, scope, loaded.manifest, true);
        }
        compactJournal(run, session);
        return applyResult(session, plan, 'no-changes');
      }
      if (!(await approve(plan))) return applyResult(session, plan, 'cancelled');
      const summary = await executePlan(run, session, plan, loaded, {
        parallelism: runOptions.parallelism,
        signal: options.signal,
        refresh: runOptions.refresh ? refresh : undefined,
      });
      return applyResult(session, plan, undefined, summary, run);
    } finally {
      await session.close();
    }
  }

  /** {@link Engine.apply} of a saved plan: refused altered, then (state open, nothing read) made in another workspace. */
  private async applySaved(plan: PlanDocument, options: ApplyOptions): Promise<ApplyResult> {
    const run = this.run(options);
    const name = options.planName ?? 'the plan';
    checkPlanSeal(plan, name);
    const loaded = await manifestOfPlan(run, plan, this.variableInputs(options));
    const parallelism = this.parallelism(options);
    const session = await this.session(run, `apply ${name}`, loaded, {
      lockTimeoutSeconds: this.lockTimeout(options),
      admit: (store) => checkPlanWorkspace(plan, { name: this.workspace.name, lineage: store.exists ? store.lineage : null }, name),
      parallelism,
    });
    try {
      const store = session.state.store;
      if (store.serial !== plan.serial)
        throw new StalePlanError(
          `stale plan: ${name} was made against state serial ${plan.serial}, but the state is now at serial ${store.serial}; run 'cloudctl plan' again`,
        );
      if (plan.mode === 'refresh-only') {
        // Reads again what the plan read (the plan file keeps no state values) and records it.
        const { refresh } = await makePlan(run, session, loaded, {
          refresh: true,
          refreshOnly: true,
          destroy: false,
          replace: [],
          target: plan.targets ?? [],
          exclude: plan.exclude ?? [],
          parallelism,
          allowOverBudget: options.allowOverBudget,
        });
        await recordRefresh(store, refresh);
        return applyResult(session, plan, 'refreshed');
      }
      if (!planHasChanges(plan)) return applyResult(session, plan, 'no-changes');
      await checkSavedPrices(session, plan, options.allowOverBudget ?? false, this.catalogue);
      // With a slice of the manifest, the noops it leaves out have nothing to do (src/engine/manifest-slice.ts).
      const applied = plan.manifest.slice ? { ...plan, changes: changesOfSlice(plan, loaded) } : plan;
      const summary = await executePlan(run, session, applied, loaded, { parallelism, signal: options.signal });
      return applyResult(session, plan, undefined, summary, run);
    } finally {
      await session.close();
    }
  }

  /** Destroys everything the state holds for `manifest`: {@link Engine.apply} of a destroy plan (asks `approve` first). Errors: as apply. */
  async destroy(manifest: string, options: Omit<ApplyOptions, 'mode'> = {}): Promise<ApplyResult> {
    return this.apply(manifest, { ...options, mode: 'destroy' });
  }

  /**
   * Reads every managed resource (or the targets and what they depend on, less the excluded) and records in state
   * what changed outside cloudctl (resources deleted outside it are forgotten). Nothing else changes: no order,
   * outputs as they were. Sends `drift` when there is some. Endpoints: each resource type's read (GET).
   * Errors: DiagnosticError (bad manifest, unknown target); the first read failure (nothing recorded); StateLockedError.
   */
  @operation(1)
  async refresh(manifest: string, options: Omit<PlanOptions, 'mode' | 'replace' | 'refresh'> = {}): Promise<RefreshResult> {
    const run = this.run(options);
    const loaded = await this.load(manifest, options);
    const parallelism = this.parallelism(options);
    const session = await this.session(run, `refresh ${manifest}`, loaded, { lockTimeoutSeconds: this.lockTimeout(options), parallelism });
    try {
      const { plan, refresh } = await makePlan(run, session, loaded, {
        refresh: true,
        refreshOnly: true,
        replace: [],
        target: options.target ?? [],
        exclude: options.exclude ?? [],
        destroy: false,
        parallelism,
      });
      await recordRefresh(session.state.store, refresh);
      const drift = plan.drift;
      const some = drift && (drift.changed.length > 0 || drift.deleted.length > 0 || (drift.notes ?? []).length > 0);
      return { plan, ...(some ? { drift } : {}) };
    } finally {
      await session.close();
    }
  }

  /**
   * Adopts an existing resource into state at `address` (any spelling of
   * its type: `lite_vm`, `cloud_lite_vm`, `cloud:index:LiteVm`), reading it
   * by `id`, and gives its manifest YAML (`config`). Nothing is ordered. Endpoint: the type's read (GET).
   * Errors: an unknown type or bad address; the address or the id already
   * in state; the resource not found (404, absent or Terminated); StateLockedError.
   */
  @operation(3)
  async import(type: string, address: string, id: string, options: OperationOptions = {}): Promise<ImportResult> {
    const target = importTarget(this.catalogue, type, address, id);
    const session = await this.session(this.run(options), `import ${target.type.type}.${target.address} ${target.id}`, undefined, {
      lockTimeoutSeconds: this.lockTimeout(options),
    });
    try {
      return await importInto(session, target);
    } finally {
      await session.close();
    }
  }

  /**
   * What the managed resources cost now, from the state after a refresh
   * (`refresh: false`: as recorded). `manifest`: for its provider and backend blocks.
   * Writes nothing. Endpoints: each resource's read, the priced types' product lists.
   */
  @operation(1)
  async cost(manifest?: string, options: OperationOptions & VariableOptions & { refresh?: boolean } = {}): Promise<CostResult> {
    const run = this.run(options);
    const loaded = manifest === undefined ? undefined : await this.load(manifest, options);
    const parallelism = this.parallelism(options);
    const session = await this.session(run, `cost${manifest ? ` ${manifest}` : ''}`, loaded, {
      lockTimeoutSeconds: this.lockTimeout(options),
      parallelism,
    });
    try {
      const refresh = await refreshed(session, options.refresh ?? true, parallelism);
      const state = { ...session.state.store.document, resources: refresh.resources };
      return await priceState(state, { catalogue: this.catalogue, listings: productListings(() => session.connection.context()) });
    } finally {
      await session.close();
    }
  }

  /**
   * Renames a state entry without destroying anything (`state mv`). An
   * entry marked migrated moves to the type it became, its new account
   * found by listing and read (needs the API; nothing is ordered). With
   * `manifest`, `to`'s block must be of the entry's type (or the type it became).
   * Errors: no such entry; `to` taken; MigrationMoveError; StateLockedError; the API's.
   */
  @operation(2)
  async moveState(from: string, to: string, options: OperationOptions & VariableOptions & { manifest?: string } = {}): Promise<MoveResult> {
    const loaded = options.manifest === undefined ? undefined : await this.load(options.manifest, options);
    const lockTimeoutSeconds = this.lockTimeout(options);
    const openSession = () => this.session(this.run(options), `state mv ${from} ${to}`, loaded, { lockTimeoutSeconds });
    return stateOperations.moveStateEntry(
      { paths: this.workspace, env: this.env, catalogue: this.catalogue, lockTimeoutSeconds, openSession },
      from,
      to,
      loaded,
    );
  }

  /** The outputs the state records, sensitive ones masked unless `reveal: true` (still flagged `sensitive`). No lock, no API call. */
  @operation()
  async outputs(options: { reveal?: boolean } = {}): Promise<Record<string, { value: Value; sensitive: boolean }>> {
    const state = await openWorkspaceState(this.workspace, this.env);
    try {
      return maskedOutputs(state.store.document, options.reveal);
    } finally {
      await state.close();
    }
  }

  /**
   * A copy of the state document (`{ format_version, lineage, serial,
   * resources, outputs }`), sensitive attributes and outputs masked. No lock, no API call.
   */
  @operation()
  async state(): Promise<StateDocument> {
    return this.readState();
  }

  /** {@link Engine.state}, inside a turn. */
  private async readState(): Promise<StateDocument> {
    const state = await openWorkspaceState(this.workspace, this.env);
    try {
      return maskedState(state.store.document, this.catalogue);
    } finally {
      await state.close();
    }
  }

  /**
   * `cloudctl import --all`: every account (of `types`) the state does not manage, and the manifest adopting them
   * (docs/automation.md). Read-only: no lock, no state write, no order. Endpoints: each type's list (GET).
   * Errors: an unknown type; the API's.
   */
  @operation(0)
  async generateImports(options: OperationOptions & DiscoveryOptions = {}): Promise<AdoptionResult> {
    const document = await this.readState();
    const connection = await this.connect(options);
    try {
      return await generateImports(this.catalogue, connection, document, options, { paths: this.workspace, env: this.env });
    } finally {
      await connection.close();
    }
  }

  /** The dependency graph of `manifest` (a path), read from it alone: no state, no API call. Errors: DiagnosticError. */
  @operation(1)
  async graph(manifest: string, options: VariableOptions & Pick<OperationOptions, 'ifBusy'> = {}): Promise<DependencyGraph> {
    return dependencyGraph((await this.load(manifest, options)).manifest);
  }

  /** `cloudctl doctor`: checks the API's replies against what cloudctl reads (doctor.ts). Endpoints: GETs only. */
  @operation(0)
  async doctor(options: OperationOptions = {}): Promise<DoctorResult> {
    const connection = await this.connect({ parallelism: 2, ...options });
    try {
      return await doctorOver(connection, Boolean(this.options.token ?? this.env.CLOUDCTL_API_KEY));
    } finally {
      await connection.close();
    }
  }

  /** The workspaces of the backend (`default` always among them) and the current one. No lock, no API call. */
  @operation()
  async workspaces(): Promise<workspaceOperations.WorkspaceList> {
    return workspaceOperations.listWorkspaces(this.workspace);
  }

  /** `workspace new NAME`: creates the empty workspace NAME on the backend and selects it. Errors: a bad name, NAME exists. */
  @operation()
  async createWorkspace(name: string): Promise<void> {
    await workspaceOperations.createWorkspace(this.workspace, name);
  }

  /** `workspace select NAME`: makes NAME the selected workspace of the folder (later engines open it). Errors: NAME does not exist. */
  @operation()
  async selectWorkspace(name: string): Promise<void> {
    await workspaceOperations.selectWorkspace(this.workspace, name);
  }

  /** `workspace delete NAME`, under its lock. Errors: `default`, the current one, unknown, or still managing resources (StateError). */
  @operation(1)
  async deleteWorkspace(name: string, options: OperationOptions = {}): Promise<void> {
    await workspaceOperations.deleteWorkspace(this.workspace, name, this.lockTimeout(options));
  }

  /** `force-unlock ID`: removes the state lock whose id is ID, with the backend's holder check (`force`: even a live local holder). */
  @operation(1)
  async forceUnlock(id: string, options: OperationOptions & BreakLockOptions = {}): Promise<BrokenLock> {
    return workspaceOperations.forceUnlock(this.workspace, id, options);
  }

  /** `state show ADDRESS`: one resource, sensitive attributes masked. No lock, no API call. Errors: no such resource. */
  @operation()
  async showResource(address: string): Promise<stateOperations.ShownResource> {
    return stateOperations.showResource(this.workspace, this.env, this.catalogue, address);
  }

  /** `state rm ADDRESS...`: forgets resources without deleting them (all or none), under the lock. Errors: an address not in state. */
  @operation(1)
  async removeResources(addresses: string[], options: OperationOptions = {}): Promise<string[]> {
    return stateOperations.removeFromState(this.workspace, this.env, addresses, this.lockTimeout(options));
  }

  /** `state repair`: drops the damaged lines of the change log and journal, under the lock (state-operations.ts). */
  @operation(0)
  async repairState(options: OperationOptions = {}): Promise<RepairedFile[]> {
    return stateOperations.repairState(this.workspace, this.lockTimeout(options), (message) =>
      this.run(options).emit({ type: 'notice', message }),
    );
  }

  /** `state migrate --to URL|local`: moves the state, journal and outputs to another backend, verified, both sides locked. */
  @operation(1)
  async migrateState(to: string, options: OperationOptions = {}): Promise<MigrationReport> {
    return stateOperations.migrateWorkspaceState(this.workspace, this.env, to, this.lockTimeout(options));
  }

  /**
   * Connects to the API as operations do (base URL, token, the embedded
   * simulator), without touching state: for read-only checks of the API
   * (`cloudctl doctor`). Close the connection when done.
   */
  async connect(options: OperationOptions = {}): Promise<Connection> {
    const run = this.run(options); // refused after close()
    return connect(
      {},
      {
        env: this.env,
        baseUrl: this.options.baseUrl,
        token: this.options.token,
        requestTimeoutSeconds: this.options.requestTimeoutSeconds,
        simulatorDataFile: this.workspace.resolve(this.workspace.simulatorDataPath),
        ...(options.parallelism !== undefined ? { parallelism: options.parallelism } : {}),
        onSimulator: (url) => run.emit({ type: 'simulator', url, dataPath: this.workspace.simulatorDataPath }),
      },
    );
  }

  /**
   * Releases, synchronously, the state locks of operations in flight (a
   * second Ctrl-C, just before the process exits): an order cut off that way
   * stays in the journal as an unfinished intent the next run reconciles.
   */
  releaseLocksSync(): void {
    for (const session of this.sessions) {
      if (session.state.lock) session.state.backend.releaseSync?.(session.state.lock.holder);
    }
  }

  /**
   * Closes the engine: later calls throw EngineClosedError; resolves when the
   * operations called before have finished (turns.ts). Operations hold nothing between calls.
   */
  async close(): Promise<void> {
    await Turns.of(this).close();
    this.sessions.clear();
  }
}
