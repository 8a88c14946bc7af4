/**
 * Every expression of an expanded manifest evaluated before any request,
 * with what is known then: variables (and locals made of them) have their
 * values, every attribute of a resource or data source is unknown (known
 * only while planning). Whatever fails with those values fails whatever
 * the API says (unknown values stay unknown through every form, so no
 * error is guessed), so `validate` refuses what `plan` would refuse when
 * no value is unknown: `${1 / 0}`, `${var.a.nosuch}`, `${"a" + "b"}`,
 * an attribute the type does not have (`web[0].stauts`), an instance that
 * does not exist where it is evaluated, in properties, conditions and outputs.
 *
 * Types are known before values: every attribute of a resource or data
 * source is an unknown of its catalogue type (an integer is an unknown
 * number, a list an unknown list; a string attribute stays of unknown type,
 * since it may hold digits the planner converts), and the evaluator gives
 * function results and operators their types (see `UnknownValue.type`). So
 * `${web.keypair_id ? 1 : 2}` (a number as a condition) fails here, and a
 * property whose value is unknown but whose type can never become the
 * attribute's ({@link unknownTypeError}: `keypair_id: ${upper(key.name)}`)
 * or a condition that can never be true or false, before any request.
 */
import { unknown, unknownType, type Diagnostic, type PlannedValue, type UnknownType, type Value } from '../../core/types.js';
import { isSelfReference, referenceTarget, type BlockDeclaration, type Expression, type Manifest, type Reference } from '../types.js';
import type { Attribute } from '../../resources/attribute.js';
import { evaluate, type ResolveRoot, type RootValue } from '../evaluate/expressions.js';
import { isOperatorExpression } from '../parse/expression-tree.js';
import { defaultCatalogue, type CatalogueView } from '../catalogue.js';
import { expectedKind, own } from './values.js';
import { referenceTypes } from './references.js';
import { sectionOf } from './blocks.js';
import { blocksOf } from '../block-list.js';

/** The unknown type of an attribute's value before it is read (a string attribute: not known, see the module comment). */
const ATTRIBUTE_TYPES: Record<Attribute['type'], UnknownType | undefined> = {
  string: undefined,
  int64: 'number',
  bool: 'bool',
  list: 'list',
  block: 'map',
};

/**
 * The types whose values the planner turns into each attribute type
 * (`coerce`): a number becomes a string; a string converts to an integer or
 * a boolean only when it is a literal or a variable's value, whose text is
 * checked now, never when computed from values read later.
 */
const FITS: Record<Attribute['type'], readonly UnknownType[]> = {
  string: ['string', 'number'],
  int64: ['number'],
  bool: ['bool'],
  list: ['list'],
  block: ['map'],
};

/** The conversion function that turns a string into each scalar type, for a message's hint. */
const CONVERTERS: Partial<Record<Attribute['type'], string>> = { int64: 'tonumber', bool: 'tobool' };

/**
 * The error of a property written as a call or an operator form whose value
 * is `value` at load: an unknown of a known type that the attribute can
 * never take (see {@link FITS}), e.g. `resources.web.keypair_id: expected
 * an integer, got a string from upper() (convert it with tonumber())`, at
 * the expression. `undefined` when it fits or its type is not known.
 */
export function unknownTypeError(
  subject: string,
  name: string,
  attribute: Attribute,
  expression: Expression,
  value: PlannedValue,
): Diagnostic | undefined {
  const given = unknownType(value);
  if (given === undefined || FITS[attribute.type].includes(given)) return undefined;
  if (expression.kind !== 'call' && !isOperatorExpression(expression)) return undefined; // references and templates: check/references.ts
  const from = expression.kind === 'call' ? ` from ${expression.name}()` : '';
  const converter = given === 'string' ? CONVERTERS[attribute.type] : undefined;
  return {
    severity: 'error',
    code: 'type_mismatch',
    message: `${subject}.${name}: expected ${expectedKind(attribute.type)}, got ${KINDS[given]}${from}${converter ? ` (convert it with ${converter}())` : ''}`,
    location: expression.location,
  };
}

/** A type as a message says it. */
const KINDS: Record<UnknownType, string> = { string: 'a string', number: 'a number', bool: 'a boolean', list: 'a list', map: 'a mapping' };

/**
 * The errors of evaluating every property, condition and output of
 * `manifest` (expanded: instances, modules instantiated) with the values
 * known before any request (see the module comment). `locals` resolves
 * `local.NAME` (undefined: not known now). Never throws.
 */
export function checkStaticValues(
  manifest: Manifest,
  variables: Record<string, Value>,
  sensitiveVariables: ReadonlySet<string>,
  catalogue: CatalogueView = defaultCatalogue,
  locals?: (reference: Reference) => RootValue | undefined,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  // One object of unknown attributes per type: the values are never looked at, only the errors.
  const unknownObjects = new Map<string, RootValue>();
  const typeOf = referenceTypes(manifest, catalogue);
  const unknownTypeOf = (reference: Reference): UnknownType | undefined => {
    const attribute = typeOf(reference);
    return attribute && ATTRIBUTE_TYPES[attribute.type];
  };
  const blockRoot = (kind: 'data' | 'resource', name: string): RootValue => {
    const block = own(kind === 'data' ? manifest.data : manifest.resources, name);
    const entry = block ? catalogue.lookup(block.type) : undefined;
    if (!block || !entry || entry.kind !== kind) return { value: unknown(name) };
    let root = unknownObjects.get(block.type);
    if (!root) {
      const value = Object.create(null) as Record<string, PlannedValue>;
      for (const [attribute, definition] of Object.entries(entry.attributes))
        value[attribute] = unknown(attribute, ATTRIBUTE_TYPES[definition.type]);
      root = { value, type: { name: block.type, attributes: Object.keys(entry.attributes) }, unknownType: unknownTypeOf };
      unknownObjects.set(block.type, root);
    }
    return root;
  };
  const resolve: ResolveRoot = (reference) => {
    if (reference.root === 'var') {
      return Object.hasOwn(variables, reference.name)
        ? { value: variables[reference.name], sensitive: sensitiveVariables.has(reference.name) }
        : { value: unknown(reference.text) };
    }
    if (reference.root === 'local') return localRoot(reference);
    // The block's name as is when the reference names no instance (no string made per reference).
    if (reference.root === 'data')
      return blockRoot('data', reference.key === undefined ? reference.name : referenceTarget(reference).slice('data.'.length));
    if (reference.root === 'resource' && reference.name !== 'module')
      return blockRoot('resource', reference.key === undefined ? reference.name : referenceTarget(reference));
    return { value: unknown(reference.text) };
  };
  // Each local value once (errors reported at the local), then read by its readers.
  const localValues = new Map<string, RootValue>();
  const localRoot = (reference: Reference): RootValue => {
    const known = localValues.get(reference.name);
    if (known) return known;
    const declaration = manifest.locals && Object.hasOwn(manifest.locals, reference.name) ? manifest.locals[reference.name] : undefined;
    if (!declaration) return locals?.(reference) ?? { value: unknown(reference.text) };
    localValues.set(reference.name, { value: unknown(reference.text) }); // a cycle (refused by validation) cannot loop
    const evaluation = evaluate(declaration.value, resolve);
    diagnostics.push(...evaluation.diagnostics);
    const root = { value: evaluation.diagnostics.length > 0 ? unknown(reference.text) : evaluation.value, sensitive: evaluation.sensitive };
    localValues.set(reference.name, root);
    return root;
  };
  /** The value of `expression` now (`undefined` for a literal, checked by validation), its errors reported. */
  const check = (expression: Expression, resolveRoot: ResolveRoot = resolve): PlannedValue | undefined => {
    if (expression.kind === 'literal') return undefined;
    const evaluation = evaluate(expression, resolveRoot);
    if (evaluation.diagnostics.length > 0) {
      diagnostics.push(...evaluation.diagnostics);
      return undefined;
    }
    return evaluation.value;
  };
  const checkBlock = (block: BlockDeclaration, kind: 'data' | 'resource') => {
    const entry = catalogue.lookup(block.type);
    const subject = `${sectionOf(kind)}.${block.name}`;
    for (const name of Object.keys(block.properties)) {
      const value = check(block.properties[name]);
      const attribute = entry?.kind === kind ? own(entry.attributes, name) : undefined;
      const problem = attribute && value !== undefined && unknownTypeError(subject, name, attribute, block.properties[name], value);
      if (problem) diagnostics.push(problem);
    }
    if (!block.conditions) return;
    const self: ResolveRoot = (reference) => (isSelfReference(reference) ? blockRoot(kind, block.name) : resolve(reference));
    for (const entry of block.conditions) {
      const given = unknownType(check(entry.condition, self));
      check(entry.message, self);
      if (given === undefined || given === 'bool') continue;
      diagnostics.push({
        severity: 'error',
        code: 'type_mismatch',
        message: `${block.name}: the ${entry.kind}'s condition must be true or false, got ${KINDS[given]}`,
        location: entry.condition.location,
      });
    }
  };
  for (const block of blocksOf(manifest.data)) checkBlock(block, 'data');
  for (const block of blocksOf(manifest.resources)) checkBlock(block, 'resource');
  for (const output of Object.values(manifest.outputs)) check(output.value);
  for (const name of Object.keys(manifest.locals ?? {}))
    localRoot({ root: 'local', name, text: `local.${name}`, path: [], location: manifest.locals![name].location });
  return diagnostics;
}
