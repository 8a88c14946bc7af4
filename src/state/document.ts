/**
 * The state document: what a backend keeps for a workspace (`state.json`, or a PostgreSQL row), the entry of each managed resource and output, and the marks that keep money safe (an order pending, one awaiting payment, a migration).
 */
import { type Value, type Attributes } from '../core/types.js';

/** What cloudctl knows about one managed resource. */
export interface ResourceState {
  type: string;
  /** The resource id (decimal account id, keypair id, or `metal:ip` for assignments). */
  id: string;
  attributes: Attributes;
  /** Addresses this resource depended on when last applied (for ordering deletes). */
  dependencies: string[];
  /**
   * Set when the order was placed but the resource never reached `Active`
   * (crash or timeout): the next run resumes waiting instead of ordering again.
   */
  pending_create?: boolean;
  /**
   * ISO 8601 time of the create, for a type the API reads only from its
   * list (a keypair: no GET by id). Lists may lag behind a create (and
   * not steadily: one reply may show it, the next not): for the list lag
   * after that time (`CLOUDCTL_LIST_LAG`, default 30 s), absence from the
   * list keeps the resource (a refresh note says so) instead of taking it
   * as deleted outside cloudctl. Refresh drops the mark once the lag has
   * passed and the list shows it.
   */
  unlisted?: string;
  /**
   * Attributes whose value came from a sensitive source (a sensitive
   * variable, or another sensitive attribute, through any expression)
   * although the catalogue does not mark them sensitive, sorted. Every view
   * masks them, and encryption at rest covers them. A mark stays while the
   * value stays the same; absent when there is none.
   */
  sensitive_attributes?: string[];
  /**
   * Attributes created once (`keepFromCreate`, a generated private key)
   * that never reached the state: the answer to the create was lost (the
   * resource was then found by listing) or did not hold them. They cannot
   * be read again; plan and apply warn until the resource is replaced.
   */
  lost_at_create?: string[];
  /**
   * Set when an order was placed unpaid (`pay_with_credit_card: false`) and
   * its invoice is open: the create (with `pending_create`) or a paid
   * in-place operation (with its `pending_operations` entry, which carries
   * `payment`). The account stays `Pending` until the invoice is paid. The
   * next plan shows it as awaiting payment; refresh drops it once the
   * invoice is no longer open.
   */
  pending_payment?: PendingPayment;
  /**
   * Set once a paid trigger that turns the resource into another type was
   * placed (`migrate_to_pro`: a lite VM became a lite pro VM). The entry is
   * then frozen: never read, ordered, replaced or deleted by a plan (the old
   * account may be gone or `Terminated`); the plan says how to move it to an
   * address of `to_type` (`cloudctl state mv`, or import by the new id).
   */
  migrated?: MigratedMark;
  /**
   * Paid in-place orders the API accepted whose new value it does not show
   * yet (an upgrade held while its invoice is open), by attribute. The
   * attribute keeps the ordered value meanwhile, so nothing is ordered
   * again; refresh drops an entry once the API shows the value (or reports
   * the recorded invoice cancelled).
   */
  pending_operations?: Record<string, PendingOperation>;
}

/** See {@link ResourceState.migrated}. */
export interface MigratedMark {
  /** The type the resource became, e.g. `cloud_lite_pro_vm`. */
  to_type: string;
  /** The trigger attribute and the value it was placed with (the target product id). */
  attribute: string;
  value: Value;
  /** ISO 8601 time the order was placed (or found placed). */
  time: string;
}

/** See {@link ResourceState.pending_operations}. */
export interface PendingOperation {
  /** Operation name, e.g. `change_package`. */
  operation: string;
  /** The value ordered. */
  value: Value;
  /** ISO 8601 time the order was placed. */
  time: string;
  /** The invoice the API reported when the order was found pending (`last_invoice.id`), when it reported one. */
  invoice_id?: string;
  /** Why it counts as placed, in words (the accepted reply, or the open invoice). */
  evidence: string;
  /**
   * Set when the order was placed unpaid (`pay_with_credit_card: false`):
   * its invoice as the API reported it. While the resource's
   * `pending_payment` is set the plan shows it awaiting payment; once paid,
   * the next apply waits for the value (then this is dropped).
   */
  payment?: PendingPayment;
}

/**
 * The open invoice of an unpaid order, from the account's `last_invoice`.
 * An account that reports no invoice (only lite and lite pro accounts carry
 * `last_invoice`) is known unpaid by staying `Pending`: no `invoice_id` then.
 */
export interface PendingPayment {
  invoice_id?: number;
  /** Amount of the invoice when the API (or the plan's price) gives it, in the account currency. */
  amount?: number;
  /** `last_invoice.duedate` (`YYYY-MM-DD`), when given. */
  due_date?: string;
}

/** A recorded output value. */
export interface OutputState {
  value: Value;
  sensitive: boolean;
}

/** The state file, `.cloudctl/state.json`. */
export interface StateDocument {
  format_version: 1;
  /** Set once, when the state is first created (a UUID). */
  lineage: string;
  /** Bumped on every write that changes content. */
  serial: number;
  resources: Record<string, ResourceState>;
  outputs: Record<string, OutputState>;
}
