/**
 * `cloudctl watch --stacks` (docs/stacks.md, "Watching many stacks"): any
 * number of replicas share the stacks of a stacks file through PostgreSQL,
 * with no coordinator of cloudctl's own:
 *
 * - **ownership**: a replica owns a stack while it holds a session-level
 *   advisory lock on the stack's key, on its one coordination session; the
 *   server allows one holder, and releases a dead replica's locks with its
 *   session, so another replica takes them at its next look (every half
 *   interval);
 * - **share**: every replica holds a shared advisory lock on the group's
 *   key; the holders counted in `pg_locks` are the live replicas, and each
 *   owns at most ceil(stacks / replicas): one that owns more gives the rest
 *   up (a replica that joins takes its share), one that owns fewer tries more;
 * - **cycles**: each owned stack gets one watch cycle (the engine's Watcher,
 *   report only) every interval, under the stack's own watcher lock;
 * - **findings** (drift, deletes, pending changes) are written to a table
 *   before they are reported, so each is reported once, whichever replica
 *   finds it, until it is gone;
 * - **the request budget** is shared per API token (shared-budget.ts).
 *
 * Events go out as {@link StacksWatchEvent}s (the CLI prints JSON lines);
 * metrics (prom-client) carry a `stack` label, and
 * `cloudctl_watch_stacks_owned` says how many stacks this replica owns.
 */
import { createServer, type Server } from 'node:http';
import { hostname } from 'node:os';
import pLimit from 'p-limit';
import pg from 'pg';
import { Counter, Gauge, Registry } from 'prom-client';
import { Watcher, type Engine } from '../engine/engine.js';
import type { WatchEvent } from '../engine/events.js';
import { createBudgetTable, lockKey, SharedRequestBudget } from './shared-budget.js';
import type { Stacks } from './stacks.js';

/** The class key of a stack's ownership lock ("stak"). */
export const STACK_LOCK_CLASS = 0x7374616b;
/** The class key of the replicas' shared lock ("strp"). */
export const REPLICA_LOCK_CLASS = 0x73747270;

/** The second key of stack `name`'s ownership lock, in `schema` (tests sample `pg_locks` with it). */
export function stackLockKey(schema: string, name: string): number {
  return lockKey(`${schema}\u0000${name}`);
}

/** Options of {@link StacksWatcher}. */
export interface StacksWatchOptions {
  /** The coordination database: `postgres://...` (`?schema=` names the schema of its tables, default `cloudctl`). */
  url: string;
  schema: string;
  /** This replica's name in events and metrics (default `HOST-PID`). */
  replica?: string;
  /** Seconds between two cycles of one stack (default 300); ownership is looked at every half of it. */
  intervalSeconds?: number;
  /** Requests in any minute across every replica using the same API token. */
  maxRequestsPerMinute?: number;
  /** The API token the budget is counted for (default CLOUDCTL_API_KEY; none: the budget is counted for "no token"). */
  token?: string;
  /** Cycles run at once by this replica (default 4). */
  parallelism?: number;
  /** Serve Prometheus metrics at `/metrics` on `host:port` or `:port`. */
  metricsListen?: string;
  signal?: AbortSignal;
  onEvent?: (event: StacksWatchEvent) => void;
}

/**
 * What a watcher of stacks reports: `owned` (the stacks this replica owns
 * changed), a stack's finding (a watch event of type `drift`, `deleted` or
 * `pending_change`, reported once), `cycle_finished` / `cycle_failed` of a
 * stack, `started` and `stopped`.
 */
export type StacksWatchEvent =
  | { type: 'started'; replica: string; stacks: number; intervalSeconds: number; maxRequestsPerMinute: number | null; metricsUrl?: string }
  | { type: 'owned'; replica: string; stacks: string[]; replicas: number }
  | (WatchEvent & { stack: string; replica: string })
  | { type: 'stopped'; replica: string; reason: string };

const FINDINGS = new Set(['drift', 'deleted', 'pending_change']);

/** The watcher of stacks of one replica (see the module comment). */
export class StacksWatcher {
  readonly replica: string;
  private readonly intervalSeconds: number;
  private readonly names: string[];
  private readonly owned = new Set<string>();
  private readonly lastCycle = new Map<string, number>();
  private readonly running = new Set<string>();
  private session: pg.Client | undefined;
  private pool: pg.Pool | undefined;
  private readonly registry = new Registry();
  private readonly ownedGauge: Gauge;
  private readonly cycles: Counter;
  private readonly findings: Counter;
  private readonly drifted: Gauge;

  constructor(
    private readonly stacks: Stacks,
    private readonly options: StacksWatchOptions,
  ) {
    this.replica = options.replica ?? `${hostname()}-${process.pid}`;
    this.intervalSeconds = options.intervalSeconds ?? 300;
    if (!(this.intervalSeconds > 0)) throw new Error(`--interval must be more than 0 seconds (got ${this.intervalSeconds})`);
    this.names = [...stacks.file.order];
    const registers = [this.registry];
    this.ownedGauge = new Gauge({
      name: 'cloudctl_watch_stacks_owned',
      help: 'Stacks this replica owns (watches)',
      labelNames: ['replica'],
      registers,
    });
    this.cycles = new Counter({
      name: 'cloudctl_watch_stack_cycles_total',
      help: 'Watch cycles run, by stack and outcome',
      labelNames: ['stack', 'outcome'],
      registers,
    });
    this.findings = new Counter({
      name: 'cloudctl_watch_stack_findings_total',
      help: 'Findings reported (once each), by stack and type',
      labelNames: ['stack', 'type'],
      registers,
    });
    this.drifted = new Gauge({
      name: 'cloudctl_watch_stack_drifted',
      help: 'Resources drifted at the last cycle, by stack',
      labelNames: ['stack'],
      registers,
    });
  }

  private emit(event: StacksWatchEvent): void {
    this.options.onEvent?.(event);
  }

  private get table(): string {
    return `"${this.options.schema}".watch_stack_findings`;
  }

  /** Connects: the coordination session (the replica's shared lock) and a pool for the tables. Errors: the database unreachable. */
  private async connect(): Promise<void> {
    this.pool = new pg.Pool({ connectionString: this.options.url, max: 4 });
    await createBudgetTable(this.pool, this.options.schema);
    await this.pool.query(
      `CREATE TABLE IF NOT EXISTS ${this.table} (stack text NOT NULL, finding text NOT NULL, replica text NOT NULL, at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (stack, finding))`,
    );
    this.session = new pg.Client({ connectionString: this.options.url });
    await this.session.connect();
    this.session.on('error', () => undefined); // a lost session drops every lock: the loop stops on the next query's error
    await this.session.query('SELECT pg_advisory_lock_shared($1, $2)', [REPLICA_LOCK_CLASS, lockKey(this.options.schema)]);
  }

  /** Live replicas: the holders of the group's shared lock. */
  private async replicas(): Promise<number> {
    const { rows } = await (this.session as pg.Client).query<{ count: string }>(
      `SELECT count(DISTINCT pid) AS count FROM pg_locks WHERE locktype = 'advisory' AND classid = $1::bigint::oid AND objid = $2::bigint::oid AND objsubid = 2 AND granted`,
      [REPLICA_LOCK_CLASS, lockKey(this.options.schema)],
    );
    return Math.max(1, Number(rows[0].count));
  }

  /** Gives up or takes stacks so this replica owns its share. */
  private async rebalance(): Promise<void> {
    const session = this.session as pg.Client;
    const replicas = await this.replicas();
    const share = Math.ceil(this.names.length / replicas);
    const before = [...this.owned].sort().join(',');
    // Give up the extra ones, those not in a cycle first.
    const extra = [...this.owned].sort((a, b) => Number(this.running.has(a)) - Number(this.running.has(b))).slice(share);
    for (const name of extra.slice(0, Math.max(0, this.owned.size - share))) {
      await session.query('SELECT pg_advisory_unlock($1, $2)', [STACK_LOCK_CLASS, stackLockKey(this.options.schema, name)]);
      this.owned.delete(name);
    }
    // Try the others, from a place of this replica's own, so replicas starting together try different stacks first.
    const start = lockKey(this.replica) % this.names.length;
    const order = [...this.names.slice(start), ...this.names.slice(0, start)];
    for (const name of order) {
      if (this.owned.size >= share) break;
      if (this.owned.has(name)) continue;
      const { rows } = await session.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS locked', [
        STACK_LOCK_CLASS,
        stackLockKey(this.options.schema, name),
      ]);
      if (rows[0].locked) this.owned.add(name);
    }
    this.ownedGauge.set({ replica: this.replica }, this.owned.size);
    const after = [...this.owned].sort();
    if (after.join(',') !== before) this.emit({ type: 'owned', replica: this.replica, stacks: after, replicas });
  }

  /** Reports `event` of `stack` if no replica has reported it (the findings table); true when it is reported. */
  private async reportOnce(stack: string, event: WatchEvent, seen: Set<string>): Promise<void> {
    const { cycle: _cycle, ...rest } = event as WatchEvent & { cycle?: number };
    const key = JSON.stringify(rest);
    seen.add(key);
    const { rowCount } = await (this.pool as pg.Pool).query(
      `INSERT INTO ${this.table} (stack, finding, replica) VALUES ($1, $2, $3) ON CONFLICT (stack, finding) DO NOTHING`,
      [stack, key, this.replica],
    );
    if ((rowCount ?? 0) === 0) return;
    this.findings.inc({ stack, type: event.type });
    this.emit({ ...event, stack, replica: this.replica });
  }

  /** One watch cycle of `stack` (report only), under its own watcher lock. */
  private async cycle(stack: string, budget: SharedRequestBudget | undefined): Promise<void> {
    this.running.add(stack);
    this.lastCycle.set(stack, Date.now());
    const seen = new Set<string>();
    const pending: Promise<void>[] = [];
    let engine: Engine | undefined;
    let failed: string | undefined;
    try {
      const variables = await this.stacks.recordedVariables(stack);
      engine = await this.stacks.openEngine(stack);
      const declaration = this.stacks.file.stacks.get(stack);
      const watcher = new Watcher(engine, declaration?.manifest as string, {
        once: true,
        repair: 'none',
        intervalSeconds: this.intervalSeconds,
        variables,
        ...(budget ? { requestLimiter: budget } : {}),
        signal: this.options.signal,
        onWatchEvent: (event) => {
          if (FINDINGS.has(event.type)) pending.push(this.reportOnce(stack, event, seen));
          else if (event.type === 'cycle_finished') {
            this.drifted.set({ stack }, event.drifted);
            this.emit({ ...event, stack, replica: this.replica });
          } else if (event.type === 'cycle_failed') this.emit({ ...event, stack, replica: this.replica });
        },
      });
      const outcome = await watcher.run();
      await Promise.all(pending);
      if (outcome.status === 'failed') failed = outcome.message ?? 'failed';
    } catch (error) {
      failed = (error as Error).message;
    } finally {
      await engine?.close();
      this.running.delete(stack);
    }
    this.cycles.inc({ stack, outcome: failed ? 'failed' : 'ok' });
    if (failed !== undefined) {
      if (!/another watcher/.test(failed))
        this.emit({ type: 'cycle_failed', cycle: 1, message: failed, requests: 0, apiErrors: 0, stack, replica: this.replica });
      return;
    }
    // What is gone may be reported again if it comes back.
    const keys = [...seen];
    await (this.pool as pg.Pool).query(`DELETE FROM ${this.table} WHERE stack = $1 AND NOT (finding = ANY($2::text[]))`, [stack, keys]);
  }

  /** Serves the metrics; resolves with the URL. */
  private async serveMetrics(listen: string): Promise<{ server: Server; url: string }> {
    const match = /^(.*):(\d+)$/.exec(listen);
    if (!match) throw new Error(`--metrics-listen ${listen}: expected HOST:PORT or :PORT`);
    const host = match[1] || '0.0.0.0';
    const server = createServer((request, response) => {
      if (request.url !== '/metrics') return void response.writeHead(404).end();
      void this.registry.metrics().then((text) => response.writeHead(200, { 'content-type': this.registry.contentType }).end(text));
    });
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(Number(match[2]), host, resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : Number(match[2]);
    return { server, url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}/metrics` };
  }

  /**
   * Watches until the signal aborts: looks at ownership every half
   * interval, runs a cycle of each owned stack every interval. Errors: the
   * coordination database unreachable, the metrics address in use; a
   * failed cycle is an event.
   */
  async run(): Promise<void> {
    const { signal } = this.options;
    await this.connect();
    const served = this.options.metricsListen ? await this.serveMetrics(this.options.metricsListen) : undefined;
    const token = this.options.token ?? '';
    const budget =
      this.options.maxRequestsPerMinute === undefined
        ? undefined
        : new SharedRequestBudget(this.pool as pg.Pool, this.options.schema, token, this.options.maxRequestsPerMinute);
    this.emit({
      type: 'started',
      replica: this.replica,
      stacks: this.names.length,
      intervalSeconds: this.intervalSeconds,
      maxRequestsPerMinute: this.options.maxRequestsPerMinute ?? null,
      ...(served ? { metricsUrl: served.url } : {}),
    });
    const limit = pLimit(this.options.parallelism ?? 4);
    const cycles = new Set<Promise<void>>();
    try {
      while (!signal?.aborted) {
        await this.rebalance();
        for (const stack of this.owned) {
          const last = this.lastCycle.get(stack) ?? 0;
          if (this.running.has(stack) || Date.now() - last < this.intervalSeconds * 1000) continue;
          this.lastCycle.set(stack, Date.now());
          this.running.add(stack);
          const promise: Promise<void> = limit(() => this.cycle(stack, budget)).finally(() => cycles.delete(promise));
          cycles.add(promise);
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, (this.intervalSeconds * 1000) / 2);
          signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
        });
      }
      await Promise.all(cycles);
      this.emit({ type: 'stopped', replica: this.replica, reason: 'stopped: signal received' });
    } finally {
      await this.session?.end().catch(() => undefined);
      await this.pool?.end().catch(() => undefined);
      if (served) await new Promise((resolve) => served.server.close(resolve));
    }
  }
}
