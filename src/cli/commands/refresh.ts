/**
 * `cloudctl refresh MANIFEST`: read every managed resource, show what
 * changed outside cloudctl and record it in the state (refreshed
 * attributes; resources deleted outside cloudctl forgotten). Nothing else
 * changes: no order, no infrastructure change, outputs as they were. The
 * same as `cloudctl apply --refresh-only --auto-approve MANIFEST`.
 */
import { renderDrift } from '../views/drift.js';
import { openEngine, variableOptions } from '../run.js';
import type { Workspace } from '../workspace.js';

/** Options of `refresh`. */
export interface RefreshCommandOptions {
  target: string[];
  /** `--exclude` addresses or patterns. */
  exclude?: string[];
  parallelism: number;
  lockTimeoutSeconds: number;
}

/**
 * Runs `refresh`; resolves with 0. Endpoints: each resource type's read (GET).
 * Errors: DiagnosticError for a bad manifest or an unknown `--target`; the
 * first read failure (nothing is recorded then); StateLockedError.
 */
export async function refreshCommand(ws: Workspace, file: string, options: RefreshCommandOptions): Promise<number> {
  const engine = await openEngine(ws);
  try {
    const { plan } = await engine.refresh(file, {
      target: options.target,
      exclude: options.exclude ?? [],
      parallelism: options.parallelism,
      lockTimeoutSeconds: options.lockTimeoutSeconds,
      ...variableOptions(ws),
    });
    const drift = renderDrift(plan.drift, ws.style);
    if (drift) ws.io.stdout.write(`${drift}\n\n`);
    const what = drift ? 'The state now records the changes above.' : 'Nothing changed outside cloudctl.';
    ws.io.stdout.write(`${ws.style.green(ws.style.bold('Refresh complete!'))} ${what} No infrastructure was changed.\n`);
    return 0;
  } finally {
    await engine.close();
  }
}
