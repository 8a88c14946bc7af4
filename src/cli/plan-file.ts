/**
 * The CLI's plan files (src/plan/files.ts): saved compact (a header line
 * stating the format, then gzip-compressed JSON without what can be
 * recomputed), read relative to the run's working directory and refused
 * when altered since they were made (their seal, src/plan/seal.ts).
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

/**
 * Reads a plan file (`path` relative to the run's working directory): a
 * saved plan, or the plain JSON of `plan --json`, its seal checked.
 * @throws as `readPlanFile` (PlanAlteredError when altered).
 */
export function readPlan(ws: Workspace, path: string): Promise<PlanDocument> {
  return readPlanFile(ws.resolve(path), path);
}

/**
 * Reads a plan file to hand it to `Engine.apply` as it is: as
 * {@link readPlan}, but its seal is left to the engine, which checks it
 * first thing (before the state is opened), so an apply checks it once.
 * @throws as `readPlanFile`; the engine throws PlanAlteredError when altered.
 */
export function readPlanToApply(ws: Workspace, path: string): Promise<PlanDocument> {
  return readPlanFile(ws.resolve(path), path, { checkSeal: false });
}

/**
 * True when `target` (an argument of `apply`, relative to the run's working
 * directory) names a saved plan rather than a manifest: it ends in `.cplan`
 * (the default `last-plan.cplan`) or `.json` (`plan --json > plan.json`,
 * and the `last-plan.json` of older versions), or the file starts as a plan
 * file does (`--out reviewed.plan`).
 */
export async function isSavedPlan(ws: Workspace, target: string): Promise<boolean> {
  return target.endsWith('.cplan') || target.endsWith('.json') || (await isCompressedPlanFile(ws.resolve(target)));
}
