/**
 * The state layer: the state document and its store, the journal of paid
 * calls, the writer lock, and the backends that keep them.
 */
import { lookupResourceType } from '../resources/index.js';
import { openBackend, type Backend } from './backends.js';
import type { StateBackend, StateLocation, StateLock } from './contracts.js';
import { EncryptingBackend, isEncryptedDocument, type SensitivityCheck } from './encryption.js';
import { movedError, StateError } from './errors.js';
import type { LocalBackend, LocalBackendOptions } from './local/backend.js';
import { DEFAULT_STATE_PATH } from './location.js';
import { StateStore, type StateStoreOptions } from './store.js';

export type {
  BackendKind,
  BreakLockOptions,
  BrokenLock,
  Journal,
  JournalEntry,
  JournalIntent,
  JournalListing,
  JournalResult,
  LockHolder,
  LockOptions,
  MovedMarker,
  OpenedBackend,
  StateBackend,
  StateChange,
  StateChangeRecord,
  StateLocation,
  StateLock,
} from './contracts.js';
export { AccountHeldError, describeHolder, StateCorruptError, StateError, StateLockedError } from './errors.js';
export { openBackend, type Backend, type OpenBackendOptions } from './backends.js';
export { DEFAULT_POSTGRES_SCHEMA, DEFAULT_STATE_PATH, parseBackendLocation } from './location.js';
export { AUDIT_OPERATION, EntryJournal } from './journal.js';
export { plainResources } from './lazy-resources.js';
export { LocalBackend, type LocalBackendOptions } from './local/backend.js';
export { FileJournal, type FileJournalOptions } from './local/journal.js';
export { UNREADABLE_LOCK_ID } from './local/lock.js';
export { readMovedMarker } from './local/migration-marker.js';
export { StateDamagedError, type DamagedLine, type RepairedFile } from './local/records.js';
export { PostgresBackend, type PostgresBackendOptions } from './postgres/backend.js';
export { redactUrl } from './postgres/connection.js';
export { PostgresJournal } from './postgres/journal.js';
export { POSTGRES_SCHEMA_VERSION } from './postgres/schema.js';
export { StateStore, type StateStoreOptions } from './store.js';
export { migrateState, type MigrationReport } from './backend-migration.js';
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
export const catalogueSensitivity: SensitivityCheck = (type, attribute) =>
  Boolean(lookupResourceType(type)?.attributes[attribute]?.sensitive);

/** An opened state: the backend, the store over it, and the lock when one was asked for. */
export interface OpenedState {
  /** The backend (`kind` says which; a check of it narrows to that backend's class). */
  backend: Backend;
  store: StateStore;
  /** The held lock, or `null` when `lock` was not asked for. */
  lock: StateLock | null;
  /**
   * Waits for pending writes and, when the lock is held, rewrites the
   * snapshot (compacting the change log), and waits for the work handed to
   * {@link beforeRelease}; then releases the lock (always, even when that
   * fails; the error is rethrown) and closes connections.
   */
  close(): Promise<void>;
  /**
   * Hands over work that must end before the lock is released but that
   * nothing else waits for (the journal's compaction at the end of an
   * apply): it runs meanwhile, alongside the snapshot's rewrite in
   * {@link close}. `work` must not reject (report its own failure).
   */
  beforeRelease(work: Promise<void>): void;
}

/** The state of a local folder, as {@link openLocalState} opens it. */
export type LocalState = OpenedState & { backend: LocalBackend };

/**
 * The backend object for `location`, not yet read or locked.
 * @throws StateError when the local state was moved to another backend
 *   (`cloudctl state migrate` leaves a `<state>.moved` marker naming it).
 */
export async function createBackend(location: StateLocation, onWarning?: (message: string) => void): Promise<Backend> {
  const backend = openBackend(location, { onWarning });
  const moved = await backend.movedMarker();
  if (moved) throw movedError(backend.describe(), moved);
  return backend;
}

/**
 * Opens the state of `location`: builds its backend, takes the lock first
 * when `options.lock` is given, then reads the state into a `StateStore`.
 * On a read error the lock is released. With a passphrase (`options.passphrase`,
 * else `CLOUDCTL_STATE_PASSPHRASE`) secrets are encrypted at rest, on either
 * backend. The engine never learns which backend runs.
 * @throws StateLockedError when the lock is held; StateCorruptError when the
 *   state is bad; StateError for a wrong or missing passphrase, a state moved
 *   elsewhere, or a database that cannot be reached.
 */
export async function openState(location: StateLocation, options: Omit<OpenLocalStateOptions, 'cwd'> = {}): Promise<OpenedState> {
  const { lock: lockRequest, passphrase: given, env = process.env, sensitive, lineage, compactAfterRecords, onWarning } = options;
  const backend = await createBackend(location, onWarning);
  try {
    return await openOver(backend, { lockRequest, given, env, sensitive, lineage, compactAfterRecords });
  } catch (error) {
    await backend.close?.();
    throw error;
  }
}

/**
 * Opens the local state at `statePath` (default `.cloudctl/state.json`);
 * see {@link openState}.
 */
export async function openLocalState(statePath: string = DEFAULT_STATE_PATH, options: OpenLocalStateOptions = {}): Promise<LocalState> {
  const { cwd, ...rest } = options;
  return (await openState({ backend: 'local', statePath, cwd }, rest)) as LocalState;
}

async function openOver(
  backend: Backend,
  options: {
    lockRequest?: { command: string; timeoutSeconds?: number };
    given?: string;
    env: Readonly<Record<string, string | undefined>>;
    sensitive?: SensitivityCheck;
    lineage?: string;
    compactAfterRecords?: number;
  },
): Promise<OpenedState> {
  const { lockRequest, given, env, sensitive, lineage, compactAfterRecords } = options;
  const passphrase = given ?? env.CLOUDCTL_STATE_PASSPHRASE ?? '';
  const storage: StateBackend =
    passphrase !== ''
      ? new EncryptingBackend(backend, {
          passphrase,
          sensitive: sensitive ?? catalogueSensitivity,
          source: given !== undefined ? 'the passphrase' : 'CLOUDCTL_STATE_PASSPHRASE',
        })
      : backend;
  const lock = lockRequest ? await backend.lock(lockRequest.command, { timeoutSeconds: lockRequest.timeoutSeconds }) : null;
  let store: StateStore;
  try {
    store = await StateStore.open(storage, { lineage, compactAfterRecords });
    await backend.journal.entries?.(); // a damaged journal stops every command here, before any API call
    if (passphrase === '' && lock !== null && isEncryptedDocument(store.document)) {
      throw new StateError(
        `the state ${backend.describe()} holds encrypted secrets: set CLOUDCTL_STATE_PASSPHRASE to the passphrase it was written with (reading commands such as 'cloudctl state list' work without it)`,
      );
    }
  } catch (error) {
    await lock?.release();
    throw error;
  }
  const handedOver: Array<Promise<void>> = [];
  return {
    backend,
    store,
    lock,
    beforeRelease(work) {
      handedOver.push(work);
    },
    async close() {
      try {
        const [written] = await Promise.allSettled([lock !== null ? store.settle() : store.flush(), ...handedOver]);
        if (written.status === 'rejected') throw written.reason;
      } finally {
        try {
          await lock?.release();
        } finally {
          await backend.close?.();
        }
      }
    },
  };
}
