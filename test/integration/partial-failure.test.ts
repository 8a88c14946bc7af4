/**
 * Partial failure (issue 4): an error injected in one branch (the
 * simulator answers HTTP 500 on the keypair API) does not stop independent
 * branches; dependents are skipped and named; the summary lists what was
 * done, what failed and what was skipped; state holds everything done; the
 * next apply finishes the rest without repeating anything.
 */
import { expect } from 'chai';
import { readState, useStack, write, writes } from './helpers.js';
import { liteKeypair, liteVm, passwordVariable } from '../fixtures/lite-stack.js';

const PASSWORD = 'Partial1Password';

function manifest(second: boolean, vmName = 'web-partial-01'): string {
  return `${passwordVariable()}resources:
${liteKeypair('key', 'partial-key')}${liteVm('web', vmName)}${second ? `${liteKeypair('key2', 'partial-key-2')}${liteVm('web2', 'web-partial-02', { keypair: 'key2' })}${liteKeypair('watcher', 'watcher-key', '    depends_on: [web2]\n')}` : ''}`;
}

describe('integration: partial failure with an injected error in one branch', function () {
  this.timeout(120_000);
  // A 500 on a POST leaves its outcome unknown: the next run reconciles it
  // (after a grace period, kept short here).
  const stack = useStack({
    manifest: manifest(false),
    env: { TEST_CONSOLE_PASSWORD: PASSWORD, CLOUDCTL_RECONCILE_GRACE: '0.2s' },
    simulator: { provisioningSeconds: 0.2 },
  });

  before(async () => {
    const applied = await stack.run('apply', 'stack.yaml', '--auto-approve');
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
  });

  it('the failing branch fails, its dependents are skipped and named, the independent branch is done and in state', async () => {
    await write(stack.folder, 'stack.yaml', manifest(true, 'web-partial-99'));
    const plan = await stack.run('plan', 'stack.yaml');
    expect(plan.code, plan.stderr).to.equal(0);
    expect(plan.stdout).to.include('Plan: 3 to add, 1 to change, 0 to destroy. 1 paid order.');
    const id = (await readState(stack.folder)).resources.web.id;
    const orders = stack.cloud.ledger().length;
    const before = stack.cloud.requests().length;
    stack.cloud.setFaults({ rate: 1, kinds: ['500'], paths: '^/lites/keypairs' });
    let applied;
    try {
      applied = await stack.run('apply');
    } finally {
      stack.cloud.setFaults(undefined);
    }
    expect(applied.code).to.equal(1);
    expect(applied.stdout).to.include('web: Modifications complete');
    expect(applied.stdout).to.match(/key2: create failed: .*500/);
    expect(applied.stdout).to.include('web2: skipped (depends on key2, which did not complete)');
    expect(applied.stdout).to.include('watcher: skipped (depends on key2, which did not complete)');
    expect(applied.stdout).to.include('Apply incomplete. Resources: 0 added, 1 changed, 0 destroyed; 1 failed, 2 skipped.');
    expect(applied.stdout).to.match(/ {2}failed: {2}key2: .*500/);
    expect(applied.stdout).to.include('  skipped: web2 (waits for key2)');
    expect(applied.stdout).to.include('  skipped: watcher (waits for key2)');
    expect(applied.stdout).to.include('State holds everything that was done; run apply again to continue.');
    const changes = writes(stack.cloud.requests().slice(before));
    expect(changes).to.include(`PUT /v1/lites/accounts/${id}/change-vm-name`);
    expect(changes.filter((change) => change !== 'POST /v1/lites/keypairs/' && !change.endsWith('/change-vm-name'))).to.deep.equal([]);
    expect(stack.cloud.ledger()).to.have.length(orders);
    const state = await readState(stack.folder);
    expect(Object.keys(state.resources).sort()).to.deep.equal(['key', 'web']);
    expect(state.resources.web.attributes.vm_name).to.equal('web-partial-99');
  });

  it('the next apply finishes the rest, ordering web2 once and renaming nothing again', async () => {
    const id = (await readState(stack.folder)).resources.web.id;
    const before = stack.cloud.requests().length;
    const applied = await stack.run('apply', 'stack.yaml', '--auto-approve');
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    expect(applied.stderr).to.include('reconcile: key2');
    expect(applied.stdout).to.include('Plan: 3 to add, 0 to change, 0 to destroy. 1 paid order.');
    expect(applied.stdout).to.include('Apply complete! Resources: 3 added, 0 changed, 0 destroyed.');
    const changes = writes(stack.cloud.requests().slice(before));
    expect(changes.filter((change) => change === 'POST /v1/lites')).to.have.length(1);
    expect(changes).to.not.include(`PUT /v1/lites/accounts/${id}/change-vm-name`);
    expect(applied.stdout.indexOf('web2: Creation complete')).to.be.lessThan(applied.stdout.indexOf('watcher: Creating...'));
    expect(Object.keys((await readState(stack.folder)).resources).sort()).to.deep.equal(['key', 'key2', 'watcher', 'web', 'web2']);
  });
});
