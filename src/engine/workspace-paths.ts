/**
 * The engine's light front door for workspaces: where a workspace's files
 * and state live, worked out from the options every command (and every
 * program opening an {@link Engine}, engine.ts) gives, with no backend
 * loaded (the CLI reads it for every command, `--help` included). What a
 * workspace holds, and the workspace commands, are the Engine's operations.
 * The CLI imports from src/engine only this module, manifests.ts, engine.ts
 * and events.ts (.dependency-cruiser.cjs).
 */
export {
  backendLocation,
  checkWorkspaceFiles,
  checkWorkspaceName,
  DEFAULT_WORKSPACE,
  resolveWorkspace,
  selectedWorkspace,
  type BackendBlock,
  type WorkspaceEnvironment,
  type WorkspaceOptions,
  type WorkspacePaths,
} from '../state/workspace.js';
export type { StateLocation } from '../state/location.js';
