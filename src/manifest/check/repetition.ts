/**
 * Checking `count` and `for_each`: their misuse before expansion
 * ({@link checkRepetition}: references to a repeated block without an
 * instance, instance keys of the wrong kind, `count.index` / `each` outside
 * a repeated block) and the literal values instances were given once
 * expanded ({@link checkInstanceValues}). expand/repetition.ts expands.
 */
import type { Diagnostic, SourceLocation, Value } from '../../core/types.js';
import { conditionExpressions, isSelfReference, type BlockDeclaration, type Manifest, type Reference } from '../types.js';
import { defaultCatalogue, type CatalogueView } from '../catalogue.js';
import { formatReference, formatStep, referencesOf } from '../parse/expressions.js';
import { checkValue, coerce } from './values.js';
import { error, instanceValueProblem, unknownRepetitionProblems, type RepeatableBlock } from '../expand/repetition.js';
import { blocksOf } from '../block-list.js';

/** `count` or `for_each`, as written, for messages. */
const repetitionWord = (block: RepeatableBlock): string => (block.count ? 'count' : 'for_each');

/** The block a resource or data reference names, if declared. */
function targetBlock(manifest: Manifest, reference: Reference): BlockDeclaration | undefined {
  const blocks = reference.root === 'data' ? manifest.data : manifest.resources;
  return Object.hasOwn(blocks, reference.name) ? blocks[reference.name] : undefined;
}

/**
 * The checks that need no values, on a manifest not yet expanded:
 *
 * - `count` / `for_each` referring to a resource or data source:
 *   `for_each keys must be known at plan time: "${web.id}" is known only ...`
 *   (`repetition_unknown`, at the reference);
 * - `${count.index}` outside a block with `count`, `${each.key}` outside one
 *   with `for_each` (and in outputs): `reference_instance` at the reference;
 * - `${web.id}` where `web` is repeated, `${web[0].id}` where it is not, an
 *   index on a `for_each` block or a key on a `count` one: `reference_instance`.
 *
 * References to undeclared blocks are left to validation.
 */
export function checkRepetition(manifest: Manifest): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const checkInstanceReference = (reference: Reference, inside: BlockDeclaration | undefined) => {
    if (reference.root === 'count' || reference.root === 'each') {
      const problem = instanceValueProblem(reference, inside);
      if (problem) diagnostics.push(problem);
      return;
    }
    if (reference.root === 'var') return;
    const target = targetBlock(manifest, reference);
    if (!target) return;
    const repeated = Boolean(target.count || target.forEach);
    // The common case: a plain reference to a block that is not repeated.
    if (reference.splat || (reference.key === undefined && !repeated)) return;
    // The block as a value (`web`, `length(web)`, `web[each.key]` before its key is substituted).
    if (reference.key === undefined && reference.path.length === 0) return;
    const shown = formatReference(reference);
    const name = target.address;
    if (reference.key === undefined && repeated) {
      const example = target.count ? '[0]' : '["key"]';
      const attribute = reference.path.map(formatStep).join('');
      diagnostics.push(
        error(
          `"${shown}": ${name} has ${repetitionWord(target)}; refer to one instance as "\${${name}${example}${attribute}}" or to all of them as "\${${name}[*]${attribute}}"`,
          reference.location,
          'reference_instance',
        ),
      );
    } else if (reference.key !== undefined && !repeated) {
      diagnostics.push(
        error(
          `"${shown}": ${name} has neither count nor for_each; write "\${${name}${reference.path.map(formatStep).join('')}}"`,
          reference.location,
          'reference_instance',
        ),
      );
    } else if (reference.key !== undefined && (typeof reference.key === 'number') !== Boolean(target.count)) {
      const wanted = target.count ? 'a whole number index like [0]' : 'a quoted key like ["eu"]';
      diagnostics.push(
        error(
          `"${shown}": ${name} has ${repetitionWord(target)}, so its instances take ${wanted}`,
          reference.location,
          'reference_instance',
        ),
      );
    }
  };
  for (const section of [manifest.data, manifest.resources]) {
    for (const block of blocksOf(section)) {
      if (block.count || block.forEach) diagnostics.push(...unknownRepetitionProblems(block));
      for (const expression of Object.values(block.properties)) {
        if (expression.kind === 'reference') checkInstanceReference(expression.reference, block);
        else if (expression.kind !== 'literal') for (const reference of referencesOf(expression)) checkInstanceReference(reference, block);
      }
      for (const expression of conditionExpressions(block))
        for (const reference of referencesOf(expression)) if (!isSelfReference(reference)) checkInstanceReference(reference, block);
    }
  }
  for (const output of Object.values(manifest.outputs))
    for (const reference of referencesOf(output.value)) checkInstanceReference(reference, undefined);
  return diagnostics;
}

/**
 * Checks, before any API call, the property values of instances that
 * expansion made literal (`vm_name: "web-${each.key}"` → `"web-eu"`), as
 * validation checks literals written out ({@link checkValue}). One
 * diagnostic per written property at most (the first instance it fails
 * for, named in the message), so a bad template in a block of thousands of
 * instances is told once. `original` is the manifest before expansion.
 */
export function checkInstanceValues(original: Manifest, expanded: Manifest, catalogue: CatalogueView = defaultCatalogue): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const told = new Set<string>();
  const locationKeys = new Map<SourceLocation, number>();
  for (const [kind, section, before] of [
    ['data', expanded.data, original.data],
    ['resource', expanded.resources, original.resources],
  ] as const) {
    for (const block of blocksOf(section)) {
      if (!block.instance) continue;
      const written = before[block.instance.block];
      const entry = catalogue.lookup(block.type);
      if (!written || !entry || entry.kind !== kind) continue;
      for (const [name, expression] of Object.entries(block.properties)) {
        const location = block.propertyLocations[name] ?? block.location;
        // The location object itself, not its line and column: a fast-read manifest computes those only when reported.
        const key = `${locationKeys.get(location) ?? locationKeys.set(location, locationKeys.size).size - 1}:${name}`;
        const attribute = Object.hasOwn(entry.attributes, name) ? entry.attributes[name] : undefined;
        if (expression.kind !== 'literal' || expression === written.properties[name] || !attribute || told.has(key)) continue;
        const subject = kind === 'data' ? block.address : `resources.${block.name}`;
        const found = checkValue(name, attribute, coerce(attribute, expression.value) as Value, location, subject);
        if (found.length > 0) told.add(key);
        diagnostics.push(...found);
      }
    }
  }
  return diagnostics;
}
