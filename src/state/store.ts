/**
 * `StateStore`: the state as the engine uses it during a run. Changes apply
 * to the in-memory document at once (so later reads see them) and are
 * persisted through the backend one write at a time, in call order, with
 * concurrent changes coalesced into one write.
 */
import { randomUUID } from 'node:crypto';
import type { OutputState, ResourceState, StateDocument } from '../engine/types.js';
import type { StateBackend } from './backend.js';
import { StateError } from './errors.js';
import { canonicalJson, outputProblems, resourceProblems, summariseProblems } from './validate.js';

/** Options of {@link StateStore.open}. Reserved; none yet. */
export interface StateStoreOptions {
  /**
   * Lineage to give a state that does not exist yet (a plan made before the
   * first apply records the lineage it was made against, so applying it
   * later is not mistaken for a stale plan). Ignored when state exists.
   */
  lineage?: string;
}

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Deep copy through JSON: what will be written, and nothing shared with the caller. */
function jsonCopy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** The content that decides whether a write changes anything: everything but `serial`. */
function contentKey(document: StateDocument): string {
  return canonicalJson({ format_version: document.format_version, lineage: document.lineage, resources: document.resources, outputs: document.outputs });
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
 * - every mutating method resolves only once a write containing its change
 *   (and every earlier change) is persisted, and rejects when that write fails
 *   (the change stays in memory and is retried by the next write or `flush()`);
 * - writes never overlap; each persisted document is complete and valid
 *   (resources/outputs are validated when set), so the state loads after a
 *   crash at any instant;
 * - `serial` bumps by exactly one per persisted write whose content (all but
 *   `serial`) differs from the last persisted content; no-op changes write
 *   nothing; `lineage` never changes;
 * - persisted documents list resources and outputs sorted by name.
 *
 * The store does not lock: take `backend.lock()` before opening it.
 */
export class StateStore {
  private readonly doc: StateDocument;
  /**
   * Canonical content of the last persisted document; for a new state, the
   * empty document (an unchanged new state is never written).
   */
  private lastContent: string;
  private waiters: Waiter[] = [];
  private running = false;
  private persisted: boolean;

  private constructor(
    /** The backend this store reads and writes. */
    readonly backend: StateBackend,
    document: StateDocument,
    persisted: boolean,
  ) {
    this.doc = document;
    this.persisted = persisted;
    this.lastContent = contentKey(document);
  }

  /**
   * Reads the state through `backend`, or starts an empty document with a new
   * lineage (`crypto.randomUUID()`) and serial 0 when there is none; the empty
   * document is not written until the first change.
   * @throws StateCorruptError when the stored state is unreadable.
   */
  static async open(backend: StateBackend, options: StateStoreOptions = {}): Promise<StateStore> {
    const existing = await backend.read();
    if (existing !== null) return new StateStore(backend, jsonCopy(existing), true);
    return new StateStore(backend, { format_version: 1, lineage: options.lineage ?? randomUUID(), serial: 0, resources: {}, outputs: {} }, false);
  }

  /** The current in-memory state, including changes still being written. Treat as read-only. */
  get document(): StateDocument {
    return this.doc;
  }

  /** The lineage (UUID), set once when the state was first created. */
  get lineage(): string {
    return this.doc.lineage;
  }

  /** Serial of the last persisted document (0 for a new, unwritten state). */
  get serial(): number {
    return this.doc.serial;
  }

  /**
   * True when the state exists in the backend (read at open, or written
   * since). A new state's lineage is only durable once this is true, so a
   * plan made against an unwritten state should not compare lineages.
   */
  get exists(): boolean {
    return this.persisted;
  }

  /** The state of `address`, or `undefined` when it is not managed. Treat as read-only. */
  resource(address: string): ResourceState | undefined {
    return Object.hasOwn(this.doc.resources, address) ? this.doc.resources[address] : undefined;
  }

  /** Every managed address, sorted. */
  addresses(): string[] {
    return Object.keys(this.doc.resources).sort();
  }

  /**
   * Records `resource` at `address` (replacing any previous one) and persists.
   * The value is copied; later changes to the caller's object are not seen.
   * @throws StateError (before any change) when `resource` is not a valid
   *   ResourceState; the backend's error when the write fails.
   */
  setResource(address: string, resource: ResourceState): Promise<void> {
    return this.change(() => {
      checkAddress(address);
      const copy = jsonCopy(resource);
      const problems = resourceProblems(address, copy);
      if (problems.length > 0) throw new StateError(`invalid state for ${address}: ${summariseProblems(problems)}`);
      this.doc.resources[address] = copy;
    });
  }

  /** Forgets `address` (no-op when it is not managed) and persists. @throws the backend's error when the write fails. */
  removeResource(address: string): Promise<void> {
    return this.change(() => {
      delete this.doc.resources[address];
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
      delete this.doc.resources[from];
      this.doc.resources[to] = resource;
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
      this.doc.outputs = copy;
    });
  }

  /**
   * Resolves once every change made so far is persisted (retrying a write
   * that failed earlier). @throws the backend's error when that write fails.
   */
  flush(): Promise<void> {
    return this.schedule();
  }

  /** Applies `mutate` to the in-memory document now, then waits for a write containing it. */
  private change(mutate: () => void): Promise<void> {
    try {
      mutate();
    } catch (error) {
      return Promise.reject(error);
    }
    return this.schedule();
  }

  private schedule(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  /** The single writer: each round persists everything changed so far and settles the callers of that round. */
  private async drain(): Promise<void> {
    this.running = true;
    try {
      await Promise.resolve(); // let changes made in the same tick join the first write
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

  /** Writes the current document when its content differs from the last persisted one. */
  private async persist(): Promise<void> {
    const snapshot: StateDocument = {
      format_version: 1,
      lineage: this.doc.lineage,
      serial: this.doc.serial,
      resources: sortedRecord(jsonCopy(this.doc.resources)),
      outputs: sortedRecord(jsonCopy(this.doc.outputs)),
    };
    const content = contentKey(snapshot);
    if (content === this.lastContent) return;
    snapshot.serial = this.doc.serial + 1;
    await this.backend.write(snapshot);
    this.doc.serial = snapshot.serial;
    this.lastContent = content;
    this.persisted = true;
  }
}

function checkAddress(address: string): void {
  if (typeof address !== 'string' || address.trim() === '') throw new StateError(`invalid resource address ${JSON.stringify(address)}`);
}
