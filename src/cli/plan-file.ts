/**
 * The CLI's plan files (src/plan/files.ts): saved compact (gzip-compressed
 * JSON without what can be recomputed), read relative to the run's working
 * directory.
 */
import type { PlanDocument } from '../plan/document.js';
import { isCompressedPlanFile, readPlanFile, writePlanFile } from '../plan/files.js';
import type { Workspace } from './workspace.js';

/**
 * Writes a plan file (mode 0600; the engine already masked every sensitive
 * value in it): the document as the engine made it, which leaves out the
 * sentences `plan --json` adds (`reasons`, `reason`): they are rendered
 * again from the codes when the plan is shown. @throws as `writePlanFile`.
 */
export function savePlan(path: string, plan: PlanDocument): Promise<void> {
  return writePlanFile(path, plan);
}

/** Reads a plan file (`path` relative to the run's working directory). @throws as `readPlanFile`. */
export function readPlan(ws: Workspace, path: string): Promise<PlanDocument> {
  return readPlanFile(ws.resolve(path), path);
}

/**
 * True when `target` (an argument of `apply`, relative to the run's working
 * directory) names a saved plan rather than a manifest: it ends in `.json`
 * (plans saved before compression, and the default `last-plan.json`), or
 * the file starts as a compressed plan does (`--out reviewed.plan`).
 */
export async function isSavedPlan(ws: Workspace, target: string): Promise<boolean> {
  return target.endsWith('.json') || (await isCompressedPlanFile(ws.resolve(target)));
}
