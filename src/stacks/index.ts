/**
 * Many stacks, one plan (docs/stacks.md): the stacks file, the combined
 * plan, the approval rules, and {@link Stacks}, which plans, applies and
 * destroys every stack through the engine's front door.
 */
export { DEFAULT_STACKS_FILE, readStacksFile, type StackDeclaration, type StacksBudget, type StacksFile } from './file.js';
export {
  STACKS_PLAN_FORMAT,
  stacksPlanHasChanges,
  type StackPlan,
  type StacksPlan,
  type StacksTotals,
  type WaitingChange,
} from './combined.js';
export { describeRule, judge, verdictLine, type ApprovalRule, type RuleFailure, type Verdict } from './rules.js';
export {
  Stacks,
  type StackApplyResult,
  type StackEngineEvent,
  type StacksApplyOptions,
  type StacksApplyResult,
  type StacksEvent,
  type StacksOptions,
  type StacksPlanOptions,
  type StackStatusEvent,
} from './stacks.js';
// The watcher of stacks (watch.ts: pg, prom-client) is imported where it runs, so plans never load it.
