/**
 * What {@link Stacks} (stacks.ts) takes and gives: its options, events and
 * results; stacks.ts re-exports every one of them.
 */
import type { EngineOptions, ApplyResult } from '../engine/engine.js';
import type { EngineEvent } from '../engine/events.js';
import type { StacksPlan } from './combined.js';
import type { Verdict } from './rules.js';

/** An engine event of one stack. */
export type StackEngineEvent = EngineEvent & { stack: string };

/** A stack's progress through a run: `planning`, `applying`, `destroying`, then how it ended (`message` in English). */
export interface StackStatusEvent {
  type: 'stack';
  stack: string;
  status: 'planning' | 'planned' | 'applying' | 'destroying' | StackApplyResult['status'];
  message?: string;
}

/** Every event of a stacks run. */
export type StacksEvent = StackEngineEvent | StackStatusEvent;

/** How a program (or the CLI) opens a stacks file. */
export interface StacksOptions extends Pick<EngineOptions, 'env' | 'baseUrl' | 'token' | 'catalogue' | 'now' | 'lockTimeoutSeconds'> {
  /** Operations in flight at once within one stack (default 10). */
  parallelism?: number;
  /** Stacks planned or applied at once (default 4). */
  stackParallelism?: number;
  /** Receives every event, tagged with its stack. */
  onEvent?: (event: StacksEvent) => void;
}

/** Options of {@link Stacks.plan}. */
export interface StacksPlanOptions {
  /** Only these stacks (names or globs, `app-*`) and the stacks they read; default every stack. */
  only?: string[];
  /** Read every managed resource first (default true). */
  refresh?: boolean;
  /** Let plans over a budget (a manifest's, a stack's or the total) pass. */
  allowOverBudget?: boolean;
}

/** Options of {@link Stacks.apply}. */
export interface StacksApplyOptions extends StacksPlanOptions {
  /** Apply only the stacks whose plans every `approve:` rule approves; stop on the rest (and what reads them). */
  autoApproveByRules?: boolean;
}

/**
 * What happened to one stack in an apply or destroy: `applied`, `no-changes`,
 * `incomplete` (some change failed: see `result`), `failed` (`message`),
 * `blocked` (a stack it reads, or that reads it when destroying, did not
 * finish: `message` names it), `stopped` (a rule did not approve: `verdict`).
 */
export interface StackApplyResult {
  name: string;
  status: 'applied' | 'no-changes' | 'incomplete' | 'failed' | 'blocked' | 'stopped';
  result?: ApplyResult;
  verdict?: Verdict;
  message?: string;
}

/** What {@link Stacks.apply} and {@link Stacks.destroy} did, stack by stack, in the order they finished. */
export interface StacksApplyResult {
  plan?: StacksPlan;
  stacks: StackApplyResult[];
  /** True when every stack applied (or had nothing to do). */
  complete: boolean;
}
