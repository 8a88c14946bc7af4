/**
 * The manifest after parsing and normalisation: what the front end hands the engine (blocks, expressions, references, variables, outputs, modules, moves and imports), with the source positions of everything written.
 */
import { type DiagnosticCode, type Value, type SourceLocation } from '../core/types.js';

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
  /**
   * `local`: a named value of `locals:` (`local.name`, name `name`). A
   * resource or data reference may have an empty path: the block as a
   * value (`web`: a list of instance objects with `count`, a mapping of
   * them by key with `for_each`, one object without either), or one
   * instance (`web[0]`).
   */
  root: 'resource' | 'data' | 'var' | 'count' | 'each' | 'local';
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
  if (reference.root === 'local') return `local.${reference.name}`;
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
  | { kind: 'template'; parts: Array<string | TemplatePart>; location: SourceLocation }
  | { kind: 'list'; items: Expression[]; location: SourceLocation }
  | { kind: 'object'; entries: Record<string, Expression>; location: SourceLocation }
  | CallExpression
  | OperatorExpression;

/**
 * The operator forms of `${...}` (parse/operators.ts reads them,
 * evaluate/operators.ts evaluates them), with Terraform's meanings. Every
 * one has `location`: where its text starts (its left-most operand for a
 * binary operator), so a type error points at the operand at fault.
 *
 * - `binary`: `left OPERATOR right`; `operatorLocation` is where the operator is written.
 * - `unary`: `!operand` or `-operand`.
 * - `conditional`: `condition ? then : otherwise`.
 * - `for`: a comprehension, `[for VALUE in COLLECTION : RESULT if CONDITION]`
 *   (`result` `list`) or `{for KEY, VALUE in COLLECTION : KEY_RESULT => RESULT}`
 *   (`result` `map`, `keyResult` set); `keyName` is the optional first name
 *   (the index of a list, the key of a mapping).
 * - `local`: a name a comprehension binds (`x` in `[for x in var.list : x.name]`;
 *   the `.name` after it is an `index`).
 * - `index`: `target[key]` or `target.name` where the target is not a plain
 *   reference or the key is not written as a literal (`var.names[count.index]`);
 *   `attribute` when written `.name`.
 * - `tuple` / `record`: `[a, b]` and `{ a = 1, b = 2 }` written inside `${...}`.
 * - `splat`: `target[*]body` or `target.*body`: `body` (an expression over
 *   the `local` named `*`) for each item of the list `target`; a single
 *   object is a list of one, null an empty list (Terraform's splat).
 * - `invalid`: an expression known to fail when evaluated (an instance
 *   that does not exist, found while expanding): the error is raised only
 *   if it is evaluated, so the branch of a conditional not taken cannot fail.
 * - a `for` to a mapping with `group` (`{for x in xs : k => x...}`) gathers
 *   the values of each key into a list.
 */
export type OperatorExpression =
  | {
      kind: 'binary';
      operator: BinaryOperator;
      left: Expression;
      right: Expression;
      location: SourceLocation;
      operatorLocation: SourceLocation;
    }
  | { kind: 'unary'; operator: '!' | '-'; operand: Expression; location: SourceLocation }
  | { kind: 'conditional'; condition: Expression; then: Expression; otherwise: Expression; location: SourceLocation }
  | {
      kind: 'for';
      result: 'list' | 'map';
      keyName?: string;
      valueName: string;
      collection: Expression;
      keyResult?: Expression;
      value: Expression;
      condition?: Expression;
      group?: true;
      location: SourceLocation;
    }
  | { kind: 'local'; name: string; location: SourceLocation }
  | { kind: 'index'; target: Expression; key: Expression; attribute?: true; location: SourceLocation }
  | { kind: 'splat'; target: Expression; body: Expression; location: SourceLocation }
  | { kind: 'invalid'; message: string; code: DiagnosticCode; location: SourceLocation }
  | { kind: 'tuple'; items: Expression[]; location: SourceLocation }
  | { kind: 'record'; keys: Expression[]; values: Expression[]; location: SourceLocation };

/** The binary operators of `${...}`, with Terraform's meanings. */
export type BinaryOperator = '||' | '&&' | '==' | '!=' | '<' | '<=' | '>' | '>=' | '+' | '-' | '*' | '/' | '%';

/** A part of a template that is not text: a lone reference, or any other expression (a call, an operator). */
export type TemplatePart = Reference | Exclude<Expression, { kind: 'literal' | 'reference' | 'template' | 'list' | 'object' }>;

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
  /** `f(a, list...)`: the last argument's items are the last arguments. */
  expand?: true;
  location: SourceLocation;
  /** `file(path)` only: the file's text, read when the manifest was loaded (src/manifest/expand/files.ts). */
  fileText?: string;
}

/**
 * True for `${self...}`: in a postcondition, the block's own attributes
 * (it is no reference to another block: no dependency, no rewriting).
 */
export function isSelfReference(reference: Reference): boolean {
  return reference.root === 'resource' && reference.name === 'self' && reference.key === undefined && !reference.splat;
}

/**
 * A block's conditions with their `condition` and `message` rewritten by
 * `map` (undefined when the block has none; the same list when `map`
 * changed nothing).
 */
export function mapConditions(
  block: Pick<BlockDeclaration, 'conditions'>,
  map: (expression: Expression) => Expression,
): Condition[] | undefined {
  const { conditions } = block;
  if (!conditions) return undefined;
  let changed = false;
  const mapped = conditions.map((entry) => {
    const condition = map(entry.condition);
    const message = map(entry.message);
    if (condition === entry.condition && message === entry.message) return entry;
    changed = true;
    return { ...entry, condition, message };
  });
  return changed ? mapped : conditions;
}

/** The `condition` and `message` expressions of a block's conditions, in order. */
export function conditionExpressions(block: Pick<BlockDeclaration, 'conditions'>): Expression[] {
  return (block.conditions ?? []).flatMap((entry) => [entry.condition, entry.message]);
}

/** The declared `type` of a variable. */
export type VariableType = 'string' | 'number' | 'bool' | 'list' | 'map';

/**
 * One `validation` of a variable: a `pattern` (a regular expression the
 * whole string must match), `allowed` values, or a `condition` (a `${...}`
 * expression over `var.NAME` that must be true, as Terraform's validation
 * blocks), with the `message` to show. A variable may have several.
 */
export interface VariableValidation {
  pattern?: string;
  allowed?: Value[];
  condition?: Expression;
  message?: string;
  location: SourceLocation;
}

/**
 * A `lifecycle.precondition` or `lifecycle.postcondition` of a resource or
 * data source (Terraform 1.2's meaning): `condition` must be true, else the
 * block fails with `message` (which may hold `${...}`) at `location` (the
 * condition's). A precondition is checked before the block is planned or
 * applied; a postcondition after it is created, updated or read, with
 * `${self.ATTRIBUTE}` naming the block's own attributes.
 */
export interface Condition {
  kind: 'precondition' | 'postcondition';
  condition: Expression;
  message: Expression;
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
  /** The validations, in the order written (`validation:` is one mapping or a list of them). */
  validations?: VariableValidation[];
  sensitive: boolean;
  description?: string;
  location: SourceLocation;
}

/** `lifecycle:` block of a resource. */
export interface Lifecycle {
  preventDestroy: boolean;
  /** Attribute names (canonical snake_case) whose manifest changes are ignored, or `all`. */
  ignoreChanges: string[] | 'all';
  /** `create_before_destroy: true`: a replace orders the new account first, then deletes the old one (deposed meanwhile). */
  createBeforeDestroy?: boolean;
  /**
   * `replace_triggered_by` (Terraform's meaning): references to resources
   * (`web`, `web[0]`, `cluster.web`) or their attributes (`web.vm_name`),
   * as written; `targets` and `attribute` are filled in once the manifest is
   * expanded (expand/lifecycle.ts): the instance addresses the reference
   * names and the attribute, when it names one.
   */
  replaceTriggeredBy?: ReplaceTrigger[];
  /**
   * `prevent_destroy` or `ignore_changes` written as a `${...}` expression
   * (variables only, known at plan): evaluated once the variables are
   * (expand/lifecycle.ts), which sets `preventDestroy` / `ignoreChanges`.
   */
  expressions?: { preventDestroy?: Expression; ignoreChanges?: Expression };
}

/** One entry of `lifecycle.replace_triggered_by`; see {@link Lifecycle.replaceTriggeredBy}. */
export interface ReplaceTrigger {
  /** The reference as written, without `${ }`: `web`, `web[0].vm_name`, `cluster.web.id`. */
  text: string;
  location: SourceLocation;
  /** The instance addresses it names (filled in at load). */
  targets?: string[];
  /** The attribute it names, when it names one (filled in at load). */
  attribute?: string;
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
  /** `lifecycle.precondition` and `lifecycle.postcondition`, in the order written (absent when none). */
  conditions?: Condition[];
  location: SourceLocation;
  /** `count:` as written (a block not yet expanded; src/manifest/expand/repetition.ts). */
  count?: Expression;
  /** `for_each:` as written (a block not yet expanded). */
  forEach?: Expression;
  /** For an instance of a repeated block: the block's name and this instance's index or key. */
  instance?: { block: string; key: number | string };
}

/**
 * How a repeated block expanded (src/manifest/expand/repetition.ts): `count` with
 * its value, or `for_each` with its keys in order. `preventDestroy` is
 * where the block is written when it has `lifecycle.prevent_destroy`: it
 * still guards the instances a smaller count or a removed key drops.
 */
export type Repetition = ({ kind: 'count'; count: number } | { kind: 'for_each'; keys: string[] }) & { preventDestroy?: SourceLocation };

/** An entry under `locals:`: a named value, read as `local.NAME`. */
export interface LocalDeclaration {
  name: string;
  value: Expression;
  location: SourceLocation;
}

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
 * address (src/manifest/expand/modules.ts).
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
  /** The `locals:` section: named values (`local.NAME`), by name (absent or empty when there are none). */
  locals?: Record<string, LocalDeclaration>;
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
  /** The `removed:` blocks, in source order (absent or empty when there are none). */
  removed?: RemovedBlock[];
}

/**
 * One entry of `removed:` (Terraform 1.7): what state holds at `from` (a
 * canonical address; one without key or a module's selects every instance
 * or resource under it) is no longer declared. `destroy: false` forgets it
 * from state without deleting the account; `destroy: true` (the default)
 * deletes it as any address the manifest no longer declares.
 */
export interface RemovedBlock {
  from: string;
  destroy: boolean;
  location: SourceLocation;
  fromLocation: SourceLocation;
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
