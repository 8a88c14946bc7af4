/**
 * What every command shares: where the workspace and state live, which API
 * to talk to (a configured base URL, or the embedded simulator), and how to
 * report errors. Secrets (the API token) never reach output.
 */
import { statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createApiClient } from '../api/client.js';
import type { ApiClient } from '../api/types.js';
import type { OperationContext } from '../resources/attribute.js';
import { parseDuration } from '../core/duration.js';
import type { ProviderConfig } from '../core/types.js';
import { startSimulator, simulatorOptionsFromEnv, type RunningSimulator } from '../sim/index.js';
import { DEFAULT_STATE_PATH, openLocalState, type LocalState, type OpenLocalStateOptions } from '../state/index.js';
import type { CliIo } from './io.js';
import { createStyle, colorWanted, type Style } from './views/style.js';

/** Options every command accepts. */
export interface GlobalOptions {
  state?: string;
  color?: boolean;
}

/**
 * Where files go for one run, and the run's I/O. Paths are kept as the user
 * gave them (relative ones relative to `io.cwd`), for messages; {@link
 * Workspace.resolve} turns one into the absolute path to open.
 */
export interface Workspace {
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
}

/** Resolves the workspace from the global options, for a run with `io`. */
export function workspace(options: GlobalOptions, io: CliIo): Workspace {
  const statePath = options.state ?? DEFAULT_STATE_PATH;
  const folder = dirname(statePath);
  return {
    statePath,
    folder,
    lastPlanPath: join(folder, 'last-plan.json'),
    simulatorDataPath: join(folder, 'simulator.json'),
    style: createStyle(colorWanted(options.color, io.stdout, io.env)),
    errorStyle: createStyle(colorWanted(options.color, io.stderr, io.env)),
    io,
    resolve: (path) => resolve(io.cwd, path),
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
    throw new Error(`${ws.folder} is a file, but it must be the workspace folder (it holds the state); move it out of the way or give --state another path`);
  }
  for (const [path, role] of workspaceFiles(ws)) {
    const found = statSync(ws.resolve(path), { throwIfNoEntry: false });
    if (found && !found.isFile()) {
      throw new Error(`${path} is ${found.isDirectory() ? 'a directory' : 'not a regular file'}, but it must be a file (${role}); move it out of the way or give --state another path`);
    }
  }
}

/**
 * Opens the workspace's state (`openLocalState`) after {@link checkWorkspaceFiles}.
 * Errors: those of both.
 */
export async function openWorkspaceState(ws: Workspace, options: OpenLocalStateOptions = {}): Promise<LocalState> {
  checkWorkspaceFiles(ws);
  return openLocalState(ws.statePath, { cwd: ws.io.cwd, env: ws.io.env, ...options });
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
    simulator = await startSimulator({ ...simulatorOptionsFromEnv(env), port: 0, dataFile: ws.resolve(ws.simulatorDataPath), token });
    baseUrl = simulator.url;
    ws.io.stderr.write(ws.errorStyle.dim(`cloudctl: no base URL configured (CLOUDCTL_BASE_URL or provider.base_url): using the embedded simulator, data in ${ws.simulatorDataPath}\n`));
  }
  const envInterval = env.CLOUDCTL_POLL_INTERVAL ? parseDuration(env.CLOUDCTL_POLL_INTERVAL) : undefined;
  const pollIntervalSeconds = provider.pollIntervalSeconds ?? envInterval ?? (simulator ? 2 : 5);
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
