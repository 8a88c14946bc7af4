/**
 * The counts of a plan, as its summary line, `cloudctl test`'s expectations
 * and the Markdown summary give them.
 */
import type { PlanDocument } from './document.js';

/** What {@link planCounts} counts. */
export interface PlanCounts {
  /** Creates and replacements (each replacement creates one). */
  add: number;
  /** In-place updates. */
  change: number;
  /** Deletes and replacements (each replacement destroys one). */
  destroy: number;
  /** Replacements alone. */
  replace: number;
  /** Data sources read during apply. */
  read: number;
  /** `import:` blocks the plan adopts. */
  import: number;
  /** Paid orders the changes place. */
  paid: number;
}

/** The counts of `plan`'s changes (see {@link PlanCounts}). */
export function planCounts(plan: PlanDocument): PlanCounts {
  const counts: PlanCounts = { add: 0, change: 0, destroy: 0, replace: 0, read: 0, import: (plan.imports ?? []).length, paid: 0 };
  for (const change of plan.changes) {
    if (change.action === 'create') counts.add += 1;
    if (change.action === 'update') counts.change += 1;
    if (change.action === 'delete') counts.destroy += 1;
    if (change.action === 'replace') {
      counts.add += 1;
      counts.destroy += 1;
      counts.replace += 1;
    }
    if (change.action === 'read') counts.read += 1;
    counts.paid += change.paidOrders;
  }
  return counts;
}
