/**
 * The paid-call protocol, written once: journal the intent, call, classify
 * a failure, record the result, close the intent. Creates and in-place
 * operations (after a create, `converge`; on an update, `update`) all go
 * through {@link journaledCall}.
 *
 * 1. The intent is journaled (with whatever must be on disk alongside it,
 *    such as a create's listing) before anything is sent.
 * 2. The call runs through a client that notes whether a request that
 *    changes something (POST, PUT, DELETE) was sent.
 * 3. A failure is classified by {@link outcomeUnknown}, the one
 *    classification: after such a request was sent, anything but a definite
 *    refusal is "outcome unknown". A definite refusal closes the intent
 *    `failed`. An unknown outcome is handed to `recover` when given (a
 *    create looks for its order by listing and adopts exactly one match);
 *    otherwise the intent closes `unknown`, which leaves it unfinished: the
 *    next run reconciles it against the API before planning anything, and
 *    nothing is ordered again blindly.
 * 4. The result is recorded in state (`record`), then the intent closes.
 *
 * When a paid intent closes (the rule):
 * - A create closes `ok` (or `adopted`) as soon as the new id is in state.
 *   A type that must become `Active` is written `pending_create` until it
 *   is: state, not the journal, carries that wait, and a run that crashed
 *   meanwhile resumes waiting instead of ordering again.
 * - An in-place operation whose call leaves the resource busy (the handler
 *   answers `wait: true` and the type has `waitUntilReady`) closes `ok` only
 *   once the resource is reported `Active` again ({@link settleWhenActive}):
 *   while it is busy the API may still report the old value, and a run that
 *   crashed in between must find the intent unfinished (reconciliation then
 *   waits for `Active` and checks the value) rather than read "not ordered"
 *   and order again. When anything fails before that (the wait, or a later
 *   call of the same change), it closes `unknown` ({@link closeUnknown}).
 * - Any other paid operation closes `ok` once its value is in state.
 */
import { policyFacts } from '../../resources/policies.js';
import type { ApiClient } from '../../api/types.js';
import { maskInputs } from '../../core/mask.js';
import type { Attributes, Value } from '../../core/types.js';
import type { ResourceType } from '../../resources/attribute.js';
import type { JournalIntent } from '../../state/journal.js';
import type { ApplyContext } from './context.js';
import type { PaidCallPoint } from './paid-call-points.js';

/** Sensitive inputs masked, for the journal. */
export function maskedInputs(type: ResourceType, inputs: Attributes): Attributes {
  return maskInputs(inputs, (name) => Boolean(type.attributes[name]?.sensitive));
}

/**
 * True when a failure proves the call was refused and did nothing: the
 * server answered 4xx (`ApiError`), or the request never reached it
 * (`NetworkError`: the client raises it for a POST or PUT only when nothing
 * was sent). Errors are told apart by `name`, so fakes can raise them.
 */
export function definiteRefusal(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'NetworkError') return true;
  const status = (error as { status?: unknown }).status;
  return error.name === 'ApiError' && typeof status === 'number' && status >= 400 && status < 500;
}

/**
 * The one error classification of a failed create or paid call: true when
 * it may still have taken effect, so it is reconciled by listing and never
 * repeated blindly. That is an `OrderOutcomeUnknownError` (the client
 * says so: sent, then no usable answer), or, once a request that changes
 * something was sent (`requestSent`, true unless known otherwise), any
 * failure but a {@link definiteRefusal}: a 5xx, a 2xx the resource module
 * could not use (no id, an unreadable body), a timeout, a reset.
 */
export function outcomeUnknown(error: unknown, requestSent = true): boolean {
  if (error instanceof Error && error.name === 'OrderOutcomeUnknownError') return true;
  return requestSent && !definiteRefusal(error);
}

/**
 * Raised by a `recover` that proved an order of unknown outcome was not
 * placed (after the grace, a listing read in full holds no unclaimed
 * match): {@link journaledCall} closes the intent `abandoned`, and the
 * caller may place the order again, once (I4).
 */
export class OrderNotPlacedError extends Error {
  /** Stable identifier (docs/automation.md, "Errors"). */
  readonly code = 'order_not_placed';
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'OrderNotPlacedError';
  }
}

/**
 * Places a paid call at most twice (I4): `place(false)`, and once more,
 * `place(true)`, only when the first proved it placed nothing
 * ({@link OrderNotPlacedError}, said through the reporter for `address`).
 * A second `OrderNotPlacedError` is never raised by a `place(true)` that
 * follows the rule: its `recover` leaves the intent unfinished instead.
 * Errors: `place`'s.
 */
export async function placeAtMostTwice<T>(run: ApplyContext, address: string, place: (again: boolean) => Promise<T>): Promise<T> {
  try {
    return await place(false);
  } catch (error) {
    if (!(error instanceof OrderNotPlacedError)) throw error;
    run.reporter.notice?.(address, `${error.message}; ordering it again`);
    return place(true);
  }
}

/** Marks an error thrown by the hook, so the protocol lets it through untouched. */
const FROM_HOOK = Symbol('paid-call hook');

/** Calls the run's hook at `point` of a paid intent's call; an error it throws is marked {@link FROM_HOOK}. */
function atPoint(run: ApplyContext, intent: IntentRecord, point: PaidCallPoint): void {
  if (!run.onPaidCallPoint || !paidIntent(run, intent)) return;
  try {
    run.onPaidCallPoint(point, { address: intent.address, type: intent.type, operation: intent.operation });
  } catch (error) {
    if (error instanceof Error) Object.defineProperty(error, FROM_HOOK, { value: true });
    throw error;
  }
}

/** `api`, noting whether a request other than GET was sent through it (`afterSend`: called once each such request is done, before its reply is used). */
function noteSent(api: ApiClient, afterSend: () => void = () => undefined): { api: ApiClient; sent: () => boolean } {
  let sent = false;
  const changing = async <T>(request: () => Promise<T>): Promise<T> => {
    sent = true;
    try {
      return await request();
    } finally {
      afterSend();
    }
  };
  return {
    api: {
      get: (path, requestOptions) => api.get(path, requestOptions),
      post: (path, body, requestOptions) => changing(() => api.post(path, body, requestOptions)),
      put: (path, body, requestOptions) => changing(() => api.put(path, body, requestOptions)),
      delete: (path, requestOptions) => changing(() => api.delete(path, requestOptions)),
      close: () => api.close(),
    },
    sent: () => sent,
  };
}

/** What the journal records of an intent (its id and time are added). */
export type IntentRecord = Omit<JournalIntent, 'kind' | 'intent_id' | 'time'>;

/** An intent journaled and not closed yet: closed by {@link settleWhenActive} or {@link closeUnknown}. */
export interface OpenIntent {
  intentId: string;
  /** The resource id the call was for. */
  id: string;
  /** What was journaled (for the `intent-closed` point of `EngineOptions.onPaidCallPoint`). */
  intent?: IntentRecord;
}

/** One call through the protocol. */
export interface JournaledCallRequest<T> {
  /** The intent to journal; `undefined` for an unpaid call (nothing is journaled; a failure propagates as it is). */
  intent: IntentRecord | undefined;
  /**
   * For an in-place operation: the value the attribute has now, as the
   * state holds it (what the API reported, or what was ordered). A paid
   * `update` or `grow` from a value that is absent, `null` or `''` is
   * refused (I2).
   */
  before?: Value | undefined;
  /** Written to disk together with the intent (a create's listing); the call waits for both. */
  alongside?: Promise<unknown>;
  /** Makes the call through `api` (the run's client, noting what was sent). */
  call(api: ApiClient): Promise<T>;
  /**
   * After a failure of unknown outcome: finds what the call did (a create
   * lists its type) and resolves with it (the intent then closes
   * `adopted`), or rejects with an Error saying why not (the intent then
   * closes `unknown`, and that Error is raised), or with an
   * {@link OrderNotPlacedError} when it proved nothing was placed (the
   * intent then closes `abandoned`).
   */
  recover?(error: Error): Promise<T>;
  /** Records the result in state (before the intent closes); resolves with the resource id. */
  record(result: T, adopted: boolean): Promise<string>;
  /**
   * True when the result leaves the resource busy until it is `Active`
   * again; the intent then stays open (see the module comment).
   */
  busy?(result: T): boolean;
}

/** What {@link journaledCall} resolves with. */
export interface JournaledCallResult<T> {
  result: T;
  /** True when the call failed with an unknown outcome and `recover` found what it did. */
  adopted: boolean;
  /** The intent left open because the resource is busy; close it with {@link settleWhenActive}. */
  open?: OpenIntent;
}

/**
 * A paid call refused before anything was journaled or sent (docs/design.md,
 * "Safety invariants", I2): an in-place order whose "before" value the API
 * never reported.
 */
export class PaidCallRefusedError extends Error {
  /** Stable identifier (docs/automation.md, "Errors"). */
  readonly code = 'paid_call_refused';
  constructor(message: string) {
    super(message);
    this.name = 'PaidCallRefusedError';
  }
}

/**
 * A call a free run (`ApplyOptions.freeOnly`, the watcher's free repair)
 * may not make: a paid order, a delete or a trigger. Nothing was journaled
 * or sent.
 */
export class FreeRunRefusedError extends Error {
  /** Stable identifier (docs/automation.md, "Errors"). */
  readonly code = 'free_run_refused';
  constructor(message: string) {
    super(message);
    this.name = 'FreeRunRefusedError';
  }
}

/**
 * Refuses, in a free run, a call that spends or destroys: `what` says which
 * (`change_package (a paid order)`, `a delete`, `reinstall (a trigger)`).
 * @throws FreeRunRefusedError when `run.freeOnly`.
 */
export function checkFreeRun(run: ApplyContext, address: string, what: string): void {
  if (!run.freeOnly) return;
  throw new FreeRunRefusedError(
    `refusing ${what} for ${address}: this run may only make free changes (no paid order, delete or reinstall); nothing was sent. Apply it with a plan a person approves`,
  );
}

/**
 * Paid calls from observed values only (I2), checked for every paid
 * in-place intent whoever built it: the attribute an `update` or `grow`
 * operation changes must have a value in state (`before`) that is not
 * absent, `null` or `''`. Triggers (their value is cloudctl's own record)
 * and creates pass.
 * @throws PaidCallRefusedError naming the address, attribute and operation.
 */
export function checkObservedBefore(run: ApplyContext, intent: IntentRecord, before: Value | undefined): void {
  if (intent.operation === 'create') return;
  const attribute = Object.keys(intent.inputs)[0];
  const policy = attribute === undefined ? undefined : run.catalogue.resource(intent.type)?.attributes[attribute]?.policy;
  if (!policyFacts(policy)?.paidNeedsObservedBefore) return;
  if (before !== undefined && before !== null && before !== '') return;
  throw new PaidCallRefusedError(
    `refusing ${intent.operation} (a paid order) for ${intent.address}: the API never reported ${attribute}, so there is no observed value to change from; nothing was ordered`,
  );
}

/**
 * Runs one call through the paid-call protocol (see the module comment).
 * Errors: FreeRunRefusedError (a paid call in a free run, see
 * {@link checkFreeRun}) and PaidCallRefusedError (see
 * {@link checkObservedBefore}), before anything is journaled or sent; the call's error (after recording `failed`
 * or `unknown`), or `recover`'s; journal and state write errors.
 */
export async function journaledCall<T>(run: ApplyContext, request: JournaledCallRequest<T>): Promise<JournaledCallResult<T>> {
  if (request.intent !== undefined) {
    checkFreeRun(run, request.intent.address, `${request.intent.operation} (a paid order)`);
    checkObservedBefore(run, request.intent, request.before);
  }
  if (request.intent === undefined) {
    await request.alongside;
    const result = await request.call(run.api);
    await request.record(result, false);
    return { result, adopted: false };
  }
  const intent = request.intent;
  const [intentId] = await Promise.all([run.journal.recordIntent(intent), request.alongside]);
  atPoint(run, intent, 'intent-journaled');
  const client = noteSent(run.api, () => atPoint(run, intent, 'request-sent'));
  let result: T;
  let adopted = false;
  try {
    result = await request.call(client.api);
  } catch (caught) {
    const error = caught instanceof Error ? caught : new Error(String(caught));
    if ((error as { [FROM_HOOK]?: boolean })[FROM_HOOK]) throw error;
    if (!outcomeUnknown(error, client.sent())) {
      await run.journal.recordResult(intentId, { outcome: 'failed', error: error.message });
      throw error;
    }
    if (!request.recover) {
      await run.journal.recordResult(intentId, { outcome: 'unknown', error: error.message });
      throw error;
    }
    try {
      result = await request.recover(error);
    } catch (unrecovered) {
      const notPlaced = unrecovered instanceof Error && unrecovered.name === 'OrderNotPlacedError';
      await run.journal.recordResult(intentId, { outcome: notPlaced ? 'abandoned' : 'unknown', error: error.message });
      throw unrecovered;
    }
    adopted = true;
  }
  if (run.onPaidCallReturned && paidIntent(run, intent)) run.onPaidCallReturned();
  atPoint(run, intent, 'reply-received');
  const id = await request.record(result, adopted);
  atPoint(run, intent, 'state-written');
  if (!adopted && request.busy?.(result)) return { result, adopted, open: { intentId, id, intent } };
  await run.journal.recordResult(intentId, { outcome: adopted ? 'adopted' : 'ok', id });
  atPoint(run, intent, 'intent-closed');
  return { result, adopted };
}

/** True when the intent is of a paid order: a paid create, or a paid in-place operation of its type. */
function paidIntent(run: ApplyContext, intent: IntentRecord): boolean {
  const type = run.catalogue.resource(intent.type);
  if (!type) return false;
  return intent.operation === 'create' ? type.paidCreate : type.paidOperations.includes(intent.operation);
}

/**
 * Closes intents left open by busy calls once the resource is `Active`:
 * awaits `waitUntilActive` (when given), then closes each `ok`. When the
 * wait fails, each closes `unknown` (placed; reconciliation finishes it) and
 * the error is raised.
 */
export async function settleWhenActive(run: ApplyContext, open: OpenIntent[], waitUntilActive?: () => Promise<void>): Promise<void> {
  if (waitUntilActive) {
    try {
      await waitUntilActive();
    } catch (error) {
      await closeUnknown(run, open, `placed; then waiting for Active failed: ${(error as Error).message}`);
      throw error;
    }
  }
  for (const intent of open) {
    await run.journal.recordResult(intent.intentId, { outcome: 'ok', id: intent.id });
    if (intent.intent) atPoint(run, intent.intent, 'intent-closed');
  }
}

/** Closes open intents `unknown` with `reason` (they stay unfinished for reconciliation). */
export async function closeUnknown(run: ApplyContext, open: OpenIntent[], reason: string): Promise<void> {
  for (const intent of open) await run.journal.recordResult(intent.intentId, { outcome: 'unknown', error: reason });
}
