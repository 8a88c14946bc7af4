/**
 * `cloudctl plan --stacks [FILE]`, `apply --stacks [FILE|PLAN]` and
 * `destroy --stacks [FILE]` (docs/stacks.md): every stack of a stacks file
 * in one run, through {@link Stacks}. This parses, asks and prints; the
 * combined plan is saved as JSON (plans are masked: it holds no secret).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  DEFAULT_STACKS_FILE,
  Stacks,
  stacksPlanHasChanges,
  STACKS_PLAN_FORMAT,
  type StacksEvent,
  type StacksPlan,
} from '../../stacks/index.js';
import { startSimulator, simulatorOptionsFromEnv, type RunningSimulator } from '../../sim/index.js';
import { renderStacksPlan, renderStacksPlanMarkdown, renderStacksResult } from '../views/stacks.js';
import { planOutputFormat } from '../views/markdown.js';
import { notice } from '../run.js';
import { confirm } from './apply.js';
import { backendLocation, type Workspace } from '../workspace.js';
import { onInterrupt } from '../io.js';

/** Where `plan --stacks` saves the combined plan unless `--out` says. */
export const LAST_STACKS_PLAN = join('.cloudctl', 'last-stacks-plan.json');

/** Options of the `--stacks` forms of plan, apply and destroy. */
export interface StacksCommandOptions {
  /** `--stack NAME` (repeatable, globs). */
  stack?: string[];
  refresh?: boolean;
  allowOverBudget?: boolean;
  parallelism?: number;
  lockTimeoutSeconds?: number;
  out?: string;
  json?: boolean;
  format?: string;
  detailedExitcode?: boolean;
  autoApprove?: boolean;
  autoApproveByRules?: boolean;
}

/**
 * Opens the stacks of `file` for one run: events printed (notices and
 * failures on stderr, each naming its stack). Without CLOUDCTL_BASE_URL
 * every stack uses one embedded simulator (data in `.cloudctl/simulator.json`
 * beside the stacks file), so that stacks see each other's resources; a
 * manifest's `provider.base_url` still wins.
 */
async function openStacks(ws: Workspace, file: string, options: StacksCommandOptions): Promise<{ stacks: Stacks; close(): Promise<void> }> {
  const printer = (event: StacksEvent) => {
    if (event.type === 'notice' || event.type === 'reconcile') notice(ws, `stack ${event.stack}: ${event.message}`);
    else if (event.type === 'failed') notice(ws, `stack ${event.stack}: ${event.address}: ${event.message}`);
    else if (event.type === 'stack' && (event.status === 'applying' || event.status === 'destroying'))
      ws.io.stderr.write(ws.errorStyle.dim(`cloudctl: stack ${event.stack}: ${event.status}\n`));
  };
  const env = { ...ws.io.env };
  let simulator: RunningSimulator | undefined;
  const open = (given: Readonly<Record<string, string | undefined>>) =>
    Stacks.open(ws.resolve(file), {
      env: given,
      onEvent: printer,
      ...(options.parallelism !== undefined ? { parallelism: options.parallelism } : {}),
      ...(options.lockTimeoutSeconds !== undefined ? { lockTimeoutSeconds: options.lockTimeoutSeconds } : {}),
    });
  let stacks = await open(env);
  if (!env.CLOUDCTL_BASE_URL) {
    const dataFile = join(stacks.file.directory, '.cloudctl', 'simulator.json');
    await mkdir(dirname(dataFile), { recursive: true });
    simulator = await startSimulator({
      ...simulatorOptionsFromEnv(env as NodeJS.ProcessEnv),
      port: 0,
      dataFile,
      token: env.CLOUDCTL_API_KEY || undefined,
    });
    ws.io.stderr.write(
      ws.errorStyle.dim(
        `cloudctl: no base URL configured (CLOUDCTL_BASE_URL): every stack uses one embedded simulator, data in ${dataFile}\n`,
      ),
    );
    stacks = await open({ ...env, CLOUDCTL_BASE_URL: simulator.url });
  }
  return { stacks, close: async () => void (await simulator?.close()) };
}

/** True when `path` holds a saved combined plan (JSON with its `format`). */
async function readSavedPlan(path: string): Promise<StacksPlan | undefined> {
  if (!path.endsWith('.json')) return undefined;
  const parsed = JSON.parse(await readFile(path, 'utf8')) as { format?: string };
  return parsed.format === STACKS_PLAN_FORMAT ? (parsed as StacksPlan) : undefined;
}

/** True when the combined plan cannot be applied as it is: a stack not planned, or a budget exceeded (unless allowed). */
function broken(plan: StacksPlan, allowOverBudget: boolean): boolean {
  const over = plan.budgetProblems.length > 0 || plan.stacks.some((stack) => stack.budgetProblems.length > 0);
  return plan.stacks.some((stack) => stack.status === 'failed' || stack.status === 'blocked') || (over && !allowOverBudget);
}

/**
 * `plan --stacks [FILE]`: the combined plan, saved (`--out`, default
 * `.cloudctl/last-stacks-plan.json`) and printed as text, JSON or Markdown.
 * Exit 1 when a stack could not be planned or a budget is exceeded; with
 * `--detailed-exitcode`, 2 when something changes.
 */
export async function stacksPlanCommand(ws: Workspace, file: string | undefined, options: StacksCommandOptions): Promise<number> {
  const format = planOutputFormat(options);
  const { stacks, close } = await openStacks(ws, file ?? DEFAULT_STACKS_FILE, options);
  try {
    const plan = await stacks.plan({ only: options.stack, refresh: options.refresh, allowOverBudget: options.allowOverBudget });
    const path = options.out ?? LAST_STACKS_PLAN;
    await mkdir(dirname(ws.resolve(path)), { recursive: true });
    await writeFile(ws.resolve(path), `${JSON.stringify(plan, null, 2)}\n`, { mode: 0o600 });
    if (format === 'json') ws.io.stdout.write(`${JSON.stringify(plan, null, 2)}\n`);
    else if (format === 'markdown') ws.io.stdout.write(renderStacksPlanMarkdown(plan, `cloudctl apply --stacks ${path}`));
    else {
      ws.io.stdout.write(`${renderStacksPlan(plan, ws.style)}\n`);
      if (stacksPlanHasChanges(plan))
        ws.io.stdout.write(`\nSaved the combined plan to ${path}. To apply it, run: cloudctl apply --stacks ${path}\n`);
    }
    if (broken(plan, options.allowOverBudget ?? false)) return 1;
    return options.detailedExitcode && stacksPlanHasChanges(plan) ? 2 : 0;
  } finally {
    await close();
  }
}

/**
 * `apply --stacks [FILE|PLAN]`: a saved combined plan exactly, or the
 * stacks file planned, shown and (after `yes`, `--auto-approve`, or per
 * stack by the rules with `--auto-approve-by-rules`) applied stack by
 * stack. Exit 0 when every stack applied, 1 otherwise.
 */
export async function stacksApplyCommand(ws: Workspace, target: string | undefined, options: StacksCommandOptions): Promise<number> {
  const saved = target === undefined ? undefined : await readSavedPlan(ws.resolve(target));
  const { stacks, close } = await openStacks(ws, saved ? saved.file : (target ?? DEFAULT_STACKS_FILE), options);
  try {
    let plan = saved;
    if (!plan) {
      plan = await stacks.plan({ only: options.stack, refresh: options.refresh, allowOverBudget: options.allowOverBudget });
      ws.io.stdout.write(`${renderStacksPlan(plan, ws.style)}\n`);
      if (broken(plan, options.allowOverBudget ?? false)) {
        ws.io.stderr.write(
          ws.errorStyle.red('cloudctl: not applying: a stack could not be planned, or a budget is exceeded (see above)\n'),
        );
        return 1;
      }
      if (!stacksPlanHasChanges(plan)) {
        ws.io.stdout.write(`\n${ws.style.green('No changes.')} Every stack matches its manifest.\n`);
        return 0;
      }
      const asked = !options.autoApprove && !options.autoApproveByRules;
      if (asked && !(await confirm(ws.io, '\nDo you want to apply every stack above, in this order?'))) {
        ws.io.stdout.write('Apply cancelled.\n');
        return 1;
      }
    }
    const result = await stacks.apply(plan, { autoApproveByRules: options.autoApproveByRules, allowOverBudget: options.allowOverBudget });
    ws.io.stdout.write(`\n${renderStacksResult(result, ws.style, 'Apply')}\n`);
    return result.complete ? 0 : 1;
  } finally {
    await close();
  }
}

/** `destroy --stacks [FILE]`: every stack destroyed, the readers of a stack before it, after `yes` (or `--auto-approve`). */
export async function stacksDestroyCommand(ws: Workspace, file: string | undefined, options: StacksCommandOptions): Promise<number> {
  const { stacks, close } = await openStacks(ws, file ?? DEFAULT_STACKS_FILE, options);
  try {
    const names = stacks.selected(options.stack);
    ws.io.stdout.write(
      `Destroying every resource of ${names.length === 1 ? 'stack' : 'stacks'} ${[...names].reverse().join(', ')} (in this order).\n`,
    );
    if (!options.autoApprove && !(await confirm(ws.io, '\nDo you really want to destroy them all?'))) {
      ws.io.stdout.write('Destroy cancelled.\n');
      return 1;
    }
    const result = await stacks.destroy({ only: options.stack });
    ws.io.stdout.write(`\n${renderStacksResult(result, ws.style, 'Destroy')}\n`);
    return result.complete ? 0 : 1;
  } finally {
    await close();
  }
}

/** Options of `watch --stacks`, as parsed. */
export interface StacksWatchCommandOptions {
  interval: number;
  maxRequestsPerMinute?: number;
  metricsListen?: string;
  parallelism: number;
  replica?: string;
}

/**
 * `watch --stacks [FILE]`: this process is one replica sharing the stacks
 * with the others on the PostgreSQL of `--backend` / CLOUDCTL_BACKEND (the
 * stacks' states live there too unless a stack's `backend:` says
 * otherwise). JSON lines on stdout; runs until SIGTERM or Ctrl-C (exit 0).
 * Errors: no PostgreSQL backend; the database unreachable.
 */
export async function stacksWatchCommand(ws: Workspace, file: string | undefined, options: StacksWatchCommandOptions): Promise<number> {
  const url = ws.options.backend ?? ws.io.env.CLOUDCTL_BACKEND;
  const location = url ? backendLocation(url, 'default') : undefined;
  if (!url || location?.backend !== 'postgres')
    throw new Error(
      'watch --stacks runs its replicas on PostgreSQL: give --backend postgres://user@host:port/database (or CLOUDCTL_BACKEND)',
    );
  const env: Record<string, string | undefined> = { ...ws.io.env, CLOUDCTL_BACKEND: url };
  const stacks = await Stacks.open(ws.resolve(file ?? DEFAULT_STACKS_FILE), {
    env,
    onEvent: (event) => {
      if (event.type === 'notice' || event.type === 'reconcile') notice(ws, `stack ${event.stack}: ${event.message}`);
    },
  });
  const controller = new AbortController();
  const stopListening = onInterrupt(ws.io, () => controller.abort(new Error('interrupted')), undefined, { terminate: true });
  try {
    const { StacksWatcher } = await import('../../stacks/watch.js');
    const watcher = new StacksWatcher(stacks, {
      url,
      schema: location.schema ?? 'cloudctl',
      intervalSeconds: options.interval,
      ...(options.maxRequestsPerMinute !== undefined ? { maxRequestsPerMinute: options.maxRequestsPerMinute } : {}),
      ...(options.metricsListen ? { metricsListen: options.metricsListen } : {}),
      ...(options.replica ? { replica: options.replica } : {}),
      token: env.CLOUDCTL_API_KEY ?? '',
      parallelism: Math.min(options.parallelism, 4),
      signal: controller.signal,
      onEvent: (event) => ws.io.stdout.write(`${JSON.stringify(event)}\n`),
    });
    await watcher.run();
    return 0;
  } finally {
    stopListening();
  }
}
