/**
 * The storage contract behind cloudctl's state: where the state document,
 * the journal and the writer lock live. `LocalBackend` (local.ts) keeps them
 * in a folder; a shared backend (a real database for teams) can implement the
 * same interface later without the engine noticing.
 */
import type { OutputState, ResourceState, StateDocument } from '../core/types.js';
import type { Journal } from './journal.js';

/** Who holds the state lock. Stored as JSON in the lock (e.g. `.cloudctl/state.lock`). */
export interface LockHolder {
  /** Random lock id (a UUID); `cloudctl force-unlock <id>` must name it. */
  id: string;
  /** Process id of the holder, on `host`. */
  pid: number;
  /** Host name of the holder (`os.hostname()`). */
  host: string;
  /** When the lock was taken, ISO 8601 UTC. */
  started_at: string;
  /** The command line that holds it, without the program name, e.g. `apply examples/x.yaml`. */
  command: string;
}

/** A held state lock. */
export interface StateLock {
  /** Who holds it (this process). */
  readonly holder: LockHolder;
  /**
   * Gives the lock up. Idempotent. Never removes a lock that is no longer
   * this one (e.g. after a `force-unlock` and a new run): that case is only
   * reported (through the backend's warning callback).
   */
  release(): Promise<void>;
}

/** Options of {@link StateBackend.lock}. */
export interface LockOptions {
  /**
   * How long to wait for a held lock, in seconds (fractions allowed).
   * 0 or absent: fail at once with `StateLockedError`.
   */
  timeoutSeconds?: number;
}

/** One change to the state, as the change log records it. */
export type StateChange =
  /** `address` now holds `resource` (added or replaced). */
  | { op: 'set'; address: string; resource: ResourceState }
  /** `address` is no longer managed. */
  | { op: 'remove'; address: string }
  /** The outputs are now exactly `outputs`. */
  | { op: 'outputs'; outputs: Record<string, OutputState> };

/**
 * Changes persisted together, in order: one line of the change log. Applied
 * to the document of serial `serial - 1` (or any lower one), they give the
 * document of serial `serial`.
 */
export interface StateChangeRecord {
  /** Lineage of the state the changes belong to. */
  lineage: string;
  /** The document's serial once these changes are applied. */
  serial: number;
  changes: StateChange[];
  /**
   * A document-level header carried onto the document on replay (the
   * encryption header of {@link EncryptingBackend}, opaque to backends).
   */
  encryption?: unknown;
}

/**
 * Where state lives. One writer at a time, enforced by {@link StateBackend.lock}.
 *
 * The state is a snapshot (`write`) plus a change log (`appendChanges`) of
 * what changed since: persisting a change costs the size of the change, not
 * of the state, and the snapshot is rewritten (compacting the log) at the
 * end of a run. `read` returns the snapshot with the log replayed.
 */
export interface StateBackend {
  /** Human-readable location for messages, e.g. `.cloudctl/state.json`. */
  describe(): string;
  /**
   * Reads the state document: the snapshot with every newer record of the
   * change log applied, a new object on every call. Resolves `null` when no
   * state exists yet.
   * @throws StateCorruptError (message names the location) on invalid JSON or
   *   a document that is not a valid `StateDocument`.
   */
  read(): Promise<StateDocument | null>;
  /**
   * Replaces the snapshot atomically with `document` and empties the change
   * log: a reader (or a crash at any instant) sees either the previous or
   * the new state, never a mix. The previous snapshot is kept as a backup
   * first. The document is written exactly as given (the caller,
   * `StateStore`, manages `serial`). O(size of the state).
   * @throws Error when `document` is not a valid `StateDocument`, or on I/O failure.
   */
  write(document: StateDocument): Promise<void>;
  /**
   * Appends `record` to the change log; resolves once it is durable (fsync).
   * O(size of the record). Records must come in increasing `serial` order.
   * @throws Error when a changed resource or output is invalid, or on I/O failure.
   */
  appendChanges(record: StateChangeRecord): Promise<void>;
  /**
   * How many records of the change log are newer than the snapshot, as of
   * the last `read` plus the appends since; 0 right after `write`.
   */
  changesSinceSnapshot(): number;
  /**
   * Takes the single-writer lock for `command` (e.g. `apply examples/x.yaml`).
   * @throws StateLockedError naming the holder (pid, host, started_at,
   *   command, lock id): at once when `timeoutSeconds` is 0/absent, otherwise
   *   after waiting that long.
   */
  lock(command: string, options?: LockOptions): Promise<StateLock>;
  /**
   * Removes the lock, whoever holds it, when its id is `id`.
   * @throws StateError when the state is not locked or the id does not match.
   */
  forceUnlock(id: string): Promise<void>;
  /** The append-only journal of paid calls kept beside the state. */
  readonly journal: Journal;
  /**
   * Prepares the change log and the journal for their first appends ahead
   * of them (a local backend opens both files), so each is one durable
   * write; optional, never required. Rejects on failure, which the next
   * append meets again.
   */
  open?(): Promise<void>;
}
