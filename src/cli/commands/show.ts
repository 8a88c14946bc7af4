/**
 * `cloudctl show [PLANFILE] [--json | --format text|json|markdown | --html FILE]`:
 * a saved plan as text, as the JSON of schemas/plan.schema.json, as Markdown
 * for a pull-request comment, or as an HTML page.
 */
import { maskPlan } from '../../engine/events.js';
import { renderPlanText } from '../views/plan.js';
import { renderPlanJson } from '../views/reasons.js';
import { readPlan } from '../plan-file.js';
import type { Workspace } from '../workspace.js';
import { writePlanHtml } from '../views/html.js';
import { planOutputFormat, renderPlanMarkdown } from '../views/markdown.js';

/**
 * Prints the plan saved at `file` (default: the last saved plan). Touches
 * neither state nor the API. Sensitive values are masked again on the way
 * out, for plan files written elsewhere.
 * Errors: a clear Error when the file is missing or not a plan.
 */
export async function showCommand(
  ws: Workspace,
  file: string | undefined,
  options: { json?: boolean; format?: string; html?: string },
): Promise<number> {
  const format = planOutputFormat(options);
  const path = file ?? ws.lastPlanPath;
  const plan = maskPlan(await readPlan(ws, path));
  if (options.html) {
    await writePlanHtml(ws.resolve(options.html), plan);
    ws.io.stdout.write(`Wrote the plan to ${options.html}: open it in a browser (it loads nothing from the network).\n`);
    return 0;
  }
  if (format === 'json') ws.io.stdout.write(`${renderPlanJson(plan)}\n`);
  else if (format === 'markdown') ws.io.stdout.write(renderPlanMarkdown(plan, { fullPlan: `cloudctl show ${path}` }));
  else ws.io.stdout.write(`${renderPlanText(plan, ws.style)}\n`);
  return 0;
}
