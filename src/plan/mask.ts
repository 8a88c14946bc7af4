/**
 * A plan document never holds a sensitive value: {@link maskPlan} replaces
 * each value marked sensitive by `(sensitive)` (changes, outputs, drift),
 * sharing what it leaves as it is.
 */
import { maskValue } from '../core/mask.js';
import type { Value } from '../core/types.js';
import type { AttributeChange, Change, ChangeReason, PlanDocument } from './document.js';

/**
 * A copy of `plan` with every value marked sensitive replaced by
 * `(sensitive)`: attribute before/after of changes, outputs and drift.
 * Idempotent; `show --json` applies it again to plan files from elsewhere.
 */
export function maskPlan(plan: PlanDocument): PlanDocument {
  return {
    ...plan,
    changes: plan.changes.map(maskChange),
    outputs: Object.fromEntries(
      Object.entries(plan.outputs).map(([name, output]) => [
        name,
        output.sensitive
          ? {
              ...output,
              value: maskValue(output.value),
              ...(output.before !== undefined ? { before: maskValue(output.before) as Value } : {}),
            }
          : output,
      ]),
    ),
    ...(plan.drift
      ? {
          drift: {
            ...plan.drift,
            changed: plan.drift.changed.map((entry) =>
              entry.sensitive
                ? { ...entry, before: maskValue(entry.before) as Value | undefined, after: maskValue(entry.after) as Value | undefined }
                : entry,
            ),
          },
        }
      : {}),
  };
}

/**
 * A change with its sensitive values masked: the change itself when it
 * holds none to mask (a create's sensitive attributes are mostly known
 * only after apply), else a copy sharing what masking leaves as it is.
 */
function maskChange(change: Change): Change {
  const reasonCodes = change.reasonCodes ? sameOrCopy(change.reasonCodes, maskReason) : change.reasonCodes;
  const attributes = sameOrCopy(change.attributes, maskAttribute);
  if (reasonCodes === change.reasonCodes && attributes === change.attributes) return change;
  return { ...change, ...(reasonCodes ? { reasonCodes } : {}), attributes };
}

/** An attribute change with its values masked when it is sensitive (itself when masking changes neither value). */
function maskAttribute(attribute: AttributeChange): AttributeChange {
  if (!attribute.sensitive) return attribute;
  const before = maskValue(attribute.before) as Value | undefined;
  const after = maskValue(attribute.after);
  return before === attribute.before && after === attribute.after ? attribute : { ...attribute, before, after };
}

/** `items` mapped by `map`, or `items` itself when `map` returns every item as it is. */
function sameOrCopy<T>(items: T[], map: (item: T) => T): T[] {
  let copy: T[] | undefined;
  for (let index = 0; index < items.length; index++) {
    const mapped = map(items[index]);
    if (copy) copy.push(mapped);
    else if (mapped !== items[index]) {
      copy = items.slice(0, index);
      copy.push(mapped);
    }
  }
  return copy ?? items;
}

/** A reason with the values it carries masked when it says they are sensitive. */
function maskReason(reason: ChangeReason): ChangeReason {
  if (!('sensitive' in reason) || !reason.sensitive) return reason;
  switch (reason.code) {
    case 'update_grows':
      return { ...reason, before: maskValue(reason.before), after: maskValue(reason.after) };
    case 'update_because_observed_differs':
      return { ...reason, observed: maskValue(reason.observed), wanted: maskValue(reason.wanted) };
    case 'trigger_fires':
      return { ...reason, value: maskValue(reason.value) };
  }
}
