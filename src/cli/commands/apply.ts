/**
 * `cloudctl apply [MANIFEST|PLANFILE]`: with a manifest, plan, show, ask for
 * `yes` (unless --auto-approve) and apply; with no argument or a plan file,
 * apply exactly that saved plan, refusing it when state moved since (stale).
 */
import { createInterface } from 'node:readline/promises';
import { planHasChanges } from '../../engine/plan.js';
import { recordRefresh, type RefreshResult } from '../../engine/refresh.js';
import { markResources, resourceMarker } from '../../engine/marks.js';
import type { Scope } from '../../engine/scope.js';
import type { Manifest, PlanDocument } from '../../core/types.js';
import { renderPlan, renderPlanText } from '../views/plan.js';
import {
  applyPlan,
  compactJournal,
  load,
  makePlan,
  manifestOfPlan,
  openSession,
  printApplySummary,
  readPlan,
  refuseUndeclaredImports,
  type RunOptions,
  type Session,
} from '../run.js';
import { onInterrupt, type CliIo } from '../io.js';
import type { Workspace } from '../workspace.js';
import { guardSavedPrices, journalOverride } from '../budget.js';
import { pricePlan, productListings } from '../../engine/cost.js';
import { defaultCatalogue } from '../../manifest/index.js';

/** Options of `apply` and `destroy`. */
export interface ApplyCommandOptions extends RunOptions {
  autoApprove: boolean;
}

/** Asks for `yes` on the run's terminal (`io.stdin`, `io.stdout`). Errors: refuses when `io.stdin` is no terminal. */
export async function confirm(io: CliIo, question: string): Promise<boolean> {
  if (!io.stdin.isTTY) {
    throw new Error('refusing to apply without confirmation: there is no terminal to ask on; pass --auto-approve');
  }
  const prompt = createInterface({ input: io.stdin, output: io.stdout as NodeJS.WritableStream });
  try {
    const answer = await prompt.question(`${question}\n  Only 'yes' will be accepted to approve.\n\n  Enter a value: `);
    return answer.trim() === 'yes';
  } finally {
    prompt.close();
  }
}

/**
 * Ctrl-C handling of a run holding `session`: the first Ctrl-C (the
 * binary's SIGINT, or `io.signal` in process) aborts the returned signal
 * (the executor starts nothing new; operations in flight finish and are
 * saved in state); in the binary a second one exits at once with code 130,
 * releasing the state lock first. An order cut off that way stays in the
 * journal as an unfinished intent, which the next run reconciles before
 * planning anything.
 */
export function interruptible(io: CliIo, session?: Session): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const dispose = onInterrupt(
    io,
    () => {
      io.stderr.write(
        '\ncloudctl: interrupted: starting nothing new, letting operations in flight finish and saving state (Ctrl-C again to stop at once)\n',
      );
      controller.abort();
    },
    () => {
      io.stderr.write('\ncloudctl: interrupted again: stopping now; the journal will reconcile unfinished orders on the next run\n');
      if (session?.state.lock) session.state.backend.releaseSync?.(session.state.lock.holder);
    },
  );
  return { signal: controller.signal, dispose };
}

/** Runs `apply` (or `destroy` with options.destroy); resolves with the exit code. */
export async function applyCommand(ws: Workspace, target: string | undefined, options: ApplyCommandOptions): Promise<number> {
  if (target === undefined || target.endsWith('.json')) {
    if ((options.target ?? []).length > 0 || options.replace.length > 0 || options.refreshOnly) {
      throw new Error(
        "--target, --replace and --refresh-only shape a plan: give them to 'cloudctl plan' (the saved plan keeps them), or apply a manifest",
      );
    }
    return applySaved(ws, target ?? ws.lastPlanPath, options);
  }
  const loaded = await load(ws, target);
  refuseUndeclaredImports(loaded, options);
  const verb = options.destroy ? 'destroy' : 'apply';
  const session = await openSession(ws, `${verb} ${target}`, loaded, options);
  const interrupt = interruptible(ws.io, session);
  try {
    const { plan, refresh, scope } = await makePlan(session, loaded, options);
    ws.io.stdout.write(`${renderPlanText(plan, ws.style)}\n`);
    if (plan.mode === 'refresh-only') return await applyRefreshOnly(ws, session, refresh, planHasChanges(plan) && !options.autoApprove);
    if (!planHasChanges(plan)) {
      // Nothing to change: still record what refresh read, and the outputs.
      if (options.refresh) await recordRefresh(session.state.store, refresh);
      if (plan.mode === 'apply') await markResources(session.state.store, resourceMarker(scope));
      await saveOutputsOnly(session, plan, scope, loaded.manifest);
      compactJournal(session, ws);
      return 0;
    }
    if (!options.autoApprove) {
      const question = options.destroy ? '\nDo you really want to destroy all resources?' : '\nDo you want to perform these actions?';
      if (!(await confirm(ws.io, question))) {
        ws.io.stdout.write(`\n${verb} cancelled.\n`);
        return 1;
      }
    }
    ws.io.stdout.write('\n');
    const summary = await applyPlan(session, plan, loaded, ws, {
      parallelism: options.parallelism,
      signal: interrupt.signal,
      refresh: options.refresh ? refresh : undefined,
    });
    return printApplySummary(ws, summary, session, options.destroy, target);
  } finally {
    interrupt.dispose();
    await session.close();
  }
}

/** Records a refresh in state (after asking, when `ask`); a refresh-only apply changes nothing else. */
async function applyRefreshOnly(ws: Workspace, session: Session, refresh: RefreshResult, ask: boolean): Promise<number> {
  if (ask && !(await confirm(ws.io, '\nWould you like to update the state to record these changes?'))) {
    ws.io.stdout.write('\nApply cancelled.\n');
    return 1;
  }
  await recordRefresh(session.state.store, refresh);
  ws.io.stdout.write(
    `\n${ws.style.green(ws.style.bold('Apply complete!'))} The state records what refresh read. No infrastructure was changed.\n`,
  );
  return 0;
}

/** With nothing to change, still record outputs (a fresh manifest may add some); a `--target` plan keeps the ones it did not evaluate. */
async function saveOutputsOnly(session: Session, plan: PlanDocument, scope: Scope, manifest: Manifest): Promise<void> {
  if (plan.mode !== 'apply') return;
  const targeted = (plan.targets ?? []).length > 0;
  const outputs: Record<string, { value: import('../../core/types.js').Value; sensitive: boolean }> = targeted
    ? { ...session.state.store.document.outputs }
    : {};
  for (const [name, output] of Object.entries(scope.outputs(manifest, { onlyResolved: targeted }))) {
    if (output.value !== null && typeof output.value === 'object' && '$unknown' in (output.value as object)) return;
    outputs[name] = { value: output.value as import('../../core/types.js').Value, sensitive: output.sensitive };
  }
  await session.state.store.setOutputs(outputs);
}

/**
 * Reads the catalogue again and refuses a saved plan whose prices rose
 * since it was made (both figures named), unless `allow`; an allowed rise
 * is written to the journal. Plans saved before costs existed are not checked.
 * Endpoint: the priced types' product list endpoints.
 */
async function checkSavedPrices(session: Session, plan: PlanDocument, allow: boolean): Promise<void> {
  if (!plan.cost) return;
  const now: PlanDocument = structuredClone(plan);
  for (const change of now.changes) delete change.cost;
  await pricePlan(now, session.state.store.document, {
    catalogue: defaultCatalogue,
    listings: productListings(() => session.connection.context()),
  });
  const increases = guardSavedPrices(plan, now, allow);
  if (increases.length > 0)
    await journalOverride(
      session.state.backend.journal,
      increases.map((increase) => `price changed since the plan was made: ${increase}`),
    );
}

async function applySaved(ws: Workspace, path: string, options: ApplyCommandOptions): Promise<number> {
  const plan = await readPlan(ws, path);
  const loaded = await manifestOfPlan(ws, plan);
  const session = await openSession(ws, `apply ${path}`, loaded, {
    lockTimeoutSeconds: options.lockTimeoutSeconds,
    lineage: plan.lineage,
    parallelism: options.parallelism,
  });
  const interrupt = interruptible(ws.io, session);
  try {
    const store = session.state.store;
    if (store.lineage !== plan.lineage || store.serial !== plan.serial) {
      throw new Error(
        `stale plan: ${path} was made against state serial ${plan.serial} (lineage ${plan.lineage}), but the state is now at serial ${store.serial} (lineage ${store.lineage}); run 'cloudctl plan' again`,
      );
    }
    if (plan.mode === 'refresh-only') {
      // Reads again what the plan read (the plan file keeps no state values) and records it.
      const { refresh } = await makePlan(session, loaded, {
        ...options,
        refresh: true,
        refreshOnly: true,
        destroy: false,
        replace: [],
        target: plan.targets ?? [],
      });
      return await applyRefreshOnly(ws, session, refresh, false);
    }
    if (!planHasChanges(plan)) {
      ws.io.stdout.write(`${renderPlan(plan, ws.style)}\n`);
      return 0;
    }
    await checkSavedPrices(session, plan, options.allowOverBudget ?? false);
    const summary = await applyPlan(session, plan, loaded, ws, { parallelism: options.parallelism, signal: interrupt.signal });
    return printApplySummary(ws, summary, session, plan.mode === 'destroy', plan.manifest.path);
  } finally {
    interrupt.dispose();
    await session.close();
  }
}
