/**
 * A request budget shared through PostgreSQL (`cloudctl watch --stacks`,
 * docs/stacks.md): every replica watching stacks with one API token takes
 * each request's permit from one table, so N replicas together never send
 * more than `perMinute` requests in any 60 seconds, as one would.
 *
 * The table keeps a count per second (PostgreSQL's clock, so the replicas'
 * clocks do not matter) and per token (a SHA-256 of it: the token itself is
 * never stored). A permit is taken in a transaction holding an advisory
 * transaction lock on the token's key: the sum over the last 60 seconds is
 * below the budget, so one more is counted; otherwise the caller waits until
 * the oldest second counted leaves the window. Any 60-second window (in whole
 * seconds of the server's clock) thus holds at most `perMinute` permits.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { RequestLimiter } from '../api/request-budget.js';

/** The class key of the budget's advisory transaction locks ("budg"). */
const BUDGET_LOCK_CLASS = 0x62756467;

/** A positive 31-bit FNV-1a hash of `text` (an advisory lock's second key). */
export function lockKey(text: string): number {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.codePointAt(0) as number;
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 1) & 0x7fffffff;
}

/** Creates the budget's table in `schema` if it is not there. */
export async function createBudgetTable(pool: pg.Pool, schema: string): Promise<void> {
  await pool.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  await pool.query(
    `CREATE TABLE IF NOT EXISTS "${schema}".watch_request_budget (token_key text NOT NULL, second bigint NOT NULL, requests integer NOT NULL, PRIMARY KEY (token_key, second))`,
  );
}

/** Waits `ms`; rejects with `signal`'s reason when it aborts. */
function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', abort, { once: true });
  });
}

/** The shared budget of one API token (see the module comment). */
export class SharedRequestBudget implements RequestLimiter {
  private readonly tokenKey: string;
  private pausedUntil = 0;

  /**
   * `pool`: a pool on the coordination database; `schema`: where the table is
   * ({@link createBudgetTable}); `token`: the API token (hashed here);
   * `perMinute`: requests allowed in any 60 seconds, across every replica.
   */
  constructor(
    private readonly pool: pg.Pool,
    private readonly schema: string,
    token: string,
    readonly perMinute: number,
  ) {
    if (!Number.isInteger(perMinute) || perMinute < 2)
      throw new Error(`--max-requests-per-minute must be a whole number of at least 2 (got ${perMinute})`);
    this.tokenKey = createHash('sha256').update(token).digest('hex');
  }

  /** Resolves once a permit is counted. Endpoint: none (PostgreSQL only). Rejects with `signal`'s reason when aborted, or the database's error. */
  async take(signal?: AbortSignal): Promise<void> {
    for (;;) {
      const local = this.pausedUntil - Date.now();
      if (local > 0) await wait(local, signal);
      const waitMs = await this.tryTake();
      if (waitMs === 0) return;
      await wait(waitMs, signal);
    }
  }

  /** One try: 0 when a permit was counted, else the milliseconds to wait before trying again. */
  private async tryTake(): Promise<number> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1, $2)', [BUDGET_LOCK_CLASS, lockKey(this.tokenKey)]);
      const table = `"${this.schema}".watch_request_budget`;
      const { rows } = await client.query<{ now: string; used: string; oldest: string | null }>(
        `SELECT extract(epoch FROM clock_timestamp()) AS now,
                coalesce(sum(requests), 0) AS used, min(second) AS oldest
           FROM ${table} WHERE token_key = $1 AND second > floor(extract(epoch FROM clock_timestamp())) - 60`,
        [this.tokenKey],
      );
      const now = Number(rows[0].now);
      const second = Math.floor(now);
      if (Number(rows[0].used) < this.perMinute) {
        await client.query(
          `INSERT INTO ${table} (token_key, second, requests) VALUES ($1, $2, 1)
             ON CONFLICT (token_key, second) DO UPDATE SET requests = ${table}.requests + 1`,
          [this.tokenKey, second],
        );
        if (second % 30 === 0)
          await client.query(`DELETE FROM ${table} WHERE token_key = $1 AND second < $2`, [this.tokenKey, second - 120]);
        await client.query('COMMIT');
        return 0;
      }
      await client.query('COMMIT');
      // The oldest second counted leaves the window at oldest + 60.
      const oldest = rows[0].oldest === null ? second : Number(rows[0].oldest);
      return Math.max(50, Math.ceil((oldest + 60 - now) * 1000) + 5);
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** The server answered 429: this replica pauses 5 seconds (the others find out from their own answers). */
  throttled(): void {
    this.pausedUntil = Date.now() + 5000;
  }
}
