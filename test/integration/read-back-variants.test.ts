/**
 * Read-back under contract-variant replies (issue 10, cases 2, 3, 4, 5 and
 * 9): the simulator runs with a token and one variation rule switched on
 * (src/sim/variations.ts); a stack is applied, then planned again. No plan
 * after a successful apply may propose a paid call, a replace or an error
 * because of how the replies were worded, no order is placed twice, and
 * nothing is taken for deleted outside cloudctl.
 */
import { readFile } from 'node:fs/promises';
import { expect } from 'chai';
import type { RunningSimulator, VariationName } from '../../src/sim/index.js';
import { cli, openStack, readState, startCloud } from './helpers.js';
import { liteKeypair, liteVm, passwordVariable } from '../fixtures/lite-stack.js';

const TOKEN = 'read-back-test-token-0123456789';
const PASSWORD = 'ReadBack2026x';

/** Lite keypair, VM with a description, snapshot, extra disk and a VM restored from the snapshot; literal ids (no data sources). */
const LITE_STACK = `${passwordVariable()}resources:
${liteKeypair('key', 'readback-key')}${liteVm('web', 'web-server-01', { properties: '      description: Frontend of the shop\n' })}  backup:
    type: cloud_lite_snapshot
    properties:
      lite_account_id: \${web.id}
      cycle: m
      name: web-backup-01
      description: Before the release
  data_disk:
    type: cloud_lite_disk
    properties:
      product_id: 1701
      cycle: m
      lite_account_id: \${web.id}
      service_name: web-data-01
      size: 80
  copy:
    type: cloud_lite_vm_from_snapshot
    properties:
      snapshot_id: \${backup.id}
      product_id: 1548
      cycle: m
      keypair_id: \${key.keypair_id}
      name: web-copy-01
      description: Staging copy
      ssh_and_console_user: deployer
      console_password: \${var.console_password}
`;

/** A bare-metal server with an additional IP and an elastic storage volume; literal ids. */
const METAL_STACK = `resources:
  metal_key:
    type: cloud_baremetal_keypair
    properties: { name: readback-metal }
  db:
    type: cloud_baremetal
    properties:
      product_id: 3001
      cycle: m
      select_os: ubuntu-22
      keypair_id: \${metal_key.keypair_id}
      label: db-primary
  db_ip:
    type: cloud_baremetal_additional_ip
    properties: { product_id: 4001, cycle: m, region: wjv-1 }
  db_volume:
    type: cloud_baremetal_elastic_storage
    properties:
      product_id: 5001
      cycle: m
      storage_name: db-volume
      metal_account_id: \${db.id}
      size: 200
`;

/** Order keys of the ledger seen more than once (an order placed twice). */
function duplicateOrders(cloud: RunningSimulator): string[] {
  const seen = new Map<string, number>();
  for (const entry of cloud.ledger()) {
    const key = `${entry.operation} ${entry.path} ${JSON.stringify(entry.body ?? {})}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return [...seen].filter(([, count]) => count > 1).map(([key]) => key);
}

describe('integration: read-back under contract-variant replies', function () {
  this.timeout(180_000);

  /**
   * Applies `stack` against a simulator with `variation` on, then plans it:
   * the plan must be "No changes" (exit 0 with --detailed-exitcode). Resolves
   * with the plan's output and the simulator (closed by the caller).
   */
  async function applyThenPlan(variation: VariationName, stack: string): Promise<{ plan: string; cloud: RunningSimulator; state: any }> {
    const cloud = await startCloud({ provisioningSeconds: 0.05, token: TOKEN, variations: [variation] });
    try {
      const { folder, env } = await openStack(cloud, {
        manifest: stack,
        env: { CLOUDCTL_API_KEY: TOKEN, TEST_CONSOLE_PASSWORD: PASSWORD, CLOUDCTL_CONSOLE_PASSWORD: PASSWORD },
      });
      const applied = await cli(['apply', 'stack.yaml', '--auto-approve'], { cwd: folder, env });
      expect(applied.code, `apply under ${variation}: ${applied.stderr}${applied.stdout}`).to.equal(0);
      const orders = cloud.ledger().length;
      const plan = await cli(['plan', 'stack.yaml', '--detailed-exitcode'], { cwd: folder, env });
      expect(plan.code, `plan under ${variation}: ${plan.stderr}${plan.stdout}`).to.equal(0);
      expect(plan.stdout).to.include('No changes.');
      expect(plan.stdout).to.not.include('deleted outside');
      const again = await cli(['apply', 'stack.yaml', '--auto-approve'], { cwd: folder, env });
      expect(again.code, `second apply under ${variation}: ${again.stderr}${again.stdout}`).to.equal(0);
      expect(cloud.ledger().length, 'no order after a converged apply').to.equal(orders);
      expect(duplicateOrders(cloud)).to.deep.equal([]);
      expect(JSON.stringify(cloud.requests()).includes(TOKEN), 'the token is checked, not logged').to.equal(false);
      return { plan: plan.stdout, cloud, state: await readState(folder) };
    } catch (error) {
      await cloud.close();
      throw error;
    }
  }

  it("case 2 and 5: product-description (the top-level description is the product's) plans no replace and no error", async () => {
    const { cloud, state } = await applyThenPlan('product-description', LITE_STACK);
    await cloud.close();
    expect(state.resources.web.attributes.description).to.equal('Frontend of the shop');
    expect(state.resources.copy.attributes).to.include({ product_id: 1548, name: 'web-copy-01', description: 'Staging copy' });
  });

  it('case 3: empty-strings (names and descriptions sent as "") plans no replace', async () => {
    const { cloud, state } = await applyThenPlan('empty-strings', LITE_STACK);
    await cloud.close();
    expect(state.resources.key.attributes.name).to.equal('readback-key');
    expect(state.resources.backup.attributes).to.include({ name: 'web-backup-01', description: 'Before the release' });
    expect(state.resources.data_disk.attributes.service_name).to.equal('web-data-01');
  });

  it('case 4: omit-optional-keys (product_id and other keys left out) plans no paid change-package, replace or error', async () => {
    const { cloud, state } = await applyThenPlan('omit-optional-keys', LITE_STACK);
    await cloud.close();
    expect(state.resources.web.attributes.product_id).to.equal(1547);
  });

  it('case 4: omit-optional-keys on bare metal: additional IP and elastic storage plan nothing', async () => {
    const { cloud, state } = await applyThenPlan('omit-optional-keys', METAL_STACK);
    await cloud.close();
    expect(state.resources.db_ip.attributes.product_id).to.equal(4001);
    expect(state.resources.db_volume.attributes).to.include({ product_id: 5001, size: 200 });
  });

  it("key-case (top-level keys in another case): the examples' data sources and resources read the same fields; no changes after apply", async () => {
    const lite = await readFile('examples/lite.yaml', 'utf8');
    const { cloud, state } = await applyThenPlan('key-case', lite);
    await cloud.close();
    expect(state.resources.app.attributes).to.include({ vm_name: 'app-server-01', disk_size: 100 });
  });

  it('case 9: null-lists ({ "data": null } list replies) deletes nothing and orders nothing again', async () => {
    const { cloud, state } = await applyThenPlan('null-lists', LITE_STACK);
    await cloud.close();
    expect(Object.keys(state.resources).sort()).to.deep.equal(['backup', 'copy', 'data_disk', 'key', 'web']);
  });
});
