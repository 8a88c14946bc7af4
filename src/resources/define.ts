/**
 * The one way a resource module declares a type. A module states each fact
 * once: every in-place operation with its handler and whether it places a
 * paid order (declaration order is run order), create with its paid flag,
 * and the default time limits in seconds. `defineResource` derives the
 * engine-facing `ResourceType` from that (`operations`, `operationOrder`,
 * `paidOperations`, `paidCreate`, `timeouts`, the `timeouts` attribute, the
 * Pulumi token and the short alias) and checks that the attribute policies
 * and the operations name each other. `defineDataSource` does the naming
 * for data sources.
 */
import { policyFacts } from './policies.js';
import type { Attributes, Value } from '../core/types.js';
import { readBackOf } from './attribute.js';
import type { Attribute, CreateResult, DataSourceType, OperationContext, OperationHandler, ResourceType, Timeouts } from './attribute.js';
import { bodyOf, payField } from './attribute-blocks.js';
import { parseId } from '../api/parse.js';
import { orderResult } from './account-replies.js';

/** One in-place operation as a module declares it. */
export interface OperationDeclaration {
  /** True when the call places a paid order (the engine journals it and never repeats it blindly). */
  paid: boolean;
  /** Calls the API; see `OperationHandler`. */
  run: OperationHandler;
}

/** Create as a module declares it. */
export interface CreateDeclaration {
  /** True when create places a paid order. */
  paid: boolean;
  /**
   * Places the order and returns as soon as the API returns the id (the
   * engine records it before waiting).
   */
  run(context: OperationContext, inputs: Attributes): Promise<CreateResult>;
  /** The inputs the order itself sends (`paidOrder`'s `fields`); absent: not declared. */
  carries?: readonly string[];
}

/**
 * Everything a module writes about a resource type. The fields the builder
 * derives are absent; `token` and `aliases` are derived from `type` unless given.
 */
export interface ResourceDeclaration extends Omit<
  ResourceType,
  'kind' | 'token' | 'aliases' | 'create' | 'operations' | 'operationOrder' | 'paidOperations' | 'paidCreate' | 'orderCarries' | 'timeouts'
> {
  /** Pulumi token; default `cloud:index:<PascalCase of the name without cloud_>` (`cloud:index:LiteVm`). */
  token?: string;
  /** Short names; default the name without `cloud_` (`lite_vm`). */
  aliases?: string[];
  create: CreateDeclaration;
  /**
   * In-place operations by name, in the order they run when several are
   * planned. Each must be the `operation` of some attribute policy, and
   * every policy's operation must be declared here.
   */
  operations?: Record<string, OperationDeclaration>;
  /**
   * Default time limits in seconds of the operations the type waits on
   * (create, update, delete). Each one becomes a field of the optional
   * `timeouts` attribute; a type without any gets no `timeouts` attribute.
   */
  timeouts?: Timeouts;
}

/** Everything a module writes about a data source type; `token` and `aliases` are derived from `type` unless given. */
export interface DataSourceDeclaration extends Omit<DataSourceType, 'kind' | 'token' | 'aliases'> {
  /** Pulumi token; default `cloud:index:<camelCase of the name without cloud_>` (`cloud:index:liteOsList`). */
  token?: string;
  /** Short names; default the name without `cloud_` and the Pulumi function name (`lite_os_list`, `getLiteOsList`). */
  aliases?: string[];
}

/** `cloud_lite_os_list` → `LiteOsList`. */
function pascalStem(type: string): string {
  return type
    .replace(/^cloud_/, '')
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

/** `cloud_lite_vm` → `lite_vm`. */
function shortName(type: string): string {
  return type.replace(/^cloud_/, '');
}

/** Seconds as a manifest duration: `1200` → `20m`, `3600` → `1h`, `90` → `90s`. */
export function durationText(seconds: number): string {
  if (seconds > 0 && seconds % 3600 === 0) return `${seconds / 3600}h`;
  if (seconds > 0 && seconds % 60 === 0) return `${seconds / 60}m`;
  return `${seconds}s`;
}

/**
 * The optional `timeouts` block of a type: one duration field per
 * operation of `defaults` (seconds), in that order, each documenting its default.
 */
export function timeoutsAttribute(defaults: Timeouts): Attribute {
  const fields: Record<string, Attribute> = {};
  for (const [name, seconds] of Object.entries(defaults)) {
    fields[name] = {
      type: 'string',
      mode: 'optional',
      description: `Time limit of ${name}, a duration such as \`90s\`, \`20m\` or \`1h\` (default \`${durationText(seconds as number)}\`).`,
      constraints: { pattern: '^[0-9]+(\\.[0-9]+)?(ms|s|m|h)$', patternDescription: 'a duration such as 90s, 20m or 1h' },
    };
  }
  return {
    type: 'block',
    mode: 'optional',
    description: `Per-operation time limits (${Object.keys(defaults).join(', ')}).`,
    policy: { kind: 'local' },
    fields,
  };
}

/**
 * Builds the engine-facing `ResourceType` from a module's declaration.
 *
 * @throws Error when an attribute policy names an operation that is not
 *   declared, an operation is declared that no attribute policy fires, or
 *   the table already has a `timeouts` attribute (it is derived from `timeouts`).
 */
export function defineResource(declaration: ResourceDeclaration): ResourceType {
  const { token, aliases, create, operations = {}, timeouts = {}, attributes, ...rest } = declaration;
  const fired = new Set<string>();
  for (const [name, attribute] of Object.entries(attributes)) {
    const policy = attribute.policy;
    if (policy && 'operation' in policy) {
      if (!(policy.operation in operations))
        throw new Error(`${declaration.type}.${name}: operation "${policy.operation}" is not declared`);
      fired.add(policy.operation);
    }
  }
  for (const name of Object.keys(operations)) {
    if (!fired.has(name)) throw new Error(`${declaration.type}: operation "${name}" is declared but no attribute policy fires it`);
  }
  if ('timeouts' in attributes)
    throw new Error(`${declaration.type}: the timeouts attribute is derived from \`timeouts\`; do not declare it`);
  const withTimeouts = Object.keys(timeouts).length > 0 ? { ...attributes, timeouts: timeoutsAttribute(timeouts) } : attributes;
  return {
    ...rest,
    kind: 'resource',
    token: token ?? `cloud:index:${pascalStem(declaration.type)}`,
    aliases: aliases ?? [shortName(declaration.type)],
    attributes: withReadBack(declaration.type, withTimeouts),
    create: create.run,
    paidCreate: create.paid,
    ...(create.carries ? { orderCarries: create.carries } : {}),
    operations: Object.fromEntries(Object.entries(operations).map(([name, operation]) => [name, operation.run])),
    operationOrder: Object.keys(operations),
    paidOperations: Object.entries(operations)
      .filter(([, operation]) => operation.paid)
      .map(([name]) => name),
    timeouts,
  };
}

/**
 * Every attribute of a table with its `readBack` filled in (`readBackOf`).
 * @throws Error when a write-only or `local` input declares itself
 *   `authoritative` or `informational` (the API never returns it), or a
 *   computed attribute declares anything but `authoritative`.
 */
function withReadBack(type: string, attributes: Record<string, Attribute>): Record<string, Attribute> {
  const out: Record<string, Attribute> = {};
  for (const [name, attribute] of Object.entries(attributes)) {
    const readBack = readBackOf(attribute);
    if ((attribute.writeOnly || policyFacts(attribute.policy)?.stateOnly) && readBack !== 'never') {
      throw new Error(`${type}.${name}: a write-only or local input is never read back; readBack "${readBack}" contradicts it`);
    }
    if (attribute.mode === 'computed' && readBack !== 'authoritative')
      throw new Error(`${type}.${name}: a computed attribute is what the API reports; readBack must be authoritative`);
    const declared = attribute.readBack !== undefined && readBackOf({ ...attribute, readBack: undefined }) !== readBack;
    if (declared && !attribute.readBackReason)
      throw new Error(`${type}.${name}: readBack "${readBack}" is declared without its readBackReason`);
    out[name] = { ...attribute, readBack };
  }
  return out;
}

/** Builds a `DataSourceType` from a module's declaration, deriving its token and aliases from `type`. */
export function defineDataSource(declaration: DataSourceDeclaration): DataSourceType {
  const stem = pascalStem(declaration.type);
  const camel = stem.charAt(0).toLowerCase() + stem.slice(1);
  return {
    ...declaration,
    kind: 'data',
    token: declaration.token ?? `cloud:index:${camel}`,
    aliases: declaration.aliases ?? [shortName(declaration.type), `get${stem}`],
  };
}

/**
 * `importId` and `parseImportId` of a type whose import id is one numeric
 * id: `what` names it in errors (`account id`), `description` is what the
 * docs say (default `numeric <what>`). `parseImportId` accepts decimal
 * digits (surrounding blanks allowed) and returns the canonical form (`0042` → `42`).
 */
export function numericImportId(what: string, description = `numeric ${what}`): Pick<ResourceType, 'importId' | 'parseImportId'> {
  return { importId: description, parseImportId: (text) => parseId(text, what) };
}

/** What `paidOrder` sends and keeps. */
export interface PaidOrderOptions {
  /** The order endpoint, e.g. `() => '/lites'` or `(inputs) => snapshots.create(inputs.lite_account_id)`. */
  path: (inputs: Attributes) => string;
  /** Inputs copied into the body under their own names (null, undefined and `''` left out). */
  fields: string[];
  /** Inputs left out of the body when they are 0 (`size`: the service's default applies). */
  omitWhenZero?: string[];
  /** More body fields computed from the inputs. */
  extra?: (inputs: Attributes) => Record<string, Value>;
  /** False when the type has no `order_id` attribute (the reply's order id is then not kept). Default true. */
  keepOrderId?: boolean;
}

/**
 * A create that places a paid order: POST `path(inputs)` with the named
 * inputs and `pay_invoice_with_cc`, the new id read from the reply
 * (`account_id`, else `id`) and its `order_id` kept as an attribute.
 * @throws Error (from the API layer, or when the reply holds no numeric id).
 */
export function paidOrder(options: PaidOrderOptions): CreateDeclaration {
  return {
    paid: true,
    carries: options.fields,
    async run(context, inputs) {
      const path = options.path(inputs);
      const body: Record<string, Value> = { ...bodyOf(inputs, options.fields), ...options.extra?.(inputs), ...payField(inputs) };
      for (const name of options.omitWhenZero ?? []) if (body[name] === 0) delete body[name];
      const result = orderResult(await context.api.post(path, body, { paid: true, signal: context.signal }), `POST ${path}`);
      return options.keepOrderId === false ? { id: result.id, attributes: {} } : result;
    },
  };
}

/** What `requestOperation` sends. */
export interface RequestOperationOptions {
  /** True for a paid order: the request is marked paid and its body carries `pay_invoice_with_cc`. */
  paid: boolean;
  method: 'put' | 'post';
  /** The endpoint, from the resource id and the attribute's new value. */
  path: (id: string, value: Value) => string;
  /** The body from the attribute's new value; absent: no body (a paid request still sends `pay_invoice_with_cc`). */
  body?: (value: Value) => Record<string, Value>;
  /** True when the resource must be polled until `Active` afterwards. */
  wait: boolean;
}

/** An in-place operation that is one request (`PUT`/`POST` `path` with `body`). */
export function requestOperation(options: RequestOperationOptions): OperationDeclaration {
  return {
    paid: options.paid,
    run: async (context, id, { value, inputs }) => {
      const path = options.path(id, value);
      const fields = options.body?.(value);
      const body = options.paid ? { ...fields, ...payField(inputs) } : fields;
      await context.api[options.method](path, body, options.paid ? { paid: true, signal: context.signal } : { signal: context.signal });
      return { wait: options.wait };
    },
  };
}
