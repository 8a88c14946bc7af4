/**
 * The combined plan of a stacks file (`cloudctl plan --stacks`): per stack
 * its plan (the engine's plan document), what it waits for, the rules'
 * verdict; then the totals and the budget of the whole. A saved combined
 * plan is this document as JSON (`cloudctl apply --stacks FILE` applies it).
 */
import { containsUnknown, isUnknown } from '../core/types.js';
import { planCounts, type PlanCounts } from '../plan/counts.js';
import type { PlanDocument } from '../plan/document.js';
import type { StacksBudget } from './file.js';
import type { Verdict } from './rules.js';

/** The `format` of a saved combined plan. */
export const STACKS_PLAN_FORMAT = 'cloudctl-stacks-plan';

/** A change of a downstream stack that waits for upstream stacks' apply: which attributes, waiting for which stacks. */
export interface WaitingChange {
  address: string;
  action: string;
  attributes: string[];
}

/**
 * One stack in the combined plan. `status`: `planned`; `deferred` (it reads
 * upstream outputs unknown until apply and cannot be planned without them,
 * e.g. a value a check needs: `error` says why; apply plans it once they
 * are known); `failed` (its plan could not be made: `error`); `blocked` (a
 * stack it reads failed: `error` names it).
 */
export interface StackPlan {
  name: string;
  /** The manifest as the stacks file writes it. */
  manifest: string;
  status: 'planned' | 'deferred' | 'failed' | 'blocked';
  plan?: PlanDocument;
  /** The stacks whose outputs this plan reads as unknown (known after they apply): its changes that read them wait. */
  waitsFor: string[];
  /** The variables planned as unknown. */
  unknownVariables: string[];
  /** Its changes that read an unknown upstream output. */
  waiting: WaitingChange[];
  /** The `approve:` rules' verdict on its plan (absent without rules). */
  verdict?: Verdict;
  /** Why the stack's own budget (stacks file) is exceeded; empty when it is not. */
  budgetProblems: string[];
  error?: string;
}

/** The totals of a combined plan: the counts of every stack, the money in the plans' currency. */
export interface StacksTotals extends PlanCounts {
  stacks: number;
  monthlyBefore: number;
  monthlyAfter: number;
  dueNow: number;
  currency: string | null;
  /** True when some price is unknown (left out). */
  partial: boolean;
}

/** The combined plan (and a saved one). */
export interface StacksPlan {
  format: typeof STACKS_PLAN_FORMAT;
  format_version: 1;
  created_at: string;
  /** The stacks file, absolute. */
  file: string;
  mode: 'apply' | 'destroy';
  /** In dependency order. */
  stacks: StackPlan[];
  totals: StacksTotals;
  /** Why the total budget (stacks file) is exceeded; empty when it is not. */
  budgetProblems: string[];
}

/** Every `$unknown` text inside `value`. */
function unknownSources(value: unknown, into: string[] = []): string[] {
  if (isUnknown(value)) into.push(value.$unknown);
  else if (Array.isArray(value)) for (const item of value) unknownSources(item, into);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) unknownSources(item, into);
  return into;
}

/**
 * The changes of `plan` that read a variable planned as unknown: an
 * attribute whose planned value waits for `stack NAME` or for
 * `var.NAME` of one of `unknownVariables`.
 */
export function waitingChanges(plan: PlanDocument, unknownVariables: string[]): WaitingChange[] {
  const marks = unknownVariables.map((name) => `var.${name}`);
  const waits = (text: string) => text.startsWith('stack ') || marks.some((mark) => text.includes(mark));
  const waiting: WaitingChange[] = [];
  for (const change of plan.changes) {
    if (change.action === 'noop') continue;
    const attributes = change.attributes
      .filter((attribute) => containsUnknown(attribute.after) && unknownSources(attribute.after).some(waits))
      .map((attribute) => attribute.name);
    const reasons = change.reasonCodes.some(
      (reason) => 'waits_for' in reason && typeof reason.waits_for === 'string' && waits(reason.waits_for),
    );
    if (attributes.length > 0 || reasons) waiting.push({ address: change.address, action: change.action, attributes });
  }
  return waiting;
}

/** The totals of `stacks` (only those planned). */
export function totalsOf(stacks: StackPlan[]): StacksTotals {
  const totals: StacksTotals = {
    stacks: stacks.length,
    add: 0,
    change: 0,
    destroy: 0,
    replace: 0,
    read: 0,
    import: 0,
    paid: 0,
    monthlyBefore: 0,
    monthlyAfter: 0,
    dueNow: 0,
    currency: null,
    partial: false,
  };
  for (const stack of stacks) {
    if (!stack.plan) continue;
    const counts = planCounts(stack.plan);
    for (const key of ['add', 'change', 'destroy', 'replace', 'read', 'import', 'paid'] as const) totals[key] += counts[key];
    const cost = stack.plan.cost;
    if (!cost) continue;
    totals.monthlyBefore += cost.monthly_before;
    totals.monthlyAfter += cost.monthly_after;
    totals.dueNow += cost.due_now;
    totals.currency ??= cost.currency;
    totals.partial ||= cost.partial;
  }
  return totals;
}

/** Why figures exceed `budget` (empty when they do not, or without one). */
export function budgetProblems(
  budget: StacksBudget | undefined,
  figures: { monthlyAfter: number; paid: number; partial: boolean },
  what: string,
): string[] {
  if (!budget) return [];
  const problems: string[] = [];
  if (budget.monthlyLimit !== undefined && figures.monthlyAfter > budget.monthlyLimit)
    problems.push(
      `${what}: the monthly cost after the plan, ${figures.monthlyAfter}, is over the budget's monthly_limit ${budget.monthlyLimit}`,
    );
  if (budget.monthlyLimit !== undefined && figures.partial)
    problems.push(`${what}: a price is unknown, so the monthly_limit ${budget.monthlyLimit} cannot be checked`);
  if (budget.maxOrdersPerApply !== undefined && figures.paid > budget.maxOrdersPerApply)
    problems.push(
      `${what}: the plan places ${figures.paid} paid orders, over the budget's max_orders_per_apply ${budget.maxOrdersPerApply}`,
    );
  return problems;
}

/** True when any stack of the combined plan changes anything. */
export function stacksPlanHasChanges(plan: StacksPlan): boolean {
  const totals = plan.totals;
  return (
    totals.add + totals.change + totals.destroy + totals.import > 0 || plan.stacks.some((stack) => (stack.plan?.moves ?? []).length > 0)
  );
}
