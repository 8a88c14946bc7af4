/**
 * Unpaid orders (`pay_with_credit_card: false`): the order leaves an open
 * invoice and the account stays `Pending` until someone pays it. Creates
 * (create.ts) and paid in-place operations (in-place.ts, update.ts) share
 * what is here: one read right after the order to learn the invoice, the
 * error that says so at once instead of waiting out the timeout, and the
 * state marks (`pending_payment`; for an in-place order also its held
 * `pending_operations` entry, see ../held.ts) that make the next plan show
 * it as awaiting payment and never order it again.
 */
import type { Attributes, Value } from '../../core/types.js';
import type { PendingOperation, PendingPayment, ResourceState } from '../../state/document.js';
import type { ResourceType } from '../../resources/attribute.js';
import { unpaidEvidence } from '../refresh.js';
import type { ApplyContext } from './context.js';

/**
 * `invoice 700002, amount 45000, due 2026-11-23 is open`, or, for an account
 * that reports no invoice, `the API reports no invoice for it (amount 30000;
 * see the portal) and the account is Pending`.
 */
export function invoiceWords(payment: PendingPayment): string {
  const amount = payment.amount !== undefined ? `, amount ${payment.amount}` : '';
  if (payment.invoice_id === undefined)
    return `the API reports no invoice for it (${amount ? `${amount.slice(2)}; ` : ''}see the portal) and the account is Pending`;
  const due = payment.due_date ? `, due ${payment.due_date}` : '';
  return `invoice ${payment.invoice_id}${amount}${due} is open`;
}

/** An order placed unpaid: its account stays `Pending` until someone pays the invoice. */
export class AwaitingPaymentError extends Error {
  /** Stable identifier (docs/automation.md, "Errors"). */
  readonly code = 'awaiting_payment';
  /**
   * @param operation the in-place operation placed unpaid (`change_package`); absent for a create.
   */
  constructor(
    readonly address: string,
    readonly id: string,
    readonly payment: PendingPayment,
    readonly operation?: string,
  ) {
    const what = operation === undefined ? `the order (id ${id})` : `the ${operation} order on id ${id}`;
    super(
      `${what} was placed unpaid (pay_with_credit_card: false): ${invoiceWords(payment)}, and the account stays Pending until it is paid. Pay it, then run apply again; the state records it as awaiting payment, and nothing is ordered again`,
    );
    this.name = 'AwaitingPaymentError';
  }
}

/**
 * Reads resource `id` once and resolves with its open invoice (`last_invoice`
 * with status `Unpaid`; for an account that reports no invoice, `{}` while
 * it is `Pending`: see `unpaidEvidence`), with `planned` as the amount when
 * the API gives none; undefined when nothing shows it unpaid or the read
 * fails (the caller then waits as usual). Endpoint: the type's read.
 */
export async function openInvoiceOf(
  run: ApplyContext,
  address: string,
  type: ResourceType,
  state: Pick<ResourceState, 'id' | 'attributes'>,
  planned?: number | null,
): Promise<PendingPayment | undefined> {
  const seen = await type.read(run.operationContext(address, 300, 'reading'), state.id, state.attributes).catch(() => null);
  const invoice = seen ? unpaidEvidence(seen) : undefined;
  if (!invoice) return undefined;
  return { ...invoice, ...(invoice.amount === undefined && typeof planned === 'number' && planned > 0 ? { amount: planned } : {}) };
}

/** One paid in-place order found placed unpaid, for {@link holdUnpaidOrder}. */
export interface UnpaidOrder {
  operation: string;
  attribute: string;
  value: Value;
  /** ISO 8601 time it was placed. */
  time: string;
  payment: PendingPayment;
}

/**
 * `state` (already holding the ordered value in its attributes) with the
 * unpaid in-place `order` held: a `pending_operations` entry carrying the
 * invoice, and `pending_payment` set.
 */
export function holdUnpaidOrder(state: ResourceState, order: UnpaidOrder): ResourceState {
  const entry: PendingOperation = {
    operation: order.operation,
    value: order.value,
    time: order.time,
    ...(order.payment.invoice_id !== undefined ? { invoice_id: String(order.payment.invoice_id) } : {}),
    evidence: `placed unpaid (pay_with_credit_card: false)${order.payment.invoice_id !== undefined ? ` with invoice ${order.payment.invoice_id}` : ''}`,
    payment: order.payment,
  };
  return {
    ...state,
    pending_operations: { ...state.pending_operations, [order.attribute]: entry },
    pending_payment: order.payment,
  };
}

/**
 * Before anything else is done to a resource the state records as awaiting
 * payment (`pending_payment`): reads it once; while the invoice is still
 * open, records it again and fails at once with {@link AwaitingPaymentError}
 * (`operation` names the in-place operation; absent for a create). A paid
 * invoice clears the mark; resolves with the state as written.
 * Endpoint: the type's read.
 */
export async function checkAwaitedPayment(
  run: ApplyContext,
  address: string,
  type: ResourceType,
  state: ResourceState,
  options: { operation?: string; planned?: number | null; attributes?: Attributes } = {},
): Promise<ResourceState> {
  const invoice = await openInvoiceOf(
    run,
    address,
    type,
    { id: state.id, attributes: options.attributes ?? state.attributes },
    options.planned,
  );
  if (invoice) {
    // What an earlier read or the plan gave (the amount) stays unless the API now says otherwise.
    const payment: PendingPayment = { ...state.pending_payment, ...invoice };
    await run.store.setResource(address, { ...state, pending_payment: payment });
    throw new AwaitingPaymentError(address, state.id, payment, options.operation);
  }
  if (!state.pending_payment) return state;
  const { pending_payment: _paid, ...rest } = state;
  await run.store.setResource(address, rest);
  return rest;
}
