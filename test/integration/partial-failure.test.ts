/**
 * Partial failure (issue 4): an error injected in one branch (the
 * simulator answers HTTP 500 on the keypair API) does not stop independent
 * branches; dependents are skipped and named; the summary lists what was
 * done, what failed and what was skipped; state holds everything done; the
 * next apply finishes the rest without repeating anything.
 */
import { expect } from 'chai';
import type { RunningSimulator } from '../../src/sim/index.js';
import { cli, readState, startCloud, tempFolder, write, writes } from './helpers.js';

const PASSWORD = 'Partial1Password';

function vm(name: string, key: string, vmName: string): string {
  return `  ${name}:
    type: cloud_lite_vm
    properties:
      product_id: 1547
      select_os: ubuntu-22.04
      keypair_id: \${${key}.keypair_id}
      ssh_and_console_user: deployer
      console_password: \${var.console_password}
      cycle: m
      vm_name: ${vmName}
`;
}

function manifest(second: boolean, vmName = 'web-partial-01'): string {
  return `variables:
  console_password: { env: TEST_CONSOLE_PASSWORD, sensitive: true }
resources:
  key:
    type: cloud_lite_keypair
    properties: { name: partial-key }
${vm('web', 'key', vmName)}${second ? `  key2:
    type: cloud_lite_keypair
    properties: { name: partial-key-2 }
${vm('web2', 'key2', 'web-partial-02')}  watcher:
    type: cloud_lite_keypair
    properties: { name: watcher-key }
    depends_on: [web2]
` : ''}`;
}

describe('integration: partial failure with an injected error in one branch', function () {
  this.timeout(120_000);
  let cloud: RunningSimulator;
  let folder: string;
  let env: Record<string, string>;
  const run = (...args: string[]) => cli(args, { cwd: folder, env });

  before(async () => {
    cloud = await startCloud({ provisioningSeconds: 0.2 });
    folder = await tempFolder();
    // A 500 on a POST leaves its outcome unknown: the next run reconciles it
    // (after a grace period, kept short here).
    env = { CLOUDCTL_BASE_URL: cloud.url, TEST_CONSOLE_PASSWORD: PASSWORD, CLOUDCTL_RECONCILE_GRACE: '0.2s' };
    await write(folder, 'stack.yaml', manifest(false));
    const applied = await run('apply', 'stack.yaml', '--auto-approve');
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
  });
  after(async () => {
    await cloud?.close();
  });

  it('the failing branch fails, its dependents are skipped and named, the independent branch is done and in state', async () => {
    await write(folder, 'stack.yaml', manifest(true, 'web-partial-99'));
    const plan = await run('plan', 'stack.yaml');
    expect(plan.code, plan.stderr).to.equal(0);
    expect(plan.stdout).to.include('Plan: 3 to add, 1 to change, 0 to destroy. 1 paid order.');
    const id = (await readState(folder)).resources.web.id;
    const orders = cloud.ledger().length;
    const before = cloud.requests().length;
    cloud.setFaults({ rate: 1, kinds: ['500'], paths: '^/lites/keypairs' });
    let applied;
    try {
      applied = await run('apply');
    } finally {
      cloud.setFaults(undefined);
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
    const changes = writes(cloud.requests().slice(before));
    expect(changes).to.include(`PUT /v1/lites/accounts/${id}/change-vm-name`);
    expect(changes.filter((change) => change !== 'POST /v1/lites/keypairs/' && !change.endsWith('/change-vm-name'))).to.deep.equal([]);
    expect(cloud.ledger()).to.have.length(orders);
    const state = await readState(folder);
    expect(Object.keys(state.resources).sort()).to.deep.equal(['key', 'web']);
    expect(state.resources.web.attributes.vm_name).to.equal('web-partial-99');
  });

  it('the next apply finishes the rest, ordering web2 once and renaming nothing again', async () => {
    const id = (await readState(folder)).resources.web.id;
    const before = cloud.requests().length;
    const applied = await run('apply', 'stack.yaml', '--auto-approve');
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    expect(applied.stderr).to.include('reconcile: key2');
    expect(applied.stdout).to.include('Plan: 3 to add, 0 to change, 0 to destroy. 1 paid order.');
    expect(applied.stdout).to.include('Apply complete! Resources: 3 added, 0 changed, 0 destroyed.');
    const changes = writes(cloud.requests().slice(before));
    expect(changes.filter((change) => change === 'POST /v1/lites')).to.have.length(1);
    expect(changes).to.not.include(`PUT /v1/lites/accounts/${id}/change-vm-name`);
    expect(applied.stdout.indexOf('web2: Creation complete')).to.be.lessThan(applied.stdout.indexOf('watcher: Creating...'));
    expect(Object.keys((await readState(folder)).resources).sort()).to.deep.equal(['key', 'key2', 'watcher', 'web', 'web2']);
  });
});
