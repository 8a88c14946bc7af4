/**
 * The budget guard as the front door applies it: a plan over the manifest's
 * `budget:` is a plan error naming what pushes it over, unless
 * `--allow-over-budget` is given (then the plan records it and apply
 * journals it); a saved plan whose prices rose since it was made is refused
 * with both figures.
 */
import { DiagnosticError, type Diagnostic } from '../core/types.js';
import { type BudgetConfig } from '../manifest/types.js';
import { type PlanDocument } from '../plan/document.js';
import { checkBudget, isOverBudget, planBudget, type BudgetFindings } from './budget.js';
import { AUDIT_OPERATION, type Journal } from '../state/journal.js';
import { PRICE_UNKNOWN, formatMoney } from './money.js';
import { CYCLE_WORDS } from './cost.js';

/** The findings in words, one sentence per limit exceeded. */
export function budgetProblems(findings: BudgetFindings, currency: string | null): string[] {
  const problems: string[] = [];
  if (findings.overMonthly) {
    const { limit, after, contributors } = findings.overMonthly;
    const names = contributors
      .map((entry) => `${entry.address} (${formatMoney(entry.monthlyIncrease, currency, true)} per month)`)
      .join(', ');
    problems.push(
      `the plan would bill ${formatMoney(after, currency)} per month, over budget.monthly_limit ${formatMoney(limit, currency)} by ${formatMoney(after - limit, currency)}; pushing it over: ${names}`,
    );
  }
  if (findings.overOrders) {
    problems.push(
      `the plan places ${findings.overOrders.orders} paid orders, over budget.max_orders_per_apply ${findings.overOrders.limit}`,
    );
  }
  if (findings.unknown && findings.unknown.length > 0) {
    problems.push(`the budget cannot be checked: ${PRICE_UNKNOWN} for ${findings.unknown.join(', ')}`);
  }
  return problems;
}

/**
 * Checks `plan` against `budget` and records the check in `plan.budget`.
 * Errors: DiagnosticError (code `over_budget`, at the `budget:` block) when
 * the plan exceeds it and `allow` is false.
 */
export function guardBudget(plan: PlanDocument, budget: BudgetConfig | undefined, allow: boolean): void {
  if (!budget || !plan.cost || plan.mode !== 'apply') return;
  const findings = checkBudget(plan, budget);
  const problems = budgetProblems(findings, plan.cost.currency);
  plan.budget = planBudget(budget, findings, allow, problems);
  if (!isOverBudget(findings) || allow) return;
  const diagnostics: Diagnostic[] = problems.map((problem) => ({
    severity: 'error',
    code: 'over_budget',
    location: budget.location,
    message: `${problem}. Change the manifest or the budget, or pass --allow-over-budget`,
  }));
  throw new DiagnosticError(diagnostics);
}

/**
 * The changes of `saved` whose price in `now` (the same plan priced again
 * from the catalogue) is higher, in words with both figures:
 * `web: Rp 120.000 per month when planned, Rp 130.000 per month now`.
 */
export function priceIncreases(saved: PlanDocument, now: PlanDocument): string[] {
  const currency = saved.cost?.currency ?? now.cost?.currency ?? null;
  const out: string[] = [];
  saved.changes.forEach((change, index) => {
    const then = change.cost;
    const current = now.changes[index]?.cost;
    if (!then || !current) return;
    const words = CYCLE_WORDS[current.cycle] ?? 'per cycle';
    const figure = (value: number | null, suffix: string) => (value === null ? PRICE_UNKNOWN : `${formatMoney(value, currency)}${suffix}`);
    const higher = (a: number | null, b: number | null) => (a === null ? false : b === null ? true : b > a);
    if (higher(then.after, current.after))
      out.push(`${change.address}: ${figure(then.after, ` ${words}`)} when planned, ${figure(current.after, ` ${words}`)} now`);
    else if (higher(then.due_now, current.due_now))
      out.push(`${change.address}: due now ${figure(then.due_now, '')} when planned, ${figure(current.due_now, '')} now`);
  });
  return out;
}

/**
 * Refuses a saved plan whose prices rose since it was made, unless `allow`.
 * Errors: DiagnosticError (code `price_increased`) naming each change with both figures.
 */
export function guardSavedPrices(saved: PlanDocument, now: PlanDocument, allow: boolean): string[] {
  const increases = priceIncreases(saved, now);
  if (increases.length === 0 || allow) return increases;
  throw new DiagnosticError(
    increases.map((increase) => ({
      severity: 'error',
      code: 'price_increased',
      message: `the price changed since the plan was made: ${increase}; run 'cloudctl plan' again, or pass --allow-over-budget`,
    })),
  );
}

/**
 * Writes an allowed excess to the journal (a finished entry: an intent of
 * operation `allow_over_budget` for address `(budget)` and its `ok`
 * result), so the record shows who went past the budget and why.
 * Endpoint: none (local journal). Errors: the journal's I/O errors.
 */
export async function journalOverride(journal: Journal, problems: string[]): Promise<void> {
  if (problems.length === 0) return;
  const intent = await journal.recordIntent({
    address: '(budget)',
    type: 'budget',
    operation: AUDIT_OPERATION,
    inputs: { problems },
    match: {},
  });
  await journal.recordResult(intent, { outcome: 'ok' });
}
