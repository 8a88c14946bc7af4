/**
 * Where a workspace's files and state live, worked out from the options
 * every command (and every program using the engine) gives: the state path,
 * the workspace name and the backend URL, with the same environment
 * defaults (CLOUDCTL_WORKSPACE, CLOUDCTL_BACKEND, the PG* variables). No I/O
 * beyond reading which workspace is selected and, when opening, the state.
 */
import { readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { OpenedState, OpenLocalStateOptions } from './index.js';
import { DEFAULT_STATE_PATH, parseBackendLocation } from './location.js';
import type { StateLocation } from './contracts.js';
import type { StateReadAhead } from './local/read-ahead.js';

/** The workspace every state starts with; its local files keep the layout of a state without workspaces. */
export const DEFAULT_WORKSPACE = 'default';

/** Workspace names: letters, digits, `-` and `_`, 1 to 64 characters. */
const WORKSPACE_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Checks a workspace name.
 * @throws Error naming the rule.
 */
export function checkWorkspaceName(name: string): string {
  if (!WORKSPACE_NAME.test(name)) throw new Error(`invalid workspace name "${name}": 1 to 64 letters, digits, - or _`);
  return name;
}

/** A manifest's `backend` block: where the team's state lives (never a password). */
export interface BackendBlock {
  url?: string;
  schema?: string;
}

/** What chooses a workspace: the CLI's global options, or a program's. */
export interface WorkspaceOptions {
  /** The state file of the default workspace (`--state`; default `.cloudctl/state.json`). */
  state?: string;
  /** `--backend URL`: `postgres://...` or `local` (default: CLOUDCTL_BACKEND, else the manifest's block, else local). */
  backend?: string;
  /** `--workspace NAME` (default: CLOUDCTL_WORKSPACE, else the selected one, else `default`). */
  workspace?: string;
}

/** The working directory and environment a workspace is resolved in. */
export interface WorkspaceEnvironment {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
}

/**
 * Where files go for one run. Paths are kept as the user gave them
 * (relative ones relative to `cwd`), for messages; {@link WorkspacePaths.resolve}
 * turns one into the absolute path to open.
 */
export interface WorkspacePaths {
  /** The workspace's name (`--workspace`, CLOUDCTL_WORKSPACE, the one selected with `cloudctl workspace select`, else `default`). */
  name: string;
  /** The folder every workspace's local files live under (`.cloudctl`; the folder of `--state`). */
  baseFolder: string;
  /** The local state file of this workspace (`.cloudctl/state.json` for `default`, `.cloudctl/workspaces/NAME/state.json` otherwise). */
  statePath: string;
  /** The folder holding the state, lock, journal, last plan and simulator data. */
  folder: string;
  /** Where `plan` saves the plan and `apply` / `show` read it by default: `last-plan.cplan` (a plan file, not JSON: docs/ci.md). */
  lastPlanPath: string;
  /** The last plan's name before it was `.cplan` (`last-plan.json`): read when the new one is absent, never written. */
  legacyLastPlanPath: string;
  simulatorDataPath: string;
  /** `path` resolved against the run's working directory (an absolute path is returned as is). */
  resolve(path: string): string;
  /**
   * Where this workspace's state lives: `--backend`, else CLOUDCTL_BACKEND,
   * else the manifest's `backend` block, else the local folder. A
   * `postgres://` URL takes its schema from a `schema` query parameter, the
   * block's `schema`, else `cloudctl`.
   * @throws Error on a URL that is neither `postgres://`, `postgresql://` nor `local`.
   */
  stateLocation(block?: BackendBlock): StateLocation;
  /** Where this workspace's state lives in the local folder, whatever the backend (`state migrate --to local`). */
  localStateLocation(): StateLocation;
  /** The same settings, pointed at workspace `name` (its paths and state location). @throws Error on an invalid name. */
  forWorkspace(name: string): WorkspacePaths;
}

/** The workspace selected in `baseFolder` (its `environment` file), if any. */
export function selectedWorkspace(baseFolder: string): string | undefined {
  try {
    const name = readFileSync(join(baseFolder, 'environment'), 'utf8').trim();
    return name === '' ? undefined : name;
  } catch {
    return undefined;
  }
}

/** `url` as a state location for `workspace`, or `undefined` for `local` (`parseBackendLocation`). @throws Error on another scheme. */
export function backendLocation(
  url: string,
  workspace: string,
  schema?: string,
  env: Readonly<Record<string, string | undefined>> = {},
): StateLocation | undefined {
  return parseBackendLocation(url, workspace, schema, env);
}

/**
 * Resolves the workspace from `options` in `environment`.
 * @throws Error on an invalid workspace name.
 */
export function resolveWorkspace(options: WorkspaceOptions, environment: WorkspaceEnvironment): WorkspacePaths {
  const { cwd, env } = environment;
  const baseState = options.state ?? DEFAULT_STATE_PATH;
  const baseFolder = dirname(baseState);
  const name = checkWorkspaceName(
    options.workspace ?? (env.CLOUDCTL_WORKSPACE || undefined) ?? selectedWorkspace(resolve(cwd, baseFolder)) ?? DEFAULT_WORKSPACE,
  );
  const statePath = name === DEFAULT_WORKSPACE ? baseState : join(baseFolder, 'workspaces', name, basename(baseState));
  const folder = dirname(statePath);
  const backendUrl = options.backend ?? (env.CLOUDCTL_BACKEND || undefined);
  return {
    name,
    baseFolder,
    statePath,
    folder,
    lastPlanPath: join(folder, 'last-plan.cplan'),
    legacyLastPlanPath: join(folder, 'last-plan.json'),
    simulatorDataPath: join(baseFolder, 'simulator.json'), // the simulated cloud is one account, whatever the workspace
    resolve: (path) => resolve(cwd, path),
    stateLocation(block?: BackendBlock): StateLocation {
      const url = backendUrl ?? block?.url;
      const remote = url === undefined ? undefined : backendLocation(url, name, block?.schema, env);
      return remote ?? this.localStateLocation();
    },
    localStateLocation: () => ({ backend: 'local', statePath, cwd, workspacesFolder: join(baseFolder, 'workspaces') }),
    forWorkspace: (other) => resolveWorkspace({ ...options, workspace: other }, environment),
  };
}

/** The files of a workspace, each with what it holds (for messages). */
function workspaceFiles(ws: WorkspacePaths): Array<[string, string]> {
  return [
    [ws.statePath, 'the state'],
    [`${ws.statePath}.changes`, 'the state change log'],
    [`${ws.statePath}.backup`, 'the state backup'],
    [join(ws.folder, 'state.lock'), 'the state lock'],
    [join(ws.folder, 'journal.jsonl'), 'the journal of paid calls'],
    [ws.lastPlanPath, 'the last saved plan'],
    [ws.legacyLastPlanPath, 'the last saved plan (its older name)'],
    [ws.simulatorDataPath, "the embedded simulator's data"],
  ];
}

/**
 * Checks that the workspace's files, where they exist, are files: the
 * workspace folder itself, the state, its change log and backup, the lock,
 * the journal, the last plan and the simulator's data. Cheap (one `stat`
 * each); no API call.
 * Errors: an Error naming the path and what it should hold, e.g.
 * `.cloudctl/state.json is a directory, but it must be a file (the state); move it out of the way or give --state another path`.
 */
export function checkWorkspaceFiles(ws: WorkspacePaths): void {
  const folder = statSync(ws.resolve(ws.folder), { throwIfNoEntry: false });
  if (folder && !folder.isDirectory()) {
    throw new Error(
      `${ws.folder} is a file, but it must be the workspace folder (it holds the state); move it out of the way or give --state another path`,
    );
  }
  for (const [path, role] of workspaceFiles(ws)) {
    const found = statSync(ws.resolve(path), { throwIfNoEntry: false });
    if (found && !found.isFile()) {
      throw new Error(
        `${path} is ${found.isDirectory() ? 'a directory' : 'not a regular file'}, but it must be a file (${role}); move it out of the way or give --state another path`,
      );
    }
  }
}

/**
 * Refuses a workspace other than `default` that was never created: a typo in
 * `--workspace` must not plan every resource of the manifest as new.
 * @throws Error naming the way to create it.
 */
async function requireWorkspace(ws: WorkspacePaths, location: StateLocation): Promise<void> {
  if (ws.name === DEFAULT_WORKSPACE) return;
  const { openBackend } = await import('./backends.js');
  const backend = openBackend(location);
  try {
    if (await backend.workspaceExists()) return;
  } finally {
    await backend.close?.();
  }
  throw new Error(
    `workspace "${ws.name}" does not exist: create it with 'cloudctl workspace new ${ws.name}' (cloudctl workspace list shows those there are)`,
  );
}

/**
 * Runs `load` (a manifest load, then a session opened on it) with the
 * workspace's local state file read meanwhile (local/read-ahead.ts: the
 * copy of a large file into memory overlaps the manifest's parse; the store
 * uses the bytes under its lock only if the file is unchanged), and the
 * bytes forgotten once `load` is done, whatever its outcome. Nothing is
 * read ahead when the state is not local as far as the options and
 * environment tell (a manifest's `backend` block may still point elsewhere:
 * the bytes are then forgotten unused).
 */
export async function withStateReadAhead<T>(ws: WorkspacePaths, load: () => Promise<T>): Promise<T> {
  let location: StateLocation | undefined;
  try {
    location = ws.stateLocation();
  } catch {
    // A bad backend setting is reported where the state is opened, after the manifest's own errors, as before.
  }
  let ahead: StateReadAhead | undefined;
  if (location?.backend === 'local') {
    // Loaded here, not at start-up: `--help` and `validate` load no state code.
    const { readStateAhead } = await import('./local/read-ahead.js');
    ahead = readStateAhead(location.cwd === undefined ? resolve(location.statePath) : resolve(location.cwd, location.statePath));
  }
  try {
    return await load();
  } finally {
    ahead?.forget();
  }
}

/**
 * Opens the workspace's state (local or PostgreSQL, see {@link WorkspacePaths.stateLocation})
 * after {@link checkWorkspaceFiles}; a workspace other than `default` must exist.
 * `env`: the run's environment (PG* variables, the state's encryption key).
 * Errors: those of both; StateLockedError when `options.lock` is given and another run holds it.
 */
export async function openWorkspaceState(
  ws: WorkspacePaths,
  env: Readonly<Record<string, string | undefined>>,
  options: Omit<OpenLocalStateOptions, 'cwd'> & { block?: BackendBlock } = {},
): Promise<OpenedState> {
  const { block, ...rest } = options;
  const location = ws.stateLocation(block);
  checkWorkspaceFiles(ws);
  await requireWorkspace(ws, location);
  const { openState } = await import('./index.js');
  return openState(location, { env, ...rest });
}
