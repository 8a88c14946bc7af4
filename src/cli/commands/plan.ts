/** `cloudctl plan MANIFEST`: refresh, plan, show, save the plan. */
import { planHasChanges } from '../../engine/plan.js';
import { renderPlan } from '../views/plan.js';
import { renderDrift } from '../views/drift.js';
import { load, makePlan, openSession, savePlan, type RunOptions } from '../run.js';
import type { Workspace } from '../workspace.js';

/** Options of `plan`. */
export interface PlanCommandOptions extends RunOptions {
  out?: string;
  detailedExitcode: boolean;
}

/** Runs `plan`; resolves with the exit code (0 no changes, 2 changes with --detailed-exitcode). */
export async function planCommand(ws: Workspace, file: string, options: PlanCommandOptions): Promise<number> {
  const loaded = await load(file);
  const session = await openSession(ws, `plan ${file}`, loaded, options.lockTimeoutSeconds);
  try {
    const { plan, refresh } = await makePlan(session, loaded, options);
    const drift = renderDrift(refresh, ws.style);
    if (drift) process.stdout.write(`${drift}\n\n`);
    process.stdout.write(`${renderPlan(plan, ws.style)}\n`);
    const path = options.out ?? ws.lastPlanPath;
    await savePlan(path, plan);
    if (planHasChanges(plan)) process.stdout.write(`\nSaved the plan to ${path}. To apply exactly this plan, run: cloudctl apply${options.out ? ` ${path}` : ''}\n`);
    return options.detailedExitcode && planHasChanges(plan) ? 2 : 0;
  } finally {
    await session.close();
  }
}
