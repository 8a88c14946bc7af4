/**
 * A plan belongs to the workspace it was made in. A workspace's identity
 * is the lineage of its state, minted when the workspace is first planned
 * (or created) and recorded in its state then, even while the state is
 * empty; a plan records it (`lineage`) with the workspace's name
 * (`workspace`). Applying a plan anywhere else is refused before anything
 * is read or written (src/engine/engine.ts checks it as soon as the state
 * is open, before connecting to the API).
 */
import type { PlanDocument } from './document.js';

/** The workspace a plan is about to be applied in. */
export interface WorkspaceIdentity {
  /** Its name (`default`, or one made with `cloudctl workspace new`). */
  name: string;
  /** The lineage of its state; `null` when it has no state yet (so it was never planned or applied). */
  lineage: string | null;
}

/** A saved plan applied in another workspace than the one it was made in: plan again there. */
export class PlanWorkspaceError extends Error {
  /** Stable code for programs: `plan_from_another_workspace`. */
  readonly code = 'plan_from_another_workspace';
  constructor(message: string) {
    super(message);
    this.name = 'PlanWorkspaceError';
  }
}

/** How a message names a workspace: its name and its state's lineage. */
function described(name: string | undefined, lineage: string | null): string {
  const lineageWords = lineage === null ? 'no state yet' : `lineage ${lineage}`;
  return name === undefined ? `a workspace (${lineageWords})` : `workspace "${name}" (${lineageWords})`;
}

/**
 * Refuses to apply `plan` in the workspace `here` unless it was made there:
 * the same lineage (a workspace without state has none, so no plan is
 * its own) and, when the plan records one, the same workspace name.
 * `shown`: how messages name the plan. No I/O.
 * @throws PlanWorkspaceError naming both workspaces (name and lineage).
 */
export function checkPlanWorkspace(plan: PlanDocument, here: WorkspaceIdentity, shown = 'the plan'): void {
  const sameName = plan.workspace === undefined || plan.workspace === here.name;
  if (sameName && here.lineage !== null && plan.lineage === here.lineage) return;
  throw new PlanWorkspaceError(
    `${shown} was made in ${described(plan.workspace, plan.lineage)}, but this is ${described(here.name, here.lineage)}: ` +
      `a plan applies only in the workspace it was made in, and nothing was read or changed. Run 'cloudctl plan' in workspace "${here.name}" and apply that plan`,
  );
}

/** `plan` as made in the workspace `name`: `workspace` set (after `created_at`), the rest shared. Seal it after. */
export function planInWorkspace(plan: PlanDocument, name: string): PlanDocument {
  const { format_version, created_at, workspace: _previous, ...rest } = plan;
  return { format_version, created_at, workspace: name, ...rest };
}
