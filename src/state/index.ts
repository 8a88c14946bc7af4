/**
 * The state layer: the state document and its store, the journal of paid
 * calls, the writer lock, and the backends that keep them.
 */
import { lookupResourceType } from '../resources/index.js';
import type { StateBackend, StateLock } from './backend.js';
import { EncryptingBackend, isEncryptedDocument, type SensitivityCheck } from './encryption.js';
import { StateError } from './errors.js';
import { DEFAULT_STATE_PATH, LocalBackend, type LocalBackendOptions } from './local.js';
import { StateStore, type StateStoreOptions } from './store.js';

export type { LockHolder, LockOptions, StateBackend, StateChange, StateChangeRecord, StateLock } from './backend.js';
export { describeHolder, StateCorruptError, StateError, StateLockedError } from './errors.js';
export {
  FileJournal,
  type FileJournalOptions,
  type Journal,
  type JournalEntry,
  type JournalIntent,
  type JournalResult,
} from './journal.js';
export { DEFAULT_STATE_PATH, LocalBackend, UNREADABLE_LOCK_ID, type LocalBackendOptions } from './local.js';
export { StateStore, type StateStoreOptions } from './store.js';
export { StateDamagedError, type DamagedLine, type RepairedFile } from './records.js';
export { stateDocumentProblems } from './validate.js';
export {
  ENCRYPTED_KEY,
  EncryptingBackend,
  isEncryptedDocument,
  isEncryptedValue,
  type EncryptedStateDocument,
  type EncryptionHeader,
  type EncryptionOptions,
  type SensitivityCheck,
} from './encryption.js';

/** Options of {@link openLocalState}. */
export interface OpenLocalStateOptions extends Omit<LocalBackendOptions, 'statePath'>, StateStoreOptions {
  /**
   * Take the lock for this command before reading the state (what every
   * writing command should do), waiting up to `timeoutSeconds` (default 0:
   * fail at once).
   */
  lock?: { command: string; timeoutSeconds?: number };
  /**
   * Passphrase encrypting the state's sensitive values at rest (see
   * encryption.ts). Default: `CLOUDCTL_STATE_PASSPHRASE` from the
   * environment; empty or absent means no encryption.
   */
  passphrase?: string;
  /** Environment `CLOUDCTL_STATE_PASSPHRASE` is read from when `passphrase` is not given (default: the process's). */
  env?: Readonly<Record<string, string | undefined>>;
  /** Which attributes are sensitive (default: the catalogue's `sensitive` flags). */
  sensitive?: SensitivityCheck;
}

/** The catalogue's `sensitive` flag of an attribute. */
export const catalogueSensitivity: SensitivityCheck = (type, attribute) => Boolean(lookupResourceType(type)?.attributes[attribute]?.sensitive);

/** An opened local state: the backend, the store over it, and the lock when one was asked for. */
export interface LocalState {
  backend: LocalBackend;
  store: StateStore;
  /** The held lock, or `null` when `lock` was not asked for. */
  lock: StateLock | null;
  /**
   * Waits for pending writes and, when the lock is held, rewrites the
   * snapshot (compacting the change log); then releases the lock (always,
   * even when that fails; the error is rethrown).
   */
  close(): Promise<void>;
}

/**
 * Opens the state at `statePath` (default `.cloudctl/state.json`): builds a
 * `LocalBackend`, takes the lock first when `options.lock` is given, then
 * reads the state into a `StateStore`. On a read error the lock is released.
 *
 * With a passphrase (`options.passphrase`, else `CLOUDCTL_STATE_PASSPHRASE`)
 * the store reads and writes through an {@link EncryptingBackend}: secrets
 * are decrypted in memory and encrypted on disk. Without one, an encrypted
 * state still opens for reading (its secrets stay encrypted envelopes), but
 * not for writing (with `lock`): that is an error asking for the passphrase.
 * The journal is read through once too, so damage to it stops the command
 * here, before any API call.
 * @throws StateLockedError when the lock is held; StateCorruptError when the
 *   state file is bad; StateDamagedError when a line of the change log or the
 *   journal is damaged; StateError for a wrong or missing passphrase.
 */
export async function openLocalState(statePath: string = DEFAULT_STATE_PATH, options: OpenLocalStateOptions = {}): Promise<LocalState> {
  const { lock: lockRequest, passphrase: given, env = process.env, sensitive, lineage, compactAfterRecords, ...rest } = options;
  const backend = new LocalBackend({ ...rest, statePath });
  const passphrase = given ?? env.CLOUDCTL_STATE_PASSPHRASE ?? '';
  const storage: StateBackend = passphrase !== ''
    ? new EncryptingBackend(backend, { passphrase, sensitive: sensitive ?? catalogueSensitivity, source: given !== undefined ? 'the passphrase' : 'CLOUDCTL_STATE_PASSPHRASE' })
    : backend;
  const lock = lockRequest ? await backend.lock(lockRequest.command, { timeoutSeconds: lockRequest.timeoutSeconds }) : null;
  let store: StateStore;
  try {
    store = await StateStore.open(storage, { lineage, compactAfterRecords });
    await backend.journal.entries(); // a damaged journal stops every command here, before any API call
    if (passphrase === '' && lock !== null && isEncryptedDocument(store.document)) {
      throw new StateError(`the state file ${backend.describe()} holds encrypted secrets: set CLOUDCTL_STATE_PASSPHRASE to the passphrase it was written with (reading commands such as 'cloudctl state list' work without it)`);
    }
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
        if (lock !== null) await store.checkpoint();
        else await store.flush();
      } finally {
        await lock?.release();
      }
    },
  };
}
