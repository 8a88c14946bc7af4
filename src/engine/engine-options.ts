/**
 * What the front door ({@link Engine} in engine.ts) takes and gives: the
 * options of `Engine.open` and of each operation, and the results. engine.ts
 * re-exports every one of them.
 */
import type { Attributes, Value } from '../core/types.js';
import type { PlanDocument, PlanDrift, PlanWarning } from '../plan/document.js';
import type { Catalogue } from '../manifest/catalogue.js';
import type { ResourcePrice } from './cost.js';
import type { EventHandler } from './events.js';
import type { MigratedMove } from './state-move.js';
import type { PaidCallHook } from './apply/paid-call-points.js';
import type { BusyPolicy } from './turns.js';

/** How a program (or the CLI) opens the engine on a workspace. Every field is optional. */
export interface EngineOptions {
  /** The working directory: relative paths (manifests, `state`, var files) are read against it. Default: `process.cwd()`. */
  directory?: string;
  /** The workspace (default: CLOUDCTL_WORKSPACE, else the one selected with `cloudctl workspace select`, else `default`). */
  workspace?: string;
  /** The state file of the default workspace (default `.cloudctl/state.json`; other workspaces live in `workspaces/NAME/` beside it). */
  state?: string;
  /** Where state lives: a backend's URL (e.g. `postgres://user@host:port/database[?schema=name]`; the forms: docs/design.md, "State backends") or `local` (default: CLOUDCTL_BACKEND, else the manifest's `backend:` block, else local). */
  backend?: string;
  /** The environment settings are read from (default: `process.env`), as the CLI reads them: CLOUDCTL_BASE_URL, CLOUDCTL_API_KEY, CLOUDCTL_POLL_INTERVAL, CLOUDCTL_VAR_*, PG*, ... */
  env?: Readonly<Record<string, string | undefined>>;
  /** The API's base URL (default: the manifest's `provider.base_url`, else CLOUDCTL_BASE_URL, else the embedded simulator). */
  baseUrl?: string;
  /** The API token sent as `x-token` (default: CLOUDCTL_API_KEY). Never reported in events or errors. */
  token?: string;
  /** Operations in flight at once (default 10). */
  parallelism?: number;
  /**
   * Seconds to wait for the state lock and for the operation's turn on this engine (default 0: a state locked by
   * another run fails at once with StateLockedError; the engine's own earlier calls are waited for as long as they take).
   */
  lockTimeoutSeconds?: number;
  /** What a call does while this engine runs another operation: `wait` its turn (default) or `fail` at once with EngineBusyError. */
  ifBusy?: BusyPolicy;
  /** Receives every operation's events (an operation's own `onEvent` receives them too). */
  onEvent?: EventHandler;
  /**
   * The resource and data source types (default: cloudctl's catalogue,
   * src/resources). Tests hand in fakes (`catalogueOf` in
   * src/manifest/catalogue.ts), as Terraform's engine is handed its providers.
   */
  catalogue?: Catalogue;
  /** The clock, in epoch milliseconds (default `Date.now`): what reconciliation's grace period is measured with (tests). */
  now?: () => number;
  /**
   * Called synchronously each time a paid call (an order or a paid in-place
   * operation) has returned its reply, before the reply is recorded in state
   * or the journal. For tests that stop the process at that instant
   * (`cloudctl test`'s `crash_after_paid_orders`, which sends itself SIGKILL
   * there); it must not throw.
   */
  onPaidCallReturned?: () => void;
  /**
   * Seconds the API client waits for a reply (default: CLOUDCTL_REQUEST_TIMEOUT, else 30).
   * A paid call with no reply by then has an unknown outcome (reconciled, never repeated blindly).
   */
  requestTimeoutSeconds?: number;
  /**
   * Seconds after a paid call of unknown outcome before a listing may prove
   * it was not placed (default: CLOUDCTL_RECONCILE_GRACE, else the request timeout).
   */
  reconcileGraceSeconds?: number;
  /**
   * For tests that kill a run at each point of the paid-call protocol (the
   * crash explorer, test/integration/crash-explorer.test.ts): called
   * synchronously at each point of every paid call (see `PaidCallPoint` in
   * src/engine/apply/paid-call.ts). When it throws, the error propagates
   * from that point as it is: nothing more of that call is sent, journaled
   * or written, as when the process dies there.
   */
  onPaidCallPoint?: PaidCallHook;
}

/** Variable values of one operation, beside CLOUDCTL_VAR_*, `env:` and `default:` (which they win over). */
export interface VariableOptions {
  /** Values by variable name (`{ env: 'dev' }`); they win over `assignments` and var files. */
  variables?: Record<string, Value>;
  /** `name=value` texts, as `--var` takes them, in order. */
  assignments?: string[];
  /** Var files (YAML of `name: value`), relative to the directory; a later file wins. */
  varFiles?: string[];
}

/** What every operation accepts. */
export interface OperationOptions {
  /** Receives this operation's events. */
  onEvent?: EventHandler;
  /** Seconds to wait for this operation's turn and the state lock together (default: the engine's). */
  lockTimeoutSeconds?: number;
  /** `wait` for the engine's earlier operations (default: the engine's, else `wait`) or `fail` at once with EngineBusyError. */
  ifBusy?: BusyPolicy;
  /** Operations in flight at once (default: the engine's). */
  parallelism?: number;
}

/** Options of {@link Engine.plan}. */
export interface PlanOptions extends OperationOptions, VariableOptions {
  /** Read every managed resource before planning (default true). */
  refresh?: boolean;
  /** Addresses to replace even if nothing changed (`web`: every instance, `web[0]`: one). */
  replace?: string[];
  /** Limit to these addresses or glob patterns (`web[*]`, `disk_*`) and what they depend on (empty: everything). */
  target?: string[];
  /** Leave out these addresses or glob patterns and what depends on them (in a destroy: what they depend on); the plan lists them. */
  exclude?: string[];
  /** `apply` (default), `destroy` (everything in state), or `refresh-only` (record drift only). */
  mode?: 'apply' | 'destroy' | 'refresh-only';
  /** Let a plan over the manifest's `budget:` pass (apply journals it). */
  allowOverBudget?: boolean;
  /** Imports of addresses without a resource block are read for a file to be written here (the CLI writes it). */
  generateConfigOut?: string;
}

/** Options of {@link Engine.plan}: those of every plan, and variables planned as unknown. */
export interface PlanOnlyOptions extends PlanOptions {
  /**
   * Variables whose value waits for something outside this manifest (another stack's apply, src/stacks), by name,
   * with what they wait for (`stack keys`). They load with the value given in `variables` (or a placeholder) and are
   * planned as unknown: what reads them is `(known after apply)`. Apply never takes them: it plans with known values.
   */
  unknownVariables?: Record<string, string>;
}

/** Options of {@link Engine.apply} and {@link Engine.destroy}. */
export interface ApplyOptions extends PlanOptions {
  /**
   * Asked, with the plan, before anything changes (a manifest's plan with
   * changes; a refresh-only plan before recording drift). Resolve false to
   * cancel (result `cancelled`). Default: approve. Not asked for a saved plan:
   * making it was the approval.
   */
  approve?: (plan: PlanDocument) => boolean | Promise<boolean>;
  /** Aborting it starts nothing new: operations in flight finish and are recorded (result `incomplete`). */
  signal?: AbortSignal;
  /** How a saved plan is named in a stale-plan message (default `the plan`; the CLI gives its path). */
  planName?: string;
}

/** One resource's failure during apply. */
export interface FailedChange {
  address: string;
  action: string;
  /** The error's message (the run's sensitive values masked). */
  message: string;
  /** The error's `code` (docs/automation.md, "Errors"), e.g. `poll_timeout`, `awaiting_payment`, `diagnostics`. */
  code?: string;
}

/** What {@link Engine.apply} did. */
export interface ApplyResult {
  /**
   * `applied`: every change done; `incomplete`: some failed or were skipped
   * (state holds what was done; apply again to continue); `no-changes`;
   * `cancelled`: `approve` said no; `refreshed`: a refresh-only plan recorded drift.
   */
  status: 'applied' | 'incomplete' | 'no-changes' | 'cancelled' | 'refreshed';
  /** The plan applied (masked). */
  plan: PlanDocument;
  /** Changes done, in order, with their action (`create`, `update`, `replace`, `delete`, `destroy (replace)`, `read`, `move`, `import`). */
  done: Array<{ address: string; action: string }>;
  failed: FailedChange[];
  /** Changes not started: `because` is the address they waited for, or `interrupted`. */
  skipped: Array<{ address: string; because: string }>;
  /** The outputs the state now records (sensitive ones masked). */
  outputs: Record<string, { value: Value; sensitive: boolean }>;
  /** What the state holds that the user must act on (values lost at create, orders held). */
  warnings: PlanWarning[];
}

/** What {@link Engine.refresh} did. */
export interface RefreshResult {
  /** What changed outside cloudctl (now recorded in state); undefined when nothing did. */
  drift?: PlanDrift;
  /** The refresh-only plan (masked). */
  plan: PlanDocument;
}

/** What {@link Engine.import} recorded. */
export interface ImportResult {
  /** Canonical type name (`cloud_lite_vm`). */
  type: string;
  address: string;
  /** The id as state keeps it (`parseImportId`'s canonical form). */
  id: string;
  /** The attributes read, sensitive ones masked. */
  attributes: Attributes;
  /** The manifest YAML describing it, to add to the manifest (secrets as variables to set; inputs the API never returns named). */
  config: string;
}

/** What {@link Engine.cost} found: each managed resource's price now, the monthly total of the known ones, in the catalogue's currency. */
export interface CostResult {
  resources: ResourcePrice[];
  monthlyTotal: number;
  currency: string | null;
  /** True when some price is unknown (left out of the total). */
  partial: boolean;
}

/** What {@link Engine.moveState} did; `migrated` when the entry moved to the type it was migrated to (found by listing). */
export interface MoveResult {
  from: string;
  to: string;
  migrated?: MigratedMove;
}
