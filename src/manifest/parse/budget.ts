/** Parsing the `budget:` section (monthly limit, orders per apply). */
import type { BudgetConfig, Manifest } from '../types.js';
import type { TreePair } from '../syntax/source-tree.js';
import type { Walker } from './walker.js';
import { type OptionReader, describeGiven, readSettings } from './sections.js';

/** Keys of `budget:` (snake_case; camelCase accepted). */
export const BUDGET_KEYS = ['monthly_limit', 'max_orders_per_apply'] as const;

/**
 * `budget.<key>`: a whole number of at least `least` (`what` says what it
 * counts), kept by `store`; else `undefined` (reported).
 */
function budgetCount(
  key: string,
  least: number,
  what: string,
  store: (budget: BudgetConfig, count: number) => void,
): OptionReader<BudgetConfig> {
  return (walker, value, valueAt, budget) => {
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < least) {
      walker.error(`budget.${key}: expected a whole number ${what}, got ${describeGiven(value)}`, valueAt, 'invalid_value');
      return undefined;
    }
    store(budget, value);
    return value;
  };
}

/** `budget:` — `monthly_limit` (integer > 0) and `max_orders_per_apply` (integer >= 0), both optional. */
export function parseBudget(walker: Walker, section: TreePair, manifest: Manifest, data: Record<string, unknown>): void {
  manifest.budget = readSettings<BudgetConfig>(walker, section, 'budget', data, BUDGET_KEYS, {
    monthly_limit: budgetCount('monthly_limit', 1, 'above 0 (in the account currency)', (budget, count) => (budget.monthlyLimit = count)),
    max_orders_per_apply: budgetCount(
      'max_orders_per_apply',
      0,
      'of orders, 0 or more',
      (budget, count) => (budget.maxOrdersPerApply = count),
    ),
  });
}
