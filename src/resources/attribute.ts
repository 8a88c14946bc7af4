/**
 * Resource behaviour as data: the attribute table of each type and what a
 * change to each attribute does (its policy). One generic planner
 * (src/engine/plan.ts) interprets these tables; resource modules only supply
 * the tables and the API operations.
 */
import type { Attributes, Value } from '../core/types.js';

/** Wire-level shape of an attribute. `block` is an object, `list` an array. */
export type AttributeType = 'string' | 'int64' | 'bool' | 'block' | 'list';

/**
 * What a change of the attribute in the manifest does:
 * - `replace`: recreates the resource (delete, then create).
 * - `update`: calls `operation` in place.
 * - `grow`: calls `operation` in place, upward only; a smaller value is a plan error.
 * - `trigger`: one-shot; fires `operation` once when the value changes to a
 *   non-empty value; removing it does nothing. With `becomes`, the paid
 *   trigger turns the resource into that type (`migrate_to_pro`): once
 *   placed, the entry is marked migrated in state and never read, ordered
 *   or replaced again.
 * - `desired`: declarative (power state); fires `operation` when the desired
 *   value differs from the observed one.
 * - `reject`: a plan error naming the attribute and `hint` (the way out).
 * - `local`: stored in state, no call.
 */
export type Policy =
  | { kind: 'replace' }
  | { kind: 'update'; operation: string }
  | { kind: 'grow'; operation: string }
  | { kind: 'trigger'; operation: string; becomes?: string }
  | { kind: 'desired'; operation: string }
  | { kind: 'reject'; hint: string }
  | { kind: 'local' };

/** A pattern a string must contain, e.g. `{ pattern: '[0-9]', description: 'a digit' }`. */
export interface RequiredPattern {
  pattern: string;
  description: string;
}

/** Input limits, checked before any call. */
export interface Constraints {
  /** Minimum string length in characters. */
  minLength?: number;
  /** Maximum string length in characters. */
  maxLength?: number;
  /** Regular expression (source) the whole string must match. */
  pattern?: string;
  /** Human words for `pattern`, used in the diagnostic. */
  patternDescription?: string;
  /** Patterns the string must contain somewhere (password rules). */
  mustContain?: RequiredPattern[];
  /** Allowed values. */
  enum?: string[];
  /** Minimum integer value (inclusive). */
  minimum?: number;
  /** Maximum integer value (inclusive). */
  maximum?: number;
}

/** Keypair pools: a keypair of one pool cannot be used by another product. */
export type KeypairPool = 'lite' | 'lite_pro' | 'baremetal';

/** One attribute of a resource or data source type. */
export interface Attribute {
  type: AttributeType;
  /** `required`/`optional` are inputs; `computed` is returned by the service. */
  mode: 'required' | 'optional' | 'computed';
  description: string;
  /** What a change does. Inputs only; a computed attribute never plans a change. */
  policy?: Policy;
  /** Value used when the manifest omits an optional input. */
  default?: Value;
  /** Hidden from every output as `(sensitive)`. */
  sensitive?: boolean;
  /**
   * An input the API never returns (passwords, promocode, cycle): refresh
   * keeps the state's value, and after an import (value unknown) the
   * planner adopts the manifest's value without planning a change.
   */
  writeOnly?: boolean;
  /**
   * For an input the API never returns as such: the computed attribute whose
   * value `cloudctl import` suggests for it in the printed manifest (e.g.
   * `select_os` from `osname`, the OS installed now). The state never takes
   * it, so a rebuild cannot make the ordered value look changed.
   */
  importFrom?: string;
  /** Computed once by create (a private key) and kept across refreshes. */
  keepFromCreate?: boolean;
  constraints?: Constraints;
  /** Unit shown in docs and messages: `GB`, `MB`, `seconds`. */
  unit?: string;
  /** For `keypair_id` inputs: the pool the keypair must come from. */
  keypairPool?: KeypairPool;
  /** Sub-fields of a `block`, or of the items of a `list` (documentation and schema). */
  fields?: Record<string, Attribute>;
  /**
   * Valid values come from a data source read for the existing resource:
   * when the attribute changes on a resource that exists, the planner reads
   * `dataSource` with `{ [argument]: <resource id> }` and checks the new value
   * is in its `field` (a list of strings, or of objects with a `name`).
   * E.g. bare-metal `rebuild_os` and `cloud_baremetal_rebuild_os_list`.
   */
  allowedValues?: { dataSource: string; argument: string; field: string };
}

/** Per-operation time limits in seconds. */
export interface Timeouts {
  create?: number;
  update?: number;
  delete?: number;
}

export type { OperationContext, ProgressCallback } from '../api/context.js';
import type { OperationContext } from '../api/context.js';

/** What a create (order) returns: the new id and attributes known at once. */
export interface CreateResult {
  id: string;
  /** E.g. `order_id`, `private_key`, `public_key`, `keypair_id`. */
  attributes: Attributes;
}

/**
 * An in-place operation. `value` is the attribute's new value, `before` the
 * value it had (state), `inputs` every input after the change. Resolves with
 * `wait: true` when the resource must be polled until `Active` afterwards.
 */
export type OperationHandler = (
  context: OperationContext,
  id: string,
  change: { value: Value; before: Value | undefined; inputs: Attributes },
) => Promise<{ wait: boolean }>;

/**
 * A resource type of the catalogue, as the engine reads it. Modules do not
 * write this shape by hand: they declare the type with `defineResource`
 * (./define.ts), which derives the operation order, the paid flags, the
 * timeouts and the `timeouts` attribute from one declaration.
 */
export interface ResourceType {
  kind: 'resource';
  /** Canonical type name, `cloud_lite_vm`. */
  type: string;
  /** Pulumi token, `cloud:index:LiteVm`. */
  token: string;
  /** Short names, e.g. `lite_vm`. */
  aliases: string[];
  description: string;
  attributes: Record<string, Attribute>;
  /** In-place operations in the order they run when several are planned. */
  operationOrder: string[];
  /** Operations (by name) that place a paid order. */
  paidOperations: string[];
  /** True when create places a paid order. */
  paidCreate: boolean;
  /** Default time limits in seconds. */
  timeouts: Timeouts;
  /** How the import id looks, e.g. `numeric account id`. */
  importId: string;
  /** When this type *is* a keypair: the pool it belongs to. */
  keypairPool?: KeypairPool;
  /**
   * Places the order. Must return as soon as the API returns the id (the
   * engine records it before waiting). Endpoint: per module.
   */
  create(context: OperationContext, inputs: Attributes): Promise<CreateResult>;
  /** Polls until the resource is `Active`; absent for types that are ready at once. */
  waitUntilReady?(context: OperationContext, id: string): Promise<void>;
  /**
   * Reads the resource. Resolves with its current attributes (inputs the API
   * reports and computed ones), or `null` when it is gone (404, absent from
   * its list, or `Terminated`). `prior` is the state's attributes, if any.
   */
  read(context: OperationContext, id: string, prior: Attributes | undefined): Promise<Attributes | null>;
  /** In-place operations by name. */
  operations: Record<string, OperationHandler>;
  /** Deletes the resource; a 404 counts as already deleted. */
  delete(context: OperationContext, id: string, attributes: Attributes): Promise<void>;
  /** Validates and normalises an import id; throws `Error` with a message on a bad id. */
  parseImportId?(text: string): string;
  /**
   * Lists every live resource of this type the account has (not
   * `Terminated`), as `read` would map them. Used to reconcile an order whose
   * response was lost: the engine matches the journaled inputs against these.
   * Endpoint: the type's list endpoint.
   */
  list?(context: OperationContext): Promise<Array<{ id: string; attributes: Attributes }>>;
}

/** A data source type of the catalogue; modules build it with `defineDataSource` (./define.ts). */
export interface DataSourceType {
  kind: 'data';
  type: string;
  token: string;
  aliases: string[];
  description: string;
  /** Arguments (required/optional) and results (computed). */
  attributes: Record<string, Attribute>;
  /** Reads the data source; resolves with its computed attributes. */
  read(context: OperationContext, args: Attributes): Promise<Attributes>;
}

/** Any catalogue entry. */
export type CatalogueEntry = ResourceType | DataSourceType;

/** Input attributes (required or optional) of a type. */
export function inputNames(entry: CatalogueEntry): string[] {
  return Object.entries(entry.attributes)
    .filter(([, attribute]) => attribute.mode !== 'computed')
    .map(([name]) => name);
}

/** `product_id` → `productId`. */
export function camelCase(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/** `productId` → `product_id`. */
export function snakeCase(name: string): string {
  return name.replace(/([A-Z])/g, (letter: string) => `_${letter.toLowerCase()}`);
}
