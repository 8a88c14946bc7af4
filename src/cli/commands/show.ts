/** `cloudctl show [PLANFILE] [--json]`: a saved plan as text, or as the JSON of schemas/plan.schema.json. */
import { maskPlan } from '../../engine/plan.js';
import { renderPlanText } from '../views/plan.js';
import { renderPlanJson } from '../views/reasons.js';
import { readPlan } from '../run.js';
import type { Workspace } from '../workspace.js';

/**
 * Prints the plan saved at `file` (default: the last saved plan). Touches
 * neither state nor the API. Sensitive values are masked again on the way
 * out, for plan files written elsewhere.
 * Errors: a clear Error when the file is missing or not a plan.
 */
export async function showCommand(ws: Workspace, file: string | undefined, options: { json?: boolean }): Promise<number> {
  const plan = maskPlan(await readPlan(ws, file ?? ws.lastPlanPath));
  if (options.json) ws.io.stdout.write(`${renderPlanJson(plan)}\n`);
  else ws.io.stdout.write(`${renderPlanText(plan, ws.style)}\n`);
  return 0;
}
