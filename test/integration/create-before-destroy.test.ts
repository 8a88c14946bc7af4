/**
 * `lifecycle: { create_before_destroy: true }` (issue 34) against the
 * simulator: the replacement is ordered first, a dependent is moved to it,
 * then the old account is deleted (exactly one new order and one delete, the
 * delete only once the new account is `Active`); a SIGKILL of a real
 * process after the new order leaves the old account deposed in state, and
 * the next apply deletes it only; a replacement the API cannot hold beside
 * the old account (an additional IP is assigned once) is refused at plan,
 * at the attribute, before anything is ordered.
 */
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { cli, CLI, cliEnvironment, readState, startCloud, tempFolder, TEST_TOKEN, useStack, write, writes } from './helpers.js';
import { liteKeypair, liteVm, passwordVariable } from '../fixtures/lite-stack.js';
import type { RunningSimulator } from '../../src/sim/index.js';

const PASSWORD = 'Sup3rSecretPw';
const PROVISIONING = 1;
const manifest =
  `${passwordVariable()}resources:\n${liteKeypair('key', 'team-key')}` +
  liteVm('web', 'web-server-01', { after: '    lifecycle: { create_before_destroy: true }\n' }) +
  liteVm('peer', '"peer-${web.id}"');

/** The lite VM orders and the VM deletes in the simulator's logs. */
function vmOrders(cloud: RunningSimulator): number {
  return cloud.ledger().filter((entry) => entry.operation === 'lite.create').length;
}
function vmDeletes(cloud: RunningSimulator, since: number): string[] {
  return writes(cloud.requests().slice(since)).filter((request) => /^DELETE \/v1\/lites\/\d+$/.test(request));
}

describe('integration: create_before_destroy', function () {
  this.timeout(120_000);
  const stack = useStack({
    manifest,
    env: { TEST_CONSOLE_PASSWORD: PASSWORD, CLOUDCTL_RECONCILE_GRACE: '0.2s' },
    simulator: { provisioningSeconds: PROVISIONING },
    each: true,
  });

  it('orders the replacement first, moves the dependent to it, deletes the old account once the new one is Active', async () => {
    expect((await stack.run('apply', 'stack.yaml', '--auto-approve')).code).to.equal(0);
    const old = (await readState(stack.folder)).resources.web.id as string;
    const plan = await stack.run('plan', 'stack.yaml', '--replace', 'web', '--no-color');
    expect(plan.code, plan.stderr).to.equal(0);
    expect(plan.stdout).to.include('# web must be replaced, create before destroy (a paid order)');
    expect(plan.stdout).to.include(
      `create_before_destroy: first places a paid order for the new one and moves dependents to it once it is Active, then destroys cloud_lite_vm ${old}`,
    );
    expect(plan.stdout).to.include('# peer will be updated in-place');

    const orders = vmOrders(stack.cloud);
    const requests = stack.cloud.requests().length;
    // When the old account leaves the simulator, the new one must have been ordered at least PROVISIONING seconds before.
    let goneAt: number | undefined;
    const watcher = setInterval(() => {
      if (goneAt === undefined && !stack.cloud.accounts().some((account) => account.id === old)) goneAt = Date.now();
    }, 5);
    const apply = await stack
      .run('apply', 'stack.yaml', '--replace', 'web', '--auto-approve', '--no-color')
      .finally(() => clearInterval(watcher));
    expect(apply.code, apply.stderr + apply.stdout).to.equal(0);
    expect(vmOrders(stack.cloud) - orders, 'exactly one new order').to.equal(1);
    expect(vmDeletes(stack.cloud, requests), 'exactly one delete, of the old account').to.deep.equal([`DELETE /v1/lites/${old}`]);
    const ordered = Date.parse(stack.cloud.ledger().at(-1)!.time);
    expect(goneAt, 'the old account was deleted').to.be.a('number');
    expect(goneAt! - ordered, 'deleted only once the new one was Active').to.be.at.least(PROVISIONING * 1000 - 50);
    const state = await readState(stack.folder);
    expect(state.resources.web.id).to.not.equal(old);
    expect(state.resources.peer.attributes.vm_name, 'the dependent moved to the new one').to.equal(`peer-${state.resources.web.id}`);
    expect(Object.keys(state.resources).sort()).to.deep.equal(['key', 'peer', 'web']);
  });

  it('a SIGKILL after the new order leaves the old account deposed in state; the next apply deletes only it', async () => {
    expect((await stack.run('apply', 'stack.yaml', '--auto-approve')).code).to.equal(0);
    const old = (await readState(stack.folder)).resources.web.id as string;
    const orders = vmOrders(stack.cloud);
    const requests = stack.cloud.requests().length;
    const env = { ...cliEnvironment(stack.env), CLOUDCTL_API_KEY: TEST_TOKEN };
    const killed = await new Promise<boolean>((resolve) => {
      const child = spawn(process.execPath, [CLI, 'apply', 'stack.yaml', '--replace', 'web', '--auto-approve'], {
        cwd: stack.folder,
        env,
        stdio: 'ignore',
      });
      let kill = false;
      const poller = setInterval(() => {
        if (vmOrders(stack.cloud) > orders && child.exitCode === null) kill = child.kill('SIGKILL');
      }, 1);
      const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
      child.on('exit', () => {
        clearInterval(poller);
        clearTimeout(timer);
        resolve(kill);
      });
    });
    expect(killed, 'killed after the new order').to.equal(true);
    const between = await readState(stack.folder);
    expect(between.resources[`web (deposed ${old})`]?.id, 'the old account is deposed in state').to.equal(old);
    expect(vmDeletes(stack.cloud, requests), 'nothing deleted yet').to.deep.equal([]);

    const plan = await stack.run('plan', 'stack.yaml', '--no-color');
    expect(plan.stdout).to.include(`# web (deposed ${old}) will be destroyed`);
    expect(plan.stdout).to.include('deposed by the create_before_destroy replace of web: destroyed once web is applied');
    const next = await stack.run('apply', 'stack.yaml', '--auto-approve', '--no-color');
    expect(next.code, next.stderr + next.stdout).to.equal(0);
    expect(vmOrders(stack.cloud) - orders, 'one new order in all, never a second').to.equal(1);
    expect(vmDeletes(stack.cloud, requests), 'only the deposed account is deleted').to.deep.equal([`DELETE /v1/lites/${old}`]);
    const state = await readState(stack.folder);
    expect(Object.keys(state.resources).sort()).to.deep.equal(['key', 'peer', 'web']);
    expect(state.resources.web.id).to.not.equal(old);
    expect(state.resources.web.pending_create).to.equal(undefined);
  });
});

describe('integration: create_before_destroy the API cannot hold', function () {
  this.timeout(120_000);

  it('an additional IP assignment kept by the replacement is an error at the attribute; nothing is ordered or deleted', async () => {
    const cloud = await startCloud({ provisioningSeconds: 0.1 });
    try {
      const folder = await tempFolder('cloudctl-cbd-ip-');
      const env = { CLOUDCTL_BASE_URL: cloud.url };
      const run = (...args: string[]) => cli(args, { cwd: folder, env });
      await write(
        folder,
        'stack.yaml',
        `data:
  metal: { type: cloud_baremetal_products }
  ip_products: { type: cloud_baremetal_additional_ip_products }
resources:
  metal_key:
    type: cloud_baremetal_keypair
    properties: { name: cbd-metal }
  server:
    type: cloud_baremetal
    properties: { product_id: "\${data.metal.products[0].product_id}", cycle: m, keypair_id: "\${metal_key.keypair_id}", label: cbd-host-1 }
  ip:
    type: cloud_baremetal_additional_ip
    properties: { product_id: "\${data.ip_products.products[0].product_id}", cycle: m }
  assignment:
    type: cloud_baremetal_additional_ip_assignment
    properties:
      additional_ip_id: \${ip.id}
      metal_account_id: \${server.id}
    lifecycle: { create_before_destroy: true }
`,
      );
      const applied = await run('apply', 'stack.yaml', '--auto-approve');
      expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
      const ledger = cloud.ledger().length;
      const requests = cloud.requests().length;
      const plan = await run('apply', 'stack.yaml', '--replace', 'assignment', '--auto-approve', '--no-color');
      expect(plan.code).to.equal(1);
      expect(plan.stderr).to.match(/stack\.yaml:17:7: assignment\.additional_ip_id: create_before_destroy cannot order the replacement/);
      expect(plan.stderr).to.include('an additional IP can be assigned to one server once');
      expect(cloud.ledger().length).to.equal(ledger);
      expect(writes(cloud.requests().slice(requests))).to.deep.equal([]);
    } finally {
      await cloud.close();
    }
  });
});
