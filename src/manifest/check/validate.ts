/**
 * Validation of a parsed manifest against the catalogue: the JSON Schema
 * (ajv, `allErrors`) on the normalised data, and the checks a schema cannot
 * express: types, references, `depends_on`, `lifecycle.ignore_changes`,
 * computed attributes given as input, keypair pools, dependency cycles,
 * the type and limits of literal values, and the types of references and
 * templates where the catalogue knows them (`checkExpression`).
 *
 * Division of labour: `parse/` reports the manifest's skeleton (sections,
 * block keys, shapes), so ajv errors outside a block's `properties` are not
 * repeated here; ajv reports attribute names (unknown, computed, required);
 * {@link checkValue} reports attribute values with exact messages (ajv's
 * value errors are dropped in its favour).
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { camelCase, snakeCase, type Attribute, type CatalogueEntry } from '../../resources/attribute.js';
import { buildDependencyGraph, findCycleDiagnostics, type DependencyGraph } from '../graph.js';
import { type Diagnostic, type DiagnosticCode, type SourceLocation } from '../../core/types.js';
import { WORKSPACE_VARIABLE, isSelfReference, type BlockDeclaration, type Expression, type Manifest, type Reference } from '../types.js';
import { defaultCatalogue, type CatalogueView } from '../catalogue.js';
import { formatReference, referencesOf } from '../parse/expressions.js';
import { inputNamesValid } from './input-names.js';
import { jsonPointer, type ManifestSourceMap } from '../parse/walker.js';
import { compileSchemaValidator, precompiledSchemaValidator } from '../schema-validator.js';
import { didYouMean } from '../suggest.js';
import { DiagnosticLimit } from '../limit.js';
import { expectedKind, own } from './values.js';
import { sectionOf } from './blocks.js';
import { type ReferenceTypes, checkExpression, interpolationErrors, referenceTypes } from './references.js';
import { checkKeypairPools } from './keypair-pools.js';
import { blocksOf } from '../block-list.js';

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
  if (inputNamesValid(context.sourceMap.data, context.manifest, context.catalogue, context.sourceMap.fileData)) return;
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
  // Messages are spelled out only when made (no closure nor string per call): a manifest of 100,000 resources checks some 270,000 references.
  if (reference.root === 'count' || reference.root === 'each') return; // checked with the block (check/repetition.ts)
  if (reference.root === 'local') return checkLocal(context, reference);
  if (reference.root === 'var') {
    if (reference.name === WORKSPACE_VARIABLE) return;
    if (manifest.variables[reference.name] || sourceMap.nodes.has(jsonPointer(['variables', reference.name]))) return;
    error(
      context,
      () =>
        `unknown reference "${formatReference(reference)}": no variable "${reference.name}" is declared${didYouMean(reference.name, Object.keys(manifest.variables))}`,
      reference.location,
      'reference_unknown',
    );
    return;
  }
  // `${module.cluster.x}`: a module's output, checked when modules are instantiated (expand/modules.ts).
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
    error(context, () => `unknown reference "${formatReference(reference)}": ${what}${hint()}`, reference.location, 'reference_unknown');
    return;
  }
  const entry = catalogue.lookup(block.type);
  if (!entry || entry.kind !== (isData ? 'data' : 'resource')) return; // the type is reported on its own
  const steps = reference.path;
  if (steps.length === 0) return; // the block (or an instance) as a value: its steps are checked when evaluated
  const attributeName = String(steps[0]);
  const attribute = own(entry.attributes, attributeName);
  if (!attribute) {
    error(
      context,
      () =>
        `unknown attribute "${attributeName}" of ${entry.type} "${blockOfReference(reference)}"${didYouMean(attributeName, Object.keys(entry.attributes))}`,
      reference.location,
      'reference_unknown_attribute',
    );
    return;
  }
  // Walk the remaining steps (`steps[1]` on) while the shape is known (the path as written so far is spelled out only for a message).
  let current: Attribute | undefined = attribute;
  for (let index = 0; index < steps.length - 1; index++) {
    if (!current) return;
    const step = steps[index + 1]!;
    if (current.type === 'string' || current.type === 'int64' || current.type === 'bool') {
      const shape = shapeWord(current);
      invalidPath(
        context,
        reference,
        index,
        (path) => `${path} is ${shape} and has no ${typeof step === 'number' ? `index [${step}]` : `field "${step}"`}`,
      );
      return;
    }
    if (current.type === 'list') {
      if (typeof step !== 'number') {
        invalidPath(context, reference, index, (path) => `${path} is a list; use an index such as ${path}[0]`);
        return;
      }
      current = current.fields ? { type: 'block', mode: 'computed', description: '', fields: current.fields } : undefined;
      continue;
    }
    // block
    if (typeof step === 'number') {
      invalidPath(context, reference, index, (path) => `${path} is a mapping; use a field name instead of [${step}]`);
      return;
    }
    if (!current.fields) return;
    const field: Attribute | undefined = own(current.fields, step);
    if (!field) {
      const fields = current.fields;
      invalidPath(context, reference, index, (path) => `${path} has no field "${step}"${didYouMean(step, Object.keys(fields))}`);
      return;
    }
    current = field;
  }
}

/** The block a resource or data reference names, as written in messages (`web`, `data.os`). */
function blockOfReference(reference: Reference): string {
  return reference.root === 'data' ? `data.${reference.name}` : reference.name;
}

/**
 * Reports a reference whose step `index + 1` cannot be taken: `why` is
 * given the path as written up to it (`web.disks[0]`).
 */
function invalidPath(context: Context, reference: Reference, index: number, why: (path: string) => string): void {
  const written = () =>
    `${blockOfReference(reference)}.${String(reference.path[0])}${reference.path
      .slice(1, index + 1)
      .map((earlier) => (typeof earlier === 'number' ? `[${earlier}]` : `.${earlier}`))
      .join('')}`;
  error(
    context,
    () => `invalid reference "${formatReference(reference)}": ${why(written())}`,
    reference.location,
    'reference_invalid_path',
  );
}

/** A `local.NAME` reference: NAME is declared under `locals:`. */
function checkLocal(context: Context, reference: Reference): void {
  const locals = context.manifest.locals ?? {};
  if (Object.hasOwn(locals, reference.name)) return;
  error(
    context,
    () =>
      `unknown reference "${formatReference(reference)}": no local value "${reference.name}" is declared${didYouMean(reference.name, Object.keys(locals))}`,
    reference.location,
    'reference_unknown',
  );
}

/**
 * Cycles among local values (`a: ${local.b}`, `b: ${local.a}`): one
 * `cycle` diagnostic per cycle, at the reference that closes it.
 */
function localCycles(manifest: Manifest): Diagnostic[] {
  const locals = manifest.locals ?? {};
  const diagnostics: Diagnostic[] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (name: string) => {
    if (done.has(name)) return;
    path.push(name);
    for (const reference of referencesOf(locals[name].value)) {
      if (reference.root !== 'local' || !Object.hasOwn(locals, reference.name)) continue;
      const at = path.indexOf(reference.name);
      if (at >= 0) {
        const cycle = [...path.slice(at), reference.name].map((entry) => `local.${entry}`).join(' -> ');
        diagnostics.push({ severity: 'error', code: 'cycle', message: `cycle among local values: ${cycle}`, location: reference.location });
        continue;
      }
      visit(reference.name);
    }
    path.pop();
    done.add(name);
  };
  for (const name of Object.keys(locals)) visit(name);
  return diagnostics;
}

/** The references of one expression (a property or an output). */
function checkExpressionReferences(context: Context, expression: Expression): void {
  if (expression.kind === 'literal') return;
  if (expression.kind === 'reference') checkReference(context, expression.reference);
  else for (const reference of referencesOf(expression)) checkReference(context, reference);
}

/**
 * The references of a block's preconditions and postconditions: as a
 * property's, and `${self.ATTRIBUTE}` (a postcondition's only) checked as a
 * reference to the block itself.
 */
function checkConditionReferences(context: Context, block: BlockDeclaration, kind: 'data' | 'resource'): void {
  for (const entry of block.conditions ?? []) {
    for (const reference of [...referencesOf(entry.condition), ...referencesOf(entry.message)]) {
      if (!isSelfReference(reference)) {
        checkReference(context, reference);
        continue;
      }
      if (entry.kind === 'precondition') {
        error(
          context,
          `"${formatReference(reference)}": self names the block's own attributes, known only after it is applied: use it in a postcondition`,
          reference.location,
          'reference_unknown',
        );
        continue;
      }
      checkReference(context, { ...reference, root: kind === 'data' ? 'data' : 'resource', name: block.name });
    }
  }
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
    for (const block of blocksOf(kind === 'data' ? manifest.data : manifest.resources)) {
      checkTypes(types, block, kind);
      checkBlock(values, block, kind);
      for (const expression of Object.values(block.properties)) checkExpressionReferences(references, expression);
      checkConditionReferences(references, block, kind);
    }
  }
  for (const local of Object.values(manifest.locals ?? {})) checkExpressionReferences(references, local.value);
  report(references, localCycles(manifest));
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
