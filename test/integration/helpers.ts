/**
 * Helpers for integration tests: a simulator on loopback as the cloud, the
 * CLI run in this process through `runCli` (the binary's own code path, with
 * its own working directory, environment and streams), the built binary
 * for the tests where the process is the point, and temp workspaces.
 */
import { execFile } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import type { CliIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/main.js';
import { startSimulator, type RunningSimulator, type SimulatorOptions } from '../../src/sim/index.js';
import { LocalBackend, PostgresBackend } from '../../src/state/index.js';
import { backendLocation } from '../../src/cli/workspace.js';
import { planFileText } from '../../src/plan/index.js';
import { tempFolder } from '../temp-folders.js';

/**
 * True under `npm run test:soak` (`SOAK=1`): the long harnesses (crash,
 * fuzz, faults) run with their full counts; `npm test` runs each briefly.
 */
export const SOAK = process.env.SOAK === '1';

/** `full` under the soak tier, `brief` in `npm test`. */
export function soakCount(full: number, brief: number): number {
  return SOAK ? full : brief;
}

/** Absolute path of the built CLI. */
export const CLI = resolve('dist/cli/main.js');

/** The result of one CLI run. */
export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Options of {@link cli} and {@link spawnCli}. */
export interface CliOptions {
  /** The working directory of the run. */
  cwd: string;
  /** Added to the clean environment ({@link cliEnvironment}); `undefined` removes a variable. */
  env?: Record<string, string | undefined>;
  /** Text on stdin (not a terminal: `apply` without `--auto-approve` refuses). */
  input?: string;
  /** In process only: aborting it is a Ctrl-C. */
  signal?: AbortSignal;
}

/**
 * The API token every test simulator requires ({@link startCloud}) and every
 * test run sends (`CLOUDCTL_API_KEY` in {@link cliEnvironment}), so every
 * run checks the `x-token` header. Not a secret.
 */
export const TEST_TOKEN = 'cloudctl-test-token';

/** Starts a simulator with short delays, suited to tests, requiring {@link TEST_TOKEN} unless `options.token` says otherwise. */
export function startCloud(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  return startSimulator({ provisioningSeconds: 0.3, seed: 7, token: TEST_TOKEN, ...options });
}

/** How many lite keypair creates `cloud` handled so far (answered or not: a `lost-response` fault still creates). */
export function keypairCreates(cloud: RunningSimulator): number {
  return cloud.requests().filter((request) => request.method === 'POST' && request.path === '/v1/lites/keypairs/' && request.status === 200)
    .length;
}

/** Headers for calling a test simulator directly (as someone behind cloudctl's back): the `x-token` of {@link TEST_TOKEN}. */
export function simulatorHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return { 'x-token': TEST_TOKEN, ...extra };
}

/**
 * Calls a test simulator's API directly, as someone working behind
 * cloudctl's back (the portal, another tool): resolves with the envelope's
 * `data`. @throws Error naming the call and the status when it is not 2xx.
 */
export async function behindTheBack(cloud: { url: string }, method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${cloud.url}${path}`, {
    method,
    headers: simulatorHeaders({ 'content-type': 'application/json' }),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { success: boolean; data: unknown; message?: string };
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${envelope.message ?? ''}`);
  return envelope.data;
}

/** Makes an empty temp folder, removed when the test process ends (see `test/temp-folders.ts`). */
export { tempFolder };

/**
 * The environment of a test run: `PATH` and `HOME` of this process, no
 * colour, a short poll interval and retry delay, the token of
 * {@link TEST_TOKEN} (`CLOUDCTL_API_KEY`), then `extra` (an
 * `undefined` value removes the variable). Nothing else of this process's
 * environment leaks in.
 */
export function cliEnvironment(extra: Record<string, string | undefined> = {}): Record<string, string> {
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NO_COLOR: '1',
    CLOUDCTL_POLL_INTERVAL: '0.05',
    CLOUDCTL_RETRY_BASE_MS: '5',
    CLOUDCTL_API_KEY: TEST_TOKEN,
    ...extra,
  };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  return env as Record<string, string>;
}

/**
 * Runs `cloudctl ARGS` in this process through `runCli`, in `cwd`, with the
 * environment of {@link cliEnvironment}, stdin from `input` and stdout and
 * stderr collected. Runs share nothing: several may run at once.
 */
export async function cli(args: string[], options: CliOptions): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    cwd: resolve(options.cwd),
    env: cliEnvironment(options.env),
    stdin: Readable.from(options.input === undefined ? [] : [options.input]),
    stdout: { write: (text: string) => ((stdout += text), true) },
    stderr: { write: (text: string) => ((stderr += text), true) },
    ...(options.signal ? { signal: options.signal } : {}),
  };
  const code = await runCli(['node', 'cloudctl', ...args], io);
  return { code, stdout, stderr };
}

/**
 * Runs the built binary, `node dist/cli/main.js ARGS`, as a user runs it (in
 * `cwd`, the environment of {@link cliEnvironment}): for the tests where the
 * process is the point (signals, the lock between processes, exit status
 * and streams of the real binary). Async, so an in-process simulator keeps
 * answering.
 */
export function spawnCli(args: string[], options: CliOptions): Promise<CliResult> {
  const env = cliEnvironment(options.env);
  return new Promise((resolvePromise) => {
    const child = execFile(
      process.execPath,
      [CLI, ...args],
      { cwd: options.cwd, env, timeout: 60_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof (error as { code?: unknown }).code === 'number' ? (error as { code: number }).code : 1) : 0;
        resolvePromise({ code, stdout: String(stdout), stderr: String(stderr) });
      },
    );
    if (options.input !== undefined) child.stdin?.end(options.input);
    else child.stdin?.end();
  });
}

/**
 * Every file under `folder`, recursively, with its content (read as
 * latin1: any byte is kept; a gzip file, or a saved plan (its header line,
 * then gzip), is read uncompressed, so what it holds is searched, not its
 * compressed bytes).
 */
export async function filesUnder(folder: string): Promise<Array<{ path: string; text: string }>> {
  const found: Array<{ path: string; text: string }> = [];
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) found.push(...(await filesUnder(path)));
    else {
      let bytes = await readFile(path);
      if (bytes.subarray(0, 14).toString('latin1') === 'cloudctl-plan/') bytes = bytes.subarray(bytes.indexOf(0x0a) + 1);
      const gzip = bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
      found.push({ path, text: (gzip ? gunzipSync(bytes) : bytes).toString('latin1') });
    }
  }
  return found;
}

/** The JSON text a saved plan file holds (gzip-compressed as cloudctl writes it, or plain as older versions did). */
export async function savedPlanText(path: string): Promise<string> {
  return planFileText(await readFile(path), path);
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
export async function readState(folder: string, env: Record<string, string | undefined> = {}): Promise<any> {
  const location = env.CLOUDCTL_BACKEND ? backendLocation(env.CLOUDCTL_BACKEND, env.CLOUDCTL_WORKSPACE ?? 'default') : undefined;
  const backend =
    location?.backend === 'postgres'
      ? new PostgresBackend({ url: location.url, schema: location.schema, workspace: location.workspace })
      : new LocalBackend({ statePath: join(folder, '.cloudctl', 'state.json') });
  try {
    const state = await backend.read();
    if (state === null) throw new Error(`no state in ${folder}`);
    return state;
  } finally {
    if (backend instanceof PostgresBackend) await backend.close();
  }
}

/** Requests other than reads (GET), from a request log. */
export function writes(requests: Array<{ method: string; path: string }>): string[] {
  return requests.filter((request) => request.method !== 'GET').map((request) => `${request.method} ${request.path}`);
}

/** A simulator and a workspace of a test, filled in by the hooks of {@link useStack}. */
export interface TestStack {
  /** The simulator of the suite (or of the test, with `each`). */
  cloud: RunningSimulator;
  /** The workspace folder: the working directory of {@link TestStack.run}. */
  folder: string;
  /** The environment added to each run: `CLOUDCTL_BASE_URL` and the options' `env`. */
  env: Record<string, string>;
  /** Runs `cloudctl ARGS` in `folder` with `env` (read at each call, so either may be replaced). */
  run: (...args: string[]) => Promise<CliResult>;
}

/** Options of {@link useStack} and {@link openStack}. */
export interface StackOptions {
  /** Written as `stack.yaml` in the workspace when given. */
  manifest?: string;
  /** Added to the environment after `CLOUDCTL_BASE_URL`. */
  env?: Record<string, string>;
  /** Options of the simulator ({@link startCloud}), or a function of the title of the test about to run (with `each`). */
  simulator?: SimulatorOptions | ((title: string) => SimulatorOptions);
  /** Prefix of the temp folder. */
  prefix?: string;
  /** A fresh simulator and workspace for each test (`beforeEach`) instead of one for the suite. */
  each?: boolean;
}

/**
 * Opens a workspace against `cloud`: a temp folder, the environment pointing
 * at the simulator, `stack.yaml` written from `options.manifest` when given.
 */
export async function openStack(cloud: RunningSimulator, options: StackOptions = {}): Promise<TestStack> {
  const context: TestStack = {
    cloud,
    folder: await tempFolder(options.prefix),
    env: { CLOUDCTL_BASE_URL: cloud.url, ...options.env },
    run: (...args: string[]) => cli(args, { cwd: context.folder, env: context.env }),
  };
  if (options.manifest !== undefined) await write(context.folder, 'stack.yaml', options.manifest);
  return context;
}

/**
 * Mocha hooks of a suite (call it inside `describe`): starts a simulator and
 * opens a workspace ({@link openStack}) before the suite (or each test, with
 * `each`) and closes the simulator after it. Returns the context, filled in
 * once the hook has run.
 */
export function useStack(options: StackOptions = {}): TestStack {
  const context = {} as TestStack;
  const setup = async function (this: Mocha.Context): Promise<void> {
    const simulator = typeof options.simulator === 'function' ? options.simulator(this.currentTest?.title ?? '') : options.simulator;
    Object.assign(context, await openStack(await startCloud(simulator), options));
  };
  const teardown = async (): Promise<void> => {
    await context.cloud?.close();
  };
  if (options.each) {
    beforeEach(setup);
    afterEach(teardown);
  } else {
    before(setup);
    after(teardown);
  }
  return context;
}

/**
 * Mocha hooks of a suite (call it inside `describe`): a simulator
 * ({@link startCloud} with `options`) started before the suite and closed
 * after it. Returns the holder, whose `cloud` is set once the hook has run.
 */
export function useCloud(options: SimulatorOptions = {}): { cloud: RunningSimulator } {
  const holder = {} as { cloud: RunningSimulator };
  before(async () => {
    holder.cloud = await startCloud(options);
  });
  after(async () => {
    await holder.cloud?.close();
  });
  return holder;
}
