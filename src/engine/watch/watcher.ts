/**
 * The watcher (`cloudctl watch`, docs/watch.md): a loop of cycles
 * (cycle.ts) every `intervalSeconds`, on a request budget (one token bucket
 * over every API request, src/api/request-budget.ts), as the one leader of
 * its workspace (src/state/watch-lock.ts). Findings go out as events
 * (events.ts), to `--notify` once each while they last (notify.ts), and
 * into Prometheus metrics (metrics.ts). Aborting its signal (SIGTERM) ends
 * it after the current step.
 */
import { RequestBudget, type RequestLimiter } from '../../api/request-budget.js';
import type { LoadedManifest } from '../../manifest/index.js';
import type { HeldLeaderLock } from '../../state/watch-lock.js';
import type { WorkspacePaths } from '../../state/workspace.js';
import type { Run } from '../session.js';
import type { OperationOptions, VariableOptions } from '../engine-options.js';
import { watchCycle, type CycleResult } from './cycle.js';
import { isFinding, type WatchEvent, type WatchEventHandler } from './events.js';
import type { WatchMetrics } from './metrics.js';
import type { Notifier } from './notify.js';

// The watcher lock (with pg), prom-client and the notifier load only when needed (--metrics-listen, --notify): other commands never load them.

/** Options of a watcher (`cloudctl watch`'s flags). */
export interface WatchOptions {
  /** Seconds between cycles (default 300). */
  intervalSeconds?: number;
  /** The request budget: requests in any minute, at least 2 (default: none). */
  maxRequestsPerMinute?: number;
  /** A request budget shared with others (src/stacks: one per API token across replicas, in PostgreSQL); wins over `maxRequestsPerMinute`'s own. */
  requestLimiter?: RequestLimiter;
  /** Run one cycle and stop (cron): the outcome says what it found. */
  once?: boolean;
  /** `free`: apply the changes that place no paid order and destroy nothing (default `none`: report only). */
  repair?: 'none' | 'free';
  /** POST each new finding to this URL. */
  notifyUrl?: string;
  /** Serve Prometheus metrics at `/metrics` on this address (`host:port`, `:port`). */
  metricsListen?: string;
  /** The saved plan of paid or destructive changes, relative to the working directory (default `.cloudctl/watch-plan.json` in the workspace folder). */
  planPath?: string;
  /** Seconds a follower waits between tries of the leader lock (default the interval, at most 5). */
  leaderPollSeconds?: number;
  /** Operations in flight at once (default 10). */
  parallelism?: number;
  /** Aborted: stop after the current step. */
  signal?: AbortSignal;
  /** Receives every watch event. */
  onWatchEvent?: WatchEventHandler;
  /** Waits `ms` (default a timer; rejects never, resolves early when `signal` aborts). Tests give a fake. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** How a watcher ended: `clean` (a `once` cycle found nothing), `findings` (it found drift, changes or unmanaged accounts), `failed`, or `stopped`. */
export interface WatchOutcome {
  status: 'clean' | 'findings' | 'failed' | 'stopped';
  /** `failed`: why. */
  message?: string;
  /** The metrics URL, when served. */
  metricsUrl?: string;
}

/**
 * What a watcher needs of the engine it watches through: an {@link Engine}
 * (engine.ts) is one. Declared here, not imported, so the watcher does not
 * import the front door that exports it.
 */
export interface WatchedEngine {
  /** Where the workspace's files and state live. */
  readonly workspace: WorkspacePaths;
  /** The settings of one operation (API, clock, catalogue), its events sent to the engine's handler. */
  run(options: OperationOptions): Run;
  /** Loads (parses, validates, resolves variables of) a manifest. */
  load(manifest: string, options: VariableOptions): Promise<LoadedManifest>;
}

/** What a watcher asks of its engine for one manifest. */
interface WatchHost {
  manifest: string;
  workspace: WorkspacePaths;
  run(): Run;
  load(): Promise<LoadedManifest>;
}

/** Waits `ms`, resolving early when `signal` aborts. */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * A watcher of one manifest in one workspace (see the module comment):
 * `new Watcher(engine, 'stack.yaml', options)`, then `run()`.
 */
export class Watcher {
  private readonly intervalSeconds: number;
  private readonly budget: RequestLimiter | undefined;
  private metrics: WatchMetrics | undefined;
  private notifier: Notifier | undefined;
  private requests = 0;
  private apiErrors = 0;
  private cycle = 0;
  private announced: string | undefined;
  /** Keys of the findings of the last cycle (a finding is new when the last cycle did not have it). */
  private lastFindings = new Set<string>();
  private currentFindings = new Set<string>();

  private readonly host: WatchHost;

  /** @throws Error on a bad option (interval, budget). */
  constructor(
    engine: WatchedEngine,
    manifest: string,
    private readonly options: WatchOptions & VariableOptions = {},
  ) {
    this.host = { manifest, workspace: engine.workspace, run: () => engine.run(options), load: () => engine.load(manifest, options) };
    this.intervalSeconds = options.intervalSeconds ?? 300;
    if (!(this.intervalSeconds > 0)) throw new Error(`--interval must be more than 0 seconds (got ${this.intervalSeconds})`);
    this.budget =
      options.requestLimiter ??
      (options.maxRequestsPerMinute === undefined ? undefined : new RequestBudget({ perMinute: options.maxRequestsPerMinute }));
  }

  /** The request budget in force (undefined: none). */
  get requestBudget(): RequestBudget | undefined {
    return this.budget instanceof RequestBudget ? this.budget : undefined;
  }

  private emit(event: WatchEvent): void {
    this.metrics?.observe(event);
    if (isFinding(event)) {
      const { cycle: _cycle, ...rest } = event as WatchEvent & { cycle: number };
      const key = JSON.stringify(rest);
      this.currentFindings.add(key);
      if (!this.lastFindings.has(key)) this.notifier?.send(event);
    }
    this.options.onWatchEvent?.(event);
  }

  /** The run of one cycle: the budget over every request, each request counted. */
  private cycleRun(): Run {
    return {
      ...this.host.run(),
      ...(this.budget ? { budget: this.budget } : {}),
      onRequest: (request) => {
        this.requests += 1;
        const failed = request.error !== undefined || (request.status ?? 0) >= 400;
        if (failed) this.apiErrors += 1;
        this.metrics?.request(failed);
      },
    };
  }

  /** Runs one cycle; resolves with what it found, or the error's message. */
  private async runCycle(load: () => Promise<LoadedManifest>): Promise<CycleResult | { error: string }> {
    this.cycle += 1;
    this.requests = 0;
    this.apiErrors = 0;
    this.currentFindings = new Set();
    const started = Date.now();
    const cycle = this.cycle;
    this.emit({ type: 'cycle_started', cycle, at: new Date(started).toISOString() });
    const planPath = this.options.planPath ?? `${this.host.workspace.folder}/watch-plan.json`;
    try {
      const loaded = await load();
      const result = await watchCycle(this.cycleRun(), loaded, {
        cycle,
        manifest: this.host.manifest,
        repair: this.options.repair ?? 'none',
        parallelism: this.options.parallelism ?? 10,
        lockTimeoutSeconds: this.intervalSeconds,
        planPath: this.host.workspace.resolve(planPath),
        planShown: planPath,
        announced: this.announced,
        signal: this.options.signal,
        emit: (event) => this.emit(event),
      });
      this.announced = result.announced;
      this.lastFindings = this.currentFindings;
      this.emit({
        type: 'cycle_finished',
        cycle,
        drifted: result.drifted,
        pending: result.pending,
        unmanaged: result.unmanaged.length,
        unmanagedMonthly: result.unmanaged.reduce((sum, account) => sum + (account.monthly ?? 0), 0),
        monthlyCost: result.monthlyCost,
        currency: result.currency,
        requests: this.requests,
        apiErrors: this.apiErrors,
        durationMs: Date.now() - started,
      });
      return result;
    } catch (error) {
      const message = (error as Error).message;
      this.emit({ type: 'cycle_failed', cycle, message, requests: this.requests, apiErrors: this.apiErrors });
      return { error: message };
    }
  }

  /**
   * Watches until `signal` aborts (or, `once`, for one cycle). Loads the
   * manifest each cycle; takes the watcher lock first (a follower tries it
   * every `leaderPollSeconds` until the leader dies; on the local backend a
   * second watcher is refused: WatcherRunningError). `watch_started` is sent
   * once this watcher holds the lock; a watcher refused by it sends one
   * `refused` event with the reason instead (and a `--once` beside a leader
   * too).
   * Errors: WatcherRunningError, a bad manifest at the start (DiagnosticError),
   * a bad notify URL, the metrics address in use. A failed cycle is an event, not an error (`once`: outcome `failed`).
   */
  async run(): Promise<WatchOutcome> {
    const { signal } = this.options;
    const sleep = this.options.sleep ?? pause;
    if (this.options.notifyUrl) {
      const { Notifier } = await import('./notify.js');
      const run = this.host.run();
      const token = run.token ?? run.env.CLOUDCTL_API_KEY;
      this.notifier = new Notifier({
        url: this.options.notifyUrl,
        secrets: token ? [token] : [],
        onFailure: (message) => this.emit({ type: 'notify_failed', message }),
      });
    }
    let loaded: LoadedManifest | undefined = await this.host.load();
    const location = this.host.workspace.stateLocation(loaded.manifest.backend);
    let served: Awaited<ReturnType<typeof import('./metrics.js').serveMetrics>> | undefined;
    if (this.options.metricsListen) {
      const { serveMetrics, WatchMetrics } = await import('./metrics.js');
      this.metrics = new WatchMetrics();
      served = await serveMetrics(this.metrics, this.options.metricsListen);
    }
    const { tryWatchLock } = await import('../../state/watch-lock.js');
    let lock: HeldLeaderLock | null = null;
    let lost = false;
    let announced = false;
    try {
      const pollMs = (this.options.leaderPollSeconds ?? Math.min(this.intervalSeconds, 5)) * 1000;
      let following = false;
      for (;;) {
        if (signal?.aborted) return this.stop('stopped: signal received', served?.url);
        if (!lock) {
          try {
            lock = await tryWatchLock(location, `watch ${this.host.manifest}`);
          } catch (error) {
            // A second watcher of a local workspace: it never ran, and says why.
            if ((error as Error).name === 'WatcherRunningError') this.emit({ type: 'refused', reason: (error as Error).message });
            throw error;
          }
          if (!lock) {
            if (this.options.once) {
              const reason = 'another watcher leads this workspace: a --once cycle is not run beside it';
              this.emit({ type: 'refused', reason });
              return { status: 'failed', message: reason };
            }
            if (!following)
              this.emit({
                type: 'leader',
                role: 'follower',
                message: 'another watcher leads this workspace; waiting to take over if it stops',
              });
            following = true;
            await sleep(pollMs, signal);
            continue;
          }
          following = false;
          lost = false;
          // Announced once, when this watcher first holds its lock: a consumer never records a watcher that never ran.
          if (!announced)
            this.emit({
              type: 'watch_started',
              manifest: this.host.manifest,
              intervalSeconds: this.intervalSeconds,
              maxRequestsPerMinute: this.options.maxRequestsPerMinute ?? null,
              repair: this.options.repair ?? 'none',
              backend: location.backend,
              ...(served ? { metricsUrl: served.url } : {}),
            });
          announced = true;
          void lock.lost.then((error) => {
            lost = true;
            this.emit({ type: 'leader', role: 'follower', message: `leadership lost: ${error.message}` });
          });
          this.emit({ type: 'leader', role: 'leader', message: 'this watcher leads the workspace' });
        }
        // The first cycle uses the manifest loaded at the start; later ones read the file again (it may have been edited).
        const first = loaded;
        loaded = undefined;
        const result = await this.runCycle(first ? () => Promise.resolve(first) : () => this.host.load());
        await this.notifier?.idle();
        if (this.options.once) {
          if ('error' in result) return { status: 'failed', message: result.error, ...(served ? { metricsUrl: served.url } : {}) };
          return {
            status: result.drifted + result.pending + result.unmanaged.length > 0 ? 'findings' : 'clean',
            ...(served ? { metricsUrl: served.url } : {}),
          };
        }
        await sleep(this.intervalSeconds * 1000, signal);
        if (lost) {
          await lock.release();
          lock = null;
        }
      }
    } finally {
      await lock?.release();
      if (served) await new Promise((resolve) => served.server.close(resolve));
    }
  }

  private stop(reason: string, metricsUrl?: string): WatchOutcome {
    this.emit({ type: 'stopped', reason });
    return { status: 'stopped', ...(metricsUrl ? { metricsUrl } : {}) };
  }
}
