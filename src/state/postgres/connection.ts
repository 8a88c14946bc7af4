/**
 * The PostgreSQL backend's connections to one workspace: a small pool for
 * reads (and for writes while no lock is held), and, while the lock is
 * held, the lock's own session, which every write then goes through; so a
 * run whose session died (killed, or terminated by `pg_terminate_backend`)
 * can write nothing more. The store, the lock and the journal of the
 * backend all work through one {@link PostgresConnection}.
 */
import type pg from 'pg';
import { StateError } from '../errors.js';
import { identifier, migrateSchema } from './schema.js';

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

/**
 * The PostgreSQL client library, imported on first use: a local state never
 * loads it (it costs about 0.1 s of CPU at start-up).
 */
export async function postgresClient(): Promise<typeof pg> {
  return (await import('pg')).default;
}

/** A connection a query can run on: a pooled one or the lock's session. */
export type Queryable = pg.Client | pg.PoolClient;

/** Runs `work` inside `begin` (default `BEGIN`) and COMMIT on `client`, rolling back on error. */
export async function transaction<T>(client: Queryable, work: () => Promise<T>, begin = 'BEGIN'): Promise<T> {
  await client.query(begin);
  try {
    const result = await work();
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** One workspace of one database: where, and the connections to it (see the module comment). */
export class PostgresConnection {
  /** Made on the first connection (see {@link postgresClient}). */
  private pool: Promise<pg.Pool> | undefined;
  private prepared: Promise<void> | undefined;
  /** The session holding the advisory lock, while held. */
  private lockSession: pg.Client | undefined;
  private lockLost: Error | undefined;
  /** Work on the lock's session runs one after the other (see {@link PostgresConnection.writer}). */
  private sessionQueue: Promise<unknown> = Promise.resolve();

  constructor(
    /** The connection string (it may hold a password: show {@link redactUrl} of it). */
    readonly url: string,
    /** The schema holding cloudctl's tables. */
    readonly schema: string,
    /** The workspace's name. */
    readonly workspace: string,
  ) {
    identifier(this.schema);
  }

  /** The pool, made on first use. */
  private poolOf(): Promise<pg.Pool> {
    this.pool ??= postgresClient().then((client) => {
      const pool = new client.Pool({ connectionString: this.url, max: 2, idleTimeoutMillis: 1000 });
      pool.on('error', () => undefined); // an idle client's error surfaces on the next query
      return pool;
    });
    return this.pool;
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

  /** A pooled connection. @throws StateError when the database cannot be reached. */
  private async connectPooled(): Promise<pg.PoolClient> {
    try {
      return await (await this.poolOf()).connect();
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
      await migrateSchema(client, this.schema, redactUrl(this.url));
    } finally {
      client.release();
    }
  }

  /** True while a lock's session is in use (see {@link useLockSession}). */
  holdsLockSession(): boolean {
    return this.lockSession !== undefined;
  }

  /** True when the lock's session was lost (then no write goes through). */
  lockSessionLost(): boolean {
    return this.lockLost !== undefined;
  }

  /**
   * Makes `session` (which holds the workspace's advisory lock) the
   * connection of every write until {@link dropLockSession}; once it fails
   * or ends, every later write is refused.
   */
  useLockSession(session: pg.Client): void {
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
  }

  /** Writes go through the pool again (the lock is being released). */
  dropLockSession(): void {
    this.lockSession = undefined;
  }

  /** Closes the pool (release the lock first). */
  async close(): Promise<void> {
    if (this.pool) await (await this.pool).end().catch(() => undefined);
  }
}
