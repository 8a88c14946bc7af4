/**
 * What one instantiation of modules (modules.ts) shares across its levels
 * and with the rewriting of module references (module-references.ts): its
 * bounds, options, the checks it runs on each module file, and its state.
 */
import type { Diagnostic, DiagnosticCode, SourceLocation, Value } from '../../core/types.js';
import type { BlockDeclaration, Expression, Manifest, Repetition } from '../types.js';
import type { CatalogueView } from '../catalogue.js';
import type { ManifestSourceMap } from '../parse/walker.js';

/**
 * Bounds and names of modules: `maxDepth`, how deep modules may nest (the
 * root manifest's modules are depth 1); `maxInstances`, how many module
 * instances one manifest may hold in all, nested ones included;
 * `directoryFile`, the file a module directory stands for; `rootOnlySections`,
 * the sections a module may not have (the root manifest's apply to every module).
 */
export const MODULE_RULES = {
  maxDepth: 16,
  maxInstances: 1_000,
  directoryFile: 'main.yaml',
  rootOnlySections: ['provider', 'backend', 'budget'],
} as const;

/** What instantiating the modules of a manifest gives (see {@link instantiateModules}). */
export interface InstantiatedModules {
  /** Values of the variables the modules' inputs made, by prefixed name (`cluster.name`). */
  variables: Record<string, Value>;
  /** Which of them are sensitive. */
  sensitive: Set<string>;
  /** Every problem found, at the file:line:col of the file it is in. */
  diagnostics: Diagnostic[];
  /** Each module file read, in reading order. */
  files: ModuleFile[];
  /**
   * Inputs of the manifest's own module blocks (not nested ones) given to a
   * variable the module declares sensitive, written as a literal or a
   * template: `[module block name, input name]`. A plan document redacts
   * them from its copy of the source.
   */
  sensitiveInputs: Array<[string, string]>;
  /** The root manifest's repeated module blocks by name (`cluster`), for the plan's reasons. */
  repetitions: Record<string, Repetition>;
  /**
   * SHA-256 of each file a module's `file()` call read (relative to the
   * module file's folder), by its path from the root manifest's folder
   * (`modules/key.pub`), as a loaded manifest's `files` keeps them.
   */
  fileHashes: Record<string, string>;
}

/** A module file a manifest instantiates. */
export interface ModuleFile {
  /** The path as diagnostics show it: relative like the root manifest's path (`modules/web.yaml`). */
  path: string;
  /** SHA-256 of its text (hex), to tell whether it changed since a plan was made. */
  sha256: string;
}

/** Options of {@link instantiateModules}. */
export interface ModuleOptions {
  /** Folder the root manifest's relative path is read from (default: the process's working directory). */
  cwd?: string;
  /** Environment for the modules' `env:` variables. */
  env: NodeJS.ProcessEnv | Record<string, string | undefined>;
  catalogue?: CatalogueView;
  /** The run's workspace (`${workspace}` in module values). */
  workspace: string;
  /**
   * Reads a file by absolute path instead of the disk when it answers with
   * text (the language server's unsaved documents); `undefined`: read the disk.
   */
  readText?: (absolutePath: string) => string | undefined;
}

/**
 * The checks each module file gets on its own, as the root manifest does
 * (its diagnostics at its own file:line:col): validation once parsed; the
 * function calls and the values only variables feed once its variables are
 * known. They are check/'s (check/validate.ts, check/check-calls.ts,
 * check/variable-values.ts), a later stage than this folder's, so
 * src/manifest/index.ts passes them in.
 */
export interface ModuleChecks {
  validateManifest(manifest: Manifest, sourceMap: ManifestSourceMap, options: { catalogue?: CatalogueView }): Diagnostic[];
  checkCalls(manifest: Manifest, known: Record<string, Value>, sensitive: ReadonlySet<string>, catalogue?: CatalogueView): Diagnostic[];
  checkVariableValues(
    manifest: Manifest,
    known: Record<string, Value>,
    sensitive: ReadonlySet<string>,
    catalogue?: CatalogueView,
  ): Diagnostic[];
}

/** Shared by every level of one instantiation. */
export interface Run {
  options: ModuleOptions;
  checks: ModuleChecks;
  diagnostics: Diagnostic[];
  files: ModuleFile[];
  instances: number;
  sensitiveInputs: Array<[string, string]>;
  /** The root manifest's repeated module blocks. */
  repetitions: Record<string, Repetition>;
  /** SHA-256 of each file the modules' `file()` calls read, by path from the root manifest's folder. */
  fileHashes: Record<string, string>;
}

/** A manifest level: its variables' values (by its own names) and the files above it. */
export interface Level {
  manifest: Manifest;
  values: Record<string, Value>;
  sensitive: Set<string>;
  /** Absolute paths of the manifest and the modules that include it (cycle detection). */
  stack: string[];
}

/** One module instantiated, in the naming of the manifest that names it. */
export interface Instance {
  resources: BlockDeclaration[];
  data: BlockDeclaration[];
  variables: Record<string, Value>;
  sensitive: Set<string>;
  /** Output expressions by name. */
  outputs: Record<string, Expression>;
  outputLocations: Record<string, SourceLocation>;
}

export function error(run: Run, message: string, location: SourceLocation | undefined, code: DiagnosticCode): void {
  run.diagnostics.push({ severity: 'error', code, message, ...(location ? { location } : {}) });
}
