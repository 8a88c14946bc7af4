/**
 * The storage contract behind cloudctl's state: where the state document,
 * the journal and the writer lock live. `LocalBackend` (local.ts) keeps them
 * in a folder; a shared backend (a real database for teams) can implement the
 * same interface later without the engine noticing.
 */
import type { StateDocument } from '../engine/types.js';
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

/** Where state lives. One writer at a time, enforced by {@link StateBackend.lock}. */
export interface StateBackend {
  /** Human-readable location for messages, e.g. `.cloudctl/state.json`. */
  describe(): string;
  /**
   * Reads the state document. Resolves `null` when no state exists yet.
   * @throws StateCorruptError (message names the location) on invalid JSON or
   *   a document that is not a valid `StateDocument`.
   */
  read(): Promise<StateDocument | null>;
  /**
   * Replaces the state document atomically: a reader (or a crash at any
   * instant) sees either the previous or the new document, never a mix.
   * The previous document is kept as a backup first. The document is
   * written exactly as given (the caller, `StateStore`, manages `serial`).
   * @throws Error when `document` is not a valid `StateDocument`, or on I/O failure.
   */
  write(document: StateDocument): Promise<void>;
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
}
