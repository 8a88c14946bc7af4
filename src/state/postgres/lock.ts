/**
 * The PostgreSQL backend's writer lock: a session-level advisory lock held
 * by a dedicated session (which every write of the locked run then goes
 * through, see connection.ts), and a row of `locks` naming the holder (pid,
 * host, user, command, started_at, lock id, and that session). A holder
 * that dies releases the lock with its session.
 */
import { randomUUID } from 'node:crypto';
import { hostname, userInfo } from 'node:os';
import type { LockHolder, LockOptions, StateLock } from '../contracts.js';
import { StateError, StateLockedError } from '../errors.js';
import { postgresClient, redactUrl, type PostgresConnection, type Queryable } from './connection.js';

/** Two 32-bit keys for `pg_advisory_lock(int, int)`: a fixed class for cloudctl and a hash of schema and workspace. */
function lockKeys(schema: string, workspace: string): [number, number] {
  let hash = 0x811c9dc5;
  for (const char of `${schema}\u0000${workspace}`) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193);
  }
  return [0x636c6f75 | 0, hash | 0]; // "clou"
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

/** The lock of one database workspace (see the module comment). */
export class PostgresLock {
  constructor(private readonly db: PostgresConnection) {}

  /**
   * Takes the workspace's lock: a session-level advisory lock on a dedicated
   * connection, and a holder row naming this run. A holder that dies
   * releases the lock with its session; its row is then replaced.
   * @throws StateLockedError naming the holder (at once, or after
   *   `timeoutSeconds`).
   */
  async lock(command: string, options: LockOptions = {}): Promise<StateLock> {
    await this.db.prepare();
    if (this.db.holdsLockSession()) throw new StateError(`${this.db.describe()} is already locked by this run`);
    const session = new (await postgresClient()).Client({ connectionString: this.db.url });
    try {
      await session.connect();
    } catch (error) {
      throw new StateError(`cannot connect to the state database ${redactUrl(this.db.url)}: ${(error as Error).message}`);
    }
    const keys = lockKeys(this.db.schema, this.db.workspace);
    const timeoutSeconds = options.timeoutSeconds ?? 0;
    const started = Date.now();
    for (;;) {
      const { rows } = await session.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS locked', keys);
      if (rows[0]!.locked) break;
      const waited = (Date.now() - started) / 1000;
      if (waited >= timeoutSeconds) {
        const holder = await this.holder(session);
        await session.end().catch(() => undefined);
        throw new StateLockedError(holder ?? unknownHolder(), this.db.describe(), timeoutSeconds > 0 ? waited : 0);
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(250, Math.max(10, timeoutSeconds * 1000 - (Date.now() - started)))));
    }
    const holder: LockHolder = { id: randomUUID(), pid: process.pid, host: hostname(), started_at: new Date().toISOString(), command };
    const { rows } = await session.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    await session.query(
      `INSERT INTO ${this.db.table('locks')} (workspace, id, pid, host, "user", command, started_at, backend_pid) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (workspace) DO UPDATE SET id = EXCLUDED.id, pid = EXCLUDED.pid, host = EXCLUDED.host, "user" = EXCLUDED."user",
         command = EXCLUDED.command, started_at = EXCLUDED.started_at, backend_pid = EXCLUDED.backend_pid`,
      [this.db.workspace, holder.id, holder.pid, holder.host, currentUser(), command, holder.started_at, rows[0]!.pid],
    );
    this.db.useLockSession(session);
    let released = false;
    return {
      holder,
      release: async () => {
        if (released) return;
        released = true;
        this.db.dropLockSession();
        try {
          if (!this.db.lockSessionLost()) {
            await session.query(`DELETE FROM ${this.db.table('locks')} WHERE workspace = $1 AND id = $2`, [this.db.workspace, holder.id]);
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
    }>(`SELECT id, pid, host, "user", command, started_at, backend_pid FROM ${this.db.table('locks')} WHERE workspace = $1`, [
      this.db.workspace,
    ]);
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
  async forceUnlock(id: string): Promise<LockHolder> {
    return this.db.reader(async (client) => {
      const holder = await this.holder(client);
      const rows = await this.sessionsHolding(client);
      if (!holder || rows.length === 0) {
        if (holder) await client.query(`DELETE FROM ${this.db.table('locks')} WHERE workspace = $1`, [this.db.workspace]);
        throw new StateError(`${this.db.describe()} is not locked`);
      }
      if (holder.id !== id) throw new StateError(`the lock of ${this.db.describe()} has id ${holder.id}, not ${id}: nothing was unlocked`);
      for (const row of rows) await client.query('SELECT pg_terminate_backend($1)', [row.pid]);
      await client.query(`DELETE FROM ${this.db.table('locks')} WHERE workspace = $1 AND id = $2`, [this.db.workspace, id]);
      const { backend_pid: _session, ...shown } = holder;
      return shown;
    });
  }

  /** Who holds the lock now (its holder row, while a session holds the advisory lock), or `null`. */
  currentHolder(): Promise<LockHolder | null> {
    return this.db.reader(async (client) => {
      const holder = await this.holder(client);
      if (!holder || (await this.sessionsHolding(client)).length === 0) return null;
      const { backend_pid: _session, ...shown } = holder;
      return shown;
    });
  }

  /** The database sessions holding this workspace's advisory lock. */
  private async sessionsHolding(client: Queryable): Promise<Array<{ pid: number }>> {
    const keys = lockKeys(this.db.schema, this.db.workspace);
    const { rows } = await client.query<{ pid: number }>(
      `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND classid = $1::bigint::oid AND objid = $2::bigint::oid AND objsubid = 2`,
      [keys[0] >>> 0, keys[1] >>> 0],
    );
    return rows;
  }
}
