/**
 * Paid orders the API took but does not show (issue 10, cases 7 and 8),
 * kept in state so nothing is ordered twice:
 *
 * - A resource migrated to another type by a paid trigger (`migrate_to_pro`,
 *   declared by the trigger policy's `becomes`) is marked
 *   `ResourceState.migrated`. Whatever the API says of the old account
 *   afterwards (404, `Terminated`) it stays in state, and no plan orders it
 *   again (create or replace); the plan says how to move it.
 * - A paid in-place order accepted by the API whose new value does not show
 *   once the resource is `Active` again (an upgrade held while its invoice
 *   is open) is recorded in `ResourceState.pending_operations`: the
 *   attribute keeps the ordered value, so the plan proposes nothing, until
 *   the API shows the value or reports the recorded invoice cancelled.
 */
import type { Attributes, Value } from '../core/types.js';
import type { PendingOperation, ResourceState } from '../state/document.js';
import type { ResourceType } from '../resources/attribute.js';
import { unreported } from './attributes.js';

/** The type a paid trigger attribute turns its resource into (`cloud_lite_pro_vm` for `migrate_to_pro`), if any. */
export function migrationTarget(type: ResourceType, attribute: string): string | undefined {
  const policy = type.attributes[attribute]?.policy;
  return policy?.kind === 'trigger' ? policy.becomes : undefined;
}

/** True for a read that finds no live account: `null` (404) or status `Terminated`. */
export function goneOrTerminated(read: Attributes | null): boolean {
  return read === null || String(read.status ?? '').toLowerCase() === 'terminated';
}

/** True when the API shows `value`: scalars compare as text (`1549` and `"1549"` are equal). */
export function showsValue(observed: Value | undefined, value: Value): boolean {
  if (observed === undefined || observed === null) return false;
  if (typeof observed !== 'object' && typeof value !== 'object') return String(observed) === String(value);
  return JSON.stringify(observed) === JSON.stringify(value);
}

/** The `last_invoice` block of a read, when it has one. */
function lastInvoice(read: Attributes | null): Record<string, Value> | undefined {
  const invoice = read?.last_invoice;
  return invoice && typeof invoice === 'object' && !Array.isArray(invoice) ? (invoice as Record<string, Value>) : undefined;
}

/**
 * The invoice evidence of a read: the id of `last_invoice` and whether it is
 * still open (any status but `Paid`, `Cancelled`, `Refunded`). Empty when the
 * API reports no invoice.
 */
export function invoiceEvidence(read: Attributes | null): { invoiceId?: string; open: boolean; status?: string } {
  const invoice = lastInvoice(read);
  if (!invoice) return { open: false };
  const status = typeof invoice.status === 'string' ? invoice.status : undefined;
  const id = invoice.id === undefined || invoice.id === null || invoice.id === '' ? undefined : String(invoice.id);
  const open = status !== undefined && !/^(paid|cancell?ed|refunded|collections)$/i.test(status.trim());
  return { ...(id !== undefined ? { invoiceId: id } : {}), open, ...(status !== undefined ? { status } : {}) };
}

/** A paid in-place order that ran, for {@link holdUnshown}. */
export interface PlacedOrder {
  operation: string;
  attribute: string;
  value: Value;
  /** ISO 8601 time it was placed. */
  time: string;
  /**
   * True when the attribute is `authoritative` (the API is known to report
   * it): a read-back that leaves it out is then no proof the order took,
   * and it is held like a value that does not show.
   */
  authoritative?: boolean;
}

/**
 * After the paid `orders` of one update ran and the resource was read back:
 * an attribute whose ordered value the API does not show yet (another
 * value, or for an authoritative attribute none) keeps the
 * ordered value in `attributes` and gets a pending entry (with the open
 * invoice as evidence, when the read reports one). Entries of `prior` the
 * read shows are dropped, the others keep their ordered value (one placed
 * unpaid loses its `payment` once no invoice is open). Resolves the
 * attributes to write and the pending entries; `pending` is undefined when
 * none is left.
 */
export function holdUnshown(
  orders: PlacedOrder[],
  read: Attributes,
  attributes: Attributes,
  prior: Record<string, PendingOperation> | undefined,
): { attributes: Attributes; pending: Record<string, PendingOperation> | undefined } {
  const pending: Record<string, PendingOperation> = { ...prior };
  const held = { ...attributes };
  const invoice = invoiceEvidence(read);
  for (const order of orders) {
    if (showsValue(read[order.attribute], order.value)) {
      delete pending[order.attribute];
      continue;
    }
    // Not reported at all (`undefined`) where the API may never report it:
    // nothing contradicts it; the value stays as written, nothing is held.
    // An authoritative attribute left out (or `null`, `''`) is held: the
    // next read may show the old value while the invoice is open.
    const silent = unreported(read[order.attribute]);
    if (read[order.attribute] === undefined && !order.authoritative) continue;
    held[order.attribute] = order.value;
    pending[order.attribute] = {
      operation: order.operation,
      value: order.value,
      time: order.time,
      ...(invoice.open && invoice.invoiceId !== undefined ? { invoice_id: invoice.invoiceId } : {}),
      evidence: invoice.open
        ? `the API accepted the order and invoice ${invoice.invoiceId ?? '(no id)'} is ${invoice.status}`
        : silent
          ? 'the API accepted the order; its read-back did not report the value'
          : 'the API accepted the order',
    };
  }
  // Earlier held orders: dropped once shown; the others keep their ordered value.
  for (const [attribute, entry] of Object.entries(prior ?? {})) {
    if (orders.some((order) => order.attribute === attribute)) continue;
    if (showsValue(read[attribute], entry.value)) {
      delete pending[attribute];
      continue;
    }
    held[attribute] = entry.value;
    // One placed unpaid and paid since (the resource was waited for): held like any other from now on.
    if (entry.payment && !invoice.open) {
      const { payment: _paid, ...rest } = entry;
      pending[attribute] = rest;
    }
  }
  return { attributes: held, pending: Object.keys(pending).length > 0 ? pending : undefined };
}

/**
 * A refresh of a resource with pending orders: each one the API now shows
 * (or whose recorded invoice it reports closed without payment) is dropped;
 * the others keep their ordered value in `attributes` (no drift). Resolves
 * the attributes and what is left pending (undefined when nothing).
 */
export function keepPending(
  prior: ResourceState,
  read: Attributes,
  attributes: Attributes,
): { attributes: Attributes; pending: Record<string, PendingOperation> | undefined } {
  const pending: Record<string, PendingOperation> = {};
  const held = { ...attributes };
  const invoice = lastInvoice(read);
  for (const [attribute, entry] of Object.entries(prior.pending_operations ?? {})) {
    if (showsValue(read[attribute], entry.value)) continue;
    const cancelled =
      invoice !== undefined &&
      entry.invoice_id !== undefined &&
      String(invoice.id) === entry.invoice_id &&
      typeof invoice.status === 'string' &&
      /^cancell?ed$/i.test(invoice.status.trim());
    if (cancelled) continue;
    held[attribute] = entry.value;
    pending[attribute] = entry;
  }
  return { attributes: held, pending: Object.keys(pending).length > 0 ? pending : undefined };
}

/** `resource` with `pending_operations` set to `pending` (removed when undefined). */
export function withPending(resource: ResourceState, pending: Record<string, PendingOperation> | undefined): ResourceState {
  const { pending_operations: _old, ...rest } = resource;
  return pending ? { ...rest, pending_operations: pending } : rest;
}
