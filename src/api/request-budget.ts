/**
 * A request budget: one token bucket that every HTTP attempt of an API
 * client takes a token from (`ApiClientOptions.budget`, client.ts), so a
 * long-running caller (`cloudctl watch`) never sends more than
 * `perMinute` requests in any minute, retries included.
 *
 * The bucket holds at most `burst` tokens and refills at
 * `(perMinute - burst) / 60` tokens a second, so any 60 s window (half
 * open) sees at most `burst + (perMinute - burst) = perMinute` requests:
 * the tokens present at its start plus those refilled during it. An HTTP
 * 429 empties the bucket and halves the refill rate (down to 1/16 of it);
 * each minute without a 429 doubles it back, up to the configured rate.
 *
 * The clock and the wait are injected ({@link RequestBudgetOptions}) so
 * tests run on a fake clock.
 */
import { sleep } from './poll.js';

/** What an API client asks of a request budget (see `ApiClientOptions.budget`). */
export interface RequestLimiter {
  /** Resolves when one request may be sent (a token was taken). Rejects with `signal`'s reason when it is aborted while waiting. */
  take(signal?: AbortSignal): Promise<void>;
  /** The server answered HTTP 429: send more slowly. */
  throttled(): void;
}

/** Settings of {@link RequestBudget}. */
export interface RequestBudgetOptions {
  /** Requests allowed in any minute: a whole number of at least 2. */
  perMinute: number;
  /** Tokens the bucket holds at most (a burst); default a tenth of `perMinute`, at least 1 and below `perMinute`. */
  burst?: number;
  /** The clock in epoch milliseconds (default `Date.now`). */
  now?: () => number;
  /** Waits `ms` milliseconds (default a timer); rejects with the signal's reason when aborted. */
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** Slowest refill after repeated 429s, as a fraction of the configured rate. */
const SLOWEST = 1 / 16;

/** The token bucket of one watcher (see the module comment). */
export class RequestBudget implements RequestLimiter {
  /** Requests allowed in any minute. */
  readonly perMinute: number;
  /** Tokens the bucket holds at most. */
  readonly burst: number;
  private readonly ratePerMs: number;
  private readonly now: () => number;
  private readonly wait: (ms: number, signal?: AbortSignal) => Promise<void>;
  private tokens: number;
  private updatedAt: number;
  /** Fraction of the configured rate in force (1, or less after a 429). */
  private slowdown = 1;
  private lastThrottleAt = -Infinity;
  /** Waiters in order: the bucket serves them first come, first served. */
  private queue: Promise<void> = Promise.resolve();
  /** HTTP 429 answers seen. */
  throttles = 0;

  /** @throws Error when `perMinute` is not a whole number of at least 2. */
  constructor(options: RequestBudgetOptions) {
    const perMinute = options.perMinute;
    if (!Number.isInteger(perMinute) || perMinute < 2)
      throw new Error(`the request budget must be a whole number of at least 2 a minute (got ${perMinute})`);
    this.perMinute = perMinute;
    this.burst = Math.min(perMinute - 1, Math.max(1, Math.floor(options.burst ?? perMinute / 10)));
    this.ratePerMs = (perMinute - this.burst) / 60_000;
    this.now = options.now ?? Date.now;
    this.wait = options.wait ?? sleep;
    this.tokens = this.burst;
    this.updatedAt = this.now();
  }

  /** Tokens now (fractional), after refilling for the time passed. */
  available(): number {
    this.refill();
    return this.tokens;
  }

  private refill(): void {
    const now = this.now();
    if (this.slowdown < 1 && now - this.lastThrottleAt >= 60_000) {
      this.slowdown = Math.min(1, this.slowdown * 2);
      this.lastThrottleAt = now;
    }
    const elapsed = Math.max(0, now - this.updatedAt);
    this.tokens = Math.min(this.burst, this.tokens + elapsed * this.ratePerMs * this.slowdown);
    this.updatedAt = now;
  }

  take(signal?: AbortSignal): Promise<void> {
    const turn = this.queue.then(() => this.takeNow(signal));
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private async takeNow(signal?: AbortSignal): Promise<void> {
    for (;;) {
      if (signal?.aborted) throw signal.reason;
      this.refill();
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return;
      }
      await this.wait(Math.ceil((1 - this.tokens) / (this.ratePerMs * this.slowdown)), signal);
    }
  }

  throttled(): void {
    this.refill();
    this.throttles += 1;
    this.tokens = 0;
    this.slowdown = Math.max(SLOWEST, this.slowdown / 2);
    this.lastThrottleAt = this.now();
  }
}
