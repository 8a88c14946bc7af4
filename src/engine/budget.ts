/**
 * The budget guard: checks a priced plan (src/engine/cost.ts) against the
 * manifest's `budget:` block. Over the monthly limit, the resources named
 * are those whose increases push the total over it: starting from what the
 * state bills after the plan's decreases, each increase is added in plan
 * order and every one that leaves the total above the limit is named.
 * A price the catalogue does not give makes the check impossible, which
 * counts as over (never a guess).
 */
import type { BudgetConfig } from '../manifest/types.js';
import type { PlanBudget, PlanDocument } from '../plan/document.js';
import { monthly } from './cost.js';

/** An increase of the monthly bill by one change. */
export interface BudgetContributor {
  address: string;
  /** Monthly increase, in the plan's currency. */
  monthlyIncrease: number;
}

/** What {@link checkBudget} found. */
export interface BudgetFindings {
  /** Monthly total after the plan is over `monthly_limit`: the resources pushing it over. */
  overMonthly?: { limit: number; after: number; contributors: BudgetContributor[] };
  /** More paid orders than `max_orders_per_apply`. */
  overOrders?: { limit: number; orders: number };
  /** Addresses whose price is unknown while a monthly limit is set. */
  unknown?: string[];
}

/** Checks `plan.cost` against `budget`. Pure; the plan must have been priced. */
export function checkBudget(plan: PlanDocument, budget: BudgetConfig): BudgetFindings {
  const findings: BudgetFindings = {};
  const cost = plan.cost;
  if (!cost) return findings;
  if (budget.maxOrdersPerApply !== undefined && cost.orders > budget.maxOrdersPerApply) {
    findings.overOrders = { limit: budget.maxOrdersPerApply, orders: cost.orders };
  }
  if (budget.monthlyLimit === undefined) return findings;
  // An unknown price matters when the plan orders something: the total after it cannot be checked then.
  if (cost.partial && cost.orders > 0) findings.unknown = [...cost.unknown];
  if (cost.monthly_after > budget.monthlyLimit) {
    const deltas = plan.changes.flatMap((change) => {
      if (!change.cost) return [];
      const before = monthly(change.cost.before, change.cost.before_cycle ?? change.cost.cycle);
      const after = monthly(change.cost.after, change.cost.cycle);
      return before === null || after === null ? [] : [{ address: change.address, delta: after - before }];
    });
    let running = cost.monthly_after - deltas.filter((entry) => entry.delta > 0).reduce((sum, entry) => sum + entry.delta, 0);
    const contributors: BudgetContributor[] = [];
    for (const entry of deltas) {
      if (entry.delta <= 0) continue;
      running += entry.delta;
      if (running > budget.monthlyLimit) contributors.push({ address: entry.address, monthlyIncrease: entry.delta });
    }
    // Already over before the plan, and the plan adds nothing: not this plan's doing.
    if (contributors.length > 0) findings.overMonthly = { limit: budget.monthlyLimit, after: cost.monthly_after, contributors };
  }
  return findings;
}

/** True when the findings hold any excess. */
export function isOverBudget(findings: BudgetFindings): boolean {
  return Boolean(findings.overMonthly || findings.overOrders || (findings.unknown && findings.unknown.length > 0));
}

/** The plan document's record of the check (`problems` worded by the caller). */
export function planBudget(budget: BudgetConfig, findings: BudgetFindings, allowed: boolean, problems: string[]): PlanBudget {
  return {
    ...(budget.monthlyLimit !== undefined ? { monthly_limit: budget.monthlyLimit } : {}),
    ...(budget.maxOrdersPerApply !== undefined ? { max_orders_per_apply: budget.maxOrdersPerApply } : {}),
    over: isOverBudget(findings),
    allowed: allowed && isOverBudget(findings),
    problems,
  };
}
