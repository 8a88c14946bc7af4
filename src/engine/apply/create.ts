/**
 * Create: orders a new resource (or resumes one whose order was placed but
 * never seen `Active`), waits for `Active`, reads it, converges the inputs
 * the order does not carry, and publishes its attributes.
 *
 * Money safety: the order goes through the paid-call protocol
 * (paid-call.ts): the intent (with the type's listing taken before the
 * run's first create of it) is journaled before the call; an outcome
 * unknown is looked for by listing at once, and adopted when exactly one
 * unmanaged resource matches; the new id is written to state (marked
 * `pending_create` for a type that must become `Active`) the moment the API
 * returns it, before waiting.
 */
import type { ApiClient } from '../../api/types.js';
import type { Attributes } from '../../core/types.js';
import type { BlockDeclaration } from '../../manifest/types.js';
import type { ResourceState } from '../../state/document.js';
import type { Change } from '../../plan/document.js';
import type { CreateResult, ResourceType } from '../../resources/attribute.js';
import { mergeAttributes } from '../attributes.js';
import { neverRead } from '../diff.js';
import { findCreated } from '../reconcile/index.js';
import { operationSeconds, type ApplyContext } from './context.js';
import { converge } from './converge.js';
import { journaledCall, maskedInputs, OrderNotPlacedError, placeAtMostTwice } from './paid-call.js';
import { checkAwaitedPayment } from './payment.js';

/** `api` with its `get` replaced by `get` (the other calls go to `api`). */
function withGet(api: ApiClient, get: ApiClient['get']): ApiClient {
  return {
    get,
    post: (path, body, requestOptions) => api.post(path, body, requestOptions),
    put: (path, body, requestOptions) => api.put(path, body, requestOptions),
    delete: (path, requestOptions) => api.delete(path, requestOptions),
    close: () => api.close(),
  };
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * Places the order of a new resource through the paid-call protocol and
 * writes its id to state. Resolves with the state written and, when the
 * order answered (not adopted after an unknown outcome), what it returned.
 *
 * An outcome unknown is settled in the run (docs/design.md, "Safety
 * invariants", I4): once the run's other orders of the same account kind
 * have answered (their ids in state) and the grace has passed since the
 * order was sent (`ApplyContext.graceSeconds`: the server may still be
 * handling it), the type is listed; exactly one unclaimed match is adopted;
 * none, in a listing read in full, proves the order was not placed (its
 * intent closes `abandoned`) and it is placed again, once. Anything else
 * (several matches, an unreadable listing, a second unknown outcome) stops
 * this resource: its intent stays unfinished and the next run reconciles it.
 * Errors: the order's (intent `failed`), or an Error saying the outcome is
 * unknown and the next run reconciles it (intent `unknown`).
 */
async function order(
  run: ApplyContext,
  address: string,
  type: ResourceType,
  inputs: Attributes,
  dependencies: string[],
): Promise<{ state: ResourceState; created?: Attributes }> {
  const listing = await run.listingOf(type, address);
  const masked = maskedInputs(type, inputs);
  let state: ResourceState | undefined;
  const place = async (again: boolean) => {
    let answered!: () => void;
    const mine = new Promise<void>((resolve) => (answered = resolve));
    run.orderStarted(type, mine);
    let sent = Date.now();
    try {
      return await journaledCall<CreateResult>(run, {
        intent: {
          address,
          type: type.type,
          operation: 'create',
          inputs: masked,
          match: masked,
          dependencies,
          ...(listing ? { existing_listing: listing.listingId } : {}),
        },
        // The listing and the intent go to disk together (the listing first); the order waits for both.
        alongside: listing?.written,
        call: async (api) => {
          sent = Date.now();
          try {
            return await type.create(run.operationContext(address, operationSeconds(type, inputs, 'create'), 'creating', api), inputs);
          } catch (error) {
            answered();
            throw error;
          }
        },
        // The order may have been placed: look for it in this run (never order again blindly).
        recover: async (error) => {
          run.reporter.notice?.(address, `the outcome of the order is unknown (${error.message}); looking for it`);
          await run.otherOrdersAnswered(type, mine);
          await pause(sent + run.graceSeconds * 1000 - Date.now());
          const seen = { incomplete: false };
          const found = await findCreated(
            type,
            run.operationContext(address, 300, 'creating'),
            { match: masked, existing: listing?.ids },
            run.store,
            seen,
          ).catch(() => undefined);
          if (found?.length === 1) return found[0]!;
          if (found?.length === 0 && !seen.incomplete && !again) {
            throw new OrderNotPlacedError(`${error.message}; no unclaimed ${type.type} matches it, so it was not placed`, { cause: error });
          }
          const listed =
            found === undefined
              ? 'the listing failed'
              : found.length === 0
                ? seen.incomplete
                  ? 'the listing could not be read in full'
                  : 'no matching resource is listed yet'
                : `${found.length} matching resources are listed`;
          throw new Error(`${error.message}; ${listed}: the next run reconciles it before planning anything`, { cause: error });
        },
        record: async (answer, wasAdopted) => {
          // Inputs the API never reports (write-only or local) that were not given
          // are recorded as known-unset (null), unlike after an import, where they
          // are unknown (absent) and the manifest's value is adopted.
          const unset: Attributes = {};
          for (const [name, attribute] of Object.entries(type.attributes)) {
            if (attribute.mode !== 'computed' && neverRead(attribute) && inputs[name] === undefined) unset[name] = null;
          }
          state = {
            type: type.type,
            id: answer.id,
            // An adopted resource's listed values never override what was sent.
            attributes: wasAdopted
              ? { ...unset, ...answer.attributes, ...inputs, id: answer.id }
              : { ...unset, ...inputs, ...answer.attributes, id: answer.id },
            dependencies,
            ...(type.waitUntilReady ? { pending_create: true } : {}),
            ...(type.readFromListOnly ? { unlisted: new Date().toISOString() } : {}),
          };
          try {
            await run.store.setResource(address, state);
          } finally {
            answered();
          }
          return answer.id;
        },
      });
    } finally {
      answered();
    }
  };
  const { result, adopted } = await placeAtMostTwice(run, address, place);
  return { state: state!, ...(adopted ? {} : { created: result.attributes }) };
}

/**
 * For an order placed unpaid (`pay_with_credit_card: false`), or one the
 * state records as awaiting payment: reads the resource once and, when its
 * `last_invoice` is still `Unpaid`, records `pending_payment` in state and
 * fails at once with `AwaitingPaymentError` (payment.ts) instead of waiting out the
 * timeout for an account that cannot become `Active`. A paid invoice clears
 * the mark and the create continues. Types whose read reports no
 * `last_invoice` are waited for as usual. Endpoint: the type's read.
 */
async function checkPayment(
  run: ApplyContext,
  change: Change,
  type: ResourceType,
  inputs: Attributes,
  state: ResourceState,
): Promise<ResourceState> {
  if (!type.waitUntilReady || (inputs.pay_with_credit_card !== false && !state.pending_payment)) return state;
  return checkAwaitedPayment(run, change.address, type, state, { planned: change.cost?.due_now });
}

/**
 * Applies a `create` or `replace` change (the replace's delete has run).
 * Errors: the inputs' (unknown, invalid), the order's, a failed wait for
 * `Active` (the id stays in state, `pending_create`: the next run resumes),
 * the read's, converge's.
 */
export async function create(run: ApplyContext, change: Change, type: ResourceType, block: BlockDeclaration): Promise<void> {
  const { address } = change;
  const inputs = run.finalInputs(type, block);
  const dependencies = run.dependenciesOf(address);
  const started = Date.now();
  const resumed = run.store.resource(address);
  let state: ResourceState;
  /** What a create that just succeeded returned (not set when resumed or adopted). */
  let created: Attributes | undefined;
  if (resumed?.pending_create) {
    state = resumed;
    run.reporter.started(address, 'resuming');
  } else {
    run.reporter.started(address, 'creating');
    ({ state, created } = await order(run, address, type, inputs, dependencies));
  }
  run.scope.setResource(address, state.attributes);
  state = await checkPayment(run, change, type, inputs, state);
  // The poll that saw `Active` already holds what the read would GET first:
  // the read gets that body instead of asking again (one GET less per create).
  const lastPoll = new Map<string, unknown>();
  /** The list's item that said `Active`, when a watched wait saw it there (watch.ts): the read maps it, with no GET. */
  let listedItem: Record<string, unknown> | undefined;
  if (type.waitUntilReady) {
    const polling = withGet(run.api, async (path, requestOptions) => {
      const body = await run.api.get(path, requestOptions);
      lastPoll.set(path, body);
      return body;
    });
    const context = run.operationContext(address, operationSeconds(type, inputs, 'create'), 'creating', polling);
    const list = type.refreshByList;
    if (list?.readiness) {
      const seen = await run.watcher.untilActive(list, list.readiness, state.id, context);
      if (seen.listed) listedItem = seen.body;
    } else await type.waitUntilReady(context, state.id);
  }
  const reading = withGet(run.api, (path, requestOptions) => {
    if (!lastPoll.has(path)) return run.api.get(path, requestOptions);
    const body = lastPoll.get(path);
    lastPoll.clear();
    return Promise.resolve(body);
  });
  // A resource ready at once whose create answer holds every computed
  // attribute (a keypair: id, public key) is not read again: the read would
  // list its whole pool (a keypair has no GET by id), O(N²) over an apply.
  const complete =
    created !== undefined &&
    !type.waitUntilReady &&
    Object.entries(type.attributes).every(
      ([name, attribute]) => attribute.mode !== 'computed' || attribute.keepFromCreate || created![name] !== undefined,
    );
  // A type read by listing maps the poll's body. Its detail request (a VM's
  // vm-details) is made only when the manifest uses a detail attribute, as
  // refresh does (refresh.ts needsDetail): figures nothing reads are not
  // worth a request per VM, nor the wait for it at the end of the run.
  const byList = complete ? undefined : type.refreshByList;
  let read: Attributes | null;
  if (complete) read = created!;
  else if (byList) {
    const context = run.operationContext(address, 300, 'creating', reading);
    const item = listedItem ?? (await byList.one(context, state.id));
    read = item === null ? null : byList.attributes(item, state.id, state.attributes);
    if (read && byList.detail && run.uses(address, byList.detailAttributes ?? [])) {
      Object.assign(read, await byList.detail(context, state.id, state.attributes));
    }
  } else read = await type.read(run.operationContext(address, 300, 'creating', reading), state.id, state.attributes);
  // A type read only from its list keeps its `unlisted` mark (its create
  // time): lists lag behind creates, so not listed yet is not gone.
  if (read === null && state.unlisted) read = { id: state.id };
  if (read === null) throw new Error(`${address}: ${type.type} ${state.id} disappeared right after it was created`);
  let attributes = mergeAttributes(type, state.attributes, read, inputs);
  // Dependents need not wait for this write: the id is durable since the
  // `pending_create` write, and a crash before this one only makes the next
  // run wait for `Active` and read again. A failed write is retried by the
  // flush at the end of the run, which reports it if it fails again.
  const written = run.store.setResource(address, {
    type: type.type,
    id: state.id,
    attributes,
    dependencies,
    ...(state.unlisted ? { unlisted: state.unlisted } : {}),
  });
  run.backgroundWrites.push(written.catch(() => undefined));
  attributes = await converge(run, { address, type, id: state.id, inputs, attributes, read, dependencies });
  run.scope.setResource(address, attributes);
  run.reporter.finished(address, 'creating', (Date.now() - started) / 1000, state.id);
}
