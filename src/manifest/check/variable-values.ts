/**
 * The property values only variables feed, checked once the variables are
 * known ({@link checkVariableValues}), so that bad input is found before
 * any API call.
 */
import type { Attribute } from '../../resources/attribute.js';
import { containsUnknown, type Diagnostic, type PlannedValue, type Value } from '../../core/types.js';
import { type Expression, type Manifest, type Reference } from '../types.js';
import { defaultCatalogue, type CatalogueView } from '../catalogue.js';
import { describeKind, isCallPart, referencesOf } from '../parse/expressions.js';
import { evaluate, evaluateReference, type RootValue } from '../evaluate/expressions.js';
import { checkValue, coerce, own } from './values.js';
import { forEachCatalogueBlock } from './blocks.js';

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
    default:
      // An operator form over resources: evaluated whole once known (its parts' types depend on one another).
      return [];
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
