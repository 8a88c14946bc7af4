/**
 * What every command shares: where the workspace and state live, which API
 * to talk to (a configured base URL, or the embedded simulator), and how to
 * report errors. Secrets (the API token) never reach output.
 */
import { readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { ApiClient } from '../api/types.js';
import type { OperationContext } from '../resources/attribute.js';
import { parseDuration } from '../core/duration.js';
import type { ProviderConfig } from '../core/types.js';
import type { RunningSimulator } from '../sim/index.js';
import type { OpenedState, OpenLocalStateOptions, StateLocation } from '../state/index.js';
import { DEFAULT_STATE_PATH, parseBackendLocation } from '../state/location.js';
import type { CliIo } from './io.js';
import { createStyle, colorWanted, type Style } from './views/style.js';

// The simulator, the HTTP client and the state backends are imported where used (dynamic `import()`),
// so commands that need none of them (`validate`, `--help`) start without loading them.

/** Options every command accepts. */
export interface GlobalOptions {
  state?: string;
  color?: boolean;
  /** `--backend URL`: `postgres://...` or `local`. */
  backend?: string;
  /** `--workspace NAME`. */
  workspace?: string;
}

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

/**
 * Where files go for one run, and the run's I/O. Paths are kept as the user
 * gave them (relative ones relative to `io.cwd`), for messages; {@link
 * Workspace.resolve} turns one into the absolute path to open.
 */
export interface Workspace {
  /** The workspace's name (`--workspace`, CLOUDCTL_WORKSPACE, the one selected with `cloudctl workspace select`, else `default`). */
  name: string;
  /** The folder every workspace's local files live under (`.cloudctl`; the folder of `--state`). */
  baseFolder: string;
  /** The local state file of this workspace (`.cloudctl/state.json` for `default`, `.cloudctl/workspaces/NAME/state.json` otherwise). */
  statePath: string;
  /** The folder holding the state, lock, journal, last plan and simulator data. */
  folder: string;
  lastPlanPath: string;
  simulatorDataPath: string;
  style: Style;
  errorStyle: Style;
  /** The run's working directory, environment and streams. */
  io: CliIo;
  /** `path` resolved against `io.cwd` (an absolute path is returned as is). */
  resolve(path: string): string;
  /**
   * Where this workspace's state lives: `--backend`, else CLOUDCTL_BACKEND,
   * else the manifest's `backend` block, else the local folder. A
   * `postgres://` URL takes its schema from a `schema` query parameter, the
   * block's `schema`, else `cloudctl`.
   * @throws Error on a URL that is neither `postgres://`, `postgresql://` nor `local`.
   */
  stateLocation(block?: BackendBlock): StateLocation;
  /** The same run's settings, pointed at workspace `name`. */
  forWorkspace(name: string): Workspace;
  /** `--var` and `--var-file` of the command (manifest variables.ts has the precedence). */
  variables?: { assignments: string[]; files: string[] };
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

/** `url` as a state location for `workspace`, or `undefined` for `local`. @throws Error on another scheme. */
export function backendLocation(
  url: string,
  workspace: string,
  schema?: string,
  env: Readonly<Record<string, string | undefined>> = {},
): StateLocation | undefined {
  return parseBackendLocation(url, workspace, schema, env);
}

/** Resolves the workspace from the global options, for a run with `io`. */
export function workspace(options: GlobalOptions, io: CliIo): Workspace {
  const baseState = options.state ?? DEFAULT_STATE_PATH;
  const baseFolder = dirname(baseState);
  const name = checkWorkspaceName(
    options.workspace ?? (io.env.CLOUDCTL_WORKSPACE || undefined) ?? selectedWorkspace(resolve(io.cwd, baseFolder)) ?? DEFAULT_WORKSPACE,
  );
  const statePath = name === DEFAULT_WORKSPACE ? baseState : join(baseFolder, 'workspaces', name, basename(baseState));
  const folder = dirname(statePath);
  const backendUrl = options.backend ?? (io.env.CLOUDCTL_BACKEND || undefined);
  return {
    name,
    baseFolder,
    statePath,
    folder,
    lastPlanPath: join(folder, 'last-plan.json'),
    simulatorDataPath: join(baseFolder, 'simulator.json'), // the simulated cloud is one account, whatever the workspace
    style: createStyle(colorWanted(options.color, io.stdout, io.env)),
    errorStyle: createStyle(colorWanted(options.color, io.stderr, io.env)),
    io,
    resolve: (path) => resolve(io.cwd, path),
    stateLocation(block?: BackendBlock): StateLocation {
      const url = backendUrl ?? block?.url;
      const remote = url === undefined ? undefined : backendLocation(url, name, block?.schema, io.env);
      return remote ?? { backend: 'local', statePath, cwd: io.cwd };
    },
    forWorkspace: (other) => workspace({ ...options, workspace: other }, io),
  };
}

/** The files of a workspace, each with what it holds (for messages). */
function workspaceFiles(ws: Workspace): Array<[string, string]> {
  return [
    [ws.statePath, 'the state'],
    [`${ws.statePath}.changes`, 'the state change log'],
    [`${ws.statePath}.backup`, 'the state backup'],
    [join(ws.folder, 'state.lock'), 'the state lock'],
    [join(ws.folder, 'journal.jsonl'), 'the journal of paid calls'],
    [ws.lastPlanPath, 'the last saved plan'],
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
export function checkWorkspaceFiles(ws: Workspace): void {
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
async function requireWorkspace(ws: Workspace, location: StateLocation): Promise<void> {
  if (ws.name === DEFAULT_WORKSPACE) return;
  let exists: boolean;
  if (location.backend === 'local') exists = statSync(dirname(ws.resolve(ws.statePath)), { throwIfNoEntry: false })?.isDirectory() ?? false;
  else {
    const { PostgresBackend } = await import('../state/index.js');
    const database = new PostgresBackend({ url: location.url, schema: location.schema, workspace: location.workspace });
    try {
      exists = (await database.head()) !== null;
    } finally {
      await database.close();
    }
  }
  if (!exists)
    throw new Error(
      `workspace "${ws.name}" does not exist: create it with 'cloudctl workspace new ${ws.name}' (cloudctl workspace list shows those there are)`,
    );
}

/**
 * Opens the workspace's state (local or PostgreSQL, see {@link Workspace.stateLocation})
 * after {@link checkWorkspaceFiles}; a workspace other than `default` must exist.
 * Errors: those of both.
 */
export async function openWorkspaceState(
  ws: Workspace,
  options: Omit<OpenLocalStateOptions, 'cwd'> & { block?: BackendBlock } = {},
): Promise<OpenedState> {
  const { block, ...rest } = options;
  const location = ws.stateLocation(block);
  if (location.backend === 'local') checkWorkspaceFiles(ws);
  await requireWorkspace(ws, location);
  const { openState } = await import('../state/index.js');
  return openState(location, { env: ws.io.env, ...rest });
}

/** A connection to the cloud for one run. */
export interface Connection {
  api: ApiClient;
  baseUrl: string;
  /** Seconds between polls while waiting for `Active`. */
  pollIntervalSeconds: number;
  embedded: boolean;
  close(): Promise<void>;
  /** A context for an operation that may take `seconds`. */
  context(seconds?: number): OperationContext;
}

/** Settings of {@link connect} that come from the command line. */
export interface ConnectOptions {
  /**
   * `--parallelism`: operations in flight at once. The API client's
   * keep-alive pool opens at most this many connections. Absent: the API
   * client's default (`ApiClientOptions.parallelism`).
   */
  parallelism?: number;
  /** Secret values to mask in every API error message (`ApiClientOptions.secrets`). */
  secrets?: readonly string[];
}

/**
 * Connects to the API: base URL from `provider.base_url`, else
 * `CLOUDCTL_BASE_URL`, else the embedded simulator (started on loopback,
 * data in the workspace, said on stderr). Token from `CLOUDCTL_API_KEY`.
 * Poll interval from `provider.poll_interval`, else `CLOUDCTL_POLL_INTERVAL`,
 * else 5 s (2 s on the embedded simulator). Settings from `ws.io.env`. One keep-alive pool of at most
 * `options.parallelism` connections.
 */
export async function connect(ws: Workspace, provider: ProviderConfig = {}, options: ConnectOptions = {}): Promise<Connection> {
  const env = ws.io.env;
  let baseUrl = provider.baseUrl ?? env.CLOUDCTL_BASE_URL ?? '';
  let simulator: RunningSimulator | undefined;
  const token = env.CLOUDCTL_API_KEY || undefined;
  if (baseUrl === '') {
    const { startSimulator, simulatorOptionsFromEnv } = await import('../sim/index.js');
    simulator = await startSimulator({ ...simulatorOptionsFromEnv(env), port: 0, dataFile: ws.resolve(ws.simulatorDataPath), token });
    baseUrl = simulator.url;
    ws.io.stderr.write(
      ws.errorStyle.dim(
        `cloudctl: no base URL configured (CLOUDCTL_BASE_URL or provider.base_url): using the embedded simulator, data in ${ws.simulatorDataPath}\n`,
      ),
    );
  }
  const envInterval = env.CLOUDCTL_POLL_INTERVAL ? parseDuration(env.CLOUDCTL_POLL_INTERVAL) : undefined;
  const pollIntervalSeconds = provider.pollIntervalSeconds ?? envInterval ?? (simulator ? 2 : 5);
  const { createApiClient } = await import('../api/client.js');
  const api = createApiClient({
    baseUrl,
    token,
    parallelism: options.parallelism,
    secrets: options.secrets,
    retryBaseDelayMs: env.CLOUDCTL_RETRY_BASE_MS ? Number(env.CLOUDCTL_RETRY_BASE_MS) : undefined,
  });
  return {
    api,
    baseUrl,
    pollIntervalSeconds,
    embedded: Boolean(simulator),
    async close() {
      await api.close();
      await simulator?.close();
    },
    context(seconds = 300) {
      return { api, pollIntervalSeconds, deadline: Date.now() + seconds * 1000 };
    },
  };
}
