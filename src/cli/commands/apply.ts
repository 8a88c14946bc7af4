/**
 * `cloudctl apply [MANIFEST|PLANFILE]`: with a manifest, plan, show, ask for
 * `yes` (unless --auto-approve) and apply; with no argument or a plan file,
 * apply exactly that saved plan, refusing it when state moved since (stale).
 */
import { createInterface } from 'node:readline/promises';
import { planHasChanges } from '../../engine/plan.js';
import type { PlanDocument } from '../../engine/types.js';
import { renderPlan } from '../views/plan.js';
import { renderDrift } from '../views/drift.js';
import {
  applyPlan, load, makePlan, manifestOfPlan, openSession, printApplySummary, readPlan, type RunOptions,
} from '../run.js';
import type { Workspace } from '../workspace.js';

/** Options of `apply` and `destroy`. */
export interface ApplyCommandOptions extends RunOptions {
  autoApprove: boolean;
}

/** Asks for `yes` on the terminal. Errors: refuses when there is no terminal. */
export async function confirm(question: string): Promise<boolean> {
  if (!process.stdin.isTTY) {
    throw new Error('refusing to apply without confirmation: there is no terminal to ask on; pass --auto-approve');
  }
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const answer = await prompt.question(`${question}\n  Only 'yes' will be accepted to approve.\n\n  Enter a value: `);
    return answer.trim() === 'yes';
  } finally {
    prompt.close();
  }
}

/** Aborts scheduling on the first Ctrl-C; a second one exits at once (the journal reconciles later). */
function interruptible(): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const onSignal = () => {
    if (controller.signal.aborted) {
      process.stderr.write('\ncloudctl: interrupted again: stopping now; the journal will reconcile unfinished orders on the next run\n');
      process.exit(130);
    }
    process.stderr.write('\ncloudctl: interrupted: starting nothing new, letting operations in flight finish and saving state (Ctrl-C again to stop at once)\n');
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  return { signal: controller.signal, dispose: () => process.off('SIGINT', onSignal) };
}

/** Runs `apply` (or `destroy` with options.destroy); resolves with the exit code. */
export async function applyCommand(ws: Workspace, target: string | undefined, options: ApplyCommandOptions): Promise<number> {
  if (target === undefined || target.endsWith('.json')) return applySaved(ws, target ?? ws.lastPlanPath, options);
  const loaded = await load(target);
  const verb = options.destroy ? 'destroy' : 'apply';
  const session = await openSession(ws, `${verb} ${target}`, loaded, options.lockTimeoutSeconds);
  const interrupt = interruptible();
  try {
    const { plan, refresh } = await makePlan(session, loaded, options);
    const drift = renderDrift(refresh, ws.style);
    if (drift) process.stdout.write(`${drift}\n\n`);
    process.stdout.write(`${renderPlan(plan, ws.style)}\n`);
    if (!planHasChanges(plan)) {
      await saveOutputsOnly(session, plan, loaded);
      return 0;
    }
    if (!options.autoApprove) {
      const question = options.destroy ? '\nDo you really want to destroy all resources?' : '\nDo you want to perform these actions?';
      if (!(await confirm(question))) {
        process.stdout.write(`\n${verb} cancelled.\n`);
        return 1;
      }
    }
    process.stdout.write('\n');
    const summary = await applyPlan(session, plan, loaded, ws, { parallelism: options.parallelism, signal: interrupt.signal });
    return printApplySummary(ws, summary, session, options.destroy);
  } finally {
    interrupt.dispose();
    await session.close();
  }
}

/** With nothing to change, still record outputs (a fresh manifest may add some). */
async function saveOutputsOnly(session: Awaited<ReturnType<typeof openSession>>, plan: PlanDocument, loaded: Awaited<ReturnType<typeof load>>): Promise<void> {
  const outputs: Record<string, { value: import('../../engine/types.js').Value; sensitive: boolean }> = {};
  for (const [name, output] of Object.entries(plan.outputs)) {
    if (output.value !== null && typeof output.value === 'object' && '$unknown' in (output.value as object)) return;
    outputs[name] = { value: output.value as import('../../engine/types.js').Value, sensitive: output.sensitive };
  }
  void loaded;
  if (plan.mode === 'apply') await session.state.store.setOutputs(outputs);
}

async function applySaved(ws: Workspace, path: string, options: ApplyCommandOptions): Promise<number> {
  const plan = await readPlan(path);
  const loaded = await manifestOfPlan(plan);
  const session = await openSession(ws, `apply ${path}`, loaded, options.lockTimeoutSeconds, plan.lineage);
  const interrupt = interruptible();
  try {
    const store = session.state.store;
    if (store.lineage !== plan.lineage || store.serial !== plan.serial) {
      throw new Error(`stale plan: ${path} was made against state serial ${plan.serial} (lineage ${plan.lineage}), but the state is now at serial ${store.serial} (lineage ${store.lineage}); run 'cloudctl plan' again`);
    }
    if (!planHasChanges(plan)) {
      process.stdout.write(`${renderPlan(plan, ws.style)}\n`);
      return 0;
    }
    const summary = await applyPlan(session, plan, loaded, ws, { parallelism: options.parallelism, signal: interrupt.signal });
    return printApplySummary(ws, summary, session, plan.mode === 'destroy');
  } finally {
    interrupt.dispose();
    await session.close();
  }
}
