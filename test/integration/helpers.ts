/**
 * Helpers for integration tests: a simulator on loopback as the cloud, the
 * built `cloudctl` binary run as a user runs it, and temp workspaces.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startSimulator, type RunningSimulator, type SimulatorOptions } from '../../src/sim/index.js';
import { LocalBackend } from '../../src/state/index.js';

/** Absolute path of the built CLI. */
export const CLI = resolve('dist/cli/main.js');

/** The result of one CLI run. */
export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Starts a simulator with short delays, suited to tests. */
export function startCloud(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  return startSimulator({ provisioningSeconds: 0.3, seed: 7, ...options });
}

/** Makes an empty temp folder. */
export function tempFolder(prefix = 'cloudctl-test-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

/**
 * Runs `cloudctl ARGS` in `cwd` (async, so an in-process simulator keeps
 * answering). `env` adds to a clean environment with no colour and a short
 * poll interval.
 */
export function cli(args: string[], options: { cwd: string; env?: Record<string, string | undefined>; input?: string }): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NO_COLOR: '1',
    CLOUDCTL_POLL_INTERVAL: '0.05',
    CLOUDCTL_RETRY_BASE_MS: '5',
    ...options.env,
  };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  return new Promise((resolvePromise) => {
    const child = execFile(process.execPath, [CLI, ...args], { cwd: options.cwd, env, timeout: 60_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof (error as { code?: unknown }).code === 'number' ? (error as { code: number }).code : 1) : 0;
      resolvePromise({ code, stdout: String(stdout), stderr: String(stderr) });
    });
    if (options.input !== undefined) child.stdin?.end(options.input);
    else child.stdin?.end();
  });
}

/** Writes a file and returns its path. */
export async function write(folder: string, name: string, text: string): Promise<string> {
  const path = join(folder, name);
  await writeFile(path, text);
  return path;
}

/**
 * Reads the state of a workspace as the next run will: `state.json` with the
 * change log (`state.json.changes`, what a run killed before its end left)
 * replayed. Rejects when there is no state at all.
 */
export async function readState(folder: string): Promise<any> {
  const state = await new LocalBackend({ statePath: join(folder, '.cloudctl', 'state.json') }).read();
  if (state === null) throw new Error(`no state in ${folder}`);
  return state;
}

/** Requests other than reads (GET), from a request log. */
export function writes(requests: Array<{ method: string; path: string }>): string[] {
  return requests.filter((request) => request.method !== 'GET').map((request) => `${request.method} ${request.path}`);
}
