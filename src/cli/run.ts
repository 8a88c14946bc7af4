/**
 * The pipeline the commands share: load the manifest, lock and open the
 * state, connect, refresh, plan, apply, and save outputs. Each step is a
 * function so `plan`, `apply`, `destroy` and `refresh` compose them.
 */
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { applyChanges, type ApplySummary } from '../engine/apply.js';
import { loadManifest, loadManifestFromSource, type LoadedManifest } from '../engine/manifest/index.js';
import { createPlan } from '../engine/plan.js';
import { refreshState, type RefreshResult } from '../engine/refresh.js';
import { Scope } from '../engine/scope.js';
import type { PlanDocument, StateDocument } from '../engine/types.js';
import { openLocalState, type LocalState } from '../state/index.js';
import { lineReporter } from './views/progress.js';
import { renderValue } from './views/values.js';
import { connect, type Connection, type Workspace } from './workspace.js';

/** Options shared by plan, apply and destroy. */
export interface RunOptions {
  refresh: boolean;
  replace: string[];
  parallelism: number;
  lockTimeoutSeconds: number;
  destroy: boolean;
}

/** An open session: state locked, API connected. Close it in `finally`. */
export interface Session {
  state: LocalState;
  connection: Connection;
  close(): Promise<void>;
}

/** Locks and opens the state, then connects. Errors: StateLockedError, StateCorruptError. */
export async function openSession(ws: Workspace, command: string, loaded: LoadedManifest | undefined, lockTimeoutSeconds: number, lineage?: string): Promise<Session> {
  const state = await openLocalState(ws.statePath, { lock: { command, timeoutSeconds: lockTimeoutSeconds }, lineage });
  let connection: Connection;
  try {
    connection = await connect(ws, loaded?.manifest.provider ?? {});
  } catch (error) {
    await state.close();
    throw error;
  }
  return {
    state,
    connection,
    async close() {
      try {
        await connection.close();
      } finally {
        await state.close();
      }
    },
  };
}

/** Refreshes every resource in state (or returns state as is when `refresh` is off). */
export async function refreshed(session: Session, refresh: boolean, parallelism: number): Promise<RefreshResult> {
  const document = session.state.store.document;
  if (!refresh) return { resources: document.resources, drift: [], gone: [] };
  return refreshState(document, () => session.connection.context(), parallelism);
}

/** Plans against refreshed state. Errors: DiagnosticError with every plan error. */
export async function makePlan(session: Session, loaded: LoadedManifest, options: RunOptions): Promise<{ plan: PlanDocument; refresh: RefreshResult }> {
  const refresh = await refreshed(session, options.refresh, options.parallelism);
  const document = session.state.store.document;
  const state: StateDocument = { ...document, resources: refresh.resources };
  const { plan } = await createPlan({
    loaded,
    state,
    mode: options.destroy ? 'destroy' : 'apply',
    replace: options.replace,
    contextFor: () => session.connection.context(),
  });
  return { plan, refresh };
}

/** Writes a plan file (mode 0600: it may hold data source secrets). */
export async function savePlan(path: string, plan: PlanDocument): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  await writeFile(path, `${JSON.stringify(plan, null, 2)}\n`, { mode: 0o600 });
  await chmod(path, 0o600);
}

/** Reads a plan file. Errors: a clear Error when it is missing or not a plan. */
export async function readPlan(path: string): Promise<PlanDocument> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
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

/** Re-parses the manifest stored in a plan, with non-sensitive variables as planned and sensitive ones from the environment. */
export async function manifestOfPlan(plan: PlanDocument): Promise<LoadedManifest> {
  const loaded = await loadManifestFromSource(plan.manifest.source, plan.manifest.path, { env: process.env });
  return { ...loaded, variables: { ...loaded.variables, ...plan.variables } };
}

/** Loads a manifest file (DiagnosticError on bad input). */
export function load(path: string): Promise<LoadedManifest> {
  return loadManifest(path, { env: process.env });
}

/**
 * Applies `plan` in `session`, printing progress, then saves the outputs.
 * Resolves with the summary; the caller decides the exit code.
 */
export async function applyPlan(session: Session, plan: PlanDocument, loaded: LoadedManifest, ws: Workspace, options: { parallelism: number; signal?: AbortSignal }): Promise<ApplySummary> {
  const scope = new Scope(loaded);
  for (const [address, resource] of Object.entries(session.state.store.document.resources)) scope.setResource(address, resource.attributes);
  for (const [address, results] of Object.entries(plan.data_sources ?? {})) scope.setData(address, results);
  const everySeconds = process.env.CLOUDCTL_PROGRESS_SECONDS ? Number(process.env.CLOUDCTL_PROGRESS_SECONDS) : 10;
  const summary = await applyChanges({
    changes: plan.changes,
    manifest: loaded.manifest,
    scope,
    store: session.state.store,
    journal: session.state.backend.journal,
    api: session.connection.api,
    parallelism: options.parallelism,
    pollIntervalSeconds: session.connection.pollIntervalSeconds,
    reporter: lineReporter((line) => process.stdout.write(`${line}\n`), ws.style, everySeconds),
    signal: options.signal,
  });
  if (plan.mode === 'destroy') {
    if (Object.keys(session.state.store.document.resources).length === 0) await session.state.store.setOutputs({});
  } else if (summary.failed.length === 0 && summary.skipped.length === 0) {
    const outputs = scope.outputs(loaded.manifest);
    const known: Record<string, { value: import('../engine/types.js').Value; sensitive: boolean }> = {};
    for (const [name, output] of Object.entries(outputs)) known[name] = { value: output.value as import('../engine/types.js').Value, sensitive: output.sensitive };
    await session.state.store.setOutputs(known);
  }
  await session.state.store.flush();
  return summary;
}

/** Prints the apply summary and outputs like Terraform. Returns the exit code (0 ok, 1 failures). */
export function printApplySummary(ws: Workspace, summary: ApplySummary, session: Session, destroyed: boolean): number {
  const { style } = ws;
  const added = summary.done.filter((entry) => entry.action === 'create' || entry.action === 'replace').length;
  const changed = summary.done.filter((entry) => entry.action === 'update').length;
  const removed = summary.done.filter((entry) => entry.action === 'delete' || entry.action === 'destroy (replace)').length;
  const out = (line = '') => process.stdout.write(`${line}\n`);
  out();
  if (summary.failed.length > 0 || summary.skipped.length > 0) {
    out(style.red(style.bold(`Apply incomplete. Resources: ${added} added, ${changed} changed, ${removed} destroyed; ${summary.failed.length} failed, ${summary.skipped.length} skipped.`)));
    for (const entry of summary.failed) out(style.red(`  failed:  ${entry.address}: ${entry.error.message}`));
    for (const entry of summary.skipped) out(style.yellow(`  skipped: ${entry.address} (${entry.because === 'interrupted' ? 'interrupted' : `waits for ${entry.because}`})`));
    out('State holds everything that was done; run apply again to continue.');
    return 1;
  }
  out(style.green(style.bold(destroyed ? `Destroy complete! Resources: ${removed} destroyed.` : `Apply complete! Resources: ${added} added, ${changed} changed, ${removed} destroyed.`)));
  const outputs = Object.entries(session.state.store.document.outputs);
  if (!destroyed && outputs.length > 0) {
    out();
    out(style.bold('Outputs:'));
    out();
    for (const [name, output] of outputs) out(`${name} = ${renderValue(output.value, output.sensitive)}`);
  }
  return 0;
}
