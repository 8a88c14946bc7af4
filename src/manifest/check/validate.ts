/**
 * Validation of a parsed manifest against the catalogue: the JSON Schema
 * (ajv, `allErrors`) on the normalised data, and the checks a schema cannot
 * express: types, references, `depends_on`, `lifecycle.ignore_changes`,
 * computed attributes given as input, keypair pools, dependency cycles,
 * the type and limits of literal values, and the types of references and
 * templates where the catalogue knows them (`checkExpression`).
 *
 * Division of labour: `parse.ts` reports the manifest's skeleton (sections,
 * block keys, shapes), so ajv errors outside a block's `properties` are not
 * repeated here; ajv reports attribute names (unknown, computed, required);
 * {@link checkValue} reports attribute values with exact messages (ajv's
 * value errors are dropped in its favour).
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { camelCase, snakeCase, type Attribute, type CatalogueEntry, type KeypairPool } from '../../resources/attribute.js';
import { buildDependencyGraph, findCycleDiagnostics, type DependencyGraph } from '../graph.js';
import {
  containsUnknown,
  isUnknown,
  WORKSPACE_VARIABLE,
  type BlockDeclaration,
  type Diagnostic,
  type DiagnosticCode,
  type Expression,
  type Manifest,
  type PlannedValue,
  type Reference,
  type SourceLocation,
  type Value,
} from '../../core/types.js';
import { defaultCatalogue, type CatalogueView } from '../catalogue.js';
import { describeKind, formatReference, isCallPart, referencesOf } from '../parse/expressions.js';
import { evaluate, evaluateReference, type RootValue } from '../evaluate/expressions.js';
import { inputNamesValid } from './input-names.js';
import { jsonPointer, type ManifestSourceMap } from '../parse/walker.js';
import { anchoredPattern } from '../schema.js';
import { compileSchemaValidator, precompiledSchemaValidator } from '../schema-validator.js';
import { didYouMean } from '../suggest.js';
import { lookupFunction, type FunctionValueType } from '../functions.js';
import { DiagnosticLimit } from '../limit.js';

/** Options of {@link validateManifest}. */
export interface ValidateOptions {
  /** Catalogue to validate against (default: the real one). */
  catalogue?: CatalogueView;
  /**
   * The dependency graph of the manifest being validated, when the caller
   * has built it already (`buildDependencyGraph(manifest)`, as
   * `loadManifestFromSource` does to keep it); built here otherwise.
   */
  graph?: DependencyGraph;
  /**
   * The errors validation may describe (shared with the load's other
   * steps): past it an error is counted, not described (default: a limit of
   * its own, {@link MAX_DESCRIBED_ERRORS}).
   */
  limit?: DiagnosticLimit;
}

const compiled = new WeakMap<CatalogueView, ValidateFunction>();

/**
 * The compiled schema validator of a catalogue (cached per catalogue): for
 * the real catalogue, the one the build compiled ahead of time
 * (`precompiledSchemaValidator`, schema-validator.ts) when it is there and
 * its fingerprint matches the catalogue's schema; else (other catalogues,
 * no build, or a build older than the catalogue) an ajv compile now, as slow
 * as 0.5 to 1.5 s. Both give the same errors.
 */
function schemaValidator(catalogue: CatalogueView): ValidateFunction {
  let validate = compiled.get(catalogue);
  if (!validate) {
    validate = (catalogue === defaultCatalogue ? precompiledSchemaValidator(catalogue) : undefined) ?? compileSchemaValidator(catalogue);
    compiled.set(catalogue, validate);
  }
  return validate;
}

/**
 * `table[name]` when `name` is one of the table's own keys, else `undefined`:
 * attribute tables are plain objects, where `constructor` or `toString`
 * would otherwise be found on the prototype.
 */
function own<T>(table: Record<string, T>, name: string): T | undefined {
  return Object.hasOwn(table, name) ? table[name] : undefined;
}

/** Converts a value to the attribute's type where that is lossless (`"12"` → 12 for int64, 12 → `"12"` for string). */
export function coerce(attribute: Attribute | undefined, value: PlannedValue): PlannedValue {
  if (!attribute || containsUnknown(value)) return value;
  if (attribute.type === 'int64' && typeof value === 'string' && /^-?[0-9]+$/.test(value)) return Number(value);
  if (attribute.type === 'string' && typeof value === 'number') return String(value);
  if (attribute.type === 'bool' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

/** `a string`, `an integer`, ... for an attribute type. */
function expectedKind(type: Attribute['type']): string {
  switch (type) {
    case 'string':
      return 'a string';
    case 'int64':
      return 'an integer';
    case 'bool':
      return 'a boolean';
    case 'block':
      return 'a mapping';
    case 'list':
      return 'a list';
  }
}

/** Compiled regular expressions by source: the catalogue's few patterns, checked against thousands of values. */
const compiledPatterns = new Map<string, RegExp>();

/** `new RegExp(source)`, compiled once per source (patterns have no flags, so a shared object keeps no state). */
function patternOf(source: string): RegExp {
  let pattern = compiledPatterns.get(source);
  if (!pattern) {
    pattern = new RegExp(source);
    compiledPatterns.set(source, pattern);
  }
  return pattern;
}

/** The number of characters (code points) of a string, as `[...text].length` counts them. */
function characterCount(text: string): number {
  let count = text.length;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    // A high surrogate followed by a low one is one code point.
    if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        index++;
      }
    }
  }
  return count;
}

/** Joins words as `a, b and c`. */
function joinAnd(words: string[]): string {
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** The sentence for a failed whole-string pattern. */
function patternMessage(pattern: string, description: string | undefined): string {
  if (!description) return `must match /${anchoredPattern(pattern)}/`;
  if (/^(a|an|the) /.test(description)) return `must be ${description}`;
  return `must contain only ${description.replace(/ only$/, '')}`;
}

/**
 * Checks a concrete value against an attribute's type and constraints.
 * `subject` is the block (`resources.web`), `attributeName` the attribute
 * (or a dotted path inside a block: `timeouts.create`); every message starts
 * with `<subject>.<attributeName>: `, e.g.
 *
 * - `resources.web.vm_name: expected a string, got a number`
 * - `resources.web.product_id: expected an integer, got a string`
 * - `resources.web.vm_name: must be 6 to 16 characters long, got 5`
 *   (`must be at least N characters long` / `at most N` with one limit)
 * - `resources.web.ssh_and_console_user: must contain only letters, digits, hyphens and periods, got "a b"`
 * - `resources.web.console_password: must contain a digit`
 * - `resources.web.cycle: must be one of m, a, q, s, b, t, p4, p5, got "x"`
 * - `resources.disk.size: must be at least 60 GB, got 30`
 *
 * The value itself is never shown when the attribute is sensitive or
 * `valueSensitive` is true. `null` is accepted for optional attributes (not
 * set) and an error for required ones. Unknown markers (anywhere) are not
 * checked. Every problem is reported (one diagnostic each), at `location`.
 */
export function checkValue(
  attributeName: string,
  attribute: Attribute,
  value: Value,
  location: SourceLocation,
  subject: string,
  valueSensitive = false,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const prefix = `${subject}.${attributeName}`;
  const sensitive = valueSensitive || attribute.sensitive === true;
  const fail = (message: string, code: DiagnosticCode = 'constraint_violation') =>
    diagnostics.push({ severity: 'error', code, message: `${prefix}: ${message}`, location });
  if (isUnknown(value)) return diagnostics;
  if (value === null) {
    if (attribute.mode === 'required') fail(`expected ${expectedKind(attribute.type)}, got null`, 'missing_required');
    return diagnostics;
  }
  const constraints = attribute.constraints ?? {};
  const got = (text: string) => (sensitive ? '' : `, got ${text}`);
  switch (attribute.type) {
    case 'string': {
      if (typeof value !== 'string') {
        fail(`expected a string, got ${describeKind(value)}`, 'type_mismatch');
        break;
      }
      const length = characterCount(value);
      const { minLength: min, maxLength: max } = constraints;
      if (min !== undefined && max !== undefined) {
        if (length < min || length > max) fail(`must be ${min} to ${max} characters long, got ${length}`);
      } else if (min !== undefined && length < min) {
        fail(`must be at least ${min} characters long, got ${length}`);
      } else if (max !== undefined && length > max) {
        fail(`must be at most ${max} characters long, got ${length}`);
      }
      if (constraints.enum && !constraints.enum.includes(value))
        fail(`must be one of ${constraints.enum.join(', ')}${got(JSON.stringify(value))}`);
      if (constraints.pattern !== undefined && !patternOf(anchoredPattern(constraints.pattern)).test(value)) {
        fail(`${patternMessage(constraints.pattern, constraints.patternDescription)}${got(JSON.stringify(value))}`);
      }
      const missing = constraints.mustContain?.filter((rule) => !patternOf(rule.pattern).test(value));
      if (missing && missing.length > 0) fail(`must contain ${joinAnd(missing.map((rule) => rule.description))}`);
      break;
    }
    case 'int64': {
      if (typeof value !== 'number' || !Number.isInteger(value)) {
        fail(`expected an integer, got ${typeof value === 'number' && !sensitive ? value : describeKind(value)}`, 'type_mismatch');
        break;
      }
      const unit = attribute.unit ? ` ${attribute.unit}` : '';
      const shown = sensitive ? '' : `, got ${value}`;
      // Beyond 2^53 a number is not what was written (JSON numbers lose digits): refuse it.
      if (!Number.isSafeInteger(value)) {
        fail(`must be between ${Number.MIN_SAFE_INTEGER} and ${Number.MAX_SAFE_INTEGER}${shown}`);
        break;
      }
      // Ids (`product_id`, `keypair_id`, ...) are positive decimal integers (docs/api/envelope-and-errors.md, "Ids").
      const { minimum: min, maximum: max } =
        /(^|_)id$/.test(attributeName) && constraints.minimum === undefined ? { ...constraints, minimum: 1 } : constraints;
      if (min !== undefined && max !== undefined) {
        if (value < min || value > max) fail(`must be between ${min} and ${max}${unit}${shown}`);
      } else if (min !== undefined && value < min) {
        fail(`must be at least ${min}${unit}${shown}`);
      } else if (max !== undefined && value > max) {
        fail(`must be at most ${max}${unit}${shown}`);
      }
      break;
    }
    case 'bool':
      if (typeof value !== 'boolean') fail(`expected a boolean, got ${describeKind(value)}`, 'type_mismatch');
      break;
    case 'block': {
      if (typeof value !== 'object' || Array.isArray(value)) {
        fail(`expected a mapping, got ${describeKind(value)}`, 'type_mismatch');
        break;
      }
      if (!attribute.fields) break;
      for (const [key, field] of Object.entries(value)) {
        const definition = own(attribute.fields, snakeCase(key));
        if (!definition) {
          fail(`unknown field "${key}"${didYouMean(key, Object.keys(attribute.fields))}`, 'unknown_field');
          continue;
        }
        diagnostics.push(...checkValue(`${attributeName}.${key}`, definition, field, location, subject, sensitive));
      }
      break;
    }
    case 'list': {
      if (!Array.isArray(value)) {
        fail(`expected a list, got ${describeKind(value)}`, 'type_mismatch');
        break;
      }
      if (!attribute.fields) break;
      const item: Attribute = { type: 'block', mode: 'optional', description: '', fields: attribute.fields };
      value.forEach((entry, index) =>
        diagnostics.push(...checkValue(`${attributeName}[${index}]`, item, entry, location, subject, sensitive)),
      );
      break;
    }
  }
  return diagnostics;
}

/**
 * The attribute a resource or data source reference lands on, when the
 * catalogue says (`${data.products.products}`: the `products` list;
 * `${data.products.products[0]}`: one item of it, a mapping); a splat
 * (`${web[*].id}`) is a list. `undefined` whenever the shape is not known
 * for certain: variables, module outputs, undeclared blocks or types,
 * unknown or invalid paths (reported by the reference checks), a step into
 * a list or mapping whose fields the catalogue does not describe.
 */
export type ReferenceTypes = (reference: Reference) => Attribute | undefined;

/** The {@link ReferenceTypes} of the blocks of `manifest` (read at each call: blocks added since are seen). */
export function referenceTypes(manifest: Manifest, catalogue: CatalogueView): ReferenceTypes {
  return (reference) => {
    if (reference.root !== 'resource' && reference.root !== 'data') return undefined;
    const kind = reference.root === 'data' ? 'data' : 'resource';
    const block = own(kind === 'data' ? manifest.data : manifest.resources, reference.name);
    const entry = block ? catalogue.lookup(block.type) : undefined;
    if (!entry || entry.kind !== kind || reference.path.length === 0) return undefined;
    let current = own(entry.attributes, String(reference.path[0]));
    for (const step of reference.path.slice(1)) {
      if (!current?.fields) return undefined;
      if (current.type === 'list' && typeof step === 'number')
        current = { type: 'block', mode: 'computed', description: '', fields: current.fields };
      else if (current.type === 'block' && typeof step === 'string') current = own(current.fields, step);
      else return undefined;
    }
    if (!current) return undefined;
    return reference.splat ? { type: 'list', mode: 'computed', description: '' } : current;
  };
}

/** The attribute type of each function result type (functions.ts). */
const RESULT_TYPES: Record<Exclude<FunctionValueType, 'any'>, Attribute['type']> = {
  string: 'string',
  number: 'int64',
  bool: 'bool',
  list: 'list',
  map: 'block',
};

/** `list`, `block`: shapes no scalar can stand for, nor they for one. */
const isComposite = (type: Attribute['type']): boolean => type === 'list' || type === 'block';

/**
 * True when a value of type `given` can never become a value of type
 * `wanted`, even through the planner's {@link coerce}: a list or a mapping
 * for anything else, anything else for a list or a mapping, an integer for
 * a boolean and a boolean for an integer. (A string may hold digits or
 * `true`, an integer becomes a string: those are checked once known.)
 */
function neverFits(wanted: Attribute['type'], given: Attribute['type']): boolean {
  if (wanted === given) return false;
  if (isComposite(wanted) || isComposite(given)) return true;
  return (wanted === 'int64' && given === 'bool') || (wanted === 'bool' && given === 'int64');
}

/**
 * The reference parts of a template (text with `${...}` inside) whose value
 * is a list or a mapping, which cannot be interpolated into a string:
 * `data.products.products: cannot interpolate a list into a string`, at the
 * reference (the planner's message, found before any read).
 */
function interpolationErrors(expression: Expression, typeOf: ReferenceTypes): Diagnostic[] {
  if (expression.kind !== 'template') return [];
  const diagnostics: Diagnostic[] = [];
  for (const part of expression.parts) {
    // A splat (`${web[*].id}`) in text is reported with the other misuses of repetition (repetition.ts).
    if (typeof part === 'string' || isCallPart(part) || part.splat) continue;
    const type = typeOf(part)?.type;
    if (type === undefined || !isComposite(type)) continue;
    diagnostics.push({
      severity: 'error',
      code: 'type_mismatch',
      message: `${part.text}: cannot interpolate ${expectedKind(type)} into a string`,
      location: part.location,
    });
  }
  return diagnostics;
}

/**
 * Checks an expression as far as it is known before evaluation, and so
 * before any request: literals (also inside lists and mappings) with
 * {@link checkValue} (unless `literals` is false), the shape of lists and
 * mappings, references whose type the catalogue knows ({@link neverFits}:
 * `resources.web.product_id: expected an integer, got a list from
 * ${data.products.products}`), and templates: text around a reference is a
 * string, never an integer, a boolean, a list or a mapping
 * (`keypair_id: "${key.keypair_id}}"`), and a list or a mapping cannot be
 * interpolated. Other values of references are checked by the planner once
 * known.
 */
function checkExpression(
  name: string,
  attribute: Attribute,
  expression: Expression,
  subject: string,
  typeOf: ReferenceTypes,
  literals = true,
): Diagnostic[] {
  switch (expression.kind) {
    case 'literal':
      return literals ? checkValue(name, attribute, expression.value, expression.location, subject) : [];
    case 'reference': {
      const given = typeOf(expression.reference)?.type;
      if (given === undefined || !neverFits(attribute.type, given)) return [];
      return [typeError(subject, name, attribute, `${expectedKind(given)} from \${${expression.reference.text}}`, expression.location)];
    }
    case 'template': {
      const found = interpolationErrors(expression, typeOf);
      if (attribute.type !== 'string') {
        const first = expression.parts.find((part): part is Reference => typeof part !== 'string' && !isCallPart(part));
        const around = first ? `text around \${${first.text}} makes a string` : 'text around ${...} makes a string';
        found.push(typeError(subject, name, attribute, `a string (${around})`, expression.location));
      }
      return found;
    }
    case 'call': {
      const result = lookupFunction(expression.name)?.result;
      const given = result === undefined || result === 'any' ? undefined : RESULT_TYPES[result];
      if (given === undefined || !neverFits(attribute.type, given)) return [];
      return [typeError(subject, name, attribute, `${expectedKind(given)} from ${expression.name}()`, expression.location)];
    }
    case 'list': {
      if (attribute.type !== 'list') return [typeError(subject, name, attribute, 'a list', expression.location)];
      if (!attribute.fields) return [];
      const item: Attribute = { type: 'block', mode: 'optional', description: '', fields: attribute.fields };
      return expression.items.flatMap((entry, index) => checkExpression(`${name}[${index}]`, item, entry, subject, typeOf, literals));
    }
    case 'object': {
      if (attribute.type !== 'block') return [typeError(subject, name, attribute, 'a mapping', expression.location)];
      if (!attribute.fields) return [];
      const diagnostics: Diagnostic[] = [];
      for (const [key, entry] of Object.entries(expression.entries)) {
        const field = own(attribute.fields, snakeCase(key));
        if (!field) {
          if (!literals) continue; // reported with the literals
          diagnostics.push({
            severity: 'error',
            code: 'unknown_field',
            message: `${subject}.${name}: unknown field "${key}"${didYouMean(key, Object.keys(attribute.fields))}`,
            location: entry.location,
          });
          continue;
        }
        diagnostics.push(...checkExpression(`${name}.${key}`, field, entry, subject, typeOf, literals));
      }
      return diagnostics;
    }
  }
}

function typeError(subject: string, name: string, attribute: Attribute, got: string, location: SourceLocation): Diagnostic {
  return {
    severity: 'error',
    code: 'type_mismatch',
    message: `${subject}.${name}: expected ${expectedKind(attribute.type)}, got ${got}`,
    location,
  };
}

/** Names as the user would write them: camelCase when `written` is camelCase. */
function inStyleOf(written: string, names: string[]): string[] {
  return written !== snakeCase(written) ? names.map(camelCase) : names;
}

/** Splits an ajv instance path into segments. */
function segmentsOf(instancePath: string): string[] {
  if (instancePath === '') return [];
  return instancePath
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The declared input attributes of an entry. */
function inputNames(entry: CatalogueEntry): string[] {
  let names = inputNamesOf.get(entry);
  if (!names) {
    names = Object.entries(entry.attributes)
      .filter(([, attribute]) => attribute.mode !== 'computed')
      .map(([name]) => name);
    inputNamesOf.set(entry, names);
  }
  return names;
}

/** {@link inputNames} of each catalogue entry, worked out once (a manifest of 5,000 blocks asks 5,000 times). */
const inputNamesOf = new WeakMap<CatalogueEntry, string[]>();

/** The inputs of each catalogue entry that take a keypair of one pool (`keypair_id` of `cloud_lite_vm`: `lite`), worked out once. */
const keypairInputsOf = new WeakMap<CatalogueEntry, Array<[string, KeypairPool]>>();

function keypairInputs(entry: CatalogueEntry): Array<[string, KeypairPool]> {
  let inputs = keypairInputsOf.get(entry);
  if (!inputs) {
    inputs = Object.entries(entry.attributes).flatMap(([name, attribute]): Array<[string, KeypairPool]> =>
      attribute.keypairPool ? [[name, attribute.keypairPool]] : [],
    );
    keypairInputsOf.set(entry, inputs);
  }
  return inputs;
}

/** Everything the checks share. */
interface Context {
  manifest: Manifest;
  sourceMap: ManifestSourceMap;
  catalogue: CatalogueView;
  diagnostics: Diagnostic[];
  /** What the manifest's references are ({@link referenceTypes}). */
  typeOf: ReferenceTypes;
  /** The errors the checks may describe, shared by them all. */
  limit: DiagnosticLimit;
}

/**
 * Records an error; `code` says what kind (see `DiagnosticCode`). Past the
 * context's limit it is only counted; a message costly to write (a
 * suggestion) is given as a function, called only below the limit.
 */
function error(context: Context, message: string | (() => string), location: SourceLocation | undefined, code?: DiagnosticCode): void {
  if (!context.limit.admit()) return;
  const text = typeof message === 'string' ? message : message();
  context.diagnostics.push({ severity: 'error', ...(code ? { code } : {}), message: text, ...(location ? { location } : {}) });
}

/** Records the errors of a check that describes its own (each counted against the limit: past it, dropped and counted). */
function report(context: Context, found: Diagnostic[]): void {
  for (const diagnostic of found) if (diagnostic.severity !== 'error' || context.limit.admit()) context.diagnostics.push(diagnostic);
}

/** The catalogue entry of a block, when known and of the block's kind. */
function entryOf(context: Context, block: BlockDeclaration, kind: 'resource' | 'data'): CatalogueEntry | undefined {
  const entry = context.catalogue.lookup(block.type);
  return entry?.kind === kind ? entry : undefined;
}

function sectionOf(kind: 'resource' | 'data'): 'resources' | 'data' {
  return kind === 'resource' ? 'resources' : 'data';
}

/** Unknown types and types of the wrong kind. */
function checkTypes(context: Context, block: BlockDeclaration, kind: 'resource' | 'data'): void {
  const section = sectionOf(kind);
  const subject = `${section}.${block.name}`;
  const entry = context.catalogue.lookup(block.type);
  if (entry?.kind === kind) return;
  const at = context.sourceMap.nodes.get(jsonPointer([section, block.name, 'type']))?.value ?? block.location;
  if (!entry) {
    error(
      context,
      () => `unknown type "${block.type}" for ${subject}${didYouMean(block.type, context.catalogue.spellings(kind))}`,
      at,
      'unknown_type',
    );
  } else if (entry.kind !== kind) {
    error(
      context,
      kind === 'resource'
        ? `${subject}: "${block.type}" is a data source type; declare it under data:`
        : `${subject}: "${block.type}" is a resource type; declare it under resources:`,
      at,
      'type_in_wrong_section',
    );
  }
}

/** Maps ajv errors about a block's `properties` to diagnostics. */
function schemaDiagnostics(context: Context): void {
  // A valid manifest, the common case, is told apart without running (or loading) the compiled schema.
  if (inputNamesValid(context.sourceMap.data, context.manifest, context.catalogue)) return;
  const validate = schemaValidator(context.catalogue);
  if (validate(context.sourceMap.data)) return;
  for (const ajvError of (validate.errors ?? []) as ErrorObject[]) {
    const segments = segmentsOf(ajvError.instancePath);
    const [section, name] = segments;
    if ((section !== 'resources' && section !== 'data') || name === undefined) continue;
    const kind = section === 'resources' ? 'resource' : 'data';
    const block = section === 'resources' ? context.manifest.resources[name] : context.manifest.data[name];
    if (!block) continue;
    const entry = entryOf(context, block, kind);
    if (!entry) continue;
    const subject = `${section}.${name}`;
    const nodes = context.sourceMap.nodes;
    const params = ajvError.params as Record<string, unknown>;
    if (segments.length === 2 && ajvError.keyword === 'required' && params.missingProperty === 'properties') {
      if (nodes.has(jsonPointer([section, name, 'properties']))) continue; // written, but not a mapping: reported by parse
      for (const [attributeName, attribute] of Object.entries(entry.attributes)) {
        if (attribute.mode === 'required')
          error(context, `${subject} (${entry.type}) is missing required attribute "${attributeName}"`, block.location, 'missing_required');
      }
      continue;
    }
    if (segments.length !== 3 || segments[2] !== 'properties') continue;
    if (ajvError.keyword === 'additionalProperties') {
      const attributeName = String(params.additionalProperty);
      const info = nodes.get(jsonPointer([section, name, 'properties', attributeName]));
      const written = info?.written ?? attributeName;
      const at = info?.key ?? block.location;
      if (own(entry.attributes, attributeName)?.mode === 'computed') {
        error(context, `"computed" attribute "${attributeName}" of ${entry.type} cannot be set`, at, 'computed_attribute_set');
      } else {
        const inputs = inputNames(entry);
        error(
          context,
          () => `unknown attribute "${written}" in ${subject} (${entry.type})${didYouMean(written, inStyleOf(written, inputs))}`,
          at,
          'unknown_attribute',
        );
      }
    } else if (ajvError.keyword === 'required') {
      const attributeName = String(params.missingProperty);
      if (own(entry.attributes, attributeName)?.mode !== 'required') continue; // the camelCase alternative
      const at = nodes.get(jsonPointer([section, name, 'properties']))?.key ?? block.location;
      error(context, `${subject} (${entry.type}) is missing required attribute "${attributeName}"`, at, 'missing_required');
    }
  }
}

/** Literal values, `lifecycle.ignore_changes` and `depends_on` of one block. */
function checkBlock(context: Context, block: BlockDeclaration, kind: 'resource' | 'data'): void {
  const section = sectionOf(kind);
  const subject = `${section}.${block.name}`;
  const entry = entryOf(context, block, kind);
  if (entry) {
    const { properties } = block;
    for (const name of Object.keys(properties)) {
      const attribute = own(entry.attributes, name);
      if (!attribute || attribute.mode === 'computed') continue;
      const found = checkExpression(name, attribute, properties[name], subject, context.typeOf);
      if (found.length > 0) report(context, found);
    }
    if (kind === 'resource' && block.lifecycle.ignoreChanges !== 'all') {
      const inputs = inputNames(entry);
      block.lifecycle.ignoreChanges.forEach((name, index) => {
        const attribute = own(entry.attributes, name);
        if (attribute && attribute.mode !== 'computed') return;
        // Where the name is written, and how, only for the message.
        const info = context.sourceMap.nodes.get(jsonPointer([section, block.name, 'lifecycle', 'ignore_changes', index]));
        const written = info?.written ?? name;
        const at = info?.value ?? block.location;
        if (!attribute) {
          error(
            context,
            () =>
              `${subject}.lifecycle.ignore_changes: unknown attribute "${written}" of ${entry.type}${didYouMean(written, inStyleOf(written, inputs))}`,
            at,
            'unknown_attribute',
          );
        } else if (attribute.mode === 'computed') {
          error(
            context,
            `${subject}.lifecycle.ignore_changes: "${written}" is a computed attribute of ${entry.type}; only inputs can be ignored`,
            at,
            'computed_attribute_ignored',
          );
        }
      });
    }
  }
  for (const dependency of block.dependsOn) {
    const isData = dependency.address.startsWith('data.');
    const name = isData ? dependency.address.slice('data.'.length) : dependency.address;
    const declared = isData ? context.manifest.data : context.manifest.resources;
    if (declared[name] || context.sourceMap.nodes.has(jsonPointer([isData ? 'data' : 'resources', name]))) continue;
    const what = isData ? `no data source "${name}" is declared` : `no resource "${name}" is declared`;
    const candidates = isData
      ? Object.keys(context.manifest.data).map((other) => `data.${other}`)
      : Object.keys(context.manifest.resources);
    error(
      context,
      () => `unknown depends_on target "${dependency.address}" in ${subject}: ${what}${didYouMean(dependency.address, candidates)}`,
      dependency.location,
      'unknown_dependency',
    );
  }
}

/** A human word for an attribute's shape in reference messages. */
function shapeWord(attribute: Attribute): string {
  return expectedKind(attribute.type);
}

/** Checks one reference: its target is declared and its path exists on the target type. */
function checkReference(context: Context, reference: Reference): void {
  const { manifest, sourceMap, catalogue } = context;
  const shown = () => formatReference(reference);
  if (reference.root === 'count' || reference.root === 'each') return; // checked with the block (repetition.ts)
  if (reference.root === 'var') {
    if (reference.name === WORKSPACE_VARIABLE) return;
    if (manifest.variables[reference.name] || sourceMap.nodes.has(jsonPointer(['variables', reference.name]))) return;
    error(
      context,
      () =>
        `unknown reference "${shown()}": no variable "${reference.name}" is declared${didYouMean(reference.name, Object.keys(manifest.variables))}`,
      reference.location,
      'reference_unknown',
    );
    return;
  }
  // `${module.cluster.x}`: a module's output, checked when modules are instantiated (modules.ts).
  if (reference.root === 'resource' && reference.name === 'module') return;
  const isData = reference.root === 'data';
  const section = isData ? 'data' : 'resources';
  const block = isData ? manifest.data[reference.name] : manifest.resources[reference.name];
  if (!block) {
    if (sourceMap.nodes.has(jsonPointer([section, reference.name]))) return; // declared, but broken: already reported
    const what = isData ? `no data source "${reference.name}" is declared` : `no resource "${reference.name}" is declared`;
    const names = Object.keys(isData ? manifest.data : manifest.resources);
    const hint = () =>
      didYouMean(reference.name, names) || (!isData && manifest.data[reference.name] ? `; did you mean "\${data.${reference.text}}"?` : '');
    error(context, () => `unknown reference "${shown()}": ${what}${hint()}`, reference.location, 'reference_unknown');
    return;
  }
  const entry = catalogue.lookup(block.type);
  if (!entry || entry.kind !== (isData ? 'data' : 'resource')) return; // the type is reported on its own
  const [head, ...rest] = reference.path;
  const attributeName = String(head);
  const attribute = own(entry.attributes, attributeName);
  const target = isData ? `data.${reference.name}` : reference.name;
  if (!attribute) {
    error(
      context,
      () => `unknown attribute "${attributeName}" of ${entry.type} "${target}"${didYouMean(attributeName, Object.keys(entry.attributes))}`,
      reference.location,
      'reference_unknown_attribute',
    );
    return;
  }
  // Walk the remaining steps while the shape is known (the path as written so far is spelled out only for a message).
  const invalid = (index: number, why: (path: string) => string) => {
    const path = () =>
      `${target}.${attributeName}${rest
        .slice(0, index)
        .map((earlier) => (typeof earlier === 'number' ? `[${earlier}]` : `.${earlier}`))
        .join('')}`;
    error(context, () => `invalid reference "${shown()}": ${why(path())}`, reference.location, 'reference_invalid_path');
  };
  let current: Attribute | undefined = attribute;
  for (let index = 0; index < rest.length; index++) {
    if (!current) return;
    const step = rest[index];
    if (current.type === 'string' || current.type === 'int64' || current.type === 'bool') {
      const shape = shapeWord(current);
      invalid(index, (path) => `${path} is ${shape} and has no ${typeof step === 'number' ? `index [${step}]` : `field "${step}"`}`);
      return;
    }
    if (current.type === 'list') {
      if (typeof step !== 'number') {
        invalid(index, (path) => `${path} is a list; use an index such as ${path}[0]`);
        return;
      }
      current = current.fields ? { type: 'block', mode: 'computed', description: '', fields: current.fields } : undefined;
      continue;
    }
    // block
    if (typeof step === 'number') {
      invalid(index, (path) => `${path} is a mapping; use a field name instead of [${step}]`);
      return;
    }
    if (!current.fields) return;
    const field: Attribute | undefined = own(current.fields, step);
    if (!field) {
      const fields = current.fields;
      invalid(index, (path) => `${path} has no field "${step}"${didYouMean(step, Object.keys(fields))}`);
      return;
    }
    current = field;
  }
}

/** The references of one expression (a property or an output). */
function checkExpressionReferences(context: Context, expression: Expression): void {
  if (expression.kind === 'literal') return;
  if (expression.kind === 'reference') checkReference(context, expression.reference);
  else for (const reference of referencesOf(expression)) checkReference(context, reference);
}

/**
 * Calls `visit` with each data source, then each resource, of `manifest`
 * whose type the catalogue knows as that kind, with its catalogue entry.
 */
function forEachCatalogueBlock(
  manifest: Manifest,
  catalogue: CatalogueView,
  visit: (block: BlockDeclaration, kind: 'resource' | 'data', entry: CatalogueEntry) => void,
): void {
  for (const kind of ['data', 'resource'] as const) {
    for (const block of Object.values(kind === 'data' ? manifest.data : manifest.resources)) {
      const entry = catalogue.lookup(block.type);
      if (entry && entry.kind === kind) visit(block, kind, entry);
    }
  }
}

/**
 * Keypair pools: an input with `keypairPool: X` (e.g. `keypair_id` of
 * `cloud_lite_vm`, pool `lite`) that is exactly a reference to
 * `<name>.keypair_id` or `<name>.id` of a resource whose type is a keypair of
 * pool Y ≠ X is an error at the property's key:
 * `keypair_id: keypair "k" is in the lite_pro pool; cloud_lite_vm needs a lite keypair`.
 * References to anything else (variables, literals, non-keypair resources)
 * are not checked.
 */
export function checkKeypairPools(manifest: Manifest, catalogue: CatalogueView = defaultCatalogue): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  forEachCatalogueBlock(manifest, catalogue, (block, _kind, entry) => {
    for (const [name, wanted] of keypairInputs(entry)) {
      const expression = block.properties[name];
      if (expression?.kind !== 'reference') continue;
      const { reference } = expression;
      if (reference.root !== 'resource' || reference.path.length !== 1) continue;
      if (reference.path[0] !== 'keypair_id' && reference.path[0] !== 'id') continue;
      const target = manifest.resources[reference.name];
      const targetEntry = target ? catalogue.lookup(target.type) : undefined;
      if (targetEntry?.kind !== 'resource' || !targetEntry.keypairPool || targetEntry.keypairPool === wanted) continue;
      diagnostics.push({
        severity: 'error',
        code: 'keypair_pool_mismatch',
        message: `${name}: keypair "${reference.name}" is in the ${targetEntry.keypairPool} pool; ${entry.type} needs a ${wanted} keypair`,
        location: block.propertyLocations[name] ?? expression.location,
      });
    }
  });
  return diagnostics;
}

/** Sorts diagnostics by file, line and column (stable) and drops exact duplicates. */
export function sortDiagnostics(diagnostics: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  const unique = diagnostics.filter((diagnostic) => {
    const key = `${diagnostic.severity}|${diagnostic.location?.file}:${diagnostic.location?.line}:${diagnostic.location?.column}|${diagnostic.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return unique
    .map((diagnostic, index) => ({ diagnostic, index }))
    .sort((a, b) => {
      const x = a.diagnostic.location;
      const y = b.diagnostic.location;
      if (!x || !y) return (x ? 1 : 0) - (y ? 1 : 0) || a.index - b.index;
      return x.file.localeCompare(y.file) || x.line - y.line || x.column - y.column || a.index - b.index;
    })
    .map(({ diagnostic }) => diagnostic);
}

/**
 * Validates a parsed manifest (`sourceMap` from `parseManifest`) and returns
 * every problem, sorted by position:
 *
 * - unknown types (`unknown type "cloud_lite_vmm" for resources.web; did you mean "cloud_lite_vm"?`)
 *   and types under the wrong section;
 * - the JSON Schema (ajv, `allErrors`) on the normalised data, mapped to
 *   positions: unknown attributes (`unknown attribute "vm_nmae" in
 *   resources.web (cloud_lite_vm); did you mean "vm_name"?`), computed ones
 *   (`"computed" attribute "status" of cloud_lite_vm cannot be set`) and
 *   missing required ones (`resources.web (cloud_lite_vm) is missing required
 *   attribute "select_os"`, at the `properties` key, or the block key without
 *   one);
 * - literal values with {@link checkValue};
 * - references: declared targets (`unknown reference "${data.nope.products}":
 *   no data source "nope" is declared`), attributes of the target type
 *   (`unknown attribute "ip_adress" of cloud_lite_vm "web"`) and, where the
 *   catalogue knows them, nested fields;
 * - `depends_on` targets, `lifecycle.ignore_changes` names;
 * - keypair pools ({@link checkKeypairPools}) and dependency cycles
 *   (`dependency cycle: a -> b -> a`).
 *
 * Never throws. Declarations that failed to parse are not reported again
 * when referenced.
 */
export function validateManifest(manifest: Manifest, sourceMap: ManifestSourceMap, options: ValidateOptions = {}): Diagnostic[] {
  const catalogue = options.catalogue ?? defaultCatalogue;
  // Each check reports into its own list; the lists are joined in the order the checks are listed above (the order ties keep).
  const typeOf = referenceTypes(manifest, catalogue);
  const limit = options.limit ?? new DiagnosticLimit();
  const contextOf = (): Context => ({ manifest, sourceMap, catalogue, diagnostics: [], typeOf, limit });
  const [types, schema, values, references, graph] = [contextOf(), contextOf(), contextOf(), contextOf(), contextOf()];
  // One walk of the blocks for the checks made block by block.
  for (const kind of ['data', 'resource'] as const) {
    for (const block of Object.values(kind === 'data' ? manifest.data : manifest.resources)) {
      checkTypes(types, block, kind);
      checkBlock(values, block, kind);
      for (const expression of Object.values(block.properties)) checkExpressionReferences(references, expression);
    }
  }
  for (const output of Object.values(manifest.outputs)) {
    checkExpressionReferences(references, output.value);
    report(values, interpolationErrors(output.value, typeOf));
  }
  schemaDiagnostics(schema);
  report(graph, checkKeypairPools(manifest, catalogue));
  report(graph, findCycleDiagnostics(manifest, options.graph ?? buildDependencyGraph(manifest)));
  return sortDiagnostics([
    ...types.diagnostics,
    ...schema.diagnostics,
    ...values.diagnostics,
    ...references.diagnostics,
    ...graph.diagnostics,
  ]);
}

/**
 * The type checks of {@link checkExpression} that read references (not
 * literals, which validation of the file they are written in checks), on
 * every block and output of a manifest whose modules are instantiated: a
 * module's blocks read the inputs given to it (`size:
 * "${data.products.products[0]}"` for a module that sets `disk_size:
 * ${var.size}`), and `${module.m.x}` is replaced with what output `x` is
 * made of, so both are checked before any request, as references written
 * out are. A problem {@link validateManifest} already reported comes out
 * the same (message and location); {@link sortDiagnostics} drops the
 * copy. Never throws.
 */
export function checkReferenceTypes(manifest: Manifest, catalogue: CatalogueView = defaultCatalogue): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const typeOf = referenceTypes(manifest, catalogue);
  forEachCatalogueBlock(manifest, catalogue, (block, kind, entry) => {
    const subject = `${sectionOf(kind)}.${block.name}`;
    for (const [name, expression] of Object.entries(block.properties)) {
      const attribute = own(entry.attributes, name);
      if (!attribute || attribute.mode === 'computed' || expression.kind === 'literal') continue;
      diagnostics.push(...checkExpression(name, attribute, expression, subject, typeOf, false));
    }
  });
  for (const output of Object.values(manifest.outputs)) diagnostics.push(...interpolationErrors(output.value, typeOf));
  return diagnostics;
}

/**
 * The problems of the variable references inside an expression that also
 * refers to resources or data sources (whose values are known only while
 * planning): a path that does not exist in the variable's value, or a list
 * or mapping interpolated into a string. Same messages and locations as
 * `evaluate`.
 */
function variableParts(expression: Expression, resolveRoot: (reference: Reference) => RootValue | undefined): Diagnostic[] {
  const known = (reference: Reference) => reference.root === 'var' && resolveRoot(reference) !== undefined;
  switch (expression.kind) {
    case 'literal':
      return [];
    case 'reference':
      return known(expression.reference) ? evaluateReference(expression.reference, resolveRoot).diagnostics : [];
    case 'call':
      return expression.arguments.flatMap((argument) => variableParts(argument, resolveRoot));
    case 'template':
      return expression.parts.flatMap((part) => {
        if (typeof part !== 'string' && isCallPart(part)) return variableParts(part, resolveRoot);
        if (typeof part === 'string' || !known(part)) return [];
        const evaluation = evaluateReference(part, resolveRoot);
        if (evaluation.diagnostics.length > 0) return evaluation.diagnostics;
        const value = evaluation.value;
        if (value === null || typeof value !== 'object' || containsUnknown(value)) return [];
        return [
          {
            severity: 'error' as const,
            message: `${part.text}: cannot interpolate ${describeKind(value)} into a string`,
            location: part.location,
          },
        ];
      });
    case 'list':
      return expression.items.flatMap((item) => variableParts(item, resolveRoot));
    case 'object':
      return Object.values(expression.entries).flatMap((entry) => variableParts(entry, resolveRoot));
  }
}

/**
 * Checks, before any API call, what the planner would otherwise find only
 * after refreshing: every property of a known resource or data source type
 * whose references are all variables (`${var.x}`, `size-${var.n}`) is
 * evaluated with the variables' values and checked like a literal
 * ({@link checkValue}, after the planner's {@link coerce}); in the other
 * properties, the variable references are evaluated ({@link variableParts}).
 * Evaluation errors
 * (`var.tags: cannot interpolate a list into a string`, a path into a
 * string) and value errors are returned with the planner's messages and
 * locations; a sensitive variable's value is never shown. Never throws.
 */
export function checkVariableValues(
  manifest: Manifest,
  variables: Record<string, Value>,
  sensitiveVariables: ReadonlySet<string>,
  catalogue: CatalogueView = defaultCatalogue,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const isVariable = (reference: Reference) => reference.root === 'var' && Object.hasOwn(variables, reference.name);
  const resolveRoot = (reference: Reference) =>
    reference.root === 'var' && Object.hasOwn(variables, reference.name)
      ? { value: variables[reference.name] as PlannedValue, sensitive: sensitiveVariables.has(reference.name) }
      : undefined;
  // The variables found valid for an attribute as a lone `${var.NAME}`: the same value checked
  // again for the same attribute (thousands of blocks sharing `${var.cycle}`) passes again.
  const passed = new Map<Attribute, Set<string>>();
  forEachCatalogueBlock(manifest, catalogue, (block, kind, entry) => {
    const subject = kind === 'data' ? block.address : `resources.${block.name}`;
    for (const name of Object.keys(block.properties)) {
      const expression = block.properties[name];
      if (expression.kind === 'literal') continue; // no variable in it: checked by validateManifest already
      // A lone reference to anything but a variable (known only while planning) has no variable part to check.
      if (expression.kind === 'reference' && !isVariable(expression.reference)) continue;
      const lone = expression.kind === 'reference' && expression.reference.path.length === 0 ? expression.reference.name : undefined;
      const attribute = own(entry.attributes, name);
      if (lone !== undefined && attribute && passed.get(attribute)?.has(lone)) continue;
      // Not a literal: references, all to variables, or function calls of literals; else only the variable parts are checked now.
      if (!referencesOf(expression).every(isVariable)) {
        const found = variableParts(expression, resolveRoot);
        if (found.length > 0) diagnostics.push(...found);
        continue;
      }
      const evaluation = evaluate(expression, resolveRoot);
      diagnostics.push(...evaluation.diagnostics);
      if (evaluation.diagnostics.length > 0 || !attribute || attribute.mode === 'computed') continue;
      const value = coerce(attribute, evaluation.value);
      if (containsUnknown(value)) continue;
      const found = checkValue(
        name,
        attribute,
        value as Value,
        block.propertyLocations[name] ?? block.location,
        subject,
        evaluation.sensitive,
      );
      if (found.length > 0) diagnostics.push(...found);
      else if (lone !== undefined) {
        if (!passed.has(attribute)) passed.set(attribute, new Set());
        passed.get(attribute)!.add(lone);
      }
    }
  });
  return diagnostics;
}
