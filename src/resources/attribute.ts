/**
 * Resource behaviour as data: the attribute table of each type and what a
 * change to each attribute does (its policy). One generic planner
 * (src/engine/planning/) interprets these tables; resource modules only supply
 * the tables and the API operations.
 */
import type { Attributes, PlannedValue, Value } from '../core/types.js';

/** Wire-level shape of an attribute. `block` is an object, `list` an array. */
export type AttributeType = 'string' | 'int64' | 'bool' | 'block' | 'list';

export type { MigrationMatch, Policy, PolicyKind } from './policies.js';
import { policyFacts, type Policy } from './policies.js';

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

/**
 * What cloudctl makes of the value the API reports for an attribute (its
 * read-back), interpreted by the generic merge (src/engine/attributes.ts):
 * - `authoritative`: the API is known to report it; a reported value is the
 *   observed value (drift, and what the planner compares against). A
 *   missing, `null` or empty (`''`) value is "not reported": the state keeps
 *   its prior value and refresh notes it.
 * - `informational`: the API may report it, but no contract or reference
 *   tool relies on it: the state keeps what cloudctl sent, and a different
 *   reported value is only shown (a refresh note), never the cause of a paid
 *   call, a replace or a plan error. An import takes the reported value.
 * - `never`: not read back at all (write-only inputs, local ones, inputs the
 *   contract says are not read); the state keeps what cloudctl sent.
 */
export type ReadBack = 'authoritative' | 'informational' | 'never';

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
  /**
   * How the API's reported value is used (see `ReadBack`). `defineResource`
   * fills it in for every attribute: `never` for write-only and `local`
   * inputs, `authoritative` otherwise, unless the module says.
   */
  readBack?: ReadBack;
  /**
   * Why `readBack` is declared other than its default, in one or two
   * sentences (what the contract and the reference tools say, and what a
   * misread would cost). Shown in docs/api/read-back.md.
   */
  readBackReason?: string;
  /**
   * One account at a time may hold the value (an additional IP is assigned
   * to one server once): a `create_before_destroy` replace that keeps it is
   * refused at plan, since the new order would be refused while the old
   * account exists. The text says why, for the error.
   */
  heldOnce?: string;
  /** Computed once by create (a private key) and kept across refreshes. */
  keepFromCreate?: boolean;
  constraints?: Constraints;
  /** Unit shown in docs and messages: `GB`, `MB`, `seconds`. */
  unit?: string;
  /** For `keypair_id` inputs: the pool the keypair must come from. */
  keypairPool?: KeypairPool;
  /**
   * For an input holding another resource's id: the resource type it comes
   * from and that type's attribute holding the id (`{ type: 'cloud_lite_vm',
   * attribute: 'id' }`). `cloudctl import --all` writes a reference
   * (`${vm.id}`) instead of the id when it adopts both. A `keypairPool`
   * input references the `keypair_id` of its pool's keypair type without
   * saying so here.
   */
  references?: { type: string; attribute: string };
  /**
   * The attribute is the account's own name (a label, a VM name):
   * `cloudctl import --all` names the resource block after its value.
   */
  namesResource?: boolean;
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
 * The product listings a price hook reads: the items of a product list
 * endpoint, fetched once per plan (memoised by path).
 */
export interface ProductListings {
  /** Items of GET `path` (e.g. `/lites/products`). Rejects with the API's error. */
  list(path: string): Promise<Array<Record<string, unknown>>>;
}

/**
 * What a resource is billed, as its product listing gives it. Amounts are
 * integers in the account currency.
 */
export interface PriceQuote {
  /** Billing cycle code the amount is per (`m`, `q`, `s`, `a`, `b`, `t`, `p4`, `p5`); empty when unknown. */
  cycle: string;
  /** Amount billed every cycle; `null` when the listing does not give it (never a guess). */
  recurring: number | null;
  /** ISO 4217 code the listing gives (`IDR`), when it gives one. */
  currency?: string;
  /** Why `recurring` is null, in words (`product 1547 lists no price for cycle p5`). */
  unknownReason?: string;
}

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
  /**
   * The inputs the create's order itself sends (`product_id`, a disk's
   * `size`); absent when not declared. What it does not send (a VM's
   * `disk_size`, its `power_state`) is converged after the order. An input it
   * sends stands in state as ordered while the API does not report it (I2).
   */
  orderCarries?: readonly string[];
  /** Default time limits in seconds. */
  timeouts: Timeouts;
  /** How the import id looks, e.g. `numeric account id`. */
  importId: string;
  /** When this type *is* a keypair: the pool it belongs to. */
  keypairPool?: KeypairPool;
  /**
   * True when the API has no GET by id for the type and `read` finds the
   * resource in its list (keypairs). Lists may lag behind a create: the
   * engine marks a new resource of such a type `unlisted` (its create time) until a
   * read finds it after the list lag, and meanwhile absence from the list
   * keeps it (never taken as deleted, so never created again).
   */
  readFromListOnly?: boolean;
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
   * Endpoint: the type's list endpoint. Each entry may carry the list `item`
   * as the API sent it (keys canonical); the array may say how many items
   * were `Terminated` and left out (`terminated`, for `cloudctl import --all`).
   */
  list?(
    context: OperationContext,
  ): Promise<Array<{ id: string; attributes: Attributes; item?: Record<string, unknown> }> & { terminated?: number }>;
  /**
   * How a refresh reads this type from its list endpoint instead of one
   * `read` per resource (absent: `read` per resource). Data only: the
   * generic refresh (src/engine/refresh.ts) interprets it.
   */
  refreshByList?: ListRead;
  /**
   * What a resource with `attributes` (planned values: some may be known
   * only after apply) is billed every cycle, from the product listings
   * (src/resources/price.ts). Absent on types that bill nothing, or whose
   * price no listing gives (their paid orders then read `(price unknown)`).
   */
  price?(listings: ProductListings, attributes: Record<string, PlannedValue>): Promise<PriceQuote>;
}

/**
 * Refresh by listing, as a resource type declares it. A refresh of several
 * resources of the type GETs the list once (`all`), maps each resource's item
 * with `attributes`, and makes a per-resource request only for what the list
 * does not carry and the plan needs (`detail`, when one of
 * `detailAttributes` is set in the manifest or referenced), and to confirm
 * with `one` that a resource absent from the list is really gone (lists may lag).
 */
export interface ListRead {
  /**
   * Every live (not `Terminated`) item of the list endpoint by id (canonical
   * decimal string). Memoised on `context.memo` by request, so types sharing
   * one endpoint list it once per refresh. Endpoint: the type's list (GET).
   * @throws ApiError/NetworkError, or Error when the reply is not a list;
   *   UnknownListError when it came back null (a refresh then reads each
   *   resource of a type `readFromListOnly` with its `read`, which keeps it).
   */
  all(context: OperationContext): Promise<Map<string, Record<string, unknown>>>;
  /**
   * The item of one resource by id, `null` when gone (404 or `Terminated`):
   * the confirming read of a resource the list lacks, and the read of a
   * type that has one resource to refresh (but a type `readFromListOnly`,
   * which is always listed). Endpoint: the GET by id (a keypair: its pool's list).
   */
  one(context: OperationContext, id: string): Promise<Record<string, unknown> | null>;
  /** Maps an item of `all` or `one` to attributes, as `read` does without its detail request. */
  attributes(item: Record<string, unknown>, id: string, prior: Attributes | undefined): Attributes;
  /** The attributes only `detail` carries (`power_state`, `uptime`, ...). */
  detailAttributes?: string[];
  /**
   * Reads the per-resource detail (best-effort: `{}` when it fails) and
   * resolves with the attributes it adds. Endpoint: per module (`vm-details`, the power state GET).
   */
  detail?(context: OperationContext, id: string, prior: Attributes | undefined): Promise<Attributes>;
  /**
   * How the type's wait for `Active` (`waitUntilReady`) reads one resource,
   * when the list's items carry the same status as its GET by id. The
   * engine then waits for several resources of the type at once with one
   * list request per poll (src/engine/apply/watch.ts), asking by id only
   * for a resource the list lacks (lists may lag). Absent: each wait polls
   * its own GET.
   */
  readiness?: Readiness;
}

/** What a wait for `Active` polls and how it reads the status (docs/api/polling.md "Waiting for Active"). */
export interface Readiness {
  /** The GET by id polled, e.g. `/lites/accounts/7`. */
  path(id: string): string;
  /** Statuses (lower case) that end the wait with an error, e.g. `['suspended', 'terminated']`. */
  failureStatuses: string[];
  /** What is waited for, in messages: `lite VM 7`. */
  what(id: string): string;
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

/**
 * The read-back of an attribute: its declared `readBack`, else `never` for
 * write-only and `local` inputs, else `authoritative`.
 */
export function readBackOf(attribute: Attribute): ReadBack {
  if (attribute.readBack) return attribute.readBack;
  if (attribute.writeOnly || policyFacts(attribute.policy)?.stateOnly) return 'never';
  return 'authoritative';
}

/** `product_id` → `productId`. */
export function camelCase(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/** `productId` → `product_id`. */
export function snakeCase(name: string): string {
  // Most names are snake_case already: tested first, as a replace with a callback costs more even when nothing matches.
  if (!/[A-Z]/.test(name)) return name;
  return name.replace(/([A-Z])/g, (letter: string) => `_${letter.toLowerCase()}`);
}
