/**
 * The English of plan reasons: the engine says why a change does what it
 * does as codes with parameters (`ChangeReason`, `AttributeReason` in
 * src/plan/document.ts); this view turns them into the sentences the plan text
 * shows under each heading (`#   vm_name changed: calls rename`) and beside
 * attributes (`# forces replacement`), and adds them to plan documents that
 * are written out (`plan --json`, saved plans, `show --json`) for people
 * reading the file.
 */
import { isUnknown, type PlannedValue } from '../../core/types.js';
import {
  type AttributeChange,
  type AttributeReason,
  type Change,
  type ChangeCause,
  type ChangeReason,
  type PlanDocument,
} from '../../plan/document.js';
import { sealPlan } from '../../plan/seal.js';
import { invoiceWords } from '../../engine/events.js';

/** How a value reads in a reason: `(sensitive)`, `(known after apply)`, `null`, `60 GB`, or JSON (`"start"`). */
export function reasonValue(value: PlannedValue | undefined, sensitive: boolean, unit?: string): string {
  if (sensitive && !isUnknown(value)) return '(sensitive)';
  if (value === undefined || value === null) return 'null';
  if (isUnknown(value)) return '(known after apply)';
  if (typeof value === 'number') return unit ? `${value} ${unit}` : String(value);
  return JSON.stringify(value);
}

/** `web.id` changed / was changed outside cloudctl / is known only after apply (...) and may change. */
function becauseOf(attribute: string, cause: ChangeCause, waitsFor: string | undefined): string {
  if (cause === 'known_after_apply') return `${attribute} is known only after apply (${waitsFor}) and may change`;
  if (cause === 'changed_outside') return `${attribute} was changed outside cloudctl`;
  return `${attribute} changed`;
}

/** `rename places a paid order` or `calls rename`. */
function callsOf(operation: string, paid: boolean): string {
  return paid ? `${operation} places a paid order` : `calls ${operation}`;
}

/** An address as a YAML flow scalar: plain when it has no key (`web`), single-quoted otherwise (`'web["eu"]'`). */
function yamlScalar(address: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.-]*$/.test(address) ? address : `'${address.replaceAll("'", "''")}'`;
}

/**
 * One change reason as the sentence the plan shows. `change` gives the
 * address and type the sentence names. Never shows a sensitive value.
 */
export function renderChangeReason(reason: ChangeReason, change: Pick<Change, 'address' | 'type'>): string {
  switch (reason.code) {
    case 'create_because_not_in_state':
      return reason.paid ? 'not in state: places a paid order' : 'not in state: creates it';
    case 'create_because_deleted_outside':
      return `deleted outside cloudctl (404 or Terminated): ${reason.paid ? 'places a new paid order' : 'creates it again'}`;
    case 'create_resumes_pending_order':
      return `the order was placed earlier (id ${reason.id}) and is not Active yet: waits for it, orders nothing`;
    case 'create_awaiting_payment':
      return `awaiting payment: the order (id ${reason.id}) was placed unpaid; ${invoiceWords(reason)}. Orders nothing; apply continues once it is paid`;
    case 'update_awaiting_payment':
      return `awaiting payment: ${reason.operation} (${reason.attribute}) was ordered unpaid on id ${reason.id}; ${invoiceWords(reason)}. Orders nothing; its other changes wait, and apply continues once it is paid`;
    case 'update_resumes_paid_order':
      return `${reason.operation} (${reason.attribute}) was ordered unpaid and is paid now: waits for it to show, orders nothing for it`;
    case 'create_followed_by_operation':
      return `${reason.attribute} is set: if the new resource has less, ${reason.operation} follows the order${reason.paid ? ' (a paid order)' : ''}`;
    case 'replace_by_request':
      return `replacement requested with --replace ${change.address}`;
    case 'replace_because_attribute_forces':
      return `${reason.attribute} forces replacement`;
    case 'replace_destroys_first':
      return `destroys ${change.type} ${reason.id} first, then ${reason.paid ? 'places a paid order for the new one' : 'creates the new one'}`;
    case 'replace_creates_first':
      return `create_before_destroy: first ${reason.paid ? 'places a paid order for the new one' : 'creates the new one'} and moves dependents to it once it is Active, then destroys ${change.type} ${reason.id} (deposed in state until then)`;
    case 'replace_triggered_by':
      return `replace_triggered_by: ${reason.reference} has a planned change`;
    case 'delete_deposed':
      return `deposed by the create_before_destroy replace of ${reason.address}: destroyed once ${reason.address} is applied`;
    case 'update_calls_operation':
      return `${becauseOf(reason.attribute, reason.cause, reason.waits_for)}: ${callsOf(reason.operation, reason.paid)}`;
    case 'update_grows': {
      const what = isUnknown(reason.after)
        ? becauseOf(reason.attribute, 'known_after_apply', reason.after.$unknown)
        : `${reason.attribute} grows from ${reasonValue(reason.before, reason.sensitive, reason.unit)} to ${reasonValue(reason.after, reason.sensitive, reason.unit)}`;
      return `${what}: ${callsOf(reason.operation, reason.paid)}`;
    }
    case 'update_because_observed_differs':
      return `${reason.attribute} is ${reasonValue(reason.observed, reason.sensitive, reason.unit)}${reason.drifted ? ' (changed outside cloudctl)' : ''}, the manifest wants ${reasonValue(reason.wanted, reason.sensitive, reason.unit)}: ${callsOf(reason.operation, reason.paid)}`;
    case 'trigger_fires': {
      const what = isUnknown(reason.value)
        ? becauseOf(reason.attribute, 'known_after_apply', reason.value.$unknown)
        : `${reason.attribute} set to ${reasonValue(reason.value, reason.sensitive, reason.unit)}`;
      return `${what}: fires ${reason.operation} once${reason.paid ? ', a paid order' : ''}`;
    }
    case 'update_stored_in_state_only':
      return `${becauseOf(reason.attribute, reason.cause, reason.waits_for)}: stored in state only, no call`;
    case 'delete_because_not_in_manifest':
      return reason.targeted
        ? `not in the manifest any more, and targeted with --target ${change.address}`
        : 'not in the manifest any more';
    case 'delete_because_count_index_gone':
      return `count is now ${reason.count}`;
    case 'delete_because_for_each_key_gone':
      return `${JSON.stringify(reason.key)} is no longer in for_each`;
    case 'delete_because_repetition_changed': {
      const changed = `${reason.block} changed between one instance and count/for_each instances`;
      if (!reason.suggested_move) return changed;
      const { from, to } = reason.suggested_move;
      return `${changed}; to keep it as ${to} instead of destroying it, add to the manifest: moved: [{ from: ${yamlScalar(from)}, to: ${yamlScalar(to)} }]`;
    }
    case 'delete_by_request':
      return reason.targeted ? `destroy requested with --target ${change.address}` : 'destroy requested';
    case 'read_because_inputs_unknown':
      return `its inputs are known only after apply (${reason.attribute} waits for ${reason.waits_for}): read during apply`;
    case 'read_because_dependency_pending':
      return `depends on ${reason.dependency}, which has changes to apply: read during apply`;
    default:
      // A code from a newer cloudctl: say so rather than fail to show the plan.
      return `(${(reason as { code: string }).code})`;
  }
}

/** One attribute's reason as the short note beside it (`forces replacement`, `grows from 60 GB to 120 GB`). */
export function renderAttributeReason(reason: AttributeReason, attribute: Pick<AttributeChange, 'before' | 'after' | 'sensitive'>): string {
  const shown = (value: PlannedValue | undefined, unit?: string) => reasonValue(value, attribute.sensitive, unit);
  switch (reason.code) {
    case 'forces_replacement':
      return 'forces replacement';
    case 'changes_with_replacement':
      return 'changes with the requested replacement';
    case 'calls_operation':
      return `calls ${reason.operation}`;
    case 'grows':
      return `grows from ${shown(attribute.before, reason.unit)} to ${shown(attribute.after, reason.unit)}`;
    case 'fires_once':
      return `fires ${reason.operation} once`;
    case 'observed_differs':
      return `observed ${shown(attribute.before, reason.unit)}, wanted ${shown(attribute.after, reason.unit)}: calls ${reason.operation}`;
    case 'stored_in_state_only':
      return 'stored in state only';
    default:
      return `(${(reason as { code: string }).code})`;
  }
}

/**
 * The sentences saying why `change` does what it does, in order: rendered
 * from its codes, or, for a plan saved before codes existed, its sentences
 * as written.
 */
export function changeReasonSentences(change: Change): string[] {
  if (Array.isArray(change.reasonCodes)) return change.reasonCodes.map((reason) => renderChangeReason(reason, change));
  return change.reasons ?? [];
}

/** The note beside an attribute (from its code, or as written in an older plan), or undefined. */
export function attributeReasonNote(attribute: AttributeChange): string | undefined {
  if (attribute.reasonCode) return renderAttributeReason(attribute.reasonCode, attribute);
  return attribute.reason;
}

/** The keys a written change starts with, in this order (see {@link withReasonSentences}); its other keys follow. */
const LEADING_CHANGE_KEYS: ReadonlySet<string> = new Set(['address', 'type', 'mode', 'action', 'reasons', 'reasonCodes', 'attributes']);

/** True when an attribute is written with something it does not hold as it is: a note, or its code moved after it. */
function rewrittenWhenWritten(attribute: AttributeChange): boolean {
  return attribute.reasonCode !== undefined || attribute.reason !== undefined;
}

/** An attribute as written: its fields, then its note (`reason`), then its code (`reasonCode`). */
function writtenAttribute(attribute: AttributeChange): AttributeChange {
  if (!rewrittenWhenWritten(attribute)) return attribute;
  const note = attributeReasonNote(attribute);
  const fields = attribute as unknown as Record<string, unknown>;
  const written: Record<string, unknown> = {};
  for (const key of Object.keys(fields)) if (key !== 'reason' && key !== 'reasonCode') written[key] = fields[key];
  if (note !== undefined) written.reason = note;
  if (attribute.reasonCode) written.reasonCode = attribute.reasonCode;
  return written as unknown as AttributeChange;
}

/** A change as written: address, type, mode, action, its sentences, its codes, its attributes, then its other fields as it has them. */
function writtenChange(change: Change): Change {
  const written: Record<string, unknown> = {
    address: change.address,
    type: change.type,
    mode: change.mode,
    action: change.action,
    // A plan saved before codes existed has none: it keeps its sentences only.
    reasons: changeReasonSentences(change),
  };
  if (change.reasonCodes) written.reasonCodes = change.reasonCodes;
  written.attributes = change.attributes.some(rewrittenWhenWritten) ? change.attributes.map(writtenAttribute) : change.attributes;
  const fields = change as unknown as Record<string, unknown>;
  for (const key of Object.keys(fields)) if (!LEADING_CHANGE_KEYS.has(key)) written[key] = fields[key];
  return written as unknown as Change;
}

/**
 * A copy of `plan` as it is written out: every change and attribute with
 * its English (`reasons`, `reason`) next to its codes (`reasonCodes`,
 * `reasonCode`), keys in the order of the schema. Used for `plan --json`,
 * saved plans and `show --json`. What gains nothing is shared with `plan`,
 * not copied (an attribute with neither a code nor a note, as every
 * attribute of a create; the attribute list of a change with no such
 * attribute): a plan of thousands of creates is written without a copy per
 * attribute. Treat the copy as read-only.
 */
export function withReasonSentences(plan: PlanDocument): PlanDocument {
  return { ...plan, changes: plan.changes.map(writtenChange) };
}

/**
 * A plan document as the JSON text cloudctl writes, no trailing newline:
 * {@link withReasonSentences}, sealed again with its sentences when `plan`
 * was sealed (src/plan/seal.ts), so `plan --json > plan.json` saves a plan
 * `apply` accepts, and refuses once changed. Give it only a plan the engine
 * made or one read back with its seal checked. `indent`: 2 (the default)
 * for what people read (`plan --json`, `show --json`); 0 for the plan file,
 * which only programs read (`show --json` prints it indented), and which
 * for 5,000 creates is 40 % smaller and written in half the time.
 */
export function renderPlanJson(plan: PlanDocument, indent: 0 | 2 = 2): string {
  const written = withReasonSentences(plan);
  return JSON.stringify(plan.checksum === undefined ? written : sealPlan(written), null, indent);
}
