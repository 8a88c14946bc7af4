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
 */
import { unknown, type Diagnostic, type PlannedValue, type Value } from '../../core/types.js';
import { isSelfReference, referenceTarget, type BlockDeclaration, type Expression, type Manifest, type Reference } from '../types.js';
import { evaluate, type ResolveRoot, type RootValue } from '../evaluate/expressions.js';
import { defaultCatalogue, type CatalogueView } from '../catalogue.js';
import { own } from './values.js';

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
  const blockRoot = (kind: 'data' | 'resource', name: string): RootValue => {
    const block = own(kind === 'data' ? manifest.data : manifest.resources, name);
    const entry = block ? catalogue.lookup(block.type) : undefined;
    if (!block || !entry || entry.kind !== kind) return { value: unknown(name) };
    let root = unknownObjects.get(block.type);
    if (!root) {
      const value = Object.create(null) as Record<string, PlannedValue>;
      for (const attribute of Object.keys(entry.attributes)) value[attribute] = unknown(attribute);
      root = { value, type: { name: block.type, attributes: Object.keys(entry.attributes) } };
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
    if (reference.root === 'data') return blockRoot('data', referenceTarget(reference).slice('data.'.length));
    if (reference.root === 'resource' && reference.name !== 'module') return blockRoot('resource', referenceTarget(reference));
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
  const check = (expression: Expression, resolveRoot: ResolveRoot = resolve) => {
    if (expression.kind === 'literal') return;
    const found = evaluate(expression, resolveRoot).diagnostics;
    if (found.length > 0) diagnostics.push(...found);
  };
  const checkBlock = (block: BlockDeclaration, kind: 'data' | 'resource') => {
    for (const name of Object.keys(block.properties)) check(block.properties[name]);
    if (!block.conditions) return;
    const self: ResolveRoot = (reference) => (isSelfReference(reference) ? blockRoot(kind, block.name) : resolve(reference));
    for (const entry of block.conditions) {
      check(entry.condition, self);
      check(entry.message, self);
    }
  };
  for (const block of Object.values(manifest.data)) checkBlock(block, 'data');
  for (const block of Object.values(manifest.resources)) checkBlock(block, 'resource');
  for (const output of Object.values(manifest.outputs)) check(output.value);
  for (const name of Object.keys(manifest.locals ?? {}))
    localRoot({ root: 'local', name, text: `local.${name}`, path: [], location: manifest.locals![name].location });
  return diagnostics;
}
