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
import { resolveWorkspace } from '../state/workspace.js';
import { readTestFile } from '../testing/test-file.js';
import type { ManifestRoot, ManifestWorkspace } from './workspace.js';

/** The workspace `cloudctl validate` would run in from `root` (`${workspace}`): CLOUDCTL_WORKSPACE, the selected one, else `default`. */
function workspaceName(root: string): string {
  try {
    return resolveWorkspace({}, { cwd: root, env: process.env }).name;
  } catch {
    return 'default';
  }
}

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
    workspace: workspaceName(workspace.root),
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

/**
 * Checks the test file at `path` (absolute) as `cloudctl test` reads it
 * before running anything (src/testing/test-file.ts), on the editor's text:
 * its diagnostics, or none. Never throws for bad input.
 */
export async function checkTestFile(workspace: ManifestWorkspace, path: string): Promise<RootLoad> {
  try {
    await readTestFile(path, workspace.display(path), workspace.text(path));
    return { diagnostics: [] };
  } catch (error) {
    if (error instanceof DiagnosticError) return { diagnostics: error.diagnostics };
    return { diagnostics: [{ severity: 'error', code: 'manifest_unreadable', message: (error as Error).message }] };
  }
}
