/**
 * What the front door's `apply` (engine.ts) returns, and the check of a
 * saved plan's prices before it is applied.
 */
import type { Catalogue } from '../manifest/index.js';
import type { PlanDocument } from '../plan/document.js';
import { guardSavedPrices, journalOverride } from './budget-guard.js';
import { pricePlan, productListings } from './cost.js';
import type { ApplyResult } from './engine-options.js';
import { heldOrderWarnings, lostValueWarnings } from './marks.js';
import { failedChange, maskedOutputs } from './masked-state.js';
import type { Run, Session } from './session.js';

/**
 * Reads the catalogue again and refuses a saved plan whose prices rose
 * since it was made (both figures named), unless `allow`; an allowed rise
 * is written to the journal. Plans saved before costs existed are not checked.
 * Endpoint: the priced types' product list endpoints.
 * @throws DiagnosticError `price_increased`.
 */
export async function checkSavedPrices(session: Session, plan: PlanDocument, allow: boolean, catalogue: Catalogue): Promise<void> {
  if (!plan.cost) return;
  // Only changes the plan priced (orders, deletes, paid upgrades) carry a cost the guard compares, and each one's
  // price depends on its own entry alone: those are priced again (not the noops of a large state).
  const saved: PlanDocument = { ...plan, changes: plan.changes.filter((change) => change.cost !== undefined) };
  const now: PlanDocument = { ...saved, changes: saved.changes.map(({ cost: _cost, ...change }) => change) };
  const state = session.state.store.document;
  const resources = Object.fromEntries(
    saved.changes.flatMap((change) => (state.resources[change.address] ? [[change.address, state.resources[change.address]!]] : [])),
  );
  await pricePlan(
    now,
    { ...state, resources },
    {
      catalogue,
      listings: productListings(() => session.connection.context()),
    },
  );
  const increases = guardSavedPrices(saved, now, allow);
  if (increases.length > 0)
    await journalOverride(
      session.state.backend.journal,
      increases.map((increase) => `price changed since the plan was made: ${increase}`),
    );
}

/** The result of an apply, from the state as it now is; `status` absent: from the summary (`applied` or `incomplete`). Sends `warnings` through `run`. */
export function applyResult(
  session: Session,
  plan: PlanDocument,
  status: ApplyResult['status'] | undefined,
  summary?: {
    done: Array<{ address: string; action: string }>;
    failed: Array<{ address: string; action: string; error: Error }>;
    skipped: Array<{ address: string; because: string }>;
  },
  run?: Run,
): ApplyResult {
  const document = session.state.store.document;
  const warnings = summary ? [...lostValueWarnings(document, []), ...heldOrderWarnings(document)] : [];
  if (run && warnings.length > 0) run.emit({ type: 'warnings', warnings });
  const failed = (summary?.failed ?? []).map(failedChange);
  const skipped = summary?.skipped ?? [];
  return {
    status: status ?? (failed.length > 0 || skipped.length > 0 ? 'incomplete' : 'applied'),
    plan,
    done: summary?.done ?? [],
    failed,
    skipped,
    outputs: maskedOutputs(document),
    warnings,
  };
}
