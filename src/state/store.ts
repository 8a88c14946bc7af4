/**
 * `StateStore`: the state as the engine uses it during a run. Changes apply
 * to the in-memory document at once (so later reads see them) and are
 * persisted through the backend's change log one record at a time, in call
 * order, with concurrent changes coalesced into one record. Persisting a
 * change costs the size of that change, whatever the size of the state; the
 * whole snapshot is rewritten only by {@link StateStore.checkpoint}, by
 * {@link StateStore.settle} at the end of a run once the log holds a record
 * per 100 resources, and, to keep the log short, once the log holds as many
 * records as the state holds resources (so the rewrite stays O(1) per
 * change, amortised).
 */
import { randomUUID } from 'node:crypto';
import { sameData } from '../core/equal.js';
import type { OutputState, ResourceState, StateDocument } from './document.js';
import { accountKey } from '../resources/accounts.js';
import type { StateBackend, StateChange } from './contracts.js';
import { AccountHeldError, StateError } from './errors.js';
import { outputProblems, resourceProblems, summariseProblems } from './validate.js';
import { entryCount, resourceIdentity } from './lazy-resources.js';

/**
 * The end of a run rewrites the snapshot once the change log holds a record
 * per this many resources ({@link StateStore.settle}).
 */
export const RESOURCES_PER_LOG_RECORD = 100;

/** Options of {@link StateStore.open}. */
export interface StateStoreOptions {
  /**
   * Lineage to give a state that does not exist yet (default: a new UUID).
   * Ignored when state exists. Never a saved plan's: a plan applies only
   * in the workspace whose state already has its lineage.
   */
  lineage?: string;
  /**
   * Rewrite the snapshot during a run once the change log holds this many
   * records, or as many as the state has resources if that is more
   * (default 1,000).
   */
  compactAfterRecords?: number;
}

/**
 * Rewrites a resource before {@link StateStore.setResource} records it;
 * `previous` is what the address held. How a run adds the marks it knows
 * of (`sensitive_attributes`, `lost_at_create`: src/engine/marks.ts).
 */
export type ResourceAnnotator = (address: string, resource: ResourceState, previous: ResourceState | undefined) => ResourceState;

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Deep copy through JSON: what will be written, and nothing shared with the caller. */
function jsonCopy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function sortedRecord<T>(record: Record<string, T>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const key of Object.keys(record).sort()) out[key] = record[key] as T;
  return out;
}

/**
 * The state of one run, persisted through a {@link StateBackend}.
 *
 * Guarantees:
 * - every mutating method resolves only once a record containing its change
 *   (and every earlier change) is durable in the change log, and rejects
 *   when that append fails (the change stays in memory and is retried by the
 *   next append or `flush()`);
 * - appends never overlap; the snapshot plus the log always read back as a
 *   complete, valid document (resources/outputs are validated when set), so
 *   the state loads after a crash at any instant;
 * - `serial` grows with every persisted record that changes something (a
 *   record whose append failed is never reused, so a retry may skip one);
 *   no-op changes write nothing; `lineage` never changes;
 * - snapshots list resources and outputs sorted by name.
 *
 * The store does not lock: take `backend.lock()` before opening it.
 */
export class StateStore {
  private readonly doc: StateDocument;
  /** Changes made in memory and not yet handed to the backend, in call order. */
  private unsaved: StateChange[] = [];
  /** Highest serial given to a record so far (a failed append's serial is not reused). */
  private lastSerialUsed: number;
  private waiters: Waiter[] = [];
  private running = false;
  private persisted: boolean;
  private readonly compactAfterRecords: number;
  private annotator: ResourceAnnotator | undefined;
  /**
   * Addresses by the account they hold (`accountKey`): one each, unless a
   * state written before the rule binds one twice. Built from the document
   * on first need ({@link accountIndex}): a run that only rewrites the
   * accounts its addresses already hold (an update in place) never needs it.
   */
  private holdersByAccount: Map<string, string[]> | undefined;
  /** Accounts removed from state since this store was opened (deleted or forgotten in this run): never adopted again by it. */
  private readonly released = new Set<string>();
  /** How many resources the document holds, kept as they are set and removed (`Object.keys` of 100,000 costs tens of ms a change). */
  private resourceCount: number;

  private constructor(
    /** The backend this store reads and writes. */
    readonly backend: StateBackend,
    document: StateDocument,
    persisted: boolean,
    options: StateStoreOptions,
  ) {
    this.doc = document;
    this.persisted = persisted;
    this.lastSerialUsed = document.serial;
    this.compactAfterRecords = Math.max(1, options.compactAfterRecords ?? 1000);
    this.resourceCount = entryCount(document.resources);
  }

  /** The account index ({@link holdersByAccount}), built from the document the first time it is needed. */
  private accountIndex(): Map<string, string[]> {
    if (this.holdersByAccount === undefined) {
      this.holdersByAccount = new Map();
      // Type and id only: an entry still unread (lazy-resources.ts) is not parsed for them.
      const resources = this.doc.resources;
      for (const address in resources) if (Object.hasOwn(resources, address)) this.bind(address, resourceIdentity(resources, address));
    }
    return this.holdersByAccount;
  }

  /** Notes that `address` holds `resource`'s account (index only). */
  private bind(address: string, resource: { type: string; id: string }): void {
    if (this.holdersByAccount === undefined) return; // built from the document when first needed
    const key = accountKey(resource.type, resource.id);
    const holders = this.holdersByAccount.get(key);
    if (holders === undefined) this.holdersByAccount.set(key, [address]);
    else if (!holders.includes(address)) holders.push(address);
  }

  /** Notes that `address` no longer holds `resource`'s account (index only). */
  private unbind(address: string, resource: ResourceState): void {
    if (this.holdersByAccount === undefined) return; // built from the document when first needed
    const key = accountKey(resource.type, resource.id);
    const holders = this.holdersByAccount.get(key)?.filter((holder) => holder !== address) ?? [];
    if (holders.length > 0) this.holdersByAccount.set(key, holders);
    else this.holdersByAccount.delete(key);
  }

  /**
   * The addresses whose state holds the account `id` of `type`'s kind
   * (`accountKind`: a VM restored from a snapshot is a lite VM account),
   * sorted. One at most, unless a state written before the rule was
   * enforced binds it twice (then no delete is sent for it: I3).
   */
  holders(type: string, id: string): string[] {
    return [...(this.accountIndex().get(accountKey(type, id)) ?? [])].sort();
  }

  /**
   * True when the account `id` of `type`'s kind is spoken for: state holds
   * it at some address, or it was removed from state during this run (so
   * this run deleted or forgot it). Reconciliation and adoption never take
   * such an account for an order of unknown outcome (I1).
   */
  claimed(type: string, id: string): boolean {
    const key = accountKey(type, id);
    return this.accountIndex().has(key) || this.released.has(key);
  }

  /**
   * Reads the state through `backend` (snapshot plus change log), or starts
   * an empty document with a new lineage (`crypto.randomUUID()`) and serial 0
   * when there is none; the empty document is not written until the first
   * change.
   * @throws StateCorruptError when the stored state is unreadable.
   */
  static async open(backend: StateBackend, options: StateStoreOptions = {}): Promise<StateStore> {
    const existing = await backend.read();
    if (existing !== null) return new StateStore(backend, existing, true, options);
    return new StateStore(
      backend,
      { format_version: 1, lineage: options.lineage ?? randomUUID(), serial: 0, resources: {}, outputs: {} },
      false,
      options,
    );
  }

  /** The current in-memory state, including changes still being written. Treat as read-only. */
  get document(): StateDocument {
    return this.doc;
  }

  /** The lineage (UUID), set once when the state was first created. */
  get lineage(): string {
    return this.doc.lineage;
  }

  /** Serial of the last persisted change (0 for a new, unwritten state). */
  get serial(): number {
    return this.doc.serial;
  }

  /**
   * True when the state exists in the backend (read at open, or written
   * since, {@link StateStore.establish} included). A new state's lineage is
   * only durable, and so the workspace's identity, once this is true.
   */
  get exists(): boolean {
    return this.persisted;
  }

  /**
   * Makes the workspace's identity durable: when the state does not exist
   * yet, writes it as it is (empty, serial 0, the lineage minted at open)
   * as the snapshot, so a plan made now records a lineage the workspace
   * keeps, and no other workspace has (docs/design.md, "State"). Nothing
   * is written when the state exists. Call it holding the lock, before any
   * change. O(1).
   * @throws the backend's error when the write fails (the state still does not exist then).
   */
  async establish(): Promise<void> {
    if (this.persisted) return;
    if (this.unsaved.length > 0 || this.running) throw new StateError('establish() must come before any change to the state');
    await this.backend.write({ format_version: 1, lineage: this.doc.lineage, serial: this.doc.serial, resources: {}, outputs: {} });
    this.persisted = true;
  }

  /** The state of `address`, or `undefined` when it is not managed. Treat as read-only. */
  resource(address: string): ResourceState | undefined {
    return Object.hasOwn(this.doc.resources, address) ? this.doc.resources[address] : undefined;
  }

  /** Every managed address, sorted. */
  addresses(): string[] {
    return Object.keys(this.doc.resources).sort();
  }

  /** Passes every later {@link StateStore.setResource} through `annotator` (`undefined`: none). */
  annotateWith(annotator: ResourceAnnotator | undefined): void {
    this.annotator = annotator;
  }

  /**
   * Records `resource` at `address` (replacing any previous one), through
   * the annotator if one is set, and persists. The value is copied; later
   * changes to the caller's object are not seen.
   * Setting what is already there persists nothing.
   *
   * One account per address (docs/design.md, "Safety invariants", I1): a
   * write that binds an account (kind and id, `accountKind`) another
   * address holds is refused, whoever the caller is. Rewriting the account
   * an address already holds is not a new binding and is allowed.
   * @throws AccountHeldError (before any change) when another address
   *   holds the account; StateError (before any change) when `resource` is
   *   not a valid ResourceState; the backend's error when the append fails.
   */
  setResource(address: string, resource: ResourceState): Promise<void> {
    return this.change(() => {
      checkAddress(address);
      const previous = this.resource(address);
      const copy = jsonCopy(this.annotator ? this.annotator(address, resource, previous) : resource);
      const problems = resourceProblems(address, copy);
      if (problems.length > 0) throw new StateError(`invalid state for ${address}: ${summariseProblems(problems)}`);
      if (previous !== undefined && sameData(previous, copy)) return;
      const key = accountKey(copy.type, copy.id);
      const rebinding = previous !== undefined && accountKey(previous.type, previous.id) === key;
      // Rewriting the account the address holds binds nothing new: the index is not needed for it.
      const holder = rebinding ? undefined : (this.accountIndex().get(key) ?? []).find((other) => other !== address);
      if (holder !== undefined) throw new AccountHeldError(address, key, holder);
      if (previous !== undefined) this.unbind(address, previous);
      this.bind(address, copy);
      if (previous === undefined) this.resourceCount++;
      this.doc.resources[address] = copy;
      this.unsaved.push({ op: 'set', address, resource: copy });
    });
  }

  /** Forgets `address` (no-op when it is not managed) and persists. @throws the backend's error when the append fails. */
  removeResource(address: string): Promise<void> {
    return this.change(() => {
      const previous = this.resource(address);
      if (previous === undefined) return;
      this.unbind(address, previous);
      this.released.add(accountKey(previous.type, previous.id));
      delete this.doc.resources[address];
      this.resourceCount--;
      this.unsaved.push({ op: 'remove', address });
    });
  }

  /**
   * Moves the state of `from` to `to` and persists (`dependencies` elsewhere
   * are left as they are).
   * @throws StateError when `from` is not managed or `to` already is.
   */
  moveResource(from: string, to: string): Promise<void> {
    return this.change(() => {
      checkAddress(to);
      const resource = this.resource(from);
      if (resource === undefined) throw new StateError(`cannot move ${from}: it is not in the state`);
      if (from === to) return;
      if (this.resource(to) !== undefined) throw new StateError(`cannot move ${from} to ${to}: ${to} is already in the state`);
      this.unbind(from, resource);
      this.bind(to, resource);
      delete this.doc.resources[from];
      this.doc.resources[to] = resource;
      this.unsaved.push({ op: 'remove', address: from }, { op: 'set', address: to, resource });
    });
  }

  /**
   * Replaces all recorded outputs with `outputs` and persists.
   * @throws StateError (before any change) when an output is invalid.
   */
  setOutputs(outputs: Record<string, OutputState>): Promise<void> {
    return this.change(() => {
      const copy = jsonCopy(outputs);
      const problems = Object.entries(copy).flatMap(([name, output]) => outputProblems(name, output));
      if (problems.length > 0) throw new StateError(`invalid outputs: ${summariseProblems(problems)}`);
      if (sameData(copy, this.doc.outputs)) return;
      this.doc.outputs = copy;
      this.unsaved.push({ op: 'outputs', outputs: copy });
    });
  }

  /**
   * Resolves once every change made so far is durable in the change log
   * (retrying an append that failed earlier). @throws the backend's error
   * when that append fails.
   */
  flush(): Promise<void> {
    return this.schedule();
  }

  /**
   * Flushes, then rewrites the snapshot when the change log holds anything
   * (compacting it): the end of a run. O(size of the state).
   * @throws the backend's error when the append or the snapshot write fails
   *   (the change log still holds every change then).
   */
  checkpoint(): Promise<void> {
    return this.schedule(true);
  }

  /**
   * The end of a run that holds the lock: flushes, then rewrites the
   * snapshot (compacting the change log) only once the log holds at least
   * one record per {@link RESOURCES_PER_LOG_RECORD} resources of the state
   * (and one at least: a state under 100 resources is rewritten after
   * every run that changed it, as {@link checkpoint} does). A run that
   * changed a few resources of a large state then costs what it changed;
   * the O(state) rewrite comes once per many runs (amortised, O(1) per
   * change), and the log replayed when the state is read stays short.
   * @throws the backend's error when the append or the snapshot write fails.
   */
  settle(): Promise<void> {
    this.settleWanted = true;
    return this.schedule();
  }

  /** Applies `mutate` to the in-memory document now, then waits for a record containing it. */
  private change(mutate: () => void): Promise<void> {
    try {
      mutate();
    } catch (error) {
      return Promise.reject(error);
    }
    return this.schedule();
  }

  private snapshotWanted = false;
  private settleWanted = false;

  private schedule(snapshot = false): Promise<void> {
    if (snapshot) this.snapshotWanted = true;
    return new Promise<void>((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  /** The single writer: each round appends everything changed so far as one record and settles the callers of that round. */
  private async drain(): Promise<void> {
    this.running = true;
    try {
      await Promise.resolve(); // let changes made in the same tick join the first record
      while (this.waiters.length > 0) {
        const round = this.waiters;
        this.waiters = [];
        try {
          await this.persist();
          for (const waiter of round) waiter.resolve();
        } catch (error) {
          for (const waiter of round) waiter.reject(error);
        }
      }
    } finally {
      this.running = false;
    }
  }

  /** Appends the unsaved changes as one record, then rewrites the snapshot when asked to or when the log is long. */
  private async persist(): Promise<void> {
    const changes = this.unsaved;
    if (changes.length > 0) {
      this.unsaved = [];
      const serial = this.lastSerialUsed + 1;
      this.lastSerialUsed = serial;
      try {
        await this.backend.appendChanges({ lineage: this.doc.lineage, serial, changes });
      } catch (error) {
        this.unsaved = [...changes, ...this.unsaved];
        throw error;
      }
      this.doc.serial = serial;
      this.persisted = true;
    }
    const records = this.backend.changesSinceSnapshot();
    const resources = this.resourceCount;
    const due = records >= this.compactAfterRecords && records >= resources;
    const settled = this.settleWanted && records >= Math.max(1, Math.ceil(resources / RESOURCES_PER_LOG_RECORD));
    this.settleWanted = false;
    if (records > 0 && (this.snapshotWanted || due || settled)) {
      this.snapshotWanted = false;
      await this.backend.write({
        format_version: 1,
        lineage: this.doc.lineage,
        serial: this.doc.serial,
        resources: sortedRecord(this.doc.resources),
        outputs: sortedRecord(this.doc.outputs),
      });
    } else if (records === 0) this.snapshotWanted = false;
  }
}

function checkAddress(address: string): void {
  if (typeof address !== 'string' || address.trim() === '') throw new StateError(`invalid resource address ${JSON.stringify(address)}`);
}
