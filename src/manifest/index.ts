/**
 * Loading a manifest: read, parse, validate (schema, references, cycles,
 * keypair pools, literal values) and resolve variables, gathering every
 * diagnostic of the run before failing.
 */
import { readFile } from 'node:fs/promises';
import { buildDependencyGraph, type DependencyGraph } from '../engine/graph.js';
import { DiagnosticError, type Diagnostic, type Manifest, type Value } from '../core/types.js';
import type { CatalogueView } from './catalogue.js';
import { parseManifest } from './parse.js';
import { sensitiveLiteralRanges } from './redact.js';
import { checkVariableValues, sortDiagnostics, validateManifest } from './validate.js';
import { resolveVariables } from './variables.js';

export { catalogueOf, defaultCatalogue, type CatalogueView } from './catalogue.js';
export {
  evaluate, evaluateReference, formatReference, literalValue, parseReference, parseStringExpression, referencesOf,
  type Evaluation, type ResolveRoot, type RootValue,
} from './expressions.js';
export { parseManifest, type ManifestSourceMap, type NodeInfo, type ParseOptions, type ParseResult } from './parse.js';
export { sensitiveLiteralRanges } from './redact.js';
export { checkManifestSchemaFile, manifestSchema, writeManifestSchema } from './schema.js';
export { checkKeypairPools, checkValue, checkVariableValues, coerce, sortDiagnostics, validateManifest, type ValidateOptions } from './validate.js';
export { coerceEnvValue, resolveVariables, type ResolvedVariables } from './variables.js';

/** A manifest ready to plan: parsed, valid, with variable values. */
export interface LoadedManifest {
  manifest: Manifest;
  /** Value of every variable (sensitive ones included). */
  variables: Record<string, Value>;
  /** Names of sensitive variables. */
  sensitiveVariables: Set<string>;
  /** Warnings found on the way (errors throw instead). */
  warnings: Diagnostic[];
  /**
   * The manifest's dependency graph (`buildDependencyGraph`), built once:
   * validation checks it for cycles, plans walk it. Read-only.
   */
  graph: DependencyGraph;
  /**
   * `[start, end)` offsets in `manifest.source` of the values written as
   * literals for sensitive inputs ({@link sensitiveLiteralRanges}), which a
   * plan document's copy of the source redacts. Usually empty.
   */
  sensitiveLiterals: Array<[number, number]>;
}

/** Options of {@link loadManifest}. */
export interface LoadOptions {
  /** Environment for variables (default: `process.env`). */
  env?: NodeJS.ProcessEnv;
  /** Manifest text; when given the file is not read. */
  source?: string;
  /** Catalogue (default: the real one; tests pass fakes). */
  catalogue?: CatalogueView;
}

/**
 * Parses, validates and resolves variables of manifest text. `path` is used
 * as given in every location. Used directly when re-loading the manifest a
 * saved plan stored.
 *
 * Errors: throws `DiagnosticError` carrying every error of the run, sorted by
 * position (YAML syntax errors alone when the text does not parse).
 */
export function loadManifestFromSource(source: string, path: string, options: Omit<LoadOptions, 'source'> = {}): LoadedManifest {
  const parsed = parseManifest(source, path, { catalogue: options.catalogue });
  const diagnostics: Diagnostic[] = [...parsed.diagnostics];
  const syntaxBroken = parsed.stopped;
  let values: Record<string, Value> = {};
  let sensitive = new Set<string>();
  const graph = buildDependencyGraph(parsed.manifest);
  if (!syntaxBroken) {
    diagnostics.push(...validateManifest(parsed.manifest, parsed.sourceMap, { catalogue: options.catalogue, graph }));
    const variables = resolveVariables(parsed.manifest, options.env ?? process.env);
    diagnostics.push(...variables.diagnostics);
    values = variables.values;
    sensitive = variables.sensitive;
    // What the planner would find only after refreshing (bad input must not call the API).
    if (!diagnostics.some((diagnostic) => diagnostic.severity === 'error')) {
      diagnostics.push(...checkVariableValues(parsed.manifest, values, sensitive, options.catalogue));
    }
  }
  const sorted = sortDiagnostics(diagnostics);
  const errors = sorted.filter((diagnostic) => diagnostic.severity === 'error');
  if (errors.length > 0) throw new DiagnosticError(errors);
  return {
    manifest: parsed.manifest,
    variables: values,
    sensitiveVariables: sensitive,
    warnings: sorted.filter((diagnostic) => diagnostic.severity === 'warning'),
    graph,
    sensitiveLiterals: sensitiveLiteralRanges(parsed.manifest, parsed.sourceMap),
  };
}

/**
 * Reads the manifest at `path` (unless `options.source` is given) and loads
 * it like {@link loadManifestFromSource}.
 *
 * Errors: throws `DiagnosticError` with every error found; a file that cannot
 * be read is one diagnostic without location
 * (`cannot read manifest "x.yaml": no such file`).
 */
export async function loadManifest(path: string, options: LoadOptions = {}): Promise<LoadedManifest> {
  let source = options.source;
  if (source === undefined) {
    try {
      source = await readFile(path, 'utf8');
    } catch (cause) {
      const code = (cause as NodeJS.ErrnoException).code;
      const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (cause as Error).message;
      throw new DiagnosticError([{ severity: 'error', message: `cannot read manifest "${path}": ${why}` }]);
    }
  }
  return loadManifestFromSource(source, path, options);
}
