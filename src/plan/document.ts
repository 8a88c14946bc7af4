/**
 * The plan document: what `plan --json` prints and a saved plan holds (its
 * schema: schemas/plan.schema.json), the changes it lists and their
 * reasons, and the one question asked of a whole plan (does it change
 * anything). What works on plans is beside it: masking (mask.ts), the
 * redaction of the manifest copy (redact.ts), plan files (files.ts).
 */
import type { Attributes, PlannedValue, Value } from '../core/types.js';

/** What a change does to one address. */
export type Action = 'create' | 'update' | 'replace' | 'delete' | 'read' | 'noop';

/**
 * Why one attribute matters to its change, as a code with its parameters
 * (the attribute's own before/after are in the {@link AttributeChange}).
 * Rendered in English by src/cli/views/reasons.ts:
 * - `forces_replacement`: `forces replacement`
 * - `changes_with_replacement`: `changes with the requested replacement`
 * - `calls_operation`: `calls rename`
 * - `grows`: `grows from 60 GB to 120 GB` (`unit` of the attribute, if any)
 * - `fires_once`: `fires rebuild once`
 * - `observed_differs`: `observed "start", wanted "stop": calls power`
 * - `stored_in_state_only`: `stored in state only`
 */
export type AttributeReason =
  | { code: 'forces_replacement' }
  | { code: 'changes_with_replacement' }
  | { code: 'calls_operation'; operation: string }
  | { code: 'grows'; operation: string; unit?: string }
  | { code: 'fires_once'; operation: string }
  | { code: 'observed_differs'; operation: string; unit?: string }
  | { code: 'stored_in_state_only' };

/** Before and after of one attribute inside a change. */
export interface AttributeChange {
  name: string;
  /** The value before (`undefined`: none; a create without a prior entry leaves the member out). */
  before: Value | undefined;
  after: PlannedValue | undefined;
  sensitive: boolean;
  /**
   * Why this attribute matters, in English (`forces replacement`), rendered
   * from `reasonCode` by the CLI when it writes a plan (src/cli/views/reasons.ts).
   * The engine leaves it out; cloudctl never reads it back.
   */
  reason?: string;
  /** Why this attribute matters to the action, as a code. */
  reasonCode?: AttributeReason;
}

/** One operation the apply will call for an in-place change. */
export interface PlannedOperation {
  /** Operation name in the resource module, e.g. `rename`, `change_package`. */
  name: string;
  /** The attribute whose change calls it. */
  attribute: string;
  /** True when the call places a paid order. */
  paid: boolean;
}

/**
 * Why an in-place operation is planned: the attribute `changed` in the
 * manifest, was `changed_outside` cloudctl (drift), or is
 * `known_after_apply` (its value waits for `waits_for`, e.g. `web.id`).
 */
export type ChangeCause = 'changed' | 'changed_outside' | 'known_after_apply';

/**
 * Why a change does what it does, as a code with its parameters (as
 * Terraform's `ResourceInstanceChangeActionReason`, one change may have
 * several). The code's prefix is the action it explains. Values
 * (`before`, `after`, `value`, `observed`, `wanted`) are plan values: when
 * `sensitive` is true a plan document holds `(sensitive)` instead.
 * `paid` is true when the operation or order it names costs money.
 * The English sentences are rendered by src/cli/views/reasons.ts.
 */
export type ChangeReason =
  /** No state for the address: creates it (a paid order when `paid`). */
  | { code: 'create_because_not_in_state'; paid: boolean }
  /** Refresh found it deleted outside cloudctl (404 or `Terminated`): creates it again. */
  | { code: 'create_because_deleted_outside'; paid: boolean }
  /** An earlier order (`id`) never reached `Active`: apply waits for it and orders nothing. */
  | { code: 'create_resumes_pending_order'; id: string }
  /** An earlier order (`id`) was placed unpaid: its invoice is open; apply orders nothing and continues once it is paid. */
  | { code: 'create_awaiting_payment'; id: string; invoice_id?: number; amount?: number; due_date?: string }
  /**
   * A paid in-place `operation` (setting `attribute`) on `id` was placed unpaid:
   * its invoice is open and the account stays `Pending`; apply orders nothing
   * and the resource's other changes wait until it is paid.
   */
  | {
      code: 'update_awaiting_payment';
      id: string;
      operation: string;
      attribute: string;
      invoice_id?: number;
      amount?: number;
      due_date?: string;
    }
  /** A paid in-place `operation` (setting `attribute`) placed unpaid is paid now but does not show yet: apply waits for it, orders nothing for it. */
  | { code: 'update_resumes_paid_order'; id: string; operation: string; attribute: string }
  /** `attribute` is set: if the new resource has less, `operation` follows the order. */
  | { code: 'create_followed_by_operation'; attribute: string; operation: string; paid: boolean }
  /** `--replace ADDRESS` was given. */
  | { code: 'replace_by_request' }
  /** `attribute` changed and cannot change in place. */
  | { code: 'replace_because_attribute_forces'; attribute: string }
  /** How a replace proceeds: destroys `id` first, then creates (orders when `paid`) the new one. */
  | { code: 'replace_destroys_first'; id: string; paid: boolean }
  /**
   * How a `create_before_destroy` replace proceeds: creates (orders when
   * `paid`) the new one first, moves dependents to it once it is `Active`,
   * then destroys `id` (kept in state meanwhile, deposed).
   */
  | { code: 'replace_creates_first'; id: string; paid: boolean }
  /** `lifecycle.replace_triggered_by`: a planned change of what `reference` names replaces this resource. */
  | { code: 'replace_triggered_by'; reference: string }
  /** `attribute` changed (see `cause`): calls `operation`. */
  | { code: 'update_calls_operation'; attribute: string; operation: string; paid: boolean; cause: ChangeCause; waits_for?: string }
  /** A `grow` attribute grows from `before` to `after` (`after` may be unknown): calls `operation`. */
  | {
      code: 'update_grows';
      attribute: string;
      operation: string;
      paid: boolean;
      before: PlannedValue;
      after: PlannedValue;
      sensitive: boolean;
      unit?: string;
    }
  /** The API reports `observed` for a `desired` attribute, the manifest wants `wanted`: calls `operation`. */
  | {
      code: 'update_because_observed_differs';
      attribute: string;
      operation: string;
      paid: boolean;
      observed: PlannedValue;
      wanted: PlannedValue;
      drifted: boolean;
      sensitive: boolean;
      unit?: string;
    }
  /** A trigger attribute set to `value` (may be unknown): fires `operation` once. */
  | { code: 'trigger_fires'; attribute: string; operation: string; paid: boolean; value: PlannedValue; sensitive: boolean; unit?: string }
  /** A `local` attribute changed (see `cause`): recorded in state, no call. */
  | { code: 'update_stored_in_state_only'; attribute: string; cause: ChangeCause; waits_for?: string }
  /** In state but gone from the manifest (`targeted`: and named by `--target`). */
  | { code: 'delete_because_not_in_manifest'; targeted: boolean }
  /** The instance's index is not below the block's `count` any more. */
  | { code: 'delete_because_count_index_gone'; count: number }
  /** The instance's key is no longer in the block's `for_each`. */
  | { code: 'delete_because_for_each_key_gone'; key: string }
  /**
   * The block (`block`) has no `count` or `for_each` any more (or the other
   * one), so this instance is gone. `suggested_move`: the `moved:` block that
   * would keep it instead (a switch no implied move covers, such as to or
   * from `for_each`), when its `to` is declared and not in state.
   */
  | { code: 'delete_because_repetition_changed'; block: string; suggested_move?: { from: string; to: string } }
  /**
   * An account deposed by a `create_before_destroy` replace of `address`
   * whose delete has not run (a crash or a failure after the new order):
   * deleted once `address` is applied.
   */
  | { code: 'delete_deposed'; address: string }
  /** `plan --destroy` (`targeted`: with `--target` naming it). */
  | { code: 'delete_by_request'; targeted: boolean }
  /** A data source input (`attribute`) waits for `waits_for`: read during apply. */
  | { code: 'read_because_inputs_unknown'; attribute: string; waits_for: string }
  /** A data source depends on `dependency`, which has changes to apply: read during apply. */
  | { code: 'read_because_dependency_pending'; dependency: string };

/** Every {@link ChangeReason} code. */
export type ChangeReasonCode = ChangeReason['code'];

/**
 * What one change costs, from the catalogue's product listings and the
 * state's `recurring_amount` (src/engine/cost.ts). Amounts are integers in
 * the plan's `cost.currency`; `null` is a price the catalogue does not give
 * (`(price unknown)`), never a guess.
 */
export interface ChangeCost {
  /** Billing cycle code the per-cycle amounts are per (`m`, `q`, `s`, `a`, `b`, `t`, `p4`, `p5`); empty when unknown. */
  cycle: string;
  /** Cycle code of `before` when it differs from `cycle` (a replace changing the cycle). */
  before_cycle?: string;
  /** Billed every cycle before the change: 0 for a create. */
  before: number | null;
  /** Billed every cycle after the change: 0 for a delete. */
  after: number | null;
  /** Due now for the change's paid orders: a new resource's first cycle, an upgrade's increase per cycle; 0 when it orders nothing. */
  due_now: number | null;
  /** Why a figure is null, in words. */
  unknown_reason?: string;
}

/** The plan's cost totals (src/engine/cost.ts); amounts are integers in `currency`. */
export interface PlanCost {
  /** ISO 4217 code the catalogue gives (`IDR`); null when it gives none. */
  currency: string | null;
  /** Every managed resource's recurring amount, normalised to a month, before the plan (known prices only). */
  monthly_before: number;
  /** The same after the plan. */
  monthly_after: number;
  /** Paid orders the plan places. */
  orders: number;
  /** Due now for those orders (known prices only). */
  due_now: number;
  /** Addresses whose price is unknown: the totals leave them out. */
  unknown: string[];
  /** True when `unknown` is not empty: the totals are partial. */
  partial: boolean;
}

/**
 * A move a plan applies (a `moved:` block's, or an implied one: see
 * `implied`): the state entry `from` (a resource of
 * `type` with `id`) becomes `to`. Chains (`a` → `b` → `c`) are one entry
 * from the first to the last address. Apply renames it in state first.
 */
export interface PlannedMove {
  from: string;
  to: string;
  type: string;
  id: string;
  /**
   * Set when no `moved:` block asked for it (src/engine/moves-and-imports.ts
   * `impliedMoves`): `count_added` moves `web` to `web[0]` when the block
   * gained `count`, `count_removed` moves `web[0]` to `web` when it lost it.
   */
  implied?: ImpliedMoveCause;
}

/** Why a move is implied: the block gained `count` (`web` → `web[0]`) or lost it (`web[0]` → `web`). */
export type ImpliedMoveCause = 'count_added' | 'count_removed';

/**
 * An `import:` block a plan applies: the resource `id` of `type` read from
 * the API (`attributes`, sensitive ones `(sensitive)`) is adopted at
 * `address`; apply reads it again and writes it into state before the
 * changes (no order, no cost). `generated_config`: the address had no
 * resource block, its YAML was written to this file instead, and apply
 * does not import it (plan again with the block in the manifest).
 */
export interface PlannedImport {
  address: string;
  type: string;
  id: string;
  attributes: Attributes;
  generated_config?: string;
}

/**
 * A `removed:` block with `lifecycle: { destroy: false }` a plan applies:
 * the state entry `address` (a resource of `type` with `id`) is forgotten
 * before the changes; the account is not deleted (it keeps running and
 * billing). No API call.
 */
export interface PlannedForget {
  address: string;
  type: string;
  id: string;
}

/** The manifest's budget as a plan checked it. */
export interface PlanBudget {
  /** Most the managed resources may bill per month after the plan, in `cost.currency`. */
  monthly_limit?: number;
  /** Most paid orders one plan may place. */
  max_orders_per_apply?: number;
  /** True when the plan exceeds it (or a price it needs is unknown). */
  over: boolean;
  /** True when `--allow-over-budget` let an over-budget plan through. */
  allowed: boolean;
  /** Why it is over, in words (one entry per limit exceeded). */
  problems: string[];
}

/** One entry of a plan. */
export interface Change {
  address: string;
  type: string;
  /** `resource` or `data`. */
  mode: 'resource' | 'data';
  action: Action;
  /**
   * The reasons as English sentences (`select_os forces replacement`),
   * rendered from `reasonCodes` by the CLI when it writes a plan (`plan
   * --json`, saved plans; src/cli/views/reasons.ts) for people reading the
   * file. The engine leaves it out; cloudctl never reads it back (plans
   * saved before codes existed have only this, and are shown as written).
   */
  reasons?: string[];
  /** Why the action, as codes with their parameters, in the order they are told. */
  reasonCodes: ChangeReason[];
  attributes: AttributeChange[];
  /** In-place operations in call order (update), empty otherwise. */
  operations: PlannedOperation[];
  /** Paid orders this change places (creates and paid upgrades). */
  paidOrders: number;
  /** Id in state before the change, if any. */
  id?: string;
  /** Addresses this change waits for. */
  dependsOn: string[];
  /** What the change costs (resources that bill something; absent otherwise and in plans made before costs existed). */
  cost?: ChangeCost;
}

/** One attribute that differs between the state and what the API reports (drift). */
export interface DriftEntry {
  address: string;
  attribute: string;
  before: Value | undefined;
  after: Value | undefined;
  sensitive: boolean;
}

/**
 * What refresh noticed about a read that is not drift (src/engine/attributes.ts
 * `readBackNotes`): `not_reported`, the API left out (or sent `null` or `''`
 * for) an input it is known to report, so the state keeps `kept`; or
 * `informational_differs`, an informational input is reported as `observed`
 * while the state keeps `kept` (shown, never acted on); or `not_listed`, a
 * resource created less than the list lag ago (`unlisted`) is absent from its
 * list, so it is kept (`attribute` is `id`, `kept` its id). Sensitive values are `null`.
 */
export interface ReadBackNote {
  address: string;
  attribute: string;
  kind: 'not_reported' | 'informational_differs' | 'not_listed';
  kept: Value;
  observed?: Value;
  sensitive: boolean;
}

/** What refresh found changed outside cloudctl. */
export interface PlanDrift {
  /** Attributes that changed, by address then attribute. */
  changed: DriftEntry[];
  /** Addresses the API no longer has (404 or `Terminated`). */
  deleted: string[];
  /** Read-back notes (nothing is done about them), by address then attribute; absent when none. */
  notes?: ReadBackNote[];
}

/**
 * Something in state the user must act on, although it changes nothing by
 * itself. `value_lost_at_create`: the `attributes` of `address` (a
 * generated private key) came only in the answer to its create, which was
 * lost; `cloudctl apply --replace ADDRESS` makes a new one on purpose.
 */
export interface PlanWarning {
  /**
   * `value_lost_at_create`: `attributes` came only in the lost answer to
   * the create. `migrated`: `address` was migrated to `to_type` (a paid
   * trigger, `attributes` names it) and is frozen in state. `paid_operation_pending`:
   * the paid `operation` setting `attributes[0]` to `value` was ordered at
   * `since` and is not showing yet; it is not ordered again.
   * `paid_change_unobserved`: the manifest asks for a paid `operation` on
   * `attributes[0]`, whose value the API has never reported, so nothing is
   * ordered (docs/design.md, "Safety invariants", I2).
   */
  code: 'value_lost_at_create' | 'migrated' | 'paid_operation_pending' | 'paid_change_unobserved';
  address: string;
  attributes: string[];
  /** `migrated`: the type the resource became. */
  to_type?: string;
  /** `paid_operation_pending`: the operation ordered; `paid_change_unobserved`: the one not planned. */
  operation?: string;
  /** `migrated`, `paid_operation_pending`: the value ordered (a product id, a size). */
  value?: Value;
  /** `migrated`, `paid_operation_pending`: when it was ordered (ISO 8601). */
  since?: string;
  /** `paid_operation_pending`: why it counts as placed. */
  evidence?: string;
}

/**
 * A saved plan, `.cloudctl/last-plan.cplan`, and the document of
 * `plan --json` (schemas/plan.schema.json). It never holds a sensitive
 * value: those read `(sensitive)` and are evaluated again at apply.
 */
export interface PlanDocument {
  format_version: 1;
  created_at: string;
  /**
   * The workspace the plan was made in, by name. With `lineage` it is the
   * workspace's identity: apply refuses the plan in any other workspace
   * (another name, or a state of another lineage) before it reads anything.
   * Absent only in plans made before plans recorded it.
   */
  workspace?: string;
  /**
   * Lineage and serial of the state the plan was made against. The lineage
   * is minted when the workspace is first planned (or created), and
   * recorded in its state then, even while the state is empty.
   */
  lineage: string;
  serial: number;
  /** `apply` (normal), `destroy`, or `refresh-only` (records drift in state, changes nothing). */
  mode: 'apply' | 'destroy' | 'refresh-only';
  /**
   * The manifest the plan was made from. `source` has the literal values of
   * sensitive attributes, variables and outputs replaced (`redacted` true);
   * apply then reads the file at `path` and checks it against `sha256`.
   * `files`: the SHA-256 of each file `file()` read, by path as written
   * (relative to the manifest's folder); apply refuses the plan when one
   * changed since. `parts`: a manifest written as a folder (`path` is then
   * `stack/*.yaml`): each file's path and length in `source`, which holds
   * their texts one after the other (a redacted plan's files are read again,
   * their texts together checked against `sha256`).
   */
  manifest: {
    path: string;
    source: string;
    sha256?: string;
    redacted?: boolean;
    parts?: Array<{ path: string; length: number }>;
    /** The module files the manifest instantiates, with the SHA-256 of each: apply reads them again and refuses the plan when one changed. */
    modules?: Array<{ path: string; sha256: string }>;
    files?: Record<string, string>;
    /**
     * The resource blocks (keys under `resources:`) the apply of this plan
     * loads (src/engine/manifest-slice.ts): the rest of `resources:` is
     * blanked out and its `noop` changes, which have nothing to do, are not
     * walked. Absent: the whole manifest is loaded.
     */
    slice?: { resources: string[] };
  };
  /** Non-sensitive variable values used; sensitive ones are read again at apply. */
  variables: Record<string, Value>;
  /** Results of data sources read at plan time, by address (`data.os`); sensitive values masked. */
  data_sources: Record<string, Attributes>;
  /** Data sources whose results hold sensitive values (masked above): apply reads them again. */
  sensitive_data_sources?: string[];
  /** `--target` addresses, when the plan is limited to them and what they depend on. */
  targets?: string[];
  /** `--exclude` addresses or patterns, when given. */
  exclude?: string[];
  /**
   * What `--exclude` left out: each address with the pattern naming it, or
   * the excluded address it goes with (`dependency`: it depends on it in a
   * plan; in a destroy, the excluded address depends on it).
   */
  excluded?: Array<{ address: string; pattern?: string; dependency?: string }>;
  /** What refresh found changed outside cloudctl (absent with `--refresh=false`). */
  drift?: PlanDrift;
  changes: Change[];
  /** `moved:` blocks the plan renames in state before its changes; absent when none. */
  moves?: PlannedMove[];
  /** `import:` blocks the plan adopts into state before its changes; absent when none. */
  imports?: PlannedImport[];
  /** `removed:` blocks (`destroy: false`) whose state entries the plan forgets before its changes; absent when none. */
  forgets?: PlannedForget[];
  /** What the user must act on (see {@link PlanWarning}); absent when there is nothing. */
  warnings?: PlanWarning[];
  /** Cost totals (absent in refresh-only plans and plans made before costs existed). */
  cost?: PlanCost;
  /** The manifest's `budget:` as checked against `cost`, when the manifest has one. */
  budget?: PlanBudget;
  /**
   * Outputs after apply. `before` is the value the state records, when it
   * has one; `action` says whether apply adds, changes or keeps it.
   */
  outputs: Record<string, { value: PlannedValue; sensitive: boolean; before?: Value; action?: 'create' | 'update' | 'noop' }>;
  /**
   * The plan's seal (src/plan/seal.ts): `sha256:` and the SHA-256 of the
   * document's text as its plan file holds it, without this field
   * (src/plan/plan-text.ts; a plan sealed before plan file format 3: of
   * its RFC 8785 canonical JSON, still accepted). Apply refuses
   * a plan whose checksum does not match, or that has none, as altered.
   * Every plan cloudctl makes carries one.
   */
  checksum?: string;
}

/** True when the plan changes anything (`noop` entries do not count; a refresh-only plan counts its drift). */
export function planHasChanges(plan: PlanDocument): boolean {
  if (plan.mode === 'refresh-only') return (plan.drift?.changed.length ?? 0) + (plan.drift?.deleted.length ?? 0) > 0;
  return (
    plan.changes.some((change) => change.action !== 'noop') ||
    (plan.moves ?? []).length > 0 ||
    (plan.forgets ?? []).length > 0 ||
    (plan.imports ?? []).some((entry) => entry.generated_config === undefined)
  );
}
