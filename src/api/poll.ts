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
  const keys = options.statusKeys && options.statusKeys.length > 0 ? options.statusKeys : ['status', 'state'];
  const failures = new Set(options.failureStatuses.map((status) => status.toLowerCase()));
  const intervalMs = Math.max(0, (context.pollIntervalSeconds ?? 5) * 1000);
  const started = Date.now();
  // docs/api/polling.md "Timeouts": with no deadline an overall limit of 30 minutes applies.
  const deadline = typeof context.deadline === 'number' && !Number.isNaN(context.deadline) ? context.deadline : started + DEFAULT_LIMIT_MS;
  const elapsedSeconds = (): number => Math.round(Date.now() - started) / 1000;
  const subject = options.what ? `${options.what} (GET ${options.path})` : `GET ${options.path}`;

  for (;;) {
    if (context.signal?.aborted) throw context.signal.reason;
    const polled = Date.now();
    const reply = await context.api.get(options.path, context.signal ? { signal: context.signal } : undefined);
    const body = asRecord(reply, `reply of ${subject}`);
    const status = statusOf(body, keys);
    const lower = status.toLowerCase();
    context.onProgress?.(elapsedSeconds(), status);
    if (lower === 'active') return body;
    if (failures.has(lower)) throw new ResourceFailedError({ path: options.path, status, what: options.what });
    const remaining = deadline - Date.now();
    if (remaining <= 0) {
      throw new PollTimeoutError({
        path: options.path,
        lastStatus: status,
        waitedSeconds: Math.round(elapsedSeconds() * 10) / 10,
        what: options.what,
      });
    }
    // Polls start one interval apart (the GET's own time is part of the
    // interval), so `Active` is seen at most one interval late, not one
    // interval plus a round trip.
    await sleep(Math.min(intervalMs - (Date.now() - polled), remaining), context.signal);
  }
}
