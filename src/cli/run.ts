/**
 * The pipeline the commands share: load the manifest, lock and open the
 * state, connect, refresh, plan, apply, and save outputs. Each step is a
 * function so `plan`, `apply`, `destroy` and `refresh` compose them.
 */
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { applyChanges, type ApplySummary } from '../engine/apply/index.js';
import { defaultCatalogue, loadManifestFromSource, type LoadedManifest, type ModuleFile } from '../manifest/index.js';
import { createPlan, rereadSensitiveDataSources, selectTargets, sha256 } from '../engine/plan.js';
import { attributesInUse, recordRefresh, refreshState, unrefreshed, type RefreshOptions, type RefreshResult } from '../engine/refresh.js';
import { Scope } from '../engine/scope.js';
import { parseDuration } from '../core/duration.js';
import { secretLiterals } from '../core/mask.js';
import { reconcileJournal } from '../engine/reconcile.js';
import { heldOrderWarnings, lostValueWarnings, markResources, maskingJournal, resourceMarker } from '../engine/marks.js';
import { DiagnosticError, type PlanDocument, type StateDocument } from '../core/types.js';
import { applyMovesAndImports, resolveMoves, undeclaredImports } from '../engine/moved.js';
import type { OpenedState } from '../state/index.js';
import { lineReporter } from './views/progress.js';
import { renderValue } from './views/values.js';
import { renderPlanJson } from './views/reasons.js';
import { renderWarnings } from './views/warnings.js';
import { connect, openWorkspaceState, type Connection, type Workspace } from './workspace.js';
import { guardBudget, journalOverride } from './budget.js';

/** Options shared by plan, apply and destroy. */
export interface RunOptions {
  refresh: boolean;
  replace: string[];
  /** `--target` addresses (empty: everything). */
  target?: string[];
  /** `--refresh-only`: plan (or apply) only the recording of drift in state. */
  refreshOnly?: boolean;
  parallelism: number;
  lockTimeoutSeconds: number;
  destroy: boolean;
  /** `--allow-over-budget`: a plan over the manifest's `budget:` passes (and apply journals it). */
  allowOverBudget?: boolean;
  /** `plan --generate-config-out FILE`: imports of addresses without a resource block are read for FILE (written by the plan command). */
  generateConfigOut?: string;
}

/** Options of {@link openSession}. */
export interface SessionOptions {
  /** How long to wait for the state lock, in seconds (0: fail at once). */
  lockTimeoutSeconds: number;
  /** Lineage for a state that does not exist yet (a saved plan's). */
  lineage?: string;
  /** Operations in flight at once: also the size of the API connection pool (default 32 connections). */
  parallelism?: number;
}

/** An open session: state locked, API connected. Close it in `finally`. */
export interface Session {
  state: OpenedState;
  connection: Connection;
  /** `CLOUDCTL_LIST_LAG` in seconds, when set (see `RefreshOptions.listLagSeconds`). */
  listLagSeconds?: number;
  close(): Promise<void>;
}

/** Writes a `cloudctl: ...` notice on the run's stderr (stale lock taken over, torn journal line, reconciliation). */
export function notice(ws: Workspace, message: string): void {
  ws.io.stderr.write(`${ws.errorStyle.yellow(`cloudctl: ${message}`)}\n`);
}

/**
 * Locks and opens the state, connects, then reconciles the journal's
 * unfinished intents against the API (engine/reconcile.ts) before the
 * caller plans anything, printing one line per reconciled intent on stderr.
 * For `import` (a `command` starting with `import `) an ambiguous intent is
 * only reported, since importing the right resource is how a human resolves it.
 * `CLOUDCTL_RECONCILE_GRACE` in `ws.io.env` (a duration, default 30s: the request timeout)
 * is how long after an intent its call may still be in flight at the server;
 * `CLOUDCTL_LIST_LAG` (a duration, default 30s) how long after a create a
 * list may not show the new resource yet (keypairs: refresh.ts).
 * Errors: StateLockedError, StateCorruptError, ReconcileError (an ambiguous
 * order: nothing is planned or ordered), the API's errors while reconciling.
 */
export async function openSession(
  ws: Workspace,
  command: string,
  loaded: LoadedManifest | undefined,
  options: SessionOptions,
): Promise<Session> {
  const { lockTimeoutSeconds, lineage, parallelism } = options;
  const state = await openWorkspaceState(ws, {
    block: loaded?.manifest.backend,
    lock: { command, timeoutSeconds: lockTimeoutSeconds },
    lineage,
    onWarning: (message) => notice(ws, message),
  });
  let connection: Connection;
  try {
    // The sensitive variables' values are masked in every API error message, wherever the server echoes them.
    const secrets = loaded ? secretLiterals([...loaded.sensitiveVariables].map((name) => loaded.variables[name])) : [];
    connection = await connect(ws, loaded?.manifest.provider ?? {}, { ...(parallelism === undefined ? {} : { parallelism }), secrets });
  } catch (error) {
    await state.close();
    throw error;
  }
  try {
    await reconcileJournal({
      store: state.store,
      journal: state.backend.journal,
      catalogue: defaultCatalogue,
      context: (seconds) => connection.context(seconds),
      report: (line) => notice(ws, `reconcile: ${line}`),
      onAmbiguous: command.startsWith('import ') ? 'warn' : 'fail',
      graceSeconds: ws.io.env.CLOUDCTL_RECONCILE_GRACE ? parseDuration(ws.io.env.CLOUDCTL_RECONCILE_GRACE) : undefined,
    });
  } catch (error) {
    await connection.close().catch(() => undefined);
    await state.close();
    throw error;
  }
  const listLag = ws.io.env.CLOUDCTL_LIST_LAG;
  return {
    state,
    connection,
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
    catalogue: defaultCatalogue,
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
 * Plans against refreshed state. With `--target`, only the targeted
 * addresses and what they depend on are refreshed and planned.
 * Errors: DiagnosticError with every plan error.
 */
export async function makePlan(session: Session, loaded: LoadedManifest, options: RunOptions): Promise<MadePlan> {
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
  let only: Set<string> | undefined;
  if (targets.length > 0) {
    const selection = selectTargets(loaded.manifest, document, targets, mode, options.replace);
    only = new Set([...selection.selected, ...selection.orphans]);
  }
  const refresh = await refreshed(
    session,
    options.refresh || mode === 'refresh-only',
    options.parallelism,
    only,
    attributesInUse(loaded.manifest),
    document,
  );
  const state: StateDocument = { ...document, resources: refresh.resources };
  const { plan, scope } = await createPlan({
    loaded,
    catalogue: defaultCatalogue,
    state,
    mode,
    replace: options.replace,
    targets,
    refresh: options.refresh || mode === 'refresh-only' ? refresh : undefined,
    contextFor: () => session.connection.context(),
    moves: moved?.moves ?? [],
    generateConfigOut: options.generateConfigOut,
  });
  guardBudget(plan, loaded.manifest.budget, options.allowOverBudget ?? false);
  return { plan, refresh, scope };
}

/** Writes a plan file (mode 0600; createPlan already masked every sensitive value in it). */
export async function savePlan(path: string, plan: PlanDocument): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  try {
    await writeFile(path, `${renderPlanJson(plan, 0)}\n`, { mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EISDIR')
      throw new Error(`cannot save the plan: ${path} is a directory; give --out a file path`);
    throw error;
  }
  await chmod(path, 0o600);
}

/** Reads a plan file (`path` relative to the run's working directory). Errors: a clear Error when it is missing or not a plan. */
export async function readPlan(ws: Workspace, path: string): Promise<PlanDocument> {
  let text: string;
  try {
    text = await readFile(ws.resolve(path), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EISDIR') throw new Error(`${path} is a directory, not a saved plan`);
    throw new Error(`no saved plan at ${path}: run 'cloudctl plan MANIFEST' first, or give 'cloudctl apply MANIFEST'`);
  }
  let plan: PlanDocument;
  try {
    plan = JSON.parse(text) as PlanDocument;
  } catch {
    throw new Error(`${path} is not a cloudctl plan (not JSON)`);
  }
  if (plan?.format_version !== 1 || !Array.isArray(plan.changes) || !plan.manifest) throw new Error(`${path} is not a cloudctl plan`);
  return plan;
}

/**
 * Re-parses the manifest stored in a plan, with non-sensitive variables as
 * planned (a `--var` or var file giving one another value is an error) and
 * sensitive ones, which the plan never keeps, from this run's `--var`,
 * `--var-file` and environment. The files `file()` reads must be the ones
 * planned (SHA-256). A plan whose source had
 * sensitive literals redacted reads the manifest file itself and checks it
 * is the one planned (SHA-256).
 * Errors: a stale-plan Error when that file is missing or changed.
 */
export async function manifestOfPlan(ws: Workspace, plan: PlanDocument): Promise<LoadedManifest> {
  let source = plan.manifest.source;
  if (plan.manifest.redacted) {
    let text: string | undefined;
    try {
      text = await readFile(ws.resolve(plan.manifest.path), 'utf8');
    } catch {
      text = undefined;
    }
    if (text === undefined || sha256(text) !== plan.manifest.sha256) {
      throw new Error(
        `stale plan: the plan keeps ${plan.manifest.path} with its sensitive values left out, and the file itself is ${text === undefined ? 'missing' : 'changed since the plan was made'}; run 'cloudctl plan' again`,
      );
    }
    source = text;
  }
  // The plan's values win (it is applied as it was made); sensitive ones, which it does not keep, come from this run.
  const loaded = loadManifestFromSource(source, plan.manifest.path, {
    env: ws.io.env,
    cwd: ws.io.cwd,
    workspace: ws.name,
    variableInputs: { ...ws.variables, saved: plan.variables },
  });
  const planned = JSON.stringify(plan.manifest.modules ?? []);
  if (JSON.stringify(loaded.moduleFiles) !== planned) {
    throw new Error(
      `stale plan: the module files of ${plan.manifest.path} changed since the plan was made (${changedModules(plan.manifest.modules ?? [], loaded.moduleFiles).join(', ')}); run 'cloudctl plan' again`,
    );
  }
  for (const [file, hash] of Object.entries(plan.manifest.files ?? {})) {
    if (loaded.files?.[file] !== hash)
      throw new Error(
        `stale plan: ${file}, which the manifest reads with file(), changed since the plan was made; run 'cloudctl plan' again`,
      );
  }
  return loaded;
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
export function refuseUndeclaredImports(loaded: LoadedManifest, options: RunOptions): void {
  if (options.destroy || options.refreshOnly) return;
  const diagnostics = undeclaredImports(loaded.manifest, defaultCatalogue, options.generateConfigOut);
  if (diagnostics.length > 0) throw new DiagnosticError(diagnostics);
}

export { load } from './load.js';

/**
 * Applies `plan` in `session`, printing progress, then saves the outputs.
 * Resolves with the summary; the caller decides the exit code.
 */
export async function applyPlan(
  session: Session,
  plan: PlanDocument,
  loaded: LoadedManifest,
  ws: Workspace,
  options: { parallelism: number; signal?: AbortSignal; refresh?: RefreshResult },
): Promise<ApplySummary> {
  // The state records what refresh found before anything changes, so every
  // in-place operation compares against the observed value: the refresh the
  // plan was made against, or (a saved plan) a fresh read of what it updates.
  // Moves and imports first: the changes (and the refresh) are about the addresses they give.
  const movedAndImported = await applyMovesAndImports(plan, session.state.store, defaultCatalogue, () => session.connection.context());
  const updates = new Set(plan.changes.filter((change) => change.action === 'update').map((change) => change.address));
  const observed = options.refresh ?? (updates.size > 0 ? await refreshed(session, true, options.parallelism, updates) : undefined);
  if (observed) await recordRefresh(session.state.store, observed);
  const scope = new Scope(loaded, defaultCatalogue);
  for (const [address, resource] of Object.entries(session.state.store.document.resources)) scope.setResourceState(address, resource);
  for (const [address, results] of Object.entries(plan.data_sources ?? {})) scope.setData(address, results);
  await rereadSensitiveDataSources(plan, loaded.manifest, scope, () => session.connection.context());
  if (plan.budget?.allowed) await journalOverride(session.state.backend.journal, plan.budget.problems);
  // Every write of a resource records its marks (sensitivity that follows values, values lost at create).
  await markResources(session.state.store, resourceMarker(scope));
  const everySeconds = ws.io.env.CLOUDCTL_PROGRESS_SECONDS ? Number(ws.io.env.CLOUDCTL_PROGRESS_SECONDS) : 10;
  const summary = await applyChanges({
    changes: plan.changes,
    manifest: loaded.manifest,
    catalogue: defaultCatalogue,
    scope,
    store: session.state.store,
    journal: maskingJournal(session.state.backend.journal, (address) => scope.sensitiveInputs(address)),
    api: session.connection.api,
    parallelism: options.parallelism,
    pollIntervalSeconds: session.connection.pollIntervalSeconds,
    reporter: lineReporter((line) => ws.io.stdout.write(`${line}\n`), ws.style, everySeconds),
    signal: options.signal,
    graceSeconds: ws.io.env.CLOUDCTL_RECONCILE_GRACE ? parseDuration(ws.io.env.CLOUDCTL_RECONCILE_GRACE) : undefined,
  });
  summary.done.unshift(...movedAndImported);
  if (plan.mode === 'destroy') {
    if (Object.keys(session.state.store.document.resources).length === 0) await session.state.store.setOutputs({});
  } else if (summary.failed.length === 0 && summary.skipped.length === 0) {
    // A targeted plan updates the outputs it can evaluate and keeps the others.
    const targeted = (plan.targets ?? []).length > 0;
    const outputs = scope.outputs(loaded.manifest, { onlyResolved: targeted });
    const known: Record<string, { value: import('../core/types.js').Value; sensitive: boolean }> = targeted
      ? { ...session.state.store.document.outputs }
      : {};
    for (const [name, output] of Object.entries(outputs))
      known[name] = { value: output.value as import('../core/types.js').Value, sensitive: output.sensitive };
    await session.state.store.setOutputs(known);
  }
  await session.state.store.flush();
  if (summary.failed.length === 0 && summary.skipped.length === 0) compactJournal(session, ws);
  return summary;
}

/**
 * Starts dropping the journal's finished entries at the end of a successful
 * run (an apply with no failure, or with nothing to change); unfinished
 * intents are always kept. It runs alongside what follows, and the state's
 * close waits for it before releasing the lock (`OpenedState.beforeRelease`).
 * A failure to compact is only reported.
 */
export function compactJournal(session: Session, ws: Workspace): void {
  session.state.beforeRelease(
    session.state.backend.journal
      .compact()
      .catch((error: unknown) => notice(ws, `could not compact the journal: ${(error as Error).message}`)),
  );
}

/** Prints, after an apply of `manifest` (a path), what the state holds that the user must act on (values lost at create). */
export function printStateWarnings(ws: Workspace, session: Session, manifest?: string): void {
  const document = session.state.store.document;
  const warnings = renderWarnings([...lostValueWarnings(document, []), ...heldOrderWarnings(document)], ws.style, manifest);
  if (warnings) ws.io.stdout.write(`\n${warnings}\n`);
}

/**
 * Prints the apply summary and outputs like Terraform, then the state's
 * warnings (`manifest`: the path to show in their commands). Returns the
 * exit code (0 ok, 1 failures).
 */
export function printApplySummary(ws: Workspace, summary: ApplySummary, session: Session, destroyed: boolean, manifest?: string): number {
  const { style } = ws;
  const added = summary.done.filter((entry) => entry.action === 'create' || entry.action === 'replace').length;
  const changed = summary.done.filter((entry) => entry.action === 'update').length;
  const removed = summary.done.filter((entry) => entry.action === 'delete' || entry.action === 'destroy (replace)').length;
  const { imported, moved } = movedAndImportedCounts(summary);
  const out = (line = '') => ws.io.stdout.write(`${line}\n`);
  out();
  if (summary.failed.length > 0 || summary.skipped.length > 0) {
    out(
      style.red(
        style.bold(
          `Apply incomplete. Resources: ${imported}${added} added, ${changed} changed, ${removed} destroyed${moved}; ${summary.failed.length} failed, ${summary.skipped.length} skipped.`,
        ),
      ),
    );
    for (const entry of summary.failed) out(style.red(`  failed:  ${entry.address}: ${entry.error.message}`));
    for (const entry of summary.skipped)
      out(style.yellow(`  skipped: ${entry.address} (${entry.because === 'interrupted' ? 'interrupted' : `waits for ${entry.because}`})`));
    out('State holds everything that was done; run apply again to continue.');
    printStateWarnings(ws, session, manifest);
    return 1;
  }
  out(
    style.green(
      style.bold(
        destroyed
          ? `Destroy complete! Resources: ${removed} destroyed.`
          : `Apply complete! Resources: ${imported}${added} added, ${changed} changed, ${removed} destroyed${moved}.`,
      ),
    ),
  );
  const outputs = Object.entries(session.state.store.document.outputs);
  if (!destroyed && outputs.length > 0) {
    out();
    out(style.bold('Outputs:'));
    out();
    for (const [name, output] of outputs) out(`${name} = ${renderValue(output.value, output.sensitive)}`);
  }
  printStateWarnings(ws, session, manifest);
  return 0;
}

/** The apply summary's parts for moves and imports (`1 imported, `, `, 1 moved`); empty when there were none. */
function movedAndImportedCounts(summary: ApplySummary): { imported: string; moved: string } {
  const imported = summary.done.filter((entry) => entry.action === 'import').length;
  const moved = summary.done.filter((entry) => entry.action === 'move').length;
  return { imported: imported > 0 ? `${imported} imported, ` : '', moved: moved > 0 ? `, ${moved} moved` : '' };
}
