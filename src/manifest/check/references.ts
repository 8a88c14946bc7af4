/**
 * The types of references, templates and calls where the catalogue knows
 * them ({@link checkExpression}): on the blocks as written (validation) and
 * once modules are instantiated ({@link checkReferenceTypes}).
 */
import { snakeCase, type Attribute } from '../../resources/attribute.js';
import type { Diagnostic, SourceLocation } from '../../core/types.js';
import type { Expression, Manifest, Reference } from '../types.js';
import { defaultCatalogue, type CatalogueView } from '../catalogue.js';
import { isCallPart } from '../parse/expressions.js';
import { didYouMean } from '../suggest.js';
import { lookupFunction, type FunctionValueType } from '../functions/index.js';
import { checkValue, expectedKind, own } from './values.js';
import { forEachCatalogueBlock, sectionOf } from './blocks.js';

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
    const path = reference.path;
    let current = own(entry.attributes, String(path[0]));
    for (let index = 1; index < path.length; index++) {
      const step = path[index]!;
      if (!current?.fields) return undefined;
      if (current.type === 'list' && typeof step === 'number') current = itemOf(current);
      else if (current.type === 'block' && typeof step === 'string') current = own(current.fields, step);
      else return undefined;
    }
    if (!current) return undefined;
    return reference.splat ? SPLAT_LIST : current;
  };
}

/** What a `[*]` reference is: a list (shared by every such reference; never changed). */
const SPLAT_LIST: Attribute = Object.freeze({ type: 'list', mode: 'computed', description: '' });

/** The item of each list attribute with fields, as a block attribute (made once per list: some 100,000 references index a list). */
const items = new WeakMap<Attribute, Attribute>();

/** An item of the list attribute `list` (which has `fields`): a computed block of those fields, made once (never changed). */
function itemOf(list: Attribute): Attribute {
  let item = items.get(list);
  if (!item) items.set(list, (item = Object.freeze({ type: 'block', mode: 'computed', description: '', fields: list.fields })));
  return item;
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
export function interpolationErrors(expression: Expression, typeOf: ReferenceTypes): Diagnostic[] {
  if (expression.kind !== 'template') return [];
  const diagnostics: Diagnostic[] = [];
  for (const part of expression.parts) {
    // A splat (`${web[*].id}`) in text is reported with the other misuses of repetition (check/repetition.ts).
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
export function checkExpression(
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
    default:
      return []; // operator forms: their values are checked once known
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
