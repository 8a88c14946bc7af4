/**
 * What a step's outcome is checked against: `expect_failure`, the counts
 * and bounds of `expect:` (docs/testing.md, "Expectations"), each failure
 * located at the key of the test file that asked for it.
 */
import type { SourceLocation } from '../core/types.js';
import type { PlanDocument } from '../plan/document.js';
import { planCounts } from '../plan/counts.js';
import { formatMoney } from '../engine/events.js';
import type { TestStep } from './test-file.js';

/** One failed expectation, assertion or check, and where the test file asked for it. */
export interface TestFailure {
  message: string;
  location: SourceLocation;
}

/** How a step's command ended. */
export interface StepOutcome {
  /** `applied`, `no-changes`, `refreshed`, `planned`, `incomplete`, `cancelled`, `failed` (an error was raised), `crashed`. */
  status: string;
  /** The plan the step made (absent when it failed before planning, or crashed). */
  plan?: PlanDocument;
  /** The error's message (`failed`), or the failed changes' (`incomplete`). */
  message?: string;
  /** Diagnostic codes of the error, and its name. */
  codes: string[];
  /** Addresses whose change failed. */
  failed: string[];
  /** Orders the simulator took during the step (undefined against a real API). */
  orders?: number;
}

/** The counts of a plan as a test file names them: add, change, destroy, replace, import, paid_orders (the plan package's `planCounts`). */
export function planFigures(plan: PlanDocument): {
  add: number;
  change: number;
  destroy: number;
  replace: number;
  import: number;
  paid_orders: number;
} {
  const { add, change, destroy, replace, import: imports, paid } = planCounts(plan);
  return { add, change, destroy, replace, import: imports, paid_orders: paid };
}

/** True when the outcome is a failure: an error, an incomplete apply, or a crash. */
export function outcomeFailed(outcome: StepOutcome): boolean {
  return outcome.status === 'failed' || outcome.status === 'incomplete' || outcome.status === 'crashed';
}

/** Checks a step's outcome against `expect_failure` and `expect:`; resolves with every failure. */
export function checkExpectations(step: TestStep, outcome: StepOutcome): TestFailure[] {
  const failures: TestFailure[] = [];
  const failed = outcomeFailed(outcome);
  const expected = step.expectFailure;
  const crashing = step.faults?.crash_after_paid_orders !== undefined;
  if (expected && !failed)
    failures.push({ message: `expected the step to fail, but it ended "${outcome.status}"`, location: expected.location });
  else if (expected && typeof expected.value === 'string' && !outcome.codes.includes(expected.value))
    failures.push({
      message: `expected a failure with code ${expected.value}, got ${outcome.codes.length > 0 ? outcome.codes.join(', ') : 'none'}${outcome.message ? ` (${outcome.message})` : ''}`,
      location: expected.location,
    });
  else if (!expected && failed && !(crashing && outcome.status === 'crashed'))
    failures.push({ message: `the step ${outcome.status}: ${outcome.message ?? ''}`.trim(), location: step.location });
  if (crashing && outcome.status !== 'crashed')
    failures.push({
      message: `faults.crash_after_paid_orders: ${step.faults!.crash_after_paid_orders} was never reached (the run ended "${outcome.status}"${outcome.message ? `: ${outcome.message}` : ''})`,
      location: step.faults!.location,
    });
  const plan = outcome.plan;
  const { expect } = step;
  const counted = ['add', 'change', 'destroy', 'replace', 'import'] as const;
  if (plan) {
    const figures = planFigures(plan);
    for (const name of counted) {
      const wanted = expect[name];
      if (wanted && figures[name] !== wanted.value)
        failures.push({ message: `expected ${name}: ${wanted.value}, the plan has ${figures[name]}`, location: wanted.location });
    }
  } else {
    for (const name of counted) {
      const wanted = expect[name];
      if (wanted) failures.push({ message: `expected ${name}: ${wanted.value}, but the step made no plan`, location: wanted.location });
    }
  }
  const paid = expect.paid_orders;
  if (paid) {
    const fromLedger = step.command !== 'plan' && outcome.orders !== undefined;
    const actual = fromLedger ? outcome.orders : plan ? planFigures(plan).paid_orders : undefined;
    if (actual !== paid.value)
      failures.push({
        message: `expected paid_orders: ${paid.value}, ${fromLedger ? 'the simulator took' : 'the plan has'} ${actual ?? 'none (no plan)'}`,
        location: paid.location,
      });
  }
  const cost = expect.monthly_cost;
  if (cost) {
    const monthly = plan?.cost?.monthly_after;
    const { min, max } = cost.value;
    const money = (amount: number | undefined) => (amount === undefined ? '-' : formatMoney(amount, plan?.cost?.currency ?? null));
    if (monthly === undefined) failures.push({ message: 'expected a monthly cost, but the plan has no cost', location: cost.location });
    else if (plan?.cost?.partial)
      failures.push({
        message: `expected a monthly cost, but the plan's is partial: no price for ${plan.cost.unknown.join(', ')}`,
        location: cost.location,
      });
    else if ((min !== undefined && monthly < min) || (max !== undefined && monthly > max))
      failures.push({
        message: `expected a monthly cost within ${money(min)}..${money(max)}, the plan's is ${money(monthly)} per month`,
        location: cost.location,
      });
  }
  return failures;
}
