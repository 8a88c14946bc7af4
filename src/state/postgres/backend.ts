/**
 * State on PostgreSQL, for teams: the same {@link StateBackend} contract as
 * the local folder, kept in a database that every operator and pipeline
 * reaches, through node-postgres (`pg`). `PostgresBackend` puts together
 * the pieces beside it: the connections (connection.ts), the tables and
 * their migrations (schema.ts), the document and its change log
 * (store.ts), the advisory lock (lock.ts) and the journal (journal.ts).
 *
 * The writer lock is a PostgreSQL advisory lock held by a dedicated
 * session; every write of a locked run goes through that session, so a run
 * whose session died (killed, or terminated by `pg_terminate_backend`) can
 * write nothing more: its next journal write fails before any new paid
 * call, and the lock was released with the session.
 */
import type { StateDocument } from '../document.js';
import { randomUUID } from 'node:crypto';
import type {
  BrokenLock,
  HeldLeaderLock,
  LockHolder,
  LockOptions,
  MovedMarker,
  OpenedBackend,
  StateChangeRecord,
  StateLock,
} from '../contracts.js';
import { StateError } from '../errors.js';
import { PostgresConnection, type Queryable } from './connection.js';
import { PostgresJournal } from './journal.js';
import { tryPostgresLeaderLock } from './leader.js';
import { PostgresLock } from './lock.js';
import { PostgresStore } from './store.js';

/** Options of {@link PostgresBackend}. */
export interface PostgresBackendOptions {
  /**
   * Connection string, `postgres://user@host:port/database`. The standard
   * `PG*` environment variables (PGHOST, PGPORT, PGUSER, PGPASSWORD,
   * PGDATABASE) fill what it leaves out (node-postgres reads them).
   */
  url: string;
  /** Schema holding cloudctl's tables (default `cloudctl`). */
  schema?: string;
  /** Workspace name (default `default`). */
  workspace?: string;
  /** Notices for the user (a lock taken over from a dead session, ...). */
  onWarning?: (message: string) => void;
}

/**
 * {@link StateBackend} on PostgreSQL. Reads use short-lived connections;
 * while the lock is held, every write goes through the lock's session.
 * Call {@link PostgresBackend.close} when done (it releases the lock too).
 */
export class PostgresBackend implements OpenedBackend {
  readonly kind = 'postgres';
  readonly schema: string;
  readonly workspace: string;
  readonly journal: PostgresJournal;
  private readonly db: PostgresConnection;
  private readonly store: PostgresStore;
  private readonly workspaceLock: PostgresLock;

  constructor(options: PostgresBackendOptions) {
    this.db = new PostgresConnection(options.url, options.schema ?? 'cloudctl', options.workspace ?? 'default');
    this.schema = this.db.schema;
    this.workspace = this.db.workspace;
    this.store = new PostgresStore(this.db);
    this.workspaceLock = new PostgresLock(this.db);
    this.journal = new PostgresJournal(this.db);
  }

  describe(): string {
    return this.db.describe();
  }

  /** `"schema".table`. */
  table(name: string): string {
    return this.db.table(name);
  }

  /**
   * Runs `work` with a connection that may write: the lock's session while
   * the lock is held (refused once that session is gone), else a pooled one.
   * @throws StateError when the lock's session was lost.
   */
  writer<T>(work: (client: Queryable) => Promise<T>): Promise<T> {
    return this.db.writer(work);
  }

  /** Runs `work` on a pooled connection (reads). */
  reader<T>(work: (client: Queryable) => Promise<T>): Promise<T> {
    return this.db.reader(work);
  }

  /** Creates the schema and tables on first use, migrates older versions, refuses newer ones. */
  prepare(): Promise<void> {
    return this.db.prepare();
  }

  read(): Promise<StateDocument | null> {
    return this.store.read();
  }

  /**
   * Replaces the workspace's state with `document` in one transaction:
   * refused when the stored lineage differs (another state) or the stored
   * serial is newer (the state moved underneath this writer). O(size of
   * the state); the engine calls it once per run.
   * @throws StateError on a lineage or serial conflict, or a lost lock.
   */
  write(document: StateDocument): Promise<void> {
    return this.store.write(document);
  }

  /**
   * Persists one round of changes in one transaction, touching only the rows
   * it changes, after a compare-and-swap on lineage and serial.
   * @throws StateError when the lineage differs, the stored serial is not
   *   older than the record's (another writer moved the state), or the lock
   *   was lost.
   */
  appendChanges(record: StateChangeRecord): Promise<void> {
    return this.store.appendChanges(record);
  }

  changesSinceSnapshot(): number {
    return this.store.changesSinceSnapshot();
  }

  /**
   * Takes the workspace's lock: a session-level advisory lock on a dedicated
   * connection, and a holder row naming this run.
   * @throws StateLockedError naming the holder (at once, or after
   *   `timeoutSeconds`).
   */
  lock(command: string, options: LockOptions = {}): Promise<StateLock> {
    return this.workspaceLock.lock(command, options);
  }

  /**
   * Removes the lock whose id is `id`: terminates the session that holds it
   * (the holder's next write then fails) and deletes the holder row.
   * @throws StateError when the workspace is not locked or the id differs.
   */
  async forceUnlock(id: string): Promise<void> {
    await this.workspaceLock.forceUnlock(id);
  }

  /**
   * `force-unlock`: as {@link forceUnlock}, whoever holds it (`force` is not
   * needed): the holder's session is ended with the lock, so that run can
   * record nothing more (`holderStopped`).
   */
  async breakLock(id: string): Promise<BrokenLock> {
    return { holder: await this.workspaceLock.forceUnlock(id), holderStopped: true };
  }

  /** The watchers' leader lock (leader.ts): `null` while another replica leads. */
  tryWatchLock(): Promise<HeldLeaderLock | null> {
    return tryPostgresLeaderLock(this.db.url, this.schema, this.workspace);
  }

  /** Who holds the workspace's lock now (its holder row, while a session holds the advisory lock), or `null`. */
  lockHolder(): Promise<LockHolder | null> {
    return this.workspaceLock.currentHolder();
  }

  /**
   * The workspace row's lineage, serial and move marker, without reading
   * the state; `null` when the workspace has no state.
   */
  head(): Promise<{ lineage: string; serial: number; movedTo: string | null } | null> {
    return this.store.head();
  }

  /** Marks the workspace's state as moved to `to` (a description without secrets): every later read refuses, naming it. */
  markMoved(to: string): Promise<void> {
    return this.store.markMoved(to);
  }

  /** Removes every row of the workspace (its state, change log and journal), whatever it manages: only for `state migrate`. */
  discard(): Promise<void> {
    return this.store.discard();
  }

  /** Workspace names that have state, sorted. */
  workspaces(): Promise<string[]> {
    return this.store.workspaces();
  }

  /** Whether the workspace has a row (a state, maybe empty). */
  async workspaceExists(): Promise<boolean> {
    return (await this.head()) !== null;
  }

  /** Gives the workspace an empty state of a new lineage, under its lock, unless it has one. */
  async createWorkspace(): Promise<void> {
    if (await this.workspaceExists()) return;
    const lock = await this.lock(`workspace new ${this.workspace}`);
    try {
      if ((await this.head()) === null)
        await this.write({ format_version: 1, lineage: randomUUID(), serial: 0, resources: {}, outputs: {} });
    } finally {
      await lock.release();
    }
  }

  /**
   * Deletes this workspace's state, journal, log and lock row, holding its lock.
   * @throws StateError when it still manages resources, or the lock is not held.
   */
  async deleteWorkspace(): Promise<void> {
    if (!this.db.holdsLockSession()) throw new StateError(`${this.describe()}: take the state lock before deleting the workspace`);
    await this.store.deleteWorkspace();
  }

  /** Always `null`: a moved workspace is refused by {@link read}, which names where it went. */
  movedMarker(): Promise<MovedMarker | null> {
    return Promise.resolve(null);
  }

  async prepareMigrationTarget(lineage: string): Promise<void> {
    const head = await this.head();
    if (head === null) return;
    if (head.movedTo !== null && head.lineage === lineage) {
      await this.discard();
      return;
    }
    throw new StateError(
      `${this.describe()} already holds a state (lineage ${head.lineage}, serial ${head.serial}): refusing to overwrite it`,
    );
  }

  async discardMigrationCopy(): Promise<void> {
    await this.discard().catch(() => undefined);
  }

  markMigrated(marker: MovedMarker): Promise<void> {
    return this.markMoved(marker.to);
  }

  /** Closes the pool (release the lock first). */
  close(): Promise<void> {
    return this.db.close();
  }
}
