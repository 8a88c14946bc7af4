/**
 * What every command shares: the workspace (where its files and state live:
 * the engine's light front door, src/engine/workspace-paths.ts, resolves
 * it, as the engine does for programs), the run's I/O and its styles.
 * Secrets (the API token) never reach output.
 */
import { resolveWorkspace, type WorkspaceOptions, type WorkspacePaths } from '../engine/workspace-paths.js';
import type { CliIo } from './io.js';
import { createStyle, colorWanted, type Style } from './views/style.js';

export {
  backendLocation,
  checkWorkspaceFiles,
  checkWorkspaceName,
  DEFAULT_WORKSPACE,
  selectedWorkspace,
  type BackendBlock,
} from '../engine/workspace-paths.js';

/** Options every command accepts. */
export interface GlobalOptions extends WorkspaceOptions {
  color?: boolean;
}

/**
 * Where files go for one run (see {@link WorkspacePaths}), and the run's
 * I/O and styles.
 */
export interface Workspace extends WorkspacePaths {
  /** The global options it was resolved from (the engine is opened with them). */
  options: GlobalOptions;
  style: Style;
  errorStyle: Style;
  /** The run's working directory, environment and streams. */
  io: CliIo;
  /** The same run's settings, pointed at workspace `name`. */
  forWorkspace(name: string): Workspace;
  /** `--var` and `--var-file` of the command (manifest variables.ts has the precedence). */
  variables?: { assignments: string[]; files: string[] };
}

/** Resolves the workspace from the global options, for a run with `io`. @throws Error on an invalid workspace name. */
export function workspace(options: GlobalOptions, io: CliIo): Workspace {
  const paths = resolveWorkspace(options, { cwd: io.cwd, env: io.env });
  return {
    ...paths,
    options,
    style: createStyle(colorWanted(options.color, io.stdout, io.env)),
    errorStyle: createStyle(colorWanted(options.color, io.stderr, io.env)),
    io,
    forWorkspace: (other) => workspace({ ...options, workspace: other }, io),
  };
}
