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
  /**
   * The type the value will have, when known without its value (Terraform's
   * unknown of a known type): `upper(web.name)` is an unknown string,
   * `web.keypair_id ? 1 : 2`'s condition an unknown number. Set by
   * {@link unknown}; not serialised (a non-enumerable property), so a saved
   * plan's markers come back untyped.
   */
  readonly type?: UnknownType;
}

/** The types an unknown value may be known to have (the function table's value types). */
export type UnknownType = 'string' | 'number' | 'bool' | 'list' | 'map';

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

/**
 * Builds the unknown marker; `source` names what it waits for
 * (`web.ip_address`), `type` the type its value will have when that is
 * known (see {@link UnknownValue.type}).
 */
export function unknown(source: string, type?: UnknownType): UnknownValue {
  const marker = { $unknown: source };
  if (type !== undefined) Object.defineProperty(marker, 'type', { value: type, enumerable: false });
  return marker;
}

/** The type an unknown marker is known to have; `undefined` for any other value and for an untyped marker. */
export function unknownType(value: unknown): UnknownType | undefined {
  return isUnknown(value) ? value.type : undefined;
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
 * `duplicate_spelling` (snake_case and camelCase both given), `duplicate_declaration` (a name declared in two files of a folder manifest), `missing_type`,
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
 * `moved:` and `import:` blocks (src/engine/moves-and-imports.ts): `moved_invalid` (a
 * `to` that is no resource of the manifest, a `from` still declared, `from`
 * equal to `to`), `moved_conflict` (two moves from, or to, one address),
 * `moved_cycle`, `moved_type_mismatch` (the state's type is not the `to`
 * block's), `import_invalid` (a `to` that is no resource of the manifest
 * without `--generate-config-out`, or with no type to read), `import_not_found`
 * (the id does not exist), `import_conflict` (`to` is in state with another
 * id, or the id is managed at another address).
 * Conditions (`lifecycle.precondition` / `postcondition`): `precondition_failed`,
 * `postcondition_failed` (the condition is false: its message, at the
 * condition), `condition_unknown` (still unknown when it must be decided).
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
  | 'duplicate_declaration'
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
  | 'import_conflict'
  | 'removed_invalid'
  | 'lifecycle_invalid'
  | 'create_before_destroy_conflict'
  | 'precondition_failed'
  | 'postcondition_failed'
  | 'condition_unknown';

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
  /** Stable identifier (docs/automation.md, "Errors"); each diagnostic carries its own `code` too. */
  readonly code = 'diagnostics';
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

// ---------------------------------------------------------------------------
// State.
// ---------------------------------------------------------------------------

/** Attribute values of one resource, by canonical name. */
export type Attributes = Record<string, Value>;

// ---------------------------------------------------------------------------
// Plan.
// ---------------------------------------------------------------------------
