/**
 * The one explicit context of an apply run ({@link ApplyContext}): what the
 * executor's parts (create, update, converge, read-data, delete, keep)
 * share, instead of closures over the locals of one long function. Also the
 * public option, reporter and summary types of `applyChanges`.
 */
import type { PaidCallHook } from './paid-call-points.js';
import type { ApiClient } from '../../api/types.js';
import { parseDuration } from '../../core/duration.js';
import { containsUnknown, type Attributes, type Value } from '../../core/types.js';
import { type BlockDeclaration, type Manifest } from '../../manifest/types.js';
import { type Change } from '../../plan/document.js';
import type { Catalogue } from '../../manifest/catalogue.js';
import type { DataSourceType, OperationContext, ResourceType } from '../../resources/attribute.js';
import type { Journal } from '../../state/journal.js';
import type { StateStore } from '../../state/store.js';
import { desiredValue } from '../diff.js';
import { DEFAULT_GRACE_SECONDS, existingIds } from '../reconcile/index.js';
import { accountKind } from '../../resources/accounts.js';
import { attributesInUse, needsDetail } from '../refresh.js';
import type { Scope } from '../scope.js';
import { ActiveWatcher } from './watch.js';

/** Receives progress events; the CLI renders them. */
export interface ApplyReporter {
  started(address: string, action: string): void;
  /** While waiting for `Active` (called on every poll). */
  progress(address: string, action: string, elapsedSeconds: number, status: string): void;
  finished(address: string, action: string, elapsedSeconds: number, id?: string): void;
  failed(address: string, action: string, error: Error): void;
  skipped(address: string, because: string): void;
  /**
   * A notice about one resource that is neither progress nor a failure (an
   * order of unknown outcome being settled in the run); optional.
   */
  notice?(address: string, message: string): void;
}

/** What apply needs. */
export interface ApplyOptions {
  changes: Change[];
  manifest: Manifest;
  /** The resource and data source types the changes name (the catalogue `scope` was made with). */
  catalogue: Catalogue;
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
  /**
   * Seconds an order of unknown outcome may still be in flight at the server
   * (the request timeout, default 30, as reconciliation's `graceSeconds`):
   * the run waits this long after sending it before a listing may prove it
   * was not placed (I4). 0 turns the wait off (tests).
   */
  graceSeconds?: number;
  /**
   * A free run (`cloudctl watch --repair free`): it may place no paid order,
   * send no delete and fire no trigger (an OS reinstall). Enforced where
   * those calls are made, whatever change asked for them: the paid-call
   * protocol (`journaledCall`), the delete (`checkOwnedDelete`) and the
   * in-place steps (`runInPlace`) refuse with `FreeRunRefusedError`. Default false.
   */
  freeOnly?: boolean;
  /**
   * Called synchronously each time a paid call's reply is received, before
   * anything of it is recorded (`EngineOptions.onPaidCallReturned`).
   */
  onPaidCallReturned?: () => void;
  /** Called at each point of every paid call (`EngineOptions.onPaidCallPoint`, paid-call.ts). */
  onPaidCallPoint?: PaidCallHook;
}

/** How the run ended, per address. */
export interface ApplySummary {
  done: Array<{ address: string; action: string }>;
  failed: Array<{ address: string; action: string; error: Error }>;
  skipped: Array<{ address: string; because: string }>;
}

/** The ids of a type listed before this run's first create of it, as journaled. */
export interface Listing {
  /** The journal's `listing_id`, referenced by create intents. */
  listingId: string;
  ids: string[];
  /** Resolves once the listing is on disk. */
  written: Promise<void>;
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
 * One apply run's shared context: the options (catalogue, store, journal,
 * scope, reporter, API), the per-type listings taken before the first
 * create of each type, and the state writes nothing waits for until the end
 * of the run. Built once by `applyChanges`; every part of the executor takes
 * it as its first argument.
 */
export class ApplyContext {
  readonly catalogue: Catalogue;
  readonly manifest: Manifest;
  readonly scope: Scope;
  readonly store: StateStore;
  readonly journal: Journal;
  readonly api: ApiClient;
  readonly reporter: ApplyReporter;
  readonly pollIntervalSeconds: number;
  /** Aborts operations in flight (see {@link ApplyOptions.operationSignal}). */
  readonly operationSignal: AbortSignal | undefined;
  /** Seconds an order of unknown outcome may still be in flight (see {@link ApplyOptions.graceSeconds}). */
  readonly graceSeconds: number;
  /** No paid order, delete or trigger may be sent (see {@link ApplyOptions.freeOnly}). */
  readonly freeOnly: boolean;
  /** See {@link ApplyOptions.onPaidCallReturned}. */
  readonly onPaidCallReturned: (() => void) | undefined;
  /** See {@link ApplyOptions.onPaidCallPoint}. */
  readonly onPaidCallPoint: PaidCallHook | undefined;
  /** Per account kind: the orders not answered yet, each settled once its answer is recorded in state or it failed. */
  private readonly ordering = new Map<string, Set<Promise<void>>>();
  /**
   * State writes nothing waits for until the end of the run (the write after
   * a create's read: see `create`). `applyChanges` awaits them before its
   * final flush.
   */
  readonly backgroundWrites: Array<Promise<unknown>> = [];
  /** The waits for `Active` watched by listing (watch.ts), shared by the run's creates. */
  readonly watcher: ActiveWatcher;
  /** Per type name: its listing, taken once per run (see {@link listingOf}). */
  private readonly listings = new Map<string, Promise<Listing | undefined>>();
  /** The changes by address. */
  private readonly changeAt: Map<string, Change>;
  /** The attributes the manifest sets or references, by address (computed on first use). */
  private inUse: Map<string, Set<string>> | undefined;

  constructor(options: ApplyOptions) {
    this.catalogue = options.catalogue;
    this.manifest = options.manifest;
    this.scope = options.scope;
    this.store = options.store;
    this.journal = options.journal;
    this.api = options.api;
    this.reporter = options.reporter;
    this.pollIntervalSeconds = options.pollIntervalSeconds;
    this.operationSignal = options.operationSignal;
    this.graceSeconds = options.graceSeconds ?? DEFAULT_GRACE_SECONDS;
    this.freeOnly = options.freeOnly ?? false;
    this.onPaidCallReturned = options.onPaidCallReturned;
    this.onPaidCallPoint = options.onPaidCallPoint;
    this.changeAt = new Map(options.changes.map((change) => [change.address, change]));
    this.watcher = new ActiveWatcher(
      () => ({
        api: this.api,
        pollIntervalSeconds: this.pollIntervalSeconds,
        deadline: Date.now() + 300_000,
        signal: this.operationSignal,
      }),
      this.operationSignal,
    );
  }

  /**
   * The context of one API operation of `address`: `seconds` from now as its
   * deadline, progress reported as `action`, through `client` (the run's
   * API client unless given).
   */
  operationContext(address: string, seconds: number, action: string, client: ApiClient = this.api): OperationContext {
    return {
      api: client,
      pollIntervalSeconds: this.pollIntervalSeconds,
      deadline: Date.now() + seconds * 1000,
      onProgress: (elapsed, status) => this.reporter.progress(address, action, elapsed, status),
      signal: this.operationSignal,
    };
  }

  /**
   * What already exists of `type`: listed once per type and run, before the
   * first create of that type, and recorded once in the journal, so a later
   * reconciliation never mistakes an older lookalike for one of this run's
   * orders (what this run created since is in state, which reconciliation
   * also excludes). Listing before every create would be O(N²) at scale.
   * Resolves `undefined` when the type cannot list or the list failed. A
   * failed journal write rejects (failing the creates waiting on it), and
   * the next create of the type lists again.
   * Endpoint: the type's list endpoint.
   */
  listingOf(type: ResourceType, address: string): Promise<Listing | undefined> {
    let listing = this.listings.get(type.type);
    if (listing === undefined) {
      const started = existingIds(type, this.operationContext(address, 300, 'creating')).then((ids) => {
        if (ids === undefined) return undefined;
        const { listingId, written } = this.journal.recordListing(type.type, ids);
        written.catch(() => this.listings.delete(type.type));
        return { listingId, ids, written };
      });
      this.listings.set(type.type, started);
      started.catch(() => this.listings.delete(type.type));
      listing = started;
    }
    return listing;
  }

  /**
   * Notes an order of `type` in flight until `answered` settles (once its id
   * is in state, or once its call failed), so an order of unknown outcome of
   * the same account kind can wait for its siblings' ids to be in state
   * before it lists ({@link otherOrdersAnswered}).
   */
  orderStarted(type: ResourceType, answered: Promise<void>): void {
    const kind = accountKind(type.type);
    let orders = this.ordering.get(kind);
    if (!orders) this.ordering.set(kind, (orders = new Set()));
    orders.add(answered);
    void answered.finally(() => orders.delete(answered));
  }

  /**
   * Resolves once every order of `type`'s account kind in flight now, other
   * than `mine`, is answered (its id in state) or failed: a listing made then
   * cannot take a sibling's new account for an order of unknown outcome (I1).
   */
  async otherOrdersAnswered(type: ResourceType, mine: Promise<void>): Promise<void> {
    const others = [...(this.ordering.get(accountKind(type.type)) ?? [])].filter((order) => order !== mine);
    await Promise.allSettled(others);
  }

  /** True when the manifest sets or references one of `names` of `address` (`attributesInUse`). */
  uses(address: string, names: string[]): boolean {
    this.inUse ??= attributesInUse(this.manifest);
    return needsDetail(this.inUse, address, names);
  }

  /** True when `type` was listed (or is being listed) in this run. */
  listed(type: ResourceType): boolean {
    return this.listings.has(type.type);
  }

  /** The resource type named `name`. Errors: an Error when the catalogue has none. */
  resourceType(name: string): ResourceType {
    const type = this.catalogue.resource(name);
    if (!type) throw new Error(`unknown resource type "${name}"`);
    return type;
  }

  /** The data source type named `name`. Errors: an Error when the catalogue has none. */
  dataSourceType(name: string): DataSourceType {
    const type = this.catalogue.dataSource(name);
    if (!type) throw new Error(`unknown data source type "${name}"`);
    return type;
  }

  /** The manifest block a change is for (`undefined` for an orphan's delete). */
  blockOf(change: Change): BlockDeclaration | undefined {
    return change.mode === 'data' ? this.manifest.data[change.address.replace(/^data\./, '')] : this.manifest.resources[change.address];
  }

  /**
   * Final inputs of a resource: every reference resolved now, defaults
   * applied, values checked. Errors: an Error naming what does not evaluate,
   * is still unknown, or breaks a constraint.
   */
  finalInputs(type: ResourceType, block: BlockDeclaration): Attributes {
    const { inputs, diagnostics } = this.scope.inputsOf(block);
    if (diagnostics.length > 0) throw new Error(diagnostics.map((diagnostic) => diagnostic.message).join('; '));
    const result: Attributes = {};
    for (const [name, attribute] of Object.entries(type.attributes)) {
      if (attribute.mode === 'computed') continue;
      const value = desiredValue(attribute, inputs[name]);
      if (value === undefined) continue;
      if (containsUnknown(value)) throw new Error(`${block.address}.${name} is still unknown at apply time`);
      result[name] = value as Value;
    }
    const problems = this.scope.checkInputs(type, block, result);
    if (problems.length > 0) throw new Error(problems.map((diagnostic) => diagnostic.message).join('; '));
    return result;
  }

  /** Resources a change depends on (references and depends_on), recorded in state to order later deletes. */
  dependenciesOf(address: string): string[] {
    return this.changeAt.get(address)?.dependsOn.filter((dependency) => !dependency.startsWith('data.')) ?? [];
  }
}
