/**
 * What the front door ({@link Engine} in engine.ts) tells its caller while
 * it works, as typed events through `onEvent`, and the few pure helpers the
 * views that render plans and events read. The CLI imports from src/engine
 * only this module and the front door (.dependency-cruiser.cjs).
 *
 * No event carries a secret: values in plans are masked (`(sensitive)`),
 * reconcile events carry no journal inputs, error messages of the API
 * client have the run's sensitive values masked, and the API token is never
 * part of anything reported.
 */
import type { PlanDocument, PlanDrift, PlanWarning } from '../plan/document.js';
import type { DiagnosticCode } from '../core/types.js';

export { planHasChanges } from '../plan/document.js';
export { maskPlan } from '../plan/mask.js';
export { CYCLE_WORDS, monthly } from './cost.js';
export { invoiceWords } from './apply/payment.js';
export { PRICE_UNKNOWN, formatMoney } from './money.js';
export { describeHolder } from '../state/errors.js';
export type { WatchEvent, WatchEventHandler, UnmanagedAccount, PendingKind } from './watch/events.js';

/** The embedded simulator was started, because no base URL is configured (`dataPath`: its data file, as configured). */
export interface SimulatorEvent {
  type: 'simulator';
  url: string;
  dataPath: string;
}

/** Something the state layer or the engine wants said (a stale lock taken over, a torn journal line, a journal compaction that failed). */
export interface NoticeEvent {
  type: 'notice';
  message: string;
}

/**
 * An unfinished journal intent was reconciled against the API before
 * planning (`outcome` as `ReconciledIntent.outcome`: `ok`, `adopted`,
 * `abandoned`, or `ambiguous`, left for a human), or reconciliation waits
 * `seconds` before looking again (`outcome` `waiting`). `message` is the
 * English line the CLI prints after `cloudctl: reconcile: `.
 */
export interface ReconcileEvent {
  type: 'reconcile';
  outcome: 'ok' | 'adopted' | 'abandoned' | 'ambiguous' | 'waiting';
  address: string;
  resourceType: string;
  operation: string;
  /** The resource id found or held. */
  id?: string;
  /** Ids matching an ambiguous create. */
  candidates?: string[];
  /** `waiting`: seconds until it looks again. */
  seconds?: number;
  message: string;
}

/** A plan was made (sensitive values masked), before anything is applied or asked. */
export interface PlannedEvent {
  type: 'planned';
  plan: PlanDocument;
}

/** What refresh found changed outside cloudctl (masked as the plan is); sent only when there is some. */
export interface DriftEvent {
  type: 'drift';
  drift: PlanDrift;
}

/**
 * Progress of one change during apply. `action`: `creating`, `resuming`,
 * `modifying`, `destroying`, `reading`. Elapsed time in seconds; `status`
 * the API's status while waiting for `Active`; `id` the resource id when
 * known. `failed` carries the error's message (secrets masked) and, for a
 * located problem (a failed precondition or postcondition), its diagnostic
 * `code`; `skipped`
 * the address it waited for, or `interrupted`.
 */
export type ProgressEvent =
  | { type: 'started'; address: string; action: string }
  | { type: 'progress'; address: string; action: string; elapsedSeconds: number; status: string }
  | { type: 'finished'; address: string; action: string; elapsedSeconds: number; id?: string }
  | { type: 'failed'; address: string; action: string; message: string; code?: DiagnosticCode }
  | { type: 'skipped'; address: string; because: string }
  /**
   * An order of unknown outcome of `address` is being settled in the run
   * (docs/design.md, "Safety invariants", I4), or a value the API does not
   * report stands as ordered: what is happening, in English.
   */
  | { type: 'settling'; address: string; message: string };

/** What the state holds after an apply that the user must act on (values lost at create, orders held). */
export interface WarningsEvent {
  type: 'warnings';
  warnings: PlanWarning[];
}

/** Every event of the front door. */
export type EngineEvent = SimulatorEvent | NoticeEvent | ReconcileEvent | PlannedEvent | DriftEvent | ProgressEvent | WarningsEvent;

/** Receives the front door's events, in the order things happen; it must not throw. */
export type EventHandler = (event: EngineEvent) => void;
