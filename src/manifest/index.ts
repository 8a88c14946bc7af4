/**
 * Loading a manifest: the front end's stages run in order, gathering every
 * diagnostic of the run before failing. syntax/ reads the text within
 * bounds and parse/ walks it into a manifest and its source map
 * (`parseManifest`); check/ validates what is written (schema, references,
 * cycles, keypair pools, literal values: `validateManifest`); expand/
 * resolves the variables and reads the files of `file()` calls, then
 * check/ checks the calls and the values only variables feed; expand/
 * instantiates the modules (each module file parsed, checked and expanded
 * the same way) and expands `count` / `for_each`, check/ checking what
 * each step adds; last, the `moved:` and `import:` addresses are checked
 * on the expanded manifest. evaluate/ evaluates expressions for expand/
 * and check/ (and for the engine). See {@link loadManifestFromSource}.
 */
import { readFile, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { checkCalls } from './check/check-calls.js';
import { namesFolder, readFileCalls } from './expand/files.js';
import { DiagnosticLimit } from './limit.js';
import { readVariableFile } from './expand/var-files.js';
import { buildDependencyGraph, findCycleDiagnostics, type DependencyGraph } from './graph.js';
import { DiagnosticError, type Diagnostic, type Value } from '../core/types.js';
import { WORKSPACE_VARIABLE, type BlockDeclaration, type Manifest } from './types.js';
import type { CatalogueView } from './catalogue.js';
import { instantiateModules as instantiateModulesWith } from './expand/modules.js';
import type { InstantiatedModules, ModuleChecks, ModuleFile, ModuleOptions } from './expand/module-run.js';
import { checkAddressBlocks } from './check/moves.js';
import { resolveLifecycleExpressions, resolveReplaceTriggers } from './expand/lifecycle.js';
import { parseManifest, type ParseOptions, type ParseResult } from './parse/manifest.js';
import { folderManifestPath, mergeParses, partsOfText, readManifestFolder, wholeTextOf, type ManifestPart } from './folder.js';
import type { NodeInfo } from './parse/walker.js';
import { rangesOf, sensitiveLiteralRanges, sensitiveLiteralSegments } from './redact.js';
import { sortDiagnostics, validateManifest } from './check/validate.js';
import { checkVariableValues } from './check/variable-values.js';
import { checkReferenceTypes } from './check/references.js';
import { expandRepetition } from './expand/repetition.js';
import { checkStaticValues } from './check/static-values.js';
import { checkInstanceValues, checkRepetition } from './check/repetition.js';
import { resolveVariables, type VariableFileValue } from './expand/variables.js';
import { blocksOf } from './block-list.js';

export { catalogueOf, defaultCatalogue, type Catalogue, type CatalogueView } from './catalogue.js';
export { formatReference, literalValue, parseReference, parseStringExpression, referencesOf } from './parse/expressions.js';
export { conditionExpressions } from './types.js';
export { folderManifestPath, isManifestFileName, type ManifestPart } from './folder.js';
export { evaluate, evaluateReference, type Evaluation, type ResolveRoot, type RootValue } from './evaluate/expressions.js';
export { MODULE_RULES, type InstantiatedModules, type ModuleFile } from './expand/module-run.js';
export { parseManifest, type ParseOptions, type ParseResult } from './parse/manifest.js';
export { type ManifestSourceMap, type NodeInfo } from './parse/walker.js';
export { sensitiveLiteralRanges } from './redact.js';
export {
  expandRepetition,
  instanceReplacer,
  rewriteReferences,
  type Expansion,
  type InstanceValues,
  type ReferenceReplacer,
} from './expand/repetition.js';
export { checkInstanceValues, checkRepetition } from './check/repetition.js';
export { checkManifestSchemaFile, manifestSchema, writeManifestSchema } from './schema.js';
export { sortDiagnostics, validateManifest, type ValidateOptions } from './check/validate.js';
export { checkVariableValues } from './check/variable-values.js';
export { checkKeypairPools } from './check/keypair-pools.js';
export { checkValue, coerce } from './check/values.js';
export {
  coerceEnvValue,
  coerceText,
  resolveVariables,
  VARIABLE_ENV_PREFIX,
  type ResolvedVariables,
  type VariableInputs,
} from './expand/variables.js';
export { FUNCTIONS, lookupFunction, signature, type FunctionDefinition } from './functions/index.js';

/** What each module file is checked with (expand/ comes before check/, so the checks are passed in). */
const MODULE_CHECKS: ModuleChecks = { validateManifest, checkCalls, checkVariableValues };

/**
 * Instantiates every module block of `manifest` (recursively), each module
 * file checked like the root manifest: expand/modules.ts's
 * `instantiateModules` with the checks of check/.
 */
export function instantiateModules(
  manifest: Manifest,
  values: Record<string, Value>,
  sensitive: ReadonlySet<string>,
  options: ModuleOptions,
): InstantiatedModules {
  return instantiateModulesWith(manifest, values, sensitive, options, MODULE_CHECKS);
}

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
   * The dependency graph plans walk (`buildDependencyGraph`), built once,
   * after modules and repetition (instance and module addresses); when
   * neither changed the manifest it is the graph of the blocks as written,
   * the one validation checked for cycles. Read-only.
   */
  graph: DependencyGraph;
  /**
   * `[start, end)` offsets in `manifest.source` of the values written as
   * literals for sensitive inputs ({@link sensitiveLiteralRanges}), which a
   * plan document's copy of the source redacts. Usually empty.
   */
  sensitiveLiterals: Array<[number, number]>;
  /** The workspace the manifest was loaded for: the value of `${workspace}`. */
  workspace: string;
  /** The module files the manifest instantiates (src/manifest/expand/modules.ts), in reading order; empty without modules. */
  moduleFiles: ModuleFile[];
  /** SHA-256 of each file `file()` read, by path as written (a saved plan keeps them; apply checks them). */
  files?: Record<string, string>;
  /**
   * A folder manifest's files (folder.ts), in order: each one's path and
   * length in `manifest.source`, their texts one after the other (absent for
   * a manifest of one file). A saved plan keeps them to load the folder again.
   */
  parts?: Array<{ path: string; length: number }>;
}

/** Options of {@link loadManifest}. */
export interface LoadOptions {
  /** Environment for variables (default: `process.env`). */
  env?: NodeJS.ProcessEnv;
  /** Manifest text; when given the file is not read. */
  source?: string;
  /** Folder a relative `path` is read from (default: the process's working directory); diagnostics keep `path` as given. */
  cwd?: string;
  /** Catalogue (default: the real one; tests pass fakes). */
  catalogue?: CatalogueView;
  /** The workspace the run uses: the value of `${workspace}` (default `default`). */
  workspace?: string;
  /** Variable values from outside the manifest (expand/variables.ts has their precedence). */
  variableInputs?: CommandLineVariables;
  /** Which YAML reader parses the manifest (`ParseOptions.reader`; default: the fast one first). */
  reader?: ParseOptions['reader'];
  /**
   * Reads module files and var files by absolute path instead of the disk
   * when it answers with text (the language server's unsaved documents);
   * `undefined`: read the disk.
   */
  readText?: (absolutePath: string) => string | undefined;
}

/** Variable values given from outside the manifest. */
export interface CommandLineVariables {
  /** `--var name=value` arguments, in order. */
  assignments?: string[];
  /** `--var-file` paths (relative to `cwd`), in order: a later file wins. */
  files?: string[];
  /** The non-sensitive values a saved plan was made with (applying it). */
  saved?: Record<string, Value>;
}

/**
 * Parses, validates and resolves variables of manifest text. `path` is used
 * as given in every location. Used directly when re-loading the manifest a
 * saved plan stored.
 *
 * Steps: read the YAML within bounds (syntax/yaml.ts: size, nesting, aliases), parse,
 * validate, read the var files and resolve variables (expand/variables.ts), read the
 * files of `file()` calls and check the function calls, then check the property values that only
 * variables feed (`checkVariableValues`), so that bad input is found before
 * any API call, and expand `count` / `for_each` into instance blocks
 * (expand/repetition.ts; the returned manifest and graph are the expanded ones).
 *
 * Errors: throws `DiagnosticError` carrying every error of the run, sorted by
 * position (the reading errors alone when the text cannot be read as a
 * manifest: YAML syntax, size, nesting, aliases, unsupported values). At
 * most `MAX_DESCRIBED_ERRORS` (50) are described: the parse and validation
 * stop describing at the limit (no message, suggestion or location for the
 * rest, only a count), no step runs after the one that reached it, and the
 * error says so (`DiagnosticError.stopped`, with the count).
 */
export function loadManifestFromSource(source: string, path: string, options: Omit<LoadOptions, 'source'> = {}): LoadedManifest {
  const limit = new DiagnosticLimit();
  const parsed = parseManifest(source, path, { catalogue: options.catalogue, reader: options.reader, limit });
  return loadParsed(parsed, limit, new Set([path]), options);
}

/**
 * Loads a manifest written as the files `parts` of a folder (folder.ts:
 * `readManifestFolder`), `path` being the folder's `stack/*.yaml`
 * (`folderManifestPath`): each file parsed on its own (its positions, its
 * 10,000,000-character cap), the parses merged (`mergeParses`: a name
 * declared in two files is an error naming both), then loaded like
 * {@link loadManifestFromSource}; `parts` of the result gives each file's
 * path and length in the merged `source`. Errors: as
 * {@link loadManifestFromSource}, and a folder without manifest files.
 */
export function loadManifestFromFiles(parts: ManifestPart[], path: string, options: Omit<LoadOptions, 'source'> = {}): LoadedManifest {
  if (parts.length === 0) {
    throw new DiagnosticError([
      {
        severity: 'error',
        code: 'manifest_unreadable',
        message: `cannot read manifest "${path}": the folder has no manifest file (*.yaml, not *.test.yaml nor *.vars.yaml)`,
      },
    ]);
  }
  const limit = new DiagnosticLimit();
  // The merged source, and each file's text as a slice of it: the locations of a file keep its text, the manifest the merged one (one copy, not two).
  const source = wholeTextOf(parts);
  let offset = 0;
  const sliced = parts.map((part) => ({ path: part.path, source: source.slice(offset, (offset += part.source.length)) }));
  // An empty file declares nothing: read as an empty mapping (only a manifest of one file must declare something).
  const parses = sliced.map((part) => ({
    part,
    parsed: parseManifest(part.source.trim() === '' ? '{}' : part.source, part.path, {
      catalogue: options.catalogue,
      reader: options.reader,
      limit,
    }),
  }));
  const loaded = loadParsed(mergeParses(parses, path, source), limit, new Set(parts.map((part) => part.path)), options);
  loaded.parts = parts.map((part) => ({ path: part.path, length: part.source.length }));
  return loaded;
}

/**
 * The texts of the files of a folder manifest out of its merged `source`
 * and the `parts` a saved plan kept (paths and lengths). Throws `Error` when
 * the lengths do not add up to the source's.
 */
export function splitManifestSource(source: string, parts: ReadonlyArray<{ path: string; length: number }>): ManifestPart[] {
  let offset = 0;
  const split = parts.map((part) => {
    const text = source.slice(offset, offset + part.length);
    offset += part.length;
    return { path: part.path, source: text };
  });
  if (offset !== source.length) throw new Error('the folder manifest kept by the plan does not match the lengths of its files');
  return partsOfText(source, split);
}

/** The steps of {@link loadManifestFromSource} after parsing; `ownFiles`: the files of the root manifest (one, or a folder's). */
function loadParsed(
  parsed: ParseResult,
  limit: DiagnosticLimit,
  ownFiles: ReadonlySet<string>,
  options: Omit<LoadOptions, 'source'>,
): LoadedManifest {
  const path = parsed.manifest.path;
  const workspace = options.workspace ?? 'default';
  const diagnostics: Diagnostic[] = [...parsed.diagnostics];
  // Reading stopped (the text cannot be read), or the parse reached the limit of errors described: nothing more is checked.
  const syntaxBroken = parsed.stopped || limit.reached;
  let values = Object.create(null) as Record<string, Value>;
  let sensitive = new Set<string>();
  let manifest = parsed.manifest;
  const files: Record<string, string> = {};
  // The graph of the blocks as written: validation finds their cycles (named by block) before anything is expanded.
  const blockGraph = buildDependencyGraph(parsed.manifest);
  let moduleFiles: ModuleFile[] = [];
  const sensitiveInputs: NodeInfo[] = [];
  let graph = blockGraph;
  if (!syntaxBroken)
    diagnostics.push(...validateManifest(parsed.manifest, parsed.sourceMap, { catalogue: options.catalogue, graph: blockGraph, limit }));
  if (!syntaxBroken && !limit.reached) {
    const inputs = options.variableInputs ?? {};
    const cwd = options.cwd ?? process.cwd();
    const variableFiles: Array<Record<string, VariableFileValue>> = [];
    for (const file of inputs.files ?? []) {
      const read = readVariableFile(file, cwd, options.readText);
      diagnostics.push(...read.diagnostics);
      variableFiles.push(read.values);
    }
    const variables = resolveVariables(parsed.manifest, options.env ?? process.env, {
      assignments: inputs.assignments,
      files: variableFiles,
      saved: inputs.saved,
    });
    diagnostics.push(...variables.diagnostics);
    values = variables.values;
    sensitive = variables.sensitive;
    // Functions: `file()` reads its file now (relative to the manifest's folder), then every call is checked.
    const known = { ...values, [WORKSPACE_VARIABLE]: workspace };
    diagnostics.push(...readFileCalls(parsed.manifest, dirname(resolve(cwd, path)), known, sensitive, files));
    diagnostics.push(...checkCalls(parsed.manifest, known, sensitive, options.catalogue));
    // What the planner would find only after refreshing (bad input must not call the API).
    if (!diagnostics.some((diagnostic) => diagnostic.severity === 'error')) {
      diagnostics.push(
        ...checkVariableValues(parsed.manifest, { ...values, [WORKSPACE_VARIABLE]: workspace }, sensitive, options.catalogue),
      );
    }
    // Modules: their blocks join the manifest under prefixed addresses, their inputs' values join the variables.
    const modules = instantiateModules(parsed.manifest, values, sensitive, { ...options, env: options.env ?? process.env, workspace });
    diagnostics.push(...modules.diagnostics);
    moduleFiles = modules.files;
    Object.assign(files, modules.fileHashes);
    if (Object.keys(modules.repetitions).length > 0) parsed.manifest.repetitions = modules.repetitions;
    for (const [block, input] of modules.sensitiveInputs) {
      const info = parsed.sourceMap.nodeAt(['resources', block, 'inputs', input]);
      if (info) sensitiveInputs.push(info);
    }
    if (moduleFiles.length > 0) {
      values = Object.assign(values, modules.variables);
      sensitive = new Set([...sensitive, ...modules.sensitive]);
      // References again, module inputs and outputs substituted (literals were checked in their own files).
      diagnostics.push(...checkReferenceTypes(parsed.manifest, options.catalogue));
      // The manifest's own blocks again, now that module outputs they read may be values (modules checked their own blocks).
      if (!diagnostics.some((diagnostic) => diagnostic.severity === 'error')) {
        const own = (blocks: Record<string, BlockDeclaration>) =>
          Object.fromEntries(Object.entries(blocks).filter(([, block]) => ownFiles.has(block.location.file)));
        const manifest = { ...parsed.manifest, resources: own(parsed.manifest.resources), data: own(parsed.manifest.data) };
        diagnostics.push(...checkVariableValues(manifest, { ...values, [WORKSPACE_VARIABLE]: workspace }, sensitive, options.catalogue));
      }
    }
    // prevent_destroy / ignore_changes written as expressions of variables: known now, before repetition reads them.
    diagnostics.push(
      ...resolveLifecycleExpressions(parsed.manifest, path, { ...values, [WORKSPACE_VARIABLE]: workspace }, sensitive, options.catalogue),
    );
    diagnostics.push(...checkRepetition(parsed.manifest));
    // count and for_each: their misuse (module blocks included), then instance blocks (web[0], web["eu"]) once the variables are known.
    if (!diagnostics.some((diagnostic) => diagnostic.severity === 'error')) {
      const expansion = expandRepetition(parsed.manifest, { ...values, [WORKSPACE_VARIABLE]: workspace }, sensitive);
      diagnostics.push(...expansion.diagnostics);
      if (expansion.manifest !== parsed.manifest) {
        manifest = expansion.manifest;
        diagnostics.push(...checkInstanceValues(parsed.manifest, manifest, options.catalogue));
      }
      // Every expression evaluated with what is known before any request: what plan would refuse, validate refuses.
      if (!diagnostics.some((diagnostic) => diagnostic.severity === 'error'))
        diagnostics.push(...checkStaticValues(manifest, { ...values, [WORKSPACE_VARIABLE]: workspace }, sensitive, options.catalogue));
    }
    // The plan's graph, built once, after modules and repetition: the graph of the blocks when neither changed them.
    // A cycle found only now runs through a module (root block → module output → module input → root block):
    // the blocks of the root manifest had none.
    const triggers = resolveReplaceTriggers(manifest, path);
    diagnostics.push(...triggers.diagnostics);
    if (manifest !== parsed.manifest || moduleFiles.length > 0 || triggers.any) {
      graph = buildDependencyGraph(manifest);
      if (moduleFiles.length > 0 || triggers.any) diagnostics.push(...findCycleDiagnostics(manifest, graph));
    }
    // moved: and import: blocks name addresses, module ones (cluster.web) and instances (web[0]) included: checked once expanded.
    const repeats = [parsed.manifest.resources, parsed.manifest.data].some((blocks) =>
      blocksOf(blocks).some((block) => block.count || block.forEach),
    );
    if (manifest !== parsed.manifest || !repeats) diagnostics.push(...checkAddressBlocks(manifest));
  }
  // The steps after validation describe their errors without the limit: past it, the rest are counted only.
  const found = diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  const overflow = Math.max(0, found.length - limit.max);
  const stopped = limit.reached || overflow > 0 ? { notDescribed: limit.notDescribed + overflow } : undefined;
  const kept = overflow > 0 ? found.slice(0, limit.max) : found;
  const sorted = sortDiagnostics([...kept, ...diagnostics.filter((diagnostic) => diagnostic.severity !== 'error')]);
  const errors = sorted.filter((diagnostic) => diagnostic.severity === 'error');
  if (errors.length > 0) throw new DiagnosticError(errors, stopped);
  const sensitiveLiterals = sensitiveLiteralsOf(parsed, sensitiveInputs);
  return {
    manifest,
    variables: values,
    sensitiveVariables: sensitive,
    warnings: sorted.filter((diagnostic) => diagnostic.severity === 'warning'),
    graph,
    // Found when a plan document is written (their lines are read again then), not by `validate`.
    get sensitiveLiterals() {
      return sensitiveLiterals();
    },
    workspace,
    moduleFiles,
    files,
  };
}

/** How many sensitive literals are looked up in the source map at load time (past it, the source map is kept instead). */
const SENSITIVE_LOOKUPS_AT_LOAD = 8;

/**
 * {@link LoadedManifest.sensitiveLiterals}, computed on first call: the
 * ranges of the sensitive literals of `parsed` (`sensitiveLiteralRanges`),
 * then those of `inputs` (module inputs). The nodes are looked up now and
 * only they are kept, so the parse's source map (a note per node written)
 * is not kept for the whole run; their ranges (which read the text again
 * on a fast-read manifest) wait for the first call. A manifest with many
 * sensitive literals keeps its source map and looks them up then.
 */
function sensitiveLiteralsOf(parsed: ParseResult, inputs: NodeInfo[]): () => Array<[number, number]> {
  const segments = sensitiveLiteralSegments(parsed.manifest);
  // Two functions, so that the closure of the common case does not hold `parsed` (a closure keeps its function's whole scope).
  return segments.length > SENSITIVE_LOOKUPS_AT_LOAD
    ? rangesLater(parsed, inputs)
    : rangesOfNodes([...segments.map((path) => parsed.sourceMap.nodeAt(path)), ...inputs]);
}

/** The ranges of `nodes` ({@link rangesOf}), computed on first call. */
function rangesOfNodes(nodes: Array<NodeInfo | undefined>): () => Array<[number, number]> {
  let ranges: Array<[number, number]> | undefined;
  return () => (ranges ??= rangesOf(nodes));
}

/** The ranges of the sensitive literals of `parsed`, looked up in its source map on first call, then those of `inputs`. */
function rangesLater(parsed: ParseResult, inputs: NodeInfo[]): () => Array<[number, number]> {
  let ranges: Array<[number, number]> | undefined;
  return () => (ranges ??= [...sensitiveLiteralRanges(parsed.manifest, parsed.sourceMap), ...rangesOf(inputs)]);
}

/**
 * Reads the manifest at `path` (unless `options.source` is given) and loads
 * it like {@link loadManifestFromSource}. A `path` naming a folder (`stack`
 * or `stack/`) is a manifest written as several files: its manifest files
 * (folder.ts: `*.yaml` but not `*.test.yaml`, `*.vars.yaml` nor hidden
 * ones) are read and loaded as one by {@link loadManifestFromFiles}, the
 * manifest's path being `stack/*.yaml`.
 *
 * Errors: throws `DiagnosticError` with every error found; a file or folder
 * that cannot be read is one diagnostic without location
 * (`cannot read manifest "x.yaml": no such file`), and so is a folder
 * without manifest files.
 */
export async function loadManifest(path: string, options: LoadOptions = {}): Promise<LoadedManifest> {
  let source = options.source;
  if (source === undefined) {
    const refusal = (why: string) =>
      new DiagnosticError([{ severity: 'error', code: 'manifest_unreadable', message: `cannot read manifest "${path}": ${why}` }]);
    const absolute = options.cwd === undefined ? path : resolve(options.cwd, path);
    const why = (cause: unknown) => {
      const code = (cause as NodeJS.ErrnoException).code;
      return code === 'ENOENT' ? 'no such file' : code === 'ENOTDIR' ? 'not a folder' : (cause as Error).message;
    };
    let folder = namesFolder(path);
    if (!folder) {
      try {
        folder = (await stat(absolute)).isDirectory();
      } catch (cause) {
        throw refusal(why(cause));
      }
    }
    if (folder) {
      let parts: ManifestPart[];
      try {
        parts = await readManifestFolder(path, absolute);
      } catch (cause) {
        throw refusal(why(cause));
      }
      return loadManifestFromFiles(parts, folderManifestPath(path), options);
    }
    try {
      source = await readFile(absolute, 'utf8');
    } catch (cause) {
      throw refusal(why(cause));
    }
  }
  return loadManifestFromSource(source, path, options);
}
