/**
 * Instruments for the apply benchmarks: an API client that records every
 * call (to replay the same requests without the engine), a timer around the
 * state store's writes, a timing journal, the replay itself, and a tracer
 * that attributes each step of an apply to the resource it was for.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import pLimit from 'p-limit';
import type { ApiClient, RequestOptions } from '../../src/api/types.js';
import type { Journal } from '../../src/state/journal.js';
import type { StateStore } from '../../src/state/store.js';
import { apiClient } from './harness.js';
import { now } from './measure.js';

/** One API call as the engine made it. */
export interface RecordedCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  options?: RequestOptions;
}

/** Wraps `api` so that every call is appended to `calls` (in the order the engine made them) before it is sent. */
export function recordingApi(api: ApiClient, calls: RecordedCall[]): ApiClient {
  const keep = (options?: RequestOptions): RequestOptions | undefined => (options ? { ...options, signal: undefined } : undefined);
  return {
    get: (path, options) => (calls.push({ method: 'GET', path, options: keep(options) }), api.get(path, options)),
    post: (path, body, options) => (calls.push({ method: 'POST', path, body, options: keep(options) }), api.post(path, body, options)),
    put: (path, body, options) => (calls.push({ method: 'PUT', path, body, options: keep(options) }), api.put(path, body, options)),
    delete: (path, options) => (calls.push({ method: 'DELETE', path, options: keep(options) }), api.delete(path, options)),
    close: () => api.close(),
  };
}

/**
 * Sends `calls` again, in the same order, at most `parallelism` at once,
 * through a fresh API client on `url` with no engine around it: the wall
 * time of the same HTTP work alone (the bound engine overhead is measured
 * against). Dependencies between calls are not awaited (a lower bound);
 * calls the replay's simulator answers with an error (an id assigned
 * differently) are counted in `errors`. Resolves with milliseconds.
 */
export async function replay(
  calls: RecordedCall[],
  url: string,
  parallelism: number,
): Promise<{ ms: number; errors: number; calls: number }> {
  const api = apiClient(url, undefined, parallelism);
  const limit = pLimit(parallelism);
  let errors = 0;
  const send = (call: RecordedCall): Promise<unknown> => {
    switch (call.method) {
      case 'GET':
        return api.get(call.path, call.options);
      case 'POST':
        return api.post(call.path, call.body, call.options);
      case 'PUT':
        return api.put(call.path, call.body, call.options);
      default:
        return api.delete(call.path, call.options);
    }
  };
  const started = now();
  await Promise.all(
    calls.map((call) =>
      limit(() =>
        send(call).catch(() => {
          errors++;
        }),
      ),
    ),
  );
  const ms = now() - started;
  await api.close();
  return { ms, errors, calls: calls.length };
}

/** Time spent persisting state: rounds of the store's writer (`StateStore.persist`: the change-log append, and the snapshot when one is due). */
export interface PersistStats {
  /** Rounds of the store's writer (each persists everything changed so far; a no-op round writes nothing). */
  writes: number;
  /** Wall time inside those rounds, in ms (the writer is serial, so these never overlap). */
  ms: number;
  /** The longest round, in ms. */
  maxMs: number;
}

/**
 * Times every write round of `store` by wrapping its private `persist`
 * method (an instrument only: StateStore exposes no hook). Returns live
 * counters, or `undefined` when the store no longer has that method.
 */
export function timePersist(store: StateStore): PersistStats | undefined {
  const target = store as unknown as { persist?: () => Promise<void> };
  const original = target.persist;
  if (typeof original !== 'function') return undefined;
  const stats: PersistStats = { writes: 0, ms: 0, maxMs: 0 };
  target.persist = async function persist(this: unknown) {
    const started = now();
    try {
      return await original.call(store);
    } finally {
      const ms = now() - started;
      stats.writes++;
      stats.ms += ms;
      stats.maxMs = Math.max(stats.maxMs, ms);
    }
  };
  return stats;
}

/** Appends to the journal and the time they took, in ms. */
export interface JournalStats {
  appends: number;
  /**
   * Wall time during which at least one append was pending (appends queue
   * behind each other in the journal, so their call-to-resolve times overlap
   * and are not summed).
   */
  ms: number;
  /** Bytes of the intents' JSON (what the appended lines carry, about). */
  intentBytes: number;
}

/** Wraps `journal`, timing `recordIntent` and `recordResult`. */
export function timingJournal(journal: Journal): { journal: Journal; stats: JournalStats } {
  const stats: JournalStats = { appends: 0, ms: 0, intentBytes: 0 };
  let pending = 0;
  let busySince = 0;
  const time = async <T>(work: () => Promise<T>): Promise<T> => {
    if (pending++ === 0) busySince = now();
    try {
      return await work();
    } finally {
      stats.appends++;
      if (--pending === 0) stats.ms += now() - busySince;
    }
  };
  return {
    stats,
    journal: {
      recordIntent: (intent) => {
        stats.intentBytes += JSON.stringify(intent).length;
        return time(() => journal.recordIntent(intent));
      },
      recordListing: (type, ids) => {
        const listing = journal.recordListing(type, ids);
        return { listingId: listing.listingId, written: time(() => listing.written) };
      },
      recordResult: (intentId, result) => time(() => journal.recordResult(intentId, result)),
      unfinished: () => journal.unfinished(),
      compact: () => journal.compact(),
    },
  };
}

/** One traced step of one resource's operation: what it was and when it ran (ms of {@link now}). */
export interface TracedStep {
  kind: string;
  start: number;
  end: number;
}

/**
 * Attributes API calls, journal appends and state writes to the resource
 * whose operation made them, through an AsyncLocalStorage entered when the
 * executor reports the operation started (ApplyReporter.started is called
 * synchronously at the top of each create, before any await). Wrap the
 * API client, the journal and the store with it, and call
 * {@link PhaseTracer.enter} from the reporter's `started`.
 */
export class PhaseTracer {
  private readonly storage = new AsyncLocalStorage<string>();
  /** Steps per address, in the order they ended. */
  readonly steps = new Map<string, TracedStep[]>();

  /** Marks the rest of the current async flow as `address`'s. */
  enter(address: string): void {
    this.storage.enterWith(address);
  }

  /** Runs `work`, recording it as a `kind` step of the current address (if any). */
  async trace<T>(kind: string, work: () => Promise<T>): Promise<T> {
    const address = this.storage.getStore();
    const start = now();
    try {
      return await work();
    } finally {
      if (address !== undefined) {
        const list = this.steps.get(address) ?? [];
        list.push({ kind, start, end: now() });
        this.steps.set(address, list);
      }
    }
  }

  /** `api` with every call traced as `METHOD /route` (numeric segments as `{id}`). */
  api(api: ApiClient): ApiClient {
    const route = (method: string, path: string) => `${method} ${path.replace(/\/[0-9]+(?=\/|$)/g, '/{id}')}`;
    return {
      get: (path, options) => this.trace(route('GET', path), () => api.get(path, options)),
      post: (path, body, options) => this.trace(route('POST', path), () => api.post(path, body, options)),
      put: (path, body, options) => this.trace(route('PUT', path), () => api.put(path, body, options)),
      delete: (path, options) => this.trace(route('DELETE', path), () => api.delete(path, options)),
      close: () => api.close(),
    };
  }

  /** `journal` with appends traced as `journal`. */
  journal(journal: Journal): Journal {
    return {
      recordIntent: (intent) => this.trace('journal', () => journal.recordIntent(intent)),
      recordListing: (type, ids) => {
        const listing = journal.recordListing(type, ids);
        return { listingId: listing.listingId, written: this.trace('listing', () => listing.written) };
      },
      recordResult: (intentId, result) => this.trace('journal', () => journal.recordResult(intentId, result)),
      unfinished: () => journal.unfinished(),
      compact: () => journal.compact(),
    };
  }

  /** Traces `store.setResource` (until the write holding the change is persisted) as `state write`, on this instance. */
  store(store: StateStore): void {
    const original = store.setResource.bind(store);
    store.setResource = (address, resource) => this.trace('state write', () => original(address, resource));
  }
}
