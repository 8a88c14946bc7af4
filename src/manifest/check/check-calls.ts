/**
 * Load-time checks of function calls, before any API call: every call whose
 * arguments are known when the manifest loads (literals and variables) is
 * evaluated, so its errors (`format(): ...`, `lookup(): no key ...`) are
 * found now; in the other calls, each argument whose type is known now (a
 * literal, a nested call's result type, a variable's declared type or the
 * kind of its default, a resource or data source attribute the catalogue
 * says is a list or a mapping) is checked against the parameter. Every
 * diagnostic is at the function's name.
 */
import type { Diagnostic, Value } from '../../core/types.js';
import type { Expression, Manifest, VariableDeclaration } from '../types.js';
import { referencesOf } from '../parse/expressions.js';
import { evaluateCall } from '../evaluate/expressions.js';
import { callsOf, manifestCalls, variableRoots } from '../expand/files.js';
import { argumentProblem, lookupFunction, valueType, type FunctionValueType } from '../functions/index.js';
import { defaultCatalogue, type CatalogueView } from '../catalogue.js';
import { referenceTypes } from './references.js';

/** The type of a variable's value as known at load: its declared type, else the kind of its default. */
function variableType(declaration: VariableDeclaration | undefined): FunctionValueType {
  if (!declaration) return 'any';
  if (declaration.type) return declaration.type;
  if (declaration.default === undefined || declaration.default === null) return 'any';
  return valueType(declaration.default) as FunctionValueType;
}

/**
 * The type an expression has whatever its references' values: `any` when
 * that is known only while planning. A resource or data source attribute
 * is typed only when the catalogue says it is a list or a mapping (with
 * `catalogue`): a single value may come as text or as a number.
 */
export function staticType(expression: Expression, manifest: Manifest, catalogue?: CatalogueView): FunctionValueType | 'null' {
  switch (expression.kind) {
    case 'literal':
      return valueType(expression.value);
    case 'template':
      return 'string';
    case 'list':
      return 'list';
    case 'object':
      return 'map';
    case 'call':
      return lookupFunction(expression.name)?.result ?? 'any';
    case 'reference': {
      const reference = expression.reference;
      if (catalogue && (reference.root === 'resource' || reference.root === 'data')) {
        const type = referenceTypes(manifest, catalogue)(reference)?.type;
        return type === 'list' ? 'list' : type === 'block' ? 'map' : 'any';
      }
      if (reference.root !== 'var' || reference.path.length > 0) return 'any';
      return variableType(manifest.variables[reference.name]);
    }
    case 'binary':
      return ['+', '-', '*', '/', '%'].includes(expression.operator) ? 'number' : 'bool';
    case 'unary':
      return expression.operator === '!' ? 'bool' : 'number';
    case 'for':
      return expression.result === 'list' ? 'list' : 'map';
    case 'tuple':
      return 'list';
    case 'record':
      return 'map';
    default:
      return 'any';
  }
}

/**
 * Checks every call of `manifest` (see the module comment); `variables` and
 * `sensitive` are the resolved values and the sensitive names; `catalogue`
 * (default: the real one) types the references to resources and data
 * sources. Never throws.
 */
export function checkCalls(
  manifest: Manifest,
  variables: Record<string, Value>,
  sensitive: ReadonlySet<string>,
  catalogue: CatalogueView = defaultCatalogue,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const resolveRoot = variableRoots(variables, sensitive);
  const calls = manifestCalls(manifest);
  // Inside `try()` and `can()` an error is a value, not a problem: the evaluator decides those calls.
  const guarded = new Set(
    calls
      .filter((call) => lookupFunction(call.name)?.special !== undefined)
      .flatMap((call) => call.arguments.flatMap((argument) => callsOf(argument))),
  );
  for (const call of calls) {
    const definition = lookupFunction(call.name);
    if (!definition) continue; // reported by the parser
    if (guarded.has(call)) continue;
    // A `file()` whose file was not read has been reported by expand/files.ts (or has a path of the wrong type, checked below).
    const unread = callsOf(call).some((inner) => inner.name === 'file' && inner.fileText === undefined);
    const knownNow = referencesOf(call).every((reference) => reference.root === 'var' && Object.hasOwn(variables, reference.name));
    if (knownNow && !unread) {
      diagnostics.push(...evaluateCall(call, resolveRoot).diagnostics);
      continue;
    }
    for (const [index, argument] of call.arguments.entries()) {
      const problem = argumentProblem(definition, index, staticType(argument, manifest, catalogue));
      if (problem) diagnostics.push({ severity: 'error', code: 'type_mismatch', message: problem, location: call.location });
    }
  }
  return diagnostics;
}
