/**
 * State on PostgreSQL, for teams: the same {@link StateBackend} contract as
 * the local folder, kept in a database that every operator and pipeline
 * reaches, through node-postgres (`pg`).
 *
 * Layout, in its own schema (`cloudctl` by default), created on first use and
 * versioned in `schema_version` (a newer version than this binary knows is an
 * error; an older one is migrated forward):
 * - `workspaces`: one row per workspace: lineage, serial, outputs.
 * - `resources`: one row per managed resource (workspace, address).
 * - `changes`: the change log, one row per persisted round of changes since
 *   the last snapshot (kept for audit and `changesSinceSnapshot`).
 * - `journal`: the journal of paid calls, one row per entry.
 * - `locks`: who holds a workspace's lock (pid, host, user, command,
 *   started_at, lock id, and the database session holding it).
 *
 * Persisting a round of changes is one transaction that touches the rows it
 * changes and checks lineage and serial first (compare-and-swap): it costs
 * the size of the change, not of the state. The writer lock is a PostgreSQL
 * advisory lock held by a dedicated session; every write of a locked run goes
 * through that session, so a run whose session died (killed, or terminated by
 * `pg_terminate_backend`) can write nothing more: its next journal write
 * fails before any new paid call, and the lock was released with the session.
 */
import { randomUUID } from 'node:crypto';
import { hostname, userInfo } from 'node:os';
import pg from 'pg';
import type { OutputState, ResourceState, StateDocument } from '../core/types.js';
import type { LockHolder, LockOptions, StateBackend, StateChangeRecord, StateLock } from './backend.js';
import { StateError, StateLockedError } from './errors.js';
import { AUDIT_OPERATION, EntryJournal, pendingEntries, type JournalEntry } from './journal.js';
import { stateDocumentProblems } from './validate.js';
import { movedError } from './moved.js';

/** The version of the tables this binary reads and writes. */
export const POSTGRES_SCHEMA_VERSION = 1;

/**
 * The tables of schema version 1, by name: their column definitions, in
 * the order they are created.
 */
const TABLES_V1: Readonly<Record<string, string>> = {
  workspaces: [
    'name text PRIMARY KEY',
    'lineage text NOT NULL',
    'serial bigint NOT NULL',
    'format_version integer NOT NULL',
    "outputs json NOT NULL DEFAULT '{}'::json",
    'header json',
    'moved_to text',
    'moved_at timestamptz',
    'created_at timestamptz NOT NULL DEFAULT now()',
  ].join(', '),
  resources: 'workspace text NOT NULL, address text NOT NULL, resource json NOT NULL, PRIMARY KEY (workspace, address)',
  changes: 'workspace text NOT NULL, serial bigint NOT NULL, record json NOT NULL, PRIMARY KEY (workspace, serial)',
  journal: 'workspace text NOT NULL, seq bigserial, entry json NOT NULL, PRIMARY KEY (workspace, seq)',
  locks: [
    'workspace text PRIMARY KEY',
    'id text NOT NULL',
    'pid integer NOT NULL',
    'host text NOT NULL',
    '"user" text NOT NULL',
    'command text NOT NULL',
    'started_at timestamptz NOT NULL',
    'backend_pid integer NOT NULL',
  ].join(', '),
};

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

/** The URL with any password replaced by `***`, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');
  }
}

/** Two 32-bit keys for `pg_advisory_lock(int, int)`: a fixed class for cloudctl and a hash of schema and workspace. */
function lockKeys(schema: string, workspace: string): [number, number] {
  let hash = 0x811c9dc5;
  for (const char of `${schema}\u0000${workspace}`) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193);
  }
  return [0x636c6f75 | 0, hash | 0]; // "clou"
}

/** Quotes an SQL identifier. */
function identifier(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new StateError(`invalid PostgreSQL schema name "${name}": letters, digits and _ only`);
  return `"${name}"`;
}

type Queryable = pg.Client | pg.PoolClient;

/**
 * {@link StateBackend} on PostgreSQL. Reads use short-lived connections;
 * while the lock is held, every write goes through the lock's session.
 * Call {@link PostgresBackend.close} when done (it releases the lock too).
 */
export class PostgresBackend implements StateBackend {
  readonly schema: string;
  readonly workspace: string;
  readonly journal: PostgresJournal;
  private readonly url: string;
  private readonly onWarning: (message: string) => void;
  private readonly pool: pg.Pool;
  private prepared: Promise<void> | undefined;
  /** The session holding the advisory lock, while held. */
  private lockSession: pg.Client | undefined;
  private lockLost: Error | undefined;
  /** Work on the lock's session runs one after the other (see {@link PostgresBackend.writer}). */
  private sessionQueue: Promise<unknown> = Promise.resolve();
  private changeCount = 0;

  constructor(options: PostgresBackendOptions) {
    this.url = options.url;
    this.schema = options.schema ?? 'cloudctl';
    identifier(this.schema);
    this.workspace = options.workspace ?? 'default';
    this.onWarning = options.onWarning ?? (() => undefined);
    this.pool = new pg.Pool({ connectionString: this.url, max: 2, idleTimeoutMillis: 1000 });
    this.pool.on('error', () => undefined); // an idle client's error surfaces on the next query
    this.journal = new PostgresJournal(this);
  }

  describe(): string {
    return `${redactUrl(this.url)} (schema ${this.schema}, workspace ${this.workspace})`;
  }

  /** `"schema".table`. */
  table(name: string): string {
    return `${identifier(this.schema)}.${name}`;
  }

  /**
   * Runs `work` with a connection that may write: the lock's session while
   * the lock is held (refused once that session is gone), else a pooled one.
   * @throws StateError when the lock's session was lost.
   */
  async writer<T>(work: (client: Queryable) => Promise<T>): Promise<T> {
    await this.prepare();
    if (this.lockLost) throw this.lockLost;
    const session = this.lockSession;
    if (session) {
      // One statement or transaction at a time on the lock's session: a journal
      // append must never land inside another write's transaction.
      const turn = this.sessionQueue.then(() => work(session));
      this.sessionQueue = turn.catch(() => undefined);
      try {
        return await turn;
      } catch (error) {
        if (this.lockLost) throw this.lockLost;
        throw error;
      }
    }
    const client = await this.connectPooled();
    try {
      return await work(client);
    } finally {
      client.release();
    }
  }

  /** Runs `work` on a pooled connection (reads). */
  async reader<T>(work: (client: Queryable) => Promise<T>): Promise<T> {
    await this.prepare();
    const client = await this.connectPooled();
    try {
      return await work(client);
    } finally {
      client.release();
    }
  }

  private async connectPooled(): Promise<pg.PoolClient> {
    try {
      return await this.pool.connect();
    } catch (error) {
      throw new StateError(`cannot connect to the state database ${redactUrl(this.url)}: ${(error as Error).message}`);
    }
  }

  /** Creates the schema and tables on first use, migrates older versions, refuses newer ones. */
  prepare(): Promise<void> {
    this.prepared ??= this.migrate().catch((error: unknown) => {
      this.prepared = undefined;
      throw error;
    });
    return this.prepared;
  }

  private async migrate(): Promise<void> {
    const client = await this.connectPooled();
    try {
      // Two runs may prepare at once: serialise on a transaction-scoped advisory lock.
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1, $2)', [0x636c6f75 | 0, 0]);
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${identifier(this.schema)}`);
      await client.query(`CREATE TABLE IF NOT EXISTS ${this.table('schema_version')} (version integer NOT NULL)`);
      const { rows } = await client.query<{ version: number }>(`SELECT version FROM ${this.table('schema_version')}`);
      const current = rows.length === 0 ? 0 : Math.max(...rows.map((row) => row.version));
      if (current > POSTGRES_SCHEMA_VERSION) {
        throw new StateError(
          `the state database ${redactUrl(this.url)} (schema ${this.schema}) has table version ${current}, newer than this cloudctl understands (${POSTGRES_SCHEMA_VERSION}): upgrade cloudctl`,
        );
      }
      if (current < 1) {
        for (const [name, columns] of Object.entries(TABLES_V1)) await client.query(`CREATE TABLE ${this.table(name)} (${columns})`);
        await client.query(`DELETE FROM ${this.table('schema_version')}`);
        await client.query(`INSERT INTO ${this.table('schema_version')} (version) VALUES ($1)`, [POSTGRES_SCHEMA_VERSION]);
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      if (error instanceof StateError) throw error;
      throw new StateError(`cannot prepare the state database ${redactUrl(this.url)}: ${(error as Error).message}`);
    } finally {
      client.release();
    }
  }

  async read(): Promise<StateDocument | null> {
    return this.reader(async (client) => {
      const head = await client.query<{
        lineage: string;
        serial: string;
        format_version: number;
        outputs: Record<string, OutputState>;
        header: Record<string, unknown> | null;
        moved_to: string | null;
        moved_at: Date | null;
      }>(`SELECT lineage, serial, format_version, outputs, header, moved_to, moved_at FROM ${this.table('workspaces')} WHERE name = $1`, [
        this.workspace,
      ]);
      if (head.rows.length === 0) return null;
      const row = head.rows[0]!;
      if (row.moved_to !== null)
        throw movedError(this.describe(), { to: row.moved_to, moved_at: row.moved_at ? new Date(row.moved_at).toISOString() : '' });
      const resources: Record<string, ResourceState> = Object.create(null) as Record<string, ResourceState>;
      const rows = await client.query<{ address: string; resource: ResourceState }>(
        `SELECT address, resource FROM ${this.table('resources')} WHERE workspace = $1 ORDER BY address`,
        [this.workspace],
      );
      for (const resource of rows.rows) resources[resource.address] = resource.resource;
      const count = await client.query<{ count: string }>(`SELECT count(*) AS count FROM ${this.table('changes')} WHERE workspace = $1`, [
        this.workspace,
      ]);
      this.changeCount = Number(count.rows[0]!.count);
      const document = {
        ...(row.header ?? {}),
        format_version: row.format_version,
        lineage: row.lineage,
        serial: Number(row.serial),
        resources: { ...resources },
        outputs: row.outputs,
      } as StateDocument;
      const problems = stateDocumentProblems(document);
      if (problems.length > 0) throw new StateError(`the state in ${this.describe()} is not valid: ${problems.join('; ')}`);
      return document;
    });
  }

  /**
   * Replaces the workspace's state with `document` in one transaction:
   * refused when the stored lineage differs (another state) or the stored
   * serial is newer (the state moved underneath this writer). O(size of
   * the state); the engine calls it once per run.
   * @throws StateError on a lineage or serial conflict, or a lost lock.
   */
  async write(document: StateDocument): Promise<void> {
    const problems = stateDocumentProblems(document);
    if (problems.length > 0) throw new StateError(`refusing to write an invalid state document: ${problems.join('; ')}`);
    await this.writer((client) =>
      transaction(client, async () => {
        const head = await this.lockedHead(client);
        if (head && head.lineage !== document.lineage) {
          throw new StateError(
            `refusing to write state of lineage ${document.lineage} over ${this.describe()}, which holds lineage ${head.lineage}`,
          );
        }
        if (head && head.serial > document.serial) {
          throw new StateError(
            `refusing to write serial ${document.serial} over ${this.describe()}, which is at serial ${head.serial}: the state moved underneath this run`,
          );
        }
        const { format_version, lineage, serial, resources, outputs, ...header } = document;
        if (head && head.serial === serial) {
          // The rows already hold this serial (every change was persisted as it happened): only the log is emptied.
          await client.query(`UPDATE ${this.table('workspaces')} SET outputs = $2, header = $3 WHERE name = $1`, [
            this.workspace,
            JSON.stringify(outputs),
            headerJson(header),
          ]);
        } else {
          await client.query(
            `INSERT INTO ${this.table('workspaces')} (name, lineage, serial, format_version, outputs, header) VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (name) DO UPDATE SET serial = EXCLUDED.serial, format_version = EXCLUDED.format_version, outputs = EXCLUDED.outputs, header = EXCLUDED.header`,
            [this.workspace, lineage, serial, format_version, JSON.stringify(outputs), headerJson(header)],
          );
        }
        await client.query(`DELETE FROM ${this.table('resources')} WHERE workspace = $1 AND NOT (address = ANY($2::text[]))`, [
          this.workspace,
          Object.keys(resources),
        ]);
        for (const [address, resource] of Object.entries(resources)) await this.upsertResource(client, address, resource);
        await client.query(`DELETE FROM ${this.table('changes')} WHERE workspace = $1`, [this.workspace]);
      }),
    );
    this.changeCount = 0;
  }

  /**
   * Persists one round of changes in one transaction, touching only the rows
   * it changes, after a compare-and-swap on lineage and serial.
   * @throws StateError when the lineage differs, the stored serial is not
   *   older than the record's (another writer moved the state), or the lock
   *   was lost.
   */
  async appendChanges(record: StateChangeRecord): Promise<void> {
    await this.writer((client) =>
      transaction(client, async () => {
        let head = await this.lockedHead(client);
        if (!head) {
          // The first change of a new state: the workspace row starts with it.
          await client.query(`INSERT INTO ${this.table('workspaces')} (name, lineage, serial, format_version) VALUES ($1, $2, 0, 1)`, [
            this.workspace,
            record.lineage,
          ]);
          head = { lineage: record.lineage, serial: 0 };
        }
        if (head.lineage !== record.lineage)
          throw new StateError(`refusing changes of lineage ${record.lineage} for ${this.describe()}, which holds lineage ${head.lineage}`);
        if (head.serial >= record.serial) {
          throw new StateError(
            `refusing changes of serial ${record.serial} for ${this.describe()}, which is already at serial ${head.serial}: the state moved underneath this run`,
          );
        }
        for (const change of record.changes) {
          if (change.op === 'set') await this.upsertResource(client, change.address, change.resource);
          else if (change.op === 'remove')
            await client.query(`DELETE FROM ${this.table('resources')} WHERE workspace = $1 AND address = $2`, [
              this.workspace,
              change.address,
            ]);
          else
            await client.query(`UPDATE ${this.table('workspaces')} SET outputs = $2 WHERE name = $1`, [
              this.workspace,
              JSON.stringify(change.outputs),
            ]);
        }
        const header = record.encryption === undefined ? {} : { encryption: record.encryption };
        await client.query(
          `UPDATE ${this.table('workspaces')} SET serial = $2${record.encryption === undefined ? '' : ', header = $3'} WHERE name = $1`,
          [this.workspace, record.serial, ...(record.encryption === undefined ? [] : [headerJson(header)])],
        );
        await client.query(`INSERT INTO ${this.table('changes')} (workspace, serial, record) VALUES ($1, $2, $3)`, [
          this.workspace,
          record.serial,
          JSON.stringify(record),
        ]);
      }),
    );
    this.changeCount += 1;
  }

  changesSinceSnapshot(): number {
    return this.changeCount;
  }

  /** The workspace row's lineage and serial, locked for this transaction; `undefined` when there is no state yet. */
  private async lockedHead(client: Queryable): Promise<{ lineage: string; serial: number } | undefined> {
    const { rows } = await client.query<{ lineage: string; serial: string }>(
      `SELECT lineage, serial FROM ${this.table('workspaces')} WHERE name = $1 FOR UPDATE`,
      [this.workspace],
    );
    return rows.length === 0 ? undefined : { lineage: rows[0]!.lineage, serial: Number(rows[0]!.serial) };
  }

  private async upsertResource(client: Queryable, address: string, resource: ResourceState): Promise<void> {
    await client.query(
      `INSERT INTO ${this.table('resources')} (workspace, address, resource) VALUES ($1, $2, $3)
       ON CONFLICT (workspace, address) DO UPDATE SET resource = EXCLUDED.resource`,
      [this.workspace, address, JSON.stringify(resource)],
    );
  }

  /**
   * Takes the workspace's lock: a session-level advisory lock on a dedicated
   * connection, and a holder row naming this run. A holder that dies
   * releases the lock with its session; its row is then replaced.
   * @throws StateLockedError naming the holder (at once, or after
   *   `timeoutSeconds`).
   */
  async lock(command: string, options: LockOptions = {}): Promise<StateLock> {
    await this.prepare();
    if (this.lockSession) throw new StateError(`${this.describe()} is already locked by this run`);
    const session = new pg.Client({ connectionString: this.url });
    try {
      await session.connect();
    } catch (error) {
      throw new StateError(`cannot connect to the state database ${redactUrl(this.url)}: ${(error as Error).message}`);
    }
    const keys = lockKeys(this.schema, this.workspace);
    const timeoutSeconds = options.timeoutSeconds ?? 0;
    const started = Date.now();
    for (;;) {
      const { rows } = await session.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS locked', keys);
      if (rows[0]!.locked) break;
      const waited = (Date.now() - started) / 1000;
      if (waited >= timeoutSeconds) {
        const holder = await this.holder(session);
        await session.end().catch(() => undefined);
        throw new StateLockedError(holder ?? unknownHolder(), this.describe(), timeoutSeconds > 0 ? waited : 0);
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(250, Math.max(10, timeoutSeconds * 1000 - (Date.now() - started)))));
    }
    const holder: LockHolder = { id: randomUUID(), pid: process.pid, host: hostname(), started_at: new Date().toISOString(), command };
    const { rows } = await session.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    await session.query(
      `INSERT INTO ${this.table('locks')} (workspace, id, pid, host, "user", command, started_at, backend_pid) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (workspace) DO UPDATE SET id = EXCLUDED.id, pid = EXCLUDED.pid, host = EXCLUDED.host, "user" = EXCLUDED."user",
         command = EXCLUDED.command, started_at = EXCLUDED.started_at, backend_pid = EXCLUDED.backend_pid`,
      [this.workspace, holder.id, holder.pid, holder.host, currentUser(), command, holder.started_at, rows[0]!.pid],
    );
    this.lockSession = session;
    this.lockLost = undefined;
    const lost = (reason: string) => {
      if (this.lockSession !== session) return;
      this.lockLost ??= new StateError(
        `the connection holding the state lock of ${this.describe()} was lost (${reason}): no further change can be recorded; run again to reconcile`,
      );
    };
    session.on('error', (error: Error) => lost(error.message));
    session.on('end', () => lost('connection closed'));
    let released = false;
    return {
      holder,
      release: async () => {
        if (released) return;
        released = true;
        this.lockSession = undefined;
        try {
          if (!this.lockLost) {
            await session.query(`DELETE FROM ${this.table('locks')} WHERE workspace = $1 AND id = $2`, [this.workspace, holder.id]);
            await session.query('SELECT pg_advisory_unlock($1, $2)', keys);
          }
        } catch {
          // The session is gone: the server released the advisory lock with it.
        } finally {
          await session.end().catch(() => undefined);
        }
      },
    };
  }

  /** The holder row of this workspace, if any. */
  private async holder(client: Queryable): Promise<(LockHolder & { backend_pid: number }) | undefined> {
    const { rows } = await client.query<{
      id: string;
      pid: number;
      host: string;
      user: string;
      command: string;
      started_at: Date;
      backend_pid: number;
    }>(`SELECT id, pid, host, "user", command, started_at, backend_pid FROM ${this.table('locks')} WHERE workspace = $1`, [this.workspace]);
    if (rows.length === 0) return undefined;
    const row = rows[0]!;
    return {
      id: row.id,
      pid: row.pid,
      host: row.host,
      command: row.command,
      started_at: new Date(row.started_at).toISOString(),
      backend_pid: row.backend_pid,
    };
  }

  /**
   * Removes the lock whose id is `id`: terminates the session that holds it
   * (the holder's next write then fails) and deletes the holder row.
   * @throws StateError when the workspace is not locked or the id differs.
   */
  async forceUnlock(id: string): Promise<void> {
    await this.reader(async (client) => {
      const holder = await this.holder(client);
      const keys = lockKeys(this.schema, this.workspace);
      const { rows } = await client.query<{ pid: number }>(
        `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND classid = $1::bigint::oid AND objid = $2::bigint::oid AND objsubid = 2`,
        [keys[0] >>> 0, keys[1] >>> 0],
      );
      if (!holder || rows.length === 0) {
        if (holder) await client.query(`DELETE FROM ${this.table('locks')} WHERE workspace = $1`, [this.workspace]);
        throw new StateError(`${this.describe()} is not locked`);
      }
      if (holder.id !== id) throw new StateError(`the lock of ${this.describe()} has id ${holder.id}, not ${id}: nothing was unlocked`);
      for (const row of rows) await client.query('SELECT pg_terminate_backend($1)', [row.pid]);
      await client.query(`DELETE FROM ${this.table('locks')} WHERE workspace = $1 AND id = $2`, [this.workspace, id]);
    });
  }

  /**
   * The workspace row's lineage, serial and move marker, without reading
   * the state; `null` when the workspace has no state.
   */
  async head(): Promise<{ lineage: string; serial: number; movedTo: string | null } | null> {
    return this.reader(async (client) => {
      const { rows } = await client.query<{ lineage: string; serial: string; moved_to: string | null }>(
        `SELECT lineage, serial, moved_to FROM ${this.table('workspaces')} WHERE name = $1`,
        [this.workspace],
      );
      return rows.length === 0 ? null : { lineage: rows[0]!.lineage, serial: Number(rows[0]!.serial), movedTo: rows[0]!.moved_to };
    });
  }

  /** Marks the workspace's state as moved to `to` (a description without secrets): every later read refuses, naming it. */
  async markMoved(to: string): Promise<void> {
    await this.writer((client) =>
      client.query(`UPDATE ${this.table('workspaces')} SET moved_to = $2, moved_at = now() WHERE name = $1`, [this.workspace, to]),
    );
  }

  /** Removes every row of the workspace (its state, change log and journal), whatever it manages: only for `state migrate`. */
  async discard(): Promise<void> {
    await this.writer((client) =>
      transaction(client, async () => {
        for (const name of ['resources', 'changes', 'journal'])
          await client.query(`DELETE FROM ${this.table(name)} WHERE workspace = $1`, [this.workspace]);
        await client.query(`DELETE FROM ${this.table('workspaces')} WHERE name = $1`, [this.workspace]);
      }),
    );
  }

  /** Workspace names that have state, sorted. */
  async workspaces(): Promise<string[]> {
    return this.reader(async (client) => {
      const { rows } = await client.query<{ name: string }>(
        `SELECT name FROM ${this.table('workspaces')} WHERE moved_to IS NULL ORDER BY name`,
      );
      return rows.map((row) => row.name);
    });
  }

  /**
   * Deletes this workspace's state, journal, log and lock row.
   * @throws StateError when it still manages resources.
   */
  async deleteWorkspace(): Promise<void> {
    await this.writer((client) =>
      transaction(client, async () => {
        const { rows } = await client.query<{ count: string }>(
          `SELECT count(*) AS count FROM ${this.table('resources')} WHERE workspace = $1`,
          [this.workspace],
        );
        if (Number(rows[0]!.count) > 0)
          throw new StateError(
            `workspace ${this.workspace} still manages ${rows[0]!.count} resources: destroy them or 'cloudctl state rm' them first`,
          );
        for (const name of ['changes', 'journal', 'locks'])
          await client.query(`DELETE FROM ${this.table(name)} WHERE workspace = $1`, [this.workspace]);
        await client.query(`DELETE FROM ${this.table('workspaces')} WHERE name = $1`, [this.workspace]);
      }),
    );
  }

  /** Closes the pool (release the lock first). */
  async close(): Promise<void> {
    await this.pool.end().catch(() => undefined);
  }
}

function headerJson(header: Record<string, unknown>): string | null {
  return Object.keys(header).length === 0 ? null : JSON.stringify(header);
}

function currentUser(): string {
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}

function unknownHolder(): LockHolder {
  return { id: 'unknown', pid: 0, host: 'unknown', started_at: new Date(0).toISOString(), command: 'unknown' };
}

/** Runs `work` inside BEGIN/COMMIT on `client`, rolling back on error. */
async function transaction<T>(client: Queryable, work: () => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    const result = await work();
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/**
 * The journal as rows of the `journal` table. An entry is committed before
 * its method resolves, as the file journal's fsync.
 */
export class PostgresJournal extends EntryJournal {
  constructor(private readonly backend: PostgresBackend) {
    super();
  }

  async compact(): Promise<void> {
    await this.backend.writer(async (client) => {
      const { rows } = await client.query<{ seq: string; entry: JournalEntry }>(
        `SELECT seq, entry FROM ${this.backend.table('journal')} WHERE workspace = $1 ORDER BY seq`,
        [this.backend.workspace],
      );
      const { intents } = pendingEntries(rows.map((row) => row.entry));
      const keep = new Set(intents.map((intent) => intent.intent_id));
      // Records of going past the budget are the audit trail: kept with their results.
      for (const { entry } of rows) if (entry.kind === 'intent' && entry.operation === AUDIT_OPERATION) keep.add(entry.intent_id);
      const listings = new Set(intents.map((intent) => intent.existing_listing));
      const drop = rows
        .filter(({ entry }) => (entry.kind === 'listing' ? !listings.has(entry.listing_id) : !keep.has(entry.intent_id)))
        .map((row) => row.seq);
      if (drop.length > 0)
        await client.query(`DELETE FROM ${this.backend.table('journal')} WHERE workspace = $1 AND seq = ANY($2::bigint[])`, [
          this.backend.workspace,
          drop,
        ]);
    });
  }

  /** Every entry in the order recorded. */
  async entries(): Promise<JournalEntry[]> {
    return this.backend.reader(async (client) => {
      const { rows } = await client.query<{ entry: JournalEntry }>(
        `SELECT entry FROM ${this.backend.table('journal')} WHERE workspace = $1 ORDER BY seq`,
        [this.backend.workspace],
      );
      return rows.map((row) => row.entry);
    });
  }

  protected async append(entry: JournalEntry): Promise<void> {
    await this.backend.writer((client) =>
      client.query(`INSERT INTO ${this.backend.table('journal')} (workspace, entry) VALUES ($1, $2)`, [
        this.backend.workspace,
        JSON.stringify(entry),
      ]),
    );
  }
}
