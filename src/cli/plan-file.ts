/** Plan files: `plan` saves the plan it made (default `.cloudctl/last-plan.json`), `apply` and `show` read one back. */
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { PlanDocument } from '../core/types.js';
import { renderPlanJson } from './views/reasons.js';
import type { Workspace } from './workspace.js';

/** Writes a plan file (mode 0600; the engine already masked every sensitive value in it). */
export async function savePlan(path: string, plan: PlanDocument): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  try {
    await writeFile(path, `${renderPlanJson(plan, 0)}\n`, { mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EISDIR')
      throw new Error(`cannot save the plan: ${path} is a directory; give --out a file path`);
    throw error;
  }
  await chmod(path, 0o600);
}

/** Reads a plan file (`path` relative to the run's working directory). Errors: a clear Error when it is missing or not a plan. */
export async function readPlan(ws: Workspace, path: string): Promise<PlanDocument> {
  let text: string;
  try {
    text = await readFile(ws.resolve(path), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EISDIR') throw new Error(`${path} is a directory, not a saved plan`);
    throw new Error(`no saved plan at ${path}: run 'cloudctl plan MANIFEST' first, or give 'cloudctl apply MANIFEST'`);
  }
  let plan: PlanDocument;
  try {
    plan = JSON.parse(text) as PlanDocument;
  } catch {
    throw new Error(`${path} is not a cloudctl plan (not JSON)`);
  }
  if (plan?.format_version !== 1 || !Array.isArray(plan.changes) || !plan.manifest) throw new Error(`${path} is not a cloudctl plan`);
  return plan;
}
