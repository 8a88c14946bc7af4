/**
 * Issue 24: the money-safety invariants (docs/design.md, "Safety
 * invariants"), each shown holding end to end through the CLI against the
 * simulator, with the cases that broke them before they were enforced at
 * their chokepoints:
 * - case 1: a restore answered 503 (nothing ordered) used to adopt the VM of
 *   its snapshot, which another address holds (I1), and a later replace of
 *   the restore deleted it (I3);
 * - case 2: a lite VM whose replies never report `product_id` used to plan a
 *   paid change-package from `null` (I2).
 */
import { expect } from 'chai';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FaultKind, RunningSimulator } from '../../src/sim/index.js';
import { liteKeypair, liteVm, passwordVariable } from '../fixtures/lite-stack.js';
import { cli, readState, startCloud, tempFolder, write, writes } from './helpers.js';
import { moneyFigures } from './money-figures.js';
import { dropAccountKey, dropKey, startReplyFilter } from '../support/reply-filter.js';

const PASSWORD = 'Safety2026xyz';

/** Keypairs `key` and `key_r`, VM `vm_a`, its snapshot, and `restored` from it with `key_r` (`name` its VM name). */
function restoreStack(name = 'restored-01'): string {
  return `${passwordVariable()}resources:
${liteKeypair('key', 'safety-key')}${liteKeypair('key_r', 'safety-key-r')}${liteVm('vm_a', 'vm-a-server-01')}  snap:
    type: cloud_lite_snapshot
    properties:
      lite_account_id: \${vm_a.id}
      cycle: m
      name: vm-a-backup-01
  restored:
    type: cloud_lite_vm_from_snapshot
    properties:
      snapshot_id: \${snap.id}
      product_id: 1547
      cycle: m
      keypair_id: \${key_r.keypair_id}
      name: ${name}
      ssh_and_console_user: deployer
      console_password: \${var.console_password}
`;
}

/** Every account id state holds, by address. */
async function stateIds(folder: string): Promise<Record<string, string>> {
  const state = await readState(folder);
  return Object.fromEntries(Object.entries<{ id: string }>(state.resources).map(([address, resource]) => [address, resource.id]));
}

describe('integration: safety invariants hold against faults (issue 24)', function () {
  this.timeout(120_000);
  const env = { TEST_CONSOLE_PASSWORD: PASSWORD, CLOUDCTL_RECONCILE_GRACE: '0s' };

  const kinds: FaultKind[] = ['503', '500', '429', 'reset', 'lost-response'];
  for (const kind of kinds) {
    it(`case 1 (${kind}): a faulted restore never takes the VM of its snapshot, and no replace deletes it`, async () => {
      const cloud: RunningSimulator = await startCloud({
        provisioningSeconds: 0.05,
        faults: { rate: 1, kinds: [kind], paths: '/snapshots/accounts/[0-9]+/create$' },
      });
      try {
        const folder = await tempFolder('cloudctl-safety-');
        const run = (...args: string[]) => cli(args, { cwd: folder, env: { ...env, CLOUDCTL_BASE_URL: cloud.url } });
        await write(folder, 'stack.yaml', restoreStack());
        const first = await run('apply', 'stack.yaml', '--auto-approve');
        const ids = await stateIds(folder);
        expect(ids.vm_a, first.stdout + first.stderr).to.be.a('string');
        expect(ids.restored, `restored must never hold vm_a's id: ${first.stdout}${first.stderr}`).to.not.equal(ids.vm_a);
        const held = Object.values(ids);
        expect(new Set(held).size, `one account per address: ${JSON.stringify(ids)}`).to.equal(held.length);
        // The faults stop; the restore converges and a rename of it (a replace) deletes only its own VM.
        cloud.setFaults(undefined);
        for (let attempt = 0; attempt < 3; attempt++) {
          const again = await run('apply', 'stack.yaml', '--auto-approve');
          if (again.code === 0) break;
        }
        const converged = await stateIds(folder);
        expect(converged.restored).to.be.a('string').and.not.equal(converged.vm_a);
        await write(folder, 'stack.yaml', restoreStack('restored-02'));
        const before = cloud.requests().length;
        const replaced = await run('apply', 'stack.yaml', '--auto-approve');
        expect(replaced.code, replaced.stdout + replaced.stderr).to.equal(0);
        const deletes = writes(cloud.requests().slice(before)).filter((line) => line.startsWith('DELETE'));
        expect(deletes).to.deep.equal([`DELETE /v1/lites/${converged.restored}`]);
        const after = await stateIds(folder);
        expect(after.vm_a).to.equal(converged.vm_a);
        const plan = await run('plan', 'stack.yaml', '--detailed-exitcode');
        expect(plan.code, plan.stdout + plan.stderr).to.equal(0);
        const figures = moneyFigures(cloud.ledger(), cloud.requests(), Object.values(after));
        expect(figures.duplicates).to.deep.equal([]);
        expect(figures.orphans).to.deep.equal([]);
      } finally {
        await cloud.close();
      }
    });
  }

  const settled: FaultKind[] = ['503', '500', '429', 'reset', 'lost-response'];
  for (const kind of settled) {
    it(`I4 (${kind}): an order of unknown outcome is settled in the run: adopted, or ordered again once; one apply, one VM each`, async () => {
      // Two identical VMs ordered together: the faulted one must not take its sibling's new account.
      const stack = `${passwordVariable()}resources:
${liteKeypair('key', 'settle-key')}  web:
    type: cloud_lite_vm
    count: 2
    properties:
      product_id: 1547
      select_os: ubuntu-22.04
      keypair_id: \${key.keypair_id}
      ssh_and_console_user: deployer
      console_password: \${var.console_password}
      cycle: m
      vm_name: web-server-01
`;
      const cloud = await startCloud({ provisioningSeconds: 0.05, faults: { rate: 1, kinds: [kind], paths: '^POST /lites$', times: 1 } });
      try {
        const folder = await tempFolder('cloudctl-settle-');
        await write(folder, 'stack.yaml', stack);
        const run = (...args: string[]) => cli(args, { cwd: folder, env: { ...env, CLOUDCTL_BASE_URL: cloud.url } });
        const applied = await run('apply', 'stack.yaml', '--auto-approve');
        expect(applied.code, applied.stdout + applied.stderr).to.equal(0);
        expect(applied.stdout).to.match(/the outcome of the order is unknown/);
        const ids = await stateIds(folder);
        expect(ids['web[0]']).to.be.a('string');
        expect(ids['web[1]']).to.be.a('string').and.not.equal(ids['web[0]']);
        const vmOrders = cloud.ledger().filter((entry) => entry.operation === 'lite.create');
        expect(vmOrders, JSON.stringify(cloud.ledger())).to.have.length(2);
        const figures = moneyFigures(cloud.ledger(), cloud.requests(), Object.values(ids));
        expect(figures.duplicates).to.deep.equal([]);
        expect(figures.orphans).to.deep.equal([]);
        const plan = await run('plan', 'stack.yaml', '--detailed-exitcode');
        expect(plan.code, plan.stdout + plan.stderr).to.equal(0);
      } finally {
        await cloud.close();
      }
    });
  }

  it('case 2 (I2): a lite VM whose replies never report product_id converges in one apply, and no plan orders a change-package from null', async () => {
    const cloud = await startCloud({ provisioningSeconds: 0.05 });
    const filter = await startReplyFilter(cloud.url, /^GET \/lites\/accounts/, (body) => dropAccountKey(body, 'product_id'));
    try {
      const folder = await tempFolder('cloudctl-unreported-');
      await write(
        folder,
        'stack.yaml',
        `${passwordVariable()}resources:\n${liteKeypair('key', 'unreported-key')}${liteVm('web', 'web-server-01')}`,
      );
      const run = (...args: string[]) => cli(args, { cwd: folder, env: { ...env, CLOUDCTL_BASE_URL: filter.url } });
      const applied = await run('apply', 'stack.yaml', '--auto-approve');
      expect(applied.code, applied.stdout + applied.stderr).to.equal(0);
      expect(applied.stdout).to.include('the API does not report product_id');
      const state = await readState(folder);
      expect(state.resources.web.attributes.product_id, 'the ordered product stands in state').to.equal(1547);
      const plan = await run('plan', 'stack.yaml', '--detailed-exitcode');
      expect(plan.code, plan.stdout + plan.stderr).to.equal(0);
      expect(plan.stdout).to.include('No changes.');
      // A state written before the rule holds null: the plan warns and orders nothing.
      const statePath = join(folder, '.cloudctl', 'state.json');
      const document = JSON.parse(await readFile(statePath, 'utf8'));
      document.resources.web.attributes.product_id = null;
      document.serial += 1;
      delete document.crc32;
      await writeFile(statePath, JSON.stringify(document));
      const fromNull = await run('plan', 'stack.yaml', '--detailed-exitcode');
      expect(fromNull.code, fromNull.stdout + fromNull.stderr).to.equal(0);
      expect(fromNull.stdout).to.include('No changes.');
      expect(fromNull.stdout).to.not.include('calls change_package');
      expect(fromNull.stdout + fromNull.stderr).to.include('The API has never reported product_id');
      const again = await run('apply', 'stack.yaml', '--auto-approve');
      expect(again.code, again.stdout + again.stderr).to.equal(0);
      expect(writes(cloud.requests()).filter((line) => line.includes('change-package'))).to.deep.equal([]);
    } finally {
      await filter.close();
      await cloud.close();
    }
  });

  it('case 2 (I2): an elastic storage whose replies never report product_id converges in one apply', async () => {
    const cloud = await startCloud({ provisioningSeconds: 0.05 });
    const filter = await startReplyFilter(cloud.url, /^GET \/baremetal-elastic-storages/, (body) => dropKey(body, 'product_id'));
    try {
      const folder = await tempFolder('cloudctl-unreported-');
      await write(
        folder,
        'stack.yaml',
        `resources:
  metal_key:
    type: cloud_baremetal_keypair
    properties: { name: unreported-metal }
  db:
    type: cloud_baremetal
    properties: { product_id: 3001, cycle: m, select_os: ubuntu-22, keypair_id: "\${metal_key.keypair_id}", label: db-primary }
  db_volume:
    type: cloud_baremetal_elastic_storage
    properties: { product_id: 5001, cycle: m, storage_name: db-volume, metal_account_id: "\${db.id}", size: 200 }
`,
      );
      const run = (...args: string[]) => cli(args, { cwd: folder, env: { ...env, CLOUDCTL_BASE_URL: filter.url } });
      const applied = await run('apply', 'stack.yaml', '--auto-approve');
      expect(applied.code, applied.stdout + applied.stderr).to.equal(0);
      const plan = await run('plan', 'stack.yaml', '--detailed-exitcode');
      expect(plan.code, plan.stdout + plan.stderr).to.equal(0);
      expect(plan.stdout).to.include('No changes.');
      expect(writes(cloud.requests()).filter((line) => line.startsWith('POST /v1/baremetal-elastic-storages/'))).to.deep.equal([]);
    } finally {
      await filter.close();
      await cloud.close();
    }
  });
});
