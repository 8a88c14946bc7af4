/**
 * The cost lines of a plan (src/engine/cost.ts figures): money in the
 * catalogue's currency, each change's price per cycle, and the summary
 * `Cost: +Rp 350.000 per month (from Rp 1.200.000 to Rp 1.550.000); 2 orders due now: Rp 350.000.`
 * A price the catalogue does not give reads `(price unknown)`.
 */
import type { ChangeCost, PlanBudget, PlanCost } from '../../plan/document.js';
import { CYCLE_WORDS, PRICE_UNKNOWN, formatMoney } from '../../engine/events.js';

export { PRICE_UNKNOWN, formatMoney } from '../../engine/events.js';

/** `Rp 75.000 per month`, `Rp 900.000 per year`; `(price unknown)` for null. The one way money per cycle is written. */
export function perCycle(amount: number | null, cycle: string, currency: string | null): string {
  if (amount === null) return PRICE_UNKNOWN;
  return `${formatMoney(amount, currency)} ${CYCLE_WORDS[cycle] ?? `per cycle ${cycle || '(unknown)'}`}`;
}

/**
 * The cost sentence of one change, e.g. `Rp 75.000 per month, due now Rp 75.000`,
 * `+Rp 45.000 per month (from Rp 75.000 to Rp 120.000), due now Rp 45.000`,
 * `stops billing Rp 75.000 per month`, `(price unknown): <why>`.
 */
export function changeCostSentence(action: string, cost: ChangeCost, currency: string | null): string {
  const unknownNote = cost.unknown_reason ? `${PRICE_UNKNOWN}: ${cost.unknown_reason}` : PRICE_UNKNOWN;
  const due =
    cost.due_now === null ? `, due now ${PRICE_UNKNOWN}` : cost.due_now > 0 ? `, due now ${formatMoney(cost.due_now, currency)}` : '';
  if (action === 'delete')
    return cost.before === null ? `stops billing ${unknownNote}` : `stops billing ${perCycle(cost.before, cost.cycle, currency)}`;
  if (cost.after === null) return unknownNote;
  if (action === 'create') {
    const resumed = cost.due_now === 0 && cost.before === cost.after ? ' (ordered earlier: nothing due now)' : '';
    return `${perCycle(cost.after, cost.cycle, currency)}${resumed}${due}`;
  }
  if (cost.before === null) return `${perCycle(cost.after, cost.cycle, currency)} (was ${unknownNote})${due}`;
  if (action === 'replace') {
    return `${perCycle(cost.after, cost.cycle, currency)} instead of ${perCycle(cost.before, cost.before_cycle ?? cost.cycle, currency)}${due}`;
  }
  const delta = cost.after - cost.before;
  return `${formatMoney(delta, currency, true)} ${CYCLE_WORDS[cost.cycle] ?? 'per cycle'} (from ${formatMoney(cost.before, currency)} to ${formatMoney(cost.after, currency)})${due}`;
}

/**
 * The plan's cost summary line:
 * `Cost: +Rp 350.000 per month (from Rp 1.200.000 to Rp 1.550.000); 2 orders due now: Rp 350.000.`
 * with `Partial: (price unknown) for a, b.` appended when a price is unknown.
 */
export function costSummaryLine(cost: PlanCost): string {
  const { currency } = cost;
  const delta = cost.monthly_after - cost.monthly_before;
  const orders =
    cost.orders === 0
      ? 'no order due now'
      : `${cost.orders === 1 ? '1 order' : `${cost.orders} orders`} due now: ${formatMoney(cost.due_now, currency)}`;
  const partial = cost.partial
    ? ` Partial: ${PRICE_UNKNOWN} for ${cost.unknown.join(', ')}; the totals leave ${cost.unknown.length === 1 ? 'it' : 'them'} out.`
    : '';
  return `Cost: ${formatMoney(delta, currency, true)} per month (from ${formatMoney(cost.monthly_before, currency)} to ${formatMoney(cost.monthly_after, currency)}); ${orders}.${partial}`;
}

/**
 * The budget line: `Budget: Rp 1.550.000 of Rp 2.000.000 per month; 3 of 5 paid orders.`,
 * or, past it with `--allow-over-budget`, `Budget: over, allowed by --allow-over-budget: <why>.`
 */
export function budgetLine(budget: PlanBudget, cost: PlanCost): string {
  if (budget.over) return `Budget: over, ${budget.allowed ? 'allowed by --allow-over-budget' : 'refused'}: ${budget.problems.join('; ')}.`;
  const parts: string[] = [];
  if (budget.monthly_limit !== undefined)
    parts.push(`${formatMoney(cost.monthly_after, cost.currency)} of ${formatMoney(budget.monthly_limit, cost.currency)} per month`);
  if (budget.max_orders_per_apply !== undefined) parts.push(`${cost.orders} of ${budget.max_orders_per_apply} paid orders`);
  return `Budget: ${parts.join('; ')}.`;
}
