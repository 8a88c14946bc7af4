/**
 * The price of a plan against the simulator's ledger (issue 13): the
 * amounts a plan announces are what apply orders, create and upgrade
 * alike, and `cloudctl cost` totals what the state bills afterwards.
 */
import { expect } from 'chai';
import type { RunningSimulator } from '../../src/sim/index.js';
import { cli, startCloud, tempFolder, write } from './helpers.js';

function manifest(diskSize: number): string {
  return `variables:
  console_password: { env: TEST_CONSOLE_PASSWORD, sensitive: true }
resources:
  key:
    type: cloud_lite_keypair
    properties: { name: cost-key }
  web:
    type: cloud_lite_vm
    properties:
      product_id: 1548
      select_os: ubuntu-22.04
      keypair_id: \${key.keypair_id}
      ssh_and_console_user: deployer
      console_password: \${var.console_password}
      cycle: a
      vm_name: web-server-01
      disk_size: ${diskSize}
  data_disk:
    type: cloud_lite_disk
    properties:
      product_id: 1701
      cycle: m
      lite_account_id: \${web.id}
      service_name: data-disk-01
      size: 80
  address:
    type: cloud_baremetal_additional_ip
    properties: { product_id: 4001, cycle: m }
`;
}

describe('integration: plan costs against the ledger', function () {
  this.timeout(120_000);
  let cloud: RunningSimulator;
  let folder: string;
  let env: Record<string, string>;
  const run = (...args: string[]) => cli(args, { cwd: folder, env });

  before(async () => {
    cloud = await startCloud();
    folder = await tempFolder();
    env = { CLOUDCTL_BASE_URL: cloud.url, TEST_CONSOLE_PASSWORD: 'Sup3rSecretPw' };
  });
  after(async () => {
    await cloud?.close();
  });

  it('the amounts a plan announces are the amounts apply orders, and cost totals the state', async () => {
    await write(folder, 'stack.yaml', manifest(100));
    const planned = await run('plan', 'stack.yaml', '--json');
    expect(planned.code, planned.stderr).to.equal(0);
    const plan = JSON.parse(planned.stdout);
    // web's storage above its plan's disk is a storage upgrade right after the order (create_followed_by_operation):
    // the plan counts 3 orders, its price counts the upgrade too, the ledger has 4 entries.
    expect(plan.cost).to.include({ currency: 'IDR', partial: false, orders: 3, monthly_before: 0 });
    const text = await run('plan', 'stack.yaml');
    expect(text.stdout).to.match(/Cost: \+Rp [\d.]+ per month \(from Rp 0 to Rp [\d.]+\); 3 orders due now: Rp [\d.]+\./);
    expect(text.stdout).to.include('#   cost: Rp 120.000 per month, due now Rp 120.000'); // data_disk: 80 GB at Rp 1.500

    const applied = await run('apply', 'stack.yaml', '--auto-approve');
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    const ledger = cloud.ledger();
    expect(ledger).to.have.length(4);
    expect(ledger.every((entry) => typeof entry.amount === 'number')).to.equal(true);
    expect(ledger.reduce((sum, entry) => sum + (entry.amount ?? 0), 0)).to.equal(plan.cost.due_now);
    for (const change of plan.changes.filter((c: { cost?: unknown }) => c.cost)) {
      if (change.address === 'key') continue;
      expect(change.cost.due_now, change.address).to.be.greaterThan(0);
    }

    const cost = await run('cost', 'stack.yaml', '--json');
    expect(cost.code, cost.stderr).to.equal(0);
    const figures = JSON.parse(cost.stdout);
    expect(figures).to.include({ currency: 'IDR', partial: false, monthly_total: plan.cost.monthly_after });

    await write(folder, 'stack.yaml', manifest(140));
    const grow = JSON.parse((await run('plan', 'stack.yaml', '--json')).stdout);
    const web = grow.changes.find((change: { address: string }) => change.address === 'web');
    expect(web.action).to.equal('update');
    expect(web.cost.due_now).to.equal(web.cost.after - web.cost.before).and.to.be.greaterThan(0);
    expect(grow.cost.monthly_before).to.equal(plan.cost.monthly_after);
    const again = await run('apply', 'stack.yaml', '--auto-approve');
    expect(again.code, again.stderr + again.stdout).to.equal(0);
    const upgrade = cloud.ledger().slice(4);
    expect(upgrade.map((entry) => entry.operation)).to.deep.equal(['lite.storage-upgrade']);
    expect(upgrade[0]!.amount).to.equal(web.cost.due_now);
  });
});
