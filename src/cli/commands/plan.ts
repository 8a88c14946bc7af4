/**
 * `cloudctl plan MANIFEST`: refresh, plan, show, save the plan. With
 * `--json` the plan document (schemas/plan.schema.json, secrets masked) is
 * the only thing on stdout.
 */
import { planHasChanges } from '../../engine/plan.js';
import { renderPlanText } from '../views/plan.js';
import { renderPlanJson } from '../views/reasons.js';
import { load, makePlan, openSession, savePlan, type RunOptions } from '../run.js';
import type { Workspace } from '../workspace.js';
import { writePlanHtml } from '../views/html.js';

/** Options of `plan`. */
export interface PlanCommandOptions extends RunOptions {
  out?: string;
  detailedExitcode: boolean;
  /** Print the plan document as JSON instead of text. */
  json?: boolean;
  /** Also write the plan as an HTML page to this file. */
  html?: string;
}

/**
 * Runs `plan`; resolves with the exit code (0, or 2 when there are changes
 * and `--detailed-exitcode` was given). Never writes state; writes the
 * plan file (`--out`, default `.cloudctl/last-plan.json`).
 * Errors: DiagnosticError for bad input and plan errors; API errors while
 * refreshing or reading data sources.
 */
export async function planCommand(ws: Workspace, file: string, options: PlanCommandOptions): Promise<number> {
  const loaded = await load(ws, file);
  const session = await openSession(ws, `plan ${file}`, loaded, options);
  try {
    const { plan } = await makePlan(session, loaded, options);
    const path = options.out ?? ws.lastPlanPath;
    await savePlan(ws.resolve(path), plan);
    if (options.html) await writePlanHtml(ws.resolve(options.html), plan);
    const changes = planHasChanges(plan);
    if (options.json) {
      ws.io.stdout.write(`${renderPlanJson(plan)}\n`);
    } else {
      ws.io.stdout.write(`${renderPlanText(plan, ws.style)}\n`);
      if (changes) {
        const what = plan.mode === 'refresh-only' ? 'To record these changes in the state' : 'To apply exactly this plan';
        ws.io.stdout.write(`\nSaved the plan to ${path}. ${what}, run: cloudctl apply${options.out ? ` ${path}` : ''}\n`);
      }
    }
    return options.detailedExitcode && changes ? 2 : 0;
  } finally {
    await session.close();
  }
}
