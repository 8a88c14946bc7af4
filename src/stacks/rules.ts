/**
 * The `approve:` rules of a stacks file (docs/stacks.md, "Approval rules"):
 * what a stack's plan must keep to for `apply --stacks
 * --auto-approve-by-rules` to apply it without a person. Every rule must
 * approve; the verdict names each rule that did not, and why.
 */
import type { Diagnostic, SourceLocation } from '../core/types.js';
import { planCounts } from '../plan/counts.js';
import type { PlanDocument } from '../plan/document.js';
import { isScalar, isSeq, plainValue, type TreeNode, type TreePair } from '../manifest/syntax/source-tree.js';
import { didYouMean } from '../manifest/suggest.js';

/**
 * One rule. `no_paid_orders`: the plan places no paid order; `no_deletes`:
 * it deletes nothing (a replacement is `no_replaces`' business);
 * `no_replaces`: it replaces nothing; `monthly_cost_increase_at_most`: the
 * monthly cost after the plan exceeds the one before by at most `amount`
 * (account currency; a price unknown fails it); `only`: the stack is one
 * of `stacks`.
 */
export type ApprovalRule =
  | { kind: 'no_paid_orders' | 'no_deletes' | 'no_replaces'; location: SourceLocation }
  | { kind: 'monthly_cost_increase_at_most'; amount: number; location: SourceLocation }
  | { kind: 'only'; stacks: string[]; locations: SourceLocation[]; location: SourceLocation };

/** What reading the rules needs of the stacks file's reader (file.ts): locations, errors, keys, pairs. */
export interface RuleReader {
  at(node: TreeNode | null | undefined, fallback?: SourceLocation): SourceLocation;
  error(message: string, location: SourceLocation, code?: Diagnostic['code']): void;
  key(pair: TreePair): string;
  pairs(node: TreeNode | null, what: string, fallback: SourceLocation): TreePair[];
}

/** The names of the rules, as written. */
export const RULE_NAMES = ['no_paid_orders', 'no_deletes', 'no_replaces', 'monthly_cost_increase_at_most', 'only'] as const;

/** A rule that did not approve, and why (English). */
export interface RuleFailure {
  rule: string;
  why: string;
}

/** What the rules say of one stack's plan: `approved` when every rule approves (or there are none). */
export interface Verdict {
  approved: boolean;
  failed: RuleFailure[];
}

/** Reads `approve:` (a list of rule names and one-key mappings); problems reported to `reader`. */
export function parseRules(reader: RuleReader, node: TreeNode | null, at: SourceLocation): ApprovalRule[] {
  if (node === null) return [];
  if (!isSeq(node)) {
    reader.error('approve: expected a list of rules (no_paid_orders, no_deletes, ...)', reader.at(node, at), 'wrong_kind');
    return [];
  }
  const rules: ApprovalRule[] = [];
  for (const item of node.items) {
    const location = reader.at(item, at);
    if (isScalar(item) && typeof item.value === 'string') {
      const name = item.value;
      if (name === 'no_paid_orders' || name === 'no_deletes' || name === 'no_replaces') rules.push({ kind: name, location });
      else if (name === 'monthly_cost_increase_at_most' || name === 'only')
        reader.error(`approve: ${name} takes a value: "- ${name}: ..."`, location, 'missing_value');
      else
        reader.error(
          `approve: unknown rule "${name}" (rules: ${RULE_NAMES.join(', ')})${didYouMean(name, RULE_NAMES)}`,
          location,
          'unknown_key',
        );
      continue;
    }
    const pairs = reader.pairs(item, 'approve', location);
    if (pairs.length !== 1) {
      reader.error('approve: each rule is a name, or one "name: value"', location, 'manifest_shape');
      continue;
    }
    const [pair] = pairs;
    const name = reader.key(pair);
    const valueAt = reader.at(pair.value, location);
    const value = plainValue(pair.value);
    if (name === 'monthly_cost_increase_at_most') {
      if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) rules.push({ kind: name, amount: value, location });
      else
        reader.error(`approve: monthly_cost_increase_at_most: expected a whole amount, 0 or more, got ${JSON.stringify(value)}`, valueAt);
    } else if (name === 'only') {
      const items = isSeq(pair.value) ? pair.value.items : [];
      if (!isSeq(pair.value) || items.some((entry) => !isScalar(entry) || typeof entry.value !== 'string')) {
        reader.error('approve: only: expected a list of stack names', valueAt, 'wrong_kind');
        continue;
      }
      rules.push({
        kind: 'only',
        stacks: items.map((entry) => String(plainValue(entry))),
        locations: items.map((entry) => reader.at(entry, valueAt)),
        location,
      });
    } else if (name === 'no_paid_orders' || name === 'no_deletes' || name === 'no_replaces') {
      reader.error(`approve: ${name} takes no value: "- ${name}"`, valueAt, 'invalid_value');
    } else
      reader.error(
        `approve: unknown rule "${name}" (rules: ${RULE_NAMES.join(', ')})${didYouMean(name, RULE_NAMES)}`,
        reader.at(pair.key, location),
        'unknown_key',
      );
  }
  return rules;
}

/** The rule as written: `no_deletes`, `monthly_cost_increase_at_most: 500000`, `only: [a, b]`. */
export function describeRule(rule: ApprovalRule): string {
  if (rule.kind === 'monthly_cost_increase_at_most') return `${rule.kind}: ${rule.amount}`;
  if (rule.kind === 'only') return `only: [${rule.stacks.join(', ')}]`;
  return rule.kind;
}

/** Addresses of the changes of `plan` with `action`, as a short list. */
function addresses(plan: PlanDocument, action: string): string[] {
  return plan.changes.filter((change) => change.action === action).map((change) => change.address);
}

function listed(items: string[]): string {
  return items.length <= 3 ? items.join(', ') : `${items.slice(0, 3).join(', ')} and ${items.length - 3} more`;
}

/** Why `rule` does not approve `plan` of `stack`; undefined when it approves. */
function failure(rule: ApprovalRule, stack: string, plan: PlanDocument): string | undefined {
  switch (rule.kind) {
    case 'no_paid_orders': {
      const paid = planCounts(plan).paid;
      return paid === 0 ? undefined : `the plan places ${paid} paid order${paid === 1 ? '' : 's'}`;
    }
    case 'no_deletes': {
      const deletes = addresses(plan, 'delete');
      return deletes.length === 0 ? undefined : `the plan deletes ${listed(deletes)}`;
    }
    case 'no_replaces': {
      const replaces = addresses(plan, 'replace');
      return replaces.length === 0 ? undefined : `the plan replaces ${listed(replaces)}`;
    }
    case 'monthly_cost_increase_at_most': {
      const cost = plan.cost;
      if (!cost) return undefined;
      if (cost.partial) return `a price is unknown (${listed(cost.unknown)}), so the increase cannot be checked`;
      const increase = cost.monthly_after - cost.monthly_before;
      return increase <= rule.amount ? undefined : `the monthly cost rises by ${increase}, more than ${rule.amount}`;
    }
    case 'only':
      return rule.stacks.includes(stack) ? undefined : `stack ${stack} is not in the list`;
  }
}

/** The verdict of `rules` on `plan` (the plan of `stack`); a plan without changes is approved by every rule but `only`. */
export function judge(rules: ApprovalRule[], stack: string, plan: PlanDocument): Verdict {
  const failed: RuleFailure[] = [];
  for (const rule of rules) {
    const why = failure(rule, stack, plan);
    if (why !== undefined) failed.push({ rule: describeRule(rule), why });
  }
  return { approved: failed.length === 0, failed };
}

/** The verdict in one line: `approved by the rules` or `stopped: no_deletes (the plan deletes web)`. */
export function verdictLine(verdict: Verdict): string {
  if (verdict.approved) return 'approved by the rules';
  return `stopped for a person: ${verdict.failed.map((entry) => `${entry.rule} (${entry.why})`).join('; ')}`;
}
