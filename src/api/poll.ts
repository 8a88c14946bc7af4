/**
 * Waiting for a freshly ordered or changed resource to become `Active`,
 * following docs/api/polling.md "Waiting for Active": GET the
 * resource, lower-case its status, succeed on `active`, fail at once on a
 * failure status, otherwise sleep and repeat. Any error of the GET
 * (including a 404 right after create) ends the wait at once.
 */
import type { OperationContext } from './context.js';
import { PollTimeoutError, ResourceFailedError } from './errors.js';
import { asRecord, pickFirst } from './parse.js';

/** Overall limit when the context carries no usable deadline (30 minutes, docs/api/polling.md "Timeouts"). */
const DEFAULT_LIMIT_MS = 30 * 60 * 1000;

/** What to poll and how to read it. */
export interface WaitOptions {
  /** Path of the resource's GET, relative to the base URL (e.g. `/lites/accounts/7`). */
  path: string;
  /** Keys holding the status, first present wins. Default `['status', 'state']`. */
  statusKeys?: string[];
  /**
   * Statuses (lower case) that end the wait with `ResourceFailedError`,
   * e.g. `['suspended', 'terminated']` for lite/pro accounts or
   * `['terminated', 'error', 'failed']` for bare metal.
   */
  failureStatuses: string[];
  /** What is being waited for, for messages (`lite VM web`). */
  what?: string;
}

/**
 * Resolves after `ms` milliseconds (0 or less: on the next macrotask).
 * Rejects with `signal.reason` (an `AbortError` by default) as soon as
 * `signal` aborts, or at once when it is already aborted.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      },
      Math.max(0, ms),
    );
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The status string of `body` under the first present key of `keys`; `''` when none. */
function statusOf(body: Record<string, unknown>, keys: readonly string[]): string {
  const value = pickFirst(body, keys);
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/**
 * One wait for `Active` (see {@link waitUntilActive}): judges each polled
 * body, reports progress and enforces the deadline. Shared by the loop of
 * {@link waitUntilActive} and by callers that poll several resources at
 * once (the engine's list watcher, src/engine/apply/watch.ts), so a body
 * means the same whichever request brought it.
 */
export class ActiveWait {
  /** Epoch ms when the wait began. */
  readonly started = Date.now();
  /** Epoch ms past which the wait fails ({@link PollTimeoutError}). */
  readonly deadline: number;
  private readonly keys: string[];
  private readonly failures: Set<string>;

  constructor(
    private readonly context: OperationContext,
    readonly options: WaitOptions,
  ) {
    this.keys = options.statusKeys && options.statusKeys.length > 0 ? options.statusKeys : ['status', 'state'];
    this.failures = new Set(options.failureStatuses.map((status) => status.toLowerCase()));
    // docs/api/polling.md "Timeouts": with no deadline an overall limit of 30 minutes applies.
    this.deadline =
      typeof context.deadline === 'number' && !Number.isNaN(context.deadline) ? context.deadline : this.started + DEFAULT_LIMIT_MS;
  }

  /** Milliseconds between the starts of two polls (`context.pollIntervalSeconds`, default 5 s). */
  get intervalMs(): number {
    return Math.max(0, (this.context.pollIntervalSeconds ?? 5) * 1000);
  }

  /** The GET by id, as the wait names it in messages. */
  get subject(): string {
    return this.options.what ? `${this.options.what} (GET ${this.options.path})` : `GET ${this.options.path}`;
  }

  /** GETs the resource once (through `context.api`); resolves with the body. @throws what the GET throws; Error when it is not an object. */
  async poll(): Promise<Record<string, unknown>> {
    const reply = await this.context.api.get(this.options.path, this.context.signal ? { signal: this.context.signal } : undefined);
    return asRecord(reply, `reply of ${this.subject}`);
  }

  /** True when `body` carries a status under the wait's keys (a list item without one cannot tell). */
  reports(body: Record<string, unknown>): boolean {
    return statusOf(body, this.keys) !== '';
  }

  /**
   * Judges one polled `body`: calls `context.onProgress` and resolves true
   * when its status is `active`, false when the wait goes on.
   * @throws ResourceFailedError on a failure status.
   * @throws PollTimeoutError when the deadline has passed.
   */
  judge(body: Record<string, unknown>): boolean {
    const status = statusOf(body, this.keys);
    const lower = status.toLowerCase();
    this.context.onProgress?.(this.elapsedSeconds(), status);
    if (lower === 'active') return true;
    if (this.failures.has(lower)) throw new ResourceFailedError({ path: this.options.path, status, what: this.options.what });
    if (this.deadline - Date.now() <= 0) {
      throw new PollTimeoutError({
        path: this.options.path,
        lastStatus: status,
        waitedSeconds: Math.round(this.elapsedSeconds() * 10) / 10,
        what: this.options.what,
      });
    }
    return false;
  }

  private elapsedSeconds(): number {
    return Math.round(Date.now() - this.started) / 1000;
  }
}

/**
 * GETs `options.path` (through `context.api`) until its status, lower-cased,
 * is `active`, and resolves with that last body (the unwrapped `data`
 * object). Polls start `context.pollIntervalSeconds` apart (fractions
 * allowed; the GET's own time counts, and a GET slower than that is followed
 * by the next at once), never past `context.deadline` (30 minutes from now when it is
 * missing or NaN); one last poll happens at the
 * deadline. A missing status counts as not yet active.
 *
 * After every poll it calls `context.onProgress(elapsedSeconds, status)`
 * with the seconds since the wait began and the status as the server spelled
 * it (`''` when absent).
 *
 * @throws ResourceFailedError when the status is one of `options.failureStatuses`.
 * @throws PollTimeoutError when `context.deadline` (epoch ms) passes first.
 * @throws ApiError / NetworkError from a failed GET (after the client's own retries), a 404 included.
 * @throws Error when the GET answers something other than an object.
 * @throws the signal's reason when `context.signal` aborts.
 */
export async function waitUntilActive(context: OperationContext, options: WaitOptions): Promise<Record<string, unknown>> {
  const wait = new ActiveWait(context, options);
  for (;;) {
    if (context.signal?.aborted) throw context.signal.reason;
    const polled = Date.now();
    const body = await wait.poll();
    if (wait.judge(body)) return body;
    // Polls start one interval apart (the GET's own time is part of the
    // interval), so `Active` is seen at most one interval late, not one
    // interval plus a round trip.
    await sleep(Math.min(wait.intervalMs - (Date.now() - polled), wait.deadline - Date.now()), context.signal);
  }
}
