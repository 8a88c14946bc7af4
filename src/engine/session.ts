/**
 * The steps the front door (engine.ts) composes for one operation: lock and
 * open the state, connect, reconcile the journal, refresh, plan (moves,
 * targets, budget), read a saved plan's manifest back (stale checks), apply
 * a plan with its outputs, and compact the journal. Internal to the engine:
 * programs and the CLI use {@link Engine}.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { applyChanges, type ApplySummary } from './apply/index.js';
import {
  loadManifestFromFiles,
  loadManifestFromSource,
  splitManifestSource,
  type Catalogue,
  type CommandLineVariables,
  type LoadedManifest,
  type LoadOptions,
  type ModuleFile,
} from '../manifest/index.js';
import { loadManifestSlice, loadManifestSliceOfBytes, provenSlice, type ManifestSlice } from './manifest-slice.js';
import { createPlan, rereadSensitiveDataSources, selectTargets } from './planning/index.js';
import { sha256 } from '../plan/redact.js';
import { sealPlan, sealPlanKeepingFile } from '../plan/seal.js';
import { planInWorkspace } from '../plan/workspace.js';
import { attributesInUse, recordRefresh, refreshState, unrefreshed, type RefreshOptions, type RefreshResult } from './refresh.js';
import { Scope } from './scope.js';
import { parseDuration } from '../core/duration.js';
import { secretLiterals } from '../core/mask.js';
import { reconcileGraceSeconds } from './timing.js';
import type { EngineOptions } from './engine-options.js';
import { reconcileJournal, type ReconcileNotice } from './reconcile/index.js';
import { markResources, maskingJournal, resourceMarker } from './marks.js';
import { DiagnosticError, isUnknown, type Value } from '../core/types.js';
import { type Manifest } from '../manifest/types.js';
import { type StateDocument } from '../state/document.js';
import { type PlanDocument } from '../plan/document.js';
import { applyMovesAndImports, resolveMoves, undeclaredImports } from './moves-and-imports.js';
import type { OpenedState, StateStore } from '../state/index.js';
import { openWorkspaceState, type WorkspacePaths } from '../state/workspace.js';
import { connect, type Connection } from './connection.js';
import { guardBudget, journalOverride } from './budget-guard.js';
import type { EventHandler, ReconcileEvent } from './events.js';
import type { RequestLimiter } from '../api/request-budget.js';
import type { RequestEvent } from '../api/client.js';

/** A saved plan that no longer matches the state or the files it was made from: plan again. */
export class StalePlanError extends Error {
  /** Stable identifier (docs/automation.md, "Errors"). */
  readonly code = 'stale_plan';
  constructor(message: string) {
    super(message);
    this.name = 'StalePlanError';
  }
}

/** What an operation's steps share: where, with what settings, and who hears the events. */
export interface Run {
  paths: WorkspacePaths;
  /** The resource and data source types (the real catalogue, or a program's). */
  catalogue: Catalogue;
  /** The clock in epoch ms (default `Date.now`). */
  now?: () => number;
  env: Readonly<Record<string, string | undefined>>;
  baseUrl?: string;
  token?: string;
  emit: EventHandler;
  /** The request budget every API request of the run takes a token from (a watcher's); absent: none. */
  budget?: RequestLimiter;
  /** Called after every HTTP attempt of the run (a watcher counts its requests). */
  onRequest?: (event: RequestEvent) => void;
  /** The engine's hooks of the paid-call protocol and its timing settings (timing.ts); absent: none, and the environment's. */
  options?: Pick<EngineOptions, 'onPaidCallReturned' | 'onPaidCallPoint' | 'requestTimeoutSeconds' | 'reconcileGraceSeconds'>;
}

/** Options shared by plan, apply and destroy. */
export interface RunOptions {
  refresh: boolean;
  replace: string[];
  /** `--target` addresses or glob patterns (empty: everything). */
  target?: string[];
  /** `--exclude` addresses or glob patterns: left out with what depends on them (planning/targets.ts). */
  exclude?: string[];
  /** `--refresh-only`: plan (or apply) only the recording of drift in state. */
  refreshOnly?: boolean;
  parallelism: number;
  destroy: boolean;
  /** `--allow-over-budget`: a plan over the manifest's `budget:` passes (and apply journals it). */
  allowOverBudget?: boolean;
  /** `plan --generate-config-out FILE`: imports of addresses without a resource block are read for FILE. */
  generateConfigOut?: string;
  /**
   * A plan to be saved: the variable inputs the manifest was loaded with,
   * to prove the slice of the manifest its apply will load
   * (manifest-slice.ts; recorded as `manifest.slice`). Absent: no slice.
   */
  sliceWith?: CommandLineVariables;
  /** The plan will be saved: sealed keeping its compressed file text (src/plan/seal.ts `sealPlanKeepingFile`), not written twice. */
  keepPlanFile?: boolean;
}

/** Options of {@link openSession}. */
export interface SessionOptions {
  /** How long to wait for the state lock, in seconds (0: fail at once). */
  lockTimeoutSeconds: number;
  /**
   * Checks the state as soon as it is open and locked, before the API is
   * connected or anything is written: a saved plan's workspace
   * (src/plan/workspace.ts). Throwing refuses the operation. When absent,
   * a state that does not exist yet is established (written empty with its
   * new lineage: the workspace's identity, `StateStore.establish`).
   */
  admit?: (store: StateStore) => void;
  /** Operations in flight at once: also the size of the API connection pool (absent: the client's default, 32 connections). */
  parallelism?: number;
}

/** An open session: state locked, API connected. Close it in `finally`. */
export interface Session {
  state: OpenedState;
  /** The run's catalogue. */
  catalogue: Catalogue;
  connection: Connection;
  /** `CLOUDCTL_LIST_LAG` in seconds, when set (see `RefreshOptions.listLagSeconds`). */
  listLagSeconds?: number;
  close(): Promise<void>;
}

/** A reconcile notice as the event the front door sends (no journal inputs: they may hold what was ordered). */
function reconcileEvent(notice: ReconcileNotice): ReconcileEvent {
  if (notice.kind === 'waiting') {
    const { intent } = notice;
    return {
      type: 'reconcile',
      outcome: 'waiting',
      address: intent.address,
      resourceType: intent.type,
      operation: intent.operation,
      seconds: notice.seconds,
      message: notice.message,
    };
  }
  const { entry } = notice;
  return {
    type: 'reconcile',
    outcome: entry.outcome,
    address: entry.intent.address,
    resourceType: entry.intent.type,
    operation: entry.intent.operation,
    ...(entry.id !== undefined ? { id: entry.id } : {}),
    ...(entry.candidates ? { candidates: entry.candidates } : {}),
    message: notice.message,
  };
}

/**
 * Locks and opens the state, connects, then reconciles the journal's
 * unfinished intents against the API (reconcile.ts) before the caller plans
 * anything, sending one `reconcile` event per reconciled intent. For
 * `import` (a `command` starting with `import `) an ambiguous intent is only
 * reported, since importing the right resource is how a human resolves it.
 * `CLOUDCTL_RECONCILE_GRACE` (a duration, default the request timeout: timing.ts)
 * is how long after an intent its call may still be in flight at the server;
 * `CLOUDCTL_LIST_LAG` (a duration, default 30s) how long after a create a
 * list may not show the new resource yet (keypairs: refresh.ts).
 * Errors: StateLockedError, StateCorruptError, ReconcileError (an ambiguous
 * order: nothing is planned or ordered), the API's errors while reconciling.
 */
export async function openSession(
  run: Run,
  command: string,
  loaded: LoadedManifest | undefined,
  options: SessionOptions,
): Promise<Session> {
  const { lockTimeoutSeconds, admit, parallelism } = options;
  const state = await openWorkspaceState(run.paths, run.env, {
    block: loaded?.manifest.backend,
    lock: { command, timeoutSeconds: lockTimeoutSeconds },
    onWarning: (message) => run.emit({ type: 'notice', message }),
  });
  let connection: Connection;
  try {
    if (admit) admit(state.store);
    else await state.store.establish();
    // The sensitive variables' values are masked in every API error message, wherever the server echoes them.
    const secrets = loaded ? secretLiterals([...loaded.sensitiveVariables].map((name) => loaded.variables[name])) : [];
    connection = await connect(loaded?.manifest.provider ?? {}, {
      env: run.env,
      baseUrl: run.baseUrl,
      token: run.token,
      requestTimeoutSeconds: run.options?.requestTimeoutSeconds,
      simulatorDataFile: run.paths.resolve(run.paths.simulatorDataPath),
      ...(parallelism === undefined ? {} : { parallelism }),
      secrets,
      onSimulator: (url) => run.emit({ type: 'simulator', url, dataPath: run.paths.simulatorDataPath }),
      ...(run.budget ? { budget: run.budget } : {}),
      ...(run.onRequest ? { onRequest: run.onRequest } : {}),
    });
  } catch (error) {
    await state.close();
    throw error;
  }
  try {
    await reconcileJournal({
      store: state.store,
      journal: state.backend.journal,
      catalogue: run.catalogue,
      context: (seconds) => connection.context(seconds),
      report: (notice) => run.emit(reconcileEvent(notice)),
      onAmbiguous: command.startsWith('import ') ? 'warn' : 'fail',
      graceSeconds: reconcileGraceSeconds({ ...run.options, env: run.env }),
      ...(run.now ? { now: run.now } : {}),
    });
  } catch (error) {
    await connection.close().catch(() => undefined);
    await state.close();
    throw error;
  }
  const listLag = run.env.CLOUDCTL_LIST_LAG;
  return {
    state,
    connection,
    catalogue: run.catalogue,
    ...(listLag ? { listLagSeconds: parseDuration(listLag) } : {}),
    async close() {
      try {
        await connection.close();
      } finally {
        await state.close();
      }
    },
  };
}

/**
 * Refreshes every resource in state, or those in `only` (or returns state
 * as is when `refresh` is off). `inUse`: the attributes the plan needs by
 * address (`attributesInUse`), so details nobody uses are not read.
 * Endpoints: each resource type's read (GET).
 */
export async function refreshed(
  session: Session,
  refresh: boolean,
  parallelism: number,
  only?: Set<string>,
  inUse?: RefreshOptions['inUse'],
  document: StateDocument = session.state.store.document,
): Promise<RefreshResult> {
  if (!refresh) return unrefreshed(document);
  return refreshState(document, {
    catalogue: session.catalogue,
    contextFor: () => session.connection.context(),
    parallelism,
    only,
    inUse,
    listLagSeconds: session.listLagSeconds,
  });
}

/** A plan made in this run, the refresh it was made against, and its (unmasked) scope. */
export interface MadePlan {
  plan: PlanDocument;
  refresh: RefreshResult;
  scope: Scope;
}

/**
 * Reads again the resources a saved plan updates (`addresses`), before
 * anything changes: a refresh of only those entries, so its cost is theirs
 * whatever the size of the state. Endpoints: each one's read (GET).
 */
function readAgain(session: Session, addresses: Set<string>, parallelism: number): Promise<RefreshResult> {
  const document = session.state.store.document;
  const resources = Object.fromEntries(
    [...addresses].flatMap((address) => (document.resources[address] ? [[address, document.resources[address]!]] : [])),
  );
  return refreshed(session, true, parallelism, addresses, undefined, { ...document, resources });
}

/**
 * Plans against refreshed state. With `--target`, only the targeted
 * addresses and what they depend on are refreshed and planned. Sends
 * `planned` (and `drift`, when refresh found some).
 * Errors: DiagnosticError with every plan error (budget exceeded included).
 */
export async function makePlan(run: Run, session: Session, loaded: LoadedManifest, options: RunOptions): Promise<MadePlan> {
  const targets = options.target ?? [];
  const mode = options.refreshOnly ? 'refresh-only' : options.destroy ? 'destroy' : 'apply';
  if (options.refreshOnly && (options.destroy || options.replace.length > 0 || !options.refresh)) {
    throw new Error(
      `--refresh-only cannot be combined with ${options.destroy ? '--destroy' : options.replace.length > 0 ? '--replace' : '--refresh=false'}: a refresh-only plan only records what changed outside cloudctl`,
    );
  }
  // `moved:` blocks rename state entries (in this copy) before anything is refreshed or diffed.
  const moved = mode === 'refresh-only' ? undefined : resolveMoves(loaded.manifest, session.state.store.document);
  if (moved && moved.diagnostics.length > 0) throw new DiagnosticError(moved.diagnostics);
  const document = moved?.state ?? session.state.store.document;
  const exclude = options.exclude ?? [];
  let only: Set<string> | undefined;
  if (targets.length > 0 || exclude.length > 0) {
    const selection = selectTargets(loaded.manifest, document, targets, mode, options.replace, loaded.graph, exclude);
    only = new Set([...selection.selected, ...selection.orphans]);
  }
  const refreshing = options.refresh || mode === 'refresh-only';
  // What the manifest reads of each resource matters to a refresh only (a walk of every expression: worked out
  // only then, while the refresh waits for its lists).
  const refresh = await refreshed(
    session,
    refreshing,
    options.parallelism,
    only,
    refreshing ? () => attributesInUse(loaded.manifest) : undefined,
    document,
  );
  const state: StateDocument = { ...document, resources: refresh.resources };
  const { plan: made, scope } = await createPlan({
    loaded,
    catalogue: run.catalogue,
    state,
    mode,
    replace: options.replace,
    targets,
    exclude,
    refresh: refreshing ? refresh : undefined,
    contextFor: () => session.connection.context(),
    moves: moved?.moves ?? [],
    recorded: document.resources,
    generateConfigOut: options.generateConfigOut,
    parallelism: options.parallelism,
  });
  guardBudget(made, loaded.manifest.budget, options.allowOverBudget ?? false);
  const slice = options.sliceWith
    ? provenSlice(loaded, made, document, run.catalogue, planLoadOptions(run, options.sliceWith, made.variables))
    : undefined;
  // The plan belongs to this workspace, and is sealed as made: apply refuses it elsewhere, or altered.
  const inWorkspace = planInWorkspace(slice ? { ...made, manifest: { ...made.manifest, slice } } : made, run.paths.name);
  const plan = options.keepPlanFile ? await sealPlanKeepingFile(inWorkspace) : sealPlan(inWorkspace);
  if (plan.drift && (plan.drift.changed.length > 0 || plan.drift.deleted.length > 0)) run.emit({ type: 'drift', drift: plan.drift });
  run.emit({ type: 'planned', plan });
  return { plan, refresh, scope };
}

/**
 * Re-parses the manifest stored in a plan, with non-sensitive variables as
 * planned (a `--var` or var file giving one another value is an error) and
 * sensitive ones, which the plan never keeps, from `variables` and the
 * environment. The files `file()` reads must be the ones planned (SHA-256).
 * A plan whose source had sensitive literals redacted reads the manifest
 * file itself and checks it is the one planned (SHA-256).
 * Errors: StalePlanError when that file is missing or changed; DiagnosticError.
 */
export async function manifestOfPlan(run: Run, plan: PlanDocument, variables: CommandLineVariables): Promise<LoadedManifest> {
  const options = planLoadOptions(run, variables, plan.variables);
  const parts = plan.manifest.parts;
  const { slice } = plan.manifest;
  let loaded: LoadedManifest;
  if (plan.manifest.redacted) {
    const files = await redactedManifestFiles(run, plan);
    // Sliced from the bytes (only what is kept is decoded: 21 MB not decoded at 100,000 resources) when they split as the plan's text does.
    if (slice && files.proven && (!parts || parts.every((part, index) => part.length === files.bytes[index]!.length)))
      loaded = loadManifestSliceOfBytes(files.bytes, parts, plan.manifest.path, slice, options);
    else loaded = loadedSource(files.text(), parts, plan.manifest.path, slice, options);
  } else loaded = loadedSource(plan.manifest.source, parts, plan.manifest.path, slice, options);
  const planned = JSON.stringify(plan.manifest.modules ?? []);
  if (JSON.stringify(loaded.moduleFiles) !== planned) {
    throw new StalePlanError(
      `stale plan: the module files of ${plan.manifest.path} changed since the plan was made (${changedModules(plan.manifest.modules ?? [], loaded.moduleFiles).join(', ')}); run 'cloudctl plan' again`,
    );
  }
  for (const [file, hash] of Object.entries(plan.manifest.files ?? {})) {
    if (loaded.files?.[file] !== hash)
      throw new StalePlanError(
        `stale plan: ${file}, which the manifest reads with file(), changed since the plan was made; run 'cloudctl plan' again`,
      );
  }
  return loaded;
}

/**
 * The manifest files of a redacted plan (which keeps them with their
 * sensitive values left out), as read: `proven` when their bytes hash to
 * the digest of the text planned (so they are that text's UTF-8), `text`
 * their text (decoded on demand).
 * @throws StalePlanError when one is missing or changed since the plan was made.
 */
async function redactedManifestFiles(run: Run, plan: PlanDocument): Promise<{ bytes: Buffer[]; proven: boolean; text: () => string }> {
  let files: Buffer[] | undefined;
  try {
    const paths = plan.manifest.parts ? plan.manifest.parts.map((part) => part.path) : [plan.manifest.path];
    files = await Promise.all(paths.map((path) => readFile(run.paths.resolve(path))));
  } catch {
    files = undefined;
  }
  const stale = (what: string) =>
    new StalePlanError(
      `stale plan: the plan keeps ${plan.manifest.path} with its sensitive values left out, and the file itself is ${what}; run 'cloudctl plan' again`,
    );
  if (files === undefined) throw stale('missing');
  const bytes = files;
  let text: string | undefined;
  const decoded = () => (text ??= bytes.map((piece) => piece.toString('utf8')).join(''));
  // The bytes hashed as read (no second UTF-8 encoding of 20 MB): equal to the digest of the text planned only when
  // they are that text's UTF-8; the text itself is hashed when they are not (a file that is not valid UTF-8).
  const proven = sha256Of(bytes) === plan.manifest.sha256;
  if (!proven && sha256(decoded()) !== plan.manifest.sha256) throw stale('changed since the plan was made');
  return { bytes, proven, text: decoded };
}

/** Loads a saved plan's manifest from its text `source`: the slice `slice` of it, or the whole (`parts`: a folder's files in it). */
function loadedSource(
  source: string,
  parts: LoadedManifest['parts'],
  path: string,
  slice: ManifestSlice | undefined,
  options: Omit<LoadOptions, 'source'>,
): LoadedManifest {
  if (slice) return loadManifestSlice(source, parts, path, slice, options);
  return parts ? loadManifestFromFiles(splitManifestSource(source, parts), path, options) : loadManifestFromSource(source, path, options);
}

/** Hex SHA-256 of `pieces` one after the other. */
function sha256Of(pieces: Buffer[]): string {
  const hash = createHash('sha256');
  for (const piece of pieces) hash.update(piece);
  return hash.digest('hex');
}

/**
 * How a saved plan's manifest is loaded: in the run's workspace, with the
 * plan's non-sensitive variable values (`saved`, which win: the plan is
 * applied as it was made) and `variables` for the sensitive ones, which it
 * does not keep.
 */
function planLoadOptions(run: Run, variables: CommandLineVariables, saved: Record<string, Value>): Omit<LoadOptions, 'source'> {
  return {
    env: run.env as NodeJS.ProcessEnv,
    cwd: run.paths.resolve('.'),
    workspace: run.paths.name,
    catalogue: run.catalogue,
    variableInputs: { ...variables, saved },
  };
}

/** Paths of the module files that differ between two lists (added, removed or changed). */
function changedModules(before: ModuleFile[], after: ModuleFile[]): string[] {
  const key = (file: ModuleFile) => `${file.path}\n${file.sha256}`;
  const was = new Set(before.map(key));
  const now = new Set(after.map(key));
  const changed = [...before.filter((file) => !now.has(key(file))), ...after.filter((file) => !was.has(key(file)))];
  return [...new Set(changed.map((file) => file.path))];
}

/**
 * Refuses, before any lock or API call, a plan whose `import:` blocks name
 * an address with no resource block while `--generate-config-out` is not
 * given (DiagnosticError at the blocks). Destroy and refresh-only plans
 * import nothing and are not checked.
 */
export function refuseUndeclaredImports(
  catalogue: Catalogue,
  loaded: LoadedManifest,
  options: Pick<RunOptions, 'destroy' | 'refreshOnly' | 'generateConfigOut'>,
): void {
  if (options.destroy || options.refreshOnly) return;
  const diagnostics = undeclaredImports(loaded.manifest, catalogue, options.generateConfigOut);
  if (diagnostics.length > 0) throw new DiagnosticError(diagnostics);
}

/**
 * Records the manifest's outputs in state, the one place they are written:
 * after an apply that completed, and after a plan with nothing to change (a
 * fresh manifest may add some). A targeted plan updates the outputs it can
 * evaluate and keeps the others; a destroy empties them once nothing is
 * left. `onlyWhenKnown`: write nothing when an output is still unknown.
 */
export async function recordOutputs(
  store: StateStore,
  plan: PlanDocument,
  scope: Scope,
  manifest: Manifest,
  onlyWhenKnown = false,
): Promise<void> {
  if (plan.mode === 'destroy') {
    if (Object.keys(store.document.resources).length === 0) await store.setOutputs({});
    return;
  }
  if (plan.mode !== 'apply') return;
  const targeted = (plan.targets ?? []).length > 0 || (plan.exclude ?? []).length > 0;
  const known: Record<string, { value: Value; sensitive: boolean }> = targeted ? { ...store.document.outputs } : {};
  for (const [name, output] of Object.entries(scope.outputs(manifest, { onlyResolved: targeted }))) {
    if (onlyWhenKnown && isUnknown(output.value as Value)) return;
    known[name] = { value: output.value as Value, sensitive: output.sensitive };
  }
  await store.setOutputs(known);
}

/**
 * Applies `plan` in `session`, sending progress events, then records the
 * outputs (when nothing failed). Resolves with the summary.
 * Endpoints: whatever the changes' resource modules call.
 */
export async function executePlan(
  run: Run,
  session: Session,
  plan: PlanDocument,
  loaded: LoadedManifest,
  options: { parallelism: number; signal?: AbortSignal; refresh?: RefreshResult; freeOnly?: boolean },
): Promise<ApplySummary> {
  // The state records what refresh found before anything changes, so every
  // in-place operation compares against the observed value: the refresh the
  // plan was made against, or (a saved plan) a fresh read of what it updates.
  // Moves and imports first: the changes (and the refresh) are about the addresses they give.
  const movedAndImported = await applyMovesAndImports(
    plan,
    session.state.store,
    run.catalogue,
    () => session.connection.context(),
    options.parallelism,
  );
  const updates = new Set(plan.changes.filter((change) => change.action === 'update').map((change) => change.address));
  const observed = options.refresh ?? (updates.size > 0 ? await readAgain(session, updates, options.parallelism) : undefined);
  if (observed) await recordRefresh(session.state.store, observed);
  const scope = new Scope(loaded, run.catalogue);
  const inScope = addressesInScope(session.state.store.document, plan, loaded);
  for (const address of inScope) scope.setResourceState(address, session.state.store.document.resources[address]!);
  for (const [address, results] of Object.entries(plan.data_sources ?? {})) scope.setData(address, results);
  await rereadSensitiveDataSources(plan, loaded.manifest, scope, () => session.connection.context());
  if (plan.budget?.allowed) await journalOverride(session.state.backend.journal, plan.budget.problems);
  // Every write of a resource records its marks (sensitivity that follows values, values lost at create).
  await markResources(session.state.store, resourceMarker(scope), inScope);
  const { emit } = run;
  const summary = await applyChanges({
    changes: plan.changes,
    manifest: loaded.manifest,
    catalogue: run.catalogue,
    scope,
    store: session.state.store,
    journal: maskingJournal(session.state.backend.journal, (address) => scope.sensitiveInputs(address)),
    api: session.connection.api,
    parallelism: options.parallelism,
    pollIntervalSeconds: session.connection.pollIntervalSeconds,
    reporter: {
      started: (address, action) => emit({ type: 'started', address, action }),
      progress: (address, action, elapsedSeconds, status) => emit({ type: 'progress', address, action, elapsedSeconds, status }),
      finished: (address, action, elapsedSeconds, id) =>
        emit({ type: 'finished', address, action, elapsedSeconds, ...(id !== undefined ? { id } : {}) }),
      failed: (address, action, error) => {
        const code = error instanceof DiagnosticError ? error.diagnostics.find((diagnostic) => diagnostic.code)?.code : undefined;
        emit({ type: 'failed', address, action, message: error.message, ...(code ? { code } : {}) });
      },
      skipped: (address, because) => emit({ type: 'skipped', address, because }),
      notice: (address, message) => emit({ type: 'settling', address, message }),
    },
    signal: options.signal,
    graceSeconds: reconcileGraceSeconds({ ...run.options, env: run.env }),
    freeOnly: options.freeOnly,
    onPaidCallReturned: run.options?.onPaidCallReturned,
    onPaidCallPoint: run.options?.onPaidCallPoint,
  });
  summary.done.unshift(...movedAndImported);
  if (plan.mode === 'destroy' || (summary.failed.length === 0 && summary.skipped.length === 0))
    await recordOutputs(session.state.store, plan, scope, loaded.manifest);
  await session.state.store.flush();
  if (summary.failed.length === 0 && summary.skipped.length === 0) compactJournal(run, session);
  return summary;
}

/**
 * The state's addresses an apply of `plan` puts in scope and marks: all of
 * them, or with a slice of the manifest (manifest-slice.ts) those it
 * declares and those the plan changes (the others are neither referred to
 * nor written).
 */
function addressesInScope(state: StateDocument, plan: PlanDocument, loaded: LoadedManifest): string[] {
  if (!plan.manifest.slice) return Object.keys(state.resources);
  const addresses = new Set([...Object.keys(loaded.manifest.resources), ...plan.changes.map((change) => change.address)]);
  return [...addresses].filter((address) => state.resources[address] !== undefined);
}

/**
 * Starts dropping the journal's finished entries at the end of a successful
 * run (an apply with no failure, or with nothing to change); unfinished
 * intents are always kept. It runs alongside what follows, and the state's
 * close waits for it before releasing the lock (`OpenedState.beforeRelease`).
 * A failure to compact is only reported (a `notice` event).
 */
export function compactJournal(run: Run, session: Session): void {
  session.state.beforeRelease(
    session.state.backend.journal
      .compact()
      .catch((error: unknown) => run.emit({ type: 'notice', message: `could not compact the journal: ${(error as Error).message}` })),
  );
}
