/**
 * A plan belongs to its workspace (src/plan/workspace.ts): the check apply
 * makes once the state is open, and the identity a workspace gets when it
 * is first planned (`StateStore.establish`).
 */
import { expect } from 'chai';
import { join } from 'node:path';
import { checkPlanWorkspace, planInWorkspace, PlanWorkspaceError, type PlanDocument } from '../../src/plan/index.js';
import { LocalBackend, StateStore } from '../../src/state/index.js';
import { tempFolder } from '../temp-folders.js';

const plan = (workspace: string | undefined, lineage: string): PlanDocument =>
  ({ format_version: 1, created_at: '2026-11-29T00:00:00Z', workspace, lineage, serial: 0 }) as unknown as PlanDocument;

/** The message `check` throws ('' when it does not). */
function refusal(check: () => void): string {
  try {
    check();
    return '';
  } catch (error) {
    expect(error).to.be.instanceOf(PlanWorkspaceError);
    expect((error as PlanWorkspaceError).code).to.equal('plan_from_another_workspace');
    return (error as Error).message;
  }
}

describe('a plan belongs to its workspace', () => {
  it('applies where it was made: same name, same lineage', () => {
    expect(refusal(() => checkPlanWorkspace(plan('a', 'L1'), { name: 'a', lineage: 'L1' }))).to.equal('');
    // A plan from before plans recorded the workspace: the lineage alone decides.
    expect(refusal(() => checkPlanWorkspace(plan(undefined, 'L1'), { name: 'a', lineage: 'L1' }))).to.equal('');
  });

  it('is refused, naming both workspaces, in a workspace without state, of another lineage, or of another name', () => {
    expect(refusal(() => checkPlanWorkspace(plan('a', 'L1'), { name: 'b', lineage: null }, 'a.plan'))).to.equal(
      'a.plan was made in workspace "a" (lineage L1), but this is workspace "b" (no state yet): a plan applies only in the workspace it was made in, and nothing was read or changed. Run \'cloudctl plan\' in workspace "b" and apply that plan',
    );
    expect(refusal(() => checkPlanWorkspace(plan('default', 'L1'), { name: 'default', lineage: 'L2' }))).to.match(
      /^the plan was made in workspace "default" \(lineage L1\), but this is workspace "default" \(lineage L2\)/,
    );
    // A state copied into another workspace shares its lineage: the name still tells them apart.
    expect(refusal(() => checkPlanWorkspace(plan('staging', 'L1'), { name: 'prod', lineage: 'L1' }))).to.match(
      /made in workspace "staging" \(lineage L1\), but this is workspace "prod" \(lineage L1\)/,
    );
  });

  it('records the workspace after created_at, replacing any other', () => {
    const recorded = planInWorkspace(plan('x', 'L1'), 'a');
    expect(Object.keys(recorded).slice(0, 3)).to.deep.equal(['format_version', 'created_at', 'workspace']);
    expect(recorded.workspace).to.equal('a');
  });

  it('gets its identity when first planned: the empty state written once with its new lineage', async () => {
    const statePath = join(await tempFolder('cloudctl-plan-workspace-'), 'state.json');
    const store = await StateStore.open(new LocalBackend({ statePath }));
    expect(store.exists).to.equal(false);
    await store.establish();
    expect(store.exists).to.equal(true);
    const written = await new LocalBackend({ statePath }).read();
    expect(written).to.deep.equal({ format_version: 1, lineage: store.lineage, serial: 0, resources: {}, outputs: {} });
    const again = await StateStore.open(new LocalBackend({ statePath }));
    expect(again.lineage).to.equal(store.lineage);
    await again.establish(); // exists: nothing written
    expect(again.serial).to.equal(0);
  });
});
