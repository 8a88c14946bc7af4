/** The CLI's plan files (src/plan/files.ts): saved with the English of each reason, read relative to the run's working directory. */
import type { PlanDocument } from '../plan/document.js';
import { readPlanFile, writePlanFile } from '../plan/files.js';
import { renderPlanJson } from './views/reasons.js';
import type { Workspace } from './workspace.js';

/** Writes a plan file (mode 0600; the engine already masked every sensitive value in it). @throws as `writePlanFile`. */
export function savePlan(path: string, plan: PlanDocument): Promise<void> {
  return writePlanFile(path, `${renderPlanJson(plan, 0)}\n`);
}

/** Reads a plan file (`path` relative to the run's working directory). @throws as `readPlanFile`. */
export function readPlan(ws: Workspace, path: string): Promise<PlanDocument> {
  return readPlanFile(ws.resolve(path), path);
}
