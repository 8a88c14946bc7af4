/**
 * Drift (issue 4): changes made behind cloudctl's back, directly on the
 * simulator's API (a rename, a power change, a package change, deletions),
 * show in the plan attribute by attribute; `cloudctl refresh` and
 * `plan --refresh-only` record them in state and change nothing else; a
 * resource deleted outside cloudctl plans a create.
 */
import { expect } from 'chai';
import { readState, behindTheBack, useStack, write, writes } from './helpers.js';
import { liteKeypair, liteVm, passwordVariable } from '../fixtures/lite-stack.js';

const PASSWORD = 'Drift1Password';

function manifest(options: { powerState?: string } = {}): string {
  return `${passwordVariable()}resources:
${liteKeypair('key', 'drift-key')}${liteVm('web', 'web-server-01', { properties: options.powerState ? `      power_state: ${options.powerState}\n` : '' })}outputs:
  name: \${web.vm_name}
`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("integration: drift made behind cloudctl's back", function () {
  this.timeout(120_000);
  const stack = useStack({
    manifest: manifest(),
    // A keypair deleted right after its create counts as deleted (no list lag allowed for).
    env: { TEST_CONSOLE_PASSWORD: PASSWORD, CLOUDCTL_LIST_LAG: '0' },
    simulator: { provisioningSeconds: 0.2 },
  });
  let id: string;

  before(async () => {
    const applied = await stack.run('apply', 'stack.yaml', '--auto-approve');
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    id = (await readState(stack.folder)).resources.web.id;
  });

  it('a rename shows as drift, and the plan renames it back, which apply does', async () => {
    await behindTheBack(stack.cloud, 'PUT', `/lites/accounts/${id}/change-vm-name`, { name: 'renamed-by-hand' });
    const plan = await stack.run('plan', 'stack.yaml', '--detailed-exitcode');
    expect(plan.code, plan.stderr).to.equal(2);
    expect(plan.stdout).to.include(
      [
        'Objects have changed outside of cloudctl:',
        '',
        '  ~ web changed outside of cloudctl:',
        '      vm_name = "web-server-01" -> "renamed-by-hand"',
      ].join('\n'),
    );
    expect(plan.stdout).to.include('#   vm_name was changed outside cloudctl: calls rename');
    expect(plan.stdout).to.match(/~ vm_name = "renamed-by-hand" -> "web-server-01" {2}# calls rename/);
    expect(plan.stdout).to.include('Plan: 0 to add, 1 to change, 0 to destroy. 0 paid orders.');
    const before = stack.cloud.requests().length;
    const applied = await stack.run('apply', 'stack.yaml', '--auto-approve');
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    expect(writes(stack.cloud.requests().slice(before))).to.deep.equal([`PUT /v1/lites/accounts/${id}/change-vm-name`]);
    const account = await behindTheBack(stack.cloud, 'GET', `/lites/accounts/${id}`);
    expect(account.extra_details.name).to.equal('web-server-01');
    expect((await stack.run('plan', 'stack.yaml', '--detailed-exitcode')).code).to.equal(0);
  });

  it('a power change is not read while the manifest has no opinion (no vm-details GET), and is read and corrected when it has one', async () => {
    await behindTheBack(stack.cloud, 'PUT', `/lites/accounts/${id}/vm-state/stop`);
    const unread = stack.cloud.requests().length;
    const quiet = await stack.run('plan', 'stack.yaml', '--detailed-exitcode');
    expect(quiet.code, quiet.stderr).to.equal(0);
    expect(quiet.stdout).to.not.include('power_state');
    expect(quiet.stdout).to.include('No changes.');
    expect(
      stack.cloud
        .requests()
        .slice(unread)
        .filter((entry) => entry.path.endsWith('/vm-details')),
    ).to.deep.equal([]);
    await write(stack.folder, 'stack.yaml', manifest({ powerState: 'start' }));
    const plan = await stack.run('plan', 'stack.yaml');
    expect(plan.stdout).to.include('#   power_state is "stop" (changed outside cloudctl), the manifest wants "start": calls power');
    expect(plan.stdout).to.match(/~ power_state = "stop" -> "start" {2}# observed "stop", wanted "start": calls power/);
    const before = stack.cloud.requests().length;
    const applied = await stack.run('apply', 'stack.yaml', '--auto-approve');
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    expect(writes(stack.cloud.requests().slice(before))).to.deep.equal([`PUT /v1/lites/accounts/${id}/vm-state/start`]);
    await write(stack.folder, 'stack.yaml', manifest());
  });

  it('a package change shows as drift, and the plan changes it back with a paid order', async () => {
    const options = await behindTheBack(stack.cloud, 'GET', `/lites/accounts/${id}/change-package`);
    const target = options.packages.find((entry: any) => entry.allowed).product_id as number;
    await behindTheBack(stack.cloud, 'POST', `/lites/accounts/${id}/change-package`, {
      new_product_id: target,
      pay_invoice_with_cc: 'yes',
    });
    await sleep(300); // the package change takes effect asynchronously
    const plan = await stack.run('plan', 'stack.yaml');
    expect(plan.code, plan.stderr).to.equal(0);
    expect(plan.stdout).to.include(`      product_id = 1547 -> ${target}`);
    expect(plan.stdout).to.include('#   product_id was changed outside cloudctl: change_package places a paid order');
    expect(plan.stdout).to.include(`~ product_id = ${target} -> 1547`);
    expect(plan.stdout).to.include('Plan: 0 to add, 1 to change, 0 to destroy. 1 paid order.');
  });

  it('cloudctl refresh records the drift in state and calls nothing but reads; plan --refresh-only then finds nothing', async () => {
    const serial = (await readState(stack.folder)).serial;
    const before = stack.cloud.requests().length;
    const refreshed = await stack.run('refresh', 'stack.yaml');
    expect(refreshed.code, refreshed.stderr).to.equal(0);
    expect(refreshed.stdout).to.include('~ web changed outside of cloudctl:');
    expect(refreshed.stdout).to.include('Refresh complete! The state now records the changes above. No infrastructure was changed.');
    expect(writes(stack.cloud.requests().slice(before))).to.deep.equal([]);
    const state = await readState(stack.folder);
    expect(state.serial).to.be.greaterThan(serial);
    expect(state.resources.web.attributes.product_id).to.not.equal(1547);
    const again = await stack.run('plan', 'stack.yaml', '--refresh-only', '--detailed-exitcode');
    expect(again.code, again.stderr).to.equal(0);
    expect(again.stdout).to.include('No changes. Nothing changed outside cloudctl');
  });

  it('plan --refresh-only shows the drift; applying that plan records it and changes nothing else', async () => {
    await behindTheBack(stack.cloud, 'PUT', `/lites/accounts/${id}/change-vm-name`, { name: 'second-rename' });
    const plan = await stack.run('plan', 'stack.yaml', '--refresh-only');
    expect(plan.code, plan.stderr).to.equal(0);
    expect(plan.stdout).to.include('      vm_name = "web-server-01" -> "second-rename"');
    expect(plan.stdout).to.include('This is a refresh-only plan');
    expect(plan.stdout).to.include('Refresh: 1 to update in state, 0 to forget.');
    expect(plan.stdout).to.not.include('will be updated in-place');
    expect((await readState(stack.folder)).resources.web.attributes.vm_name).to.equal('web-server-01');
    const before = stack.cloud.requests().length;
    const applied = await stack.run('apply');
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    expect(applied.stdout).to.include('No infrastructure was changed.');
    expect(writes(stack.cloud.requests().slice(before))).to.deep.equal([]);
    expect((await readState(stack.folder)).resources.web.attributes.vm_name).to.equal('second-rename');
    // apply --refresh-only does the same in one step.
    await behindTheBack(stack.cloud, 'PUT', `/lites/accounts/${id}/change-vm-name`, { name: 'third-rename' });
    const direct = await stack.run('apply', 'stack.yaml', '--refresh-only', '--auto-approve');
    expect(direct.code, direct.stderr + direct.stdout).to.equal(0);
    expect(direct.stdout).to.include('      vm_name = "second-rename" -> "third-rename"');
    expect((await readState(stack.folder)).resources.web.attributes.vm_name).to.equal('third-rename');
  });

  it('a VM terminated and a keypair deleted outside cloudctl show as deleted and plan creates (the VM a new paid order)', async () => {
    const state = await readState(stack.folder);
    await behindTheBack(stack.cloud, 'DELETE', `/lites/${id}`);
    await behindTheBack(stack.cloud, 'DELETE', `/lites/keypairs/${state.resources.key.id}`);
    const plan = await stack.run('plan', 'stack.yaml', '--detailed-exitcode');
    expect(plan.code, plan.stderr).to.equal(2);
    expect(plan.stdout).to.include('  - key was deleted outside of cloudctl (404 or Terminated)');
    expect(plan.stdout).to.include('  - web was deleted outside of cloudctl (404 or Terminated)');
    expect(plan.stdout).to.include('#   deleted outside cloudctl (404 or Terminated): places a new paid order');
    expect(plan.stdout).to.include('#   deleted outside cloudctl (404 or Terminated): creates it again');
    expect(plan.stdout).to.include('Plan: 2 to add, 0 to change, 0 to destroy. 1 paid order.');
    const orders = stack.cloud.ledger().filter((entry) => entry.operation === 'lite.create').length;
    const applied = await stack.run('apply', 'stack.yaml', '--auto-approve');
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    expect(stack.cloud.ledger().filter((entry) => entry.operation === 'lite.create')).to.have.length(orders + 1);
    const after = await readState(stack.folder);
    expect(after.resources.web.id).to.not.equal(id);
    expect(after.resources.key.id).to.not.equal(state.resources.key.id);
    expect((await stack.run('plan', 'stack.yaml', '--detailed-exitcode')).code).to.equal(0);
  });
});
