/**
 * Loading a manifest for the language server: the path `cloudctl validate`
 * takes (src/manifest's `loadManifestFromSource` / `loadManifestFromFiles`,
 * every stage and check of the front end), on the text the editor has, not
 * the file on disk. No API call, no state read or write, no lock.
 */
import { DiagnosticError, type Diagnostic } from '../core/types.js';
import {
  folderManifestPath,
  loadManifestFromFiles,
  loadManifestFromSource,
  type LoadedManifest,
  type LoadOptions,
} from '../manifest/index.js';
import type { ManifestRoot, ManifestWorkspace } from './workspace.js';

/** What loading a manifest root found. */
export interface RootLoad {
  /** The loaded manifest, when it has no error. */
  loaded?: LoadedManifest;
  /** Errors (when loading failed) or warnings, as `validate` reports them, in its order; locations as the loader gives them. */
  diagnostics: Diagnostic[];
  /** Set when checking stopped at the limit of errors described (`DiagnosticError.stopped`). */
  stopped?: { notDescribed: number };
}

/**
 * Loads `root` as `cloudctl validate ROOT --var-file ...` run from the
 * workspace's root folder would (its var files: the settings' `varFiles`,
 * plus `varFile` when given, e.g. the var file being edited), with the open
 * documents' text. Records the module files it instantiated in
 * `workspace.moduleFilesOf`. Never throws for bad input (its diagnostics
 * are the result); other errors propagate.
 */
export function loadRoot(workspace: ManifestWorkspace, root: ManifestRoot, varFile?: string): RootLoad {
  const files = [...(workspace.settings.varFiles ?? [])];
  if (varFile) files.push(workspace.display(varFile));
  const options: Omit<LoadOptions, 'source'> = {
    cwd: workspace.root,
    env: process.env,
    variableInputs: { files },
    readText: (path) => workspace.text(path),
  };
  try {
    const loaded =
      root.kind === 'file'
        ? loadManifestFromSource(workspace.text(root.path) ?? '', workspace.display(root.path), options)
        : loadManifestFromFiles(
            root.files.map((file) => ({ path: workspace.display(file), source: workspace.text(file) ?? '' })),
            folderManifestPath(workspace.display(root.path)),
            options,
          );
    workspace.moduleFilesOf.set(
      root.path,
      loaded.moduleFiles.map((file) => workspace.absolute(file.path)),
    );
    return { loaded, diagnostics: loaded.warnings };
  } catch (error) {
    if (error instanceof DiagnosticError) return { diagnostics: error.diagnostics, stopped: error.stopped };
    throw error;
  }
}
