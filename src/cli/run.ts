/**
 * How the commands use the engine's front door (src/engine/engine.ts):
 * open an {@link Engine} on the run's workspace with the command's
 * settings, and render its events as the CLI always has: notices and
 * reconciliation on stderr (`cloudctl: ...`), apply progress on stdout.
 */
import { Engine, type ApplyOptions, type PlanOptions, type RunOptions as EngineRunOptions } from '../engine/engine.js';
import type { EngineEvent, EventHandler } from '../engine/events.js';
import { progressPrinter } from './views/progress.js';
import type { Workspace } from './workspace.js';

export { load } from './load.js';

/** Options shared by plan, apply and destroy, as the commands parse them: the engine's, and how long to wait for the state lock (seconds). */
export interface RunOptions extends EngineRunOptions {
  lockTimeoutSeconds: number;
}

/** Writes a `cloudctl: ...` notice on the run's stderr (stale lock taken over, torn journal line, reconciliation). */
export function notice(ws: Workspace, message: string): void {
  ws.io.stderr.write(`${ws.errorStyle.yellow(`cloudctl: ${message}`)}\n`);
}

/**
 * The CLI's rendering of the front door's events: the embedded simulator,
 * notices and reconciliation on stderr, apply progress on stdout (a line
 * per `CLOUDCTL_PROGRESS_SECONDS`, default 10, while waiting). Plans, drift
 * and warnings are printed by the commands from what the engine returns;
 * `extra` receives every event too.
 */
export function eventPrinter(ws: Workspace, extra?: EventHandler): EventHandler {
  const everySeconds = ws.io.env.CLOUDCTL_PROGRESS_SECONDS ? Number(ws.io.env.CLOUDCTL_PROGRESS_SECONDS) : 10;
  const progress = progressPrinter((line) => ws.io.stdout.write(`${line}\n`), ws.style, everySeconds);
  return (event: EngineEvent) => {
    switch (event.type) {
      case 'simulator':
        ws.io.stderr.write(
          ws.errorStyle.dim(
            `cloudctl: no base URL configured (CLOUDCTL_BASE_URL or provider.base_url): using the embedded simulator, data in ${event.dataPath}\n`,
          ),
        );
        break;
      case 'notice':
        notice(ws, event.message);
        break;
      case 'reconcile':
        notice(ws, `reconcile: ${event.message}`);
        break;
      case 'started':
      case 'progress':
      case 'finished':
      case 'failed':
      case 'skipped':
      case 'settling':
        progress(event);
        break;
      default:
        break;
    }
    extra?.(event);
  };
}

/** Opens the engine on the run's workspace (its global options and environment), its events rendered by {@link eventPrinter}. */
export function openEngine(ws: Workspace, extra?: EventHandler): Promise<Engine> {
  return Engine.open({
    directory: ws.io.cwd,
    env: ws.io.env,
    workspace: ws.name,
    state: ws.options.state,
    backend: ws.options.backend,
    onEvent: eventPrinter(ws, extra),
  });
}

/** The engine's plan (and apply) options from the command's. */
export function planOptions(ws: Workspace, options: RunOptions): PlanOptions & ApplyOptions {
  if (options.refreshOnly && options.destroy)
    throw new Error('--refresh-only cannot be combined with --destroy: a refresh-only plan only records what changed outside cloudctl');
  return {
    refresh: options.refresh,
    replace: options.replace,
    target: options.target ?? [],
    exclude: options.exclude ?? [],
    mode: options.refreshOnly ? 'refresh-only' : options.destroy ? 'destroy' : 'apply',
    parallelism: options.parallelism,
    lockTimeoutSeconds: options.lockTimeoutSeconds,
    allowOverBudget: options.allowOverBudget ?? false,
    generateConfigOut: options.generateConfigOut,
    ...variableOptions(ws),
  };
}

/** The command's `--var` and `--var-file`, as the engine takes them. */
export function variableOptions(ws: Workspace): { assignments: string[]; varFiles: string[] } {
  return { assignments: ws.variables?.assignments ?? [], varFiles: ws.variables?.files ?? [] };
}
