/** Parsing the `resources:` and `data:` sections: blocks (type, properties, depends_on, lifecycle, count, for_each); module blocks are parsed by modules.ts. */
import { snakeCase } from '../../resources/attribute.js';
import type { SourceLocation } from '../../core/types.js';
import type { BlockDeclaration, Condition, Lifecycle, Manifest, ReplaceTrigger } from '../types.js';
import { describeKind } from './expressions.js';
import { isScalar, isSeq, type TreePair } from '../syntax/source-tree.js';
import { type Walker, record } from './walker.js';
import { checkName, parseDependsOn } from './sections.js';
import { isModuleBlock, parseModuleBlock } from './modules.js';
import { blocksChanged, blocksKnown } from '../block-list.js';
import { rawMappingOf, takeKey, type RawMapping } from '../syntax/fast-yaml.js';

/** Keys of a resource block. */
export const RESOURCE_KEYS = ['type', 'properties', 'depends_on', 'lifecycle', 'count', 'for_each'] as const;

/** Keys of a data source block. */
export const DATA_KEYS = ['type', 'properties', 'depends_on', 'lifecycle', 'count', 'for_each'] as const;

/** Keys of `lifecycle:` (snake_case; camelCase accepted). */
export const LIFECYCLE_KEYS = [
  'prevent_destroy',
  'ignore_changes',
  'create_before_destroy',
  'replace_triggered_by',
  'precondition',
  'postcondition',
] as const;

/** Keys of a data source's `lifecycle:` (Terraform allows only the conditions there). */
export const DATA_LIFECYCLE_KEYS = ['precondition', 'postcondition'] as const;

/** Resource names that would make references ambiguous (`${module.cluster.x}` reads a module's output). */
const RESERVED_RESOURCE_NAMES = ['data', 'var', 'module'];

/**
 * Parses a `resources:` or `data:` section into `manifest` (and the
 * normalised `data`). On a fast tree's first read the section is read from
 * js-yaml's data ({@link eachRawBlock}), a block at a time; otherwise from
 * its pairs. @throws what a {@link RawMapping} throws (the walk of a fast
 * tree is then left to the position-keeping reader: parse/manifest.ts).
 */
export function parseBlocks(
  walker: Walker,
  section: TreePair,
  kind: 'data' | 'resources',
  manifest: Manifest,
  data: Record<string, unknown>,
): void {
  const raw = walker.recordNotes ? undefined : rawMappingOf(walker.deref(section.value));
  const pairs = raw ? undefined : walker.pairsOf(section.value, kind, walker.keyAt(section));
  if (!raw && !pairs) return;
  const normalised = record<unknown>();
  data[kind] = normalised;
  const target = kind === 'data' ? manifest.data : manifest.resources;
  // The blocks in the order they are added: the record's list, when the record was empty before (blocks-list.ts).
  let list: BlockDeclaration[] | undefined = [];
  for (const _name in target) list = undefined;
  const add = (name: string, block: ParsedBlock | undefined) => {
    if (!block) return;
    normalised[name] = block.data;
    list?.push(block.declaration);
    target[name] = block.declaration;
  };
  if (raw) eachRawBlock(walker, raw, kind, manifest, add);
  else
    for (const pair of pairs!) {
      const name = walker.keyOf(pair, kind);
      if (name === undefined) continue;
      const at = walker.keyAt(pair);
      if (!nameAllowed(walker, kind, name, at)) continue;
      if (kind === 'resources' && isModuleBlock(walker, pair)) {
        const module = parseModuleBlock(walker, pair, name, at);
        if (module) (manifest.modules ??= record())[name] = module;
        continue;
      }
      add(name, parseBlock(walker, pair, kind, name, at));
    }
  blocksChanged(target);
  if (list) blocksKnown(target, list);
}

/** A block parsed: its declaration and its normalised data. */
interface ParsedBlock {
  declaration: BlockDeclaration;
  data: Record<string, unknown>;
}

/** Whether `name` may name a block of `kind` (reported at `at` when not). */
function nameAllowed(walker: Walker, kind: 'data' | 'resources', name: string, at: SourceLocation): boolean {
  if (!checkName(walker, name, kind === 'data' ? 'data source' : 'resource', at)) return false;
  if (kind === 'resources' && RESERVED_RESOURCE_NAMES.includes(name)) {
    walker.error(`invalid resource name "${name}": "data", "var" and "module" are reserved for references`, at, 'invalid_name');
    return false;
  }
  return true;
}

/**
 * The blocks of a section read from js-yaml's data (`raw`), each given to
 * `add` as the pairs' walk of {@link parseBlocks} would: a plain block
 * ({@link plainBlockData}) read from its data without making its nodes
 * ({@link readPlainBlock}), any other made into fast nodes and parsed as
 * usual. Nodes are numbered as the tree made again numbers them
 * (`RawMapping`), so every location is the same.
 */
function eachRawBlock(
  walker: Walker,
  raw: RawMapping,
  kind: 'data' | 'resources',
  manifest: Manifest,
  add: (name: string, block: ParsedBlock | undefined) => void,
): void {
  const names = Object.keys(raw.data);
  let keyId = raw.id + 1;
  for (let index = 0; index < names.length; index++) {
    const name = names[index]!;
    takeKey(name);
    const at = walker.keyAtId(keyId);
    const value = raw.data[name];
    const allowed = nameAllowed(walker, kind, name, at);
    // A plain block has no `module` key: never a module block.
    if (allowed && plainBlockData(value)) {
      const read = readPlainBlock(walker, kind, name, at, value, keyId + 1);
      add(name, read.block);
      keyId = read.next;
      continue;
    }
    const { pair, next } = raw.pair(index, name, keyId);
    keyId = next;
    if (!allowed) continue;
    if (kind === 'resources' && isModuleBlock(walker, pair)) {
      const module = parseModuleBlock(walker, pair, name, at);
      if (module) (manifest.modules ??= record())[name] = module;
      continue;
    }
    add(name, parseBlock(walker, pair, kind, name, at));
  }
}

/** A scalar of js-yaml's data (what a fast scalar node holds). */
type DataScalar = string | number | boolean | null;

/** A block as {@link readPlainBlock} reads it. */
interface PlainBlockData {
  type: string;
  properties?: Record<string, DataScalar>;
}

/**
 * Whether `value` (js-yaml's data of a block) is a plain block: a mapping
 * of `type` (a non-empty string) and, if written, `properties` (a mapping
 * of scalars), nothing else. What {@link parseBlock} reads of such a block
 * cannot be an error, except a name written in two spellings.
 */
function plainBlockData(value: unknown): value is PlainBlockData {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  let typed = false;
  for (const key in value) {
    const field = (value as Record<string, unknown>)[key];
    if (key === 'type') {
      if (typeof field !== 'string' || field === '') return false;
      typed = true;
    } else if (key === 'properties') {
      if (field === null || typeof field !== 'object' || Array.isArray(field)) return false;
      for (const name in field) {
        const property = (field as Record<string, unknown>)[name];
        if (property !== null && typeof property !== 'string' && typeof property !== 'number' && typeof property !== 'boolean')
          return false;
      }
    } else return false;
  }
  return typed;
}

/**
 * {@link parseBlock} of a plain block ({@link plainBlockData}) read from
 * js-yaml's data, its value numbered `valueId`: the same declaration and
 * data, the same locations (by node number), the same error for a name
 * written in two spellings; `next` is the number of the node after it.
 */
function readPlainBlock(
  walker: Walker,
  kind: 'data' | 'resources',
  name: string,
  at: SourceLocation,
  value: PlainBlockData,
  valueId: number,
): { block: ParsedBlock; next: number } {
  const declaration = newDeclaration(kind, name, at);
  const data = record<unknown>();
  // The block's mapping, then each field's key and value (the properties' mapping, then each property's key and value).
  let next = valueId + 1;
  for (const field in value) {
    takeKey(field);
    next += 2;
    if (field === 'type') {
      declaration.type = walker.catalogue.lookup(value.type)?.type ?? value.type;
      data.type = declaration.type;
      continue;
    }
    const properties = value.properties!;
    const plain = record<unknown>();
    for (const writtenName in properties) {
      takeKey(writtenName);
      const keyId = next;
      next += 2;
      const attribute = snakeCase(writtenName);
      const propertyAt = walker.keyAtId(keyId);
      // An attribute read already: written in another spelling (js-yaml refuses a key written twice).
      if (declaration.properties[attribute] !== undefined) {
        const first = Object.keys(properties).find((other) => snakeCase(other) === attribute);
        walker.error(`${kind}.${name}: both "${first}" and "${writtenName}" are given; use one spelling`, propertyAt, 'duplicate_spelling');
        continue;
      }
      const written = properties[writtenName]!;
      declaration.properties[attribute] = walker.scalarExpression(written, keyId + 1, propertyAt);
      declaration.propertyLocations[attribute] = propertyAt;
      plain[attribute] = written;
    }
    data.properties = plain;
  }
  return { block: { declaration, data }, next };
}

/**
 * The `depends_on` and `lifecycle` of a block that writes neither: shared by
 * every such block (three objects fewer per block; a manifest of 100,000
 * resources keeps them all for the run), frozen, so code that would change
 * one in place fails instead of changing every block (blocks are given new
 * ones: `block.lifecycle = { ...block.lifecycle, ... }`).
 */
const NO_DEPENDENCIES: BlockDeclaration['dependsOn'] = Object.freeze([]) as unknown as BlockDeclaration['dependsOn'];
const DEFAULT_LIFECYCLE: Lifecycle = Object.freeze({
  preventDestroy: false,
  ignoreChanges: Object.freeze([]) as unknown as string[],
});

/** A block's declaration before its fields are read: no type yet, no properties, the shared `depends_on` and `lifecycle`. */
function newDeclaration(kind: 'data' | 'resources', name: string, at: SourceLocation): BlockDeclaration {
  return {
    address: kind === 'data' ? `data.${name}` : name,
    name,
    type: '',
    properties: record(),
    propertyLocations: record(),
    dependsOn: NO_DEPENDENCIES,
    lifecycle: DEFAULT_LIFECYCLE,
    location: at,
  };
}

function parseBlock(walker: Walker, pair: TreePair, kind: 'data' | 'resources', name: string, at: SourceLocation): ParsedBlock | undefined {
  const subject = `${kind}.${name}`;
  const base = [kind, name];
  // Notes guarded where every block makes them: a walk that records none then makes nothing for them.
  if (walker.recordNotes) walker.note(base, { key: at, value: walker.valueAt(pair.value, at), written: name }, pair.value);
  const allowed = kind === 'data' ? DATA_KEYS : RESOURCE_KEYS;
  const fields = walker.pairsOf(pair.value, subject, at, 'a mapping with "type" and "properties"');
  if (!fields) return undefined;
  const declaration = newDeclaration(kind, name, at);
  const data = record<unknown>();
  let hasType = false;
  for (const field of fields) {
    const written = walker.keyOf(field, subject);
    if (written === undefined) continue;
    const key = snakeCase(written);
    const keyAt = walker.keyAt(field);
    // The value's location is made where it is read (a note, an error, depends_on): most blocks' `type` and `properties` need none.
    if (walker.recordNotes) walker.note([...base, key], { key: keyAt, value: walker.valueAt(field.value, keyAt), written }, field.value);
    switch (key) {
      case 'type': {
        const value = walker.toJS(field.value);
        if (typeof value !== 'string' || value === '') {
          walker.error(
            `${subject}.type: expected a type name such as "cloud_lite_vm", got ${typeof value === 'string' ? 'an empty string' : describeKind(value)}`,
            walker.valueAt(field.value, keyAt),
            'invalid_value',
          );
          return undefined;
        }
        hasType = true;
        declaration.type = walker.catalogue.lookup(value)?.type ?? value;
        data.type = declaration.type;
        break;
      }
      case 'properties': {
        const properties = walker.pairsOf(field.value, `${subject}.properties`, keyAt);
        if (!properties) break;
        const plain = record<unknown>();
        const writtenAs = record<string>();
        for (const property of properties) {
          const writtenName = walker.keyOf(property, `${subject}.properties`);
          if (writtenName === undefined) continue;
          const attribute = snakeCase(writtenName);
          const propertyAt = walker.keyAt(property);
          if (writtenAs[attribute] !== undefined) {
            walker.error(
              `${subject}: both "${writtenAs[attribute]}" and "${writtenName}" are given; use one spelling`,
              propertyAt,
              'duplicate_spelling',
            );
            continue;
          }
          writtenAs[attribute] = writtenName;
          const expression = walker.expression(property.value, propertyAt);
          declaration.properties[attribute] = expression;
          declaration.propertyLocations[attribute] = propertyAt;
          if (walker.recordNotes)
            walker.note(
              [...base, 'properties', attribute],
              { key: propertyAt, value: expression.location, written: writtenName },
              property.value,
            );
          plain[attribute] = walker.toJS(property.value);
        }
        data.properties = plain;
        break;
      }
      case 'depends_on': {
        const dependsOn = parseDependsOn(walker, field, subject, base, walker.valueAt(field.value, keyAt));
        if (!dependsOn) break;
        declaration.dependsOn = dependsOn.entries;
        data.depends_on = dependsOn.data;
        break;
      }
      case 'count':
      case 'for_each': {
        const other = key === 'count' ? declaration.forEach : declaration.count;
        if (other) {
          walker.error(`${subject}: "count" and "for_each" cannot both be given; use one`, keyAt, 'repetition_invalid');
          break;
        }
        const expression = walker.expression(field.value, keyAt);
        if (key === 'count') declaration.count = expression;
        else declaration.forEach = expression;
        data[key] = walker.toJS(field.value);
        break;
      }
      case 'lifecycle':
        {
          const lifecycle = parseLifecycle(walker, field, subject, base, keyAt, kind === 'data' ? DATA_LIFECYCLE_KEYS : LIFECYCLE_KEYS);
          if (lifecycle) {
            declaration.lifecycle = lifecycle.lifecycle;
            if (lifecycle.conditions.length > 0) declaration.conditions = lifecycle.conditions;
            data.lifecycle = lifecycle.data;
          }
        }
        break;
      default:
        walker.unknownKey(written, subject, allowed, keyAt);
    }
  }
  if (!hasType) {
    walker.error(`${subject}: missing "type"`, at, 'missing_type');
    return undefined;
  }
  return { declaration, data };
}

function parseLifecycle(
  walker: Walker,
  field: TreePair,
  subject: string,
  base: Array<string | number>,
  at: SourceLocation,
  keys: readonly string[],
): { lifecycle: Lifecycle; conditions: Condition[]; data: Record<string, unknown> } | undefined {
  const lifecycleSubject = `${subject}.lifecycle`;
  const pairs = walker.pairsOf(field.value, lifecycleSubject, at);
  if (!pairs) return undefined;
  const lifecycle: Lifecycle = { preventDestroy: false, ignoreChanges: [] };
  const conditions: Condition[] = [];
  const data = record<unknown>();
  for (const pair of pairs) {
    const written = walker.keyOf(pair, lifecycleSubject);
    if (written === undefined) continue;
    const key = snakeCase(written);
    const keyAt = walker.keyAt(pair);
    const valueAt = walker.valueAt(pair.value, keyAt);
    walker.note([...base, 'lifecycle', key], { key: keyAt, value: valueAt, written }, pair.value);
    if (!keys.includes(key)) {
      walker.unknownKey(written, lifecycleSubject, keys, keyAt);
    } else if (key === 'precondition' || key === 'postcondition') {
      conditions.push(...parseConditions(walker, key, pair.value, `${lifecycleSubject}.${key}`, valueAt));
      data[key] = walker.toJS(pair.value);
    } else {
      const parsed = lifecyclePolicy(walker, key, pair.value, `${lifecycleSubject}.${key}`, valueAt, [...base, 'lifecycle', key]);
      if (parsed) {
        Object.assign(lifecycle, parsed.lifecycle);
        if (parsed.expression) lifecycle.expressions = { ...lifecycle.expressions, ...parsed.expression };
        data[key] = parsed.data;
      }
    }
  }
  return { lifecycle, conditions, data };
}

/** What one of `prevent_destroy`, `ignore_changes`, `create_before_destroy`, `replace_triggered_by` sets. */
interface LifecyclePolicy {
  lifecycle: Partial<Lifecycle>;
  expression?: NonNullable<Lifecycle['expressions']>;
  data: unknown;
}

/** True for a string holding `${`: an expression evaluated once the variables are known (expand/lifecycle.ts). */
function isExpressionText(value: unknown): value is string {
  return typeof value === 'string' && value.includes('${');
}

/**
 * Reads one lifecycle policy key (see {@link LifecyclePolicy}):
 * `prevent_destroy` (a boolean or a `${...}` expression),
 * `create_before_destroy` (a boolean), `ignore_changes` (a list of
 * attribute names, `all`, or a `${...}` expression), `replace_triggered_by`
 * (a list of references). Problems are reported at the value; undefined then.
 */
function lifecyclePolicy(
  walker: Walker,
  key: string,
  node: unknown,
  subject: string,
  at: SourceLocation,
  pointer: Array<string | number>,
): LifecyclePolicy | undefined {
  const value = walker.toJS(node);
  if (key === 'prevent_destroy' || key === 'create_before_destroy') {
    if (key === 'prevent_destroy' && isExpressionText(value)) {
      return { lifecycle: {}, expression: { preventDestroy: walker.expression(node, at) }, data: value };
    }
    if (typeof value !== 'boolean') {
      walker.error(`${subject}: expected a boolean, got ${describeKind(value)}`, at, 'wrong_kind');
      return undefined;
    }
    return { lifecycle: key === 'prevent_destroy' ? { preventDestroy: value } : { createBeforeDestroy: value }, data: value };
  }
  if (key === 'ignore_changes' && isExpressionText(value)) {
    return { lifecycle: {}, expression: { ignoreChanges: walker.expression(node, at) }, data: value };
  }
  const resolved = walker.deref(node);
  if (key === 'ignore_changes' && isScalar(resolved) && resolved.value === 'all')
    return { lifecycle: { ignoreChanges: 'all' }, data: 'all' };
  if (!isSeq(resolved)) {
    const expected =
      key === 'ignore_changes'
        ? 'a list of attribute names, "all" or a ${...} expression'
        : 'a list of references such as [web, web.vm_name]';
    walker.error(`${subject}: expected ${expected}, got ${walker.kindOf(resolved)}`, at, 'wrong_kind');
    return undefined;
  }
  const names: string[] = [];
  const triggers: ReplaceTrigger[] = [];
  for (const item of resolved.items) {
    const itemValue = walker.toJS(item);
    const itemAt = walker.valueAt(item, at);
    if (typeof itemValue !== 'string' || itemValue.trim() === '') {
      const expected = key === 'ignore_changes' ? 'an attribute name' : 'a reference such as web or web.vm_name';
      walker.error(`${subject}: expected ${expected}, got ${describeKind(itemValue)}`, itemAt, 'wrong_kind');
      continue;
    }
    walker.note([...pointer, key === 'ignore_changes' ? names.length : triggers.length], { value: itemAt, written: itemValue }, item);
    if (key === 'ignore_changes') names.push(snakeCase(itemValue));
    else triggers.push({ text: itemValue.trim().replace(/^\$\{\s*(.*?)\s*\}$/, '$1'), location: itemAt });
  }
  if (key === 'ignore_changes') return { lifecycle: { ignoreChanges: names }, data: names };
  return { lifecycle: { replaceTriggeredBy: triggers }, data: triggers.map((trigger) => trigger.text) };
}

/**
 * Reads `precondition:` or `postcondition:`: a list of `{ condition,
 * message }` (one mapping alone is taken as a list of one). `condition` is
 * a `${...}` expression (or `true` / `false`); `message` a string, which
 * may hold `${...}`. Problems are reported at them; the conditions read
 * well are returned.
 */
function parseConditions(walker: Walker, kind: Condition['kind'], node: unknown, subject: string, at: SourceLocation): Condition[] {
  const resolved = walker.deref(node);
  const items = isSeq(resolved) ? resolved.items : [node];
  const conditions: Condition[] = [];
  items.forEach((item, index) => {
    const itemSubject = isSeq(resolved) ? `${subject}[${index}]` : subject;
    const itemAt = walker.valueAt(item, at);
    const pairs = walker.pairsOf(item, itemSubject, itemAt, 'a mapping with condition and message');
    if (!pairs) return;
    let condition: Condition['condition'] | undefined;
    let message: Condition['message'] | undefined;
    let reported = false;
    for (const pair of pairs) {
      const name = walker.keyOf(pair, itemSubject);
      if (name === undefined) continue;
      const valueAt = walker.valueAt(pair.value, walker.keyAt(pair));
      const value = walker.toJS(pair.value);
      if (name === 'condition' && (typeof value === 'string' || typeof value === 'boolean'))
        condition = walker.expression(pair.value, valueAt);
      else if (name === 'message' && typeof value === 'string' && value !== '') message = walker.expression(pair.value, valueAt);
      else if (name === 'condition' || name === 'message') {
        const expected = name === 'condition' ? 'a ${...} expression' : 'a message (a non-empty string)';
        walker.error(`${itemSubject}.${name}: expected ${expected}, got ${describeKind(value)}`, valueAt, 'wrong_kind');
        reported = true;
      } else {
        walker.unknownKey(name, itemSubject, ['condition', 'message'], walker.keyAt(pair));
        reported = true;
      }
    }
    if (!condition || !message) {
      if (!reported) walker.error(`${itemSubject}: give both a condition and a message`, itemAt, 'missing_value');
      return;
    }
    conditions.push({ kind, condition, message, location: condition.location });
  });
  return conditions;
}
