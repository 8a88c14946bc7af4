/**
 * The generic planner's core: given a type's attribute table, the desired
 * inputs from the manifest and the prior (refreshed) state, decide the action
 * for one resource. Pure: no I/O. Every resource type goes through here;
 * resource modules never diff.
 */
import { sameData } from '../core/equal.js';
import { readBackOf, type Attribute, type ResourceType } from '../resources/attribute.js';
import { POLICY_KINDS, policyOperation } from '../resources/policies.js';
import { MASK, maskValue } from '../core/mask.js';
import { attributeEntries, listsOf, paidFollowUpsOf, type CreateFacts } from './attribute-lists.js';
import { isUnknown, unknown, type Diagnostic, type PlannedValue, type SourceLocation } from '../core/types.js';
import { type Lifecycle } from '../manifest/types.js';
import { type PendingOperation, type PendingPayment, type ResourceState } from '../state/document.js';
import {
  type AttributeChange,
  type Change,
  type ChangeCause,
  type ChangeReason,
  type PlannedOperation,
  type PlanWarning,
} from '../plan/document.js';

export { attributeEntries, computedAttributeNames } from './attribute-lists.js';

/** A desired input: its planned value and whether it came from a sensitive source. */
export interface DesiredInput {
  value: PlannedValue;
  sensitive: boolean;
}

/** Everything the diff needs about one resource. */
export interface ResourceDiffInput {
  address: string;
  type: ResourceType;
  /** Inputs written in the manifest (canonical names). Absent = not written. */
  desired: Record<string, DesiredInput>;
  /** Refreshed state, or undefined when the resource does not exist yet. */
  prior: ResourceState | undefined;
  lifecycle: Lifecycle;
  /** `--replace ADDRESS` was given for this resource. */
  forceReplace: boolean;
  /** The `replace_triggered_by` reference that fired (a planned change of what it names), when one did. */
  triggeredBy?: string;
  /** Where each property is written, and the block itself, for diagnostics. */
  locations: Record<string, SourceLocation>;
  blockLocation?: SourceLocation;
  dependsOn: string[];
  /** Refresh found the resource deleted outside cloudctl (404 or `Terminated`); `prior` is then undefined. */
  deletedOutside?: boolean;
  /** Attributes refresh found changed outside cloudctl. */
  drifted?: ReadonlySet<string>;
}

/** The diff's answer: the change, plan errors (reject, shrink, prevent_destroy), and warnings for the plan document. */
export interface ResourceDiffResult {
  change: Change;
  /**
   * The values a create masks (`(sensitive)` in place of each known
   * sensitive value, as the plan document holds it), by attribute name:
   * what its resource's planned values hold instead (Scope.setPlannedResource).
   */
  secrets?: Record<string, PlannedValue>;
  diagnostics: Diagnostic[];
  /** `paid_change_unobserved`: a paid in-place change not planned because the API never reported its value (I2). */
  warnings?: PlanWarning[];
}

/** Renders a value for a message: strings quoted, numbers with the unit. */
export function describeValue(value: unknown, attribute?: Attribute): string {
  if (value === undefined || value === null) return 'null';
  if (isUnknown(value)) return '(known after apply)';
  if (typeof value === 'number') return attribute?.unit ? `${value} ${attribute.unit}` : String(value);
  return JSON.stringify(value);
}

/** True when two planned values are equal (null and undefined are equal). */
export function sameValue(a: unknown, b: unknown): boolean {
  return sameData(a ?? null, b ?? null);
}

/**
 * The value the manifest asks for: what it writes, else the attribute's
 * default, else `undefined` ("no opinion": the state keeps what it has).
 */
export function desiredValue(attribute: Attribute, desired: DesiredInput | undefined): PlannedValue | undefined {
  if (desired !== undefined) return desired.value;
  if (attribute.default !== undefined) return attribute.default;
  return undefined;
}

/**
 * Inputs whose observed value never becomes state (`readBack` `never` or
 * `informational`: write-only ones, those stored in state only, those the
 * contract does not read back): the state holds what cloudctl sent, and
 * when it does not know it (after an import) the manifest's value is adopted.
 */
export function neverRead(attribute: Attribute): boolean {
  return readBackOf(attribute) !== 'authoritative';
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function ignored(lifecycle: Lifecycle, name: string): boolean {
  return lifecycle.ignoreChanges === 'all' || lifecycle.ignoreChanges.includes(name);
}

/**
 * The errors of a `create_before_destroy` replace the API cannot hold: an
 * input whose value one account at a time may hold (`Attribute.heldOnce`:
 * an additional IP is assigned once) that the replacement keeps, so its
 * order would be refused while the old account exists. At the attribute.
 */
function heldOnceConflicts(input: ResourceDiffInput, prior: ResourceState): Diagnostic[] {
  const found: Diagnostic[] = [];
  for (const [name, attribute] of attributeEntries(input.type)) {
    if (!attribute.heldOnce) continue;
    const after = desiredValue(attribute, input.desired[name]);
    if (after === undefined || isUnknown(after) || !sameValue(prior.attributes[name], after)) continue;
    found.push({
      severity: 'error',
      code: 'create_before_destroy_conflict',
      location: input.locations[name] ?? input.blockLocation,
      message: `${input.address}.${name}: create_before_destroy cannot order the replacement while ${input.type} ${prior.id} exists: ${attribute.heldOnce}; remove create_before_destroy (the old one is then destroyed first)`,
    });
  }
  return found;
}

/**
 * Plans one resource. The action is `create` without prior state, `replace`
 * when a `replace` attribute changed (or `--replace` was given), `update`
 * when in-place operations or local values changed, `noop` otherwise.
 * Diagnostics: a changed `reject` attribute, a shrinking `grow` attribute,
 * a replace of a resource with `prevent_destroy`.
 */
export function diffResource(input: ResourceDiffInput): ResourceDiffResult {
  const { prior } = input;
  const diagnostics: Diagnostic[] = [];
  const warnings: PlanWarning[] = [];
  if (!prior) {
    const secrets: Record<string, PlannedValue> = {};
    const change = createChange(input, false, secrets);
    return { change, diagnostics, ...(Object.keys(secrets).length > 0 ? { secrets } : {}) };
  }
  if (prior.pending_create) return resumeOrReplace(input, prior);
  const plan = planAttributes(input, prior, diagnostics, warnings);
  const result = (change: Change): ResourceDiffResult => ({ change, diagnostics, ...(warnings.length > 0 ? { warnings } : {}) });
  // A resource migrated to another type by a paid trigger is never ordered
  // again: what would replace it is left as it is (the plan warns how to move it).
  if (plan.replace && prior.migrated && !plan.forced) return result(callsNothing(input, prior, 'noop', []));
  if (plan.replace) return result(replaceChange(input, prior, plan, diagnostics));
  return result(updateChange(input, prior, plan));
}

/**
 * Plans a resource whose order was placed but not yet seen through
 * (`pending_create`: a create that did not reach `Active`, or an order of
 * unknown outcome adopted by reconciliation). It is resumed as the create
 * the manifest asks for, unless what was ordered differs from the manifest
 * as it is now in an attribute that forces replacement (the manifest
 * changed between the order and this run, or `--replace` was given): then
 * it is replaced like any resource, so the apply that finishes leaves
 * nothing to plan. In-place differences are left to the resumed create's
 * converge step (apply/converge.ts), as for a new resource. Diagnostics
 * and warnings of the comparison count only for a replace: a resumed
 * create plans nothing against the values it was ordered with.
 */
function resumeOrReplace(input: ResourceDiffInput, prior: ResourceState): ResourceDiffResult {
  const diagnostics: Diagnostic[] = [];
  const warnings: PlanWarning[] = [];
  const plan = planAttributes(input, prior, diagnostics, warnings);
  if (!plan.replace || (prior.migrated && !plan.forced)) return { change: createChange(input), diagnostics: [] };
  const change = replaceChange(input, prior, plan, diagnostics);
  return { change, diagnostics, ...(warnings.length > 0 ? { warnings } : {}) };
}

/** What the attribute policies of an existing resource planned (see {@link planAttributes}). */
interface AttributePlan {
  /** The attributes that change. */
  attributes: AttributeChange[];
  /** The in-place operations they call, in attribute order. */
  operations: PlannedOperation[];
  /** The change's reasons so far: a requested or triggered replace, what forces one. */
  reasons: ChangeReason[];
  /** Per attribute, the reason saying why it calls its operation (or is stored). */
  stated: Map<string, ChangeReason>;
  /** Whether the resource is replaced (requested, triggered, or forced by an attribute). */
  replace: boolean;
  /** Whether the replace was asked for (`--replace`, `replace_triggered_by`) rather than forced by an attribute. */
  forced: boolean;
}

/**
 * Each input attribute's policy step (`POLICY_KINDS`, src/resources/policies.ts)
 * against the prior state: what changes, which operations it calls, whether
 * it replaces. A paid change of a value never observed is a warning, not an
 * order; a policy's error (a changed `reject`, a shrinking `grow`) goes to
 * `diagnostics`, at the attribute.
 */
function planAttributes(input: ResourceDiffInput, prior: ResourceState, diagnostics: Diagnostic[], warnings: PlanWarning[]): AttributePlan {
  const { address, type, lifecycle } = input;
  const where = (name?: string) => (name && input.locations[name]) || input.blockLocation;
  const attributes: AttributeChange[] = [];
  const operations: PlannedOperation[] = [];
  const reasons: ChangeReason[] = [];
  const stated = new Map<string, ChangeReason>();
  const paid = (operation: string) => type.paidOperations.includes(operation);
  const forced = input.forceReplace || input.triggeredBy !== undefined;
  let replace = forced;
  if (input.forceReplace) reasons.push({ code: 'replace_by_request' });
  if (input.triggeredBy !== undefined) reasons.push({ code: 'replace_triggered_by', reference: input.triggeredBy });

  for (const [name, attribute] of attributeEntries(type)) {
    if (attribute.mode === 'computed' || !attribute.policy) continue;
    const after = desiredValue(attribute, input.desired[name]);
    const before = prior.attributes[name];
    if (after === undefined || ignored(lifecycle, name)) continue;
    // An input the API never returns and the state does not know (after an
    // import): take the manifest's value without planning anything. A create
    // records those it was not given as null ("known unset"), so setting one
    // later is a change.
    if (before === undefined && neverRead(attribute)) continue;
    if (!isUnknown(after) && sameValue(before, after)) continue;
    // Paid calls from observed values only (docs/design.md, "Safety
    // invariants", I2): a value the API never reported is not the "before" of
    // a paid change. The account's real value is unknown, so nothing is
    // ordered; the plan says why until a refresh reads it.
    const policy = attribute.policy;
    const facts = POLICY_KINDS[policy.kind];
    const operation = policyOperation(policy);
    const paidOperation = operation !== undefined && paid(operation);
    if (facts.paidNeedsObservedBefore && isEmpty(before) && paidOperation) {
      warnings.push({ code: 'paid_change_unobserved', address, attributes: [name], operation });
      continue;
    }
    const sensitive = Boolean(attribute.sensitive || input.desired[name]?.sensitive || prior.sensitive_attributes?.includes(name));
    const planned = facts.plan(
      {
        address,
        name,
        typeName: type.type,
        before,
        after,
        sensitive,
        forceReplace: forced,
        paid: paidOperation,
        drifted: Boolean(input.drifted?.has(name)),
        unit: attribute.unit,
        cause: causeOf(name, after, input.drifted),
        shown: (value) => (sensitive && !isUnknown(value) ? MASK : describeValue(value, attribute)),
      },
      policy,
    );
    if (planned.error)
      diagnostics.push({ severity: 'error', code: planned.error.code, location: where(name), message: planned.error.message });
    if (planned.attribute) attributes.push({ name, before, after, sensitive, reasonCode: planned.attribute });
    if (planned.replace) {
      replace = true;
      if (planned.reason) reasons.push(planned.reason);
    } else if (planned.reason) stated.set(name, planned.reason);
    if (planned.callsOperation && operation !== undefined) operations.push({ name: operation, attribute: name, paid: paidOperation });
  }

  return { attributes, operations, reasons, stated, replace, forced };
}

/**
 * The replace of an existing resource: refused (at the block) under
 * `prevent_destroy`, naming why; created first under
 * `create_before_destroy` (with the conflicts of values one account at a
 * time may hold), else destroyed first.
 */
function replaceChange(input: ResourceDiffInput, prior: ResourceState, plan: AttributePlan, diagnostics: Diagnostic[]): Change {
  const { address, type, lifecycle } = input;
  const { reasons } = plan;
  if (lifecycle.preventDestroy) {
    // The message names why in words here: diagnostics are English where they are made.
    const why = reasons.map((reason) =>
      reason.code === 'replace_because_attribute_forces'
        ? `${reason.attribute} forces replacement`
        : reason.code === 'replace_triggered_by'
          ? `replace_triggered_by ${reason.reference} fired`
          : `replacement requested with --replace ${address}`,
    );
    diagnostics.push({
      severity: 'error',
      code: 'prevent_destroy',
      location: input.blockLocation,
      message: `${address}: lifecycle.prevent_destroy forbids replacing it (${why.join('; ')})`,
    });
  }
  // The new resource is a new order, even when the one replaced was still pending.
  const created = createChange(input, false);
  if (lifecycle.createBeforeDestroy) {
    diagnostics.push(...heldOnceConflicts(input, prior));
    reasons.push({ code: 'replace_creates_first', id: prior.id, paid: type.paidCreate });
  } else reasons.push({ code: 'replace_destroys_first', id: prior.id, paid: type.paidCreate });
  return {
    ...created,
    action: 'replace',
    id: prior.id,
    reasonCodes: reasons,
    attributes: mergeReplaceAttributes(created.attributes, plan.attributes, prior),
  };
}

/**
 * The in-place change of an existing resource: its operations in the
 * type's order, each with its reason, then the reasons of values stored in
 * state only; nothing ordered while an in-place order placed unpaid awaits
 * its payment (and resumed once paid). `noop` when nothing changes.
 */
function updateChange(input: ResourceDiffInput, prior: ResourceState, plan: AttributePlan): Change {
  const { attributes, operations, reasons, stated } = plan;
  const { type } = input;
  // An in-place order placed unpaid: while its invoice is open nothing is
  // ordered (the account stays Pending); once paid, apply waits for it.
  const unpaid = unpaidOrder(prior);
  if (unpaid && prior.pending_payment) {
    const why: ChangeReason = {
      code: 'update_awaiting_payment',
      id: prior.id,
      operation: unpaid.operation,
      attribute: unpaid.attribute,
      ...invoiceFields(prior.pending_payment),
    };
    return callsNothing(input, prior, 'update', [why]);
  }
  if (unpaid) reasons.push({ code: 'update_resumes_paid_order', id: prior.id, operation: unpaid.operation, attribute: unpaid.attribute });
  // Nothing changes (most resources of a plan against a full state): the noop, without sorting or gathering anything.
  if (attributes.length === 0 && operations.length === 0 && !unpaid) return callsNothing(input, prior, 'noop', reasons);

  const order = type.operationOrder;
  operations.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
  for (const operation of operations) reasons.push(stated.get(operation.attribute)!);
  // Reasons of what calls no operation (a value stored in state only) come after the operations'.
  const calling = new Set(operations.map((operation) => operation.attribute));
  for (const attribute of attributes) {
    const reason = stated.get(attribute.name);
    if (reason && !calling.has(attribute.name)) reasons.push(reason);
  }
  const action = attributes.length > 0 || unpaid ? 'update' : 'noop';
  return {
    address: input.address,
    type: input.type.type,
    mode: 'resource',
    action,
    reasonCodes: reasons,
    attributes,
    operations: action === 'update' ? operations : [],
    paidOrders: operations.filter((operation) => operation.paid).length,
    id: prior.id,
    dependsOn: input.dependsOn,
  };
}

/** Why an attribute plans a call: changed in the manifest, changed outside cloudctl, or known only after apply. */
function causeOf(
  name: string,
  after: PlannedValue | undefined,
  drifted: ReadonlySet<string> | undefined,
): { cause: ChangeCause; waits_for?: string } {
  if (isUnknown(after)) return { cause: 'known_after_apply', waits_for: after.$unknown };
  if (drifted?.has(name)) return { cause: 'changed_outside' };
  return { cause: 'changed' };
}

/**
 * `ADDRESS.NAME` for `.NAME` (`suffix`), flat: not a cons string that each later reader (the plan
 * file's text compares every one with its address) flattens, nor a slice (as large, and keeping alive what it slices).
 */
function unknownMarkerText(address: string, suffix: string): string {
  return [address, suffix].join('');
}

/**
 * The attribute change of an input of a create without a prior entry:
 * the one the create before (of the same plan) made for it when that holds the same value (a
 * primitive: string, number, boolean, null) and sensitivity, shared and
 * frozen (no reader changes an attribute change), else a new one.
 */
function sharedInput(facts: CreateFacts, after: PlannedValue, sensitive: boolean): AttributeChange {
  const recent = facts.recentPlan === planNumber ? facts.recent : undefined;
  if (recent !== undefined && recent.after === after && recent.sensitive === sensitive) {
    if (!Object.isFrozen(recent)) Object.freeze(recent);
    return recent;
  }
  const made = { name: facts.name, after, sensitive } as AttributeChange;
  facts.recent = after === null || typeof after !== 'object' ? made : undefined;
  facts.recentPlan = planNumber;
  return made;
}

/** Counts the plans begun ({@link beginPlanSharing}): what {@link sharedInput} shares is of the plan being made. */
let planNumber = 0;

/**
 * Starts the planning of a plan (`createPlan` calls it first): no attribute
 * change of an earlier plan is shared with this one's creates, so a plan
 * made alone holds no frozen attribute change but those its own creates
 * share (a program altering a plan it was handed alters that plan only).
 */
export function beginPlanSharing(): void {
  planNumber++;
}

/**
 * The first reason of a create of a resource not in state, one per
 * `paid`, shared by every such change (frozen: no reader changes a reason),
 * and the list holding it alone (frozen: no reader adds to a change's reasons).
 */
const NOT_IN_STATE = {
  paid: sharedReasons({ code: 'create_because_not_in_state', paid: true }),
  free: sharedReasons({ code: 'create_because_not_in_state', paid: false }),
};

/** `reason` and the list of it alone, both frozen, for changes to share. */
function sharedReasons(reason: ChangeReason): { reason: ChangeReason; alone: ChangeReason[] } {
  Object.freeze(reason);
  return { reason, alone: Object.freeze([reason]) as ChangeReason[] };
}

/** The operations of a change that calls none, shared (frozen: no reader adds to a change's operations). */
const NO_OPERATIONS = Object.freeze([]) as unknown as PlannedOperation[];

/**
 * Where {@link createChange} gathers a change's attributes before copying
 * them into a list of their final size (growing a list by push leaves
 * larger backing stores and the smaller ones behind).
 */
const gathered: AttributeChange[] = [];

/** The first reason of a create and its list (a shared one for a resource not in state). */
function createReasons(input: ResourceDiffInput, resuming: boolean): { reason: ChangeReason; alone?: ChangeReason[] } {
  const { type, prior } = input;
  const payment = prior?.pending_payment;
  if (resuming && payment) return { reason: { code: 'create_awaiting_payment', id: prior!.id, ...invoiceFields(payment) } };
  if (resuming) return { reason: { code: 'create_resumes_pending_order', id: prior!.id } };
  if (input.deletedOutside) return { reason: { code: 'create_because_deleted_outside', paid: type.paidCreate } };
  return type.paidCreate ? NOT_IN_STATE.paid : NOT_IN_STATE.free;
}

/**
 * The create of `input`: a new order, or (`resuming`, by default when the
 * prior entry is `pending_create`) the wait for one placed earlier, which
 * orders nothing. Without a prior entry, an attribute holds no `before`
 * (what JSON writes of `undefined`: nothing). Given `secrets`, a known
 * sensitive value is masked in the change and kept there, by name.
 */
function createChange(
  input: ResourceDiffInput,
  resuming = Boolean(input.prior?.pending_create),
  secrets?: Record<string, PlannedValue>,
): Change {
  const { type, prior, address } = input;
  const marked = prior?.sensitive_attributes;
  const lists = listsOf(type);
  let computed = 0;
  let count = 0;
  // The table's facts as one shape of object: this runs for every attribute of every create (100,000 for 5,000 creates).
  for (const facts of lists.creates) {
    const { name } = facts;
    const desired = input.desired[name];
    const sensitive = facts.sensitive || Boolean(desired?.sensitive) || (marked?.includes(name) ?? false);
    let after: PlannedValue | undefined;
    if (facts.computed) after = unknown(unknownMarkerText(address, lists.computedSuffixes[computed++]!));
    else {
      after = desired !== undefined ? desired.value : facts.default;
      if (after === undefined) continue;
      // Masked here, as the plan document holds it (src/plan/mask.ts then leaves the change as it is): the real value aside.
      const shown = secrets && sensitive ? maskValue(after) : after;
      if (shown !== after) {
        secrets![name] = after;
        after = shown;
      }
    }
    const before = facts.computed ? prior?.attributes[name] : undefined;
    gathered[count++] = prior
      ? { name, before, after, sensitive }
      : facts.computed
        ? ({ name, after, sensitive } as AttributeChange)
        : sharedInput(facts, after, sensitive);
  }
  const attributes = gathered.slice(0, count);
  const first = createReasons(input, resuming);
  let reasonCodes: ChangeReason[] | undefined;
  // Inputs the order does not carry are converged right after it (apply.ts): say so when that can cost money.
  for (const { name, operation } of paidFollowUpsOf(type)) {
    if (input.desired[name] !== undefined)
      (reasonCodes ??= [first.reason]).push({ code: 'create_followed_by_operation', attribute: name, operation, paid: true });
  }
  return {
    address,
    type: type.type,
    mode: 'resource',
    action: 'create',
    reasonCodes: reasonCodes ?? first.alone ?? [first.reason],
    attributes,
    operations: NO_OPERATIONS,
    paidOrders: type.paidCreate && !resuming ? 1 : 0,
    id: prior?.id,
    dependsOn: input.dependsOn,
  };
}

/**
 * The attributes of a replace: every attribute of the new resource with its
 * value before. Only what forces the replacement keeps its reason; in-place
 * reasons (`calls rename`) do not apply to a resource created anew.
 */
function mergeReplaceAttributes(created: AttributeChange[], changed: AttributeChange[], prior: ResourceState): AttributeChange[] {
  const byName = new Map(changed.map((change) => [change.name, change]));
  return created.map((change) => {
    const found = byName.get(change.name);
    if (!found) return { ...change, before: prior.attributes[change.name] };
    if (found.reasonCode?.code === 'forces_replacement' || found.reasonCode?.code === 'changes_with_replacement') return found;
    const { reasonCode: _reasonCode, ...rest } = found;
    return rest;
  });
}

/** A change of a resource in state that calls and orders nothing, with `reasonCodes`. */
function callsNothing(input: ResourceDiffInput, prior: ResourceState, action: 'noop' | 'update', reasonCodes: ChangeReason[]): Change {
  const { address, type, dependsOn } = input;
  return {
    address,
    type: type.type,
    mode: 'resource',
    action,
    reasonCodes,
    attributes: [],
    operations: [],
    paidOrders: 0,
    id: prior.id,
    dependsOn,
  };
}

/** The invoice fields of an awaiting-payment reason: those `payment` has. */
function invoiceFields(payment: PendingPayment): Pick<PendingPayment, 'invoice_id' | 'amount' | 'due_date'> {
  return {
    ...(payment.invoice_id !== undefined ? { invoice_id: payment.invoice_id } : {}),
    ...(payment.amount !== undefined ? { amount: payment.amount } : {}),
    ...(payment.due_date ? { due_date: payment.due_date } : {}),
  };
}

/** The first held in-place order of `prior` that was placed unpaid (its entry carries `payment`), with its attribute. */
export function unpaidOrder(prior: ResourceState): (PendingOperation & { attribute: string }) | undefined {
  if (prior.pending_operations === undefined) return undefined;
  const found = Object.entries(prior.pending_operations ?? {}).find(([, entry]) => entry.payment !== undefined);
  return found ? { ...found[1], attribute: found[0] } : undefined;
}

/** Plans the deletion of a resource known to state; `reason` says why (a `delete_...` reason). */
export function deleteChange(address: string, resource: ResourceState, reason: ChangeReason, dependsOn: string[] = []): Change {
  return {
    address,
    type: resource.type,
    mode: 'resource',
    action: 'delete',
    reasonCodes: [reason],
    attributes: [],
    operations: [],
    paidOrders: 0,
    id: resource.id,
    dependsOn,
  };
}
