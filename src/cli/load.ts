/**
 * Loading a manifest for a command: kept apart from `run.ts` (the engine's
 * pipeline) so `validate` loads the manifest modules and not the engine.
 */
import { loadManifest, type LoadedManifest } from '../engine/manifests.js';
import type { Workspace } from './workspace.js';

/** Loads a manifest file, `path` relative to the run's working directory, with the command's `--var` / `--var-file` (DiagnosticError on bad input). */
export function load(ws: Workspace, path: string): Promise<LoadedManifest> {
  return loadManifest(path, { env: ws.io.env, cwd: ws.io.cwd, workspace: ws.name, variableInputs: ws.variables });
}
