/**
 * The state layer: the state document and its store, the journal of paid
 * calls, the writer lock, and the backends that keep them.
 */
import type { StateLock } from './backend.js';
import { DEFAULT_STATE_PATH, LocalBackend, type LocalBackendOptions } from './local.js';
import { StateStore, type StateStoreOptions } from './store.js';

export type { LockHolder, LockOptions, StateBackend, StateLock } from './backend.js';
export { describeHolder, StateCorruptError, StateError, StateLockedError } from './errors.js';
export {
  FileJournal,
  MASKED,
  maskSecrets,
  type FileJournalOptions,
  type Journal,
  type JournalEntry,
  type JournalIntent,
  type JournalResult,
} from './journal.js';
export { DEFAULT_STATE_PATH, LocalBackend, UNREADABLE_LOCK_ID, type LocalBackendOptions } from './local.js';
export { StateStore, type StateStoreOptions } from './store.js';
export { stateDocumentProblems } from './validate.js';

/** Options of {@link openLocalState}. */
export interface OpenLocalStateOptions extends Omit<LocalBackendOptions, 'statePath'>, StateStoreOptions {
  /**
   * Take the lock for this command before reading the state (what every
   * writing command should do), waiting up to `timeoutSeconds` (default 0:
   * fail at once).
   */
  lock?: { command: string; timeoutSeconds?: number };
}

/** An opened local state: the backend, the store over it, and the lock when one was asked for. */
export interface LocalState {
  backend: LocalBackend;
  store: StateStore;
  /** The held lock, or `null` when `lock` was not asked for. */
  lock: StateLock | null;
  /** Waits for pending writes, then releases the lock (always, even when the flush fails; the flush error is rethrown). */
  close(): Promise<void>;
}

/**
 * Opens the state at `statePath` (default `.cloudctl/state.json`): builds a
 * `LocalBackend`, takes the lock first when `options.lock` is given, then
 * reads the state into a `StateStore`. On a read error the lock is released.
 * @throws StateLockedError when the lock is held; StateCorruptError when the state file is bad.
 */
export async function openLocalState(statePath: string = DEFAULT_STATE_PATH, options: OpenLocalStateOptions = {}): Promise<LocalState> {
  const { lock: lockRequest, ...rest } = options;
  const backend = new LocalBackend({ ...rest, statePath });
  const lock = lockRequest ? await backend.lock(lockRequest.command, { timeoutSeconds: lockRequest.timeoutSeconds }) : null;
  let store: StateStore;
  try {
    store = await StateStore.open(backend, { lineage: options.lineage });
  } catch (error) {
    await lock?.release();
    throw error;
  }
  return {
    backend,
    store,
    lock,
    async close() {
      try {
        await store.flush();
      } finally {
        await lock?.release();
      }
    },
  };
}
