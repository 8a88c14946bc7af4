/**
 * The generic planner's core: given a type's attribute table, the desired
 * inputs from the manifest and the prior (refreshed) state, decide the action
 * for one resource. Pure: no I/O. Every resource type goes through here;
 * resource modules never diff.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Attribute, ResourceType } from '../resources/attribute.js';
import { MASK } from '../core/mask.js';
import {
  isUnknown, unknown,
  type AttributeChange, type Change, type Diagnostic, type Lifecycle, type PlannedOperation,
  type PlannedValue, type ResourceState, type SourceLocation,
} from '../core/types.js';

/** A desired input: its planned value and whether it came from a sensitive source. */
export interface DesiredInput {
  value: PlannedValue;
  sensitive: boolean;
}

/** Everything the diff needs about one resource. */
export interface ResourceDiffInput {
  address: string;
  type: ResourceType;
  /** Inputs written in the manifest (canonical names). Absent = not written. */
  desired: Record<string, DesiredInput>;
  /** Refreshed state, or undefined when the resource does not exist yet. */
  prior: ResourceState | undefined;
  lifecycle: Lifecycle;
  /** `--replace ADDRESS` was given for this resource. */
  forceReplace: boolean;
  /** Where each property is written, and the block itself, for diagnostics. */
  locations: Record<string, SourceLocation>;
  blockLocation?: SourceLocation;
  dependsOn: string[];
  /** Refresh found the resource deleted outside cloudctl (404 or `Terminated`); `prior` is then undefined. */
  deletedOutside?: boolean;
  /** Attributes refresh found changed outside cloudctl. */
  drifted?: ReadonlySet<string>;
}

/** The diff's answer: the change, and plan errors (reject, shrink, prevent_destroy). */
export interface ResourceDiffResult {
  change: Change;
  diagnostics: Diagnostic[];
}

/** Renders a value for a message: strings quoted, numbers with the unit. */
export function describeValue(value: unknown, attribute?: Attribute): string {
  if (value === undefined || value === null) return 'null';
  if (isUnknown(value)) return '(known after apply)';
  if (typeof value === 'number') return attribute?.unit ? `${value} ${attribute.unit}` : String(value);
  return JSON.stringify(value);
}

/** True when two planned values are equal (null and undefined are equal). */
export function sameValue(a: unknown, b: unknown): boolean {
  return isDeepStrictEqual(a ?? null, b ?? null);
}

/**
 * The value the manifest asks for: what it writes, else the attribute's
 * default, else `undefined` ("no opinion": the state keeps what it has).
 */
export function desiredValue(attribute: Attribute, desired: DesiredInput | undefined): PlannedValue | undefined {
  if (desired !== undefined) return desired.value;
  if (attribute.default !== undefined) return attribute.default;
  return undefined;
}

/** Inputs the API never reports: write-only ones and those stored in state only. */
export function neverRead(attribute: Attribute): boolean {
  return Boolean(attribute.writeOnly || attribute.policy?.kind === 'local');
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function ignored(lifecycle: Lifecycle, name: string): boolean {
  return lifecycle.ignoreChanges === 'all' || lifecycle.ignoreChanges.includes(name);
}

/**
 * Plans one resource. The action is `create` without prior state, `replace`
 * when a `replace` attribute changed (or `--replace` was given), `update`
 * when in-place operations or local values changed, `noop` otherwise.
 * Diagnostics: a changed `reject` attribute, a shrinking `grow` attribute,
 * a replace of a resource with `prevent_destroy`.
 */
export function diffResource(input: ResourceDiffInput): ResourceDiffResult {
  const { address, type, prior, lifecycle } = input;
  const diagnostics: Diagnostic[] = [];
  const where = (name?: string) => (name && input.locations[name]) || input.blockLocation;

  if (!prior || prior.pending_create) return { change: createChange(input), diagnostics };

  const attributes: AttributeChange[] = [];
  const operations: PlannedOperation[] = [];
  const reasons: string[] = [];
  /** Per attribute, the sentence saying why it calls its operation (or is stored). */
  const sentences = new Map<string, string>();
  const calls = (operation: string) => (type.paidOperations.includes(operation) ? `${operation} places a paid order` : `calls ${operation}`);
  let replace = input.forceReplace;
  if (input.forceReplace) reasons.push(`replacement requested with --replace ${address}`);

  for (const [name, attribute] of Object.entries(type.attributes)) {
    if (attribute.mode === 'computed' || !attribute.policy) continue;
    const after = desiredValue(attribute, input.desired[name]);
    const before = prior.attributes[name];
    const sensitive = Boolean(attribute.sensitive || input.desired[name]?.sensitive || prior.sensitive_attributes?.includes(name));
    if (after === undefined || ignored(lifecycle, name)) continue;
    // An input the API never returns and the state does not know (after an
    // import): take the manifest's value without planning anything. A create
    // records those it was not given as null ("known unset"), so setting one
    // later is a change.
    if (before === undefined && neverRead(attribute)) continue;
    if (!isUnknown(after) && sameValue(before, after)) continue;
    const policy = attribute.policy;
    const changeOf = (reason: string): AttributeChange => ({ name, before, after, sensitive, reason });
    const shown = (value: unknown) => (sensitive && !isUnknown(value) ? MASK : describeValue(value, attribute));
    switch (policy.kind) {
      case 'replace':
        replace = true;
        attributes.push(changeOf('forces replacement'));
        reasons.push(`${name} forces replacement`);
        break;
      case 'reject':
        if (isUnknown(after)) break; // checked again at apply, when known
        if (input.forceReplace) {
          attributes.push(changeOf('changes with the requested replacement'));
          break;
        }
        diagnostics.push({
          severity: 'error',
          location: where(name),
          message: `${address}.${name}: cannot change from ${sensitive ? MASK : describeValue(before, attribute)} to ${sensitive ? MASK : describeValue(after, attribute)}: ${type.type} does not change ${name} in place; ${policy.hint.replace(/ADDRESS/g, address)}`,
        });
        break;
      case 'update':
        attributes.push(changeOf(`calls ${policy.operation}`));
        sentences.set(name, `${whyChanged(name, after, input.drifted)}: ${calls(policy.operation)}`);
        operations.push({ name: policy.operation, attribute: name, paid: type.paidOperations.includes(policy.operation) });
        break;
      case 'grow': {
        if (!isUnknown(after) && typeof before === 'number' && typeof after === 'number' && after < before) {
          diagnostics.push({
            severity: 'error',
            location: where(name),
            message: `${address}.${name}: cannot shrink from ${shown(before)} to ${shown(after)}; ${name} only grows`,
          });
          break;
        }
        attributes.push(changeOf(`grows from ${shown(before)} to ${shown(after)}`));
        sentences.set(name, `${isUnknown(after) ? whyChanged(name, after, input.drifted) : `${name} grows from ${shown(before)} to ${shown(after)}`}: ${calls(policy.operation)}`);
        operations.push({ name: policy.operation, attribute: name, paid: type.paidOperations.includes(policy.operation) });
        break;
      }
      case 'trigger':
        if (isEmpty(after)) break; // removing a trigger does nothing
        attributes.push(changeOf(`fires ${policy.operation} once`));
        sentences.set(name, `${isUnknown(after) ? whyChanged(name, after, input.drifted) : `${name} set to ${shown(after)}`}: fires ${policy.operation} once${type.paidOperations.includes(policy.operation) ? ', a paid order' : ''}`);
        operations.push({ name: policy.operation, attribute: name, paid: type.paidOperations.includes(policy.operation) });
        break;
      case 'desired':
        if (isEmpty(after)) break;
        attributes.push(changeOf(`observed ${shown(before)}, wanted ${shown(after)}: calls ${policy.operation}`));
        sentences.set(name, `${name} is ${shown(before)}${input.drifted?.has(name) ? ' (changed outside cloudctl)' : ''}, the manifest wants ${shown(after)}: ${calls(policy.operation)}`);
        operations.push({ name: policy.operation, attribute: name, paid: type.paidOperations.includes(policy.operation) });
        break;
      case 'local':
        attributes.push(changeOf('stored in state only'));
        sentences.set(name, `${whyChanged(name, after, input.drifted)}: stored in state only, no call`);
        break;
    }
  }

  if (replace) {
    if (lifecycle.preventDestroy) {
      diagnostics.push({
        severity: 'error',
        location: input.blockLocation,
        message: `${address}: lifecycle.prevent_destroy forbids replacing it (${reasons.join('; ')})`,
      });
    }
    const created = createChange(input);
    reasons.push(`destroys ${type.type} ${prior.id} first, then ${type.paidCreate ? 'places a paid order for the new one' : 'creates the new one'}`);
    return {
      change: {
        ...created,
        action: 'replace',
        id: prior.id,
        reasons,
        attributes: mergeReplaceAttributes(created.attributes, attributes, prior),
      },
      diagnostics,
    };
  }

  const order = type.operationOrder;
  operations.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
  for (const operation of operations) reasons.push(sentences.get(operation.attribute)!);
  for (const attribute of attributes) if (attribute.reason === 'stored in state only') reasons.push(sentences.get(attribute.name)!);
  const action = attributes.length > 0 ? 'update' : 'noop';
  return {
    change: {
      address, type: type.type, mode: 'resource', action, reasons, attributes,
      operations: action === 'update' ? operations : [],
      paidOrders: operations.filter((operation) => operation.paid).length,
      id: prior.id,
      dependsOn: input.dependsOn,
    },
    diagnostics,
  };
}

/** Why an attribute plans a call: changed in the manifest, changed outside cloudctl, or known only after apply. */
function whyChanged(name: string, after: PlannedValue | undefined, drifted: ReadonlySet<string> | undefined): string {
  if (isUnknown(after)) return `${name} is known only after apply (${after.$unknown}) and may change`;
  if (drifted?.has(name)) return `${name} was changed outside cloudctl`;
  return `${name} changed`;
}

function createChange(input: ResourceDiffInput): Change {
  const { type, prior, address } = input;
  const attributes: AttributeChange[] = [];
  for (const [name, attribute] of Object.entries(type.attributes)) {
    const sensitive = Boolean(attribute.sensitive || input.desired[name]?.sensitive || prior?.sensitive_attributes?.includes(name));
    if (attribute.mode === 'computed') {
      attributes.push({ name, before: prior?.attributes[name], after: unknown(`${address}.${name}`), sensitive });
      continue;
    }
    const after = desiredValue(attribute, input.desired[name]);
    if (after === undefined) continue;
    attributes.push({ name, before: undefined, after, sensitive });
  }
  const resuming = Boolean(prior?.pending_create);
  // Inputs the order does not carry are converged right after it (apply.ts):
  // say so when that can cost money.
  const followUps: string[] = [];
  for (const [name, attribute] of Object.entries(type.attributes)) {
    const policy = attribute.policy;
    if (policy?.kind !== 'grow' || !type.paidOperations.includes(policy.operation) || input.desired[name] === undefined) continue;
    followUps.push(`${name} is set: if the new resource has less, ${policy.operation} follows the order (a paid order)`);
  }
  return {
    address,
    type: type.type,
    mode: 'resource',
    action: 'create',
    reasons: [...(resuming
      ? [`the order was placed earlier (id ${prior!.id}) and is not Active yet: waits for it, orders nothing`]
      : input.deletedOutside
        ? [`deleted outside cloudctl (404 or Terminated): ${type.paidCreate ? 'places a new paid order' : 'creates it again'}`]
        : [type.paidCreate ? 'not in state: places a paid order' : 'not in state: creates it']), ...followUps],
    attributes,
    operations: [],
    paidOrders: type.paidCreate && !resuming ? 1 : 0,
    id: prior?.id,
    dependsOn: input.dependsOn,
  };
}

/**
 * The attributes of a replace: every attribute of the new resource with its
 * value before. Only what forces the replacement keeps its reason; in-place
 * reasons (`calls rename`) do not apply to a resource created anew.
 */
function mergeReplaceAttributes(created: AttributeChange[], changed: AttributeChange[], prior: ResourceState): AttributeChange[] {
  const byName = new Map(changed.map((change) => [change.name, change]));
  return created.map((change) => {
    const found = byName.get(change.name);
    if (!found) return { ...change, before: prior.attributes[change.name] };
    if (found.reason === 'forces replacement' || found.reason === 'changes with the requested replacement') return found;
    const { reason: _reason, ...rest } = found;
    return rest;
  });
}

/** Plans the deletion of a resource known to state. */
export function deleteChange(address: string, resource: ResourceState, reason: string, dependsOn: string[] = []): Change {
  return {
    address,
    type: resource.type,
    mode: 'resource',
    action: 'delete',
    reasons: [reason],
    attributes: [],
    operations: [],
    paidOrders: 0,
    id: resource.id,
    dependsOn,
  };
}
