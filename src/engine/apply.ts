/**
 * The executor: applies a plan's changes in dependency order with bounded
 * parallelism. Money safety lives here: every order is journaled before the
 * call, the new id is written to state the moment the API returns it (before
 * waiting for `Active`), and a fired trigger is written to state at once so a
 * crash never fires it twice.
 */
import { isDeepStrictEqual } from 'node:util';
import type { ApiClient } from '../api/types.js';
import { lookupResourceType, lookupDataSourceType } from '../resources/index.js';
import type { OperationContext, ResourceType } from '../resources/attribute.js';
import type { Journal } from '../state/journal.js';
import type { StateStore } from '../state/store.js';
import { mergeAttributes } from './attributes.js';
import { desiredValue, describeValue, neverRead, sameValue } from './diff.js';
import { parseDuration } from '../core/duration.js';
import { maskInputs } from '../core/mask.js';
import { existingIds, findCreated } from './reconcile.js';
import type { Scope } from './scope.js';
import {
  containsUnknown, isUnknown,
  type Attributes, type BlockDeclaration, type Change, type Manifest, type ResourceState, type Value,
} from '../core/types.js';
import { walk, type Job, type JobOutcome } from './walk.js';

/** Receives progress events; the CLI renders them. */
export interface ApplyReporter {
  started(address: string, action: string): void;
  /** While waiting for `Active` (called on every poll). */
  progress(address: string, action: string, elapsedSeconds: number, status: string): void;
  finished(address: string, action: string, elapsedSeconds: number, id?: string): void;
  failed(address: string, action: string, error: Error): void;
  skipped(address: string, because: string): void;
}

/** What apply needs. */
export interface ApplyOptions {
  changes: Change[];
  manifest: Manifest;
  scope: Scope;
  store: StateStore;
  journal: Journal;
  api: ApiClient;
  /** Maximum operations in flight. */
  parallelism: number;
  pollIntervalSeconds: number;
  reporter: ApplyReporter;
  /**
   * Aborted on the first Ctrl-C: nothing new starts; operations in flight
   * (orders, waits for `Active`) finish and are recorded. It is not passed to
   * the operations: an order cut off mid-call would have an unknown outcome.
   */
  signal?: AbortSignal;
  /** Aborts the operations in flight themselves (none by default; the CLI exits on a second Ctrl-C instead). */
  operationSignal?: AbortSignal;
}

/** How the run ended, per address. */
export interface ApplySummary {
  done: Array<{ address: string; action: string }>;
  failed: Array<{ address: string; action: string; error: Error }>;
  skipped: Array<{ address: string; because: string }>;
}

/** The ids of a type listed before this run's first create of it, as journaled. */
interface Listing {
  /** The journal's `listing_id`, referenced by create intents. */
  listingId: string;
  ids: string[];
  /** Resolves once the listing is on disk. */
  written: Promise<void>;
}

/** `api` with its `get` replaced by `get` (the other calls go to `api`). */
function withGet(api: ApiClient, get: ApiClient['get']): ApiClient {
  return {
    get,
    post: (path, body, requestOptions) => api.post(path, body, requestOptions),
    put: (path, body, requestOptions) => api.put(path, body, requestOptions),
    delete: (path, requestOptions) => api.delete(path, requestOptions),
    close: () => api.close(),
  };
}

/** Sensitive inputs masked, for the journal. */
function maskedInputs(type: ResourceType, inputs: Attributes): Attributes {
  return maskInputs(inputs, (name) => Boolean(type.attributes[name]?.sensitive));
}

/**
 * True when a failed create or paid call may still have taken effect: the
 * client said so (`OrderOutcomeUnknownError`: sent, then no usable answer),
 * or the server answered 5xx (a server error says nothing about what it did
 * before failing). Such a call is reconciled by listing, never repeated.
 */
export function outcomeUnknown(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'OrderOutcomeUnknownError') return true;
  const status = (error as { status?: unknown }).status;
  return error.name === 'ApiError' && typeof status === 'number' && status >= 500;
}

/** The seconds a resource's operation may take: its `timeouts` block, else the type's default, else 20 minutes. */
export function operationSeconds(type: ResourceType, inputs: Attributes, operation: 'create' | 'update' | 'delete'): number {
  const block = inputs.timeouts;
  if (block && typeof block === 'object' && !Array.isArray(block)) {
    const written = (block as Record<string, Value>)[operation];
    if (typeof written === 'string' || typeof written === 'number') return parseDuration(written);
  }
  return type.timeouts[operation] ?? 1200;
}

/**
 * Applies `changes`. Resolves with a summary (never rejects for one
 * resource's failure: dependents are skipped and independent branches go
 * on). Endpoints: whatever the resource modules call.
 */
export async function applyChanges(options: ApplyOptions): Promise<ApplySummary> {
  const { changes, manifest, scope, store, journal, api, reporter } = options;
  const summary: ApplySummary = { done: [], failed: [], skipped: [] };
  /** State writes nothing waits for until the end of the run (see `create`). */
  const backgroundWrites: Array<Promise<unknown>> = [];
  const jobs: Job[] = [];
  const actionOf = new Map<string, string>();
  const inPhaseTwo = new Set(changes.filter((change) => change.action !== 'delete').map((change) => change.address));
  const deleting = new Set(changes.filter((change) => change.action === 'delete' || change.action === 'replace').map((change) => change.address));

  const context = (address: string, seconds: number, action: string, client: ApiClient = api): OperationContext => {
    const started = Date.now();
    return {
      api: client,
      pollIntervalSeconds: options.pollIntervalSeconds,
      deadline: started + seconds * 1000,
      onProgress: (elapsed, status) => reporter.progress(address, action, elapsed, status),
      signal: options.operationSignal,
    };
  };

  // What already exists is listed once per type and run, before the first
  // create of that type, and recorded once in the journal: a later
  // reconciliation never mistakes an older lookalike for one of this run's
  // orders (what this run created since is in state, which reconciliation
  // also excludes). Listing before every create would be O(N²) at scale.
  const listings = new Map<string, Promise<Listing | undefined>>();
  const listingOf = (type: ResourceType, address: string): Promise<Listing | undefined> => {
    let listing = listings.get(type.type);
    if (listing === undefined) {
      const started = existingIds(type, context(address, 300, 'creating')).then((ids) => {
        if (ids === undefined) return undefined;
        const { listingId, written } = journal.recordListing(type.type, ids);
        // A failed journal write fails the creates waiting on it; the next create of the type lists again.
        written.catch(() => listings.delete(type.type));
        return { listingId, ids, written };
      });
      listings.set(type.type, started);
      started.catch(() => listings.delete(type.type));
      listing = started;
    }
    return listing;
  };
  // Listed up front, all types at once, so no level of the graph waits for it later.
  for (const change of changes) {
    if (change.mode === 'data' || (change.action !== 'create' && change.action !== 'replace') || store.resource(change.address)?.pending_create) continue;
    const type = lookupResourceType(change.type);
    if (type && !listings.has(type.type)) void listingOf(type, change.address).catch(() => undefined);
  }

  const blockOf = (change: Change): BlockDeclaration | undefined =>
    change.mode === 'data' ? manifest.data[change.address.replace(/^data\./, '')] : manifest.resources[change.address];

  /** Final inputs of a resource: every reference resolved now, defaults applied. */
  const finalInputs = (type: ResourceType, block: BlockDeclaration): Attributes => {
    const { inputs, diagnostics } = scope.inputsOf(block);
    if (diagnostics.length > 0) throw new Error(diagnostics.map((diagnostic) => diagnostic.message).join('; '));
    const result: Attributes = {};
    for (const [name, attribute] of Object.entries(type.attributes)) {
      if (attribute.mode === 'computed') continue;
      const value = desiredValue(attribute, inputs[name]);
      if (value === undefined) continue;
      if (containsUnknown(value)) throw new Error(`${block.address}.${name} is still unknown at apply time`);
      result[name] = value as Value;
    }
    const problems = scope.checkInputs(type, block, result);
    if (problems.length > 0) throw new Error(problems.map((diagnostic) => diagnostic.message).join('; '));
    return result;
  };

  /** Resources a change depends on (references and depends_on), recorded in state to order later deletes. */
  const changeAt = new Map(changes.map((change) => [change.address, change]));
  const dependenciesOf = (address: string): string[] =>
    changeAt.get(address)?.dependsOn.filter((dependency) => !dependency.startsWith('data.')) ?? [];

  // Who depends on whom in state, indexed once: address -> addresses whose state lists it.
  const dependentsInState = new Map<string, string[]>();
  if (deleting.size > 0) {
    for (const [other, state] of Object.entries(store.document.resources)) {
      for (const dependency of state.dependencies) {
        if (dependency === other || !deleting.has(dependency)) continue;
        const list = dependentsInState.get(dependency);
        if (list) list.push(other);
        else dependentsInState.set(dependency, [other]);
      }
    }
  }

  // Phase of deletes (orphans and the first half of replaces), dependents first.
  for (const change of changes) {
    if (change.action !== 'delete' && change.action !== 'replace') continue;
    const prior = store.resource(change.address);
    if (!prior) continue;
    const waitFor: string[] = [];
    for (const other of new Set(dependentsInState.get(change.address) ?? [])) {
      if (deleting.has(other)) waitFor.push(`delete:${other}`);
      if (change.action === 'delete' && inPhaseTwo.has(other)) waitFor.push(`apply:${other}`);
    }
    actionOf.set(`delete:${change.address}`, change.action === 'replace' ? 'replace' : 'delete');
    jobs.push({
      id: `delete:${change.address}`,
      dependsOn: waitFor,
      run: async () => {
        const type = requireType(prior.type);
        reporter.started(change.address, 'destroying');
        const started = Date.now();
        await type.delete(context(change.address, operationSeconds(type, prior.attributes, 'delete'), 'destroying'), prior.id, prior.attributes);
        await store.removeResource(change.address);
        scope.forget(change.address);
        reporter.finished(change.address, 'destroying', (Date.now() - started) / 1000, prior.id);
      },
    });
  }

  // Phase of reads, creates and updates, dependencies first.
  for (const change of changes) {
    if (change.action === 'delete') continue;
    const block = blockOf(change);
    if (!block) throw new Error(`the plan names ${change.address}, which the manifest does not declare`);
    const dependsOn = change.dependsOn.map((address) => `apply:${address}`);
    if (change.action === 'replace') dependsOn.push(`delete:${change.address}`);
    actionOf.set(`apply:${change.address}`, change.action);
    jobs.push({
      id: `apply:${change.address}`,
      dependsOn,
      run: async () => {
        if (change.mode === 'data') return readData(change, block);
        const type = requireType(change.type);
        if (change.action === 'noop') return keep(change, type, block);
        if (change.action === 'create' || change.action === 'replace') return create(change, type, block);
        if (change.action === 'update') return update(change, type, block);
      },
    });
  }

  const requireType = (name: string): ResourceType => {
    const type = lookupResourceType(name);
    if (!type) throw new Error(`unknown resource type "${name}"`);
    return type;
  };

  async function readData(change: Change, block: BlockDeclaration): Promise<void> {
    if (change.action !== 'read') return; // read at plan time; its results are in scope already
    const type = lookupDataSourceType(change.type);
    if (!type) throw new Error(`unknown data source type "${change.type}"`);
    const { inputs, diagnostics } = scope.inputsOf(block);
    if (diagnostics.length > 0) throw new Error(diagnostics.map((diagnostic) => diagnostic.message).join('; '));
    const args: Attributes = {};
    for (const [name, input] of Object.entries(inputs)) {
      if (containsUnknown(input.value)) throw new Error(`${block.address}.${name} is still unknown at apply time`);
      args[name] = input.value as Value;
    }
    reporter.started(change.address, 'reading');
    const started = Date.now();
    const results = await type.read(context(change.address, 300, 'reading'), args);
    scope.setData(change.address, { ...args, ...results });
    reporter.finished(change.address, 'reading', (Date.now() - started) / 1000);
  }

  /** A resource with nothing to do: adopt manifest values the state lacks (after an import), publish its values. */
  async function keep(change: Change, type: ResourceType, block: BlockDeclaration): Promise<void> {
    const prior = store.resource(change.address);
    if (!prior) return;
    let attributes = prior.attributes;
    const { inputs } = scope.inputsOf(block);
    const adopted: Attributes = {};
    for (const [name, attribute] of Object.entries(type.attributes)) {
      if (!neverRead(attribute) || prior.attributes[name] !== undefined) continue;
      const value = desiredValue(attribute, inputs[name]);
      if (value !== undefined && !containsUnknown(value)) adopted[name] = value as Value;
    }
    const dependencies = dependenciesOf(change.address);
    if (Object.keys(adopted).length > 0 || !isDeepStrictEqual(prior.dependencies, dependencies)) {
      attributes = { ...prior.attributes, ...adopted };
      await store.setResource(change.address, { ...prior, attributes, dependencies });
    }
    scope.setResource(change.address, attributes);
  }

  async function create(change: Change, type: ResourceType, block: BlockDeclaration): Promise<void> {
    const inputs = finalInputs(type, block);
    const dependencies = dependenciesOf(change.address);
    const started = Date.now();
    const resumed = store.resource(change.address);
    let state: ResourceState;
    /** What a create that just succeeded returned (not set when resumed or adopted). */
    let created: Attributes | undefined;
    if (resumed?.pending_create) {
      state = resumed;
      reporter.started(change.address, 'resuming');
    } else {
      reporter.started(change.address, 'creating');
      const listing = await listingOf(type, change.address);
      const intent = {
        address: change.address, type: type.type, operation: 'create',
        inputs: maskedInputs(type, inputs), match: maskedInputs(type, inputs),
        dependencies, ...(listing ? { existing_listing: listing.listingId } : {}),
      };
      // The listing and the intent go to disk together (the listing first); the order waits for both.
      const [intentId] = await Promise.all([journal.recordIntent(intent), listing?.written]);
      let result;
      let outcome: 'ok' | 'adopted' = 'ok';
      try {
        result = await type.create(context(change.address, operationSeconds(type, inputs, 'create'), 'creating'), inputs);
      } catch (error) {
        if (!outcomeUnknown(error)) {
          await journal.recordResult(intentId, { outcome: 'failed', error: (error as Error).message });
          throw error;
        }
        // The order may have been placed: look for it now (never order again blindly).
        const found = await findCreated(type, context(change.address, 300, 'creating'), { match: intent.match, existing: listing?.ids }, store).catch(() => []);
        if (found.length !== 1) {
          await journal.recordResult(intentId, { outcome: 'unknown', error: (error as Error).message });
          throw new Error(`${(error as Error).message}; ${found.length === 0 ? 'no matching resource is listed yet' : `${found.length} matching resources are listed`}: the next run reconciles it before planning anything`, { cause: error });
        }
        result = found[0]!;
        outcome = 'adopted';
      }
      // Inputs the API never reports (write-only or local) that were not given
      // are recorded as known-unset (null), unlike after an import, where they
      // are unknown (absent) and the manifest's value is adopted.
      const unset: Attributes = {};
      for (const [name, attribute] of Object.entries(type.attributes)) {
        if (attribute.mode !== 'computed' && neverRead(attribute) && inputs[name] === undefined) unset[name] = null;
      }
      state = {
        type: type.type,
        id: result.id,
        // An adopted resource's listed values never override what was sent.
        attributes: outcome === 'adopted' ? { ...unset, ...result.attributes, ...inputs, id: result.id } : { ...unset, ...inputs, ...result.attributes, id: result.id },
        dependencies,
        ...(type.waitUntilReady ? { pending_create: true } : {}),
      };
      await store.setResource(change.address, state);
      await journal.recordResult(intentId, { outcome, id: result.id });
      if (outcome === 'ok') created = result.attributes;
    }
    scope.setResource(change.address, state.attributes);
    // The poll that saw `Active` already holds what the read would GET first:
    // the read gets that body instead of asking again (one GET less per create).
    const lastPoll = new Map<string, unknown>();
    if (type.waitUntilReady) {
      const polling = withGet(api, async (path, requestOptions) => {
        const body = await api.get(path, requestOptions);
        lastPoll.set(path, body);
        return body;
      });
      await type.waitUntilReady(context(change.address, operationSeconds(type, inputs, 'create'), 'creating', polling), state.id);
    }
    const reading = withGet(api, (path, requestOptions) => {
      if (!lastPoll.has(path)) return api.get(path, requestOptions);
      const body = lastPoll.get(path);
      lastPoll.clear();
      return Promise.resolve(body);
    });
    // A resource ready at once whose create answer holds every computed
    // attribute (a keypair: id, public key) is not read again: the read would
    // list its whole pool (a keypair has no GET by id), O(N²) over an apply.
    const complete = created !== undefined && !type.waitUntilReady &&
      Object.entries(type.attributes).every(([name, attribute]) => attribute.mode !== 'computed' || attribute.keepFromCreate || created![name] !== undefined);
    const read = complete ? created! : await type.read(context(change.address, 300, 'creating', reading), state.id, state.attributes);
    if (read === null) throw new Error(`${change.address}: ${type.type} ${state.id} disappeared right after it was created`);
    let attributes = mergeAttributes(type, state.attributes, read, inputs);
    // Dependents need not wait for this write: the id is durable since the
    // `pending_create` write, and a crash before this one only makes the next
    // run wait for `Active` and read again. A failed write is retried by the
    // flush at the end of the run, which reports it if it fails again.
    backgroundWrites.push(store.setResource(change.address, { type: type.type, id: state.id, attributes, dependencies }).catch(() => undefined));
    attributes = await converge(change, type, state.id, inputs, attributes, dependencies);
    scope.setResource(change.address, attributes);
    reporter.finished(change.address, 'creating', (Date.now() - started) / 1000, state.id);
  }

  /**
   * After an order, inputs the order does not carry (a VM's `disk_size`, its
   * `power_state`) may differ from what the new resource reads back: run
   * their in-place operations (update, grow, desired; never triggers, whose
   * value at create is the baseline), journaling paid ones, then read again.
   */
  async function converge(change: Change, type: ResourceType, id: string, inputs: Attributes, attributes: Attributes, dependencies: string[]): Promise<Attributes> {
    let current = attributes;
    let wait = false;
    for (const operationName of type.operationOrder) {
      for (const [name, attribute] of Object.entries(type.attributes)) {
        const policy = attribute.policy;
        if (!policy || (policy.kind !== 'update' && policy.kind !== 'grow' && policy.kind !== 'desired') || policy.operation !== operationName) continue;
        const value = inputs[name];
        const observed = current[name];
        if (value === undefined || value === null || observed === undefined || sameValue(observed, value)) continue;
        if (policy.kind === 'grow' && typeof observed === 'number' && typeof value === 'number' && value < observed) {
          throw new Error(`${change.address}.${name}: the new ${type.type} has ${describeValue(observed, attribute)}, more than the ${describeValue(value, attribute)} asked for; ${name} only grows`);
        }
        const handler = type.operations[operationName];
        if (!handler) continue;
        const paid = type.paidOperations.includes(operationName);
        const intentId = paid
          ? await journal.recordIntent({ address: change.address, type: type.type, operation: operationName, inputs: maskedInputs(type, { [name]: value }), match: { id } })
          : undefined;
        let result;
        try {
          result = await handler(context(change.address, operationSeconds(type, inputs, 'update'), 'creating'), id, { value, before: observed, inputs });
        } catch (error) {
          if (intentId) await journal.recordResult(intentId, { outcome: (error as Error).name === 'OrderOutcomeUnknownError' ? 'unknown' : 'failed', error: (error as Error).message });
          throw error;
        }
        current = { ...current, [name]: value };
        await store.setResource(change.address, { type: type.type, id, attributes: current, dependencies });
        if (intentId) await journal.recordResult(intentId, { outcome: 'ok', id });
        wait ||= result.wait;
      }
    }
    if (current === attributes) return attributes;
    if (wait && type.waitUntilReady) await type.waitUntilReady(context(change.address, operationSeconds(type, inputs, 'update'), 'creating'), id);
    const read = await type.read(context(change.address, 300, 'creating'), id, current);
    if (read === null) throw new Error(`${change.address}: ${type.type} ${id} disappeared right after it was created`);
    const merged = mergeAttributes(type, current, read, inputs);
    await store.setResource(change.address, { type: type.type, id, attributes: merged, dependencies });
    return merged;
  }

  async function update(change: Change, type: ResourceType, block: BlockDeclaration): Promise<void> {
    const prior = store.resource(change.address);
    if (!prior) throw new Error(`${change.address} is not in state any more`);
    const inputs = finalInputs(type, block);
    const dependencies = dependenciesOf(change.address);
    reporter.started(change.address, 'modifying');
    const started = Date.now();
    let attributes: Attributes = { ...prior.attributes };
    let wait = false;
    const awaitingActive: string[] = [];
    // Values that were unknown at plan time are checked again now.
    for (const [name, attribute] of Object.entries(type.attributes)) {
      const policy = attribute.policy;
      if (!policy || inputs[name] === undefined) continue;
      if ((policy.kind === 'reject' || policy.kind === 'replace') && prior.attributes[name] !== undefined && !sameValue(prior.attributes[name], inputs[name])) {
        const planned = change.attributes.find((entry) => entry.name === name);
        if (!planned || !isUnknown(planned.after)) continue;
        throw new Error(`${change.address}.${name} turned out to change (from ${describeValue(prior.attributes[name])} to ${describeValue(inputs[name])}), which ${type.type} cannot do in place; plan again`);
      }
    }
    for (const operation of change.operations) {
      const value = inputs[operation.attribute];
      const before = attributes[operation.attribute];
      if (value === undefined || sameValue(before, value)) continue;
      const attribute = type.attributes[operation.attribute];
      if (attribute.policy?.kind === 'grow' && typeof before === 'number' && typeof value === 'number' && value < before) {
        throw new Error(`${change.address}.${operation.attribute}: cannot shrink from ${describeValue(before, attribute)} to ${describeValue(value, attribute)}`);
      }
      const handler = type.operations[operation.name];
      if (!handler) throw new Error(`${type.type} has no operation "${operation.name}"`);
      const intentId = operation.paid
        ? await journal.recordIntent({
          address: change.address, type: type.type, operation: operation.name,
          inputs: maskedInputs(type, { [operation.attribute]: value }), match: { id: prior.id },
        })
        : undefined;
      let result;
      try {
        result = await handler(context(change.address, operationSeconds(type, inputs, 'update'), 'modifying'), prior.id, { value, before, inputs });
      } catch (error) {
        if (intentId) await journal.recordResult(intentId, { outcome: outcomeUnknown(error) ? 'unknown' : 'failed', error: (error as Error).message });
        throw error;
      }
      attributes = { ...attributes, [operation.attribute]: value };
      await store.setResource(change.address, { ...prior, attributes, dependencies });
      // A paid order that makes the resource busy stays unfinished in the
      // journal until the resource is `Active` again: while it is `Pending`
      // the API may still report the old value, and a run that crashed
      // meanwhile must not read that as "not ordered" and order it again.
      if (intentId && result.wait && type.waitUntilReady) awaitingActive.push(intentId);
      else if (intentId) await journal.recordResult(intentId, { outcome: 'ok', id: prior.id });
      wait ||= result.wait;
    }
    if (wait && type.waitUntilReady) {
      try {
        await type.waitUntilReady(context(change.address, operationSeconds(type, inputs, 'update'), 'modifying'), prior.id);
      } catch (error) {
        for (const intentId of awaitingActive) await journal.recordResult(intentId, { outcome: 'unknown', error: `placed; then waiting for Active failed: ${(error as Error).message}` });
        throw error;
      }
    }
    for (const intentId of awaitingActive) await journal.recordResult(intentId, { outcome: 'ok', id: prior.id });
    const read = await type.read(context(change.address, 300, 'modifying'), prior.id, attributes);
    if (read === null) throw new Error(`${change.address}: ${type.type} ${prior.id} disappeared during the update`);
    attributes = mergeAttributes(type, attributes, read, inputs);
    await store.setResource(change.address, { type: type.type, id: prior.id, attributes, dependencies });
    scope.setResource(change.address, attributes);
    reporter.finished(change.address, 'modifying', (Date.now() - started) / 1000, prior.id);
  }

  const outcomes: JobOutcome[] = await walk(jobs, options.parallelism, options.signal);
  for (const outcome of outcomes) {
    const address = outcome.id.replace(/^(delete|apply):/, '');
    const action = actionOf.get(outcome.id) ?? '';
    if (outcome.status === 'done') {
      if (action !== 'noop') summary.done.push({ address, action: outcome.id.startsWith('delete:') && action === 'replace' ? 'destroy (replace)' : action });
    } else if (outcome.status === 'failed') {
      summary.failed.push({ address, action, error: outcome.error });
      reporter.failed(address, action, outcome.error);
    } else {
      const because = outcome.because === 'interrupted' ? 'interrupted' : outcome.because.replace(/^(delete|apply):/, '');
      summary.skipped.push({ address, because });
      reporter.skipped(address, because);
    }
  }
  summary.done = summary.done.filter((entry) => entry.action !== 'noop');
  await Promise.all(backgroundWrites);
  await store.flush();
  return summary;
}
