/**
 * The manifest `cloudctl import --all` writes for the accounts discovery
 * found (./discover.ts): a resource block per account (its inputs as read,
 * defaults left out), named from its own name (the attribute the type's
 * table marks `namesResource`), references instead of ids between adopted
 * resources (an input's `references`, or its `keypairPool`), variables for
 * the required inputs no reply carries (sensitive ones for secrets; no
 * secret value is ever written), and an `import:` block per resource.
 * Everything about a type comes from its attribute table.
 */
import { Document, isMap, isScalar, type YAMLMap, type YAMLSeq } from 'yaml';
import type { Value } from '../../core/types.js';
import type { Catalogue } from '../../manifest/catalogue.js';
import { readBackOf, type Attribute, type ResourceType } from '../../resources/attribute.js';
import { sameValue } from '../diff.js';
import type { DiscoveredResource } from './discover.js';

/** One resource block of the generated manifest. */
export interface AdoptedResource {
  /** The block's name (its address). */
  address: string;
  type: string;
  /** The import id. */
  id: string;
  /**
   * Why its plan may not be free of changes (an input no reply carries
   * that the plan compares); empty when the import reaches zero change.
   */
  notZeroChange: string[];
  /** What it is billed every cycle, as the list reports it; `null` when not reported. */
  recurringAmount: number | null;
  /** The cycle code the amount is per, when known. */
  cycle?: string;
}

/** A variable the generated manifest declares, for an input no reply carries. */
export interface AdoptionVariable {
  name: string;
  /** The environment variable that gives it. */
  env: string;
  sensitive: boolean;
  /** The resource and input it feeds. */
  address: string;
  input: string;
}

/** The generated manifest and what it holds. */
export interface AdoptionManifest {
  /** The YAML text (nothing secret in it). */
  text: string;
  resources: AdoptedResource[];
  variables: AdoptionVariable[];
}

/** Where an input's id comes from: the referenced type and its attribute holding the id. */
function referenceOf(attribute: Attribute, catalogue: Catalogue): { type: string; attribute: string } | undefined {
  if (attribute.references) return attribute.references;
  if (attribute.keypairPool) {
    const keypair = catalogue.entries().find((entry) => entry.kind === 'resource' && entry.keypairPool === attribute.keypairPool);
    if (keypair) return { type: keypair.type, attribute: 'keypair_id' };
  }
  return undefined;
}

/** Free text as name characters: lower case, runs of anything but letters and digits one `_`, none at the ends; `''` when nothing is left. */
export function nameFromText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** Words a reference starts with (`${var.x}`, `${data.x.y}`, ...): never a resource name. */
const RESERVED = new Set(['var', 'data', 'module', 'local', 'locals', 'self', 'count', 'each', 'path', 'terraform']);

/** The name of `resource` before uniqueness: its own name, else a name from what it references, else type and id. */
function baseName(resource: DiscoveredResource, names: Map<DiscoveredResource, string>, targets: ReferenceTargets): string {
  const { type, attributes, account } = resource;
  const fallback = `${type.aliases[0] ?? type.type}_${nameFromText(account.id)}`;
  for (const [name, attribute] of Object.entries(type.attributes)) {
    if (!attribute.namesResource) continue;
    const value = attributes[name];
    const text = typeof value === 'string' || typeof value === 'number' ? nameFromText(String(value)) : '';
    if (text === '') continue;
    return /^[a-z]/.test(text) && !RESERVED.has(text) ? text : `${type.aliases[0] ?? type.type}_${text}`;
  }
  // No name of its own (an assignment): the names of what it references, joined.
  const parts: string[] = [];
  for (const [name, attribute] of Object.entries(type.attributes)) {
    const target = targets.find(attribute, attributes[name]);
    const targetName = target ? names.get(target) : undefined;
    if (targetName) parts.push(targetName);
  }
  return parts.length >= 2 ? parts.join('_on_') : fallback;
}

/** The adopted resources by referenced attribute value. */
class ReferenceTargets {
  private readonly byKey = new Map<string, DiscoveredResource>();
  constructor(
    private readonly catalogue: Catalogue,
    resources: DiscoveredResource[],
  ) {
    for (const resource of resources)
      for (const [name, value] of Object.entries({ ...resource.attributes, id: resource.account.id }))
        if (typeof value === 'string' || typeof value === 'number') this.byKey.set(`${resource.type.type} ${name} ${value}`, resource);
  }

  /** The adopted resource an input's value names, with the attribute to reference. */
  find(attribute: Attribute, value: Value | undefined): DiscoveredResource | undefined {
    return this.resolve(attribute, value)?.target;
  }

  resolve(attribute: Attribute, value: Value | undefined): { target: DiscoveredResource; attribute: string } | undefined {
    const reference = referenceOf(attribute, this.catalogue);
    if (!reference || (typeof value !== 'string' && typeof value !== 'number')) return undefined;
    const target = this.byKey.get(`${reference.type} ${reference.attribute} ${value}`);
    return target ? { target, attribute: reference.attribute } : undefined;
  }
}

/**
 * Unique, valid, stable names: each resource's base name; names two
 * resources share, or an address of `taken` (the state's), get the id
 * appended (`web_100004`), for every resource of that name, so a name does
 * not depend on the order accounts are listed in.
 */
function uniqueNames(
  resources: DiscoveredResource[],
  targets: ReferenceTargets,
  taken: ReadonlySet<string>,
): Map<DiscoveredResource, string> {
  const names = new Map<DiscoveredResource, string>();
  const used = new Set<string>();
  const settle = (batch: DiscoveredResource[]) => {
    const bases = new Map(batch.map((resource) => [resource, baseName(resource, names, targets)]));
    const counts = new Map<string, number>();
    for (const base of [...bases.values(), ...names.values()]) counts.set(base, (counts.get(base) ?? 0) + 1);
    for (const [resource, base] of bases) {
      let name = (counts.get(base) ?? 0) > 1 || taken.has(base) ? `${base}_${nameFromText(resource.account.id)}` : base;
      while (used.has(name) || taken.has(name)) name = `${name}_${resource.type.aliases[0] ?? 'resource'}`;
      names.set(resource, name);
      used.add(name);
    }
  };
  // Named resources first: a name made of references (an assignment's) needs the names it joins.
  const hasOwnName = (resource: DiscoveredResource) => Object.values(resource.type.attributes).some((attribute) => attribute.namesResource);
  settle(resources.filter(hasOwnName));
  settle(resources.filter((resource) => !hasOwnName(resource)));
  return names;
}

/** True for a value that says nothing (absent, null, empty). */
function missing(value: Value | undefined): boolean {
  return value === undefined || value === null || value === '';
}

/** The inputs a generated block may set: not computed, not a trigger, not local (cloudctl's own settings such as `timeouts`). */
function adoptableInputs(type: ResourceType): Array<[string, Attribute]> {
  return Object.entries(type.attributes).filter(
    ([, attribute]) => attribute.mode !== 'computed' && attribute.policy?.kind !== 'trigger' && attribute.policy?.kind !== 'local',
  );
}

/**
 * Writes the manifest of `resources` (see the module comment). `taken`:
 * addresses the state holds (never reused). Pure: no API call.
 */
export function adoptionManifest(
  resources: DiscoveredResource[],
  catalogue: Catalogue,
  taken: ReadonlySet<string> = new Set(),
): AdoptionManifest {
  const targets = new ReferenceTargets(catalogue, resources);
  const names = uniqueNames(resources, targets, taken);
  const blocks: Record<string, { type: string; properties: Record<string, Value> }> = {};
  const comments = new Map<string, string[]>();
  const variableComments = new Map<string, string>();
  const adopted: AdoptedResource[] = [];
  const variables: AdoptionVariable[] = [];
  const declared: Record<string, Record<string, Value>> = {};
  for (const resource of resources) {
    const { type, attributes, account } = resource;
    const address = names.get(resource)!;
    const properties: Record<string, Value> = {};
    const notes: string[] = [];
    const notZeroChange: string[] = [];
    for (const [name, attribute] of adoptableInputs(type)) {
      const read = attributes[name];
      const value = missing(read) && attribute.importFrom ? attributes[attribute.importFrom] : read;
      if (attribute.sensitive || missing(value)) {
        if (attribute.mode !== 'required') continue;
        const variable = `${address}_${name}`;
        const env = variable.toUpperCase().replace(/[^A-Z0-9_]/g, '_');
        const sensitive = Boolean(attribute.sensitive);
        declared[variable] = {
          ...(sensitive ? {} : { type: attribute.type === 'string' ? 'string' : attribute.type === 'bool' ? 'bool' : 'number' }),
          env,
          ...(sensitive ? { sensitive: true } : {}),
          description: `${name} of ${address} (${type.type} ${account.id})`,
        };
        // Only an authoritative input is compared after an import; any other is adopted from the manifest (engine/diff.ts `neverRead`).
        const comparedByPlan = readBackOf(attribute) === 'authoritative';
        variableComments.set(
          variable,
          sensitive
            ? ` The API never returns ${name} (a secret): give the value ${address} was created with in ${env}; nothing secret is written here.`
            : ` The API did not report ${name} of ${address}: give it in ${env}.${comparedByPlan ? ' The plan compares it with the account: a wrong value plans a change.' : ' The plan adopts the value given without a change.'}`,
        );
        if (comparedByPlan) notZeroChange.push(`${name} is not reported by the API`);
        properties[name] = `\${var.${variable}}`;
        variables.push({ name: variable, env, sensitive, address, input: name });
        notes.push(`${name} from var.${variable}`);
        continue;
      }
      if (attribute.default !== undefined && sameValue(value as Value, attribute.default)) continue;
      const reference = targets.resolve(attribute, value);
      properties[name] = reference ? `\${${names.get(reference.target)!}.${reference.attribute}}` : (value as Value);
    }
    blocks[address] = { type: type.type, properties };
    const lines = [` ${type.type} ${account.id}${account.status ? ` (${account.status})` : ''}`];
    if (account.awaitingPayment) lines.push(' Awaiting payment: adopted with --include-pending; its invoice is still unpaid.');
    for (const why of notZeroChange) lines.push(` NOT ZERO-CHANGE: ${why}; the plan may show a change for it.`);
    comments.set(address, lines);
    adopted.push({
      address,
      type: type.type,
      id: account.id,
      notZeroChange,
      recurringAmount: account.recurringAmount,
      ...(account.cycle ? { cycle: account.cycle } : {}),
    });
  }
  return { text: render(declared, blocks, adopted, comments, variableComments), resources: adopted, variables };
}

/** The YAML text, with the comments on their blocks and variables. */
function render(
  variables: Record<string, Record<string, Value>>,
  blocks: Record<string, { type: string; properties: Record<string, Value> }>,
  adopted: AdoptedResource[],
  comments: Map<string, string[]>,
  variableComments: Map<string, string>,
): string {
  const content: Record<string, unknown> = {};
  if (Object.keys(variables).length > 0) content.variables = variables;
  content.resources = blocks;
  content.import = adopted.map((resource) => ({ to: resource.address, id: resource.id }));
  const document = new Document(content);
  document.commentBefore = [
    ' Written by `cloudctl import --all`: every account listed, each adopted by an import block (no order).',
    ' Review it, then `cloudctl plan` it: the import blocks read each account by id; nothing is ordered.',
    ' The import blocks can be removed after the first apply (kept, they do nothing: an account in state is not read again).',
  ].join('\n');
  const resourcesNode = document.get('resources', true) as YAMLMap;
  for (const pair of resourcesNode.items)
    if (isScalar(pair.key)) pair.key.commentBefore = (comments.get(String(pair.key.value)) ?? []).join('\n');
  const variablesNode = document.get('variables', true);
  if (isMap(variablesNode))
    for (const pair of variablesNode.items)
      if (isScalar(pair.key)) pair.key.commentBefore = variableComments.get(String(pair.key.value)) ?? '';
  const imports = document.get('import', true) as YAMLSeq;
  for (const item of imports.items) {
    if (!isMap(item)) continue;
    item.flow = true;
    // Always quoted: a composite id (`100004:100005`) must never read as a number in YAML 1.1.
    const id = item.get('id', true);
    if (isScalar(id)) id.type = 'QUOTE_DOUBLE';
  }
  return document.toString({ lineWidth: 0 });
}
