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

// ---------------------------------------------------------------------------
// Plan.
// ---------------------------------------------------------------------------
