/**
 * The attribute names of a manifest's blocks, checked the way the manifest
 * schema checks them, without ajv: in the common case (a valid manifest)
 * proving that the schema has nothing to say about any block's
 * `properties`, so validation need not run (or even load) the compiled
 * schema, which costs about 50 ms for 5,000 blocks (every block is tried
 * against the `if` of every type of the catalogue).
 *
 * The rules are read from the schema itself (`manifestSchema`), not
 * restated: for each type spelling, the names its `properties` may hold,
 * the names it requires (any one spelling of each) and whether the block
 * must have `properties`. Whatever this module does not understand in the
 * schema, or finds unusual in the data (a spelling of two types, a block
 * that is not a mapping, a module block), answers "not proved", and ajv
 * decides as before.
 */
import type { Manifest } from '../types.js';
import type { CatalogueView } from '../catalogue.js';
import { manifestSchema, type JsonSchema } from '../schema.js';

/** What the schema asks of the `properties` of a block of one type. */
interface InputsRule {
  /** The kind and canonical type of the schema definition the rule was read from (`<kind>:<type>`). */
  kind: string;
  type: string;
  /** Every name `properties` may hold (`additionalProperties: false`). */
  allowed: ReadonlySet<string>;
  /** Names `properties` must hold: one of each group. */
  required: string[][];
  /** Whether the block must have `properties` (its type has required inputs). */
  needsProperties: boolean;
}

/** The rules of each section's blocks by type spelling; `undefined` for a spelling whose rule is not understood (or shared by two types). */
type SchemaRules = Record<'resource' | 'data', Map<string, InputsRule | undefined>>;

const rulesOf = new WeakMap<CatalogueView, SchemaRules>();

const isMapping = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether `object` has only keys among `keys`. */
const onlyKeys = (object: Record<string, unknown>, keys: string[]): boolean => Object.keys(object).every((key) => keys.includes(key));

/** A `{ required: [name] }`-only schema's names; `undefined` for anything else. */
function requiredNames(schema: unknown): string[] | undefined {
  if (!isMapping(schema) || !onlyKeys(schema, ['required']) || !Array.isArray(schema.required)) return undefined;
  return schema.required.every((name) => typeof name === 'string') ? (schema.required as string[]) : undefined;
}

/**
 * The rule of an inputs definition (`inputsSchema` of schema.ts: `type:
 * object`, `properties`, `additionalProperties: false`, `required`, and
 * `allOf` of `anyOf` of `required`); `undefined` when it holds anything else.
 */
function inputsRule(definition: string, schema: unknown, needsProperties: boolean): InputsRule | undefined {
  if (!isMapping(schema) || !onlyKeys(schema, ['type', 'description', 'properties', 'additionalProperties', 'required', 'allOf']))
    return undefined;
  if (schema.type !== 'object' || schema.additionalProperties !== false || !isMapping(schema.properties)) return undefined;
  const required: string[][] = [];
  if (schema.required !== undefined) {
    const names = requiredNames({ required: schema.required });
    if (!names) return undefined;
    for (const name of names) required.push([name]);
  }
  if (schema.allOf !== undefined) {
    if (!Array.isArray(schema.allOf)) return undefined;
    for (const clause of schema.allOf) {
      if (!isMapping(clause) || !onlyKeys(clause, ['anyOf']) || !Array.isArray(clause.anyOf)) return undefined;
      const group: string[] = [];
      for (const alternative of clause.anyOf) {
        const names = requiredNames(alternative);
        if (!names || names.length !== 1) return undefined;
        group.push(names[0]);
      }
      required.push(group);
    }
  }
  const separator = definition.indexOf(':');
  if (separator < 0) return undefined;
  const [kind, type] = [definition.slice(0, separator), definition.slice(separator + 1)];
  return { kind, type, allowed: new Set(Object.keys(schema.properties)), required, needsProperties };
}

/** The rules of one block kind, from the `allOf` of `if type is one of …, then properties: $ref …` of its definition. */
function blockRules(definitions: Record<string, unknown>, kind: 'resource' | 'data'): Map<string, InputsRule | undefined> {
  const rules = new Map<string, InputsRule | undefined>();
  const block = definitions[kind];
  const clauses = isMapping(block) && Array.isArray(block.allOf) ? block.allOf : [];
  for (const clause of clauses) {
    const condition = isMapping(clause) ? clause.if : undefined;
    const consequence = isMapping(clause) ? clause.then : undefined;
    if (!isMapping(clause) || !onlyKeys(clause, ['if', 'then']) || !isMapping(condition) || !isMapping(consequence)) continue;
    const typeSchema = isMapping(condition.properties) ? condition.properties.type : undefined;
    const spellings = isMapping(typeSchema) && Array.isArray(typeSchema.enum) ? (typeSchema.enum as unknown[]) : [];
    const understoodCondition =
      onlyKeys(condition, ['properties', 'required']) &&
      isMapping(condition.properties) &&
      onlyKeys(condition.properties, ['type']) &&
      isMapping(typeSchema) &&
      onlyKeys(typeSchema, ['enum']);
    const target = isMapping(consequence.properties) ? consequence.properties.properties : undefined;
    const reference = isMapping(target) && onlyKeys(target, ['$ref']) && typeof target.$ref === 'string' ? target.$ref : undefined;
    const needs = consequence.required === undefined ? [] : requiredNames({ required: consequence.required });
    const name = reference?.startsWith('#/definitions/') ? reference.slice('#/definitions/'.length) : undefined;
    const rule =
      understoodCondition &&
      onlyKeys(consequence, ['properties', 'required']) &&
      isMapping(consequence.properties) &&
      onlyKeys(consequence.properties, ['properties']) &&
      needs !== undefined &&
      needs.every((key) => key === 'properties') &&
      name !== undefined
        ? inputsRule(name, definitions[name], needs.length > 0)
        : undefined;
    for (const spelling of spellings) {
      if (typeof spelling !== 'string') continue;
      // A spelling two clauses share gets both `then`s: not understood.
      rules.set(spelling, rules.has(spelling) ? undefined : rule);
    }
  }
  return rules;
}

/** The rules of a catalogue's schema, read once per catalogue (a few milliseconds). */
function schemaRules(catalogue: CatalogueView): SchemaRules {
  let rules = rulesOf.get(catalogue);
  if (!rules) {
    const schema: JsonSchema = manifestSchema(catalogue);
    const definitions = isMapping(schema.definitions) ? schema.definitions : {};
    rules = { resource: blockRules(definitions, 'resource'), data: blockRules(definitions, 'data') };
    rulesOf.set(catalogue, rules);
  }
  return rules;
}

/**
 * True when the manifest schema can report nothing about the names in the
 * `properties` of `manifest`'s blocks of a known type (no unknown or
 * computed attribute, no missing required one, no `properties` missing):
 * `data` is the normalised data the schema validates
 * (`ManifestSourceMap.data`), checked against the schema's own rules for
 * the type each block is written with. False when it might, or when this
 * cannot tell (then the schema is to be run). Never throws.
 *
 * `files`: a folder manifest's data file by file (`ManifestSourceMap.fileData`),
 * read instead of `data` (whose blocks are merged from them when first
 * read): every file's blocks are checked, those a name declared twice
 * left out of `data` too, so true still means the schema has nothing to
 * say of `data`'s.
 */
export function inputNamesValid(
  data: Record<string, unknown>,
  manifest: Manifest,
  catalogue: CatalogueView,
  files?: ReadonlyArray<Record<string, unknown>>,
): boolean {
  const rules = schemaRules(catalogue);
  for (const kind of ['resource', 'data'] as const) {
    const section = kind === 'resource' ? 'resources' : 'data';
    const blocks = kind === 'resource' ? manifest.resources : manifest.data;
    for (const source of files ?? [data]) {
      const written = source[section];
      if (written === undefined || written === null) continue;
      if (!isMapping(written) || !blocksValid(written, blocks, kind, rules, catalogue)) return false;
    }
  }
  return true;
}

/** {@link inputNamesValid} of the blocks of one section, `written` as in the normalised data, `blocks` as in the manifest. */
function blocksValid(
  written: Record<string, unknown>,
  blocks: Manifest['resources'],
  kind: 'resource' | 'data',
  rules: SchemaRules,
  catalogue: CatalogueView,
): boolean {
  for (const name of Object.keys(written)) {
    // What the schema says of a block the manifest does not have, or of an unknown type, is not reported (validate.ts, values.ts).
    const block = Object.hasOwn(blocks, name) ? blocks[name] : undefined;
    const entry = block ? catalogue.lookup(block.type) : undefined;
    if (!entry || entry.kind !== kind) continue;
    const raw = written[name];
    if (!isMapping(raw) || (kind === 'resource' && Object.hasOwn(raw, 'module')) || typeof raw.type !== 'string') return false;
    const rule = rules[kind].get(raw.type);
    if (!rule || rule.kind !== entry.kind || rule.type !== entry.type) return false;
    if (!Object.hasOwn(raw, 'properties')) {
      if (rule.needsProperties) return false;
      continue;
    }
    const properties = raw.properties;
    if (!isMapping(properties)) return false;
    for (const key in properties) if (!rule.allowed.has(key)) return false;
    for (const group of rule.required) if (!group.some((key) => Object.hasOwn(properties, key))) return false;
  }
  return true;
}
