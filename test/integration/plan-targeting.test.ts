/**
 * Targeting, state surgery and lifecycle end to end (issue 4): `--target`
 * on plan, apply and destroy; `--replace`; `plan --destroy`; `state mv`
 * and `state rm`; prevent_destroy, ignore_changes (a list and `all`) and
 * depends_on ordering, through the built binary against the simulator.
 */
import { expect } from 'chai';
import { readState, useStack, write, writes } from './helpers.js';
import { liteKeypair, liteVm, passwordVariable } from '../fixtures/lite-stack.js';

const PASSWORD = 'Target1Password';

interface Knobs {
  vmName?: string;
  keyName?: string;
  lifecycle?: string;
  keyLifecycle?: string;
  webAddress?: string;
  extra?: string;
}

function manifest(knobs: Knobs = {}): string {
  return `${passwordVariable()}resources:
${liteKeypair('key', knobs.keyName ?? 'target-key', knobs.keyLifecycle ? `    lifecycle: ${knobs.keyLifecycle}\n` : '')}${liteVm(knobs.webAddress ?? 'web', knobs.vmName ?? 'web-target-01', { after: knobs.lifecycle ? `    lifecycle: ${knobs.lifecycle}\n` : '' })}  audit:
    type: cloud_lite_keypair
    properties: { name: audit-key }
    depends_on: [${knobs.webAddress ?? 'web'}]
${knobs.extra ?? ''}outputs:
  web_name: \${${knobs.webAddress ?? 'web'}.vm_name}
`;
}

describe('integration: targeting, state surgery and lifecycle', function () {
  this.timeout(180_000);
  const stack = useStack({ env: { TEST_CONSOLE_PASSWORD: PASSWORD }, simulator: { provisioningSeconds: 0.2 } });
  const writesSince = (count: number) => writes(stack.cloud.requests().slice(count));

  it('apply --target key creates only the keypair; plan --target web plans web and what it depends on', async () => {
    await write(stack.folder, 'stack.yaml', manifest());
    const plan = await stack.run('plan', 'stack.yaml', '--target', 'web');
    expect(plan.code, plan.stderr).to.equal(0);
    expect(plan.stdout).to.include('# key will be created');
    expect(plan.stdout).to.include('# web will be created (a paid order)');
    expect(plan.stdout).to.not.include('# audit will be created');
    expect(plan.stdout).to.include('Note: the plan is limited to --target web and what it depends on;');
    const applied = await stack.run('apply', 'stack.yaml', '--target', 'key', '--auto-approve');
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    expect(applied.stdout).to.include('Apply complete! Resources: 1 added, 0 changed, 0 destroyed.');
    expect(Object.keys((await readState(stack.folder)).resources)).to.deep.equal(['key']);
    expect(stack.cloud.ledger()).to.deep.equal([]);
  });

  it('an unknown --target is an error with a suggestion, and touches nothing', async () => {
    const result = await stack.run('plan', 'stack.yaml', '-target=wbe');
    expect(result.code).to.equal(1);
    expect(result.stderr).to.include('--target wbe: no resource "wbe" in stack.yaml or the state; did you mean "web"?');
  });

  it('depends_on orders creation: audit (no reference to web) is created only after web is Active, and deleted before it', async () => {
    const applied = await stack.run('apply', 'stack.yaml', '--auto-approve');
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    expect(applied.stdout.indexOf('web: Creation complete')).to.be.lessThan(applied.stdout.indexOf('audit: Creating...'));
    const state = await readState(stack.folder);
    expect(state.resources.audit.dependencies).to.deep.equal(['web']);
    const requests = stack.cloud.requests().map((request) => `${request.method} ${request.path}`);
    expect(requests.lastIndexOf('POST /v1/lites')).to.be.lessThan(requests.lastIndexOf('POST /v1/lites/keypairs/'));
    const destroyPlan = await stack.run('plan', 'stack.yaml', '--destroy');
    expect(destroyPlan.code, destroyPlan.stderr).to.equal(0);
    const order = ['# audit will be destroyed', '# web will be destroyed', '# key will be destroyed'].map((line) =>
      destroyPlan.stdout.indexOf(line),
    );
    expect(order.every((index) => index >= 0)).to.equal(true);
    expect([...order].sort((a, b) => a - b)).to.deep.equal(order);
    expect(destroyPlan.stdout).to.include('Plan: 0 to add, 0 to change, 3 to destroy. 0 paid orders.');
  });

  it('ignore_changes (a list, and all) keeps manifest changes from planning anything', async () => {
    await write(
      stack.folder,
      'stack.yaml',
      manifest({
        vmName: 'web-ignored-99',
        keyName: 'other-key',
        lifecycle: '{ ignore_changes: [vm_name] }',
        keyLifecycle: '{ ignore_changes: all }',
      }),
    );
    const ignored = await stack.run('plan', 'stack.yaml', '--detailed-exitcode');
    expect(ignored.code, ignored.stdout + ignored.stderr).to.equal(0);
    expect(ignored.stdout).to.include('No changes.');
    await write(stack.folder, 'stack.yaml', manifest({ vmName: 'web-ignored-99' }));
    const noticed = await stack.run('plan', 'stack.yaml', '--detailed-exitcode');
    expect(noticed.code).to.equal(2);
    expect(noticed.stdout).to.match(/~ vm_name = "web-target-01" -> "web-ignored-99"/);
    await write(stack.folder, 'stack.yaml', manifest());
  });

  it('apply --target web with two changes applies only the targeted one, and updates the output it evaluates', async () => {
    await write(
      stack.folder,
      'stack.yaml',
      manifest({ vmName: 'web-target-02', extra: '  spare:\n    type: cloud_lite_keypair\n    properties: { name: spare-key }\n' }),
    );
    const before = stack.cloud.requests().length;
    const id = (await readState(stack.folder)).resources.web.id;
    const applied = await stack.run('apply', 'stack.yaml', '--target', 'web', '--auto-approve');
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    expect(writesSince(before)).to.deep.equal([`PUT /v1/lites/accounts/${id}/change-vm-name`]);
    const state = await readState(stack.folder);
    expect(state.resources.spare).to.equal(undefined);
    expect(state.outputs.web_name.value).to.equal('web-target-02');
    await write(stack.folder, 'stack.yaml', manifest({ vmName: 'web-target-02' }));
  });

  it('prevent_destroy fails --replace and destroy, naming the address and the reason, and touches nothing', async () => {
    await write(stack.folder, 'stack.yaml', manifest({ vmName: 'web-target-02', lifecycle: '{ prevent_destroy: true }' }));
    const before = stack.cloud.requests().length;
    const replaced = await stack.run('apply', 'stack.yaml', '--replace', 'web', '--auto-approve');
    expect(replaced.code).to.equal(1);
    expect(replaced.stderr).to.match(
      /^stack\.yaml:7:3: web: lifecycle\.prevent_destroy forbids replacing it \(replacement requested with --replace web\)$/m,
    );
    const destroyed = await stack.run('destroy', 'stack.yaml', '--auto-approve');
    expect(destroyed.code).to.equal(1);
    expect(destroyed.stderr).to.include('web: lifecycle.prevent_destroy forbids destroying it');
    expect(writesSince(before)).to.deep.equal([]);
    await write(stack.folder, 'stack.yaml', manifest({ vmName: 'web-target-02' }));
  });

  it('--replace web recreates the VM: one new paid order, the old one deleted first', async () => {
    const old = (await readState(stack.folder)).resources.web.id;
    const plan = await stack.run('plan', 'stack.yaml', '--replace', 'web');
    expect(plan.stdout).to.include('#   replacement requested with --replace web');
    expect(plan.stdout).to.include(`#   destroys cloud_lite_vm ${old} first, then places a paid order for the new one`);
    expect(plan.stdout).to.include('Plan: 1 to add, 0 to change, 1 to destroy. 1 paid order.');
    const orders = stack.cloud.ledger().length;
    const applied = await stack.run('apply', 'stack.yaml', '--replace', 'web', '--auto-approve');
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    expect(stack.cloud.ledger()).to.have.length(orders + 1);
    expect((await readState(stack.folder)).resources.web.id).to.not.equal(old);
  });

  it('state mv renames an address without destroying anything; state rm forgets one without deleting it', async () => {
    const id = (await readState(stack.folder)).resources.web.id;
    const moved = await stack.run('state', 'mv', 'web', 'frontend');
    expect(moved.code, moved.stderr).to.equal(0);
    await write(stack.folder, 'stack.yaml', manifest({ vmName: 'web-target-02', webAddress: 'frontend' }));
    const plan = await stack.run('plan', 'stack.yaml', '--detailed-exitcode');
    expect(plan.code, plan.stdout + plan.stderr).to.equal(0);
    expect((await readState(stack.folder)).resources.frontend.id).to.equal(id);
    const before = stack.cloud.requests().length;
    const removed = await stack.run('state', 'rm', 'audit');
    expect(removed.code, removed.stderr).to.equal(0);
    expect(removed.stdout).to.include('Removed audit from state (the resource itself was not touched).');
    expect(writesSince(before)).to.deep.equal([]);
    const replan = await stack.run('plan', 'stack.yaml');
    expect(replan.stdout).to.include('# audit will be created');
    expect(replan.stdout).to.include('Plan: 1 to add, 0 to change, 0 to destroy. 0 paid orders.');
  });

  it('destroy --target refuses to leave a dependent behind; with the dependents targeted it destroys only those', async () => {
    await write(stack.folder, 'stack.yaml', manifest({ vmName: 'web-target-02', webAddress: 'frontend' }));
    await stack.run('apply', 'stack.yaml', '--auto-approve');
    const refused = await stack.run('destroy', 'stack.yaml', '--target', 'key', '--auto-approve');
    expect(refused.code).to.equal(1);
    expect(refused.stderr).to.include(
      '--target key: frontend depends on it and would be left behind; add --target frontend to destroy it too',
    );
    const state = await readState(stack.folder);
    const before = stack.cloud.requests().length;
    const destroyed = await stack.run('destroy', 'stack.yaml', '--target', 'audit', '--auto-approve');
    expect(destroyed.code, destroyed.stderr + destroyed.stdout).to.equal(0);
    expect(writesSince(before)).to.deep.equal([`DELETE /v1/lites/keypairs/${state.resources.audit.id}`]);
    expect(Object.keys((await readState(stack.folder)).resources).sort()).to.deep.equal(['frontend', 'key']);
    const all = await stack.run('destroy', 'stack.yaml', '--auto-approve');
    expect(all.code, all.stderr + all.stdout).to.equal(0);
    expect((await readState(stack.folder)).resources).to.deep.equal({});
  });
});
