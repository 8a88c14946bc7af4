/**
 * Measuring helpers: wall time, medians, peak RSS, CPU time, HTTP time seen
 * through the API client's `onRequest` hook, and connections opened by
 * undici (its `undici:client:connected` diagnostics channel).
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import type { RequestEvent } from '../../src/api/client.js';

/** Milliseconds since an arbitrary origin (monotonic, sub-millisecond). */
export const now = (): number => performance.now();

/** Median of `values` (mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Peak resident set size of this process so far, in MB (from `process.resourceUsage().maxRSS`, KB on Linux). */
export function peakRssMb(): number {
  return process.resourceUsage().maxRSS / 1024;
}

/** Resident set size now, in MB. */
export function rssMb(): number {
  return process.memoryUsage().rss / (1024 * 1024);
}

/** User + system CPU time of this process, in milliseconds. */
export function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** Runs `work` and resolves with its result and its wall time in milliseconds. */
export async function timed<T>(work: () => Promise<T> | T): Promise<{ result: T; ms: number }> {
  const started = now();
  const result = await work();
  return { result, ms: now() - started };
}

/** One request as {@link HttpRecorder} keeps it: when it was sent and when it ended, in ms of {@link now}. */
export interface RecordedRequest {
  method: string;
  path: string;
  status?: number;
  start: number;
  end: number;
}

/**
 * Collects every request attempt the API client reports (`onRequest`): the
 * event arrives when the attempt ends, and its `durationMs` (send to end of
 * body) gives the start. Pass {@link HttpRecorder.onRequest} to
 * `createApiClient`.
 */
export class HttpRecorder {
  readonly requests: RecordedRequest[] = [];

  readonly onRequest = (event: RequestEvent): void => {
    const end = now();
    this.requests.push({ method: event.method, path: event.path, status: event.status, start: end - event.durationMs, end });
  };

  /** Forgets everything recorded so far. */
  reset(): void {
    this.requests.length = 0;
  }

  /** Requests that ended in [from, to] (ms of {@link now}). */
  between(from: number, to: number): RecordedRequest[] {
    return this.requests.filter((request) => request.end >= from && request.end <= to);
  }

  /** Sum of the durations of `requests`, in ms (overlapping requests count each). */
  static totalMs(requests: RecordedRequest[]): number {
    return requests.reduce((sum, request) => sum + (request.end - request.start), 0);
  }

  /**
   * Milliseconds during which at least one of `requests` was in flight (the
   * union of their intervals): the part of a run spent waiting on the wire.
   */
  static busyMs(requests: RecordedRequest[]): number {
    const intervals = requests.map((request) => [request.start, request.end] as const).sort((a, b) => a[0] - b[0]);
    let busy = 0;
    let open = -Infinity;
    let close = -Infinity;
    for (const [start, end] of intervals) {
      if (start > close) {
        if (close > open) busy += close - open;
        open = start;
        close = end;
      } else if (end > close) close = end;
    }
    if (close > open) busy += close - open;
    return busy;
  }

  /** Count of `requests` per `METHOD /route` (numeric path segments replaced by `{id}`), most frequent first. */
  static byRoute(requests: RecordedRequest[]): Array<{ route: string; count: number; totalMs: number }> {
    const routes = new Map<string, { count: number; totalMs: number }>();
    for (const request of requests) {
      const route = `${request.method} ${request.path.replace(/\/[0-9]+(?=\/|$)/g, '/{id}')}`;
      const entry = routes.get(route) ?? { count: 0, totalMs: 0 };
      entry.count++;
      entry.totalMs += request.end - request.start;
      routes.set(route, entry);
    }
    return [...routes.entries()].map(([route, entry]) => ({ route, ...entry })).sort((a, b) => b.count - a.count);
  }
}

/**
 * Counts TCP connections undici opens in this process (any undici client of
 * the `undici` package; Node's own fetch publishes on the same channel, and
 * the benchmarks do not use it). Call {@link ConnectionCounter.stop} when done.
 */
export class ConnectionCounter {
  count = 0;
  private readonly listener = (): void => {
    this.count++;
  };

  constructor() {
    subscribe('undici:client:connected', this.listener);
  }

  stop(): void {
    unsubscribe('undici:client:connected', this.listener);
  }
}

/** Rounds to `digits` decimals (for JSON results). */
export function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/**
 * The project's root folder (with a trailing `/`), found from a case's URL
 * (`import.meta.url`): bench/cases/ in source, bench/.build/bench/cases/
 * compiled. @throws Error naming `caseName` when neither holds the project.
 */
export function projectRoot(caseUrl: string, caseName: string): string {
  for (const up of ['../..', '../../../..']) {
    const root = fileURLToPath(new URL(`${up}/`, caseUrl));
    if (existsSync(`${root}package.json`) && existsSync(`${root}src`)) return root;
  }
  throw new Error(`${caseName}: cannot find the project root`);
}
