/**
 * Waiting for `Active` by listing. The creates of one level of the graph
 * are ordered together and wait together; polled one by one, N resources
 * cost N GETs per poll interval, which at a short interval (or a large
 * level) keeps the client, and the API, busy with nothing but polls. A
 * type whose list carries the status its GET by id polls
 * (`ListRead.readiness`, docs/api/polling.md "Waiting for several") is
 * watched instead: one poll loop per type and run reads the list once per
 * interval and judges every waiting resource from its item, with the same
 * judgement as a GET (`ActiveWait` in src/api/poll.ts: progress, failure
 * statuses, deadline). A wait that begins looks at once, as a single wait's
 * first GET does, instead of waiting out the others' interval: at a poll
 * interval of 2 s, orders `Active` at once would otherwise wait a second
 * each on average, which at a parallelism of 10 caps an apply at about 10
 * resources a second.
 *
 * What falls back to the GET by id, so nothing is judged from a list that
 * cannot tell: a resource missing from the list (lists may lag, and they
 * skip `Terminated` items), an item without a status, every resource of a
 * round when only one waits or when the list holds more than
 * {@link ITEMS_PER_WAITER} items per waiting resource (a large account's
 * list costs more than the GETs it saves), and the rounds after a failed
 * list request. Waiting is never a paid step: the resource's id is in
 * state (`pending_create`) before it begins, so a slower or failed wait
 * costs time, never an order.
 */
import type { OperationContext } from '../../api/context.js';
import { ActiveWait } from '../../api/poll.js';
import type { ListRead, Readiness } from '../../resources/attribute.js';

/** The list is used only while it holds at most this many items per waiting resource. */
export const ITEMS_PER_WAITER = 25;

/** Rounds that poll by id after a list request failed, before the list is tried again. */
const ROUNDS_AFTER_LIST_FAILURE = 10;

/** What a wait saw when its resource became `Active`. */
export interface ActiveSeen {
  /**
   * The body that said `Active`: the list's item (keys canonical, as
   * `ListRead.all` gives it) when `listed`, else the GET by id's reply.
   */
  body: Record<string, unknown>;
  /** True when the list's item said it. */
  listed: boolean;
}

interface Waiter {
  id: string;
  wait: ActiveWait;
  /** Epoch ms of its next look: at once when it begins, then one interval after the start of the round that last looked. */
  due: number;
  resolve(seen: ActiveSeen): void;
  reject(error: unknown): void;
}

interface TypeWatch {
  list: ListRead;
  waiters: Map<string, Waiter>;
  running: boolean;
  round: number;
  /** Ends the loop's pause early (a new wait wants its first look), while it pauses. */
  wake?: () => void;
  /** Items in the last list read. */
  listedItems?: number;
  /** The round of the last failed list request. */
  listFailedRound?: number;
  /** False once an item came without a status: the list cannot tell, every round asks by id. */
  listCarriesStatus: boolean;
}

/** One per apply: watches the waits for `Active` of every type with `ListRead.readiness` (see the module comment). */
export class ActiveWatcher {
  /** By the type's list read (one per type). */
  private readonly watches = new Map<ListRead, TypeWatch>();

  /**
   * @param listContext the context of a list request (the run's client and
   *   signal; no memo, so every round asks the API).
   * @param signal aborts every wait (with its reason) when the run is cancelled.
   */
  constructor(
    private readonly listContext: () => OperationContext,
    private readonly signal?: AbortSignal,
  ) {}

  /**
   * Waits until resource `id` of the type reading `list` is `Active`, as
   * `waitUntilReady` would, reading its status as `readiness` says (the
   * type's `list.readiness`); `context` gives the client of its GET by id,
   * the interval, the deadline and `onProgress`; resolves with what
   * said so. Endpoints: the type's list (GET), and its GET by id
   * (`readiness.path`) for the fallbacks in the module comment.
   * @throws ResourceFailedError on a failure status; PollTimeoutError past
   *   the deadline; a GET's error; the signal's reason when the run is cancelled.
   */
  untilActive(list: ListRead, readiness: Readiness, id: string, context: OperationContext): Promise<ActiveSeen> {
    if (this.signal?.aborted) return Promise.reject(this.signal.reason);
    let watch = this.watches.get(list);
    if (watch === undefined) {
      watch = { list, waiters: new Map(), running: false, round: 0, listCarriesStatus: true };
      this.watches.set(list, watch);
    }
    const wait = new ActiveWait(context, {
      path: readiness.path(id),
      failureStatuses: readiness.failureStatuses,
      what: readiness.what(id),
    });
    const settled = new Promise<ActiveSeen>((resolve, reject) => {
      watch.waiters.set(id, { id, wait, due: Date.now(), resolve, reject });
    });
    if (!watch.running) {
      // The first round starts on the next turn of the event loop, so that waits begun together share it.
      watch.running = true;
      setImmediate(() => void this.loop(watch));
    } else {
      // A new wait looks at once, as waitUntilReady's first GET does, not after the others' pause:
      // orders that are `Active` at once are seen one round trip after they are placed.
      watch.wake?.();
    }
    return settled;
  }

  /**
   * Polls rounds until no resource of `watch` waits. A round looks at the
   * waits that are due (each one interval after its last look, a new one at
   * once): through the list when it is worth it (then every wait is judged
   * from it), else each due wait by id.
   */
  private async loop(watch: TypeWatch): Promise<void> {
    try {
      while (watch.waiters.size > 0) {
        if (this.signal?.aborted) throw this.signal.reason;
        const started = Date.now();
        const waiters = [...watch.waiters.values()];
        const due = waiters.filter((waiter) => waiter.due <= started);
        if (due.length === 0) {
          const next = Math.min(...waiters.map((waiter) => waiter.due));
          await this.pause(watch, next - started);
          continue;
        }
        watch.round++;
        const listed = await this.listFor(watch, waiters.length);
        // From a list, every wait is judged (the look costs nothing more); without one, only the due ones are asked.
        const looked = listed ? waiters : due;
        await Promise.all(looked.map((waiter) => this.check(watch, waiter, listed?.get(waiter.id), waiter.due <= started)));
        for (const waiter of looked) waiter.due = Math.min(started + waiter.wait.intervalMs, waiter.wait.deadline);
      }
    } catch (error) {
      for (const waiter of watch.waiters.values()) waiter.reject(error);
      watch.waiters.clear();
    } finally {
      watch.running = false;
    }
  }

  /**
   * Waits `ms`, or less when a new wait begins ({@link untilActive} calls
   * `watch.wake`; the waits begun in the same turn of the event loop then
   * share the round). Rejects with the run's signal's reason when it aborts.
   */
  private pause(watch: TypeWatch, ms: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const signal = this.signal;
      const end = (): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        watch.wake = undefined;
      };
      const onAbort = (): void => {
        end();
        reject(signal?.reason);
      };
      const timer = setTimeout(
        () => {
          end();
          resolve();
        },
        Math.max(0, ms),
      );
      watch.wake = () => {
        end();
        setImmediate(resolve);
      };
      if (signal?.aborted) onAbort();
      else signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** The list's items by id for this round, or `undefined` when this round asks by id. */
  private async listFor(watch: TypeWatch, waiting: number): Promise<Map<string, Record<string, unknown>> | undefined> {
    if (waiting < 2 || !watch.listCarriesStatus) return undefined;
    if (watch.listFailedRound !== undefined && watch.round - watch.listFailedRound <= ROUNDS_AFTER_LIST_FAILURE) return undefined;
    if (watch.listedItems !== undefined && watch.listedItems > waiting * ITEMS_PER_WAITER) return undefined;
    try {
      const items = await watch.list.all(this.listContext());
      watch.listedItems = items.size;
      return items;
    } catch {
      watch.listFailedRound = watch.round;
      return undefined;
    }
  }

  /**
   * Judges one waiting resource from its listed item, else (when it is
   * `due`) from its GET by id; settles it when the wait ends.
   */
  private async check(watch: TypeWatch, waiter: Waiter, item: Record<string, unknown> | undefined, due: boolean): Promise<void> {
    if (item !== undefined && !waiter.wait.reports(item)) {
      watch.listCarriesStatus = false;
      item = undefined;
    }
    if (item === undefined && !due) return;
    try {
      const body = item ?? (await waiter.wait.poll());
      if (!waiter.wait.judge(body)) return;
      watch.waiters.delete(waiter.id);
      waiter.resolve({ body, listed: item !== undefined });
    } catch (error) {
      watch.waiters.delete(waiter.id);
      waiter.reject(error);
    }
  }
}
