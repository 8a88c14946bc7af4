/**
 * `moved:` and `import:` blocks end to end (issue 12), in process against
 * the simulator: a rename is a move (no order, no destroy), an import
 * adopts an existing VM with no order, `--generate-config-out` writes the
 * YAML of imports without a resource block.
 */
import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readState, useStack, write, writes } from './helpers.js';
import { liteKeypair, liteVm, passwordVariable } from '../fixtures/lite-stack.js';
import { FileJournal } from '../../src/state/index.js';
import { freshSchema, stopTestPostgres, testPostgresUrl } from '../support/postgres.js';

const PASSWORD = 'Sup3rSecretPw';
const head = `${passwordVariable()}resources:\n${liteKeypair('key', 'test-key')}`;

describe('integration: moved and import blocks', function () {
  this.timeout(120_000);
  const stack = useStack({ manifest: `${head}${liteVm('web', 'web-server-01')}`, env: { TEST_CONSOLE_PASSWORD: PASSWORD }, each: true });
  after(() => stopTestPostgres());
  const orders = () => stack.cloud.ledger().filter((entry) => entry.operation.endsWith('.create')).length;

  for (const backend of ['local', 'PostgreSQL'] as const)
    it(`a moved block renames the state entry (${backend} state): the plan shows a move, apply orders and destroys nothing`, async () => {
      if (backend === 'PostgreSQL') {
        const url = await testPostgresUrl();
        stack.env.CLOUDCTL_BACKEND = `${url}${url.includes('?') ? '&' : '?'}schema=${freshSchema('moved')}`;
      }
      expect((await stack.run('apply', 'stack.yaml', '--auto-approve')).code).to.equal(0);
      const before = await readState(stack.folder, stack.env);
      const ordered = orders();
      const requests = stack.cloud.requests().length;
      await write(stack.folder, 'stack.yaml', `${head}${liteVm('frontend', 'web-server-01')}moved:\n  - from: web\n    to: frontend\n`);

      const plan = await stack.run('plan', 'stack.yaml', '--no-color');
      expect(plan.code, plan.stderr).to.equal(0);
      expect(plan.stdout).to.include('# web has moved to frontend');
      expect(plan.stdout).to.include('Plan: 0 to add, 0 to change, 0 to destroy, 1 to move. 0 paid orders.');
      expect(plan.stdout).to.not.include('will be destroyed');
      const json = JSON.parse((await stack.run('plan', 'stack.yaml', '--json', '--html', 'plan.html')).stdout);
      expect(await readFile(join(stack.folder, 'plan.html'), 'utf8')).to.include('# web has moved to frontend');
      expect(json.moves).to.deep.equal([{ from: 'web', to: 'frontend', type: 'cloud_lite_vm', id: before.resources.web.id }]);

      const apply = await stack.run('apply', '--auto-approve');
      expect(apply.code, apply.stderr + apply.stdout).to.equal(0);
      expect(apply.stdout).to.include('Apply complete! Resources: 0 added, 0 changed, 0 destroyed, 1 moved.');
      const after = await readState(stack.folder, stack.env);
      expect(after.resources.web).to.equal(undefined);
      expect(after.resources.frontend.id).to.equal(before.resources.web.id);
      expect(after.serial).to.be.greaterThan(before.serial);
      expect(orders(), 'no new order').to.equal(ordered);
      expect(writes(stack.cloud.requests().slice(requests)), 'no call but reads').to.deep.equal([]);

      const again = await stack.run('plan', 'stack.yaml', '--no-color', '--detailed-exitcode');
      expect(again.code, again.stdout).to.equal(0);
      expect(again.stdout).to.include('No changes.');
    });

  it('an open create intent recorded under the old address is found, then moved: never a second order', async () => {
    expect((await stack.run('apply', 'stack.yaml', '--auto-approve')).code).to.equal(0);
    const { web } = (await readState(stack.folder)).resources;
    const id = web.id as string;
    // The answer to the order of `web` was lost: the VM exists, the state does not hold it, the intent is open.
    expect((await stack.run('state', 'rm', 'web')).code).to.equal(0);
    await new FileJournal(join(stack.folder, '.cloudctl', 'journal.jsonl')).recordIntent({
      address: 'web',
      type: 'cloud_lite_vm',
      operation: 'create',
      inputs: Object.fromEntries(
        ['product_id', 'select_os', 'keypair_id', 'ssh_and_console_user', 'cycle', 'vm_name'].map((name) => [name, web.attributes[name]]),
      ),
      match: { vm_name: 'web-server-01', product_id: 1547 },
      existing: [],
      dependencies: ['key'],
    });
    const ordered = orders();
    await write(stack.folder, 'stack.yaml', `${head}${liteVm('frontend', 'web-server-01')}moved:\n  - from: web\n    to: frontend\n`);
    stack.env.CLOUDCTL_RECONCILE_GRACE = '0s';
    const apply = await stack.run('apply', 'stack.yaml', '--auto-approve', '--no-color');
    expect(apply.code, apply.stderr + apply.stdout).to.equal(0);
    expect(apply.stderr).to.include('reconcile:');
    expect(apply.stdout).to.include('# web has moved to frontend');
    expect(apply.stdout).to.not.include('will be created');
    expect((await readState(stack.folder)).resources.frontend.id).to.equal(id);
    expect(orders(), 'no second order').to.equal(ordered);
  });

  it('a moved block onto a resource with changes shows the move and the update', async () => {
    expect((await stack.run('apply', 'stack.yaml', '--auto-approve')).code).to.equal(0);
    await write(stack.folder, 'stack.yaml', `${head}${liteVm('frontend', 'web-server-02')}moved:\n  - from: web\n    to: frontend\n`);
    const apply = await stack.run('apply', 'stack.yaml', '--auto-approve', '--no-color');
    expect(apply.code, apply.stderr + apply.stdout).to.equal(0);
    expect(apply.stdout).to.include('#   moved from web');
    expect(apply.stdout).to.include('Plan: 0 to add, 1 to change, 0 to destroy, 1 to move. 0 paid orders.');
    expect((await readState(stack.folder)).resources.frontend.attributes.vm_name).to.equal('web-server-02');
  });

  it('an import block adopts an existing VM with no order; the next plan is empty', async () => {
    expect((await stack.run('apply', 'stack.yaml', '--auto-approve')).code).to.equal(0);
    const id = (await readState(stack.folder)).resources.web.id as string;
    expect((await stack.run('state', 'rm', 'web')).code).to.equal(0);
    const ordered = orders();
    await write(stack.folder, 'stack.yaml', `${head}${liteVm('web', 'web-server-01')}import:\n  - to: web\n    id: "${id}"\n`);

    const plan = await stack.run('plan', 'stack.yaml', '--no-color');
    expect(plan.code, plan.stderr).to.equal(0);
    expect(plan.stdout).to.include(`# web will be imported from id ${id} (no order)`);
    expect(plan.stdout).to.include('Plan: 1 to import, 0 to add, 0 to change, 0 to destroy. 0 paid orders.');
    expect(plan.stdout).to.not.include(PASSWORD);

    const apply = await stack.run('apply', '--auto-approve');
    expect(apply.code, apply.stderr + apply.stdout).to.equal(0);
    expect(apply.stdout).to.include('Apply complete! Resources: 1 imported, 0 added, 0 changed, 0 destroyed.');
    expect((await readState(stack.folder)).resources.web.id).to.equal(id);
    expect(orders(), 'no order for an import').to.equal(ordered);

    const again = await stack.run('plan', 'stack.yaml', '--no-color', '--detailed-exitcode');
    expect(again.code, again.stdout).to.equal(0);
    expect(again.stdout).to.include('No changes.');
  });

  it('an import block with an id that does not exist fails the plan at the id', async () => {
    await write(stack.folder, 'stack.yaml', `${head}${liteVm('web', 'web-server-01')}import:\n  - to: web\n    id: "999999"\n`);
    const plan = await stack.run('plan', 'stack.yaml', '--no-color');
    expect(plan.code).to.equal(1);
    expect(plan.stderr).to.match(/stack\.yaml:\d+:9: import: cloud_lite_vm 999999 was not found/);
  });

  it('plan --generate-config-out writes the YAML of an import without a resource block, and never overwrites it', async () => {
    expect((await stack.run('apply', 'stack.yaml', '--auto-approve')).code).to.equal(0);
    const id = (await readState(stack.folder)).resources.web.id as string;
    expect((await stack.run('state', 'rm', 'web')).code).to.equal(0);
    await write(stack.folder, 'stack.yaml', `${head}import:\n  - to: web\n    id: "${id}"\n    type: cloud_lite_vm\n`);

    const requests = stack.cloud.requests().length;
    const refused = await stack.run('plan', 'stack.yaml');
    expect(refused.code).to.equal(1);
    expect(refused.stderr).to.match(/^stack\.yaml:\d+:9: import: web is not a resource of stack\.yaml/m);
    expect(stack.cloud.requests().length, 'refused before any API call').to.equal(requests);

    const plan = await stack.run('plan', 'stack.yaml', '--no-color', '--generate-config-out', 'generated.yaml');
    expect(plan.code, plan.stderr).to.equal(0);
    expect(plan.stdout).to.include('its configuration was written to generated.yaml');
    const generated = await readFile(join(stack.folder, 'generated.yaml'), 'utf8');
    expect(generated).to.include('web:\n    type: cloud_lite_vm');
    expect(generated).to.include('vm_name: web-server-01');
    expect(generated).to.not.include(PASSWORD);

    const again = await stack.run('plan', 'stack.yaml', '--generate-config-out', 'generated.yaml');
    expect(again.code).to.equal(1);
    expect(again.stderr).to.include('exists already');
  });
});
