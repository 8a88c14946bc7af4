/**
 * The engine composed the way its front door composes it (src/engine/session.ts:
 * openSession, makePlan, executePlan), minus the events: the benchmarks
 * call the same engine, state and API modules, with an API client whose
 * `onRequest` hook they can watch and a reporter that only counts.
 * Kept in step with session.ts by hand; what differs is said where it differs.
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createApiClient, type RequestEvent } from '../../src/api/client.js';
import type { ApiClient } from '../../src/api/types.js';
import { applyChanges, type ApplyReporter, type ApplySummary } from '../../src/engine/apply/index.js';
import { defaultCatalogue, type LoadedManifest } from '../../src/manifest/index.js';
import { createPlan, rereadSensitiveDataSources } from '../../src/engine/planning/index.js';
import type { RefreshResult } from '../../src/engine/refresh.js';
import { Scope } from '../../src/engine/scope.js';
import type { Value } from '../../src/core/types.js';
import type { OutputState, StateDocument } from '../../src/state/document.js';
import type { PlanDocument } from '../../src/plan/document.js';
import type { OperationContext } from '../../src/resources/attribute.js';
import { openLocalState, type Journal, type LocalState, type StateStore } from '../../src/state/index.js';
import { addressesOf, generateManifest, layout } from './generate.js';
import { loadManifestFromSource } from '../../src/manifest/index.js';
import type { ResourceState } from '../../src/state/document.js';
import { LocalStore } from '../../src/state/local/store.js';

/**
 * Writes `document` to `statePath` exactly as cloudctl's local backend
 * writes a state snapshot (LocalStore.write: the compact layout of one
 * resource a line, `format_version` 2 when compacted, the `crc32` member
 * last, written atomically with mode 0600), so a fixture is read by the
 * same path as a user's state (src/state/local/snapshot-read.ts), not by
 * the whole-document fallback kept for files of older cloudctl.
 * @throws StateError when the document is not a valid state.
 */
export async function writeStateAsCloudctlDoes(statePath: string, document: StateDocument): Promise<void> {
  const store = new LocalStore({ statePath, displayPath: statePath, onWarning: () => {}, checkLock: async () => {} });
  await store.write(document);
}

/** The state file of a workspace folder, as the CLI lays it out (`<folder>/.cloudctl/state.json`). */
export function statePathOf(folder: string): string {
  return join(folder, '.cloudctl', 'state.json');
}

/**
 * Opens (and locks, as every writing command does) the state of a workspace
 * folder, unencrypted whatever the environment says.
 */
export function openState(folder: string, command = 'bench'): Promise<LocalState> {
  return openLocalState(statePathOf(folder), { lock: { command }, passphrase: '' });
}

/**
 * An API client on `url` reporting every attempt to `onRequest` (the CLI's
 * client has no hook set), with a connection pool of `parallelism`
 * connections as the CLI sizes it from `--parallelism` (default: the
 * client's own default of 32).
 */
export function apiClient(url: string, onRequest?: (event: RequestEvent) => void, parallelism?: number): ApiClient {
  return createApiClient({ baseUrl: url, ...(onRequest ? { onRequest } : {}), ...(parallelism !== undefined ? { parallelism } : {}) });
}

/** An operation context like `Connection.context` (workspace.ts): `seconds` to finish, polls every `pollIntervalSeconds`. */
export function contextOf(api: ApiClient, pollIntervalSeconds: number, seconds = 300): OperationContext {
  return { api, pollIntervalSeconds, deadline: Date.now() + seconds * 1000 };
}

/** An {@link ApplyReporter} that prints nothing and counts events (`progress` is called once per poll for `Active`). */
export class CountingReporter implements ApplyReporter {
  /** Operations started. */
  starts = 0;
  /** Polls while waiting for `Active` (GETs of the resource between its order and `Active`). */
  polls = 0;
  /** Operations finished. */
  finishes = 0;
  /** `address: message` of each failure. */
  readonly failures: string[] = [];
  /** When each address's operation started, was seen `Active` (its last poll) and finished, in ms of `performance.now()`. */
  readonly timeline = new Map<string, { started: number; active?: number; finished?: number }>();

  /** `onStarted`: called synchronously when an operation starts (instrument/PhaseTracer.enter). */
  constructor(private readonly onStarted?: (address: string) => void) {}

  started(address: string): void {
    this.starts++;
    this.timeline.set(address, { started: performance.now() });
    this.onStarted?.(address);
  }
  progress(address: string, _action: string, _elapsedSeconds: number, status: string): void {
    this.polls++;
    const entry = this.timeline.get(address);
    if (entry && status.toLowerCase() === 'active') entry.active = performance.now();
  }
  finished(address: string): void {
    this.finishes++;
    const entry = this.timeline.get(address);
    if (entry) entry.finished = performance.now();
  }
  failed(address: string, _action: string, error: Error): void {
    this.failures.push(`${address}: ${error.message}`);
  }
  skipped(): void {}
}

/**
 * Plans `loaded` against `state` without refresh (`plan --refresh=false`,
 * or the plan `apply MANIFEST` makes on a state it then applies).
 * Errors: DiagnosticError (plan errors).
 */
export async function planOnly(
  loaded: LoadedManifest,
  state: StateDocument,
  api: ApiClient,
  pollIntervalSeconds: number,
  refresh?: RefreshResult,
) {
  return createPlan({
    loaded,
    catalogue: defaultCatalogue,
    state,
    mode: 'apply',
    replace: [],
    targets: [],
    ...(refresh ? { refresh } : {}),
    contextFor: () => contextOf(api, pollIntervalSeconds),
  });
}

/** What {@link applyPlan} did. */
export interface AppliedPlan {
  summary: ApplySummary;
  reporter: CountingReporter;
}

/**
 * Applies `plan` like session.ts `executePlan` (a plan made in this run, nothing
 * to re-read first): a new scope from state and the plan's data sources,
 * sensitive data sources read again, `applyChanges`, outputs saved, state
 * flushed, journal compacted, state snapshot rewritten (`checkpoint`, which
 * the CLI does when it closes the state). Progress is counted, not printed.
 * `options.journal` replaces the backend's journal (a timing wrapper);
 * `options.signal` stops starting new operations once aborted (a time cap);
 * `options.onStarted` is called as each operation starts.
 */
export async function applyPlan(
  state: LocalState,
  plan: PlanDocument,
  loaded: LoadedManifest,
  api: ApiClient,
  options: {
    parallelism: number;
    pollIntervalSeconds: number;
    journal?: Journal;
    signal?: AbortSignal;
    onStarted?: (address: string) => void;
  },
): Promise<AppliedPlan> {
  const { store } = state;
  const scope = new Scope(loaded, defaultCatalogue);
  for (const [address, resource] of Object.entries(store.document.resources)) scope.setResource(address, resource.attributes);
  for (const [address, results] of Object.entries(plan.data_sources ?? {})) scope.setData(address, results);
  await rereadSensitiveDataSources(plan, loaded.manifest, scope, () => contextOf(api, options.pollIntervalSeconds));
  const reporter = new CountingReporter(options.onStarted);
  const summary = await applyChanges({
    changes: plan.changes,
    manifest: loaded.manifest,
    catalogue: defaultCatalogue,
    scope,
    store,
    journal: options.journal ?? state.backend.journal,
    api,
    parallelism: options.parallelism,
    pollIntervalSeconds: options.pollIntervalSeconds,
    reporter,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (summary.failed.length === 0 && summary.skipped.length === 0) {
    const outputs: Record<string, OutputState> = {};
    for (const [name, output] of Object.entries(scope.outputs(loaded.manifest)))
      outputs[name] = { value: output.value as Value, sensitive: output.sensitive };
    await store.setOutputs(outputs);
  }
  await store.flush();
  // What the end of a CLI run does: the journal's compaction alongside the
  // snapshot's rewrite (compacting the change log) that closing the state makes when due (`settle`).
  const compacted = summary.failed.length === 0 && summary.skipped.length === 0 ? state.backend.journal.compact() : undefined;
  await Promise.all([compacted, store.settle()]);
  return { summary, reporter };
}

/** Throws when an apply did not do everything (a benchmark figure from a broken run would mislead). */
export function assertComplete(applied: AppliedPlan, what: string): void {
  const { summary, reporter } = applied;
  if (summary.failed.length > 0 || summary.skipped.length > 0) {
    throw new Error(
      `${what}: ${summary.failed.length} failed, ${summary.skipped.length} skipped; first failures: ${reporter.failures.slice(0, 3).join(' | ')}`,
    );
  }
}

/**
 * Changes of a state of `size` resources as an apply makes them, one per
 * call: VM `i` (round robin) with a new `uptime`, as a read after an order
 * brings. Resolves when the store has the change (see `StateStore.setResource`).
 */
export function vmChanges(store: StateStore, size: number): () => Promise<void> {
  const { groups } = layout(size);
  let counter = 0;
  return () => {
    counter++;
    const address = addressesOf(((counter - 1) % groups) + 1).vm;
    const prior = store.resource(address)!;
    return store.setResource(address, { ...prior, attributes: { ...prior.attributes, uptime: counter } });
  };
}

/**
 * Applies one keypair/VM/disk group for real (`generateManifest(3)`, written
 * as `template.yaml` into `workspace`) against the simulator `api` talks to,
 * in `workspace`'s own state, and returns what state recorded for each of the
 * three (`template`: the model of every cloned resource) and a copy of the
 * state document after the apply (`base`). Throws when the apply is incomplete.
 */
export async function applyTemplateGroup(
  api: ApiClient,
  workspace: { folder: string; write(name: string, text: string): Promise<string> },
): Promise<{ template: { keypair: ResourceState; vm: ResourceState; disk: ResourceState }; base: StateDocument }> {
  const source = generateManifest(3);
  const loaded = loadManifestFromSource(source, await workspace.write('template.yaml', source), { env: {} });
  const state = await openState(workspace.folder);
  try {
    const { plan } = await planOnly(loaded, state.store.document, api, 0.01);
    assertComplete(await applyPlan(state, plan, loaded, api, { parallelism: 10, pollIntervalSeconds: 0.01 }), 'template apply');
    const first = addressesOf(1);
    const template = {
      keypair: state.store.resource(first.keypair)!,
      vm: state.store.resource(first.vm)!,
      disk: state.store.resource(first.disk)!,
    };
    return { template, base: structuredClone(state.store.document) };
  } finally {
    await state.close();
  }
}
