/**
 * Runs one test file (docs/testing.md): a temporary workspace, a fresh
 * simulator of its own (cloud.ts) unless `--against URL`, and each step in
 * order through the engine's front door (`Engine` in src/engine/engine.ts),
 * as a user's `cloudctl plan/apply/destroy/refresh` would run; a step with
 * `crash_after_paid_orders` runs in a child process (crash-child.ts) that
 * is killed with SIGKILL. After each step: its expectations (checks.ts), its
 * assertions (conditions.ts) and the ledger's duplicate orders; after the
 * last: the accounts left behind that the state does not hold.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DiagnosticError, type Diagnostic, type Value } from '../core/types.js';
import { Engine } from '../engine/engine.js';
import type { EngineEvent } from '../engine/events.js';
import type { StateDocument } from '../state/document.js';
import { checkExpectations, planFigures, type StepOutcome, type TestFailure } from './checks.js';
import { callOutside, duplicateOrders, ledgerView, orphanedAccounts, simulatorFaults, startTestCloud, type TestCloud } from './cloud.js';
import { checkCondition, fillValue, type ConditionContext } from './conditions.js';
import { CrashChild } from './crash.js';
import type { CrashChildInput } from './crash-child.js';
import { accountKey } from '../resources/accounts.js';
import { END_OF_RUN, listLive, RunLedger, type Listing, type OrderedAccount } from './real-api.js';
import { positionIn, type TestFile, type TestStep } from './test-file.js';

/** The result of one step. */
export interface StepResult {
  name: string;
  command: string;
  /** Wall-clock seconds the step took. */
  seconds: number;
  /** How its command ended (see `StepOutcome.status`). */
  status: string;
  /** What the command said when it failed (an error's message, the failed changes'), shown beside an expected failure too. */
  message?: string;
  failures: TestFailure[];
}

/** The result of one test file. */
export interface FileResult {
  file: string;
  seconds: number;
  steps: StepResult[];
  /** Failures of the file as a whole (an orphaned account, a file that could not run). */
  failures: TestFailure[];
  passed: boolean;
  /** Against a real API: every account the run ordered and what became of it (see real-api.ts). */
  accounts?: OrderedAccount[];
  /** Where the run's workspace was kept (`--keep-state`, or a destroy at the end that failed); its state is `.cloudctl/state.json` there. */
  keptState?: string;
}

/** Options of {@link runTestFile}. */
export interface RunTestFileOptions {
  /** Run against this API (base URL) instead of a simulator: no fault, crash, drift or invoice payment is allowed then. */
  against?: string;
  /** The API token for `against` (default: none). */
  token?: string;
  /** The user's environment, read only with `against` (poll, retry, request timeout, grace and list-lag settings); default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Called as each step ends (the CLI prints a line per step). */
  onStep?: (file: TestFile, step: StepResult) => void;
  /** Aborted (Ctrl-C): the step running finishes, no other starts, and the file fails as interrupted. */
  signal?: AbortSignal;
  /**
   * With `against`: the folder the file's workspace is made in and kept
   * (its state is `.cloudctl/state.json` there) instead of destroying what
   * the run created at its end. Made when missing; it must hold no state.
   */
  keepState?: string;
}

/** The engine settings a run against a real API (`--against`) takes from the user's environment. */
const AGAINST_SETTINGS = [
  'CLOUDCTL_POLL_INTERVAL',
  'CLOUDCTL_RETRY_BASE_MS',
  'CLOUDCTL_REQUEST_TIMEOUT',
  'CLOUDCTL_RECONCILE_GRACE',
  'CLOUDCTL_LIST_LAG',
];

/**
 * The engine's environment in a test: on the simulator, fast polls and
 * retries and nothing of the user's environment; against a real API, only
 * the user's poll, retry, grace and list-lag settings ({@link AGAINST_SETTINGS}).
 */
function testEnvironment(file: TestFile, against: boolean, userEnv: Readonly<Record<string, string | undefined>>): Record<string, string> {
  if (against) {
    const out: Record<string, string> = {};
    for (const name of AGAINST_SETTINGS) if (userEnv[name]) out[name] = userEnv[name]!;
    return out;
  }
  const latency = Math.max(0, ...file.steps.map((step) => step.faults?.latency_ms ?? 0));
  return {
    CLOUDCTL_POLL_INTERVAL: '50ms',
    CLOUDCTL_RETRY_BASE_MS: '1',
    CLOUDCTL_LIST_LAG: '0',
    // A killed run's last request reaches the simulator within its latency: reconciliation waits that long, plus a margin.
    CLOUDCTL_RECONCILE_GRACE: `${latency + 300}ms`,
  };
}

/** What only a simulator can do, which a run against a real API refuses: one diagnostic at each place in the file. */
export function refusalsOnRealApi(file: TestFile): Diagnostic[] {
  const problems: Diagnostic[] = [];
  for (const step of file.steps) {
    const refuse = (what: string, location = step.location) =>
      problems.push({
        severity: 'error',
        code: 'invalid_value',
        message: `--against: ${what} needs the simulator; refused against a real API`,
        location,
      });
    if (step.faults) refuse('faults', step.faults.location);
    if (step.drift.length > 0) refuse('drift', step.drift[0]!.location);
    if (step.payInvoices) refuse('pay_invoices');
  }
  return problems;
}

/** The condition context's resources and outputs from a (masked) state document. */
function stateNames(state: StateDocument): Pick<ConditionContext, 'resources' | 'outputs' | 'types'> {
  const resources: Record<string, Record<string, Value>> = {};
  const types: Record<string, string> = {};
  for (const [address, resource] of Object.entries(state.resources)) {
    resources[address] = { id: resource.id, ...resource.attributes };
    types[address] = resource.type;
  }
  const outputs: Record<string, Value> = {};
  for (const [name, output] of Object.entries(state.outputs)) outputs[name] = output.value;
  return { resources, outputs, types };
}

/** A failed command as an outcome: its message and codes (diagnostic codes, the error's name and `code`). */
function failedOutcome(error: unknown): StepOutcome {
  const codes: string[] = [];
  if (error instanceof DiagnosticError) for (const diagnostic of error.diagnostics) if (diagnostic.code) codes.push(diagnostic.code);
  if (error instanceof Error) {
    codes.push(error.name);
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
  }
  return { status: 'failed', message: error instanceof Error ? error.message : String(error), codes, failed: [] };
}

/** Runs one step's command through the engine (or, for a crashing step, in `crashChild`). */
async function runCommand(engine: Engine, step: TestStep, crashChild: CrashChild | undefined): Promise<StepOutcome> {
  const options = { variables: step.variables };
  try {
    if (crashChild) return await crashChild.run();
    if (step.command === 'plan') return { status: 'planned', plan: await engine.plan(step.manifest, options), codes: [], failed: [] };
    if (step.command === 'refresh') {
      const refreshed = await engine.refresh(step.manifest, options);
      return { status: 'refreshed', plan: refreshed.plan, codes: [], failed: [] };
    }
    const result = step.command === 'destroy' ? await engine.destroy(step.manifest, options) : await engine.apply(step.manifest, options);
    return {
      status: result.status,
      plan: result.plan,
      ...(result.failed.length > 0 ? { message: result.failed.map((entry) => `${entry.address}: ${entry.message}`).join('; ') } : {}),
      codes: result.failed.length > 0 ? ['change_failed'] : [],
      failed: [...result.failed.map((entry) => entry.address), ...result.skipped.map((entry) => entry.address)],
    };
  } catch (error) {
    return failedOutcome(error);
  }
}

/** Before a step: pays open invoices, makes its drift calls, sets its faults. Errors are the step's failures. */
async function prepare(step: TestStep, cloud: TestCloud, state: StateDocument): Promise<TestFailure[]> {
  const failures: TestFailure[] = [];
  if (step.payInvoices)
    for (const resource of Object.values(state.resources)) {
      const invoice = resource.pending_payment?.invoice_id;
      if (
        invoice !== undefined &&
        cloud.simulator.accounts().some((account) => account.invoice.id === invoice && account.invoice.status === 'Unpaid')
      )
        cloud.simulator.payInvoice(invoice);
    }
  const names: ConditionContext = { ...stateNames(state), dataSources: {}, variables: step.variables, plan: {}, ledger: {}, result: {} };
  for (const drift of step.drift) {
    const filled = fillValue({ request: drift.request, body: drift.body ?? null }, drift.location, names);
    if ('error' in filled) {
      failures.push({ message: `drift: ${filled.error}`, location: drift.location });
      continue;
    }
    const { request, body } = filled.value as { request: Value; body: Value };
    try {
      await callOutside(cloud.url, String(request), body === null ? undefined : body);
    } catch (error) {
      failures.push({ message: `drift: ${(error as Error).message}`, location: drift.location });
    }
  }
  if (step.faults) cloud.simulator.setFaults(simulatorFaults(step.faults));
  return failures;
}

/** What the steps of one file share while it runs. */
interface FileRun {
  file: TestFile;
  engine: Engine;
  /** The file's own simulator; undefined against a real API. */
  cloud: TestCloud | undefined;
  against: boolean;
  /** What the engine reconciled and noticed during the current step (a crashed run's open intent, its stale lock). */
  events: { reconciled: Array<{ address: string; outcome: string }>; notices: string[] };
  /** Duplicate orders already reported (each is reported at the first step that sees it). */
  reported: Set<string>;
  /** Against a real API: what each step ordered (real-api.ts). */
  ledger: RunLedger;
}

/** The crash children of a file's crashing steps, each started one crashing step ahead, so it loads while earlier steps run. */
interface CrashChildren {
  /** The child of step `index` (undefined unless that step crashes), and starts the next crashing step's. */
  take(index: number): CrashChild | undefined;
  /** Stops the child started ahead and not taken. */
  stop(): Promise<void>;
}

/** Starts the child of the file's first crashing step (see {@link CrashChildren}). */
function crashChildren(file: TestFile, run: Pick<CrashChildInput, 'directory' | 'env' | 'baseUrl'>): CrashChildren {
  const childOf = (index: number): CrashChild | undefined => {
    const step = file.steps[index]!;
    const crashAfter = step.faults?.crash_after_paid_orders;
    if (crashAfter === undefined || (step.command !== 'apply' && step.command !== 'destroy')) return undefined;
    const input: CrashChildInput = {
      ...run,
      command: step.command,
      manifest: step.manifest,
      variables: step.variables,
      crashAfterPaidOrders: crashAfter,
    };
    return CrashChild.start(input);
  };
  let warm: { index: number; child: CrashChild } | undefined;
  const warmFrom = (from: number) => {
    const index = file.steps.findIndex((step, at) => at >= from && step.faults?.crash_after_paid_orders !== undefined);
    const child = index < 0 ? undefined : childOf(index);
    warm = child ? { index, child } : undefined;
  };
  warmFrom(0);
  return {
    take(index) {
      if (warm?.index !== index) return undefined;
      const { child } = warm;
      warmFrom(index + 1);
      return child;
    },
    async stop() {
      await warm?.child.stop();
    },
  };
}

/** What a step's assertions read: state, data sources, variables, the plan's figures, the ledger since `before`, the outcome. */
function stepContext(
  run: FileRun,
  step: TestStep,
  outcome: StepOutcome,
  state: StateDocument,
  before: { orders: number; requests: number },
): ConditionContext {
  const simulator = run.cloud?.simulator;
  return {
    ...stateNames(state),
    dataSources: (outcome.plan?.data_sources ?? {}) as ConditionContext['dataSources'],
    variables: step.variables,
    plan: outcome.plan
      ? {
          ...planFigures(outcome.plan),
          monthly_cost: outcome.plan.cost?.monthly_after ?? null,
          changes: outcome.plan.changes.map((change) => ({ address: change.address, action: change.action })),
        }
      : {},
    ledger: ledgerView(
      simulator?.ledger() ?? [],
      before.orders,
      simulator?.accounts() ?? [],
      (simulator?.requests() ?? []).slice(before.requests).filter((entry) => entry.faulted !== undefined),
    ),
    result: { status: outcome.status, failed: outcome.failed, reconciled: run.events.reconciled, notices: run.events.notices },
  };
}

/** The failures of a step's `assert:` conditions in `context`, each at its position in the test file. */
function assertionFailures(file: TestFile, step: TestStep, context: ConditionContext): TestFailure[] {
  const failures: TestFailure[] = [];
  for (const assertion of step.assert) {
    const failure = checkCondition(
      assertion.condition,
      assertion.location,
      (offset) => positionIn(file, assertion.offset + offset),
      context,
    );
    if (failure)
      failures.push({
        message: assertion.message ? `${assertion.message}: ${failure.message}` : failure.message,
        location: failure.location,
      });
  }
  return failures;
}

/**
 * Runs one step: prepares the simulator (drift, calls from outside,
 * faults), runs its command (in `crashChild` when it crashes), then checks
 * its expectations, its assertions and the ledger for duplicate orders.
 */
async function runStep(run: FileRun, step: TestStep, crashChild: CrashChild | undefined): Promise<StepResult> {
  const { cloud, engine } = run;
  const started = performance.now();
  run.events.reconciled = [];
  run.events.notices = [];
  const failures: TestFailure[] = [];
  const before = { orders: cloud?.simulator.counts().orders ?? 0, requests: cloud?.simulator.counts().requests ?? 0 };
  if (cloud) failures.push(...(await prepare(step, cloud, await engine.state())));
  const outcome = await runCommand(engine, step, crashChild);
  cloud?.simulator.setFaults(undefined);
  if (cloud) outcome.orders = cloud.simulator.counts().orders - before.orders;
  failures.push(...checkExpectations(step, outcome));
  const state = await engine.state();
  if (run.against) run.ledger.noteStep(step.name, outcome.plan, state);
  failures.push(...assertionFailures(run.file, step, stepContext(run, step, outcome, state, before)));
  for (const duplicate of duplicateOrders(cloud?.simulator.ledger() ?? [], cloud?.simulator.accounts() ?? []))
    if (!run.reported.has(duplicate)) {
      run.reported.add(duplicate);
      failures.push({ message: duplicate, location: step.location });
    }
  return {
    name: step.name,
    command: step.command,
    seconds: (performance.now() - started) / 1000,
    status: outcome.status,
    ...(outcome.message !== undefined && outcome.status !== 'crashed' ? { message: outcome.message } : {}),
    failures,
  };
}

/** The accounts the file's simulator holds that its state does not: orphans, failures at the last step. */
async function orphanFailures(run: FileRun): Promise<TestFailure[]> {
  if (!run.cloud) return [];
  const state = await run.engine.state();
  const ids = new Set(Object.values(state.resources).map((resource) => resource.id));
  const last = run.file.steps[run.file.steps.length - 1]!;
  return orphanedAccounts(run.cloud.simulator.accounts(), ids).map((orphan) => ({ message: orphan, location: last.location }));
}

/** The result of a file not run because the run was interrupted before it. */
function notRun(file: TestFile): FileResult {
  return {
    file: file.shown,
    seconds: 0,
    steps: [],
    failures: [{ message: 'interrupted: not run', location: file.steps[0]!.location }],
    passed: false,
  };
}

/**
 * Runs the test file `file` (see the module comment) and resolves with its
 * result; never throws for a failing test (a file that cannot run at all is
 * one failure of the file). Errors: DiagnosticError when `against` is given
 * and the file uses what only the simulator can do.
 */
export async function runTestFile(file: TestFile, options: RunTestFileOptions = {}): Promise<FileResult> {
  const against = options.against !== undefined;
  if (against) {
    const refused = refusalsOnRealApi(file);
    if (refused.length > 0) throw new DiagnosticError(refused);
  }
  if (options.signal?.aborted) return notRun(file);
  const started = performance.now();
  const kept = against ? options.keepState : undefined;
  const directory = kept ?? (await mkdtemp(join(tmpdir(), 'cloudctl-test-')));
  if (kept) await mkdir(kept, { recursive: true });
  const cloud = against ? undefined : await startTestCloud(file.simulator);
  const env = testEnvironment(file, against, options.env ?? process.env);
  const baseUrl = options.against ?? cloud!.url;
  const events: FileRun['events'] = { reconciled: [], notices: [] };
  const onEvent = (event: EngineEvent) => {
    if (event.type === 'reconcile' && event.outcome !== 'waiting')
      events.reconciled.push({ address: event.address, outcome: event.outcome });
    if (event.type === 'notice') events.notices.push(event.message);
  };
  const engine = await Engine.open({ directory, env, baseUrl, onEvent, ...(options.token ? { token: options.token } : {}) });
  const run: FileRun = { file, engine, cloud, against, events, reported: new Set(), ledger: new RunLedger() };
  const steps: StepResult[] = [];
  const fileFailures: TestFailure[] = [];
  const crashes = crashChildren(file, { directory, env, baseUrl });
  // Against a real API: the accounts live before the first step (real-api.ts).
  let before: Listing | undefined;
  let keepWorkspace = kept !== undefined;
  let accounts: OrderedAccount[] | undefined;
  try {
    if (against) before = await listLive(engine);
    for (const [index, step] of file.steps.entries()) {
      if (options.signal?.aborted) {
        fileFailures.push({ message: `interrupted before this step (${file.steps.length - index} not run)`, location: step.location });
        break;
      }
      const result = await runStep(run, step, crashes.take(index));
      steps.push(result);
      options.onStep?.(file, result);
    }
    fileFailures.push(...(await orphanFailures(run)));
  } catch (error) {
    fileFailures.push({
      message: `the test could not run: ${(error as Error).message}`,
      location: { file: file.shown, line: 1, column: 1 },
    });
  }
  try {
    if (against && before) {
      const end = await endOfRealRun(engine, file, run.ledger, before, { kept, directory });
      accounts = end.accounts;
      fileFailures.push(...end.failures);
      keepWorkspace ||= end.stateLeft;
    }
  } finally {
    await crashes.stop();
    await engine.close();
    await cloud?.close();
    if (!keepWorkspace) await rm(directory, { recursive: true, force: true });
  }
  const passed = fileFailures.length === 0 && steps.every((step) => step.failures.length === 0);
  return {
    file: file.shown,
    seconds: (performance.now() - started) / 1000,
    steps,
    failures: fileFailures,
    passed,
    ...(accounts ? { accounts } : {}),
    ...(keepWorkspace ? { keptState: directory } : {}),
  };
}

/**
 * The end of a run against a real API: unless `kept` (`--keep-state`),
 * destroys what the state holds (the engine's destroy: reverse dependency
 * order), then lists the accounts live now and tells every account the run
 * ordered and what became of it. Failures: an account left behind (live, and
 * no state kept holds it: an orphan, or an order placed twice), a destroy
 * that did not finish (`stateLeft`: the workspace is then kept, the only
 * record of what still bills).
 */
async function endOfRealRun(
  engine: Engine,
  file: TestFile,
  ledger: RunLedger,
  before: Listing,
  { kept, directory }: { kept: string | undefined; directory: string },
): Promise<{ accounts: OrderedAccount[]; failures: TestFailure[]; stateLeft: boolean }> {
  const last = file.steps[file.steps.length - 1]!;
  const failures: TestFailure[] = [];
  let state = await engine.state();
  if (kept === undefined && Object.keys(state.resources).length > 0) {
    try {
      const result = await engine.destroy(last.manifest, { variables: last.variables });
      if (result.failed.length > 0)
        failures.push({
          message: `the destroy at the end of the run failed: ${result.failed.map((entry) => `${entry.address}: ${entry.message}`).join('; ')}`,
          location: last.location,
        });
    } catch (error) {
      failures.push({ message: `the destroy at the end of the run failed: ${(error as Error).message}`, location: last.location });
    }
    state = await engine.state();
    ledger.noteStep(END_OF_RUN, undefined, state);
  }
  const stateKeys = new Set(Object.values(state.resources).map((resource) => accountKey(resource.type, resource.id)));
  let after: Listing;
  try {
    after = await listLive(engine);
  } catch (error) {
    failures.push({ message: `could not list the accounts at the end of the run: ${(error as Error).message}`, location: last.location });
    after = new Map();
  }
  const stateLeft = kept === undefined && stateKeys.size > 0;
  const statePath = join(directory, '.cloudctl', 'state.json');
  const accounts = ledger.outcomes({ stateKeys, kept: kept === undefined ? undefined : statePath, before, after });
  if (stateLeft)
    for (const account of accounts)
      if (account.outcome === 'left' && stateKeys.has(accountKey(account.type, account.id)))
        account.detail += `; the run's state is kept in ${statePath}`;
  for (const account of accounts)
    if (account.outcome === 'left')
      failures.push({
        message: `left behind: ${account.type} ${account.id}${account.address ? ` (${account.address})` : ''}: ${account.detail}`,
        location: last.location,
      });
  return { accounts, failures, stateLeft };
}
