/**
 * One operation at a time on one {@link Engine} (engine.ts), in call order.
 * A program that starts `plan()` twice without waiting gets the second in
 * its turn, after the first, instead of a StateLockedError naming its own
 * process; with `ifBusy: 'fail'` it gets an {@link EngineBusyError} at once
 * instead. The wait for a turn counts against `lockTimeoutSeconds` (the
 * rest of it is what the state lock is waited for); with no timeout a call
 * waits for the calls before it as long as they take (they are the
 * program's own). After `close()` every call throws {@link EngineClosedError}.
 *
 * Operations declare themselves with the {@link operation} decorator; the
 * engine's own steps (a destroy that is an apply, a plan's manifest load)
 * run inside the turn they belong to.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** What a call does when the engine is already running (or has queued) another operation. */
export type BusyPolicy = 'wait' | 'fail';

/**
 * The engine was busy with another operation, and the call did not wait:
 * `ifBusy: 'fail'` was asked for (`waitedSeconds` 0), its turn did not come
 * within `lockTimeoutSeconds`, or it was made from inside the running
 * operation (an `approve` or `onEvent` callback), where waiting would never end.
 * `code`: `engine_busy`.
 */
export class EngineBusyError extends Error {
  /** Stable identifier of this error (docs/automation.md, "Errors"). */
  readonly code = 'engine_busy';
  constructor(
    /** The refused call, e.g. `plan`. */
    readonly operation: string,
    /** The operation that was running, e.g. `apply`. */
    readonly busyWith: string,
    /** How long the call waited for its turn, in seconds (0: it did not wait). */
    readonly waitedSeconds: number,
    why: 'fail' | 'timeout' | 'inside',
  ) {
    const reasons = {
      fail: `and ifBusy is 'fail'`,
      timeout: `and its turn did not come within the lock timeout (waited ${waitedSeconds}s)`,
      inside: `and ${operation} was called from inside ${busyWith} (its approve or onEvent callback), where waiting for ${busyWith} would never end; call it after ${busyWith} resolves`,
    };
    super(`the engine is busy with ${busyWith} ${reasons[why]}`);
    this.name = 'EngineBusyError';
  }
}

/** An operation was called on an engine after `close()`: open another with `Engine.open`. `code`: `engine_closed`. */
export class EngineClosedError extends Error {
  /** Stable identifier of this error (docs/automation.md, "Errors"). */
  readonly code = 'engine_closed';
  constructor(
    /** The refused call, e.g. `plan`. */
    readonly operation: string,
  ) {
    super(`${operation} was called after the engine was closed; open another with Engine.open`);
    this.name = 'EngineClosedError';
  }
}

/** The engine-wide defaults a call's options fall back to. */
export interface TurnDefaults {
  ifBusy?: BusyPolicy;
  lockTimeoutSeconds?: number;
}

/** What a call says about waiting (a subset of `OperationOptions`). */
interface CallOptions {
  ifBusy?: BusyPolicy;
  lockTimeoutSeconds?: number;
}

/** The operation whose turn it is, as its own steps see it. */
interface Turn {
  turns: Turns;
  operation: string;
  /** How long the call waited for its turn, in seconds (0: it did not): taken off its lock timeout. */
  waitedSeconds: number;
}

const current = new AsyncLocalStorage<Turn>();
const engines = new WeakMap<object, Turns>();

/** The queue of one engine's operations. */
export class Turns {
  /** Settles when every call made so far has finished (or given up its place). */
  private tail: Promise<void> = Promise.resolve();
  /** Calls running or waiting, oldest first (their operation names). */
  private readonly calls: string[] = [];
  private closed = false;

  private constructor(private readonly defaults: TurnDefaults) {}

  /** Gives `engine` its queue (once, in its constructor). */
  static register(engine: object, defaults: TurnDefaults): void {
    engines.set(engine, new Turns(defaults));
  }

  /** The queue of `engine` (registered with {@link Turns.register}). */
  static of(engine: object): Turns {
    const turns = engines.get(engine);
    if (!turns) throw new Error('internal: an engine without its queue of operations');
    return turns;
  }

  /** True when the caller runs inside one of this queue's turns (an operation's own step, or its callback). */
  private inside(): Turn | undefined {
    const turn = current.getStore();
    return turn?.turns === this ? turn : undefined;
  }

  /** Throws EngineClosedError when the engine is closed and the caller is not a step of an operation called before. */
  checkOpen(operation: string): void {
    if (this.closed && !this.inside()) throw new EngineClosedError(operation);
  }

  /**
   * Runs `work` in its turn: after every call made before it. Errors:
   * EngineClosedError; EngineBusyError (ifBusy `fail` while busy, the turn
   * not come within `lockTimeoutSeconds`, or a call from inside a running operation).
   */
  async take<T>(operation: string, options: CallOptions | undefined, work: () => Promise<T>): Promise<T> {
    this.checkOpen(operation);
    const running = this.inside();
    if (running) throw new EngineBusyError(operation, running.operation, 0, 'inside');
    const ifBusy = options?.ifBusy ?? this.defaults.ifBusy ?? 'wait';
    if (ifBusy === 'fail' && this.calls.length > 0) throw new EngineBusyError(operation, this.calls[0], 0, 'fail');
    const calledAt = Date.now();
    const timeoutSeconds = options?.lockTimeoutSeconds ?? this.defaults.lockTimeoutSeconds ?? 0;
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const before = this.tail;
    this.tail = before.then(() => finished);
    this.calls.push(operation);
    try {
      const waits = this.calls.length > 1;
      if (waits) await this.waitFor(before, operation, timeoutSeconds, calledAt);
      const waitedSeconds = waits ? (Date.now() - calledAt) / 1000 : 0;
      return await current.run({ turns: this, operation, waitedSeconds }, work);
    } finally {
      this.calls.splice(this.calls.indexOf(operation), 1);
      finish();
    }
  }

  /** Waits for `before`, at most `timeoutSeconds` when that is positive. */
  private async waitFor(before: Promise<void>, operation: string, timeoutSeconds: number, calledAt: number): Promise<void> {
    if (timeoutSeconds <= 0) return before;
    const busyWith = this.calls[0];
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<'expired'>((resolve) => (timer = setTimeout(() => resolve('expired'), timeoutSeconds * 1000)));
    try {
      if ((await Promise.race([before, expired])) === 'expired')
        throw new EngineBusyError(operation, busyWith, Math.round((Date.now() - calledAt) / 100) / 10, 'timeout');
    } finally {
      clearTimeout(timer);
    }
  }

  /** What is left of `timeoutSeconds` for the state lock once the current turn came (all of it when the call did not wait). */
  remainingSeconds(timeoutSeconds: number): number {
    const turn = this.inside();
    if (!turn || timeoutSeconds <= 0 || turn.waitedSeconds === 0) return timeoutSeconds;
    return Math.max(0, Math.round((timeoutSeconds - turn.waitedSeconds) * 10) / 10);
  }

  /** Refuses every later call; resolves when the calls made before have finished (at once from inside one). */
  async close(): Promise<void> {
    this.closed = true;
    if (!this.inside()) await this.tail;
  }
}

/**
 * Declares an engine method an operation: it runs in its turn (see
 * {@link Turns.take}); `optionsArgument` is the position of its
 * options (`ifBusy`, `lockTimeoutSeconds`), absent when it takes none.
 */
export function operation(optionsArgument?: number) {
  return function <This extends object, Args extends unknown[], Result>(
    method: (this: This, ...args: Args) => Promise<Result>,
    context: ClassMethodDecoratorContext<This, (this: This, ...args: Args) => Promise<Result>>,
  ) {
    const name = String(context.name);
    return function (this: This, ...args: Args): Promise<Result> {
      const options = optionsArgument === undefined ? undefined : (args[optionsArgument] as CallOptions | undefined);
      return Turns.of(this).take(name, options, () => method.apply(this, args));
    };
  };
}
