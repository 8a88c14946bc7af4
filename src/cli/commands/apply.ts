/**
 * `cloudctl apply [MANIFEST|PLANFILE]`: with a manifest, plan, show, ask for
 * `yes` (unless --auto-approve) and apply; with no argument or a plan file,
 * apply exactly that saved plan, refusing it when state moved since (stale).
 * The engine's front door does the work; this parses, asks and prints.
 */
import { createInterface } from 'node:readline/promises';
import type { Engine } from '../../engine/engine.js';
import type { PlanDocument } from '../../plan/document.js';
import { renderPlan, renderPlanText } from '../views/plan.js';
import { printApplySummary } from '../views/summary.js';
import { openEngine, planOptions, variableOptions, type RunOptions } from '../run.js';
import { isSavedPlan, readPlanToApply } from '../plan-file.js';
import { onInterrupt, type CliIo } from '../io.js';
import type { Workspace } from '../workspace.js';

/** Options of `apply` and `destroy`. */
export interface ApplyCommandOptions extends RunOptions {
  autoApprove: boolean;
}

/** Asks for `yes` on the run's terminal (`io.stdin`, `io.stdout`). Errors: refuses when `io.stdin` is no terminal. */
export async function confirm(io: CliIo, question: string): Promise<boolean> {
  if (!io.stdin.isTTY) {
    throw new Error('refusing to apply without confirmation: there is no terminal to ask on; pass --auto-approve');
  }
  const prompt = createInterface({ input: io.stdin, output: io.stdout as NodeJS.WritableStream });
  try {
    const answer = await prompt.question(`${question}\n  Only 'yes' will be accepted to approve.\n\n  Enter a value: `);
    return answer.trim() === 'yes';
  } finally {
    prompt.close();
  }
}

/**
 * Ctrl-C handling of a run on `engine`: the first Ctrl-C (the binary's
 * SIGINT, or `io.signal` in process) aborts the returned signal (the
 * executor starts nothing new; operations in flight finish and are saved in
 * state); in the binary a second one exits at once with code 130,
 * releasing the state lock first. An order cut off that way stays in the
 * journal as an unfinished intent, which the next run reconciles before
 * planning anything.
 */
export function interruptible(io: CliIo, engine?: Engine): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const dispose = onInterrupt(
    io,
    () => {
      io.stderr.write(
        '\ncloudctl: interrupted: starting nothing new, letting operations in flight finish and saving state (Ctrl-C again to stop at once)\n',
      );
      controller.abort();
    },
    () => {
      io.stderr.write('\ncloudctl: interrupted again: stopping now; the journal will reconcile unfinished orders on the next run\n');
      engine?.releaseLocksSync();
    },
  );
  return { signal: controller.signal, dispose };
}

/** Runs `apply` (or `destroy` with options.destroy); resolves with the exit code. */
export async function applyCommand(ws: Workspace, target: string | undefined, options: ApplyCommandOptions): Promise<number> {
  if (target === undefined || (await isSavedPlan(ws, target))) {
    if ((options.target ?? []).length > 0 || (options.exclude ?? []).length > 0 || options.replace.length > 0 || options.refreshOnly) {
      throw new Error(
        "--target, --exclude, --replace and --refresh-only shape a plan: give them to 'cloudctl plan' (the saved plan keeps them), or apply a manifest",
      );
    }
    return applySaved(ws, target ?? ws.lastPlanPath, options);
  }
  const verb = options.destroy ? 'destroy' : 'apply';
  const engine = await openEngine(ws, (event) => {
    if (event.type === 'planned') ws.io.stdout.write(`${renderPlanText(event.plan, ws.style)}\n`);
  });
  const interrupt = interruptible(ws.io, engine);
  try {
    const approve = async (plan: PlanDocument): Promise<boolean> => {
      if (plan.mode === 'refresh-only')
        return options.autoApprove || confirm(ws.io, '\nWould you like to update the state to record these changes?');
      if (!options.autoApprove) {
        const question = options.destroy ? '\nDo you really want to destroy all resources?' : '\nDo you want to perform these actions?';
        if (!(await confirm(ws.io, question))) return false;
      }
      ws.io.stdout.write('\n');
      return true;
    };
    const result = await engine.apply(target, { ...planOptions(ws, options), approve, signal: interrupt.signal });
    switch (result.status) {
      case 'cancelled':
        ws.io.stdout.write(result.plan.mode === 'refresh-only' ? '\nApply cancelled.\n' : `\n${verb} cancelled.\n`);
        return 1;
      case 'refreshed':
        return refreshedMessage(ws);
      case 'no-changes':
        return 0;
      default:
        return printApplySummary(ws, result, options.destroy, target);
    }
  } finally {
    interrupt.dispose();
    await engine.close();
  }
}

/** The end of a refresh-only apply. */
function refreshedMessage(ws: Workspace): number {
  ws.io.stdout.write(
    `\n${ws.style.green(ws.style.bold('Apply complete!'))} The state records what refresh read. No infrastructure was changed.\n`,
  );
  return 0;
}

/** Applies the plan saved at `path`, exactly. */
async function applySaved(ws: Workspace, path: string, options: ApplyCommandOptions): Promise<number> {
  // Its seal is checked by engine.apply, first thing (named `planName`, as the file is).
  const plan = await readPlanToApply(ws, path);
  const engine = await openEngine(ws);
  const interrupt = interruptible(ws.io, engine);
  try {
    const result = await engine.apply(plan, {
      ...variableOptions(ws),
      planName: path,
      parallelism: options.parallelism,
      lockTimeoutSeconds: options.lockTimeoutSeconds,
      allowOverBudget: options.allowOverBudget ?? false,
      signal: interrupt.signal,
    });
    if (result.status === 'refreshed') return refreshedMessage(ws);
    if (result.status === 'no-changes') {
      ws.io.stdout.write(`${renderPlan(plan, ws.style)}\n`);
      return 0;
    }
    return printApplySummary(ws, result, plan.mode === 'destroy', plan.manifest.path);
  } finally {
    interrupt.dispose();
    await engine.close();
  }
}
