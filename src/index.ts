/**
 * cloudctl as a library (the package's root export, `import { Engine } from
 * 'cloudctl'`): the engine's front door for programs (test runners,
 * reconcilers, CI systems), as the CLI uses it. See docs/automation.md.
 *
 * ```ts
 * const engine = await Engine.open({ directory: '.', workspace: 'default' });
 * const plan = await engine.plan('stack.yaml', { variables: { env: 'dev' } });
 * const result = await engine.apply(plan, { onEvent: (event) => console.log(event.type) });
 * await engine.close();
 * ```
 *
 * Many stacks in one run (docs/stacks.md): `const stacks = await
 * Stacks.open('cloudctl.stacks.yaml'); const plan = await stacks.plan();
 * await stacks.apply(plan, { autoApproveByRules: true });`, events tagged
 * with their stack.
 *
 * Errors are typed, and each carries a stable `code` (docs/automation.md,
 * "Errors", lists them): {@link DiagnosticError} (located diagnostics: bad
 * manifest, plan errors, over budget), {@link StalePlanError}, the state's
 * errors ({@link StateLockedError}, ...), {@link ReconcileError}, {@link
 * MigrationMoveError}, the engine's own ({@link EngineBusyError}, {@link
 * EngineClosedError}), the API client's ({@link ApiError}, {@link
 * NetworkError}, ...), and, as `ApplyResult.failed[].code`, one change's
 * failure. Nothing here prints or exits the process.
 */
export {
  Engine,
  EngineBusyError,
  EngineClosedError,
  type BusyPolicy,
  MigrationMoveError,
  ReconcileError,
  StalePlanError,
  type AdoptedResource,
  type AdoptionResult,
  type AdoptionVariable,
  type DiscoveryOptions,
  type ApplyOptions,
  type ApplyResult,
  type CostResult,
  type EngineOptions,
  type FailedChange,
  type ImportResult,
  type MoveResult,
  type OperationOptions,
  type PlanOnlyOptions,
  type PlanOptions,
  type RefreshResult,
  type ResourcePrice,
  type VariableOptions,
  Watcher,
  type WatchOptions,
  type WatchOutcome,
} from './engine/engine.js';
export type {
  DriftEvent,
  EngineEvent,
  EventHandler,
  NoticeEvent,
  PlannedEvent,
  ProgressEvent,
  ReconcileEvent,
  SimulatorEvent,
  WarningsEvent,
  WatchEvent,
  WatchEventHandler,
  UnmanagedAccount,
  PendingKind,
} from './engine/events.js';
export { DiagnosticError, formatDiagnostic } from './core/types.js';
export type { Diagnostic, Value } from './core/types.js';
export type { StateDocument } from './state/document.js';
export type { Change, PlanDocument, PlanDrift, PlanWarning } from './plan/document.js';
export { readPlanFile, writePlanFile } from './plan/files.js';
export { PlanAlteredError } from './plan/seal.js';
export { PlanWorkspaceError } from './plan/workspace.js';
export { AccountHeldError, StateCorruptError, StateError, StateLockedError } from './state/errors.js';
export { StateDamagedError } from './state/local/records.js';
export { WatcherRunningError } from './state/watch-lock.js';
export {
  ApiCallError,
  ApiError,
  InvalidResponseError,
  NetworkError,
  OrderOutcomeUnknownError,
  PollTimeoutError,
  ResourceFailedError,
} from './api/errors.js';
export { DeleteRefusedError } from './engine/apply/delete.js';
export { FreeRunRefusedError, OrderNotPlacedError, PaidCallRefusedError } from './engine/apply/paid-call.js';
export { AwaitingPaymentError } from './engine/apply/payment.js';
export type { Catalogue } from './manifest/catalogue.js';
export {
  Stacks,
  judge,
  readStacksFile,
  type ApprovalRule,
  type StackApplyResult,
  type StackEngineEvent,
  type StackPlan,
  type StacksApplyOptions,
  type StacksApplyResult,
  type StacksEvent,
  type StacksFile,
  type StacksOptions,
  type StacksPlan,
  type StacksPlanOptions,
  type StackStatusEvent,
  type Verdict,
} from './stacks/index.js';
