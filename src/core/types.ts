/**
 * The spine of cloudctl: the shapes every layer shares (values, source
 * locations, diagnostics, the parsed manifest, state and plan documents).
 * Nothing here performs I/O.
 */

/** A JSON-compatible value as it appears in a manifest, the state or a plan. */
export type Value = null | string | number | boolean | Value[] | { [key: string]: Value };

/**
 * A value not known until apply, e.g. the `ip_address` of a VM that is still
 * to be created. Serialised as `{ "$unknown": "<what it waits for>" }` so it
 * survives a saved plan file.
 */
export interface UnknownValue {
  $unknown: string;
}

/** A value that may still be unknown at plan time. */
export type PlannedValue = Value | UnknownValue;

/** True when `value` is the unknown marker (or a list/object containing one at its top level). */
export function isUnknown(value: unknown): value is UnknownValue {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { $unknown?: unknown }).$unknown === 'string'
  );
}

/** True when `value` contains an unknown marker anywhere inside it. */
export function containsUnknown(value: unknown): boolean {
  if (isUnknown(value)) return true;
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (typeof value === 'object' && value !== null) return Object.values(value).some(containsUnknown);
  return false;
}

/** Builds the unknown marker; `source` names what it waits for (`web.ip_address`). */
export function unknown(source: string): UnknownValue {
  return { $unknown: source };
}

/** A position in a source file. `line` and `column` are 1-based. */
export interface SourceLocation {
  file: string;
  line: number;
  column: number;
}

/**
 * What kind of problem a diagnostic reports, for programs (tests, editors,
 * `--json` readers); `message` stays the English for people.
 * Manifest syntax and structure: `yaml_syntax`, `yaml_warning`,
 * `manifest_unreadable`, `manifest_shape` (empty, or not a mapping),
 * `invalid_key` (a key that is not a plain name), `unknown_key`,
 * `wrong_kind` (a list where a mapping is expected, ...), `invalid_name`,
 * `invalid_value` (provider settings, variable fields, addresses),
 * `duplicate_spelling` (snake_case and camelCase both given), `missing_type`,
 * `missing_value`. Types and attributes: `unknown_type`,
 * `type_in_wrong_section`, `unknown_attribute`, `unknown_field`,
 * `missing_required`, `computed_attribute_set`, `computed_attribute_ignored`,
 * `type_mismatch`, `constraint_violation`, `keypair_pool_mismatch`,
 * `value_not_allowed` (not among what a data source lists).
 * References and variables: `expression_syntax`, `reference_in_default`,
 * `reference_unknown`, `reference_unknown_attribute`,
 * `reference_invalid_path`, `reference_unresolved`, `unknown_dependency`,
 * `variable_unset`, `variable_invalid`, `cycle`.
 * Repetition (`count`, `for_each`): `repetition_invalid` (both given, a
 * negative count, for_each of numbers, duplicate keys), `repetition_unknown`
 * (count or for_each refers to a resource or data source: not known at plan
 * time), `reference_instance` (`${web.id}` on a repeated block, `${web[0].id}`
 * on one that is not, `${count.index}` outside a counted block).
 * Modules: `module_unreadable` (the file cannot be read), `module_invalid`
 * (a section a module may not have, an output it does not declare),
 * `module_cycle` (a module that includes itself, or nesting too deep);
 * inputs use `unknown_key` and `variable_unset`.
 * Plan: `change_rejected` (a `reject` attribute changed), `shrink_rejected`,
 * `prevent_destroy`, `target_unknown`, `target_dependents_left`,
 * `replace_unknown`, `replace_not_in_state`, `over_budget` (the plan would
 * exceed the manifest's `budget:`), `price_increased` (a saved plan's prices
 * rose since it was made).
 * Functions and command-line variables: `unknown_function`, `function_arity`
 * (too few or too many arguments), `file_unreadable` (`file()` cannot read
 * its file), `unknown_variable` (`--var`, a var file or `CLOUDCTL_VAR_*`
 * naming no declared variable), `variable_validation` (a value its
 * declaration's `validation` refuses).
 * `moved:` and `import:` blocks (src/engine/moved.ts): `moved_invalid` (a
 * `to` that is no resource of the manifest, a `from` still declared, `from`
 * equal to `to`), `moved_conflict` (two moves from, or to, one address),
 * `moved_cycle`, `moved_type_mismatch` (the state's type is not the `to`
 * block's), `import_invalid` (a `to` that is no resource of the manifest
 * without `--generate-config-out`, or with no type to read), `import_not_found`
 * (the id does not exist), `import_conflict` (`to` is in state with another
 * id, or the id is managed at another address).
 */
export type DiagnosticCode =
  | 'yaml_syntax'
  | 'yaml_warning'
  | 'yaml_alias'
  | 'yaml_unsupported'
  | 'manifest_limit'
  | 'manifest_unreadable'
  | 'manifest_shape'
  | 'invalid_key'
  | 'unknown_key'
  | 'wrong_kind'
  | 'invalid_name'
  | 'invalid_value'
  | 'duplicate_spelling'
  | 'missing_type'
  | 'missing_value'
  | 'unknown_type'
  | 'type_in_wrong_section'
  | 'unknown_attribute'
  | 'unknown_field'
  | 'missing_required'
  | 'computed_attribute_set'
  | 'computed_attribute_ignored'
  | 'type_mismatch'
  | 'constraint_violation'
  | 'keypair_pool_mismatch'
  | 'value_not_allowed'
  | 'expression_syntax'
  | 'reference_in_default'
  | 'reference_unknown'
  | 'reference_unknown_attribute'
  | 'reference_invalid_path'
  | 'reference_unresolved'
  | 'unknown_dependency'
  | 'variable_unset'
  | 'variable_invalid'
  | 'cycle'
  | 'module_unreadable'
  | 'module_invalid'
  | 'module_cycle'
  | 'change_rejected'
  | 'shrink_rejected'
  | 'prevent_destroy'
  | 'target_unknown'
  | 'target_dependents_left'
  | 'replace_unknown'
  | 'replace_not_in_state'
  | 'over_budget'
  | 'price_increased'
  | 'repetition_invalid'
  | 'repetition_unknown'
  | 'reference_instance'
  | 'unknown_function'
  | 'function_arity'
  | 'file_unreadable'
  | 'unknown_variable'
  | 'variable_validation'
  | 'moved_invalid'
  | 'moved_conflict'
  | 'moved_cycle'
  | 'moved_type_mismatch'
  | 'import_invalid'
  | 'import_not_found'
  | 'import_conflict';

/** One problem found in the user's input, with where it is. */
export interface Diagnostic {
  severity: 'error' | 'warning';
  /** What kind of problem (absent only on diagnostics not yet given one). */
  code?: DiagnosticCode;
  message: string;
  location?: SourceLocation;
}

/** Formats a diagnostic as `file:line:col: message` (or just the message without a location). */
export function formatDiagnostic(diagnostic: Diagnostic): string {
  const where = diagnostic.location ? `${diagnostic.location.file}:${diagnostic.location.line}:${diagnostic.location.column}: ` : '';
  const prefix = diagnostic.severity === 'warning' ? 'warning: ' : '';
  return `${where}${prefix}${diagnostic.message}`;
}

/**
 * The most errors loading a manifest describes: once it has described this
 * many, it stops checking and only counts the further errors it meets
 * (`DiagnosticError.stopped`), so garbage input costs what its first
 * errors cost. The CLI shows this many diagnostics at most.
 */
export const MAX_DESCRIBED_ERRORS = 50;

/**
 * Thrown when input is bad. Carries every diagnostic gathered in the run so
 * they are all printed together; the CLI prints them and exits 1.
 * `stopped` is set when checking stopped at {@link MAX_DESCRIBED_ERRORS}:
 * `notDescribed` errors were found past it and only counted, and the
 * checks after the step that reached it did not run.
 */
export class DiagnosticError extends Error {
  constructor(
    readonly diagnostics: Diagnostic[],
    readonly stopped?: { notDescribed: number },
  ) {
    super(diagnostics.map(formatDiagnostic).join('\n'));
    this.name = 'DiagnosticError';
  }
}

// ---------------------------------------------------------------------------
// The manifest after parsing and normalisation.
// ---------------------------------------------------------------------------

/**
 * `${workspace}` (the name of the workspace a run uses) is read as a
 * variable of this name, which no manifest can declare or write itself.
 */
export const WORKSPACE_VARIABLE = '@workspace';

/**
 * A `${...}` reference. `web.ip_address` has root `resource`, name `web`,
 * path `['ip_address']`; `data.os.oss[0].name` has root `data`, name `os`,
 * path `['oss', 0, 'name']`; `var.cycle` has root `var`, name `cycle`, path `[]`.
 * An instance of a repeated block: `web[0].id` has `key` 0, `web["eu"].id`
 * has `key` `"eu"`, `web[*].id` (every instance, as a list) has `splat`.
 * Inside a repeated block: `count.index` has root `count` (name `index`);
 * `each.key` and `each.value.field` have root `each` (name `key` or
 * `value`, path `['field']`).
 */
export interface Reference {
  text: string;
  root: 'resource' | 'data' | 'var' | 'count' | 'each';
  name: string;
  /** `count` index or `for_each` key of the instance referred to (resource and data roots). */
  key?: number | string;
  /** `[*]`: every instance of the block, as a list (resource and data roots). */
  splat?: true;
  path: Array<string | number>;
  location: SourceLocation;
}

/**
 * The address a reference points at: `web`, `web[0]`, `web["eu"]`,
 * `data.os`, `var.cycle`, `count.index` (a splat names its block: `web`).
 */
export function referenceTarget(reference: Reference): string {
  const key =
    reference.key === undefined ? '' : typeof reference.key === 'number' ? `[${reference.key}]` : `[${JSON.stringify(reference.key)}]`;
  if (reference.root === 'resource') return `${reference.name}${key}`;
  return `${reference.root}.${reference.name}${key}`;
}

/**
 * A manifest value before evaluation. A string that is exactly one
 * reference is a `reference` (and keeps the referenced value's type); a string
 * with references inside longer text is a `template` (always a string).
 */
export type Expression =
  | { kind: 'literal'; value: Value; location: SourceLocation }
  | { kind: 'reference'; reference: Reference; location: SourceLocation }
  | { kind: 'template'; parts: Array<string | Reference | CallExpression>; location: SourceLocation }
  | { kind: 'list'; items: Expression[]; location: SourceLocation }
  | { kind: 'object'; entries: Record<string, Expression>; location: SourceLocation }
  | CallExpression;

/**
 * A function call inside `${...}`: `${join(", ", var.names)}`. `name` is the
 * function as written; `location` is where its name is written (the
 * diagnostics of the call point there). `arguments` are expressions:
 * literals (strings, numbers), references and nested calls.
 */
export interface CallExpression {
  kind: 'call';
  name: string;
  arguments: Expression[];
  location: SourceLocation;
  /** `file(path)` only: the file's text, read when the manifest was loaded (src/manifest/files.ts). */
  fileText?: string;
}

/** The declared `type` of a variable. */
export type VariableType = 'string' | 'number' | 'bool' | 'list' | 'map';

/** The `validation` of a variable: a `pattern` (a regular expression the whole string must match) or `allowed` values, with the `message` to show. */
export interface VariableValidation {
  pattern?: string;
  allowed?: Value[];
  message?: string;
  location: SourceLocation;
}

/** A variable declared under `variables:`. */
export interface VariableDeclaration {
  name: string;
  /** Environment variable to read the value from. */
  env?: string;
  default?: Value;
  /** Where the default's value is written (diagnostics about it point there). */
  defaultLocation?: SourceLocation;
  /** The declared type: values given as text (`--var`, the environment) are converted to it. */
  type?: VariableType;
  validation?: VariableValidation;
  sensitive: boolean;
  description?: string;
  location: SourceLocation;
}

/** `lifecycle:` block of a resource. */
export interface Lifecycle {
  preventDestroy: boolean;
  /** Attribute names (canonical snake_case) whose manifest changes are ignored, or `all`. */
  ignoreChanges: string[] | 'all';
}

/** A resource or data source entry of the manifest, with canonical names. */
export interface BlockDeclaration {
  /** `web` for a resource, `data.ubuntu` for a data source. */
  address: string;
  /** The key under `resources:` or `data:`. */
  name: string;
  /** Canonical type name, e.g. `cloud_lite_vm`. */
  type: string;
  /** Properties by canonical snake_case attribute name. */
  properties: Record<string, Expression>;
  /** Where each property's key is written. */
  propertyLocations: Record<string, SourceLocation>;
  dependsOn: Array<{ address: string; location: SourceLocation }>;
  lifecycle: Lifecycle;
  location: SourceLocation;
  /** `count:` as written (a block not yet expanded; src/manifest/repetition.ts). */
  count?: Expression;
  /** `for_each:` as written (a block not yet expanded). */
  forEach?: Expression;
  /** For an instance of a repeated block: the block's name and this instance's index or key. */
  instance?: { block: string; key: number | string };
}

/**
 * How a repeated block expanded (src/manifest/repetition.ts): `count` with
 * its value, or `for_each` with its keys in order. `preventDestroy` is
 * where the block is written when it has `lifecycle.prevent_destroy`: it
 * still guards the instances a smaller count or a removed key drops.
 */
export type Repetition = ({ kind: 'count'; count: number } | { kind: 'for_each'; keys: string[] }) & { preventDestroy?: SourceLocation };

/** An entry under `outputs:`. */
export interface OutputDeclaration {
  name: string;
  value: Expression;
  /** Declared sensitive, or derived from a sensitive value. */
  sensitive: boolean;
  location: SourceLocation;
}

/** The `provider:` block: where the API is and how often to poll. */
export interface ProviderConfig {
  baseUrl?: string;
  /** Poll interval in seconds. */
  pollIntervalSeconds?: number;
  location?: SourceLocation;
}

/**
 * The `budget:` block: what a plan may cost. `monthlyLimit` is the most the
 * managed resources may bill per month after the plan (an integer in the
 * account currency); `maxOrdersPerApply` the most paid orders one plan may place.
 */
export interface BudgetConfig {
  monthlyLimit?: number;
  maxOrdersPerApply?: number;
  location?: SourceLocation;
}

/**
 * A module block: an entry under `resources:` written `module: ./path` with
 * `inputs:`, which instantiates another manifest's resources under its
 * address (src/manifest/modules.ts).
 */
export interface ModuleDeclaration {
  /** Canonical address text of the module instance (src/core/address.ts): `cluster`, `cluster[0]`, `cluster["eu"]`. */
  address: string;
  /** The key under `resources:`. */
  name: string;
  /** The path as written after `module:`, relative to the manifest naming it: a file, or a directory holding `main.yaml`. */
  source: string;
  /** Where the `module:` value is written. */
  sourceLocation: SourceLocation;
  /** Inputs by variable name of the module (evaluated in the manifest naming the module). */
  inputs: Record<string, Expression>;
  /** Where each input's key is written. */
  inputLocations: Record<string, SourceLocation>;
  /** Addresses every resource and data source of the module waits for. */
  dependsOn: Array<{ address: string; location: SourceLocation }>;
  location: SourceLocation;
  /** `count:` as written (a module block not yet expanded; src/manifest/module-repetition.ts). */
  count?: Expression;
  /** `for_each:` as written (a module block not yet expanded). */
  forEach?: Expression;
  /** For an instance of a repeated module block: the block's name and this instance's index or key. */
  instance?: { block: string; key: number | string };
}

/** A parsed, normalised manifest. */
export interface Manifest {
  path: string;
  source: string;
  variables: Record<string, VariableDeclaration>;
  data: Record<string, BlockDeclaration>;
  resources: Record<string, BlockDeclaration>;
  /**
   * Module blocks by address, as parsed (absent or empty when there are
   * none). Loading instantiates them: their resources then sit in
   * `resources` and `data` under prefixed addresses (`cluster.web`,
   * `data.cluster.image`).
   */
  modules?: Record<string, ModuleDeclaration>;
  outputs: Record<string, OutputDeclaration>;
  provider: ProviderConfig;
  /** The `budget:` block, when the manifest has one. */
  budget?: BudgetConfig;
  /** The `backend:` block, when the manifest has one. */
  backend?: BackendConfig;
  /** Repeated blocks by block address (`web`, `data.img`), once expanded. */
  repetitions?: Record<string, Repetition>;
  /** The `moved:` blocks, in source order (absent or empty when there are none). */
  moved?: MovedBlock[];
  /** The `import:` blocks, in source order (absent or empty when there are none). */
  imports?: ImportBlock[];
}

/**
 * One entry of `moved:`: the state entry at `from` is renamed `to` at plan
 * time (when `from` is in state and `to` is not). Both are canonical
 * addresses (src/core/address.ts): `web`, `web[0]`, `frontend["eu"]`,
 * `cluster.web`; a `from` without key or a module prefix also moves every
 * instance under it.
 */
export interface MovedBlock {
  from: string;
  to: string;
  location: SourceLocation;
  fromLocation: SourceLocation;
  toLocation: SourceLocation;
}

/**
 * One entry of `import:`: the existing resource `id` is adopted at the
 * manifest address `to` (canonical) by the plan. `type` is needed only when
 * `to` has no resource block yet (`plan --generate-config-out`).
 */
export interface ImportBlock {
  to: string;
  id: string;
  type?: string;
  location: SourceLocation;
  toLocation: SourceLocation;
  idLocation: SourceLocation;
}

/**
 * The `backend:` block: where the team's state lives when neither
 * `--backend` nor CLOUDCTL_BACKEND says. `url` is `postgres://...` (never
 * with a password: PGPASSWORD gives it) or `local`; `schema` the database
 * schema (default `cloudctl`).
 */
export interface BackendConfig {
  url?: string;
  schema?: string;
  location?: SourceLocation;
}

// ---------------------------------------------------------------------------
// State.
// ---------------------------------------------------------------------------

/** Attribute values of one resource, by canonical name. */
export type Attributes = Record<string, Value>;

/** What cloudctl knows about one managed resource. */
export interface ResourceState {
  type: string;
  /** The resource id (decimal account id, keypair id, or `metal:ip` for assignments). */
  id: string;
  attributes: Attributes;
  /** Addresses this resource depended on when last applied (for ordering deletes). */
  dependencies: string[];
  /**
   * Set when the order was placed but the resource never reached `Active`
   * (crash or timeout): the next run resumes waiting instead of ordering again.
   */
  pending_create?: boolean;
  /**
   * ISO 8601 time of the create, for a type the API reads only from its
   * list (a keypair: no GET by id). Lists may lag behind a create (and
   * not steadily: one reply may show it, the next not): for the list lag
   * after that time (`CLOUDCTL_LIST_LAG`, default 30 s), absence from the
   * list keeps the resource (a refresh note says so) instead of taking it
   * as deleted outside cloudctl. Refresh drops the mark once the lag has
   * passed and the list shows it.
   */
  unlisted?: string;
  /**
   * Attributes whose value came from a sensitive source (a sensitive
   * variable, or another sensitive attribute, through any expression)
   * although the catalogue does not mark them sensitive, sorted. Every view
   * masks them, and encryption at rest covers them. A mark stays while the
   * value stays the same; absent when there is none.
   */
  sensitive_attributes?: string[];
  /**
   * Attributes created once (`keepFromCreate`, a generated private key)
   * that never reached the state: the answer to the create was lost (the
   * resource was then found by listing) or did not hold them. They cannot
   * be read again; plan and apply warn until the resource is replaced.
   */
  lost_at_create?: string[];
  /**
   * Set when an order was placed unpaid (`pay_with_credit_card: false`) and
   * its invoice is open: the create (with `pending_create`) or a paid
   * in-place operation (with its `pending_operations` entry, which carries
   * `payment`). The account stays `Pending` until the invoice is paid. The
   * next plan shows it as awaiting payment; refresh drops it once the
   * invoice is no longer open.
   */
  pending_payment?: PendingPayment;
  /**
   * Set once a paid trigger that turns the resource into another type was
   * placed (`migrate_to_pro`: a lite VM became a lite pro VM). The entry is
   * then frozen: never read, ordered, replaced or deleted by a plan (the old
   * account may be gone or `Terminated`); the plan says how to move it to an
   * address of `to_type` (`cloudctl state mv`, or import by the new id).
   */
  migrated?: MigratedMark;
  /**
   * Paid in-place orders the API accepted whose new value it does not show
   * yet (an upgrade held while its invoice is open), by attribute. The
   * attribute keeps the ordered value meanwhile, so nothing is ordered
   * again; refresh drops an entry once the API shows the value (or reports
   * the recorded invoice cancelled).
   */
  pending_operations?: Record<string, PendingOperation>;
}

/** See {@link ResourceState.migrated}. */
export interface MigratedMark {
  /** The type the resource became, e.g. `cloud_lite_pro_vm`. */
  to_type: string;
  /** The trigger attribute and the value it was placed with (the target product id). */
  attribute: string;
  value: Value;
  /** ISO 8601 time the order was placed (or found placed). */
  time: string;
}

/** See {@link ResourceState.pending_operations}. */
export interface PendingOperation {
  /** Operation name, e.g. `change_package`. */
  operation: string;
  /** The value ordered. */
  value: Value;
  /** ISO 8601 time the order was placed. */
  time: string;
  /** The invoice the API reported when the order was found pending (`last_invoice.id`), when it reported one. */
  invoice_id?: string;
  /** Why it counts as placed, in words (the accepted reply, or the open invoice). */
  evidence: string;
  /**
   * Set when the order was placed unpaid (`pay_with_credit_card: false`):
   * its invoice as the API reported it. While the resource's
   * `pending_payment` is set the plan shows it awaiting payment; once paid,
   * the next apply waits for the value (then this is dropped).
   */
  payment?: PendingPayment;
}

/**
 * The open invoice of an unpaid order, from the account's `last_invoice`.
 * An account that reports no invoice (only lite and lite pro accounts carry
 * `last_invoice`) is known unpaid by staying `Pending`: no `invoice_id` then.
 */
export interface PendingPayment {
  invoice_id?: number;
  /** Amount of the invoice when the API (or the plan's price) gives it, in the account currency. */
  amount?: number;
  /** `last_invoice.duedate` (`YYYY-MM-DD`), when given. */
  due_date?: string;
}

/** A recorded output value. */
export interface OutputState {
  value: Value;
  sensitive: boolean;
}

/** The state file, `.cloudctl/state.json`. */
export interface StateDocument {
  format_version: 1;
  /** Set once, when the state is first created (a UUID). */
  lineage: string;
  /** Bumped on every write that changes content. */
  serial: number;
  resources: Record<string, ResourceState>;
  outputs: Record<string, OutputState>;
}

// ---------------------------------------------------------------------------
// Plan.
// ---------------------------------------------------------------------------

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
   * Set when no `moved:` block asked for it (src/engine/moved.ts
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
 * A saved plan, `.cloudctl/last-plan.json`, and the document of
 * `plan --json` (schemas/plan.schema.json). It never holds a sensitive
 * value: those read `(sensitive)` and are evaluated again at apply.
 */
export interface PlanDocument {
  format_version: 1;
  created_at: string;
  /** Lineage and serial of the state the plan was made against. */
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
   * changed since.
   */
  manifest: {
    path: string;
    source: string;
    sha256?: string;
    redacted?: boolean;
    /** The module files the manifest instantiates, with the SHA-256 of each: apply reads them again and refuses the plan when one changed. */
    modules?: Array<{ path: string; sha256: string }>;
    files?: Record<string, string>;
  };
  /** Non-sensitive variable values used; sensitive ones are read again at apply. */
  variables: Record<string, Value>;
  /** Results of data sources read at plan time, by address (`data.os`); sensitive values masked. */
  data_sources: Record<string, Attributes>;
  /** Data sources whose results hold sensitive values (masked above): apply reads them again. */
  sensitive_data_sources?: string[];
  /** `--target` addresses, when the plan is limited to them and what they depend on. */
  targets?: string[];
  /** What refresh found changed outside cloudctl (absent with `--refresh=false`). */
  drift?: PlanDrift;
  changes: Change[];
  /** `moved:` blocks the plan renames in state before its changes; absent when none. */
  moves?: PlannedMove[];
  /** `import:` blocks the plan adopts into state before its changes; absent when none. */
  imports?: PlannedImport[];
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
}
